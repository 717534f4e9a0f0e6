/// Code on its monospace grid: indentation and spacing from the ink (see `CodeIndenter`).
struct CodeLayout: CharacterPass {
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code else { return }
        CodeIndenter.layOut(&region)
    }
}

/// Lays code out as it was typed. OCR drops leading spaces and splits or joins words around
/// punctuation (`endElement)` + `;`, `p +1`), so spacing comes from the pixels instead: in a
/// monospace font every character sits in a cell of one width, and the ink blobs of a line show
/// which cells hold a character. When OCR read as many characters as there are occupied cells,
/// the characters go into those cells and every other cell is a space. Otherwise words are
/// placed by the gaps between them. Blank lines come back from the steps between the rows'
/// baselines, or else from the vertical gaps.
enum CodeIndenter {
    /// The rows of a code region placed on its grid: each character's column and ink where
    /// they are known, the spaces before it, each row's indent and baseline, and the grid itself.
    static func layOut(_ region: inout ReadRegion) {
        var lines = region.lines
        let glyphs = region.rows.map(\.glyphs)
        guard let cell = cellWidth(glyphs: glyphs, lines: lines) else {
            for index in region.rows.indices { region.rows[index].indent = 0 }
            return
        }
        let cells = glyphs.map { CharacterInk.cells(in: $0) }
        let letterHeight = Double(cells.flatMap { $0.map { $0.bottom - $0.top } }.median ?? 0)
        let rows = cells.map { CharacterInk.joiningPieces($0, cell: cell) }
        // Column 0 is where the leftmost line starts; lines with no words (a numbered empty
        // row of a gutter) have no start.
        let origin = lines.indices.filter { !lines[$0].words.isEmpty }.compactMap { index in
            rows[index].first.map { $0.firstCenter(cell: cell) } ?? Double(lines[index].box.x) + cell / 2
        }.min() ?? 0

        // Characters matched to the cells that drew them, where OCR and the ink agree: a whole
        // line (once its underscores are the ones the ink shows), or else the words whose
        // cells hold exactly their characters.
        var placements: [Placement?] = []
        for index in lines.indices {
            let once = readOnce(region.rows[index], inks: rows[index], cell: cell, origin: origin, xHeight: Double(region.block.xHeight),
                                picture: region.picture)
            if once != region.rows[index] {
                region.rows[index] = once
                lines[index] = once.line
            }
            if !lines[index].words.isEmpty,
               let filled = Underscores.filled(region.rows[index], inks: rows[index], cell: cell, letterHeight: letterHeight,
                                               picture: region.picture) {
                region.rows[index].characters = filled.characters
                placements.append(Placement(characters: filled.characters.map(\.value),
                                            columns: occupiedColumns(filled.inks, cell: cell, origin: origin),
                                            inks: inks(of: filled.inks, cell: cell), confidences: filled.characters.map(\.confidence),
                                            whole: true))
                continue
            }
            let columns = occupiedColumns(rows[index], cell: cell, origin: origin)
            let characters = region.rows[index].characters.map(\.value)
            if lines[index].words.isEmpty || columns.isEmpty {
                placements.append(nil)
            } else if columns.count == characters.count && wordsStart(lines[index].words, on: rows[index], cell: cell) {
                placements.append(Placement(characters: characters, columns: columns, inks: inks(of: rows[index], cell: cell),
                                            confidences: region.rows[index].characters.map(\.confidence), whole: true))
            } else {
                placements.append(wordPlacement(lines[index].words, row: rows[index], cell: cell, origin: origin))
            }
        }
        // The font is measured on the letters OCR was sure of, where they show it: a banner's
        // asterisks read as `wom` or `OIGS` are as low as an x-height, and end above the baseline.
        let characters = placements.map { $0?.characters ?? [] }
        let allInks = placements.map { $0?.inks ?? [] }
        let sureInks = placements.map { placement in
            placement.map { zip($0.inks, $0.confidences).map { $1 >= ReadRegion.minimumConfidence ? $0 : nil } } ?? []
        }
        let xHeight = [sureInks, allInks].lazy.map { PunctuationShapes.xHeight(characters, inks: $0) }.first { $0 > 0 } ?? 0
        let sureShowBaselines = zip(characters, sureInks).contains { PunctuationShapes.shownBaseline($0, inks: $1, xHeight: xHeight) != nil }
        // Rows' tops, bottoms and middles from their ink (OCR boxes a lone `_` of a row of `~~~~` low).
        let tops = zip(glyphs, lines).map { glyphs, line in Double(glyphs.map(\.y).min() ?? line.box.y) }
        let bottoms = zip(glyphs, lines).map { glyphs, line in Double(glyphs.map(\.bottom).max() ?? line.box.bottom) }
        let middles = zip(tops, bottoms).map { ($0 + $1) / 2 }
        let (baselines, pitch) = PunctuationShapes.baselineGrid(characters, inks: sureShowBaselines ? sureInks : allInks,
                                                                middles: middles, edges: [tops, bottoms], xHeight: xHeight)
        region.grid = ReadRegion.Grid(cell: cell, origin: origin, xHeight: xHeight, pitch: pitch)

        for index in region.rows.indices {
            region.rows[index].baseline = baselines[index]
            guard !lines[index].words.isEmpty else {
                region.rows[index].indent = 0
                continue
            }
            if let placement = placements[index] {
                for (position, (column, ink)) in zip(placement.columns, placement.inks).enumerated() {
                    region.rows[index].characters[position].column = column
                    region.rows[index].characters[position].ink = ink
                }
            }
            if let placement = placements[index], placement.whole {
                region.rows[index].isOnGrid = true
                region.rows[index].indent = placement.columns[0]
                for position in region.rows[index].characters.indices.dropFirst() {
                    region.rows[index].characters[position].spacesBefore = placement.columns[position] - placement.columns[position - 1] - 1
                }
            } else {
                // Spaced as OCR found the words.
                region.rows[index].indent = max(0, column(of: lines[index].box.x, cell: cell, origin: origin))
                let words = lines[index].words
                for (word, range) in region.rows[index].wordRanges.enumerated().dropFirst() {
                    region.rows[index].characters[range.lowerBound].spacesBefore = spaces(between: words[word - 1], and: words[word], cell: cell)
                }
            }
        }
    }

