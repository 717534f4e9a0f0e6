/// What a video file is, as probed before any frame is decoded.
public struct SourceInfo: Equatable, Sendable {
    public var path: String
    /// A short container name: `mp4`, `mov`, `matroska`, `webm`, `mpegts`, `hls`, or FFmpeg's demuxer name.
    public var format: String
    /// Seconds from the start of the presentation to its end, when the container says.
    public var duration: MediaTime?
    /// The video stream read; nil when nothing was opened (protected content is not).
    public var video: VideoStreamInfo?
    public var title: String?
    /// The rendition read, when the input is an HLS master playlist.
    public var rendition: HLSRendition?
}

/// The video stream framegrab reads, in stored and displayed terms.
public struct VideoStreamInfo: Equatable, Sendable {
    public var codec: String
    public var pixelFormat: String?
    /// The stored picture.
    public var codedWidth: Int
    public var codedHeight: Int
    public var geometry: DisplayGeometry
    /// The frame rate FFmpeg guesses for the stream (`av_guess_frame_rate`: the stream's
    /// `r_frame_rate` unless its average rate is the more plausible), when known.
    public var frameRate: FrameRate?

    /// The picture as a player shows it.
    public var width: Int { geometry.displayWidth }
    public var height: Int { geometry.displayHeight }
}
