/// Joins text lines into blocks as a reader groups them: a paragraph, a list, a code panel.
///
/// First, top to bottom, a line joins the block just above it when it starts close below the
/// block's last row and within its columns (code that dedents to a lone `}` included). Then
/// blocks a blank line or two apart join when they keep one rhythm: their line tops fall on
/// the same pitch (code and prose with blank lines), or, for single lines, the same size and
/// left edge (a spaced-out list). A title above a list keeps to itself: its pitch does not
/// match, and its text is larger.
enum TextBlockAssembler {
    private struct Block {
        var box: BoundingBox
        var lines: [Line]
        var lastRow: BoundingBox

        init(_ line: Line) {
            box = line.box
            lines = [line]
            lastRow = line.box
        }

        /// The usual line height, so one odd line (a lone brace, a line of short letters)
        /// does not decide.
        var lineHeight: Double { Double(lines.map(\.box.height).median ?? 0) }

        var glyphHeights: [Int] { lines.map(\.glyphHeight) }

        /// Its rows of letters: a row of one small mark (`.....`, `*****`) shows no letter's
        /// size. All its rows where it has no other.
        var letterLines: [Line] {
            let letters = lines.filter { !$0.isMarks(beside: self) }
            return letters.isEmpty ? lines : letters
        }

        var letterGlyphHeights: [Int] { letterLines.map(\.glyphHeight) }

        /// How far apart its letters stand: the median of its letter rows' width over their blobs
        /// (a space widens it, a letter in two blobs narrows it, letters touching into one blob
        /// widen it: a rough measure, to tell type two sizes apart, not a cell).
        var advance: Double {
            letterLines.map { Double($0.box.width) / Double($0.blobs.count) }.median ?? 0
        }

        /// The level of the surface under most of its lines (one at a panel's edge can differ).
        var ground: UInt8 { lines.map(\.surface.level).median ?? 0 }

        /// How far its usual line's ink stands from its ground.
        var inkContrast: Int { lines.map(\.surface.inkContrast).median ?? 0 }

        /// Whether its characters sit on a monospace grid (code): true from a fit of 0.75 (or
        /// 0.85 on one row), false up to 0.6 (measured: monospace blocks 0.69 to 1, proportional
        /// 0.39 to 0.56), nil in between or with too few characters to tell.
        var isMonospace: Bool? {
            guard let fit = CodeIndenter.monospaceFit(rows: lines.map(\.blobs)) else { return nil }
            if fit >= 0.75 { return true }
            // A dim comment's thin strokes break into pieces off the grid; one clean row on it
            // is enough.
            if lines.contains(where: { (CodeIndenter.monospaceFit(rows: [$0.blobs], minimumPairs: 12) ?? 0) >= 0.85 }) {
                return true
            }
            return fit <= 0.6 ? false : nil
        }

        /// The block's size, to compare with others': the median height of all its blobs, or
        /// of its letters when marks far lower than them are most of it (a rule of `=`);
        /// unknown for a few blobs (a lone `}` is as tall as a line).
        var xHeight: Double? {
            let heights = lines.flatMap { $0.blobs.map(\.height) }
            guard heights.count >= 4 else { return nil }
            let all = Double(heights.median ?? 0), letters = TextBlockAssembler.xHeight(heights)
            return all < 0.5 * letters ? letters : all
        }

        /// The distance between baselines, once there are two rows that show theirs: the
        /// smallest step between such rows that the others are whole multiples of (a blank
        /// line, or a lone brace without a baseline, makes a step of two), measured over all
        /// of them.
        var pitch: Double? {
            let known = rowBaselines.compactMap { $0 }
            guard known.count >= 2 else { return nil }
            let steps = zip(known.dropFirst(), known).map { Double($0 - $1) }.filter { $0 > 0 }.sorted()
            guard !steps.isEmpty else { return nil }
            func fitting(_ candidate: Double) -> [(step: Double, rows: Double)] {
                steps.map { (step: $0, rows: ($0 / candidate).rounded()) }.filter { $0.rows >= 1 && abs($0.step / candidate - $0.rows) <= 0.12 }
            }
            func pitch(_ fitting: [(step: Double, rows: Double)]) -> Double {
                fitting.map(\.step).reduce(0, +) / fitting.map(\.rows).reduce(0, +)
            }
            let candidates = steps.lazy.map(fitting)
            if let all = candidates.first(where: { $0.count == steps.count }) { return pitch(all) }
            // One odd baseline (a row whose blobs run together below it) puts two steps off the
            // grid: a step found between rows again and again that most steps are whole
            // multiples of is the pitch.
            if let most = candidates.first(where: { $0.filter { $0.rows == 1 }.count >= 2 && 4 * $0.count >= 3 * steps.count }) {
                return pitch(most)
            }
            return steps[steps.count / 2]
        }

        /// Each row's baseline, top to bottom; nil for a row of one or two blobs (a lone `{`
        /// hangs below the baseline) or a run of marks (a traceback's `^^^^` hangs above it).
        /// Baselines, unlike tops, do not move with the letters a row happens to hold.
        var rowBaselines: [Int?] {
            var baselines: [Int?] = []
            var lastRow: BoundingBox?
            let height = lineHeight
            for line in lines {
                if let row = lastRow, row.overlapsVertically(line.box) { continue }
                baselines.append(line.blobs.count >= 3 && !isRunOfMarks(line, lineHeight: height) ? line.baseline : nil)
                lastRow = line.box
            }
            return baselines
        }

        /// The first and last rows' positions: their baselines, or their bottoms; for a last
        /// row that is a run of marks (no baseline of its own), the pitch's step below the
        /// last baseline known.
        var firstBaseline: Int {
            let baselines = rowBaselines
            if let first = baselines.first, let baseline = first { return baseline }
            // A first row of marks (a `"""` over the code) stands the pitch's steps above the
            // first baseline known.
            if isRunOfMarks(lines[0], lineHeight: lineHeight), let pitch,
               let index = baselines.firstIndex(where: { $0 != nil }), let known = baselines[index] {
                return known - Int((Double(index) * pitch).rounded())
            }
            return lines[0].box.bottom
        }
        var lastBaseline: Int {
            let baselines = rowBaselines
            if let last = baselines.last, let baseline = last { return baseline }
            if let line = lines.last, isRunOfMarks(line, lineHeight: lineHeight), let pitch,
               let index = baselines.lastIndex(where: { $0 != nil }), let known = baselines[index] {
                return known + Int((Double(baselines.count - 1 - index) * pitch).rounded())
            }
            return lastRow.bottom
        }

        /// The first row's baseline where the rows' baselines together put it, `pitch` apart: a
        /// first row of few letters among marks (a line number beside a `"""`) shows the marks'
        /// foot as its baseline, which the other rows overrule.
        func firstBaseline(onPitch pitch: Double) -> Int {
            let first = firstBaseline
            let offsets = rowBaselines.compactMap { $0 }.map { baseline in
                let rows = Double(baseline - first) / pitch
                return (rows - rows.rounded()) * pitch
            }
            return first + Int((offsets.median ?? 0).rounded())
        }

        /// `other`'s lines joined with these, in reading order; the last row is the lower one's.
        mutating func add(_ other: Block) {
            box = box.union(other.box)
            lines = (lines + other.lines).sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
            if other.lastRow.bottom >= lastRow.bottom { lastRow = other.lastRow }
        }