    /// A line's characters, the grid column of each, and the ink that drew it where known;
    /// `whole` when every character was matched to its cell.
    struct Placement {
        var characters: [Character]
        var columns: [Int]
        var inks: [CharacterInk?]
        /// How sure OCR was of the word each character was read in.
        var confidences: [Double]
        var whole: Bool
    }

    /// The characters of a line whose ink and OCR disagree in number, matched to their cells
    /// word by word: a word whose columns are each a cell of one character, no more and no
    /// fewer, with its first and last ink where OCR boxed the word. Nil when no word is.
    private static func wordPlacement(_ words: [Word], row: [CharacterInk], cell: Double, origin: Double) -> Placement? {
        let columns = occupiedColumns(row, cell: cell, origin: origin)
        let occupied = Set(columns)
        // Only a cell of one character is its ink; touching characters give none.
        var inkAt: [Int: CharacterInk] = [:]
        for (column, ink) in zip(columns, inks(of: row, cell: cell)) where ink != nil { inkAt[column] = ink }
        var placement = Placement(characters: [], columns: [], inks: [], confidences: [], whole: false)
        var matchedAny = false
        for word in words {
            let text = Array(word.text.filter { !$0.isWhitespace })
            guard !text.isEmpty else { continue }
            let start = column(of: word.box.x, cell: cell, origin: origin)
            let span = start..<(start + text.count)
            let matched = span.allSatisfy { inkAt[$0] != nil } && !occupied.contains(span.lowerBound - 1)
                && !occupied.contains(span.upperBound)
                && abs(Double(inkAt[span.lowerBound]?.left ?? .min) - Double(word.box.x)) <= 0.25 * cell
                && abs(Double(inkAt[span.upperBound - 1]?.right ?? .min) - Double(word.box.right)) <= 0.25 * cell
            matchedAny = matchedAny || matched
            placement.characters += text
            placement.columns += Array(span)
            placement.inks += span.map { matched ? inkAt[$0] : nil }
            placement.confidences += Array(repeating: word.confidence, count: text.count)
        }
        return matchedAny ? placement : nil
    }

