import FrameGrab
import FrameGrabCommandLine

/// Parsed command line of the `--at` grab (its words for `--help`: `CommandUsage.grab`).
struct Usage {
    enum Format: String {
        case json, text
    }

    var times: [(text: String, time: MediaTime)] = []
    /// The videos and images to read, in order; `-` is stdin.
    var inputs: [String] = []
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
                guard let time = MediaTime(parsing: text) else {
                    throw UsageFailure(message: "--at '\(text)' is not a time (use e.g. 750, 12:30, 1:02:03.5, 200ms)")
                }
                usage.times.append((text, time))
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
                try usage.common.take(argument, orOperandInto: &usage.inputs, from: &words, command: "framegrab")
            }
        }
        if usage.common.showHelp || usage.showVersion { return usage }
        guard !usage.inputs.isEmpty else { throw UsageFailure(message: "no video given (usage: framegrab --at TIME VIDEO...)") }
        // An image needs no --at; whether a video was given without one is known once it is open.
        guard usage.inputs.filter({ $0 == "-" }).count <= 1 else {
            throw UsageFailure(message: "'-' given twice: stdin can be read once")
        }
        return usage
    }
}
