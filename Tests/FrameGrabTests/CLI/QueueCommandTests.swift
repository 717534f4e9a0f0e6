import Foundation
@testable import FrameGrab
@testable import FrameGrabStore
import Synchronization
import Testing

/// `framegrab index` over PostgreSQL as a fleet runs it: several indexers on one queue, one of
/// them killed with SIGKILL mid-video, and every video stored once all the same.
@Suite("framegrab index on a shared queue, and framegrab status")
struct QueueCommandTests {
    static func psql(_ conninfo: String, _ sql: String) throws -> String {
        try PostgresServer.shared.get().psql(conninfo, sql)
    }

    /// The screens each query finds, as `path@start`.
    static func found(_ query: String, in database: String) throws -> Set<String> {
        let result = try FrameGrabCommand.run(["search", "--db", database, "--json", "--limit", "100", query])
        return Set(result.stdoutLines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).map { "\($0["path"] ?? "")@\($0["start"] ?? "")" }
        })
    }

    @Test("Three indexers fill one queue at once, one killed mid-video: every video stored exactly once, as one SQLite run stores it")
    func fleetWithACasualty() throws {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        let directory = try IndexCommandTests.library(["talk-light.mp4", "talk-dark.mp4", "protected/cenc.mp4"],
                                                      extra: ["light-2.mp4": "talk-light.mp4", "dark-2.mp4": "talk-dark.mp4",
                                                              "broken.mp4": "bad/random.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["index", "--db", conninfo, "--jobs", "1", "--lease", "2", "--json", directory.path]

        // The victim's workers hang on whatever they claim: it holds its video until it is killed,
        // however quickly the others read.
        let names = ["talk-light.mp4", "talk-dark.mp4", "cenc.mp4", "light-2.mp4", "dark-2.mp4", "broken.mp4"]
        let victim = try RunningCommand(try FrameGrabCommand.executable(), arguments,
                                        environment: ["FRAMEGRAB_TEST_WORKER_FAULTS": names.map { "hang=" + $0 }.joined(separator: ",")])
        let survivors = Mutex<[FrameGrabCommand.Result]>([])
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                if let result = try? FrameGrabCommand.run(arguments) { survivors.withLock { $0.append(result) } }
            }
        }
        // Killed once it holds a video, without a word to anyone.
        let pid = victim.process.processIdentifier
        var holding = false
        while victim.process.isRunning && !holding {
            let held = try? Self.psql(conninfo, "SELECT count(*) FROM framegrab.queue WHERE state = 'running' AND worker LIKE '%:\(pid)'")
            holding = held == "1\n"
            if !holding { usleep(50_000) }
        }
        #expect(holding, "the victim never claimed a video: \(victim.stderr)")
        let taken = try Self.psql(conninfo, "SELECT path FROM framegrab.queue WHERE worker LIKE '%:\(pid)' AND state = 'running'")
        kill(pid, SIGKILL)
        #expect(victim.waitForExit(timeout: nil) == 128 + SIGKILL || victim.process.terminationReason == .uncaughtSignal)
        group.wait()

        let results = survivors.withLock { $0 }
        #expect(results.count == 2)
        for result in results {
            // The broken file fails; every other video is indexed or skipped as protected.
            #expect(result.status == 9, "\(result)")
            let summaries = try IndexCommandTests.summaries(result.stdout)
            #expect(summaries.count == 6 && result.stdoutLines.count == 6, "one line for each video it added: \(result.stdout)")
            #expect(summaries["broken.mp4"]?["status"] as? String == "failed")
        }
        // The video the victim held was taken over, and stored once.
        let victimPath = taken.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!victimPath.isEmpty)
        #expect(try Self.psql(conninfo, "SELECT attempts >= 2 FROM framegrab.queue WHERE path = '\(victimPath)'") == "t\n")
        #expect(try Self.psql(conninfo, "SELECT count(*) FROM framegrab.queue WHERE state IN ('queued', 'running')") == "0\n")
        #expect(try Self.psql(conninfo, "SELECT count(*), count(DISTINCT path) FROM framegrab.videos") == "6|6\n")

        // The same library, read once into SQLite: the same records, screens and hits.
        let sqlite = directory.appendingPathComponent("library.db").path
        let local = try FrameGrabCommand.run(["index", "--db", sqlite, "--json", directory.path])
        #expect(local.status == 9, "\(local)")
        let statuses = try Self.psql(conninfo, "SELECT path || ' ' || status FROM framegrab.videos ORDER BY path COLLATE \"C\"")
        let localStatuses = try IndexCommandTests.summaries(local.stdout).map { "\(directory.path)/\($0.key) \($0.value["status"] as? String ?? "")" }
        #expect(statuses.split(separator: "\n").map(String.init) == localStatuses.sorted())
        let exported = try FrameGrabCommand.run(["export", "--db", conninfo])
        #expect(exported.status == 0 && exported.stdoutLines.count == 16, "four screens in each of the four talks: \(exported)")
        #expect(exported.stdout == (try FrameGrabCommand.run(["export", "--db", sqlite])).stdout)
        var hits = 0
        for query in ["the", "URLSession", "std::move", "let", "func", "git push", "Sess", "error:"] {
            let found = try Self.found(query, in: conninfo)
            #expect(found == (try Self.found(query, in: sqlite)), "\(query)")
            hits += found.count
        }
        #expect(hits >= 8, "the queries find screens at all")

        let status = try FrameGrabCommand.run(["status", "--db", conninfo, "--json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], "\(status)")
        let counts = try #require(summary["counts"] as? [String: Int])
        #expect(counts == ["queued": 0, "running": 0, "done": 4, "failed": 1, "skipped": 1])
        #expect(summary["media_seconds"] as? Double == 48)
        #expect((summary["realtime"] as? Double).map { $0 > 0 } == true)
    }

    @Test("A worker that crashes on every try fails its video after three; a broken file fails on its one; a second run changes nothing")
    func retriesThenFails() throws {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        let directory = try IndexCommandTests.library(["talk-light.mp4"], extra: ["crash.mp4": "talk-dark.mp4", "broken.mp4": "bad/random.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try FrameGrabCommand.run(["index", "--db", conninfo, "--json", directory.path],
                                             environment: ["FRAMEGRAB_TEST_WORKER_FAULTS": "crash=crash.mp4"])
        #expect(first.status == 9, "\(first)")
        let summaries = try IndexCommandTests.summaries(first.stdout)
        #expect(summaries["talk-light.mp4"]?["status"] as? String == "indexed")
        let crashed = try #require(summaries["crash.mp4"])
        #expect(crashed["status"] as? String == "failed")
        #expect((crashed["error"] as? String)?.contains("SIGSEGV") == true && (crashed["error"] as? String)?.contains("3 tries") == true)
        #expect(first.stderrLines.filter { $0.contains("crash.mp4: left to another try") }.count == 2, "\(first.stderr)")
        #expect(try Self.psql(conninfo, "SELECT path, attempts, state FROM framegrab.queue WHERE state = 'failed' ORDER BY path")
                == "\(directory.path)/broken.mp4|1|failed\n\(directory.path)/crash.mp4|3|failed\n")

        let status = try FrameGrabCommand.run(["status", "--db", conninfo])
        #expect(status.status == 0)
        #expect(status.stdoutLines.contains { $0.hasPrefix("  done") && $0.contains(" 1 ") }, "\(status)")
        #expect(status.stdoutLines.contains("  \(directory.path)/crash.mp4: reading failed (the worker process crashed with signal 11, SIGSEGV: a bad memory access; 3 tries)"),
                "\(status)")

        // Again, without the fault: the failed ones are tried afresh, the indexed one left alone.
        let second = try FrameGrabCommand.run(["index", "--db", conninfo, "--json", directory.path])
        let again = try IndexCommandTests.summaries(second.stdout)
        #expect(again["talk-light.mp4"]?["status"] as? String == "unchanged")
        #expect(again["crash.mp4"]?["status"] as? String == "indexed")
        #expect(again["broken.mp4"]?["status"] as? String == "failed")
        // A worker with nothing to do says so and ends.
        let idle = try FrameGrabCommand.run(["index", "--db", conninfo, "--work"])
        #expect(idle.status == 0 && idle.stderrLines == ["framegrab: \(conninfo): nothing in the queue to work on"], "\(idle)")
    }

    @Test("--work only works what others added, and ends when nothing is queued or running")
    func workOnly() throws {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        let directory = try IndexCommandTests.library(["talk-light.mp4", "talk-dark.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        // Enqueued by someone else, as index does before it works.
        let store = try PostgresScreenStore(conninfo: conninfo, creating: true)
        for name in ["talk-light.mp4", "talk-dark.mp4"] {
            let path = directory.appendingPathComponent(name).path
            let fingerprint = try VideoFingerprint(path: path)
            #expect(try store.enqueue(path: path, size: fingerprint.size, modified: fingerprint.modified, fingerprint: fingerprint.digest,
                                      force: false) == .queued)
        }
        let worked = try FrameGrabCommand.run(["index", "--db", conninfo, "--work", "--json"])
        #expect(worked.status == 0, "\(worked)")
        #expect(Set(try IndexCommandTests.summaries(worked.stdout).compactMapValues { $0["status"] as? String }.values) == ["indexed"])
        #expect(try Self.psql(conninfo, "SELECT count(*) FROM framegrab.queue WHERE state = 'done'") == "2\n")
    }

    @Test("Bad uses of the queue's options: one line, status 2", arguments: [
        ["index", "--db", "/tmp/framegrab-local.db", "--work"],
        ["index", "--db", "/tmp/framegrab-local.db", "--lease", "30s", "TestVideos/talk-light.mp4"],
        ["index", "--db", "postgresql:///x?host=/nonexistent", "--work", "TestVideos/talk-light.mp4"],
        ["index", "--db", "postgresql:///x?host=/nonexistent", "--work", "--force"],
        ["index", "--db", "postgresql:///x?host=/nonexistent", "--lease", "0", "TestVideos/talk-light.mp4"],
        ["index", "--db", "postgresql:///x?host=/nonexistent", "--lease", "soon", "TestVideos/talk-light.mp4"],
        ["status", "--db", "postgresql://me:s3cret@/x?host=/nonexistent"],
        ["status", "--db", "/nonexistent/framegrab.db"],
        ["status", "TestVideos/talk-light.mp4"],
        ["status", "--pretty"],
    ])
    func badUses(_ arguments: [String]) throws {
        let result = try FrameGrabCommand.run(arguments)
        #expect(result.status == 2 && result.stderrLines.count == 1 && result.stdout.isEmpty, "\(result)")
        #expect(!result.stderr.contains("s3cret"))
    }

    @Test("status on an SQLite index: its videos done, failed and skipped, and no queue")
    func statusOfSQLite() throws {
        let directory = try IndexCommandTests.library(["talk-light.mp4", "protected/cenc.mp4"], extra: ["broken.mp4": "bad/random.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        #expect(try FrameGrabCommand.run(["index", "--db", database, directory.path]).status == 9)
        let status = try FrameGrabCommand.run(["status", "--db", database, "--json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], "\(status)")
        #expect(summary["counts"] as? [String: Int] == ["queued": 0, "running": 0, "done": 1, "failed": 1, "skipped": 1])
        #expect(summary["media_seconds"] as? Double == 12 && summary["realtime"] is NSNull)
        let text = try FrameGrabCommand.run(["status", "--db", database])
        #expect(text.stdoutLines.first == "\(database): 3 videos (an SQLite index: no queue)", "\(text)")
        #expect(!text.stdout.contains("queued"))
    }
}
