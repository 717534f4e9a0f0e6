/// Turns what OCR read in each text block into regions: gutters taken out of code, code told
/// from prose, code laid out on its grid, languages guessed, links found, and the bars of UI
/// chrome gathered into one region each.
enum RegionAssembler {
    /// What OCR read in one block: its lines, and each line's ink blobs (empty if unknown).
    struct ReadBlock {
        var block: TextBlock
        var lines: [Line]
        var glyphs: [[BoundingBox]]
    }

    /// Regions read with less overall certainty than this are not text (icons, photos, rules).
    static let minimumConfidence = 0.45

    static func regions(from blocks: [ReadBlock], contentArea: BoundingBox) -> [Region] {
        let blocks = joiningStrayClosers(joiningGutterColumns(blocks))
        let typicalHeight = median(blocks.map(\.block.glyphHeight))
        var regions: [Region] = []
        var glyphHeights: [Int] = []
        for read in blocks {
            guard let region = region(from: read) else { continue }
            regions.append(region)
            glyphHeights.append(read.block.glyphHeight)
        }
        return UIChrome.gathered(regions, contentArea: contentArea, typicalGlyphHeight: typicalHeight, glyphHeights: glyphHeights)
            .sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }

    private static func region(from read: ReadBlock) -> Region? {
        var lines = read.lines
        var glyphs = read.glyphs
        guard !lines.isEmpty else { return nil }
        let confidence = confidence(of: lines)
        let hasContent = lines.contains { $0.text.contains(where: { $0.isLetter || $0.isNumber }) }
        guard confidence >= minimumConfidence, hasContent else { return nil }

        var numbers: [Int?] = Array(repeating: nil, count: lines.count)
        if let gutter = LineNumberGutter.split(lines, glyphs: glyphs) {
            lines = gutter.lines
            glyphs = gutter.glyphs
            numbers = gutter.numbers
        }
        let hasGutter = numbers.contains { $0 != nil }
        let kind = CodeClassifier.kind(of: lines, monospaceFit: CodeIndenter.monospaceFit(glyphs: glyphs, lines: lines),
                                       hasGutter: hasGutter)

        var laidOut = kind == .code ? CodeIndenter.laidOut(lines, glyphs: glyphs) : BulletMarker.normalized(lines)
        for index in laidOut.indices { laidOut[index].number = numbers[index] }
        if kind == .code {
            // Bracket strokes OCR took for letters close whatever is open.
            let repaired = PunctuationShapes.closingBrackets(in: laidOut.map(\.text).joined(separator: "\n"))
            for (index, text) in repaired.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                laidOut[index].text = String(text)
            }
        }
        let text = kind == .code ? CodeIndenter.text(of: laidOut) : laidOut.map(\.text).joined(separator: "\n")
        let visible = laidOut.filter { !$0.words.isEmpty }
        let box = visible.dropFirst().reduce(visible.first?.box ?? read.block.box) { $0.union($1.box) }
        let guess = kind == .code ? LanguageGuesser.guess(text) : nil
        return Region(kind: kind, box: box, polarity: read.block.polarity, confidence: confidence, text: text,
                      lines: laidOut, language: guess?.language, languageConfidence: guess?.confidence,
                      detections: laidOut.flatMap(DataDetector.detections))
    }

    /// A column of line numbers the layout found apart from its code (a wide gutter) goes
    /// back in front of the code lines it numbers, so the gutter is recognised as one. The
    /// column may have taken a short code line that starts close to it (`142  }`).
    private static func joiningGutterColumns(_ blocks: [ReadBlock]) -> [ReadBlock] {
        var blocks = blocks
        var index = 0
        while index < blocks.count {
            let column = blocks[index]
            guard let numbersRight = numberColumnEdge(column),
                  let codeIndex = blocks.indices.first(where: { $0 != index && isRightNeighbour(blocks[$0], of: column, edge: numbersRight) }) else {
                index += 1
                continue
            }
            var code = blocks[codeIndex]
            for (numberLine, numberGlyphs) in zip(column.lines, column.glyphs) {
                if let row = code.lines.firstIndex(where: { overlapsVertically($0.box, numberLine.box) }) {
                    code.lines[row].words.insert(contentsOf: numberLine.words, at: 0)
                    code.lines[row].text = numberLine.text + " " + code.lines[row].text
                    code.lines[row].box = code.lines[row].box.union(numberLine.box)
                    code.glyphs[row] = numberGlyphs + code.glyphs[row]
                } else {
                    // A numbered empty source line, or a code line the column took along.
                    let position = code.lines.firstIndex(where: { $0.box.y > numberLine.box.y }) ?? code.lines.count
                    code.lines.insert(numberLine, at: position)
                    code.glyphs.insert(numberGlyphs, at: position)
                }
            }
            code.block.box = code.block.box.union(column.block.box)
            blocks[codeIndex] = code
            blocks.remove(at: index)
            index = 0
        }
        return blocks
    }

    /// A row of nothing but closing brackets (`}`, `});`) found apart from the code above it:
    /// the brace that closes the scope the code sits in, dedented further left than the layout
    /// lets a row join. It goes back into that code, on its row.
    private static func joiningStrayClosers(_ blocks: [ReadBlock]) -> [ReadBlock] {
        var blocks = blocks
        var index = 0
        while index < blocks.count {
            let stray = blocks[index]
            guard stray.lines.count == 1, let line = stray.lines.first, isClosers(line.text),
                  let target = blocks.indices.first(where: { $0 != index && closes(blocks[$0], with: line) }) else {
                index += 1
                continue
            }
            if let row = blocks[target].lines.firstIndex(where: { overlapsVertically($0.box, line.box) }) {
                blocks[target].lines[row].words = (blocks[target].lines[row].words + line.words).sorted { $0.box.x < $1.box.x }
                blocks[target].lines[row].text = blocks[target].lines[row].words.map(\.text).joined(separator: " ")
                blocks[target].lines[row].box = blocks[target].lines[row].box.union(line.box)
                blocks[target].glyphs[row] += stray.glyphs[0]
            } else {
                let position = blocks[target].lines.firstIndex(where: { $0.box.y > line.box.y }) ?? blocks[target].lines.count
                blocks[target].lines.insert(line, at: position)
                blocks[target].glyphs.insert(stray.glyphs[0], at: position)
            }
            blocks[target].block.box = blocks[target].block.box.union(line.box)
            blocks.remove(at: index)
            index = 0
        }
        return blocks
    }

    private static func isClosers(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { "})];,".contains($0) || $0 == " " }
    }

    /// Whether the closers on `line` end the code in `read`: below its first row, no further
    /// below its last than two lines, and at most a few columns left of it.
    private static func closes(_ read: ReadBlock, with line: Line) -> Bool {
        guard read.lines.count >= 2 else { return false }
        let height = max(1, read.block.glyphHeight)
        let box = read.block.box
        return line.box.y > box.y && line.box.y <= box.bottom + 2 * height
            && line.box.x >= box.x - 8 * height && line.box.right <= box.right
    }

    /// The right edge of a column whose lines all start with a whole number and mostly hold
    /// nothing else; nil for anything else.
    private static func numberColumnEdge(_ read: ReadBlock) -> Int? {
        guard read.lines.count >= 3 else { return nil }
        let firsts = read.lines.compactMap(\.words.first)
        guard firsts.count == read.lines.count, firsts.allSatisfy({ LineNumberGutter.number($0.text) != nil }) else { return nil }
        let numberOnly = read.lines.filter { $0.words.count == 1 }.count
        guard Double(numberOnly) >= 0.7 * Double(read.lines.count) else { return nil }
        return firsts.map(\.box.right).max()
    }

    private static func isRightNeighbour(_ candidate: ReadBlock, of column: ReadBlock, edge: Int) -> Bool {
        let gap = candidate.block.box.x - edge
        let height = column.block.glyphHeight
        let sharedRows = column.lines.filter { number in candidate.lines.contains { overlapsVertically($0.box, number.box) } }
        return gap >= 0 && gap <= 8 * height && sharedRows.count * 2 >= column.lines.count
    }

    private static func overlapsVertically(_ a: BoundingBox, _ b: BoundingBox) -> Bool {
        min(a.bottom, b.bottom) - max(a.y, b.y) > min(a.height, b.height) / 2
    }

    private static func confidence(of lines: [Line]) -> Double {
        var weighted = 0.0
        var characters = 0
        for word in lines.flatMap(\.words) {
            weighted += word.confidence * Double(word.text.count)
            characters += word.text.count
        }
        return characters > 0 ? weighted / Double(characters) : 0
    }

    private static func median(_ values: [Int]) -> Int {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }
}
