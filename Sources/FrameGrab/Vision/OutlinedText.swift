/// Text drawn to be read over any picture: burned-in subtitles and lower thirds, a bright fill
/// inside a dark outline (libass's default white on a black border) or on a dark box that hugs
/// it. The ground-based finder sees neither ground nor ink there: the picture behind changes
/// from letter to letter, and on a light slide the outlines pass for dark letters of their own.
///
/// The fill is what is read. A light pixel belongs to outlined text when its run of light,
/// across or down, ends in the outline a few pixels on at both ends; a letter is a run of such
/// pixels, most of them outlined both ways; rows of letters on a baseline make caption lines.
/// Plain light text on a dark ground passes too, so a row must stand over a picture (the band
/// around it is not mostly dark ground); dark text on light paper passes too (its paper and
/// counters are light outlined by dark), so a row must not be that text's paper or counters.
struct OutlinedText {
    /// Video levels a caption's fill reaches and its outline keeps under (white 235 and black
    /// 16 after encoding; a thin outline blurred over a bright picture stays 100 levels under
    /// the fill).
    static let fillLevel: UInt8 = 200
    static let outlineLevel: UInt8 = 100
    /// How far past the fill's last pixel the outline starts: an antialiased edge or two.
    static let outlineReach = 3
    /// A caption line's band (the row and half its height around) is ordinary text on a dark
    /// ground when this much of it is this dark: a dark slide or a terminal leaves only its
    /// letters light (a tenth of the band), a caption's box hugs its text and leaves the picture
    /// around it (a box's rows are under 70% dark). Grounds are under 64, where a picture's
    /// dark greens and blues under an outline's 100 are not.
    static let darkGround = 0.8
    static let darkGroundLevel: UInt8 = 64
    /// What a caption's outline and the picture behind it are painted for reading: video black.
    static let paintedGround: UInt8 = 16
    /// A counter is under this share of its letter's height; a caption's fill is over it, even
    /// inside an outline a sixth of its height wide on either side.
    static let counterShare = 0.7
    /// Words on a caption's row, at least: subtitles and lower thirds are sentences and names.
    static let fewestWords = 2

    /// The caption blocks in `area` of `image`, each line a row of outlined letters; their
    /// ground is the outline's level (see `grounded`). Dark text on light paper passes the fill
    /// test too, its paper and counters outlined by its letters: `text`, what the ground-based
    /// finder found, tells them apart (`isPaper`).
    static func blocks(in image: GrayImage, within area: BoundingBox, besides text: [TextBlock]) -> [TextBlock] {
        let (width, height) = (image.width, image.height)
        guard width >= 16, height >= 16 else { return [] }
        let fill = image.pixels.map { $0 >= fillLevel }
        guard fill.contains(true) else { return [] }
        let dark = image.pixels.map { $0 <= outlineLevel }
        let outlined = outlinedFill(fill: fill, dark: dark, width: width, height: height)
        let letters = ConnectedComponents.blobs(in: outlined.either, width: width, height: height).filter { blob in
            blob.pixelCount >= 4 && blob.box.height >= 4 && blob.box.height <= height / 6 && blob.box.width <= width / 4
                && 2 * count(outlined.both, in: blob.box, width: width) >= blob.pixelCount
        }
        let rows = TextBlockFinder.lines(from: letters).map { $0.map(\.box) }.filter { glyphs in
            let box = glyphs.dropFirst().reduce(glyphs[0]) { $0.union($1) }
            guard let row = TextEvidence.textRow(glyphs) else { return false }
            return area.intersection(box) == box && !isPaper(glyphs, row: row, box: box, text: text.flatMap(\.lines))
                && standsOverPicture(box, image: image, dark: dark)
        }.sorted { $0.map(\.y).min()! < $1.map(\.y).min()! }
        return captions(rows)
    }

    /// The blocks read as captions that read as text, a row of them clearly and in words (a
    /// caption is sentences OCR knows; light specks of noise that pass for outlined letters read
    /// as a word or two it is unsure of, and a lone light word on a coloured bar or in a code
    /// panel, outlined by its ground, is one word), and the blocks the ground-based finder read
    /// without those that lie mostly under a caption (what it made of the outlines).
    static func kept(_ captions: [ReadBlock], over blocks: [ReadBlock]) -> (captions: [ReadBlock], blocks: [ReadBlock]) {
        let kept = captions.filter { caption in
            let region = ReadRegion(caption, image: nil)
            return region.notText == nil && region.hasClearRow && caption.rows.contains { $0.words.count >= fewestWords }
                && !blocks.contains { isScreenText(caption.block.box, in: $0.block) }
        }
        return (kept, blocks.filter { block in
            !kept.contains { caption in
                (caption.block.box.intersection(block.block.box)?.area ?? 0) * 3 >= block.block.box.area
            }
        })
    }

