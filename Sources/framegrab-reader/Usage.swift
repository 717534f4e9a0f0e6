import FrameGrab
import FrameGrabCommandLine

/// Parsed command line of the `--at` grab (its words for `--help`: `CommandUsage.grab`).
struct Usage {
    enum Format: String {
        case json, text
    }

    var times: [(text: String, time: RequestedTime)] = []
    var format = Format.json
    var debugLayout = false
    var showVersion = false
    var common = CommonOptions()

    static func parse(_ arguments: [String]) throws(UsageFailure) -> Usage {
        var usage = Usage()
        var words = Arguments(arguments)
        while let argument = words.next() {
            switch argument {
            case "--at":
                let text = try words.value(for: "--at")
                do throws(TimeSyntaxError) {
                    usage.times.append((text, try RequestedTime(parsing: text)))
                } catch {
                    throw UsageFailure(message: "--at \(error)")
                }
            case "--format":
                let text = try words.value(for: "--format")
                guard let format = Format(rawValue: text) else {
                    throw UsageFailure(message: "--format must be json or text, not '\(text)'")
                }
                usage.format = format
            case "--debug-layout":
                usage.debugLayout = true
            case "--version":
                usage.showVersion = true
            default:
                guard try usage.common.take(argument, from: &words) else {
                    throw CommonOptions.unknown(argument, command: "framegrab")
                }
            }
        }
        if usage.common.showHelp || usage.showVersion { return usage }
        guard usage.common.video != nil else { throw UsageFailure(message: "no video given (usage: framegrab --at TIME VIDEO)") }
        guard !usage.times.isEmpty else { throw UsageFailure(message: "no --at TIME given (usage: framegrab --at TIME VIDEO)") }
        if usage.format == .text && usage.common.output.pretty {
            throw UsageFailure(message: "--pretty indents JSON, and --format text prints none")
        }
        return usage
    }
}
