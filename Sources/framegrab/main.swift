import FrameGrab
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let status = arguments.first == "follow"
    ? FollowCommand.run(arguments: Array(arguments.dropFirst()))
    : GrabCommand.run(arguments: arguments)
exit(status.rawValue)
