/// Whether ink found on a frame is text, before it is laid out and read.
///
/// Text is set as rows of letters: marks of about one size (x-height to cap height), each no
/// wider than a couple of its heights, standing on one baseline a letter's spacing apart. Every
/// font and size framegrab reads is set that way; little else on a frame is. Noise and grain
/// make marks whose bottoms fall anywhere; a camera picture makes shapes of every size; test
/// patterns make bars, dots and steps, mostly spaced wider than letters. So a row with three
/// such letters in a run on its baseline, most of its letters, is evidence of text. (A grid
/// of squares as far apart as they are wide, testsrc2's checkerboard, passes; OCR reads
/// nothing there that becomes a region.)
///
/// Short rows carry no evidence of their own (a lone `}`, `*/`, `--`, a row of dots, a dedented
/// word, a gutter's `17`): they are text when they stand beside text, as they do in code and
/// prose. Text rows close above and below each other share their columns (a code panel's, from
/// its least indented row); a row is kept within `rowsAway` letter heights above or below a
/// text row, inside those columns widened by `columnsAway` letter heights, and no taller than
/// `tallestRow` of them (but for one shape a line's pitch tall over it: a block cursor); or
/// anywhere along a text row's baseline in type of its size (a gutter's numbers, a status
/// bar's items, a table's far column). Rows kept that way reach on,
/// `deepestContext` rows at most (`}` `}` `}` closing three blocks), so that a chance row in a
/// picture cannot spread through it. A panel that holds a text row (a code card, an editor pane, a
/// terminal window: `BackgroundMap.panels`) holds text: a short row in it is kept however many
/// blank lines stand between it and that text (`=pod` between blank lines, `1;` or `}` after one),
/// as the layout reads it with the rest of its panel. Everything else is left out before lines
/// become blocks: the layout and OCR after it spend their time on ink that looks like text.
enum TextEvidence {
    /// A row known to be text already, that rows beside it can lean on: the bright text, for the
    /// dim text looked for around it.
    struct Anchor: Sendable {
        var box: BoundingBox
        var letterHeight: Int
        /// What its letters show, when it is a row with evidence of its own.
        var text: TextRow? = nil
    }

    /// What a text row's letters show: their size and where they stand.
    struct TextRow: Equatable {
        /// The median height of the letters on the baseline.
        var letterHeight: Int
        /// The tallest of them (ascenders, capitals, digits).
        var tallest: Int
        var top: Int
        var baseline: Int
    }

    /// Letters on one baseline a row needs: two marks in line happen by chance in any picture
    /// (two bars of a test pattern, two grains), three of a letter's size and spacing do not.
    static let fewestLetters = 3
    /// The lowest mark that counts as a letter, in pixels: below it no font is legible (and
    /// the specks of grain and the cells of a pattern are that small).
    static let smallestLetter = 4
    /// Share of a row's letters on its baseline: descenders (`g`, `p`, `y`), brackets and
    /// commas hang below it, but not most of a row.
    static let letterShare = 0.5
    /// How far off the baseline a letter may end, in letter heights (round letters overshoot
    /// it, thresholding moves an edge by a pixel), at least a pixel.
    static let baselineSlack = 0.1
    /// The widest a letter's mark is, in its heights (`m`, `w`, `%`, two touching letters).
    static let widestLetter = 2.0
    /// The widest gap inside a word, in letter heights: letters are spaced closer than that,
    /// the bars and dots of most test patterns further apart.
    static let widestLetterGap = 1.0
    /// How far from text a row may stand and still be read with it, in letter heights: from a
    /// text row's baseline to the next row's top (a line's pitch is 2 to 2.7 letter heights,
    /// its ascenders take one of them back), and left or right of the text's columns (a dedent
    /// of several cells).
    static let rowsAway = 2.5
    static let columnsAway = 8.0
    /// The widest pitch of lines, in letter heights (measured up to 2.7), with a little room.
    static let widestPitch = 2.8
    /// The tallest row beside text, in its letter heights: a taller one is something else.
    static let tallestRow = 2.5
    /// How much taller than a text row's tallest letters the tallest mark of a row along its
    /// baseline may be: type of one size (digits no taller than ascenders), not a shape of
    /// about it. Its marks are letters, as tall as the text's small letters at least.
    static let sameType = 0.15
    /// Rows that lean on text through other such rows, at most.
    static let deepestContext = 3

