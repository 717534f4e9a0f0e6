/// Recognises list bullets. A drawn dot is not a letter: OCR reads it as `e`, `o`, `©` or `°`.
/// A small, roughly round mark standing alone before a line's first word is a bullet, and is
/// given back as `•`, the way a reader would copy the list.
struct BulletMarker: CharacterPass {
    private static let lookAlikes: Set<String> = ["e", "o", "0", "©", "®", "@", "«", "»", "°", "*", "•", "·", "●", "¢", "+", "®"]

    func apply(to region: inout ReadRegion) {
        guard region.kind != .code else { return }
        for index in region.rows.indices {
            var words = region.rows[index].words
            guard words.count >= 2, Self.isBullet(words[0], before: words[1], on: region.rows[index].box) else { continue }
            words[0].text = "•"
            region.rows[index].words = words
        }
    }

    private static func isBullet(_ mark: Word, before next: Word, on line: BoundingBox) -> Bool {
        guard lookAlikes.contains(mark.text) else { return false }
        let aspect = Double(mark.box.width) / Double(max(1, mark.box.height))
        let small = Double(mark.box.height) <= 0.7 * Double(line.height)
        let apart = Double(next.box.x - mark.box.right) >= 0.5 * Double(mark.box.height)
        return aspect >= 0.6 && aspect <= 1.6 && small && apart
    }
}
