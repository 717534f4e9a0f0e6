/// What a `SettleScheduler` has to say: the text on the frame that settled on screen, a file
/// that is never read (protected), or why reading failed, with the event that led to it.
public struct SettleNotice: Sendable {
    public enum Content: Sendable {
        /// The file named by the `open` event can be read.
        case opened
        /// The frame on screen, read (or served from the cache of frames already read); or, with
        /// status `.skipped`, content that is never read, said once per open.
        case report(FrameReport, fromCache: Bool)
        /// Opening the file or reading the frame failed.
        case failure(FrameGrabError)
    }

    public var content: Content
    /// The event that put the picture on screen (the last pause, seek or scrub), or the `open`.
    public var event: PlaybackEvent
    /// Where `event` came from, when it came from a numbered line (the line of stdin).
    public var line: Int?

    public init(content: Content, event: PlaybackEvent, line: Int? = nil) {
        self.content = content
        self.event = event
        self.line = line
    }
}
