/// The frame a player shows at a requested time, as a gray picture in display orientation,
/// with its colours where it has them.
public struct DecodedFrame: Sendable {
    /// The frame's presentation time, from the start of the presentation.
    public var time: MediaTime
    /// The frame's timestamp in its stream's time base, for telling frames apart exactly.
    public var timestamp: Int64
    public var image: GrayImage
    public var color: ColorPlanes?

    public init(time: MediaTime, timestamp: Int64, image: GrayImage, color: ColorPlanes? = nil) {
        self.time = time
        self.timestamp = timestamp
        self.image = image
        self.color = color
    }
}
