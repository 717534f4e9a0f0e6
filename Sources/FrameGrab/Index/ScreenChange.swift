/// What counts as the screen changing, measured on `ScreenPicture`s (about 640x360, each pixel
/// the average of a block of the frame).
enum ScreenChange {
    /// A pixel changed when its average moved by at least this many levels. One stroke of a
    /// 13 px terminal font at 1080p still moves its 3x3 block by ~50; compression noise on a
    /// still screen moves it by a few.
    static let pixelLevels = 20
    /// Against the first frame of a stretch, a pixel differs only when it leaves the range of
    /// that frame's 5x5 neighbourhood by `pixelLevels`: the encoder draws a sharp edge a little
    /// differently each time it codes it (a terminal's block cursor shown again came back up
    /// to 65 levels off along its edges, and rang 68 levels two pixels beside them), while a
    /// new stroke lands on flat ground.
    static let neighbourhood = 2
    /// A frame that strays from the first frame of its stretch by less than this anywhere
    /// (beyond that frame's neighbourhood) shows the same screen, coded again: after a cut
    /// x264 sharpens edges over the next frames by up to 30 levels, and a terminal's block
    /// cursor shown again came back 32 levels dimmer inside; a stroke that appears or goes
    /// moves its pixels by more.
    static let reencodingLevels = 48
    /// Fewer changed pixels than this is noise: a period typed at 1080p changes one pixel, so
    /// two typed characters change at least two.
    static let minimumPixels = 2
    /// A change that goes back within this time is flicker, not new text: a blinking cursor's
    /// phases last at most 0.6 s (xterm 600/300 ms, VTE 600/600 ms), a pointer passes by.
    static let flickerLimit = MediaTime(microseconds: 800_000)
    /// Motion is tracked in square cells of this many pixels (24 px of a 1080p frame).
    static let cellSize = 8

    /// The pixels of `b` that differ from `a`: how many, and in which cells.
    static func changedCells(from a: ScreenPicture, to b: ScreenPicture, grid: CellGrid) -> (pixels: Int, cells: [Bool]) {
        var cells = [Bool](repeating: false, count: grid.count)
        guard a !== b else { return (0, cells) }
        guard a.width == grid.width, a.height == grid.height, b.width == grid.width, b.height == grid.height else {
            // The stream changed size: everything changed.
            return (grid.width * grid.height, [Bool](repeating: true, count: grid.count))
        }
        var changed = 0
        let levels = SIMD16<UInt8>(repeating: UInt8(pixelLevels))
        a.pixels.withUnsafeBufferPointer { a in
            b.pixels.withUnsafeBufferPointer { b in
                for y in 0..<grid.height {
                    let row = y * grid.width
                    let cellRow = (y / cellSize) * grid.columns
                    for start in stride(from: 0, to: grid.width, by: run) {
                        let end = min(start + run, grid.width)
                        if end - start == run, !runDiffers(a.baseAddress! + row + start, b.baseAddress! + row + start, by: levels) {
                            continue
                        }
                        for x in start..<end where abs(Int(a[row + x]) - Int(b[row + x])) >= pixelLevels {
                            changed += 1
                            cells[cellRow + x / cellSize] = true
                        }
                    }
                }
            }
        }
        return (changed, cells)
    }
}

extension ScreenChange {
    /// A frame to compare others with: its pixels, some of them perhaps taken from a later
    /// frame of the same screen, and the range of each pixel's neighbourhood.
    struct Reference {
        private(set) var pixels: [UInt8] = []
        /// The lowest and highest pixel within `neighbourhood` of each pixel.
        private var low: [UInt8] = []
        private var high: [UInt8] = []
        private var width = 0
        private var height = 0

        init() {}

        init(_ picture: ScreenPicture) {
            width = picture.width
            height = picture.height
            pixels = picture.pixels
            low = pixels
            high = pixels
            ScreenChange.ranges(of: pixels, width: width, height: height, rows: 0..<height, low: &low, high: &high)
        }

        /// Whether `picture` differs from this frame at `pixel` by `levels`: ink came (the
        /// pixel leaves this frame's range in the neighbourhood) or went (this frame's pixel
        /// lies outside `picture`'s range there). An edge coded a little differently stays
        /// within both.
        func differs(from picture: ScreenPicture, at pixel: Int, by levels: Int) -> Bool {
            let value = Int(picture.pixels[pixel])
            let mine = Int(pixels[pixel])
            guard abs(value - mine) >= levels else { return false }
            if value < Int(low[pixel]) - levels || value > Int(high[pixel]) + levels { return true }
            let (least, most) = ScreenChange.range(of: picture.pixels, width: picture.width, height: picture.height, around: pixel)
            return mine < least - levels || mine > most + levels
        }

