/// Event lines: the JSON Lines `framegrab follow VIDEO` reads on stdin, one event per line.
///
/// ```
/// {"event":"open","path":"talk.mp4"}
/// {"event":"play"}
/// {"event":"pause","time":750.0}
/// {"event":"seek","time":"12:30.5"}
/// {"event":"scrub","time":12.5}
/// {"event":"rate","rate":1.5}
/// {"event":"close"}
/// ```
///
/// Times are seconds (a number) or a string in ffmpeg's duration syntax, measured like
/// `--at`. Members other than these are ignored.
extension PlaybackEvent {
    /// Why a line is not an event, in words that name the offending part.
    public struct EventLineError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Reads one event line. A blank line is no event (nil); anything else that is not an
    /// event throws.
    public init?(eventLine line: String) throws(EventLineError) {
        guard line.unicodeScalars.contains(where: { !" \t\r\n".unicodeScalars.contains($0) }) else { return nil }
        let json: JSONValue
        do throws(JSONValue.ParseError) {
            // Columns in errors count from the start of the line as written.
            json = try JSONValue(parsing: line)
        } catch {
            throw EventLineError(reason: "not JSON: \(error)")
        }
        guard case .object = json else {
            throw EventLineError(reason: "expected a JSON object such as {\"event\":\"pause\",\"time\":12.5}, found \(json.kindDescription)")
        }
        guard let member = json["event"] else {
            throw EventLineError(reason: "no \"event\" member (expected one of \(PlaybackEvent.nameList))")
        }
        guard let name = member.stringValue else {
            throw EventLineError(reason: "\"event\" must be a string, not \(member.kindDescription)")
        }
        switch name {
        case "open":
            guard let path = json["path"]?.stringValue, !path.isEmpty else {
                throw EventLineError(reason: "\"open\" needs a \"path\": the video's path, a non-empty string")
            }
            self = .open(path: path)
        case "play":
            self = .play
        case "pause":
            self = .pause(time: try PlaybackEvent.time(in: json, for: name))
        case "seek":
            self = .seek(time: try PlaybackEvent.time(in: json, for: name))
        case "scrub":
            self = .scrub(time: try PlaybackEvent.time(in: json, for: name))
        case "rate":
            guard let value = json["rate"] else {
                throw EventLineError(reason: "\"rate\" needs a \"rate\": the playback speed, e.g. 1.5")
            }
            guard let rate = value.doubleValue, rate.isFinite, rate > 0 else {
                throw EventLineError(reason: "\"rate\" must be a number above 0, not \(value.serialized)")
            }
            self = .rate(rate)
        case "close":
            self = .close
        default:
            throw EventLineError(reason: "unknown event \"\(name)\" (expected one of \(PlaybackEvent.nameList))")
        }
    }

    private static var nameList: String {
        names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    private static func time(in json: JSONValue, for name: String) throws(EventLineError) -> MediaTime {
        guard let value = json["time"] else {
            throw EventLineError(reason: "\"\(name)\" needs a \"time\": seconds, or an ffmpeg time such as \"12:30\"")
        }
        switch value {
        case .int, .double:
            guard let seconds = value.doubleValue, seconds.isFinite, abs(seconds) < 1e12 else {
                throw EventLineError(reason: "\"time\" \(value.serialized) is out of range")
            }
            return MediaTime(seconds: seconds)
        case .string(let text):
            do throws(TimeSyntaxError) {
                return try MediaTime(parsing: text)
            } catch {
                throw EventLineError(reason: "\"time\" \"\(text)\" is not a time: \(error.explanation)")
            }
        default:
            throw EventLineError(reason: "\"time\" must be seconds or an ffmpeg time such as \"12:30\", not \(value.kindDescription)")
        }
    }
}
