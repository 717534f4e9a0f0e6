/// One line of text as read: its characters, and what the layout knows of the row they stand
/// on. The line's text, its words and its box are derived from the characters, so that they
/// cannot disagree: a word is a run of characters with no space between them.
struct ReadRow: Equatable {
    var characters: [ReadCharacter]
    /// The row's ink blobs, left to right; empty when unknown (OCR split or merged the row the
    /// layout found).
    var glyphs: [BoundingBox]
    /// Zeros found marked with a slash or a dot in the piece the row was read from: whatever
    /// OCR read there is a zero (`MarkedZerosRead`).
    var markedZeros: [BoundingBox] = []
    /// Mouse pointers painted out of the piece the row was read from: what OCR read under one
    /// tells nothing of the cells it covers (`RepeatedGlyphs`).
    var pointers: [BoundingBox] = []
    /// Block cursors drawn back the right way in that piece: the ink layout found in a cursor's
    /// cell is the cursor's box, not the character's (`PunctuationShapes`).
    var cursors: [BoundingBox] = []
    /// Where the row stands when it holds no characters (a gutter's number taken out of a row
    /// with no code).
    var place: BoundingBox
    /// Leading spaces in columns, once code layout has placed the row.
    var indent: Int?
    /// The editor's line number beside this row, when the code has a gutter.
    var number: Int?
    /// Set by code layout: whether every character was matched to the cell that drew it, and
    /// where the row's letters stand.
    var isOnGrid = false
    var baseline: Double?
    /// Set by `OtherFaceRow`: the row's letters are drawn unlike the same letters of the rows
    /// above it (a pager's prompt in italics under the code it pages).
    var isOtherFace = false
    /// OCR read nothing of the row's ink (marks alone, lower than a letter, or glyphs drawn a
    /// cell apart): a row of `"` is read from its ticks (`PunctuationShapes`), a run of one
    /// symbol from its cells (`RepeatedGlyphs`); left empty, it goes once the passes have run.
    var isUnread = false

    init(words: [Word], glyphs: [BoundingBox], place: BoundingBox? = nil) {
        self.characters = []
        self.glyphs = glyphs
        self.place = place ?? words.first?.box ?? BoundingBox(x: 0, y: 0, width: 0, height: 0)
        self.words = words
    }

    init(_ line: Line, glyphs: [BoundingBox]) {
        self.init(words: line.words, glyphs: glyphs, place: line.box)
    }

    var isEmpty: Bool { characters.isEmpty }

    /// The union of the characters' boxes, or `place` when there are none.
    var box: BoundingBox {
        guard let first = characters.first else { return place }
        return characters.dropFirst().reduce(first.box) { $0.union($1.box) }
    }

    /// The text, spaced as the characters say (the indent is not part of it).
    var text: String { String(spelled) }

    /// The text as characters, with the spaces between words.
    var spelled: [Character] { spelling().characters }

    /// The text as characters, and for each the index of the character it is (nil for a space).
    func spelling() -> (characters: [Character], positions: [Int?]) {
        var characters: [Character] = []
        var positions: [Int?] = []
        for (index, character) in self.characters.enumerated() {
            if index > 0, character.spacesBefore > 0 {
                characters += Array(repeating: " ", count: character.spacesBefore)
                positions += Array(repeating: nil, count: character.spacesBefore)
            }
            characters.append(character.value)
            positions.append(index)
        }
        return (characters, positions)
    }

    /// The ranges of `characters` that make its words.
    var wordRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in characters.indices.dropFirst() where characters[index].spacesBefore > 0 {
            ranges.append(start..<index)
            start = index
        }
        if !characters.isEmpty { ranges.append(start..<characters.count) }
        return ranges
    }

    /// The words, each a run of characters without a space. Setting them reads each word's
    /// characters again from its text and box, one space apart.
    var words: [Word] {
        get { wordRanges.map { Self.word(of: characters[$0]) } }
        set {
            characters = newValue.filter { !$0.text.isEmpty }.enumerated().flatMap { index, word in
                ReadCharacter.characters(of: word, spacesBefore: index == 0 ? 0 : 1)
            }
        }
    }

    /// The row as the report shows it.
    var line: Line {
        var line = Line(text: text, box: box, words: words, indent: indent)
        line.number = number
        return line
    }

    /// A word from its characters: their text, the union of their boxes, and the confidence
    /// of the readings they come from, weighted by characters.
    static func word(of characters: ArraySlice<ReadCharacter>) -> Word {
        let box = characters.dropFirst().reduce(characters.first?.box ?? BoundingBox(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.box) }
        let first = characters.first?.confidence ?? 0
        let confidence = characters.allSatisfy { $0.confidence == first }
            ? first : characters.reduce(0) { $0 + $1.confidence } / Double(characters.count)
        return Word(text: String(characters.map(\.value)), box: box, confidence: confidence)
    }

    // MARK: Editing

    /// `other`'s characters after these, a space apart: the rest of the row, read apart.
    mutating func append(_ other: ReadRow) {
        var appended = other.characters
        if !characters.isEmpty, !appended.isEmpty { appended[0].spacesBefore = 1 }
        characters += appended
        glyphs += other.glyphs
        markedZeros += other.markedZeros
        pointers += other.pointers
        cursors += other.cursors
        if characters.isEmpty { place = place.union(other.place) }
    }

    /// The characters in `range` replaced with `values`: one for one, each keeps its box;
    /// otherwise the new characters share the box of those they replace. White space is no
    /// character (it would split a word): values holding some are not taken.
    mutating func replace(_ range: Range<Int>, with values: [Character]) {
        guard !range.isEmpty, !values.isEmpty, !values.contains(where: \.isWhitespace) else { return }
        if range.count == values.count {
            for (index, value) in zip(range, values) { characters[index].value = value }
            return
        }
        let replaced = characters[range]
        let word = Self.word(of: replaced)
        let new = ReadCharacter.characters(of: Word(text: String(values), box: word.box, confidence: word.confidence),
                                           spacesBefore: replaced[range.lowerBound].spacesBefore)
        characters.replaceSubrange(range, with: new)
    }

    /// The character at `index` taken out of a row on the code's grid (a cursor, no character):
    /// the spaces between its neighbours are the cells between them, or where a column is not
    /// known, its own spaces and cell.
    mutating func removeCharacterKeepingColumns(at index: Int) {
        let removed = characters.remove(at: index)
        guard index > 0, index < characters.count else { return }
        let before = characters[index - 1].column, after = characters[index].column
        characters[index].spacesBefore = before.flatMap { before in after.map { max(0, $0 - before - 1) } }
            ?? characters[index].spacesBefore + removed.spacesBefore + 1
    }
}
