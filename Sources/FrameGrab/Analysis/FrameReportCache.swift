/// Reports already read, by file and frame, so that the same frame is not read twice.
///
/// The key is the frame's stream timestamp, not the time asked for: two times within one frame
/// are the same picture. Holds the most recently used `capacity` reports.
struct FrameReportCache {
    struct Key: Hashable {
        var path: String
        var frameTimestamp: Int64
    }

    let capacity: Int
    /// Least recently used first.
    private var entries: [(key: Key, report: FrameReport)] = []

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
    }

    mutating func report(for key: Key) -> FrameReport? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.report
    }

    mutating func store(_ report: FrameReport, for key: Key) {
        entries.removeAll { $0.key == key }
        entries.append((key, report))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }
}
