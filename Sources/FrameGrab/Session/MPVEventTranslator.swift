/// mpv's JSON IPC protocol, without the socket: what to ask mpv at the start, and how the
/// property changes it then sends become playback events.
///
/// Observes `path`, `speed`, `seeking`, `time-pos` and `pause`. While paused, a change of
/// `time-pos` is a seek (a frame step, a click on the bar), or a scrub while `seeking` is true
/// (the position is still on its way); `seeking` turning true or false is one too, so the wait
/// starts over when the seek lands. A pause is announced once mpv is not seeking, so the
/// restart that opens a file is part of the pause, not a seek. What mpv does while playing does
/// not matter until it pauses. See https://mpv.io/manual/stable/#json-ipc and
/// https://mpv.io/manual/stable/#properties
public struct MPVEventTranslator: Sendable {
    /// The request whose reply carries mpv's working directory; also the first answer that
    /// proves mpv is listening.
    public static let workingDirectoryRequest = 1

    /// Observed properties, by observation id.
    static let observed = ["path", "speed", "seeking", "time-pos", "pause"]

    /// The messages to send once connected, in order: the working directory, then every
    /// observation. mpv answers each observation with the property's current value.
    public static var startMessages: [JSONValue] {
        var messages: [JSONValue] = [
            .object([("command", .array([.string("get_property"), .string("working-directory")])),
                     ("request_id", .int(workingDirectoryRequest))]),
        ]
        for (index, name) in observed.enumerated() {
            messages.append(.object([("command", .array([.string("observe_property"), .int(index + 1), .string(name)]))]))
        }
        return messages
    }

    /// `text` in mpv's on-screen display for `milliseconds`. Arguments given as a JSON array
    /// are not property-expanded, so `${…}` in code read off a frame is shown as it is.
    public static func showText(_ text: String, milliseconds: Int = 4000) -> JSONValue {
        .object([("command", .array([.string("show-text"), .string(text), .int(milliseconds)]))])
    }

    /// mpv's working directory, against which a relative `path` is resolved; nil until mpv said.
    public private(set) var workingDirectory: String?

    /// What mpv last said.
    private var path: String?
    private var paused = false
    private var seeking = false
    private var position: MediaTime?
    private var speed = 1.0

    /// What the scheduler has been told.
    private var announcedPath: String?
    private var announcedPause: MediaTime?
    private var announcedSpeed = 1.0

    public init() {}

    /// Takes in one message from mpv; returns the playback events it amounts to.
    public mutating func handle(_ message: JSONValue) -> [PlaybackEvent] {
        if message["request_id"]?.intValue == MPVEventTranslator.workingDirectoryRequest {
            workingDirectory = message["data"]?.stringValue
            return []
        }
        guard message["event"]?.stringValue == "property-change", let name = message["name"]?.stringValue else { return [] }
        // A property that is unavailable (no file loaded) comes without `data`.
        let data = message["data"]
        switch name {
        case "path":
            // The position that follows is the new file's (mpv sends path first, then
            // time-pos unavailable, then the new position).
            if data?.stringValue != path { position = nil }
            path = data?.stringValue
        case "speed": speed = data?.doubleValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? speed
        case "seeking": seeking = data?.boolValue ?? false
        case "time-pos": position = data?.doubleValue.flatMap(MPVEventTranslator.frameTime)
        case "pause": paused = data?.boolValue ?? false
        default: return []
        }
        return sync(after: name)
    }

    /// The time of the frame mpv shows at `seconds`. mpv writes numbers with six decimals, so
    /// a frame stamped 0.0667333 s is reported as 0.066733, a hair before it: read 1 µs later,
    /// which is still before any next frame. The start is exact. A position no video has
    /// (not finite, or 30,000 years away: what a damaged message could say) is none (nil).
    static func frameTime(_ seconds: Double) -> MediaTime? {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let time = MediaTime(seconds: seconds)
        return time.microseconds == 0 ? time : MediaTime(microseconds: time.microseconds + 1)
    }

    /// The events that bring the scheduler's picture of the player up to date.
    private mutating func sync(after name: String) -> [PlaybackEvent] {
        var events: [PlaybackEvent] = []
        if path != announcedPath {
            events.append(path.map { .open(path: resolved($0)) } ?? .close)
            announcedPath = path
            announcedPause = nil
        }
        guard announcedPath != nil else { return events }
        if speed != announcedSpeed {
            events.append(.rate(speed))
            announcedSpeed = speed
        }
        if paused, let position {
            if announcedPause == nil {
                // mpv opens a file with a restart it reports as seeking: the player is paused
                // on its first frame once that restart lands, not before (no seek to announce).
                guard !seeking else { return events }
                events.append(.pause(time: position))
            } else if name == "seeking" || (name == "time-pos" && position != announcedPause) {
                events.append(seeking ? .scrub(time: position) : .seek(time: position))
            }
            announcedPause = position
        } else if !paused, announcedPause != nil {
            events.append(.play)
            announcedPause = nil
        }
        return events
    }

    /// `path` as framegrab can open it: mpv's paths are relative to mpv's working directory.
    private func resolved(_ path: String) -> String {
        guard !path.hasPrefix("/"), !path.contains("://"), let directory = workingDirectory else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
