/// Finds an editor's line-number gutter in a code region and takes it out of the code: a
/// gutter read as code roughly triples its error. The numbers are kept per line.
///
/// A gutter is a column of whole numbers at the start of most lines, counting up (by one, or
/// with jumps where lines wrap or fold), with a gap after them. Relative numbers (vim's
/// `relativenumber`) count away from the cursor's row instead, which shows its own number
/// (or 0): the rows keep the numbers of their lines.
struct LineNumberGutter: CharacterPass {
    func apply(to region: inout ReadRegion) {
        if let rows = Self.split(region.rows) { region.rows = rows }
    }

    /// Rows that start with a gutter number lose it (with its ink blobs) and keep it as their
    /// `number`; others are unchanged. Nil when there is no gutter.
    static func split(_ rows: [ReadRow]) -> [ReadRow]? {
        guard let gutter = column(of: rows) else { return nil }
        let (gutterRight, height) = (gutter.right, gutter.height)
        let lines = rows.map(\.line)
        let candidates = lines.enumerated().map { index, line in
            leadingNumber(line).map { (value: gutter.numbering.line(shown: $0.value, row: index), word: $0.word) }
        }
        // About a cell: the numbers of two digits or more are a digit a cell, less the side bearings.
        let cell = candidates.compactMap { $0 }.filter { $0.word.text.count >= 2 }
            .map { Double($0.word.box.width) / Double($0.word.text.count) }.median
        var split = rows
        for (index, line) in lines.enumerated() {
            let number = candidates[index]
            let expected = expectedNumber(at: index, in: candidates.map { $0?.value })
            if let (value, code) = straddling(line, glyphs: rows[index].glyphs, gutterRight: gutterRight, height: height,
                                              cell: cell, expected: expected, numbering: gutter.numbering, row: index) {
                split[index].words = code
                split[index].glyphs = rows[index].glyphs.filter { $0.x > gutterRight }
                split[index].number = value
                continue
            }
            // A number in the gutter's column: OCR may box it wider, over the code's first
            // character, which leaves no gap to see (`74` boxed over the `}` after it).
            let edge = gutterRight + height / 2
            let first = line.words.first
            let value = number?.value
                ?? first.flatMap { $0.box.x < gutterRight ? Self.number($0.text) : nil }.map { gutter.numbering.line(shown: $0, row: index) }
            guard let first, value != nil || first.box.right <= edge else { continue }
            // An empty line at the gutter's edge when nothing follows the number.
            split[index].place = BoundingBox(x: first.box.right, y: line.box.y, width: 0, height: line.box.height)
            split[index].words = Array(line.words.dropFirst())
            split[index].glyphs = rows[index].glyphs.filter { $0.x > min(first.box.right, edge) }
            split[index].number = value
        }
        for (index, number) in countingOn(split.map(\.number)).enumerated() {
            split[index].number = number.map { gutter.numbering.kept($0) }
        }
        return split
    }

    /// How a gutter's numbers stand for their lines.
    enum Numbering: Equatable {
        /// Each row shows its line's number.
        case absolute
        /// Rows show how far they are from the cursor's, which shows its own line's number
        /// (or 0, when only the distances are shown).
        case relative(cursorRow: Int, cursorNumber: Int)

        /// The line number of `row` that shows `shown`: counting up down the rows, however the
        /// gutter numbers them (from the cursor's 0, where that is all it shows).
        func line(shown: Int, row: Int) -> Int {
            guard case .relative(let cursorRow, let cursorNumber) = self, row != cursorRow else { return shown }
            return row < cursorRow ? cursorNumber - shown : cursorNumber + shown
        }

        /// The number a row keeps: its line's, or where only distances are shown, its distance.
        func kept(_ line: Int) -> Int {
            guard case .relative(_, 0) = self else { return line }
            return abs(line)
        }
    }

    /// Numbers with a misread one (`45` among 14, …, 16) put back where its neighbours count
    /// on by one across it; a row without a number (a wrapped line) is left without one.
    static func countingOn(_ numbers: [Int?]) -> [Int?] {
        var result = numbers
        for index in numbers.indices where numbers[index] != nil {
            if let expected = expectedNumber(at: index, in: numbers) { result[index] = expected }
        }
        return result
    }

