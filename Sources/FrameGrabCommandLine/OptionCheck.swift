/// What a command line asks for, as far as the command's option table tells: help (`-h` or
/// `--help` anywhere an option can stand), or the command run, unless a word that looks like
/// an option is none of the command's. Every spelling the commands accept is in their tables,
/// so nothing undocumented gets through.
enum OptionCheck: Equatable {
    case run
    case help
    /// An option the command does not take, and the spelling it most likely meant.
    case unknown(String, closest: String?)

    init(_ arguments: [String], against usage: CommandUsage) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            // `--` ends the options; `-` alone is standard input, and other words are operands.
            if word == "--" { break }
            guard word.count > 1, word.hasPrefix("-") else { continue }
            let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
            guard let option = usage.option(spelt: name) else {
                self = .unknown(name, closest: Suggestion.closest(to: name, among: usage.spellings))
                return
            }
            if option.spellings.contains("--help") {
                self = .help
                return
            }
            // A value follows unless it was given after `=`; it is never an option itself.
            if option.value != nil && name == word { index += 1 }
        }
        self = .run
    }
}

/// The word someone most likely meant: one a typo or two away (a letter missing, added, changed
/// or two swapped), or of which theirs is the start.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: distance(word, $0)) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= min(2, max(1, word.count / 3)) {
            return best.candidate
        }
        // `--debug` for `--debug-layout`: the start of exactly one.
        let starting = candidates.filter { $0.hasPrefix(word) && word.trimmingDashes.count >= 3 }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Letters to insert, delete, change or swap with their neighbour to turn `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let change = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + change)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

private extension String {
    var trimmingDashes: Substring { drop { $0 == "-" } }
}
