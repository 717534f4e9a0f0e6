import Foundation

/// The commands of an executable, in one list: the first argument picks the command to run,
/// and the same list makes `--help` and `help COMMAND`.
///
/// `framegrab NAME …` runs the command NAME; anything else is the default command, given every
/// argument (`framegrab --at 12:30 talk.mp4`). `framegrab help` and `framegrab --help` print
/// the general usage, `framegrab help NAME` that command's usage, as `framegrab NAME --help`
/// does.
public struct CommandTable {
    /// The default command first, then the others in the order help lists them.
    public let commands: [Command]

    /// The status of a usage error, the same for every command.
    public static let usageError: Int32 = 2

    /// Run when the first argument names no command.
    private let defaultCommand: Command

    public init(default first: Command, _ others: [Command]) {
        defaultCommand = first
        commands = [first] + others
    }

    public func command(named name: String) -> Command? {
        commands.first { $0.usage.name == name }
    }

    /// Runs the command `arguments` ask for; the process's exit status.
    public func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return run(defaultCommand, on: arguments, named: false) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "help":
            return help(rest)
        case "completion":
            return completion(rest)
        default:
            if let command = command(named: first) { return run(command, on: rest, named: true) }
            // A word that is no option, no file and a typo away from a command's name was meant
            // to be that command.
            if !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first),
               let closest = Suggestion.closest(to: first, among: commands.map(\.usage.name)) {
                Console.error("no command or file '\(first)'; did you mean '\(closest)'? (see framegrab --help)")
                return CommandTable.usageError
            }
            return run(defaultCommand, on: arguments, named: false)
        }
    }

    /// Runs `command` unless the line asks for its help or holds an option it does not take.
    private func run(_ command: Command, on arguments: [String], named: Bool) -> Int32 {
        switch OptionCheck(arguments, against: command.usage) {
        case .run:
            return command.run(arguments)
        case .help:
            // The default command's help is framegrab's.
            Console.output(named ? command.usage.text : usage)
            return 0
        case .unknown(let option, let closest):
            let see = named ? "framegrab \(command.usage.name) --help" : "framegrab --help"
            Console.error("unknown option '\(option)'" + (closest.map { "; did you mean '\($0)'?" } ?? "") + " (see \(see))")
            return CommandTable.usageError
        }
    }

    private func help(_ topics: [String]) -> Int32 {
        if topics == ["--man"] {
            Console.output(ManPage(self).text)
            return 0
        }
        guard let name = topics.first, !["help", "--help", "-h"].contains(name) else {
            Console.output(usage)
            return 0
        }
        guard topics.count == 1 else {
            Console.error("help takes one command, not \(topics.count) (usage: framegrab help [COMMAND])")
            return CommandTable.usageError
        }
        guard let command = command(named: name) else {
            let closest = Suggestion.closest(to: name, among: commands.map(\.usage.name)).map { "did you mean '\($0)'? " } ?? ""
            Console.error("no command '\(name)'; \(closest)(commands: \(commands.map(\.usage.name).joined(separator: ", ")); see framegrab --help)")
            return CommandTable.usageError
        }
        Console.output(command.usage.text)
        return 0
    }

    private func completion(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let shell = Completion.Shell(rawValue: arguments[0]) else {
            Console.error("completion takes one shell: bash, zsh or fish (usage: framegrab completion SHELL)")
            return CommandTable.usageError
        }
        Console.output(Completion(self).script(for: shell))
        return 0
    }

    public var usage: String {
        // The default's name in brackets, as it need not be given.
        let names = commands.indices.map { $0 == 0 ? "[\(commands[$0].usage.name)]" : commands[$0].usage.name }
        let column = names.map(\.count).max() ?? 0
        let list = commands.indices.map { index in
            "framegrab " + names[index] + String(repeating: " ", count: column - names[index].count) + "  "
                + commands[index].usage.summary + (index == 0 ? " (the default)" : "")
        }
        return """
            framegrab: read the text on video frames: the frame shown at a given time, the frame a
            player settles on, every settled screen of a library of videos

            Usage:
            \(CommandUsage.indented(defaultCommand.usage.synopsis))
              framegrab COMMAND [options] [ARGUMENTS...]
              framegrab help [COMMAND]        this help, or COMMAND's
              framegrab help --man            the manual page (roff), e.g. | man -l -
              framegrab completion SHELL      completion for bash, zsh or fish, e.g.
                                              source <(framegrab completion bash)

            Commands:
            \(CommandUsage.indented(list.joined(separator: "\n")))

            framegrab help COMMAND (or framegrab COMMAND --help) tells what COMMAND does, its
            options and its exit statuses. Without a COMMAND, framegrab runs the default:


            """ + defaultCommand.usage.details
    }
}
