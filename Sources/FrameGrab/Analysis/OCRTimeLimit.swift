import Glibc
import Synchronization

/// How much OCR work one frame may take (`FrameGrabber.Options.ocrTimeLimit`), counted in
/// processor time on the threads that read it, so that a busy machine reads what an idle one
/// does. Once it is spent, the lines not yet read are left out (the one being read stops
/// where Tesseract's monitor next asks), and the report says so.
final class OCRTimeLimit: Sendable {
    private let limit: UInt64
    private let spent = Atomic<UInt64>(0)
    private let reached = Atomic(false)

    /// `seconds` of processor time; nil for no limit.
    init(seconds: Double?) {
        limit = seconds.map { UInt64(max(0, $0) * 1e9) } ?? .max
    }

    /// Whether the limit cut the reading short: a line stopped or left unread.
    var wasReached: Bool { reached.load(ordering: .acquiring) }

    /// Whether nothing more may be read; a caller that leaves work unread for it says so with
    /// `markReached()`.
    var isSpent: Bool { spent.load(ordering: .relaxed) >= limit }

    func markReached() {
        reached.store(true, ordering: .releasing)
    }

    /// Runs `body` (reading one piece, on this thread) with a check that answers true once
    /// the time spent before it and in it so far reaches the limit; then adds its time.
    func counting<T, E: Error>(_ body: (_ isSpent: @escaping @Sendable () -> Bool) throws(E) -> T) throws(E) -> T {
        let start = Self.threadTime()
        defer { spent.add(Self.threadTime() &- start, ordering: .relaxed) }
        return try body { [self] in
            guard spent.load(ordering: .relaxed) + (Self.threadTime() &- start) >= limit else { return false }
            markReached()
            return true
        }
    }

    /// Processor time this thread has used, in nanoseconds.
    private static func threadTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
