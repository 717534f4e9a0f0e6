import Foundation
import Testing

/// Protected and clear HLS inputs through the built binary, from files and over http.
@Suite("framegrab on protected content and HLS")
struct ProtectedCommandTests {
    /// The one stderr line for a protected input: `PATH: protected content skipped (SCHEME, SYSTEM: EVIDENCE)`.
    static func expectSkipped(_ result: FrameGrabCommand.Result, input: String, scheme: String, system: String,
                              times: [Double], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!result.timedOut, "\(result)", sourceLocation: sourceLocation)
        #expect(result.status == 6, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "exactly one line on stderr: \(result)", sourceLocation: sourceLocation)
        let prefix = "\(input): protected content skipped (\(scheme), \(system): "
        #expect(result.stderr.hasPrefix(prefix) && result.stderr.hasSuffix(")\n"), "\(result)", sourceLocation: sourceLocation)
        let lines = result.stdoutLines
        try #require(lines.count == times.count, "one JSON document per --at: \(result)", sourceLocation: sourceLocation)
        for (requested, line) in zip(times, lines) {
            let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(document["status"] as? String == "skipped", sourceLocation: sourceLocation)
            #expect(document["skip_reason"] as? String == "protected", sourceLocation: sourceLocation)
            let protection = try #require(document["protection"] as? [String: Any], sourceLocation: sourceLocation)
            #expect(protection["scheme"] as? String == scheme, sourceLocation: sourceLocation)
            #expect(protection["system"] as? String == system, sourceLocation: sourceLocation)
            let evidence = try #require(protection["evidence"] as? String, sourceLocation: sourceLocation)
            #expect(result.stderr == prefix + evidence + ")\n", "stderr and JSON say the same", sourceLocation: sourceLocation)
            let frame = try #require(document["frame"] as? [String: Any], sourceLocation: sourceLocation)
            #expect(frame["time"] is NSNull, sourceLocation: sourceLocation)
            #expect(frame["requested"] as? Double == requested, sourceLocation: sourceLocation)
            #expect((document["regions"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
            #expect((document["source"] as? [String: Any])?["path"] as? String == input, sourceLocation: sourceLocation)
        }
    }

    @Test("Every protected fixture: exit 6, one stderr line, one skipped document per --at", arguments: Fixtures.protectedClips)
    func protectedFixture(clip: String) throws {
        let truth = try Fixtures.truth(clip, as: ProtectedTruth.self)
        let input = "TestVideos/" + clip
        let result = try FrameGrabCommand.run(["--at", "0.5", "--at", "12:30", input])
        try Self.expectSkipped(result, input: input, scheme: truth.protection.scheme, system: truth.protection.system, times: [0.5, 750])
    }

    @Test("Protected content needs no OCR: missing language data still exits 6; text output is empty")
    func noOCRNeeded() throws {
        let input = "TestVideos/protected/cenc-widevine.mp4"
        let missing = try FrameGrabCommand.run(["--at", "1", "-l", "xyz", "--tessdata-dir", "/nonexistent", input])
        try Self.expectSkipped(missing, input: input, scheme: "cenc", system: "Widevine", times: [1])
        let text = try FrameGrabCommand.run(["--at", "1", "--format", "text", input])
        #expect(text.status == 6 && text.stdout.isEmpty && text.stderrLines.count == 1, "\(text)")
    }

    @Test("A master playlist: the 1080p rendition is read and named in the JSON")
    func master() throws {
        let input = "TestVideos/hls-renditions/master.m3u8"
        let result = try FrameGrabCommand.run(["--at", "1.5", input])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let source = try #require(document["source"] as? [String: Any])
        let rendition = try #require(source["rendition"] as? [String: Any], "\(result)")
        #expect(rendition["uri"] as? String == "TestVideos/hls-renditions/1080p/index.m3u8")
        #expect(rendition["width"] as? Int == 1920 && rendition["height"] as? Int == 1080)
        #expect((rendition["bandwidth"] as? Int ?? 0) > 0)
        #expect(document["protection"] is NSNull)
        #expect(document["status"] as? String == "analyzed")
    }

    @Test("Over http: renditions resolved against the URL, AES-128 read, protection found on a server that cannot seek")
    func http() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }

        let master = try FrameGrabCommand.run(["--at", "1.5", "--format", "json", server.url("hls-renditions/master.m3u8")])
        #expect(master.status == 0 && master.stderr.isEmpty, "\(master)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(master.stdout.utf8)) as? [String: Any])
        let source = try #require(document["source"] as? [String: Any])
        #expect((source["rendition"] as? [String: Any])?["uri"] as? String == server.url("hls-renditions/1080p/index.m3u8"))
        let regions = try #require(document["regions"] as? [[String: Any]])
        #expect(regions.contains { ($0["text"] as? String)?.contains("function debounce(fn, wait = 250) {") == true }, "\(master)")

        let aes = try FrameGrabCommand.run(["--at", "1", "--format", "text", server.url("hls-aes/talk.m3u8")])
        #expect(aes.status == 0 && aes.stdout.contains("actor ThumbnailCache {"), "\(aes)")

        // The moov comes after the media, and the server ignores ranges: the probe reads through.
        let mp4 = server.url("protected/cenc-widevine.mp4")
        let walked = try FrameGrabCommand.run(["--at", "1", mp4])
        try Self.expectSkipped(walked, input: mp4, scheme: "cenc", system: "Widevine", times: [1])
        #expect(walked.stderr.contains("pssh box in moov"), "found by the box walk, not later: \(walked)")

        let mixed = server.url("protected/hls/mixed-master.m3u8")
        try Self.expectSkipped(try FrameGrabCommand.run(["--at", "1", mixed]), input: mixed, scheme: "sample-aes", system: "FairPlay", times: [1])

        let missing = try FrameGrabCommand.run(["--at", "1", server.url("no-such-clip.mp4")])
        #expect(missing.status == 3 && missing.stderrLines.count == 1 && missing.stderr.contains("404"), "\(missing)")
    }

    @Test("A local playlist may not reach the network, even for a segment that is there")
    func localStaysLocal() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let playlist = directory.appendingPathComponent("remote.m3u8")
        try "#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:4.004,\n\(server.url("hls/counter0.ts"))\n#EXT-X-ENDLIST\n"
            .write(to: playlist, atomically: true, encoding: .utf8)
        let result = try FrameGrabCommand.run(["--at", "0", "--verbose", playlist.path])
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("Protocol 'http' not on whitelist 'file,crypto,data'"), "\(result)")
    }
}
