/// A word as read, with where it stands on the frame.
public struct Word: Sendable, Equatable {
    public var text: String
    public var box: BoundingBox
    /// 0...1, the OCR engine's certainty.
    public var confidence: Double
    /// For each character, what else OCR thought it might be, with its confidence (0...1);
    /// empty unless alternatives were asked for.
    package var alternatives: [[Alternative]] = []

    package struct Alternative: Sendable, Equatable {
        package var character: String
        package var confidence: Double

        package init(character: String, confidence: Double) {
            self.character = character
            self.confidence = confidence
        }
    }

    public init(text: String, box: BoundingBox, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

/// One line of text on the frame.
public struct Line: Sendable, Equatable {
    public var text: String
    public var box: BoundingBox
    public var words: [Word]
    /// Leading spaces in columns, for code lines.
    public var indent: Int?
    /// The editor's line number shown beside this line, when the code has a gutter.
    public var number: Int?

    public init(text: String, box: BoundingBox, words: [Word], indent: Int? = nil) {
        self.text = text
        self.box = box
        self.words = words
        self.indent = indent
    }
}

/// A URL or e-mail address found in a region's text, as Live Text offers them.
public struct Detection: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case url
        case email
    }

    public var kind: Kind
    public var text: String
    public var box: BoundingBox

    public init(kind: Kind, text: String, box: BoundingBox) {
        self.kind = kind
        self.text = text
        self.box = box
    }
}

/// What a region holds, as a reader would name it.
public enum RegionKind: String, Sendable {
    /// Source code, a terminal, a config file: text to be pasted somewhere.
    case code
    /// Titles, prose, bullet lists, captions.
    case text
    /// An application's own labels: tabs, status bars, menus.
    case ui
}

/// A block of text that belongs together on screen: a code panel, a title, a list.
public struct Region: Sendable, Equatable {
    public var kind: RegionKind
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
                language: String? = nil, languageConfidence: Double? = nil, detections: [Detection] = []) {
        self.kind = kind
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
