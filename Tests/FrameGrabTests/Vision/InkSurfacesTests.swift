@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// `InkSurfaces`: solid patches among letters (nano's trailing-whitespace marks) keep out of
/// the rows and out of what OCR reads.
@Suite("Solid patches among letters")
struct InkSurfacesTests {
    @Test("Trailing blanks marked in green on lines one under another neither join the lines nor read as letters")
    func trailingBlanks() throws {
        let lines = ["BZ_EXTERN BZFILE* BZ_API(BZ2_bzReadOpen) (", "      int*  bzerror,", "      FILE* f,",
                     "      int   verbosity,", "      int   small,", "      void* unused,", "      int   nUnused", "   );"]
        let (left, top, pitch, cell) = (Scratch.terminalLeft, Scratch.terminalTop, Scratch.terminalPitch, Scratch.terminalCell)
        // nano marks a line's trailing blanks: four after `bzerror,`, one after `f,` and
        // `verbosity,`, so that the marks on three lines touch, and one after the opening `(`.
        let marks = [(0, 1), (1, 4), (2, 1), (3, 1)].map { index, blanks in
            let x = left + Int((Double(lines[index].count) * cell).rounded())
            return "drawbox=x=\(x):y=\(top + pitch * index - 4):w=\(Int(Double(blanks) * cell)):h=\(pitch):color=0x00cd00:t=fill"
        }
        let scratch = try Scratch()
        let video = try scratch.textVideo("trailing-blanks.mp4", ground: "0xffffff", width: 640, height: top + pitch * lines.count + 5,
                                          boxes: marks, lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 17, color: "0x000000",
                              x: left, y: top + pitch * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map(String.init) == lines, "\(code.text)")
    }
}
