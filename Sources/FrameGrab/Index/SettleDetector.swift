/// Finds the stretches in which the screen stays put: every frame the same as the first of the
/// stretch, outside the moving cells, except for flicker that goes back within
/// `ScreenChange.flickerLimit` (a blinking cursor, a pointer passing by).
///
/// Each pixel remembers since when it has differed from the stretch's reference frame; once
/// enough pixels have differed for longer than flicker lasts, the screen changed when they
/// began to, unless the frame differs from the stretch's first frame by no more than the
/// encoder's own noise (`ScreenChange.reencodingLevels`): then it is the same screen coded
/// again, and the frame compared with from then on. A new stretch starts where the change
/// began; the frames since are kept, so it is checked from its true start.
final class SettleDetector {
    /// A stretch found, with the frames in it worth reading.
    struct Stretch: Equatable {
        var start: MediaTime
        var end: MediaTime
        /// Keyframes inside, cheapest to read; frames decoded inside, otherwise.
        var keyframes: [MediaTime]
        var observed: [MediaTime]

        var duration: MediaTime { MediaTime(microseconds: end.microseconds - start.microseconds) }

        /// The frame to read: a keyframe near the middle (one frame to decode), else a decoded
        /// frame near the middle; never at the edges, where a change may be half drawn.
        var frameToRead: MediaTime {
            let middle = (start.microseconds + end.microseconds) / 2
            let margin = min(duration.microseconds / 5, 500_000)
            let inside = { (time: MediaTime) in
                time.microseconds >= self.start.microseconds + margin && time.microseconds < self.end.microseconds - margin
            }
            let nearest = { (times: [MediaTime]) in times.filter(inside).min { abs($0.microseconds - middle) < abs($1.microseconds - middle) } }
            return nearest(keyframes) ?? nearest(observed) ?? observed.first ?? start
        }
    }

    private struct Entry {
        var sample: ScreenSample
        var mask: [Bool]
        var maskVersion: Int
    }

    private let grid: CellGrid
    private let settle: MediaTime
    /// Recent frames, for checking a new reference from where it began, and for the looks the
    /// stretch showed.
    private var recent: [Entry] = []
    private var stretch: Stretch?
    /// The stretch's first frame, and its neighbourhood ranges.
    private var first = ScreenChange.Reference()
    /// What each pixel is compared with: the first frame, but where the encoder coded the
    /// screen again, the frame that showed it.
    private var reference = ScreenChange.Reference()
    /// Per pixel, since when it has differed from the reference (`Int64.max`: it does not).
    private var differingSince: [Int64]
    /// Per run of `ScreenChange.run` pixels along a row, whether any of them differs.
    private var differingRuns: [Bool]
    /// Since when `ScreenChange.minimumPixels` pixels have differed: the earliest time by which
    /// that many did.
    private var changeBegan = Int64.max
    private var last: (picture: ScreenPicture, maskVersion: Int)?

    init(grid: CellGrid, settle: MediaTime) {
        self.grid = grid
        self.settle = settle
        differingSince = [Int64](repeating: .max, count: grid.width * grid.height)
        differingRuns = [Bool](repeating: false, count: grid.height * ((grid.width + ScreenChange.run - 1) / ScreenChange.run))
    }

