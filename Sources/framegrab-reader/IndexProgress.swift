import FrameGrab
import FrameGrabCommandLine
import Foundation
import Synchronization

/// What `framegrab index` tells as it goes: on a terminal (or with `--color always`), one bar
/// on stderr (videos done of all, the current file, × realtime, time left); otherwise one line
/// per video. With `--json`, one summary line per video on stdout.
final class IndexProgress: Sendable {
    private struct State {
        var done = 0
        var mediaSeconds = 0.0
        /// Position and duration of each video being read.
        var current: [String: (position: Double, duration: Double?)] = [:]
        var lastDrawn = Date.distantPast
        var drawnWidth = 0
    }

    private let total: Int
    private let json: Bool
    /// The bar, redrawn in place, rather than a line per video.
    private let drawsBar: Bool
    private let started = Date()
    private let state = Mutex(State())

    init(total: Int, json: Bool, color: ColorChoice) {
        self.total = total
        self.json = json
        drawsBar = color.redrawsLines(on: .standardError)
    }

    func take(_ event: LibraryIndexer.Event) {
        state.withLock { state in
            switch event {
            case .started(let path):
                state.current[path] = (0, nil)
            case .progress(let path, let position, let duration):
                state.current[path] = (position.seconds, duration?.seconds)
            case .putBack(let path, let reason):
                state.current[path] = nil
                clearBar(&state)
                Console.error("\(path): left to another try: \(reason)")
            case .finished(let outcome):
                state.current[outcome.path] = nil
                state.done += 1
                if outcome.status == .indexed { state.mediaSeconds += outcome.duration?.seconds ?? 0 }
                report(outcome, in: &state)
            }
            draw(&state, force: false)
        }
    }

    /// Clears the bar.
    func end() {
        state.withLock { state in
            guard drawsBar, state.drawnWidth > 0 else { return }
            Console.error("\r" + String(repeating: " ", count: state.drawnWidth) + "\r", terminator: "")
            state.drawnWidth = 0
        }
    }

    private func report(_ outcome: LibraryIndexer.Outcome, in state: inout State) {
        clearBar(&state)
        if json { Console.output(outcome.json) }
        let name = outcome.path
        switch outcome.status {
        case .failed where outcome.error == nil && outcome.storeError != nil:
            // The store refused it: that ends the batch, and `index` says so once, last.
            break
        case .failed:
            Console.error(outcome.error?.description ?? "\(name): failed")
        case .protected:
            Console.error(outcome.error?.description ?? "\(name): protected content skipped")
        case .indexed where !drawsBar:
            let realtime = outcome.seconds > 0 ? (outcome.duration?.seconds ?? 0) / outcome.seconds : 0
            Console.error(String(format: "[%d/%d] %@: %d screens, %d regions in %.1f s (%.1f× realtime)",
                                 state.done, total, name, outcome.screens, outcome.regions, outcome.seconds, realtime))
        case .unchanged where !drawsBar:
            Console.error("[\(state.done)/\(total)] \(name): unchanged since indexed, skipped")
        default:
            break
        }
    }

    private func draw(_ state: inout State, force: Bool) {
        guard drawsBar, state.done < total else { return }
        let now = Date()
        guard force || now.timeIntervalSince(state.lastDrawn) >= 0.25 else { return }
        state.lastDrawn = now
        let elapsed = now.timeIntervalSince(started)
        let inFlight = state.current.values.reduce(0.0) { $0 + $1.position }
        let realtime = elapsed > 0 ? (state.mediaSeconds + inFlight) / elapsed : 0
        let fractions = state.current.values.map { entry in entry.duration.map { $0 > 0 ? min(1, entry.position / $0) : 0 } ?? 0 }
        let progress = (Double(state.done) + fractions.reduce(0, +)) / Double(max(1, total))
        let left = progress > 0.01 ? elapsed * (1 - progress) / progress : nil
        let width = 24
        let filled = Int((progress * Double(width)).rounded(.down))
        let file = state.current.keys.sorted().first.map { ($0 as NSString).lastPathComponent } ?? ""
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
        line += "\(state.done)/\(total) \(file.prefix(40))"
        line += String(format: "  %.0f× realtime", realtime)
        if let left { line += "  ETA " + IndexProgress.duration(left) }
        let padding = max(0, state.drawnWidth - line.count)
        Console.error("\r" + line + String(repeating: " ", count: padding), terminator: "")
        state.drawnWidth = line.count
    }

    private func clearBar(_ state: inout State) {
        guard drawsBar, state.drawnWidth > 0 else { return }
        Console.error("\r" + String(repeating: " ", count: state.drawnWidth) + "\r", terminator: "")
        state.drawnWidth = 0
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600 ? "\(total / 3600)h\(total / 60 % 60)m" : total >= 60 ? "\(total / 60)m\(total % 60)s" : "\(total)s"
    }
}

extension LibraryIndexer.Outcome {
    /// One JSON line for `index --json`.
    var json: JSONValue {
        .object([
            OutputSchema.member,
            ("path", .string(path)),
            ("status", .string(status.rawValue)),
            ("duration", duration.map { .number($0.seconds, decimals: 6) } ?? .null),
            ("screens", .int(screens)),
            ("regions", .int(regions)),
            ("seconds", .number(seconds, decimals: 3)),
            ("error", .optional(error?.description ?? storeError?.description)),
        ])
    }
}
