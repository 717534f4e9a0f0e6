@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// Table tests of the passes `Reading` lists that have no suite of their own.
@Suite("Reading passes, one by one")
struct PassTableTests {
    // MARK: Picture passes

    static func piece(_ image: GrayImage, block: TextBlock, margin: Int = 6) -> PiecePicture {
        let area = BoundingBox(x: 40, y: 10, width: image.width, height: image.height)
        let plan = RecognitionPlan.Piece(blockIndex: 0, lineIndex: 0, area: area, margin: margin, layout: .line, cost: 1)
        return PiecePicture(image: image, piece: plan, block: block)
    }

    static func block(polarity: Polarity, ground: UInt8, xHeight: Int = 14) -> TextBlock {
        let row = TextBlock.Row(box: BoundingBox(x: 40, y: 10, width: 100, height: 20), glyphs: [])
        return TextBlock(box: row.box, polarity: polarity, lines: [row], glyphHeight: 20, xHeight: xHeight, ground: ground, inkContrast: 180)
    }

    @Test("Light ink on a dark ground becomes dark ink on white paper", arguments: [
        (Polarity.lightOnDark, UInt8(30), UInt8(220), UInt8(255), UInt8(0)),
        (Polarity.darkOnLight, UInt8(240), UInt8(40), UInt8(255), UInt8(0)),
    ])
    func inkOnPaper(polarity: Polarity, ground: UInt8, ink: UInt8, paper: UInt8, fullInk: UInt8) {
        var image = GrayImage(width: 20, height: 10, filledWith: ground)
        image[5, 5] = ink
        var picture = Self.piece(image, block: Self.block(polarity: polarity, ground: ground))
        InkOnPaper().prepare(&picture)
        #expect(picture.image[0, 0] == paper)
        #expect(picture.image[5, 5] == fullInk)
    }

    @Test("Bare paper before the first ink goes, beyond the margin, and the origin moves with it", arguments: [
        (30, 24), (4, 0), (6, 0),
    ])
    func leadingPaper(firstInk: Int, trimmed: Int) {
        var image = GrayImage(width: 80, height: 10, filledWith: 255)
        image[firstInk, 5] = 0
        var picture = Self.piece(image, block: Self.block(polarity: .darkOnLight, ground: 240))
        LeadingPaperTrimmed().prepare(&picture)
        #expect(picture.image.width == 80 - trimmed)
        #expect(picture.origin.x == 40 + trimmed)
    }

    @Test("Small text is enlarged, huge text shrunk, within limits", arguments: [
        (8, 2.0), (16, 1.0), (30, 1.0), (96, 0.5), (2, 4.0), (400, 0.25),
    ])
    func scale(xHeight: Int, expected: Double) {
        #expect(ScaledForOCR.scale(forXHeight: xHeight) == expected)
        var picture = Self.piece(GrayImage(width: 40, height: 20, filledWith: 255), block: Self.block(polarity: .darkOnLight, ground: 240, xHeight: xHeight))
        ScaledForOCR().prepare(&picture)
        #expect(picture.scale == expected)
        #expect(picture.inFrame(BoundingBox(x: 0, y: 0, width: 40, height: 20)).width == Int((40 / expected).rounded(.up)))
    }

    // MARK: Reading passes

