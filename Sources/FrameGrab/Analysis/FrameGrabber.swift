import Dispatch
import Foundation

/// The main job: open a video, and for each requested time read the text on the frame a
/// player shows then.
///
/// The OCR engine starts on another thread while the file is opened and the first frame is
/// decoded, since each takes about as long as the other. Confine an instance to one task.
public final class FrameGrabber {
    public struct Options: Sendable {
        public var ocr: TesseractEngine.Configuration
        /// Decoder threads; 0 lets FFmpeg choose.
        public var decoderThreads: Int

        public init(ocr: TesseractEngine.Configuration = .init(), decoderThreads: Int = 0) {
            self.ocr = ocr
            self.decoderThreads = decoderThreads
        }
    }

    public let seeker: FrameSeeker
    private let engine: Eventually<TesseractEngine>
    private var analyzer: FrameAnalyzer?

    public var source: SourceInfo { seeker.file.info }

    public init(path: String, options: Options = .init()) throws(FrameGrabError) {
        let configuration = options.ocr
        engine = Eventually { () throws(FrameGrabError) in try TesseractEngine(configuration) }
        let file = try MediaFile(path: path)
        seeker = try FrameSeeker(file: file, decoderThreads: options.decoderThreads)
    }

    /// Reads the frame shown at `time`.
    public func report(at time: MediaTime) throws(FrameGrabError) -> FrameReport {
        let decodeStart = DispatchTime.now()
        let decodedBefore = seeker.framesDecoded
        let frame = try seeker.frame(at: time)
        let decoded = DispatchTime.now()
        let regions = try analyzerReady().regions(in: frame.image)
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

    private func analyzerReady() throws(FrameGrabError) -> FrameAnalyzer {
        if let analyzer { return analyzer }
        let made = FrameAnalyzer(engine: try engine.value())
        analyzer = made
        return made
    }

    private func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
        Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// A value made on another thread, waited for when first needed.
final class Eventually<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once on the worker before `done` is signalled; read only after waiting on it.
    private var result: Result<Value, FrameGrabError>?

    init(_ make: @escaping @Sendable () throws(FrameGrabError) -> Value) {
        Thread.detachNewThread { [self] in
            do throws(FrameGrabError) {
                result = .success(try make())
            } catch {
                result = .failure(error)
            }
            done.signal()
        }
    }

    func value() throws(FrameGrabError) -> Value {
        if result == nil {
            done.wait()
            done.signal()
        }
        guard let result else { preconditionFailure("Eventually finished without a result") }
        return try result.get()
    }
}
