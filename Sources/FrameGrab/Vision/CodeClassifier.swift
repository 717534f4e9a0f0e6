/// Decides whether read text is code or prose, from evidence in the text and its layout:
/// symbol density, keywords, identifier shapes, statement endings, indentation, a line-number
/// gutter, and whether the characters sit on a monospace grid.
struct CodeClassifier: CharacterPass {
    func apply(to region: inout ReadRegion) {
        let lines = region.lines
        let glyphs = region.rows.map(\.glyphs)
        region.kind = Self.kind(of: lines, monospaceFit: CodeIndenter.monospaceFit(glyphs: glyphs, lines: lines),
                                rowGridFit: CodeIndenter.rowGridFit(glyphs: glyphs, lines: lines),
                                hasGutter: region.rows.contains { $0.number != nil }, inPanel: region.block.panel != nil)
    }

    /// Lines of monospace type that are a screen's worth.
    static let screenful = 8

    private static let symbols: Set<Character> = ["{", "}", "(", ")", "[", "]", ";", "=", "<", ">", "+", "*", "/", "&", "|", "!", ":", "\"", "'", "_", "#", "$", "%", "\\", "`", "@"]

    private static let keywords: Set<String> = [
        "func", "let", "var", "def", "return", "import", "class", "struct", "enum", "if", "else", "for", "while",
        "const", "int", "void", "fn", "pub", "use", "mut", "impl", "package", "public", "private", "static",
        "async", "await", "guard", "self", "this", "null", "nil", "None", "true", "false", "True", "False",
        "function", "lambda", "elif", "from", "#include", "typedef", "switch", "case", "break", "continue",
        "try", "catch", "throw", "throws", "new", "echo", "export", "sudo", "cd", "fi", "then", "do", "done",
        "val", "fun", "extension", "protocol", "interface", "type", "go", "defer", "println", "printf", "print",
    ]

    /// - Parameters:
    ///   - monospaceFit: share of neighbouring characters whose distance is a whole number of
    ///     cells (near 1 in a monospace font, about half in a proportional one), when known.
    ///   - rowGridFit: share of characters on their row's grid (`CodeIndenter.rowGridFit`),
    ///     which small type keeps where a pixel's error in two neighbours breaks their distance;
    ///     measured only where the neighbour fit leaves a panel's rows, or a screenful's, in doubt.
    ///   - hasGutter: the lines had editor line numbers.
    ///   - inPanel: the lines stand in a panel (a code card, an editor pane, a terminal).
    static func kind(of lines: [Line], monospaceFit: Double?, rowGridFit: @autoclosure () -> Double? = nil, hasGutter: Bool,
                     inPanel: Bool = false) -> RegionKind {
        let words = lines.flatMap(\.words)
        let characters = words.reduce(0) { $0 + $1.text.count }
        guard characters > 0 else { return .text }
        if hasGutter { return .code }
        // Small type keeps its grid row by row where a pixel's error breaks its neighbours' fit
        // (cells of 6 to 9 pixels): measured once, where the rows may be a panel's or a screenful.
        let mayBeCode = inPanel && lines.count >= 3 || lines.count >= screenful
        let onGrid = (monospaceFit ?? 0) >= 0.9 || mayBeCode && (rowGridFit() ?? 0) >= 0.9
        // Lines of monospace type in a panel are what the panel is for: code, even where the
        // excerpt is all comment, or a terminal's output. Slides set prose in proportional type.
        if inPanel, lines.count >= 3, onGrid { return .code }
        // A screenful of monospace lines is a file in an editor or a terminal's output, whatever
        // it holds (a table of hex code points, a log): slides and pages set prose in
        // proportional type, and a few lines of it at most in monospace.
        if lines.count >= screenful, onGrid { return .code }
        var evidence = 0.0
        if let monospaceFit {
            // Several lines of monospace type on a screen are code, a terminal or a config
            // file; prose is set in proportional type.
            evidence += monospaceFit >= 0.9 ? (lines.count >= 3 ? 2.5 : 1.5) : monospaceFit < 0.7 ? -1.5 : 0
        }
        if let guess = LanguageGuesser.guess(lines.map(\.text).joined(separator: "\n")), guess.confidence >= 0.5 {
            evidence += 1.5
        }

        let symbolCount = words.reduce(0) { count, word in count + word.text.filter(symbols.contains).count }
        let symbolDensity = Double(symbolCount) / Double(characters)
        evidence += min(3, symbolDensity / 0.04)

        let keywordCount = words.filter { keywords.contains($0.text.trimmingCharacters(in: .punctuationCharacters)) }.count
        evidence += min(3, 6 * Double(keywordCount) / Double(max(words.count, 1)) / 0.3)

        // camelCase, snake_case, member access and calls: shapes prose rarely has.
        let identifierShapes = words.filter { word in
            let text = word.text
            let hasInnerCapital = text.dropFirst().contains(where: \.isUppercase) && text.first?.isLowercase == true
            return hasInnerCapital || text.contains("_") || text.contains("(") || (text.contains(".") && !text.hasSuffix("."))
        }.count
        evidence += min(2, 4 * Double(identifierShapes) / Double(max(words.count, 1)))

        let statementEnds = lines.filter { line in
            guard let last = line.text.last else { return false }
            return ";{}):,[".contains(last)
        }.count
        evidence += min(2, 3 * Double(statementEnds) / Double(lines.count))

        if lines.count >= 3 {
            let lefts = lines.map(\.box.x)
            let base = lefts.min() ?? 0
            let height = lines.map(\.box.height).median ?? 0
            let indented = lefts.filter { $0 - base > height }.count
            if indented > 0 && indented < lines.count { evidence += 1.5 }
        }
        return evidence >= 3.5 ? .code : .text
    }
}
