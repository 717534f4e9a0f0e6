import FrameGrab
import FrameGrabCommandLine

/// Parsed command line, and the words for `--help`.
struct Usage {
    enum Format: String {
        case json, text
    }

    var times: [(text: String, time: MediaTime)] = []
    var format = Format.json
    var debugLayout = false
    var showVersion = false
    var common = CommonOptions()

    static let help = """
        framegrab: read the text on the frame a video shows at a given time

        Usage:
          framegrab --at TIME [--at TIME ...] [options] VIDEO
          framegrab follow [options] VIDEO | --mpv SOCKET   (see framegrab follow --help)
          framegrab --help | --version

        Prints one JSON document per requested time (one per line): the source, the frame a
        player shows at TIME (the last frame whose presentation time is at or before it), and
        its text regions (code and text) with boxes, lines, words and confidences.

        TIME uses ffmpeg's duration syntax, from the start of the presentation like ffmpeg -ss:
          750   750.25   12:30   1:02:03.5   750s   200ms

        VIDEO is a file, a local playlist or an http(s) URL; an HLS master playlist is read at
        its sharpest rendition. Protected (DRM) content is never decoded: each TIME gets a
        "skipped" document and the status is 6. HLS AES-128 with a key the playlist points to
        is not DRM, and is read.

        Options:
          --at TIME            time to read; repeat for several frames
          --format json|text   JSON documents (default) or just the regions' text
          -l LANGS             Tesseract languages, tesseract's syntax (default: eng; e.g. eng+deu)
          --tessdata-dir DIR   where the .traineddata files are
          --verbose            show FFmpeg's log and timings on stderr
          --debug-layout       show the text blocks and rows found, what OCR read, and what each pass changed, on stderr
          --help               show this help
          --version            show the version

        """ + ExitCode.table

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
                guard try usage.common.take(argument, from: &words) else {
                    throw CommonOptions.unknown(argument, command: "framegrab")
                }
            }
        }
        if usage.common.showHelp || usage.showVersion { return usage }
        guard usage.common.video != nil else { throw UsageFailure(message: "no video given (usage: framegrab --at TIME VIDEO)") }
        guard !usage.times.isEmpty else { throw UsageFailure(message: "no --at TIME given (usage: framegrab --at TIME VIDEO)") }
        return usage
    }
}
