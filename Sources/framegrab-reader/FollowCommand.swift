import Dispatch
import FrameGrab
import FrameGrabCommandLine
import Foundation
import Synchronization

/// `framegrab follow`: read the frame a player settles on, from events on stdin or from a
/// running mpv.
enum FollowCommand {
    static func run(arguments: [String]) -> ExitCode {
        let usage: FollowUsage
        do throws(UsageFailure) {
            usage = try FollowUsage.parse(arguments)
        } catch {
            Console.error(error.message)
            return .usage
        }
        if usage.common.showHelp {
            Console.output(CommandUsage.follow.text)
            return .success
        }
        usage.common.prepareRun()
        // The session never ends on its own: -o FILE grows by whole documents as they come.
        guard Console.send(to: usage.common.output, appending: true) else { return .outputFailed }
        let ocr = usage.common.ocr
        let source = FrameGrabberSource(options: .init(ocr: ocr))
        if let socket = usage.socket {
            return followMPV(socket: socket, source: source, usage: usage)
        }
        guard let video = usage.common.video else { return .usage }
        return followStdin(video: video, source: source, usage: usage)
    }

    /// Events from stdin, one JSON object per line, about VIDEO (opened first).
    private static func followStdin(video: String, source: sending FrameGrabberSource, usage: FollowUsage) -> ExitCode {
        let start = PlaybackEvent.open(path: video)
        // Set while VIDEO is being opened: how that ended, once it has.
        let opening = Mutex<(pending: Bool, failure: FrameGrabError?)>((true, nil))
        let opened = DispatchSemaphore(value: 0)
        let verbose = usage.common.verbose
        let format = usage.format
        let loop = SettleLoop(source: source, settleDelay: usage.settleDelay) { notice in
            let answersStart = notice.event == start && notice.line == nil && opening.withLock { state in
                defer { state.pending = false }
                if case .failure(let error) = notice.content { state.failure = error }
                return state.pending
            }
            if answersStart, case .failure(let error) = notice.content {
                Console.error(error.description)
            } else {
                report(notice, format: format, verbose: verbose)
            }
            if answersStart { opened.signal() }
        }
        loop.post(start)
        opened.wait()
        if let failure = opening.withLock({ $0.failure }) {
            Console.exit(ExitCode(failure), skippingTeardownOf: loop)
        }

        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            do throws(PlaybackEvent.EventLineError) {
                guard let event = try PlaybackEvent(eventLine: line) else { continue }
                loop.post(event, line: number)
            } catch {
                Console.error("line \(number): \(error)")
            }
        }
        let finished = DispatchSemaphore(value: 0)
        loop.finish { finished.signal() }
        finished.wait()
        Console.exit(.success, skippingTeardownOf: loop)
    }

    /// Events from a running mpv, about the file it plays.
    private static func followMPV(socket: String, source: sending FrameGrabberSource, usage: FollowUsage) -> ExitCode {
        let session: MPVSession
        do throws(SocketError) {
            session = try MPVSession(socketPath: socket, timeout: FollowUsage.socketTimeout)
        } catch {
            Console.error(error.description)
            return .playerUnreachable
        }
        let verbose = usage.common.verbose
        let format = usage.format
        let osd = usage.osd
        let loop = SettleLoop(source: source, settleDelay: usage.settleDelay) { notice in
            report(notice, format: format, verbose: verbose)
            if osd, case .report(let frame, _) = notice.content {
                session.showText("framegrab: " + frame.summary)
            }
        }
        do throws(SocketError) {
            try session.run { event in
                if verbose { Console.error("framegrab: mpv: " + event.json().serialized) }
                loop.post(event)
            }
        } catch {
            Console.error(error.description)
            Console.exit(.playerUnreachable, skippingTeardownOf: loop)
        }
        // mpv quit: its picture is gone, so nothing still under way is worth printing. Wait
        // (briefly) only so that no line is cut short.
        loop.post(.close)
        let finished = DispatchSemaphore(value: 0)
        loop.finish { finished.signal() }
        _ = finished.wait(timeout: .now() + 2)
        Console.exit(.success, skippingTeardownOf: loop)
    }

    /// Prints a notice: a result as a JSON document on stdout (or its text, ended by a line of
    /// one GS, `--format text`), a failure as a line on stderr. A broken OCR setup fails every
    /// read alike, so it ends the session.
    private static func report(_ notice: SettleNotice, format: FollowUsage.Format, verbose: Bool) {
        let origin = notice.line.map { "line \($0): " } ?? ""
        switch notice.content {
        case .opened:
            if verbose { Console.error("framegrab: \(origin)opened \(notice.event.json().serialized)") }
        case .report(let report, let fromCache):
            switch format {
            case .json:
                if let json = notice.json { Console.output(json) }
            case .text:
                // One write: a reader of an appended -o FILE never sees half a reading.
                let text = report.plainText
                Console.output((text.isEmpty ? "" : text + "\n") + FrameReport.frameSeparator)
            }
            if verbose {
                let timings = report.timings
                let how = fromCache
                    ? "from the cache"
                    : String(format: "decoded %d frames in %.0f ms, layout and OCR %.0f ms", timings.framesDecoded,
                             timings.decodeSeconds * 1000, timings.layoutAndOCRSeconds * 1000)
                Console.error("framegrab: \(origin)\(report.frame.requested?.timecode ?? "-"): \(how), \(report.regions.count) regions")
            }
        case .failure(let error):
            Console.error(origin + error.description)
            // Straight out, like Console.exit: the engines are not worth tearing down.
            if case .ocrUnavailable = error { _exit(ExitCode.ocrUnavailable.rawValue) }
        }
    }
}
