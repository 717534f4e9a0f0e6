/// Turns what OCR read in each text block into regions: gutters taken out of code, code told
/// from prose, code laid out on its grid, languages guessed, links found, and the bars of UI
/// chrome gathered into one region each.
enum RegionAssembler {
    /// What OCR read in one block: its lines, each line's ink blobs (empty if unknown), and the
    /// zeros found marked with a slash or a dot.
    struct ReadBlock {
        var block: TextBlock
        var lines: [Line]
        var glyphs: [[BoundingBox]]
        var markedZeros: [BoundingBox] = []
    }

    /// Regions read with less overall certainty than this are not text (icons, photos, rules).
    static let minimumConfidence = 0.45

    static func regions(from blocks: [ReadBlock], contentArea: BoundingBox, image: GrayImage? = nil) -> [Region] {
        let blocks = joiningStrayClosers(joiningAlignedColumns(joiningGutterPieces(blocks)))
        let typicalHeight = blocks.map(\.block.glyphHeight).median ?? 0
        var regions: [Region] = []
        var glyphHeights: [Int] = []
        var grounds: [UInt8] = []
        for read in blocks {
            let picture = image.map { InkPicture(image: $0, ground: read.block.ground, polarity: read.block.polarity, inkContrast: read.block.inkContrast,
                                                markedZeros: read.markedZeros) }
            guard let region = region(from: read, picture: picture) else { continue }
            regions.append(region)
            glyphHeights.append(read.block.glyphHeight)
            grounds.append(read.block.ground)
        }
        // The main content's ground is under the biggest block.
        let contentGround = blocks.max(by: { $0.block.box.area < $1.block.box.area })?.block.ground ?? 0
        return UIChrome.gathered(regions, contentArea: contentArea, typicalGlyphHeight: typicalHeight,
                                 glyphHeights: glyphHeights, grounds: grounds, contentGround: contentGround)
            .sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }

