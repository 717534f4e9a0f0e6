/// Finds where the text is on a frame before anything is read, so that each block gets its own
/// polarity, scale and page segmentation, and a big plain frame costs little.
///
/// Ink is whatever differs enough from the local ground (`BackgroundMap`), darker or lighter;
/// each polarity is searched on its own, so a dark code panel on a light slide is found as
/// light text. Ink blobs are chained into lines, lines into blocks.
struct TextBlockFinder {
    /// Gray levels between ground and ink for a pixel to count as ink.
    var contrast = 40

    func blocks(in image: GrayImage) -> [TextBlock] {
        guard image.width >= 8, image.height >= 8 else { return [] }
        let background = BackgroundMap(image)
        var blocks: [TextBlock] = []
        for polarity in [Polarity.darkOnLight, .lightOnDark] {
            var mask = inkMask(image, background: background, polarity: polarity)
            removeRules(from: &mask, width: image.width, height: image.height)
            let blobs = ConnectedComponents.blobs(in: mask, width: image.width, height: image.height)
                .filter { isGlyphSized($0, in: image) }
            let lines = TextBlockFinder.lines(from: blobs)
            blocks += TextBlockFinder.blocks(from: lines, polarity: polarity)
        }
        return blocks.sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }

    // MARK: Ink

    private func inkMask(_ image: GrayImage, background: BackgroundMap, polarity: Polarity) -> [Bool] {
        var mask = [Bool](repeating: false, count: image.width * image.height)
        let tile = background.tileSize
        let threshold = contrast
        image.pixels.withUnsafeBufferPointer { pixels in
            mask.withUnsafeMutableBufferPointer { mask in
                for y in 0..<image.height {
                    let grounds = background.levels(forRow: y)
                    let base = y * image.width
                    var x = 0
                    for ground in grounds {
                        let ground = Int(ground)
                        let end = min(image.width, x + tile)
                        while x < end {
                            let difference = polarity == .darkOnLight ? ground - Int(pixels[base + x]) : Int(pixels[base + x]) - ground
                            mask[base + x] = difference > threshold
                            x += 1
                        }
                    }
                }
            }
        }
        return mask
    }

    /// Clears runs of ink too long to be part of a glyph: panel edges, underlines, rules.
    /// Cutting them keeps text near a panel's edge from merging into one huge blob.
    private func removeRules(from mask: inout [Bool], width: Int, height: Int) {
        let longestAcross = max(100, width / 12)
        let longestDown = max(120, height / 6)
        mask.withUnsafeMutableBufferPointer { mask in
            for y in 0..<height {
                var x = 0
                while x < width {
                    guard mask[y * width + x] else { x += 1; continue }
                    let start = x
                    while x < width && mask[y * width + x] { x += 1 }
                    if x - start > longestAcross {
                        for clear in start..<x { mask[y * width + clear] = false }
                    }
                }
            }
            for x in 0..<width {
                var y = 0
                while y < height {
                    guard mask[y * width + x] else { y += 1; continue }
                    let start = y
                    while y < height && mask[y * width + x] { y += 1 }
                    if y - start > longestDown {
                        for clear in start..<y { mask[clear * width + x] = false }
                    }
                }
            }
        }
    }

    private func isGlyphSized(_ blob: InkBlob, in image: GrayImage) -> Bool {
        blob.pixelCount >= 3 && blob.box.height <= image.height / 3 && blob.box.width <= image.width / 3
    }

    // MARK: Lines

    /// Chains blobs that sit on the same text line and are at most a few spaces apart.
    ///
    /// First blob to blob, with gaps measured against the blobs' own height; then the chains
    /// again, against the chain's full height: a quote mark or a word of short letters
    /// (`-s "v…`) is too low on its own to bridge a space, but not within its line.
    static func lines(from blobs: [InkBlob]) -> [[InkBlob]] {
        let chains = linkAlongRows(blobs.map(\.box), widestGap: 2.5).map { $0.map { blobs[$0] } }
        let chainBoxes = chains.map { chain in chain.dropFirst().reduce(chain[0].box) { $0.union($1.box) } }
        return linkAlongRows(chainBoxes, widestGap: 1.6).map { group in group.flatMap { chains[$0] } }
    }

    /// Groups of indices of `boxes` that sit on one row, each at most `widestGap` times the
    /// taller one's height from the next.
    private static func linkAlongRows(_ boxes: [BoundingBox], widestGap: Double) -> [[Int]] {
        let order = boxes.indices.sorted { boxes[$0].x < boxes[$1].x }
        var links = UnionFind(count: boxes.count)
        let tallest = boxes.map(\.height).max() ?? 0
        for (position, i) in order.enumerated() {
            let a = boxes[i]
            // Sorted by left edge: past the widest gap any box could bridge, none can link.
            for j in order[(position + 1)...] {
                let b = boxes[j]
                let gap = Double(b.x - a.right)
                if gap > widestGap * Double(tallest) + 2 { break }
                if gap <= widestGap * Double(max(a.height, b.height)) + 2 && sameLine(a, b) {
                    links.join(i, j)
                }
            }
        }
        return links.groups()
    }

    /// Overlapping enough vertically; small marks (dots, commas, quotes) count when they lie
    /// within the taller blob's band.
    private static func sameLine(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
        let overlap = min(a.bottom, b.bottom) - max(a.y, b.y)
        let shorter = min(a.height, b.height)
        let taller = max(a.height, b.height)
        if Double(overlap) >= 0.5 * Double(shorter) && Double(shorter) >= 0.3 * Double(taller) { return true }
        // Marks: entirely inside the taller blob's band, widened a little for underscores.
        let band = a.height >= b.height ? a : b
        let mark = a.height >= b.height ? b : a
        let slack = band.height / 4
        return mark.y >= band.y - slack && mark.bottom <= band.bottom + slack && overlap > -slack && shorter <= taller
            && Double(mark.height) < 0.6 * Double(band.height)
    }

