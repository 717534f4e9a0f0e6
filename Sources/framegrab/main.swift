import FrameGrab
import Foundation

/// The commands `framegrab WORD` runs; anything else is the `--at` grab. Each returns the
/// process's exit status.
let commands: [String: ([String]) -> Int32] = [
    "follow": { FollowCommand.run(arguments: $0).rawValue },
    "scan": ScanCommand.run,
    "index": IndexCommand.run,
    "search": SearchCommand.run,
    "export": ExportCommand.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
if let first = arguments.first, let command = commands[first] {
    status = command(Array(arguments.dropFirst()))
} else {
    status = GrabCommand.run(arguments: arguments).rawValue
}
exit(status)
