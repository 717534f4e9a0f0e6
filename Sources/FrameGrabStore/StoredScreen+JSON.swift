import FrameGrabModel
extension StoredScreen {
    /// One `framegrab export` line: `schema_version`, `path`, `start`, `end`, `time`, then
    /// `regions` exactly as `framegrab --at` gives them.
    public var json: JSONValue {
        .object([
            OutputSchema.member,
            ("path", .string(path)),
            ("start", .number(start.seconds, decimals: 6)),
            ("end", .number(end.seconds, decimals: 6)),
            ("time", .number(time.seconds, decimals: 6)),
            ("regions", .array(regions.map(\.json))),
        ])
    }
}
