import Foundation
import FrameGrab

/// Where the package and its test clips are, found from this file's own path so that tests
/// run the same from `swift test`, an IDE or another working directory.
enum Fixtures {
    /// The directory holding `Package.swift`.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    static let videos = packageRoot.appendingPathComponent("TestVideos")

    /// Absolute path of a file under `TestVideos/`, e.g. `counter.mp4` or `hls/counter.m3u8`.
    static func path(_ relative: String) -> String {
        videos.appendingPathComponent(relative).path
    }

    /// The truth JSON next to a clip (`F.truth.json`), decoded.
    static func truth<T: Decodable>(_ relative: String, as type: T.Type = ClipTruth.self) throws -> T {
        let data = try Data(contentsOf: URL(fileURLWithPath: path(relative) + ".truth.json"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(T.self, from: data)
    }

    /// A path that certainly does not exist.
    static let missingPath = videos.appendingPathComponent("no-such-clip.mp4").path

    /// Every counter clip: the same 600 numbered frames in each container.
    static let counterClips = [
        "counter.mp4", "counter.mov", "counter.mkv", "counter.webm",
        "counter-hevc10.mp4", "counter.ts", "hls/counter.m3u8",
    ]

    /// Every talk-like clip: slides with known regions, lines and words.
    static let talkClips = ["talk-light.mp4", "talk-dark.mp4", "rotated.mp4", "anamorphic.mp4"]

    /// A playlist without `#EXT-X-ENDLIST` over the counter's HLS segments, in a directory of
    /// its own for the caller to remove: it may still grow, so it has no duration, and FFmpeg's
    /// HLS demuxer starts near its live end.
    static func livePlaylist() throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let playlist = directory.appendingPathComponent("live.m3u8").path
        let segments = (0..<5).map { "#EXTINF:4.004,\n" + path("hls/counter\($0).ts") + "\n" }
        try ("#EXTM3U\n#EXT-X-TARGETDURATION:4\n" + segments.joined()).write(toFile: playlist, atomically: true, encoding: .utf8)
        return (directory, playlist)
    }
}
