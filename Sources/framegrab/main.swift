import FrameGrabCommandLine
import Foundation

/// Every command of framegrab's, in the order `framegrab --help` lists them. The ones that only
/// read the index run here: a process that loads SQLite alone starts in a few milliseconds.
/// The ones that open video are handed on to `framegrab-reader` beside this executable, which
/// loads FFmpeg and Tesseract. Help for all of them is printed here, from the words they share
/// (`CommandUsage`).
Console.prepareStandardStreams()

let commands = CommandTable(default: Command(.grab, run: VideoCommands.handOn(.grab)), [
    Command(.follow, run: VideoCommands.handOn(.follow)),
    Command(.index, run: VideoCommands.handOn(.index)),
    Command(.scan, run: VideoCommands.handOn(.scan)),
    Command(.search, run: SearchCommand.run),
    Command(.export, run: ExportCommand.run),
    Command(.merge, run: MergeCommand.run),
    Command(.status, run: StatusCommand.run),
])

let status = commands.run(Array(CommandLine.arguments.dropFirst()))
// A command that did not finish its output (Console.finish) failed: -o FILE stays as it was.
Console.discardOutput()
exit(status)
