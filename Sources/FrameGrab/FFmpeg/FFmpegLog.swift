import CFFmpeg
import Foundation
import Synchronization

/// Routes FFmpeg's log (normally printed straight to stderr) through framegrab.
///
/// The library never prints: until a handler is installed, FFmpeg is silent. The last error
/// line each FFmpeg context logged is kept, so that a failure can name its cause ("moov atom
/// not found") rather than only the generic error code.
/// See https://ffmpeg.org/doxygen/5.1/group__lavu__log.html
public enum FFmpegLog {
    public typealias Handler = @Sendable (_ level: Int32, _ line: String) -> Void

    private struct State {
        var handler: Handler?
        var maxLevel: Int32 = AV_LOG_WARNING
        var lastErrors: [UInt: String] = [:]
    }

    private static let state = Mutex(State())
    private static let installed: Void = {
        av_log_set_level(AV_LOG_DEBUG)
        av_log_set_callback { context, level, format, arguments in
            // Formatting costs more than the lookup; skip chatter nobody will read.
            guard level <= AV_LOG_VERBOSE, let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 1024)
            var printPrefix: Int32 = 1
            av_log_format_line2(context, level, format, arguments, &buffer, Int32(buffer.count), &printPrefix)
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { return }
            FFmpegLog.receive(context: context, level: level, line: line)
        }
    }()

    /// Sends FFmpeg log lines up to `maxLevel` (an `AV_LOG_*` value) to `handler`, or nowhere.
    public static func route(to handler: Handler?, maxLevel: Int32 = AV_LOG_WARNING) {
        install()
        state.withLock {
            $0.handler = handler
            $0.maxLevel = maxLevel
        }
    }

    /// Makes FFmpeg quiet unless `route(to:)` asked otherwise. Idempotent.
    static func install() {
        _ = installed
    }

    /// The last error line logged by the context at `context`, if any, and forgets it.
    static func takeLastError(from context: UnsafeRawPointer?) -> String? {
        guard let context else { return nil }
        return state.withLock { $0.lastErrors.removeValue(forKey: UInt(bitPattern: context)) }
    }

    private static func receive(context: UnsafeMutableRawPointer?, level: Int32, line: String) {
        let handler: Handler? = state.withLock { state in
            if level <= AV_LOG_ERROR, let context {
                // Bounded: a context that logs and is then freed must not grow the table forever.
                if state.lastErrors.count > 64 { state.lastErrors.removeAll() }
                state.lastErrors[UInt(bitPattern: context)] = line
            }
            return level <= state.maxLevel ? state.handler : nil
        }
        handler?(level, line)
    }
}
