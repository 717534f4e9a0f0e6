extension GrayImage {
    /// The picture with each pixel of ink as far from its ground as its colour stands off the
    /// ground's colour (the largest of the three planes' differences), where that is further
    /// than luma says: vim's dark blue on black is 27 levels of luma and 238 of blue, red on
    /// black 61 and 205. Everything after this works on one gray picture, so layout finds a
    /// row of comments as it finds the code, and OCR reads them alike.
    ///
    /// What luma sets off its ground (by 4 sigmas of the tile's grain, and at least 6 levels)
    /// is lifted by at most 14 times its luma distance (luma weighs blue least, 0.0722 in
    /// BT.709), so that a stroke keeps the shape luma gives it, only stronger; it goes the way
    /// there is room (up from a dark ground, down from a light one) whichever way luma sets it
    /// off: vim's dark blue is darker than a dark gray ground, which has little below it. What
    /// luma does not show at all (pure blue on navy: 6 levels of luma, 215 of blue) is ink where
    /// its colour stands off by `colorOnlyMargins` times the grain and no luma-set-off ink is
    /// beside it (chroma bleeds a pixel past a coloured stroke); it is lifted by its colour
    /// distance, away from the ground. Ground stays ground, grain stays grain.
    func inkLifted(by color: ColorPlanes) -> GrayImage {
        guard color.width == width, color.height == height, width > 0, height > 0 else { return self }
        let grounds = TileGrounds(self, color: color)
        // Each pixel's distance from its ground in luma (signed, where luma sets it off), and
        // in colour, where luma or colour sets it off.
        var luma = [Int16](repeating: 0, count: pixels.count)
        var faintLuma = [Int16](repeating: 0, count: pixels.count)
        var distance = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x, tile = grounds.tile(x, y)
                guard let ground = grounds.colors[tile] else { continue }
                let offset = Int(pixels[index]) - grounds.levels[tile], margin = grounds.margins[tile]
                let off = max(abs(Int(color.red.pixels[index]) - ground.red),
                              abs(Int(color.green.pixels[index]) - ground.green),
                              abs(Int(color.blue.pixels[index]) - ground.blue))
                guard abs(offset) > margin || off > Self.colorOnlyMargins * margin else { continue }
                // The ground of a tile beside is ground here too: a status bar under a pane
                // reaches into the tiles whose ground is the pane.
                guard !grounds.isNeighbouringGround(pixel: index, x: x, y: y, distance: off, color: color) else { continue }
                if abs(offset) > margin { luma[index] = Int16(offset) } else { faintLuma[index] = Int16(offset) }
                distance[index] = UInt8(off)
            }
        }
        // Ink is drawn in strokes; what is off the ground in both directions for more than a
        // stroke is a surface (a status bar straddling tiles whose ground is the pane above
        // it, a button), and lifting it would paint it over its text. Chroma, at half
        // resolution, fills the gaps of a dense letter (`m`), so what colour alone sets off
        // is a surface only when twice as wide.
        let lumaSurface = Self.opened(luma.map { $0 != 0 }, width: width, height: height, radius: grounds.size / 4)
        let colorSurface = Self.opened(zip(luma, distance).map { $0 == 0 && $1 != 0 }, width: width, height: height,
                                       radius: grounds.size / 2)
        let surface = zip(lumaSurface, colorSurface).map { $0 || $1 }
        // A coloured stroke's pixels are lifted as its core is; what colour alone sets off,
        // apart from any stroke, by its colour.
        var lifted = pixels
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                guard distance[index] > 0, !surface[index] else { continue }
                if let level = strokeLevel(at: index, x: x, y: y, luma: luma, faintLuma: faintLuma, distance: distance, surface: surface) {
                    lifted[index] = level
                } else if luma[index] == 0 {
                    lifted[index] = colorOnlyLift(at: index, x: x, y: y, luma: luma, distance: distance, grounds: grounds) ?? pixels[index]
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: lifted)
    }

    /// The level a coloured stroke's pixel is lifted to, or nil where it is no such pixel. A
    /// pixel is lifted by the ratio of colour to luma of the strongest ink around it (its
    /// stroke's core), not its own: chroma is stored at half resolution, so a stroke's edge has
    /// its colour at a fraction of its luma, and its own ratio would thicken it. A pixel whose
    /// luma stands off by no more than the margin (`faintLuma`) is the stroke's where it goes
    /// the core's way by half the core's offset or more (vim's dark red on a dark gray, a few
    /// levels either side of the margin); chroma bled past the stroke keeps the ground's luma.
    private func strokeLevel(at index: Int, x: Int, y: Int, luma: [Int16], faintLuma: [Int16], distance: [UInt8],
                             surface: [Bool]) -> UInt8? {
        let setOff = luma[index] != 0
        let offset = Int(setOff ? luma[index] : faintLuma[index]), own = abs(offset)
        guard own > 0 else { return nil }
        var core: Int? = setOff ? index : nil
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) {
                let neighbour = ny * width + nx
                guard luma[neighbour] != 0, (luma[neighbour] > 0) == (offset > 0), !surface[neighbour] else { continue }
                if core.map({ abs(luma[neighbour]) > abs(luma[$0]) }) ?? true { core = neighbour }
            }
        }
        guard let core else { return nil }
        let coreLuma = abs(Int(luma[core])), coreColor = Int(distance[core])
        // Colours luma shows at half their strength or more (green, cyan, yellow) read as they
        // are; lifting them only thickens their strokes.
        guard coreColor > 2 * coreLuma, setOff || 2 * own >= coreLuma else { return nil }
        // The way there is room (vim's dark blue on Monokai's gray is 22 levels of luma below
        // it, with 39 to go), unless a stronger stroke the other way is beside it (the faint
        // pixel's, beside its core): then it is that stroke's ringing, and the other way is no
        // ink. (Only a coloured stroke's ringing is coloured, but a stroke's colour after 4:2:0
        // says too little: a light blue `#define`'s halo became a `#` when only those counted.)
        let lift = own * min(coreColor, 14 * coreLuma) / coreLuma, groundLevel = Int(pixels[index]) - offset
        var up = offset > 0
        let (sx, sy) = setOff ? (x, y) : (core % width, core / width)
        if up != (groundLevel < 128), !hasStroke(against: up, x: sx, y: sy, strongerThan: coreLuma, luma: luma) {
            up.toggle()
        }
        return UInt8(clamping: up ? groundLevel + lift : groundLevel - lift)
    }

    /// Whether luma sets off a pixel the other way from `up` (brighter than its ground), by
    /// more than `strength`, within two pixels of (`x`, `y`).
    private func hasStroke(against up: Bool, x: Int, y: Int, strongerThan strength: Int, luma: [Int16]) -> Bool {
        for ny in max(0, y - 2)...min(height - 1, y + 2) {
            for nx in max(0, x - 2)...min(width - 1, x + 2) {
                let other = luma[ny * width + nx]
                if other != 0, (other > 0) != up, abs(Int(other)) > strength { return true }
            }
        }
        return false
    }

    /// How many times its tile's grain colour alone must stand off the ground to be ink.
    static let colorOnlyMargins = 4

    /// The level for a pixel luma does not set off but colour does: its colour distance away
    /// from its tile's ground (up on a dark ground, down on a light one); nil beside ink luma
    /// sets off, whose own lift gives its stroke its shape.
    private func colorOnlyLift(at index: Int, x: Int, y: Int, luma: [Int16], distance: [UInt8],
                               grounds: TileGrounds) -> UInt8? {
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) where luma[ny * width + nx] != 0 { return nil }
        }
        let level = grounds.levels[grounds.tile(x, y)]
        return UInt8(clamping: level < 128 ? level + Int(distance[index]) : level - Int(distance[index]))
    }

    /// `mask` opened by a square of side `2 * radius + 1`: what is left where that square fits
    /// wholly inside the mask, grown back to the square's size. Strokes thinner go; surfaces
    /// stay whole, edges and all.
    static func opened(_ mask: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        let side = 2 * radius + 1
        // Whether all (`all`) or any of the `side` pixels centred on each one along a line are set.
        func filtered(_ mask: [Bool], along horizontal: Bool, all: Bool) -> [Bool] {
            var result = [Bool](repeating: false, count: mask.count)
            let lines = horizontal ? height : width, length = horizontal ? width : height
            let step = horizontal ? 1 : width
            var sums = [Int](repeating: 0, count: length + 1)
            for line in 0..<lines {
                let start = horizontal ? line * width : line
                for position in 0..<length { sums[position + 1] = sums[position] + (mask[start + position * step] ? 1 : 0) }
                for position in 0..<length {
                    let low = max(0, position - radius), high = min(length, position + radius + 1)
                    let count = sums[high] - sums[low]
                    result[start + position * step] = all ? count == side : count > 0
                }
            }
            return result
        }
        let eroded = filtered(filtered(mask, along: true, all: true), along: false, all: true)
        return filtered(filtered(eroded, along: true, all: false), along: false, all: false)
    }
}

