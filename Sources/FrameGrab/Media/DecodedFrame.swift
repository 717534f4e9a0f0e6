/// The frame a player shows at a requested time, as a gray picture in display orientation.
public struct DecodedFrame: Sendable {
    /// The frame's presentation time, from the start of the presentation.
    public var time: MediaTime
    /// The frame's timestamp in its stream's time base, for telling frames apart exactly.
    public var timestamp: Int64
    public var image: GrayImage
}