        /// The two blocks as one.
        func adding(_ other: Block) -> Block {
            var joined = self
            joined.add(other)
            return joined
        }
    }

    private struct Line {
        var box: BoundingBox
        /// The line's tall glyphs' height (its 75th percentile blob height).
        var glyphHeight: Int
        var blobs: [BoundingBox]
        /// The surface it stands on.
        var surface: Surface
        /// Marks of the row under the mouse pointer, its blobs those the pointer leaves alone
        /// (`marksUnderPointer`): two of them make a row of marks with the one it covers.
        var hidesMarks = false

        /// A row of dots alone, too low to be measured against other lines (see `isDotRow`).
        var isDotRow: Bool { TextBlockAssembler.isDotRow(blobs) }

        /// The cell of a row of marks drawn one a cell, eight or more (a banner): nil for fewer,
        /// which tell no cell (the six ticks of a small `"""` may stand evenly apart), or for
        /// marks not evenly spaced.
        var markCell: Double? {
            guard blobs.count >= 2 * RepeatedGlyphs.shortestRun, TextBlockAssembler.isDrawnInCells(blobs, lineHeight: .infinity)
            else { return nil }
            return TextBlockAssembler.cellStep(blobs)
        }

        /// The row without the mouse pointer's I-beam resting on it, where it is a row of marks
        /// but for one narrow blob twice their height or more (no glyph of a row of marks is);
        /// nil otherwise. Ink within the pointer's columns is what it left of a mark it covers
        /// (a tick of the middle `"` of a small `"""`, beside its stem): the marks it leaves
        /// alone must be alike, two of them once it covers one more.
        var marksUnderPointer: Line? {
            guard !TextBlockAssembler.isMarkRow(blobs) else { return nil }
            let upright = blobs.filter(MousePointer.isIBeamShaped)
            guard upright.count == 1, let pointer = upright.first else { return nil }
            let marks = blobs.filter { $0 != pointer }
            let shown = marks.filter { $0.right <= pointer.x || $0.x >= pointer.right }
            let coversOne = shown.count < marks.count
                || shown.contains { $0.right <= pointer.x } && shown.contains { $0.x >= pointer.right }
            guard let first = marks.first, let tallest = marks.map(\.height).max(), pointer.height >= 2 * tallest,
                  TextBlockAssembler.isMarkRow(marks) || coversOne && TextBlockAssembler.isMarkRow(shown, fewest: 2)
            else { return nil }
            return Line(box: marks.dropFirst().reduce(first) { $0.union($1) }, glyphHeight: tallest, blobs: shown, surface: surface,
                        hidesMarks: coversOne)
        }

        /// A row of marks alike (`isMarkRow`) that `block` measures as one: dots, or marks
        /// far lower than its lines (the ticks of `"""` at a large size).
        func isMarks(beside block: Block) -> Bool {
            isDotRow || (TextBlockAssembler.isMarkRow(blobs, fewest: hidesMarks ? 2 : 3) && Double(box.height) < 0.45 * block.lineHeight)
        }

        /// Where most of its blobs end: letters stand on the baseline, few hang below it.
        var baseline: Int {
            let bottoms = blobs.map(\.bottom).sorted()
            return bottoms[bottoms.count / 2]
        }
    }

    /// What text stands on: the ground's level, how far the text's ink stands from it, and the
    /// panel it is in (nil on the picture's own ground).
    private struct Surface {
        var level: UInt8
        var inkContrast: Int
        var panel: BoundingBox?
    }

