/// The rendition of an HLS master playlist that framegrab read: the sharpest one.
public struct HLSRendition: Equatable, Sendable {
    /// Its media playlist, resolved against the master playlist's location.
    public var uri: String
    public var width: Int?
    public var height: Int?
    /// Peak bits per second, as the master playlist declares it.
    public var bandwidth: Int?
}
