import Foundation
import FrameGrab
import Testing

/// `--time-limit DURATION` ends the whole run: status 124, one line, nothing half written.
@Suite("--time-limit")
struct TimeLimitTests {
    @Test("--at: stopped with status 124 and one line; -o FILE is left as it was")
    func grabStops() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-limit-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        try Data("before\n".utf8).write(to: URL(fileURLWithPath: output))
        // Twelve 1080p frames take seconds of OCR anywhere; the limit comes long before.
        let times = (1...12).flatMap { ["--at", String(Double($0) * 0.5)] }
        let result = try FrameGrabCommand.run(["--time-limit", "300ms"] + times + ["-o", output, "TestVideos/editor-dark-1080p.mp4"])
        #expect(result.status == 124, "\(result)")
        #expect(result.stderrLines == ["framegrab: stopped: the --time-limit of 0.3 s was reached"], "\(result)")
        #expect(FileManager.default.contents(atPath: output) == Data("before\n".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("." + (output as NSString).lastPathComponent + ".framegrab-") }
        #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
    }

    @Test("index: stopped with status 124; the database is whole and no worker is left")
    func indexStops() throws {
        let directory = try IndexCommandTests.library(["talk-light.mp4", "talk-dark.mp4", "editor-dark-1080p.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        let result = try FrameGrabCommand.run(["index", "--time-limit", "1", "--db", database, "--jobs", "1", directory.path])
        #expect(result.status == 124, "\(result)")
        #expect(result.stderrLines.last == "framegrab: stopped: the --time-limit of 1 s was reached", "\(result)")
        let store = try SQLiteScreenStore(path: database, creating: false)
        for video in try store.videos() where video.status == .indexed {
            #expect(try IndexCommandTests.storedScreens(in: database)[(video.path as NSString).lastPathComponent]?.count == 4)
        }
        // The workers end with their indexer; give the kernel a moment to deliver that.
        var left = 1
        for _ in 0..<50 where left > 0 {
            usleep(100_000)
            left = try FrameGrabCommand.run(["-fc", "index-worker --db \(database)"], executable: "/usr/bin/pgrep").stdout
                .trimmingCharacters(in: .whitespacesAndNewlines) == "0" ? 0 : 1
        }
        #expect(left == 0, "no index-worker outlives the indexer")
        let rest = try FrameGrabCommand.run(["index", "--db", database, directory.path])
        #expect(rest.status == 0, "\(rest)")
    }

    @Test("--time-limit refuses what is not a positive duration", arguments: ["soon", "0", "-5"])
    func badLimit(_ text: String) throws {
        let result = try FrameGrabCommand.run(["--time-limit", text, "--at", "1", "TestVideos/counter.mp4"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("--time-limit"), "\(result)")
    }
}
