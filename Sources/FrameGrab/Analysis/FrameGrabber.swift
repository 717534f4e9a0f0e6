import Dispatch
import Foundation

/// The main job: open a video, and for each requested time read the text on the frame a
/// player shows then.
///
/// Protected content is never analysed: `ProtectionProbe` looks at the input first, and a
/// protected one gets skipped reports without FFmpeg opening it or an OCR engine starting.
/// Otherwise the OCR engines start on other threads while the file is opened and the first
/// frame is decoded, since each takes about as long as the other. Confine an instance to one
/// task.
public final class FrameGrabber {
    public struct Options: Sendable {
        public var ocr: TesseractEngine.Configuration
        /// Decoder threads; 0 lets FFmpeg choose.
        public var decoderThreads: Int
        /// OCR engines reading in parallel, one thread each (~46 MB and ~60 ms to start each).
        public var ocrThreads: Int
        /// Reports carry the blocks and rows the layout found (`FrameReport.layout`).
        public var describesLayout = false
        /// A still image (PNG, JPEG, WebP, …) is read as a one-frame video, its frame at 0;
        /// otherwise it is not a video.
        public var readsStillImages = false
        /// Only this part of the frame as displayed is read; every box stays in the whole
        /// frame's pixels. It must lie inside the frame (`.cropOutsideFrame`).
        public var crop: BoundingBox?
        /// A time that shows a frame already read (two `--at` within one frame) gets that
        /// reading again, `frame.reusedFrom` naming the time it was read for, instead of being
        /// read twice: the frame is decoded to know which it is, and OCR is skipped.
        public var reusesReadings = false
        /// Reports carry the frame as shown (`FrameReport.picture`), to be written out.
        public var keepsPicture = false
        /// The processor time OCR may spend on one frame, in seconds (see `OCRTimeLimit`); nil
        /// for no limit. Real screens take a second or two of it; a frame of noise or dense
        /// texture would take far longer for nothing.
        public var ocrTimeLimit: Double? = Options.defaultOCRTimeLimit
        public static let defaultOCRTimeLimit = 10.0

        public init(ocr: TesseractEngine.Configuration = .init(), decoderThreads: Int = 0,
                    ocrThreads: Int = min(4, ProcessInfo.processInfo.activeProcessorCount)) {
            self.ocr = ocr
            self.decoderThreads = decoderThreads
            self.ocrThreads = max(1, ocrThreads)
        }
    }

    /// The decoder, while the input may be read; nil once it is known to be protected before
    /// opening.
    public private(set) var seeker: FrameSeeker?
    private let analyzer: FrameAnalyzer?
    /// The OCR engines read with: give them to the next grabber on this thread, and it starts
    /// none of its own. Nil when none were started (protected content).
    public let engines: EnginePool?
    public private(set) var source: SourceInfo
    /// What makes the input protected content; every report is then skipped.
    public private(set) var protection: Protection?
    private let describesLayout: Bool
    private let keepsPicture: Bool
    private let ocrTimeLimit: Double?
    private let crop: BoundingBox?
    /// What stdin was copied into, kept open as long as FFmpeg may read it.
    private let spool: SpooledInput?
    /// The reports read so far, when `Options.reusesReadings`.
    private var readings: FrameReportCache?

    /// Frames decoded so far: 0 for protected content, always.
    public var framesDecoded: Int { seeker?.framesDecoded ?? 0 }

    /// Whether OCR engines were started (never for content found protected before opening).
    var startedEngines: Bool { analyzer != nil }

    /// Whether the input is a still image read as a one-frame video.
    public var isStillImage: Bool { seeker?.file.isStillImage ?? false }

    /// Opens `path`; with `engines` (another grabber's), reads with them instead of starting
    /// its own.
    public convenience init(path: String, options: Options = .init(), engines: EnginePool? = nil) throws(FrameGrabError) {
        try self.init(input: ProtectionProbe.examine(path), spool: nil, options: options, engines: engines)
    }

    /// Opens what was copied from stdin; reports and errors name it as `spool.name` (`-`).
    public convenience init(spool: SpooledInput, options: Options = .init(), engines: EnginePool? = nil) throws(FrameGrabError) {
        try self.init(input: ProtectionProbe.examine(spool), spool: spool, options: options, engines: engines)
    }

    private init(input: ProbedInput, spool: SpooledInput?, options: Options, engines shared: EnginePool?) throws(FrameGrabError) {
        describesLayout = options.describesLayout
        keepsPicture = options.keepsPicture
        ocrTimeLimit = options.ocrTimeLimit
        crop = options.crop
        self.spool = spool
        let path = input.path
        readings = options.reusesReadings ? FrameReportCache() : nil
        if let protection = input.protection {
            self.protection = protection
            source = SourceInfo(path: path, format: input.format ?? "unknown", duration: nil, video: nil, title: nil)
            seeker = nil
            analyzer = nil
            engines = nil
            return
        }
        // Engines next: their start is the longest wait, and overlaps opening and decoding.
        let engines = shared ?? EnginePool(count: options.ocrThreads, configuration: options.ocr)
        self.engines = engines
        analyzer = FrameAnalyzer(engines: engines)
        do throws(FrameGrabError) {
            let file = try MediaFile(input: input, readingStillImages: options.readsStillImages)
            if let crop = options.crop {
                try FrameGrabber.check(crop, fitsIn: file.video.width, file.video.height, path: path)
            }
            seeker = try FrameSeeker(file: file, decoderThreads: options.decoderThreads)
            source = file.info
        } catch {
            guard case .protectedContent(_, let protection) = error else { throw error }
            self.protection = protection
            source = SourceInfo(path: path, format: input.format ?? "unknown", duration: nil, video: nil, title: nil)
            seeker = nil
        }
    }

