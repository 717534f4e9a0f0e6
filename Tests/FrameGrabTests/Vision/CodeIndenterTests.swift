@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Code laid out on its monospace grid")
struct CodeIndenterTests {
    static let sources: [[String]] = [
        ["func f() {", "    if x {", "        return (a as? B)?.c", "    }", "}"],
        ["def g(a, b=1):", "    return a  +  b  # two spaces kept", "x = [1, 2,", "     3]"],
        ["if (end == p + 1 || n < 0)", "    *out = n;"],
    ]

    @Test("Indentation and inner spaces come back exactly", arguments: sources)
    func spacing(source: [String]) {
        let (lines, glyphs) = SyntheticLines.lines(source)
        let laidOut = PassTable.laidOut(lines, glyphs: glyphs)
        #expect(laidOut.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text } == source)
    }

    @Test("Glyphs broken into pieces (a dark blue `#` cut into its stems by the chroma) step by the cell, not by their pieces")
    func cellFromBrokenGlyphs() throws {
        var (lines, glyphs) = SyntheticLines.lines([String(repeating: "#", count: 40)])
        lines[0].words[0].text = String(repeating: "H", count: 38)
        glyphs[0] = glyphs[0].flatMap { [BoundingBox(x: $0.x, y: $0.y, width: 3, height: $0.height),
                                         BoundingBox(x: $0.x + 5, y: $0.y, width: 3, height: $0.height)] }
        let cell = try #require(CodeIndenter.cellWidth(glyphs: glyphs, lines: lines))
        #expect(abs(cell - 14) <= 0.5)
    }

    @Test("Glyphs touching two by two (a banner's `#`s joined by their bars) step by the cell, not by OCR's few wide letters")
    func cellFromTouchingGlyphs() throws {
        var (lines, glyphs) = SyntheticLines.lines([String(repeating: "#", count: 31)])
        let box = lines[0].words[0].box
        let half = box.width / 2
        lines[0].words = [Word(text: "HHH", box: BoundingBox(x: box.x, y: box.y, width: half - 10, height: box.height), confidence: 0.3),
                          Word(text: "HHH", box: BoundingBox(x: box.x + half, y: box.y, width: half, height: box.height), confidence: 0.3)]
        lines[0].text = "HHH HHH"
        // Every fourth glyph touches the next: one blob two cells wide.
        var touching: [BoundingBox] = []
        for (index, glyph) in glyphs[0].enumerated() {
            if index % 4 == 2, let last = touching.popLast() { touching.append(last.union(glyph)) } else { touching.append(glyph) }
        }
        glyphs[0] = touching
        let cell = try #require(CodeIndenter.cellWidth(glyphs: glyphs, lines: lines))
        #expect(abs(cell - 14) <= 0.5)
    }

    @Test("OCR that glued or split words does not change the spacing")
    func ocrWordSplits() {
        var (lines, glyphs) = SyntheticLines.lines(["    *out = n;"])
        // Tesseract read "= n;" as one word "=n;".
        let merged = Word(text: "=n;", box: lines[0].words[1].box.union(lines[0].words[2].box), confidence: 0.9)
        lines[0].words = [lines[0].words[0], merged]
        lines[0].text = "*out =n;"
        let laidOut = PassTable.laidOut(lines, glyphs: glyphs)
        #expect(laidOut[0].text == "*out = n;")
        #expect(laidOut[0].indent == 0)
        _ = glyphs
        glyphs[0].removeAll()
    }

    @Test("A character too many in one word and one too few in another do not shift the words between")
    func compensatingErrors() {
        var (lines, glyphs) = SyntheticLines.lines(["x = 10; y = 20;"])
        // Tesseract read "10;" as "100;" and "20;" as "2;": as many characters as cells.
        lines[0].words[2].text = "100;"
        lines[0].words[5].text = "2;"
        lines[0].text = lines[0].words.map(\.text).joined(separator: " ")
        let laidOut = PassTable.laidOut(lines, glyphs: glyphs)
        #expect(laidOut[0].text == "x = 100; y = 2;")
        _ = glyphs
        glyphs[0].removeAll()
    }

