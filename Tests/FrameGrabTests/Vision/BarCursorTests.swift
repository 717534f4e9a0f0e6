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
        let cell = Scratch.terminalCell
        // The bar stands at the left edge of the space before `shlex.py`, the whole pitch tall.
        let column = Double(lines[4].distance(from: lines[4].startIndex, to: lines[4].range(of: "shlex")!.lowerBound)) - 1
        let bar = "drawbox=x=\(Scratch.terminalLeft + Int((column * cell).rounded())):y=\(Scratch.terminalTop + Scratch.terminalPitch * 4 - 2):w=2:h=\(Scratch.terminalPitch)"
            + ":color=0xd0d0d0:t=fill"
        let video = try scratch.terminalVideo("bar.mp4", lines: lines, boxes: [bar])
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.contains("'def read_token' shlex.py"), "\(code.text)")
        #expect(code.text.contains("dbus | cat"), "\(code.text)")
    }
}
