import FrameGrabCommandLine
import Foundation

/// The commands that open video, run by `framegrab-reader` in place of this process: the
/// same arguments (the command named first, the default `grab` too), standard streams,
/// environment and exit status.
enum VideoCommands {
    static let executableName = "framegrab-reader"
    /// framegrab's status for an internal failure (`ExitCode.internalFailure`): a reader that
    /// cannot be run is a broken build or installation.
    static let unavailable: Int32 = 1

    /// The reader beside this executable, symbolic links followed.
    static var executable: String {
        let this = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return this.deletingLastPathComponent().appendingPathComponent(executableName).path
    }

    /// Runs `command` in the reader on the arguments after its name. The name goes first even
    /// when it was not given: the reader then takes `--help` for the command's, not for
    /// framegrab's.
    static func handOn(_ command: CommandUsage) -> ([String]) -> Int32 {
        { arguments in run([command.name] + arguments) }
    }

    private static func run(_ arguments: [String]) -> Never {
        let path = executable
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        // Only reached when the reader could not be started.
        Console.error("framegrab: cannot run \(path): \(String(cString: strerror(errno))) (build it with scripts/bootstrap)")
        exit(unavailable)
    }
}