    @Test("A rule painted out comes back as its characters, over the cells it covers; one under a word is an underline, one inside a word its strokes")
    func rulesGivenBack() throws {
        var image = GrayImage(width: 200, height: 30, filledWith: 255)
        for x in 10..<190 where x % 9 < 5 { image[x, 14] = 0; image[x, 15] = 0 }
        var picture = Self.piece(image, block: Self.block(polarity: .darkOnLight, ground: 240, xHeight: 9))
        DrawnRulesErased().prepare(&picture)
        #expect(picture.rules?.rules.count == 1)
        #expect(picture.image[10, 14] == 255)
        var reading = try PieceReading(picture: picture) { _ in [] }
        try DrawnRulesGivenBack().check(&reading)
        // No word on the line shows the cell: it is guessed from the glyph height (0.55 × 20 px),
        // and the 175 px rule covers 16 of them.
        #expect(reading.lines.map(\.text) == [String(repeating: "-", count: 16)])

        let word = Word(text: "title", box: BoundingBox(x: 50, y: 12, width: 180, height: 12), confidence: 0.9)
        reading = try PieceReading(picture: picture) { _ in [Line(text: "title", box: word.box, words: [word])] }
        try DrawnRulesGivenBack().check(&reading)
        #expect(reading.lines.map(\.text) == ["title"])

        // Inside a word more than twice as long, it is the word's letters' middle strokes.
        let long = Word(text: "necessarily", box: BoundingBox(x: 0, y: 8, width: 380, height: 14), confidence: 0.9)
        reading = try PieceReading(picture: picture) { _ in [Line(text: "necessarily", box: long.box, words: [long])] }
        try DrawnRulesGivenBack().check(&reading)
        #expect(reading.lines.map(\.text) == ["necessarily"])
    }

    // MARK: Block joins

    @Test("A lone `}` found apart, dedented below the code, goes back into it")
    func strayClosers() throws {
        let (code, glyphs) = SyntheticLines.lines(["    if x {", "        y()", "    }"])
        let (closer, closerGlyphs) = SyntheticLines.line("}", row: 3)
        let blocks = [ReadingTests.readBlock(code, glyphs: glyphs), ReadingTests.readBlock([closer], glyphs: [closerGlyphs])]
        let joined = StrayClosers().joined(blocks)
        #expect(joined.count == 1)
        #expect(try #require(joined.first).rows.map(\.text) == ["if x {", "y()", "}", "}"])
        // Not text apart from any code.
        let (far, farGlyphs) = SyntheticLines.line("}", row: 12)
        #expect(StrayClosers().joined([blocks[0], ReadingTests.readBlock([far], glyphs: [farGlyphs])]).count == 2)
    }

    // MARK: Character passes

    @Test("Code is code, prose is prose", arguments: [
        (["func total(of items: [Item]) -> Int {", "    items.reduce(0) { $0 + $1.price }", "}"], RegionKind.code),
        (["$ git status --short", " M Sources/main.swift", "?? notes.txt"], RegionKind.code),
        (["Live Text in video", "Pause, and the text becomes selectable"], RegionKind.text),
        (["Why we rewrote the parser", "and what it cost us"], RegionKind.text),
    ])
    func classified(source: [String], kind: RegionKind) {
        let (lines, glyphs) = SyntheticLines.lines(source)
        let rows = PassTable.rows(lines, glyphs: glyphs)
        var region = ReadRegion(rows: rows, block: PassTable.block(rows), picture: nil)
        CodeClassifier().apply(to: &region)
        #expect(region.kind == kind)
    }

    @Test("Monospace prose in a panel is code (an excerpt that is all comment); on the slide itself it is prose",
          arguments: [true, false])
    func monospaceInPanel(inPanel: Bool) {
        let source = ["* The buffer is flushed when it fills up, when a newline", "* gets written to a stream that is line buffered, or when",
                      "* input arrives on a stream sharing the same descriptor"]
        let (lines, glyphs) = SyntheticLines.lines(source)
        let rows = PassTable.rows(lines, glyphs: glyphs)
        var block = PassTable.block(rows)
        block.panel = inPanel ? BoundingBox(x: block.box.x - 20, y: block.box.y - 20, width: block.box.width + 40, height: block.box.height + 40) : nil
        var region = ReadRegion(rows: rows, block: block, picture: nil)
        CodeClassifier().apply(to: &region)
        #expect(region.kind == (inPanel ? .code : .text))
    }

