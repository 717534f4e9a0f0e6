/// Finds where the text is on a frame before anything is read, so that each block gets its own
/// polarity, scale and page segmentation, and a big plain frame costs little.
///
/// Ink is whatever differs enough from the local ground (`BackgroundMap`), darker or lighter;
/// each polarity is searched on its own, so a dark code panel on a light slide is found as
/// light text. Ink blobs are chained into lines, lines into blocks.
struct TextBlockFinder {
    /// Gray levels between ground and ink for a pixel to count as ink.
    var contrast = BackgroundMap.inkStep
    /// The same for dim text, looked for away from the text found with `contrast`.
    var faintContrast = BackgroundMap.faintInkStep
    /// On a grainy ground (film grain, sensor noise, a camera picture's texture) ink also stands
    /// this many sigmas of the ground's grain off it: Gaussian grain passes 4 sigma at 3 pixels
    /// in 100,000, alone, and uniform grain never does. Text is drawn to be read: a grainy
    /// slide's letters stand far further off than that.
    var grainSigmas = 4

    /// What the finder found on a picture.
    struct Found {
        var blocks: [TextBlock] = []
        /// The glyph-sized ink that stands clearly off its ground, in blocks or not (what tells
        /// the text's skew).
        var glyphs: [BoundingBox] = []
        /// Solid patches among the letters, left out of the blocks (`InkSurfaces`).
        var surfaces: [InkSurfaces.Surface] = []
    }

    func blocks(in image: GrayImage) -> [TextBlock] {
        find(in: image).blocks
    }

