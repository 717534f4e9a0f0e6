/// Why framegrab could not produce a result, in the user's terms.
///
/// Every case names the input, so a description is a complete one-line message.
public enum FrameGrabError: Error, Equatable, CustomStringConvertible {
    /// The input path does not exist.
    case inputMissing(path: String)
    /// The input exists but cannot be read (a directory, no permission, an I/O error).
    case inputUnreadable(path: String, reason: String)
    /// The input is readable but holds no video framegrab can show: empty, not media,
    /// audio only, a still image (unless asked to read one), truncated without an index,
    /// nothing decodable.
    case notAVideo(path: String, reason: String)
    /// The input is protected content (DRM): it is never decoded or analysed.
    case protectedContent(path: String, protection: Protection)
    /// The requested time lies before the start or after the end of the video.
    case timeOutsideVideo(path: String, requested: RequestedTime, duration: MediaTime?)
    /// A time counted back from the end of a video whose duration is not known: a live
    /// stream, a pipe.
    case durationUnknown(path: String, beforeEnd: MediaTime)
    /// The part of the frame asked for is empty or not inside the `width` x `height` frame
    /// as displayed.
    case cropOutsideFrame(path: String, crop: BoundingBox, width: Int, height: Int)
    /// The OCR engine could not start (missing language data, bad tessdata directory); `path`
    /// is the video being read, when there is one.
    case ocrUnavailable(path: String?, reason: String)
    /// Tesseract refused a picture or failed to read it (not a picture without text); `path`
    /// is the video being read, when there is one.
    case ocrFailed(path: String?, reason: String)
    /// Something framegrab itself got wrong.
    case internalFailure(path: String, reason: String)
    /// The process reading the video for `framegrab index` died: it crashed, stopped making
    /// progress or ran out of memory (see `IsolatedVideoReader`).
    case readerFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .inputMissing(let path):
            return "\(path): no such file"
        case .inputUnreadable(let path, let reason):
            return "\(path): cannot read input (\(reason))"
        case .notAVideo(let path, let reason):
            return "\(path): not a video (\(reason))"
        case .protectedContent(let path, let protection):
            return "\(path): protected content skipped (\(protection))"
        case .timeOutsideVideo(let path, let requested, let duration):
            let length = duration.map { "the video runs 00:00:00.000 to \($0.timecode)" } ?? "the video has no frame there"
            let still = "a still image: its one frame is at 00:00:00.000"
            return "\(path): time \(requested) is outside the video (\(duration?.microseconds == 0 ? still : length))"
        case .durationUnknown(let path, let offset):
            return "\(path): cannot count \(offset.timecode) back from the end: the video's duration is unknown (a live stream, or a pipe)"
        case .cropOutsideFrame(let path, let crop, let width, let height):
            return "\(path): crop \(crop.x),\(crop.y),\(crop.width),\(crop.height) (x,y,width,height) is not inside the frame, "
                + "which is \(width)x\(height) as displayed"
        case .ocrUnavailable(let path, let reason):
            return (path.map { "\($0): " } ?? "") + "OCR unavailable (\(reason))"
        case .ocrFailed(let path, let reason):
            return (path.map { "\($0): " } ?? "") + "OCR failed (\(reason))"
        case .internalFailure(let path, let reason):
            return "\(path): internal error (\(reason))"
        case .readerFailed(let path, let reason):
            return "\(path): reading failed (\(reason))"
        }
    }
}

extension FrameGrabError {
    /// The same error, naming `path` where it did not know which input it was about.
    func about(_ path: String) -> FrameGrabError {
        switch self {
        case .ocrUnavailable(nil, let reason): return .ocrUnavailable(path: path, reason: reason)
        case .ocrFailed(nil, let reason): return .ocrFailed(path: path, reason: reason)
        default: return self
        }
    }
}
