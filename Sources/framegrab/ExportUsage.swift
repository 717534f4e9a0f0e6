import FrameGrabCommandLine
import FrameGrabStore
import Foundation

/// Parsed command line of `framegrab export` (its words for `--help`: `CommandUsage.export`).
struct ExportUsage {
    var database = IndexDatabase.defaultPath
    /// Absolute and standardized, as the index stores them.
    var paths: [String] = []
    var showHelp = false
    var output = OutputOptions()

    static func parse(_ arguments: [String]) throws(UsageFailure) -> ExportUsage {
        var usage = ExportUsage()
        var words = Arguments(arguments)
        while let argument = words.next() {
            if try usage.output.take(argument, from: &words) { continue }
            switch argument {
            case "--db":
                usage.database = try words.value(for: "--db")
            case ColorChoice.option:
                // Taken, as every command takes it; an export is never coloured.
                _ = try ColorChoice(option: try words.value(for: argument))
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
