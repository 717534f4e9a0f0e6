/// A command of framegrab's in the words of its help: what `framegrab --help` lists, and what
/// `framegrab help NAME` and `framegrab NAME --help` print, whichever executable runs it.
public struct CommandUsage: Sendable {
    /// The word that names it: `framegrab NAME …`.
    public let name: String
    /// What it does, in one line.
    public let summary: String
    /// How it is called, one form a line (continuations indented under their form).
    public let synopsis: String
    /// What it does in full: what it prints, its options, its exit statuses.
    public let details: String

    public init(name: String, summary: String, synopsis: String, details: String) {
        self.name = name
        self.summary = summary
        self.synopsis = synopsis
        self.details = details
    }

    /// Its `--help`.
    public var text: String {
        "framegrab \(name): \(summary)\n\nUsage:\n" + CommandUsage.indented(synopsis) + "\n\n" + details
    }

    /// Every line two spaces in, as help lists them.
    static func indented(_ lines: String) -> String {
        lines.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
