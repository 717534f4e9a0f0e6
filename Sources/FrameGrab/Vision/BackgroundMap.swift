/// The ground colour behind every part of a picture: slide, panel or terminal background.
///
/// Works on tiles. A flat tile (nearly all one level) is its own ground, if enough flat tiles
/// of that level touch it to make a surface: a few flat tiles inside the stroke of a huge glyph
/// are ink, not ground. A tile with text or an edge in it takes the level of a ground tile
/// nearby: of those, the one closest to its own most common level, so that a tile inside a dark
/// panel takes the panel, not the slide around it, and a tile crowded with bold strokes still
/// takes the ground between the letters.
struct BackgroundMap {
    let tileSize: Int
    let columns: Int
    let rows: Int
    private let levels: [UInt8]

    /// Share of a tile's pixels within a few levels of its most common one for it to be flat.
    private static let flatShare = 0.85
    /// Touching flat tiles of one level it takes to make a ground surface (a panel, a slide).
    private static let smallestSurface = 6

    init(_ image: GrayImage, tileSize: Int = 16) {
        self.tileSize = tileSize
        columns = max(1, (image.width + tileSize - 1) / tileSize)
        rows = max(1, (image.height + tileSize - 1) / tileSize)
        var tiles = BackgroundMap.tileModes(image, tileSize: tileSize, columns: columns, rows: rows)
        BackgroundMap.keepSurfaces(&tiles, columns: columns, rows: rows)
        levels = BackgroundMap.grounds(tiles, columns: columns, rows: rows)
    }

    /// The ground of one tile row, for filling masks a row at a time.
    func levels(forRow y: Int) -> ArraySlice<UInt8> {
        let row = min(rows - 1, y / tileSize)
        return levels[row * columns..<(row + 1) * columns]
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
    }

    private static func tileModes(_ image: GrayImage, tileSize: Int, columns: Int, rows: Int) -> [Tile] {
        var tiles = [Tile](repeating: Tile(mode: 0, isFlat: false), count: columns * rows)
        var histogram = [Int](repeating: 0, count: 64)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                for column in 0..<columns {
                    for bin in 0..<64 { histogram[bin] = 0 }
                    let x0 = column * tileSize, y0 = row * tileSize
                    let x1 = min(image.width, x0 + tileSize), y1 = min(image.height, y0 + tileSize)
                    for y in y0..<y1 {
                        let base = y * image.width
                        for x in x0..<x1 { histogram[Int(pixels[base + x]) >> 2] += 1 }
                    }
                    // Bins of four levels ride out compression noise.
                    var best = 0
                    for bin in 1..<64 where histogram[bin] > histogram[best] { best = bin }
                    let near = histogram[max(0, best - 2)...min(63, best + 2)].reduce(0, +)
                    let total = (x1 - x0) * (y1 - y0)
                    tiles[row * columns + column] = Tile(mode: UInt8(best * 4 + 2), isFlat: Double(near) >= flatShare * Double(total))
                }
            }
        }
        return tiles
    }

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
                result[row * columns + column] = ground
            }
        }
        return result
    }
}