    // MARK: Blocks

    private struct TextLine {
        var box: BoundingBox
        var glyphHeight: Int
    }

    private struct BlockInProgress {
        var box: BoundingBox
        var lines: [TextLine]
        var lastRow: BoundingBox

        /// The block's usual line height, so one odd line (a lone brace) does not decide.
        var lineHeight: Int {
            let heights = lines.map(\.box.height).sorted()
            return heights[heights.count / 2]
        }

        var glyphHeight: Int {
            let heights = lines.map(\.glyphHeight).sorted()
            return heights[heights.count / 2]
        }
    }

    /// Joins lines into blocks, top to bottom: a line joins the block above it when it starts
    /// close below the block's last row and within the block's columns (code that dedents to a
    /// lone `}` included), or, a blank line further down, when it has the same text size.
    static func blocks(from chains: [[InkBlob]], polarity: Polarity) -> [TextBlock] {
        var lines: [TextLine] = chains.compactMap { chain in
            let box = chain.dropFirst().reduce(chain[0].box) { $0.union($1.box) }
            // A lone speck is noise, not text.
            guard chain.count >= 2 || box.height >= 8, box.height >= 5 else { return nil }
            let heights = chain.map(\.box.height).sorted()
            return TextLine(box: box, glyphHeight: heights[heights.count * 3 / 4])
        }
        lines.sort { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }

        var blocks: [BlockInProgress] = []
        for line in lines {
            let fits = blocks.indices.filter { accepts(blocks[$0], line) }
            // The nearest block above wins; of equals, the one whose column starts closest.
            if let best = fits.min(by: { distance(blocks[$0], line) < distance(blocks[$1], line) }) {
                var block = blocks[best]
                let sameRow = overlapsVertically(block.lastRow, line.box)
                block.lastRow = sameRow ? block.lastRow.union(line.box) : line.box
                block.lines.append(line)
                block.box = block.box.union(line.box)
                blocks[best] = block
            } else {
                blocks.append(BlockInProgress(box: line.box, lines: [line], lastRow: line.box))
            }
        }

        return blocks.map { block in
            let heights = block.lines.map(\.glyphHeight).sorted()
            return TextBlock(box: block.box, polarity: polarity, lines: mergedRows(block.lines.map(\.box)),
                             glyphHeight: heights[heights.count / 2])
        }
    }

    private static func accepts(_ block: BlockInProgress, _ line: TextLine) -> Bool {
        // Sizes relative to the block's usual line: a line of only short letters ("raise",
        // "a = b") is lower than its neighbours but the same size of text. Text size compares
        // glyph heights, which descenders do not blur (a bold title vs. the list below it).
        let size = Double(block.lineHeight)
        let ratio = Double(line.glyphHeight) / Double(max(1, block.glyphHeight))
        guard ratio >= 0.45, ratio <= 1.6 else { return false }
        if overlapsVertically(block.lastRow, line.box) {
            // The rest of a row split at a wide gap (aligned comments) when the block's columns
            // already reach over it; not a column beside the block.
            let gap = Double(line.box.x - block.lastRow.right)
            return gap >= 0 && gap <= 3.5 * size && line.box.x < block.box.right
        }
        let verticalGap = Double(line.box.y - block.lastRow.bottom)
        guard verticalGap >= -size / 4 else { return false }
        // Within the block's columns: starting inside it, or a little to its left.
        let columnSlack = 1.5 * size
        guard Double(line.box.x) >= Double(block.box.x) - columnSlack,
              Double(line.box.x) <= Double(block.box.right) + columnSlack / 2 else { return false }
        if verticalGap <= 0.9 * size { return true }
        // A blank line apart: paragraphs of one block, or code with blank lines.
        return verticalGap <= 2.4 * size && ratio >= 0.77 && ratio <= 1.3
    }

    private static func distance(_ block: BlockInProgress, _ line: TextLine) -> Int {
        max(0, line.box.y - block.lastRow.bottom) * 4 + abs(line.box.x - block.box.x)
    }

    private static func overlapsVertically(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
        min(a.bottom, b.bottom) - max(a.y, b.y) > min(a.height, b.height) / 2
    }

    /// Line pieces that share a row become one line box.
    private static func mergedRows(_ boxes: [BoundingBox]) -> [BoundingBox] {
        var rows: [BoundingBox] = []
        for box in boxes.sorted(by: { ($0.y, $0.x) < ($1.y, $1.x) }) {
            if let last = rows.last, overlapsVertically(last, box) {
                rows[rows.count - 1] = last.union(box)
            } else {
                rows.append(box)
            }
        }
        return rows
    }
}

/// Disjoint sets over indices, for grouping blobs into lines and lines into blocks.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) {
        parent = Array(0..<count)
    }

    mutating func find(_ index: Int) -> Int {
        var index = index
        while parent[index] != index {
            parent[index] = parent[parent[index]]
            index = parent[index]
        }
        return index
    }

    mutating func join(_ a: Int, _ b: Int) {
        let rootA = find(a), rootB = find(b)
        if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
    }

    /// Members of each set, in index order.
    mutating func groups() -> [[Int]] {
        var byRoot: [Int: [Int]] = [:]
        for index in parent.indices { byRoot[find(index), default: []].append(index) }
        return byRoot.keys.sorted().compactMap { byRoot[$0] }
    }
}
