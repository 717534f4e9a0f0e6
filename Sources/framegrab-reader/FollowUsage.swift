import FrameGrab
import FrameGrabCommandLine

/// Parsed command line of `framegrab follow` (its words for `--help`: `CommandUsage.follow`).
struct FollowUsage {
    var socket: String?
    var settleDelay = SettleScheduler.defaultSettleDelay
    var osd = false
    /// `--at`'s but the page: a session never ends, and a page is written once, whole.
    enum Format: String {
        case json, text
    }

    var format = Format.json
    var common = CommonOptions()

    /// How long mpv's socket may take to accept and answer, in seconds.
    static let socketTimeout = 3.0

    static func parse(_ arguments: [String]) throws(UsageFailure) -> FollowUsage {
        var usage = FollowUsage()
        var words = Arguments(arguments)
        while let argument = words.next() {
            switch argument {
            case "--settle":
                let text = try words.value(for: "--settle")
                let delay = try DurationOption.parse(text, for: "--settle")
                guard delay.seconds <= 60 else {
                    throw UsageFailure(message: "--settle '\(text)' is not a delay from 0 to 60 seconds (e.g. 0.5 or 300ms)")
                }
                usage.settleDelay = delay.seconds
            case "--mpv":
                usage.socket = try words.value(for: "--mpv")
            case "--osd":
                usage.osd = true
            case "--format":
                let text = try words.value(for: "--format")
                guard let format = Format(rawValue: text) else {
                    throw UsageFailure(message: "--format must be json or text, not '\(text)'")
                }
                usage.format = format
            default:
                guard try usage.common.take(argument, from: &words) else {
                    throw CommonOptions.unknown(argument, command: "framegrab follow")
                }
            }
        }
        if usage.common.showHelp { return usage }
        switch (usage.common.video, usage.socket) {
        case (nil, nil):
            throw UsageFailure(message: "no video given (usage: framegrab follow VIDEO, or framegrab follow --mpv SOCKET)")
        case (let video?, _?):
            throw UsageFailure(message: "follow reads either stdin for VIDEO or mpv's socket, not both (got '\(video)' and --mpv)")
        default:
            break
        }
        if usage.osd && usage.socket == nil {
            throw UsageFailure(message: "--osd needs --mpv SOCKET: it shows results in mpv")
        }
        if usage.format == .text && usage.common.output.pretty {
            throw UsageFailure(message: "--pretty indents JSON, and --format text prints none")
        }
        return usage
    }
}
