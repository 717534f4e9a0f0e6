/// Runs of one symbol (`+++++++++-----` in a diffstat, `=====` under a heading, `#####` of a
/// progress bar, `^^^^` under a traceback's call) that OCR broke with look-alike letters and
/// digits: Tesseract reads a `+` in a run as `4` or `t`, an `=` as `2`, carets a mouse pointer
/// stands among as `AA`. In a word of five or more characters, at least 70% of
/// them symbols and the rest letters or digits, each letter or digit is the symbol before it.
struct SymbolRuns: CharacterPass {
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code else { return }
        region.respell(Self.repaired)
    }

    private static let symbols: Set<Character> = ["+", "-", "=", "*", "#", "~", "_", ".", "^"]

    static func repaired(_ text: [Character]) -> [Character] {
        var result: [Character] = []
        var word: [Character] = []
        for character in text {
            if character.isWhitespace {
                result += repairedWord(word) + [character]
                word = []
            } else {
                word.append(character)
            }
        }
        return result + repairedWord(word)
    }

    private static func repairedWord(_ characters: [Character]) -> [Character] {
        let strays = characters.filter { !symbols.contains($0) }
        guard characters.count >= 5, !strays.isEmpty, Double(strays.count) <= 0.3 * Double(characters.count),
              strays.allSatisfy({ $0.isLetter || $0.isNumber }) else { return characters }
        // Each stray becomes the symbol it follows (or, at the start, the one it precedes).
        var result = characters
        for index in result.indices where !symbols.contains(result[index]) {
            guard let symbol = index > 0 ? result[index - 1] : characters.first(where: symbols.contains) else { continue }
            result[index] = symbol
        }
        return result
    }
}