    /// Takes the next frame (in presentation order) with the moving cells at its time;
    /// returns the settled stretches it closed.
    func add(_ sample: ScreenSample, moving mask: [Bool], maskVersion: Int) -> [Stretch] {
        recent.append(Entry(sample: sample, mask: mask, maskVersion: maskVersion))
        // Kept: the flicker limit, and before it a blink cycle (VTE's is 1.2 s) to tell flicker
        // looks by.
        let keep = sample.time.microseconds - ScreenChange.flickerLimit.microseconds - 2_000_000
        if let stale = recent.firstIndex(where: { $0.sample.time.microseconds >= keep }), stale > 64 {
            recent.removeFirst(stale)
        }
        var closed: [Stretch] = []
        var index = recent.count - 1
        while index < recent.count {
            let entry = recent[index]
            guard stretch != nil else {
                begin(with: entry)
                index += 1
                continue
            }
            compare(entry)
            guard entry.sample.time.microseconds - changeBegan > ScreenChange.flickerLimit.microseconds else {
                note(entry.sample)
                index += 1
                continue
            }
            // A look the stretch already showed is flicker that has not gone back yet (a cursor
            // blinked off just before a key moved it on): the change began with a new look.
            var lasting: [Int] = []
            var lookTimes: [Int64] = []
            for pixel in lastingPixels(at: entry.sample.time) {
                guard let time = newLookTime(at: pixel, upTo: index) else { continue }
                lasting.append(pixel)
                lookTimes.append(time)
            }
            lookTimes.sort()
            guard lookTimes.count >= ScreenChange.minimumPixels,
                  entry.sample.time.microseconds - lookTimes[ScreenChange.minimumPixels - 1] > ScreenChange.flickerLimit.microseconds else {
                note(entry.sample)
                index += 1
                continue
            }
            let began = MediaTime(microseconds: lookTimes[ScreenChange.minimumPixels - 1])
            if !showsNewInk(entry.sample.picture, at: lasting) {
                // What lasted is the screen coded again: those pixels are compared with this
                // frame from now on; the others go on being compared with the stretch's.
                accept(lasting, from: entry.sample.picture)
                note(entry.sample)
                index += 1
                continue
            }
            if let settled = close(at: began) { closed.append(settled) }
            let restart = recent.firstIndex { $0.sample.time >= began } ?? index
            begin(with: recent[restart])
            index = restart + 1
        }
        return closed
    }

    /// Ends the last stretch at the end of the video.
    func finish(at end: MediaTime) -> [Stretch] {
        close(at: end).map { [$0] } ?? []
    }

    private func begin(with entry: Entry) {
        stretch = Stretch(start: entry.sample.time, end: entry.sample.time, keyframes: [], observed: [])
        first = ScreenChange.Reference(entry.sample.picture)
        reference = first
        for pixel in differingSince.indices { differingSince[pixel] = .max }
        for run in differingRuns.indices { differingRuns[run] = false }
        changeBegan = .max
        last = nil
        note(entry.sample)
    }

    private func note(_ sample: ScreenSample) {
        if sample.isKeyframe { stretch?.keyframes.append(sample.time) }
        if sample.observed { stretch?.observed.append(sample.time) }
    }

    /// The stretch up to `end`, if it lasted the settle time.
    private func close(at end: MediaTime) -> Stretch? {
        guard var finished = stretch else { return nil }
        stretch = nil
        finished.end = end
        finished.keyframes.removeAll { $0 >= end }
        finished.observed.removeAll { $0 >= end }
        return finished.duration >= settle ? finished : nil
    }

    /// The pixels that have differed from the reference for longer than flicker lasts.
    private func lastingPixels(at time: MediaTime) -> [Int] {
        let lasting = time.microseconds - ScreenChange.flickerLimit.microseconds
        return differingSince.indices.filter { differingSince[$0] < lasting }
    }

    /// Since when `pixel` has shown looks the stretch did not show before it began to differ,
    /// judged at `recent[current]`: nil when it shows one of those looks now.
    private func newLookTime(at pixel: Int, upTo current: Int) -> Int64? {
        guard let start = stretch?.start.microseconds else { return nil }
        let since = differingSince[pixel]
        let first = firstRecent(atOrAfter: start, upTo: current)
        let differing = firstRecent(atOrAfter: since, upTo: current)
        func value(_ index: Int) -> Int? {
            let pixels = recent[index].sample.picture.pixels
            return pixels.count == recent[current].sample.picture.pixels.count ? Int(pixels[pixel]) : nil
        }
        // Shown as flicker: differing from the reference then, and gone back since.
        func shown(_ index: Int) -> Bool {
            guard let look = value(index) else { return false }
            return (first..<differing).contains { earlier in
                guard let shown = value(earlier), abs(shown - look) < ScreenChange.pixelLevels else { return false }
                return reference.differs(from: recent[earlier].sample.picture, at: pixel, by: ScreenChange.pixelLevels)
            }
        }
        guard !shown(current) else { return nil }
        // Mostly a pixel that differs shows new looks from the first: a cross-fade, new text.
        guard shown(differing) else { return since }
        let lastShown = (differing..<current).last(where: shown) ?? differing
        return recent[min(current, lastShown + 1)].sample.time.microseconds
    }