    /// Whether `box` lies inside a block of light text found on a dark ground, three times its
    /// size or more: a piece of a terminal's or an editor's text (its bright line numbers and
    /// keywords on dark), not a caption over a picture.
    static func isScreenText(_ box: BoundingBox, in block: TextBlock) -> Bool {
        block.polarity == .lightOnDark && block.ground <= darkGroundLevel && block.box.area >= 3 * box.area
            && (box.intersection(block.box)?.area ?? 0) * 10 >= box.area * 9
    }

    /// `image` with each of `blocks` painted for reading: the fill of its letters kept (with
    /// the antialiased pixels beside it), everything else in its box (outline, picture, the
    /// picture seen through the letters' counters) made the outline's level.
    static func grounded(_ image: GrayImage, blocks: [TextBlock]) -> GrayImage {
        var painted = image
        for block in blocks {
            // As far around as OCR's pieces reach (`RecognitionPlan`'s margins), so that no
            // picture is left in them.
            let box = block.box.expanded(by: max(8, block.glyphHeight), within: image.bounds)
            let local = image.cropped(to: box)
            let fill = local.pixels.map { $0 >= fillLevel }
            let outlined = outlinedFill(fill: fill, dark: local.pixels.map { $0 <= outlineLevel }, width: box.width, height: box.height)
            let letters = letterPixels(outlined, width: box.width, height: box.height)
            for y in 0..<box.height {
                for x in 0..<box.width {
                    let keep = letters[y * box.width + x]
                        || (max(0, x - 1)..<min(box.width, x + 2)).contains { letters[y * box.width + $0] }
                        || (max(0, y - 1)..<min(box.height, y + 2)).contains { letters[$0 * box.width + x] }
                    if !keep { painted[box.x + x, box.y + y] = block.ground }
                }
            }
        }
        return painted
    }

    /// The pixels of outlined letters: 4-connected fill outlined along its row or column, most
    /// of it outlined both ways (the picture between two letters is outlined across only), and
    /// not standing inside another letter's box (the picture seen through a counter).
    private static func letterPixels(_ outlined: (either: [Bool], both: [Bool]), width: Int, height: Int) -> [Bool] {
        var label = [Int](repeating: -1, count: outlined.either.count)
        var components: [(pixels: [Int], both: Int, box: BoundingBox)] = []
        for start in outlined.either.indices where outlined.either[start] && label[start] < 0 {
            var pixels = [start], both = 0, next = 0
            label[start] = components.count
            var (left, top, right, bottom) = (start % width, start / width, start % width, start / width)
            while next < pixels.count {
                let index = pixels[next]
                next += 1
                if outlined.both[index] { both += 1 }
                let (x, y) = (index % width, index / width)
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && nx < width && ny >= 0 && ny < height {
                    let neighbour = ny * width + nx
                    if outlined.either[neighbour] && label[neighbour] < 0 {
                        label[neighbour] = components.count
                        pixels.append(neighbour)
                    }
                }
            }
            components.append((pixels, both, BoundingBox(left: left, top: top, right: right + 1, bottom: bottom + 1)))
        }
        var letters = [Bool](repeating: false, count: outlined.either.count)
        for component in components where 2 * component.both >= component.pixels.count {
            let isHole = components.contains { other in
                2 * other.both >= other.pixels.count && other.box.x < component.box.x && other.box.right > component.box.right
                    && other.box.y < component.box.y && other.box.bottom > component.box.bottom
            }
            if !isHole { for pixel in component.pixels { letters[pixel] = true } }
        }
        return letters
    }

    /// How many of `mask`'s pixels in `box` are set.
    private static func count(_ mask: [Bool], in box: BoundingBox, width: Int) -> Int {
        var total = 0
        for y in box.y..<box.bottom {
            for x in box.x..<box.right where mask[y * width + x] { total += 1 }
        }
        return total
    }

