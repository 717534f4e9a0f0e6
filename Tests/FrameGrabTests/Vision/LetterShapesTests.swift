@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Letter shapes")
struct LetterShapesTests {
    private static let cell = 10
    private static let xHeight = 10.0

    private enum Shape { case footedL, capitalL, asterisk, x }

    /// Rows of monospace cells drawn dark on white, one row of shapes per row of the picture;
    /// each row's baseline is 40 pixels below the one above.
    private func picture(_ rows: [[Shape]], dimRows: Set<Int> = []) -> InkPicture {
        var image = GrayImage(width: 12 * Self.cell, height: 40 * (rows.count + 1), filledWith: 255)
        var level: UInt8 = 0
        func fill(_ x: ClosedRange<Int>, _ y: ClosedRange<Int>) {
            for py in y { for px in x { image[px, py] = level } }
        }
        for (row, shapes) in rows.enumerated() {
            level = dimRows.contains(row) ? 160 : 0
            let baseline = 40 * (row + 1)
            for (column, shape) in shapes.enumerated() {
                let left = column * Self.cell
                switch shape {
                case .footedL:
                    // A stem with a flag on top and a short foot to the right.
                    fill(left + 4...left + 5, baseline - 15...baseline - 1)
                    fill(left + 2...left + 3, baseline - 15...baseline - 14)
                    fill(left + 6...left + 7, baseline - 2...baseline - 1)
                case .capitalL:
                    fill(left + 2...left + 3, baseline - 14...baseline - 1)
                    fill(left + 2...left + 8, baseline - 2...baseline - 1)
                case .asterisk:
                    // Raised spokes round a hub, well above the baseline.
                    fill(left + 4...left + 5, baseline - 15...baseline - 8)
                    fill(left + 1...left + 8, baseline - 12...baseline - 11)
                case .x:
                    // Two strokes crossing on the baseline, an x-height tall.
                    for step in 0...9 {
                        fill(left + step...left + step, baseline - 10 + step...baseline - 10 + step)
                        fill(left + 9 - step...left + 9 - step, baseline - 10 + step...baseline - 10 + step)
                    }
                }
            }
        }
        return InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255)
    }

    private func places(_ rows: [[Shape]]) -> [[LetterShapes.Place]?] {
        rows.enumerated().map { row, shapes in
            shapes.indices.map { index in
                LetterShapes.Place(row: row, index: index, center: Double(index * Self.cell) + 5, baseline: Double(40 * (row + 1)))
            }
        }
    }

    private func read(_ characters: [String], drawn rows: [[Shape]], dimRows: Set<Int> = []) -> [String] {
        LetterShapes.corrected(characters.map { Array($0) }, places: places(rows), cell: Double(Self.cell), xHeight: Self.xHeight,
                               picture: picture(rows, dimRows: dimRows)).map { $0.map { String($0) } ?? "" }
    }

    @Test("A footed l read as L, among l's drawn alike, is an l; a real L stays")
    func footedL() {
        let rows: [[Shape]] = [
            [.footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL],
            [.capitalL, .capitalL, .footedL],
        ]
        #expect(read(["lllllllLL", "LLL"], drawn: rows) == ["lllllllll", "LLl"])
    }

    @Test("A six-spoked * read as x, among asterisks drawn alike, is an asterisk; a real x stays")
    func asteriskReadAsX() {
        let rows: [[Shape]] = [
            [.asterisk, .asterisk, .asterisk, .asterisk, .asterisk, .asterisk, .asterisk, .asterisk],
            [.x, .x, .x, .x, .x, .x, .asterisk],
        ]
        #expect(read(["*****x**", "xxxxxxx"], drawn: rows) == ["********", "xxxxxx*"])
    }

    @Test("A letter in a dim colour is compared by its shape, not its strength")
    func dimColour() {
        let rows: [[Shape]] = [
            [.footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL],
            [.footedL, .capitalL],
        ]
        #expect(read(["llllllll", "LL"], drawn: rows, dimRows: [1]) == ["llllllll", "lL"])
    }

    @Test("A capital drawn like its lowercase, read so by many of its neighbours, is lowercase")
    func capitalsLeanLowercase() {
        let rows: [[Shape]] = [[.footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL]]
        #expect(read(["lllllLLLL"], drawn: rows) == ["lllllllll"])
    }

    @Test("Too few look-alikes to go by, nothing is read again")
    func fewNeighbours() {
        let rows: [[Shape]] = [[.footedL, .footedL, .footedL, .footedL]]
        #expect(read(["lllL"], drawn: rows) == ["lllL"])
    }

    @Test("Neighbours that disagree leave a letter as OCR read it")
    func disagreeing() {
        let rows: [[Shape]] = [[.footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL, .footedL]]
        #expect(read(["lll11111"], drawn: rows) == ["lll11111"])
    }
}
