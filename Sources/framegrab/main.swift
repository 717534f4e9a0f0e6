import Foundation

/// The commands that only read the index run here: a process that loads SQLite alone starts
/// in a few milliseconds. Everything else (`--at`, `follow`, `scan`, `index`, help) opens
/// video, and is handed on to `framegrab-reader` beside this executable, which loads FFmpeg
/// and Tesseract.
let commands: [String: ([String]) -> Int32] = [
    "search": SearchCommand.run,
    "export": ExportCommand.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, let command = commands[first] {
    exit(command(Array(arguments.dropFirst())))
}
VideoCommands.run(arguments)
