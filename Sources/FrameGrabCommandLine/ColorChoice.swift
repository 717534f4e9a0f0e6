import Foundation

/// Whether a standard stream gets what only a person at a terminal wants: colour, and a line
/// redrawn in place (a progress bar). Every command takes `--color WHEN` and decides here.
///
/// `auto` (the default) gives both only to a terminal, and no colour when `NO_COLOR` is set to
/// anything but the empty string (https://no-color.org); `always` gives both as if the stream
/// were a terminal, whatever `NO_COLOR` says, as an option given on the command line should;
/// `never` gives neither, as to a pipe.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    public enum Stream: Sendable {
        case standardOutput, standardError

        var descriptor: Int32 {
            switch self {
            case .standardOutput: return STDOUT_FILENO
            case .standardError: return STDERR_FILENO
            }
        }
    }

    /// The option's name, as every command spells it.
    public static let option = "--color"

    /// `--color WHEN`'s value, or the one line that says what it may be.
    public init(option value: String) throws(UsageFailure) {
        guard let choice = ColorChoice(rawValue: value) else {
            throw UsageFailure(message: "\(ColorChoice.option) must be auto, always or never, not '\(value)'")
        }
        self = choice
    }

    /// ANSI colour and bold on `stream`.
    public func colours(_ stream: Stream, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return ColorChoice.isTerminal(stream) && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    /// A line redrawn in place with carriage returns on `stream`, rather than lines that stay.
    /// `NO_COLOR` is about colour only, and leaves this alone.
    public func redrawsLines(on stream: Stream) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return ColorChoice.isTerminal(stream)
        }
    }

    /// For stdout, where the results go: `-o FILE` is no terminal, whatever stdout is.
    private static func isTerminal(_ stream: Stream) -> Bool {
        switch stream {
        case .standardOutput: return Console.writesToTerminal
        case .standardError: return isatty(stream.descriptor) == 1
        }
    }
}
