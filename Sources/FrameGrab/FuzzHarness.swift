import FrameGrabStore
import FrameGrabModel
import Foundation

/// Every parser framegrab owns, fed arbitrary bytes: what `scripts/fuzz` drives through
/// libFuzzer and what `FuzzRegressionTests` replays the inputs it kept through.
///
/// A harness crashes only where framegrab is wrong: a trap (overflow, out of bounds), a
/// sanitizer report, or a broken promise checked here (a time that parses negative, a search
/// query SQLite refuses).
public enum FuzzHarness: String, CaseIterable, Sendable {
    case time, mp4, matroska, hls, dash, eventLine = "event-line", mpv, search

    public func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .time:
            if let time = try? MediaTime(parsing: text) {
                // What parses is a time a video can have: never negative.
                precondition(time.microseconds >= 0, "negative time from \(text.debugDescription)")
            }
            if let requested = try? RequestedTime(parsing: text) {
                _ = requested.time(in: MediaTime(microseconds: 3_600_000_000))
                _ = requested.description
            }
        case .mp4:
            _ = MP4ProtectionScan.protection(in: bytes)
            // The walk over a file's top-level boxes, through the same bounded reads as a probe.
            if let relevant = FuzzHarness.throughFile(bytes, { MP4BoxReader.relevantBoxes(from: $0) }) {
                _ = MP4ProtectionScan.protection(in: relevant)
            }
        case .matroska:
            _ = MatroskaProtectionScan.docType(of: bytes)
            _ = MatroskaProtectionScan.protection(in: bytes)
        case .hls:
            if let playlist = HLSPlaylist(parsing: text) {
                for key in playlist.keys { _ = key.protection(in: text) }
                _ = playlist.variants.map { ($0.pixelCount, $0.isAudioOnly) }
            }
        case .dash:
            _ = DASHManifest.isManifest(text)
            _ = DASHManifest.protection(in: text)
        case .eventLine:
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                _ = try? PlaybackEvent(eventLine: String(line))
            }
        case .mpv:
            var translator = MPVEventTranslator()
            for line in text.split(separator: "\n") {
                if let message = try? JSONValue(parsing: String(line)) { _ = translator.handle(message) }
            }
        case .search:
            let query = SearchQuery(text)
            do {
                _ = try FuzzHarness.store.search(query, filter: SearchFilter(), limit: 5)
            } catch {
                preconditionFailure("SQLite refused the query for \(text.debugDescription): \(error)")
            }
        }
    }

    /// An index holding one screen, so that a query is planned and run against real rows.
    nonisolated(unsafe) static let store: SQLiteScreenStore = {
        let path = NSTemporaryDirectory() + "framegrab-fuzz-\(getpid()).db"
        unlink(path)
        let store = try! SQLiteScreenStore(path: path, creating: true)
        let text = "let session = URLSession.shared // fetch(\"a\") -> [x] && y"
        let box = BoundingBox(x: 0, y: 0, width: 100, height: 10)
        let region = Region(kind: .code, box: box, polarity: .darkOnLight, confidence: 0.9, text: text,
                            lines: [Line(text: text, box: box, words: [])])
        let video = IndexedVideo(path: "/v/talk.mp4", size: 1, modified: 0, fingerprint: "f", duration: nil,
                                 status: .indexed, error: nil, indexedAt: 0)
        try! store.replace(video, screens: [StoredScreen(path: video.path, start: MediaTime(seconds: 0), end: MediaTime(seconds: 1),
                                                         time: MediaTime(seconds: 0.5), regions: [region])])
        return store
    }()

    /// Runs `body` on `bytes` as a file read through `InputBytes`.
    static func throughFile<T>(_ bytes: [UInt8], _ body: (InputBytes) -> T) -> T? {
        let path = "/dev/shm/framegrab-fuzz-\(getpid())"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
        defer { unlink(path) }
        guard let input = InputBytes(location: path, allowsNetwork: false, limit: 8 << 20) else { return nil }
        return body(input)
    }
}

