import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Synchronization
import Testing

/// The settle scheduler on a virtual clock: time moves only when the test says so, and the
/// worker runs jobs and hands back results only when told, so every interleaving is exact.
@Suite("SettleScheduler")
struct SettleSchedulerTests {
    @Test("Pause: exactly one analysis, once the settle delay has passed")
    func pauseSettles() {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(5)), line: 2)
        h.clock.advance(by: 0.49)
        #expect(h.worker.jobsWaiting == 0, "nothing before the delay")
        h.clock.advance(by: 0.01)
        #expect(h.worker.jobsWaiting == 1)
        h.worker.finishAll()
        h.clock.advance(by: 10)
        h.worker.finishAll()
        #expect(h.source.analysed == [.s(5)])
        #expect(h.texts == ["frame 150"])
        let report = h.log.reports.first
        #expect(report?.event == .pause(time: .s(5)) && report?.line == 2 && report?.fromCache == false)
        #expect(report?.report.frame.requested == .s(5))
    }

    @Test("Pause, then play within the delay: nothing is read")
    func playWithinDelay() {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(5)))
        h.clock.advance(by: 0.3)
        h.send(.play)
        h.clock.advance(by: 5)
        h.worker.finishAll()
        #expect(h.source.asked.isEmpty)
        #expect(h.log.reports.isEmpty)
    }

    @Test("50 scrubs over 2 s read nothing until they stop, then the last position once")
    func scrubBurst() {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(1)))
        for step in 0..<50 {
            h.send(.scrub(time: .s(1 + Double(step) * 0.2)), line: step + 3)
            h.clock.advance(by: 0.04)
            h.worker.finishAll()
            #expect(h.source.asked.isEmpty, "scrub \(step) read something")
        }
        h.clock.advance(by: 0.45)
        h.worker.finishAll()
        #expect(h.source.asked.isEmpty, "the last scrub has not settled yet")
        h.clock.advance(by: 0.01)
        h.worker.finishAll()
        h.clock.advance(by: 5)
        h.worker.finishAll()
        #expect(h.source.analysed == [.s(10.8)])
        #expect(h.texts == ["frame 324"])
        #expect(h.log.reports.first?.event == .scrub(time: .s(10.8)))
        #expect(h.log.reports.first?.line == 52)
    }

    @Test("Any event during the wait starts it over, a speed change included")
    func eventsRestartTheWait() {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(5)))
        h.clock.advance(by: 0.4)
        h.send(.rate(1.5))
        #expect(h.scheduler.rate == 1.5)
        h.clock.advance(by: 0.4)
        #expect(h.worker.jobsWaiting == 0)
        h.send(.seek(time: .s(6)))
        h.clock.advance(by: 0.4)
        #expect(h.worker.jobsWaiting == 0)
        h.clock.advance(by: 0.1)
        h.worker.finishAll()
        #expect(h.source.analysed == [.s(6)])
        #expect(h.log.reports.map(\.event) == [.seek(time: .s(6))])
    }

    @Test("Seeks and scrubs while playing read nothing: the picture moves on anyway")
    func seeksWhilePlaying() {
        let h = SettleHarness()
        h.open()
        h.send(.play)
        h.send(.seek(time: .s(3)))
        h.send(.scrub(time: .s(4)))
        h.clock.advance(by: 5)
        h.worker.finishAll()
        #expect(h.source.asked.isEmpty)
    }

    @Test("A result that comes back after the picture changed is dropped", arguments: [
        PlaybackEvent.seek(time: .s(6)), .scrub(time: .s(6)), .play, .pause(time: .s(7)), .open(path: "other.mp4"), .close,
    ])
    func staleResultDropped(change: PlaybackEvent) {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(5)))
        h.clock.advance(by: 0.5)
        h.worker.runJobs()
        #expect(h.source.analysed == [.s(5)], "the analysis ran")
        h.send(change)
        h.worker.deliverResults()
        #expect(h.log.reports.isEmpty, "the result for 5 s arrived after \(change): dropped")
        h.worker.finishAll()
        h.clock.advance(by: 1)
        h.worker.finishAll()
        // A new position settles and is read; nothing else was emitted.
        switch change {
        case .seek, .scrub, .pause: #expect(h.texts == ["frame 180"] || h.texts == ["frame 210"])
        default: #expect(h.texts.isEmpty)
        }
    }

    @Test("An analysis running when the picture changes is cancelled through its check, and not cached")
    func cancellationReachesTheAnalysis() {
        let h = SettleHarness()
        h.open()
        h.source.whileReading = { [unowned h] in h.send(.play) }
        h.send(.pause(time: .s(5)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        #expect(h.source.cancelSeen == [true])
        #expect(h.log.reports.isEmpty)

        // The same frame again is read again: the cancelled reading was not kept.
        h.source.whileReading = nil
        h.send(.pause(time: .s(5)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        #expect(h.source.cancelSeen == [true, false])
        #expect(h.texts == ["frame 150"])
        #expect(h.log.reports.first?.fromCache == false)
    }

    @Test("A speed change or a repeated position does not disturb a reading of the same picture")
    func samePictureKeepsItsAnalysis() {
        let h = SettleHarness()
        h.open()
        h.source.whileReading = { [unowned h] in
            h.send(.rate(2))
            h.send(.seek(time: .s(5)))
        }
        h.send(.pause(time: .s(5)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        h.clock.advance(by: 2)
        h.worker.finishAll()
        #expect(h.source.cancelSeen == [false])
        #expect(h.texts == ["frame 150"], "one result, not repeated for the same picture")
    }

    @Test("Protected at open: one skipped notice per open, no analysis")
    func protectedAtOpen() {
        let h = SettleHarness()
        h.source.protectedAtOpen = ["drm.mp4"]
        h.open("drm.mp4")
        for time in [1.0, 2.0, 3.0] {
            h.send(.pause(time: .s(time)))
            h.clock.advance(by: 1)
            h.send(.seek(time: .s(time + 0.5)))
            h.clock.advance(by: 1)
            h.worker.finishAll()
        }
        #expect(h.source.asked.isEmpty, "never asked for a frame")
        #expect(h.log.reports.count == 1)
        #expect(h.log.reports.first?.report.status == .skipped)
        #expect(h.log.reports.first?.report.skipReason == "protected")
        #expect(h.log.reports.first?.event == .open(path: "drm.mp4"))

        h.open("drm.mp4")
        h.send(.pause(time: .s(1)))
        h.clock.advance(by: 1)
        h.worker.finishAll()
        #expect(h.log.reports.count == 2, "one more for the second open")
        #expect(h.source.asked.isEmpty)
    }

    @Test("Protected, said by the first report: one skipped notice per open, never asked again")
    func protectedOnRead() {
        let h = SettleHarness()
        h.source.protectedOnRead = ["drm.mp4"]
        h.open("drm.mp4")
        for time in [1.0, 2.0, 3.0] {
            h.send(.pause(time: .s(time)))
            h.clock.advance(by: 1)
            h.worker.finishAll()
            h.send(.play)
        }
        #expect(h.source.analysed.isEmpty, "nothing decoded or read")
        #expect(h.source.asked == [.s(1)], "asked once, then never again for this open")
        #expect(h.log.reports.map(\.report.status) == [.skipped])

        h.open("clear.mp4")
        h.send(.pause(time: .s(2)))
        h.clock.advance(by: 1)
        h.worker.finishAll()
        #expect(h.texts == ["frame 60"], "another file is read as usual")
    }

    @Test("The same frame twice: one analysis, the second served from the cache")
    func sameFrameFromCache() {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(5.0)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        h.send(.play)
        // 5.02 s is still frame 150 (5.000 to 5.033 s at 30 fps).
        h.send(.pause(time: .s(5.02)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        #expect(h.source.analysed == [.s(5.0)])
        #expect(h.log.reports.map(\.fromCache) == [false, true])
        #expect(h.log.reports.map(\.report.frame.requested) == [.s(5.0), .s(5.02)])
        #expect(h.texts == ["frame 150", "frame 150"])

        // Another frame is read; the same frame in another file is not the same picture.
        h.send(.seek(time: .s(5.04)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        h.open("other.mp4")
        h.send(.pause(time: .s(5.0)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        #expect(h.source.analysed == [.s(5.0), .s(5.04), .s(5.0)])
        #expect(h.log.reports.map(\.fromCache) == [false, true, false, false])
    }

    @Test("End of events: a paused picture still settling is read at once, then done")
    func finishReadsPendingPicture() {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(5)), line: 2)
        var done = false
        h.scheduler.finish { done = true }
        #expect(h.worker.jobsWaiting == 1, "no waiting out the delay")
        #expect(!done)
        h.worker.finishAll()
        #expect(done)
        #expect(h.texts == ["frame 150"])
    }

    @Test("End of events while playing, or with nothing open: done at once, nothing read")
    func finishWhilePlaying() {
        let h = SettleHarness()
        h.open()
        h.send(.pause(time: .s(5)))
        h.send(.play)
        var done = false
        h.scheduler.finish { done = true }
        #expect(done)
        #expect(h.worker.jobsWaiting == 0)

        let idle = SettleHarness()
        var idleDone = false
        idle.send(.pause(time: .s(5)))
        idle.scheduler.finish { idleDone = true }
        #expect(idleDone && idle.worker.jobsWaiting == 0 && idle.source.asked.isEmpty)
    }

    @Test("A file that cannot be opened: one failure, named, and nothing read until the next open")
    func openFailure() {
        let h = SettleHarness()
        h.source.missing = ["gone.mp4"]
        h.send(.open(path: "gone.mp4"), line: 1)
        h.send(.pause(time: .s(1)), line: 2)
        h.worker.finishAll()
        h.clock.advance(by: 1)
        h.worker.finishAll()
        #expect(h.log.failures == [.inputMissing(path: "gone.mp4")])
        #expect(h.log.all.first?.line == 1)
        #expect(h.source.asked.isEmpty)

        h.open("talk.mp4")
        h.send(.pause(time: .s(1)))
        h.clock.advance(by: 1)
        h.worker.finishAll()
        #expect(h.texts == ["frame 30"])
    }

    @Test("A pause while the file is still opening is read once it is open")
    func pauseWhileOpening() {
        let h = SettleHarness()
        h.send(.open(path: "talk.mp4"))
        h.send(.pause(time: .s(2)))
        h.clock.advance(by: 0.5)
        h.worker.finishAll()
        #expect(h.source.opened == ["talk.mp4"])
        #expect(h.texts == ["frame 60"])
        guard case .opened = h.log.all.first?.content else {
            Issue.record("the first notice says the file is open: \(h.log.all)")
            return
        }
    }
}

/// The same scheduler for real: its own queue, the wall clock, a worker thread.
@Suite("SettleLoop")
struct SettleLoopTests {
    /// Knows what the worker thread did; shared with the test thread.
    final class Probe: Sendable {
        let started = DispatchSemaphore(value: 0)
        let sawCancel = Mutex<Bool?>(nil)
    }

    /// A source whose reading blocks until cancelled (or 20 s pass), on the worker thread.
    final class BlockingSource: FrameReportSource {
        let probe: Probe
        init(probe: Probe) { self.probe = probe }

        func open(_ path: String) throws(FrameGrabError) -> FrameReport? { nil }

        func report(at time: MediaTime, shouldCancel: @escaping @Sendable () -> Bool,
                    reusing earlier: @escaping (Int64) -> FrameReport?) throws(FrameGrabError) -> FrameReport {
            probe.started.signal()
            let deadline = Date().addingTimeInterval(20)
            while !shouldCancel() && Date() < deadline { usleep(1000) }
            probe.sawCancel.withLock { $0 = shouldCancel() }
            return FakeFrameSource.report(path: "talk.mp4", requested: time, frame: 1)
        }
    }

    @Test("Events keep flowing while an analysis runs, and cancel it on the worker thread")
    func cancelsAcrossThreads() {
        let probe = Probe()
        let log = NoticeLog()
        let loop = SettleLoop(source: BlockingSource(probe: probe), settleDelay: 0.05, notify: { log.append($0) })
        loop.post(.open(path: "talk.mp4"))
        loop.post(.pause(time: .s(1)))
        #expect(probe.started.wait(timeout: .now() + 20) == .success, "the analysis started")
        loop.post(.play)
        let done = DispatchSemaphore(value: 0)
        loop.finish { done.signal() }
        #expect(done.wait(timeout: .now() + 20) == .success, "the loop drained")
        #expect(probe.sawCancel.withLock { $0 } == true, "the running analysis saw the cancellation")
        #expect(log.reports.isEmpty, "its result was dropped")
    }
}
