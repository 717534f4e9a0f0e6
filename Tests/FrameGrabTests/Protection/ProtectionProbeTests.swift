@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Foundation
import Testing

/// The probe on the fixtures: every protected one is found by the cheapest check that can see
/// it, every clear one is left alone, and a master playlist opens its sharpest rendition.
@Suite("ProtectionProbe")
struct ProtectionProbeTests {
    @Test("The manifest lists every protected fixture")
    func fixtureList() {
        #expect(Fixtures.protectedClips.count == 11, "\(Fixtures.protectedClips)")
    }

    @Test("Every protected fixture: its scheme and system, before FFmpeg opens it", arguments: Fixtures.protectedClips)
    func protectedFixture(clip: String) throws {
        let truth = try Fixtures.truth(clip, as: ProtectedTruth.self)
        let input = ProtectionProbe.examine(Fixtures.path(clip))
        let protection = try #require(input.protection, "\(clip) is protected")
        #expect(protection.scheme == truth.protection.scheme)
        #expect(protection.system.rawValue == truth.protection.system)
        #expect(!protection.evidence.isEmpty && protection.evidence.count < 160 && !protection.evidence.contains("\n"))
        #expect(input.format == truth.container)
        #expect(input.rendition == nil)
    }

    @Test("Clear inputs are not protected, and open as they are", arguments:
            Fixtures.counterClips + Fixtures.talkClips + ["counter-corrupt.ts", "hls-aes/talk.m3u8", "hls-renditions/240p/index.m3u8"])
    func clearFixture(clip: String) {
        let input = ProtectionProbe.examine(Fixtures.path(clip))
        #expect(input.protection == nil)
        #expect(input.location == Fixtures.path(clip))
        #expect(input.rendition == nil)
        #expect(!input.allowsNetwork)
    }

    @Test("A master playlist opens its sharpest rendition, named the way the input was")
    func rendition() throws {
        let truth = try Fixtures.truth("hls-renditions/master.m3u8", as: RenditionsTruth.self)
        #expect(truth.renditions.map(\.height) == [720, 1080, 240], "the sharpest is neither first nor last")
        let relative = "TestVideos/hls-renditions/master.m3u8"
        let input = ProtectionProbe.examine(Fixtures.packageRoot.appendingPathComponent(relative).path)
        #expect(input.protection == nil)
        #expect(input.format == "hls")
        let rendition = try #require(input.rendition)
        #expect(rendition == HLSRendition(uri: Fixtures.path("hls-renditions/" + truth.chosenRendition.uri),
                                          width: 1920, height: 1080, bandwidth: truth.chosenRendition.bandwidth))
        #expect(input.location == rendition.uri)
    }

    @Test("Missing, unreadable and odd inputs are left for MediaFile to report", arguments: [
        "no-such-clip.mp4", "bad", "bad/empty.mp4", "bad/random.mp4", "bad/notes.txt",
    ])
    func leftAlone(relative: String) {
        let input = ProtectionProbe.examine(Fixtures.path(relative))
        #expect(input.protection == nil && input.location == Fixtures.path(relative))
    }

    @Test("A pipe is never read by the probe: its bytes belong to FFmpeg")
    func pipe() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        // Held open for reading and writing (Linux allows it on a FIFO) and filled, so that a
        // probe that opened and read the pipe would neither block nor go unnoticed: the bytes
        // it took would be missing afterwards.
        let pipe = open(path, O_RDWR | O_NONBLOCK)
        try #require(pipe >= 0)
        defer { close(pipe) }
        let written = [UInt8](repeating: 0x47, count: 32_768)
        try #require(write(pipe, written, written.count) == written.count)

        let input = ProtectionProbe.examine(path)
        #expect(input.protection == nil && input.format == nil)
        var left = [UInt8](repeating: 0, count: written.count + 1)
        #expect(read(pipe, &left, left.count) == written.count, "every byte is still in the pipe")
    }

    @Test("A master whose variants cannot be read opens the master itself")
    func unreadableVariants() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-master-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let master = directory.appendingPathComponent("master.m3u8")
        try """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=3840x2160
            missing.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=1920x1080
            http://example.invalid/remote.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=640x360
            \(Fixtures.path("hls-renditions/240p/index.m3u8"))
            """.write(to: master, atomically: true, encoding: .utf8)
        let input = ProtectionProbe.examine(master.path)
        #expect(input.rendition?.height == 360, "the missing one and the remote one (network not allowed) are passed over")
        #expect(input.location == Fixtures.path("hls-renditions/240p/index.m3u8"))
    }
}

@Suite("Input locations")
struct InputLocationTests {
    @Test("References resolved against a playlist's location", arguments: [
        ("v/index.m3u8", "TestVideos/master.m3u8", "TestVideos/v/index.m3u8"),
        ("v/index.m3u8", "master.m3u8", "v/index.m3u8"),
        ("../x.m3u8", "/a/b/master.m3u8", "/a/b/../x.m3u8"),
        ("/abs/x.m3u8", "/a/master.m3u8", "/abs/x.m3u8"),
        ("https://cdn.example/x.m3u8", "/a/master.m3u8", "https://cdn.example/x.m3u8"),
        ("skd://key", "/a/master.m3u8", "skd://key"),
        ("1080p/index.m3u8", "http://127.0.0.1:8000/hls/master.m3u8", "http://127.0.0.1:8000/hls/1080p/index.m3u8"),
        ("../x.m3u8?t=1", "https://h.example/a/b/master.m3u8?token=2", "https://h.example/a/x.m3u8?t=1"),
        ("/root.m3u8", "https://h.example/a/master.m3u8", "https://h.example/root.m3u8"),
        ("c:d.m3u8", "/a/master.m3u8", "c:d.m3u8"),
        ("./v.m3u8", "/a/master.m3u8", "/a/./v.m3u8"),
    ])
    func resolve(reference: String, base: String, resolved: String) {
        #expect(InputLocation.resolve(reference, against: base) == resolved)
    }

    @Test("Only http(s) is the network", arguments: [
        ("http://h/x", true), ("HTTPS://h/x", true), ("file:/x", false), ("/tmp/http://x", false), ("rtmp://h/x", false), ("x.mp4", false),
    ])
    func network(location: String, isNetwork: Bool) {
        #expect(InputLocation.isNetwork(location) == isNetwork)
    }
}
