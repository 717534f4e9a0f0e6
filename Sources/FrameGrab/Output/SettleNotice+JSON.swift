extension SettleNotice {
    /// A report in the `--at` shape with the event that led to it added last, as `event`;
    /// nil for notices that are not reports.
    public var json: JSONValue? {
        guard case .report(let report, _) = content, case .object(var members) = report.json else { return nil }
        members.append(("event", event.json(line: line)))
        return .object(members)
    }
}
