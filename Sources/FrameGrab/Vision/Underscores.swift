/// Underscores from the ink. OCR drops the underscores of code (`cache_clear` as
/// `cacheclear`, `__SYSMACROS` as `SYSMACROS`), reads them as dashes (`—_SYSMACROS`), or turns
/// the space before one into more (`pure__ __nonnull` as `pure_____nonnull`). On a monospace
/// grid an underscore is a flat stroke at the bottom of its cells, a cell of its own for each
/// underscore, and a space is a cell with no ink: when OCR's other characters are as many as
/// the other cells, they go into those, and the underscore cells get underscores, however many
/// OCR saw.
enum Underscores {
    /// What OCR reads an underscore as.
    private static let readings: Set<Character> = ["_", "—", "–", "‗"]
    /// What OCR reads a run of underscores as besides (`__f32` as `~-f32`): marks that are
    /// characters of their own elsewhere, so they count as underscores only when the row's
    /// other characters fill its other cells without them (no cell at their height is left
    /// for them).
    private static let dashReadings: Set<Character> = readings.union(["-", "~"])

    /// `row`'s characters with the underscores its ink shows and no others, and the row's
    /// characters' ink with every underscore cell in it. `inks` is the ink found by layout,
    /// left to right, on a grid of `cell`; `letterHeight` is the block's. An underscore too
    /// faint for layout (a one-pixel stroke between two pixel rows) is looked for in `picture`
    /// in the empty cells beside the ink. Nil when the ink shows no underscore, or when OCR's
    /// other characters do not fill the other cells one for one and word for word.
    static func filled(_ row: ReadRow, inks: [CharacterInk], cell: Double, letterHeight: Double,
                       picture: InkPicture?) -> (characters: [ReadCharacter], inks: [CharacterInk])? {
        guard letterHeight > 0, let baseline = baseline(of: inks, letterHeight: letterHeight) else { return nil }
        var marked = inks.map { ($0, isUnderscore($0, cell: cell, letterHeight: letterHeight, baseline: baseline)) }
        if let picture {
            // A row underlined under its letters too (a terminal's underline, vim's cursor line)
            // has no underscores of its own to show: what lies under its empty cells is that line.
            let letterCells = marked.filter { !$0.1 }.flatMap { ink, _ in ink.cellCenters(cell: cell) }
            let underlined = letterCells.filter {
                isUnderlined(at: $0, in: picture, cell: cell, letterHeight: letterHeight, baseline: baseline)
            }
            guard 2 * underlined.count < letterCells.count || letterCells.isEmpty else { return nil }
            let stroke = { (center: Double) in
                Self.stroke(at: center, in: picture, cell: cell, letterHeight: letterHeight, baseline: baseline)
            }
            marked = withFaintUnderscores(marked, cell: cell, stroke: stroke).flatMap { ink, isUnderscore in
                isUnderscore ? [(ink, true)] : split(ink, cell: cell, stroke: stroke)
            }
        }
        guard marked.contains(where: \.1) else { return nil }
        // The cells, left to right: the ink each lies in, which of its cells, whether an underscore.
        let cells = marked.flatMap { ink, isUnderscore in
            (0..<ink.span(cell: cell)).map { Cell(ink: ink, slot: $0, isUnderscore: isUnderscore) }
        }
        guard let characters = characters(of: row, in: cells, cell: cell, readings: readings)
                ?? characters(of: row, in: cells, cell: cell, readings: dashReadings) else { return nil }
        return (characters, marked.map(\.0))
    }

    /// A cell of the row: the ink it lies in, which of that ink's cells it is, and whether it
    /// holds an underscore.
    private struct Cell {
        var ink: CharacterInk
        var slot: Int
        var isUnderscore: Bool
    }