    /// `source` as OCR would see it drawn, each run of underscores one flat stroke at the
    /// bottom of its cells, read by OCR as `read` (as many words).
    static func underscored(_ source: String, readAs read: String) -> (lines: [Line], glyphs: [[BoundingBox]]) {
        var (lines, glyphs) = SyntheticLines.lines([source])
        var strokes: [BoundingBox] = []
        for (character, box) in zip(source.filter { $0 != " " }, glyphs[0]) {
            guard character == "_" else { strokes.append(box); continue }
            let stroke = BoundingBox(x: box.x - 2, y: box.bottom - 1, width: box.width + 4, height: 2)
            if let last = strokes.last, last.height == 2, last.right >= stroke.x - 2 { strokes[strokes.count - 1] = last.union(stroke) }
            else { strokes.append(stroke) }
        }
        glyphs[0] = strokes
        // OCR's words, each boxed over the ink of the word it read.
        let words = read.split(separator: " ").map(String.init)
        lines[0].words = zip(lines[0].words, words).map { word, text in Word(text: text, box: word.box, confidence: 0.9) }
        lines[0].text = read
        return (lines, glyphs)
    }

    @Test("Underscores come from the ink: dropped ones are put back, a space OCR filled with them is a space again, a dash read over them is one",
          arguments: [("x = cache_clear(a)", "x = cacheclear(a)"),
                      ("__init__(self)", "init(self)"),
                      ("int f(void) __THROW;", "int f(void) ____THROW;"),
                      // Underscores read as a tilde and a dash, where no cell at their height is left for them.
                      ("# define M_PI_2f32 __f32 (1.5)", "# define M_PI_2f32 ~-f32 (1.5)"),
                      // A dash that is a character of its own stays.
                      ("total = first_value - 1", "total = firstvalue - 1")])
    func underscores(source: String, read: String) {
        let (lines, glyphs) = Self.underscored(source, readAs: read)
        let laidOut = PassTable.laidOut(lines, glyphs: glyphs)
        #expect(laidOut[0].text == source)
    }

    @Test("An underscore is put back when OCR boxed a word's last letter into the word before it")
    func wordBoxesOffByACell() {
        let source = "  ABMON_2,"
        var (lines, glyphs) = Self.underscored(source, readAs: "ABMON 2,")
        // Tesseract's box for `ABMON` reaches over the `2`; the one for `2,` holds the comma
        // only, a narrow tail a third of the way into its cell (vim's `ABMON_2,` in DejaVu Sans
        // Mono: the comma's box starts 0.8 of a cell right of the `2`'s middle).
        let ink = glyphs[0], two = ink[6]
        let comma = BoundingBox(x: 100 + 9 * 14 + 5, y: two.bottom - 4, width: 4, height: 7)
        glyphs[0][7] = comma
        lines[0].words = [Word(text: "ABMON", box: ink[0].union(two), confidence: 0.9), Word(text: "2,", box: comma, confidence: 0.9)]
        #expect(PassTable.laidOut(lines, glyphs: glyphs).map(\.text) == ["ABMON_2,"])
    }

