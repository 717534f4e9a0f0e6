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
    /// Per pixel, what was worked out about its looks, while what it depends on stays the
    /// same: since when the pixel differs, and `looksVersion` (the stretch, its reference and the
    /// frames kept). Lasting pixels are judged again on every frame until the screen changes.
    private var looks: [PixelLooks]
    private var looksVersion = 0

    private struct PixelLooks {
        var version = -1
        var since = Int64.max
        /// The looks the stretch showed as flicker before the pixel began to differ.
        var flickerLooks: LookSet?
        /// `newLookTime`, with the time of the last frame it took into account.
        var newLook: (through: Int64, time: Int64)?
    }

    init(grid: CellGrid, settle: MediaTime) {
        self.grid = grid
        self.settle = settle
        differingSince = [Int64](repeating: .max, count: grid.width * grid.height)
        differingRuns = [Bool](repeating: false, count: grid.height * ((grid.width + ScreenChange.run - 1) / ScreenChange.run))
        looks = [PixelLooks](repeating: PixelLooks(), count: grid.width * grid.height)
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
            looksVersion += 1
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
            let picture = entry.sample.picture
            guard let began = changeStart(in: index) else {
                // What lasted without new ink is the screen coded again: those pixels are
                // compared with this frame from now on; the others go on being compared with
                // the stretch's.
                accept(lastingPixels(at: entry.sample.time).filter { !showsNewInk(picture, at: $0) }, from: picture)
                note(entry.sample)
                index += 1
                continue
            }
            // Each stretch begins after the one it follows: a change dated at or before the
            // stretch's own start (a frame of another size, timestamps gone wrong) would begin
            // the same stretch again, and again.
            let started = stretch?.start ?? began
            if let settled = close(at: began) { closed.append(settled) }
            let restart = recent.firstIndex { $0.sample.time >= began && $0.sample.time > started } ?? index
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
        looksVersion += 1
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

    /// When the screen changed for good, judged at `recent[current]`: when enough pixels took
    /// new ink and kept it for longer than flicker lasts. A look the stretch showed as flicker
    /// is flicker that has not gone back yet (a cursor blinked off just before a key moved it
    /// on), and so is the first frame coded again.
    private func changeStart(in current: Int) -> MediaTime? {
        let picture = recent[current].sample.picture
        let cutoff = recent[current].sample.time.microseconds - ScreenChange.flickerLimit.microseconds
        let needed = ScreenChange.minimumPixels
        // The lasting pixels by the frame they began to differ in (the first of `recent`: then
        // or before).
        var byFrame = [[Int]](repeating: [], count: current + 1)
        for pixel in differingSince.indices where differingSince[pixel] < cutoff {
            byFrame[firstRecent(atOrAfter: differingSince[pixel], upTo: current)].append(pixel)
        }
        // The `needed` earliest times since which pixels have shown new looks, the pixels that
        // began to differ earliest first: a pixel's new look is no older than its difference,
        // so the later ones cannot come before.
        var lookTimes: [Int64] = []
        for (frame, pixels) in byFrame.enumerated() where !pixels.isEmpty {
            if lookTimes.count == needed, frame > 0, lookTimes[needed - 1] <= recent[frame].sample.time.microseconds { break }
            for pixel in pixels {
                guard showsNewInk(picture, at: pixel), !showsFlickerLook(at: pixel, in: current) else { continue }
                let time = newLookTime(at: pixel, upTo: current)
                guard lookTimes.count < needed || time < lookTimes[needed - 1] else { continue }
                lookTimes.insert(time, at: lookTimes.firstIndex { $0 > time } ?? lookTimes.count)
                if lookTimes.count > needed { lookTimes.removeLast() }
                if lookTimes.count == needed, lookTimes[needed - 1] == differingSince[pixel] { break }
            }
        }
        guard lookTimes.count >= needed, lookTimes[needed - 1] < cutoff else { return nil }
        return MediaTime(microseconds: lookTimes[needed - 1])
    }

    /// What is remembered about `pixel`, if still true.
    private func remembered(_ pixel: Int) -> PixelLooks {
        let memo = looks[pixel]
        return memo.version == looksVersion && memo.since == differingSince[pixel]
            ? memo : PixelLooks(version: looksVersion, since: differingSince[pixel])
    }

    /// Whether `recent[index]` shows at `pixel` a look the stretch showed as flicker
    /// (differing from the reference, and gone back since) before the pixel began to differ.
    private func showsFlickerLook(at pixel: Int, in index: Int) -> Bool {
        var memo = remembered(pixel)
        let flickerLooks = memo.flickerLooks ?? {
            var shown = LookSet()
            guard let start = stretch?.start.microseconds else { return shown }
            let size = recent[index].sample.picture.pixels.count
            for earlier in firstRecent(atOrAfter: start, upTo: index)..<firstRecent(atOrAfter: differingSince[pixel], upTo: index) {
                let picture = recent[earlier].sample.picture
                if picture.pixels.count == size, reference.differs(from: picture, at: pixel, by: ScreenChange.pixelLevels) {
                    shown.insert(picture.pixels[pixel])
                }
            }
            memo.flickerLooks = shown
            looks[pixel] = memo
            return shown
        }()
        return flickerLooks.contains(within: ScreenChange.pixelLevels, of: recent[index].sample.picture.pixels[pixel])
    }

    /// Since when `pixel` has shown new looks (neither the stretch's first frame coded again nor
    /// a flicker look), up to `recent[current]`. Each frame is looked at once: what it showed
    /// does not change.
    private func newLookTime(at pixel: Int, upTo current: Int) -> Int64 {
        var (through, time) = remembered(pixel).newLook ?? (Int64.min, differingSince[pixel])
        for index in firstRecent(atOrAfter: max(differingSince[pixel], through == .min ? through : through + 1), upTo: current)..<current {
            // The pixel showed an old look here: its new look begins with the next frame.
            if !showsNewInk(recent[index].sample.picture, at: pixel) || showsFlickerLook(at: pixel, in: index) {
                time = recent[index + 1].sample.time.microseconds
            }
            through = recent[index].sample.time.microseconds
        }
        var memo = remembered(pixel)
        memo.newLook = (through, time)
        looks[pixel] = memo
        return time
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

    /// Whether `picture` shows ink at `pixel` that came or went since the stretch's first
    /// frame, rather than the encoder coding the screen again: it sharpens a soft frame after
    /// a cut by up to 41 levels along edges, and a block cursor came back 32 levels dimmer; a
    /// stroke that appears or goes moves its pixels by more.
    private func showsNewInk(_ picture: ScreenPicture, at pixel: Int) -> Bool {
        guard picture.pixels.count == first.pixels.count else { return true }
        return first.differs(from: picture, at: pixel, by: ScreenChange.reencodingLevels)
    }

    /// Compares `pixels` with `picture` from now on.
    private func accept(_ pixels: [Int], from picture: ScreenPicture) {
        guard !pixels.isEmpty, picture.pixels.count == reference.pixels.count else { return }
        reference.take(pixels, from: picture)
        looksVersion += 1
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
                                // A run under the moving cells differs from nothing.
                                if (start / ScreenChange.cellSize...(end - 1) / ScreenChange.cellSize).allSatisfy({ mask[cellRow + $0] }) {
                                    if runs[runIndex] {
                                        for pixel in (row + start)..<(row + end) { since[pixel] = .max }
                                        runs[runIndex] = false
                                    }
                                    continue
                                }
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