    /// OCR's characters other than `readings` put in the cells that are not underscores, and
    /// underscores in the others; nil when they do not fill those cells one for one and word for word.
    private static func characters(of row: ReadRow, in cells: [Cell], cell: Double, readings: Set<Character>) -> [ReadCharacter]? {
        let kept = row.characters.filter { !readings.contains($0.value) }
        guard !kept.isEmpty, kept.count == cells.filter({ !$0.isUnderscore }).count else { return nil }

        // Each of OCR's words must start and end in cells inside its box, give or take a cell
        // (Tesseract may box a word's first letter into the word before it: `2,` boxed as its
        // comma alone), or a character missed in one word and one too many in another would
        // shift everything between them.
        let letterCells = cells.indices.filter { !cells[$0].isUnderscore }
        func center(_ index: Int) -> Double { cells[index].ink.firstCenter(cell: cell) + Double(cells[index].slot) * cell }
        var next = 0
        for range in row.wordRanges {
            let count = row.characters[range].filter { !readings.contains($0.value) }.count
            guard count > 0 else { continue }
            let box = ReadRow.word(of: row.characters[range]).box
            guard center(letterCells[next]) >= Double(box.x) - cell,
                  center(letterCells[next + count - 1]) <= Double(box.right) + cell else { return nil }
            next += count
        }

        let top = row.box.y, bottom = row.box.bottom
        var characters: [ReadCharacter] = []
        var keptIndex = 0
        for entry in cells {
            if !entry.isUnderscore {
                var character = kept[keptIndex]
                character.spacesBefore = 0
                characters.append(character)
                keptIndex += 1
                continue
            }
            let width = Double(entry.ink.width) / Double(entry.ink.span(cell: cell))
            let left = entry.ink.left + Int((Double(entry.slot) * width).rounded())
            let right = max(left + 1, entry.ink.left + Int((Double(entry.slot + 1) * width).rounded()))
            characters.append(ReadCharacter(value: "_", box: BoundingBox(left: left, top: top, right: right, bottom: bottom),
                                            confidence: kept[min(keptIndex, kept.count - 1)].confidence, spacesBefore: 0))
        }
        return characters
    }

    /// Where the row's letters stand: the median bottom of its ink as tall as letters.
    private static func baseline(of inks: [CharacterInk], letterHeight: Double) -> Double? {
        let bottoms = inks.filter { Double($0.bottom - $0.top) >= 0.6 * letterHeight }.map(\.bottom).sorted()
        return bottoms.count >= 2 ? Double(bottoms[bottoms.count / 2]) : nil
    }

    /// One flat stroke, most of a cell wide or more, at the bottom of the row: its top no
    /// higher than just above the baseline.
    private static func isUnderscore(_ ink: CharacterInk, cell: Double, letterHeight: Double, baseline: Double) -> Bool {
        ink.parts == 1 && Double(ink.width) >= 0.6 * cell && Double(ink.bottom - ink.top) <= max(2, 0.25 * letterHeight)
            && Double(ink.top) >= baseline - 0.15 * letterHeight
    }

    /// A flat stroke below the baseline across the cell at `center`, with nothing above it:
    /// an underscore's ink, as layout would have boxed it; nil for anything else.
    private static func stroke(at center: Double, in picture: InkPicture, cell: Double, letterHeight: Double,
                               baseline: Double) -> CharacterInk? {
        let bandTop = baseline - 0.1 * letterHeight, bandBottom = baseline + 0.4 * letterHeight
        let left = Int((center - 0.4 * cell).rounded()), right = Int((center + 0.4 * cell).rounded())
        guard right > left else { return nil }
        func strongest(_ x: Int, from top: Double, to bottom: Double) -> Float {
            stride(from: Int(top.rounded(.down)), through: Int(bottom.rounded(.up)), by: 1)
                .map { picture.ink(atX: Double(x), y: Double($0)) }.max() ?? 0
        }
        let columns = left...right
        let struck = columns.filter { strongest($0, from: bandTop, to: bandBottom) >= 0.25 }.count
        let above = columns.contains { strongest($0, from: baseline - 0.9 * letterHeight, to: baseline - 0.3 * letterHeight) >= 0.25 }
        guard 5 * struck >= 4 * columns.count, !above else { return nil }
        // The stroke's own rows, as layout would have boxed it: thin, and ending inside the
        // band (the top of a block cursor on the row below fills the band to its bottom).
        let band = Array(Int(bandTop.rounded(.down))...Int(bandBottom.rounded(.up)))
        let rows = band.filter { y in columns.filter { picture.ink(atX: Double($0), y: Double(y)) >= 0.25 }.count * 2 >= columns.count }
        guard let top = rows.first, let bottom = rows.last, bottom < band.last ?? bottom,
              Double(bottom + 1 - top) <= max(2, 0.25 * letterHeight) else { return nil }
        return CharacterInk(left: left, right: right + 1, top: top, bottom: bottom + 1, tallestPart: bottom + 1 - top)
    }