    /// The rows of `rows` (each row's blob boxes, as lines chained them) that are text, in their
    /// order: rows with evidence of their own, without any shape chained to them far taller
    /// than their letters (the edge of a picture, a test pattern's band), rows beside them or
    /// beside `anchors`, and rows in the same panel as one of those (`panel` tells the panel a
    /// box stands in, nil on the picture's own ground).
    static func textRows(_ rows: [[BoundingBox]], beside anchors: [Anchor] = [],
                         panel: (BoundingBox) -> BoundingBox? = { _ in nil }) -> [[BoundingBox]] {
        struct Reach {
            var letterHeight: Int
            var left: Int
            var right: Int
            /// 0 for a text row, the rows leaned on since the last one otherwise.
            var depth: Int
        }
        func columns(of box: BoundingBox, letterHeight: Int) -> (left: Int, right: Int) {
            let widening = Int(columnsAway * Double(letterHeight))
            return (box.x - widening, box.right + widening)
        }
        let boxes = rows.map { row in row.dropFirst().reduce(row[0]) { $0.union($1) } }
        let textRows = rows.map(textRow)
        let evidence = rows.indices.filter { textRows[$0] != nil }
        // Where a text row's letters stand: a chain can hold a taller shape beside them.
        var bands: [Int: BoundingBox] = [:]
        for index in evidence {
            guard let row = textRows[index] else { continue }
            bands[index] = BoundingBox(left: boxes[index].x, top: row.top, right: boxes[index].right, bottom: row.baseline)
        }
        var reaches = [Reach?](repeating: nil, count: rows.count)
        let evidenceColumns = sharedColumns(evidence.map { (bands[$0] ?? boxes[$0], textRows[$0]?.letterHeight ?? 1) })
        for (index, columns) in zip(evidence, evidenceColumns) {
            reaches[index] = Reach(letterHeight: textRows[index]?.letterHeight ?? 1, left: columns.left, right: columns.right, depth: 0)
        }
        // The anchors share their columns as text rows do: a deeply indented bright row reaches
        // the dim gutter its panel's least indented rows reach.
        let anchorColumns = sharedColumns(anchors.map { ($0.box, max(1, $0.letterHeight)) })
        var sources: [(text: TextRow?, band: BoundingBox, reach: Reach)] = zip(anchors, anchorColumns).map { anchor, columns in
            (anchor.text, anchor.box, Reach(letterHeight: max(1, anchor.letterHeight), left: columns.left, right: columns.right, depth: 0))
        }
        for index in evidence {
            guard let band = bands[index], let reach = reaches[index] else { continue }
            sources.append((textRows[index], band, reach))
        }

        // The rows without evidence, top to bottom, for looking up the ones near a source.
        let others = rows.indices.filter { textRows[$0] == nil }.sorted { boxes[$0].y < boxes[$1].y }
        let tops = others.map { boxes[$0].y }
        let tallestOther = others.map { boxes[$0].height }.max() ?? 0
        let marks = rows.map(markRow)
        let markBoxes = marks.map { $0.map { $0.dropFirst().reduce($0[0]) { $0.union($1) } } }
        let standingOut = rows.map(shapeStandingOut)
        // How tall a row stands in type `letterHeight` high: without a shape a cell tall over it
        // (a block cursor on a docstring's closing `"""` fills the line's whole pitch).
        func height(of index: Int, letterHeight: Int) -> Int {
            guard let shape = standingOut[index], Double(shape.height) <= widestPitch * Double(letterHeight) else {
                return boxes[index].height
            }
            let rest = rows[index].filter { $0 != shape }
            return rest.dropFirst().reduce(rest[0]) { $0.union($1) }.height
        }

        let leaning = sources
        while let (text, band, source) = sources.popLast() {
            let away = Int(rowsAway * Double(source.letterHeight))
            let twoLines = Int(2 * widestPitch * Double(source.letterHeight))
            // The rows within two lines of the band: beside it, or along its baseline.
            var position = firstIndex(in: tops, notBelow: band.y - twoLines - tallestOther)
            while position < others.count, tops[position] <= band.bottom + twoLines {
                let index = others[position]
                position += 1
                let dots = marks[index] != nil, other = markBoxes[index] ?? boxes[index]
                // A row of dots is as low as a period: it stands where a row's baseline would,
                // so it is measured baseline to baseline, a line or two away; so is a row of
                // another mark as low (`=====` under a blank line), and any row of marks alike
                // standing apart, too small to measure a line by (a docstring's closing `"""`
                // between blank lines: its ticks stand where capitals start), no taller than a
                // letter (larger shapes evenly spaced, bullets or a diagram's nodes, are no marks).
                // Marks alike as tall as letters, each taller than wide and no taller than the
                // text's own tallest letters, are letters (`OK \`, `}}}`): a row beside text.
                let besideText = Double(min(other.height, height(of: index, letterHeight: source.letterHeight)))
                    <= tallestRow * Double(source.letterHeight) && max(other.y - band.bottom, band.y - other.bottom) <= away
                let letterShaped = marks[index].map { marks in
                    marks.allSatisfy { $0.width < $0.height } && text.map { other.height <= $0.tallest + 1 } == true
                } ?? false
                let near = dots
                    ? other.height <= source.letterHeight ? max(other.bottom - band.bottom, band.y - other.y) <= twoLines
                                                          : letterShaped && besideText
                    : besideText
                let inColumns = other.x <= source.right && other.right >= source.left
                guard near && inColumns || (!dots && text.map { isAlongBaseline(rows[index], of: $0) } == true) else { continue }
                let own = columns(of: other, letterHeight: source.letterHeight)
                var next = Reach(letterHeight: source.letterHeight, left: own.left, right: own.right, depth: source.depth + 1)
                if near && inColumns {
                    next.left = min(next.left, source.left)
                    next.right = max(next.right, source.right)
                }
                if let known = reaches[index] {
                    // Reached again from nearer text, or with wider columns: it reaches on with those.
                    guard next.depth < known.depth || next.left < known.left || next.right > known.right else { continue }
                    next.depth = min(next.depth, known.depth)
                    next.left = min(next.left, known.left)
                    next.right = max(next.right, known.right)
                }
                reaches[index] = next
                // A row of marks reaches the rows beside it as its marks stand (the `*/` under a
                // comment's `-----`); a row of dots is too low to measure anything beside it by
                // (and dots a line apart are a grid, not text).
                if next.depth < deepestContext && !(marks[index].map(TextBlockAssembler.isDotRow) ?? false) {
                    sources.append((textRows[index], other, next))
                }
            }
        }
        // Rows in a panel that holds text: the panel's letter height is its text rows' median.
        var panelLetters: [BoundingBox: [Int]] = [:]
        for source in leaning {
            if let box = panel(source.band) { panelLetters[box, default: []].append(source.reach.letterHeight) }
        }
        if !panelLetters.isEmpty {
            for index in others where reaches[index] == nil {
                guard let box = panel(boxes[index]), let heights = panelLetters[box]?.sorted() else { continue }
                let letterHeight = heights[heights.count / 2]
                guard Double(height(of: index, letterHeight: letterHeight)) <= tallestRow * Double(letterHeight) else { continue }
                let own = columns(of: boxes[index], letterHeight: letterHeight)
                reaches[index] = Reach(letterHeight: letterHeight, left: own.left, right: own.right, depth: 1)
            }
        }
        return rows.indices.filter { reaches[$0] != nil }.map { index in
            guard let text = textRows[index] else { return rows[index] }
            return rows[index].filter { Double($0.height) <= tallestRow * Double(text.letterHeight) }
        }
    }