    /// Text apart on different surfaces (a status bar's strip below an editor, a panel below a
    /// slide's text, two cards side by side) is never one block: `surface` tells the ground's
    /// level under a box and its ink's contrast to it, `panel` the panel it is in. Only rows
    /// that are text, or stand beside text or `anchors` or in a panel with them, are laid out
    /// (`TextEvidence`).
    /// `bars` are strokes too long for a glyph (`TextBlockFinder`'s rules): rows of text only
    /// where they stand on a row of a code block (`baseline(of:bars:onRowOf:pitch:)`).
    static func blocks(from chains: [[InkBlob]], bars: [BoundingBox] = [], polarity: Polarity,
                       surface: (BoundingBox) -> (level: UInt8, inkContrast: Int),
                       panel: (BoundingBox) -> BoundingBox? = { _ in nil },
                       beside anchors: [TextEvidence.Anchor] = []) -> [TextBlock] {
        // A lone speck is noise, not text; a row of dots may be text, and so may a mark drawn
        // alike in its column a line or two away (a block comment's ` *` between paragraphs).
        // A row too low to stand alone, made of thin strokes, may be bars on a code row; of
        // other marks, glyphs drawn one a cell in pieces (`isDrawnInTwoPieces`).
        let repeated = RepeatedMarks(chains.flatMap { $0.map(\.box) })
        var bars = bars
        let rows = chains.map { $0.map(\.box) }.filter { row in
            let box = row.dropFirst().reduce(row[0]) { $0.union($1) }
            let stands = (row.count >= 2 || box.height >= 8 || repeated.contains(box)) && (box.height >= 5 || isDotRow(row))
            guard !stands else { return true }
            // Small dashes (4 by 1 at 720p) are bars only in a row of them; a bar the threshold
            // broke in two (a dim `~`'s halves, a pixel apart) is one.
            let dashes = row.count >= RepeatedGlyphs.shortestRun
            if joiningPieces(row).allSatisfy({ $0.width >= (dashes ? 3 : 5) && $0.width >= 2 * $0.height }) {
                bars += row
                return false
            }
            return isDrawnInTwoPieces(row)
        }
        func line(_ row: [BoundingBox], box: BoundingBox) -> Line {
            let heights = row.map(\.height).sorted()
            let (level, inkContrast) = surface(box)
            return Line(box: box, glyphHeight: heights[heights.count * 3 / 4], blobs: row,
                        surface: Surface(level: level, inkContrast: inkContrast, panel: panel(box)))
        }
        var lines: [Line] = TextEvidence.textRows(rows, beside: anchors, panel: panel).map { row in
            line(row, box: row.dropFirst().reduce(row[0]) { $0.union($1) })
        }
        lines = inReadingOrder(lines)

        var blocks: [Block] = []
        var leadingDots: [Line] = []    // rows of dots that went on no text above
        for line in lines {
            // A mark alone drawn alike a line or two away (a block comment's ` *`) shows no size.
            let mark = line.blobs.count == 1 && repeated.contains(line.box)
            let fits = blocks.indices.filter {
                line.isMarks(beside: blocks[$0]) ? continues(blocks[$0], withDots: line) : continues(blocks[$0], with: line, mark: mark)
            }
            // A row of dots is a row of text it continues, not text of its own. Marks that all but
            // touch, one a cell, further off (a `~~~~` banner at 720p, each tilde 7 pixels of an
            // 8-pixel cell, a blank row over its lesson), may be bars on a code row; marks standing
            // apart (dots, a row of small asterisks) may not.
            if line.isDotRow && fits.isEmpty {
                if let step = line.markCell, line.blobs.allSatisfy({ Double($0.width) >= step - 2 }) {
                    bars += line.blobs
                } else {
                    leadingDots.append(line)
                }
                continue
            }
            // The nearest block above wins; of equals, the one whose column starts closest.
            if let best = fits.min(by: { distance(blocks[$0], line.box) < distance(blocks[$1], line.box) }) {
                let sameRow = blocks[best].lastRow.overlapsVertically(line.box)
                var next = Block(line)
                if sameRow { next.lastRow = blocks[best].lastRow.union(line.box) }
                blocks[best].add(next)
            } else {
                blocks.append(Block(line))
            }
        }
        for join in joins { blocks = join(blocks) }
        // A row of marks over no text (a docstring's closing `"""` where an excerpt starts) may
        // be the first row of the text below it, once that text is joined and keeps its pitch,
        // or a row between two of its rows (that `"""` left of the indented line above it, out
        // of its paragraph's columns); lowest first. Marks too large to be dots stood as a block
        // of their own until now. A row of marks with the mouse pointer resting on it is measured
        // without it, and led with it.
        let loneMarks = blocks.indices.filter { index in
            blocks[index].lines.count == 1 && (isMarkRow(blocks[index].lines[0].blobs) || blocks[index].lines[0].marksUnderPointer != nil)
        }
        var marks = leadingDots + loneMarks.map { blocks[$0].lines[0] }
        marks.sort { $0.box.y > $1.box.y }
        var led = Set<BoundingBox>()
        for row in marks {
            let dots = row.marksUnderPointer ?? row
            // Marks level with another text's row, and within it, are that row's (a piece of a banner).
            let within = blocks.contains { block in
                block.lines.contains { line in
                    line.box != row.box && line.box.overlapsVertically(dots.box) && line.box.x <= dots.box.x && line.box.right >= dots.box.right
                }
            }
            guard !within else { continue }
            // A row alone, not of proportional type (a module docstring's heading under its
            // `"""`), may be led too; text on another surface (vim's status bar) may not.
            let fits = blocks.indices.filter { index in
                (blocks[index].lines.count > 1 || blocks[index].isMonospace != false) && dots.isMarks(beside: blocks[index])
                    && sameSurface(dots.surface.level, blocks[index].ground)
                    && (leads(blocks[index], withDots: dots) || fillsGap(in: blocks[index], withDots: dots))
            }
            if let best = fits.min(by: { abs(blocks[$0].box.x - dots.box.x) < abs(blocks[$1].box.x - dots.box.x) }) {
                blocks[best].add(Block(row))
                led.insert(row.box)
            }
        }
        blocks.removeAll { $0.lines.count == 1 && led.contains($0.lines[0].box) }
        // Dim dots beside brighter text found before (`anchors`: a faint `"""` under the
        // line its threshold kept) lead that text, not any here: a block of their own, for the
        // text they stand by to take in.
        if !anchors.isEmpty {
            blocks += leadingDots.filter { !led.contains($0.box) }.map { Block($0) }
        }
        let barRows = barRows(bars)
        // Each code block's grid, measured once, before rows of bars join it (their bars give
        // no baseline of their own, and rows only as tall as its letters); nil for a block of
        // proportional type.
        let grids = barRows.isEmpty ? [] : blocks.map { block in
            block.isMonospace == false ? nil : pitch(of: block, among: blocks).map {
                Grid(firstBaseline: block.firstBaseline(onPitch: $0), lastBaseline: block.lastBaseline, pitch: $0,
                     lineHeight: block.lineHeight)
            }
        }
        // The rows of text (not specks) that bars in a panel must stand among.
        let textRows = barRows.isEmpty ? [] : blocks.flatMap { $0.lines.filter { $0.blobs.count >= TextEvidence.fewestLetters } }
        for row in barRows {
            let box = row.dropFirst().reduce(row[0]) { $0.union($1) }
            // Bars at a row's letters are its underscores or its underline, not a row of their own.
            guard !blocks.contains(where: { block in block.lines.contains { touches(box, $0.box, within: block.lineHeight / 4) } })
            else { continue }
            let places = blocks.indices.compactMap { index in
                grids[index].flatMap { baseline(of: box, bars: row, onRowOf: blocks[index], grid: $0, textRows: textRows) }
                    .map { (index, $0) }
            }
            // The block the bars stand within or nearest, above or below; of equals, the nearest
            // below whose column starts closest.
            func apart(_ index: Int) -> (Int, Int) {
                let block = blocks[index].box
                return (max(0, box.y - block.bottom, block.y - box.bottom), distance(blocks[index], box))
            }
            guard let (index, baseline) = places.min(by: { apart($0.0) < apart($1.0) }) else { continue }
            // The row as tall as the block's letters, standing on its baseline, so that it is
            // read, and its bars told apart (`-` halfway up, `_` on the baseline), like others.
            let height = blocks[index].glyphHeights.median ?? box.height
            let rowBox = box.union(BoundingBox(x: box.x, y: baseline - height, width: box.width, height: height))
            let bars = line(row, box: rowBox)
            guard sameSurface(bars.surface.level, blocks[index].ground) else { continue }
            blocks[index].add(Block(bars))
        }

        return blocks.map { block in
            TextBlock(box: block.box, polarity: polarity, lines: mergedRows(block.lines),
                      glyphHeight: block.letterGlyphHeights.median ?? 0,
                      xHeight: Int(xHeight(block.letterLines.flatMap { $0.blobs.map(\.height) })))
        }
    }

    /// After lines have joined the blocks above them, blocks that are one text, in order.
    private static let joins: [@Sendable ([Block]) -> [Block]] = [
        joinedAcrossBlankLines,   // a blank line or two apart, in one rhythm
        joinedTableColumns,       // columns of monospace type that share their rows
        joinedMarkers,            // a column of marks before the lines they mark
        joinedRowEnds,            // a terminal row's end aligned far right
    ]

    // MARK: Line by line

