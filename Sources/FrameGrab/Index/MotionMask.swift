/// Where the picture keeps moving whatever the text does: a speaker's camera in a corner, a
/// clip playing inside a slide. Settling ignores those cells, so that a talk recorded with its
/// speaker inset still settles on every slide.
///
/// Each decoded frame is compared with the one `span` before it. A cell moves at a time when
/// it changed in at least half the comparisons within `window` either side, and is restless
/// when changes began there again and again. A picture that moves is a rectangle: what is
/// masked is the box around each group of moving cells, grown through the restless cells
/// that touch it (the still parts of a camera's picture), when it is larger than a few lines
/// of text, and a cell beyond it. Asked in time order; frames are observed ahead of the
/// questions by at least `window`, so the answer at the start of a video already knows the
/// camera.
final class MotionMask {
    /// Moving in at least this share of the comparisons around a time: a camera changes in
    /// most of them, a slide in one or two.
    static let movingShare = 0.5
    /// Frames compared are at least this far apart: a camera's picture drifts too little from
    /// one frame to the next to tell, and a moving cursor changes a cell or two only.
    static let span = MediaTime(microseconds: 400_000)
    /// Half the window over which motion is counted: longer than a cross-fade or a typical
    /// scroll (1–2 s), which change every frame while they last but are changes of the screen.
    static let window = MediaTime(microseconds: 3_000_000)
    /// A picture spans at least this many cells each way (5% of the width, 9% of the height):
    /// a blinking cursor, even in a slide's large type, spans at most three, and typing beside
    /// it must not be masked with it.
    static let smallestPicture = 4
    /// Changes beginning this many separate times, from `restlessHistory` before a time to
    /// `window` after it, make a cell restless: a slide's cell changes once or twice (a cut, a
    /// build), a terminal's when a key is typed there, a camera's again and again.
    static let restlessChanges = 3
    static let restlessHistory = MediaTime(microseconds: 10_000_000)
    /// A picture within a talk is an inset: when more than this share of the screen moves, it
    /// is the screen itself that changes (a scroll, a full-screen camera shot), and nothing is
    /// masked.
    static let largestInset = 1.0 / 3

    let grid: CellGrid
    private var history: [(time: MediaTime, picture: ScreenPicture)] = []
    /// Per comparison, the cells that changed and those where a change began (they did not
    /// change in the comparison before).
    private var comparisons: [(time: MediaTime, cells: [Bool], began: [Bool])] = []
    /// Comparisons [left, entered) are inside the window of the last question, and
    /// [restlessLeft, entered) inside its restless history.
    private var left = 0
    private var restlessLeft = 0
    private var entered = 0
    private var counts: [Int]
    private var beginnings: [Int]
    /// The answer to the last question, and a number that changes when the answer does.
    private(set) var moving: [Bool]
    private(set) var version = 0

    init(grid: CellGrid) {
        self.grid = grid
        counts = [Int](repeating: 0, count: grid.count)
        beginnings = counts
        moving = [Bool](repeating: false, count: grid.count)
    }

    /// A decoded frame: compared with the latest one at least `span` before it.
    func observe(_ picture: ScreenPicture, at time: MediaTime) {
        let before = time.microseconds - MotionMask.span.microseconds
        if let earlier = history.last(where: { $0.time.microseconds <= before }) {
            record(at: time, changed: ScreenChange.changedCells(from: earlier.picture, to: picture, grid: grid).cells)
        }
        history.append((time, picture))
        if let stale = history.lastIndex(where: { $0.time.microseconds <= before }), stale > 0 {
            history.removeFirst(stale)
        }
    }

    /// The cells that changed in one comparison, the later frame at `time`.
    func record(at time: MediaTime, changed cells: [Bool]) {
        let before = comparisons.last?.cells
        let began = cells.indices.map { cells[$0] && !(before?[$0] ?? false) }
        comparisons.append((time, cells, began))
    }

    /// The latest time a question may be asked about before more frames are needed.
    var settledUntil: MediaTime? {
        comparisons.last.map { MediaTime(microseconds: $0.time.microseconds - MotionMask.window.microseconds) }
    }

    /// Moves the window to `time` and updates `moving`.
    func update(at time: MediaTime) {
        let upper = time.microseconds + MotionMask.window.microseconds
        let lower = time.microseconds - MotionMask.window.microseconds
        while entered < comparisons.count, comparisons[entered].time.microseconds <= upper {
            for (cell, changed) in comparisons[entered].cells.enumerated() where changed { counts[cell] += 1 }
            for (cell, began) in comparisons[entered].began.enumerated() where began { beginnings[cell] += 1 }
            entered += 1
        }
        while left < entered, comparisons[left].time.microseconds < lower {
            for (cell, changed) in comparisons[left].cells.enumerated() where changed { counts[cell] -= 1 }
            left += 1
        }
        let history = time.microseconds - MotionMask.restlessHistory.microseconds
        while restlessLeft < entered, comparisons[restlessLeft].time.microseconds < history {
            for (cell, began) in comparisons[restlessLeft].began.enumerated() where began { beginnings[cell] -= 1 }
            restlessLeft += 1
        }
        if restlessLeft > 4096 {
            comparisons.removeFirst(restlessLeft)
            entered -= restlessLeft
            left -= restlessLeft
            restlessLeft = 0
        }
        let total = entered - left
        var core = [Bool](repeating: false, count: grid.count)
        if total >= 2 {
            let needed = max(2, Int((Double(total) * MotionMask.movingShare).rounded(.up)))
            for cell in 0..<grid.count where counts[cell] >= needed { core[cell] = true }
        }
        let restless = beginnings.map { $0 >= MotionMask.restlessChanges }
        let next = pictures(around: core, growingThrough: restless)
        if next != moving {
            moving = next
            version += 1
        }
    }

    /// The boxes around the groups of `core` cells, grown through the `restless` cells that
    /// touch them, that are pictures, a cell wider each way; nothing when they would cover
    /// more than `largestInset` of the screen.
    private func pictures(around core: [Bool], growingThrough restless: [Bool]) -> [Bool] {
        var masked = [Bool](repeating: false, count: grid.count)
        guard core.contains(true) else { return masked }
        var seen = [Bool](repeating: false, count: grid.count)
        for start in 0..<grid.count where core[start] && !seen[start] {
            var stack = [start]
            seen[start] = true
            var box = (left: grid.columns, top: grid.rows, right: -1, bottom: -1)
            while let cell = stack.popLast() {
                let column = cell % grid.columns
                let row = cell / grid.columns
                box = (min(box.left, column), min(box.top, row), max(box.right, column), max(box.bottom, row))
                for dy in -1...1 {
                    for dx in -1...1 {
                        let x = column + dx
                        let y = row + dy
                        guard x >= 0, x < grid.columns, y >= 0, y < grid.rows else { continue }
                        let neighbour = y * grid.columns + x
                        if (core[neighbour] || restless[neighbour]) && !seen[neighbour] {
                            seen[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            guard box.right - box.left + 1 >= MotionMask.smallestPicture, box.bottom - box.top + 1 >= MotionMask.smallestPicture else {
                continue
            }
            for y in max(0, box.top - 1)...min(grid.rows - 1, box.bottom + 1) {
                for x in max(0, box.left - 1)...min(grid.columns - 1, box.right + 1) {
                    masked[y * grid.columns + x] = true
                }
            }
        }
        let count = masked.reduce(0) { $0 + ($1 ? 1 : 0) }
        return Double(count) > Double(grid.count) * MotionMask.largestInset ? [Bool](repeating: false, count: grid.count) : masked
    }
}