    /// The row with each cell read once. Tesseract now and then reads one glyph as two of the
    /// same character (`_line` as `_lline`, `'%s` as `''%s`). A word set off by blank cells,
    /// whose ink starts and ends where OCR boxed it, holds as many characters as its ink fills
    /// cells: with one or two more, and one run of a repeated character long enough to give
    /// them back, that run's extra characters are the cells read twice, when the ink agrees.
    /// Put in the cells, the characters left must agree with the ink (cells drawn alike hold
    /// one character, and one character is drawn alike) better than the word with the extra
    /// characters taken anywhere else: `7TEAA` over the ink of `7EAA` keeps its letters, as an
    /// `E` would stand in a cell drawn like the `A` beside it.
    static func readOnce(_ row: ReadRow, inks: [CharacterInk], cell: Double, origin: Double, xHeight: Double,
                         picture: InkPicture?) -> ReadRow {
        guard let picture, let baseline = inks.map(\.bottom).median else { return row }
        let columns = occupiedColumns(inks, cell: cell, origin: origin)
        let occupied = Set(columns)
        // Each cell's column and centre, and each ink's first column.
        let centers = inks.flatMap { $0.cellCenters(cell: cell) }
        var first: [(column: Int, ink: CharacterInk)] = []
        var position = 0
        for ink in inks {
            guard position < columns.count else { break }
            first.append((columns[position], ink))
            position += ink.span(cell: cell)
        }
        var row = row
        for range in row.wordRanges.reversed() {
            let text = row.characters[range].map(\.value)
            let box = ReadRow.word(of: row.characters[range]).box
            let inside = first.filter { $0.ink.center >= Double(box.x) && $0.ink.center <= Double(box.right) }
            guard let head = inside.first, let tail = inside.last,
                  abs(Double(head.ink.left - box.x)) <= 0.25 * cell, abs(Double(tail.ink.right - box.right)) <= 0.25 * cell,
                  !occupied.contains(head.column - 1), !occupied.contains(tail.column + tail.ink.span(cell: cell)),
                  let firstCell = columns.firstIndex(of: head.column)
            else { continue }
            let filled = tail.column + tail.ink.span(cell: cell) - head.column
            let extra = text.count - filled
            guard (1...2).contains(extra), firstCell + filled <= centers.count else { continue }
            // Runs of one character repeated, long enough to give back the extra characters; a
            // run as long as a row of symbols is `RepeatedGlyphs`' to count by its cells.
            var runs: [Range<Int>] = []
            var start = 0
            for index in 1...text.count where index == text.count || text[index] != text[start] {
                if index - start > extra, index - start < RepeatedGlyphs.shortestRun { runs.append(start..<index) }
                start = index
            }
            guard runs.count == 1, let run = runs.first else { continue }
            let kept = Array(text[..<(run.upperBound - extra)] + text[run.upperBound...])
            let samples = centers[firstCell..<(firstCell + filled)].map { center in
                LetterShapes.samples(at: LetterShapes.Place(row: 0, index: 0, center: center, baseline: Double(baseline)), cell: cell,
                                     xHeight: xHeight, picture: picture, width: 1)
            }
            // The ink agrees with a reading where its cells drawn alike hold one character and
            // cells drawn unlike different ones; it must agree with this reading better than with
            // the word missing its extra characters anywhere else (a stray letter OCR added
            // beside a real `ll`).
            let alike = samples.map { a in samples.map { b in LetterShapes.distance(a, b) <= RepeatedGlyphs.alike } }
            func agreement(_ characters: [Character]) -> Int {
                characters.indices.reduce(0) { count, i in
                    count + characters.indices.dropFirst(i + 1).filter { j in alike[i][j] == (characters[i] == characters[j]) }.count
                }
            }
            let elsewhere = (0...(text.count - extra)).map { Array(text[..<$0] + text[($0 + extra)...]) }.filter { $0 != kept }
            let agreeing = agreement(kept)
            guard elsewhere.allSatisfy({ agreement($0) < agreeing }) else { continue }
            row.characters.removeSubrange((range.lowerBound + run.upperBound - extra)..<(range.lowerBound + run.upperBound))
        }
        return row
    }

