/// Recognises list bullets. A drawn dot is not a letter: OCR reads it as `e`, `o`, `©` or `°`.
/// A small, roughly round mark standing alone before a line's first word is a bullet, and is
/// given back as `•`, the way a reader would copy the list.
enum BulletMarker {
    private static let lookAlikes: Set<String> = ["e", "o", "0", "©", "®", "@", "«", "»", "°", "*", "•", "·", "●", "¢", "+", "®"]

    static func normalized(_ lines: [Line]) -> [Line] {
        lines.map { line in
            guard line.words.count >= 2, isBullet(line.words[0], before: line.words[1], in: line) else { return line }
            var line = line
            line.words[0].text = "•"
            line.text = line.words.map(\.text).joined(separator: " ")
            return line
        }
    }

    private static func isBullet(_ mark: Word, before next: Word, in line: Line) -> Bool {
        guard lookAlikes.contains(mark.text) else { return false }
        let aspect = Double(mark.box.width) / Double(max(1, mark.box.height))
        let small = Double(mark.box.height) <= 0.7 * Double(line.box.height)
        let apart = Double(next.box.x - mark.box.right) >= 0.5 * Double(mark.box.height)
        return aspect >= 0.6 && aspect <= 1.6 && small && apart
    }
}
