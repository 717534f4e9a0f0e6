/// Decides when to read the frame a player shows, from the player's events: once playback is
/// paused and the picture has stayed put for the settle delay; never while it plays or the
/// user scrubs; and never shows a result for a picture that has left the screen.
///
/// - After `pause`, or after the last `seek`/`scrub` while paused, it waits `settleDelay`, then
///   reads the frame at the paused time. Any event during the wait starts it over, so a burst
///   of scrubs reads nothing until it stops.
/// - An analysis still running when the picture changes is cancelled (its check is polled down
///   to Tesseract) and whatever it returns is dropped.
/// - Content that is never read (protected) gets one skipped notice per open, and no analysis.
/// - A frame read before (same file, same stream timestamp) is served from a cache.
///
/// Not thread-safe: call it on one thread or serial queue, the one its clock and worker call
/// back on. `SettleLoop` runs one for real; analyses run on the worker, one at a time, so
/// events keep coming while Tesseract reads.
public final class SettleScheduler {
    public static let defaultSettleDelay = 0.5

    /// How long the picture must stay put before it is read, in seconds.
    public let settleDelay: Double
    /// The last playback speed the player reported.
    public private(set) var rate = 1.0

    private let clock: any SettleClock
    private let worker: any SettleWorker
    private let reader: FrameReader
    private let notify: (SettleNotice) -> Void

    private struct OpenFile {
        enum State { case opening, readable, unreadable }
        var id: Int
        var state: State
        var event: PlaybackEvent
        var line: Int?
    }

    /// What the player shows while paused, and the event that put it there.
    private struct Picture {
        var time: MediaTime
        var event: PlaybackEvent
        var line: Int?
    }

    /// The reading of the current picture, running or done.
    private struct Analysis {
        var id: Int
        var time: MediaTime
        var cancel: CancellationFlag
        var done = false
    }

    private var file: OpenFile?
    /// Nil while playing, before the first pause, and with no file open.
    private var picture: Picture?
    private var timer: (id: Int, timer: any SettleTimer)?
    private var analysis: Analysis?
    private var jobsOut = 0
    private var lastID = 0
    private var drained: (() -> Void)?

    /// - Parameters:
    ///   - source: what frames are read with; from now on used only on `worker`.
    ///   - notify: called on the scheduler's thread with every notice, in order. It must not
    ///     call back into the scheduler.
    public init(source: any FrameReportSource, settleDelay: Double = SettleScheduler.defaultSettleDelay,
                cacheCapacity: Int = 16, clock: any SettleClock, worker: any SettleWorker,
                notify: @escaping (SettleNotice) -> Void) {
        self.settleDelay = max(0, settleDelay)
        self.reader = FrameReader(source: source, cacheCapacity: cacheCapacity)
        self.clock = clock
        self.worker = worker
        self.notify = notify
    }

    /// Takes in what the player did; `line` is where the event came from, echoed in notices.
    public func handle(_ event: PlaybackEvent, line: Int? = nil) {
        switch event {
        case .open(let path):
            leavePicture()
            picture = nil
            open(path, event: event, line: line)
        case .close:
            leavePicture()
            picture = nil
            file = nil
        case .play:
            leavePicture()
            picture = nil
        case .pause(let time):
            show(Picture(time: time, event: event, line: line))
        case .seek(let time), .scrub(let time):
            // While playing the picture moves on anyway: nothing to wait for.
            guard picture != nil else { return }
            show(Picture(time: time, event: event, line: line))
        case .rate(let rate):
            self.rate = rate
            if timer != nil { startWaiting() }
        }
    }

    /// For the end of the events: reads a picture still waiting to settle right away, lets
    /// the work under way finish, then calls `done` (on the scheduler's thread). Send no more
    /// events afterwards.
    public func finish(then done: @escaping () -> Void) {
        drained = done
        if timer != nil {
            stopWaiting()
            analyse()
        }
        checkDrained()
    }

    // MARK: The picture on screen

    /// The player now shows `new`, paused.
    private func show(_ new: Picture) {
        if picture != nil, let analysis, analysis.time == new.time {
            // The frame being read (or read already) is still the one on screen.
            return
        }
        leavePicture()
        picture = new
        startWaiting()
    }

    /// The picture leaves the screen: stop waiting for it, and cancel reading it.
    private func leavePicture() {
        stopWaiting()
        if let analysis, !analysis.done { analysis.cancel.raise() }
        analysis = nil
    }

    private func startWaiting() {
        stopWaiting()
        guard picture != nil, let file, file.state != .unreadable else { return }
        let id = nextID()
        let timer = clock.schedule(after: settleDelay) { [weak self] in self?.settled(timer: id) }
        self.timer = (id, timer)
    }

    private func stopWaiting() {
        timer?.timer.cancel()
        timer = nil
    }

    private func settled(timer id: Int) {
        guard timer?.id == id else { return }
        timer = nil
        analyse()
    }

    // MARK: Work on the worker

    private func open(_ path: String, event: PlaybackEvent, line: Int?) {
        let id = nextID()
        file = OpenFile(id: id, state: .opening, event: event, line: line)
        jobsOut += 1
        let reader = self.reader
        worker.run({ reader.open(path, id: id) }, then: { [weak self] in self?.opened(file: id, $0) })
    }

    private func opened(file id: Int, _ outcome: FrameReader.Opened) {
        jobsOut -= 1
        defer { checkDrained() }
        guard var file, file.id == id else { return }
        switch outcome {
        case .ready:
            file.state = .readable
            self.file = file
            notify(SettleNotice(content: .opened, event: file.event, line: file.line))
        case .skipped(let report):
            file.state = .unreadable
            self.file = file
            leavePicture()
            notify(SettleNotice(content: .report(report, fromCache: false), event: file.event, line: file.line))
        case .failed(let error):
            file.state = .unreadable
            self.file = file
            leavePicture()
            notify(SettleNotice(content: .failure(error), event: file.event, line: file.line))
        }
    }

    private func analyse() {
        guard let picture, let file, file.state != .unreadable else { return }
        let id = nextID()
        let cancel = CancellationFlag()
        analysis = Analysis(id: id, time: picture.time, cancel: cancel)
        jobsOut += 1
        let reader = self.reader
        let fileID = file.id
        worker.run({ reader.read(at: picture.time, file: fileID, cancel: cancel) },
                   then: { [weak self] in self?.finished(analysis: id, $0) })
    }

    private func finished(analysis id: Int, _ outcome: FrameReader.Read) {
        jobsOut -= 1
        defer { checkDrained() }
        // A result for a picture that has left the screen is dropped.
        guard var analysis, analysis.id == id, !analysis.cancel.isRaised, let picture, var file else { return }
        analysis.done = true
        self.analysis = analysis
        switch outcome {
        case .cancelled:
            break
        case .failed(let error):
            notify(SettleNotice(content: .failure(error), event: picture.event, line: picture.line))
        case .report(let report, let fromCache):
            if report.status == .skipped {
                // Said once: nothing in this file is read again until it is opened again.
                file.state = .unreadable
                self.file = file
            }
            notify(SettleNotice(content: .report(report, fromCache: fromCache), event: picture.event, line: picture.line))
        }
    }

    private func checkDrained() {
        guard jobsOut == 0, timer == nil, let done = drained else { return }
        drained = nil
        done()
    }

    private func nextID() -> Int {
        lastID += 1
        return lastID
    }
}
