/// Characters OCR reads as a capital letter in some code fonts: a footed `l` as `L` (`bLock`,
/// `totaL`), an `f` as `F` (`ofF_t`), a shallow `(` as `C` (`appendCdata)`). A capital after a
/// lowercase letter is also legal camel case (`maxLength`, `isFile`, `onChange`), so such
/// words are read again with Tesseract's alternatives, and the look-alike wins where OCR gave it
/// a fair chance. Over the fixtures a camel-case capital gets its look-alike at most 0.11,
/// while a misread one mostly gets 0.3 to 0.85. A capital that starts a word is left alone:
/// there `Line` scores `l` as high as any misread.
struct LookalikeLetters: ReadingPass {
    /// Alternatives cost time on every character, and few lines need them: a piece is read
    /// again with them only when one of its words is suspect.
    func check(_ reading: inout PieceReading) throws(FrameGrabError) {
        guard reading.lines.contains(where: { $0.words.contains(where: Self.isSuspect) }) else { return }
        reading.lines = try reading.read(alternatives: true).map { line in
            var line = line
            line.words = line.words.map(Self.corrected)
            line.text = line.words.map(\.text).joined(separator: " ")
            return line
        }
    }

    private static let lookalikes: [Character: Character] = ["L": "l", "F": "f", "C": "("]
    private static let fairChance = 0.3

    /// Whether `word`, read without full confidence, has a capital with a look-alike right
    /// after a lowercase letter.
    static func isSuspect(_ word: Word) -> Bool {
        guard word.confidence < 0.9 else { return false }
        let characters = Array(word.text)
        return characters.indices.dropFirst().contains { index in
            lookalikes[characters[index]] != nil && characters[index - 1].isLowercase
        }
    }

    /// `word` with each capital after a lowercase letter replaced by its look-alike where OCR's
    /// alternatives for that character give the look-alike a fair chance.
    static func corrected(_ word: Word) -> Word {
        var characters = Array(word.text)
        guard characters.count == word.alternatives.count else { return word }
        for index in characters.indices.dropFirst() where characters[index - 1].isLowercase {
            guard let lookalike = lookalikes[characters[index]],
                  let chance = word.alternatives[index].first(where: { $0.character == String(lookalike) })?.confidence,
                  chance >= fairChance else { continue }
            characters[index] = lookalike
        }
        var result = word
        result.text = String(characters)
        return result
    }
}
