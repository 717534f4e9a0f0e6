extension PlaybackEvent {
    /// The event as an event line writes it, with `line` (where it was read) when known:
    /// `{"event":"pause","time":750,"line":3}`. Times are seconds.
    public func json(line: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("event", .string(name))]
        switch self {
        case .open(let path): members.append(("path", .string(path)))
        case .pause(let time), .seek(let time), .scrub(let time): members.append(("time", .number(time.seconds, decimals: 6)))
        case .rate(let rate): members.append(("rate", .number(rate, decimals: 6)))
        case .play, .close: break
        }
        if let line { members.append(("line", .int(line))) }
        return .object(members)
    }
}
