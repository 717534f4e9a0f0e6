/// The ground colour behind every part of a picture: slide, panel or terminal background.
///
/// Works on tiles. A flat tile (nearly all one level, give or take its grain) is its own
/// ground, if enough flat tiles of that level touch it to make a surface: a few flat tiles
/// inside the stroke of a huge glyph are ink, not ground. A tile with text or an edge in it takes the level of a ground tile
/// nearby: of those, the one closest to its own most common level, so that a tile inside a dark
/// panel takes the panel, not the slide around it, and a tile crowded with bold strokes still
/// takes the ground between the letters.
///
/// Each tile also has a grain: how far its ground's own levels wander (film grain, sensor
/// noise, a camera's texture), below which no difference from the ground is ink.
struct BackgroundMap {
    let tileSize: Int
    let columns: Int
    let rows: Int
    private let levels: [UInt8]
    private let grains: [UInt8]
    /// The surfaces inside the picture that text can stand in (code cards, editor panes,
    /// terminal windows), largest first.
    private(set) var panels: [Panel]

    /// A filled rectangle that differs from what is around it, and its ground level.
    struct Panel {
        var box: BoundingBox
        var level: UInt8
    }

    /// Share of a tile's pixels within a few levels of its most common one for it to be flat.
    private static let flatShare = 0.85
    /// Touching flat tiles of one level it takes to make a ground surface (a panel, a slide).
    private static let smallestSurface = 6
    /// Levels between touching flat tiles of one panel: one bin of `tileModes`, so that a
    /// slide's gradient (a level or two a tile) stays one surface while the edge of a panel
    /// as faint as a person still sees (#eceff4 on #fafafa: 11 levels) parts two.
    private static let panelStep = 4
    /// Levels off its ground a pixel needs to be ink (`TextBlockFinder.contrast`).
    static let inkStep = 40
    /// The same for dim text, away from the text found with `inkStep`
    /// (`TextBlockFinder.faintContrast`).
    static let faintInkStep = 22

    init(_ image: GrayImage, tileSize: Int = 16) {
        self.tileSize = tileSize
        columns = max(1, (image.width + tileSize - 1) / tileSize)
        rows = max(1, (image.height + tileSize - 1) / tileSize)
        var tiles = BackgroundMap.tileModes(image, tileSize: tileSize, columns: columns, rows: rows)
        grains = BackgroundMap.grains(tiles, columns: columns, rows: rows)
        BackgroundMap.keepSurfaces(&tiles, columns: columns, rows: rows)
        levels = BackgroundMap.grounds(tiles, columns: columns, rows: rows)
        panels = BackgroundMap.panels(tiles, columns: columns, rows: rows).map { span, level in
            Panel(box: BoundingBox(x: span.x * tileSize, y: span.y * tileSize,
                                   width: min(image.width - span.x * tileSize, span.width * tileSize),
                                   height: min(image.height - span.y * tileSize, span.height * tileSize)),
                  level: level)
        }
    }

    /// The smallest panel `box` stands in, nil when it stands on the picture's own ground:
    /// inside the panel's box (a panel's edge tiles are not flat, so text can reach half a
    /// tile past its flat ones) and on its ground (a status bar's strip just below an editor
    /// pane is not the pane).
    func panel(holding box: BoundingBox) -> BoundingBox? {
        let slack = tileSize / 2
        let ground = Int(ground(under: box))
        return panels.last { panel in
            box.x >= panel.box.x - slack && box.y >= panel.box.y - slack && box.right <= panel.box.right + slack
                && box.bottom <= panel.box.bottom + slack && abs(ground - Int(panel.level)) <= 2 * BackgroundMap.panelStep
        }?.box
    }

    /// Takes out the panels that most rows of text over them run across a side of: a panel
    /// bounds its text, and a surface text runs across is a strip of the ground (vim's
    /// `cursorcolumn`, a highlight over part of a line), where two rows or more do. A row is
    /// its blobs, three or more (a word, not a gutter's number).
    mutating func removePanels(crossedBy rows: [[BoundingBox]]) {
        let slack = tileSize / 2
        let rows = rows.filter { $0.count >= 3 }.map { row in row.dropFirst().reduce(row[0]) { $0.union($1) } }
        panels.removeAll { panel in
            let over = rows.filter { row in
                row.y >= panel.box.y - slack && row.bottom <= panel.box.bottom + slack
                    && row.x < panel.box.right && row.right > panel.box.x
            }
            let across = over.filter { $0.x < panel.box.x - slack || $0.right > panel.box.right + slack }.count
            return across >= 2 && across > over.count - across
        }
    }

