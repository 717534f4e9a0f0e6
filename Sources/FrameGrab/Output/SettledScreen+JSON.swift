extension SettledScreen {
    /// `start` and `end` of the stretch, then the `--at` document of the frame read.
    public var json: JSONValue {
        guard case .object(let members) = report.json else { return report.json }
        return .object([
            ("start", .number(start.seconds, decimals: 6)),
            ("end", .number(end.seconds, decimals: 6)),
        ] + members)
    }
}