    /// The marks alike `row` is, if it is a row of them (`isMarkRow`, dots and quotes, or
    /// `isRunOfOneMark`), but for one shape taller than all of them over it, which is none of
    /// its marks: a mouse pointer resting on a `-----` rule, a block cursor on it (and what of
    /// it stands in its columns, cut off by vim's cursor line).
    static func markRow(_ row: [BoundingBox]) -> [BoundingBox]? {
        func isMarks(_ marks: [BoundingBox]) -> Bool { TextBlockAssembler.isMarkRow(marks) || isRunOfOneMark(marks) }
        var marks = row
        if !isMarks(row), let tallest = shapeStandingOut(row) {
            marks = row.filter { $0.x >= tallest.right || $0.right <= tallest.x }
        }
        return isMarks(marks) ? marks : nil
    }

    /// The one shape of `row` taller than all its others by more than a pixel (a block cursor,
    /// a mouse pointer), if there is one.
    private static func shapeStandingOut(_ row: [BoundingBox]) -> BoundingBox? {
        let byHeight = row.sorted { $0.height < $1.height }
        guard byHeight.count >= 2, let tallest = byHeight.last, tallest.height > byHeight[byHeight.count - 2].height + 1 else { return nil }
        return tallest
    }

    /// Whether `row` is one mark drawn over and over (the bars of `=====`, small `*`): four
    /// marks or more, all of one size, no taller than the lowest letter.
    static func isRunOfOneMark(_ row: [BoundingBox]) -> Bool {
        guard row.count >= 4, let first = row.first, first.height <= smallestLetter else { return false }
        return row.allSatisfy { abs($0.width - first.width) <= 1 && abs($0.height - first.height) <= 1 }
    }

