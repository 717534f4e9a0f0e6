/// A command of framegrab's in the words of its help: what `framegrab --help` lists, and what
/// `framegrab help NAME` and `framegrab NAME --help` print, whichever executable runs it. Its
/// options are a table: the help, the man page, the shell completions and the check that turns
/// away an option the command does not take are all made from it.
public struct CommandUsage: Sendable {
    /// The word that names it: `framegrab NAME …`.
    public let name: String
    /// What it does, in one line.
    public let summary: String
    /// How it is called, one form a line (continuations indented under their form).
    public let synopsis: String
    /// What it does in full, before its options.
    public let description: String
    /// Every option it takes, in the order the help lists them.
    public let options: [Option]
    /// After the options: its exit statuses, and what else there is to say.
    public let epilogue: String

    /// One option: every spelling it is accepted in, the value it takes (nil for a flag), and
    /// what it does (lines apart by line breaks).
    public struct Option: Sendable {
        public let spellings: [String]
        public let value: String?
        public let summary: String

        public init(_ spellings: String..., value: String? = nil, summary: String) {
            self.spellings = spellings
            self.value = value
            self.summary = summary
        }

        /// How the help writes it: `-l, --lang LANGS`.
        public var synopsis: String {
            spellings.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
        }
    }

    public init(name: String, summary: String, synopsis: String, description: String, options: [Option], epilogue: String) {
        self.name = name
        self.summary = summary
        self.synopsis = synopsis
        self.description = description
        self.options = options
        self.epilogue = epilogue
    }

    /// The option spelt `spelling` (`--at`, `-l`), if the command takes it.
    public func option(spelt spelling: String) -> Option? {
        options.first { $0.spellings.contains(spelling) }
    }

    /// Every spelling of every option.
    public var spellings: [String] { options.flatMap(\.spellings) }

    /// Everything after the synopsis: description, options, epilogue.
    public var details: String {
        description + "\n\nOptions:\n" + optionList + "\n\n" + epilogue
    }

    /// Its `--help`.
    public var text: String {
        "framegrab \(name): \(summary)\n\nUsage:\n" + CommandUsage.indented(synopsis) + "\n\n" + details
    }

    /// The options as the help lists them: the spellings in a column, what they do beside it.
    var optionList: String {
        let column = 21
        return options.map { option in
            let lines = option.summary.split(separator: "\n", omittingEmptySubsequences: false)
            let left = option.synopsis
            let first = left.count < column
                ? "  " + left + String(repeating: " ", count: column - left.count) + lines[0]
                : "  " + left + "\n" + String(repeating: " ", count: column + 2) + lines[0]
            return ([first] + lines.dropFirst().map { String(repeating: " ", count: column + 2) + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Every line two spaces in, as help lists them.
    static func indented(_ lines: String) -> String {
        lines.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
