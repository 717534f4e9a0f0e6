import Dispatch
import Foundation
import Synchronization

/// Every settled screen of one video, read: the batch form of pausing a player.
///
/// The pipeline, in order:
/// 1. `ScreenSampler` reads a group of pictures at a time, decoding only where the screen may
///    have changed, and gives each frame as a small `ScreenPicture`;
/// 2. `MotionMask` learns from the decoded frames where the picture keeps moving (a speaker's
///    camera), looking `MotionMask.window` ahead;
/// 3. `SettleDetector` finds the stretches that stay put for the settle time, outside the
///    moving cells, through flicker, on a thread of its own (`ScreenSettler`) so that settling
///    one group overlaps decoding the next;
/// 4. one frame of each stretch is read exactly as `framegrab --at` reads it (`FrameGrabber`),
///    on threads of their own (`Options.readers`), so that reading screens overlaps scanning
///    for the next;
/// 5. consecutive screens with the same text are one screen whose time range grows.
/// Each step hands the next its results in time order and never waits for its answer, so the
/// screens found do not depend on how the threads run.
/// Screens without any text are not given.
public final class ScreenScanner {
    public struct Options: Sendable {
        /// How long the text must stay the same to count as a screen.
        public var settle: MediaTime
        public var ocr: TesseractEngine.Configuration
        /// Screens read at once, each reader with its own decoder and OCR engine: reading
        /// costs more than scanning, so a second reader keeps the second core busy when one
        /// video is scanned alone.
        public var readers: Int

        public init(settle: MediaTime = MediaTime(microseconds: 1_000_000), ocr: TesseractEngine.Configuration = .init(),
                    readers: Int = min(2, ProcessInfo.processInfo.activeProcessorCount)) {
            self.settle = settle
            self.ocr = ocr
            self.readers = max(1, readers)
        }
    }

    /// What a scan did, for progress lines and benchmarks.
    public struct Summary: Sendable {
        public var duration: MediaTime?
        public var screens = 0
        public var regions = 0
        public var framesDecoded = 0
        public var framesSkipped = 0
    }

    public let path: String
    public let source: SourceInfo
    private let options: Options
    private let reader: ScreenReader
    private let sampler: ScreenSampler

    /// Opens `path` once to scan and once for each reader. Protected content throws
    /// `.protectedContent` before any frame is decoded or any OCR engine starts.
    public init(path: String, options: Options = .init()) throws(FrameGrabError) {
        self.path = path
        self.options = options
        let probed = ProtectionProbe.examine(path)
        if let protection = probed.protection { throw .protectedContent(path: path, protection: protection) }
        let file = try MediaFile(input: probed)
        sampler = try ScreenSampler(file: file)
        source = file.info
        var grabbers: [FrameGrabber] = []
        for _ in 0..<options.readers {
            let grabber = try FrameGrabber(path: path, options: FrameGrabber.Options(ocr: options.ocr, decoderThreads: 1, ocrThreads: 1))
            if let protection = grabber.protection { throw .protectedContent(path: path, protection: protection) }
            grabbers.append(grabber)
        }
        reader = ScreenReader(grabbers: grabbers)
    }

    /// Scans the whole video, handing each screen to `found` (on another thread, in time order)
    /// once its time range is final. `progress` gets the position scanned so far.
    public func scan(shouldCancel: @escaping @Sendable () -> Bool = { false },
                     progress: (MediaTime) -> Void = { _ in },
                     found: @escaping @Sendable (SettledScreen) -> Void) throws(FrameGrabError) -> Summary {
        let mask = MotionMask(grid: sampler.grid)
        let settler = ScreenSettler(detector: SettleDetector(grid: sampler.grid, settle: options.settle), reader: reader,
                                    shouldCancel: shouldCancel, found: found)
        var waiting: [ScreenSample] = []
        var lastTime: MediaTime?

        // Frames whose moving cells are known go on to be settled, with the mask at their time.
        func judge(upTo limit: MediaTime?) {
            let ready = limit.map { limit in waiting.firstIndex { $0.time > limit } ?? waiting.count } ?? waiting.count
            settler.add(waiting[..<ready].map { sample in
                mask.update(at: sample.time)
                return ScreenSettler.Frame(sample: sample, moving: mask.moving, maskVersion: mask.version)
            })
            waiting.removeFirst(ready)
        }
        let unchanged = { (a: ScreenPicture, b: ScreenPicture) -> Bool in
            let change = ScreenChange.changedCells(from: a, to: b, grid: self.sampler.grid)
            guard change.pixels >= ScreenChange.minimumPixels else { return true }
            return !zip(change.cells, mask.moving).contains { $0 && !$1 }
        }

        while !shouldCancel(), let samples = try sampler.nextGroup(unchanged: unchanged) {
            for sample in samples {
                if sample.observed { mask.observe(sample.picture, at: sample.time) }
                lastTime = sample.time
            }
            waiting += samples
            judge(upTo: mask.settledUntil)
            progress(sampler.position)
        }
        judge(upTo: nil)
        settler.finish(at: shouldCancel() ? nil : lastTime.map { max(source.duration ?? $0, $0) })
        var summary = try reader.finish(found: found)
        summary.duration = source.duration
        summary.framesDecoded = sampler.framesDecoded
        summary.framesSkipped = sampler.framesSkipped
        return summary
    }
}

/// Step 3 of the scan: settles frames on a thread of its own, handing each stretch found to the
/// reader. Owns the `SettleDetector`, used only on its queue; at most two batches of frames wait.
private final class ScreenSettler: @unchecked Sendable {
    struct Frame: Sendable {
        var sample: ScreenSample
        var moving: [Bool]
        var maskVersion: Int
    }

