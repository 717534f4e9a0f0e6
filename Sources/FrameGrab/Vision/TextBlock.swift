/// Which way round text and ground are.
public enum Polarity: String, Sendable {
    /// Dark text on a light ground: what OCR engines expect.
    case darkOnLight = "dark-on-light"
    /// Light text on a dark ground (dark themes, terminals): inverted before OCR.
    case lightOnDark = "light-on-dark"
}

/// A run of text lines that belong together on screen: a title, a code panel, a list.
struct TextBlock {
    var box: BoundingBox
    var polarity: Polarity
    /// Each line's ink box, top to bottom.
    var lines: [BoundingBox]
    /// Typical glyph height in the block, in pixels: what decides how much to enlarge it.
    var glyphHeight: Int
}
