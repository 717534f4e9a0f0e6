@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// `SettleDetector` over made-up pictures at 25 fps: what starts and ends a settled stretch.
@Suite("Settle detector")
struct SettleDetectorTests {
    /// A picture 32x16 (four cells by two), ground 30, with `ink` pixels at 200.
    static func picture(_ ink: [(x: Int, y: Int)] = [], level: UInt8 = 200) -> ScreenPicture {
        var pixels = [UInt8](repeating: 30, count: 32 * 16)
        for point in ink { pixels[point.y * 32 + point.x] = level }
        return ScreenPicture(width: 32, height: 16, pixels: pixels)
    }

    static let grid = CellGrid(width: 32, height: 16)
    static let blank = picture()
    static let twoCharacters = picture([(3, 3), (4, 3), (7, 3)])
    static let cursor = picture([(20, 10), (21, 10), (20, 11), (21, 11)])
    /// A character typed where the cursor was, the cursor one cell on.
    static let typedAtCursor = picture([(20, 11), (21, 10), (25, 10), (26, 10), (25, 11), (26, 11)])

    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        /// The picture shown in each frame, frame n at n / 25 s.
        var frames: @Sendable (Int) -> ScreenPicture
        var count: Int
        /// Cells that keep moving (a camera), when any.
        var moving: Set<Int> = []
        /// Expected stretches, as frame numbers [start, end).
        var stretches: [Range<Int>]

        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "one still screen", frames: { _ in blank }, count: 100, stretches: [0..<100]),
        Case(label: "two characters typed end one screen and start the next",
             frames: { $0 < 60 ? blank : twoCharacters }, count: 150, stretches: [0..<60, 60..<150]),
        Case(label: "a blinking cursor (0.6 s on, 0.3 s off) is one screen",
             frames: { $0 % 23 < 15 ? cursor : blank }, count: 150, stretches: [0..<150]),
        Case(label: "a pointer passing for 0.4 s is one screen",
             frames: { (40..<50).contains($0) ? twoCharacters : blank }, count: 150, stretches: [0..<150]),
        Case(label: "a screen shorter than the settle time is not settled",
             frames: { $0 < 50 ? blank : $0 < 73 ? twoCharacters : cursor }, count: 150, stretches: [0..<50, 73..<150]),
        Case(label: "a picture that changes every frame never settles",
             frames: { picture([($0 % 32, ($0 / 32) % 8), ($0 % 32, ($0 / 32) % 8 + 1)]) }, count: 100, stretches: []),
        Case(label: "the encoder sharpening a screen just cut to keeps its start",
             frames: { $0 == 0 ? picture([(3, 3)], level: 170) : picture([(3, 3)]) }, count: 100, stretches: [0..<100]),
        Case(label: "dim text typed still ends the screen",
             frames: { $0 < 60 ? blank : picture([(3, 3), (4, 3)], level: 90) }, count: 150, stretches: [0..<60, 60..<150]),
        Case(label: "text shown 30 levels dimmer is the same screen coded again",
             frames: { picture([(3, 3), (4, 3), (5, 3)], level: $0 < 60 ? 200 : 170) }, count: 150, stretches: [0..<150]),
        Case(label: "text taken away ends the screen",
             frames: { $0 < 60 ? twoCharacters : blank }, count: 150, stretches: [0..<60, 60..<150]),
        Case(label: "a slow drift (a camera panning) is not a change",
             frames: { picture([(10, 10), (11, 10), (12, 10)], level: UInt8(30 + $0)) }, count: 120, stretches: [0..<120]),
        Case(label: "a cursor that blinked off just before a key was typed ends its screen at the key",
             frames: { $0 < 60 ? ($0 % 25 < 15 ? cursor : blank) : $0 < 65 ? blank : typedAtCursor }, count: 150,
             stretches: [0..<65, 65..<150]),
        Case(label: "motion in a moving cell is ignored",
             frames: { picture([(24 + $0 % 8, $0 % 8)]) }, count: 100, moving: [3], stretches: [0..<100]),
    ]

    @Test("Finds the settled stretches", arguments: cases)
    func findsStretches(_ test: Case) {
        let detector = SettleDetector(grid: SettleDetectorTests.grid, settle: MediaTime(seconds: 1))
        let mask = (0..<SettleDetectorTests.grid.count).map { test.moving.contains($0) }
        var found: [SettleDetector.Stretch] = []
        func time(_ frame: Int) -> MediaTime { MediaTime(microseconds: Int64(frame) * 40_000) }
        for frame in 0..<test.count {
            let sample = ScreenSample(time: time(frame), picture: test.frames(frame), observed: true, isKeyframe: frame % 50 == 0)
            found += detector.add(sample, moving: mask, maskVersion: 0)
        }
        found += detector.finish(at: time(test.count))
        #expect(found.map { $0.start..<$0.end } == test.stretches.map { time($0.lowerBound)..<time($0.upperBound) })
        for stretch in found {
            let read = stretch.frameToRead
            #expect(read >= stretch.start && read < stretch.end, "the frame read lies inside its stretch")
        }
    }

    @Test("A keyframe near the middle is the frame to read")
    func readsKeyframe() {
        let stretch = SettleDetector.Stretch(start: MediaTime(seconds: 0), end: MediaTime(seconds: 10),
                                             keyframes: [MediaTime(seconds: 0), MediaTime(seconds: 4), MediaTime(seconds: 8)],
                                             observed: [MediaTime(seconds: 5)])
        #expect(stretch.frameToRead == MediaTime(seconds: 4))
    }
}

