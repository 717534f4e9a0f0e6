/// A block on its way to becoming a region: its rows of read characters, what kind of text
/// they are, and what code layout learnt of the grid. The character passes (`Reading`) work on
/// this, and `region` derives every line's text, words, indentation and box from the rows.
struct ReadRegion {
    var kind: RegionKind = .text
    var rows: [ReadRow]
    var block: TextBlock
    /// The picture the block was read from, where known: passes that look at ink need it.
    var picture: InkPicture?
    /// Character-weighted mean of OCR's word confidences, 0...1, as read.
    var confidence: Double
    /// The same over the words that hold a letter or digit: whether the block is text at all.
    /// Rules and marks given back from the ink (`--------` under noise) are no evidence of it.
    private var letterConfidence: Double
    /// Whether a row read with `clearConfidence`, over at least a few letters.
    private(set) var hasClearRow: Bool
    /// Set by code layout: the monospace cell's width, the centre of column 0, and the height
    /// of the code's small letters.
    var grid: Grid?

    struct Grid {
        var cell: Double
        var origin: Double
        var xHeight: Double
        /// The step between the rows' baselines, where they keep one.
        var pitch: Double? = nil
    }

    /// Blocks read with less overall certainty than this are not text (icons, photos, rules),
    /// unless one of their rows reads with `clearConfidence`: OCR is unsure of text its
    /// dictionary does not know (base64, hashes, hex dumps), and the command above such output
    /// shows the block is text all the same.
    static let minimumConfidence = 0.45
    static let clearConfidence = 0.8

    /// The block as a region, with the picture it was read from where known; check `notText`
    /// before it goes on.
    init(_ read: ReadBlock, image: GrayImage?) {
        self.init(rows: read.rows, block: read.block,
                  picture: image.map { Self.picture(of: read.block, cursors: read.rows.flatMap(\.cursors), in: $0) })
    }

    /// The picture of `block` in `image`, with the terminal's block `cursors` OCR's pieces
    /// found drawn back the right way, the character each held as strong as the text's ink: a
    /// pass that looks at a cell's ink sees that character.
    static func picture(of block: TextBlock, cursors: [BoundingBox], in image: GrayImage) -> InkPicture {
        InkPicture(image: cursors.isEmpty ? image : BlockCursor.righted(image, cursors: cursors, ground: block.ground, fullInk: block.inkLevel),
                   ground: block.ground, polarity: block.polarity, inkContrast: block.inkContrast,
                   bounds: inkBounds(of: block, in: image))
    }

    /// Where a block's own ink can lie: its box and a pixel around it, and beside it as far as
    /// a cell past its ends (a faint trailing underscore layout missed). Not further above or
    /// below: a title bar right above the first row, or an editor's status line a few pixels
    /// under the last, would make that row's letters look alike, or unlike the rows above.
    static func inkBounds(of block: TextBlock, in image: GrayImage) -> BoundingBox {
        let box = block.box
        return BoundingBox(left: box.x - block.xHeight, top: box.y - 1, right: box.right + block.xHeight, bottom: box.bottom + 1)
            .intersection(image.bounds) ?? box
    }

    /// Why the block is no text, for `--debug-layout`: nothing read, no letter or digit (a row
    /// of punctuation alone, not part of any code), or read with too little certainty (an
    /// icon, a photo, a rule); nil for text.
    var notText: String? {
        if rows.isEmpty { return "nothing read" }
        if !holdsLetters { return "no letter or digit" }
        if isReadUnsure {
            return "read with confidence \((letterConfidence * 100).rounded() / 100), under \(Self.minimumConfidence)"
        }
        return nil
    }

    /// Whether any row holds a letter or digit.
    private var holdsLetters: Bool { rows.contains { $0.characters.contains { $0.value.isLetter || $0.value.isNumber } } }

    /// Letters read, with too little certainty to be text, no row of it clear.
    var isReadUnsure: Bool { holdsLetters && letterConfidence < Self.minimumConfidence && !hasClearRow }

    /// The region with only its rows of one symbol drawn over and over (`~~~~`, `####`, eight
    /// or more), once the passes have read them from their ink; nil when it has none.
    func keepingSymbolRows() -> ReadRegion? {
        var kept = self
        kept.rows = rows.filter { row in
            let text = row.text.trimmingCharacters(in: .whitespaces)
            return text.count >= 8 && Set(text).count == 1 && text.first.map { !$0.isLetter && !$0.isNumber } == true
        }
        return kept.rows.isEmpty ? nil : kept
    }

    init(rows: [ReadRow], block: TextBlock, picture: InkPicture?) {
        self.rows = rows
        self.block = block
        self.picture = picture
        let words = rows.flatMap(\.words)
        confidence = Self.meanConfidence(of: words)
        letterConfidence = Self.meanConfidence(of: words.filter(\.holdsLetters))
        hasClearRow = rows.contains(where: { row in
            let letters = row.words.filter(\.holdsLetters)
            return letters.reduce(0) { $0 + $1.text.count } >= TextEvidence.fewestLetters
                && Self.meanConfidence(of: letters) >= Self.clearConfidence
        })
    }

