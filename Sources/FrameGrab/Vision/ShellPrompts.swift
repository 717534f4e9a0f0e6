/// Repairs the shell prompts that start terminal lines (`user@host:~/src$ make`), whose shape
/// is known and which repeat: OCR reads a thin `~` as `-`, a `$` as an `s` run into the path,
/// and now and then one letter of one prompt wrong, where the other prompts read it right.
struct ShellPrompts: CharacterPass {
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code else { return }
        let spellings = region.rows.map { $0.spelling() }
        let repaired = Self.repaired(spellings.map(\.characters))
        for (row, (spelling, line)) in zip(spellings, repaired).enumerated() {
            // Marks mended one for one, then the `user@host` put right, which may differ in length.
            for (index, value) in line.shaped.enumerated() where value != spelling.characters[index] {
                if let position = spelling.positions[index] { region.rows[row].characters[position].value = value }
            }
            guard let (range, userHost) = line.userHost, !range.isEmpty, let first = spelling.positions[range.lowerBound],
                  let last = spelling.positions[range.upperBound - 1] else { continue }
            region.rows[row].replace(first..<(last + 1), with: userHost)
        }
    }

    /// Each line with its prompt's marks mended (`shaped`, one for one), and the part of it
    /// that is the `user@host` most prompts show, with what it should read.
    static func repaired(_ lines: [[Character]]) -> [(shaped: [Character], userHost: (Range<Int>, [Character])?)] {
        var lines = lines
        let prompts = lines.indices.compactMap { index in prompt(in: lines[index]).map { (index, $0) } }
        for (index, range) in prompts {
            shaped(&lines[index], prompt: range)
        }
        // The `user@host` most prompts show, whatever their directory, wins over one that
        // differs from it in a letter or two, and over a first word read with a mark too many
        // or too few (`ana(@#dev:~$`). Ties go to the nearer reading, then the first in order.
        var counts: [String: Int] = [:]
        for (index, range) in prompts {
            counts[String(lines[index][userHost(in: lines[index], word: range)]), default: 0] += 1
        }
        return lines.map { line in
            guard let word = prompt(in: line) ?? firstWord(in: line) else { return (line, nil) }
            let range = userHost(in: line, word: word)
            let reading = String(line[range])
            let candidates: [(count: Int, distance: Int, prompt: String)] = counts.compactMap { candidate, count in
                let distance = editDistance(candidate, reading)
                return count > counts[reading, default: 0] && distance <= 2 ? (count, distance, candidate) : nil
            }
            let better = candidates.min { a, b in (-a.count, a.distance, a.prompt) < (-b.count, b.distance, b.prompt) }
            return (line, better.map { (range, Array($0.prompt)) })
        }
    }

    /// Whether a line starts with a whole prompt, `user@host:dir` ending in the shell's `$`,
    /// `#` or `%` (`git@github.com:org/repo` in prose does not).
    static func startsWithPrompt(_ text: String) -> Bool {
        let line = Array(text)
        guard let word = prompt(in: line), let last = line[word].last else { return false }
        return "$#%".contains(last)
    }

    /// Where the line's prompt is: `user@host:` and the working directory, up to the first space.
    private static func prompt(in line: [Character]) -> Range<Int>? {
        let word = wordRange(in: line)
        let (start, end) = (word.lowerBound, word.upperBound)
        guard let at = line[start..<end].firstIndex(of: "@"), at > start,
              let colon = line[at..<end].firstIndex(of: ":"), colon > at + 1, colon + 1 < end,
              line[start..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "@.-_".contains($0) }) else { return nil }
        return start..<end
    }

    /// The `user@host` part of a prompt: the word up to its first colon.
    private static func userHost(in line: [Character], word: Range<Int>) -> Range<Int> {
        word.lowerBound..<(line[word].firstIndex(of: ":") ?? word.upperBound)
    }

    /// The line's first word, when it is long enough to be told from a prompt by a few marks.
    private static func firstWord(in line: [Character]) -> Range<Int>? {
        let word = wordRange(in: line)
        return word.count >= 10 ? word : nil
    }

    /// Where the line's first word is: from its first character to the next space.
    private static func wordRange(in line: [Character]) -> Range<Int> {
        let start = line.firstIndex { !$0.isWhitespace } ?? line.count
        return start..<(line[start...].firstIndex(of: " ") ?? line.count)
    }

    private static func shaped(_ line: inout [Character], prompt: Range<Int>) {
        guard let colon = line[prompt].firstIndex(of: ":") else { return }
        let directory = colon + 1
        // The home directory: `-` is no path's first character where a `/` or the end follows.
        if line[directory] == "-", directory + 1 == prompt.upperBound || "/$#".contains(line[directory + 1]) {
            line[directory] = "~"
        }
        // A prompt ends in `$` or `#`; a path that ends in `s` ran the two together.
        if "~/".contains(line[directory]), prompt.count > 1, "sS".contains(line[prompt.upperBound - 1]) {
            line[prompt.upperBound - 1] = "$"
        }
    }

    /// Characters to insert, delete or change to turn `a` into `b`; a look-alike OCR confuses
    /// (`l` for `1`, see `Lookalikes.groups`) costs nothing to change.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1]
            for j in b.indices {
                let change = a[i] == b[j] || Lookalikes.groups.contains { $0.contains(a[i]) && $0.contains(b[j]) } ? 0 : 1
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + change))
            }
            previous = current
        }
        return previous[b.count]
    }
}
