extension FrameReport {
    /// A few words on what was read, for a player's on-screen display:
    /// `3 text regions (1 code) · “Caching thumbnails with an actor”`.
    public var summary: String {
        if status == .skipped {
            return skipReason.map { "not read: \($0) content" } ?? "not read"
        }
        guard let first = regions.first else { return "no text on this frame" }
        let code = regions.filter { $0.kind == .code }.count
        var words = regions.count == 1 ? "1 text region" : "\(regions.count) text regions"
        if code > 0 { words += regions.count == 1 ? " (code)" : " (\(code) code)" }
        let firstLine = first.text.split(separator: "\n").first.map(String.init) ?? ""
        let quoted = firstLine.count > 48 ? firstLine.prefix(47) + "…" : Substring(firstLine)
        return quoted.isEmpty ? words : words + " · “" + quoted + "”"
    }
}
