import FrameGrab
import FrameGrabCommandLine

/// framegrab's documented exit statuses (README and `--help` list the same table).
enum ExitCode: Int32 {
    case success = 0
    case internalFailure = 1
    case usage = 2
    case inputUnreadable = 3
    case notAVideo = 4
    case timeOutsideVideo = 5
    case protectedContent = 6
    case ocrUnavailable = 7
    /// `follow --mpv`: the socket does not exist, refuses, or does not answer.
    case playerUnreachable = 8

    init(_ error: FrameGrabError) {
        switch error {
        case .inputMissing, .inputUnreadable: self = .inputUnreadable
        case .notAVideo: self = .notAVideo
        case .protectedContent: self = .protectedContent
        case .timeOutsideVideo: self = .timeOutsideVideo
        case .ocrUnavailable: self = .ocrUnavailable
        case .ocrFailed, .internalFailure: self = .internalFailure
        }
    }

    static let table = """
        Exit status:
          0  success: every requested frame was analysed
          1  internal failure: a bug in framegrab, or Tesseract failing to read a picture
          2  usage error: unknown option, missing argument, malformed time
          3  input missing or unreadable (no such file, a directory, no permission,
             an HTTP error, a server that cannot be reached)
          4  not a video: empty, not media, text, audio only, a still image,
             truncated without an index, nothing decodable
          5  a requested time is outside the video
          6  protected (DRM) content: skipped, nothing decoded
          7  OCR unavailable: Tesseract language data missing
        With several --at, results for the good times are still printed; the status is that
        of the first failure.
        """
}
