/// One character as framegrab read it: what it is, where it stands, how sure OCR was, and what
/// the passes learnt about it. Rows of these are the one model of what was read: a line's text,
/// its words, its indentation and every box are derived from them (`ReadRow`).
struct ReadCharacter: Equatable {
    var value: Character
    /// Its share of the box OCR gave the word it was read in (OCR boxes words, not characters).
    var box: BoundingBox
    /// The confidence OCR gave that word.
    var confidence: Double
    /// How many spaces stand before it on its line (none before the first: that is the row's
    /// indent). OCR puts one between its words; code layout counts them from the grid.
    var spacesBefore: Int
    /// Set by code layout where the grid is known: the monospace column, and the ink that drew
    /// the character where a cell holds it alone.
    var column: Int?
    var ink: CharacterInk?
    /// A tall stroke drawn like a bracket (read as `l` or `1`) whose kind only the brackets
    /// still open around it can tell: `ClosingBrackets` decides, and until then `value` is what
    /// OCR read.
    var isPendingCloser = false

    /// The characters of `word`, each given its share of the word's box, left to right.
    static func characters(of word: Word, spacesBefore: Int) -> [ReadCharacter] {
        let characters = Array(word.text)
        let perCharacter = Double(word.box.width) / Double(max(1, characters.count))
        return characters.enumerated().map { offset, value in
            let left = word.box.x + Int((Double(offset) * perCharacter).rounded())
            let right = word.box.x + Int((Double(offset + 1) * perCharacter).rounded())
            return ReadCharacter(value: value, box: BoundingBox(left: left, top: word.box.y, right: right, bottom: word.box.bottom),
                                 confidence: word.confidence, spacesBefore: offset == 0 ? spacesBefore : 0)
        }
    }
}
