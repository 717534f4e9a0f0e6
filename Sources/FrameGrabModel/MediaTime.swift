/// A point in a video, measured like `ffmpeg -ss`: from the start of the presentation.
public struct MediaTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds, FFmpeg's `AV_TIME_BASE` unit.
    public let microseconds: Int64

    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    public init(seconds: Double) {
        self.microseconds = Int64((seconds * 1_000_000).rounded())
    }

    public var seconds: Double {
        Double(microseconds) / 1_000_000
    }

    /// `HH:MM:SS.mmm`, the way players show a position.
    public var timecode: String {
        let sign = microseconds < 0 ? "-" : ""
        let milliseconds = (abs(microseconds) + 500) / 1000
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let seconds = milliseconds / 1000 % 60
        let millis = milliseconds % 1000
        return sign + twoDigits(hours) + ":" + twoDigits(minutes) + ":" + twoDigits(seconds) + "." + threeDigits(millis)
    }

    public var description: String { timecode }

    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    private func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private func threeDigits(_ value: Int64) -> String {
        value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
    }
}