    /// The ground of one tile row, for filling masks a row at a time.
    func levels(forRow y: Int) -> ArraySlice<UInt8> {
        let row = min(rows - 1, y / tileSize)
        return levels[row * columns..<(row + 1) * columns]
    }

    /// The grain of one tile row (see `grains`), beside `levels(forRow:)`.
    func grains(forRow y: Int) -> ArraySlice<UInt8> {
        let row = min(rows - 1, y / tileSize)
        return grains[row * columns..<(row + 1) * columns]
    }

    /// The median ground under `box`: the surface a line or block stands on.
    func ground(under box: BoundingBox) -> UInt8 {
        var grounds: [UInt8] = []
        for y in stride(from: max(0, box.y), to: max(box.y + 1, box.bottom), by: tileSize) {
            let row = levels(forRow: y)
            for x in stride(from: max(0, box.x), to: max(box.x + 1, box.right), by: tileSize) {
                grounds.append(row[row.startIndex + min(columns - 1, x / tileSize)])
            }
        }
        grounds.sort()
        return grounds.isEmpty ? 0 : grounds[grounds.count / 2]
    }

    private struct Tile {
        var mode: UInt8
        var isFlat: Bool
        /// The width in levels of the narrowest range holding half the tile's pixels.
        var shortestHalf: UInt8
    }

