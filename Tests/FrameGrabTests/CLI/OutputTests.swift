import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// What every command prints, end to end through the built binary: `-o FILE` written whole or
/// not at all, `--pretty`, the text separators, `schema_version`, a frame read once for several
/// `--at`, and output that cannot be written (a full disk, a closed stdout, a closed pipe).
@Suite("Output of every command")
struct OutputTests {
    static let light = "TestVideos/talk-light.mp4"
    static let counter = "TestVideos/counter.mp4"
    /// Stands for the `-o` file in the arguments of a case.
    static let file = "<FILE>"

    /// A fresh directory with an index of `screens` settled screens (several lines of code
    /// each, so that `export` prints well over a pipe's 64 KiB), removed by `deinit`.
    final class Scratch {
        let directory: URL
        var database: String { directory.appendingPathComponent("framegrab.db").path }

        init(screens: Int = 0) throws {
            directory = try IndexFixtures.temporaryDirectory()
            guard screens > 0 else { return }
            let store = try SQLiteScreenStore(path: database, creating: true)
            let code = (0..<12).map { "    let value\($0) = renderQueue.sync { frames[\($0)] }" }.joined(separator: "\n")
            try store.replace(IndexFixtures.video("/videos/big.mp4"), screens: (0..<screens).map { index in
                IndexFixtures.screen(Double(index) * 2, Double(index) * 2 + 2, path: "/videos/big.mp4",
                                     [IndexFixtures.region(.code, "func render\(index)() {\n" + code + "\n}", language: "swift")])
            })
        }

        deinit {
            try? FileManager.default.removeItem(at: directory)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

        /// What the directory holds, hidden files (a temporary one left behind) included.
        var entries: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        }
    }

    // MARK: - -o FILE

