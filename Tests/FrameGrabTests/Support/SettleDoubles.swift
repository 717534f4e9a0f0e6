import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Synchronization

/// A clock that moves only when told: `advance(by:)` fires the timers that fall due, in order,
/// on the calling thread.
final class VirtualClock: SettleClock {
    private(set) var now = 0.0
    private var pending: [(id: Int, due: Double, action: () -> Void)] = []
    private var lastID = 0

    func schedule(after seconds: Double, _ action: @escaping () -> Void) -> any SettleTimer {
        lastID += 1
        pending.append((lastID, now + seconds, action))
        return Timer(clock: self, id: lastID)
    }

    func advance(by seconds: Double) {
        let end = now + seconds
        // Sums of decimal steps (0.49 + 0.01) land a hair off the due time.
        while let next = pending.filter({ $0.due <= end + 1e-9 }).min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) {
            pending.removeAll { $0.id == next.id }
            now = max(now, next.due)
            next.action()
        }
        now = end
    }

    var timersPending: Int { pending.count }

    private final class Timer: SettleTimer {
        weak var clock: VirtualClock?
        let id: Int
        init(clock: VirtualClock, id: Int) {
            self.clock = clock
            self.id = id
        }
        func cancel() { clock?.pending.removeAll { $0.id == id } }
    }
}

/// A worker run by hand: jobs wait until `runJobs()`, their results until `deliverResults()`,
/// so a test decides what happens while an analysis runs and before its result is back.
final class ManualWorker: SettleWorker {
    private var jobs: [() -> Void] = []
    private var results: [() -> Void] = []

    var jobsWaiting: Int { jobs.count }

    func run<Result>(_ job: @escaping () -> Result, then completion: @escaping (Result) -> Void) {
        jobs.append { [unowned self] in
            let result = job()
            results.append { completion(result) }
        }
    }

    func runJobs() {
        while !jobs.isEmpty { jobs.removeFirst()() }
    }

    func deliverResults() {
        while !results.isEmpty { results.removeFirst()() }
    }

    /// Runs every job and hands back every result, including those of jobs the results start.
    func finishAll() {
        while !jobs.isEmpty || !results.isEmpty {
            runJobs()
            deliverResults()
        }
    }
}

/// Notices as they arrive, from any thread.
final class NoticeLog: Sendable {
    private let notices = Mutex<[SettleNotice]>([])

    var all: [SettleNotice] { notices.withLock { $0 } }

    func append(_ notice: SettleNotice) {
        notices.withLock { $0.append(notice) }
    }

    /// The reports, skipped ones included.
    var reports: [(report: FrameReport, fromCache: Bool, event: PlaybackEvent, line: Int?)] {
        all.compactMap { notice in
            guard case .report(let report, let fromCache) = notice.content else { return nil }
            return (report, fromCache, notice.event, notice.line)
        }
    }

    var failures: [FrameGrabError] {
        all.compactMap { notice in
            guard case .failure(let error) = notice.content else { return nil }
            return error
        }
    }
}

/// A video of numbered frames at 30 fps that "reads" frame n as the text `frame n`, and keeps
/// count of what it was asked. Protected content answers as FrameGrabber will: skipped at open,
/// or skipped from `report(at:)` without decoding.
final class FakeFrameSource: FrameReportSource {
    var frameRate = 30.0
    /// Paths the source calls protected when opening them.
    var protectedAtOpen: Set<String> = []
    /// Paths whose reports come back skipped, nothing decoded.
    var protectedOnRead: Set<String> = []
    var missing: Set<String> = []
    /// Called in the middle of reading a frame: what happens on the event thread meanwhile.
    var whileReading: (() -> Void)?

    private(set) var opened: [String] = []
    /// Every report asked for.
    private(set) var asked: [MediaTime] = []
    /// Times actually read (decoded and OCR'd), cache hits excluded.
    private(set) var analysed: [MediaTime] = []
    /// What the cancellation check answered after `whileReading`, per analysis.
    private(set) var cancelSeen: [Bool] = []
    private var path: String?

