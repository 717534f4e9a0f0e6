import Foundation
import FrameGrab
import Testing

/// `framegrab index` and `framegrab scan` end to end: statuses, resuming, interruption and
/// `kill -9`, every bad input answered with its documented status.
@Suite("framegrab index and scan")
struct IndexCommandTests {
    /// Clips with known slides: how many settled screens each has.
    static let slideClips = ["talk-light.mp4": 4, "talk-dark.mp4": 4, "terminal-1080p.mp4": 2]

    /// A fresh directory holding copies of `clips` (and whatever else is given).
    static func library(_ clips: [String], extra: [String: String] = [:]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for clip in clips {
            try FileManager.default.copyItem(atPath: Fixtures.path(clip),
                                             toPath: directory.appendingPathComponent((clip as NSString).lastPathComponent).path)
        }
        for (name, source) in extra {
            try FileManager.default.copyItem(atPath: Fixtures.path(source), toPath: directory.appendingPathComponent(name).path)
        }
        return directory
    }

    /// The JSON lines `index --json` printed, by file name.
    static func summaries(_ stdout: String) throws -> [String: [String: Any]] {
        var byName: [String: [String: Any]] = [:]
        for line in stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let path = try #require(object["path"] as? String)
            byName[(path as NSString).lastPathComponent] = object
        }
        return byName
    }

    /// Screens stored per file name, read back through the store.
    static func storedScreens(in database: String) throws -> [String: [StoredScreen]] {
        let store = try SQLiteScreenStore(path: database, creating: false)
        return Dictionary(grouping: try store.screens(under: []), by: { ($0.path as NSString).lastPathComponent })
    }

    @Test("A library: slides indexed once each, protected content skipped, a broken file recorded, the batch going on")
    func indexesLibrary() throws {
        let directory = try IndexCommandTests.library(["talk-light.mp4", "talk-dark.mp4", "protected/cenc.mp4"],
                                                      extra: ["broken.mp4": "bad/random.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        let first = try FrameGrabCommand.run(["index", "--db", database, "--json", "--jobs", "2", directory.path])
        #expect(first.status == 9, "one video failed: \(first)")
        let summaries = try IndexCommandTests.summaries(first.stdout)
        #expect(summaries["talk-light.mp4"]?["status"] as? String == "indexed")
        #expect(summaries["talk-dark.mp4"]?["status"] as? String == "indexed")
        #expect(summaries["talk-light.mp4"]?["screens"] as? Int == 4)
        #expect(summaries["cenc.mp4"]?["status"] as? String == "protected")
        #expect(summaries["broken.mp4"]?["status"] as? String == "failed")
        #expect((summaries["broken.mp4"]?["error"] as? String)?.contains("not a video") == true)
        #expect(first.stderrLines.contains { $0.contains("broken.mp4") && $0.contains("not a video") }, "\(first)")
        #expect(!first.stderr.contains("Fatal error") && !first.stderr.contains("[h264"))

        let stored = try IndexCommandTests.storedScreens(in: database)
        #expect(stored["talk-light.mp4"]?.count == 4 && stored["talk-dark.mp4"]?.count == 4)
        #expect(stored["cenc.mp4"] == nil && stored["broken.mp4"] == nil)
        let videos = try SQLiteScreenStore(path: database, creating: false).videos()
        #expect(videos.first { $0.path.hasSuffix("cenc.mp4") }?.status == .protected)
        #expect(videos.first { $0.path.hasSuffix("broken.mp4") }?.error?.contains("not a video") == true)

        // Again: what was indexed is unchanged; the broken file is tried again.
        let second = try FrameGrabCommand.run(["index", "--db", database, "--json", directory.path])
        #expect(second.status == 9)
        let again = try IndexCommandTests.summaries(second.stdout)
        #expect(again["talk-light.mp4"]?["status"] as? String == "unchanged")
        #expect(again["cenc.mp4"]?["status"] as? String == "unchanged")
        #expect(again["broken.mp4"]?["status"] as? String == "failed")

        // A file changed since, and --force, are indexed again, never twice over.
        let light = directory.appendingPathComponent("talk-light.mp4").path
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: light)
        let third = try FrameGrabCommand.run(["index", "--db", database, "--json", light])
        #expect(third.status == 0)
        #expect(try IndexCommandTests.summaries(third.stdout)["talk-light.mp4"]?["status"] as? String == "indexed")
        let forced = try FrameGrabCommand.run(["index", "--db", database, "--json", "--force", light])
        #expect(try IndexCommandTests.summaries(forced.stdout)["talk-light.mp4"]?["status"] as? String == "indexed")
        #expect(try IndexCommandTests.storedScreens(in: database)["talk-light.mp4"]?.count == 4)
    }

    @Test("Indexed screens are found by search at their time, and export gives back what scan reads")
    func searchAndExport() throws {
        let directory = try IndexCommandTests.library(["talk-light.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        let video = directory.appendingPathComponent("talk-light.mp4").path
        let indexed = try FrameGrabCommand.run(["index", "--db", database, video])
        #expect(indexed.status == 0, "\(indexed)")

        // (query, start of the slide it is on): an identifier, a call with punctuation, a
        // substring inside an identifier.
        for (query, start) in [("ThumbnailCache", 0.0), ("retry(call", 3.0), ("humbnai", 0.0), ("parse_length", 6.0)] {
            let search = try FrameGrabCommand.run(["search", "--db", database, "--json", query])
            #expect(search.status == 0, "\(query): \(search)")
            let hit = try #require(try search.stdoutLines.first.map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            } ?? nil)
            #expect(hit["start"] as? Double == start, "\(query): \(hit)")
            #expect((hit["link"] as? String)?.hasSuffix("#t=\(String(format: "%.3f", start)),\(String(format: "%.3f", start + 3))") == true)
        }

        let exported = try FrameGrabCommand.run(["export", "--db", database])
        let scanned = try FrameGrabCommand.run(["scan", video])
        #expect(exported.stdoutLines.count == 4 && scanned.stdoutLines.count == 4)
        for (exportLine, scanLine) in zip(exported.stdoutLines, scanned.stdoutLines) {
            let export = try #require(try JSONSerialization.jsonObject(with: Data(exportLine.utf8)) as? NSDictionary)
            let scan = try #require(try JSONSerialization.jsonObject(with: Data(scanLine.utf8)) as? NSDictionary)
            #expect(export["start"] as? Double == scan["start"] as? Double && export["end"] as? Double == scan["end"] as? Double)
            #expect(export["time"] as? Double == (scan["frame"] as? NSDictionary)?["time"] as? Double)
            #expect(export["regions"] as? NSArray == scan["regions"] as? NSArray, "export gives back the regions as --at reads them")
        }
    }

    @Test("kill -9 mid-run leaves a database that opens with every finished video whole; the next run does the rest")
    func survivesKill() throws {
        let clips = Array(IndexCommandTests.slideClips.keys).sorted()
        let directory = try IndexCommandTests.library(clips)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        let run = try RunningCommand(try FrameGrabCommand.executable(),
                                     ["index", "--db", database, "--json", "--jobs", "1", directory.path])
        let firstDone = run.nextLine(timeout: nil)
        #expect(firstDone != nil, "a first video finished")
        kill(run.process.processIdentifier, SIGKILL)
        _ = run.waitForExit(timeout: nil)

        let survived = try IndexCommandTests.storedScreens(in: database)
        for (name, screens) in survived {
            #expect(screens.count == IndexCommandTests.slideClips[name], "\(name) is whole or absent")
        }
        #expect(survived.count < clips.count, "the kill came before the end")

        let rest = try FrameGrabCommand.run(["index", "--db", database, "--json", directory.path])
        #expect(rest.status == 0, "\(rest)")
        let statuses = try IndexCommandTests.summaries(rest.stdout).mapValues { $0["status"] as? String }
        for name in survived.keys { #expect(statuses[name] == "unchanged") }
        let stored = try IndexCommandTests.storedScreens(in: database)
        for (name, count) in IndexCommandTests.slideClips {
            #expect(stored[name]?.count == count, "\(name): every screen once")
            let starts = stored[name]?.map(\.start) ?? []
            #expect(Set(starts).count == starts.count, "\(name): no screen twice")
        }
    }

    @Test("Ctrl-C stops with status 130, keeping the videos finished before it")
    func interrupted() throws {
        let directory = try IndexCommandTests.library(["talk-light.mp4", "talk-dark.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        let run = try RunningCommand(try FrameGrabCommand.executable(),
                                     ["index", "--db", database, "--json", "--jobs", "1", directory.path])
        let firstDone = try #require(run.nextLine(timeout: nil))
        kill(run.process.processIdentifier, SIGINT)
        #expect(run.waitForExit(timeout: nil) == 130, "\(run.stderr)")
        #expect(run.stderr.contains("interrupted") && !run.stderr.contains("Fatal error"), "\(run.stderr)")
        let finished = try #require(try JSONSerialization.jsonObject(with: Data(firstDone.utf8)) as? [String: Any])
        let stored = try IndexCommandTests.storedScreens(in: database)
        let name = ((finished["path"] as? String ?? "") as NSString).lastPathComponent
        #expect(stored[name]?.count == 4, "the video finished before Ctrl-C is kept")
        #expect(stored.count == 1, "the one being read is not written")
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]
        var status: Int32
        var names: String?
        var testDescription: String { label }
    }

    static let failures: [Failure] = [
        Failure(label: "index: no path", arguments: ["index", "--db", "/tmp/framegrab-unused.db"], status: 2, names: nil),
        Failure(label: "index: --jobs 0", arguments: ["index", "--jobs", "0", "TestVideos/talk-light.mp4"], status: 2, names: "0"),
        Failure(label: "index: malformed --settle", arguments: ["index", "--settle", "soon", "TestVideos/talk-light.mp4"], status: 2, names: "soon"),
        Failure(label: "index: unknown option", arguments: ["index", "--frobnicate", "TestVideos/talk-light.mp4"], status: 2, names: "--frobnicate"),
        Failure(label: "index: --from a missing file", arguments: ["index", "--from", "no-such-list.txt"], status: 2, names: "no-such-list.txt"),
        Failure(label: "index: a database that is not one", arguments: ["index", "--db", "TestVideos/bad/notes.txt", "TestVideos/talk-light.mp4"],
                status: 2, names: "TestVideos/bad/notes.txt"),
        Failure(label: "index: a missing video", arguments: ["index", "--db", "/tmp/framegrab-missing-\(UUID().uuidString).db", "TestVideos/no-such-clip.mp4"],
                status: 9, names: "no-such-clip.mp4"),
        Failure(label: "index: -o without --json", arguments: ["index", "-o", "/tmp/framegrab-unused.jsonl", "TestVideos/talk-light.mp4"],
                status: 2, names: "--json"),
        Failure(label: "index: --pretty without --json", arguments: ["index", "--pretty", "TestVideos/talk-light.mp4"], status: 2, names: "--pretty"),
        Failure(label: "scan: no video", arguments: ["scan"], status: 2, names: nil),
        Failure(label: "scan: malformed --settle", arguments: ["scan", "--settle", "-1", "TestVideos/talk-light.mp4"], status: 2, names: "-1"),
        Failure(label: "scan: a missing video", arguments: ["scan", "TestVideos/no-such-clip.mp4"], status: 3, names: "no-such-clip.mp4"),
        Failure(label: "scan: not a video", arguments: ["scan", "TestVideos/bad/random.mp4"], status: 4, names: "random.mp4"),
        Failure(label: "scan: protected content", arguments: ["scan", "TestVideos/protected/cenc.mp4"], status: 6, names: "cenc.mp4"),
    ]

    @Test("Bad input: one line on stderr and the documented status", arguments: failures)
    func failsCleanly(_ failure: Failure) throws {
        let before = FileManager.default.contents(atPath: Fixtures.path("bad/notes.txt"))
        let result = try FrameGrabCommand.run(failure.arguments)
        #expect(result.status == failure.status, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        if let names = failure.names { #expect(result.stderr.contains(names), "\(result)") }
        #expect(result.stdout.isEmpty || failure.arguments.contains("--json"), "\(result)")
        #expect(FileManager.default.contents(atPath: Fixtures.path("bad/notes.txt")) == before, "nothing written over")
    }

    /// Protected content is skipped without decoding, but the bar is drawn as it starts.
    @Test("index draws its progress bar on a terminal or with --color always, never on a pipe or with --color never")
    func progressBar() throws {
        let directory = try IndexCommandTests.library([])
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = "TestVideos/protected/cenc.mp4"
        let bar = "] 0/1 cenc.mp4"
        var databases = 0
        func index(_ options: [String]) -> [String] {
            databases += 1
            return ["index", "--db", directory.appendingPathComponent("\(databases).db").path] + options + [video]
        }
        let forced = try FrameGrabCommand.run(index(["--color=always"]))
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stderr.hasPrefix("\r[") && forced.stderr.contains(bar), "\(forced)")
        for options in [[], ["--color", "auto"], ["--color=never"]] {
            let piped = try FrameGrabCommand.run(index(options))
            #expect(piped.status == 0, "\(piped)")
            #expect(!piped.stderr.contains("\r") && !piped.stderr.contains(bar), "\(options): \(piped)")
            #expect(piped.stderrLines.count == 1 && piped.stderr.contains("cenc.mp4: protected content skipped"), "\(piped)")
        }
        // NO_COLOR is about colour: the bar, which has none, stays.
        for noColor in [nil, "1"] as [String?] {
            let terminal = try FrameGrabCommand.onTerminal(index([]), environment: ["NO_COLOR": noColor])
            #expect(terminal.hasPrefix("\r[") && terminal.contains(bar) && !terminal.contains("\u{1B}"), "\(terminal)")
        }
        let never = try FrameGrabCommand.onTerminal(index(["--color", "never"]))
        #expect(!never.contains("\r") && !never.contains(bar) && never.contains("cenc.mp4: protected content skipped"), "\(never)")
    }

    @Test("scan prints each settled screen as it is found: start and end, then the --at document")
    func scans() throws {
        let result = try FrameGrabCommand.run(["scan", "TestVideos/talk-dark.mp4"])
        #expect(result.status == 0, "\(result)")
        let screens = try result.stdoutLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(screens.count == 4)
        #expect(screens.map { $0["start"] as? Double } == [0, 3, 6, 9])
        for screen in screens {
            #expect(Array(screen.keys).sorted() == ["end", "frame", "protection", "regions", "schema_version", "skip_reason", "source", "start", "status"])
        }
        let firstLine = try #require(result.stdoutLines.first)
        #expect(firstLine.hasPrefix("{\"schema_version\":1,\"start\":0,\"end\":3,\"source\":"), "the version, then start and end come first")
    }
}
