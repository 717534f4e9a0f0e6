/// What framegrab knows about an input before FFmpeg opens it: whether it is protected, and
/// what to open (for an HLS master playlist, its sharpest rendition).
public struct ProbedInput: Equatable, Sendable {
    /// The input as given.
    public var path: String
    /// What the bytes look like (`hls`, `dash`, `mp4`, `mov`, `matroska`, `webm`); nil when
    /// nothing the probe reads.
    public var format: String?
    /// Why the input must not be analysed; nil when nothing says it is protected.
    public var protection: Protection?
    /// What FFmpeg opens: the input itself, or the chosen rendition's media playlist.
    public var location: String
    /// The rendition chosen from a master playlist.
    public var rendition: HLSRendition?
    /// Whether FFmpeg may use the network: only for http(s) inputs.
    public var allowsNetwork: Bool

    /// An input taken as it is, unexamined; its bytes are at `location` when they are not at
    /// `path` (stdin's spool).
    init(path: String, location: String? = nil) {
        self.path = path
        self.location = location ?? path
        self.allowsNetwork = InputLocation.isNetwork(path)
    }

    /// What FFmpeg opens, as messages name it: the rendition chosen, or else the input as
    /// given (`-`, not the file stdin was copied to).
    var openedName: String {
        rendition == nil ? path : location
    }
}
