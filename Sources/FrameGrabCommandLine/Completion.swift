import Foundation

/// Shell completion for framegrab, made from its command table: command names first, then the
/// options of the command named (the grab's when none is), the choices of an option whose
/// value is one of a few words (`--format json|text`), and file names everywhere else.
///
///     source <(framegrab completion bash)
///     framegrab completion zsh > "${fpath[1]}/_framegrab"
///     framegrab completion fish > ~/.config/fish/completions/framegrab.fish
struct Completion {
    enum Shell: String {
        case bash, zsh, fish
    }

    let table: CommandTable

    init(_ table: CommandTable) {
        self.table = table
    }

    func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// Every word that can stand first: the commands, `help` and `completion`.
    private var names: [String] { table.commands.map(\.usage.name) + ["help", "completion"] }

    /// The words an option's value is one of (`json|text`), or none when it is free.
    private func choices(_ option: CommandUsage.Option) -> [String] {
        guard let value = option.value, value.contains("|") else { return [] }
        return value.split(separator: "|").map(String.init)
    }

    // MARK: bash

    private var bash: String {
        let cases = table.commands.map { command in
            let options = command.usage.spellings.joined(separator: " ")
            let values = command.usage.options.filter { $0.value != nil }.flatMap(\.spellings).joined(separator: "|")
            let choiceCases = command.usage.options.filter { !choices($0).isEmpty }.map { option in
                "                \(option.spellings.joined(separator: "|"))) COMPREPLY=($(compgen -W \"\(choices(option).joined(separator: " "))\" -- \"$cur\")); return ;;"
            }.joined(separator: "\n")
            return """
                    \(command.usage.name))
                        case "$prev" in
            \(choiceCases.isEmpty ? "" : choiceCases + "\n")                \(values.isEmpty ? "--never--" : values)) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                        esac
                        options="\(options)" ;;
            """
        }.joined(separator: "\n")
        return """
            # bash completion for framegrab: source <(framegrab completion bash)
            _framegrab() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command=\(table.commands[0].usage.name) options word
                for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
                    case "$word" in
                        \(names.joined(separator: "|"))) command="$word"; break ;;
                    esac
                done
                case "$command" in
                    help) COMPREPLY=($(compgen -W "\(table.commands.map(\.usage.name).joined(separator: " ")) --man" -- "$cur")); return ;;
                    completion) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;;
            \(cases)
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                elif [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(names.joined(separator: " "))" -- "$cur") $(compgen -f -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _framegrab framegrab
            """
    }

    // MARK: zsh

    private var zsh: String {
        func quoted(_ text: String) -> String {
            text.replacingOccurrences(of: "'", with: "'\\''")
        }
        func spec(_ option: CommandUsage.Option) -> [String] {
            // `_arguments` specs: the description in brackets, then the value's name and what completes it.
            let summary = quoted(option.summary.split(separator: "\n").joined(separator: " "))
                .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
                .replacingOccurrences(of: ":", with: "\\:")
            let value = option.value.map { value in
                let action = choices(option).isEmpty ? "_files" : "(\(choices(option).joined(separator: " ")))"
                return ":\(quoted(value).replacingOccurrences(of: ":", with: "\\:")):\(action)"
            } ?? ""
            return option.spellings.map { "'*\($0)[\(summary)]\(value)'" }
        }
        let commands = table.commands.map { "'\($0.usage.name):\(quoted($0.usage.summary).replacingOccurrences(of: ":", with: "\\:"))'" }
        let cases = table.commands.map { command in
            "        \(command.usage.name)) _arguments -s \(command.usage.options.flatMap(spec).joined(separator: " ")) '*:file:_files' ;;"
        }.joined(separator: "\n")
        return """
            #compdef framegrab
            # zsh completion for framegrab: framegrab completion zsh > "${fpath[1]}/_framegrab"
            _framegrab() {
                local -a commands
                commands=(\(commands.joined(separator: " ")) 'help:a command'\\''s help' 'completion:completion for a shell')
                local command=\(table.commands[0].usage.name)
                if (( CURRENT > 2 )) && (( ${+commands[(r)${words[2]}:*]} )); then
                    command=${words[2]}
                    shift words
                    (( CURRENT-- ))
                elif (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
                    _describe 'command' commands
                    _files
                    return
                fi
                case $command in
                    help) _values 'command' \(table.commands.map(\.usage.name).joined(separator: " ")) --man ;;
                    completion) _values 'shell' bash zsh fish ;;
            \(cases)
                esac
            }
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _framegrab "$@"
            else
                compdef _framegrab framegrab
            fi
            """
    }

    // MARK: fish

    private var fish: String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        let others = table.commands.dropFirst().map(\.usage.name) + ["help", "completion"]
        var lines = ["# fish completion for framegrab: framegrab completion fish > ~/.config/fish/completions/framegrab.fish",
                     "complete -c framegrab -f"]
        for command in table.commands.dropFirst() {
            lines.append("complete -c framegrab -n __fish_use_subcommand -a \(command.usage.name) -d \(quoted(command.usage.summary))")
        }
        lines.append("complete -c framegrab -n __fish_use_subcommand -a help -d \(quoted("a command's help"))")
        lines.append("complete -c framegrab -n __fish_use_subcommand -a completion -d \(quoted("completion for a shell"))")
        lines.append("complete -c framegrab -n '__fish_seen_subcommand_from help' -a \(quoted(table.commands.map(\.usage.name).joined(separator: " ") + " --man"))")
        lines.append("complete -c framegrab -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'")
        for (index, command) in table.commands.enumerated() {
            // The default command's options apply while no other command is named.
            let condition = index == 0
                ? "'not __fish_seen_subcommand_from \(others.joined(separator: " "))'"
                : "'__fish_seen_subcommand_from \(command.usage.name)'"
            lines.append("complete -c framegrab -n \(condition) -F")
            for option in command.usage.options {
                var line = "complete -c framegrab -n \(condition)"
                for spelling in option.spellings {
                    line += spelling.hasPrefix("--") ? " -l \(spelling.dropFirst(2))" : " -s \(spelling.dropFirst())"
                }
                if option.value != nil { line += choices(option).isEmpty ? " -r -F" : " -x -a \(quoted(choices(option).joined(separator: " ")))" }
                lines.append(line + " -d \(quoted(option.summary.split(separator: "\n").joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
