/// Recognises an application's own labels, the UI chrome around shared content, and gathers
/// each bar into one region: tab bars and title bars along the top edge, status bars along the
/// bottom edge, in type no bigger than the content's. A bar's items are joined by three spaces.
///
/// Along the bottom, a status bar sits on a strip of its own colour, or holds three items or
/// more: a slide's footer (`@speaker · Conference 2026`, `17 / 42`) is text on the slide. Along
/// the top, small type is chrome: a slide's title is large.
enum UIChrome {
    /// - Parameters:
    ///   - glyphHeights: each region's typical glyph height.
    ///   - grounds: the ground level under each region; `contentGround`, the main content's.
    static func gathered(_ regions: [Region], contentArea: BoundingBox, typicalGlyphHeight: Int,
                         glyphHeights: [Int], grounds: [UInt8], contentGround: UInt8) -> [Region] {
        let band = max(24, contentArea.height / 18)
        var top: [Int] = []
        var bottom: [Int] = []
        for (index, region) in regions.enumerated() where region.kind != .code && region.lines.count == 1 {
            guard glyphHeights[index] <= typicalGlyphHeight + typicalGlyphHeight / 5 else { continue }
            if region.box.bottom - contentArea.y <= band { top.append(index) }
            if contentArea.bottom - region.box.bottom <= band { bottom.append(index) }
        }
        var bars: [[Int]] = rows(of: top, in: regions)
        bars += rows(of: bottom, in: regions).filter { row in
            row.count >= 3 || row.allSatisfy { abs(Int(grounds[$0]) - Int(contentGround)) > 20 }
        }
        guard !bars.isEmpty else { return regions }

        var result = regions.enumerated().filter { index, _ in !bars.joined().contains(index) }.map(\.element)
        for bar in bars {
            let items = bar.map { regions[$0] }.sorted { $0.box.x < $1.box.x }
            let words = items.flatMap { $0.lines.flatMap(\.words) }
            let box = items.dropFirst().reduce(items[0].box) { $0.union($1.box) }
            let text = items.map(\.text).joined(separator: "   ")
            let line = Line(text: text, box: box, words: words)
            let characters = words.reduce(0) { $0 + $1.text.count }
            let confidence = words.reduce(0.0) { $0 + $1.confidence * Double($1.text.count) } / Double(max(1, characters))
            result.append(Region(kind: .ui, box: box, polarity: items[0].polarity, confidence: confidence, text: text,
                                 lines: [line], detections: items.flatMap(\.detections)))
        }
        return result
    }

    /// The regions among `indices` grouped by the row they share.
    private static func rows(of indices: [Int], in regions: [Region]) -> [[Int]] {
        var rows: [[Int]] = []
        for index in indices.sorted(by: { regions[$0].box.y < regions[$1].box.y }) {
            let box = regions[index].box
            if let row = rows.indices.last(where: { rows[$0].contains { other in
                let o = regions[other].box
                return min(o.bottom, box.bottom) - max(o.y, box.y) > min(o.height, box.height) / 2
            } }) {
                rows[row].append(index)
            } else {
                rows.append([index])
            }
        }
        return rows
    }
}