    /// The number the rows around `index` count on to across it: the one between its two
    /// neighbours' two apart, or the next (or last) of two counting on by one beside it.
    static func expectedNumber(at index: Int, in numbers: [Int?]) -> Int? {
        let before = index > 0 ? numbers[index - 1] : nil
        let after = index + 1 < numbers.count ? numbers[index + 1] : nil
        var expected: Int?
        if let before, let after {
            expected = after - before == 2 ? before + 1 : nil
        } else if let after, index + 2 < numbers.count, numbers[index + 2] == after + 1 {
            expected = after - 1
        } else if let before, index >= 2, numbers[index - 2] == before - 1 {
            expected = before + 1
        }
        return expected.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Rows all numbered down to 1 it takes to be a relative gutter cut at its cursor's row
    /// rather than a countdown (3, 2, 1 in a list of steps).
    static let fewestRowsCutAtCursor = 5

    /// Where the gutter's column ends and how tall its numbers are, when the rows have one.
    static func column(of rows: [ReadRow]) -> (right: Int, height: Int, numbering: Numbering)? {
        let lines = rows.map(\.line)
        let numberedRows = lines.indices.compactMap { index in leadingNumber(lines[index]).map { (row: index, number: $0) } }
        let numbered = numberedRows.map(\.number)
        guard numbered.count >= 3, Double(numbered.count) >= 0.6 * Double(lines.count) else { return nil }
        guard rightEdgesAlign(numbered.map(\.word.box)) else { return nil }
        guard let numbering = numbering(of: numberedRows.map { ($0.row, $0.number.value) }, rowCount: lines.count) else { return nil }
        // A number misread (`g9`, `°`) is still in the gutter's column, left of the code. The
        // column ends where most numbers do: one read with the code's first character
        // (`58}`) reaches further.
        let rights = numbered.map(\.word.box.right).sorted()
        let height = numbered.map(\.word.box.height).max() ?? 0
        return (rights.filter { $0 <= rights[rights.count / 2] + height / 2 }.max() ?? rights[0], height, numbering)
    }

    /// How the rows' numbers (`numbered`: the rows with one, and what it reads) stand for their
    /// lines, when they count up as lines do: as they are, or as relative numbers, counting
    /// down to 1 and up again from 1 around the cursor's row (which shows its own number or
    /// 0). Every row beside the cursor's reads 1, and on one side at least the next reads 2
    /// (a countdown 3, 2, 1 is no such gutter, nor 10, 11 misread as 1, 12). The cursor's row
    /// may lie just past the rows (the text split into regions at it) where every one of
    /// `rowCount` rows is numbered, blank ones too, as a gutter numbers them, and there are
    /// more of them than a countdown of steps shows: their distances are all they tell. Of
    /// the numberings that count up, the one whose lines most often count on by one.
    private static func numbering(of numbered: [(row: Int, value: Int)], rowCount: Int) -> Numbering? {
        func value(_ index: Int) -> Int? { numbered.indices.contains(index) ? numbered[index].value : nil }
        let cursors = numbered.indices.filter { index in
            let sides = [(value(index - 1), value(index - 2)), (value(index + 1), value(index + 2))].filter { $0.0 != nil }
            return !sides.isEmpty && sides.allSatisfy { $0.0 == 1 } && sides.contains { $0.1 == 2 }
        }
        var numberings = [Numbering.absolute] + cursors.map { .relative(cursorRow: numbered[$0].row, cursorNumber: numbered[$0].value) }
        if numbered.count == rowCount, numbered.count >= Self.fewestRowsCutAtCursor, let last = numbered.last, last.value == 1,
           value(numbered.count - 2) == 2 {
            numberings.append(.relative(cursorRow: last.row + 1, cursorNumber: 0))
        }
        let counting = numberings.map { numbering in (numbering, numbered.map { numbering.line(shown: $0.value, row: $0.row) }) }
            .filter { isCountingUp($0.1) }
        func onesStepped(_ lines: [Int]) -> Int { zip(lines.dropFirst(), lines).filter { $0 - $1 == 1 }.count }
        return counting.max { onesStepped($0.1) < onesStepped($1.1) }?.0
    }

    /// Whether `row` starts in a gutter's column without a number of its own: not a row of
    /// the numbered text (a pager's prompt, an editor's command line under it).
    static func isUnnumbered(_ row: ReadRow, inColumnEndingAt right: Int) -> Bool {
        guard let first = row.line.words.first else { return false }
        return first.box.x < right && leadingNumber(row.line) == nil
    }

    /// A first word OCR read across the gutter's edge, number and code together (`390i}`,
    /// `31"""`): the digits are the number (shown on `row`, as `numbering` has it), and the
    /// code keeps as many of the last characters as it has ink cells right of the gutter (a
    /// `"`'s two ticks, well inside a `cell`, are one), or all it read after the digits where
    /// that is fewer. Where OCR read no digits (`eo` for `1 """`) but the rows around count on
    /// across this one (`expected`), the ink in the gutter's column is that number, one
    /// character a cell, and the code keeps the characters after them.
    private static func straddling(_ line: Line, glyphs: [BoundingBox], gutterRight: Int, height: Int, cell: Double?,
                                   expected: Int?, numbering: Numbering, row: Int) -> (Int, [Word])? {
        guard let first = line.words.first, first.box.x < gutterRight, first.box.right > gutterRight + height / 2 else { return nil }
        let codeInk = glyphs.filter { $0.x > gutterRight && $0.x < first.box.right }
        let blobs = CharacterInk.cells(in: codeInk)
        let cells = cell.map { CharacterInk.joiningPieces(blobs, cell: $0) } ?? blobs
        guard !cells.isEmpty else { return nil }
        let digits = first.text.prefix { $0.isASCIIDigit }
        let value: Int, text: String
        if let read = number(String(digits)) {
            // OCR may read fewer characters than there are cells (`6""` for `6 """`): the code
            // is what it read after the digits, for the passes that read marks from their ink.
            (value, text) = (numbering.line(shown: read, row: row), String(first.text.dropFirst(digits.count).suffix(cells.count)))
        } else {
            let numberCells = CharacterInk.cells(in: glyphs.filter { $0.x >= first.box.x && $0.x <= gutterRight }).count
            guard let expected, numberCells > 0, first.text.count > numberCells else { return nil }
            (value, text) = (expected, String(first.text.dropFirst(numberCells)))
        }
        var code = line.words
        code[0].text = text
        code[0].box = codeInk.dropFirst().reduce(codeInk[0]) { $0.union($1) }
        return (value, code)
    }

    private static func leadingNumber(_ line: Line) -> (value: Int, word: Word)? {
        guard let first = line.words.first, let value = number(first.text) else { return nil }
        // Code follows after a gap, or the row is an empty source line.
        if line.words.count > 1 {
            let gap = line.words[1].box.x - first.box.right
            guard Double(gap) >= 0.5 * Double(first.box.height) else { return nil }
        }
        return (value, first)
    }

    /// A gutter number as OCR reads it: 1 to 6 digits, perhaps with a stray mark after them
    /// (`142.`, the gutter's separator).
    static func number(_ text: String) -> Int? {
        var digits = Substring(text)
        if let last = digits.last, !last.isNumber, !last.isLetter { digits = digits.dropLast() }
        guard (1...6).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(digits)
    }

    /// Mostly increasing: at most one step in five may go down (a misread digit). A step
    /// whose last digits count on by one counts on, whatever OCR made of the digits before
    /// them (a font whose `1` it reads as `4` or `41`: `413`, `4414`, `445`), where a third of
    /// the steps are by one as read (a column of 11, 22, 33 is no gutter).
    private static func isCountingUp(_ values: [Int]) -> Bool {
        let read = zip(values.dropFirst(), values).map { $0 - $1 }
        let steps = zip(values.dropFirst(), values).map { next, value in
            next % 10 == (value + 1) % 10 ? 1 : next - value
        }
        let up = steps.filter { $0 >= 1 && $0 <= 50 }.count
        let ones = steps.filter { $0 == 1 }.count
        return Double(up) >= 0.8 * Double(steps.count) && Double(ones) >= 0.5 * Double(steps.count)
            && 3 * read.filter({ $0 == 1 }).count >= read.count
    }

    /// Gutters right-align their numbers (or left-align them, in some editors).
    private static func rightEdgesAlign(_ boxes: [BoundingBox]) -> Bool {
        let height = boxes.map(\.height).max() ?? 1
        func spread(_ values: [Int]) -> Int { (values.max() ?? 0) - (values.min() ?? 0) }
        return spread(boxes.map(\.right)) <= height || spread(boxes.map(\.x)) <= height
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
