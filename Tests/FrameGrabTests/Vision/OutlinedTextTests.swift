import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// `OutlinedText`: subtitles burned in by libass (ffmpeg's `subtitles` filter), outlined or
/// boxed over a moving picture, are read from their fill as captions; dark text on a light
/// slide and light text on a terminal's dark ground stay what they were.
@Suite("Outlined text")
struct OutlinedTextTests {
    static let sentences = ["The licenses for most software are designed", "to take away your freedom to share it."]

    /// One second of `picture` (a lavfi source) with `sentences` burned in by libass, in
    /// `style` (an ASS force_style).
    static func captioned(_ scratch: Scratch, _ name: String, picture: String, style: String) throws -> String {
        let subtitles = scratch.path(name + ".srt")
        try "1\n00:00:00,000 --> 00:00:01,000\n\(sentences.joined(separator: "\n"))\n".write(toFile: subtitles, atomically: true, encoding: .utf8)
        let video = scratch.path(name)
        try Scratch.ffmpeg(["-f", "lavfi", "-i", picture, "-t", "1", "-vf", "subtitles=\(subtitles):force_style='\(style)'",
                            "-c:v", "libx264", "-pix_fmt", "yuv420p", video])
        return video
    }

    @Test("Subtitles over a moving picture are read whole, as one caption",
          arguments: [("outlined.mp4", "FontName=Liberation Sans,FontSize=22"),
                      ("boxed.mp4", "FontName=Liberation Sans,FontSize=22,BorderStyle=3,Outline=2,Shadow=0")])
    func captions(name: String, style: String) throws {
        let scratch = try Scratch()
        let video = try Self.captioned(scratch, name, picture: "mandelbrot=s=1280x720:r=25", style: style)
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let captions = report.regions.filter { $0.role == .caption }
        #expect(captions.count == 1, "\(report.regions.map { ($0.role?.rawValue, $0.text) })")
        #expect(captions.first?.kind == .text)
        #expect(captions.first?.lines.map(\.text) == Self.sentences, "\(captions.map(\.text))")
        // The caption's box is where libass drew it: the lower part of the frame, across its middle.
        let box = try #require(captions.first?.box)
        #expect(box.y > 720 / 2 && abs(box.x + box.width / 2 - 640) < 40, "\(box)")
    }

    @Test("Dark text on a light slide and light text on a dark ground are no captions")
    func plainText() throws {
        let scratch = try Scratch()
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        for (name, ground, color) in [("light.mp4", "0xf8f8f8", "0x202020"), ("dark.mp4", "0x101010", "0xf0f0f0")] {
            let video = try scratch.textVideo(name, ground: ground, width: 1280, height: 720, lines: [
                Scratch.DrawnText(text: "Reading the GNU General Public License", font: font, size: 40, color: color, x: 80, y: 60),
                Scratch.DrawnText(text: "Many people have made generous contributions", font: font, size: 28, color: color, x: 80, y: 160),
                Scratch.DrawnText(text: "to the wide range of software distributed", font: font, size: 28, color: color, x: 80, y: 210),
                Scratch.DrawnText(text: "through that system in reliance on it.", font: font, size: 28, color: color, x: 80, y: 260),
            ])
            let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
            #expect(!report.regions.isEmpty)
            #expect(!report.regions.contains { $0.role == .caption }, "\(name): \(report.regions.map { ($0.role?.rawValue, $0.text) })")
            #expect(report.regions.map(\.text).joined(separator: "\n").contains("to the wide range of software distributed"), "\(name)")
        }
    }

    @Test("Light letters inside a block of light text on a dark ground (an editor's bright line numbers) are its text, not a caption")
    func screenText() {
        let editor = TextBlock(box: BoundingBox(x: 10, y: 10, width: 800, height: 1000), polarity: .lightOnDark, lines: [],
                               glyphHeight: 20, xHeight: 14, ground: 28, inkContrast: 200)
        let numbers = BoundingBox(x: 20, y: 250, width: 140, height: 16)
        #expect(OutlinedText.isScreenText(numbers, in: editor))
        var slide = editor
        slide.polarity = .darkOnLight
        slide.ground = 240
        #expect(!OutlinedText.isScreenText(numbers, in: slide), "dark text on a light slide")
        var picture = editor
        picture.ground = 120
        #expect(!OutlinedText.isScreenText(numbers, in: picture), "light text on a picture's mid tones")
        let subtitle = BoundingBox(x: 10, y: 600, width: 700, height: 400)
        #expect(!OutlinedText.isScreenText(subtitle, in: editor), "a caption a third of the block or more is the caption")
        let below = BoundingBox(x: 20, y: 1000, width: 140, height: 40)
        #expect(!OutlinedText.isScreenText(below, in: editor), "reaching out of the block")
    }
}
