@testable import FrameGrab
@testable import FrameGrabModel
import Foundation
import Testing

@Suite("A last row in another face")
struct OtherFaceRowTests {
    /// Lines of Python's shlex.py as less pages them in a terminal, and on the terminal's last
    /// row its prompt, in `face` (tmux shows less's prompt in italics).
    static func pagedSource(from start: Int = 0, promptFace face: String) throws -> (report: FrameReport, code: [String], prompt: String) {
        let code = Array([
            "        return raw",
            "",
            "    def read_token(self):",
            "        quoted = False",
            "        escapedstate = ' '",
            "        while True:",
            "            if self.punctuation_chars and self._pushback_chars:",
            "                nextchar = self._pushback_chars.pop()",
            "            else:",
            "                nextchar = self.instream.read(1)",
            "            if nextchar == '\\n':",
            "                self.lineno += 1",
            "            if self.state is None:",
            "                self.token = ''        # past end of file",
            "                break",
        ][start...])
        let prompt = "/usr/lib/python3/shlex.py"
        let fonts = "/usr/share/fonts/truetype/dejavu/"
        let scratch = try Scratch()
        // The terminal ends under its last row.
        let video = try scratch.textVideo("less.mp4", ground: "white", width: 640, height: 2 + 19 * (code.count + 1) + 4,
                                          lines: (code + [prompt]).enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: fonts + (index < code.count ? "DejaVuSansMono.ttf" : face), size: 16,
                              color: "0x202020", x: 4, y: 2 + 19 * index)
        })
        return (try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5)), code, prompt)
    }

    /// From the top, the prompt is read in one block with the code; from the third line, in a
    /// block of its own.
    @Test("A pager's prompt in italics under the code it pages is ui, apart from the code", arguments: [0, 2])
    func italicPrompt(from start: Int) throws {
        let (report, code, prompt) = try Self.pagedSource(from: start, promptFace: "DejaVuSansMono-Oblique.ttf")
        let region = try #require(report.regions.first { $0.kind == .code })
        #expect(TextDistance.characterErrorRate(found: region.text, truth: code.joined(separator: "\n")) <= 0.03, "\(region.text)")
        #expect(!region.text.contains("shlex"))
        let ui = try #require(report.regions.first { $0.kind == .ui }, "\(report.regions.map { ($0.kind, $0.text) })")
        #expect(TextDistance.characterErrorRate(found: ui.text, truth: prompt) <= 0.1, "\(ui.text)")
    }

    @Test("A last row in the code's own face is the code's")
    func sameFace() throws {
        let (report, _, _) = try Self.pagedSource(promptFace: "DejaVuSansMono.ttf")
        let region = try #require(report.regions.first { $0.kind == .code })
        #expect(region.text.contains("shlex"), "\(region.text)")
        #expect(!report.regions.contains { $0.kind == .ui })
    }

    /// Lines like lib2to3's token.py, narrow, as less pages them in a terminal, and its prompt in
    /// italics: capitals and digits above, a lower-case path with other digits below, so no
    /// letter of the prompt has a cell of the code to compare with; the prompt leans, the code
    /// stands upright.
    @Test("A prompt in italics whose letters the code does not hold is told by its lean")
    func leaningPrompt() throws {
        let code = ["LPAR = 7", "RPAR = 8", "LSQB = 9", "RSQB = 40", "COLON = 45", "COMMA = 46", "SEMI = 47", "PLUS = 48",
                    "MINUS = 49", "STAR = 50"]
        let prompt = "/usr/lib/python3.11/lib2to3/pgen2/token.py"
        let fonts = "/usr/share/fonts/truetype/dejavu/"
        let scratch = try Scratch()
        let video = try scratch.textVideo("token.mp4", ground: "0x0c0c0c", width: 640, height: 2 + 22 * (code.count + 1) + 4,
                                          lines: (code + [prompt]).enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: fonts + (index < code.count ? "DejaVuSansMono.ttf" : "DejaVuSansMono-Oblique.ttf"),
                              size: 17, color: "0xd0d0d0", x: 4, y: 3 + 22 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let region = try #require(report.regions.first { $0.kind == .code })
        #expect(!region.text.contains("token"), "\(region.text)")
        let ui = try #require(report.regions.first { $0.kind == .ui }, "\(report.regions.map { ($0.kind, $0.text) })")
        #expect(TextDistance.characterErrorRate(found: ui.text, truth: prompt) <= 0.1, "\(ui.text)")
    }
}
