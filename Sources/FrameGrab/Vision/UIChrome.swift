/// Recognises an application's own labels, the UI chrome around shared content: tab bars and
/// status bars. They hug the top or bottom edge of the picture in small type, and hold several
/// short items far apart (`main.rs   lib.rs`, `Ln 12, Col 4   UTF-8   LF`) rather than a sentence.
enum UIChrome {
    static func isChrome(_ lines: [Line], block: TextBlock, contentArea: BoundingBox, typicalGlyphHeight: Int) -> Bool {
        guard lines.count <= 2, let line = lines.first else { return false }
        let band = max(24, contentArea.height / 16)
        let atTop = block.box.y - contentArea.y <= band
        let atBottom = contentArea.bottom - block.box.bottom <= band
        guard atTop || atBottom else { return false }
        guard block.glyphHeight <= typicalGlyphHeight + typicalGlyphHeight / 5 else { return false }
        // Items apart: gaps of several character widths between words.
        let widths = line.words.map { Double($0.box.width) / Double(max(1, $0.text.count)) }.sorted()
        let character = widths.isEmpty ? 1 : widths[widths.count / 2]
        let wideGaps = zip(line.words, line.words.dropFirst()).filter { Double($1.box.x - $0.box.right) >= 2.5 * character }.count
        return wideGaps >= 1
    }
}
