import FrameGrabCommandLine
import FrameGrabModel
import FrameGrabStore
import Foundation

/// `framegrab search QUERY...`: ranked hits from the index, one per screen. Exits like grep:
/// 0 with hits, 1 without, 2 on a usage or database error; output that cannot be written is
/// `OutputFailure`'s status, as for every command.
enum SearchCommand {
    static let found: Int32 = 0
    static let nothingFound: Int32 = 1
    static let failed: Int32 = 2

    /// At most this many matching lines shown per hit.
    static let snippetLines = 3

    static func run(arguments: [String]) -> Int32 {
        let usage: SearchUsage
        do throws(UsageFailure) {
            usage = try SearchUsage.parse(arguments)
        } catch {
            Console.error(error.message)
            return failed
        }
        if usage.showHelp {
            Console.output(CommandUsage.search.text)
            return found
        }
        guard Console.send(to: usage.output) else { return OutputFailure.status }
        let started = DispatchTime.now()
        guard let store = IndexDatabase.open(usage.database) else { return failed }
        let opened = DispatchTime.now()
        let hits: [SearchHit]
        do throws(IndexStoreError) {
            hits = try store.search(SearchQuery(usage.query), filter: usage.filter, limit: usage.limit)
        } catch {
            Console.error(error.description)
            return failed
        }
        let style = Style(colours: usage.color.colours(.standardOutput))
        for (index, hit) in hits.enumerated() {
            if usage.json {
                Console.output(hit.json)
            } else {
                Console.output((index > 0 ? "\n" : "") + describe(hit, style: style))
            }
        }
        if usage.verbose {
            // What the search costs, without starting the process (loading FFmpeg's and
            // Tesseract's libraries), which scripts/bench-search measures on its own.
            let milliseconds = { (from: DispatchTime, to: DispatchTime) in Double(to.uptimeNanoseconds - from.uptimeNanoseconds) / 1e6 }
            Console.error(String(format: "framegrab: search: %d hits in %.1f ms (opening the index %.1f ms, searching and printing %.1f ms)",
                                 hits.count, milliseconds(started, DispatchTime.now()), milliseconds(started, opened),
                                 milliseconds(opened, DispatchTime.now())))
        }
        // No hits is an answer too: -o FILE then holds nothing.
        return Console.finish(hits.isEmpty ? nothingFound : found, succeeded: true)
    }

    /// A hit for people: where, when and what, the matching lines, and how to open it there.
    static func describe(_ hit: SearchHit, style: Style) -> String {
        let about = [hit.kind.rawValue, hit.language].compactMap { $0 }.joined(separator: " ")
        var lines = [style.heading(hit.path) + "  " + hit.start.timecode + "–" + hit.end.timecode + "  " + about]
        let shown = hit.lines.prefix(snippetLines)
        if shown.isEmpty {
            // Nothing to point at line by line: the region's first lines stand for it.
            for text in hit.text.split(separator: "\n").prefix(snippetLines) {
                lines.append("    " + clipped(String(text)))
            }
        } else {
            for line in shown {
                lines.append("    " + highlighted(line, style: style))
            }
            if hit.lines.count > shown.count {
                lines.append("    … \(hit.lines.count - shown.count) more matching line\(hit.lines.count - shown.count == 1 ? "" : "s")")
            }
        }
        lines.append("    " + style.dim("mpv --start=" + String(format: "%.3f", hit.start.seconds) + " " + shellQuoted(hit.path)))
        return lines.joined(separator: "\n")
    }

    /// Lines longer than this are cut around their first match.
    static let snippetWidth = 160

    private static func highlighted(_ line: SearchHit.MatchedLine, style: Style) -> String {
        let scalars = Array(line.text.unicodeScalars)
        var from = 0
        var to = scalars.count
        if to > snippetWidth, let first = line.matches.first {
            from = max(0, min(first.lowerBound - snippetWidth / 4, scalars.count - snippetWidth))
            to = from + snippetWidth
        }
        var text = from > 0 ? "…" : ""
        var position = from
        for match in line.matches where match.upperBound > from && match.lowerBound < to {
            let lower = max(match.lowerBound, from)
            let upper = min(match.upperBound, to)
            text += String(String.UnicodeScalarView(scalars[position..<lower]))
            text += style.match(String(String.UnicodeScalarView(scalars[lower..<upper])))
            position = upper
        }
        text += String(String.UnicodeScalarView(scalars[position..<to]))
        return text + (to < scalars.count ? "…" : "")
    }

    private static func clipped(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > snippetWidth else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(snippetWidth))) + "…"
    }

    /// `path` as one word for a POSIX shell: in single quotes, each `'` written `'\''`.
    static func shellQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// ANSI bold and colour, when `--color` (see `ColorChoice`) gives the results colour
    /// (never for -o FILE, unless always).
    struct Style {
        var colours: Bool

        func heading(_ text: String) -> String { wrap(text, "1;35") }
        func match(_ text: String) -> String { wrap(text, "1;31") }
        func dim(_ text: String) -> String { wrap(text, "2") }

        private func wrap(_ text: String, _ code: String) -> String {
            colours ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
        }
    }
}
