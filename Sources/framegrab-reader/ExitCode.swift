import FrameGrab
import FrameGrabCommandLine

/// framegrab's documented exit statuses (README and `CommandUsage.grab` list the same table).
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
    /// stdout or `-o FILE` cannot be written (`OutputFailure.status`). A closed pipe ends the
    /// process quietly with `OutputFailure.closedPipeStatus`, 141, wherever it is met.
    case outputFailed = 10

    init(_ error: FrameGrabError) {
        switch error {
        case .inputMissing, .inputUnreadable: self = .inputUnreadable
        case .notAVideo: self = .notAVideo
        case .protectedContent: self = .protectedContent
        case .timeOutsideVideo, .durationUnknown: self = .timeOutsideVideo
        case .cropOutsideFrame: self = .usage
        case .ocrUnavailable: self = .ocrUnavailable
        case .ocrFailed, .internalFailure, .readerFailed: self = .internalFailure
        }
    }
}
