@testable import FrameGrab
@testable import FrameGrabModel
import Foundation
import Testing

@Suite("Rows too short for a word, read by their cells")
struct ShortRowShapesTests {
    @Test("The star of a block comment's closing ` */` is read like the stars down the comment")
    func commentCloser() throws {
        let lines = ["/*", " * The buffer is flushed when it fills, when a newline is", " * written to a line-buffered stream, or when input is read",
                     " * from a stream that shares its file descriptor.  Callers", " * that mix reads and writes must seek in between.", " */",
                     "static int flush_all(void);"]
        let scratch = try Scratch()
        let video = try scratch.textVideo("comment.mp4", ground: "white", width: 1280, height: 720,
                                          boxes: ["drawbox=x=80:y=160:w=760:h=250:color=0xeef1f5:t=fill"],
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/croscore/Cousine-Regular.ttf", size: 18, color: "0x383a42",
                              x: 104, y: 184 + 30 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code })
        let rows = code.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == lines.count, "\(code.text)")
        #expect(rows.count > 5 && rows[5].trimmingCharacters(in: .whitespaces).first == "*", "\(code.text)")
    }

    @Test("A docstring's closing `\"\"\"` alone between blank lines, its ticks too tall for dots, is a row of the code around it (vim's red strings on Solarized's light ground, DejaVu Sans Mono at 20 px)")
    func closingQuotesBetweenBlankLines() throws {
        let lines = ["        To choose a sample from a range of integers, use range() for the",
                     "        population argument.  This is especially fast and space efficient",
                     "        for sampling from a large population:", "", "            sample(range(10000000), 60)", "", "        \"\"\"", "",
                     "        # Sampling without replacement entails tracking either potential",
                     "        # selections (the pool) in a list or previous selections in a set."]
        let scratch = try Scratch()
        let video = try scratch.textVideo("quotes.mp4", ground: "0xfdf6e3", width: 1000, height: 18 + 28 * lines.count,
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 20, color: "0xc00000",
                              x: 9, y: 9 + 28 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains("\"\"\""), "\(code.text)")
    }

    @Test("A docstring's `\"\"\"` that OCR read as one `\"` is three: a row of quotes alone has one a cell (nano's bright green on white, Fira Code at 16 px)")
    func closingQuotesReadAsOne() throws {
        let lines = ["def global_matches(self, text):", "    \"\"\"Compute matches when text is a simple name.", "",
                     "    Return a list of all keywords, built-in functions and names currently",
                     "    defined in self.namespace that match.", "", "    \"\"\"", "    matches = []", "    seen = {\"__builtins__\"}",
                     "    n = len(text)"]
        let scratch = try Scratch()
        let video = try scratch.textVideo("quotes.mp4", ground: "0xffffff", width: 900, height: 18 + 22 * lines.count,
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/firacode/FiraCode-Regular.ttf", size: 16,
                              color: line.contains("\"\"\"") ? "0x33ee33" : "0x000000", x: 9, y: 9 + 22 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains("\"\"\""), "\(code.text)")
    }

    @Test("A docstring's closing `\"\"\"` with a block cursor on its last quote is three quotes: the character in a cursor's cell is the ground-coloured ink inside its box (nano's green on black, JetBrains Mono at 20 px)")
    func quotesUnderABlockCursor() throws {
        let lines = ["    def seek(self, pos, whence=0):", "        \"\"\"Seek to specified position into the chunk.",
                     "        Default position is 0 (start of chunk).", "        If the file is not seekable, this will result in an error.",
                     "        \"\"", "", "        if self.closed:", "            raise ValueError(\"I/O operation on closed file\")"]
        let font = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf"
        // JetBrains Mono's cells are 0.6 em: 12 px. The cursor stands on column 10 of row 4,
        // its quote drawn in the ground's colour.
        let pitch = 26, top = 9 + 4 * pitch
        let scratch = try Scratch()
        let video = try scratch.textVideo("quotes.mp4", ground: "0x101010", width: 900, height: 18 + pitch * lines.count,
                                          boxes: ["drawbox=x=\(9 + 10 * 12):y=\(top - 5):w=12:h=\(pitch):color=0xc0c0c0:t=fill"],
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: font, size: 20, color: (1...4).contains(index) ? "0x33ee33" : "0xd8d8d8", x: 9, y: 9 + pitch * index)
        } + [Scratch.DrawnText(text: "          \"", font: font, size: 20, color: "0x101010", x: 9, y: top)])
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains("\"\"\""), "\(code.text)")
    }

    @Test("A docstring's closing `\"\"\"` in vim's dark red on black, so thin that the first threshold breaks its ticks into pixels, is found by the fainter one under the line found, or gathered again by it where the first kept some (PT Mono)",
          arguments: [(0x990000, 13), (0xaa0000, 11), (0xcd0000, 12)])
    func faintQuotesUnderTheirLine(color: Int, size: Int) throws {
        let lines = ["    def read(self, size=-1):", "        \"\"\"Read up to size uncompressed bytes from the file.", "",
                     "        If size is negative or omitted, read until EOF is reached.", "        Returns b\"\" if the file is at EOF.",
                     "        \"\"\"", "        self._check_can_read()", "        return self._buffer.read(size)"]
        let scratch = try Scratch()
        let pitch = size + 4
        let video = try scratch.textVideo("quotes.mp4", ground: "black", width: 640, height: 18 + pitch * lines.count,
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/paratype/PTM55F.ttf", size: size,
                              color: (1...5).contains(index) ? String(format: "0x%06x", color) : "0xd8d8d8", x: 9, y: 9 + pitch * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains("\"\"\""), "\(code.text)")
    }
}
