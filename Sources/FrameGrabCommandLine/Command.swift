/// A command as one executable runs it: its words, and the function that runs it.
public struct Command {
    public let usage: CommandUsage
    /// Runs the command on the arguments after its name (all of them for the default command
    /// when no name was given) and returns the process's exit status.
    public let run: ([String]) -> Int32

    public init(_ usage: CommandUsage, run: @escaping ([String]) -> Int32) {
        self.usage = usage
        self.run = run
    }
}
