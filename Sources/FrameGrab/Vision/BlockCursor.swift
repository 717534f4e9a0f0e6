/// A terminal's block cursor: a box as tall as the line and a character cell wide, the
/// character under it drawn in reverse, in the ground's colour. No letter of a font is a
/// solid box, so Tesseract reads it as whatever letters fit (`fj`, `B` for a reversed `#`)
/// and the line loses confidence: before OCR the cell is drawn back the right way round, which
/// leaves paper where the cursor stood over a space.
struct BlockCursor: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        // The block's tall glyphs, that a cursor stands past, measured without the boxes that
        // may be cursors: in a block of two rows, the one holding the cursor makes its box the
        // block's tall glyph (a docstring's `"""` under its cursor, after its first line). Only
        // where its rows give the block's measure again: one measured before its rows were
        // merged, or borrowed from the text beside it, keeps it.
        let block = picture.block, xHeight = picture.block.xHeight
        let boxes = Self.cursors(in: picture.image, xHeight: xHeight)
        let tallGlyphs = boxes.isEmpty || block.glyphHeight(without: []) != block.glyphHeight
            ? block.glyphHeight : block.glyphHeight(without: boxes.map(picture.inFrame))
        let cursors = boxes.filter { Self.standsPastTallGlyphs($0, xHeight: xHeight, tallGlyphs: tallGlyphs) }
        picture.image = Self.righted(picture.image, cursors: cursors, ground: 255, fill: 0, fullInk: 0)
        picture.cursors += cursors.map(picture.inFrame)
    }

    /// Share of a cursor's box its ink fills at least: a character drawn in reverse leaves
    /// most of its cell solid (a `#` in xterm at 1080p takes an eighth of it), where an
    /// outlined box is mostly hollow.
    static let solidFill = 0.6

    /// `picture` (dark ink on white paper) with its block cursors drawn back the right way,
    /// each taken as full ink: a grey box's character comes back black, as OCR reads best,
    /// in a box of the grey's complement.
    static func righted(_ picture: GrayImage, xHeight: Int, tallGlyphs: Int = 0) -> GrayImage {
        righted(picture, cursors: cursors(in: picture, xHeight: xHeight, tallGlyphs: tallGlyphs), ground: 255, fill: 0, fullInk: 0)
    }

    /// `picture` with the `cursors`' boxes drawn in reverse on `ground`: inside each, the
    /// cursor (at `fill`, or else the level it is drawn in, `fill(of:in:ground:)`) becomes the
    /// ground, and the character it holds, drawn in the ground's colour, becomes ink at
    /// `fullInk`, as strong as the text's own whatever the cursor's colour. A cursor found
    /// twice (by the pieces of two rows) is drawn back once.
    static func righted(_ picture: GrayImage, cursors: [BoundingBox], ground: UInt8, fill: UInt8? = nil, fullInk: UInt8) -> GrayImage {
        var image = picture
        let ground = Int(ground), ink = Int(fullInk)
        for box in distinct(cursors) {
            guard let inside = box.intersection(picture.bounds) else { continue }
            let fill = fill.map(Int.init) ?? Self.fill(of: inside, in: picture, ground: ground)
            // A box fainter than the faintest ink layout looks for is no cursor to draw back
            // (its ground would come back as full ink).
            guard abs(fill - ground) >= BackgroundMap.faintInkStep else { continue }
            for y in inside.y..<inside.bottom {
                for x in inside.x..<inside.right {
                    // How far the pixel stands from the cursor's fill toward the ground: 0 on the
                    // cursor (or beyond it), 1 on the character.
                    let share = min(1, max(0, Double(Int(picture[x, y]) - fill) / Double(ground - fill)))
                    image[x, y] = UInt8(clamping: Int((Double(ground) + share * Double(ink - ground)).rounded()))
                }
            }
        }
        return image
    }

    /// The level of a cursor filling `box`: the one `solidFill` of its pixels stand at least as
    /// far from the ground as. A cursor in the colour of the text under it may be drawn in
    /// two levels (colour lifts the part the character leaves thin as a stroke, and not the
    /// solid part), and is the fainter one all over where that part is more than 40% of the
    /// box (under a `"` it is most of it); the character it holds takes the rest.
    static func fill(of box: BoundingBox, in picture: GrayImage, ground: Int) -> Int {
        let levels = (box.y..<box.bottom).flatMap { y in (box.x..<box.right).map { Int(picture[$0, y]) } }
            .sorted { abs($0 - ground) > abs($1 - ground) }
        guard !levels.isEmpty else { return ground }
        return levels[min(levels.count - 1, max(0, Int((solidFill * Double(levels.count)).rounded(.up)) - 1))]
    }

    /// `boxes` with those that overlap made one.
    private static func distinct(_ boxes: [BoundingBox]) -> [BoundingBox] {
        var merged: [BoundingBox] = []
        for box in boxes {
            if let index = merged.firstIndex(where: { $0.intersection(box) != nil }) {
                merged[index] = merged[index].union(box)
            } else {
                merged.append(box)
            }
        }
        return merged
    }

    /// A row's glyphs as drawn under its block `cursors`, in `picture` with the cursors drawn
    /// back (`righted`): a blob inside a cursor's box was the cursor, and goes; one the cursor
    /// joined to the glyphs touching its sides (a banner's `#` either side of it) is cut a
    /// pixel clear of its edges, and the glyphs beside it gathered again; the character the
    /// cursor held is its blobs in the picture. A line gathered with them that runs on past
    /// them where the row has no glyph is the row's underline (vim's `cursorline`), which
    /// layout left out of the row, and stays out.
    static func glyphs(_ glyphs: [BoundingBox], under cursors: [BoundingBox], picture: InkPicture) -> [BoundingBox] {
        // The cursor's reach: its box and two pixel rows over and under it (a cursor line's
        // stroke a pixel under the cell, cut from its rule).
        func touches(_ glyph: BoundingBox, _ cursor: BoundingBox) -> Bool {
            glyph.intersection(BoundingBox(x: cursor.x, y: cursor.y - 2, width: cursor.width, height: cursor.height + 4)) != nil
        }
        let cursors = distinct(cursors).filter { cursor in glyphs.contains { touches($0, cursor) } }
        guard !cursors.isEmpty else { return glyphs }
        let level = max(BackgroundMap.faintInkStep, picture.inkContrast / 2)
        let untouched = glyphs.filter { glyph in !cursors.contains { touches(glyph, $0) } }
        // A line runs on half a cell past the area where no glyph of the row stands (an
        // underscore's overhang, a pixel, does not).
        func gathered(in area: BoundingBox) -> [BoundingBox] {
            picture.blobs(in: area, level: level).filter { blob in
                let line = Double(blob.height) <= max(2, Double(blob.width) / 4)
                let row = Double(blob.y) + Double(blob.height - 1) / 2
                func bare(_ x: Int) -> Bool {
                    picture.ink(atX: Double(x), y: row) >= 0.5
                        && !untouched.contains { $0.x <= x && x < $0.right && Double($0.y) <= row && row < Double($0.bottom) }
                }
                let reach = 1...max(1, blob.width / 2)
                let runsOn = blob.x == area.x && reach.allSatisfy { bare(area.x - $0) }
                    || blob.right == area.right && reach.allSatisfy { bare(area.right - 1 + $0) }
                return !(line && runsOn)
            }
        }
        var drawn = untouched
        for glyph in glyphs {
            guard let cursor = cursors.first(where: { touches(glyph, $0) }) else { continue }
            for (left, right) in [(glyph.x, cursor.x - 1), (cursor.right + 1, glyph.right)] where right > left {
                drawn += gathered(in: BoundingBox(left: left, top: glyph.y - 1, right: right, bottom: glyph.bottom + 1))
            }
        }
        drawn += cursors.flatMap(gathered)
        return drawn.sorted { $0.x < $1.x }
    }

    /// The boxes of the block cursors in `picture` (dark ink on white paper), whose glyphs are
    /// `xHeight` high and their tall ones `tallGlyphs`.
    static func cursors(in picture: GrayImage, xHeight: Int, tallGlyphs: Int = 0) -> [BoundingBox] {
        let mask = tallColumns(of: picture, atLeast: (3 * xHeight + 1) / 2, across: max(1, xHeight / 4))
        // Over a character, the cursor's columns stand tall only beside and between its
        // strokes: pieces with one top and one bottom, together no wider than tall, are one box
        // (the picture is one row, so the pieces side by side are the cursor's own).
        var boxes: [BoundingBox] = []
        for piece in ConnectedComponents.blobs(in: mask, width: picture.width, height: picture.height).map(\.box).sorted(by: { $0.x < $1.x }) {
            if let last = boxes.last, abs(last.y - piece.y) <= 1, abs(last.bottom - piece.bottom) <= 1,
               last.union(piece).width <= last.union(piece).height {
                boxes[boxes.count - 1] = last.union(piece)
            } else {
                boxes.append(piece)
            }
        }
        return boxes.filter { box in
            // As tall as the line: past lower-case letters, and past the tall ones by half an
            // x-height (it spans ascenders and descenders; a small bold `R` or `g` is solid
            // too); as wide as a cell rather than a stroke (`l`, `|`), solid along its top and
            // sides, and filled.
            standsPastTallGlyphs(box, xHeight: xHeight, tallGlyphs: tallGlyphs)
                && Double(box.width) >= 0.6 * Double(xHeight)
                && box.width <= box.height && isFramed(box, in: picture)
                && Double(inked(box, in: picture)) >= solidFill * Double(box.area)
                && standsAlone(box, in: picture)
        }
    }

    /// Whether `box` is as tall as a line: past lower-case letters, and past the tall ones by
    /// half an x-height.
    static func standsPastTallGlyphs(_ box: BoundingBox, xHeight: Int, tallGlyphs: Int) -> Bool {
        Double(box.height) >= max(1.5 * Double(xHeight), Double(tallGlyphs) + Double(xHeight) / 2)
    }

    /// How many of the pixels in `box` are ink.
    static func inked(_ box: BoundingBox, in picture: GrayImage) -> Int {
        (box.y..<box.bottom).reduce(0) { count, y in count + (box.x..<box.right).filter { picture[$0, y] < 128 }.count }
    }

    /// Whether `box`'s top row is ink but for a tenth of it, and its sides but for a quarter:
    /// the cursor's edge runs round the character it holds, whose descender may reach its foot
    /// and whose bars may cross its sides (a `#`, a `=` drawn the whole cell wide).
    static func isFramed(_ box: BoundingBox, in picture: GrayImage) -> Bool {
        let top = (box.x..<box.right).filter { picture[$0, box.y] < 128 }.count
        let sides = [box.x, box.right - 1].map { x in (box.y..<box.bottom).filter { picture[x, $0] < 128 }.count }
        return 10 * top >= 9 * box.width && sides.allSatisfy { 4 * $0 >= 3 * box.height }
    }

    /// Whether the ink beside `box` stops short of its top or its foot: the full-height cells
    /// between the letters of a highlighted band (a search match, a selection) are solid too,
    /// but the band goes on beside them, as tall as they are; the glyphs beside a cursor (a
    /// banner's `#` touching it) stand inside the line, and an underline only at its foot.
    static func standsAlone(_ box: BoundingBox, in picture: GrayImage) -> Bool {
        [box.x - 1, box.right].allSatisfy { x in
            guard x >= 0, x < picture.width else { return true }
            return picture[x, box.y] >= 128 || picture[x, box.bottom - 1] >= 128
        }
    }

    /// The ink of `picture` that stands in columns at least `tall` pixels high, across paper no
    /// more than `gap` pixels high and a quarter of the column in all (the bars of a `#` a
    /// cursor holds, drawn the whole cell wide, cross every column of it; a small capital's
    /// bowl leaves more): a cursor's box whole, without the underline of the row it is on
    /// (vim's `cursorline`), which would join it to the line number and the cells beside it.
    static func tallColumns(of picture: GrayImage, atLeast tall: Int, across gap: Int = 0) -> [Bool] {
        var mask = [Bool](repeating: false, count: picture.pixels.count)
        func ink(_ x: Int, _ y: Int) -> Bool { y < picture.height && picture[x, y] < 128 }
        for x in 0..<picture.width {
            var y = 0
            while y < picture.height {
                guard picture[x, y] < 128 else { y += 1; continue }
                let top = y
                var inked = 0
                while ink(x, y) || (gap > 0 && (1...gap).contains { ink(x, y + $0) }) {
                    if ink(x, y) { inked += 1 }
                    y += 1
                }
                if y - top >= tall, 4 * inked >= 3 * (y - top) {
                    for inside in top..<y { mask[inside * picture.width + x] = true }
                }
            }
        }
        return mask
    }
}
