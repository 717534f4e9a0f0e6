/// Recognises an application's own labels, the UI chrome around shared content, and gathers
/// each bar into one region: tab bars and title bars along the top edge, status bars along the
/// bottom edge, in type no bigger than the content's. A bar's items are joined by three spaces.
///
/// Along the bottom, a status bar sits on a strip of its own colour, or holds three items or
/// more: a slide's footer (`@speaker · Conference 2026`, `17 / 42`) is text on the slide. Along
/// the top, small type is chrome: a slide's title is large. A sidebar beside an editor's code
/// (a file tree) is chrome too.
enum UIChrome {
    /// The regions as the report shows them, bars gathered. `contentGround` is the ground level
    /// under the main content.
    static func gathered(_ reads: [ReadRegion], contentArea: BoundingBox, typicalGlyphHeight: Int, contentGround: UInt8) -> [Region] {
        let regions = reads.map { $0.region() }
        let glyphHeights = reads.map(\.block.glyphHeight)
        let band = max(24, contentArea.height / 18)
        var top: [Int] = []
        var bottom: [Int] = []
        // A bar's item may look like code on its own (a tab's `fetcher_spec.rb`, a status bar's
        // `Ln 24, Col 34`): along the top it holds a word or two; along the bottom, the row it
        // makes must be a bar (below).
        // A caption is the picture's, never the application's.
        for (index, region) in regions.enumerated() where region.lines.count == 1 && region.role != .caption {
            guard glyphHeights[index] <= typicalGlyphHeight + typicalGlyphHeight / 5 else { continue }
            let fewWords = region.kind != .code || region.lines[0].words.count <= 2
            if region.box.bottom - contentArea.y <= band && fewWords { top.append(index) }
            if contentArea.bottom - region.box.bottom <= band { bottom.append(index) }
        }
        var bars: [[Int]] = rows(of: top, in: regions)
        bars += rows(of: bottom, in: regions).filter { row in
            row.count >= 3 || row.allSatisfy { abs(Int(reads[$0].block.ground) - Int(contentGround)) > 20 }
        }
        var result = regions.enumerated().filter { index, _ in !bars.joined().contains(index) }.map { index, region in
            var region = region
            if isSidebar(index, in: regions, contentArea: contentArea, glyphHeights: glyphHeights)
                || isIconColumn(region, contentArea: contentArea) {
                region.kind = .ui
            }
            return region
        }
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

    /// A file tree or outline beside an editor: a list of three lines or more starting near the
    /// top, left of code it runs alongside, in type no bigger than the code's. (A slide's list
    /// beside a code panel starts below the title and is set larger.)
    private static func isSidebar(_ index: Int, in regions: [Region], contentArea: BoundingBox, glyphHeights: [Int]) -> Bool {
        let region = regions[index]
        guard region.kind == .text, region.lines.count >= 3,
              region.box.y - contentArea.y <= contentArea.height / 10,
              region.box.width <= contentArea.width * 3 / 10 else { return false }
        return regions.indices.contains { code in
            regions[code].kind == .code && regions[code].box.x >= region.box.right
                && regions[code].box.y < region.box.bottom && regions[code].box.bottom > region.box.y
                && 10 * glyphHeights[index] <= 11 * glyphHeights[code]
        }
    }

    /// An activity bar's icons read as letters: a narrow column along the left or right edge
    /// holding a character or two per line.
    private static func isIconColumn(_ region: Region, contentArea: BoundingBox) -> Bool {
        let nearEdge = region.box.x - contentArea.x <= contentArea.width / 25 || contentArea.right - region.box.right <= contentArea.width / 25
        return region.kind != .code && nearEdge && region.box.width <= contentArea.width / 30
            && region.lines.allSatisfy { $0.text.filter { !$0.isWhitespace }.count <= 2 }
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
