@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// `BarCursor`: a stroke as tall as the line pitch at a cell's left edge goes; a `|` in the
/// middle of its cell stays.
@Suite("Bar cursor")
struct BarCursorTests {
    @Test("A bar cursor in a typed command is no character; a pipe is one")
    func barCursor() throws {
        let lines = ["dev@devbox:~$ sed -n '20,24p' /etc/init.d/dbus | cat -A", "if [ -e /etc/default/dbus ]; then$",
                     "  . /etc/default/dbus$", "fi$", "dev@devbox:~$ grep -n 'def read_token' shlex.py"]
        let scratch = try Scratch()
        let cell = 10.0   // DejaVu Sans Mono at 17 px: its advance, 0.6 of an em, hinted to whole pixels
        // The bar stands at the left edge of the space before `shlex.py`, the whole pitch tall.
        let column = Double(lines[4].distance(from: lines[4].startIndex, to: lines[4].range(of: "shlex")!.lowerBound)) - 1
        let bar = "drawbox=x=\(4 + Int((column * cell).rounded())):y=\(3 + 22 * 4 - 2):w=2:h=22:color=0xd0d0d0:t=fill"
        let video = try scratch.textVideo("bar.mp4", ground: "0x0c0c0c", width: 640, height: 2 + 22 * lines.count + 6, boxes: [bar],
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 17,
                              color: "0xd0d0d0", x: 4, y: 3 + 22 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.contains("'def read_token' shlex.py"), "\(code.text)")
        #expect(code.text.contains("dbus | cat"), "\(code.text)")
    }
}
