@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// `UnderlineCursor`: a flat stroke at a cell's bottom edge, below the font's descenders, goes;
/// the font's own underscores, no deeper than its descenders, stay.
@Suite("Underline cursor")
struct UnderlineCursorTests {
    @Test("An underline cursor in a typed command is no character; underscores are")
    func underlineCursor() throws {
        let lines = ["dev@devbox:~$ sed -n '29,32p' /usr/lib/python3.11/textwrap.py", "      initial_indent (default: \"\")",
                     "        string that will be prepended to the first line of wrapped",
                     "        output.  Counts towards the line's width.", "      subsequent_indent (default: \"\")",
                     "dev@devbox:~$ grep -n 'def read_token' shlex.py"]
        let scratch = try Scratch()
        let cell = Scratch.terminalCell
        // drawtext puts a line's tallest ink at y, its baseline 12 px lower and its descenders 4
        // below that; the cursor takes the two rows from there, as xterm draws it.
        let column = Double(lines[5].distance(from: lines[5].startIndex, to: lines[5].range(of: "shlex")!.lowerBound)) - 1
        let underline = "drawbox=x=\(Scratch.terminalLeft + Int((column * cell).rounded())):y=\(Scratch.terminalTop + Scratch.terminalPitch * 5 + 16)"
            + ":w=\(Int(cell)):h=2:color=0xd0d0d0:t=fill"
        let video = try scratch.terminalVideo("underline.mp4", lines: lines, boxes: [underline])
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.contains("'def read_token' shlex.py"), "\(code.text)")
        #expect(code.text.contains("initial_indent (default"), "\(code.text)")
        #expect(code.text.contains("subsequent_indent (default"), "\(code.text)")
    }

    @Test("Descenders set the font's depth: the second deepest, and none under two")
    func descenderDepth() {
        func row(_ text: String, bottoms: [Int], baseline: Double) -> ReadRow {
            var row = ReadRow(words: [Word(text: text, box: BoundingBox(x: 0, y: 0, width: 10 * text.count, height: 20), confidence: 0.9)],
                              glyphs: [])
            row.baseline = baseline
            for (index, bottom) in bottoms.enumerated() {
                row.characters[index].ink = CharacterInk(left: 10 * index, right: 10 * index + 8, top: bottom - 12, bottom: bottom)
            }
            return row
        }
        #expect(UnderlineCursor.descenderDepth(of: [row("pg", bottoms: [24, 24], baseline: 20), row("yx", bottoms: [45, 40], baseline: 40)]) == 4)
        #expect(UnderlineCursor.descenderDepth(of: [row("pa", bottoms: [24, 20], baseline: 20)]) == nil)
    }

    @Test("The cursor is the underscore below the font's descenders and its own underscores",
          arguments: [([4, 4, 4], 3, []), ([4, 5], 4, [1]), ([5], 4, []), ([6], 4, [0]), ([5, 5], 4, []), ([2, 2, 7], 4, [2])] as [([Double], Double, [Int])])
    func cursors(depths: [Double], descenderDepth: Double, expected: [Int]) {
        #expect(UnderlineCursor.cursors(depths: depths, descenderDepth: descenderDepth) == expected)
    }
}