    /// The grid column of a character whose ink starts at `x`.
    private static func column(of x: Int, cell: Double, origin: Double) -> Int {
        Int(((Double(x) + cell / 2 - origin) / cell).rounded())
    }

    /// Whether each word's first character is matched to ink where the word starts: as many
    /// characters as cells can still be a character missed in one place and one too many in
    /// another, which would shift everything in between.
    private static func wordsStart(_ words: [Word], on row: [CharacterInk], cell: Double) -> Bool {
        // The centre of each cell of ink, in the order characters are matched to them.
        let centers = row.flatMap { $0.cellCenters(cell: cell) }
        var index = 0
        for word in words {
            let count = word.text.filter { !$0.isWhitespace }.count
            guard count > 0 else { continue }
            guard index < centers.count else { return false }
            if abs(centers[index] - (Double(word.box.x) + cell / 2)) > cell { return false }
            index += count
        }
        return true
    }

    /// Each character's ink in a row of cells: a cell holding one character is its ink; a
    /// cell of several touching characters gives none.
    private static func inks(of row: [CharacterInk], cell: Double) -> [CharacterInk?] {
        row.flatMap { character -> [CharacterInk?] in
            let span = character.span(cell: cell)
            return span == 1 ? [character] : Array(repeating: nil, count: span)
        }
    }

    /// The lines as source text: indentation restored, and blank lines where the gap between
    /// two lines holds room for more: whole steps of the `pitch` between their `baselines`
    /// where both have one (a slide's code spaced wide, with marks between rows that move their
    /// boxes' middles), else between their boxes. Lines are drawn no closer than about as tall
    /// as they are (four fifths, for rows boxed with a descender): a pitch under that was
    /// measured on pieces of rows.
    static func text(of lines: [Line], baselines: [Double?] = [], pitch: Double? = nil) -> String {
        var output: [String] = []
        let baselinePitch = pitch.flatMap { $0 > 0 && $0 >= 0.8 * Double(lines.map(\.box.height).median ?? 0) ? $0 : nil }
        let boxPitch = linePitch(of: lines).flatMap { $0 > 0 ? $0 : nil }
        // How many pitches line `index` stands on from the line above.
        func stepsFromAbove(_ index: Int) -> Double? {
            if let baselinePitch, index < baselines.count, let above = baselines[index - 1], let below = baselines[index] {
                return (below - above) / baselinePitch
            }
            return boxPitch.map { step(from: lines[index - 1].box, to: lines[index].box) / $0 }
        }
        for (index, line) in lines.enumerated() {
            if index > 0, let steps = stepsFromAbove(index), Int(steps.rounded()) > 1 {
                output += Array(repeating: "", count: min(Int(steps.rounded()) - 1, 3))
            }
            output.append(String(repeating: " ", count: line.indent ?? 0) + line.text)
        }
        return output.joined(separator: "\n")
    }

    // MARK: The grid from the pixels

    /// How well the lines' characters sit on one monospace grid: the share of neighbouring
    /// characters whose centres are a whole number of cells apart (within 0.15 of a cell).
    /// Nil when there are too few characters to tell.
    static func monospaceFit(glyphs: [[BoundingBox]], lines: [Line]) -> Double? {
        guard let cell = cellWidth(glyphs: glyphs, lines: lines) else { return nil }
        let rows = glyphs.map { CharacterInk.joiningPieces(CharacterInk.cells(in: $0), cell: cell) }
        var fitting = 0
        var total = 0
        for row in rows {
            for (left, right) in zip(row, row.dropFirst()) {
                let cells = (right.firstCenter(cell: cell) - left.firstCenter(cell: cell) - Double(left.span(cell: cell) - 1) * cell) / cell
                guard cells >= 0.5 else { continue }
                total += 1
                if abs(cells - cells.rounded()) <= 0.15 { fitting += 1 }
            }
        }
        return total >= 8 ? Double(fitting) / Double(total) : nil
    }

