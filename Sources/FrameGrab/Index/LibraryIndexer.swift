import Dispatch
import Foundation
import Synchronization

/// Indexes a library of videos into a `ScreenStore`: every settled screen of each video, a
/// video stored whole in one transaction or not at all.
///
/// Videos are read in parallel, each worker with its own decoders and OCR engine; a video
/// already indexed from the same file is skipped; a protected one is recorded as such,
/// nothing decoded; one that fails is recorded with its error, and the batch goes on. With an
/// `isolatedReader`, each video is read and stored by another process, so that one that
/// crashes, hangs or runs out of memory fails alone.
public final class LibraryIndexer: Sendable {
    public struct Options: Sendable {
        public var scan: ScreenScanner.Options
        /// Videos read at once. With fewer videos than jobs, each video gets the jobs left over
        /// as screen readers (this sets `ScreenScanner.Options.readers`).
        public var jobs: Int
        /// Index again videos already indexed from the same file.
        public var force: Bool
        /// Reads and stores each video that needs reading somewhere else; nil reads it here.
        public var isolatedReader: (any IsolatedVideoReader)?

        public init(scan: ScreenScanner.Options = .init(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount, force: Bool = false,
                    isolatedReader: (any IsolatedVideoReader)? = nil) {
            self.scan = scan
            self.jobs = max(1, jobs)
            self.force = force
            self.isolatedReader = isolatedReader
        }
    }

    /// How one video ended.
    public struct Outcome: Sendable {
        public enum Status: String, Sendable {
            case indexed
            /// Indexed before from the same file: left as it was.
            case unchanged
            case protected
            case failed
            /// Stopped before it was finished: nothing of it was written.
            case interrupted

            /// How a video stored as `recorded` ended.
            public init(_ recorded: IndexedVideo.Status) {
                switch recorded {
                case .indexed: self = .indexed
                case .protected: self = .protected
                case .failed: self = .failed
                }
            }
        }

        public var path: String
        public var status: Status
        public var duration: MediaTime?
        public var screens = 0
        public var regions = 0
        public var seconds = 0.0
        public var error: FrameGrabError?
        /// The store refused the video: the batch cannot go on.
        public var storeError: IndexStoreError?

        public init(path: String, status: Status) {
            self.path = path
            self.status = status
        }
    }

    /// What the batch is doing, as it happens, for progress displays.
    public enum Event: Sendable {
        case started(path: String)
        case progress(path: String, position: MediaTime, duration: MediaTime?)
        case finished(Outcome)
        /// Not finished here: back in the queue for another try, or taken over by another
        /// worker (`QueueWorker`), for `reason`.
        case putBack(path: String, reason: String)
    }

    private let store: LockedStore
    private let options: Options

    public init(store: any ScreenStore, options: Options = .init()) {
        self.store = LockedStore(store)
        self.options = options
    }

    /// Indexes `paths` (absolute), `options.jobs` at a time; the outcomes come in the order
    /// of `paths`. Once `shouldCancel` answers true, videos not finished are left unwritten.
    public func index(_ paths: [String], shouldCancel: @escaping @Sendable () -> Bool = { false },
                      events: @escaping @Sendable (Event) -> Void = { _ in }) -> [Outcome] {
        let outcomes = Mutex([Outcome?](repeating: nil, count: paths.count))
        let next = Atomic(0)
        let group = DispatchGroup()
        let workers = min(options.jobs, paths.count)
        var perVideo = options.scan
        perVideo.readers = max(1, options.jobs / max(1, workers))
        let scan = perVideo
        for _ in 0..<workers {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < paths.count else { return }
                    let outcome = shouldCancel()
                        ? Outcome(path: paths[index], status: .interrupted)
                        : indexVideo(at: paths[index], scan: scan, shouldCancel: shouldCancel, events: events)
                    outcomes.withLock { $0[index] = outcome }
                    events(.finished(outcome))
                    // A store that cannot be written fails every video alike.
                    if outcome.storeError != nil { next.store(paths.count, ordering: .relaxed) }
                }
            }
        }
        group.wait()
        return outcomes.withLock { $0 }.enumerated().map { $1 ?? Outcome(path: paths[$0], status: .interrupted) }
    }

    private func indexVideo(at path: String, scan: ScreenScanner.Options, shouldCancel: @escaping @Sendable () -> Bool,
                            events: @escaping @Sendable (Event) -> Void) -> Outcome {
        let started = Date()
        var outcome = Outcome(path: path, status: .failed)
        func finished(_ status: Outcome.Status) -> Outcome {
            outcome.status = status
            outcome.seconds = Date().timeIntervalSince(started)
            return outcome
        }
        let fingerprint: VideoFingerprint
        do throws(FrameGrabError) {
            fingerprint = try VideoFingerprint(path: path)
        } catch {
            outcome.error = error
            return finished(.failed)
        }
        do throws(IndexStoreError) {
            if !options.force, let known = try store.video(at: path), fingerprint.matches(known), known.status != .failed {
                outcome.duration = known.duration
                return finished(.unchanged)
            }
        } catch {
            outcome.storeError = error
            return finished(.failed)
        }
        events(.started(path: path))
        if let reader = options.isolatedReader {
            return readElsewhere(path, by: reader, fingerprint: fingerprint, scan: scan, started: started,
                                 shouldCancel: shouldCancel, events: events)
        }
        return readHere(path, fingerprint: fingerprint, scan: scan, started: started, shouldCancel: shouldCancel, events: events)
    }

    /// Reads the video in this process and stores it.
    private func readHere(_ path: String, fingerprint: VideoFingerprint, scan: ScreenScanner.Options, started: Date,
                          shouldCancel: @escaping @Sendable () -> Bool, events: @Sendable (Event) -> Void) -> Outcome {
        var outcome = Outcome(path: path, status: .failed)
        func finished(_ status: Outcome.Status) -> Outcome {
            outcome.status = status
            outcome.seconds = Date().timeIntervalSince(started)
            return outcome
        }
        var record = IndexedVideo(path: path, size: fingerprint.size, modified: fingerprint.modified, fingerprint: fingerprint.digest,
                                  duration: nil, status: .indexed, error: nil, indexedAt: Date().timeIntervalSince1970)
        let screens = Mutex<[SettledScreen]>([])
        do throws(FrameGrabError) {
            let scanner = try ScreenScanner(path: path, options: scan)
            record.duration = scanner.source.duration
            outcome.duration = scanner.source.duration
            let summary = try scanner.scan(shouldCancel: shouldCancel,
                                           progress: { events(.progress(path: path, position: $0, duration: scanner.source.duration)) },
                                           found: { screen in screens.withLock { $0.append(screen) } })
            outcome.screens = summary.screens
            outcome.regions = summary.regions
        } catch {
            switch error {
            case .protectedContent:
                record.status = .protected
            case .ocrUnavailable:
                // Not the video's fault: nothing is recorded, and it is tried again next time.
                outcome.error = error
                return finished(.failed)
            default:
                record.status = .failed
            }
            record.error = error.description
            outcome.error = error
        }
        if shouldCancel() { return finished(.interrupted) }
        do throws(IndexStoreError) {
            try store.replace(record, screens: record.status == .indexed ? screens.withLock { $0 } : [])
        } catch {
            outcome.storeError = error
            return finished(.failed)
        }
        return finished(Outcome.Status(record.status))
    }
}

