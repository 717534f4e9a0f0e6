import FrameGrab
import FrameGrabCommandLine

/// What `framegrab --at` and `framegrab follow` both take: the OCR language data, FFmpeg's
/// log, colour, help, where results go (`-o`, `--pretty`), and the one VIDEO.
struct CommonOptions {
    var languages = "eng"
    var tessdataDirectory: String?
    var verbose = false
    var color = ColorChoice.auto
    var showHelp = false
    /// `--time-limit`: the whole run ends after this many seconds; nil for no limit.
    var timeLimit: Double?
    var video: String?
    var output = OutputOptions()

    var ocr: TesseractEngine.Configuration {
        TesseractEngine.Configuration(languages: languages, dataDirectory: tessdataDirectory)
    }

    /// Takes `argument` (and its value from `words`) when it is a common option or the VIDEO;
    /// false for an option of the command's own.
    mutating func take(_ argument: String, from words: inout Arguments) throws(UsageFailure) -> Bool {
        if try output.take(argument, from: &words) { return true }
        switch argument {
        case "-l", "--lang":
            languages = try words.value(for: argument)
        case "--tessdata-dir":
            tessdataDirectory = try words.value(for: "--tessdata-dir")
        case "--verbose", "-v":
            verbose = true
        case ColorChoice.option:
            color = try ColorChoice(option: try words.value(for: argument))
        case "--help", "-h":
            showHelp = true
        case "--time-limit":
            timeLimit = try DurationOption.positive(try words.value(for: argument), for: argument).seconds
        case "--":
            for path in words.rest() { try setVideo(path) }
        default:
            guard !argument.hasPrefix("-") || argument == "-" else { return false }
            try setVideo(argument)
        }
        return true
    }

    /// Takes `argument` as one of several operands (`scan` and `index` take many), or a common
    /// option; anything else is unknown to `command`.
    mutating func take(_ argument: String, orOperandInto operands: inout [String], from words: inout Arguments,
                       command: String) throws(UsageFailure) {
        if argument == "--" {
            operands += words.rest()
        } else if !argument.hasPrefix("-") || argument == "-" {
            operands.append(argument)
        } else if try !take(argument, from: &words) {
            throw CommonOptions.unknown(argument, command: command)
        }
    }

    /// The error for an option neither the command nor `take` knows.
    static func unknown(_ argument: String, command: String) -> UsageFailure {
        UsageFailure(message: "unknown option '\(argument)' (see \(command) --help)")
    }

    /// With `--verbose`, FFmpeg's log goes to stderr; otherwise it stays silent. With
    /// `--time-limit`, the run ends when it is reached.
    func prepareRun() {
        if verbose { FFmpegLog.route(to: { _, line in Console.error("ffmpeg: " + line) }, maxLevel: 32) }
        if let timeLimit { RunTimeLimit.start(seconds: timeLimit) }
    }

    private mutating func setVideo(_ path: String) throws(UsageFailure) {
        guard video == nil else { throw UsageFailure(message: "one video at a time (got '\(video ?? "")' and '\(path)')") }
        video = path
    }
}