    @Test("A screenful of monospace lines is code whatever it holds (a table of code points); three such lines on a slide are not",
          arguments: [3, CodeClassifier.screenful])
    func screenful(count: Int) {
        let source = (0..<count).map { row in (0..<8).map { String(format: "%04X", 0x5211 + 8 * row + $0) }.joined(separator: " ") }
        let (lines, glyphs) = SyntheticLines.lines(source)
        let rows = PassTable.rows(lines, glyphs: glyphs)
        var region = ReadRegion(rows: rows, block: PassTable.block(rows), picture: nil)
        CodeClassifier().apply(to: &region)
        #expect(region.kind == (count >= CodeClassifier.screenful ? .code : .text))
    }

    @Test("A screenful of small monospace type on the page's own ground, its ink a pixel off here and there, is code: its rows keep the grid")
    func smallScreenful() {
        // 9 px cells, the encoder's ringing moving glyphs a pixel either way: a third of the
        // neighbours' steps are 2 px off, each row's grid holds them all. Prose in a comment
        // gives no other evidence.
        let source = (0..<CodeClassifier.screenful).map { row in
            ["Returns the number of bytes written", "or minus one when the stream is closed", "and sets the error to say why"][row % 3]
        }
        let (lines, even) = SyntheticLines.lines(source, cell: 9)
        let glyphs = even.map { row in
            row.enumerated().map { index, box in
                BoundingBox(x: box.x + [1, -1, -1, 1, 0, 0][index % 6], y: box.y, width: box.width, height: box.height)
            }
        }
        let neighbours = CodeIndenter.monospaceFit(glyphs: glyphs, lines: lines) ?? 0
        let grid = CodeIndenter.rowGridFit(glyphs: glyphs, lines: lines) ?? 0
        #expect(neighbours < 0.9 && grid >= 0.9, "neighbours \(neighbours), rows \(grid)")
        let rows = PassTable.rows(lines, glyphs: glyphs)
        var region = ReadRegion(rows: rows, block: PassTable.block(rows), picture: nil)
        CodeClassifier().apply(to: &region)
        #expect(region.kind == .code)
    }

    @Test("A small round mark apart before a list's line is a bullet; a word is not", arguments: [
        ("e", 12, "• Faster seeking"), ("o", 12, "• Faster seeking"), ("e", 4, "e Faster seeking"), ("I", 12, "I Faster seeking"),
    ])
    func bullets(mark: String, gap: Int, expected: String) {
        let bullet = Word(text: mark, box: BoundingBox(x: 100, y: 8, width: 10, height: 10), confidence: 0.6)
        let faster = Word(text: "Faster", box: BoundingBox(x: 110 + gap, y: 0, width: 70, height: 20), confidence: 0.9)
        let seeking = Word(text: "seeking", box: BoundingBox(x: 200 + gap, y: 0, width: 80, height: 24), confidence: 0.9)
        let row = ReadRow(words: [bullet, faster, seeking], glyphs: [])
        var region = ReadRegion(rows: [row], block: PassTable.block([row]), picture: nil)
        BulletMarker().apply(to: &region)
        #expect(region.rows[0].text == expected)
        #expect(region.rows[0].words.map(\.text) == expected.split(separator: " ").map(String.init))
    }

    @Test("Every pass is listed once, in its stage")
    func listed() {
        let names = (Reading.picturePasses.map { "\(type(of: $0))" } + Reading.readingPasses.map { "\(type(of: $0))" }
            + Reading.blockJoins.map { "\(type(of: $0))" } + Reading.characterPasses.map { "\(type(of: $0))" })
        #expect(Set(names).count == names.count)
        #expect(Reading.characterPasses.firstIndex { $0 is CodeLayout }! < Reading.characterPasses.firstIndex { $0 is PunctuationShapes }!)
        #expect(Reading.characterPasses.firstIndex { $0 is PunctuationShapes }! < Reading.characterPasses.firstIndex { $0 is ClosingBrackets }!)
    }
}
