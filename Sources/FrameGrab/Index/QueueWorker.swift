import Dispatch
import Foundation
import FrameGrabStore
import Synchronization

/// Works the PostgreSQL queue (`PostgresScreenStore+Queue`): `jobs` threads, each with its own
/// connection, claim one video at a time, have the isolated reader read and store it under
/// the claim, and renew the claim's lease while it reads.
///
/// A video whose reader died (a crash, a hang, a memory limit, a lost machine) goes back to
/// the queue for another worker, up to `attempts` tries; then it is recorded as failed with
/// its error. A failure the reader records itself (the file is not a video, it cannot be
/// decoded) is the file's own and final at once: another machine would read the same bytes.
public final class QueueWorker: Sendable {
    public struct Options: Sendable {
        public var scan: ScreenScanner.Options
        /// Videos read at once by this process.
        public var jobs: Int
        /// Seconds a claim lasts unrenewed; renewed every third of it while reading.
        public var lease: Double
        /// Tries before a video whose reader keeps dying is recorded as failed.
        public var attempts: Int
        /// Who this worker is in the queue (`status` shows it): host and process.
        public var name: String
        /// Seconds between looks at a queue that has nothing to claim.
        public var idlePoll: Double

        public init(scan: ScreenScanner.Options = .init(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                    lease: Double = 60, attempts: Int = 3, name: String = QueueWorker.defaultName, idlePoll: Double = 0.5) {
            self.scan = scan
            self.jobs = max(1, jobs)
            self.lease = lease
            self.attempts = max(1, attempts)
            self.name = name
            self.idlePoll = idlePoll
        }
    }

    /// `host:pid`.
    public static var defaultName: String {
        "\(ProcessInfo.processInfo.hostName):\(getpid())"
    }

    private let connect: @Sendable () throws(IndexStoreError) -> PostgresScreenStore
    private let reader: any IsolatedVideoReader
    private let options: Options

    /// `connect` opens one connection to the queue's database for each thread.
    public init(connect: @escaping @Sendable () throws(IndexStoreError) -> PostgresScreenStore, reader: any IsolatedVideoReader,
                options: Options) {
        self.connect = connect
        self.reader = reader
        self.options = options
    }

    /// Works on the videos at `paths` (nil: the whole queue) until none of them is queued or
    /// running, waiting out other workers' leases, since a worker that died leaves its video
    /// to be taken over. Videos of the queue not among `paths` are left to their own runs. Returns the videos finished here: indexed, protected, or
    /// failed for good. A store that fails ends the work: its error comes as an outcome's
    /// `storeError`.
    public func work(until paths: [String]?, shouldCancel: @escaping @Sendable () -> Bool = { false },
                     events: @escaping @Sendable (LibraryIndexer.Event) -> Void = { _ in }) -> [LibraryIndexer.Outcome] {
        let outcomes = Mutex<[LibraryIndexer.Outcome]>([])
        let stop = Atomic(false)
        let group = DispatchGroup()
        for _ in 0..<options.jobs {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                /// A store that fails ends every thread's work.
                func storeFailed(_ error: IndexStoreError) {
                    var failure = LibraryIndexer.Outcome(path: "", status: .failed)
                    failure.storeError = error
                    outcomes.withLock { $0.append(failure) }
                    stop.store(true, ordering: .relaxed)
                }
                let store: PostgresScreenStore
                do throws(IndexStoreError) {
                    store = try connect()
                    try store.limitClaims(to: paths)
                } catch {
                    storeFailed(error)
                    return
                }
                while !stop.load(ordering: .relaxed) && !shouldCancel() {
                    do throws(IndexStoreError) {
                        guard try store.claimable() > 0 else { return }
                        guard let claim = try store.claim(worker: options.name, lease: options.lease) else {
                            // Every video left is another worker's: look again, for one that
                            // is finished or whose lease ran out.
                            usleep(UInt32(options.idlePoll * 1e6))
                            continue
                        }
                        switch try take(claim, store: store, shouldCancel: shouldCancel, events: events) {
                        case .finished(let outcome):
                            outcomes.withLock { $0.append(outcome) }
                            events(.finished(outcome))
                        case .putBack(let reason):
                            events(.putBack(path: claim.path, reason: reason))
                        case .stopped(let outcome):
                            if let outcome { outcomes.withLock { $0.append(outcome) } }
                            stop.store(true, ordering: .relaxed)
                        }
                    } catch {
                        storeFailed(error)
                    }
                }
            }
        }
        group.wait()
        return outcomes.withLock { $0 }
    }

    /// How taking one claim ended.
    private enum Taken {
        /// Finished for good: stored as the outcome says.
        case finished(LibraryIndexer.Outcome)
        /// Back in the queue, or taken over by another worker, for the reason given.
        case putBack(String)
        /// This worker cannot go on (interrupted, or it cannot read here at all): the claim
        /// went back uncounted.
        case stopped(LibraryIndexer.Outcome?)
    }

