extension FrameReport {
    /// Just the text: regions top to bottom, separated by blank lines.
    public var plainText: String {
        regions.map(\.text).joined(separator: "\n\n")
    }
}