extension LibraryIndexer {
    /// Has `reader` read and store the video; when the reader died instead (`Outcome.error` is
    /// `readerFailed`), records that failure, unless the reader stored the video before it died.
    private func readElsewhere(_ path: String, by reader: any IsolatedVideoReader, fingerprint: VideoFingerprint,
                               scan: ScreenScanner.Options, started: Date,
                               shouldCancel: @escaping @Sendable () -> Bool, events: @escaping @Sendable (Event) -> Void) -> Outcome {
        var outcome = reader.read(path, scan: scan, claim: nil, shouldCancel: shouldCancel,
                                  progress: { events(.progress(path: path, position: $0, duration: $1)) })
        outcome.seconds = Date().timeIntervalSince(started)
        guard case .readerFailed = outcome.error, !shouldCancel() else { return outcome }
        do throws(IndexStoreError) {
            if let stored = try store.video(at: path), stored.indexedAt >= started.timeIntervalSince1970, fingerprint.matches(stored) {
                // Stored whole just before the reader died: that stands.
                outcome.status = Outcome.Status(stored.status)
                outcome.error = nil
                return outcome
            }
            let record = IndexedVideo(path: path, size: fingerprint.size, modified: fingerprint.modified, fingerprint: fingerprint.digest,
                                      duration: outcome.duration, status: .failed, error: outcome.error?.description,
                                      indexedAt: Date().timeIntervalSince1970)
            try store.replace(record, screens: [])
        } catch {
            outcome.storeError = error
        }
        return outcome
    }
}

/// Reads one video and stores it whole in the index, away from the indexer's process: a
/// worker process that can crash, hang or run out of memory without taking the batch down.
public protocol IsolatedVideoReader: Sendable {
    /// The video's outcome as the reader reports it; `progress` gets its position and
    /// duration as reading goes on. A reader that dies gives a `failed` outcome whose error
    /// is `readerFailed`; once `shouldCancel` answers true, it stops the reading unwritten.
    /// With a `claim` (a token of the PostgreSQL queue), the video is stored only under that
    /// claim, which storing it finishes.
    func read(_ path: String, scan: ScreenScanner.Options, claim: String?, shouldCancel: @escaping @Sendable () -> Bool,
              progress: @escaping @Sendable (MediaTime, MediaTime?) -> Void) -> LibraryIndexer.Outcome
}

/// The store, one caller at a time: a `ScreenStore` is used from one thread at a time.
private final class LockedStore: @unchecked Sendable {
    private let lock = NSLock()
    private let store: any ScreenStore

    init(_ store: any ScreenStore) {
        self.store = store
    }

    func video(at path: String) throws(IndexStoreError) -> IndexedVideo? {
        lock.lock()
        defer { lock.unlock() }
        return try store.video(at: path)
    }

    func replace(_ video: IndexedVideo, screens: [SettledScreen]) throws(IndexStoreError) {
        lock.lock()
        defer { lock.unlock() }
        try store.replace(video, screens: screens.map { $0.stored(path: video.path) })
    }
}
