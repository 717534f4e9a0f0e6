import FrameGrabModel
/// What the index knows about one video file: enough to tell whether it changed since it was
/// indexed, and how indexing it ended.
public struct IndexedVideo: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// Read: its settled screens are stored.
        case indexed
        /// Protected (DRM) content: recorded, nothing decoded, no screens.
        case protected
        /// Indexing failed; `error` says why. No screens.
        case failed
    }

    /// Absolute and standardized: the key of the video in the index.
    public var path: String
    /// Bytes, and modification time in seconds since 1970 (with its fraction), when indexed.
    public var size: Int64
    public var modified: Double
    /// Hex digest of the file's first and last MiB.
    public var fingerprint: String
    public var duration: MediaTime?
    public var status: Status
    public var error: String?
    /// When it was indexed, in seconds since 1970.
    public var indexedAt: Double

    public init(path: String, size: Int64, modified: Double, fingerprint: String, duration: MediaTime?,
                status: Status, error: String?, indexedAt: Double) {
        self.path = path
        self.size = size
        self.modified = modified
        self.fingerprint = fingerprint
        self.duration = duration
        self.status = status
        self.error = error
        self.indexedAt = indexedAt
    }
}
