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
}
