extension FrameReport {
    /// The line between two regions in `--format text`: one ASCII RS (record separator, 0x1E).
    ///
    /// Blank lines are no separator: code has them. A form feed is none either: GNU's C and
    /// Emacs Lisp sources use it as a page break. RS and GS are ASCII's own separators of
    /// records and of groups of records; no text format uses them, and no glyph on a frame is
    /// read as one.
    public static let regionSeparator = "\u{1E}"
    /// The line between two frames (several `--at`), or after each reading of `follow`: one
    /// ASCII GS (group separator, 0x1D).
    public static let frameSeparator = "\u{1D}"

    /// Just the text: regions top to bottom, each separated from the next by a line holding
    /// only `regionSeparator`; empty when nothing was read.
    public var plainText: String {
        regions.map(\.text).joined(separator: "\n" + FrameReport.regionSeparator + "\n")
    }
}
