/// Characters OCR confuses in some fonts (`l` read as `L`, `1` or `i`; `f` as `F`; `s` as `5`;
/// `0` as `@`; a shallow `(` as `C`, a `)` as `>`; a backtick as a quote) told apart by their
/// ink. Within one block every character is drawn alike, so a cell whose ink looks like that of
/// its neighbours in shape, most of them read as another character of its group, is that
/// character: a footed `l` read as `L` at the start of `Long` looks like the `l`s of `value`
/// and `else`, not like the `L` of `NULL`.
///
/// Over the fixtures, two cells of one character lie 0.06 apart (median), and cells of
/// different characters in a group 0.46 (median), beyond 0.2 in 95 pairs of 100. Only groups of
/// look-alikes are compared: letters that differ by one small stroke (`h` and `n`, `c` and
/// `e`) and `0` and `O` lie within `alike` of each other in some fonts.
struct LetterShapes: CharacterPass {
    /// Every code character whose cell is known: matched to its ink, on a row matched whole, or
    /// boxed by OCR a cell wide.
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let grid = region.grid, let picture = region.picture else { return }
        let characters: [[Character]?] = region.rows.map { $0.characters.map(\.value) }
        let read = Self.corrected(characters, places: Self.places(in: region, grid: grid, boxed: true), cell: grid.cell, xHeight: grid.xHeight,
                                  picture: picture)
        for (row, values) in read.enumerated() {
            guard let values else { continue }
            for (index, value) in values.enumerated() { region.rows[row].characters[index].value = value }
        }
    }

    static let groups = Lookalikes.groups
    /// Cells within this distance look alike.
    static let alike: Float = 0.12
    /// A cell is read again when this many look like it, and this share of them agree.
    static let neighbours = 5
    static let agreeing = 0.75
    /// OCR takes a footed `l` or `f` for a capital at the start of a word, and seldom reads a
    /// capital as lowercase: a capital whose neighbours were this often read as its lowercase
    /// is that lowercase letter, even where they do not agree as a whole.
    static let lowercaseShare = 0.4
    /// A few hundred cells show how a block draws its letters; more only cost time.
    static let mostCompared = 400

    /// A character's place: its row and index there, its centre, and the baseline it stands on.
    struct Place {
        var row: Int
        var index: Int
        var center: Double
        var baseline: Double
    }

    /// Where each row's characters stand whose cell is known (nil for a row without a baseline):
    /// matched to their ink, or on a row matched whole; with `boxed`, also boxed by OCR in a
    /// word as wide as its letters' cells. A boxed place can be a pixel off: good enough to
    /// find cells drawn alike, not to say a cell is drawn unlike any other.
    static func places(in region: ReadRegion, grid: ReadRegion.Grid, boxed: Bool = false) -> [[Place]?] {
        region.rows.enumerated().map { row, read in
            guard let baseline = read.baseline else { return nil }
            return read.characters.indices.compactMap { index in
                let character = read.characters[index]
                let center: Double
                if let ink = character.ink {
                    center = ink.center
                } else if read.isOnGrid {
                    center = grid.origin + Double(character.column ?? 0) * grid.cell
                } else if boxed, let column = boxedColumn(of: character, grid: grid) {
                    center = grid.origin + Double(column) * grid.cell
                } else {
                    return nil
                }
                return Place(row: row, index: index, center: center, baseline: baseline)
            }
        }
    }

    /// The column of a character whose share of its word's box is a cell wide and centred on
    /// one: where ink and OCR's count disagree over the row (glyphs touching in a small font),
    /// a word OCR boxed cell for cell still shows where each of its letters stands.
    static func boxedColumn(of character: ReadCharacter, grid: ReadRegion.Grid) -> Int? {
        let width = Double(character.box.width)
        guard abs(width - grid.cell) <= 0.2 * grid.cell else { return nil }
        let middle = Double(character.box.x) + width / 2
        let column = ((middle - grid.origin) / grid.cell).rounded()
        guard abs(middle - (grid.origin + column * grid.cell)) <= 0.25 * grid.cell else { return nil }
        return Int(column)
    }

    private static let sampleColumns = 12
    private static let sampleRows = 24

    /// `characters` (rows of a block; nil where the characters were not matched to cells)
    /// with look-alikes read again by their ink at `places`.
    static func corrected(_ characters: [[Character]?], places: [[Place]?], cell: Double, xHeight: Double,
                          picture: InkPicture) -> [[Character]?] {
        guard xHeight >= 4, cell >= 4 else { return characters }
        var result = characters
        var undecided: [(place: Place, others: [Character])] = []
        for group in groups {
            var members: [(place: Place, letter: Character, ink: [Float])] = []
            for case let (rowCharacters?, rowPlaces?) in zip(characters, places) {
                for place in rowPlaces where group.contains(rowCharacters[place.index]) {
                    members.append((place, rowCharacters[place.index], samples(at: place, cell: cell, xHeight: xHeight, picture: picture)))
                }
            }
            guard Set(members.map(\.letter)).count >= 2 else { continue }
            let step = max(1, members.count / mostCompared)
            let compared = stride(from: 0, to: members.count, by: step).map { members[$0] }
            for member in members {
                var votes: [Character: Int] = [:]
                for other in compared where other.place.row != member.place.row || other.place.index != member.place.index {
                    if distance(member.ink, other.ink) <= alike { votes[other.letter, default: 0] += 1 }
                }
                let total = votes.values.reduce(0, +)
                guard total >= neighbours else { continue }
                let lowercase = member.letter.lowercased().first ?? member.letter
                if member.letter.isUppercase, group.contains(lowercase),
                   Double(votes[lowercase] ?? 0) >= lowercaseShare * Double(total) {
                    result[member.place.row]?[member.place.index] = lowercase
                } else if let (letter, count) = votes.max(by: { $0.value < $1.value }), letter != member.letter,
                          Double(count) >= agreeing * Double(total) {
                    result[member.place.row]?[member.place.index] = letter
                } else if Brackets.isBracket(member.letter) {
                    let others = votes.filter { $0.key != member.letter && Brackets.isBracket($0.key) && Double($0.value) >= ambiguous * Double(total) }
                    if !others.isEmpty { undecided.append((member.place, others.keys.sorted())) }
                }
            }
        }
        for (place, others) in undecided {
            guard var row = result[place.row] else { continue }
            for other in others {
                var trial = row
                trial[place.index] = other
                if Brackets.unmatched(trial) < Brackets.unmatched(row) { row = trial }
            }
            result[place.row] = row
        }
        return result
    }

    /// Brackets OCR takes for one another in a small font (a `(` for a `{`) split the votes of
    /// the cells drawn like them. Where at least this share of those cells were read as another
    /// bracket, the ink does not tell them apart, and the bracket the line's others match is taken.
    static let ambiguous = 1.0 / 3

    /// The ink around a character, sampled on a fixed grid: a cell and a fifth wide (or
    /// `width` cells), from above the ascenders to below the descenders; scaled to its
    /// strongest sample, so that a letter in a dim colour (a prompt, a comment) looks like the
    /// same letter in a bright one. Ink off the pixel rows `within` (when given) is left out.
    static func samples(at place: Place, cell: Double, xHeight: Double, picture: InkPicture, width: Double = 1.2,
                        within rows: ClosedRange<Double>? = nil) -> [Float] {
        let left = place.center - width / 2 * cell
        let top = place.baseline - 2.0 * xHeight
        let dx = width * cell / Double(sampleColumns)
        let dy = 2.6 * xHeight / Double(sampleRows)
        var result: [Float] = []
        result.reserveCapacity(sampleColumns * sampleRows)
        for row in 0..<sampleRows {
            let y = top + (Double(row) + 0.5) * dy
            for column in 0..<sampleColumns {
                result.append(rows.map { $0.contains(y) } == false ? 0 : picture.ink(atX: left + (Double(column) + 0.5) * dx, y: y))
            }
        }
        let strongest = result.max() ?? 0
        return strongest > 0 ? result.map { $0 / strongest } : result
    }

    /// How unlike two samplings are: the ink they do not share over all the ink they hold
    /// (1, wholly unlike, when neither holds any: blank cells tell nothing).
    static func distance(_ a: [Float], _ b: [Float]) -> Float {
        var different: Float = 0
        var total: Float = 0
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for index in 0..<min(a.count, b.count) {
                    different += abs(a[index] - b[index])
                    total += a[index] + b[index]
                }
            }
        }
        return total > 0 ? different / total : 1
    }
}
