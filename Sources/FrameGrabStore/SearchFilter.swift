import FrameGrabModel
/// What a search hit must be besides matching: its region's kind and language, and where
/// its video lies.
public struct SearchFilter: Sendable, Equatable {
    public var kind: RegionKind?
    /// Compared without regard to case (`swift`, `Swift`).
    public var language: String?
    /// A shell glob (SQLite `GLOB`: case-sensitive, `*`, `?`, `[…]`) matched against the
    /// video's full path; a glob without `/` may match just the file name instead.
    public var pathGlob: String?

    public init(kind: RegionKind? = nil, language: String? = nil, pathGlob: String? = nil) {
        self.kind = kind
        self.language = language
        self.pathGlob = pathGlob
    }
}
