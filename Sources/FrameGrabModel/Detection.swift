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
