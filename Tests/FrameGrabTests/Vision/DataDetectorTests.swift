@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("URL and e-mail detections")
struct DataDetectorTests {
    static let cases: [(String, [String])] = [
        ("Slides: https://example.com/talks/live-text.", ["https://example.com/talks/live-text"]),
        ("Code at github.com/framegrab/framegrab and www.swift.org/documentation", ["github.com/framegrab/framegrab", "www.swift.org/documentation"]),
        ("Questions? talks@example.org", ["talks@example.org"]),
        ("(see https://en.wikipedia.org/wiki/Foo_(bar))", ["https://en.wikipedia.org/wiki/Foo_(bar)"]),
        ("let frame = self.view.frame; res.json(); os.path.join(a, b)", []),
        ("response = @http.get_response(uri); www.example.com", ["www.example.com"]),
    ]

    @Test("Finds links and addresses, and nothing in code member chains", arguments: cases)
    func detects(sample: (String, [String])) {
        let (line, _) = SyntheticLines.line(sample.0, row: 0)
        #expect(DataDetector.detections(in: ReadRow(line, glyphs: [])).map(\.text) == sample.1)
    }

    @Test("A detection's box covers its characters")
    func box() throws {
        let (line, glyphs) = SyntheticLines.line("mail talks@example.org now", row: 0, cell: 10, left: 0)
        let detection = try #require(DataDetector.detections(in: ReadRow(line, glyphs: [])).first)
        #expect(detection.kind == .email)
        let first = try #require(glyphs.dropFirst(4).first)
        let last = try #require(glyphs.dropFirst(4 + "talks@example.org".count - 1).first)
        #expect(abs(detection.box.x - first.x) <= 3)
        #expect(abs(detection.box.right - last.right) <= 3)
    }
}
