import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// `Skew` and `Deskewed`: text filmed at an angle is found by where its glyphs' bottoms pile
/// up, read on the frame turned level, and reported where it lies on the frame.
@Suite("Skew")
struct SkewTests {
    /// Rows of letter-sized boxes, `rows` of them 30 px apart, each standing on a baseline
    /// that falls `degrees` to the right; every fifth letter a descender, 4 px deeper.
    static func glyphs(degrees: Double, rows: Int = 12, letters: Int = 50) -> [BoundingBox] {
        let slope = tan(degrees * .pi / 180)
        return (0..<rows).flatMap { row in
            (0..<letters).map { index in
                let x = 100 + index * 12
                let baseline = 100 + row * 30 + Int((Double(x) * slope).rounded())
                let depth = index % 5 == 0 ? 4 : 0
                return BoundingBox(x: x, y: baseline - 14, width: 9, height: 14 + depth)
            }
        }
    }

    @Test("The angle the glyphs' bottoms pile up at is the text's", arguments: [1.2, -1.6, 2.9, -3.5])
    func angle(degrees: Double) throws {
        let found = try #require(Skew.angle(ofGlyphs: Self.glyphs(degrees: degrees), width: 1000))
        #expect(abs(found - degrees) <= 0.1, "\(found)")
    }

    @Test("Level text, a slight tilt and scattered specks tell no angle")
    func noAngle() {
        #expect(Skew.angle(ofGlyphs: Self.glyphs(degrees: 0), width: 1000) == nil)
        #expect(Skew.angle(ofGlyphs: Self.glyphs(degrees: 0.1), width: 1000) == nil)
        #expect(Skew.angle(ofGlyphs: Self.glyphs(degrees: 2, rows: 1, letters: 20), width: 1000) == nil)
        var seed: UInt64 = 7
        let scattered = (0..<600).map { _ -> BoundingBox in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return BoundingBox(x: Int(seed >> 33) % 1800, y: Int(seed >> 13) % 1000, width: 9, height: 12 + Int(seed >> 50) % 6)
        }
        #expect(Skew.angle(ofGlyphs: scattered, width: 1920) == nil)
    }

    @Test("Glyphs beyond the width given are left out, not a trap")
    func glyphsBeyondWidth() {
        #expect(Skew.angle(ofGlyphs: Self.glyphs(degrees: 2), width: 200).map { abs($0) <= Skew.largest } ?? true)
    }

    @Test("A box on the level frame is reported around where it lies on the turned one")
    func boxesTurnBack() {
        let image = GrayImage(width: 200, height: 100, filledWith: 255)
        let level = Deskewed(image, degrees: 0, about: image.bounds)
        let box = BoundingBox(x: 20, y: 30, width: 100, height: 10)
        #expect(level.inFrame(box, within: image.bounds) == box)
        // Turned 3° about (100, 50): the row's right end lies lower on the frame than its left.
        let turned = Deskewed(image, degrees: 3, about: image.bounds).inFrame(box, within: image.bounds)
        #expect(turned.x <= 20 && turned.right >= 120)
        #expect(turned.height >= 10 + Int(100 * sin(3 * Double.pi / 180)))
        #expect(turned.y < 30 + 3 && turned.bottom > 40)
    }

    @Test("A slide turned a few degrees either way is read whole, its boxes on the frame as shown", arguments: [2.5, -1.8])
    func turnedSlide(degrees: Double) throws {
        let lines = ["static int parse_header(const char *line, size_t length,",
                     "                        struct header *out)", "{",
                     "    const char *colon = memchr(line, ':', length);", "    if (colon == NULL)",
                     "        return -1;", "    out->name_length = (size_t)(colon - line);",
                     "    out->value = colon + 1;", "    while (*out->value == ' ')", "        out->value++;",
                     "    return 0;", "}"]
        let scratch = try Scratch()
        let level = try scratch.textVideo("level.mp4", ground: "0xf4f1ea", width: 1280, height: 720, lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 20, color: "0x303030",
                              x: 180, y: 130 + 34 * index)
        })
        let video = scratch.path("turned.mp4")
        try Scratch.ffmpeg(["-i", level, "-vf", "rotate=\(degrees)*PI/180:fillcolor=0x2a2520", "-c:v", "libx264", "-pix_fmt", "yuv420p", video])
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        let read = code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let wellRead = lines.filter { read.contains($0.trimmingCharacters(in: .whitespaces)) }
        #expect(wellRead.count >= lines.count - 2, "\(code.text)")
        // The first line's box on the frame reaches as far down as its right end was turned.
        let first = try #require(code.lines.first)
        #expect(Double(first.box.height) >= Double(first.box.width) * sin(abs(degrees) * .pi / 180), "\(first.box)")
    }
}
