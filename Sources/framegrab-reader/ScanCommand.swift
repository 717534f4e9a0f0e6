import FrameGrab
import FrameGrabCommandLine
import Foundation

/// `framegrab scan VIDEO...`: every settled screen of each video as JSON Lines, as found.
enum ScanCommand {
    static let help = """
        framegrab scan: every settled screen of a video, read, as JSON Lines

        Usage:
          framegrab scan [--settle DURATION] [options] VIDEO...

        A settled screen is a stretch in which the text on screen stays the same for at least
        the settle time: a slide, an editor between edits, a terminal between commands. Moving
        stretches (cross-fades, scrolling, typing) are never screens of their own; a blinking
        cursor, a passing pointer or a speaker's camera in a corner do not end one. Each
        screen is one line, printed as it is found: "start" and "end" of the stretch (seconds),
        then the document `framegrab --at` gives for the frame read (its "frame"."time" is
        inside the stretch). Consecutive screens with the same text are one screen; screens
        without text are left out.

        Options:
          --settle DURATION    how long the text must stay the same (default 1; ffmpeg's
                               syntax, e.g. 1.5, 800ms)
          -l LANGS             Tesseract languages, tesseract's syntax (default: eng)
          --tessdata-dir DIR   where the .traineddata files are
          --verbose            per-video figures on stderr
          --help               show this help

        Exit status:
          0  every video was scanned
          2  usage error: unknown option, missing argument, malformed --settle
          3  a VIDEO is missing or unreadable
          4  a VIDEO is not a video
          6  a VIDEO is protected (DRM) content: skipped, nothing decoded
          7  OCR unavailable: Tesseract language data missing
        With several videos the others are still scanned; the status is that of the first
        failure.
        """

    static func run(arguments: [String]) -> Int32 {
        var settle = MediaTime(microseconds: 1_000_000)
        var common = CommonOptions()
        var videos: [String] = []
        var words = Arguments(arguments)
        do throws(UsageFailure) {
            while let argument = words.next() {
                switch argument {
                case "--settle":
                    settle = try SettleOption.parse(try words.value(for: "--settle"))
                default:
                    try common.take(argument, orOperandInto: &videos, from: &words, command: "framegrab scan")
                }
            }
            if !common.showHelp && videos.isEmpty {
                throw UsageFailure(message: "no video given (usage: framegrab scan [--settle DURATION] VIDEO...)")
            }
        } catch {
            Console.error(error.message)
            return ExitCode.usage.rawValue
        }
        if common.showHelp {
            Console.output(help)
            return ExitCode.success.rawValue
        }
        common.routeFFmpegLog()

        var status = ExitCode.success
        for video in videos {
            let started = Date()
            do throws(FrameGrabError) {
                let scanner = try ScreenScanner(path: video, options: .init(settle: settle, ocr: common.ocr))
                let summary = try scanner.scan { screen in Console.output(screen.json.serialized) }
                if common.verbose {
                    Console.error(String(format: "framegrab: %@: %d screens, %d frames decoded, %d skipped, %.1f s",
                                         video, summary.screens, summary.framesDecoded, summary.framesSkipped,
                                         Date().timeIntervalSince(started)))
                }
            } catch {
                Console.error(error.description)
                if status == .success { status = ExitCode(error) }
                if case .ocrUnavailable = error { break }
            }
        }
        return status.rawValue
    }
}

/// `--settle DURATION` for `scan` and `index`: ffmpeg's duration syntax, more than zero.
enum SettleOption {
    static func parse(_ text: String) throws(UsageFailure) -> MediaTime {
        guard let time = MediaTime(parsing: text), time.microseconds > 0 else {
            throw UsageFailure(message: "--settle '\(text)' is not a duration (use e.g. 1, 1.5, 800ms)")
        }
        return time
    }
}