    private let queue = DispatchQueue(label: "framegrab.screen-settler")
    private let room = DispatchSemaphore(value: 2)
    private let detector: SettleDetector
    private let reader: ScreenReader
    private let shouldCancel: @Sendable () -> Bool
    private let found: @Sendable (SettledScreen) -> Void

    init(detector: SettleDetector, reader: ScreenReader, shouldCancel: @escaping @Sendable () -> Bool,
         found: @escaping @Sendable (SettledScreen) -> Void) {
        self.detector = detector
        self.reader = reader
        self.shouldCancel = shouldCancel
        self.found = found
    }

    /// Settles `frames` (the next in time order) once there is room.
    func add(_ frames: [Frame]) {
        guard !frames.isEmpty else { return }
        room.wait()
        queue.async { [self] in
            defer { room.signal() }
            for frame in frames where !shouldCancel() {
                for stretch in detector.add(frame.sample, moving: frame.moving, maskVersion: frame.maskVersion) {
                    reader.read(stretch, shouldCancel: shouldCancel, found: found)
                }
            }
        }
    }

    /// Waits for every frame added, then ends the last stretch at `end` (nil: the scan stopped).
    func finish(at end: MediaTime?) {
        queue.sync { [self] in
            guard let end else { return }
            for stretch in detector.finish(at: end) { reader.read(stretch, shouldCancel: shouldCancel, found: found) }
        }
    }
}

/// Step 4 and 5 of the scan: reads stretches on threads of their own, each reader with its own
/// `FrameGrabber` (a decoder and an OCR engine), the least busy taking the next; joins
/// consecutive screens with the same text, in time order whatever order the readings end in.
private final class ScreenReader: @unchecked Sendable {
    private struct Reader {
        let queue: DispatchQueue
        let grabber: FrameGrabber
    }

    private let readers: [Reader]
    /// Readings given to each reader and not yet done.
    private let busy: Mutex<[Int]>
    private let failed = Atomic(false)
    /// Touched only by the one thread that calls `read`.
    private var requested = 0
    private let merger = DispatchQueue(label: "framegrab.screen-merger")
    // Touched only on `merger`.
    private var arrived: [Int: (stretch: SettleDetector.Stretch, report: FrameReport?)] = [:]
    private var merged = 0
    private var pending: SettledScreen?
    private var pendingText: [String]?
    private var summary = ScreenScanner.Summary()
    private var failure: FrameGrabError?

    init(grabbers: [FrameGrabber]) {
        readers = grabbers.enumerated().map { Reader(queue: DispatchQueue(label: "framegrab.screen-reader.\($0)"), grabber: $1) }
        busy = Mutex([Int](repeating: 0, count: grabbers.count))
    }

    /// Reads the frame to read of `stretch`, the next in time order.
    func read(_ stretch: SettleDetector.Stretch, shouldCancel: @escaping @Sendable () -> Bool,
              found: @escaping @Sendable (SettledScreen) -> Void) {
        let order = requested
        requested += 1
        let chosen = busy.withLock { busy in
            let chosen = busy.indices.min { busy[$0] < busy[$1] } ?? 0
            busy[chosen] += 1
            return chosen
        }
        readers[chosen].queue.async { [self] in
            let grabber = readers[chosen].grabber
            var outcome: Result<FrameReport, FrameGrabError>?
            if !failed.load(ordering: .relaxed), !shouldCancel() {
                // 1 µs past the frame's own time: its time was rounded to the microsecond, and
                // the frame shown at a time is the last one at or before it.
                let time = MediaTime(microseconds: stretch.frameToRead.microseconds + 1)
                do throws(FrameGrabError) {
                    outcome = .success(try grabber.report(at: time, shouldCancel: shouldCancel))
                } catch {
                    failed.store(true, ordering: .relaxed)
                    outcome = .failure(error)
                }
            }
            busy.withLock { $0[chosen] -= 1 }
            merger.async { [self, outcome] in merge(order, stretch, outcome, shouldCancel: shouldCancel, found: found) }
        }
    }

    /// Waits for every reading, gives the last screen, and says what was read.
    func finish(found: @escaping @Sendable (SettledScreen) -> Void) throws(FrameGrabError) -> ScreenScanner.Summary {
        for reader in readers { reader.queue.sync {} }
        let result: Result<ScreenScanner.Summary, FrameGrabError> = merger.sync { [self] in
            if let failure { return .failure(failure) }
            flush(found)
            return .success(summary)
        }
        return try result.get()
    }

    /// Takes in reading number `order`, and every reading after it that was waiting for it.
    private func merge(_ order: Int, _ stretch: SettleDetector.Stretch, _ outcome: Result<FrameReport, FrameGrabError>?,
                       shouldCancel: @Sendable () -> Bool, found: (SettledScreen) -> Void) {
        switch outcome {
        case .failure(let error): if failure == nil { failure = error }
        case .success(let report): arrived[order] = (stretch, report)
        case nil: arrived[order] = (stretch, nil)
        }
        while failure == nil, let (stretch, report) = arrived.removeValue(forKey: merged) {
            merged += 1
            guard let report, !shouldCancel() else { continue }
            let text = report.regions.map { "\($0.kind.rawValue):\($0.text)" }
            if let pendingText, pendingText == text, var grown = pending {
                grown.end = stretch.end
                pending = grown
                continue
            }
            flush(found)
            guard !report.regions.isEmpty else { continue }
            pending = SettledScreen(start: stretch.start, end: stretch.end, report: report)
            pendingText = text
        }
    }

    private func flush(_ found: (SettledScreen) -> Void) {
        if let screen = pending {
            summary.screens += 1
            summary.regions += screen.report.regions.count
            found(screen)
        }
        pending = nil
        pendingText = nil
    }
}
