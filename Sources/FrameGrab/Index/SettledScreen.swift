/// One settled screen of a video: a stretch in which the text on screen stayed the same for at
/// least the settle time, and what was read on one frame of it.
public struct SettledScreen: Sendable {
    /// The stretch: its first frame's time, and the time of the first frame after it (or the
    /// end of the video).
    public var start: MediaTime
    public var end: MediaTime
    /// One frame of the stretch read as `framegrab --at` reads it; `report.frame.time` is that
    /// frame's time.
    public var report: FrameReport

    public init(start: MediaTime, end: MediaTime, report: FrameReport) {
        self.start = start
        self.end = end
        self.report = report
    }
}

extension SettledScreen {
    /// The screen as the index keeps it, for the video at `path`.
    public func stored(path: String) -> StoredScreen {
        StoredScreen(path: path, start: start, end: end, time: report.frame.time ?? start, regions: report.regions)
    }
}
