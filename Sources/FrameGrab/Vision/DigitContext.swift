/// Digits OCR mistakes for look-alike letters in code, put back where the neighbours say a
/// number is meant: `O`/`o` and `l`/`I` between digits or dots (`1O.5`, `v0.3.l` → …),
/// an `@` with no letter beside it (`@.2s`, `want @ (`, `unwrap_or(@)`), which no decorator or
/// address is, and the `O`s of a hex literal (`OxO0A`).
struct DigitContext: CharacterPass {
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code else { return }
        region.respell(Self.repaired)
    }

    private static let zeros: Set<Character> = ["O", "o", "@"]
    private static let ones: Set<Character> = ["l", "I", "|"]

    static func repaired(_ characters: [Character]) -> [Character] {
        var result = characters
        for index in characters.indices {
            let character = characters[index]
            guard zeros.contains(character) || ones.contains(character) else { continue }
            let before = index > 0 ? characters[index - 1] : nil
            let after = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "@" {
                // Alone just inside a bracket: `(@)`, `(@ unexpected)`.
                let opensValue = (before.map { "([".contains($0) } ?? false) && (after.map { ")], ".contains($0) } ?? true)
                if !isWordy(before) && !isWordy(after) && (isNumeric(before) || isNumeric(after) || before == " " && after == " " || opensValue) {
                    result[index] = "0"
                }
            } else if isDigit(before) && isNumeric(after) || isNumeric(before) && isDigit(after) {
                result[index] = zeros.contains(character) ? "0" : "1"
            }
        }
        return hexLiteralsRepaired(result)
    }

    /// The `O`s of a literal that starts `0x` and holds only hex digits and `O`s are zeros.
    private static func hexLiteralsRepaired(_ characters: [Character]) -> [Character] {
        var result = characters
        var index = 0
        while index + 2 < result.count {
            let startsWord = index == 0 || !(isWordy(result[index - 1]) || isDigit(result[index - 1]))
            guard startsWord, result[index] == "0" || zeros.contains(result[index]), result[index + 1] == "x" else {
                index += 1
                continue
            }
            var end = index + 2
            while end < result.count, result[end].isHexDigit || result[end] == "O" { end += 1 }
            if end > index + 2, end == result.count || !isWordy(result[end]) {
                result[index] = "0"
                for position in index + 2..<end where result[position] == "O" { result[position] = "0" }
            }
            index = end
        }
        return result
    }

    private static func isDigit(_ character: Character?) -> Bool {
        character.map { $0.isASCII && $0.isNumber } ?? false
    }

    /// A digit, or punctuation that sits inside numbers (`3.14`, `1/1`, `12:30`).
    private static func isNumeric(_ character: Character?) -> Bool {
        isDigit(character) || character.map { ".:/,".contains($0) } ?? false
    }

    private static func isWordy(_ character: Character?) -> Bool {
        character.map { $0.isLetter || $0 == "_" } ?? false
    }
}
