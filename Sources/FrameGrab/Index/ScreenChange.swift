/// What counts as the screen changing, measured on `ScreenPicture`s (about 640x360, each pixel
/// the average of a block of the frame).
enum ScreenChange {
    /// A pixel changed when its average moved by at least this many levels. One stroke of a
    /// 13 px terminal font at 1080p still moves its 3x3 block by ~50; compression noise on a
    /// still screen moves it by a few.
    static let pixelLevels = 20
    /// A screen that differs from another by less than this everywhere is the same screen,
    /// sharpened: after a cut x264 refines edges over the next frames by up to 30 levels
    /// (measured at 720p), while a stroke that appears or goes moves its block by more.
    static let refinementLevels = 40
    /// The encoder's refinement after a cut takes a few frames; a sharpened screen takes in
    /// a stretch before it no longer than this (never several: a fade is not a refinement).
    static let refinementTime = MediaTime(microseconds: 250_000)
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
        a.pixels.withUnsafeBufferPointer { a in
            b.pixels.withUnsafeBufferPointer { b in
                for y in 0..<grid.height {
                    let row = y * grid.width
                    let cellRow = (y / cellSize) * grid.columns
                    for x in 0..<grid.width where abs(Int(a[row + x]) - Int(b[row + x])) >= pixelLevels {
                        changed += 1
                        cells[cellRow + x / cellSize] = true
                    }
                }
            }
        }
        return (changed, cells)
    }
}

extension ScreenChange {
    /// The largest difference between two pictures of one size, outside `mask` (by cell).
    static func largestDifference(between a: ScreenPicture, and b: ScreenPicture, grid: CellGrid, mask: [Bool]) -> Int {
        guard a !== b else { return 0 }
        guard a.width == grid.width, a.height == grid.height, b.width == grid.width, b.height == grid.height else { return 255 }
        var largest = 0
        a.pixels.withUnsafeBufferPointer { a in
            b.pixels.withUnsafeBufferPointer { b in
                for y in 0..<grid.height {
                    let row = y * grid.width
                    let cellRow = (y / cellSize) * grid.columns
                    for x in 0..<grid.width where !mask[cellRow + x / cellSize] {
                        largest = max(largest, abs(Int(a[row + x]) - Int(b[row + x])))
                    }
                }
            }
        }
        return largest
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

    func cell(x: Int, y: Int) -> Int { (y / ScreenChange.cellSize) * columns + x / ScreenChange.cellSize }
}