    /// The index of the first of `recent[...current]` at or after `time` (binary search: they
    /// are in time order).
    private func firstRecent(atOrAfter time: Int64, upTo current: Int) -> Int {
        var low = 0
        var high = current
        while low < high {
            let middle = (low + high) / 2
            if recent[middle].sample.time.microseconds < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `pixels` of `picture` show ink that came or went since the stretch's first
    /// frame, rather than the encoder coding the screen again: it sharpens a soft frame after
    /// a cut by up to 41 levels along edges, and a block cursor came back 32 levels dimmer; a
    /// stroke that appears or goes moves its pixels by more.
    private func showsNewInk(_ picture: ScreenPicture, at pixels: [Int]) -> Bool {
        guard picture.pixels.count == first.pixels.count else { return true }
        return pixels.contains { first.differs(from: picture, at: $0, by: ScreenChange.reencodingLevels) }
    }

    /// Compares `pixels` with `picture` from now on.
    private func accept(_ pixels: [Int], from picture: ScreenPicture) {
        guard picture.pixels.count == reference.pixels.count else { return }
        reference.take(pixels, from: picture)
        for pixel in pixels { differingSince[pixel] = .max }
        var earliest = Int64.max
        var second = Int64.max
        for began in differingSince where began < second {
            if began < earliest {
                second = earliest
                earliest = began
            } else {
                second = began
            }
        }
        changeBegan = ScreenChange.minimumPixels <= 1 ? earliest : second
        last = nil
    }

    /// Brings `differingSince` and `changeBegan` up to `entry`'s frame.
    private func compare(_ entry: Entry) {
        let picture = entry.sample.picture
        // The same picture under the same mask differs where it did: only time moves on.
        if let last, last.picture === picture, last.maskVersion == entry.maskVersion { return }
        last = (picture, entry.maskVersion)
        guard picture.width == grid.width, picture.height == grid.height, reference.pixels.count == picture.pixels.count else {
            changeBegan = min(changeBegan, entry.sample.time.microseconds)
            return
        }
        let now = entry.sample.time.microseconds
        // The frame `MotionMask.span` before (or the stretch's first): a pixel begins to differ
        // only with a step from it.
        // Drift (a camera panning, light changing) creeps past the tolerance without a step;
        // text appears at once.
        let stepTime = max(now - MotionMask.span.microseconds, stretch?.start.microseconds ?? now)
        let stepFrom = recent.last { $0.sample.time.microseconds <= stepTime }?.sample.picture
        let levels = ScreenChange.pixelLevels
        let runLevels = SIMD16<UInt8>(repeating: UInt8(levels))
        let run = ScreenChange.run
        let runsPerRow = (grid.width + run - 1) / run
        var earliest = Int64.max
        var second = Int64.max
        let mask = entry.mask
        let reference = self.reference
        var since = differingSince
        var runs = differingRuns
        differingSince = []
        differingRuns = []
        defer {
            differingSince = since
            differingRuns = runs
        }
        reference.pixels.withUnsafeBufferPointer { before in
            picture.pixels.withUnsafeBufferPointer { after in
                since.withUnsafeMutableBufferPointer { since in
                  runs.withUnsafeMutableBufferPointer { runs in
                    for y in 0..<grid.height {
                        let row = y * grid.width
                        let cellRow = (y / ScreenChange.cellSize) * grid.columns
                        for (index, start) in stride(from: 0, to: grid.width, by: run).enumerated() {
                            let end = min(start + run, grid.width)
                            let runIndex = y * runsPerRow + index
                            // Most runs are where they were, and were before: one vector
                            // comparison says so.
                            if end - start == run, !runs[runIndex],
                               !ScreenChange.runDiffers(after.baseAddress! + row + start, before.baseAddress! + row + start, by: runLevels) {
                                continue
                            }
                            var differing = false
                            for x in start..<end {
                                let pixel = row + x
                                if abs(Int(after[pixel]) - Int(before[pixel])) < levels || mask[cellRow + x / ScreenChange.cellSize]
                                    || !reference.differs(from: picture, at: pixel, by: levels) {
                                    if since[pixel] != .max { since[pixel] = .max }
                                    continue
                                }
                                if since[pixel] == .max {
                                    if let stepFrom, stepFrom.pixels.count == picture.pixels.count,
                                       abs(Int(stepFrom.pixels[pixel]) - Int(after[pixel])) < levels { continue }
                                    since[pixel] = now
                                }
                                differing = true
                                let began = since[pixel]
                                if began < earliest {
                                    second = earliest
                                    earliest = began
                                } else if began < second {
                                    second = began
                                }
                            }
                            runs[runIndex] = differing
                        }
                    }
                  }
                }
            }
        }
        changeBegan = ScreenChange.minimumPixels <= 1 ? earliest : second
    }
}
