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
