@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// `TextCursor`: a solid box as tall as the line, or a bar as tall as the line pitch, goes
/// before OCR; letters stay.
@Suite("Text cursor")
struct TextCursorTests {
    /// Dark ink on white paper, 120x30, a line with x-height 10: `boxes` painted solid.
    static func picture(_ boxes: [BoundingBox]) -> GrayImage {
        var image = GrayImage(width: 120, height: 30, filledWith: 255)
        for box in boxes {
            for y in box.y..<(box.y + box.height) {
                for x in box.x..<(box.x + box.width) { image[x, y] = 0 }
            }
        }
        return image
    }

    @Test("A solid cell-sized box is painted out; a stroke (l), a small square and an outlined box stay")
    func erasesOnlyTheCursor() {
        let cursor = BoundingBox(x: 90, y: 4, width: 10, height: 20)
        let stroke = BoundingBox(x: 10, y: 4, width: 3, height: 20)
        let square = BoundingBox(x: 30, y: 14, width: 10, height: 10)
        var outlined = TextCursorTests.picture([BoundingBox(x: 60, y: 4, width: 10, height: 20)])
        for y in 6..<22 {
            for x in 62..<68 { outlined[x, y] = 255 }
        }
        var image = TextCursorTests.picture([cursor, stroke, square])
        for y in 4..<24 {
            for x in 60..<70 { image[x, y] = outlined[x, y] }
        }
        let erased = TextCursor.erased(from: image, xHeight: 10)
        #expect(erased[95, 14] == 255, "the cursor is gone")
        #expect(erased[11, 14] == 0 && erased[35, 20] == 0 && erased[60, 14] == 0, "letters stay")
    }

    @Test("A bar as tall as the line pitch is painted out; a `|` four fifths as tall and letters stay")
    func erasesABar() {
        // A 22 px pitch: the bar spans 21 rows, `|` 18, an `l` 14.
        let bar = BoundingBox(x: 90, y: 4, width: 2, height: 21)
        let pipe = BoundingBox(x: 50, y: 5, width: 2, height: 18)
        let letter = BoundingBox(x: 10, y: 6, width: 2, height: 14)
        let image = TextCursorTests.picture([bar, pipe, letter])
        let erased = TextCursor.erased(from: image, xHeight: 10, pitch: 22)
        #expect(erased[90, 14] == 255, "the bar is gone")
        #expect(erased[50, 14] == 0 && erased[10, 14] == 0, "the pipe and the letter stay")
        #expect(TextCursor.erased(from: image, xHeight: 10) == image, "without a pitch a bar cannot be told from a glyph")
    }
}
