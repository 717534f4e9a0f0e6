import Foundation

extension Scratch {
    /// A line of text ffmpeg's drawtext draws, read from a file as it is (no `%` expansion).
    struct DrawnText {
        var text: String
        var font: String
        var size: Int
        var color: String
        var x: Int
        var y: Int
    }

    /// A one-second H.264 clip named `name` in the directory: `ground` at `width`×`height`,
    /// `boxes` (drawbox filters) filled over it, then `lines` drawn; its path.
    func textVideo(_ name: String, ground: String, width: Int, height: Int, boxes: [String] = [],
                   lines: [DrawnText]) throws -> String {
        var filters = boxes
        for (index, line) in lines.enumerated() where !line.text.isEmpty {
            let file = path("\(name)-line\(index).txt")
            try line.text.write(toFile: file, atomically: true, encoding: .utf8)
            filters.append("drawtext=fontfile=\(line.font):textfile=\(file):expansion=none:fontsize=\(line.size)"
                           + ":fontcolor=\(line.color):x=\(line.x):y=\(line.y)")
        }
        let video = path(name)
        try Scratch.ffmpeg(["-f", "lavfi", "-i", "color=\(ground):s=\(width)x\(height):d=1:r=25", "-vf", filters.joined(separator: ","),
                            "-c:v", "libx264", "-pix_fmt", "yuv420p", video])
        return video
    }

    /// A terminal's screen: `lines` in DejaVu Sans Mono at 17 px, light gray on near black,
    /// one every `terminalPitch` pixels from `terminalTop`, and `boxes` (a cursor) under them.
    /// At that size the font's cells are `terminalCell` wide, hinted to whole pixels.
    func terminalVideo(_ name: String, lines: [String], boxes: [String]) throws -> String {
        try textVideo(name, ground: "0x0c0c0c", width: 640, height: Self.terminalTop + Self.terminalPitch * lines.count + 5,
                      boxes: boxes, lines: lines.enumerated().map { index, line in
            DrawnText(text: line, font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 17, color: "0xd0d0d0",
                      x: Self.terminalLeft, y: Self.terminalTop + Self.terminalPitch * index)
        })
    }

    static let terminalLeft = 4, terminalTop = 3, terminalPitch = 22, terminalCell = 10.0
}