    /// What the letters of `row` show when the row is evidence of text (see the type's summary);
    /// nil when it is not.
    static func textRow(_ row: [BoundingBox]) -> TextRow? {
        guard row.count >= fewestLetters else { return nil }
        let heights = row.map(\.height).sorted()
        // Letters, not the marks far lower than the row's tall glyphs: dots, commas, dashes.
        let tall = Double(heights[heights.count * 9 / 10])
        let letters = row.filter { $0.height >= smallestLetter && Double($0.height) >= 0.4 * tall }.sorted { $0.x < $1.x }
        guard letters.count >= fewestLetters else { return nil }
        let baseline = letters.map(\.bottom).sorted()[letters.count / 2]
        let size = letters.map(\.height).sorted()[letters.count / 2]
        let slack = slack(size)
        let onBaseline = letters.map { letter in
            abs(letter.bottom - baseline) <= slack && 2 * letter.height >= size && letter.height <= 2 * size
                && Double(letter.width) <= widestLetter * Double(letter.height)
        }
        let standing = zip(letters, onBaseline).filter(\.1).map(\.0)
        guard standing.count >= fewestLetters, Double(standing.count) >= letterShare * Double(letters.count) else { return nil }
        let letterHeight = standing.map(\.height).sorted()[standing.count / 2]
        // Three of them in one run of letters, no gap in it wider than a letter height: a word.
        var run = 0, longest = 0
        var right: Int?
        for (letter, standsOnBaseline) in zip(letters, onBaseline) {
            if let right, Double(letter.x - right) > widestLetterGap * Double(letterHeight) { run = 0 }
            if standsOnBaseline {
                run += 1
                longest = max(longest, run)
            }
            right = max(right ?? letter.right, letter.right)
        }
        guard longest >= fewestLetters else { return nil }
        return TextRow(letterHeight: letterHeight, tallest: standing.map(\.height).max() ?? letterHeight,
                       top: standing.map(\.y).min() ?? baseline - letterHeight, baseline: baseline)
    }

    /// Whether `row` stands on `text`'s baseline in type of its size.
    private static func isAlongBaseline(_ row: [BoundingBox], of text: TextRow) -> Bool {
        let bottom = row.map(\.bottom).max() ?? 0, tallest = row.map(\.height).max() ?? 0
        return abs(bottom - text.baseline) <= slack(text.letterHeight)
            && tallest >= text.letterHeight && Double(tallest) <= (1 + sameType) * Double(text.tallest)
    }

    private static func slack(_ letterHeight: Int) -> Int {
        max(1, Int((baselineSlack * Double(letterHeight)).rounded()))
    }

    /// The columns of each text row (its band, where its letters stand, and its letter height):
    /// its own, widened by `columnsAway`, and those of the text rows close above and below whose
    /// columns meet them, so that a panel's rows share the columns of its least and most
    /// indented rows.
    private static func sharedColumns(_ rows: [(band: BoundingBox, letterHeight: Int)]) -> [(left: Int, right: Int)] {
        let order = rows.indices.sorted { rows[$0].band.y < rows[$1].band.y }
        var own: [(left: Int, right: Int)] = order.map { index in
            let widening = Int(columnsAway * Double(rows[index].letterHeight))
            return (rows[index].band.x - widening, rows[index].band.right + widening)
        }
        var groups = UnionFind(count: order.count)
        for a in order.indices {
            let upper = rows[order[a]].band
            let away = Int(rowsAway * Double(rows[order[a]].letterHeight))
            for b in order.indices.dropFirst(a + 1) {
                let lower = rows[order[b]].band
                if lower.y - upper.bottom > away + upper.height { break }
                if lower.y - upper.bottom <= away, own[a].left <= own[b].right, own[a].right >= own[b].left { groups.join(a, b) }
            }
        }
        for group in groups.groups() {
            let left = group.map { own[$0].left }.min() ?? 0, right = group.map { own[$0].right }.max() ?? 0
            for member in group { own[member] = (left, right) }
        }
        var columns = own
        for (position, index) in order.enumerated() { columns[index] = own[position] }
        return columns
    }

    /// The first position in the ascending `values` holding `value` or more.
    private static func firstIndex(in values: [Int], notBelow value: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
