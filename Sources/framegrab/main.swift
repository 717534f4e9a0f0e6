import FrameGrab
import Foundation

let status = GrabCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