        /// Takes `pixels` from `picture`; the ranges change only in the rows near them.
        mutating func take(_ taken: [Int], from picture: ScreenPicture) {
            guard let top = taken.min(), let bottom = taken.max(), width > 0 else { return }
            for pixel in taken { pixels[pixel] = picture.pixels[pixel] }
            let rows = max(0, top / width - neighbourhood)..<min(height, bottom / width + neighbourhood + 1)
            ScreenChange.ranges(of: pixels, width: width, height: height, rows: rows, low: &low, high: &high)
        }
    }

    /// The lowest and highest of `pixels` (a picture `width` wide) within `neighbourhood` of
    /// `pixel`.
    static func range(of pixels: [UInt8], width: Int, height: Int, around pixel: Int) -> (Int, Int) {
        let x = pixel % width
        let y = pixel / width
        var least = pixels[pixel]
        var most = least
        for dy in max(0, y - neighbourhood)...min(height - 1, y + neighbourhood) {
            for dx in max(0, x - neighbourhood)...min(width - 1, x + neighbourhood) {
                least = min(least, pixels[dy * width + dx])
                most = max(most, pixels[dy * width + dx])
            }
        }
        return (Int(least), Int(most))
    }

    /// `range(of:around:)` for every pixel of `rows` at once, written into `low` and `high`: a
    /// minimum and a maximum filter, along rows and then along columns, each a few passes over
    /// whole rows that the compiler vectorizes.
    static func ranges(of pixels: [UInt8], width: Int, height: Int, rows: Range<Int>, low: inout [UInt8], high: inout [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height, low.count == pixels.count, high.count == pixels.count,
              !rows.isEmpty else { return }
        // Along rows, for the rows that reach into `rows`.
        let reached = max(0, rows.lowerBound - neighbourhood)..<min(height, rows.upperBound + neighbourhood)
        let offset = reached.lowerBound * width
        var rowLow = Array(pixels[offset..<(reached.upperBound * width)])
        var rowHigh = rowLow
        pixels.withUnsafeBufferPointer { source in
            rowLow.withUnsafeMutableBufferPointer { rowLow in
                rowHigh.withUnsafeMutableBufferPointer { rowHigh in
                    for y in reached {
                        let row = y * width - offset
                        for shift in 1...neighbourhood where shift < width {
                            // Each pixel against the ones `shift` to its left and to its right.
                            let line = source.baseAddress! + offset + row
                            let low = rowLow.baseAddress! + row
                            let high = rowHigh.baseAddress! + row
                            for x in 0..<(width - shift) {
                                low[x] = min(low[x], line[x + shift])
                                high[x] = max(high[x], line[x + shift])
                            }
                            for x in shift..<width {
                                low[x] = min(low[x], line[x - shift])
                                high[x] = max(high[x], line[x - shift])
                            }
                        }
                    }
                }
            }
        }
        // Then along columns.
        rowLow.withUnsafeBufferPointer { rowLow in
            rowHigh.withUnsafeBufferPointer { rowHigh in
                low.withUnsafeMutableBufferPointer { low in
                    high.withUnsafeMutableBufferPointer { high in
                        for y in rows {
                            let target = y * width
                            for x in 0..<width {
                                low[target + x] = rowLow[target - offset + x]
                                high[target + x] = rowHigh[target - offset + x]
                            }
                            for other in max(0, y - neighbourhood)...min(height - 1, y + neighbourhood) where other != y {
                                let source = other * width - offset
                                for x in 0..<width {
                                    low[target + x] = min(low[target + x], rowLow[source + x])
                                    high[target + x] = max(high[target + x], rowHigh[source + x])
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Pixels are compared this many at a time first: most of a screen is where it was, and
    /// one vector comparison says so for all of them.
    static let run = 16

    /// Whether any of the `run` pixels at `a` and `b` differ by `levels` or more.
    @inline(__always)
    static func runDiffers(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, by levels: SIMD16<UInt8>) -> Bool {
        let x = UnsafeRawPointer(a).loadUnaligned(as: SIMD16<UInt8>.self)
        let y = UnsafeRawPointer(b).loadUnaligned(as: SIMD16<UInt8>.self)
        let distance = (x &- y).replacing(with: y &- x, where: y .> x)
        // The lanes of the comparison as two words: nonzero where any lane differs.
        let lanes = unsafeBitCast(distance .>= levels, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] != 0
    }
}

/// The cells `ScreenChange` tracks motion in, over pictures of one size.
struct CellGrid: Equatable, Sendable {
    let width: Int
    let height: Int
    let columns: Int
    let rows: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        columns = (width + ScreenChange.cellSize - 1) / ScreenChange.cellSize
        rows = (height + ScreenChange.cellSize - 1) / ScreenChange.cellSize
    }

    var count: Int { columns * rows }
}