    /// Fill pixels whose run of fill, along their row or down their column, ends in the
    /// outline within `outlineReach` at both ends (`either`), and those whose runs both ways do
    /// (`both`).
    private static func outlinedFill(fill: [Bool], dark: [Bool], width: Int, height: Int) -> (either: [Bool], both: [Bool]) {
        var across = [Bool](repeating: false, count: fill.count)
        var down = [Bool](repeating: false, count: fill.count)
        func mark(_ result: inout [Bool], start: Int, count: Int, step: Int) {
            var index = 0
            while index < count {
                guard fill[start + index * step] else { index += 1; continue }
                let first = index
                while index < count && fill[start + index * step] { index += 1 }
                let before = (max(0, first - outlineReach)..<first).contains { dark[start + $0 * step] }
                let after = (index..<min(count, index + outlineReach)).contains { dark[start + $0 * step] }
                if before && after { for inside in first..<index { result[start + inside * step] = true } }
            }
        }
        for y in 0..<height { mark(&across, start: y * width, count: width, step: 1) }
        for x in 0..<width { mark(&down, start: x, count: height, step: width) }
        return (zip(across, down).map { $0 || $1 }, zip(across, down).map { $0 && $1 })
    }

    /// Whether `row` is what dark text on light paper leaves light between and inside its
    /// letters (`text`, the ground-based finder's rows): the paper between letters, most of
    /// its pieces bounded by a letter on either side; or the counters of `o`, `e`, `a`, far
    /// shorter than the letters they stand in. A caption's fill is as tall as the outline the
    /// ground-based finder takes for its letters, but for the outline's width on either side.
    private static func isPaper(_ glyphs: [BoundingBox], row: TextEvidence.TextRow, box: BoundingBox,
                                text: [TextBlock.Row]) -> Bool {
        let rows = text.filter { $0.box.overlapsVertically(box) && $0.box.intersection(box) != nil }
        let letters = rows.flatMap(\.glyphs)
        let between = glyphs.filter { glyph in
            letters.contains { abs($0.right - glyph.x) <= outlineReach && $0.overlapsVertically(glyph) }
                && letters.contains { abs(glyph.right - $0.x) <= outlineReach && $0.overlapsVertically(glyph) }
        }
        if 2 * between.count >= glyphs.count { return true }
        let tallLetters = rows.filter { ink in
            TextEvidence.textRow(ink.glyphs).map { Double(row.letterHeight) < counterShare * Double($0.letterHeight) } ?? false
        }.flatMap(\.glyphs)
        let counters = glyphs.filter { glyph in
            tallLetters.contains { $0.x <= glyph.x && $0.right >= glyph.right && $0.y <= glyph.y && $0.bottom >= glyph.bottom }
        }
        return 2 * counters.count >= glyphs.count
    }

    /// Whether the row in `box` stands over a picture, not on dark ground: the band half its
    /// height around it is not mostly dark (light text on a dark slide or terminal is read by
    /// the ground-based finder, as it always was).
    private static func standsOverPicture(_ box: BoundingBox, image: GrayImage, dark: [Bool]) -> Bool {
        let band = box.expanded(by: box.height / 2, within: image.bounds)
        var darkCount = 0
        for y in band.y..<band.bottom {
            for x in band.x..<band.right where image[x, y] <= darkGroundLevel { darkCount += 1 }
        }
        return Double(darkCount) < darkGround * Double(band.area)
    }

    /// Caption lines one under another, no further apart than a line's height and overlapping
    /// across, as one block each.
    private static func captions(_ rows: [[BoundingBox]]) -> [TextBlock] {
        var groups: [[[BoundingBox]]] = []
        func box(_ row: [BoundingBox]) -> BoundingBox { row.dropFirst().reduce(row[0]) { $0.union($1) } }
        for row in rows {
            let line = box(row)
            if let last = groups.last?.last, line.y - box(last).bottom <= box(last).height,
               line.x < box(last).right, line.right > box(last).x {
                groups[groups.count - 1].append(row)
            } else {
                groups.append([row])
            }
        }
        return groups.map { rows in
            let lines = rows.map { TextBlock.Row(box: box($0), glyphs: $0.sorted { $0.x < $1.x }) }
            let heights = rows.flatMap { $0.map(\.height) }.sorted()
            var block = TextBlock(box: lines.dropFirst().reduce(lines[0].box) { $0.union($1.box) }, polarity: .lightOnDark,
                                  lines: lines, glyphHeight: heights[heights.count * 3 / 4], xHeight: heights[heights.count / 2])
            block.ground = paintedGround
            block.inkContrast = Int(fillLevel) - Int(paintedGround)
            block.isOutlined = true
            return block
        }
    }
}
