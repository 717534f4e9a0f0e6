/// Where the picture keeps moving whatever the text does: a speaker's camera in a corner, a
/// clip playing inside a slide. Settling ignores those cells, so that a talk recorded with its
/// speaker inset still settles on every slide.
///
/// A cell is moving at a time when it changed in at least half the comparisons within
/// `window` either side of it. Asked in time order; comparisons are recorded ahead of the
/// questions by at least `window`, so the answer at the start of a video already knows the
/// camera.
final class MotionMask {
    /// Moving in at least this share of the comparisons around a time: a camera changes in
    /// nearly every frame, a blinking cursor in one in ten, a slide in one.
    static let movingShare = 0.5
    /// Half the window over which motion is counted: longer than a cross-fade or a typical
    /// scroll (1–2 s), which change every frame while they last but are changes of the screen.
    static let window = MediaTime(microseconds: 3_000_000)
    /// A picture within a talk is an inset: when more than this share of the screen moves, it
    /// is the screen itself that changes (a scroll, a full-screen camera shot), and nothing is
    /// masked.
    static let largestInset = 1.0 / 3

    let grid: CellGrid
    private var comparisons: [(time: MediaTime, cells: [Bool])] = []
    /// Comparisons [left, entered) are inside the window of the last question.
    private var left = 0
    private var entered = 0
    private var counts: [Int]
    /// The answer to the last question, and a number that changes when the answer does.
    private(set) var moving: [Bool]
    private(set) var version = 0

    init(grid: CellGrid) {
        self.grid = grid
        counts = [Int](repeating: 0, count: grid.count)
        moving = [Bool](repeating: false, count: grid.count)
    }

    /// The cells that changed between two observed frames, the later one at `time`.
    func record(at time: MediaTime, changed cells: [Bool]) {
        comparisons.append((time, cells))
    }

    /// The latest time a question may be asked about before more comparisons are needed.
    var settledUntil: MediaTime? {
        comparisons.last.map { MediaTime(microseconds: $0.time.microseconds - MotionMask.window.microseconds) }
    }

    /// Moves the window to `time` and updates `moving`.
    func update(at time: MediaTime) {
        let upper = time.microseconds + MotionMask.window.microseconds
        let lower = time.microseconds - MotionMask.window.microseconds
        while entered < comparisons.count, comparisons[entered].time.microseconds <= upper {
            for (cell, changed) in comparisons[entered].cells.enumerated() where changed { counts[cell] += 1 }
            entered += 1
        }
        while left < entered, comparisons[left].time.microseconds < lower {
            for (cell, changed) in comparisons[left].cells.enumerated() where changed { counts[cell] -= 1 }
            left += 1
        }
        if left > 4096 {
            comparisons.removeFirst(left)
            entered -= left
            left = 0
        }
        let total = entered - left
        var next = [Bool](repeating: false, count: grid.count)
        if total >= 2 {
            let needed = max(2, Int((Double(total) * MotionMask.movingShare).rounded(.up)))
            var count = 0
            for cell in 0..<grid.count where counts[cell] >= needed {
                next[cell] = true
                count += 1
            }
            if Double(count) > Double(grid.count) * MotionMask.largestInset {
                next = [Bool](repeating: false, count: grid.count)
            }
        }
        if next != moving {
            moving = next
            version += 1
        }
    }
}
