import Foundation
import FrameGrab
import Testing

/// Regions, words and code text read from every slide, held against the generator's truth.
///
/// Each clip is read once (one `FrameGrabber`, every slide middle) and shared by these tests.
@Suite("Reading slides against the truth")
struct FrameGrabberTruthTests {
    /// Share of truth words that must be read with the same text and an agreeing box.
    static let minimumWordShare = 0.90
    /// Character error rate allowed for code, whitespace-normalised.
    static let maximumCodeCER = 0.03

    @Test("The slide table lists every slide of every talk-like clip", arguments: Fixtures.talkClips)
    func slideTableCoversTruth(clip: String) throws {
        let truth = try Fixtures.truth(clip)
        let slides = try #require(truth.slides)
        #expect(TalkSlide.all.filter { $0.clip == clip }.map(\.index) == slides.map(\.index))
    }

    @Test("The frame read is the slide's, at display size", arguments: TalkSlide.all)
    func frameIsTheSlides(slide: TalkSlide) async throws {
        let reading = try await TalkReadings.reading(of: slide)
        let truth = try Fixtures.truth(slide.clip)
        let frame = reading.report.frame
        let time = try #require(frame.time).seconds
        let requested = try #require(frame.requested).seconds
        #expect(reading.report.status == .analyzed)
        #expect(reading.report.skipReason == nil)
        #expect(time >= reading.slide.start && time < reading.slide.end && time <= requested)
        #expect(frame.width == truth.display.width && frame.height == truth.display.height)
    }

    @Test("Every truth region is found with the same kind and IoU >= 0.5", arguments: TalkSlide.all)
    func regionsMatchTruth(slide: TalkSlide) async throws {
        let reading = try await TalkReadings.reading(of: slide)
        let found = reading.report.regions
        for (index, region) in reading.slide.regions.enumerated() {
            let best = TruthMatching.bestRegion(for: region, in: found)
            let iou = best?.iou ?? 0
            #expect(iou >= TruthMatching.minimumIoU, """
                truth region \(index) (\(region.kind) \(region.bbox.box), "\(region.text.prefix(40))…"): \
                best \(region.kind) region IoU \(String(format: "%.3f", iou)); \
                found \(found.map { "\($0.kind.rawValue) \($0.box)" })
                """)
        }
    }

    @Test("At least 90% of truth words are read with the same text and IoU >= 0.5", arguments: TalkSlide.all)
    func wordsMatchTruth(slide: TalkSlide) async throws {
        let reading = try await TalkReadings.reading(of: slide)
        let words = reading.report.regions.flatMap(\.lines).flatMap(\.words)
        let truthWords = reading.slide.regions.flatMap(\.lines).flatMap(\.words)
        try #require(!truthWords.isEmpty)
        let matches = truthWords.map { TruthMatching.match($0, in: words) }
        let found = matches.filter { $0 != .missing }.count
        let exact = matches.filter { $0 == .exact }.count
        let share = Double(found) / Double(truthWords.count)
        let missing = zip(truthWords, matches).filter { $1 == .missing }.map(\.0.text)
        Metrics.note("\(slide.testDescription): words \(found)/\(truthWords.count) = \(String(format: "%.3f", share)) (exact only \(exact)); missing \(missing)")
        #expect(share >= Self.minimumWordShare, """
            \(found) of \(truthWords.count) words found (\(String(format: "%.1f", share * 100))%); missing: \(missing)
            """)
    }

    @Test("Code text has a character error rate of at most 3%", arguments: TalkSlide.all)
    func codeTextMatchesTruth(slide: TalkSlide) async throws {
        let reading = try await TalkReadings.reading(of: slide)
        let codeRegions = reading.slide.regions.filter { $0.kind == "code" }
        try #require(!codeRegions.isEmpty, "every slide shows code")
        for region in codeRegions {
            let best = try #require(TruthMatching.bestRegion(for: region, in: reading.report.regions),
                                    "no code region found for the \(region.language ?? "?") panel")
            let rate = TextDistance.characterErrorRate(found: best.region.text, truth: region.text)
            Metrics.note("\(slide.testDescription): \(region.language ?? "?") CER \(String(format: "%.4f", rate))")
            #expect(rate <= Self.maximumCodeCER, """
                \(region.language ?? "code") CER \(String(format: "%.2f", rate * 100))%; read:
                \(best.region.text)
                """)
        }
    }
}
