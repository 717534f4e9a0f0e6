import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// What the reading pipeline promises of every report, checked on every slide of every
/// talk-like clip of the dev and holdout splits (the sealed sets are read only by their own
/// benchmarks): a line's words are its text, a region's lines are its text, and a detection's
/// box lies on the characters it names.
@Suite("Reports that agree with themselves")
struct ReadingContractTests {
    /// The talk-like clips of the dev and holdout splits, from the manifest.
    static func clips() throws -> [String] {
        struct Manifest: Decodable {
            struct Clip: Decodable {
                var file: String
                var kind: String
            }
            var clips: [Clip]
        }
        struct Split: Decodable { var split: String? }
        let data = try Data(contentsOf: Fixtures.videos.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode(Manifest.self, from: data).clips
            .filter { $0.kind == "talk" && !$0.file.hasSuffix(".m3u8") }
            .map(\.file)
            .filter { ["dev", "holdout"].contains(try Fixtures.truth($0, as: Split.self).split ?? "dev") }
    }

    /// Every way a report's parts disagree, one line each.
    static func disagreements(in regions: [Region], at place: String) -> [String] {
        var found: [String] = []
        for (number, region) in regions.enumerated() {
            let here = "\(place) region \(number)"
            for line in region.lines {
                let words = line.words.map(\.text)
                if words != line.text.split(whereSeparator: \.isWhitespace).map(String.init) || words.contains(where: \.isEmpty) {
                    found.append("\(here): words \(words) are not the line \(line.text.debugDescription)")
                }
            }
            // The region's text is its lines, indented, with blank lines between them where
            // the code has them.
            let written = region.text.split(separator: "\n").map(String.init).filter { !$0.allSatisfy(\.isWhitespace) }
            let lines = region.lines.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text }.filter { !$0.allSatisfy(\.isWhitespace) }
            if region.kind == .ui ? written.joined(separator: " ") != lines.joined(separator: " ") : written != lines {
                found.append("\(here): text \(region.text.debugDescription) is not its lines \(lines)")
            }
            for detection in region.detections {
                // The words under the detection's box hold its text, and the box lies in their line.
                let holding = region.lines.first { line in
                    line.box.union(detection.box) == line.box
                        && line.words.filter { $0.box.x < detection.box.right && $0.box.right > detection.box.x }
                            .map(\.text).joined().contains(detection.text.filter { !$0.isWhitespace })
                }
                if holding == nil { found.append("\(here): detection \(detection.text) at \(detection.box) lies on no line holding it") }
            }
        }
        return found
    }

    @Test("Words join to their line's text, lines to their region's text, detections lie on their characters")
    func agree() async throws {
        var found: [String] = []
        var lines = 0
        for clip in try Self.clips() {
            for slide in try Fixtures.truth(clip).slides ?? [] {
                let reading = try await TalkReadings.reading(of: TalkSlide(clip: clip, index: slide.index))
                lines += reading.report.regions.reduce(0) { $0 + $1.lines.count }
                found += Self.disagreements(in: reading.report.regions, at: "\(clip) slide \(slide.index)")
            }
        }
        #expect(lines > 500, "the fixtures hold some 800 lines")
        #expect(found.isEmpty, "\(found.count) of \(lines) lines disagree:\n\(found.joined(separator: "\n"))")
    }

    @Test("The check finds a line whose words were repaired apart from its text")
    func findsDisagreement() {
        let word = Word(text: "Len(batch)", box: BoundingBox(x: 0, y: 0, width: 100, height: 20), confidence: 0.9)
        let line = Line(text: "len(batch)", box: word.box, words: [word])
        let region = Region(kind: .code, box: word.box, polarity: .lightOnDark, confidence: 0.9, text: "len(batch)", lines: [line])
        #expect(Self.disagreements(in: [region], at: "made up").count == 1)
    }
}
