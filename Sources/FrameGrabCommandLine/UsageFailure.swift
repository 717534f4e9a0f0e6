/// A command line that cannot be run as written: the one line that says why.
public struct UsageFailure: Error {
    public let message: String

    public init(message: String) {
        self.message = message
    }
}
