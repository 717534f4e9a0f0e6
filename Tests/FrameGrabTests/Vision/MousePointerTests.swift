@testable import FrameGrab
import Testing

/// `MousePointer`: an I-beam that is not a letter of its row goes before OCR, strokes it crossed
/// go on through it, and a letter I stays.
@Suite("Mouse pointer")
struct MousePointerTests {
    /// Dark ink on white paper, 120x30: letters of x-height 10 on the baseline at y = 20.
    static func picture(ink points: [(Int, Int)]) -> GrayImage {
        var image = GrayImage(width: 120, height: 30, filledWith: 255)
        for (x, y) in points { image[x, y] = 0 }
        return image
    }

    static func box(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> [(Int, Int)] {
        ys.flatMap { y in xs.map { x in (x, y) } }
    }

    /// X's I-beam as x11grab draws it: caps split at their ends, a one-pixel stem, `top` its
    /// first row and `x` its left column.
    static func iBeam(x: Int, top: Int) -> [(Int, Int)] {
        let caps = [0, 1, 2, 4, 5, 6].flatMap { [(x + $0, top), (x + $0, top + 14)] }
        let joins = [2, 3, 4].flatMap { [(x + $0, top + 1), (x + $0, top + 13)] }
        return caps + joins + (top + 2...top + 12).map { (x + 3, $0) }
    }

    /// A monospace `I`: solid serifs on the baseline and at capital height.
    static func letterI(x: Int) -> [(Int, Int)] {
        box(x...(x + 6), 6...6) + box(x...(x + 6), 19...19) + box((x + 3)...(x + 3), 7...18)
    }

    @Test("The pointer goes, a bar it crossed goes on, the strokes beside it stay apart, the letter I stays")
    func erasesThePointerOnly() {
        let letters = Self.box(10...16, 10...19) + Self.box(20...26, 10...19) + Self.box(30...31, 6...19) + Self.letterI(x: 40)
        // A bar through the pointer and two upright strokes along its stem, kept from it by its rim.
        let bar = Self.box(74...81, 12...13) + Self.box(85...92, 12...13)
        let strokes = Self.box(81...81, 16...20) + Self.box(85...85, 16...20)
        let image = Self.picture(ink: letters + bar + strokes + Self.iBeam(x: 80, top: 8))
        let (erased, pointers) = MousePointer.erased(from: image, xHeight: 10)
        #expect(pointers.count == 1 && pointers[0].x == 80, "where the pointer was is told")
        #expect(erased[83, 10] == 255 && erased[80, 8] == 255 && erased[86, 22] == 255, "the pointer is gone")
        #expect(erased[83, 12] == 0 && erased[83, 13] == 0, "the bar goes on through it")
        #expect(erased[83, 17] == 255, "the strokes beside its stem are not joined")
        #expect(erased[43, 12] == 0 && erased[40, 6] == 0, "the letter I stays")
        #expect(erased[13, 15] == 0 && erased[81, 18] == 0, "letters stay")
    }

    @Test("A serif I standing on the baseline as tall as the letters is a letter; X's notched I-beam there is the pointer")
    func keepsALetterShapedLikeIt() {
        let letters = Self.box(10...16, 10...19) + Self.box(30...31, 5...19)
        let letter = Self.picture(ink: letters + Self.box(50...56, 5...5) + Self.box(50...56, 19...19) + Self.box(53...53, 6...18))
        #expect(MousePointer.erased(from: letter, xHeight: 10).picture == letter)
        #expect(MousePointer.erased(from: letter, xHeight: 10).pointers.isEmpty)
        let pointer = MousePointer.erased(from: Self.picture(ink: letters + Self.iBeam(x: 50, top: 5)), xHeight: 10).picture
        #expect(pointer[53, 12] == 255 && pointer[50, 5] == 255, "the notched I-beam goes wherever it stands")
        #expect(pointer[13, 15] == 0, "letters stay")
    }

    @Test("Over a row of marks (a docstring's `\"\"\"`), an I-beam with solid caps stands among no letters: it is the pointer")
    func erasesAPointerOverMarks() {
        // The caps' split blurred shut by the video's compression; the ticks high in their cells.
        let ticks = [10, 13, 40, 43, 50, 53].flatMap { Self.box($0...($0 + 1), 5...8) }
        let image = Self.picture(ink: ticks + Self.letterI(x: 24))
        let (erased, pointers) = MousePointer.erased(from: image, xHeight: 14)
        #expect(pointers.count == 1 && pointers.first?.x == 24)
        #expect(erased[27, 12] == 255, "the pointer is gone")
        #expect(erased[10, 6] == 0 && erased[53, 8] == 0, "the marks stay")
    }

    /// X's arrow as x11grab draws it, its tip at (`x`, `top`): a wedge a pixel wider each row,
    /// then the notch and the tail.
    static func arrow(x: Int, top: Int) -> [(Int, Int)] {
        let wedge = (0..<8).flatMap { row in (0...row).map { (x + $0, top + row) } }
        let rest = [[0, 1, 2, 3, 4], [0, 1, 3, 4], [0, 4, 5], [4, 5], [5, 6], [5, 6]].enumerated().flatMap { row, columns in
            columns.map { (x + $0, top + 8 + row) }
        }
        return wedge + rest
    }

    @Test("An arrow goes wherever it stands; a letter's upright edge and a slanted stroke stay")
    func erasesAnArrow() {
        // An L (upright, then a foot) and a / (a slanted stroke of constant width).
        let l = Self.box(10...11, 6...19) + Self.box(12...16, 18...19)
        let slash: [(Int, Int)] = (6...19).flatMap { (y: Int) -> [(Int, Int)] in
            let x = 40 + (19 - y) / 2
            return [(x, y), (x + 1, y)]
        }
        let image = Self.picture(ink: Self.box(20...26, 10...19) + l + slash + Self.arrow(x: 70, top: 9))
        let (erased, pointers) = MousePointer.erased(from: image, xHeight: 10)
        #expect(pointers.count == 1 && pointers[0].x == 70, "where the arrow was is told")
        #expect(erased[70, 9] == 255 && erased[73, 14] == 255 && erased[75, 22] == 255, "the arrow is gone")
        #expect(erased[10, 10] == 0 && erased[14, 19] == 0 && erased[45, 10] == 0 && erased[23, 15] == 0, "letters stay")
    }
}
