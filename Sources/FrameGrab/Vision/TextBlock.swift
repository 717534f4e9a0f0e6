/// A run of text lines that belong together on screen: a title, a code panel, a list.
struct TextBlock {
    /// One line of the block: its ink box and its ink blobs (glyphs, or parts of them), left
    /// to right. Where the blobs stand gives the monospace grid of code.
    struct Row {
        var box: BoundingBox
        var glyphs: [BoundingBox]
    }

    var box: BoundingBox
    var polarity: Polarity
    /// Each line, top to bottom.
    var lines: [Row]
    /// Typical height of the block's tall glyphs (ascenders, capitals), in pixels.
    var glyphHeight: Int
    /// Typical height of all its glyphs: the x-height, for text that is mostly lower case.
    var xHeight: Int
    /// The gray level of the ground the text stands on.
    var ground: UInt8 = 0
    /// How far the text's strong strokes stand from the ground, in gray levels.
    var inkContrast: Int = 0
    /// The panel the block stands in (a code card, an editor pane, a terminal window), nil on
    /// the picture's own ground: text in one panel is one region.
    var panel: BoundingBox?
    /// Found as outlined text over a picture (`OutlinedText`): a caption.
    var isOutlined = false
}

extension TextBlock {
    /// The level of the text's strong strokes: `inkContrast` off the ground, its polarity's way.
    var inkLevel: UInt8 {
        UInt8(clamping: polarity == .darkOnLight ? Int(ground) - inkContrast : Int(ground) + inkContrast)
    }

    /// `glyphHeight` measured much as the assembler measures it (the median of its rows' tall
    /// glyphs, the one a quarter of each row's glyphs are taller than or as tall as), without
    /// the glyphs mostly inside `boxes`. Rows left with no glyph as tall as the x-height show no
    /// letter's size (a row of marks), and count only where no row does.
    func glyphHeight(without boxes: [BoundingBox]) -> Int {
        let rows = lines.map { row in
            row.glyphs.filter { glyph in !boxes.contains { 2 * ($0.intersection(glyph)?.area ?? 0) > glyph.area } }.map(\.height).sorted()
        }.filter { !$0.isEmpty }
        let letters = rows.filter { $0.contains { $0 >= xHeight } }
        return (letters.isEmpty ? rows : letters).map { $0[$0.count * 3 / 4] }.median ?? glyphHeight
    }

    /// The same block in a picture whose origin is (`dx`, `dy`) further on.
    func shifted(by dx: Int, _ dy: Int) -> TextBlock {
        func move(_ box: BoundingBox) -> BoundingBox { BoundingBox(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height) }
        var block = self
        block.box = move(box)
        block.panel = panel.map(move)
        block.lines = lines.map { Row(box: move($0.box), glyphs: $0.glyphs.map(move)) }
        return block
    }
}

extension TextBlock {
    /// The block with `specks` among its rows' glyphs where they stand inside a row, beside
    /// or between its glyphs: in a small bitmap font a period, a colon's dots or the dot of
    /// an `i` are two pixels each, too small to shape the layout but characters of the line.
    func withMarks(_ specks: [BoundingBox]) -> TextBlock {
        // Only specks near the block can stand inside one of its rows.
        let near = specks.filter {
            $0.y >= box.y && $0.bottom <= box.bottom + box.height / 4 && $0.x >= box.x - box.height && $0.right <= box.right + box.height
        }
        guard !near.isEmpty else { return self }
        var block = self
        for (index, row) in lines.enumerated() {
            let reach = row.box.height
            block.lines[index].glyphs += near.filter { speck in
                speck.y >= row.box.y && speck.bottom <= row.box.bottom + row.box.height / 4
                    && speck.x >= row.box.x - reach && speck.right <= row.box.right + reach
            }
        }
        return block
    }
}

extension Array where Element == TextBlock {
    /// The blocks with each one made of marks alone (a row of `"""`, `...`, `--`, `*/`: glyphs
    /// far lower than the letters around them, or one row of marks alike lower than their
    /// x-height: some fonts draw a `"` two thirds of it tall) sized like the text it belongs to (the main
    /// text of its panel, or without a panel the nearest block of rows just above or below it),
    /// so that OCR enlarges it as much as that text rather than as if its marks were letters:
    /// a row of punctuation is read like any other row.
    func withMarksSizedByTheirText() -> [TextBlock] {
        map { block in
            let around = filter { $0.panel == block.panel && $0.polarity == block.polarity && $0.lines.count >= 2 }
            let main = block.panel != nil
                ? around.max { $0.lines.count < $1.lines.count }
                : around.filter { other in
                    other.box.x < block.box.right && other.box.right > block.box.x
                        && Swift.max(other.box.y - block.box.bottom, block.box.y - other.box.bottom) <= 3 * other.glyphHeight
                }.min { Swift.abs($0.box.y - block.box.y) < Swift.abs($1.box.y - block.box.y) }
            guard let main, Double(block.glyphHeight) < 0.6 * Double(main.xHeight)
                || block.glyphHeight < main.xHeight && block.lines.count == 1 && TextBlockAssembler.isMarkRow(block.lines[0].glyphs)
            else { return block }
            var sized = block
            sized.xHeight = main.xHeight
            sized.glyphHeight = main.glyphHeight
            return sized
        }
    }
}
