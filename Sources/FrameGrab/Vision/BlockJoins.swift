import Foundation

/// A dim gutter is found in pieces (a few numbers here, a few there, some not at all): narrow
/// blocks of mostly whole numbers, one above the other with their right edges aligned, are one
/// column again, so that it can join the code it numbers.
struct GutterPieces: BlockJoin {
    func joined(_ blocks: [ReadBlock]) -> [ReadBlock] {
        let pieces = blocks.indices.filter { Self.isGutterPiece(blocks[$0]) }.sorted { blocks[$0].block.box.y < blocks[$1].block.box.y }
        var columns: [[Int]] = []
        for piece in pieces {
            let box = blocks[piece].block.box
            let slack = max(4, blocks[piece].block.glyphHeight / 2)
            // Right edges aligned, and no row shared (the current line's number, highlighted,
            // can be a piece inside the others' span).
            if let column = columns.indices.first(where: { column in
                columns[column].allSatisfy { other in
                    abs(blocks[other].block.box.right - box.right) <= slack
                        && !blocks[other].rows.contains { row in blocks[piece].rows.contains { $0.box.overlapsVertically(row.box) } }
                }
            }) {
                columns[column].append(piece)
            } else {
                columns.append([piece])
            }
        }
        var joined = blocks
        var removed: Set<Int> = []
        for column in columns where column.count >= 2 {
            var gutter = blocks[column[0]]
            for piece in column.dropFirst() {
                gutter.rows += blocks[piece].rows
                gutter.block.box = gutter.block.box.union(blocks[piece].block.box)
                removed.insert(piece)
            }
            gutter.rows.sort { $0.box.y < $1.box.y }
            joined[column[0]] = gutter
        }
        return joined.indices.filter { !removed.contains($0) }.map { joined[$0] }
    }

    static func isGutterPiece(_ read: ReadBlock) -> Bool {
        let numbers = read.rows.filter { LineNumberGutter.number($0.text) != nil }.count
        return numbers >= 1 && 3 * numbers >= 2 * read.rows.count
            && read.block.box.width <= 7 * max(1, read.block.glyphHeight)
    }
}

/// Columns that share their rows are one text: a terminal's table (`NAME  READY  STATUS`), or
/// an editor's line numbers beside the code they number (the gutter is then recognised as
/// one). A column joins the block on its left when most of its rows continue rows of that
/// block, in type of the same size, and one of them is set in monospace type: prose beside
/// code (a list next to a code panel) keeps its own rhythm and stays apart.
struct AlignedColumns: BlockJoin {
    func joined(_ blocks: [ReadBlock]) -> [ReadBlock] {
        blocks.joiningPairs(where: Self.continuesRows) { left, right in
            var merged = left
            for row in right.rows { merged.add(row) }
            merged.block.box = merged.block.box.union(right.block.box)
            // A gutter on no panel numbers the rows of the panel beside it: their text is that
            // panel's, and the rest of the panel's text joins it (`PanelContents`).
            merged.block.panel = left.block.panel ?? right.block.panel
            return merged
        }
    }

    private static func continuesRows(of left: ReadBlock, with right: ReadBlock) -> Bool {
        guard left.block.polarity == right.block.polarity, !left.rows.isEmpty, !right.rows.isEmpty,
              right.block.box.x > left.block.box.x else { return false }
        let height = Double(max(1, left.block.glyphHeight))
        let sizeRatio = Double(right.block.glyphHeight) / height
        guard sizeRatio >= 0.7, sizeRatio <= 1.4 else { return false }
        // Row by row: the right line starts after the left line on its row ends, and the
        // right column's edge is not far from it (an indented line may start further on).
        let continued = right.rows.filter { line in
            left.rows.contains { row in
                let gap = Double(right.block.box.x - row.box.right)
                return row.box.overlapsVertically(line.box) && line.box.x >= row.box.right - 2 && gap <= 15 * height
            }
        }.count
        // Line numbers may be missing where a dim gutter was not found, as LineNumberGutter allows.
        let numbers = left.rows.allSatisfy { $0.words.first.map { LineNumberGutter.number($0.text) != nil } ?? false }
        // A panel bounds its text: two panels apart, side by side, hold two texts whose rows may
        // happen to line up; a gutter drawn on a shade of its own numbers the rows beside it.
        // (A block on no panel tells nothing: a shade found under part of a full-screen editor.)
        if let leftPanel = left.block.panel, let rightPanel = right.block.panel, leftPanel.intersection(rightPanel) == nil,
           !GutterPieces.isGutterPiece(left) {
            return false
        }
        let fits = [left, right].compactMap { CodeIndenter.monospaceFit(glyphs: $0.rows.map(\.glyphs), lines: $0.rows.map(\.line)) }
        // A lone line at the end of a row of monospace code: a comment aligned far right.
        if right.rows.count == 1 && continued == 1 { return left.rows.count >= 2 && fits.contains { $0 >= 0.8 } }
        guard continued >= 2, Double(continued) >= (numbers ? 0.6 : 0.8) * Double(right.rows.count) else { return false }
        return numbers || fits.contains { $0 >= 0.8 }
    }
}

