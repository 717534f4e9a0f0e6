/// Checks punctuation against where its ink sits, since OCR confuses marks that differ mostly
/// in height: `.` on the baseline, `-` at mid-height, `_` and `,` below the baseline; a small
/// mark up high read as `°` or `*` is a backtick, and so is one narrow tick read as a quote or
/// a tilde; a tall narrow stroke read as a letter, that reaches below the baseline, is the
/// bracket closing the innermost open one, and a `C` or `>` that does is a parenthesis.
/// Typographic quotes become the ASCII quotes code uses.
enum PunctuationShapes {
    private static let flatMarks: Set<Character> = [".", "-", "_", ",", "·", "—", "–"]
    private static let highMarks: Set<Character> = ["°", "*", "`", "º", "^"]
    private static let singleTickLookalikes: Set<Character> = ["\"", "~", "“", "”"]
    private static let strokes: Set<Character> = ["i", "l", "1", "!", "I", "t"]
    private static let dotted: Set<Character> = ["i", "j", "!", "¡", ":", ";"]
    private static let closers: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
    /// Letters and marks a parenthesis is read as when its curve is shallow: they stand on the
    /// baseline, a parenthesis reaches below it.
    private static let parenthesisLookalikes: [Character: Character] = ["C": "(", "c": "(", "<": "(", ">": ")"]
    /// Marks code does not use, read in place of ones it does: typographic quotes for ASCII
    /// quotes, `©` for a zero.
    private static let typographic: [Character: Character] = ["‘": "'", "’": "'", "“": "\"", "”": "\"", "′": "'", "″": "\"",
                                                             "©": "0"]
    /// Letters that stand on the baseline, and those as tall as the x-height.
    private static let onBaseline = Set("acemnorsuvwxzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789")
    private static let xHeightLetters = Set("acemnorsuvwxz")

    /// `characters[i]` drawn by `inks[i]` (nil where a cell holds several characters), on a
    /// row whose baseline is `baseline` (see `baselines`).
    static func corrected(_ characters: [Character], inks: [CharacterInk?], baseline: Double?, xHeight: Double) -> [Character] {
        guard xHeight >= 4, let baseline else { return characters.map { typographic[$0] ?? $0 } }
        return zip(characters, inks).map { character, ink in
            if let ink, isBacktick(ink, readAs: character, baseline: baseline, xHeight: xHeight) { return "`" }
            if let ascii = typographic[character] { return ascii }
            guard let ink else { return character }
            if flatMarks.contains(character) {
                // A comma OCR saw with ink below the baseline stays: in small type its tail is a
                // pixel, and its ink may be as wide as it is tall.
                if character == ",", Double(ink.bottom) - baseline >= 1 { return character }
                return flatMark(ink, baseline: baseline, xHeight: xHeight) ?? character
            }
            if highMarks.contains(character) && isSmallHighMark(ink, baseline: baseline, xHeight: xHeight) {
                return "`"
            }
            if dotted.contains(character), let mark = twoDots(ink, baseline: baseline, xHeight: xHeight) {
                return mark
            }
            if strokes.contains(character) && isBracketStroke(ink, baseline: baseline, xHeight: xHeight) {
                return bracketPlaceholder(for: character)
            }
            if let parenthesis = parenthesisLookalikes[character], isBracketStroke(ink, baseline: baseline, xHeight: xHeight) {
                return parenthesis
            }
            return character
        }
    }

    /// Stands for a bracket until the region's text says which one (see `closingBrackets`):
    /// a private-use character that remembers what OCR read there.
    static func bracketPlaceholder(for read: Character) -> Character {
        let code = read.unicodeScalars.first.map { $0.value } ?? 0
        return Character(Unicode.Scalar(0xF0000 + min(code, 0xFFFF)) ?? "?")
    }

    private static func readCharacter(behind placeholder: Character) -> Character? {
        guard let scalar = placeholder.unicodeScalars.first, (0xF0000...0xFFFFF).contains(scalar.value),
              let read = Unicode.Scalar(scalar.value - 0xF0000) else { return nil }
        return Character(read)
    }