    /// How well the lines' characters sit on a monospace grid, each against the grid of its
    /// row rather than against its neighbour: the share of characters whose centre lies within
    /// 0.15 of a cell of a column of the row's grid. A centre measured a pixel off counts once,
    /// not in two neighbour distances, which in small type (9 px cells, an encoder's ringing)
    /// is the difference. The cell is the one, within 4% of the neighbours' usual step, that
    /// puts the most centres on their rows' grids (a step is whole pixels, a cell need not
    /// be); each row's phase is its own, the mean of its centres near their median. Rows of
    /// fewer than 6 characters are too short to show a grid. Nil with fewer than 16 characters
    /// in such rows.
    static func rowGridFit(glyphs: [[BoundingBox]], lines: [Line]) -> Double? {
        guard let step = cellWidth(glyphs: glyphs, lines: lines) else { return nil }
        let rows = glyphs.map { CharacterInk.joiningPieces(CharacterInk.cells(in: $0), cell: step).map { $0.firstCenter(cell: step) } }
            .filter { $0.count >= 6 }
        let total = rows.reduce(0) { $0 + $1.count }
        guard total >= 16, step > 0 else { return nil }
        func fitting(cell: Double) -> Int {
            rows.reduce(0) { count, centres in
                let offsets = centres.map { centre in centre - ((centre - centres[0]) / cell).rounded() * cell }
                // The grid runs through the middle of the centres near the usual one: errors
                // either way of it, not through one of them.
                guard let median = offsets.median else { return count }
                let near = offsets.filter { abs($0 - median) <= 0.25 * cell }
                let phase = near.reduce(0, +) / Double(near.count)
                return count + offsets.filter { abs($0 - phase) <= 0.15 * cell }.count
            }
        }
        let best = (-40...40).map { fitting(cell: step * (1 + Double($0) / 1000)) }.max() ?? 0
        return Double(best) / Double(total)
    }

    /// How well rows of ink blobs sit on a monospace grid, from the pixels alone: the share of
    /// neighbouring characters whose distance is a whole number of cells, the cell being the
    /// usual distance between neighbours. Nil with fewer than `minimumPairs` neighbours.
    static func monospaceFit(rows: [[BoundingBox]], minimumPairs: Int = 8) -> Double? {
        inkGrid(rows.map { CharacterInk.cells(in: $0) }, minimumPairs: minimumPairs)?.fit
    }

    /// The usual step between neighbouring characters' centres (the cell, from the pixels
    /// alone), and the share of neighbours that stand whole steps apart. With `touching`, ink
    /// some cells wide is as many characters that touch (a banner's `#`s joined by their bars,
    /// here two, there three), measured from the centre of its last cell to the next one's
    /// first; where a third of the steps or more leave such ink, the usual step is no cell,
    /// and a lower one (the sixth of them) is tried too: the one more neighbours fit wins, the
    /// usual one on a tie.
    private static func inkGrid(_ rows: [[CharacterInk]], minimumPairs: Int = 8, touching: Bool = false) -> (cell: Double, fit: Double)? {
        let steps = rows.flatMap { row in zip(row, row.dropFirst()).map { $1.center - $0.center } }.filter { $0 > 0 }.sorted()
        guard steps.count >= minimumPairs else { return nil }
        func fit(cell: Double) -> Double {
            let measured = !touching ? steps : rows.flatMap { row in
                zip(row, row.dropFirst()).map { $1.firstCenter(cell: cell) - ($0.cellCenters(cell: cell).last ?? $0.center) }
            }
            let fitting = measured.filter { step in
                let cells = step / cell
                return cells >= 0.5 && abs(cells - cells.rounded()) <= 0.15
            }.count
            return Double(fitting) / Double(max(1, measured.count))
        }
        let candidates = (touching ? [steps.count / 3, steps.count / 6] : [steps.count / 3]).map { steps[$0] }.filter { $0 > 0 }
        // `max(by:)` keeps the first of equals: the usual step.
        return candidates.map { (cell: $0, fit: fit(cell: $0)) }.max { $0.fit < $1.fit }
    }

    /// The cell width of lines whose ink is `glyphs`: OCR's guess (`cellWidth(of:)`) refined by
    /// the ink's step (`refinedCellWidth`).
    static func cellWidth(glyphs: [[BoundingBox]], lines: [Line]) -> Double? {
        cellWidth(of: lines).map { refinedCellWidth(rows: glyphs.map { CharacterInk.cells(in: $0) }, guess: $0) }
    }

