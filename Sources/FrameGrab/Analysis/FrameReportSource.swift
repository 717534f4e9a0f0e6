/// Where a `SettleScheduler` gets its reports: a `FrameGrabberSource` for real, a stand-in in
/// tests. Used only from the scheduler's worker, one call at a time.
public protocol FrameReportSource: AnyObject {
    /// Opens `path` for reading, in place of the file opened before. Returns a report with
    /// status `.skipped` for content that must never be read (protected), nil otherwise.
    func open(_ path: String) throws(FrameGrabError) -> FrameReport?

    /// Reads the frame shown at `time` in the open file, as
    /// `FrameGrabber.report(at:shouldCancel:reusing:)` does: polls `shouldCancel` while reading,
    /// and asks `earlier` with the frame's stream timestamp before any OCR.
    func report(at time: MediaTime, shouldCancel: @escaping @Sendable () -> Bool,
                reusing earlier: @escaping (_ frameTimestamp: Int64) -> FrameReport?) throws(FrameGrabError) -> FrameReport
}

/// Reports from a `FrameGrabber` on the open file: what a player session reads frames with.
///
/// Protected content found on opening is said at once, as the file's one skip notice;
/// encryption found only while reading comes back from `FrameGrabber.report(at:)` as a skipped
/// report, which the scheduler takes the same way.
public final class FrameGrabberSource: FrameReportSource {
    private let options: FrameGrabber.Options
    private var grabber: FrameGrabber?

    public init(options: FrameGrabber.Options = .init()) {
        self.options = options
    }

    public func open(_ path: String) throws(FrameGrabError) -> FrameReport? {
        // Let the old file and its engines go before the new ones start.
        grabber = nil
        let opened = try FrameGrabber(path: path, options: options)
        grabber = opened
        return opened.protection == nil ? nil : try opened.report(at: MediaTime(microseconds: 0))
    }

    public func report(at time: MediaTime, shouldCancel: @escaping @Sendable () -> Bool,
                       reusing earlier: @escaping (Int64) -> FrameReport?) throws(FrameGrabError) -> FrameReport {
        guard let grabber else {
            throw .internalFailure(path: "-", reason: "a frame was asked for before any file was opened")
        }
        return try grabber.report(at: time, shouldCancel: shouldCancel, reusing: earlier)
    }
}
