import FrameGrabModel
extension StoredScreen {
    /// One `framegrab export` line: `schema_version`, `path`, `start`, `end`, `time`, then
    /// `regions` exactly as `framegrab --at` gives them.
    public var json: JSONValue {
        .object(StoredScreen.placeMembers(path: path, start: start, end: end, time: time) + [
            ("regions", .array(regions.map(\.json))),
        ])
    }

    /// What every document about a stored screen opens with: `schema_version`, then where the
    /// screen is (`path`, `start`, `end`, and the `time` of the frame read), in seconds.
    static func placeMembers(path: String, start: MediaTime, end: MediaTime, time: MediaTime) -> [(String, JSONValue)] {
        [
            OutputSchema.member,
            ("path", .string(path)),
            ("start", .number(start.seconds, decimals: 6)),
            ("end", .number(end.seconds, decimals: 6)),
            ("time", .number(time.seconds, decimals: 6)),
        ]
    }
}
