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

    @Test("A cursor in two levels (nano's green over a green `\"\"\"`: colour lifts the top its quote leaves thin, not the solid foot) comes back as ground all over, its quote as strong as the text")
    func cursorInTwoLevels() {
        // Luma on a frame: ground 235, the text lifted to 0, the cursor's foot left at 146.
        let cursor = BoundingBox(x: 40, y: 2, width: 13, height: 29)
        var image = GrayImage(width: 80, height: 34, filledWith: 235)
        for y in cursor.y..<cursor.bottom {
            for x in cursor.x..<cursor.right { image[x, y] = y < 20 ? 0 : 146 }
        }
        for x in [43, 44, 48, 49] {
            for y in 5..<12 { image[x, y] = 235 }
        }
        let righted = BlockCursor.righted(image, cursors: [cursor], ground: 235, fullInk: 0)
        #expect(righted[43, 8] == 0 && righted[49, 11] == 0, "the quote is ink as strong as the text")
        #expect(righted[41, 8] == 235 && righted[46, 3] == 235 && righted[46, 25] == 235, "the cursor is ground, top and foot")
        // A box hardly off the ground is no cursor: its ground does not come back as ink.
        var faint = GrayImage(width: 80, height: 34, filledWith: 235)
        for y in cursor.y..<cursor.bottom { for x in cursor.x..<cursor.right { faint[x, y] = 225 } }
        #expect(BlockCursor.righted(faint, cursors: [cursor], ground: 235, fullInk: 0) == faint)
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

    @Test("A cursor over a `#` drawn the whole cell wide, in a banner whose `#` touch it on both sides, is found and drawn back")
    func cursorInABanner() {
        // Cells 12 wide; each `#` two stems and two bars reaching across the whole cell.
        var image = BlockCursorTests.picture([BoundingBox(x: 60, y: 4, width: 12, height: 20)])
        func hash(at left: Int, value: UInt8) {
            for y in 8..<21 { image[left + 3, y] = value; image[left + 8, y] = value }
            for x in left..<(left + 12) { image[x, 11] = value; image[x, 16] = value }
        }
        for left in [24, 36, 48, 72, 84] { hash(at: left, value: 0) }
        hash(at: 60, value: 255)
        let righted = BlockCursor.righted(image, xHeight: 10)
        #expect(righted[63, 14] == 0 && righted[65, 11] == 0, "the cursor's `#` is ink")
        #expect(righted[61, 6] == 255 && righted[66, 14] == 255, "the box around it is paper")
        #expect(righted[51, 14] == 0 && righted[75, 14] == 0 && righted[77, 14] == 255, "the banner beside it stays")
    }

    @Test("A small bold letter reaching below the baseline (a `g`), solid but for thin gaps, is no cursor: a cursor is as tall as the line, past the tall letters by half an x-height")
    func boldLetterIsNoCursor() {
        // x-height 10, tall letters 14: a `g` 8 wide from the x-height's top to 5 below the
        // baseline, its bowl and tail holes a pixel or two high; a cursor 10 by 20 beside it.
        var image = BlockCursorTests.picture([BoundingBox(x: 30, y: 9, width: 8, height: 15), BoundingBox(x: 90, y: 4, width: 10, height: 20)])
        for (x, y, width, height) in [(32, 11, 4, 2), (32, 15, 4, 2), (30, 19, 5, 1)] {
            for row in y..<(y + height) { for column in x..<(x + width) { image[column, row] = 255 } }
        }
        let righted = BlockCursor.righted(image, xHeight: 10, tallGlyphs: 14)
        #expect(righted[30, 14] == 0 && righted[37, 20] == 0, "the letter stays")
        #expect(righted[95, 14] == 255, "the cursor is gone")
    }

    @Test("In a block of two rows, the second a `\"\"\"` under its cursor, the cursor is measured against the letters' height, not its own (which the block's tall glyphs took)")
    func cursorInATwoRowBlock() {
        // Noto Mono at 720p: x-height 7, letters 10 tall; the cursor 8 by 17 after two quotes.
        let cursor = BoundingBox(x: 90, y: 6, width: 8, height: 17)
        let quotes = [BoundingBox(x: 74, y: 8, width: 4, height: 4), BoundingBox(x: 82, y: 8, width: 4, height: 4)]
        let image = BlockCursorTests.picture([cursor] + quotes)
        // The block in the frame, the piece at (40, 10): the letters' row above, the cursor's below.
        let inFrame = { (box: BoundingBox) in BoundingBox(x: box.x + 40, y: box.y + 10, width: box.width, height: box.height) }
        let letters = TextBlock.Row(box: BoundingBox(x: 100, y: 0, width: 60, height: 10),
                                    glyphs: (0..<6).map { BoundingBox(x: 100 + 10 * $0, y: $0 % 2 == 0 ? 3 : 0, width: 7, height: $0 % 2 == 0 ? 7 : 10) })
        let cursorRow = TextBlock.Row(box: inFrame(quotes[0].union(cursor)), glyphs: (quotes + [cursor]).map(inFrame))
        let block = TextBlock(box: letters.box.union(cursorRow.box), polarity: .darkOnLight, lines: [letters, cursorRow],
                              glyphHeight: 17, xHeight: 7)
        #expect(block.glyphHeight(without: []) == block.glyphHeight)
        #expect(block.glyphHeight(without: [inFrame(cursor)]) == 10)
        var piece = PassTableTests.piece(image, block: block)
        BlockCursor().prepare(&piece)
        #expect(piece.cursors == [inFrame(cursor)])
        #expect(piece.image[94, 14] == 255 && piece.image[75, 9] == 0, "the cursor is drawn back, the quotes stay")
        // Measured against the cursor's own height, it is no cursor.
        #expect(BlockCursor.cursors(in: image, xHeight: 7, tallGlyphs: 17).isEmpty)
    }

    @Test("Under a cursor drawn back in the frame, a row's glyphs are its character and the glyphs beside it, cut from the blob the cursor joined them into; the underline running through them is none")
    func glyphsUnderACursor() {
        // Light ink (200) on 30: `#` one a cell of 12 from x = 0, rows 9 to 22; the cursor
        // (220) on the third cell, its `#` drawn in the ground's colour; vim's cursorline at
        // row 25, also reversed inside the cursor.
        var image = GrayImage(width: 60, height: 32, filledWith: 30)
        let cursor = BoundingBox(x: 24, y: 4, width: 12, height: 24)
        for y in cursor.y..<cursor.bottom { for x in cursor.x..<cursor.right { image[x, y] = 220 } }
        for left in stride(from: 0, to: 48, by: 12) {
            let value: UInt8 = left == cursor.x ? 30 : 200
            for y in 9..<23 { image[left + 3, y] = value; image[left + 8, y] = value }
            for x in (left + 1)..<(left + 11) { image[x, 12] = value; image[x, 18] = value }
        }
        for x in 0..<60 { image[x, 25] = cursor.x <= x && x < cursor.right ? 30 : 200 }
        let picture = InkPicture(image: BlockCursor.righted(image, cursors: [cursor, cursor], ground: 30, fullInk: 200), ground: 30,
                                 polarity: .lightOnDark, inkContrast: 170)
        #expect(picture.image[27, 15] == 200 && picture.image[30, 6] == 30, "drawn back once, though found twice, at the text's ink")
        let layout = [BoundingBox(x: 1, y: 9, width: 10, height: 14), BoundingBox(x: 13, y: 4, width: 34, height: 24)]
        #expect(BlockCursor.glyphs(layout, under: [cursor], picture: picture)
                == [BoundingBox(x: 1, y: 9, width: 10, height: 14), BoundingBox(x: 13, y: 9, width: 10, height: 14),
                    BoundingBox(x: 25, y: 9, width: 10, height: 14), BoundingBox(x: 37, y: 9, width: 10, height: 14)])
    }
}
