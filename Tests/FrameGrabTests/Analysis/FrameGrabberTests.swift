import Foundation
import FrameGrab
import Testing

@Suite("FrameGrabber")
struct FrameGrabberTests {
    /// A counter frame shows one thing to read: its number. Nothing else may be reported,
    /// such as the counters of the digits read again as light text on a dark ground.
    @Test("A counter frame yields one region: its number", arguments: [0, 299, 300, 599])
    func counterFrameHasOneRegion(frame: Int) throws {
        let truth = try Fixtures.truth("counter.mp4")
        let grabber = try FrameGrabber(path: Fixtures.path("counter.mp4"))
        let report = try grabber.report(at: MediaTime(seconds: truth.time(ofFrame: frame) + truth.framePeriod / 2))
        #expect(report.regions.map(\.text) == [ClipTruth.counterText(frame)],
                "regions: \(report.regions.map { "\($0.kind.rawValue) \($0.polarity.rawValue) \($0.box) conf \($0.confidence) \"\($0.text)\"" })")
        let box = try #require(truth.counter).bbox.box
        for region in report.regions {
            #expect(region.box.intersectionOverUnion(box) >= 0.5, "\(region.box) against the counter's \(box)")
        }
    }

    @Test("Reports for several times from one grabber are each the right frame, in any order")
    func reportsReuseOneGrabber() throws {
        let truth = try Fixtures.truth("counter.mkv")
        let grabber = try FrameGrabber(path: Fixtures.path("counter.mkv"))
        for frame in [450, 30, 31] {
            let requested = MediaTime(seconds: truth.time(ofFrame: frame) + 0.003)
            let report = try grabber.report(at: requested)
            #expect(report.frame.requested == requested)
            #expect(report.frame.time.map { abs($0.seconds - truth.time(ofFrame: frame)) <= 0.001 } == true)
            #expect(report.regions.map(\.text).contains(ClipTruth.counterText(frame)), "\(report.regions.map(\.text))")
            #expect(report.source.format == "matroska")
        }
    }

    @Test("A report serialises to one line of JSON that says what the report says")
    func reportJSON() throws {
        let grabber = try FrameGrabber(path: Fixtures.path("counter.ts"))
        let report = try grabber.report(at: MediaTime(seconds: 1))
        let line = report.json.serialized
        #expect(!line.contains("\n"))
        let document = try JSONDocument(line)
        try document.check(requested: MediaTime(seconds: 1), path: Fixtures.path("counter.ts"), truth: try Fixtures.truth("counter.ts"))
    }

    @Test("Missing OCR language data fails as OCR unavailable", arguments: [
        TesseractEngine.Configuration(languages: "xyz"),
        TesseractEngine.Configuration(languages: "eng", dataDirectory: "/nonexistent"),
    ])
    func ocrUnavailable(configuration: TesseractEngine.Configuration) throws {
        let grabber = try FrameGrabber(path: Fixtures.path("counter.mp4"), options: .init(ocr: configuration))
        #expect {
            _ = try grabber.report(at: MediaTime(seconds: 1))
        } throws: { error in
            guard case .ocrUnavailable = error as? FrameGrabError else { return false }
            return true
        }
    }
}