    private static func tileModes(_ image: GrayImage, tileSize: Int, columns: Int, rows: Int) -> [Tile] {
        var tiles = [Tile](repeating: Tile(mode: 0, isFlat: false, shortestHalf: 0), count: columns * rows)
        var histogram = [Int](repeating: 0, count: 64)
        var levels = [Int](repeating: 0, count: 256)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                for column in 0..<columns {
                    for level in 0..<256 { levels[level] = 0 }
                    let x0 = column * tileSize, y0 = row * tileSize
                    let x1 = min(image.width, x0 + tileSize), y1 = min(image.height, y0 + tileSize)
                    for y in y0..<y1 {
                        let base = y * image.width
                        for x in x0..<x1 { levels[Int(pixels[base + x])] += 1 }
                    }
                    // Bins of four levels ride out compression noise.
                    for bin in 0..<64 { histogram[bin] = levels[bin * 4] + levels[bin * 4 + 1] + levels[bin * 4 + 2] + levels[bin * 4 + 3] }
                    var best = 0
                    for bin in 1..<64 where histogram[bin] > histogram[best] { best = bin }
                    let total = (x1 - x0) * (y1 - y0)
                    let spread = shortestHalf(of: levels, total: total)
                    // Near the mode: two bins either side, widened on a grainy ground by two
                    // sigmas of its grain (not at all on a screen recording).
                    let reach = 2 + Int((2 * Double(spread) / shortestHalfPerSigma / 4).rounded())
                    let near = histogram[max(0, best - reach)...min(63, best + reach)].reduce(0, +)
                    tiles[row * columns + column] = Tile(mode: UInt8(best * 4 + 2), isFlat: Double(near) >= flatShare * Double(total),
                                                         shortestHalf: spread)
                }
            }
        }
        return tiles
    }

    /// The width of the narrowest range of levels that holds half of `total` pixels. On a flat
    /// ground it is the ground's own wander whatever else the tile holds, as long as ink and
    /// edges are under half of it: 0 on a screen recording, 1.35 sigma for Gaussian grain.
    private static func shortestHalf(of levels: [Int], total: Int) -> UInt8 {
        let half = (total + 1) / 2
        var narrowest = 255
        var low = 0, inside = 0
        for high in 0..<256 {
            inside += levels[high]
            while inside - levels[low] >= half {
                inside -= levels[low]
                low += 1
            }
            if inside >= half { narrowest = min(narrowest, high - low) }
        }
        return UInt8(narrowest)
    }

    /// Each tile's grain, in levels: the sigma of its ground's wander, taken as the median over
    /// the tile and its eight neighbours so that one tile crowded with ink (or a glyph's solid
    /// stroke) does not decide.
    private static func grains(_ tiles: [Tile], columns: Int, rows: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: tiles.count)
        var around: [UInt8] = []
        for row in 0..<rows {
            for column in 0..<columns {
                around.removeAll(keepingCapacity: true)
                for r in max(0, row - 1)...min(rows - 1, row + 1) {
                    for c in max(0, column - 1)...min(columns - 1, column + 1) { around.append(tiles[r * columns + c].shortestHalf) }
                }
                around.sort()
                result[row * columns + column] = UInt8((Double(around[around.count / 2]) / shortestHalfPerSigma).rounded())
            }
        }
        return result
    }

    /// The shortest half of Gaussian noise is 1.349 sigma wide (its interquartile range).
    private static let shortestHalfPerSigma = 1.349

    /// Clears `isFlat` on flat tiles that do not belong to a surface of `smallestSurface` tiles
    /// of about the same level.
    private static func keepSurfaces(_ tiles: inout [Tile], columns: Int, rows: Int) {
        var surface = [Int](repeating: -1, count: tiles.count)
        var sizes: [Int] = []
        for start in tiles.indices where tiles[start].isFlat && surface[start] < 0 {
            let label = sizes.count
            var stack = [start]
            surface[start] = label
            var size = 0
            while let index = stack.popLast() {
                size += 1
                let row = index / columns, column = index % columns
                for (r, c) in [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
                where r >= 0 && r < rows && c >= 0 && c < columns {
                    let neighbour = r * columns + c
                    guard surface[neighbour] < 0, tiles[neighbour].isFlat,
                          abs(Int(tiles[neighbour].mode) - Int(tiles[index].mode)) <= 12 else { continue }
                    surface[neighbour] = label
                    stack.append(neighbour)
                }
            }
            sizes.append(size)
        }
        for index in tiles.indices where tiles[index].isFlat && sizes[surface[index]] < smallestSurface {
            tiles[index].isFlat = false
        }
    }

    /// The panels, as boxes of tiles with their levels, largest first: surfaces of flat tiles
    /// of one level (`panelStep` apart at most from tile to tile), trimmed to the rectangle
    /// they fill (an editor's active tab joins its pane, the tab bar beside it does not), that
    /// do not reach three of the picture's edges (the slide, the desktop, a full-screen
    /// terminal is the ground itself). The pieces of one panel cut apart by a strip across it
    /// (an editor's highlighted current line) are joined again: one level, one left and right
    /// edge, close above one another.
    private static func panels(_ tiles: [Tile], columns: Int, rows: Int) -> [(span: BoundingBox, level: UInt8)] {
        var label = [Bool](repeating: false, count: tiles.count)
        var surfaces: [(level: UInt8, span: BoundingBox)] = []
        for start in tiles.indices where tiles[start].isFlat && !label[start] {
            var stack = [start]
            label[start] = true
            var span = BoundingBox(x: start % columns, y: start / columns, width: 1, height: 1)
            while let index = stack.popLast() {
                let row = index / columns, column = index % columns
                span = span.union(BoundingBox(x: column, y: row, width: 1, height: 1))
                for (r, c) in [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
                where r >= 0 && r < rows && c >= 0 && c < columns {
                    let neighbour = r * columns + c
                    guard !label[neighbour], tiles[neighbour].isFlat,
                          abs(Int(tiles[neighbour].mode) - Int(tiles[index].mode)) <= panelStep else { continue }
                    label[neighbour] = true
                    stack.append(neighbour)
                }
            }
            surfaces.append((tiles[start].mode, trimmed(span, level: tiles[start].mode, tiles: tiles, columns: columns)))
        }
        func edgesReached(_ span: BoundingBox) -> Int {
            [span.x <= 1, span.y <= 1, span.right >= columns - 1, span.bottom >= rows - 1].filter { $0 }.count
        }
        var pieces = surfaces.filter { edgesReached($0.span) < 3 && $0.span.width >= 3 && $0.span.height >= 2 }
            .map { (level: $0.level, span: $0.span) }
        var joined = true
        while joined {
            joined = false
            search: for a in pieces.indices {
                for b in pieces.indices where b != a {
                    let upper = pieces[a].span, lower = pieces[b].span
                    guard abs(Int(pieces[a].level) - Int(pieces[b].level)) <= panelStep, abs(upper.x - lower.x) <= 1,
                          abs(upper.right - lower.right) <= 1, lower.y >= upper.bottom - 1, lower.y - upper.bottom <= 3 else { continue }
                    pieces[a].span = upper.union(lower)
                    pieces.remove(at: b)
                    joined = true
                    break search
                }
            }
        }
        return pieces.filter { edgesReached($0.span) < 3 }.sorted { $0.span.area > $1.span.area }.map { ($0.span, $0.level) }
    }

    /// `span` without its outer rows and columns of tiles that are mostly another surface.
    private static func trimmed(_ span: BoundingBox, level: UInt8, tiles: [Tile], columns: Int) -> BoundingBox {
        var (left, top, right, bottom) = (span.x, span.y, span.right, span.bottom)
        func isOther(_ column: Int, _ row: Int) -> Bool {
            let tile = tiles[row * columns + column]
            return tile.isFlat && abs(Int(tile.mode) - Int(level)) > panelStep
        }
        func mostlyOther(_ cells: [(Int, Int)]) -> Bool { 2 * cells.filter { isOther($0.0, $0.1) }.count > cells.count }
        while bottom - top > 1 && mostlyOther((left..<right).map { ($0, top) }) { top += 1 }
        while bottom - top > 1 && mostlyOther((left..<right).map { ($0, bottom - 1) }) { bottom -= 1 }
        while right - left > 1 && mostlyOther((top..<bottom).map { (left, $0) }) { left += 1 }
        while right - left > 1 && mostlyOther((top..<bottom).map { (right - 1, $0) }) { right -= 1 }
        return BoundingBox(left: left, top: top, right: right, bottom: bottom)
    }

    private static func grounds(_ tiles: [Tile], columns: Int, rows: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: tiles.count)
        for row in 0..<rows {
            for column in 0..<columns {
                let tile = tiles[row * columns + column]
                if tile.isFlat {
                    result[row * columns + column] = tile.mode
                    continue
                }
                var ground = tile.mode
                for radius in [2, 4] {
                    var bestDistance = Int.max
                    for r in max(0, row - radius)...min(rows - 1, row + radius) {
                        for c in max(0, column - radius)...min(columns - 1, column + radius) {
                            let neighbour = tiles[r * columns + c]
                            guard neighbour.isFlat else { continue }
                            let distance = abs(Int(neighbour.mode) - Int(tile.mode))
                            if distance < bestDistance {
                                bestDistance = distance
                                ground = neighbour.mode
                            }
                        }
                    }
                    if bestDistance != Int.max { break }
                }
                // Dense text right under a bar (nano's title, a tab strip) has no flat tile of
                // its own ground near it, only the bar's, on which most of the tile would be ink:
                // when half the tile lies on one level (the paper between letters, not a
                // picture's noise) and most tiles around it share that level, it is the ground.
                if abs(Int(ground) - Int(tile.mode)) > inkStep, Int(tile.shortestHalf) <= panelStep,
                   sharesItsLevel(tiles, row: row, column: column, columns: columns, rows: rows) {
                    ground = tile.mode
                }
                result[row * columns + column] = ground
            }
        }
        return result
    }

    /// Whether most tiles within two of the tile at `row`, `column` have its most common level.
    private static func sharesItsLevel(_ tiles: [Tile], row: Int, column: Int, columns: Int, rows: Int) -> Bool {
        let mode = Int(tiles[row * columns + column].mode)
        var alike = 0, all = 0
        for r in max(0, row - 2)...min(rows - 1, row + 2) {
            for c in max(0, column - 2)...min(columns - 1, column + 2) where r != row || c != column {
                all += 1
                if abs(Int(tiles[r * columns + c].mode) - mode) <= panelStep { alike += 1 }
            }
        }
        return 2 * alike > all
    }
}