/// A row of nothing but closing brackets (`}`, `});`) found apart from the code above it: the
/// brace that closes the scope the code sits in, dedented further left than the layout lets a
/// row join. It goes back into that code, on its row.
struct StrayClosers: BlockJoin {
    func joined(_ blocks: [ReadBlock]) -> [ReadBlock] {
        var blocks = blocks
        var index = 0
        while index < blocks.count {
            let stray = blocks[index]
            guard stray.rows.count == 1, let row = stray.rows.first, Self.isClosers(row.text),
                  let target = blocks.indices.first(where: { $0 != index && Self.closes(blocks[$0], with: row) }) else {
                index += 1
                continue
            }
            blocks[target].add(row, sortingWords: true)
            blocks[target].block.box = blocks[target].block.box.union(row.box)
            blocks.remove(at: index)
            index = 0
        }
        return blocks
    }

    private static func isClosers(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { "})];,".contains($0) || $0 == " " }
    }

    /// Whether the closers on `row` end the code in `read`: below its first row, no further
    /// below its last than two lines, and at most a few columns left of it.
    private static func closes(_ read: ReadBlock, with row: ReadRow) -> Bool {
        guard read.rows.count >= 2 else { return false }
        let height = max(1, read.block.glyphHeight)
        let box = read.block.box
        return row.box.y > box.y && row.box.y <= box.bottom + 2 * height
            && row.box.x >= box.x - 8 * height && row.box.right <= box.right
    }
}

/// A panel bounds a region: the blocks of monospace text that stand in one panel (a code card
/// on a slide, an editor pane, a terminal window) are one text, whatever indentation, blank
/// lines, comments, docstrings and rows of punctuation cut it into blocks, so the code keeps
/// its relative indentation. Text in another panel, or on the slide beside it, stays apart.
struct PanelContents: BlockJoin {
    func joined(_ blocks: [ReadBlock]) -> [ReadBlock] {
        var joined: [ReadBlock] = []
        var panels: [(panel: BoundingBox, polarity: Polarity, blocks: [ReadBlock])] = []
        for read in blocks {
            guard let panel = read.block.panel, !read.rows.isEmpty else {
                joined.append(read)
                continue
            }
            if let index = panels.firstIndex(where: { $0.panel == panel && $0.polarity == read.block.polarity }) {
                panels[index].blocks.append(read)
            } else {
                panels.append((panel, read.block.polarity, [read]))
            }
        }
        for group in panels.map(\.blocks) {
            if group.count >= 2 && group.isMonospace { joined.append(ReadBlock(joining: group)) } else { joined += group }
        }
        return joined
    }
}

/// Without a panel (a full-screen terminal or editor, code straight on a slide), rows on one
/// monospace grid belong together across indentation changes, blank lines and rows of
/// punctuation: a block joins the one above it when nothing stands between them and they share
/// the grid (cell width, the column phase of their glyphs, a line pitch their rows keep) on one
/// ground, in one size of type. A split needs evidence: another surface, grid or pitch.
struct OneGrid: BlockJoin {
    func joined(_ blocks: [ReadBlock]) -> [ReadBlock] {
        var blocks = blocks
        search: while true {
            for upper in blocks.indices {
                for lower in blocks.indices where lower != upper && Self.continues(blocks[upper], with: blocks[lower]) {
                    let (a, b) = (blocks[upper].block.box, blocks[lower].block.box)
                    let between = blocks.indices.contains { index in
                        let box = blocks[index].block.box
                        return index != upper && index != lower && !blocks[index].rows.isEmpty && box.y >= a.bottom && box.bottom <= b.y
                            && box.x < max(a.right, b.right) && box.right > min(a.x, b.x)
                    }
                    guard !between else { continue }
                    blocks[upper] = ReadBlock(joining: [blocks[upper], blocks[lower]])
                    blocks.remove(at: lower)
                    continue search
                }
            }
            return blocks
        }
    }

