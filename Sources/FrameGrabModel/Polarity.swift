/// Which way round text and ground are.
public enum Polarity: String, Sendable {
    /// Dark text on a light ground: what OCR engines expect.
    case darkOnLight = "dark-on-light"
    /// Light text on a dark ground (dark themes, terminals): inverted before OCR.
    case lightOnDark = "light-on-dark"
}