    private func take(_ claim: PostgresScreenStore.QueueClaim, store: PostgresScreenStore,
                      shouldCancel: @escaping @Sendable () -> Bool,
                      events: @escaping @Sendable (LibraryIndexer.Event) -> Void) throws(IndexStoreError) -> Taken {
        let started = Date()
        if claim.attempt > options.attempts {
            // The last try's worker died without a word: its lease ran out.
            return .finished(try recordFailure(of: claim, reason: claim.lastError ?? "its worker died", duration: nil,
                                               store: store, started: started))
        }
        events(.started(path: claim.path))
        let lease = LeaseKeeper(claim: claim, store: store, seconds: options.lease)
        var outcome = reader.read(claim.path, scan: options.scan, claim: claim.token, shouldCancel: { shouldCancel() || lease.isLost() },
                                  progress: { events(.progress(path: claim.path, position: $0, duration: $1)) })
        outcome.seconds = Date().timeIntervalSince(started)
        switch try store.standing(of: claim) {
        case .lost:
            return .putBack("its lease ran out and another worker took it over")
        case .finished(let entry):
            // Stored under this claim. A reader that died after storing did not say how: the
            // queue does.
            if case .readerFailed = outcome.error { return .finished(LibraryIndexer.Outcome(queueEntry: entry)) }
            return .finished(outcome)
        case .running:
            break
        }
        if outcome.status == .interrupted {
            try store.release(claim, error: nil, countsAttempt: false)
            return .stopped(nil)
        }
        if case .ocrUnavailable = outcome.error {
            // This machine cannot read at all; another one may.
            try store.release(claim, error: outcome.error.map { QueueWorker.reason($0, about: claim.path) }, countsAttempt: false)
            return .stopped(outcome)
        }
        if let storeError = outcome.storeError {
            try store.release(claim, error: storeError.description, countsAttempt: false)
            return .stopped(outcome)
        }
        let reason = outcome.error.map { QueueWorker.reason($0, about: claim.path) } ?? "the reader ended without a result"
        if claim.attempt >= options.attempts {
            return .finished(try recordFailure(of: claim, reason: reason, duration: outcome.duration, store: store, started: started))
        }
        try store.release(claim, error: reason, countsAttempt: true)
        return .putBack("try \(claim.attempt) of \(options.attempts) failed: \(reason)")
    }

    /// What `error` says about the video at `path`, without the path its line starts with:
    /// the queue names the video beside it.
    public static func reason(_ error: FrameGrabError, about path: String) -> String {
        if case .readerFailed(_, let reason) = error { return reason }
        return PostgresScreenStore.reason(error.description, about: path)
    }

    /// Records the video of `claim` as failed for good, finishing the claim.
    private func recordFailure(of claim: PostgresScreenStore.QueueClaim, reason: String, duration: MediaTime?,
                               store: PostgresScreenStore, started: Date) throws(IndexStoreError) -> LibraryIndexer.Outcome {
        let error = FrameGrabError.readerFailed(path: claim.path, reason: "\(reason); \(options.attempts) tries")
        let record = IndexedVideo(path: claim.path, size: claim.size, modified: claim.modified, fingerprint: claim.fingerprint,
                                  duration: duration, status: .failed, error: error.description, indexedAt: Date().timeIntervalSince1970)
        try store.replace(record, screens: [], finishing: claim.token)
        var outcome = LibraryIndexer.Outcome(path: claim.path, status: .failed)
        outcome.error = error
        outcome.duration = duration
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }
}

extension LibraryIndexer.Outcome {
    /// How a video of the queue ended, as the queue has it: for videos another worker
    /// finished, or a reader that died after storing.
    public init(queueEntry entry: PostgresScreenStore.QueueEntry) {
        let status: Status = switch entry.state {
        case .done: .indexed
        case .skipped: entry.recorded == .protected ? .protected : .unchanged
        case .failed: .failed
        case .queued, .running: .interrupted
        }
        self.init(path: entry.path, status: status)
        duration = entry.duration.map(MediaTime.init(seconds:))
        screens = entry.screens ?? 0
        regions = entry.regions ?? 0
        if let started = entry.startedAt, let finished = entry.finishedAt { seconds = max(0, finished - started) }
        if status == .failed, let error = entry.error {
            self.error = .readerFailed(path: entry.path, reason: PostgresScreenStore.reason(error, about: entry.path))
        }
    }
}

/// Renews a claim's lease every third of its length, from the reader's polls; remembers when
/// the queue said the claim was no longer this worker's. A renewal the server could not
/// answer is tried again at the next poll: the store's check when the video is finished
/// decides in the end.
private final class LeaseKeeper: @unchecked Sendable {
    private let claim: PostgresScreenStore.QueueClaim
    private let store: PostgresScreenStore
    private let seconds: Double
    private let lock = NSLock()
    private var renewed = DispatchTime.now()
    private var lost = false

    init(claim: PostgresScreenStore.QueueClaim, store: PostgresScreenStore, seconds: Double) {
        self.claim = claim
        self.store = store
        self.seconds = seconds
    }

    func isLost() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !lost else { return true }
        let now = DispatchTime.now()
        guard Double(now.uptimeNanoseconds - renewed.uptimeNanoseconds) / 1e9 >= seconds / 3 else { return false }
        do throws(IndexStoreError) {
            lost = try !store.renew(claim, lease: seconds)
            renewed = now
        } catch {
            // Unanswered: try again at the next poll.
        }
        return lost
    }
}