    /// The cell width from neighbouring characters' centres, which stand one cell apart.
    /// OCR's count of letters gives the guess; where it is far off (a banner of faint
    /// asterisks, 3 px specks a cell apart, read as `OIG SII SI`, half again as many letters as
    /// cells), the ink's own step outranks it when nearly all neighbours stand whole steps apart.
    private static func refinedCellWidth(rows: [[CharacterInk]], guess: Double) -> Double {
        let guess = inkGrid(rows, touching: true).flatMap { $0.fit >= 0.9 && abs($0.cell / guess - 1) > 0.4 ? $0.cell : nil } ?? guess
        var steps: [Double] = []
        // A character's pieces are one (a dark blue `#` broken into its strokes by the chroma).
        for row in rows.map({ CharacterInk.joiningPieces($0, cell: guess) }) {
            for (left, right) in zip(row, row.dropFirst()) where left.span(cell: guess) == 1 && right.span(cell: guess) == 1 {
                let step = right.center - left.center
                if step >= 0.6 * guess && step <= 1.4 * guess { steps.append(step) }
            }
        }
        return steps.count >= 5 ? steps.median ?? guess : guess
    }

    /// The grid columns holding a character, counted from `origin` (the centre of column 0).
    /// Each column follows from the previous character, so errors in the cell width do not
    /// add up along a line.
    static func occupiedColumns(_ row: [CharacterInk], cell: Double, origin: Double) -> [Int] {
        guard let first = row.first else { return [] }
        var columns: [Int] = []
        var column = max(0, Int(((first.firstCenter(cell: cell) - origin) / cell).rounded()))
        var lastCenter = first.firstCenter(cell: cell)
        for (index, character) in row.enumerated() {
            let span = character.span(cell: cell)
            let firstCenter = character.firstCenter(cell: cell)
            if index > 0 {
                column += max(1, Int(((firstCenter - lastCenter) / cell).rounded()))
            }
            columns += (column..<(column + span))
            column += span - 1
            lastCenter = firstCenter + Double(span - 1) * cell
        }
        return columns
    }

    // MARK: Without the grid

    /// How many spaces fit between two words. Two glyphs that touch in the source leave at most
    /// the two side bearings between their ink (under 0.85 of a cell, measured on DejaVu Sans
    /// Mono's narrowest pairs); each space adds a cell.
    static func spaces(between left: Word, and right: Word, cell: Double) -> Int {
        let gap = Double(right.box.x - left.box.right)
        return gap < 0.85 * cell ? 0 : Int(((gap - 0.85 * cell) / cell).rounded(.down)) + 1
    }

    /// A first guess at the cell width from OCR'd words: ink is narrower than the advance, so
    /// the width over the characters plus one side bearing, refined by the distance between
    /// word starts on the same line, which is a whole number of cells.
    static func cellWidth(of lines: [Line]) -> Double? {
        let guesses = lines.flatMap(\.words).filter { $0.text.count >= 3 }.map {
            Double($0.box.width) / (Double($0.text.count) - 0.2)
        }
        guard let guess = guesses.median else { return nil }
        var refined: [Double] = []
        for line in lines {
            for (left, right) in zip(line.words, line.words.dropFirst()) {
                let distance = Double(right.box.x - left.box.x)
                let cells = (distance / guess).rounded()
                if cells >= 4 { refined.append(distance / cells) }
            }
        }
        return refined.count >= 3 ? refined.median : guess
    }

    /// How far one line is below another: halfway between how far their tops and their
    /// bottoms moved. A row of dots has no top where letters have theirs, a row without
    /// descenders no bottom where others have it.
    private static func step(from upper: BoundingBox, to lower: BoundingBox) -> Double {
        Double(lower.y - upper.y + lower.bottom - upper.bottom) / 2
    }

    /// The usual distance between consecutive lines.
    static func linePitch(of lines: [Line]) -> Double? {
        guard lines.count >= 2 else { return nil }
        let steps = zip(lines.dropFirst(), lines).map { step(from: $1.box, to: $0.box) }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return nil }
        return steps[steps.count / 3]
    }
}
