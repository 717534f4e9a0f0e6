import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// `framegrab search` and `framegrab export` end to end, on an index written through the
/// library: output, exit status, and one clear line for every bad input.
@Suite("framegrab search and export")
struct SearchCommandTests {
    /// A directory with `framegrab.db` holding the library, a text file, another
    /// application's database and a corrupt index.
    final class Databases {
        let directory: URL
        var index: String { directory.appendingPathComponent("framegrab.db").path }
        var text: String { directory.appendingPathComponent("notes.db").path }
        var foreign: String { directory.appendingPathComponent("foreign.db").path }
        var corrupt: String { directory.appendingPathComponent("corrupt.db").path }
        var missing: String { directory.appendingPathComponent("missing.db").path }

        init() throws {
            let (store, directory) = try IndexFixtures.libraryStore()
            self.directory = directory
            _ = store
            try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: text))
            do {
                let database = try SQLiteDatabase(path: foreign, flags: 0x2 | 0x4)  // READWRITE | CREATE
                try database.execute("CREATE TABLE notes (text TEXT)", while: "making")
            }
            do {
                let corrupted = try SQLiteScreenStore(path: corrupt, creating: true)
                for (path, screens) in IndexFixtures.library {
                    try corrupted.replace(IndexFixtures.video(path), screens: screens)
                }
            }
            // Everything after the header page scrambled: the file still says it is framegrab's.
            var bytes = try Data(contentsOf: URL(fileURLWithPath: corrupt))
            for offset in stride(from: 4096, to: bytes.count, by: 1) { bytes[offset] = UInt8(truncatingIfNeeded: offset &* 31 &+ 7) }
            try bytes.write(to: URL(fileURLWithPath: corrupt))
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test("Hits for people: path, time range, kind and language, the matching line, and an mpv command")
    func humanOutput() throws {
        let databases = try Databases()
        let result = try FrameGrabCommand.run(["search", "--db", databases.index, "fetchUser(id"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines == [
            "/videos/talks/networking.mp4  00:00:10.000–00:00:20.000  code swift",
            "    try await fetchUser(id: 42)",
            "    mpv --start=10.000 '/videos/talks/networking.mp4'",
        ], "\(result)")
        #expect(!result.stdout.contains("\u{1B}"), "no colour when stdout is not a terminal")
    }

    @Test("--json: one object per hit, with every documented field in order")
    func jsonOutput() throws {
        let databases = try Databases()
        let result = try FrameGrabCommand.run(["search", "--db", databases.index, "--json", "a->b"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 2)
        let first = try JSONValue(parsing: try #require(result.stdoutLines.first))
        guard case .object(let members) = first else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["schema_version", "path", "start", "end", "time", "kind", "language", "text", "bbox", "score", "link", "lines"])
        #expect(first["path"]?.stringValue == "/videos/cpp/move.mkv")
        #expect(first["start"]?.doubleValue == 0 && first["end"]?.doubleValue == 5 && first["time"]?.doubleValue == 0.5)
        #expect(first["kind"]?.stringValue == "code" && first["language"]?.stringValue == "cpp")
        #expect(first["link"]?.stringValue == "file:///videos/cpp/move.mkv#t=0.000,5.000")
        #expect(first["lines"] == .array([.object([
            ("text", .string("auto p = a->b;")), ("bbox", .object([("x", .int(40)), ("y", .int(100)), ("width", .int(168)), ("height", .int(24))])),
            ("matches", .array([.array([.int(9), .int(13)])])),
        ])]))
        let second = try JSONValue(parsing: result.stdoutLines[1])
        #expect((second["score"]?.doubleValue ?? 9) < (first["score"]?.doubleValue ?? 0))
    }

    @Test("The link percent-encodes the path")
    func link() {
        let hit = SearchHit(path: "/v/My Talk #1 (ü).mp4", start: MediaTime(seconds: 72), end: MediaTime(seconds: 91.5),
                            time: MediaTime(seconds: 73), kind: .code, language: nil, text: "", box: BoundingBox(x: 0, y: 0, width: 1, height: 1),
                            lines: [], score: 1)
        #expect(hit.link == "file:///v/My%20Talk%20%231%20%28%C3%BC%29.mp4#t=72.000,91.500")
    }

    @Test("The mpv command quotes the path for the shell")
    func quotedPath() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("i.db").path
        try SQLiteScreenStore(path: path, creating: true).replace(IndexFixtures.video("/v/it's $HOME.mp4"), screens: [
            IndexFixtures.screen(72, 91.5, [IndexFixtures.region(.text, "quoteInPath")]),
        ])
        let result = try FrameGrabCommand.run(["search", "--db", path, "quoteInPath"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.first == "/v/it's $HOME.mp4  00:01:12.000–00:01:31.500  text")
        #expect(result.stdoutLines.last == "    mpv --start=72.000 '/v/it'\\''s $HOME.mp4'")
    }

    static let highlighted = "buffer.\u{1B}[1;31mappendFrame\u{1B}[0m(frame)"

    @Test("On a terminal the match is highlighted, unless NO_COLOR is set or --color is never")
    func colour() throws {
        let databases = try Databases()
        let search = ["search", "--db", databases.index, "appendFrame"]
        let plain = try FrameGrabCommand.onTerminal(search, environment: ["NO_COLOR": "1"])
        #expect(plain.contains("buffer.appendFrame(frame)") && !plain.contains("\u{1B}["), "\(plain)")
        let never = try FrameGrabCommand.onTerminal(search + ["--color=never"], environment: ["NO_COLOR": nil])
        #expect(never.contains("buffer.appendFrame(frame)") && !never.contains("\u{1B}["), "\(never)")
        let coloured = try FrameGrabCommand.onTerminal(search, environment: ["NO_COLOR": nil])
        #expect(coloured.contains(Self.highlighted), "\(coloured)")
        // NO_COLOR set to nothing is not set (https://no-color.org).
        let empty = try FrameGrabCommand.onTerminal(search, environment: ["NO_COLOR": ""])
        #expect(empty.contains(Self.highlighted), "\(empty)")
    }

    @Test("--color always colours a pipe too, whatever NO_COLOR says; auto and never do not", arguments: [
        (["--color=always"], nil, true), (["--color", "always"], "1", true),
        ([], nil, false), (["--color=auto"], nil, false), (["--color=never"], nil, false), ([], "1", false),
    ] as [([String], String?, Bool)])
    func colourOnAPipe(options: [String], noColor: String?, coloured: Bool) throws {
        let databases = try Databases()
        let result = try FrameGrabCommand.run(["search", "--db", databases.index] + options + ["appendFrame"],
                                              environment: ["NO_COLOR": noColor])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains(Self.highlighted) == coloured, "\(result)")
        #expect(result.stdout.contains("\u{1B}[") == coloured, "\(result)")
        #expect(result.stdout.contains("appendFrame"), "\(result)")
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: @Sendable (Databases) -> [String]
        var status: Int32
        /// What the one stderr line must say.
        var says: @Sendable (Databases) -> String
        var testDescription: String { label }
    }

    static let failures: [Failure] = [
        Failure(label: "no hits", arguments: { ["search", "--db", $0.index, "zzzNothingLikeThis"] }, status: 1, says: { _ in "" }),
        Failure(label: "nothing searchable", arguments: { ["search", "--db", $0.index, ")"] }, status: 1, says: { _ in "" }),
        Failure(label: "missing database", arguments: { ["search", "--db", $0.missing, "x"] }, status: 2,
                says: { "\($0.missing): no such database (run framegrab index first)" }),
        Failure(label: "a text file", arguments: { ["search", "--db", $0.text, "x"] }, status: 2,
                says: { "\($0.text): not a framegrab database" }),
        Failure(label: "another application's database", arguments: { ["search", "--db", $0.foreign, "x"] }, status: 2,
                says: { "\($0.foreign): not a framegrab database" }),
        Failure(label: "corrupt index", arguments: { ["search", "--db", $0.corrupt, "fetchUser"] }, status: 2,
                says: { "\($0.corrupt): database error 11" }),
        Failure(label: "no query", arguments: { ["search", "--db", $0.index] }, status: 2, says: { _ in "no query" }),
        Failure(label: "--pretty without --json", arguments: { ["search", "--db", $0.index, "--pretty", "renderQueue"] }, status: 2,
                says: { _ in "--pretty indents JSON: use it with --json" }),
        Failure(label: "unknown option", arguments: { ["search", "--db", $0.index, "--force"] }, status: 2,
                says: { _ in "unknown option '--force'" }),
        Failure(label: "bad limit", arguments: { ["search", "--db", $0.index, "--limit", "0", "x"] }, status: 2, says: { _ in "--limit '0'" }),
        Failure(label: "bad kind", arguments: { ["search", "--db", $0.index, "--kind", "prose", "x"] }, status: 2, says: { _ in "'prose'" }),
        Failure(label: "--db without a value", arguments: { _ in ["search", "x", "--db"] }, status: 2, says: { _ in "--db needs a value" }),
        Failure(label: "export: missing database", arguments: { ["export", "--db", $0.missing] }, status: 2,
                says: { "\($0.missing): no such database" }),
        Failure(label: "export: another application's database", arguments: { ["export", "--db", $0.foreign] }, status: 2,
                says: { "\($0.foreign): not a framegrab database" }),
        Failure(label: "export: corrupt index", arguments: { ["export", "--db", $0.corrupt] }, status: 2,
                says: { "\($0.corrupt): database error 11" }),
        Failure(label: "export: unknown option", arguments: { ["export", "--db", $0.index, "--all"] }, status: 2,
                says: { _ in "unknown option '--all'" }),
    ]

    @Test("Fails cleanly: the documented status, one line on stderr (none for no hits), nothing on stdout", arguments: failures)
    func failsCleanly(failure: Failure) throws {
        let databases = try Databases()
        let before = try [databases.text, databases.foreign].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let result = try FrameGrabCommand.run(failure.arguments(databases))
        #expect(result.status == failure.status, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        let says = failure.says(databases)
        if says.isEmpty {
            #expect(result.stderr.isEmpty, "\(result)")
        } else {
            #expect(result.stderrLines.count == 1 && result.stderr.contains(says), "\(result)")
        }
        for noise in ["Fatal error", "backtrace", "Stack dump", "@ 0x"] {
            #expect(!result.stderr.contains(noise), "\(result)")
        }
        #expect(try [databases.text, databases.foreign].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        #expect(!FileManager.default.fileExists(atPath: databases.missing))
    }

    @Test("Filters on the command line: --kind, --language, --path, --limit")
    func filters() throws {
        let databases = try Databases()
        func starts(_ arguments: [String]) throws -> [String] {
            let result = try FrameGrabCommand.run(["search", "--db", databases.index, "--json"] + arguments)
            return try result.stdoutLines.map { line in
                let hit = try JSONValue(parsing: line)
                return "\(hit["path"]?.stringValue ?? "?")@\(hit["start"]?.doubleValue ?? -1)"
            }
        }
        #expect(try starts(["--kind", "text", "a->b"]) == ["/videos/talks/networking.mp4@30.0"])
        #expect(try starts(["--language", "cpp", "a->b"]) == ["/videos/cpp/move.mkv@0.0"])
        #expect(try starts(["--path", "*.mkv", "a->b"]) == ["/videos/cpp/move.mkv@0.0"])
        #expect(try starts(["--path=/videos/talks/*", "a->b"]) == ["/videos/talks/networking.mp4@30.0"])
        #expect(try starts(["--limit", "1", "renderQueue"]) == ["/videos/ties.mp4@20.0"])
        #expect(try starts(["--limit", String(Int.max), "renderQueue"]) == ["/videos/ties.mp4@20.0", "/videos/ties.mp4@30.0"])
        #expect(try starts(["git", "push", "--", "--force"]) == ["/videos/cpp/move.mkv@5.0"])
    }

    @Test("export: every screen as --at-shaped JSON Lines, in path and time order; PATHs filter")
    func export() throws {
        let databases = try Databases()
        let result = try FrameGrabCommand.run(["export", "--db", databases.index])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let expected = IndexFixtures.library.sorted { $0.video < $1.video }.flatMap { video in
            video.screens.sorted { $0.start < $1.start }.map { screen in
                StoredScreen(path: video.video, start: screen.start, end: screen.end, time: screen.time,
                             regions: screen.regions).json.serialized
            }
        }
        #expect(result.stdoutLines == expected)
        let first = try JSONValue(parsing: try #require(result.stdoutLines.first))
        guard case .object(let members) = first else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["schema_version", "path", "start", "end", "time", "regions"])

        let some = try FrameGrabCommand.run(["export", "--db", databases.index, "/videos/talks/", "/videos/ties.mp4", "/videos/none"])
        #expect(some.status == 0)
        #expect(Set(try some.stdoutLines.map { try JSONValue(parsing: $0)["path"]?.stringValue ?? "" })
                == ["/videos/talks/networking.mp4", "/videos/ties.mp4"])
        #expect(some.stdoutLines.count == 8)

        let none = try FrameGrabCommand.run(["export", "--db", databases.index, "/elsewhere"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.isEmpty)
    }

    @Test("--help for both commands, with their exit statuses")
    func help() throws {
        for command in ["search", "export"] {
            let result = try FrameGrabCommand.run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("framegrab \(command)") && result.stdout.contains("Exit status"))
        }
    }
}
