@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Foundation
import Testing

/// Clear HLS: AES-128 transport encryption is read, and a master playlist's sharpest rendition
/// is the one read, which reads better than a small one.
@Suite("HLS renditions and AES-128")
struct HLSRenditionTests {
    static func codeText(_ report: FrameReport, truth: ClipTruth) throws -> (found: String, truth: String) {
        let slide = try #require(truth.slides?.first)
        let region = try #require(slide.regions.first { $0.kind == "code" })
        let found = TruthMatching.bestRegion(for: region, in: report.regions)?.region.text ?? ""
        return (found, region.text)
    }

    @Test("AES-128 with its key beside the playlist is transport encryption: read, and read right")
    func aes128() throws {
        let clip = "hls-aes/talk.m3u8"
        let truth = try Fixtures.truth(clip)
        let grabber = try FrameGrabber(path: Fixtures.path(clip))
        #expect(grabber.protection == nil)
        let report = try grabber.report(at: MediaTime(seconds: 1.5))
        #expect(report.status == .analyzed)
        #expect(report.source.format == "hls")
        #expect(report.frame.width == truth.display.width && report.frame.height == truth.display.height)
        let text = try Self.codeText(report, truth: truth)
        let rate = TextDistance.characterErrorRate(found: text.found, truth: text.truth)
        Metrics.note("hls-aes code CER \(rate)")
        #expect(rate <= FrameGrabberTruthTests.maximumCodeCER, "read:\n\(text.found)")
    }

    @Test("The master playlist reads its 1080p rendition, which reads better than the 240p one")
    func sharpestReadsBetter() throws {
        let truth = try Fixtures.truth("hls-renditions/master.m3u8")
        let renditions = try Fixtures.truth("hls-renditions/master.m3u8", as: RenditionsTruth.self)
        let grabber = try FrameGrabber(path: Fixtures.path("hls-renditions/master.m3u8"))
        let report = try grabber.report(at: MediaTime(seconds: 1.5))
        let rendition = try #require(report.source.rendition)
        #expect(rendition.uri == Fixtures.path("hls-renditions/" + renditions.chosenRendition.uri))
        #expect((rendition.width, rendition.height) == (1920, 1080))
        #expect(rendition.bandwidth == renditions.chosenRendition.bandwidth)
        #expect(report.source.video?.width == 1920 && report.frame.height == 1080)
        let sharp = try Self.codeText(report, truth: truth)
        let sharpRate = TextDistance.characterErrorRate(found: sharp.found, truth: sharp.truth)

        let lowTruth = try Fixtures.truth("hls-renditions/240p/index.m3u8")
        let low = try FrameGrabber(path: Fixtures.path("hls-renditions/240p/index.m3u8")).report(at: MediaTime(seconds: 1.5))
        #expect(low.source.rendition == nil, "a media playlist is read as it is")
        #expect(low.frame.width == 426 && low.frame.height == 240)
        let small = try Self.codeText(low, truth: lowTruth)
        let smallRate = TextDistance.characterErrorRate(found: small.found, truth: small.truth)
        Metrics.note("renditions: 1080p CER \(sharpRate), 240p CER \(smallRate)")
        #expect(sharpRate <= FrameGrabberTruthTests.maximumCodeCER, "1080p read:\n\(sharp.found)")
        #expect(sharpRate < smallRate, "1080p CER \(sharpRate) against 240p CER \(smallRate)")
    }
}
