import FrameGrab
import FrameGrabCommandLine
import Foundation

/// `framegrab scan VIDEO...`: every settled screen of each video as JSON Lines, as found.
enum ScanCommand {
    static func run(arguments: [String]) -> Int32 {
        var settle = MediaTime(microseconds: 1_000_000)
        var common = CommonOptions()
        var videos: [String] = []
        var words = Arguments(arguments)
        do throws(UsageFailure) {
            while let argument = words.next() {
                switch argument {
                case "--settle":
                    settle = try DurationOption.positive(try words.value(for: "--settle"), for: "--settle")
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
            Console.output(CommandUsage.scan.text)
            return ExitCode.success.rawValue
        }
        common.prepareRun()
        guard Console.send(to: common.output) else { return ExitCode.outputFailed.rawValue }

        var status = ExitCode.success
        for video in videos {
            let started = Date()
            do throws(FrameGrabError) {
                let scanner = try ScreenScanner(path: video, options: .init(settle: settle, ocr: common.ocr))
                let summary = try scanner.scan { screen in Console.output(screen.json) }
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
        return Console.finish(status.rawValue, succeeded: status == .success)
    }
}

/// An option whose value is a duration in a time's syntax, without a `-`: `--settle`,
/// `--stall-timeout`, `--time-limit`.
enum DurationOption {
    static func parse(_ text: String, for option: String) throws(UsageFailure) -> MediaTime {
        do throws(TimeSyntaxError) {
            return try MediaTime(parsing: text)
        } catch {
            throw UsageFailure(message: "\(option) '\(text)' is not a duration: \(error.explanation)")
        }
    }

    /// A duration of more than zero: a settle time (a screen lasts a while), a limit.
    static func positive(_ text: String, for option: String) throws(UsageFailure) -> MediaTime {
        let time = try parse(text, for: option)
        guard time.microseconds > 0 else {
            throw UsageFailure(message: "\(option) '\(text)' must be more than zero (use e.g. 1, 1.5, 800ms, 2m)")
        }
        return time
    }
}