    func find(in image: GrayImage) -> Found {
        guard image.width >= 8, image.height >= 8 else { return Found() }
        var background = BackgroundMap(image)
        var glyphs: [BoundingBox] = []
        var surfaces: [InkSurfaces.Surface] = []
        let strong = [Polarity.darkOnLight, .lightOnDark].map { polarity in
            polarityRows(in: image, background: background, polarity: polarity, threshold: contrast, away: [],
                         glyphs: &glyphs, surfaces: &surfaces)
        }
        // A panel bounds its text: a surface that most rows of text run across the side of (a
        // column vim's cursorcolumn darkens cuts the terminal's ground in two) is none.
        background.removePanels(crossedBy: strong.flatMap { $0.rows.map { $0.map(\.box) } })
        var blocks = strong.flatMap { self.blocks(from: $0, in: image, background: background) }
        // Dim text (an editor's line numbers, a washed-out theme) stays under the threshold
        // that keeps bright text clean. Look again with a fainter one, away from the text
        // already found, where the halo around bright strokes would pass it too. Beside that
        // text it needs no evidence of its own (a dim gutter's single digits, a dim `*/`).
        let found = blocks.map { $0.box.expanded(by: max(8, $0.glyphHeight), within: image.bounds) }
        // The halo of the rows found: a pixel or two around their letters.
        let halos = blocks.flatMap { block in
            block.lines.map { $0.box.expanded(by: max(2, block.glyphHeight / 4), within: image.bounds) }
        }
        for polarity in [Polarity.darkOnLight, .lightOnDark] {
            let anchors = blocks.filter { $0.polarity == polarity }.flatMap { block in
                block.lines.map { TextEvidence.Anchor(box: $0.box, letterHeight: block.xHeight, text: TextEvidence.textRow($0.glyphs)) }
            }
            var faint: [BoundingBox] = []
            let rows = polarityRows(in: image, background: background, polarity: polarity, threshold: faintContrast,
                                    away: found, halos: halos, glyphs: &faint, surfaces: &surfaces)
            blocks += self.blocks(from: rows, in: image, background: background, beside: anchors)
        }
        for index in blocks.indices { blocks[index].panel = background.panel(holding: blocks[index].box) }
        return Found(blocks: blocks.withMarksSizedByTheirText().sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) },
                     glyphs: glyphs, surfaces: surfaces)
    }

    /// The rows of one polarity's ink, before they are laid out into blocks.
    private struct InkRows {
        var polarity: Polarity
        var threshold: Int
        var rows: [[InkBlob]]
        /// Bars too long for a glyph, that may still be a row of `=`, `-` or `~`.
        var bars: [BoundingBox]
        /// Specks inside rows: their periods, colons and commas.
        var marks: [BoundingBox]
    }

    /// Rows of one polarity from ink `threshold` levels off the ground, leaving out blobs
    /// that touch any of `away` but rows of marks alike clear of the `halos` (a faint `"""`
    /// under the line found, whose ticks a higher threshold broke into pixels). The glyph-sized
    /// blobs are added to `glyphs`, the solid patches left out to `surfaces`.
    private func polarityRows(in image: GrayImage, background: BackgroundMap, polarity: Polarity, threshold: Int,
                              away: [BoundingBox], halos: [BoundingBox] = [],
                              glyphs: inout [BoundingBox], surfaces: inout [InkSurfaces.Surface]) -> InkRows {
        var mask = inkMask(image, background: background, polarity: polarity, threshold: threshold)
        // Bars too long for a glyph may still be a row of text: `=` or `-` in monospace type
        // touch into rules, `~` into one wavy stroke. The assembler keeps those on a code row.
        var bars = removeRules(from: &mask, width: image.width, height: image.height)
        func glyphBlobs() -> [InkBlob] {
            let blobs = ConnectedComponents.blobs(in: mask, width: image.width, height: image.height)
                .filter { blob in isGlyphSized(blob, in: image) || isBar(blob) }
            func touches(_ boxes: [BoundingBox], _ blob: InkBlob) -> Bool { boxes.contains { $0.intersection(blob.box) != nil } }
            var clear: [InkBlob] = [], between: [InkBlob] = []
            for blob in blobs {
                if !touches(away, blob) {
                    clear.append(blob)
                } else if !touches(halos, blob), isGlyphSized(blob, in: image) {
                    between.append(blob)
                }
            }
            return clear + TextBlockFinder.lines(from: between).filter { TextBlockAssembler.isMarkRow($0.map(\.box)) }.flatMap { $0 }
        }
        var all = glyphBlobs()
        bars = bars.filter { bar in !away.contains { $0.intersection(bar) != nil } } + all.filter { !isGlyphSized($0, in: image) }.map(\.box)
        all.removeAll { !isGlyphSized($0, in: image) }
        let solid = InkSurfaces.removed(from: &mask, blobs: all, in: image)
        surfaces += solid
        if solid.contains(where: \.joinsRows) { all = glyphBlobs().filter { isGlyphSized($0, in: image) } }
        let found = all.filter { $0.pixelCount >= 3 }
        let heights = found.map(\.box.height).sorted()
        let typical = heights.isEmpty ? 0 : heights[heights.count / 2]
        let blobs = found.filter { !isOutline($0, typicalHeight: typical) }
        glyphs += blobs.map(\.box)
        // Two pixels are noise, or a dot of a small bitmap font: a row of them is text (pytest's
        // `.....` in Terminus); one inside a row is its period, colon or comma.
        let specks = TextBlockFinder.lines(from: all.filter { $0.pixelCount == 2 })
        let dots = specks.filter { TextBlockAssembler.isDotRow($0.map(\.box)) }
        let marks = specks.filter { !TextBlockAssembler.isDotRow($0.map(\.box)) }.flatMap { $0.map(\.box) }
        // Rows the halves of glyphs cut by a rule came back together in are read whole; those
        // left apart are the rule's strokes.
        let rows = TextBlockFinder.joiningHalves(TextBlockFinder.lines(from: blobs, glyphHeight: typical, amid: all.map(\.box))) + dots
        let strokes = TextBlockFinder.strokesCut(by: bars, among: rows)
        let lines = rows.indices.filter { !strokes.contains($0) }.map { rows[$0] }
        return InkRows(polarity: polarity, threshold: threshold, rows: lines, bars: bars, marks: marks)
    }

    /// The blocks `ink`'s rows make; rows beside `anchors`, or in a panel with them, need no
    /// evidence of their own.
    private func blocks(from ink: InkRows, in image: GrayImage, background: BackgroundMap,
                        beside anchors: [TextEvidence.Anchor] = []) -> [TextBlock] {
        TextBlockAssembler.blocks(from: ink.rows, bars: ink.bars, polarity: ink.polarity, surface: { row in
            // Half a row's height around it: the ground on either side of its letters.
            let level = image.commonLevel(around: row, margin: row.height / 2)
            return (level, image.inkContrast(in: row, ground: level, polarity: ink.polarity))
        }, panel: background.panel(holding:), beside: anchors).map { block in
            measured(block.withMarks(ink.marks), in: image)
        }.filter { !isEdgeOfSurface($0, in: image, threshold: ink.threshold) }
    }

    // MARK: Ink

    /// The block with its ground level (the most common level in its box, as for its rows) and
    /// the contrast of its strong strokes (the 98th percentile of how far its pixels stand from
    /// that ground), with the pixel rows just above and below: a row of `=` 5 pixels tall is
    /// mostly ink.
    private func measured(_ block: TextBlock, in image: GrayImage) -> TextBlock {
        var block = block
        let rows = BoundingBox(x: block.box.x, y: block.box.y - 2, width: block.box.width, height: block.box.height + 4)
        block.ground = image.commonLevel(around: rows, margin: block.glyphHeight / 2)
        block.inkContrast = image.inkContrast(in: block.box, ground: block.ground, polarity: block.polarity)
        return block
    }

    /// Whether a block of one row is the ink side of an edge between two surfaces rather than
    /// letters: the picture steps from ink to ground at the row's bottom, and goes on stepping
    /// there beyond both its ends (texture above a box's edge, cut into marks that all end on
    /// it), by at least half the ink's contrast and half the threshold it was found with. Text
    /// is drawn on one ground: beside a row, above and below its baseline are the same level.
    private func isEdgeOfSurface(_ block: TextBlock, in image: GrayImage, threshold: Int) -> Bool {
        guard block.lines.count == 1 else { return false }
        let box = block.box, height = max(4, box.height)
        let band = max(2, height / 2)
        func stepsAtBottom(left: Int, right: Int) -> Bool? {
            let left = max(0, left), right = min(image.width, right)
            guard right - left >= height, box.bottom - band >= 0, box.bottom + band <= image.height else { return nil }
            let above = Int(image.commonLevel(around: BoundingBox(left: left, top: box.bottom - band, right: right, bottom: box.bottom), margin: 0))
            let below = Int(image.commonLevel(around: BoundingBox(left: left, top: box.bottom, right: right, bottom: box.bottom + band), margin: 0))
            let step = block.polarity == .darkOnLight ? below - above : above - below
            return 2 * step >= max(threshold, block.inkContrast)
        }
        // A letter's space away from the row's ends, two letters wide.
        let sides = [stepsAtBottom(left: box.x - 3 * height, right: box.x - height),
                     stepsAtBottom(left: box.right + height, right: box.right + 3 * height)].compactMap { $0 }
        return sides.count == 2 && sides.allSatisfy { $0 }
    }

    private func inkMask(_ image: GrayImage, background: BackgroundMap, polarity: Polarity, threshold: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: image.width * image.height)
        let tile = background.tileSize
        image.pixels.withUnsafeBufferPointer { pixels in
            mask.withUnsafeMutableBufferPointer { mask in
                for y in 0..<image.height {
                    let grounds = background.levels(forRow: y)
                    let grains = background.grains(forRow: y)
                    let base = y * image.width
                    var x = 0
                    for (ground, grain) in zip(grounds, grains) {
                        let ground = Int(ground)
                        let threshold = max(threshold, grainSigmas * Int(grain))
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
    /// Cutting them keeps text near a panel's edge from merging into one huge blob. Returns
    /// the horizontal bars cleared: runs on consecutive rows over the same columns are one bar.
    private func removeRules(from mask: inout [Bool], width: Int, height: Int) -> [BoundingBox] {
        var bars: [BoundingBox] = []
        var open: [Int] = []   // indices of the bars that reach the row above
        mask.withUnsafeMutableBufferPointer { mask in
            for y in 0..<height {
                var reaching: [Int] = []
                let longest = max(100, width / 12)
                for run in Self.clearRuns(in: &mask, longerThan: longest, from: y * width, count: width, step: 1, piecesOver: longest / 8) {
                    if let bar = open.first(where: { Self.mostlyOver(bars[$0], run) }) {
                        bars[bar] = bars[bar].union(BoundingBox(x: run.lowerBound, y: y, width: run.count, height: 1))
                        reaching.append(bar)
                    } else {
                        bars.append(BoundingBox(x: run.lowerBound, y: y, width: run.count, height: 1))
                        reaching.append(bars.count - 1)
                    }
                }
                open = reaching
            }
            for x in 0..<width {
                _ = Self.clearRuns(in: &mask, longerThan: max(120, height / 6), from: x, count: height, step: width)
            }
        }
        return bars
    }

    /// The indices of the rows among `rows` that are strokes of the glyphs `rules` are made of: a
    /// banner of small `#` touches into two rules, and its stems, cut off by them, are rows of
    /// specks alike, each against a rule along its length and going on across it (pieces over
    /// the same columns on its other side). Text standing on an underline stops there. The rules
    /// stand for the row; its glyphs are read whole from the picture.
    static func strokesCut(by rules: [BoundingBox], among rows: [[InkBlob]]) -> Set<Int> {
        let boxes = rows.map { $0.map(\.box) }
        let marks = boxes.indices.filter { boxes[$0].count >= 2 * RepeatedGlyphs.shortestRun && TextBlockAssembler.isMarkRow(boxes[$0]) }
        func box(_ row: [BoundingBox]) -> BoundingBox { row.dropFirst().reduce(row[0]) { $0.union($1) } }
        // The side of `rule` a row lies against along its length: -1 above, 1 below.
        func side(_ row: [BoundingBox], of rule: BoundingBox) -> Int? {
            let box = box(row)
            guard box.x >= rule.x - box.height, box.right <= rule.right + box.height, 10 * box.width >= 8 * rule.width else { return nil }
            return box.bottom == rule.y ? -1 : rule.bottom == box.y ? 1 : nil
        }
        func centres(_ row: [BoundingBox]) -> [Double] { row.map { Double($0.x) + Double($0.width) / 2 } }
        var cut = Set<Int>()
        for rule in rules {
            for row in marks {
                guard let against = side(boxes[row], of: rule) else { continue }
                // A slanting stem moves a pixel or so across a thin rule.
                let across = marks.filter { side(boxes[$0], of: rule) == -against }.flatMap { centres(boxes[$0]) }
                let continuing = centres(boxes[row]).filter { centre in across.contains { abs($0 - centre) <= 2 } }
                if 5 * continuing.count >= 4 * boxes[row].count { cut.insert(row) }
            }
        }
        return cut
    }

    /// Whether most of the shorter of a bar's columns and a run's lie over the other.
    private static func mostlyOver(_ bar: BoundingBox, _ run: Range<Int>) -> Bool {
        min(bar.right, run.upperBound) - max(bar.x, run.lowerBound) >= min(bar.width, run.count) * 9 / 10
    }

    /// Clears the runs of set pixels longer than `longest` along one row or column of `mask`:
    /// `count` pixels from `start`, `step` apart. Returns them, as offsets from `start`.
    /// A rule broken by something drawn over it (a cursor's cell on an underlined row) is
    /// one rule: a run longer than `piece` that continues a cleared one, at most `piece` from
    /// its end, goes with it. Glyphs are not measured yet, so `piece` comes from the frame's
    /// width (20 px at 1080p): a cursor wider than that, in a zoomed font, still breaks it.
    static func clearRuns(in mask: inout UnsafeMutableBufferPointer<Bool>, longerThan longest: Int, from start: Int, count: Int,
                          step: Int, piecesOver piece: Int? = nil) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var index = 0
        while index < count {
            guard mask[start + index * step] else { index += 1; continue }
            let runStart = index
            while index < count && mask[start + index * step] { index += 1 }
            if piece != nil || index - runStart > longest { runs.append(runStart..<index) }
        }
        var cleared = runs.map { $0.count > longest }
        if let piece, cleared.contains(true) {
            func continues(_ run: Int, _ neighbour: Int) -> Bool {
                cleared[neighbour] && runs[run].count > piece
                    && max(runs[run].lowerBound - runs[neighbour].upperBound, runs[neighbour].lowerBound - runs[run].upperBound) <= piece
            }
            for run in runs.indices.dropFirst() where continues(run, run - 1) { cleared[run] = true }
            for run in runs.indices.dropLast().reversed() where continues(run, run + 1) { cleared[run] = true }
        }
        let result = zip(runs, cleared).filter(\.1).map(\.0)
        for run in result {
            for clear in run { mask[start + clear * step] = false }
        }
        return result
    }

    private func isGlyphSized(_ blob: InkBlob, in image: GrayImage) -> Bool {
        // Two pixels are a dot in a small bitmap font (pytest's `.....` in Terminus).
        blob.pixelCount >= 2 && blob.box.height <= image.height / 3 && blob.box.width <= image.width / 3
    }

    /// A stroke too wide for a glyph and thin for its width: glyphs that touch along a row
    /// (a run of `~`).
    private func isBar(_ blob: InkBlob) -> Bool {
        blob.box.height * 8 <= blob.box.width
    }

    /// A thin frame bigger than the text around it: an icon, a checkbox, a button's border.
    /// It is closed on all four sides: ink all across its top and bottom rows and down its
    /// left and right edges. Letters are not (`Z` and `E` have open sides, `O` round ones).
    private func isOutline(_ blob: InkBlob, typicalHeight: Int) -> Bool {
        let smallest = max(16, typicalHeight * 13 / 10)
        guard blob.box.width >= smallest, blob.box.height >= smallest,
              Double(blob.pixelCount) < 0.4 * Double(blob.box.area) else { return false }
        let across = blob.box.width * 7 / 10
        let down = blob.box.height * 7 / 10
        return blob.topSpan >= across && blob.bottomSpan >= across
            && blob.rowsAtLeftEdge >= down && blob.rowsAtRightEdge >= down
    }

    // MARK: Lines

    /// Chains blobs that sit on the same text line and are at most a few spaces apart.
    ///
    /// First blob to blob, with gaps measured against the blobs' own height; then the chains
    /// again, against the chain's full height: a quote mark or a word of short letters
    /// (`-s "v…`) is too low on its own to bridge a space, but not within its line. Given the
    /// glyphs' typical height and all the `ink` around, dots a cell apart chain too
    /// (`joiningDotsACellApart`).
    static func lines(from blobs: [InkBlob], glyphHeight: Int = 0, amid ink: [BoundingBox] = []) -> [[InkBlob]] {
        var chains = linkAlongRows(blobs.map(\.box), widestGap: 2.5, dashesReachUpTo: glyphHeight > 0 ? glyphHeight : nil)
            .map { $0.map { blobs[$0] } }
        if glyphHeight > 0 { chains = chains.flatMap { apartFromRowsJoined($0, glyphHeight: glyphHeight) } }
        if glyphHeight > 0 { chains = joiningDotsACellApart(chains, glyphHeight: glyphHeight, amid: ink) }
        let chainBoxes = chains.map { chain in chain.dropFirst().reduce(chain[0].box) { $0.union($1.box) } }
        return linkAlongRows(chainBoxes, widestGap: 1.6).map { group in group.flatMap { chains[$0] } }
    }

    /// A chain twice the glyphs' height or more, where a blob stands over two rows (a
    /// descender touching the capital under it, in type set with no leading): chained again
    /// without the blobs taller than most of its glyphs by half, it is rows one over the other
    /// when the chains of two glyphs or more stand on levels that share no pixel row and stand
    /// no further apart than a descender reaches, a glyph's height. Each blob left out goes with
    /// the level it shares most pixel rows with, or, where it shares half a glyph's height with
    /// two or more, is cut at the top of each next one. A chain on one level, or on levels
    /// further apart (rows with leading that a mouse pointer's I-beam bridges: the pointer is
    /// found whole), is left as it was.
    static func apartFromRowsJoined(_ chain: [InkBlob], glyphHeight: Int) -> [[InkBlob]] {
        func band(_ blobs: [InkBlob]) -> BoundingBox { blobs.dropFirst().reduce(blobs[0].box) { $0.union($1.box) } }
        guard band(chain).height >= 2 * glyphHeight, let usual = chain.map(\.box.height).median else { return [chain] }
        let joining = chain.filter { 2 * $0.box.height >= 3 * usual }
        let rest = chain.filter { 2 * $0.box.height < 3 * usual }
        // Glyphs join rows one over the other; a band as wide as cells (nano's reversed key
        // labels on two rows of its bar) is drawn over two rows.
        guard let glyphWidth = rest.map(\.box.width).median, joining.allSatisfy({ 2 * $0.box.width <= 3 * glyphWidth }) else { return [chain] }
        let chains = linkAlongRows(rest.map(\.box), widestGap: 2.5, dashesReachUpTo: glyphHeight).map { $0.map { rest[$0] } }
        // The levels the chains of two glyphs or more stand on, top to bottom.
        var levels: [BoundingBox] = []
        for level in chains.filter({ $0.count >= 2 }).map(band).sorted(by: { $0.y < $1.y }) {
            if let last = levels.last, level.y < last.bottom {
                levels[levels.count - 1] = last.union(level)
            } else {
                levels.append(level)
            }
        }
        guard levels.count >= 2, zip(levels, levels.dropFirst()).allSatisfy({ $1.y - $0.bottom <= usual }) else { return [chain] }
        var rows = Array(repeating: [InkBlob](), count: levels.count)
        for blob in chains.flatMap({ $0 }) + joining {
            func shared(_ level: BoundingBox) -> Int { min(level.bottom, blob.box.bottom) - max(level.y, blob.box.y) }
            let over = levels.indices.filter { 2 * shared(levels[$0]) >= usual }
            guard over.count >= 2 else {
                if let nearest = levels.indices.max(by: { shared(levels[$0]) < shared(levels[$1]) }) { rows[nearest].append(blob) }
                continue
            }
            for (order, index) in over.enumerated() {
                // Down to where the next level's glyphs start: a descender is its own row's.
                let top = order == 0 ? blob.box.y : levels[index].y
                let bottom = order == over.count - 1 ? blob.box.bottom : levels[over[order + 1]].y
                var part = blob
                part.box = BoundingBox(left: blob.box.x, top: top, right: blob.box.right, bottom: bottom)
                part.pixelCount = max(1, blob.pixelCount * (bottom - top) / blob.box.height)
                rows[index].append(part)
            }
        }
        // Each level keeps its own glyphs: none is left empty.
        return rows
    }

    /// Dots each alone on its chain (a third of the glyphs' height or less), alike and on one
    /// level, three or more an even step apart, joined into one chain: dots drawn one a cell
    /// (Noto Sans Mono's `...` at 720p: dots 3 pixels, a cell 14) stand further apart than
    /// glyphs chain. A dot is a sixth of its cell or more in any text face, so the step is at
    /// most six of its sides. Each stands clear of other ink by its height all round: pieces
    /// of glyphs the threshold broke apart (faint small asterisks, a spoke over arms cut in
    /// two) do not.
    static func joiningDotsACellApart(_ chains: [[InkBlob]], glyphHeight: Int, amid ink: [BoundingBox]) -> [[InkBlob]] {
        func box(_ index: Int) -> BoundingBox { chains[index][0].box }
        let lone = chains.indices.filter { chains[$0].count == 1 && 3 * max(box($0).width, box($0).height) <= glyphHeight }
            .sorted { box($0).x < box($1).x }
        guard lone.count >= 3 else { return chains }
        // Dots by the pixel row they end on, and ink by bands of rows: a frame of grain holds
        // thousands of specks.
        let byBottom = Dictionary(grouping: lone) { box($0).bottom }
        let band = 32
        var inkByBand: [Int: [BoundingBox]] = [:]
        for other in ink {
            for index in other.y / band...max(other.y, other.bottom - 1) / band { inkByBand[index, default: []].append(other) }
        }
        func isClear(_ dot: BoundingBox) -> Bool {
            let reach = dot.height
            return !(max(0, dot.y - reach) / band...(dot.bottom + reach) / band).contains { index in
                (inkByBand[index] ?? []).contains { other in
                    other != dot && max(other.x - dot.right, dot.x - other.right) < reach
                        && max(other.y - dot.bottom, dot.y - other.bottom) < reach
                }
            }
        }
        var level: [Int: [Int]] = [:]
        var joined = UnionFind(count: chains.count)
        var taken = Set<Int>()
        for start in lone where !taken.contains(start) {
            let first = box(start)
            guard isClear(first) else { continue }
            if level[first.bottom] == nil {
                level[first.bottom] = (first.bottom - 1...first.bottom + 1).flatMap { byBottom[$0] ?? [] }.sorted { box($0).x < box($1).x }
            }
            // Left to right, each next dot the nearest alike, a step like the first one's.
            var run = [start]
            var step: Int?
            for candidate in level[first.bottom] ?? [] where box(candidate).x > box(run[run.count - 1]).right {
                let next = box(candidate), last = box(run[run.count - 1])
                guard next.x - last.x <= 6 * max(first.width, first.height) else { break }
                guard !taken.contains(candidate), abs(next.width - first.width) <= 1, abs(next.height - first.height) <= 1 else { continue }
                guard step.map({ abs(next.x - last.x - $0) <= 1 }) ?? true, isClear(next) else { break }
                step = step ?? next.x - last.x
                run.append(candidate)
            }
            guard run.count >= 3, TextBlockAssembler.isMarkRow(run.map(box)) else { continue }
            for index in run {
                joined.join(start, index)
                taken.insert(index)
            }
        }
        return joined.groups().map { group in group.flatMap { chains[$0] } }
    }

    /// Rows of glyphs that broke in two across their middle, joined: a faint asterisk drawn
    /// in grey loses its thin hub to the threshold, and a banner of them chains as two rows
    /// a pixel or two apart, each of the same pieces repeated (blobs of one or two heights),
    /// each piece standing over a piece of the other row, the two together no taller than
    /// twice either's pieces and the gap (the halves of one glyph). Rows of text hold letters
    /// of more heights: small, tall, marks; and a word of small and tall letters alone (vim's
    /// `Examples` heading) over a row of dashes and a block cursor a line tall is two rows.
    /// Something drawn over the banner (a block cursor) may cut one half in two, or leave a
    /// piece of its own glyph in the other: each piece of a half stands over the other half,
    /// which stands over the pieces together; only pieces over each other measure the gap.
    static func joiningHalves(_ lines: [[InkBlob]]) -> [[InkBlob]] {
        let boxes = lines.map { line in line.dropFirst().reduce(line[0].box) { $0.union($1.box) } }
        func repeated(_ index: Int) -> Bool {
            let heights = lines[index].map(\.box.height).sorted()
            guard heights.count >= RepeatedGlyphs.shortestRun else { return false }
            // Heights a pixel apart are one; a glyph broken in pieces gives one or two.
            let kinds = zip(heights.dropFirst(), heights).filter { $0 - $1 > 1 }.count + 1
            return kinds <= 2
        }
        func over(_ piece: InkBlob, _ others: [InkBlob]) -> Bool {
            others.contains { min($0.box.right, piece.box.right) - max($0.box.x, piece.box.x) >= min($0.box.width, piece.box.width) / 2 }
        }
        func stands(_ pieces: [InkBlob], over others: [InkBlob]) -> Bool {
            5 * pieces.filter { over($0, others) }.count >= 4 * pieces.count
        }
        func pieceHeight(_ index: Int) -> Int { lines[index].map(\.box.height).median ?? 0 }
        func halves(_ upper: Int, _ lower: Int) -> Bool {
            // Rows whose boxes stand further apart hold no pieces nearer (a cheap look first).
            guard boxes[lower].y <= boxes[upper].bottom + 2, boxes[upper].y < boxes[lower].bottom else { return false }
            let upperPieces = lines[upper].filter { over($0, lines[lower]) }, lowerPieces = lines[lower].filter { over($0, lines[upper]) }
            guard let top = upperPieces.map(\.box.y).min(), let upperBottom = upperPieces.map(\.box.bottom).max(),
                  let lowerTop = lowerPieces.map(\.box.y).min(), let bottom = lowerPieces.map(\.box.bottom).max() else { return false }
            let gap = lowerTop - upperBottom
            return gap >= 0 && gap <= 2 && bottom - top <= 2 * max(pieceHeight(upper), pieceHeight(lower)) + gap
        }
        let candidates = lines.indices.filter(repeated)
        var joined = UnionFind(count: lines.count)
        for row in candidates {
            // The halves under the row, then those over it.
            for under in [true, false] {
                let halvesOfRow = candidates.filter { half in
                    half != row && (under ? halves(row, half) : halves(half, row)) && stands(lines[half], over: lines[row])
                }
                guard !halvesOfRow.isEmpty, stands(lines[row], over: halvesOfRow.flatMap { lines[$0] }) else { continue }
                for half in halvesOfRow { joined.join(row, half) }
            }
        }
        return joined.groups().map { group in group.flatMap { lines[$0] } }
    }

    /// Groups of indices of `boxes` that sit on one row, each at most `widestGap` times the
    /// shorter one's height from the next, so that a tall neighbour (an icon) reaches no
    /// further than the text beside it would; a small mark (`-`, `.`, a quote) reaches as far
    /// as the letter beside it.
    ///
    /// Boxes on one row share a band of rows (`rowLink`): each is looked for among the boxes
    /// of the bands it covers, so that the time grows with the ink on each band, not with the
    /// ink on the whole frame (a frame of grain holds tens of thousands of specks).
    private static func linkAlongRows(_ boxes: [BoundingBox], widestGap: Double, dashesReachUpTo letterHeight: Int? = nil) -> [[Int]] {
        // Two flat marks alike (dashes drawn one a cell, a pixel tall: one font draws one dash
        // alike) reach as far as they are wide, up to as far as a letter does.
        func dashReach(_ box: BoundingBox) -> Int? {
            guard let letterHeight, box.width >= 2 * box.height else { return nil }
            return min(box.width, letterHeight)
        }
        func dashesAlike(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
            dashReach(a) != nil && dashReach(b) != nil && abs(a.width - b.width) <= 1 && abs(a.height - b.height) <= 1
        }
        var links = UnionFind(count: boxes.count)
        let bandHeight = 32
        // A mark counts as on a row within a quarter of the row's height above or below it.
        func slack(_ box: BoundingBox) -> Int { box.height / 4 + 1 }
        var bands: [[Int]] = Array(repeating: [], count: (boxes.map { $0.bottom + slack($0) }.max() ?? 0) / bandHeight + 1)
        for (index, box) in boxes.enumerated() {
            for band in max(0, box.y - slack(box)) / bandHeight...(box.bottom + slack(box)) / bandHeight { bands[band].append(index) }
        }
        // A mark within reach of two rows (an underscore under a short line, just above the
        // next line's capitals) goes with the nearer only, or it would join the two.
        var markLinks: [Int: [(other: Int, distance: Int)]] = [:]
        for band in bands where band.count > 1 {
            let order = band.sorted { boxes[$0].x < boxes[$1].x }
            let tallest = band.map { max(boxes[$0].height, dashReach(boxes[$0]) ?? 0) }.max() ?? 0
            for (position, i) in order.enumerated() {
                let a = boxes[i]
                // Sorted by left edge: past the widest gap any box could bridge, none can link.
                for j in order[(position + 1)...] {
                    let b = boxes[j]
                    let gap = Double(b.x - a.right)
                    if gap > widestGap * Double(tallest) + 2 { break }
                    let shorter = min(a.height, b.height), taller = max(a.height, b.height)
                    let reach = dashesAlike(a, b) ? dashReach(a) ?? 0 : 2 * shorter < taller ? taller : shorter
                    guard gap <= widestGap * Double(reach) + 2, let link = rowLink(a, b) else { continue }
                    switch link {
                    case .overlapping: links.join(i, j)
                    case .mark(let markIsFirst, let distance):
                        let (mark, other) = markIsFirst ? (i, j) : (j, i)
                        markLinks[mark, default: []].append((other, distance))
                    }
                }
            }
        }
        for (mark, candidates) in markLinks {
            let nearest = candidates.map(\.distance).min() ?? 0
            for candidate in candidates where candidate.distance == nearest { links.join(mark, candidate.other) }
        }
        return links.groups()
    }

    /// How two boxes share a row, if they do: overlapping enough vertically, or one a small
    /// mark (a dot, a comma, a quote, an underscore) entirely inside the taller one's band,
    /// widened a little for underscores, that many pixels above or below it.
    private enum RowLink {
        case overlapping
        case mark(isFirst: Bool, distance: Int)
    }

    private static func rowLink(_ a: BoundingBox, _ b: BoundingBox) -> RowLink? {
        let overlap = min(a.bottom, b.bottom) - max(a.y, b.y)
        let shorter = min(a.height, b.height), taller = max(a.height, b.height)
        if Double(overlap) >= 0.5 * Double(shorter) && Double(shorter) >= 0.3 * Double(taller) { return .overlapping }
        let (band, mark) = a.height >= b.height ? (a, b) : (b, a)
        // An upright stroke (a card's edge, a column rule) is no row for marks to join.
        guard band.width * 10 > band.height else { return nil }
        let slack = band.height / 4
        guard mark.y >= band.y - slack, mark.bottom <= band.bottom + slack, overlap > -slack,
              Double(mark.height) < 0.6 * Double(band.height) else { return nil }
        return .mark(isFirst: a.height < b.height, distance: max(0, band.y - mark.bottom, mark.y - band.bottom))
    }
}
