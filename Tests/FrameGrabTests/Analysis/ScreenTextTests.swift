import FrameGrab
import Testing

/// Screen text that reads like the source (issue 3), against the truth of the dev clips: the
/// fonts and themes framegrab is tuned on. Holdout clips are for `scripts/bench-accuracy`.
@Suite("Screen text against the truth")
struct ScreenTextTests {
    static let codeClips = ["editor-dark-1080p.mp4", "editor-light-720p.mp4", "terminal-1080p.mp4", "low-contrast.mp4",
                            "pillarbox-4x3.mp4", "letterbox.mp4", "links.mp4", "slides-mixed-720p.mp4"]

    /// Every slide's reading of one clip, with its truth.
    static func readings(_ clip: String) async throws -> [TalkReadings.Reading] {
        let truth = try Fixtures.truth(clip)
        var readings: [TalkReadings.Reading] = []
        for slide in truth.slides ?? [] {
            readings.append(try await TalkReadings.reading(of: TalkSlide(clip: clip, index: slide.index)))
        }
        return readings
    }

    /// The found code region that overlaps a truth region best, if it overlaps at IoU ≥ 0.5.
    static func code(for truth: RegionTruth, in report: FrameReport) -> Region? {
        report.regions.filter { $0.kind == .code }
            .map { ($0, $0.box.intersectionOverUnion(truth.bbox.box)) }
            .filter { $0.1 >= 0.5 }
            .max { $0.1 < $1.1 }?.0
    }

    /// Lines with their indentation relative to the least indented one, inner spaces folded.
    static func relativelyIndented(_ text: String) -> String {
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        let indents = lines.map { $0.prefix { $0 == " " }.count }
        let least = indents.min() ?? 0
        return zip(lines, indents).map { line, indent in
            String(repeating: " ", count: indent - least) + TextDistance.normalizingWhitespace(String(line))
        }.joined(separator: "\n")
    }

    @Test("Code is found and reads within 2.5% CER, 7% with relative indentation kept", arguments: codeClips)
    func codeReads(clip: String) async throws {
        var errors = 0, indentErrors = 0, characters = 0
        for reading in try await Self.readings(clip) {
            for truth in reading.slide.regions where truth.kind == "code" {
                let found = try #require(Self.code(for: truth, in: reading.report), "\(clip) slide \(reading.slide.index): code region not found")
                let want = TextDistance.normalizingWhitespace(truth.text)
                errors += TextDistance.levenshtein(TextDistance.normalizingWhitespace(found.text), want)
                indentErrors += TextDistance.levenshtein(Self.relativelyIndented(found.text), Self.relativelyIndented(truth.text))
                characters += want.count
            }
        }
        #expect(characters > 0)
        let rate = Double(errors) / Double(max(1, characters))
        let indentRate = Double(indentErrors) / Double(max(1, characters))
        #expect(rate <= 0.025, "\(clip): code CER \(rate)")
        #expect(indentRate <= 0.07, "\(clip): indentation-kept CER \(indentRate)")
    }

    @Test("Gutter numbers are kept per line and out of the code", arguments: ["editor-dark-1080p.mp4", "editor-light-720p.mp4", "letterbox.mp4"])
    func gutters(clip: String) async throws {
        var rows = 0, right = 0
        for reading in try await Self.readings(clip) {
            for truth in reading.slide.regions where truth.kind == "code" {
                guard let found = Self.code(for: truth, in: reading.report) else { continue }
                for line in truth.lines {
                    guard let number = line.number, let box = line.numberBbox?.box else { continue }
                    rows += 1
                    let row = found.lines.first { abs(($0.box.y + $0.box.height / 2) - (box.y + box.height / 2)) <= box.height / 2 + 2 }
                    if row?.number == number { right += 1 }
                    #expect(!(row?.text.hasPrefix("\(number) ") ?? false), "\(clip): gutter number \(number) left in the code")
                }
            }
        }
        #expect(rows > 0)
        #expect(Double(right) >= 0.95 * Double(rows), "\(clip): \(right) of \(rows) gutter numbers")
    }

    @Test("The language of most code regions is guessed right")
    func languages() async throws {
        var regions = 0, right = 0
        for clip in Self.codeClips {
            for reading in try await Self.readings(clip) {
                for truth in reading.slide.regions where truth.kind == "code" {
                    regions += 1
                    if let found = Self.code(for: truth, in: reading.report), found.language == truth.language { right += 1 }
                }
            }
        }
        #expect(Double(right) >= 0.85 * Double(regions), "\(right) of \(regions) languages")
    }

    @Test("Black bars are found and the content area reported", arguments: ["pillarbox-4x3.mp4", "letterbox.mp4", "editor-dark-1080p.mp4"])
    func contentArea(clip: String) async throws {
        for reading in try await Self.readings(clip) {
            let truth = try #require(reading.slide.contentArea)
            let found = try #require(reading.report.frame.contentArea)
            #expect(found.intersectionOverUnion(truth.box) >= 0.95, "\(clip) slide \(reading.slide.index): \(found) vs \(truth.box)")
            for region in reading.report.regions {
                #expect(region.box.intersection(found) == region.box, "a region outside the picture: \(region.box)")
            }
        }
    }

    @Test("Links and e-mail addresses are detected with their boxes, nothing else")
    func detections() async throws {
        var expected = 0, found = 0, spurious = 0
        for reading in try await Self.readings("links.mp4") {
            let detections = reading.report.regions.flatMap(\.detections)
            let truths = reading.slide.regions.flatMap { $0.detections ?? [] }
            expected += truths.count
            for truth in truths where detections.contains(where: {
                $0.kind.rawValue == truth.type && $0.text == truth.text && $0.box.intersectionOverUnion(truth.bbox.box) >= 0.5
            }) {
                found += 1
            }
            spurious += detections.filter { detection in !truths.contains { $0.text == detection.text } }.count
        }
        #expect(expected > 0)
        #expect(found == expected, "\(found) of \(expected) detections")
        #expect(spurious == 0)
    }

    @Test("Editor tab bars, status bars and file-tree sidebars are UI chrome", arguments: ["editor-dark-1080p.mp4", "editor-light-720p.mp4"])
    func chrome(clip: String) async throws {
        var truths: [String: Int] = [:], found: [String: Int] = [:]
        for reading in try await Self.readings(clip) {
            for truth in reading.slide.regions where truth.kind == "ui" {
                guard let chrome = truth.chrome, ["tabs", "status", "sidebar"].contains(chrome) else { continue }
                truths[chrome, default: 0] += 1
                if reading.report.regions.contains(where: { $0.kind == .ui && $0.box.intersectionOverUnion(truth.bbox.box) >= 0.5 }) {
                    found[chrome, default: 0] += 1
                }
            }
        }
        #expect(!truths.isEmpty)
        for (chrome, count) in truths {
            #expect(Double(found[chrome] ?? 0) >= 0.8 * Double(count), "\(clip): \(found[chrome] ?? 0) of \(count) \(chrome)")
        }
    }
}