    /// Row by row, and left to right within a row: the pieces of a table's row come after the
    /// row's first column, whichever of them stands a pixel higher.
    private static func inReadingOrder(_ lines: [Line]) -> [Line] {
        var rows: [[Line]] = []
        for line in lines.sorted(by: { $0.box.y < $1.box.y }) {
            if let last = rows.last, last[0].box.overlapsVertically(line.box) {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        return rows.flatMap { $0.sorted { $0.box.x < $1.box.x } }
    }

    private static func continues(_ block: Block, with piece: Line, mark: Bool = false) -> Bool {
        let line = piece.box
        let size = block.lineHeight
        let ratio = Double(line.height) / max(size, 1)
        // A line of short letters ("raise") is lower than its neighbours; a taller line is
        // larger text. A `mark` alone (a block comment's lone ` *`, drawn alike in its column
        // a line or two away) shows no size of its own.
        guard ratio >= 0.45 || (mark && 2 * line.height <= Int(size)), ratio <= 1.6 else { return false }
        if block.lastRow.overlapsVertically(line) {
            // The rest of a row split at a wide gap (aligned comments, a string token in its
            // own colour, a table's cell), on either side, when the block's columns already
            // reach over it: wider gaps when they reach all across it. Not a column beside the
            // block (columns that share their rows are joined below).
            let gap = Double(max(line.x - block.lastRow.right, block.lastRow.x - line.right))
            let widest = line.right <= block.box.right ? 8 * size : 3.5 * size
            // A deep indent after a gutter's number is a wide gap, under text of the row just
            // above that reaches over where the line starts.
            let spanned = line.x > block.lastRow.right && block.lines.contains { above in
                above.box.bottom <= block.lastRow.y && Double(block.lastRow.y - above.box.bottom) <= size
                    && Double(above.box.x) <= Double(line.x) + size && above.box.right >= line.x
            }
            return (gap <= widest || spanned) && line.x < block.box.right && withinColumns(line, of: block)
                && block.lines.allSatisfy { !$0.box.overlapsVertically(line) || inOnePanel($0, piece) }
        }
        // A row on a ground nearer the block's ink than its ground starts a block of its own:
        // a status bar under an editor's last line, not the highlighted line of a file tree.
        guard 2 * abs(Int(block.ground) - Int(piece.surface.level)) <= max(32, block.inkContrast) else { return false }
        // A block of one low line ("on:") is no guide to the spacing: the taller of the two is.
        let spacing = max(size, Double(line.height))
        let verticalGap = Double(line.y - block.lastRow.bottom)
        return verticalGap >= -spacing / 4 && verticalGap <= 1.0 * spacing && withinColumns(line, of: block)
    }

    /// A row of dots as the block's next row: its dots stand where the next row's baseline
    /// would be, one line pitch (or two, after a blank line) below the last; a block of one
    /// row has no pitch yet, and a line's height or two below it has to do. Or as the rest of
    /// its last row: inside that row's band, right of its glyphs, further than they chain
    /// (an ellipsis indented right of a gutter's line number; a `"""` beside it, whose ticks
    /// reach up to the tall letters' tops, over the digits').
    private static func continues(_ block: Block, withDots dots: Line) -> Bool {
        let reach = max(1, block.lastRow.height / 4)
        let restOfRow = dots.box.y >= block.lastRow.y - reach && dots.box.bottom <= block.lastRow.bottom + 1
            && dots.box.x >= block.lastRow.right && withinColumns(dots.box, of: block)
            && inOnePanel(block.lines[block.lines.count - 1], dots)
        return restOfRow || dots.box.y >= block.lastRow.bottom && onRows(of: block, dots, from: block.lastBaseline, step: 1)
    }

    /// A row of dots as the block's first row: one pitch (or two) above its first baseline.
    /// Marks opening the text may start a dedent's cells left of it (a module docstring's
    /// `"""` in column 0 over its indented heading).
    private static func leads(_ block: Block, withDots dots: Line) -> Bool {
        let dedent = Double(block.box.x - dots.box.x)
        let opens = dedent > 0 && dedent <= TextEvidence.columnsAway * (block.xHeight ?? block.lineHeight / 2)
        return dots.box.bottom <= block.box.y && onRows(of: block, dots, from: block.firstBaseline, step: -1, leftOfColumns: opens)
    }

    /// A row of dots between two of the block's rows, where it has none: a pitch (or two) under
    /// the nearest row of letters above it and over the nearest below, in their panel.
    private static func fillsGap(in block: Block, withDots dots: Line) -> Bool {
        // Rows with a baseline of their own, as `rowBaselines` has them (not a `"""` or a `^^^^`).
        let letters = block.lines.filter { $0.blobs.count >= 3 && !isRunOfMarks($0, lineHeight: block.lineHeight) }
        guard !block.lines.contains(where: { $0.box.overlapsVertically(dots.box) }),
              let above = letters.last(where: { $0.box.bottom <= dots.box.y }),
              let below = letters.first(where: { $0.box.y >= dots.box.bottom }),
              inOnePanel(above, dots), inOnePanel(below, dots)
        else { return false }
        return onRows(of: block, dots, from: above.baseline, step: 1) && onRows(of: block, dots, from: below.baseline, step: -1)
    }

    /// Whether `dots` stand inside a row of the block next to it, in its columns and its
    /// panel: one pitch (or two, across a blank line) from the nearest `baseline`, below it
    /// (`step` 1) or above it (-1). A mark drawn over and over stands where it stands in its
    /// cell: `.` on the baseline, `*` and `"` up to the tall letters' tops.
    private static func onRows(of block: Block, _ dots: Line, from baseline: Int, step: Double, leftOfColumns: Bool = false) -> Bool {
        let nearest = step > 0 ? block.lines[block.lines.count - 1] : block.lines[0]
        guard leftOfColumns || withinColumns(dots.box, of: block), inOnePanel(nearest, dots) else { return false }
        // Marks one a cell, in cells under half as wide as the block's letters, are a smaller
        // type's (a banner of `#` in a code panel two line heights under a slide's title).
        if let cell = dots.markCell, 2 * cell < block.advance { return false }
        let tall = Double(block.letterGlyphHeights.median ?? 0)
        // A block of one row has no pitch yet: a line's height or two away has to do, marks
        // high in their cells (`"`) standing as far over their row's baseline as they are lower
        // than the letters.
        guard let pitch = block.pitch else {
            let drop = step * Double(dots.baseline - baseline)
            let raise = max(0, tall - Double(dots.box.height))
            return step > 0 ? drop >= block.lineHeight - raise && drop <= 2 * block.lineHeight
                : drop >= block.lineHeight && drop <= 2 * block.lineHeight + raise
        }
        let slack = 0.2 * pitch
        return [1.0, 2.0].contains { lines in
            let row = Double(baseline) + step * lines * pitch
            return Double(dots.box.bottom) <= row + slack && Double(dots.box.y) >= row - tall - slack
        }
    }

    // MARK: Rows of bars

    /// `bars` grouped into rows: side by side on one band, two strokes' width apart or less
    /// (dashes that do not touch), and stacked close over the same columns (the two strokes
    /// of `=`, twice their thickness apart or less: a status line's edge under a row of `=`
    /// is further).
    private static func barRows(_ bars: [BoundingBox]) -> [[BoundingBox]] {
        let bars = bars.sorted { $0.y < $1.y }
        var rows = UnionFind(count: bars.count)
        for i in bars.indices {
            for j in bars.indices[(i + 1)...] {
                let (a, b) = (bars[i], bars[j])
                let thick = max(a.height, b.height, 2)
                guard b.y <= a.bottom + 2 * thick else { break }
                let across = min(a.right, b.right) - max(a.x, b.x)
                if (a.overlapsVertically(b) && -across <= 2 * max(a.width, b.width))
                    || across >= min(a.width, b.width) * 8 / 10 {
                    rows.join(i, j)
                }
            }
        }
        return rows.groups().map { $0.map { bars[$0] } }
    }

    /// Whether `row` may be a gutter's number on the row of the bars in `box`: short (five
    /// digits at most, in lines `height` tall) and wholly left of them.
    private static func isGutterNumber(_ row: BoundingBox, leftOf box: BoundingBox, height: Double) -> Bool {
        row.right <= box.x && Double(row.width) <= 3 * height
    }

    /// The baseline of the row of `block` that `bars` would stand on, if they are a row of
    /// symbols in its type (`====`, `----`, `~~~~`), the block being monospace text on
    /// `grid`: the bars are thin beside its letters (little over half its lines' height:
    /// small asterisks touching into one stroke are half of it), cross none of its rows (a
    /// gutter's number beside them stands on their row), and
    /// stand halfway up the x-height of a row on its pitch. An underline, under its row's
    /// letters, stands between rows.
    /// A panel bounds its text: bars inside it, not across it from side to side (a divider),
    /// are on its grid however many blank rows from the block, as long as they start where the
    /// block's lines start or stand among the panel's text (of `textRows`, those in the
    /// panel), at most two rows from a row of it. Without a panel, the bars start in the
    /// block's columns (not left of its text, where a border or the page's rule would start;
    /// a banner drawn glyph by glyph may start a dedent's cells left of it) at most two rows
    /// past its ends, or, a run cells wide inside its columns, among text over them.
    private static func baseline(of box: BoundingBox, bars: [BoundingBox], onRowOf block: Block, grid: Grid,
                                 textRows: [Line]) -> Int? {
        let height = grid.lineHeight
        guard Double(box.height) <= 0.6 * height, bars.allSatisfy({ Double($0.height) <= 0.55 * height }),
              box.x < block.box.right,
              !block.lines.contains(where: { $0.box.overlapsVertically(box) && !isGutterNumber($0.box, leftOf: box, height: height) })
        else { return nil }
        let panel = block.lines[0].surface.panel
        if let panel {
            // A divider crosses the panel from edge to edge, or from left of where its text
            // starts; a banner (which may fill a panel drawn close around its text) starts in
            // the text's first column, give or take its ink's pixel, and stops short of the edge.
            let margin = Int(height)
            let fromFirstColumn = textRows.filter { $0.surface.panel == panel }.map(\.box.x).min().map { box.x >= $0 - 1 } == true
                && box.right < panel.right - 1
            guard panel.intersection(box) == box,
                  box.x > panel.x + margin || box.right < panel.right - margin || fromFirstColumn else { return nil }
        }
        let xHeight = block.xHeight ?? height / 2
        // Without a panel, a rule from further left is the page's, not a row of the block's; a
        // banner drawn glyph by glyph (vim's `~~~~` from column 0, over a lesson indented two)
        // may start a dedent's few cells left of it.
        let dedent = Double(block.box.x - box.x)
        if panel == nil, dedent > height / 4, bars.count < RepeatedGlyphs.shortestRun || dedent > TextEvidence.columnsAway * xHeight {
            return nil
        }
        let first = Double(grid.firstBaseline)
        let middle = Double(box.y + box.bottom) / 2
        // Text double spaced keeps a pitch of two of its lines (a tutor's lessons): bars halfway
        // between two rows stand on the row between, where a line fits (half the pitch is no
        // less than a line's height).
        let pitches = [grid.pitch] + (grid.pitch / 2 >= 0.9 * height ? [grid.pitch / 2] : [])
        // Bars stand halfway up the x-height (`-`, `=`, `~`), or else wholly between a row's
        // baseline and a line's height above it (carets touching into one wave, high in the cell).
        let halfwayUp: [(Double, Double)] = pitches.map { ($0, (middle + xHeight / 2 - first) / $0) }
        let withinARow: [(Double, Double)] = pitches.map { ($0, ((Double(box.bottom) - first) / $0).rounded(.up)) }
        guard let (pitch, steps) = halfwayUp.first(where: { abs($0.1 - $0.1.rounded()) <= 0.25 })
            ?? withinARow.first(where: { pitch, steps in Double(box.y) >= first + steps * pitch - height })
        else { return nil }
        let rows = (Double(grid.lastBaseline) - first) / pitch
        // In a panel, starting where the block's lines start is being one of them, however far
        // below (vim's `~~~~` under a lesson, three blank rows down). Without one, so is a run
        // the font drew cell by cell from there, up to three blank rows past the block's ends
        // (a tutor's closing `~~~~` on a slide), and a run of bars (cells wide, not a stray
        // stroke) within the block's columns that stands among text on its ground is as much
        // its row as bars next to it (less's `~~~~` over a lesson's centred title, the lesson
        // further down).
        let nearText = textRows.contains { row in
            row.surface.panel == panel && sameSurface(row.surface.level, block.ground) && row.box.x < box.right && row.box.right > box.x
                && abs(Double(row.box.y + row.box.bottom) / 2 - middle) <= 2.5 * pitch
        }
        let startsItsLines = abs(Double(box.x - block.box.x)) <= xHeight / 2
        // On a line of the block, or at most `rowsPast` lines before or after it.
        func within(rowsPast: Double) -> Bool { steps.rounded() >= -rowsPast && steps.rounded() <= rows.rounded() + rowsPast }
        let amongText = panel == nil
            ? within(rowsPast: 2)
                || nearText && Double(box.width) >= 2 * height
                    && (Double(box.right) <= Double(block.box.right) + height / 2 || isDrawnInCells(bars, lineHeight: height))
                || startsItsLines && isDrawnInCells(bars, lineHeight: height) && within(rowsPast: 4)
            : startsItsLines || nearText
        guard amongText else { return nil }
        return Int((first + steps.rounded() * pitch).rounded())
    }

    /// Whether `bars` are a font's glyphs, not a drawn rule: a run of pieces one cell apart,
    /// each as wide as its cell or less (a vim tutor's `~~~~` banner, 78 cells wider than the
    /// lesson under it, or its `====`, the two bars of each `=` stacked in one cell). A page's
    /// rule is one stroke.
    static func isDrawnInCells(_ bars: [BoundingBox], lineHeight: Double) -> Bool {
        let bars = CharacterInk.cells(in: bars).map { BoundingBox(x: $0.left, y: $0.top, width: $0.width, height: $0.bottom - $0.top) }
        guard bars.count >= RepeatedGlyphs.shortestRun, let cell = cellStep(bars), cell >= 3, cell <= lineHeight else { return false }
        let centers = bars.map { Double($0.x) + Double($0.width) / 2 }.sorted()
        return zip(centers.dropFirst(), centers).allSatisfy { abs($0 - $1 - cell) <= 1.5 } && bars.allSatisfy { Double($0.width) <= cell + 1 }
    }

    /// Whether `blobs` are glyphs drawn one a cell, eight or more, most of them in two pieces
    /// side by side (a faint banner of small `*`, each cut by the threshold into its left arms
    /// and its right ones): every other step between the pieces is the cell, and joined, the
    /// pieces are glyphs alike (one font draws one glyph alike) a cell apart.
    static func isDrawnInTwoPieces(_ blobs: [BoundingBox]) -> Bool {
        let pieces = CharacterInk.cells(in: blobs)
        let centers = pieces.map(\.center)
        guard let cell = zip(centers.dropFirst(2), centers).map({ $0 - $1 }).median else { return false }
        let glyphs = CharacterInk.joiningPieces(pieces, cell: cell)
        let boxes = glyphs.map { BoundingBox(x: $0.left, y: $0.top, width: $0.width, height: $0.bottom - $0.top) }
        guard boxes.count >= 2 * RepeatedGlyphs.shortestRun, 2 * glyphs.filter({ $0.parts == 2 }).count >= glyphs.count,
              let height = boxes.map(\.height).median, let top = boxes.map(\.y).median else { return false }
        return boxes.allSatisfy { abs($0.height - height) <= 1 && abs($0.y - top) <= 1 } && isDrawnInCells(boxes, lineHeight: .infinity)
    }

    /// The median step between the centres of `marks`, left to right.
    private static func cellStep(_ marks: [BoundingBox]) -> Double? {
        let centers = marks.map { Double($0.x) + Double($0.width) / 2 }.sorted()
        return zip(centers.dropFirst(), centers).map { $0 - $1 }.median
    }

    /// Whether `bars` lie under or over `row`'s columns, at most `gap` above or below it.
    private static func touches(_ bars: BoundingBox, _ row: BoundingBox, within gap: Double) -> Bool {
        min(bars.right, row.right) > max(bars.x, row.x)
            && Double(max(bars.y - row.bottom, row.y - bars.bottom)) <= gap
    }

    /// Where a block's rows stand: its first and last baselines and the pitch between rows,
    /// and how tall its lines are, before rows of bars joined it.
    private struct Grid {
        var firstBaseline: Int
        var lastBaseline: Int
        var pitch: Double
        var lineHeight: Double
    }

    /// The block's pitch, or for a single row (a heading over its rule of `-`) that of the
    /// text in its panel set in the same size: one panel's text keeps one grid. Where no text
    /// of the panel keeps one (each row a block of its own, a docstring double spaced), and on
    /// the page's own ground, the step that the baselines of the text of its size around it
    /// (its own and other blocks', a tutor's lines a blank line or two apart) are all whole
    /// numbers of (see `wholeStep`): at least three baselines tell it.
    private static func pitch(of block: Block, among blocks: [Block]) -> Double? {
        if let pitch = block.pitch { return pitch }
        func sameSize(_ other: Block) -> Bool { abs(other.lineHeight / max(block.lineHeight, 1) - 1) <= 0.15 }
        let panel = block.lines[0].surface.panel
        let alike = blocks.filter { $0.lines[0].surface.panel == panel && sameSize($0) }
        if panel != nil, let pitch = alike.first(where: { $0.pitch != nil })?.pitch { return pitch }
        let size = block.lineHeight
        let reach = 16 * size
        let baselines = alike.flatMap { $0.rowBaselines.compactMap { $0 } }
            .filter { abs(Double($0 - block.firstBaseline)) <= reach }.sorted()
        let steps = zip(baselines.dropFirst(), baselines).map { Double($0 - $1) }.filter { $0 >= size / 2 }
        guard steps.count >= 2, let smallest = steps.min() else { return nil }
        return wholeStep(of: steps, from: smallest, atLeast: 0.9 * size)
    }

    /// The coarsest of `step`, a half, a third or a quarter of it, no smaller than `floor` (a
    /// line's height), that every one of `steps` is a whole number of: rows two and three apart
    /// keep a pitch of one; rows that already keep `step` keep it. Nil when none does.
    static func wholeStep(of steps: [Double], from step: Double, atLeast floor: Double) -> Double? {
        commonStep(of: steps, from: step, atLeast: floor).flatMap { $0.fitting == steps.count ? $0.pitch : nil }
    }

    /// The coarsest of `step`, a half, a third or a quarter of it, no smaller than `floor`, that
    /// the most of `steps` are a whole number of, and how many are; nil where `step` is below
    /// `floor`.
    static func commonStep(of steps: [Double], from step: Double, atLeast floor: Double) -> (pitch: Double, fitting: Int)? {
        let pitches = (1...4).map { step / Double($0) }.prefix { $0 >= floor }
        return pitches.map { pitch in (pitch, steps.filter { abs($0 / pitch - ($0 / pitch).rounded()) <= 0.12 }.count) }
            .max { ($0.1, $0.0) < ($1.1, $1.0) }
    }

    /// Starting inside the block's columns, or a little to their left.
    private static func withinColumns(_ box: BoundingBox, of block: Block) -> Bool {
        let slack = 1.5 * block.lineHeight
        return Double(box.x) >= Double(block.box.x) - slack && Double(box.x) <= Double(block.box.right) + slack / 2
    }

    private static func distance(_ block: Block, _ line: BoundingBox) -> Int {
        max(0, line.y - block.lastRow.bottom) * 4 + abs(line.x - block.box.x)
    }

    // MARK: Across blank lines

    private static func joinedAcrossBlankLines(_ blocks: [Block]) -> [Block] {
        var blocks = blocks.sorted { $0.box.y < $1.box.y }
        var joined = true
        while joined {
            joined = false
            search: for upper in blocks.indices {
                for lower in blocks.indices where lower != upper {
                    let between = blocks.indices.filter { $0 != upper && $0 != lower && isBetween(blocks[$0], blocks[upper], blocks[lower]) }
                    // What lies between, on the rows the rhythm leaves for it, is one of its
                    // lines: a dim comment found only in pieces.
                    guard between.allSatisfy({ sitsOnRows(blocks[$0], between: blocks[upper], and: blocks[lower]) }),
                          keepRhythm(blocks[upper], blocks[lower], rowsBetween: rowCount(between.map { blocks[$0] })) else { continue }
                    for index in between + [lower] { blocks[upper].add(blocks[index]) }
                    for index in ([lower] + between).sorted(by: >) { blocks.remove(at: index) }
                    joined = true
                    break search
                }
            }
        }
        return blocks
    }

    /// Whether `block`, between two blocks that keep one rhythm, stands on their surface, in
    /// their columns (not left of them, where gutters are), and on rows of their pitch.
    private static func sitsOnRows(_ block: Block, between upper: Block, and lower: Block) -> Bool {
        guard let pitch = upper.pitch ?? lower.pitch, sameSurface(block.ground, upper.ground),
              Double(block.box.x) >= Double(min(upper.box.x, lower.box.x)) - upper.lineHeight / 2,
              block.box.x < max(upper.box.right, lower.box.right) else { return false }
        // By where its ink stands, or, for a run of marks hanging high in their cells (a row of
        // `^` under a traceback's line, `'''`), where it reaches up to.
        return block.lines.allSatisfy { line in
            let drops = [line.box.bottom - upper.lastRow.bottom] + (isRunOfMarks(line, lineHeight: upper.lineHeight) ? [line.box.y - upper.lastRow.y] : [])
            return drops.map(Double.init).contains { drop in
                let steps = drop / pitch
                return steps >= 0.8 && abs(steps - steps.rounded()) <= 0.25
            }
        }
    }

    /// Whether `line` is a run of one mark, shorter than letters: mostly strokes drawn alike,
    /// three or more (two alike can be one `"` or a stray mark; it takes three to be a run),
    /// or marks that touch into strokes three letters wide or more.
    private static func isRunOfMarks(_ line: Line, lineHeight: Double) -> Bool {
        guard Double(line.box.height) < 0.6 * lineHeight, let typical = line.blobs.map(\.width).median else { return false }
        if line.blobs.allSatisfy({ Double($0.width) >= 1.5 * lineHeight }) { return true }
        let tallest = line.blobs.map(\.height).max() ?? 0
        let alike = line.blobs.filter { abs($0.width - typical) <= 1 && abs($0.height - tallest) <= 1 }.count
        return alike >= 3 && 3 * alike >= 2 * line.blobs.count
    }

    /// Whether `line` is a banner of one mark: a run of marks cells wide (not one `*` in
    /// pieces), no gap between them wider than a mark (a dim comment's low bits of letters
    /// leave gaps, and wider ones between words).
    private static func isBanner(_ line: Line, lineHeight: Double) -> Bool {
        guard Double(line.box.width) >= 2 * lineHeight, isRunOfMarks(line, lineHeight: lineHeight),
              let width = line.blobs.map(\.width).median else { return false }
        var reach = line.box.x
        for blob in line.blobs.sorted(by: { $0.x < $1.x }) {
            if blob.x - reach > width { return false }
            reach = max(reach, blob.right)
        }
        return true
    }

    /// How many rows `blocks` cover: pieces of one line count once.
    private static func rowCount(_ blocks: [Block]) -> Int {
        var rows: [BoundingBox] = []
        for line in blocks.flatMap(\.lines) where !rows.contains(where: { $0.overlapsVertically(line.box) }) {
            rows.append(line.box)
        }
        return rows.count
    }

    /// Whether `lower` continues `upper`: right below it (a dedent the first pass could not
    /// see coming) or after one or two blank lines, not counting `rowsBetween` rows of
    /// pieces found between them.
    private static func keepRhythm(_ upper: Block, _ lower: Block, rowsBetween: Int = 0) -> Bool {
        guard lower.box.y > upper.box.bottom, withinColumns(lower.box, of: upper),
              sameSurface(upper.ground, lower.ground) else { return false }
        // A banner of marks alone (a closing `=====`) shows no size of its own.
        let marksAlone = [(lower, upper), (upper, lower)].contains { block, other in
            block.lines.allSatisfy { isBanner($0, lineHeight: other.lineHeight) }
        }
        if !marksAlone, let lowerSize = lower.xHeight, let upperSize = upper.xHeight {
            let sizeRatio = lowerSize / max(upperSize, 1)
            guard sizeRatio >= 0.7, sizeRatio <= 1.4 else { return false }
        }
        // Code does not continue prose: monospace and proportional type stay apart.
        if let upperMonospace = upper.isMonospace, let lowerMonospace = lower.isMonospace, upperMonospace != lowerMonospace {
            return false
        }
        let rows = (upper.rowBaselines + lower.rowBaselines).compactMap { $0 }
        if let pitch = (upper.lines.count >= lower.lines.count ? upper.pitch ?? lower.pitch : lower.pitch ?? upper.pitch) {
            let steps = Double(lower.firstBaseline - upper.lastBaseline) / pitch
            // Two blank lines (between top-level definitions) only between real paragraphs:
            // a lone line that far off (a status bar's item) is not part of the text. A banner
            // under the text, starting at its first column (a tutor's `~~~~` three or four blank
            // rows under a lesson), is its row as far below as the text is tall.
            let bannerAtStart = lower.lines.count == 1 && isBanner(lower.lines[0], lineHeight: upper.lineHeight)
                && Double(abs(lower.box.x - upper.box.x)) <= upper.lineHeight / 2
            let widest = max((upper.rowBaselines.count >= 2 && lower.rowBaselines.count >= 2 ? 3.6 : 2.4) + Double(rowsBetween),
                             bannerAtStart ? Double(upper.lines.count) : 0)
            guard let first = rows.first else { return true }
            // Where the two meet, a whole number of rows apart.
            guard steps >= 0.8, steps <= widest, abs(steps - steps.rounded()) <= 0.2, let last = rows.last else { return false }
            // The rows of both on one grid, its pitch measured over their whole span; of five
            // rows or more, one in ten may be off it (a row of brackets hangs below the baseline).
            let span = Double(last - first)
            let grid = span / max(1, (span / pitch).rounded())
            let offsets = rows.map { Double($0 - first) / grid }.map { $0 - $0.rounded() }.sorted()
            let phase = offsets[offsets.count / 2]
            return offsets.filter { abs($0 - phase) > 0.15 }.count <= (rows.count >= 5 ? max(1, rows.count / 10) : 0)
        }
        // Two single lines: a spaced-out list, same size and left edge; in monospace type (a
        // terminal's output), a blank line apart.
        let height = max(upper.lineHeight, lower.lineHeight)
        let glyphRatio = Double(lower.glyphHeights.median ?? 0) / max(Double(upper.glyphHeights.median ?? 0), 1)
        let widest = upper.isMonospace == true && lower.isMonospace == true ? 2.2 : 1.6
        return abs(lower.box.x - upper.box.x) <= Int(height / 2) && glyphRatio >= 0.8 && glyphRatio <= 1.25
            && Double(lower.box.y - upper.box.bottom) <= widest * height
    }

    // MARK: Markers

    /// A narrow column of marks inside a block's box, each before a line of the block on its
    /// row (pytest's `E` before the lines it marks, too far left to join them as they were
    /// found), is part of that block.
    private static func joinedMarkers(_ blocks: [Block]) -> [Block] {
        blocks.joiningPairs(where: { block, marks in
            marks.box.x >= block.box.x && marks.box.right <= block.box.right && marks.box.y >= block.box.y
                && marks.box.bottom <= block.box.bottom && Double(marks.box.width) <= 3 * block.lineHeight
                && sameSurface(block.ground, marks.ground)
                // Each mark stands before a line of the block, on its row.
                && marks.lines.allSatisfy { mark in
                    block.lines.contains { $0.box.overlapsVertically(mark.box) && $0.box.x > mark.box.right }
                }
        }) { block, marks in block.adding(marks) }
    }

    // MARK: Table columns

    /// Columns of monospace type that share their rows (a terminal's `NAME  READY  STATUS`
    /// table, comments aligned far right) are one block, so each row is read whole: a lone
    /// `1/1` or `0` read apart from its row is easily misread. Each pass joins one column to
    /// the block on its left.
    private static func joinedTableColumns(_ blocks: [Block]) -> [Block] {
        blocks.joiningPairs(where: continuesRows) { left, right in left.adding(right) }
    }

    /// Whether most rows of `right` continue rows of `left` on the same surface, in type of the
    /// same size, and one of the two is set in monospace type (prose beside a code panel keeps
    /// its own rhythm). The column is the narrower: code beside its line numbers or beside a
    /// file tree is read apart from them (a dim gutter has its own contrast).
    private static func continuesRows(of left: Block, with right: Block) -> Bool {
        guard right.box.x > left.box.x, right.box.width < left.box.width,
              sameSurface(left.ground, right.ground) else { return false }
        guard let leftSize = left.xHeight, let rightSize = right.xHeight else { return false }
        let sizeRatio = rightSize / max(leftSize, 1)
        guard sizeRatio >= 0.7, sizeRatio <= 1.4, left.isMonospace == true || right.isMonospace == true else { return false }
        // The gap between the columns: from the longest of the rows they share (a short cell
        // leaves a wide gap on its own row).
        let shared = left.lines.filter { row in right.lines.contains { row.box.overlapsVertically($0.box) } }
        guard let columnEnd = shared.map(\.box.right).filter({ $0 <= right.box.x + 2 }).max(),
              Double(right.box.x - columnEnd) <= 15 * left.lineHeight else { return false }
        let continued = right.lines.filter { line in
            left.lines.contains { row in row.box.overlapsVertically(line.box) && line.box.x >= row.box.right - 2 && inOnePanel(row, line) }
        }.count
        // One line is the rest of a row, a little apart (a line number's code, coloured apart).
        if right.lines.count == 1 && continued == 1 { return Double(right.box.x - columnEnd) <= 3.5 * left.lineHeight }
        return continued >= 2 && Double(continued) >= 0.8 * Double(right.lines.count)
    }

    // MARK: Row ends

    /// A short piece far right of one of a terminal's rows, its glyphs as tall, the last thing
    /// on that row with nothing between them: the end of that row, aligned to the terminal's
    /// edge (pytest's `[100%]` after its dots). Editor tabs beside a file tree's header are
    /// several in a row, so none of them is last with nothing between.
    private static func joinedRowEnds(_ blocks: [Block]) -> [Block] {
        var blocks = blocks
        search: while true {
            for left in blocks.indices {
                for right in blocks.indices where right != left {
                    guard let row = rowEnded(in: blocks[left], by: blocks[right]) else { continue }
                    let band = BoundingBox(left: row.right, top: row.y, right: Int(Int32.max), bottom: row.bottom)
                    guard !blocks.indices.contains(where: { $0 != left && $0 != right && blocks[$0].box.intersection(band) != nil })
                    else { continue }
                    blocks[left].add(blocks[right])
                    blocks.remove(at: right)
                    continue search
                }
            }
            return blocks
        }
    }

    /// The row of `block` that `piece` ends, if it is a short line on that row's baseline, right
    /// of it, on the same surface and in the same panel, and `block` is monospace text of five
    /// rows or more.
    private static func rowEnded(in block: Block, by piece: Block) -> BoundingBox? {
        guard piece.lines.count == 1, piece.lines[0].blobs.count <= 12, block.isMonospace == true, block.rowBaselines.count >= 5,
              piece.box.x > block.box.x, sameSurface(block.ground, piece.ground),
              abs(Double(piece.glyphHeights.median ?? 0) / Double(block.glyphHeights.median ?? 0) - 1) <= 0.3,
              let row = block.lines.filter({ abs($0.baseline - piece.lines[0].baseline) <= 2 }).max(by: { $0.box.right < $1.box.right }),
              row.box.right < piece.box.x, inOnePanel(row, piece.lines[0]) else { return nil }
        return row.box
    }

    /// A block between two others, overlapping their columns: they are not neighbours.
    private static func isBetween(_ block: Block, _ upper: Block, _ lower: Block) -> Bool {
        block.box.y >= upper.box.bottom && block.box.bottom <= lower.box.y
            && block.box.x < max(upper.box.right, lower.box.right) && block.box.right > min(upper.box.x, lower.box.x)
    }

    // MARK: Helpers

    /// Grounds within a few levels of each other: the same surface, despite compression noise
    /// and a highlighted current line.
    static func sameSurface(_ a: UInt8, _ b: UInt8) -> Bool {
        abs(Int(a) - Int(b)) <= 16
    }

    /// Pieces of one row in one panel (or both in none): two cards side by side, alike in
    /// colour, are apart whatever their rows.
    private static func inOnePanel(_ a: Line, _ b: Line) -> Bool {
        a.surface.panel == b.surface.panel
    }

    /// Whether `blobs` are a row of dots alone (pytest's `.........`, small asterisks whose
    /// hubs fell under the threshold, the ticks of a small `"""`): three or more specks of one
    /// size, on one level, side by side (the spokes of one faint `*` overlap), too small to be
    /// a line of their own (bigger ones make a line tall enough to be measured like others).
    /// Not twice as wide as tall: those are dashes, and go with the bars.
    static func isDotRow(_ blobs: [BoundingBox]) -> Bool {
        (blobs.first?.height ?? 0) <= 4 && isMarkRow(blobs)
    }

    /// The marks of a row, left to right, with pieces of one mark joined: pieces stand no
    /// further apart than the narrower is wide; marks, a cell apart, further. Only where
    /// `joins(mark so far, piece)` allows it (wide marks close together are not one).
    static func joiningPieces(_ blobs: [BoundingBox], joins: (BoundingBox, BoundingBox) -> Bool = { _, _ in true }) -> [BoundingBox] {
        let sorted = blobs.sorted { $0.x < $1.x }
        var marks: [BoundingBox] = []
        for (blob, previous) in zip(sorted, [nil] + sorted.map(Optional.some)) {
            if let previous, let last = marks.last, blob.x - previous.right <= min(blob.width, previous.width), joins(last, blob) {
                marks[marks.count - 1] = last.union(blob)
            } else {
                marks.append(blob)
            }
        }
        return marks
    }

    /// Whether `blobs` are three (`fewest`) or more specks of one size on one level, side by
    /// side, of any size: dots, or the marks of a larger `"""` or `...`; or three or more marks
    /// so once the pieces of each are taken together (a `"`'s two ticks a pixel apart, which
    /// antialiasing joins into one blob in one quote of three and not in the others).
    static func isMarkRow(_ blobs: [BoundingBox], fewest: Int = 3) -> Bool {
        guard blobs.count >= fewest else { return false }
        // Square give or take a pixel, narrower (a tick), or up to twice as wide as tall less a pixel.
        func isSpeck(_ dot: BoundingBox) -> Bool { dot.width <= max(dot.height + 1, 2 * dot.height - 1) }
        func alike(_ marks: [BoundingBox]) -> Bool {
            guard marks.count >= fewest, let first = marks.first else { return false }
            return marks.allSatisfy { dot in
                isSpeck(dot) && abs(dot.width - first.width) <= 1 && abs(dot.height - first.height) <= 1
                    && abs(dot.bottom - first.bottom) <= 1
            } && zip(marks, marks.dropFirst()).allSatisfy { $1.x > $0.right }
        }
        // Or a mark's pieces side by side (a `"`'s ticks) joined only while they keep a mark's
        // shape, where marks stand closer than a mark is wide (bold quotes a cell apart).
        return alike(blobs.sorted { $0.x < $1.x }) || alike(joiningPieces(blobs))
            || alike(joiningPieces(blobs) { mark, piece in piece.x >= mark.right && isSpeck(mark.union(piece)) })
    }


    /// Line pieces that share a row become one row.
    private static func mergedRows(_ lines: [Line]) -> [TextBlock.Row] {
        var rows: [TextBlock.Row] = []
        for line in lines.sorted(by: { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }) {
            if let last = rows.last, last.box.overlapsVertically(line.box) {
                rows[rows.count - 1].box = last.box.union(line.box)
                rows[rows.count - 1].glyphs += line.blobs
            } else {
                rows.append(TextBlock.Row(box: line.box, glyphs: line.blobs))
            }
        }
        return rows.map { row in
            var row = row
            row.glyphs.sort { $0.x < $1.x }
            return row
        }
    }

    /// The x-height OCR scales for: the median height of the blobs that are letters, mostly
    /// small ones, not the marks far lower than the tall glyphs (dots, dashes, the bars of `=`
    /// and `_` in a rule of them, which would make the text look tiny and be enlarged 4 times).
    static func xHeight(_ heights: [Int]) -> Double {
        let sorted = heights.sorted()
        guard let tallest = sorted.last else { return 0 }
        let tall = Double(sorted[sorted.count * 9 / 10])
        let letters = sorted.filter { Double($0) >= 0.4 * tall }
        return Double((letters.isEmpty ? [tallest] : letters).median ?? 0)
    }
}

/// Small marks (shorter than a letter row needs to stand alone) and where else the same mark
/// stands: a mark of one size in one column, a few of its heights above or below, is the same
/// character drawn again by the same font (`*` down a block comment), which grain does not do.
private struct RepeatedMarks {
    private struct Shape: Hashable {
        var x: Int
        var width: Int
        var height: Int
    }
    private var tops: [Shape: [Int]] = [:]
    /// How far apart, in the mark's heights, the marks of one column may stand: two lines.
    private static let reach = 12

    init(_ boxes: [BoundingBox]) {
        for box in boxes where box.height >= 5 && box.height < 8 {
            tops[Shape(x: box.x, width: box.width, height: box.height), default: []].append(box.y)
        }
    }

    /// Whether a mark like `box` (give or take a pixel in place and size) stands above or below it.
    func contains(_ box: BoundingBox) -> Bool {
        guard box.height >= 5, box.height < 8 else { return false }
        for dx in -1...1 {
            for dw in -1...1 {
                for dh in -1...1 {
                    let shape = Shape(x: box.x + dx, width: box.width + dw, height: box.height + dh)
                    if tops[shape]?.contains(where: { $0 != box.y && abs($0 - box.y) <= Self.reach * box.height }) == true {
                        return true
                    }
                }
            }
        }
        return false
    }
}
