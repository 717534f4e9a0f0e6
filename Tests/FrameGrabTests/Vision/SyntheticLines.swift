@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore

/// Lines as OCR would return them for monospace text drawn at `cell` pixels per character:
/// each word boxed where its characters stand, glyph blobs one per non-space character.
enum SyntheticLines {
    static func line(_ text: String, row: Int, cell: Int = 14, height: Int = 20, left: Int = 100, pitch: Int = 30) -> (Line, [BoundingBox]) {
        var words: [Word] = []
        var glyphs: [BoundingBox] = []
        var column = 0
        var current = ""
        var start = 0
        func flush() {
            guard !current.isEmpty else { return }
            let box = BoundingBox(x: left + start * cell + 2, y: row * pitch, width: current.count * cell - 4, height: height)
            words.append(Word(text: current, box: box, confidence: 0.95))
            current = ""
        }
        for character in text {
            if character == " " {
                flush()
            } else {
                if current.isEmpty { start = column }
                current.append(character)
                glyphs.append(BoundingBox(x: left + column * cell + 3, y: row * pitch, width: cell - 6, height: height))
            }
            column += 1
        }
        flush()
        let box = words.dropFirst().reduce(words.first?.box ?? BoundingBox(x: left, y: row * pitch, width: 0, height: height)) { $0.union($1.box) }
        return (Line(text: words.map(\.text).joined(separator: " "), box: box, words: words), glyphs)
    }

    static func lines(_ source: [String], cell: Int = 14) -> (lines: [Line], glyphs: [[BoundingBox]]) {
        let made = source.enumerated().map { line($0.element, row: $0.offset, cell: cell) }
        return (made.map(\.0), made.map(\.1))
    }
}
