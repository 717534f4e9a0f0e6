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

    @Test("reusesReadings: a time within a frame read before gets that reading, saying for which time, without OCR")
    func reusesReadings() throws {
        let truth = try Fixtures.truth("counter.mp4")
        var options = FrameGrabber.Options()
        options.reusesReadings = true
        let grabber = try FrameGrabber(path: Fixtures.path("counter.mp4"), options: options)
        // Two times inside frame 30, then frame 150, then frame 30 again.
        let first = MediaTime(seconds: truth.time(ofFrame: 30) + 0.001)
        let inside = MediaTime(seconds: truth.time(ofFrame: 30) + truth.framePeriod - 0.002)
        let read = try grabber.report(at: first)
        let again = try grabber.report(at: inside)
        let other = try grabber.report(at: MediaTime(seconds: truth.time(ofFrame: 150) + 0.001))
        let later = try grabber.report(at: inside)
        #expect(read.frame.reusedFrom == nil && other.frame.reusedFrom == nil, "read for their own times")
        for reused in [again, later] {
            #expect(reused.frame.reusedFrom == first, "the reading of \(first.seconds)")
            #expect(reused.frame.requested == inside && reused.frame.time == read.frame.time)
            #expect(reused.regions.map(\.text) == read.regions.map(\.text) && reused.regions.map(\.text) == [ClipTruth.counterText(30)])
            #expect(reused.timings.layoutAndOCRSeconds == 0, "no OCR for a reading reused")
        }
        #expect(other.regions.map(\.text) == [ClipTruth.counterText(150)])

        // Without the option every time is read for itself.
        let plain = try FrameGrabber(path: Fixtures.path("counter.mp4"))
        _ = try plain.report(at: first)
        let readAgain = try plain.report(at: inside)
        #expect(readAgain.frame.reusedFrom == nil && readAgain.timings.layoutAndOCRSeconds > 0)
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
