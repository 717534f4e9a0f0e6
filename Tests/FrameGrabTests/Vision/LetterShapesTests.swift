@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Letter shapes")
struct LetterShapesTests {
    private static let cell = 10
    private static let xHeight = 10.0

    private enum Shape { case footedL, capitalL, asterisk, x, openParen, closeParen, openBrace }

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
                case .openParen, .closeParen:
                    // A stem reaching below the baseline, its ends bent towards the text.
                    let (stem, ends) = shape == .openParen ? (left + 4, left + 6) : (left + 4, left + 2)
                    fill(stem...stem + 1, baseline - 14...baseline + 2)
                    fill(ends...ends + 1, baseline - 16...baseline - 15)
                    fill(ends...ends + 1, baseline + 3...baseline + 4)
                case .openBrace:
                    // Two stems with a point between them, out to the left.
                    fill(left + 4...left + 5, baseline - 14...baseline - 8)
                    fill(left + 4...left + 5, baseline - 4...baseline + 2)
                    fill(left + 1...left + 3, baseline - 7...baseline - 5)
                    fill(left + 6...left + 8, baseline - 16...baseline - 15)
                    fill(left + 6...left + 8, baseline + 3...baseline + 4)
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

    @Test("A ( read as {, where the cells drawn like it were read both ways, is the one its line's brackets match; a brace drawn as one stays")
    func bracketsTheLineMatches() {
        let nested: [Shape] = [.openParen, .openParen, .x, .closeParen, .closeParen]
        let rows: [[Shape]] = [nested, nested, nested, nested, nested, [.openBrace, .x, .openParen, .x]]
        #expect(read(["({x))", "({x))", "({x))", "({x))", "((x))", "{x(x"], drawn: rows)
                == ["((x))", "((x))", "((x))", "((x))", "((x))", "{x(x"])
    }

    @Test("Where the line's brackets match no better either way, a bracket stays as OCR read it")
    func bracketsTheLineDoesNotTell() {
        let nested: [Shape] = [.openParen, .openParen, .x, .closeParen, .closeParen]
        let rows: [[Shape]] = [nested, nested, nested, nested, [.openParen, .x, .openParen, .x]]
        #expect(read(["({x))", "({x))", "({x))", "((x))", "(x{x"], drawn: rows)
                == ["((x))", "((x))", "((x))", "((x))", "(x{x"])
    }

    @Test("Unmatched brackets: closers without their opener, and openers left open")
    func unmatched() {
        #expect(Brackets.unmatched(Array("((h)")) == 1)
        #expect(Brackets.unmatched(Array("({h)")) == 3)
        #expect(Brackets.unmatched(Array("f(a[0]) {")) == 1)
    }

    @Test("A character OCR boxed a cell wide stands in the column its box is centred on; a box wider or off the grid places nothing")
    func boxedColumn() {
        let grid = ReadRegion.Grid(cell: 7, origin: 10.5, xHeight: 5)
        func character(x: Int, width: Int) -> ReadCharacter {
            ReadCharacter(value: "(", box: BoundingBox(x: x, y: 0, width: width, height: 10), confidence: 0.9, spacesBefore: 0)
        }
        #expect(LetterShapes.boxedColumn(of: character(x: 35, width: 7), grid: grid) == 4)
        #expect(LetterShapes.boxedColumn(of: character(x: 35, width: 6), grid: grid) == 4)
        #expect(LetterShapes.boxedColumn(of: character(x: 35, width: 10), grid: grid) == nil, "two letters' width")
        #expect(LetterShapes.boxedColumn(of: character(x: 38, width: 7), grid: grid) == nil, "between two columns")
    }

    @Test("Ink beyond a block's bounds (a bar right above its first row) counts as ground")
    func inkBeyondTheBlock() {
        var image = GrayImage(width: 20, height: 20, filledWith: 255)
        for x in 0..<20 { image[x, 2] = 0; image[x, 10] = 0 }
        let picture = InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255,
                                 bounds: BoundingBox(x: 0, y: 5, width: 20, height: 15))
        #expect(picture.ink(atX: 5, y: 10) == 1)
        #expect(picture.ink(atX: 5, y: 2) == 0)
    }

    @Test("A region's picture keeps the ink beside its block a faint trailing underscore may hold, not a bar above or below it")
    func regionInkBounds() throws {
        let (line, glyphs) = SyntheticLines.line("x = MAX", row: 2)
        let read = ReadingTests.readBlock([line], glyphs: [glyphs])
        let box = read.block.box
        // Light on a dark ground, as the block is.
        var image = GrayImage(width: 400, height: 200, filledWith: 30)
        for x in 0..<400 { image[x, box.y - 4] = 255; image[x, box.bottom + 4] = 255 }     // bars above and below the row
        for x in box.right..<(box.right + 10) { image[x, box.bottom - 1] = 255 }          // an underscore layout missed
        let picture = try #require(ReadRegion(read, image: image).picture)
        #expect(picture.ink(atX: Double(box.x + 5), y: Double(box.y - 4)) == 0)
        #expect(picture.ink(atX: Double(box.x + 5), y: Double(box.bottom + 4)) == 0)
        #expect(picture.ink(atX: Double(box.right + 5), y: Double(box.bottom - 1)) > 0.9)
    }
}
