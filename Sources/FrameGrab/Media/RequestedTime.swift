/// A time as `--at` takes it: from the start of the presentation, like `ffmpeg -ss`, or
/// back from its end, like `ffmpeg -sseof`, written with a `-` (`-10s`, `-1:30`).
///
/// Back from the end counts from the video's duration: `-0` is the duration itself, where a
/// player shows the last frame.
public enum RequestedTime: Hashable, Sendable, CustomStringConvertible {
    case fromStart(MediaTime)
    /// How long before the end; never negative.
    case beforeEnd(MediaTime)

    /// Parses `MediaTime(parsing:)`'s syntax, with a leading `-` for a time before the end.
    public init(parsing text: String) throws(TimeSyntaxError) {
        guard !text.isEmpty else { throw TimeSyntaxError(text: text, reason: .empty) }
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : text[...]
        if ["inf", "infinity", "nan"].contains(body.lowercased()) {
            throw TimeSyntaxError(text: text, reason: .notFinite)
        }
        guard !body.isEmpty else { throw TimeSyntaxError(text: text, reason: .signAlone) }
        if body.prefixMatch(of: /[0-9]+(\.[0-9]*)?[eE][+\-]?[0-9]/) != nil {
            throw TimeSyntaxError(text: text, reason: .exponent)
        }
        if body.contains("-") { throw TimeSyntaxError(text: text, reason: .signNotFirst) }
        let time = try MediaTime.unsigned(body, in: text)
        self = negative ? .beforeEnd(time) : .fromStart(time)
    }

    /// The time from the start in a video lasting `duration`; nil when it counts back from an
    /// end that is not known. Negative when it counts back past the start.
    public func time(in duration: MediaTime?) -> MediaTime? {
        switch self {
        case .fromStart(let time):
            return time
        case .beforeEnd(let offset):
            return duration.map { MediaTime(microseconds: $0.microseconds - offset.microseconds) }
        }
    }

    /// `00:12:30.000`, or `00:00:10.000 before the end`.
    public var description: String {
        switch self {
        case .fromStart(let time): return time.timecode
        case .beforeEnd(let offset): return offset.timecode + " before the end"
        }
    }
}