    /// Character-weighted mean of `words`' confidences; 0 without words.
    static func meanConfidence(of words: [Word]) -> Double {
        let characters = words.reduce(0) { $0 + $1.text.count }
        return characters > 0 ? words.reduce(0.0) { $0 + $1.confidence * Double($1.text.count) } / Double(characters) : 0
    }

    var lines: [Line] { rows.map(\.line) }

    /// The region's text: code with its indentation and blank lines, other text line by line.
    var text: String {
        kind == .code ? CodeIndenter.text(of: lines, baselines: rows.map(\.baseline), pitch: grid?.pitch)
            : rows.map(\.text).joined(separator: "\n")
    }

    /// Where a character of the spelled text is: its row, and its index there.
    struct Position: Equatable {
        var row: Int
        var index: Int
    }

    /// The rows' text as characters, a line break between rows (no indentation), and for each
    /// the character it is (nil for a space or a line break): what passes that read the text
    /// as a whole (brackets open across lines, digits beside digits) go by.
    func spelling() -> (characters: [Character], positions: [Position?]) {
        var characters: [Character] = []
        var positions: [Position?] = []
        for (row, read) in rows.enumerated() {
            if row > 0 {
                characters.append("\n")
                positions.append(nil)
            }
            let spelled = read.spelling()
            characters += spelled.characters
            positions += spelled.positions.map { $0.map { Position(row: row, index: $0) } }
        }
        return (characters, positions)
    }

    /// Each character of the spelled text replaced by what `respelled` gives at its place, one
    /// for one: characters keep their boxes, and spaces and line breaks stay where they are (a
    /// pass cannot make a character white space, which would split a word or a line).
    mutating func respell(_ respelled: ([Character]) -> [Character]) {
        let (characters, positions) = spelling()
        let new = respelled(characters)
        assert(new.count == characters.count, "a character pass changed the text's length")
        guard new.count == characters.count else { return }
        for (value, position) in zip(new, positions) where !value.isWhitespace {
            guard let position else { continue }
            rows[position.row].characters[position.index].value = value
        }
    }

    /// The region, and its last row as a `ui` region of its own where that row is in another
    /// face and stands at the bottom of its surface, within two letter heights of
    /// `surfaceBottom`: a pager's or editor's prompt on a terminal's last line.
    func splittingOffPrompt(surfaceBottom: Int) -> [ReadRegion] {
        guard let last = rows.lastIndex(where: { !$0.isEmpty }), rows[last].isOtherFace,
              isAtBottom(of: surfaceBottom, row: last) else { return [self] }
        var code = self
        code.rows.removeSubrange(last...)
        while code.rows.last?.isEmpty == true { code.rows.removeLast() }
        code.confidence = Self.meanConfidence(of: code.rows.flatMap(\.words))
        var prompt = ReadRegion(rows: [rows[last]], block: block, picture: picture)
        prompt.kind = .ui
        return [code, prompt]
    }

    /// Whether `row` ends within two letter heights of `surfaceBottom`.
    func isAtBottom(of surfaceBottom: Int, row: Int) -> Bool {
        surfaceBottom - rows[row].box.bottom <= 2 * block.glyphHeight
    }

    /// Whether this region is one row at the bottom of its surface, right under `code`, in
    /// another face than it: a prompt layout found as a block of its own.
    func isPrompt(under code: ReadRegion, surfaceBottom: Int) -> Bool {
        guard code.kind == .code, rows.count == 1, isAtBottom(of: surfaceBottom, row: 0),
              block.panel == code.block.panel, block.box.y >= code.block.box.bottom,
              block.box.y - code.block.box.bottom <= 2 * code.block.glyphHeight else { return false }
        if let own = OtherFaceRow.cells(of: self), let theirs = OtherFaceRow.cells(of: code),
           OtherFaceRow.isUnlike(own.flatMap { letter, cells in cells.map { (letter, $0.ink) } }, code: theirs) { return true }
        return OtherFaceRow.leans(rows[0], unlike: code.rows, in: code)
    }

    /// The region as the report shows it.
    func region() -> Region {
        let lines = self.lines
        let text = self.text
        let visible = rows.filter { !$0.isEmpty }
        let box = visible.dropFirst().reduce(visible.first?.box ?? block.box) { $0.union($1.box) }
        let guess = kind == .code ? LanguageGuesser.guess(text) : nil
        return Region(kind: kind, box: box, polarity: block.polarity, confidence: confidence, text: text,
                      lines: lines, language: guess?.language, languageConfidence: guess?.confidence,
                      detections: rows.flatMap(DataDetector.detections), role: block.isOutlined ? .caption : nil)
    }
}

private extension Word {
    /// Whether the word holds a letter or digit: rules and marks given back from the ink
    /// (`--------` under noise) are no evidence of text.
    var holdsLetters: Bool { text.contains { $0.isLetter || $0.isNumber } }
}
