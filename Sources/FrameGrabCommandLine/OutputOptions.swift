/// `-o FILE` and `--pretty`: where a command's results go, and how its JSON is laid out.
public struct OutputOptions: Sendable {
    /// The file given with `-o`; nil for stdout (also `-o -`).
    public var path: String?
    /// JSON indented for people rather than one document per line.
    public var pretty = false

    public init() {}

    /// Takes `argument` (and its value from `words`) when it is `-o`, `--output` or
    /// `--pretty`; false for any other.
    public mutating func take(_ argument: String, from words: inout Arguments) throws(UsageFailure) -> Bool {
        switch argument {
        case "-o", "--output":
            let value = try words.value(for: argument)
            guard !value.isEmpty else { throw UsageFailure(message: "\(argument) needs a file name (or - for stdout)") }
            path = value == "-" ? nil : value
        case "--pretty":
            pretty = true
        default:
            return false
        }
        return true
    }
}
