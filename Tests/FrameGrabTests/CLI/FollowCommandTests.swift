import Foundation
import FrameGrab
import Glibc
import Testing

/// `framegrab follow VIDEO` end to end: events written to the built binary's stdin, results
/// read from its stdout as JSON lines.
@Suite("framegrab follow")
struct FollowCommandTests {
    /// Generous: the machine may be busy with other builds and tests.
    static let patience = 60.0

    static func start(_ arguments: [String]) throws -> RunningCommand {
        try RunningCommand(FrameGrabCommand.executable(), ["follow"] + arguments)
    }

    /// A result line: the regions' texts, the frame's time and the echoed event.
    struct Result {
        var json: JSONValue
        var texts: [String] {
            guard case .array(let regions)? = json["regions"] else { return [] }
            return regions.compactMap { $0["text"]?.stringValue }
        }
        var frameTime: Double? { json["frame"]?["time"]?.doubleValue }
        var event: JSONValue? { json["event"] }

        init(_ line: String?, _ context: @autoclosure () -> String) throws {
            let line = try #require(line, "no result line: \(context())")
            json = try JSONValue(parsing: line)
        }
    }

    @Test("A scripted burst: malformed lines reported by number, only where it ends up paused is read")
    func scriptedBurst() throws {
        let script = [
            #"{"event":"seek","time":1}"#,
            "pause at 3",
            #"{"event":"pause","time":3}"#,
            #"{"event":"paws","time":4}"#,
            "",
            #"{"event":"scrub","time":"0:07.5"}"#,
            #"{"event":"rate","rate":1.5}"#,
            #"{"event":"seek","time":10.5}"#,
        ]
        let command = try Self.start(["TestVideos/counter.mp4"])
        for line in script { command.send(line) }
        command.closeInput()
        let status = command.waitForExit(timeout: Self.patience)
        #expect(status == 0, "stderr: \(command.stderr)")
        let lines = command.untakenLines
        #expect(lines.count == 1, "one result, for the end of the burst: \(lines)")
        let result = try Result(lines.first, command.stderr)
        // 10.5 s shows frame 314 (10.477 s) at 29.97 fps.
        #expect(result.texts == ["00314"])
        #expect(result.event == .object([("event", .string("seek")), ("time", .double(10.5)), ("line", .int(8))]))
        #expect(result.json["status"]?.stringValue == "analyzed")
        #expect(result.json["source"]?["path"]?.stringValue == "TestVideos/counter.mp4")
        #expect(command.stderrLines == [
            "line 2: not JSON: unexpected 'p' at column 1",
            #"line 4: unknown event "paws" (expected one of open, play, pause, seek, scrub, rate or close)"#,
        ])
    }

    @Test("Interactive: each pause or seek while paused is read once it settles; open switches files")
    func interactive() throws {
        let command = try Self.start(["--settle", "0.2", "TestVideos/talk-light.mp4"])
        defer { _ = command.waitForExit(timeout: 1) }

        command.send(#"{"event":"pause","time":1.5}"#)
        var result = try Result(command.nextLine(timeout: Self.patience), command.stderr)
        #expect(result.texts.first == "Caching thumbnails with an actor")
        #expect(result.event == .object([("event", .string("pause")), ("time", .double(1.5)), ("line", .int(1))]))

        command.send(#"{"event":"seek","time":4.5}"#)
        result = try Result(command.nextLine(timeout: Self.patience), command.stderr)
        #expect(result.texts.first == "Retrying flaky network calls")
        #expect(result.event?["line"] == .int(2))

        // Playing reads nothing; the pause after it does.
        command.send(#"{"event":"play"}"#)
        command.send(#"{"event":"pause","time":"0:07.5"}"#)
        result = try Result(command.nextLine(timeout: Self.patience), command.stderr)
        #expect(result.texts.first == "Why we parse headers by hand")
        #expect(result.event?["line"] == .int(4))

        // A time outside the video is one line on stderr; the session goes on.
        command.send(#"{"event":"seek","time":999}"#)
        #expect(command.waitForStderr(containing: "line 5:", timeout: Self.patience))
        command.send(#"{"event":"open","path":"TestVideos/counter.mp4"}"#)
        command.send(#"{"event":"pause","time":5}"#)
        result = try Result(command.nextLine(timeout: Self.patience), command.stderr)
        // ffmpeg's rule: the last frame at or before 5 s is frame 149 (4.972 s).
        #expect(result.texts == ["00149"])
        #expect(result.json["source"]?["path"]?.stringValue == "TestVideos/counter.mp4")
        #expect(result.event?["line"] == .int(7))

        command.closeInput()
        #expect(command.waitForExit(timeout: Self.patience) == 0)
        #expect(command.untakenLines.isEmpty, "nothing else was printed: \(command.untakenLines)")
        let errors = command.stderrLines
        #expect(errors.count == 1 && errors.first?.hasPrefix("line 5: TestVideos/talk-light.mp4: time 00:16:39.000 is outside the video") == true,
                "\(errors)")
    }

    @Test("A pause then the end of stdin: read at once, then exit 0")
    func pauseThenEnd() throws {
        // The longest settle delay there is; exiting well before it shows it was not waited out
        // (one read of this clip takes a second or two, many times that on a busy machine).
        let command = try Self.start(["--settle", "60", "TestVideos/counter.mkv"])
        command.send(#"{"event":"pause","time":"0:12"}"#)
        command.closeInput()
        #expect(command.waitForExit(timeout: 45) == 0, "the settle delay was not waited out: \(command.stderr)")
        let result = try Result(command.untakenLines.first, command.stderr)
        // 12 s: frame 359 (11.978 s).
        #expect(result.texts == ["00359"])
        #expect(command.stderr.isEmpty)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]
        var status: Int32
        var names: String?
        var testDescription: String { label }
    }

    static let missingSocket = "/tmp/framegrab-tests-no-such.sock"

    static let failures: [Failure] = [
        Failure(label: "no video", arguments: [], status: 2, names: "no video"),
        Failure(label: "unknown option", arguments: ["--at", "1", "TestVideos/counter.mp4"], status: 2, names: "--at"),
        Failure(label: "malformed --settle", arguments: ["--settle", "soon", "TestVideos/counter.mp4"], status: 2, names: "soon"),
        Failure(label: "negative --settle", arguments: ["--settle", "-1", "TestVideos/counter.mp4"], status: 2, names: "-1"),
        Failure(label: "--osd without --mpv", arguments: ["--osd", "TestVideos/counter.mp4"], status: 2, names: "--osd"),
        Failure(label: "a video and --mpv", arguments: ["--mpv", missingSocket, "TestVideos/counter.mp4"], status: 2, names: "--mpv"),
        Failure(label: "missing video", arguments: ["TestVideos/no-such-clip.mp4"], status: 3, names: "TestVideos/no-such-clip.mp4"),
        Failure(label: "a directory", arguments: ["TestVideos/bad"], status: 3, names: "TestVideos/bad"),
        Failure(label: "not a video", arguments: ["TestVideos/bad/notes.txt"], status: 4, names: "TestVideos/bad/notes.txt"),
        Failure(label: "audio only", arguments: ["TestVideos/bad/audio-only.m4a"], status: 4, names: "TestVideos/bad/audio-only.m4a"),
        Failure(label: "no such mpv socket", arguments: ["--mpv", missingSocket], status: 8, names: missingSocket),
        Failure(label: "mpv socket path is a plain file", arguments: ["--mpv", "TestVideos/bad/notes.txt"], status: 8, names: "TestVideos/bad/notes.txt"),
    ]

    @Test("Fails cleanly with the documented status and one line on stderr", arguments: failures)
    func failsCleanly(failure: Failure) throws {
        let result = try FrameGrabCommand.run(["follow"] + failure.arguments)
        #expect(result.status == failure.status, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        if let names = failure.names { #expect(result.stderr.contains(names), "\(result)") }
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test("A socket that accepts but never answers: status 8 after the 3 s timeout")
    func silentSocket() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-silent-\(getpid()).sock").path
        let listener = try SilentListener(path: path)
        defer { listener.close() }
        let result = try FrameGrabCommand.run(["follow", "--mpv", path])
        #expect(result.status == 8, "\(result)")
        #expect(result.stderrLines == ["\(path): cannot read from mpv's IPC socket (no answer within 3 s)"], "\(result)")
        #expect(result.seconds >= 2.9, "it waited for the answer: \(result)")
    }

    @Test("Missing OCR language data: status 7 at the first read")
    func ocrUnavailable() throws {
        let command = try Self.start(["-l", "xyz", "TestVideos/counter.mp4"])
        command.send(#"{"event":"pause","time":1}"#)
        command.closeInput()
        #expect(command.waitForExit(timeout: Self.patience) == 7)
        #expect(command.stderrLines.count == 1 && command.stderr.contains("OCR unavailable"), "\(command.stderr)")
        #expect(command.untakenLines.isEmpty)
    }

    @Test("--help documents the events and the exit statuses")
    func help() throws {
        let result = try FrameGrabCommand.run(["follow", "--help"])
        #expect(result.status == 0)
        for words in [#"{"event":"pause","time":750.0}"#, #"{"event":"scrub","time":12.5}"#, #"{"event":"open","path":"talk.mp4"}"#,
                      "--mpv SOCKET", "--settle SECONDS", "--osd", "8    mpv unreachable"] {
            #expect(result.stdout.contains(words), "help mentions \(words)")
        }
        let main = try FrameGrabCommand.run(["--help"])
        #expect(main.stdout.contains("framegrab follow"))
    }
}

/// A Unix socket that listens and never accepts or answers: a hung player.
final class SilentListener {
    let path: String
    private let socket: Int32

    struct Failure: Error { var call: String; var code: Int32 }

    init(path: String) throws {
        self.path = path
        unlink(path)
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw Failure(call: "bind", code: errno) }
        guard listen(socket, 4) == 0 else { throw Failure(call: "listen", code: errno) }
    }

    func close() {
        Glibc.close(socket)
        unlink(path)
    }
}
