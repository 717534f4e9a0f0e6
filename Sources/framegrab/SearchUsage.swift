import FrameGrabCommandLine
import FrameGrabModel
import FrameGrabStore
import Foundation

/// Parsed command line of `framegrab search` (its words for `--help`: `CommandUsage.search`).
struct SearchUsage {
    var database = IndexDatabase.defaultPath
    var json = false
    var limit = 20
    var filter = SearchFilter()
    var words: [String] = []
    var showHelp = false
    var verbose = false
    var color = ColorChoice.auto
    var output = OutputOptions()

    var query: String { words.joined(separator: " ") }

    static func parse(_ arguments: [String]) throws(UsageFailure) -> SearchUsage {
        var usage = SearchUsage()
        var words = Arguments(arguments)
        while let argument = words.next() {
            if try usage.output.take(argument, from: &words) { continue }
            switch argument {
            case "--db":
                usage.database = try words.value(for: "--db")
            case "--json":
                usage.json = true
            case "--verbose", "-v":
                usage.verbose = true
            case ColorChoice.option:
                usage.color = try ColorChoice(option: try words.value(for: argument))
            case "--limit":
                let text = try words.value(for: "--limit")
                guard let limit = Int(text), limit > 0 else {
                    throw UsageFailure(message: "--limit '\(text)' is not a positive whole number")
                }
                usage.limit = limit
            case "--kind":
                let text = try words.value(for: "--kind")
                guard let kind = RegionKind(rawValue: text) else {
                    throw UsageFailure(message: "--kind must be code, text or ui, not '\(text)'")
                }
                usage.filter.kind = kind
            case "--language":
                usage.filter.language = try words.value(for: "--language")
            case "--path":
                usage.filter.pathGlob = try words.value(for: "--path")
            case "--help", "-h":
                usage.showHelp = true
            case "--":
                usage.words += words.rest()
            default:
                guard !argument.hasPrefix("-") || argument == "-" else {
                    throw UsageFailure(message: "unknown option '\(argument)' (see framegrab search --help; "
                                        + "to search for it, put -- first: framegrab search -- \(argument))")
                }
                usage.words.append(argument)
            }
        }
        if usage.showHelp { return usage }
        if usage.output.pretty && !usage.json {
            throw UsageFailure(message: "--pretty indents JSON: use it with --json")
        }
        guard !usage.query.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageFailure(message: "no query given (usage: framegrab search [options] QUERY...)")
        }
        return usage
    }
}
