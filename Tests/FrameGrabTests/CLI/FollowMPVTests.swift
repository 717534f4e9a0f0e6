import Foundation
import FrameGrab
import Synchronization
import Testing

/// `framegrab follow --mpv` against a real, headless mpv (installed by scripts/bootstrap),
/// driven over its IPC socket by the test as a user would drive the player.
@Suite("framegrab follow --mpv")
struct FollowMPVTests {
    static let patience = 60.0

    static var mpvExecutable: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/mpv" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Connects to mpv's socket once mpv has created it and listens.
    static func connect(to socket: String, mpv: RunningCommand) throws -> MPVConnection {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            do throws(SocketError) {
                return try MPVConnection(path: socket, timeout: 2)
            } catch {
                if Date() > deadline || !mpv.process.isRunning {
                    Issue.record("mpv's socket never answered: \(error); mpv said: \(mpv.stderr) \(mpv.untakenLines)")
                    throw error
                }
                usleep(50_000)
            }
        }
    }

    struct Result {
        var json: JSONValue
        var texts: [String] {
            guard case .array(let regions)? = json["regions"] else { return [] }
            return regions.compactMap { $0["text"]?.stringValue }
        }
        var frameTime: Double { json["frame"]?["time"]?.doubleValue ?? -1 }
        var eventName: String? { json["event"]?["event"]?.stringValue }
        var eventTime: Double { json["event"]?["time"]?.doubleValue ?? -1 }
    }

    func nextResult(_ follow: RunningCommand, _ step: String) throws -> Result {
        let line = try #require(follow.nextLine(timeout: Self.patience), "no result after \(step): \(follow.stderr)")
        return Result(json: try JSONValue(parsing: line))
    }

    @Test("Reads the frame mpv shows once paused; a burst of seeks reads only where it lands; mpv quitting ends it with 0")
    func followsMPV() throws {
        let mpvPath = try #require(Self.mpvExecutable, "mpv is not installed: run scripts/bootstrap")
        let truth = try Fixtures.truth("counter.mp4")
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-mpv-\(UUID().uuidString.prefix(8)).sock").path
        // `--vo=null` still decodes every frame; `--term-osd=force` prints show-text messages.
        let mpv = try RunningCommand(mpvPath, [
            "--no-config", "--vo=null", "--ao=null", "--pause", "--idle=no", "--input-terminal=no", "--term-osd=force",
            "--input-ipc-server=\(socket)", "TestVideos/counter.mp4",
        ])
        defer {
            if mpv.process.isRunning { mpv.process.terminate() }
            _ = mpv.waitForExit(timeout: 5)
            try? FileManager.default.removeItem(atPath: socket)
        }
        let control = try Self.connect(to: socket, mpv: mpv)
        // Keep reading what mpv tells this client, so that it never waits on us; note where
        // playback is.
        let position = Mutex(0.0)
        let moved = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while let line = try? control.receiveLine() {
                guard let message = try? JSONValue(parsing: line), message["name"]?.stringValue == "time-pos",
                      let seconds = message["data"]?.doubleValue else { continue }
                position.withLock { $0 = seconds }
                moved.signal()
            }
        }
        func command(_ words: JSONValue...) throws {
            try control.send(.object([("command", .array(words))]))
        }
        try command(.string("observe_property"), .int(9), .string("time-pos"))

        // Run from elsewhere: mpv's relative path must be taken from mpv's working directory.
        let follow = try RunningCommand(FrameGrabCommand.executable(), ["follow", "--mpv", socket, "--osd", "--settle", "0.8"],
                                        in: FileManager.default.temporaryDirectory)
        defer { _ = follow.waitForExit(timeout: 1) }

        // Paused at the start: frame 0.
        var result = try nextResult(follow, "connecting")
        #expect(result.texts == ["00000"])
        #expect(result.eventName == "pause")
        #expect(result.json["source"]?["path"]?.stringValue == Fixtures.path("counter.mp4"))

        // An exact seek to 5 s: mpv shows the first frame at or after it, frame 150 (5.005 s),
        // and that is the frame read.
        try command(.string("seek"), .int(5), .string("absolute+exact"))
        result = try nextResult(follow, "seek 5")
        #expect(result.texts == ["00150"])
        #expect(abs(result.frameTime - truth.time(ofFrame: 150)) < 0.0005)
        #expect(result.eventName == "seek" && abs(result.eventTime - result.frameTime) < 0.00001)

        // A burst of seeks, as a drag along the bar: nothing is read until it stops, then the
        // frame it landed on (12.5 s: frame 375, 12.5125 s), once.
        // Positions early in the first GOP are quick to reach, so that even a busy mpv keeps
        // moving well within the settle delay.
        for step in 0..<24 {
            try command(.string("seek"), .double(1 + Double(step) * 0.08), .string("absolute+exact"))
        }
        try command(.string("seek"), .double(12.5), .string("absolute+exact"))
        result = try nextResult(follow, "the burst")
        #expect(result.texts == ["00375"])
        #expect(abs(result.frameTime - truth.time(ofFrame: 375)) < 0.0005)

        // A frame step is a seek too; its result comes next, so nothing else came in between.
        try command(.string("frame-step"))
        result = try nextResult(follow, "frame-step")
        #expect(result.texts == ["00376"])

        // Playing reads nothing; pausing again does, once mpv has played a little.
        let stepped = position.withLock { $0 }
        try command(.string("set_property"), .string("pause"), .bool(false))
        let deadline = DispatchTime.now() + Self.patience
        while position.withLock({ $0 }) < stepped + 0.2, moved.wait(timeout: deadline) == .success {}
        try command(.string("set_property"), .string("pause"), .bool(true))
        result = try nextResult(follow, "play then pause")
        #expect(result.eventName == "pause")
        if let frame = result.texts.first.flatMap({ Int($0) }) {
            #expect(abs(result.frameTime - truth.time(ofFrame: frame)) < 0.0005, "the text is the number of the frame read")
        } else {
            Issue.record("no frame number read after pausing: \(result.texts)")
        }

        try command(.string("quit"))
        #expect(follow.waitForExit(timeout: Self.patience) == 0, "\(follow.stderr)")
        #expect(follow.untakenLines.isEmpty, "nothing else was read: \(follow.untakenLines)")
        #expect(follow.stderr.isEmpty, "\(follow.stderr)")
        #expect(mpv.waitForExit(timeout: Self.patience) == 0)
        // mpv writes its terminal status line and OSD messages to stderr.
        let osd = mpv.stderr + mpv.untakenLines.joined(separator: "\n")
        #expect(osd.contains("framegrab: 1 text region · “00150”"), "mpv's OSD showed the summary: \(osd.suffix(1000))")
    }
}
