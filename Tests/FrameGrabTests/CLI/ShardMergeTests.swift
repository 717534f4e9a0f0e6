import Foundation
import FrameGrab
import Testing

/// `index --shard K/N` on machines without a shared database, and `merge` joining the parts.
@Suite("index --shard and merge")
struct ShardMergeTests {
    static let clips = ["talk-light.mp4", "talk-dark.mp4", "index-talk.mp4", "links.mp4", "rotated.mp4"]

    /// Every video's record, without when it was indexed.
    static func records(_ database: String) throws -> [String] {
        try SQLiteScreenStore(path: database, creating: false).videos()
            .map { "\(($0.path as NSString).lastPathComponent) \($0.status) \($0.error ?? "")" }
    }

    @Test("Shards merged give the export of one run: each video in exactly one shard, none twice")
    func shardsMergeToOneRun() throws {
        // As many parts as leave none empty (two, unless the directory's name hashes all six
        // videos to one side), so that the merge joins real parts. The shard a path falls in
        // depends on the random directory name; a name no count splits is drawn again.
        var library: (directory: URL, count: Int)?
        for _ in 0..<20 where library == nil {
            let directory = try IndexCommandTests.library(ShardMergeTests.clips, extra: ["broken.mp4": "bad/random.mp4"])
            let paths = try FileManager.default.contentsOfDirectory(atPath: directory.path).map { directory.appendingPathComponent($0).path }
            if let count = (2...6).first(where: { n in (0..<n).allSatisfy { k in paths.contains { LibraryShard(index: k, count: n)!.contains($0) } } }) {
                library = (directory, count)
            } else {
                try? FileManager.default.removeItem(at: directory)
            }
        }
        let (directory, count) = try #require(library)
        defer { try? FileManager.default.removeItem(at: directory) }
        func database(_ name: String) -> String { directory.appendingPathComponent(name).path }

        let whole = try FrameGrabCommand.run(["index", "--db", database("whole.db"), directory.path])
        #expect(whole.status == 9, "the broken file fails: \(whole)")
        var shardVideos: [[String]] = []
        for k in 0..<count {
            let part = try FrameGrabCommand.run(["index", "--db", database("shard-\(k).db"), "--shard", "\(k)/\(count)", directory.path])
            #expect([0, 9].contains(part.status), "\(part)")
            #expect(part.stderrLines.contains { $0.hasPrefix("framegrab: shard \(k)/\(count) of the library: ") }, "\(part)")
            shardVideos.append(try ShardMergeTests.records(database("shard-\(k).db")))
        }
        #expect(shardVideos.joined().count == Set(shardVideos.joined()).count, "no video in two shards")
        #expect(Set(shardVideos.joined()) == Set(try ShardMergeTests.records(database("whole.db"))))
        #expect(shardVideos.allSatisfy { !$0.isEmpty }, "\(shardVideos)")

        let merge = try FrameGrabCommand.run(["merge", database("merged.db")] + (0..<count).map { database("shard-\($0).db") })
        #expect(merge.status == 0 && merge.stderr.isEmpty, "\(merge)")
        let expected = try FrameGrabCommand.run(["export", "--db", database("whole.db")])
        let merged = try FrameGrabCommand.run(["export", "--db", database("merged.db")])
        #expect(merged.status == 0 && !merged.stdout.isEmpty)
        #expect(merged.stdout == expected.stdout)
        #expect(try ShardMergeTests.records(database("merged.db")) == ShardMergeTests.records(database("whole.db")))
        let found = try FrameGrabCommand.run(["search", "--db", database("merged.db"), "--json", "the"])
        let foundWhole = try FrameGrabCommand.run(["search", "--db", database("whole.db"), "--json", "the"])
        #expect(found.stdout == foundWhole.stdout && !found.stdout.isEmpty)

        // Merging again changes nothing: every video is there once.
        #expect(try FrameGrabCommand.run(["merge", database("merged.db")] + (0..<count).reversed().map { database("shard-\($0).db") }).status == 0)
        #expect(try FrameGrabCommand.run(["export", "--db", database("merged.db")]).stdout == expected.stdout)
    }

    @Test("The scheduler's task index picks the same part as --shard K/N")
    func schedulerIndex() throws {
        let directory = try IndexCommandTests.library([], extra: Dictionary(uniqueKeysWithValues: (0..<30).map { ("v\($0).mp4", "bad/empty.mp4") }))
        defer { try? FileManager.default.removeItem(at: directory) }
        func part(_ arguments: [String], _ environment: [String: String?]) throws -> String {
            let database = directory.appendingPathComponent("\(UUID().uuidString).db").path
            let result = try FrameGrabCommand.run(["index", "--db", database] + arguments + [directory.path], environment: environment)
            #expect(result.status == 9, "\(arguments) \(environment): \(result)")
            return result.stderrLines.filter { $0.contains("v") && $0.contains("not a video") }.sorted().joined(separator: "\n")
        }
        let noScheduler: [String: String?] = ["SLURM_ARRAY_TASK_ID": nil, "JOB_COMPLETION_INDEX": nil]
        let explicit = try part(["--shard", "2/3"], noScheduler)
        #expect(!explicit.isEmpty)
        #expect(try part(["--shards", "3"], ["JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": nil]) == explicit)
        #expect(try part(["--shard", "auto"], ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2",
                                                 "SLURM_ARRAY_TASK_COUNT": "3", "JOB_COMPLETION_INDEX": nil]) == explicit)
    }

    @Test("Bad shard options and merges: one line, status 2", arguments: [
        ["index", "--shard", "3/3", "TestVideos/counter.mp4"], ["index", "--shard", "1-3", "TestVideos/counter.mp4"],
        ["index", "--shard", "auto", "TestVideos/counter.mp4"], ["index", "--shards", "0", "TestVideos/counter.mp4"],
        ["index", "--shard", "0/2", "--shards", "2", "TestVideos/counter.mp4"],
        ["merge", "/tmp/framegrab-out.db"], ["merge", "/tmp/framegrab-out.db", "/tmp/framegrab-out.db"],
        ["merge", "/tmp/framegrab-out.db", "TestVideos/bad/notes.txt"], ["merge", "/tmp/framegrab-out.db", "/nonexistent/shard.db"],
    ])
    func badOptions(_ arguments: [String]) throws {
        let result = try FrameGrabCommand.run(arguments, environment: ["SLURM_ARRAY_TASK_ID": nil, "JOB_COMPLETION_INDEX": nil])
        #expect(result.status == 2 && result.stderrLines.count == 1, "\(arguments): \(result)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/framegrab-out.db"), "nothing written")
    }
}

@Suite("LibraryShard")
struct LibraryShardTests {
    @Test("Paths differing in one character spread over the parts; each path is in exactly one part", arguments: [2, 3, 4, 8])
    func spread(count: Int) {
        let paths = (0..<400).map { "/archive/talks/2024/talk-\($0).mp4" }
        var sizes = [Int](repeating: 0, count: count)
        for path in paths {
            let parts = (0..<count).filter { LibraryShard(index: $0, count: count)!.contains(path) }
            #expect(parts.count == 1)
            sizes[parts[0]] += 1
        }
        let even = paths.count / count
        #expect(sizes.allSatisfy { abs($0 - even) < even / 3 }, "\(sizes)")
    }
}
