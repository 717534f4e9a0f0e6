import FrameGrabCommandLine
import FrameGrabStore
import Foundation

/// Parsed command line of `framegrab export`, and the words for its `--help`.
struct ExportUsage {
    var database = IndexDatabase.defaultPath
    /// Absolute and standardized, as the index stores them.
    var paths: [String] = []
    var showHelp = false

    static let help = """
        framegrab export: every indexed screen, for other tools

        Usage:
          framegrab export [--db PATH] [PATH...]
          framegrab export --help

        Prints every settled screen in the index as one JSON object per line (JSON Lines), in
        path and time order: path, start, end, time (of the frame read), and regions exactly
        as framegrab --at gives them. With PATHs (files or directories), only the videos at
        or under them.

        Options:
          --db PATH            the index (default: framegrab.db in the current directory)
          --help               show this help

        Exit status:
          0  success (an index without matching screens prints nothing)
          2  usage error, or the database is missing, not a framegrab database, or unreadable
        """

    static func parse(_ arguments: [String]) throws(UsageFailure) -> ExportUsage {
        var usage = ExportUsage()
        var words = Arguments(arguments)
        while let argument = words.next() {
            switch argument {
            case "--db":
                usage.database = try words.value(for: "--db")
            case "--help", "-h":
                usage.showHelp = true
            case "--":
                usage.paths += words.rest().map(IndexDatabase.absolute)
            default:
                guard !argument.hasPrefix("-") else {
                    throw UsageFailure(message: "unknown option '\(argument)' (see framegrab export --help)")
                }
                usage.paths.append(IndexDatabase.absolute(argument))
            }
        }
        return usage
    }
}
