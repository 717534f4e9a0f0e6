@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// `BlockCursor`: a box as tall as the line is drawn back the right way round before OCR (over a
/// space it goes); letters stay.
@Suite("Block cursor")
struct BlockCursorTests {
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
        var outlined = BlockCursorTests.picture([BoundingBox(x: 60, y: 4, width: 10, height: 20)])
        for y in 6..<22 {
            for x in 62..<68 { outlined[x, y] = 255 }
        }
        var image = BlockCursorTests.picture([cursor, stroke, square])
        for y in 4..<24 {
            for x in 60..<70 { image[x, y] = outlined[x, y] }
        }
        let erased = BlockCursor.righted(image, xHeight: 10)
        #expect(erased[95, 14] == 255, "the cursor is gone")
        #expect(erased[11, 14] == 0 && erased[35, 20] == 0 && erased[60, 14] == 0, "letters stay")
    }

    @Test("A cursor over a character (a `#` drawn in the ground's colour) is drawn back: the character ink, the box paper")
    func cursorOverACharacter() {
        let cursor = BoundingBox(x: 90, y: 4, width: 12, height: 20)
        var image = BlockCursorTests.picture([cursor])
        // A `#` of paper: two stems and two bars, two pixels thick.
        for (x, y, width, height) in [(93, 8, 2, 13), (97, 8, 2, 13), (91, 11, 10, 2), (91, 16, 10, 2)] {
            for row in y..<(y + height) {
                for column in x..<(x + width) { image[column, row] = 255 }
            }
        }
        let righted = BlockCursor.righted(image, xHeight: 10)
        #expect(righted[93, 9] == 0 && righted[98, 20] == 0 && righted[92, 11] == 0, "the stems and bars are ink")
        #expect(righted[95, 5] == 255 && righted[90, 14] == 255 && righted[96, 14] == 255, "the box around and between them is paper")
    }

    @Test("A cursor on an underlined row (vim's cursorline) is painted out: the underline running into it is no part of its box")
    func cursorOnAnUnderlinedRow() {
        let cursor = BoundingBox(x: 90, y: 4, width: 10, height: 20)
        let underline = BoundingBox(x: 0, y: 23, width: 120, height: 1)
        let stroke = BoundingBox(x: 10, y: 4, width: 3, height: 19)
        let erased = BlockCursor.righted(BlockCursorTests.picture([cursor, underline, stroke]), xHeight: 10)
        #expect(erased[95, 14] == 255, "the cursor is gone")
        #expect(erased[11, 14] == 0 && erased[40, 23] == 0, "the letter and the underline beside the cursor stay")
    }

    @Test("The solid cells between the letters of a highlighted band (a search match) are no cursor: the band goes on beside them")
    func highlightedBand() {
        // A band 100 px wide, as tall as the line, with letters of paper in it, 9 px apart.
        var image = BlockCursorTests.picture([BoundingBox(x: 10, y: 4, width: 100, height: 20)])
        for letter in stride(from: 20, to: 100, by: 15) {
            for y in 8..<20 {
                for x in letter..<(letter + 6) { image[x, y] = 255 }
            }
        }
        let erased = BlockCursor.righted(image, xHeight: 10)
        #expect(erased[30, 14] == 0 && erased[15, 14] == 0, "the band between and beside the letters stays")
    }

    @Test("The character a cursor holds is the ground-coloured ink inside its box, touching its edge or not; ground the box took in along a whole side is none of it")
    func characterUnderTheCursor() {
        // Light ink on a dark ground: a cursor 8 by 13, a `"` inside it whose left tick stands
        // against the cursor's left edge, seen in its own box and in one found two pixels too
        // wide on the left.
        var image = GrayImage(width: 40, height: 30, filledWith: 12)
        for y in 5..<18 {
            for x in 10..<18 { image[x, y] = 200 }
        }
        for y in 7..<11 {
            image[11, y] = 12
            image[14, y] = 12
        }
        let picture = InkPicture(image: image, ground: 12, polarity: .lightOnDark, inkContrast: 188)
        for box in [BoundingBox(x: 10, y: 5, width: 8, height: 13), BoundingBox(x: 8, y: 5, width: 10, height: 13)] {
            let ticks = BlockCursor.character(under: box, picture: picture).sorted { $0.x < $1.x }
            #expect(ticks == [BoundingBox(x: 11, y: 7, width: 1, height: 4), BoundingBox(x: 14, y: 7, width: 1, height: 4)], "\(box)")
        }
        // A cursor dimmer than half the text's ink is still ink against its character.
        var dim = image
        for y in 5..<18 {
            for x in 10..<18 where image[x, y] == 200 { dim[x, y] = 70 }
        }
        let dimTicks = BlockCursor.character(under: BoundingBox(x: 10, y: 5, width: 8, height: 13),
                                             picture: InkPicture(image: dim, ground: 12, polarity: .lightOnDark, inkContrast: 188))
        #expect(dimTicks.sorted { $0.x < $1.x } == [BoundingBox(x: 11, y: 7, width: 1, height: 4), BoundingBox(x: 14, y: 7, width: 1, height: 4)])
    }
}