    /// Whether a line runs across the cell at `center` below the baseline, under whatever the
    /// cell holds.
    private static func isUnderlined(at center: Double, in picture: InkPicture, cell: Double, letterHeight: Double,
                                     baseline: Double) -> Bool {
        let left = Int((center - 0.4 * cell).rounded()), right = Int((center + 0.4 * cell).rounded())
        guard right > left else { return false }
        return (Int(baseline) + 1...Int((baseline + 0.4 * letterHeight).rounded(.up))).contains { y in
            5 * (left...right).filter { picture.ink(atX: Double($0), y: Double(y)) >= 0.25 }.count >= 4 * (right - left + 1)
        }
    }

    /// `ink`, covering several cells, cut where some of its cells are underscores: an
    /// underscore touches a descender or a slash beside it (`py_`, `/_`), and the two are one
    /// blob to layout.
    private static func split(_ ink: CharacterInk, cell: Double, stroke: (Double) -> CharacterInk?) -> [(CharacterInk, Bool)] {
        let span = ink.span(cell: cell)
        guard span > 1 else { return [(ink, false)] }
        let strokes = ink.cellCenters(cell: cell).map(stroke)
        guard strokes.contains(where: { $0 != nil }), strokes.contains(where: { $0 == nil }) else { return [(ink, false)] }
        let width = Double(ink.width) / Double(span)
        var pieces: [(CharacterInk, Bool)] = []
        for (slot, found) in strokes.enumerated() {
            if let found {
                pieces.append((found, true))
                continue
            }
            let right = ink.left + Int((Double(slot + 1) * width).rounded())
            if let last = pieces.last, !last.1 {
                pieces[pieces.count - 1].0.right = right
            } else {
                var piece = ink
                piece.left = ink.left + Int((Double(slot) * width).rounded())
                piece.right = right
                pieces.append((piece, false))
            }
        }
        return pieces
    }

    /// `marked` with an underscore ink for each empty cell between its inks (and for a run of
    /// them just before the first or after the last) where `stroke` finds one.
    private static func withFaintUnderscores(_ marked: [(CharacterInk, Bool)], cell: Double,
                                             stroke: (Double) -> CharacterInk?) -> [(CharacterInk, Bool)] {
        var result: [(CharacterInk, Bool)] = []
        for (index, entry) in marked.enumerated() {
            let (ink, _) = entry
            if index == 0 {
                // A run just before the first ink (`__init__` at the start of a line).
                var run: [CharacterInk] = []
                var center = ink.firstCenter(cell: cell) - cell
                while run.count < 8, let found = stroke(center) {
                    run.insert(found, at: 0)
                    center -= cell
                }
                result += run.map { ($0, true) }
            } else {
                let previous = marked[index - 1].0
                let lastCenter = previous.firstCenter(cell: cell) + Double(previous.span(cell: cell) - 1) * cell
                let empty = Int(((ink.firstCenter(cell: cell) - lastCenter) / cell).rounded()) - 1
                if empty > 0 {
                    for step in 1...empty {
                        if let found = stroke(lastCenter + Double(step) * cell) { result.append((found, true)) }
                    }
                }
            }
            result.append(entry)
        }
        // A run just after the last ink (`__nonnull__` at the end of a line).
        if let last = marked.last?.0 {
            var center = last.firstCenter(cell: cell) + Double(last.span(cell: cell)) * cell
            var count = 0
            while count < 8, let found = stroke(center) {
                result.append((found, true))
                center += cell
                count += 1
            }
        }
        return result
    }
}
