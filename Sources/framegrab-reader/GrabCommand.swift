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
        guard Console.send(to: usage.common.output) else { return .outputFailed }

        var status = ExitCode.success
        // One set of OCR engines for every input: the first grabber's.
        var engines: EnginePool?
        var frames = 0
        for video in usage.inputs {
            let read = grab(video, usage: usage, engines: &engines, frames: &frames)
            if status == .success { status = read }
            // A broken OCR setup fails every input alike: say it once.
            if read == .ocrUnavailable { break }
        }
        Console.exit(status, skippingTeardownOf: engines)
    }

    /// Reads every requested time of one input (`-`: stdin) and prints its documents; the
    /// status of its first failure. `frames` counts the readings asked for so far, of every input.
    private static func grab(_ video: String, usage: Usage, engines: inout EnginePool?, frames: inout Int) -> ExitCode {
        let grabber: FrameGrabber
        do throws(FrameGrabError) {
            let ocr = usage.common.ocr
            var options = FrameGrabber.Options(ocr: ocr)
            options.describesLayout = usage.debugLayout
            options.readsStillImages = true
            options.reusesReadings = true
            options.crop = usage.crop
            grabber = try video == "-"
                ? FrameGrabber(spool: SpooledInput(copying: STDIN_FILENO, name: video), options: options, engines: engines)
                : FrameGrabber(path: video, options: options, engines: engines)
        } catch {
            Console.error(error.description)
            for _ in 0..<max(1, usage.times.count) { beginFrame(&frames, usage: usage) }
            return ExitCode(error)
        }
        if engines == nil { engines = grabber.engines }
        var times = usage.times
        if times.isEmpty {
            guard grabber.isStillImage else {
                Console.error("\(video): a video needs --at TIME (usage: framegrab --at TIME VIDEO...)")
                beginFrame(&frames, usage: usage)
                return .usage
            }
            times = [("0", .fromStart(MediaTime(microseconds: 0)))]
        }

        var status = ExitCode.success
        var toldProtected = false
        for request in times {
            let heading = usage.inputs.count > 1 ? "\(video) at \(request.text)" : request.text
            beginFrame(&frames, usage: usage)
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
                                         heading, timings.framesDecoded, timings.decodeSeconds * 1000,
                                         read, report.regions.count))
                }
            } catch {
                Console.error(error.description)
                if status == .success { status = ExitCode(error) }
                // A broken OCR setup fails every time alike: say it once.
                if case .ocrUnavailable = error { break }
            }
        }
        return status
    }

    /// `--format text`: a GS line before every frame asked for but the first, whether or not
    /// it is read, so that the nth group is the nth frame (an input that cannot be opened
    /// counts one a TIME, or one without --at, as an image would).
    private static func beginFrame(_ frames: inout Int, usage: Usage) {
        if usage.format == .text && frames > 0 { Console.output(FrameReport.frameSeparator) }
        frames += 1
    }
}

extension Console {
    /// Ends the process once everything is written, without freeing `resources`: tearing down
    /// the OCR engines (~50 MB each) takes longer than the kernel takes to drop them.
    /// Console's writes are unbuffered, so nothing written is lost; `-o FILE` is put in place
    /// on success and left as it was otherwise.
    static func exit(_ status: ExitCode, skippingTeardownOf resources: AnyObject?) -> Never {
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
