extension SettledScreen {
    /// `schema_version`, `start` and `end` of the stretch, then the rest of the `--at` document
    /// of the frame read.
    public var json: JSONValue {
        guard case .object(let members) = report.json else { return report.json }
        return .object([
            OutputSchema.member,
            ("start", .number(start.seconds, decimals: 6)),
            ("end", .number(end.seconds, decimals: 6)),
        ] + members.filter { $0.0 != OutputSchema.member.0 })
    }
}
