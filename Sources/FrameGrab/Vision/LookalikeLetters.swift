/// Characters OCR reads as a capital letter in some code fonts: a footed `l` as `L` (`bLock`,
/// `totaL`), an `f` as `F` (`ofF_t`), a shallow `(` as `C` (`appendCdata)`). A capital after a
/// lowercase letter is also legal camel case (`maxLength`, `isFile`, `onChange`), so such
/// words are read again with Tesseract's alternatives, and the look-alike wins where OCR gave it
/// a fair chance. Over the fixtures a camel-case capital gets its look-alike at most 0.11,
/// while a misread one mostly gets 0.3 to 0.85. A capital that starts a word is left alone:
/// there `Line` scores `l` as high as any misread.
enum LookalikeLetters {
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

extension LookalikeLetters {
    /// Keywords and built-ins that code never capitalises, read with a footed `l` taken for
    /// `L` at the start (`Let mut total`, `Len(block)`), where no camel case can tell.
    private static let lowercaseWords: [(read: String, meant: String, followedBy: Character)] = [
        ("Let", "let", " "),
        ("Len", "len", "("),
    ]

    /// `text` with those words made lowercase where they stand as words, followed by what
    /// follows them in code (`let` a space, `len` its parenthesis).
    static func keywordsRepaired(_ text: String) -> String {
        var characters = Array(text)
        for (read, meant, followedBy) in lowercaseWords {
            let word = Array(read)
            var index = 0
            while index + word.count < characters.count {
                defer { index += 1 }
                guard Array(characters[index..<index + word.count]) == word, characters[index + word.count] == followedBy else { continue }
                if index > 0, characters[index - 1].isLetter || characters[index - 1].isNumber
                    || "_.$".contains(characters[index - 1]) { continue }
                characters.replaceSubrange(index..<index + word.count, with: Array(meant))
            }
        }
        return String(characters)
    }
}
