import Foundation

/// Results that cannot be written: stdout closed or full, `-o FILE` that cannot be created,
/// written or put in place. Shaped like swift-system's `Errno`: the raw code, what was being
/// done, and where.
public struct OutputFailure: Error, Equatable, CustomStringConvertible {
    /// `errno`.
    public var code: Int32
    /// `stdout`, or the file given with `-o`.
    public var target: String
    /// What could not be done: `write the output`, `create a temporary file beside it`, …
    public var operation: String

    /// The exit status of every command whose output could not be written.
    public static let status: Int32 = 10
    /// The exit status when stdout is a pipe nobody reads any more (`| head`): 128 + SIGPIPE,
    /// what a shell reports for a tool the closed pipe stopped.
    public static let closedPipeStatus: Int32 = 128 + SIGPIPE

    public static let closedPipe = EPIPE
    public static let badDescriptor = EBADF
    public static let noSpace = ENOSPC

    public init(code: Int32, target: String, operation: String) {
        self.code = code
        self.target = target
        self.operation = operation
    }

    /// The reader of stdout has gone: not worth a word.
    public var isClosedPipe: Bool { code == EPIPE }

    /// `stdout: cannot write the output (No space left on device)`.
    public var description: String {
        let reason = code == EBADF && target == "stdout" ? "it is closed" : String(cString: strerror(code))
        return "\(target): cannot \(operation) (\(reason))"
    }
}
