@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Foundation
import Testing

/// Protected content through the library: skipped reports, and proof that nothing was decoded
/// and no OCR engine started, at every stage that can find it.
@Suite("Protected content is never analysed")
struct ProtectedContentTests {
    @Test("Skipped reports for every time asked, no frame decoded, no OCR engine started", arguments: Fixtures.protectedClips)
    func skipped(clip: String) throws {
        let truth = try Fixtures.truth(clip, as: ProtectedTruth.self)
        // OCR data that does not exist: a protected input must not even need it.
        let options = FrameGrabber.Options(ocr: .init(languages: "xyz", dataDirectory: "/nonexistent"))
        let grabber = try FrameGrabber(path: Fixtures.path(clip), options: options)
        #expect(grabber.protection?.scheme == truth.protection.scheme)
        #expect(grabber.protection?.system.rawValue == truth.protection.system)
        #expect(!grabber.startedEngines)
        #expect(grabber.seeker == nil, "FFmpeg never opened it")
        for seconds in [0.0, 0.5, 3600] {
            let report = try grabber.report(at: MediaTime(seconds: seconds))
            #expect(report.status == .skipped)
            #expect(report.skipReason == "protected")
            #expect(report.protection == grabber.protection)
            #expect(report.regions.isEmpty)
            #expect(report.frame.time == nil && report.frame.width == nil && report.frame.height == nil)
            #expect(report.frame.requested == MediaTime(seconds: seconds))
            #expect(report.source.path == Fixtures.path(clip))
            #expect(report.source.format == truth.container)
            #expect(report.source.video == nil)
        }
        #expect(grabber.framesDecoded == 0)
    }

    @Test("What FFmpeg 5.1 reports about the fixtures, as the field notes say")
    func ffmpegView() throws {
        func view(_ clip: String) throws -> ProtectedTruth.FFmpegView {
            try #require(try Fixtures.truth(clip, as: ProtectedTruth.self).ffmpeg)
        }
        // Without a pssh box FFmpeg says nothing until packets arrive; with one, init data.
        #expect(try view("protected/cenc.mp4").encryptionInitData == false)
        #expect(try view("protected/cenc.mp4").packetEncryptionInfo == true)
        #expect(try view("protected/cenc-widevine.mp4").encryptionInitData == true)
        #expect(try view("protected/cbcs-playready.mp4").encryptionInitData == true)
        // Fragmented CENC written by FFmpeg 5.1 carries no per-packet info FFmpeg can read back.
        #expect(try view("protected/cenc-fragmented.mp4").packetEncryptionInfo == false)
        #expect(try view("protected/encrypted.webm").encKeyId != nil)
    }

    /// `MediaFile` and `FrameSeeker` on their own, without the probe: the checks FFmpeg's
    /// structures allow still stop protected content.
    @Test("Once the header is read: encryption init data or enc_key_id on a stream", arguments: [
        ("protected/cenc-widevine.mp4", DRMSystem.widevine, "encryption init data on stream 0"),
        ("protected/cbcs-playready.mp4", .playReady, "encryption init data on stream 0"),
        ("protected/encrypted.webm", .unknown, "enc_key_id metadata on stream 0"),
    ])
    func streamSideData(clip: String, system: DRMSystem, evidence: String) {
        let path = Fixtures.path(clip)
        #expect {
            _ = try MediaFile(input: ProbedInput(path: path))
        } throws: { error in
            guard case .protectedContent(let reported, let protection) = error as? FrameGrabError else { return false }
            return reported == path && protection.system == system && protection.evidence == evidence
        }
    }

    @Test("While reading: the first packet with encryption info stops before the decoder sees it")
    func packetSideData() throws {
        let path = Fixtures.path("protected/cenc.mp4")
        let file = try MediaFile(input: ProbedInput(path: path))
        let seeker = try FrameSeeker(file: file)
        for _ in 0..<2 {
            #expect {
                _ = try seeker.frame(at: MediaTime(seconds: 0.5))
            } throws: { error in
                guard case .protectedContent(let reported, let protection) = error as? FrameGrabError else { return false }
                return reported == path && protection.scheme == "cenc" && protection.evidence == "encryption info on packets of stream 0"
            }
        }
        #expect(seeker.framesDecoded == 0)
    }

    @Test("MediaFile(path:) runs the probe: protected content is refused before FFmpeg opens it")
    func mediaFileProbes() {
        #expect {
            _ = try MediaFile(path: Fixtures.path("protected/cenc-fragmented.mp4"))
        } throws: { error in
            guard case .protectedContent(_, let protection) = error as? FrameGrabError else { return false }
            return protection.scheme == "cenc" && protection.evidence.contains("encv sample entry (avc1, schm cenc) in moov")
        }
    }

    @Test("The error reads as one line naming the file and what was found")
    func errorLine() {
        let protection = Protection(scheme: "cenc", system: .widevine, evidence: "pssh box in moov")
        #expect(FrameGrabError.protectedContent(path: "movie.mp4", protection: protection).description
                == "movie.mp4: protected content skipped (cenc, Widevine: pssh box in moov)")
    }

    @Test("A skipped report in JSON: the protection object, nulls where nothing was read")
    func json() throws {
        let grabber = try FrameGrabber(path: Fixtures.path("protected/cenc-widevine.mp4"))
        let line = try grabber.report(at: MediaTime(seconds: 1)).json.serialized
        let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(document["status"] as? String == "skipped")
        #expect(document["skip_reason"] as? String == "protected")
        let protection = try #require(document["protection"] as? [String: Any])
        #expect(protection["scheme"] as? String == "cenc")
        #expect(protection["system"] as? String == "Widevine")
        #expect((protection["evidence"] as? String)?.hasPrefix("pssh box in moov") == true)
        let frame = try #require(document["frame"] as? [String: Any])
        #expect(frame["time"] is NSNull && frame["timecode"] is NSNull && frame["width"] is NSNull)
        #expect(frame["requested"] as? Double == 1)
        #expect((document["regions"] as? [Any])?.isEmpty == true)
        let source = try #require(document["source"] as? [String: Any])
        #expect(source["video"] is NSNull && source["duration"] is NSNull && source["rendition"] is NSNull)
        #expect(source["format"] as? String == "mp4")
    }
}
