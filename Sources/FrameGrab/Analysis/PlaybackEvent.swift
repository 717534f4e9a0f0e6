/// What a player tells framegrab about the picture it shows: a file was opened, playback runs
/// or stopped, the position jumped or is being dragged.
public enum PlaybackEvent: Equatable, Sendable {
    /// A file is loaded; it replaces the one before. Playback state starts over: nothing is
    /// read until a `pause`.
    case open(path: String)
    /// Playback runs: the picture keeps changing.
    case play
    /// Playback stopped on the frame shown at `time`.
    case pause(time: MediaTime)
    /// The position jumped to `time`; while paused, the frame there is the one on screen.
    case seek(time: MediaTime)
    /// One of a stream of positions while the user drags the position.
    case scrub(time: MediaTime)
    /// The playback speed changed (1 is normal speed). The picture does not change.
    case rate(Double)
    /// The file was closed: nothing is shown until the next `open`.
    case close

    /// The event's name as written in event lines: `open`, `play`, `pause`, ….
    public var name: String {
        switch self {
        case .open: return "open"
        case .play: return "play"
        case .pause: return "pause"
        case .seek: return "seek"
        case .scrub: return "scrub"
        case .rate: return "rate"
        case .close: return "close"
        }
    }

    public static let names = ["open", "play", "pause", "seek", "scrub", "rate", "close"]
}
