import Dispatch

/// Runs a `SettleScheduler` for real: on a serial queue of its own, with the wall clock, and
/// one worker thread that does every open and analysis, so the FrameGrabber and its engines
/// are only ever used there. Events may be posted from any thread; notices arrive on the
/// loop's queue, in order.
public final class SettleLoop: Sendable {
    private let events: DispatchQueue
    private let scheduler: QueueConfined<SettleScheduler>

    /// - Parameter source: what frames are read with; the loop's worker owns it from now on.
    public init(source: sending any FrameReportSource, settleDelay: Double = SettleScheduler.defaultSettleDelay,
                notify: @escaping @Sendable (SettleNotice) -> Void) {
        let events = DispatchQueue(label: "framegrab.settle.events")
        let work = DispatchQueue(label: "framegrab.settle.analysis", qos: .userInitiated)
        self.events = events
        scheduler = QueueConfined(SettleScheduler(
            source: source, settleDelay: settleDelay,
            clock: DispatchSettleClock(queue: events), worker: DispatchSettleWorker(work: work, events: events),
            notify: notify))
    }

    public func post(_ event: PlaybackEvent, line: Int? = nil) {
        let scheduler = self.scheduler
        events.async { scheduler.value.handle(event, line: line) }
    }

    /// See `SettleScheduler.finish(then:)`: `done` is called on the loop's queue.
    public func finish(then done: @escaping @Sendable () -> Void) {
        let scheduler = self.scheduler
        events.async { scheduler.value.finish(then: done) }
    }
}

/// A value used only on one serial queue, which the compiler cannot see.
struct QueueConfined<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Wall-clock timers that fire on the scheduler's queue.
final class DispatchSettleClock: SettleClock {
    private let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func schedule(after seconds: Double, _ action: @escaping () -> Void) -> any SettleTimer {
        let action = QueueConfined(action)
        let item = DispatchWorkItem { action.value() }
        queue.asyncAfter(deadline: .now() + seconds, execute: item)
        return Timer(item: item)
    }

    private final class Timer: SettleTimer {
        let item: DispatchWorkItem
        init(item: DispatchWorkItem) { self.item = item }
        func cancel() { item.cancel() }
    }
}

/// Runs jobs on one serial queue and hands their results back on the scheduler's queue.
final class DispatchSettleWorker: SettleWorker {
    private let work: DispatchQueue
    private let events: DispatchQueue

    init(work: DispatchQueue, events: DispatchQueue) {
        self.work = work
        self.events = events
    }

    func run<Result>(_ job: @escaping () -> Result, then completion: @escaping (Result) -> Void) {
        // The job's captures (the reader and its source) are only touched on `work`, the
        // completion's (the scheduler) only on `events`.
        let job = QueueConfined(job)
        let completion = QueueConfined(completion)
        let events = self.events
        work.async {
            let result = QueueConfined(job.value())
            events.async { completion.value(result.value) }
        }
    }
}
