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
        guard let first = arguments.first else { return defaultCommand.run(arguments) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "help":
            return help(rest)
        case "--help", "-h":
            Console.output(usage)
            return 0
        default:
            guard let command = command(named: first) else { return defaultCommand.run(arguments) }
            return command.run(rest)
        }
    }

    /// `help`, `help COMMAND`: the usage asked for on stdout, or one line on stderr.
    private func help(_ topics: [String]) -> Int32 {
        guard let name = topics.first, !["help", "--help", "-h"].contains(name) else {
            Console.output(usage)
            return 0
        }
        guard topics.count == 1 else {
            Console.error("help takes one command, not \(topics.count) (usage: framegrab help [COMMAND])")
            return CommandTable.usageError
        }
        guard let command = command(named: name) else {
            Console.error("no command '\(name)' (commands: \(commands.map(\.usage.name).joined(separator: ", ")); see framegrab --help)")
            return CommandTable.usageError
        }
        Console.output(command.usage.text)
        return 0
    }

    /// The general usage: how to call framegrab, every command with what it does, and in full
    /// the default command, which `framegrab` runs when no command is named.
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
              framegrab help [COMMAND]

            Commands:
            \(CommandUsage.indented(list.joined(separator: "\n")))

            framegrab help COMMAND (or framegrab COMMAND --help) tells what COMMAND does, its
            options and its exit statuses. Without a COMMAND, framegrab runs the default:


            """ + defaultCommand.usage.details
    }
}
