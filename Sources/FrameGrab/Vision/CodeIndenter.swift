/// Lays code out as it was typed: OCR drops leading spaces and splits punctuation into words of
/// its own (`endElement)` + `;`), so every word is placed by its x position on the monospace
/// grid instead, and blank lines come back from the vertical gaps.
enum CodeIndenter {
    /// `lines` with `indent` set and each line's text spaced as on screen.
    static func laidOut(_ lines: [Line]) -> [Line] {
        guard let origin = lines.map(\.box.x).min(), let cell = cellWidth(of: lines) else {
            return lines.map { line in var line = line; line.indent = 0; return line }
        }
        return lines.map { line in
            var line = line
            line.indent = max(0, Int((Double(line.box.x - origin) / cell).rounded()))
            line.text = spacedText(of: line.words, cell: cell)
            return line
        }
    }

    /// The lines as source text: indentation restored, and blank lines where the gap between
    /// two lines holds room for more.
    static func text(of lines: [Line]) -> String {
        var output: [String] = []
        let pitch = linePitch(of: lines)
        for (index, line) in lines.enumerated() {
            if index > 0, let pitch {
                let gap = Double(line.box.y - lines[index - 1].box.y)
                let blanks = Int((gap / pitch).rounded()) - 1
                if blanks > 0 { output += Array(repeating: "", count: min(blanks, 3)) }
            }
            output.append(String(repeating: " ", count: line.indent ?? 0) + line.text)
        }
        return output.joined(separator: "\n")
    }

    /// Words joined by as many spaces as fit between them. Two glyphs that touch in the source
    /// leave at most the two side bearings between their ink (under 0.85 of a cell, measured
    /// on DejaVu Sans Mono's narrowest pairs); each space adds a cell.
    static func spacedText(of words: [Word], cell: Double) -> String {
        var text = ""
        for (index, word) in words.enumerated() {
            if index > 0 {
                let gap = Double(word.box.x - words[index - 1].box.right)
                let spaces = gap < 0.85 * cell ? 0 : Int(((gap - 0.85 * cell) / cell).rounded(.down)) + 1
                text += String(repeating: " ", count: spaces)
            }
            text += word.text
        }
        return text
    }

    /// The advance of one monospace cell. Ink is narrower than the advance, so a first guess
    /// from word widths is refined by the distance between word starts on the same line, which
    /// is a whole number of cells.
    static func cellWidth(of lines: [Line]) -> Double? {
        let guesses = lines.flatMap(\.words).filter { $0.text.count >= 3 }.map {
            Double($0.box.width) / (Double($0.text.count) - 0.2)
        }
        guard let guess = median(guesses) else { return nil }
        var refined: [Double] = []
        for line in lines {
            for (left, right) in zip(line.words, line.words.dropFirst()) {
                let distance = Double(right.box.x - left.box.x)
                let cells = (distance / guess).rounded()
                if cells >= 4 { refined.append(distance / cells) }
            }
        }
        return refined.count >= 3 ? median(refined) : guess
    }

    /// The usual distance between consecutive line tops.
    private static func linePitch(of lines: [Line]) -> Double? {
        guard lines.count >= 2 else { return nil }
        let steps = zip(lines.dropFirst(), lines).map { Double($0.box.y - $1.box.y) }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else { return nil }
        return steps[steps.count / 3]
    }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
