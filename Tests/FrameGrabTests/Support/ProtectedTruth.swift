import Foundation

/// The truth of a `protected` fixture (see `TestVideos/README.md`).
struct ProtectedTruth: Decodable, Sendable {
    struct Expected: Decodable, Sendable {
        var scheme: String
        var system: String
    }

    /// What ffprobe 5.1 reported reading the file.
    struct FFmpegView: Decodable, Sendable {
        var opens: Bool
        var encryptionInitData: Bool?
        var packetEncryptionInfo: Bool?
        var encKeyId: String?
    }

    var file: String
    var kind: String
    var container: String
    var protection: Expected
    /// Where it shows: `playlist`, `manifest` or `container`.
    var stage: String
    var ffmpeg: FFmpegView?
}

/// The renditions a master playlist's truth lists.
struct RenditionsTruth: Decodable, Sendable {
    struct Rendition: Decodable, Sendable, Equatable {
        var uri: String
        var width: Int
        var height: Int
        var bandwidth: Int
    }

    var renditions: [Rendition]
    var chosenRendition: Rendition
}

extension Fixtures {
    struct ManifestEntry: Decodable, Sendable {
        var file: String
        var kind: String
    }

    /// Every clip `TestVideos/manifest.json` lists.
    static let manifest: [ManifestEntry] = {
        struct Manifest: Decodable { var clips: [ManifestEntry] }
        guard let data = try? Data(contentsOf: videos.appendingPathComponent("manifest.json")),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return [] }
        return manifest.clips
    }()

    /// Every protected fixture, from the manifest.
    static let protectedClips: [String] = manifest.filter { $0.kind == "protected" }.map(\.file)

    /// Clear HLS inputs that must be read: AES-128 transport encryption and renditions.
    static let readableHLS = ["hls-aes/talk.m3u8", "hls-renditions/master.m3u8", "hls-renditions/240p/index.m3u8"]
}