    @Test("An underscore too faint for layout's ink (a stroke between two pixel rows) is found in the picture; a cursor below is none")
    func faintUnderscore() {
        var (lines, glyphs) = Self.underscored("total = first_value + 1", readAs: "total = firstvalue + 1")
        glyphs[0].removeAll { $0.height == 2 }
        // Dark on white, full ink 200 levels off: the stroke stands 95 off, on the baseline.
        var image = GrayImage(width: 300, height: 40, filledWith: 255)
        for x in (100 + 13 * 14 - 1)...(100 + 14 * 14 + 1) { image[x, 20] = 160; image[x, 21] = 160 }
        // The top of a block cursor on the row below, under the space after `total`: no stroke.
        for x in (100 + 5 * 14)...(100 + 6 * 14) { for y in 25..<40 { image[x, y] = 40 } }
        let picture = InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 200)
        #expect(PassTable.laidOut(lines, glyphs: glyphs, picture: picture)[0].text == "total = first_value + 1")
        #expect(PassTable.laidOut(lines, glyphs: glyphs)[0].text != "total = first_value + 1")
    }

    @Test("An underscore touching the descender beside it (`copy_file`, one blob to layout) is its own cell's")
    func underscoreTouchingADescender() {
        let source = "copy_file = 1"
        var (lines, glyphs) = Self.underscored(source, readAs: "copyfile = 1")
        // The `y` and the stroke after it are one blob.
        let y = glyphs[0][3], stroke = glyphs[0][4]
        glyphs[0].replaceSubrange(3...4, with: [y.union(stroke)])
        var image = GrayImage(width: 320, height: 40, filledWith: 255)
        for box in glyphs[0] where box != y.union(stroke) {
            for yy in box.y..<box.bottom { for x in box.x..<box.right { image[x, yy] = 0 } }
        }
        for yy in y.y..<y.bottom { for x in y.x..<y.right { image[x, yy] = 0 } }
        for yy in stroke.y..<stroke.bottom { for x in stroke.x..<stroke.right { image[x, yy] = 0 } }
        let picture = InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255)
        #expect(PassTable.laidOut(lines, glyphs: glyphs, picture: picture)[0].text == source)
        #expect(PassTable.laidOut(lines, glyphs: glyphs)[0].text != source)
    }

    @Test("A row underlined across its letters (vim's cursor line) gets no underscores from the line under its empty cells")
    func underlinedRow() {
        let source = "  exit_failure"
        let (lines, glyphs) = Self.underscored(source, readAs: "exit_failure")
        var image = GrayImage(width: 400, height: 40, filledWith: 255)
        for box in glyphs[0] where box.height > 2 {
            for y in box.y..<box.bottom { for x in box.x..<box.right { image[x, y] = 0 } }
        }
        // The underscore, and the line under the whole row, from the frame's left edge to its right.
        for x in 0..<400 { image[x, 22] = 0 }
        let picture = InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255)
        #expect(PassTable.laidOut(lines, glyphs: glyphs, picture: picture)[0].text == "exit_failure")
    }

    @Test("A double quote drawn as two ticks is one character on the grid")
    func quoteTicks() {
        let source = "name = \"ab\""
        var (lines, glyphs) = SyntheticLines.lines([source])
        // Each `"` is two short ticks high in its cell, not one glyph.
        let characters = source.filter { $0 != " " }
        glyphs[0] = zip(characters, glyphs[0]).flatMap { character, box -> [BoundingBox] in
            guard character == "\"" else { return [box] }
            return [BoundingBox(x: box.x, y: box.y, width: 2, height: 7), BoundingBox(x: box.x + 5, y: box.y, width: 2, height: 7)]
        }
        // Tesseract read `= "ab"` as one word.
        let merged = Word(text: "=\"ab\"", box: lines[0].words[1].box.union(lines[0].words[2].box), confidence: 0.9)
        lines[0].words = [lines[0].words[0], merged]
        lines[0].text = "name =\"ab\""
        let laidOut = PassTable.laidOut(lines, glyphs: glyphs)
        #expect(laidOut[0].text == source)
    }

    @Test("A row of dots, boxed low on its baseline, is no blank line; a real gap is")
    func dotsAreNoBlankLine() {
        var lines = ["$ pytest -q", ".........", "9 passed in 0.02s", "", "$ ls"].enumerated().compactMap { row, text in
            text.isEmpty ? nil : SyntheticLines.line(text, row: row).0
        }
        // The dots' box: a few pixels at the bottom of their row.
        lines[1].box = BoundingBox(x: lines[1].box.x, y: lines[1].box.bottom - 3, width: lines[1].box.width, height: 3)
        for index in lines.indices { lines[index].indent = 0 }
        #expect(CodeIndenter.text(of: lines) == "$ pytest -q\n.........\n9 passed in 0.02s\n\n$ ls")
    }

    @Test("A proportional title does not fit a monospace grid; code does")
    func monospaceFit() throws {
        let (code, codeGlyphs) = SyntheticLines.lines(["let total = items.reduce(0, +)", "print(total)"])
        let fit = try #require(CodeIndenter.monospaceFit(glyphs: codeGlyphs, lines: code))
        #expect(fit > 0.9)

        // Proportional: where DejaVu Sans 30 px puts the ink of "Zero allocations per request".
        let ink: [(Double, Int)] = [(0, 21), (20.5, 18), (39, 13), (51.3, 18), (79.2, 18), (97.6, 8), (105.9, 8), (114.3, 18),
                                    (132.6, 17), (149.1, 18), (167.5, 12), (179.3, 8), (187.6, 18), (206, 19), (225, 16),
                                    (250.1, 19), (269.2, 18), (287.6, 13), (309.5, 13), (321.8, 18), (340.3, 19), (359.3, 19),
                                    (378.3, 18), (396.8, 16), (412.4, 12)]
        let glyphs = ink.map { BoundingBox(x: 100 + Int($0.0), y: 0, width: $0.1, height: 22) }
        let words = [("Zero", 0, 4), ("allocations", 4, 15), ("per", 15, 18), ("request", 18, 25)].map { text, first, end in
            Word(text: text, box: glyphs[first..<end].dropFirst().reduce(glyphs[first]) { $0.union($1) }, confidence: 0.9)
        }
        let title = Line(text: "Zero allocations per request", box: words.dropFirst().reduce(words[0].box) { $0.union($1.box) }, words: words)
        let titleFit = try #require(CodeIndenter.monospaceFit(glyphs: [glyphs], lines: [title]))
        #expect(titleFit < 0.9, "no monospace evidence for a proportional font")
    }

    @Test("A banner OCR read as half again as many letters as it has cells keeps the ink's cell")
    func cellFromInkWhereOCRMiscounts() throws {
        // Faint asterisks at 720p: 3 px specks 9 px apart, read as `OIG SII SI ...`, three
        // letters for every two cells; the rows of code above them read right.
        var (lines, glyphs) = SyntheticLines.lines(["#ifndef _XP_PRINT_SERVER_", "#include <X11/Xlib.h>"], cell: 9)
        let specks = (0..<64).map { BoundingBox(x: 100 + 9 * $0 + 3, y: 60, width: 3, height: 5) }
        let misread = (0..<8).map { group in
            Word(text: String(repeating: "OIS", count: 4), box: BoundingBox(x: 100 + 72 * group, y: 58, width: 66, height: 9), confidence: 0.3)
        }
        lines.append(Line(text: misread.map(\.text).joined(separator: " "), box: BoundingBox(x: 100, y: 58, width: 570, height: 9), words: misread))
        glyphs.append(specks)
        let fit = try #require(CodeIndenter.monospaceFit(glyphs: glyphs, lines: lines))
        #expect(fit >= 0.9, "fit \(fit)")
    }

    @Test("Small type whose ink centres are a pixel off, either way, is on its rows' grid; proportional rows are not")
    func smallTypeRowGrid() throws {
        // 9 px cells, the encoder's ringing moving glyphs a pixel either way: where two
        // neighbours moved apart their distance is 2 px off, more than 0.15 of a cell.
        let (code, even) = SyntheticLines.lines(["* Returns the number of bytes written,", "* or -1 when the stream is closed,",
                                                 "* and sets errno to say why."], cell: 9)
        let glyphs = even.map { row in
            row.enumerated().map { index, box in
                BoundingBox(x: box.x + [1, 0, -1, -1, 0, 1, 1, -1, 0][index % 9], y: box.y, width: box.width, height: box.height)
            }
        }
        let neighbours = try #require(CodeIndenter.monospaceFit(glyphs: glyphs, lines: code))
        let rows = try #require(CodeIndenter.rowGridFit(glyphs: glyphs, lines: code))
        #expect(neighbours < 0.9 && rows >= 0.9, "neighbours \(neighbours), rows \(rows)")

        // Where DejaVu Sans 14 px puts the ink of three lines of a list, as a slide sets them.
        let advances: [Character: Double] = ["a": 8.6, "c": 7.7, "d": 8.9, "e": 8.6, "f": 4.9, "g": 8.9, "h": 8.9, "i": 3.9, "k": 8.1,
                                             "l": 3.9, "m": 13.6, "n": 8.9, "o": 8.6, "p": 8.9, "r": 5.8, "s": 7.3, "t": 5.5, "u": 8.9,
                                             "w": 11.5, "y": 8.3]
        var prose: [Line] = [], ink: [[BoundingBox]] = []
        for (row, text) in ["each frame is read once per settle", "the pointer is left out of the words",
                            "nothing that was read is dropped"].enumerated() {
            var x = 100.0, words: [Word] = [], boxes: [BoundingBox] = [], word: [BoundingBox] = []
            func flush(_ text: String) {
                guard let first = word.first else { return }
                words.append(Word(text: text, box: word.dropFirst().reduce(first) { $0.union($1) }, confidence: 0.9))
                word = []
            }
            for part in text.split(separator: " ") {
                for letter in part {
                    let advance = advances[letter] ?? 8
                    word.append(BoundingBox(x: Int(x + 1), y: row * 20, width: max(2, Int(advance) - 2), height: 10))
                    x += advance
                }
                boxes += word
                flush(String(part))
                x += 4.5
            }
            ink.append(boxes)
            prose.append(Line(text: text, box: words.dropFirst().reduce(words[0].box) { $0.union($1.box) }, words: words))
        }
        let proseFit = try #require(CodeIndenter.rowGridFit(glyphs: ink, lines: prose))
        #expect(proseFit < 0.9, "proportional rows fit \(proseFit)")
    }

    @Test("A ring found marked as a zero is a zero, whatever OCR read there")
    func markedZero() {
        let (lines, glyphs) = SyntheticLines.lines(["x = @x1F"])
        let zero = BoundingBox(x: 158, y: 0, width: 10, height: 20)
        var rows = PassTable.rows(lines, glyphs: glyphs)
        rows[0].markedZeros = [zero]
        let picture = InkPicture(image: GrayImage(width: 300, height: 40, filledWith: 255), ground: 255, polarity: .darkOnLight,
                                 inkContrast: 200)
        #expect(PassTable.laidOut(rows, picture: picture)[0].text == "x = 0x1F")
        #expect(PassTable.laidOut(PassTable.rows(lines, glyphs: glyphs), picture: picture)[0].text == "x = @x1F")
    }

    @Test("Where ink and OCR disagree in number, the words that match their cells are still checked against their ink")
    func wordsMatchedAlone() {
        var (lines, glyphs) = SyntheticLines.lines(["foo. bar"])
        // The period hangs below the baseline: it is a comma.
        glyphs[0][3] = BoundingBox(x: glyphs[0][3].x, y: 15, width: glyphs[0][3].width, height: 10)
        // A speck after `bar`: one cell more than OCR read.
        glyphs[0].append(BoundingBox(x: 100 + 8 * 14 + 5, y: 8, width: 3, height: 3))
        #expect(PassTable.laidOut(lines, glyphs: glyphs)[0].text == "foo, bar")
    }

    /// `source` drawn on its grid (one character drawn alike, different ones unlike), read by
    /// OCR as `read`; the row with each cell read once.
    static func readOnce(_ source: String, readAs read: String) -> String {
        let (truth, glyphs) = SyntheticLines.line(source, row: 1)
        var image = GrayImage(width: 600, height: 80, filledWith: 255)
        // The source's characters, each drawn as a band of its own height in the cell: at most ten.
        let distinct = source.filter { $0 != " " }.reduce(into: [Character]()) { if !$0.contains($1) { $0.append($1) } }
        for (character, box) in zip(source.filter { $0 != " " }, glyphs) {
            let top = box.y + 2 * (distinct.firstIndex(of: character) ?? 0)
            for y in top..<(top + 2) {
                for x in box.x..<box.right { image[x, y] = 0 }
            }
        }
        let words = zip(truth.words, read.split(separator: " ")).map { Word(text: String($1), box: $0.box, confidence: 0.9) }
        let row = ReadRow(Line(text: read, box: truth.box, words: words), glyphs: glyphs)
        let inks = CharacterInk.cells(in: glyphs)
        let once = CodeIndenter.readOnce(row, inks: inks, cell: 14, origin: inks[0].firstCenter(cell: 14), xHeight: 10,
                                         picture: InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255))
        return once.text
    }

    @Test("A cell read twice as the same character is read once where the ink agrees; a letter read into the run stays")
    func cellsReadTwice() {
        #expect(Self.readOnce("case \"$_line\" in", readAs: "case \"$_lline\" in") == "case \"$_line\" in")
        #expect(Self.readOnce("printf '%s' x", readAs: "printf ''%s' x") == "printf '%s' x")
        // An extra letter that is not the run's: `E` would stand in a cell drawn like the `A` beside it.
        #expect(Self.readOnce("7EAA 7EAB", readAs: "7TEAA 7EAB") == "7TEAA 7EAB")
        // Two runs: which was read twice is not known.
        #expect(Self.readOnce("x=a%%b", readAs: "x=aa%%b") == "x=aa%%b")
        // A cell misread elsewhere in the word (a `*` read as `x`, drawn like the `*` after it)
        // does not stop it: the ink agrees with this reading better than with any other.
        #expect(Self.readOnce("${_line%*}*", readAs: "${_lline%x}*") == "${_line%x}*")
        // A word whose ink fills as many cells as it has characters is left alone.
        #expect(Self.readOnce("call all", readAs: "call all") == "call all")
    }
}
