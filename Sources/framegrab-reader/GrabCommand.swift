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
        usage.common.prepareRun()
        guard Console.send(to: usage.common.output) else { return .outputFailed }

        var status = ExitCode.success
        var run = Run()
        for video in usage.inputs {
            let read = grab(video, usage: usage, run: &run)
            if status == .success { status = read }
            // A broken OCR setup fails every input alike: say it once.
            if read == .ocrUnavailable { break }
        }
        if usage.format == .html {
            let page = LiveTextPage(sections: run.sections, generator: "framegrab \(Version.number)").html
            Console.output(String(page.dropLast()))
        }
        Console.exit(status, skippingTeardownOf: run.engines)
    }

    /// What the readings of every input share.
    private struct Run {
        /// One set of OCR engines for every input: the first grabber's.
        var engines: EnginePool?
        /// The readings asked for so far, of every input.
        var frames = 0
        /// `--format html`: the page's sections so far, one a reading asked for.
        var sections: [LiveTextPage.Section] = []
    }

    /// Reads every requested time of one input (`-`: stdin) and prints its documents; the
    /// status of its first failure.
    private static func grab(_ video: String, usage: Usage, run: inout Run) -> ExitCode {
        let grabber: FrameGrabber
        do throws(FrameGrabError) {
            let ocr = usage.common.ocr
            var options = FrameGrabber.Options(ocr: ocr)
            options.describesLayout = usage.debugLayout
            options.readsStillImages = true
            options.reusesReadings = true
            options.crop = usage.crop
            options.keepsPicture = usage.format == .html || usage.frameOut != nil
            options.ocrTimeLimit = usage.ocrTimeLimit
            grabber = try video == "-"
                ? FrameGrabber(spool: SpooledInput(copying: STDIN_FILENO, name: video), options: options, engines: run.engines)
                : FrameGrabber(path: video, options: options, engines: run.engines)
        } catch {
            Console.error(error.description)
            for time in usage.times.isEmpty ? ["0"] : usage.times.map(\.text) {
                beginFrame(&run, usage: usage)
                run.sections.append(.init(heading: heading(video, time, usage: usage), content: .failed(error.description)))
            }
            return ExitCode(error)
        }
        if run.engines == nil { run.engines = grabber.engines }
        var times = usage.times
        if times.isEmpty {
            guard grabber.isStillImage else {
                let message = "\(video): a video needs --at TIME (usage: framegrab --at TIME VIDEO...)"
                Console.error(message)
                beginFrame(&run, usage: usage)
                run.sections.append(.init(heading: video, content: .failed(message)))
                return .usage
            }
            times = [("0", .fromStart(MediaTime(microseconds: 0)))]
        }

        var status = ExitCode.success
        var toldProtected = false
        for request in times {
            let label = usage.inputs.count > 1 ? "\(video) at \(request.text)" : request.text
            beginFrame(&run, usage: usage)
            do throws(FrameGrabError) {
                let report = try grabber.report(at: request.time)
                switch usage.format {
                case .json:
                    Console.output(report.json)
                case .text:
                    if !report.plainText.isEmpty { Console.output(report.plainText) }
                case .html:
                    break
                }
                let kept = keep(report, heading: heading(video, request.text, usage: usage), usage: usage, run: &run)
                if status == .success { status = kept }
                if let protection = report.protection, report.status == .skipped {
                    // One line for the input, however many times were asked for.
                    if !toldProtected {
                        Console.error(FrameGrabError.protectedContent(path: video, protection: protection).description)
                        toldProtected = true
                    }
                    if status == .success { status = .protectedContent }
                    continue
                }
                if report.frame.ocrTimeLimitReached && report.frame.reusedFrom == nil {
                    Console.error("framegrab: \(video) at \(request.text): OCR stopped at its time limit"
                                  + " (--timeout \(usage.ocrTimeLimit.map { String($0) } ?? "none") s of processor time); lines not read by then are left out")
                }
                if usage.debugLayout {
                    Console.error(report.layout)
                }
                if usage.common.verbose {
                    let timings = report.timings
                    let read = report.frame.reusedFrom.map { "the reading of \($0.timecode) again" }
                        ?? String(format: "layout and OCR %.0f ms", timings.layoutAndOCRSeconds * 1000)
                    Console.error(String(format: "framegrab: %@: decoded %d frames in %.0f ms, %@, %d regions",
                                         label, timings.framesDecoded, timings.decodeSeconds * 1000,
                                         read, report.regions.count))
                }
            } catch {
                Console.error(error.description)
                run.sections.append(.init(heading: Self.heading(video, request.text, usage: usage), content: .failed(error.description)))
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
    private static func beginFrame(_ run: inout Run, usage: Usage) {
        if usage.format == .text && run.frames > 0 { Console.output(FrameReport.frameSeparator) }
        run.frames += 1
    }

    /// A page section's heading: the input and the time asked for (`talk.mp4 at 12:30`).
    private static func heading(_ video: String, _ time: String, usage: Usage) -> String {
        usage.times.isEmpty ? video : "\(video) at \(time)"
    }

    /// `--format html` and `--frame-out`: the frame encoded as PNG once for both, and the
    /// page's section kept without the decoded picture; the status of what failed.
    private static func keep(_ report: FrameReport, heading: String, usage: Usage, run: inout Run) -> ExitCode {
        let frameOut = usage.frameOutPath(forFrame: run.frames)
        var status = ExitCode.success
        var png: [UInt8]?
        if let picture = report.picture, frameOut != nil || usage.format == .html {
            do throws(FFmpegError) {
                png = try PictureEncoder.png(picture)
            } catch {
                Console.error("framegrab: \(heading): \(error)")
                status = .internalFailure
            }
        }
        if let frameOut, let png { status = write(png, to: frameOut) }
        guard usage.format == .html else { return status }
        var shown = report
        shown.picture = nil
        if report.status != .analyzed {
            run.sections.append(.init(heading: heading, content: .skipped(shown)))
        } else if let picture = report.picture, let png {
            let encoded = EncodedPicture.forPage(picture, png: png)
            run.sections.append(.init(heading: heading, content: .read(shown, encoded)))
        } else {
            run.sections.append(.init(heading: heading, content: .failed("the frame could not be encoded")))
        }
        return status
    }

    /// `--frame-out`: `png` at `path`, replaced whole or left as it was.
    private static func write(_ png: [UInt8], to path: String) -> ExitCode {
        do throws(OutputFailure) {
            try WholeFile.write(png, to: path)
            return .success
        } catch {
            Console.error("framegrab: --frame-out \(error)")
            return .outputFailed
        }
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
