import Foundation
import FrameGrab
import Testing

/// Every command on every kind of bad input: the documented status, one line on stderr that
/// names the input, nothing on stdout, never a crash or a backtrace. Damaged copies are made
/// from the fixtures here, so that TestVideos stays small.
@Suite("Bad input, every command")
struct BadInputMatrixTests {
    /// How a command runs on one input.
    enum CommandKind: String, CaseIterable, Sendable {
        case grab, scan, follow, index
    }

    struct Input: Sendable, CustomTestStringConvertible {
        var label: String
        /// The file, relative to the scratch directory made by `make` (or a fixture path).
        var name: String
        /// The status of `--at`, `scan` and `follow`; `index` records the video as failed (9).
        var status: Int32
        /// Words the line must hold besides the name.
        var says: String
        var testDescription: String { label }
    }

    static let inputs: [Input] = [
        Input(label: "empty", name: "empty.mp4", status: 4, says: "empty"),
        Input(label: "random bytes", name: "random.mp4", status: 4, says: "not a video"),
        Input(label: "text", name: "notes.txt", status: 4, says: "not a video"),
        Input(label: "audio only", name: "audio-only.m4a", status: 4, says: "not a video"),
        Input(label: "truncated, index at the end", name: "truncated.mp4", status: 4, says: "moov atom not found"),
        Input(label: "frames larger than 8K", name: "wide.mp4", status: 4, says: "8K"),
        Input(label: "a missing file", name: "missing.mp4", status: 3, says: "no such file"),
        Input(label: "a directory", name: "folder", status: 3, says: "directory"),
    ]

    /// The scratch directory with every input of `inputs` in it.
    static func make() throws -> Scratch {
        let scratch = try Scratch()
        for name in ["empty.mp4", "random.mp4", "notes.txt", "audio-only.m4a", "truncated.mp4"] {
            try FileManager.default.copyItem(atPath: Fixtures.path("bad/" + name), toPath: scratch.path(name))
        }
        try FileManager.default.createDirectory(atPath: scratch.path("folder"), withIntermediateDirectories: false)
        try Scratch.ffmpeg(["-f", "lavfi", "-i", "color=white:s=8800x2000", "-frames:v", "1", "-c:v", "libx264", "-preset", "ultrafast",
                            scratch.path("wide.mp4")])
        return scratch
    }

    static func run(_ command: CommandKind, on path: String, in scratch: Scratch) throws -> FrameGrabCommand.Result {
        switch command {
        case .grab: return try FrameGrabCommand.run(["--at", "1", path])
        case .scan: return try FrameGrabCommand.run(["scan", path])
        case .follow:
            let events = scratch.path("events-\(UUID().uuidString).jsonl")
            try "{\"event\":\"pause\",\"time\":1}\n".write(toFile: events, atomically: true, encoding: .utf8)
            return try FrameGrabCommand.run(["follow", path], stdin: events)
        case .index:
            return try FrameGrabCommand.run(["index", "--db", scratch.path("index-\(UUID().uuidString).db"), path])
        }
    }

    @Test("Each bad input, each command: its status and one line naming it", arguments: inputs)
    func badInput(_ input: Input) throws {
        let scratch = try BadInputMatrixTests.make()
        let path = scratch.path(input.name)
        for command in CommandKind.allCases {
            // A directory is a library to index: searched, and empty.
            if command == .index && input.name == "folder" { continue }
            let result = try BadInputMatrixTests.run(command, on: path, in: scratch)
            let expected = command == .index ? 9 : input.status
            #expect(result.status == expected, "\(command) \(input.label): \(result)")
            #expect(result.stderrLines.count == 1, "\(command) \(input.label): \(result)")
            #expect(result.stderr.contains(path) && result.stderr.contains(input.says), "\(command) \(input.label): \(result)")
            #expect(result.stdout.isEmpty, "\(command) \(input.label): \(result)")
        }
    }

    @Test("An unreadable file is status 3 for every command (9 for index)", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadable() throws {
        let scratch = try Scratch()
        let path = scratch.path("locked.mp4")
        try FileManager.default.copyItem(atPath: Fixtures.path("counter.mp4"), toPath: path)
        chmod(path, 0)
        for command in CommandKind.allCases {
            let result = try BadInputMatrixTests.run(command, on: path, in: scratch)
            #expect(result.status == (command == .index ? 9 : 3), "\(command): \(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains("Permission denied"), "\(command): \(result)")
        }
    }

    @Test("Damaged but readable: cut short with its index in front, or zeroed in the middle, reads what is there")
    func damagedButReadable() throws {
        let scratch = try Scratch()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("counter.mp4")))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: scratch.path("half.mp4")))
        var zeroed = whole
        zeroed.replaceSubrange(whole.count / 2..<whole.count / 2 + 4096, with: Data(count: 4096))
        try zeroed.write(to: URL(fileURLWithPath: scratch.path("zeroed.mp4")))
        for name in ["half.mp4", "zeroed.mp4"] {
            let grab = try FrameGrabCommand.run(["--at", "1", "--format", "text", scratch.path(name)])
            #expect(grab.status == 0 && grab.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "00029", "\(name): \(grab)")
            let scan = try FrameGrabCommand.run(["scan", scratch.path(name)])
            #expect(scan.status == 0 && !scan.stdout.isEmpty, "\(name): \(scan)")
        }
        // Past what is left of the cut file, the last frame there is read, and its time says so.
        let late = try FrameGrabCommand.run(["--at", "15", scratch.path("half.mp4")])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(late.stdout.utf8)) as? [String: Any])
        let frame = try #require(document["frame"] as? [String: Any])
        #expect((frame["time"] as? Double ?? 99) < 11, "\(frame)")
        #expect(frame["requested"] as? Double == 15)
    }

    @Test("A time past the end is status 5 for --at, one line naming the video and its length")
    func pastTheEnd() throws {
        let result = try FrameGrabCommand.run(["--at", "99", "TestVideos/counter.mp4"])
        #expect(result.status == 5 && result.stderrLines.count == 1 && result.stderr.contains("outside the video"), "\(result)")
    }

    @Test("index: a database of another program is refused (2) and left as it was; a path list with missing files names each (9)")
    func indexDatabases() throws {
        let scratch = try Scratch()
        let foreign = scratch.path("other.db")
        _ = try FrameGrabCommand.run([foreign, "CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine');"], executable: "/usr/bin/sqlite3")
        let before = FileManager.default.contents(atPath: foreign)
        let refused = try FrameGrabCommand.run(["index", "--db", foreign, Fixtures.path("counter.mp4")])
        #expect(refused.status == 2 && refused.stderrLines.count == 1 && refused.stderr.contains("SQLite database of something else"), "\(refused)")
        #expect(FileManager.default.contents(atPath: foreign) == before)

        let list = scratch.path("list.txt")
        try [Fixtures.path("counter.mp4"), scratch.path("gone-1.mp4"), scratch.path("gone-2.mp4")].joined(separator: "\n")
            .write(toFile: list, atomically: true, encoding: .utf8)
        let listed = try FrameGrabCommand.run(["index", "--db", scratch.path("list.db"), "--color", "never", "--from", list])
        #expect(listed.status == 9, "\(listed)")
        #expect(listed.stderrLines.filter { $0.contains("no such file") }.count == 2, "\(listed)")
        #expect(listed.stderrLines.contains { $0.contains("counter.mp4") && $0.contains("screens") }, "\(listed)")
    }
}