    /// Reads the frame shown at `request`, from the start or back from the end (see
    /// `time(for:)`); for protected content, a skipped report, whose requested time is nil
    /// when it counts from the end.
    public func report(at request: RequestedTime) throws(FrameGrabError) -> FrameReport {
        guard protection == nil else { return skippedReport(at: request.time(in: source.duration)) }
        return try report(at: try time(for: request))
    }

    /// `request` as a time from the start: back from the end counts from the video's duration,
    /// as `ffmpeg -sseof` does, so that `-0` shows the last frame.
    public func time(for request: RequestedTime) throws(FrameGrabError) -> MediaTime {
        switch request {
        case .fromStart(let time):
            return time
        case .beforeEnd(let offset):
            guard let duration = source.duration else { throw .durationUnknown(path: source.path, beforeEnd: offset) }
            let time = MediaTime(microseconds: duration.microseconds - offset.microseconds)
            guard time.microseconds >= 0 else {
                throw .timeOutsideVideo(path: source.path, requested: request, duration: duration)
            }
            return time
        }
    }

    /// Reads the frame shown at `time`; for protected content, a skipped report.
    ///
    /// `shouldCancel` is polled between lines and inside Tesseract; once it answers true the
    /// report comes back early and its regions mean nothing: the caller, who cancelled, drops it.
    /// `earlier` is asked, once the frame is decoded and before any OCR, for a report already
    /// read from the frame with that stream timestamp; one it returns is reused for `time`,
    /// its `frame.reusedFrom` the time it was first read for. Without `earlier`, a grabber
    /// made with `Options.reusesReadings` asks the reports it read itself.
    public func report(at time: MediaTime, shouldCancel: (@Sendable () -> Bool)? = nil,
                       reusing earlier: ((_ frameTimestamp: Int64) -> FrameReport?)? = nil) throws(FrameGrabError) -> FrameReport {
        guard protection == nil, let seeker, let analyzer else { return skippedReport(at: time) }
        let decodeStart = DispatchTime.now()
        let decodedBefore = seeker.framesDecoded
        let frame: DecodedFrame
        do throws(FrameGrabError) {
            frame = try seeker.frame(at: time)
        } catch {
            // Encrypted packets that nothing before them gave away: stopped before decoding.
            guard case .protectedContent(_, let protection) = error else { throw error }
            self.protection = protection
            return skippedReport(at: time)
        }
        let decoded = DispatchTime.now()
        let key = FrameReportCache.Key(path: source.path, frameTimestamp: frame.timestamp)
        let lookUp = earlier ?? { [self] _ in readings?.report(for: key) }
        if var reused = lookUp(frame.timestamp) {
            reused.frame.reusedFrom = reused.frame.reusedFrom ?? reused.frame.requested
            reused.frame.requested = time
            reused.timings = .init(decodeSeconds: seconds(from: decodeStart, to: decoded),
                                   framesDecoded: seeker.framesDecoded - decodedBefore)
            return reused
        }
        var text: FrameText
        do throws(FrameGrabError) {
            if let crop {
                // The stream may have changed size since it was opened.
                try FrameGrabber.check(crop, fitsIn: frame.image.width, frame.image.height, path: source.path)
                text = try analyzer.read(frame.image.cropped(to: crop), color: frame.color?.cropped(to: crop), shouldCancel: shouldCancel,
                                         ocrTimeLimit: ocrTimeLimit, describingLayout: describesLayout)
                text.contentArea = text.contentArea.offset(dx: crop.x, dy: crop.y)
                text.regions = text.regions.map { $0.offset(dx: crop.x, dy: crop.y) }
                if describesLayout { text.layout = "crop \(crop): the boxes below are within it\n" + text.layout }
            } else {
                text = try analyzer.read(frame.image, color: frame.color, shouldCancel: shouldCancel, ocrTimeLimit: ocrTimeLimit,
                                         describingLayout: describesLayout)
            }
        } catch {
            throw error.about(source.path)
        }
        let analysed = DispatchTime.now()

        var report = FrameReport(
            source: source,
            frame: .init(requested: time, time: frame.time, width: frame.image.width, height: frame.image.height,
                         contentArea: text.contentArea, crop: crop, ocrTimeLimitReached: text.ocrTimeLimitReached),
            status: .analyzed,
            skipReason: nil,
            regions: text.regions
        )
        report.layout = text.layout
        if keepsPicture { report.picture = FramePicture(gray: frame.image, color: frame.color) }
        report.timings = .init(
            decodeSeconds: seconds(from: decodeStart, to: decoded),
            layoutAndOCRSeconds: seconds(from: decoded, to: analysed),
            framesDecoded: seeker.framesDecoded - decodedBefore
        )
        if earlier == nil { readings?.store(report, for: key) }
        return report
    }

    private func skippedReport(at time: MediaTime?) -> FrameReport {
        FrameReport(
            source: source,
            frame: .init(requested: time, time: nil, width: nil, height: nil),
            status: .skipped,
            skipReason: "protected",
            protection: protection,
            regions: []
        )
    }

    /// Fails unless `crop` is a part of a `width` x `height` frame.
    private static func check(_ crop: BoundingBox, fitsIn width: Int, _ height: Int, path: String) throws(FrameGrabError) {
        guard crop.isEmpty || crop.x < 0 || crop.y < 0 || crop.right > width || crop.bottom > height else { return }
        throw .cropOutsideFrame(path: path, crop: crop, width: width, height: height)
    }

    private func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
