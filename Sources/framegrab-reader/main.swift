import FrameGrab
import FrameGrabCommandLine
import Foundation

// What `framegrab` hands on: every command that opens a video. `framegrab` itself runs the
// ones that only read the index, without loading FFmpeg's and Tesseract's libraries.

/// The commands `framegrab WORD` runs here; anything else is the `--at` grab. Each returns the
/// process's exit status.
let commands: [String: ([String]) -> Int32] = [
    "follow": { FollowCommand.run(arguments: $0).rawValue },
    "scan": ScanCommand.run,
    "index": IndexCommand.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
if let first = arguments.first, let command = commands[first] {
    status = command(Array(arguments.dropFirst()))
} else {
    status = GrabCommand.run(arguments: arguments).rawValue
}
exit(status)