    /// Replaces each placeholder with the bracket that closes the innermost one still open in
    /// `text`; where nothing is open, with what OCR read. A `3` alone at the start of a line,
    /// where a `{` is open, is its `}`. (A `]` closing a `(` is left alone: as often the `(`
    /// was a misread `[` as the `]` a misread `)`.)
    static func closingBrackets(in text: String) -> String {
        let characters = Array(text)
        var open: [Character] = []
        var result = ""
        var startsLine = true
        for (index, character) in characters.enumerated() {
            defer {
                if character == "\n" { startsLine = true } else if !character.isWhitespace { startsLine = false }
            }
            if let read = readCharacter(behind: character) {
                let opener = open.popLast()
                result.append(opener.flatMap { closers[$0] } ?? read)
            } else if closers[character] != nil {
                open.append(character)
                result.append(character)
            } else if closers.values.contains(character) {
                _ = open.popLast()
                result.append(character)
            } else if character == "3", startsLine, open.last == "{",
                      index + 1 == characters.count || "\n;),".contains(characters[index + 1]) {
                open.removeLast()
                result.append("}")
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `text` without a `{` OCR saw in the round curve of a `(` (`new({)`, `Ok({total)`): one
    /// right after a `(` on a line that its brackets balance without it, and not with it.
    static func withoutStrayBraces(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var characters = Array(line)
            var index = 1
            while index < characters.count {
                if characters[index] == "{", characters[index - 1] == "(", !balances(characters),
                   balances(Array(characters[..<index] + characters[(index + 1)...])) {
                    characters.remove(at: index)
                } else {
                    index += 1
                }
            }
            return String(characters)
        }.joined(separator: "\n")
    }

    /// Whether every bracket on the line closes one of its kind opened before it on the line,
    /// and none is left open. Quotes are not told apart: a bracket in a string counts too.
    private static func balances(_ characters: [Character]) -> Bool {
        var open: [Character] = []
        for character in characters {
            if closers[character] != nil {
                open.append(character)
            } else if closers.values.contains(character) {
                guard let opener = open.popLast(), closers[opener] == character else { return false }
            } else if readCharacter(behind: character) != nil {
                return false
            }
        }
        return open.isEmpty
    }

    /// `:` or `;`: two small marks one above the other, where `i` has a stem below its dot.
    private static func twoDots(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Character? {
        guard ink.parts == 2, Double(ink.tallestPart) <= 0.4 * xHeight else { return nil }
        return Double(ink.bottom) - baseline > 0.15 * xHeight ? ";" : ":"
    }

    /// A backtick read as a quote or a tilde: one small narrow mark up high, where a `"` is two
    /// ticks and a `~` lies across the middle of the x-height.
    private static func isBacktick(_ ink: CharacterInk, readAs character: Character, baseline: Double, xHeight: Double) -> Bool {
        singleTickLookalikes.contains(character) && ink.parts == 1 && Double(ink.width) <= 0.5 * xHeight
            && isSmallHighMark(ink, baseline: baseline, xHeight: xHeight)
    }

    /// Backtick: a small mark entirely above the x-height (an asterisk reaches well into it).
    private static func isSmallHighMark(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Bool {
        let height = Double(ink.bottom - ink.top)
        return height <= 0.45 * xHeight && baseline - Double(ink.bottom) >= 0.8 * xHeight
    }

    /// A bracket or brace: taller than an ascender, from above the x-height to below the baseline.
    private static func isBracketStroke(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Bool {
        let below = Double(ink.bottom) - baseline
        let above = baseline - Double(ink.top)
        return below >= 0.2 * xHeight && above >= 1.3 * xHeight
    }

    /// Which flat mark the ink is, or nil when it is none of them clearly.
    private static func flatMark(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Character? {
        let height = Double(ink.bottom - ink.top)
        let width = Double(ink.right - ink.left)
        guard height <= 0.6 * xHeight else { return nil }
        let belowBaseline = Double(ink.bottom) - baseline
        let centre = baseline - Double(ink.top + ink.bottom) / 2
        if belowBaseline > 0.2 * xHeight {
            return width >= 2 * height ? "_" : ","
        }
        // In small type a comma's tail is a pixel below the baseline: taller than wide, where
        // a period is a square dot on it.
        if belowBaseline >= 1 && height >= 1.4 * width {
            return ","
        }
        if centre > 0.3 * xHeight && centre < 0.75 * xHeight && width >= 1.5 * height {
            return "-"
        }
        if abs(belowBaseline) <= 0.15 * xHeight && centre < 0.3 * xHeight && width <= 2 * height {
            return "."
        }
        return nil
    }

    /// Each row's baseline: where its letters without descenders stand, or, for a row with
    /// too few of them (`};`), the baseline of the nearest row that has some, moved by whole
    /// line pitches. `tops[i]` is row i's top.
    static func baselines(_ characters: [[Character]], inks: [[CharacterInk?]], tops: [Int]) -> [Double?] {
        let measured: [Double?] = zip(characters, inks).map { row, rowInks in
            let bottoms = zip(row, rowInks).compactMap { character, ink in onBaseline.contains(character) ? ink?.bottom : nil }.sorted()
            return bottoms.count >= 2 ? Double(bottoms[bottoms.count / 2]) : nil
        }
        let known = measured.indices.filter { measured[$0] != nil }
        // The line pitch, from consecutive rows' tops (a blank line makes a double step).
        let steps = zip(tops.dropFirst(), tops).map { Double($0 - $1) }.filter { $0 > 0 }.sorted()
        guard let smallest = steps.first else { return measured }
        let single = steps.filter { $0 < 1.5 * smallest }
        let pitch = single.reduce(0, +) / Double(single.count)
        return measured.indices.map { index in
            if let value = measured[index] { return value }
            guard let nearest = known.min(by: { abs(tops[$0] - tops[index]) < abs(tops[$1] - tops[index]) }),
                  let base = measured[nearest] else { return nil }
            let rows = (Double(tops[index] - tops[nearest]) / pitch).rounded()
            return base + rows * pitch
        }
    }

    /// The x-height of a block's text: the median height of letters as tall as an `x`.
    static func xHeight(_ characters: [[Character]], inks: [[CharacterInk?]]) -> Double {
        var heights: [Int] = []
        for (row, rowInks) in zip(characters, inks) {
            for (character, ink) in zip(row, rowInks) where xHeightLetters.contains(character) {
                if let ink { heights.append(ink.bottom - ink.top) }
            }
        }
        return Double(heights.median ?? 0)
    }
}