/// The ground under each tile of a picture (`BackgroundMap`'s), with how far off it ink starts
/// (4 sigmas of the tile's grain, at least 6 levels) and its colour: the average colour of the
/// tile's pixels on the ground's level, nil where none is.
private struct TileGrounds {
    let size: Int
    let columns: Int
    let rows: Int
    var levels: [Int]
    var margins: [Int]
    var colors: [(red: Int, green: Int, blue: Int)?]

    init(_ image: GrayImage, color: ColorPlanes) {
        let background = BackgroundMap(image)
        size = background.tileSize
        columns = background.columns
        rows = background.rows
        levels = []
        margins = []
        for row in 0..<rows {
            let rowLevels = background.levels(forRow: row * size), rowGrains = background.grains(forRow: row * size)
            levels += rowLevels.map(Int.init)
            margins += rowGrains.map { max(6, 4 * Int($0)) }
        }
        var sums = [(red: Int, green: Int, blue: Int, count: Int)](repeating: (0, 0, 0, 0), count: levels.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let index = y * image.width + x, tile = min(rows - 1, y / size) * columns + x / size
                guard abs(Int(image.pixels[index]) - levels[tile]) * 3 <= margins[tile] else { continue }
                sums[tile].red += Int(color.red.pixels[index])
                sums[tile].green += Int(color.green.pixels[index])
                sums[tile].blue += Int(color.blue.pixels[index])
                sums[tile].count += 1
            }
        }
        colors = sums.map { sum in sum.count > 0 ? (sum.red / sum.count, sum.green / sum.count, sum.blue / sum.count) : nil }
    }

    func tile(_ x: Int, _ y: Int) -> Int { min(rows - 1, y / size) * columns + x / size }

    /// Whether the pixel at `index` (`x`, `y`), `distance` off its own tile's ground colour,
    /// lies nearer the ground colour of a tile beside (by half): then it is on that tile's
    /// surface. Chroma is coarse and compression rings around text, so nearness is relative
    /// rather than within the tile's grain.
    func isNeighbouringGround(pixel index: Int, x: Int, y: Int, distance: Int, color: ColorPlanes) -> Bool {
        let column = x / size, row = min(rows - 1, y / size)
        let red = Int(color.red.pixels[index]), green = Int(color.green.pixels[index]), blue = Int(color.blue.pixels[index])
        for neighbourRow in max(0, row - 1)...min(rows - 1, row + 1) {
            for neighbourColumn in max(0, column - 1)...min(columns - 1, column + 1) {
                guard let ground = colors[neighbourRow * columns + neighbourColumn] else { continue }
                if 2 * max(abs(red - ground.red), abs(green - ground.green), abs(blue - ground.blue)) < distance { return true }
            }
        }
        return false
    }
}
