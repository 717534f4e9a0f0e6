/// Finds the stretches in which the screen stays put: every frame the same as the first of the
/// stretch, outside the moving cells, except for flicker that goes back within
/// `ScreenChange.flickerLimit` (a blinking cursor, a pointer passing by).
///
/// Each pixel remembers since when it has differed from the stretch's first frame; once enough
/// pixels have differed for longer than flicker lasts, the screen changed when they began to,
/// and a new stretch starts there. The frames since then are kept, so the new stretch is
/// checked from its true start.
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
    /// Recent frames, for checking a new stretch from where it began.
    private var recent: [Entry] = []
    private var reference: ScreenPicture?
    private var stretch: Stretch?
    /// Per pixel, since when it has differed from the reference (`Int64.max`: it does not).
    private var differingSince: [Int64]
    /// Since when `ScreenChange.minimumPixels` pixels have differed: the earliest time by which
    /// that many did.
    private var changeBegan = Int64.max
    private var last: (picture: ScreenPicture, maskVersion: Int)?
    /// The stretch just closed too short to settle, with its first frame: when the next one
    /// shows the same screen sharpened, they are one.
    private var unsettled: (stretch: Stretch, picture: ScreenPicture)?
    /// The current stretch took in the one before it.
    private var absorbed = false

    init(grid: CellGrid, settle: MediaTime) {
        self.grid = grid
        self.settle = settle
        differingSince = [Int64](repeating: .max, count: grid.width * grid.height)
    }

    /// Takes the next frame (in presentation order) with the moving cells at its time;
    /// returns the settled stretches it closed.
    func add(_ sample: ScreenSample, moving mask: [Bool], maskVersion: Int) -> [Stretch] {
        recent.append(Entry(sample: sample, mask: mask, maskVersion: maskVersion))
        let keep = sample.time.microseconds - ScreenChange.flickerLimit.microseconds - 1_000_000
        if let stale = recent.firstIndex(where: { $0.sample.time.microseconds >= keep }), stale > 64 {
            recent.removeFirst(stale)
        }
        var closed: [Stretch] = []
        var index = recent.count - 1
        while index < recent.count {
            let entry = recent[index]
            guard reference != nil else {
                begin(with: entry)
                index += 1
                continue
            }
            compare(entry)
            if entry.sample.time.microseconds - changeBegan > ScreenChange.flickerLimit.microseconds {
                let began = MediaTime(microseconds: changeBegan)
                if let settled = close(at: began) { closed.append(settled) }
                let restart = recent.firstIndex { $0.sample.time >= began } ?? index
                begin(with: recent[restart])
                index = restart + 1
            } else {
                note(entry.sample)
                index += 1
            }
        }
        return closed
    }

    /// Ends the last stretch at the end of the video.
    func finish(at end: MediaTime) -> [Stretch] {
        close(at: end).map { [$0] } ?? []
    }

    private func begin(with entry: Entry) {
        reference = entry.sample.picture
        stretch = Stretch(start: entry.sample.time, end: entry.sample.time, keyframes: [], observed: [])
        absorbed = false
        if let unsettled, ScreenChange.largestDifference(between: unsettled.picture, and: entry.sample.picture, grid: grid,
                                                         mask: entry.mask) < ScreenChange.refinementLevels {
            stretch = unsettled.stretch
            absorbed = true
        }
        unsettled = nil
        for pixel in differingSince.indices { differingSince[pixel] = .max }
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
        guard var finished = stretch, let picture = reference else { return nil }
        stretch = nil
        reference = nil
        finished.end = end
        finished.keyframes.removeAll { $0 >= end }
        finished.observed.removeAll { $0 >= end }
        guard finished.duration >= settle else {
            unsettled = !absorbed && finished.duration <= ScreenChange.refinementTime ? (finished, picture) : nil
            return nil
        }
        return finished
    }

    /// Brings `differingSince` and `changeBegan` up to `entry`'s frame.
    private func compare(_ entry: Entry) {
        guard let reference else { return }
        let picture = entry.sample.picture
        // The same picture under the same mask differs where it did: only time moves on.
        if let last, last.picture === picture, last.maskVersion == entry.maskVersion { return }
        last = (picture, entry.maskVersion)
        guard picture.width == grid.width, picture.height == grid.height,
              reference.width == grid.width, reference.height == grid.height else {
            changeBegan = min(changeBegan, entry.sample.time.microseconds)
            return
        }
        let now = entry.sample.time.microseconds
        var earliest = Int64.max
        var second = Int64.max
        let mask = entry.mask
        let levels = ScreenChange.pixelLevels
        reference.pixels.withUnsafeBufferPointer { before in
            picture.pixels.withUnsafeBufferPointer { after in
                differingSince.withUnsafeMutableBufferPointer { since in
                    for y in 0..<grid.height {
                        let row = y * grid.width
                        let cellRow = (y / ScreenChange.cellSize) * grid.columns
                        for x in 0..<grid.width {
                            let pixel = row + x
                            if mask[cellRow + x / ScreenChange.cellSize]
                                || abs(Int(before[pixel]) - Int(after[pixel])) < levels {
                                since[pixel] = .max
                                continue
                            }
                            if since[pixel] == .max { since[pixel] = now }
                            let began = since[pixel]
                            if began < earliest {
                                second = earliest
                                earliest = began
                            } else if began < second {
                                second = began
                            }
                        }
                    }
                }
            }
        }
        changeBegan = ScreenChange.minimumPixels <= 1 ? earliest : second
    }
}
