import FrameGrab
import FrameGrabCommandLine
import Foundation

/// `framegrab --at TIME VIDEO`: the main job.
enum GrabCommand {
    static func run(arguments: [String]) -> ExitCode {
        let usage: Usage
        do throws(UsageFailure) {
            usage = try Usage.parse(arguments)
        } catch {
            Console.error(error.message)
            return .usage
        }
        if usage.common.showHelp {
            Console.output(CommandUsage.grab.text)
            return .success
        }
        if usage.showVersion {
            Console.output(Version.description)
            return .success
        }
        usage.common.routeFFmpegLog()
        guard let video = usage.common.video else { return .usage }
        guard Console.send(to: usage.common.output) else { return .outputFailed }

        let grabber: FrameGrabber
        do throws(FrameGrabError) {
            let ocr = usage.common.ocr
            var options = FrameGrabber.Options(ocr: ocr)
            options.describesLayout = usage.debugLayout
            options.reusesReadings = true
            grabber = try FrameGrabber(path: video, options: options)
        } catch {
            Console.error(error.description)
            return ExitCode(error)
        }

        var status = ExitCode.success
        var toldProtected = false
        for (index, request) in usage.times.enumerated() {
            // Before every frame but the first, read or not: the nth group is the nth --at.
            if usage.format == .text && index > 0 { Console.output(FrameReport.frameSeparator) }
            do throws(FrameGrabError) {
                let report = try grabber.report(at: request.time)
                switch usage.format {
                case .json:
                    Console.output(report.json)
                case .text:
                    if !report.plainText.isEmpty { Console.output(report.plainText) }
                }
                if let protection = report.protection, report.status == .skipped {
                    // One line for the input, however many times were asked for.
                    if !toldProtected {
                        Console.error(FrameGrabError.protectedContent(path: video, protection: protection).description)
                        toldProtected = true
                    }
                    if status == .success { status = .protectedContent }
                    continue
                }
                if usage.debugLayout {
                    Console.error(report.layout)
                }
                if usage.common.verbose {
                    let timings = report.timings
                    let read = report.frame.reusedFrom.map { "the reading of \($0.timecode) again" }
                        ?? String(format: "layout and OCR %.0f ms", timings.layoutAndOCRSeconds * 1000)
                    Console.error(String(format: "framegrab: %@: decoded %d frames in %.0f ms, %@, %d regions",
                                         request.text, timings.framesDecoded, timings.decodeSeconds * 1000,
                                         read, report.regions.count))
                }
            } catch {
                Console.error(error.description)
                if status == .success { status = ExitCode(error) }
                // A broken OCR setup fails every time alike: say it once.
                if case .ocrUnavailable = error { break }
            }
        }
        Console.exit(status, skippingTeardownOf: grabber)
    }
}

extension Console {
    /// Ends the process once everything is written, without freeing `resources`: tearing down
    /// the OCR engines (~50 MB each) takes longer than the kernel takes to drop them.
    /// Console's writes are unbuffered, so nothing written is lost; `-o FILE` is put in place
    /// on success and left as it was otherwise.
    static func exit(_ status: ExitCode, skippingTeardownOf resources: AnyObject) -> Never {
        let status = Console.finish(status.rawValue, succeeded: status == .success)
        withExtendedLifetime(resources) {
            _exit(status)
        }
    }
}

enum Version {
    static let number = "0.1.0"
    static var description: String {
        "framegrab \(number) (\(FrameGrabLibraries.versions))"
    }
}