    private static func continues(_ upper: ReadBlock, with lower: ReadBlock) -> Bool {
        let (a, b) = (upper.block, lower.block)
        guard a.panel == nil, b.panel == nil, a.polarity == b.polarity, b.box.y >= a.box.y,
              b.box.x < a.box.right, b.box.right > a.box.x, TextBlockAssembler.sameSurface(a.ground, b.ground),
              !upper.rows.isEmpty, !lower.rows.isEmpty else { return false }
        // A block standing inside another's box is part of its text (code indented between a
        // gutter's numbers and the code's longest lines), not a text of its own.
        if let inside = a.box.intersection(b.box), 2 * inside.area >= min(a.box.area, b.box.area) {
            return [upper].isMonospace || [lower].isMonospace
        }
        guard b.box.y >= a.box.bottom - 2, [upper, lower].isMonospace else { return false }
        // Numbered text has a number on each row: a row in the numbers' column without one is
        // something else on the screen (a pager's prompt below its numbered lines).
        for (listing, other) in [(upper, lower), (lower, upper)] {
            if let gutter = LineNumberGutter.column(of: listing.rows),
               other.rows.contains(where: { LineNumberGutter.isUnnumbered($0, inColumnEndingAt: gutter.right) }) { return false }
        }
        // Marks alone (`"""`, `...`, a lone `}`) show no size of their own, nor always a
        // baseline: the ticks of a quote hang at the top of the row. Rows of marks alike alone,
        // lower than the other side's tall letters (a faint `"""` found apart, and the `...`
        // under it), show no cell either: the two ticks of a quote stand closer than a cell,
        // the next quote further.
        let heights = [upper, lower].map { Double($0.rows.flatMap(\.glyphs).map(\.height).median ?? 0) }
        let tallest = [upper, lower].map { tallLetters($0.rows) }
        let markRows = [(upper, 0), (lower, 1)].map { read, side in
            (read.rows.count == 1 || !read.rows.contains { $0.text.contains { $0.isLetter || $0.isNumber } })
                && read.rows.allSatisfy { TextBlockAssembler.isMarkRow($0.glyphs) } && heights[side] < 0.6 * tallest[1 - side]
        }
        // Nor does a lone row read without a letter or digit (a comment's `*/`): its x-height is a guess.
        func isUnsized(_ read: ReadBlock) -> Bool { read.rows.count == 1 && !read.rows[0].text.contains { $0.isLetter || $0.isNumber } }
        let unsized = isUnsized(upper) || isUnsized(lower)
        let marks = (heights.min() ?? 0) < 0.6 * (heights.max() ?? 0) || markRows.contains(true) || unsized
        // The size of monospace type is its cell; without a cell on both sides, the x-height.
        // The ink's step outranks OCR's count of letters (a row of `#` read as `JHB`).
        let cells = zip([upper, lower], markRows).map { block, isMarks in
            isMarks ? nil : CodeIndenter.cellWidth(glyphs: block.rows.map(\.glyphs), lines: block.rows.map(\.line))
        }
        guard var cell = cells[0] ?? cells[1] else { return false }
        // A lone row's cell is OCR's guess from its few words where most of its ink is glyphs
        // run together (a banner of `#` read as `SEER EE AIR`, a traceback's carets touching
        // into one wave read as 39 `=` for 29): beside rows that measured theirs, its size
        // tells.
        func runTogether(_ read: ReadBlock, cell: Double) -> Bool {
            guard read.rows.count == 1 else { return false }
            let widths = read.rows[0].glyphs.map { Double($0.width) }
            // Glyphs run together span whole cells, less a side bearing or two.
            let runs = widths.filter { $0 > 1.5 * cell && abs($0 - ($0 / cell).rounded() * cell) <= 0.35 * cell }
            return !widths.isEmpty && 2 * runs.reduce(0, +) >= widths.reduce(0, +)
        }
        var sizeTells = cells[0] == nil || cells[1] == nil
        if let first = cells[0], let second = cells[1], abs(first / second - 1) > 0.08 {
            let lowerRunTogether = runTogether(lower, cell: first)
            // Marks run together no taller than the other side's letters have no size to differ
            // by; letters of another size do.
            let side = lowerRunTogether ? 1 : 0
            guard lowerRunTogether || runTogether(upper, cell: second),
                  !marks || isUnsized([upper, lower][side]) && heights[side] <= tallest[1 - side]
            else { return false }
            cell = lowerRunTogether ? first : second
            sizeTells = true
        }
        if sizeTells, !marks {
            let size = Double(b.xHeight) / Double(max(1, a.xHeight))
            guard size >= 0.8, size <= 1.25 else { return false }
        }
        // Glyph centres fall at one phase of the cell in both.
        guard let phaseA = phase(upper, cell: cell), let phaseB = phase(lower, cell: cell) else { return false }
        let drift = abs(phaseA - phaseB)
        guard min(drift, 1 - drift) <= 0.2 else { return false }
        // Rows a whole number of line pitches apart, by where their glyphs stand or where they
        // reach up to.
        return keepsPitch(upper, lower, at: \.bottom) || keepsPitch(upper, lower, at: \.y)
    }

