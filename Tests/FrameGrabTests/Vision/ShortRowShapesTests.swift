@testable import FrameGrab
@testable import FrameGrabModel
import Foundation
import Testing

@Suite("Rows too short for a word, read by their cells")
struct ShortRowShapesTests {
    @Test("The star of a block comment's closing ` */` is read like the stars down the comment")
    func commentCloser() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-short-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = ["/*", " * The buffer is flushed when it fills, when a newline is", " * written to a line-buffered stream, or when input is read",
                     " * from a stream that shares its file descriptor.  Callers", " * that mix reads and writes must seek in between.", " */",
                     "static int flush_all(void);"]
        var filters = ["drawbox=x=80:y=160:w=760:h=250:color=0xeef1f5:t=fill"]
        for (index, line) in lines.enumerated() {
            let file = directory.appendingPathComponent("line\(index).txt")
            try line.write(to: file, atomically: true, encoding: .utf8)
            filters.append("drawtext=fontfile=/usr/share/fonts/truetype/croscore/Cousine-Regular.ttf:textfile=\(file.path)"
                           + ":expansion=none:fontsize=18:fontcolor=0x383a42:x=104:y=\(184 + 30 * index)")
        }
        let video = directory.appendingPathComponent("comment.mp4").path
        try Scratch.ffmpeg(["-f", "lavfi", "-i", "color=white:s=1280x720:d=1:r=25", "-vf", filters.joined(separator: ","),
                            "-c:v", "libx264", "-pix_fmt", "yuv420p", video])
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code })
        let rows = code.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.count == lines.count, "\(code.text)")
        #expect(rows.count > 5 && rows[5].trimmingCharacters(in: .whitespaces).first == "*", "\(code.text)")
    }
}
