import Foundation
import Testing

/// Help that helps: did-you-mean, `--help` anywhere, every spelling documented, the man page and
/// the shell completions, all made from the commands' option tables.
@Suite("Help, man page and completion")
struct HelpTests {
    /// Runs `script` in `shell` (`bash -c`), `framegrab` being the built one.
    static func shell(_ shell: String, _ script: String) throws -> FrameGrabCommand.Result {
        let framegrab = try FrameGrabCommand.executable()
        return try FrameGrabCommand.run(["-c", script.replacingOccurrences(of: "FRAMEGRAB", with: framegrab)],
                                        executable: "/usr/bin/\(shell)")
    }

    @Test("A typo in an option or a command gets the spelling it most likely meant", arguments: [
        (["--att", "5", "TestVideos/counter.mp4"], "unknown option '--att'; did you mean '--at'?"),
        (["--at", "5", "--formt", "text", "TestVideos/counter.mp4"], "did you mean '--format'?"),
        (["follow", "--setle", "1", "TestVideos/counter.mp4"], "did you mean '--settle'? (see framegrab follow --help)"),
        (["index", "--debug", "x"], "unknown option '--debug' (see framegrab index --help)"),
        (["--at", "1", "--debug", "TestVideos/counter.mp4"], "did you mean '--debug-layout'?"),
        (["serach", "frame"], "no command or file 'serach'; did you mean 'search'?"),
        (["help", "scna"], "no command 'scna'; did you mean 'scan'?"),
    ])
    func didYouMean(arguments: [String], says: String) throws {
        let result = try FrameGrabCommand.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(says), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test("--help anywhere an option can stand shows the command's help", arguments: [
        (["--at", "5", "TestVideos/counter.mp4", "--help"], "framegrab: read the text on video frames"),
        (["search", "frame", "-h"], "framegrab search: "),
        (["index", "--db", "x.db", "--help", "--frobnicate"], "framegrab index: "),
        (["follow", "--settle=1", "--help"], "framegrab follow: "),
    ])
    func helpAnywhere(arguments: [String], starts: String) throws {
        let result = try FrameGrabCommand.run(arguments)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix(starts), "\(result)")
    }

    @Test("A value that looks like an option is the option's value, not an option")
    func valuesAreNotOptions() throws {
        // `--help` as the database's name: a usage error about the database, not help.
        let result = try FrameGrabCommand.run(["search", "--db", "--help", "frame"])
        #expect(result.status == 2 && !result.stdout.hasPrefix("framegrab search:"), "\(result)")
    }

    @Test("Every short and long spelling a command takes is in its help", arguments: [
        (["grab"], ["-l, --lang LANGS", "-v, --verbose", "-h, --help", "--version", "--debug-layout"]),
        (["follow"], ["-l, --lang LANGS", "-v, --verbose", "-h, --help", "--mpv SOCKET"]),
        (["index"], ["-j, --jobs N", "-l, --lang LANGS", "-v, --verbose", "-h, --help"]),
        (["search"], ["-v, --verbose", "-h, --help", "--db PATH"]),
        (["export"], ["-h, --help", "--db PATH"]),
    ])
    func spellingsDocumented(command: [String], spellings: [String]) throws {
        let help = try FrameGrabCommand.run(["help"] + command).stdout
        for spelling in spellings { #expect(help.contains("  " + spelling + " "), "\(spelling) in \(command)") }
    }

    @Test("The man page renders, every command and option in it")
    func manPage() throws {
        let result = try Self.shell("bash", "FRAMEGRAB help --man | MANWIDTH=100 man -l - 2>&1")
        #expect(result.status == 0, "\(result)")
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "follow", "search", "export", "--tessdata-dir", "--settle", "Exit status"] {
            #expect(result.stdout.contains(heading), "\(heading) in the man page")
        }
        #expect(!result.stdout.contains("\\-") && !result.stdout.contains("\\e"), "no roff escape shows")
    }

    @Test("bash completes commands, options and option values")
    func bash() throws {
        let loaded = try Self.shell("bash", "source <(FRAMEGRAB completion bash); complete -p framegrab")
        #expect(loaded.status == 0 && loaded.stdout.contains("-F _framegrab framegrab"), "\(loaded)")
        let script = """
            source <(FRAMEGRAB completion bash)
            try() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _framegrab; echo "${COMPREPLY[*]}"; }
            try framegrab --fo
            try framegrab follow --se
            try framegrab --format ''
            try framegrab sea
            try framegrab completion ''
            """
        let lines = try Self.shell("bash", script).stdoutLines
        #expect(lines == ["--format", "--settle", "json text html", "search", "bash zsh fish"])
    }

    @Test("zsh and fish load their completion; fish completes options of the command named")
    func zshAndFish() throws {
        let zsh = try Self.shell("zsh", "autoload -U compinit && compinit -u -D; source <(FRAMEGRAB completion zsh); print -r -- ${_comps[framegrab]}")
        #expect(zsh.status == 0 && zsh.stdout == "_framegrab\n", "\(zsh)")
        let fish = try Self.shell("fish", "FRAMEGRAB completion fish | source; complete -C 'framegrab follow --se'; complete -C 'framegrab --format '")
        #expect(fish.status == 0, "\(fish)")
        #expect(fish.stdoutLines.map { String($0.prefix { $0 != "\t" }) } == ["--settle", "html", "json", "text"], "\(fish)")
    }

    @Test("completion needs one known shell")
    func unknownShell() throws {
        let result = try FrameGrabCommand.run(["completion", "tcsh"])
        #expect(result.status == 2 && result.stderrLines.count == 1 && result.stderr.contains("bash, zsh or fish"), "\(result)")
    }
}
