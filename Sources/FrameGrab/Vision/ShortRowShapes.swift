/// Rows too short for OCR to read a word in (` */`, `};`, `"""`, `--`): without a word around
/// them, Tesseract guesses each mark alone (`*/` as `'7`, `**` as `eK`). Within one block every
/// character is drawn alike, so a cell of such a row whose ink looks like many of the block's
/// cells read as one character, nearly all of them, is that character: the `*` of ` */` looks
/// like the `*`s down the comment above it.
struct ShortRowShapes: CharacterPass {
    /// A row holding no run of this many letters is short.
    static let word = 3
    /// A cell is read again when this many of the block's cells look like it (within
    /// `LetterShapes.alike`), and this share of them agree.
    static let neighbours = 3
    static let agreeing = 0.75

    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let grid = region.grid, let picture = region.picture else { return }
        let places = LetterShapes.places(in: region, grid: grid)
        let short = region.rows.map { Self.isShort($0.characters.map(\.value)) }
        guard short.contains(true) else { return }
        func ink(_ place: LetterShapes.Place) -> [Float] {
            LetterShapes.samples(at: place, cell: grid.cell, xHeight: grid.xHeight, picture: picture)
        }
        // The block's cells, how it draws each character (a short row's own cells excepted).
        let known = Array(places.compactMap { $0 }.joined())
        let step = max(1, known.count / LetterShapes.mostCompared)
        let references = stride(from: 0, to: known.count, by: step).map { index -> (row: Int, character: Character, ink: [Float]) in
            let place = known[index]
            return (place.row, region.rows[place.row].characters[place.index].value, ink(place))
        }
        for (row, rowPlaces) in places.enumerated() where short[row] {
            for place in rowPlaces ?? [] {
                let cell = ink(place)
                var votes: [Character: Int] = [:]
                for (otherRow, character, other) in references where otherRow != row && LetterShapes.distance(cell, other) <= LetterShapes.alike {
                    votes[character, default: 0] += 1
                }
                let total = votes.values.reduce(0, +)
                guard total >= Self.neighbours, let (character, count) = votes.max(by: { $0.value < $1.value }),
                      Double(count) >= Self.agreeing * Double(total) else { continue }
                region.rows[row].characters[place.index].value = character
            }
        }
    }

    static func isShort(_ characters: [Character]) -> Bool {
        var run = 0
        for character in characters {
            run = character.isLetter ? run + 1 : 0
            if run >= word { return false }
        }
        return !characters.isEmpty
    }
}
