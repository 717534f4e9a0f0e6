import CFFmpeg

/// An error code returned by an FFmpeg call, with what framegrab was doing when it happened:
/// `FFmpeg error -1094995529 (Invalid data found when processing input) while opening talk.mp4`.
///
/// Mirrors FFmpeg's `AVERROR` convention: negative values, either `-errno` or four-character
/// tags. See https://ffmpeg.org/doxygen/5.1/group__lavu__error.html
public struct FFmpegError: Error, Equatable, CustomStringConvertible {
    public let code: Int32
    /// What framegrab was doing, naming the file: `opening talk.mp4`.
    public let operation: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    public static let endOfFile = CFFmpeg_AVERROR_EOF()
    public static let tryAgain = CFFmpeg_AVERROR(EAGAIN)
    public static let invalidData = CFFmpeg_AVERROR_INVALIDDATA()
    public static let exit = CFFmpeg_AVERROR_EXIT()

    /// FFmpeg's own wording for the code (what `av_err2str` would give).
    public var reason: String {
        FFmpegError.reason(for: code)
    }

    public var description: String {
        "FFmpeg error \(code) (\(reason)) while \(operation)"
    }

    static func reason(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &buffer, buffer.count) < 0 {
            return "unknown error"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws when `code` is negative, FFmpeg's failure convention.
    @discardableResult
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(FFmpegError) -> Int32 {
        if code < 0 {
            throw FFmpegError(code: code, operation: operation())
        }
        return code
    }
}
