import FrameGrabModel
/// A settled screen as the index gives it back, for export: where and when, and its regions
/// exactly as they were stored.
public struct StoredScreen: Sendable, Equatable {
    public var path: String
    public var start: MediaTime
    public var end: MediaTime
    /// The time of the frame that was read.
    public var time: MediaTime
    public var regions: [Region]

    public init(path: String, start: MediaTime, end: MediaTime, time: MediaTime, regions: [Region]) {
        self.path = path
        self.start = start
        self.end = end
        self.time = time
        self.regions = regions
    }
}