/// `MotionMask`: a cell is moving when it changes in most comparisons around a time.
@Suite("Motion mask")
struct MotionMaskTests {
    /// Cells of the 20x20 grid below, by row and column.
    static func cells(rows: ClosedRange<Int>, columns: ClosedRange<Int>) -> Set<Int> {
        Set(rows.flatMap { row in columns.map { row * 20 + $0 } })
    }

    /// Records 200 comparisons (8 s at 25 fps) on a 160x160 grid (20x20 cells): `every`
    /// cells change in each, `often` in every third.
    static func recorded(every: Set<Int>, often: Set<Int> = []) -> MotionMask {
        let grid = CellGrid(width: 160, height: 160)
        let mask = MotionMask(grid: grid)
        for frame in 0..<200 {
            let cells = (0..<grid.count).map { every.contains($0) || (often.contains($0) && frame % 3 == 0) || (frame == 100 && $0 == 0) }
            mask.record(at: MediaTime(microseconds: Int64(frame) * 40_000), changed: cells)
        }
        return mask
    }

    @Test("A picture moving in every comparison is masked with a cell around it, grown through the cells around it that keep changing")
    func camera() {
        // Moving in the middle of the picture, restless around it: rows and columns 2-5.
        let core = MotionMaskTests.cells(rows: 2...4, columns: 3...4)
        let fringe = MotionMaskTests.cells(rows: 2...5, columns: 2...5).subtracting(core)
        let mask = MotionMaskTests.recorded(every: core, often: fringe)
        mask.update(at: MediaTime(seconds: 0))
        #expect(mask.moving[2 * 20 + 3], "known from the start, looking ahead")
        mask.update(at: MediaTime(seconds: 4))
        let box = MotionMaskTests.cells(rows: 1...6, columns: 1...6)
        #expect(mask.moving == (0..<400).map { box.contains($0) })
    }

    @Test("A blinking cursor's cells are not a picture, nor the text typed beside it")
    func cursor() {
        let mask = MotionMaskTests.recorded(every: MotionMaskTests.cells(rows: 4...5, columns: 4...5),
                                            often: MotionMaskTests.cells(rows: 4...5, columns: 6...6))
        mask.update(at: MediaTime(seconds: 4))
        #expect(!mask.moving.contains(true))
    }

    @Test("When more than a third of the screen moves, nothing is masked: the screen itself changes")
    func wholeScreen() {
        let mask = MotionMaskTests.recorded(every: MotionMaskTests.cells(rows: 0...9, columns: 0...19))
        mask.update(at: MediaTime(seconds: 2))
        #expect(!mask.moving.contains(true))
    }
}
