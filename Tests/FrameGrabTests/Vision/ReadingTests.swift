@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Regions from what OCR read")
struct ReadingTests {
    static func readBlock(_ lines: [Line], glyphs: [[BoundingBox]]) -> ReadBlock {
        let rows = PassTable.rows(lines, glyphs: glyphs)
        return ReadBlock(block: PassTable.block(rows), rows: rows)
    }

    /// Right-aligned line numbers left of the code, on the code's rows (30 px apart).
    static func gutter(_ numbers: ClosedRange<Int>) -> ReadBlock {
        let lines = numbers.map { number in
            let text = String(number)
            let box = BoundingBox(x: 70 - 14 * text.count, y: (number - 1) * 30, width: 14 * text.count - 4, height: 20)
            return Line(text: text, box: box, words: [Word(text: text, box: box, confidence: 0.9)])
        }
        return readBlock(lines, glyphs: lines.map { [$0.box] })
    }

    @Test("A column joined between a row's words is kept, in its place: the row's box spans it but read none of it")
    func columnBetweenWords() {
        // pickle.py's opcodes: names, `= b'X'`, comments. The names' long first row reaches over
        // the middle column, so the comments joined the names first and the middle comes last.
        let sides = ["SHORT_BINSTRING= b'U'   # a", "UNICODE                 # b", "BINUNICODE              # c"]
        let (lines, glyphs) = SyntheticLines.lines(sides)
        let middle = [1, 2].map { SyntheticLines.line($0 == 1 ? "= b'V'" : "= b'X'", row: $0, left: 100 + 15 * 14) }
        let joined = ReadBlock(joining: [Self.readBlock(lines, glyphs: glyphs), Self.readBlock(middle.map(\.0), glyphs: middle.map(\.1))])
        #expect(joined.rows.map { $0.words.map(\.text) }
                == [["SHORT_BINSTRING=", "b'U'", "#", "a"], ["UNICODE", "=", "b'V'", "#", "b"], ["BINUNICODE", "=", "b'X'", "#", "c"]])
    }

    @Test("A row OCR read nothing of, columns right of a line number on its band (a docstring's faint `\"\"\"` found apart), is the rest of that row; a speck right beside the number is not")
    func unreadMarksBesideANumber() {
        // Line 5's number at x 56-66, y 120-140; three quotes' ticks from x 120, 5 px tall.
        func unread(_ glyphs: [BoundingBox]) -> ReadBlock {
            var row = ReadRow(words: [], glyphs: glyphs, place: glyphs.dropFirst().reduce(glyphs[0]) { $0.union($1) })
            row.isUnread = true
            return ReadBlock(block: PassTable.block([row]), rows: [row])
        }
        let ticks = (0..<6).map { BoundingBox(x: 120 + 11 * ($0 / 2) + 5 * ($0 % 2), y: 122, width: 2, height: 5) }
        let quotes = ReadBlock(joining: [Self.gutter(5...5), unread(ticks)])
        #expect(quotes.rows.count == 1 && quotes.rows[0].glyphs.count == 7)
        let speck = ReadBlock(joining: [Self.gutter(5...5), unread([BoundingBox(x: 70, y: 130, width: 2, height: 2)])])
        #expect(speck.rows.count == 1 && speck.rows[0].glyphs.count == 1)
    }

    @Test("A row of carets found apart stays its own row under the call, though OCR's box of the call reaches down over it")
    func caretsUnderACall() {
        // The call's ink is 20 px tall; Tesseract boxed it 32 px tall, over the carets' ink 4 px below.
        var (call, callInk) = SyntheticLines.line("return IPv4Network(address)", row: 0)
        call.box.height = 32
        call.words = call.words.map { Word(text: $0.text, box: BoundingBox(x: $0.box.x, y: 0, width: $0.box.width, height: 32), confidence: 0.9) }
        let (carets, caretInk) = SyntheticLines.line("       ^^^^^^^^^^^^^^^^^^^^", row: 1, height: 6, pitch: 24)
        let joined = ReadBlock(joining: [Self.readBlock([call], glyphs: [callInk]), Self.readBlock([carets], glyphs: [caretInk])])
        #expect(joined.rows.map(\.text) == ["return IPv4Network(address)", "^^^^^^^^^^^^^^^^^^^^"])
    }

    @Test("A row stands where its ink does: a wave of `~` two pixels tall, read as one `-` boxed under it, stays above the heading under it")
    func rowPlacedByItsInk() {
        // vimtutor at 720p: the wave's ink at y 64-66, OCR's lone `-` boxed at 69-72; the
        // heading found in another block, its ink from 70, boxed by OCR from 68.
        let (note, noteInk) = SyntheticLines.line("Nota: Quan la cerca arribi", row: 0)
        let dashBox = BoundingBox(x: 300, y: 69, width: 3, height: 3)
        let wave = Line(text: "-", box: dashBox, words: [Word(text: "-", box: dashBox, confidence: 0.6)])
        let waveInk = [BoundingBox(x: 100, y: 64, width: 540, height: 2)]
        let headingBox = BoundingBox(x: 250, y: 68, width: 200, height: 21)
        let heading = Line(text: "Lesson 4.3", box: headingBox, words: [Word(text: "Lesson", box: BoundingBox(x: 250, y: 68, width: 90, height: 21), confidence: 0.9),
                                                                     Word(text: "4.3", box: BoundingBox(x: 350, y: 68, width: 40, height: 21), confidence: 0.9)])
        let headingInk = [BoundingBox(x: 250, y: 70, width: 200, height: 15)]
        let joined = ReadBlock(joining: [Self.readBlock([note, wave], glyphs: [noteInk, waveInk]),
                                         Self.readBlock([heading], glyphs: [headingInk])])
        #expect(joined.rows.map(\.text) == ["Nota: Quan la cerca arribi", "-", "Lesson 4.3"])
    }

    @Test("A lone glyph found in another block, its piece widened over the rest of its line, gives back its own word only")
    func lonePieceReadsOnce() {
        // vimtutor: `6. Flyt til begyndelsen af linjen med et nul:  0`, its `0` found in a block
        // of its own; OCR read that piece from `begyndelsen` on.
        let text = "6. Flyt til begyndelsen af linjen med et nul:  0"
        let (whole, glyphs) = SyntheticLines.line(text, row: 0)
        let zero = glyphs.count - 1
        let main = Line(text: "6. Flyt til begyndelsen af linjen med et nul:", box: whole.box, words: Array(whole.words.dropLast()))
        let widened = Array(whole.words.suffix(7))
        let piece = Line(text: widened.map(\.text).joined(separator: " "), box: widened[0].box.union(widened[6].box), words: widened)
        let joined = ReadBlock(joining: [Self.readBlock([main], glyphs: [Array(glyphs[..<zero])]),
                                         Self.readBlock([piece], glyphs: [[glyphs[zero]]])])
        #expect(joined.rows.map(\.text) == [text.replacingOccurrences(of: "  ", with: " ")])
    }

    @Test("A dim gutter found in pieces still numbers the code beside it")
    func gutterInPieces() throws {
        let source = ["func total(of items: [Item]) -> Int {", "    var sum = 0", "    for item in items {",
                      "        sum += item.price", "    }", "    return sum", "}", "let answer = total(of: cart)"]
        let (code, glyphs) = SyntheticLines.lines(source)
        let blocks = [Self.gutter(1...3), Self.readBlock(code, glyphs: glyphs), Self.gutter(6...8)]
        let regions = Reading.regions(from: blocks, contentArea: BoundingBox(x: 0, y: 0, width: 1280, height: 720))
        let region = try #require(regions.first { $0.kind == .code })
        #expect(regions.count == 1)
        #expect(region.lines.map(\.number) == [1, 2, 3, nil, nil, 6, 7, 8])
        #expect(region.text == source.joined(separator: "\n"))
    }

    @Test("A rule given back from the ink adds no certainty to what OCR read around it")
    func ruleIsNoEvidenceOfText() {
        func line(_ words: [(String, Double)], row: Int) -> Line {
            let placed = words.enumerated().map { index, word in
                Word(text: word.0, box: BoundingBox(x: 100 + index * 60, y: row * 30, width: 14 * word.0.count, height: 20), confidence: word.1)
            }
            return Line(text: placed.map(\.text).joined(separator: " "), box: placed.dropFirst().reduce(placed[0].box) { $0.union($1.box) },
                        words: placed)
        }
        // A checkerboard read as `om oe`, a rule under it: no region, whatever the rule's own certainty.
        let noise = [line([("om", 0.25), ("oe", 0.05)], row: 0), line([("--------", 0.9)], row: 1)]
        #expect(Reading.regions(from: [Self.readBlock(noise, glyphs: noise.map { [$0.box] })],
                                contentArea: BoundingBox(x: 0, y: 0, width: 1280, height: 720)).isEmpty)
        // The same rule under words read with certainty is text.
        let heading = [line([("Summary", 0.92), ("results", 0.9)], row: 0), line([("--------", 0.9)], row: 1)]
        #expect(Reading.regions(from: [Self.readBlock(heading, glyphs: heading.map { [$0.box] })],
                                contentArea: BoundingBox(x: 0, y: 0, width: 1280, height: 720)).count == 1)
    }

    @Test("Output OCR's dictionary does not know, under a command read clearly, is text all the same")
    func unfamiliarOutput() throws {
        func line(_ text: String, confidence: Double, row: Int) -> Line {
            let box = BoundingBox(x: 100, y: row * 30, width: 14 * text.count, height: 20)
            return Line(text: text, box: box, words: [Word(text: text, box: box, confidence: confidence)])
        }
        let data = ["MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo",
                    "4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u",
                    "+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyeh"]
        let confident = [line("$ sed -n 2,4p public.pem", confidence: 0.93, row: 0)]
            + data.enumerated().map { line($1, confidence: 0.3, row: $0 + 1) }
        let regions = Reading.regions(from: [Self.readBlock(confident, glyphs: confident.map { [$0.box] })],
                                      contentArea: BoundingBox(x: 0, y: 0, width: 1280, height: 720))
        let region = try #require(regions.first)
        #expect(region.lines.map(\.text) == confident.map(\.text))
        // The same output with nothing read clearly around it is no evidence of text.
        let alone = data.enumerated().map { line($1, confidence: 0.3, row: $0) }
        #expect(Reading.regions(from: [Self.readBlock(alone, glyphs: alone.map { [$0.box] })],
                                contentArea: BoundingBox(x: 0, y: 0, width: 1280, height: 720)).isEmpty)
    }

    @Test("A banner among rows OCR could not read (a tutor in a script it does not know) is kept alone; those rows are not")
    func bannerAmongUnsureRows() throws {
        let source = ["3. Motim nepemictitbcs go YeTBepToro psapka.", "4. BBegitb 2dd wo6 Buganutuv gBa pagKnu.",
                      "---> 1) TposHgu yepsoui, 2) BarnwKa Becena,", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~",
                      "Ypok 2.7: BIQKWHYTM 3MIHU"]
        var (lines, glyphs) = SyntheticLines.lines(source)
        for index in lines.indices {
            lines[index].words = lines[index].words.map { Word(text: $0.text, box: $0.box, confidence: index == 3 ? 0.6 : 0.3) }
        }
        let frame = BoundingBox(x: 0, y: 0, width: 1280, height: 720)
        let regions = Reading.regions(from: [Self.readBlock(lines, glyphs: glyphs)], contentArea: frame)
        #expect(regions.map(\.text) == [source[3]])
        // Without it, nothing of the block is text.
        let without = [0, 1, 2, 4]
        #expect(Reading.regions(from: [Self.readBlock(without.map { lines[$0] }, glyphs: without.map { glyphs[$0] })],
                                contentArea: frame).isEmpty)
    }

    @Test("A comment aligned far right of a code line, read apart, ends that line")
    func alignedComment() throws {
        let source = ["if fstat(fd, &info) == 0 && info.st_size < offset {", "    offset = 0", "    pending.removeAll()", "}"]
        let (code, glyphs) = SyntheticLines.lines(source)
        let (comment, commentGlyphs) = SyntheticLines.line("// truncated or rotated: read it again from the top", row: 1, left: 100 + 14 * 24)
        let blocks = [Self.readBlock(code, glyphs: glyphs), Self.readBlock([comment], glyphs: [commentGlyphs])]
        let regions = Reading.regions(from: blocks, contentArea: BoundingBox(x: 0, y: 0, width: 1920, height: 1080))
        #expect(regions.count == 1)
        let region = try #require(regions.first)
        #expect(region.text.split(separator: "\n").map(String.init)[1]
                == "    offset = 0          // truncated or rotated: read it again from the top")
    }

    @Test("A row OCR read as several lines gives each line the glyphs whose middle it alone holds; ink in a line that no line holds leaves it unknown")
    func glyphsOfARowReadAsLines() {
        // Hermit: a docstring's text over its closing `\"\"\"`, found as one row.
        let text = (0..<6).map { BoundingBox(x: 153 + 12 * $0, y: 221, width: 10, height: 10) }
        let ticks = (0..<6).map { BoundingBox(x: 154 + 6 * $0, y: 236, width: 3, height: 7) }
        let lines = [BoundingBox(x: 152, y: 217, width: 74, height: 19), BoundingBox(x: 153, y: 235, width: 33, height: 8)]
        #expect(Reading.glyphs(text + ticks, among: lines) == [text, ticks])
        // A descender reaching into the line under it is its own line's, not that one's.
        var descending = text
        descending[1] = BoundingBox(x: 165, y: 221, width: 10, height: 19)
        #expect(Reading.glyphs(descending + ticks, among: lines) == [descending, ticks])
        // Ink in a line's box that stands in no line leaves that line's glyphs unknown.
        let stray = BoundingBox(x: 190, y: 233, width: 10, height: 10)
        #expect(Reading.glyphs(text + [stray] + ticks, among: lines) == [[], ticks])
    }

    @Test("A row OCR read as nothing is kept for its ink when it may be symbols: low marks alone (a pointer resting on them aside), glyphs a cell apart, one stroke cells long; not letters, nor a speck beside a row")
    func rowsKeptForTheirInk() {
        // Code at 14 px a line, 8 px a cell: its letters' boxes, and rows of other ink below.
        let letters = (0..<12).map { BoundingBox(x: 100 + 8 * $0, y: 100, width: 6, height: 10) }
        func block(_ row: [BoundingBox], box: BoundingBox? = nil) -> TextBlock {
            var lines = [letters, row].map { TextBlock.Row(box: $0.dropFirst().reduce($0[0]) { $0.union($1) }, glyphs: $0) }
            lines[1].box = box ?? lines[1].box
            return TextBlock(box: lines[0].box.union(lines[1].box), polarity: .lightOnDark, lines: lines, glyphHeight: 10, xHeight: 7)
        }
        // A rule given back as a row is as tall as the block's letters (`TextBlockAssembler`).
        let stroke = [BoundingBox(x: 100, y: 128, width: 300, height: 1)]
        let cells = (0..<8).map { BoundingBox(x: 100 + 8 * $0, y: 120, width: 6, height: 9) }
        let ticks = [BoundingBox(x: 100, y: 120, width: 2, height: 3), BoundingBox(x: 104, y: 120, width: 2, height: 3)]
        #expect(Reading.mayBeFilledFromInk(1, of: block(stroke, box: BoundingBox(x: 100, y: 120, width: 300, height: 10))))
        #expect(Reading.mayBeFilledFromInk(1, of: block(cells)))
        #expect(Reading.mayBeFilledFromInk(1, of: block(ticks)))
        // A mouse pointer's I-beam resting on the ticks is none of the row's glyphs, once known.
        let pointer = BoundingBox(x: 108, y: 115, width: 5, height: 14)
        #expect(!Reading.mayBeFilledFromInk(1, of: block(ticks + [pointer])))
        #expect(Reading.mayBeFilledFromInk(1, of: block(ticks + [pointer]), pointers: [pointer]))
        // Nor does it join the row to the line it reaches up into.
        let taller = BoundingBox(x: 108, y: 104, width: 5, height: 20)
        #expect(Reading.mayBeFilledFromInk(1, of: block(ticks + [taller]), pointers: [taller]))
        // Letters of proportional type (not a cell apart), as tall as the block's.
        let word = [(0, 4), (5, 8), (14, 3), (18, 10), (29, 6)].map { BoundingBox(x: 100 + $0.0, y: 120, width: $0.1, height: 10) }
        #expect(!Reading.mayBeFilledFromInk(1, of: block(word)))
        // A stroke beside the row's own letters, not alone on its row.
        let beside = [BoundingBox(x: 300, y: 104, width: 300, height: 1)]
        #expect(!Reading.mayBeFilledFromInk(1, of: block(beside)))
    }
}
