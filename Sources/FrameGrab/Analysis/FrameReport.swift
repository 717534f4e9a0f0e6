/// Everything framegrab says about one requested time: the source, the frame shown there, and
/// the text on it (or why it was not read).
public struct FrameReport: Sendable {
    public enum Status: String, Sendable {
        case analyzed
        case skipped
    }

    public struct Frame: Sendable {
        /// The time asked for, from the start; nil for a time back from the end of protected
        /// content, whose duration is never read.
        public var requested: MediaTime?
        /// The presentation time of the frame shown then; nil when no frame was decoded.
        public var time: MediaTime?
        /// Display size of the frame; nil when no frame was decoded.
        public var width: Int?
        public var height: Int?
        /// The picture without black bars baked into it; nil when nothing was decoded.
        public var contentArea: BoundingBox?
        /// The part of the frame that was read (`FrameGrabber.Options.crop`); nil for all of it.
        public var crop: BoundingBox?
        /// The time first asked for when this is the reading of a frame read before (another
        /// `--at` on the same frame, a frame follow read again): nil when it was read for
        /// `requested`.
        public var reusedFrom: MediaTime?
        /// Whether OCR stopped at its time limit (`FrameGrabber.Options.ocrTimeLimit`): the
        /// regions hold what was read by then.
        public var ocrTimeLimitReached = false
    }

    /// Where the time went, for `--verbose` and benchmarks.
    public struct Timings: Sendable {
        public var decodeSeconds = 0.0
        public var layoutAndOCRSeconds = 0.0
        public var framesDecoded = 0
    }

    public var source: SourceInfo
    public var frame: Frame
    public var status: Status
    /// Why the frame was skipped (`protected`, …); nil when analysed.
    public var skipReason: String?
    /// What makes the input protected content, when it is (`skipReason` is then `protected`).
    public var protection: Protection?
    public var regions: [Region]
    public var timings = Timings()
    /// The blocks and rows the layout found, for `--debug-layout`.
    public var layout = ""
    /// The frame as shown, whole (a crop's too), when `FrameGrabber.Options.keepsPicture`.
    public var picture: FramePicture?
}
