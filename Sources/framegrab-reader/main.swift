import FrameGrab
import FrameGrabCommandLine
import Foundation

// What `framegrab` hands on: every command that opens a video. `framegrab` itself runs the
// ones that only read the index, without loading FFmpeg's and Tesseract's libraries, and
// answers help for all of them.

Console.prepareStandardStreams()

/// The commands run here; anything that names none is the `--at` grab.
let commands = CommandTable(default: Command(.grab, run: { GrabCommand.run(arguments: $0).rawValue }), [
    Command(.follow, run: { FollowCommand.run(arguments: $0).rawValue }),
    Command(.index, run: IndexCommand.run),
    Command(.scan, run: ScanCommand.run),
])

let arguments = Array(CommandLine.arguments.dropFirst())
// `framegrab index` runs this binary again for each video (IndexWorker): not a command of
// framegrab's, so not in the table.
let status = arguments.first == IndexWorker.command
    ? IndexWorker.main(arguments: Array(arguments.dropFirst()))
    : commands.run(arguments)
// A command that did not finish its output (Console.finish) failed: -o FILE stays as it was.
Console.discardOutput()
exit(status)
