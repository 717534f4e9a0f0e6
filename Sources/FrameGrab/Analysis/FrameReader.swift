/// The worker's half of a `SettleScheduler`: the source, which file it has open, and the
/// reports already read. Used only by the scheduler's jobs, one at a time, on its worker.
final class FrameReader {
    enum Opened {
        case ready
        case skipped(FrameReport)
        case failed(FrameGrabError)
    }

    enum Read {
        case report(FrameReport, fromCache: Bool)
        case failed(FrameGrabError)
        /// Not read: the picture left the screen, or the file is not the one open.
        case cancelled
    }

    private let source: any FrameReportSource
    private var cache: FrameReportCache
    /// The file the source has open, while it can be read.
    private var readable: (id: Int, path: String)?

    init(source: any FrameReportSource, cacheCapacity: Int) {
        self.source = source
        self.cache = FrameReportCache(capacity: cacheCapacity)
    }

    func open(_ path: String, id: Int) -> Opened {
        readable = nil
        do throws(FrameGrabError) {
            if let skipped = try source.open(path) { return .skipped(skipped) }
        } catch {
            return .failed(error)
        }
        readable = (id, path)
        return .ready
    }

    func read(at time: MediaTime, file id: Int, cancel: CancellationFlag) -> Read {
        guard let file = readable, file.id == id, !cancel.isRaised else { return .cancelled }
        var key: FrameReportCache.Key?
        var fromCache = false
        let report: FrameReport
        do throws(FrameGrabError) {
            report = try source.report(at: time, shouldCancel: cancel.check) { [self] timestamp in
                let frame = FrameReportCache.Key(path: file.path, frameTimestamp: timestamp)
                key = frame
                guard let cached = cache.report(for: frame) else { return nil }
                fromCache = true
                return cached
            }
        } catch {
            return cancel.isRaised ? .cancelled : .failed(error)
        }
        // Regions read while being cancelled are incomplete: never keep or show them.
        if cancel.isRaised { return .cancelled }
        if report.status == .skipped {
            readable = nil
        } else if !fromCache, let key {
            cache.store(report, for: key)
        }
        return .report(report, fromCache: fromCache)
    }
}
