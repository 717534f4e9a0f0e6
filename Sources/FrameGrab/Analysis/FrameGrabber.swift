import Dispatch
import Foundation

/// The main job: open a video, and for each requested time read the text on the frame a
/// player shows then.
///
/// The OCR engines start on other threads while the file is opened and the first frame is
/// decoded, since each takes about as long as the other. Confine an instance to one task.
public final class FrameGrabber {
    public struct Options: Sendable {
        public var ocr: TesseractEngine.Configuration
        /// Decoder threads; 0 lets FFmpeg choose.
        public var decoderThreads: Int
        /// OCR engines reading in parallel, one thread each (~46 MB and ~60 ms to start each).
        public var ocrThreads: Int

        public init(ocr: TesseractEngine.Configuration = .init(), decoderThreads: Int = 0,
                    ocrThreads: Int = min(4, ProcessInfo.processInfo.activeProcessorCount)) {
            self.ocr = ocr
            self.decoderThreads = decoderThreads
            self.ocrThreads = max(1, ocrThreads)
        }
    }

    public let seeker: FrameSeeker
    private let analyzer: FrameAnalyzer

    public var source: SourceInfo { seeker.file.info }

    public init(path: String, options: Options = .init()) throws(FrameGrabError) {
        // Engines first: their start is the longest wait, and overlaps opening and decoding.
        let engines = EnginePool(count: options.ocrThreads, configuration: options.ocr)
        let file = try MediaFile(path: path)
        seeker = try FrameSeeker(file: file, decoderThreads: options.decoderThreads)
        analyzer = FrameAnalyzer(engines: engines)
    }

    /// Reads the frame shown at `time`.
    ///
    /// `shouldCancel` is polled between lines and inside Tesseract; once it answers true the
    /// report comes back early and its regions mean nothing: the caller, who cancelled, drops it.
    /// `earlier` is asked, once the frame is decoded and before any OCR, for a report already
    /// read from the frame with that stream timestamp; one it returns is reused for `time`.
    public func report(at time: MediaTime, shouldCancel: (@Sendable () -> Bool)? = nil,
                       reusing earlier: ((_ frameTimestamp: Int64) -> FrameReport?)? = nil) throws(FrameGrabError) -> FrameReport {
        let decodeStart = DispatchTime.now()
        let decodedBefore = seeker.framesDecoded
        let frame = try seeker.frame(at: time)
        let decoded = DispatchTime.now()
        if var reused = earlier?(frame.timestamp) {
            reused.frame.requested = time
            reused.timings = .init(decodeSeconds: seconds(from: decodeStart, to: decoded),
                                   framesDecoded: seeker.framesDecoded - decodedBefore)
            return reused
        }
        let regions: [Region]
        do throws(FrameGrabError) {
            regions = try analyzer.regions(in: frame.image, shouldCancel: shouldCancel)
        } catch {
            throw error.about(source.path)
        }
        let analysed = DispatchTime.now()

        var report = FrameReport(
            source: source,
            frame: .init(requested: time, time: frame.time, width: frame.image.width, height: frame.image.height),
            status: .analyzed,
            skipReason: nil,
            regions: regions
        )
        report.timings = .init(
            decodeSeconds: seconds(from: decodeStart, to: decoded),
            layoutAndOCRSeconds: seconds(from: decoded, to: analysed),
            framesDecoded: seeker.framesDecoded - decodedBefore
        )
        return report
    }

    private func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