    func open(_ path: String) throws(FrameGrabError) -> FrameReport? {
        opened.append(path)
        self.path = nil
        if missing.contains(path) { throw .inputMissing(path: path) }
        self.path = path
        if protectedAtOpen.contains(path) { return FakeFrameSource.report(path: path, requested: MediaTime(microseconds: 0), frame: nil) }
        return nil
    }

    func report(at time: MediaTime, shouldCancel: @escaping @Sendable () -> Bool,
                reusing earlier: @escaping (Int64) -> FrameReport?) throws(FrameGrabError) -> FrameReport {
        asked.append(time)
        guard let path else { throw .internalFailure(path: "-", reason: "nothing open") }
        if protectedOnRead.contains(path) { return FakeFrameSource.report(path: path, requested: time, frame: nil) }
        let frame = Int64((time.seconds * frameRate + 1e-9).rounded(.down))
        if var reused = earlier(frame) {
            reused.frame.requested = time
            return reused
        }
        analysed.append(time)
        whileReading?()
        let cancelled = shouldCancel()
        cancelSeen.append(cancelled)
        return FakeFrameSource.report(path: path, requested: time, frame: frame, cancelled: cancelled)
    }

    static func text(ofFrame frame: Int64) -> String { "frame \(frame)" }

    /// An analysed report of `frame`, or with `frame` nil a skipped one.
    static func report(path: String, requested: MediaTime, frame: Int64?, cancelled: Bool = false) -> FrameReport {
        let geometry = DisplayGeometry(storedWidth: 320, storedHeight: 180)
        let video = VideoStreamInfo(codec: "fake", pixelFormat: "gray", codedWidth: 320, codedHeight: 180,
                                    geometry: geometry, frameRate: FrameRate(numerator: 30, denominator: 1))
        let source = SourceInfo(path: path, format: "fake", duration: MediaTime(seconds: 60), video: video, title: nil)
        guard let frame else {
            return FrameReport(source: source, frame: .init(requested: requested, time: nil, width: 320, height: 180),
                               status: .skipped, skipReason: "protected", regions: [])
        }
        let box = BoundingBox(x: 10, y: 10, width: 100, height: 20)
        let text = text(ofFrame: frame)
        let region = Region(kind: .text, box: box, polarity: .darkOnLight, confidence: 0.9, text: text,
                            lines: [Line(text: text, box: box, words: [Word(text: text, box: box, confidence: 0.9)])])
        return FrameReport(source: source,
                           frame: .init(requested: requested, time: MediaTime(seconds: Double(frame) / 30), width: 320, height: 180),
                           status: .analyzed, skipReason: nil, regions: cancelled ? [] : [region])
    }
}

/// A scheduler on a virtual clock and a hand-run worker, reading a `FakeFrameSource`.
final class SettleHarness {
    let clock = VirtualClock()
    let worker = ManualWorker()
    let source = FakeFrameSource()
    let log = NoticeLog()
    private(set) var scheduler: SettleScheduler!

    init(settleDelay: Double = 0.5) {
        let log = self.log
        scheduler = SettleScheduler(source: source, settleDelay: settleDelay, clock: clock, worker: worker,
                                    notify: { log.append($0) })
    }

    func send(_ event: PlaybackEvent, line: Int? = nil) {
        scheduler.handle(event, line: line)
    }

    /// Opens `path` and lets the worker open it.
    func open(_ path: String = "talk.mp4") {
        send(.open(path: path))
        worker.finishAll()
    }

    /// The texts of the analysed reports so far.
    var texts: [String] {
        log.reports.filter { $0.report.status == .analyzed }.map { $0.report.regions.map(\.text).joined(separator: "|") }
    }
}

extension MediaTime {
    static func s(_ seconds: Double) -> MediaTime { MediaTime(seconds: seconds) }
}
