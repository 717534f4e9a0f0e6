import FrameGrabCommandLine
import FrameGrabModel
import FrameGrabStore
import Foundation

/// `framegrab status`: how far a (shared) index has come.
enum StatusCommand {
    static let shown: Int32 = 0
    static let failed: Int32 = 2

    static func run(arguments: [String]) -> Int32 {
        var database = IndexDatabase.defaultPath
        var json = false
        var output = OutputOptions()
        var words = Arguments(arguments)
        do throws(UsageFailure) {
            while let argument = words.next() {
                if try output.take(argument, from: &words) { continue }
                switch argument {
                case "--db": database = try words.value(for: argument)
                case "--json": json = true
                case ColorChoice.option: _ = try ColorChoice(option: try words.value(for: argument))
                case "--help", "-h":
                    Console.output(CommandUsage.status.text)
                    return shown
                default:
                    throw UsageFailure(message: argument.hasPrefix("-") ? "unknown option '\(argument)' (see framegrab status --help)"
                                                                         : "status takes no PATH: it shows the whole index (give --db)")
                }
            }
            if !json, let option = output.path != nil ? "-o" : output.pretty ? "--pretty" : nil {
                throw UsageFailure(message: "\(option) is for --json")
            }
        } catch {
            Console.error(error.message)
            return failed
        }
        guard Console.send(to: output) else { return OutputFailure.status }
        guard let store = IndexDatabase.open(database) else { return failed }
        let summary: PostgresScreenStore.QueueSummary
        do throws(IndexStoreError) {
            if let shared = store as? PostgresScreenStore {
                summary = try shared.queueSummary()
            } else {
                summary = try localSummary(of: store)
            }
        } catch {
            Console.error(error.description)
            return failed
        }
        let name = (store as? PostgresScreenStore)?.name ?? database
        if json {
            Console.output(self.json(summary, database: name))
        } else {
            Console.output(text(summary, database: name, shared: store is PostgresScreenStore))
        }
        return Console.finish(shown, succeeded: true)
    }

    /// An SQLite index as a queue with nothing left in it: done, failed and skipped from its
    /// records, no fleet.
    static func localSummary(of store: any ScreenStore) throws(IndexStoreError) -> PostgresScreenStore.QueueSummary {
        var counts = Dictionary(uniqueKeysWithValues: PostgresScreenStore.QueueState.allCases.map { ($0, 0) })
        var failed: [PostgresScreenStore.QueueEntry] = []
        var mediaSeconds = 0.0
        for video in try store.videos() {
            switch video.status {
            case .indexed:
                counts[.done, default: 0] += 1
                mediaSeconds += video.duration?.seconds ?? 0
            case .protected:
                counts[.skipped, default: 0] += 1
            case .failed:
                counts[.failed, default: 0] += 1
                failed.append(.init(path: video.path, state: .failed, attempts: 1, error: video.error, recorded: .failed))
            }
        }
        return .init(counts: counts, mediaSeconds: mediaSeconds, busySeconds: 0, running: [], failed: failed,
                     now: Date().timeIntervalSince1970)
    }

    static func text(_ summary: PostgresScreenStore.QueueSummary, database: String, shared: Bool) -> String {
        let total = summary.counts.values.reduce(0, +)
        var lines = ["\(database): \(total) video\(total == 1 ? "" : "s")\(shared ? " in the queue" : " (an SQLite index: no queue)")"]
        for state in PostgresScreenStore.QueueState.allCases where shared || ![.queued, .running].contains(state) {
            var line = "  " + state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                + String(summary.counts[state] ?? 0).leftPadded(to: 7)
            if state == .done && summary.mediaSeconds > 0 { line += "   " + duration(summary.mediaSeconds) + " of video" }
            lines.append(line)
        }
        if let realtime = summary.realtime {
            lines.append(String(format: "  fleet: %.1f× realtime (%@ of video in %@ of work)", realtime,
                                duration(summary.mediaSeconds), duration(summary.busySeconds)))
        }
        let now = summary.now
        if !summary.running.isEmpty { lines.append("running:") }
        for entry in summary.running {
            let elapsed = entry.startedAt.map { " for " + duration(max(0, now - $0)) } ?? ""
            lines.append("  \(entry.path)  (\(entry.worker ?? "?")\(elapsed), try \(entry.attempts))")
        }
        if !summary.failed.isEmpty { lines.append("failed:") }
        for entry in summary.failed {
            lines.append("  \(entry.path): \(entry.error ?? "failed")")
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ summary: PostgresScreenStore.QueueSummary, database: String) -> JSONValue {
        func entry(_ entry: PostgresScreenStore.QueueEntry) -> JSONValue {
            .object([("path", .string(entry.path)), ("worker", .optional(entry.worker)), ("attempts", .int(entry.attempts)),
                     ("started_at", entry.startedAt.map { .number($0, decimals: 3) } ?? .null), ("error", .optional(entry.error))])
        }
        return .object([
            OutputSchema.member,
            ("database", .string(database)),
            ("counts", .object(PostgresScreenStore.QueueState.allCases.map { ($0.rawValue, .int(summary.counts[$0] ?? 0)) })),
            ("media_seconds", .number(summary.mediaSeconds, decimals: 3)),
            ("busy_seconds", .number(summary.busySeconds, decimals: 3)),
            ("realtime", summary.realtime.map { .number($0, decimals: 2) } ?? .null),
            ("running", .array(summary.running.map(entry))),
            ("failed", .array(summary.failed.map(entry))),
        ])
    }

    /// `1h 02m`, `3m 10s`, `42s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole >= 3600 { return String(format: "%dh %02dm", whole / 3600, whole / 60 % 60) }
        if whole >= 60 { return String(format: "%dm %02ds", whole / 60, whole % 60) }
        return "\(whole)s"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
