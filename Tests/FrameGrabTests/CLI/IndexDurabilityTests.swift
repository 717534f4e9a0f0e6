import Foundation
import FrameGrab
import Testing

/// What `framegrab index` does to a database it cannot have to itself or cannot write: a
/// second indexer says so and leaves, a full disk stops the batch with one line, and nothing
/// committed before is lost either way.
@Suite("framegrab index: one writer, a full disk")
struct IndexDurabilityTests {
    @Test("A second indexer on the same database says so and leaves; search reads meanwhile; nothing is lost")
    func secondIndexerLeaves() throws {
        let directory = try IndexCommandTests.library([], extra: ["a-talk.mp4": "talk-light.mp4", "b-hangs.mp4": "counter.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        // The first indexer finishes a-talk.mp4, then waits on b-hangs.mp4's worker.
        let first = try RunningCommand(try FrameGrabCommand.executable(),
                                       ["index", "--db", database, "--json", "--jobs", "1", "--stall-timeout", "10m", directory.path],
                                       environment: ["FRAMEGRAB_TEST_WORKER_FAULTS": "hang=b-hangs.mp4"])
        let done = try #require(first.nextLine(timeout: nil))
        #expect(done.contains("a-talk.mp4"), "\(done)")

        let second = try FrameGrabCommand.run(["index", "--db", database, "--json", Fixtures.path("talk-dark.mp4")])
        #expect(second.status == 2, "\(second)")
        #expect(second.stderrLines.count == 1 && second.stderr.contains("another framegrab index is writing"), "\(second)")
        #expect(second.stdout.isEmpty)
        let search = try FrameGrabCommand.run(["search", "--db", database, "--json", "the"])
        #expect(search.status == 0 && search.stdout.contains("a-talk.mp4"), "\(search)")

        kill(first.process.processIdentifier, SIGINT)
        #expect(first.waitForExit(timeout: nil) == 130, "\(first.stderr)")
        let stored = try IndexCommandTests.storedScreens(in: database)
        #expect(stored.keys.sorted() == ["a-talk.mp4"])
        #expect(stored["a-talk.mp4"]?.count == 4)
    }

    @Test("A full disk stops the batch with one line naming the database; what was committed stays whole")
    func fullDisk() throws {
        let directory = try IndexCommandTests.library(["talk-light.mp4", "talk-dark.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        let light = directory.appendingPathComponent("talk-light.mp4").path
        let dark = directory.appendingPathComponent("talk-dark.mp4").path
        #expect(try FrameGrabCommand.run(["index", "--db", database, light]).status == 0)

        // No file may grow past 40 KiB (the shared-memory index fits, the video's transaction
        // does not): the write past that fails as on a full disk (EFBIG; SIGXFSZ ignored, so
        // that the write fails rather than the process).
        let full = try FrameGrabCommand.run(["-c", #"trap '' XFSZ; ulimit -f 40; exec "$0" "$@""#, try FrameGrabCommand.executable(),
                                             "index", "--db", database, "--json", dark], executable: "/bin/bash")
        #expect(full.status == 2, "\(full)")
        #expect(full.stderrLines.count == 1 && full.stderr.contains(database) && full.stderr.contains("talk-dark.mp4"), "\(full)")
        #expect(!full.stderr.contains("Fatal error") && !full.stderr.contains("Backtrac"), "\(full)")

        let store = try SQLiteScreenStore(path: database, creating: false)
        #expect(try store.videos().map { ($0.path as NSString).lastPathComponent } == ["talk-light.mp4"])
        #expect(try IndexCommandTests.storedScreens(in: database)["talk-light.mp4"]?.count == 4)
        let again = try FrameGrabCommand.run(["index", "--db", database, "--json", dark])
        #expect(again.status == 0, "\(again)")
        #expect(try IndexCommandTests.storedScreens(in: database).mapValues(\.count) == ["talk-light.mp4": 4, "talk-dark.mp4": 4])
    }
}