    /// Whether the rows of `lower` follow those of `upper` a whole number of line pitches on,
    /// rows placed by the median of their letters' `edge`. Marks far lower than the tall
    /// letters (`~~~~`, `----`, `....`, `^^^^`) stand where the mark stands in the cell, and
    /// show neither edge of a line; a side of marks alone stands inside a row.
    private static func keepsPitch(_ upper: ReadBlock, _ lower: ReadBlock, at edge: KeyPath<BoundingBox, Int>) -> Bool {
        let tall = tallLetters(upper.rows + lower.rows)
        // A row's place is its letters': marks under half the tall letters' height (small
        // letters are two thirds of it) stand anywhere in the cell, and a row of them alone
        // shows no line's edge.
        func place(_ row: ReadRow) -> Double? {
            row.glyphs.filter { Double($0.height) >= 0.5 * tall }.map { $0[keyPath: edge] }.median.map(Double.init)
        }
        let places = (upper.rows + lower.rows).compactMap(place).sorted()
        // Pieces of one line (a banner's ends, a cell of a table) are not a step.
        let height = Double((upper.rows + lower.rows).map(\.box.height).median ?? 0)
        let steps = zip(places.dropFirst(), places).map { $0 - $1 }.filter { $0 > max(2, 0.6 * height) }
        // The usual step between rows, from those of one line (blank lines make whole
        // multiples of it, a row of quotes or semicolons a step a little off it); or, where
        // steps of two and three rows are as usual as single ones, the part of it they all
        // are whole numbers of.
        guard let usual = steps.median, let median = steps.filter({ $0 > 0.6 * usual && $0 < 1.4 * usual }).median else { return false }
        // Rows stand no closer than their tall letters' height; two steps tell no part of them.
        // The part most steps are whole numbers of: one row placed off its line makes two
        // steps off it, and must not double the pitch of a docstring's rows a line apart.
        let pitch = steps.count >= 3 ? TextBlockAssembler.commonStep(of: steps, from: median, atLeast: 0.9 * tall)?.pitch ?? median : median
        let (last, first) = (upper.rows.compactMap(place).max(), lower.rows.compactMap(place).min())
        if let last, let first {
            let rowsApart = (first - last) / pitch
            return rowsApart >= 0.8 && abs(rowsApart - rowsApart.rounded()) <= 0.2
        }
        // Marks alone on one side (the ticks of `"""`, a `====` over its heading, the `...`
        // under a `"""`) stand each inside a row, the first a pitch or two from the other
        // side's baselines: between its tall letters' tops and its baseline.
        guard edge == \.bottom, let baseline = last ?? first else { return false }
        let marks = (last == nil ? upper : lower).rows
        let slack = 0.2 * pitch
        return marks.allSatisfy { row in
            guard let top = row.glyphs.map(\.y).min(), let bottom = row.glyphs.map(\.bottom).max() else { return false }
            return (1...marks.count + 1).contains { rows in
                let line = baseline + Double(last == nil ? -rows : rows) * pitch
                return Double(bottom) <= line + slack && Double(top) >= line - tall - slack
            }
        }
    }

    /// The height of the rows' tall letters: the 90th percentile of their glyphs'.
    private static func tallLetters(_ rows: [ReadRow]) -> Double {
        let heights = rows.flatMap(\.glyphs).map(\.height).sorted()
        return heights.isEmpty ? 0 : Double(heights[heights.count * 9 / 10])
    }

    /// Where in its cell a block's glyphs stand: the mean phase of their centres, as a share
    /// of the cell; nil without glyphs.
    private static func phase(_ read: ReadBlock, cell: Double) -> Double? {
        // Glyphs run together stand on the grid by their first cell.
        let centres = read.rows.flatMap(\.glyphs).map { glyph in
            CharacterInk(left: glyph.x, right: glyph.right, top: glyph.y, bottom: glyph.bottom, tallestPart: glyph.height).firstCenter(cell: cell)
        }
        guard !centres.isEmpty else { return nil }
        let angles = centres.map { 2 * Double.pi * ($0 / cell - ($0 / cell).rounded(.down)) }
        let mean = atan2(angles.map(sin).reduce(0, +), angles.map(cos).reduce(0, +))
        return (mean < 0 ? mean + 2 * .pi : mean) / (2 * .pi)
    }
}
