/// What a region holds, as a reader would name it.
public enum RegionKind: String, Sendable {
    /// Source code, a terminal, a config file: text to be pasted somewhere.
    case code
    /// Titles, prose, bullet lists, captions.
    case text
    /// An application's own labels: tabs, status bars, menus.
    case ui
}

/// What a region is on the screen, where its layout tells.
public enum RegionRole: String, Sendable, CaseIterable {
    /// Subtitles or a lower third over the picture: outlined or boxed text.
    case caption
    /// A slide's heading: larger text above the rest.
    case title
    /// Source code in a panel, an editor or on a slide.
    case code
    /// A terminal's screen: shell prompts and what the commands printed.
    case terminal
    /// An application's own labels.
    case ui
}

/// A block of text that belongs together on screen: a code panel, a title, a list.
public struct Region: Sendable, Equatable {
    public var kind: RegionKind
    /// What it is on the screen, where known (nil for text whose role the layout does not tell).
    public var role: RegionRole?
    public var box: BoundingBox
    public var polarity: Polarity
    /// Character-weighted mean of the word confidences, 0...1.
    public var confidence: Double
    /// The lines joined by newlines; code keeps its indentation and blank lines.
    public var text: String
    public var lines: [Line]
    /// For code: the language it looks like, and how sure that guess is (0...1).
    public var language: String?
    public var languageConfidence: Double?
    /// URLs and e-mail addresses in the text.
    public var detections: [Detection] = []

    public init(kind: RegionKind, box: BoundingBox, polarity: Polarity, confidence: Double, text: String, lines: [Line],
                language: String? = nil, languageConfidence: Double? = nil, detections: [Detection] = [],
                role: RegionRole? = nil) {
        self.kind = kind
        self.role = role
        self.box = box
        self.polarity = polarity
        self.confidence = confidence
        self.text = text
        self.lines = lines
        self.language = language
        self.languageConfidence = languageConfidence
        self.detections = detections
    }
}
