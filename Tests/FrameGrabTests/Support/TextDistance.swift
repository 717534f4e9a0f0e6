/// Edit distances for comparing OCR output with the truth.
enum TextDistance {
    /// Levenshtein distance over Unicode scalars: insertions, deletions and substitutions.
    static func levenshtein(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Runs of whitespace (spaces, newlines, indentation) become one space; ends trimmed.
    static func normalizingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Character error rate of `found` against `truth`, both whitespace-normalised:
    /// edits needed per truth character.
    static func characterErrorRate(found: String, truth: String) -> Double {
        let truth = normalizingWhitespace(truth)
        let found = normalizingWhitespace(found)
        guard !truth.isEmpty else { return found.isEmpty ? 0 : 1 }
        return Double(levenshtein(found, truth)) / Double(truth.unicodeScalars.count)
    }
}
