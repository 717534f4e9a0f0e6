/// Frames per second as FFmpeg gives them: a ratio of whole numbers, exact where a decimal is
/// not (NTSC's 29.97 fps is `30000/1001`).
public struct FrameRate: Equatable, Sendable {
    public var numerator: Int
    public var denominator: Int

    /// nil unless both are positive: FFmpeg says `0/1` or `0/0` for a rate it does not know.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    public var perSecond: Double { Double(numerator) / Double(denominator) }

    /// `30000/1001`, as ffprobe writes a stream's `r_frame_rate`.
    public var ratio: String { "\(numerator)/\(denominator)" }
}
