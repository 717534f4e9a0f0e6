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
