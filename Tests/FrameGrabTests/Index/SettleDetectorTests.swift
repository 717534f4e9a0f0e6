@testable import FrameGrab
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
    @Test("A group of cells changing in every comparison is a picture, masked with a cell around it; a cursor's cell is not")
    func camera() {
        let grid = CellGrid(width: 80, height: 80)
        let mask = MotionMask(grid: grid)
        let camera: Set<Int> = [22, 23, 32, 33]
        for frame in 0..<200 {
            var cells = [Bool](repeating: false, count: grid.count)
            for cell in camera { cells[cell] = true }
            cells[77] = true
            if frame == 100 { cells[0] = true }
            mask.record(at: MediaTime(microseconds: Int64(frame) * 40_000), changed: cells)
        }
        mask.update(at: MediaTime(seconds: 0))
        #expect(mask.moving[22], "known from the start, looking ahead")
        mask.update(at: MediaTime(seconds: 4))
        let box = Set([11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34, 41, 42, 43, 44])
        #expect(mask.moving == (0..<grid.count).map { box.contains($0) })
    }

    @Test("When more than a third of the screen moves, nothing is masked: the screen itself changes")
    func wholeScreen() {
        let grid = CellGrid(width: 32, height: 16)
        let mask = MotionMask(grid: grid)
        for frame in 0..<100 {
            mask.record(at: MediaTime(microseconds: Int64(frame) * 40_000), changed: (0..<grid.count).map { $0 < 4 })
        }
        mask.update(at: MediaTime(seconds: 2))
        #expect(!mask.moving.contains(true))
    }
}
