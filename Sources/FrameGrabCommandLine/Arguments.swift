/// Command-line words taken one at a time, as `framegrab` and `framegrab follow` read them:
/// `--option=value` is `--option value`, and a missing value is a usage error.
public struct Arguments {
    private var remaining: ArraySlice<String>

    public init(_ words: [String]) {
        remaining = words[...]
    }

    /// The next option or operand, with a `--name=value` split so that the value comes next.
    public mutating func next() -> String? {
        guard let word = remaining.popFirst() else { return nil }
        if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
            remaining.insert(String(word[word.index(after: equals)...]), at: remaining.startIndex)
            return String(word[..<equals])
        }
        return word
    }

    /// The value `option` takes.
    public mutating func value(for option: String) throws(UsageFailure) -> String {
        guard let value = remaining.popFirst() else { throw UsageFailure(message: "\(option) needs a value") }
        return value
    }

    /// Everything left, as operands (after `--`).
    public mutating func rest() -> [String] {
        defer { remaining = [] }
        return Array(remaining)
    }
}