    private static func region(from read: ReadBlock, picture: InkPicture?) -> Region? {
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

        var laidOut = kind == .code ? CodeIndenter.laidOut(lines, glyphs: glyphs, picture: picture) : BulletMarker.normalized(lines)
        for index in laidOut.indices { laidOut[index].number = numbers[index] }
        if kind == .code {
            // A `{` seen in a `(` goes; bracket strokes OCR took for letters close whatever is
            // open; digits and symbol runs come back from their neighbours, shell prompts from
            // their known shape, and keywords from being lowercase.
            let source = PunctuationShapes.withoutStrayBraces(laidOut.map(\.text).joined(separator: "\n"))
            let read = PunctuationShapes.closingBrackets(in: source)
            let repaired = LookalikeLetters.keywordsRepaired(ShellPrompts.repaired(SymbolRuns.repaired(DigitContext.repaired(read))))
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

    /// A dim gutter is found in pieces (a few numbers here, a few there, some not at all):
    /// narrow blocks of mostly whole numbers, one above the other with their right edges
    /// aligned, are one column again, so that it can join the code it numbers.
    private static func joiningGutterPieces(_ blocks: [ReadBlock]) -> [ReadBlock] {
        let pieces = blocks.indices.filter { isGutterPiece(blocks[$0]) }.sorted { blocks[$0].block.box.y < blocks[$1].block.box.y }
        var columns: [[Int]] = []
        for piece in pieces {
            let box = blocks[piece].block.box
            let slack = max(4, blocks[piece].block.glyphHeight / 2)
            // Right edges aligned, and no row shared (the current line's number, highlighted,
            // can be a piece inside the others' span).
            if let column = columns.indices.first(where: { column in
                columns[column].allSatisfy { other in
                    abs(blocks[other].block.box.right - box.right) <= slack
                        && !blocks[other].lines.contains { line in blocks[piece].lines.contains { $0.box.overlapsVertically(line.box) } }
                }
            }) {
                columns[column].append(piece)
            } else {
                columns.append([piece])
            }
        }
        var joined = blocks
        var removed: Set<Int> = []
        for column in columns where column.count >= 2 {
            var gutter = blocks[column[0]]
            for piece in column.dropFirst() {
                gutter.lines += blocks[piece].lines
                gutter.glyphs += blocks[piece].glyphs
                gutter.markedZeros += blocks[piece].markedZeros
                gutter.block.box = gutter.block.box.union(blocks[piece].block.box)
                removed.insert(piece)
            }
            let rows = zip(gutter.lines, gutter.glyphs).sorted { $0.0.box.y < $1.0.box.y }
            gutter.lines = rows.map(\.0)
            gutter.glyphs = rows.map(\.1)
            joined[column[0]] = gutter
        }
        return joined.indices.filter { !removed.contains($0) }.map { joined[$0] }
    }

    private static func isGutterPiece(_ read: ReadBlock) -> Bool {
        let numbers = read.lines.filter { LineNumberGutter.number($0.text) != nil }.count
        return numbers >= 1 && 3 * numbers >= 2 * read.lines.count
            && read.block.box.width <= 7 * max(1, read.block.glyphHeight)
    }

    /// Columns that share their rows are one text: a terminal's table (`NAME  READY  STATUS`),
    /// or an editor's line numbers beside the code they number (the gutter is then recognised
    /// as one). A column joins the block on its left when most of its rows continue rows of
    /// that block, in type of the same size, and one of them is set in monospace type: prose
    /// beside code (a list next to a code panel) keeps its own rhythm and stays apart.
    private static func joiningAlignedColumns(_ blocks: [ReadBlock]) -> [ReadBlock] {
        blocks.joiningPairs(where: continuesRows) { left, right in appending(right, to: left) }
    }

    private static func continuesRows(of left: ReadBlock, with right: ReadBlock) -> Bool {
        guard left.block.polarity == right.block.polarity, !left.lines.isEmpty, !right.lines.isEmpty,
              right.block.box.x > left.block.box.x else { return false }
        let height = Double(max(1, left.block.glyphHeight))
        let sizeRatio = Double(right.block.glyphHeight) / height
        guard sizeRatio >= 0.7, sizeRatio <= 1.4 else { return false }
        // Row by row: the right line starts after the left line on its row ends, and the
        // right column's edge is not far from it (an indented line may start further on).
        let continued = right.lines.filter { line in
            left.lines.contains { row in
                let gap = Double(right.block.box.x - row.box.right)
                return row.box.overlapsVertically(line.box) && line.box.x >= row.box.right - 2 && gap <= 15 * height
            }
        }.count
        // Line numbers may be missing where a dim gutter was not found, as LineNumberGutter allows.
        let numbers = left.lines.allSatisfy { $0.words.first.map { LineNumberGutter.number($0.text) != nil } ?? false }
        let fits = [left, right].compactMap { CodeIndenter.monospaceFit(glyphs: $0.glyphs, lines: $0.lines) }
        // A lone line at the end of a row of monospace code: a comment aligned far right.
        if right.lines.count == 1 && continued == 1 { return left.lines.count >= 2 && fits.contains { $0 >= 0.8 } }
        guard continued >= 2, Double(continued) >= (numbers ? 0.6 : 0.8) * Double(right.lines.count) else { return false }
        return numbers || fits.contains { $0 >= 0.8 }
    }

    /// `right`'s lines appended to the rows of `left` they continue, or inserted among them.
    private static func appending(_ right: ReadBlock, to left: ReadBlock) -> ReadBlock {
        var merged = left
        for (line, glyphs) in zip(right.lines, right.glyphs) {
            if let row = merged.lines.firstIndex(where: { $0.box.overlapsVertically(line.box) }) {
                merged.lines[row].words += line.words
                merged.lines[row].text += " " + line.text
                merged.lines[row].box = merged.lines[row].box.union(line.box)
                merged.glyphs[row] += glyphs
            } else {
                let position = merged.lines.firstIndex(where: { $0.box.y > line.box.y }) ?? merged.lines.count
                merged.lines.insert(line, at: position)
                merged.glyphs.insert(glyphs, at: position)
            }
        }
        merged.block.box = merged.block.box.union(right.block.box)
        merged.markedZeros += right.markedZeros
        return merged
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
            if let row = blocks[target].lines.firstIndex(where: { $0.box.overlapsVertically(line.box) }) {
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
            blocks[target].markedZeros += stray.markedZeros
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


    private static func confidence(of lines: [Line]) -> Double {
        var weighted = 0.0
        var characters = 0
        for word in lines.flatMap(\.words) {
            weighted += word.confidence * Double(word.text.count)
            characters += word.text.count
        }
        return characters > 0 ? weighted / Double(characters) : 0
    }
}
