/// Each bracket stroke (`PunctuationShapes`) becomes the bracket that closes the innermost one
/// still open in the region's text; where nothing is open, what OCR read. A `3` alone at the
/// start of a line, where a `{` is open, is its `}`. (A `]` closing a `(` is left alone: as often
/// the `(` was a misread `[` as the `]` a misread `)`.)
struct ClosingBrackets: CharacterPass {
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code else { return }
        let (spelled, positions) = region.spelling()
        let pending = positions.map { $0.map { region.rows[$0.row].characters[$0.index].isPendingCloser } ?? false }
        region.respell { _ in Self.closed(spelled, pending: pending) }
        for row in region.rows.indices {
            for index in region.rows[row].characters.indices { region.rows[row].characters[index].isPendingCloser = false }
        }
    }

    /// `characters` with each one marked `pending` (a bracket stroke, still what OCR read)
    /// made the bracket that closes what is open.
    static func closed(_ characters: [Character], pending: [Bool]) -> [Character] {
        let closers = PunctuationShapes.closers
        var open: [Character] = []
        var result: [Character] = []
        var startsLine = true
        for (index, character) in characters.enumerated() {
            defer {
                if character == "\n" { startsLine = true } else if !character.isWhitespace { startsLine = false }
            }
            if pending[index] {
                let opener = open.popLast()
                result.append(opener.flatMap { closers[$0] } ?? character)
            } else if closers[character] != nil {
                open.append(character)
                result.append(character)
            } else if closers.values.contains(character) {
                _ = open.popLast()
                result.append(character)
            } else if character == "3", startsLine, open.last == "{",
                      index + 1 == characters.count || "\n;),".contains(characters[index + 1]) {
                open.removeLast()
                result.append("}")
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// A `{` OCR saw in the round curve of a `(` (`new({)`, `Ok({total)`) goes: one right after a
/// `(` on a line that its brackets balance without it, and not with it.
struct StrayBraces: CharacterPass {
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code else { return }
        for row in region.rows.indices {
            let (spelled, positions) = region.rows[row].spelling()
            let pending = positions.map { $0.map { region.rows[row].characters[$0].isPendingCloser } ?? false }
            for index in Self.strays(in: spelled, pending: pending).reversed() {
                guard let position = positions[index] else { continue }
                region.rows[row].characters.remove(at: position)
            }
        }
    }

    private typealias Spelled = (index: Int, character: Character, pending: Bool)

    /// Where the stray braces of a line are, left to right.
    static func strays(in line: [Character], pending: [Bool]) -> [Int] {
        var characters: [Spelled] = line.indices.map { (index: $0, character: line[$0], pending: pending[$0]) }
        var strays: [Int] = []
        var index = 1
        while index < characters.count {
            let without = Array(characters[..<index] + characters[(index + 1)...])
            if characters[index].character == "{", characters[index - 1].character == "(", !balances(characters), balances(without) {
                strays.append(characters[index].index)
                characters = without
            } else {
                index += 1
            }
        }
        return strays
    }

    /// Whether every bracket on the line closes one of its kind opened before it on the line,
    /// and none is left open (a bracket stroke not yet told is none). Quotes are not told
    /// apart: a bracket in a string counts too.
    private static func balances(_ characters: [Spelled]) -> Bool {
        !characters.contains { $0.pending } && Brackets.unmatched(characters.map(\.character)) == 0
    }
}

/// Brackets as a line pairs them.
enum Brackets {
    static func isBracket(_ character: Character) -> Bool {
        PunctuationShapes.closers[character] != nil || PunctuationShapes.closers.values.contains(character)
    }

    /// How many brackets of `line` match none: closers without their opener just before them,
    /// and openers left open.
    static func unmatched(_ line: [Character]) -> Int {
        let closers = PunctuationShapes.closers
        var open: [Character] = []
        var count = 0
        for character in line {
            if closers[character] != nil {
                open.append(character)
            } else if closers.values.contains(character) {
                if let last = open.last, closers[last] == character { open.removeLast() } else { count += 1 }
            }
        }
        return count + open.count
    }
}
