import FrameGrabModel
import FrameGrabStore

extension LibraryIndexer.Outcome {
    /// A worker process's last line: the outcome of its one video, its errors in full
    /// (`FrameGrabError.json`, `IndexStoreError.json`).
    public var workerMessage: JSONValue {
        .object([
            ("event", .string("finished")),
            ("status", .string(status.rawValue)),
            ("duration", duration.map { .number($0.seconds, decimals: 6) } ?? .null),
            ("screens", .int(screens)),
            ("regions", .int(regions)),
            ("error", error?.json ?? .null),
            ("store_error", storeError?.json ?? .null),
        ])
    }

    /// The outcome `message` (`workerMessage`) reports for the video at `path`; nil when it is
    /// not one.
    public init?(workerMessage message: JSONValue, path: String) {
        guard let status = message["status"]?.stringValue.flatMap(Status.init(rawValue:)) else { return nil }
        self.init(path: path, status: status)
        duration = message["duration"]?.doubleValue.map(MediaTime.init(seconds:))
        screens = message["screens"]?.intValue ?? 0
        regions = message["regions"]?.intValue ?? 0
        error = message["error"].flatMap(FrameGrabError.init(json:))
        storeError = message["store_error"].flatMap(IndexStoreError.init(json:))
    }
}