    struct FailingRun: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]
        var status: Int32
        /// Events on stdin (`follow`).
        var events: String?
        var testDescription: String { label }
    }

    static let failingRuns: [FailingRun] = [
        FailingRun(label: "a missing video", arguments: ["--at", "1", "-o", file, "TestVideos/no-such-clip.mp4"], status: 3),
        FailingRun(label: "a protected video", arguments: ["--at", "1", "-o", file, "TestVideos/protected/cenc.mp4"], status: 6),
        FailingRun(label: "one time outside the video among good ones", arguments: ["--at", "1", "--at", "999", "-o", file, counter], status: 5),
        FailingRun(label: "scan: a missing video", arguments: ["scan", "-o", file, "TestVideos/no-such-clip.mp4"], status: 3),
        FailingRun(label: "export: no such database", arguments: ["export", "--db", "/nonexistent/framegrab.db", "-o", file], status: 2),
        FailingRun(label: "search: no such database", arguments: ["search", "--db", "/nonexistent/framegrab.db", "--json", "-o", file, "x"], status: 2),
        FailingRun(label: "follow: a missing video", arguments: ["follow", "-o", file, "TestVideos/no-such-clip.mp4"], status: 3,
                   events: #"{"event":"pause","time":1}"#),
    ]

    @Test("-o FILE: a failing run leaves no file, and an existing FILE as it was", arguments: failingRuns)
    func failingRunLeavesFile(run: FailingRun) throws {
        let scratch = try Scratch()
        let output = scratch.path("out.json")
        let arguments = run.arguments.map { $0 == Self.file ? output : $0 }

        let fresh = try Self.run(arguments, events: run.events)
        #expect(fresh.status == run.status, "\(fresh)")
        #expect(fresh.stderrLines.count == 1, "one line on stderr: \(fresh)")
        #expect(scratch.entries.isEmpty, "no file, and no temporary file left: \(scratch.entries)")

        let before = Data("what was there before\n".utf8)
        try before.write(to: URL(fileURLWithPath: output))
        let again = try Self.run(arguments, events: run.events)
        #expect(again.status == run.status, "\(again)")
        #expect(FileManager.default.contents(atPath: output) == before, "FILE untouched")
        #expect(scratch.entries == ["out.json"], "\(scratch.entries)")
    }

    @Test("-o FILE: a good run writes what stdout gets, whole, over FILE, keeping FILE's mode")
    func goodRunWritesFile() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.jsonl")
        let arguments = ["--at", "1.5", "--at", "4.5", Self.light]
        let printed = try FrameGrabCommand.run(arguments)
        #expect(printed.status == 0, "\(printed)")

        try Data("old\n".utf8).write(to: URL(fileURLWithPath: output))
        chmod(output, 0o640)
        let written = try FrameGrabCommand.run(["-o", output] + arguments)
        #expect(written.status == 0 && written.stdout.isEmpty && written.stderr.isEmpty, "\(written)")
        let contents = try String(contentsOfFile: output, encoding: .utf8)
        #expect(contents == printed.stdout, "FILE holds what stdout would have")
        #expect(contents.split(separator: "\n").count == 2)
        var info = stat()
        #expect(stat(output, &info) == 0 && info.st_mode & 0o777 == 0o640, "the mode of the file replaced")
        #expect(scratch.entries == ["out.jsonl"], "no temporary file left: \(scratch.entries)")

        // A new FILE gets the mode `>` would give it; `-o -` is stdout.
        let new = scratch.path("new.json")
        #expect(try FrameGrabCommand.run(["--output=" + new, "--at", "1.5", Self.light]).status == 0)
        let mask = umask(0)
        umask(mask)
        #expect(stat(new, &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask)
        let dash = try FrameGrabCommand.run(["-o", "-", "--at", "1.5", Self.light])
        #expect(dash.status == 0 && dash.stdout == printed.stdout.split(separator: "\n")[0] + "\n")
    }

    @Test("-o FILE: a signal while writing (SIGTERM, as Ctrl-C's SIGINT) removes the temporary file, leaving no FILE")
    func interruptedRunLeavesNoFile() throws {
        let scratch = try Scratch()
        let output = scratch.path("screens.jsonl")
        // A child starts with its parent thread's signal mask, and the threads tests run on
        // (Dispatch's) block SIGTERM: unblocked for the spawn, as a shell would have it.
        var term = sigset_t()
        var mask = sigset_t()
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &term, &mask)
        let run = try RunningCommand(try FrameGrabCommand.executable(), ["scan", "-o", output, "TestVideos/index-talk.mp4"])
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        // The temporary file exists before any work starts; scanning the clip takes seconds.
        var temporary: [String] = []
        while temporary.isEmpty, run.process.isRunning {
            temporary = scratch.entries.filter { $0.hasPrefix(".screens.jsonl.framegrab-") }
            usleep(10_000)
        }
        try #require(!temporary.isEmpty, "a temporary file beside FILE: \(run.stderr)")
        // SIGINT would do, but a test run from a background job inherits it ignored (and
        // framegrab leaves it so, as it should).
        kill(run.process.processIdentifier, SIGTERM)
        _ = run.waitForExit(timeout: nil)
        #expect(run.process.terminationReason == .uncaughtSignal && run.process.terminationStatus == SIGTERM,
                "ended by the signal, as before: \(run.stderr)")
        #expect(scratch.entries.isEmpty, "\(scratch.entries)")
    }

    @Test("follow -o FILE appends each result, whole; FILE grows across sessions")
    func followAppends() throws {
        let scratch = try Scratch()
        let output = scratch.path("readings.jsonl")
        for (time, text) in [(1.5, "Caching thumbnails with an actor"), (4.5, "Retrying flaky network calls")] {
            let result = try Self.run(["follow", "-o", output, Self.light], events: #"{"event":"pause","time":\#(time)}"#)
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result)")
            #expect(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").last
                .map { Self.firstText(try JSONValue(parsing: String($0))) } == text)
        }
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2, "one document per reading, the first kept")
        #expect(scratch.entries == ["readings.jsonl"])
    }

    // MARK: - schema_version and --pretty

    /// A command that prints JSON, run with `-o FILE` into a scratch directory holding an index.
    struct Printing: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: @Sendable (Scratch) -> [String]
        var status: Int32 = 0
        var events: String?
        var testDescription: String { label }
    }

    static let printing: [Printing] = [
        Printing(label: "grab", arguments: { _ in ["--at", "1.5", "--at", "4.5", light] }),
        Printing(label: "follow", arguments: { _ in ["follow", light] }, events: #"{"event":"pause","time":1.5}"#),
        Printing(label: "scan", arguments: { _ in ["scan", "TestVideos/talk-dark.mp4"] }),
        Printing(label: "index --json", arguments: { ["index", "--json", "--db", $0.path("new.db"), light] }),
        Printing(label: "search --json", arguments: { ["search", "--json", "--db", $0.database, "renderQueue"] }),
        Printing(label: "export", arguments: { ["export", "--db", $0.database] }),
    ]

    @Test("Every JSON document starts with schema_version 1; -o FILE holds the same as stdout", arguments: printing)
    func schemaVersion(command: Printing) throws {
        let scratch = try Scratch(screens: 3)
        let output = scratch.path("out.jsonl")
        let result = try Self.run(command.arguments(scratch) + ["-o", output], events: command.events)
        #expect(result.status == command.status && result.stdout.isEmpty, "\(result)")
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix(#"{"schema_version":1,"#), "\(line.prefix(80))")
            #expect(try JSONValue(parsing: line)["schema_version"] == .int(OutputSchema.version))
        }
    }

    static let pretty: [Printing] = [
        Printing(label: "grab", arguments: { _ in ["--at", "1.5", "--at", "4.5", light] }),
        Printing(label: "follow", arguments: { _ in ["follow", light] }, events: #"{"event":"pause","time":1.5}"#),
        Printing(label: "search --json", arguments: { ["search", "--json", "--db", $0.database, "renderQueue"] }),
        Printing(label: "export", arguments: { ["export", "--db", $0.database] }),
    ]

    @Test("--pretty: the same documents, indented, each parsing as JSON", arguments: pretty)
    func prettyDocuments(command: Printing) throws {
        let scratch = try Scratch(screens: 3)
        let compact = try Self.run(command.arguments(scratch), events: command.events)
        let indented = try Self.run(command.arguments(scratch) + ["--pretty"], events: command.events)
        #expect(compact.status == command.status && indented.status == command.status, "\(indented)")
        #expect(indented.stdout.hasPrefix("{\n  \"schema_version\": 1,\n"), "\(indented.stdout.prefix(200))")
        // Documents follow one another, each ending with a `}` of its own at the start of a line.
        let documents = indented.stdout.components(separatedBy: "\n}\n").dropLast().map { $0 + "\n}" }
        #expect(documents.count == compact.stdoutLines.count && !documents.isEmpty)
        for (document, line) in zip(documents, compact.stdoutLines) {
            #expect((try? JSONSerialization.jsonObject(with: Data(document.utf8))) is [String: Any], "parses: \(document.prefix(200))")
            #expect(try JSONValue(parsing: document) == JSONValue(parsing: line), "the same document as the compact line")
        }
    }

    // MARK: - Text

    @Test("--format text: regions apart by a line of RS, frames by a line of GS, the nth group the nth --at")
    func textSeparators() throws {
        let times = ["1.5", "999", "4.5"]
        let text = try FrameGrabCommand.run(times.flatMap { ["--at", $0] } + ["--format", "text", Self.light])
        let json = try FrameGrabCommand.run(times.flatMap { ["--at", $0] } + [Self.light])
        #expect(text.status == 5 && json.status == 5, "the time outside the video fails both: \(text)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.filter { $0 == FrameReport.frameSeparator }.count == 2, "a GS line between each two of the three --at")
        let groups = lines.split(separator: FrameReport.frameSeparator, omittingEmptySubsequences: false)
        try #require(groups.count == 3)
        #expect(groups[1].isEmpty, "nothing read at 999")
        let read = try json.stdoutLines.map { line in
            guard case .array(let regions)? = try JSONValue(parsing: line)["regions"] else { return [String]() }
            return regions.compactMap { $0["text"]?.stringValue }
        }
        for (group, regions) in zip([groups[0], groups[2]], read) {
            let texts = group.split(separator: FrameReport.regionSeparator, omittingEmptySubsequences: false)
                .map { $0.joined(separator: "\n") }
            #expect(regions.count > 1, "a slide has a title and code")
            #expect(texts == regions, "the regions' texts, RS lines between them")
        }
        #expect(!text.stdout.contains("\u{1E}\u{1E}") && text.stdout.hasSuffix("\n"))
    }

    @Test("follow --format text: each reading's regions, RS lines between them, then a GS line")
    func followText() throws {
        let events = [#"{"event":"pause","time":1.5}"#, #"{"event":"play"}"#, #"{"event":"pause","time":4.5}"#]
        let command = try RunningCommand(try FrameGrabCommand.executable(), ["follow", "--format", "text", "--settle", "0.1", Self.light])
        var readings: [[String]] = []
        for event in events {
            command.send(event)
            guard event.contains("pause") else { continue }
            var lines: [String] = []
            while let line = command.nextLine(timeout: 60), line != FrameReport.frameSeparator { lines.append(line) }
            readings.append(lines.split(separator: FrameReport.regionSeparator).map { $0.joined(separator: "\n") })
        }
        command.closeInput()
        #expect(command.waitForExit(timeout: 60) == 0, "\(command.stderr)")
        #expect(readings.map(\.first) == ["Caching thumbnails with an actor", "Retrying flaky network calls"])
        #expect(readings.allSatisfy { $0.count == 2 }, "the title and the code of each slide: \(readings)")
    }

    // MARK: - One reading for several --at on a frame

    @Test("Several --at on one frame: read once, the later documents saying whose reading they carry")
    func reusedReading() throws {
        // At 29.97 fps, 1 and 0.99 both show frame 29 (0.968 s); 5 shows frame 149.
        let result = try FrameGrabCommand.run(["--at", "1", "--at", "0.99", "--at", "5", "--at", "1", "--verbose", Self.counter])
        #expect(result.status == 0, "\(result)")
        let documents = try result.stdoutLines.map(JSONValue.init(parsing:))
        #expect(documents.map { $0["frame"]?["reused_from"] } == [.null, .int(1), .null, .int(1)])
        #expect(documents.map { $0["frame"]?["requested"] } == [.int(1), .double(0.99), .int(5), .int(1)])
        #expect(documents.map(Self.firstText) == ["00029", "00029", "00149", "00029"])
        // --verbose says which were read by OCR and which were given the earlier reading.
        let timings = result.stderrLines.filter { $0.hasPrefix("framegrab: ") }
        #expect(timings.map { $0.contains("layout and OCR") } == [true, false, true, false], "\(timings)")
        #expect(timings.map { $0.contains("the reading of 00:00:01.000 again") } == [false, true, false, true], "\(timings)")
    }

    // MARK: - Output that cannot be written

    struct Unwritable: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: @Sendable (Scratch) -> [String]
        /// A shell line where `FRAMEGRAB` stands for framegrab with the arguments.
        var script: String
        var status: Int32
        /// The one line on stderr; nil for none.
        var says: String?
        var testDescription: String { label }
    }

    /// Enough output (many kilobytes a write, several writes) that a reader who stops at once
    /// leaves framegrab writing into a closed pipe, whatever the timing.
    static let manyGrabs: @Sendable (Scratch) -> [String] = { _ in ["--pretty"] + Array(repeating: ["--at", "1.5"], count: 12).flatMap { $0 } + [light] }
    static let bigExport: @Sendable (Scratch) -> [String] = { ["export", "--pretty", "--db", $0.database] }
    static let full = "stdout: cannot write the output (No space left on device)"
    static let closed = "stdout: cannot write the output (it is closed)"

    static let unwritable: [Unwritable] = [
        Unwritable(label: "grab >/dev/full", arguments: { _ in ["--at", "1.5", light] }, script: "FRAMEGRAB >/dev/full", status: 10, says: full),
        Unwritable(label: "grab >&-", arguments: { _ in ["--at", "1.5", light] }, script: "FRAMEGRAB >&-", status: 10, says: closed),
        Unwritable(label: "grab | head -c 10", arguments: manyGrabs, script: "FRAMEGRAB | head -c 10 >/dev/null", status: 141),
        Unwritable(label: "grab | head -1", arguments: manyGrabs, script: "FRAMEGRAB | head -1 >/dev/null", status: 141),
        Unwritable(label: "grab --format text >/dev/full", arguments: { _ in ["--at", "1.5", "--format", "text", light] },
                   script: "FRAMEGRAB >/dev/full", status: 10, says: full),
        Unwritable(label: "export >/dev/full", arguments: bigExport, script: "FRAMEGRAB >/dev/full", status: 10, says: full),
        Unwritable(label: "export >&-", arguments: bigExport, script: "FRAMEGRAB >&-", status: 10, says: closed),
        Unwritable(label: "export | head -c 10", arguments: bigExport, script: "FRAMEGRAB | head -c 10 >/dev/null", status: 141),
        Unwritable(label: "export | head -1", arguments: bigExport, script: "FRAMEGRAB | head -1 >/dev/null", status: 141),
        Unwritable(label: "search --json | head -1", arguments: { ["search", "--json", "--pretty", "--limit", "300", "--db", $0.database, "renderQueue"] },
                   script: "FRAMEGRAB | head -1 >/dev/null", status: 141),
        Unwritable(label: "search >&-", arguments: { ["search", "--db", $0.database, "renderQueue"] }, script: "FRAMEGRAB >&-", status: 10, says: closed),
        Unwritable(label: "scan >/dev/full", arguments: { _ in ["scan", "TestVideos/talk-dark.mp4"] }, script: "FRAMEGRAB >/dev/full",
                   status: 10, says: full),
        Unwritable(label: "follow >/dev/full", arguments: { _ in ["follow", light] },
                   script: #"printf '{"event":"pause","time":1.5}\n' | FRAMEGRAB >/dev/full"#, status: 10, says: full),
        Unwritable(label: "--help >/dev/full", arguments: { _ in ["--help"] }, script: "FRAMEGRAB >/dev/full", status: 10, says: full),
        Unwritable(label: "follow --help >&-", arguments: { _ in ["follow", "--help"] }, script: "FRAMEGRAB >&-", status: 10, says: closed),
    ]

    @Test("Output that cannot be written: the documented status, one line or none, never a crash", arguments: unwritable)
    func unwritableOutput(case c: Unwritable) throws {
        let scratch = try Scratch(screens: 300)
        // framegrab's own status, whatever follows it in a pipeline, on the last line of stderr.
        let script = c.script.replacingOccurrences(of: "FRAMEGRAB", with: #"{ "$0" "$@"; echo "exit $?" >&2; }"#)
        let result = try FrameGrabCommand.run(["-c", script, try FrameGrabCommand.executable()] + c.arguments(scratch), executable: "/bin/sh")
        var lines = result.stderrLines
        let status = lines.popLast()
        #expect(status == "exit \(c.status)", "\(result)")
        #expect(lines == (c.says.map { [$0] } ?? []), "\(result)")
        for noise in ["Fatal error", "backtrace", "Stack dump", "Current stack trace", "@ 0x"] {
            #expect(!result.stderr.contains(noise), "no crash: \(result)")
        }
    }

    /// The text of a document's first region.
    static func firstText(_ document: JSONValue) -> String? {
        guard case .array(let regions)? = document["regions"], let first = regions.first else { return nil }
        return first["text"]?.stringValue
    }

    /// `framegrab arguments…`, with `events` (one line) on stdin when given.
    static func run(_ arguments: [String], events: String?) throws -> FrameGrabCommand.Result {
        guard let events else { return try FrameGrabCommand.run(arguments) }
        let script = #"printf '%s\n' "$1" | { shift 2; exec "$0" "$@"; }"#
        return try FrameGrabCommand.run(["-c", script, try FrameGrabCommand.executable(), events, "--"] + arguments, executable: "/bin/sh")
    }
}
