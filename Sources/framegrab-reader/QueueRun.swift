import FrameGrab
import FrameGrabCommandLine
import Foundation
import Synchronization

/// `framegrab index --db postgresql://…`: adds the videos to the database's work queue, then
/// works the queue beside any other workers until each of them is finished, here or
/// elsewhere; with `--work`, works until the whole queue is.
struct QueueRun {
    var store: PostgresScreenStore
    var database: String
    var reader: WorkerProcessReader
    var scan: ScreenScanner.Options
    var jobs: Int
    var force: Bool
    /// Seconds a claim lasts unrenewed (`--lease`).
    var lease: Double
    var json: Bool
    var color: ColorChoice

    /// Enqueues `videos` (none with nil: `--work`) and works. Returns one outcome for each
    /// video enqueued, as it ended here or elsewhere; with `--work`, those finished here. A
    /// store's error comes as an outcome's `storeError`.
    func run(_ videos: [String]?, interrupted: CancellationFlag) -> [LibraryIndexer.Outcome] {
        var outcomes: [LibraryIndexer.Outcome] = []
        var waiting: [String] = []
        func storeFailed(_ error: IndexStoreError) -> [LibraryIndexer.Outcome] {
            var outcome = LibraryIndexer.Outcome(path: store.name, status: .failed)
            outcome.storeError = error
            return outcomes + [outcome]
        }
        for path in videos ?? [] {
            if interrupted.isRaised { return outcomes }
            let fingerprint: VideoFingerprint
            do throws(FrameGrabError) {
                fingerprint = try VideoFingerprint(path: path)
            } catch {
                var outcome = LibraryIndexer.Outcome(path: path, status: .failed)
                outcome.error = error
                outcomes.append(outcome)
                continue
            }
            do throws(IndexStoreError) {
                switch try store.enqueue(path: path, size: fingerprint.size, modified: fingerprint.modified,
                                         fingerprint: fingerprint.digest, force: force) {
                case .queued, .running: waiting.append(path)
                case .done, .skipped, .failed: outcomes.append(LibraryIndexer.Outcome(path: path, status: .unchanged))
                }
            } catch {
                return storeFailed(error)
            }
        }
        let until = videos == nil ? nil : waiting
        let pending: Int
        do throws(IndexStoreError) {
            pending = try store.unfinished(among: until)
        } catch {
            return storeFailed(error)
        }
        if videos == nil && pending == 0 { Console.error("framegrab: \(store.name): nothing in the queue to work on") }

        let progress = IndexProgress(total: videos?.count ?? pending, json: json, color: color)
        defer { progress.end() }
        for outcome in outcomes { progress.take(.finished(outcome)) }
        // As many videos at once as there are jobs; fewer videos share the jobs as readers.
        let threads = max(1, min(jobs, pending))
        var perVideo = scan
        perVideo.readers = max(1, jobs / threads)
        let database = self.database
        let worker = QueueWorker(connect: { () throws(IndexStoreError) in try PostgresScreenStore(conninfo: database, creating: false) },
                                 reader: reader, options: .init(scan: perVideo, jobs: threads, lease: lease))
        let reported = Mutex(Set<String>())
        let worked = worker.work(until: until, shouldCancel: interrupted.check) { event in
            if case .finished(let outcome) = event { reported.withLock { _ = $0.insert(outcome.path) } }
            progress.take(event)
        }
        outcomes += worked
        guard videos != nil, !interrupted.isRaised, worked.allSatisfy({ $0.storeError == nil }) else { return outcomes }
        // The rest were finished by other workers: as the queue has them.
        do throws(IndexStoreError) {
            let done = reported.withLock { $0 }
            for entry in try store.entries(waiting) where !done.contains(entry.path) {
                let outcome = LibraryIndexer.Outcome(queueEntry: entry)
                progress.take(.finished(outcome))
                outcomes.append(outcome)
            }
        } catch {
            return storeFailed(error)
        }
        return outcomes
    }
}
