import Foundation
import FrameGrab
import Testing

/// `framegrab index` reads each video in a worker process: a worker made to crash, hang or
/// allocate without end (the FRAMEGRAB_TEST_WORKER_FAULTS hook) fails its video alone, with
/// the cause recorded, and the next run indexes it.
@Suite("framegrab index: a worker per video")
struct IndexIsolationTests {
    @Test("A crash, a hang and a runaway allocation each fail one video, with the cause; the batch goes on")
    func faultsStayWithTheirVideo() throws {
        let directory = try IndexCommandTests.library(["talk-light.mp4"], extra: [
            "crashes.mp4": "talk-dark.mp4", "hangs.mp4": "counter.mp4", "allocates.mp4": "counter.mkv",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.db").path
        let faults = "crash=crashes.mp4,hang=hangs.mp4,allocate=allocates.mp4"
        // A stall limit well past one frame's reading on a busy machine (a few seconds with
        // every core taken), so that only the hung worker stalls.
        let first = try FrameGrabCommand.run(["index", "--db", database, "--json", "--jobs", "2", "--memory-limit", "512M",
                                              "--stall-timeout", "20", "--color", "never", directory.path],
                                             environment: ["FRAMEGRAB_TEST_WORKER_FAULTS": faults])
        #expect(first.status == 9, "\(first)")
        let summaries = try IndexCommandTests.summaries(first.stdout)
        #expect(summaries["talk-light.mp4"]?["status"] as? String == "indexed")
        #expect(summaries["talk-light.mp4"]?["screens"] as? Int == 4)
        let causes = ["crashes.mp4": "crashed with signal 11", "hangs.mp4": "no progress for 20 s",
                      "allocates.mp4": "held more than 512 MiB of memory"]
        for (name, cause) in causes {
            #expect(summaries[name]?["status"] as? String == "failed", "\(name): \(first)")
            #expect((summaries[name]?["error"] as? String)?.contains(cause) == true, "\(name): \(summaries[name] ?? [:])")
            // One line on stderr for it, and no backtrace.
            #expect(first.stderrLines.filter { $0.contains(name) }.count == 1, "\(name): \(first.stderr)")
        }
        #expect(!first.stderr.contains("Backtrac") && !first.stderr.contains("Fatal error"), "\(first.stderr)")

        let store = try SQLiteScreenStore(path: database, creating: false)
        let recorded = Dictionary(uniqueKeysWithValues: try store.videos().map { (($0.path as NSString).lastPathComponent, $0) })
        for (name, cause) in causes {
            #expect(recorded[name]?.status == .failed)
            #expect(recorded[name]?.error?.contains(cause) == true, "\(name): \(recorded[name]?.error ?? "nothing recorded")")
        }
        #expect(try IndexCommandTests.storedScreens(in: database).keys.sorted() == ["talk-light.mp4"])

        // Without the faults, the failed videos are read again and the finished one is kept.
        let second = try FrameGrabCommand.run(["index", "--db", database, "--json", "--jobs", "2", directory.path])
        #expect(second.status == 0, "\(second)")
        let again = try IndexCommandTests.summaries(second.stdout)
        #expect(again["talk-light.mp4"]?["status"] as? String == "unchanged")
        for name in causes.keys { #expect(again[name]?["status"] as? String == "indexed", "\(name): \(second)") }
        let screens = try IndexCommandTests.storedScreens(in: database)
        #expect(screens["crashes.mp4"]?.count == 4)
        #expect(Set(screens.values.joined().map { "\($0.path) \($0.start.microseconds)" }).count == screens.values.joined().count,
                "no screen twice")
    }

    @Test("--memory-limit and --stall-timeout refuse what is not a size or a duration")
    func badLimits() throws {
        for arguments in [["--memory-limit", "lots"], ["--memory-limit", "1M"], ["--memory-limit", "-2G"],
                          ["--stall-timeout", "soon"], ["--stall-timeout", "0"]] {
            let result = try FrameGrabCommand.run(["index", "--db", "/nonexistent/x.db"] + arguments + [Fixtures.path("counter.mp4")])
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.contains(arguments[0]), "\(arguments): \(result)")
        }
    }
}
