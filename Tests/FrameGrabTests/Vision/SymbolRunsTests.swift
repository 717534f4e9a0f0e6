import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Symbol runs")
struct SymbolRunsTests {
    @Test("Letters and digits inside a run of one symbol are that symbol")
    func repaired() {
        #expect(PassTable.applying([SymbolRuns()], to: " protect.go | 14 ++4++4+4+++4+4+-----") == " protect.go | 14 " + String(repeating: "+", count: 15) + "-----")
        #expect(PassTable.applying([SymbolRuns()], to: "== migrating ==================2===2===52========2")
                == "== migrating " + String(repeating: "=", count: 37))
        #expect(PassTable.applying([SymbolRuns()], to: "test.go |  9 +4t++++++\n") == "test.go |  9 +++++++++\n")
        // Carets a mouse pointer stands among.
        #expect(PassTable.applying([SymbolRuns()], to: "      ^^^^^^^^AA^^^^^^^^") == "      " + String(repeating: "^", count: 18))
    }

    @Test("Code with a few symbols is left alone")
    func untouched() {
        for text in ["x+4+y", "a += 4", "i++", "x4+++", "--tail=5", "0.0.0.0:8080", "a-b-c-d-e", "===2", "#include", "x^2^n"] {
            #expect(PassTable.applying([SymbolRuns()], to: text) == text)
        }
    }
}

@Suite("A run of one glyph drawn again and again")
struct RepeatedGlyphsTests {
    /// Rows of monospace text where every `#` is drawn as a hash and every other character as
    /// a ring, read by OCR as `read`.
    /// `broken` maps a row to the glyphs of it drawn without the top half of one stem (glyph
    /// index: the stem's offset in the cell).
    /// `covered` maps a row to the glyph under a mouse pointer: its ink reaches 4 px above and below;
    /// where `painted`, the pointer was found there and painted out before OCR.
    /// `unsure` rows were read with a confidence OCR gives misreadings; `smeared` maps a row to
    /// glyphs drawn with the lower half of their box filled; `cell` is the cell's width.
    /// A `/` is a pale thin stroke leaning across its box, dark at its top pixel.
    /// A `*` is drawn as an asterisk hanging in the top half of its box, its box its ink; in
    /// `cropped` rows its last pixel row is lost (an antialiased edge under the threshold). A `~`
    /// is a wave across the middle of the x-height, its box its ink; a `█` a terminal's block
    /// cursor, solid over the whole cell and line.
    static func region(_ source: [String], readAs read: [String], broken: [Int: [Int: Int]] = [:], covered: [Int: Int] = [:],
                       painted: Bool = false, unsure: Set<Int> = [], cropped: Set<Int> = [], smeared: [Int: Set<Int>] = [:],
                       cell: Int = 14) -> ReadRegion {
        // Rows far apart: a character's sampling reaches two x-heights above its baseline.
        let made = source.enumerated().map { SyntheticLines.line($0.element, row: $0.offset, cell: cell, pitch: 60) }
        var lines = made.map(\.0)
        var glyphs = made.map(\.1)
        for (row, index) in covered {
            let box = glyphs[row][index]
            glyphs[row][index] = BoundingBox(x: box.x, y: box.y - 4, width: box.width, height: box.height + 8)
        }
        for (row, text) in source.enumerated() {
            for (index, character) in text.filter({ $0 != " " }).enumerated() where character == "*" {
                let box = glyphs[row][index]
                glyphs[row][index] = BoundingBox(x: box.x, y: box.y, width: box.width, height: cropped.contains(row) ? 10 : 11)
            }
            for (index, character) in text.filter({ $0 != " " }).enumerated() where character == "~" {
                let box = glyphs[row][index]
                glyphs[row][index] = BoundingBox(x: box.x, y: box.y + 6, width: box.width, height: 4)
            }
            for (index, character) in text.filter({ $0 != " " }).enumerated() where character == "^" {
                let box = glyphs[row][index]
                glyphs[row][index] = BoundingBox(x: box.x, y: box.y, width: box.width, height: 7)
            }
            for (index, character) in text.filter({ $0 != " " }).enumerated() where character == "/" {
                let box = glyphs[row][index]
                glyphs[row][index] = BoundingBox(x: box.x - 1, y: box.y - 3, width: box.width + 2, height: 26)
            }
            for (index, character) in text.filter({ $0 != " " }).enumerated() where character == "█" {
                let box = glyphs[row][index]
                glyphs[row][index] = BoundingBox(x: box.x - 3, y: box.y - 8, width: cell, height: box.height + 16)
            }
        }
        var image = GrayImage(width: 400, height: 60 * source.count, filledWith: 255)
        for (row, text) in source.enumerated() {
            for (index, (character, box)) in zip(text.filter { $0 != " " }, glyphs[row]).enumerated() {
                for y in box.y..<box.bottom {
                    for x in box.x..<box.right {
                        if character == "/" {
                            // A thin stroke leaning across the box, pale (a thin coloured stroke after
                            // the encoder), but for one dark pixel at its top.
                            let along = Int((Double(box.bottom - 1 - y) * Double(box.width - 1) / Double(box.height - 1)).rounded())
                            if x - box.x == along { image[x, y] = y == box.y ? 0 : 150 }
                            continue
                        }
                        let stems = [2, 5].filter { $0 != broken[row]?[index] || y >= box.y + 10 }
                        let hash = stems.contains(x - box.x) || y == box.y + 6 || y == box.y + 13
                        let ring = x == box.x || x == box.right - 1 || y == box.y + 4 || y == box.bottom - 1
                        let inked: Bool
                        switch character {
                        case "#": inked = hash
                        case "*": inked = Self.asteriskRows[y - box.y].contains(x - box.x)
                        // A block cursor: the cell solid, the line's height and more.
                        case "█": inked = true
                        // A wave 4 px tall, its stroke 2 px thick: a crest, a trough, rising again.
                        case "~": inked = (0...1).contains(y - box.y - [1, 0, 0, 1, 2, 2, 1, 0][min(7, x - box.x)])
                        // A caret: an inverted V seven rows tall up in its cell, a stroke down each side.
                        case "^": inked = [3 - (y - box.y) / 2, 4 + (y - box.y) / 2].contains(x - box.x)
                        case "x": inked = abs(Double(x - box.x) - Double(y - box.y) * Double(box.width - 1) / Double(box.height - 1)) < 1
                            || abs(Double(box.right - 1 - x) - Double(y - box.y) * Double(box.width - 1) / Double(box.height - 1)) < 1
                        default: inked = ring
                        }
                        // A glyph the encoder smeared: its lower half filled, inside its box.
                        let smear = smeared[row]?.contains(index) == true && y >= box.y + box.height / 2
                        if inked || smear { image[x, y] = 0 }
                    }
                }
            }
            lines[row].words = zip(lines[row].words, read[row].split(separator: " ")).map {
                Word(text: String($1), box: $0.box, confidence: unsure.contains(row) ? 0.2 : 0.9)
            }
            lines[row].text = read[row]
        }
        var rows = PassTable.rows(lines, glyphs: glyphs)
        for (row, index) in covered where painted { rows[row].pointers = [glyphs[row][index]] }
        var region = ReadRegion(rows: rows, block: PassTable.block(rows),
                                picture: InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255))
        region.kind = .code
        CodeLayout().apply(to: &region)
        RepeatedGlyphs().apply(to: &region)
        return region
    }

    /// An asterisk 11 pixels tall in a box 8 wide (the helper's cells of 14): a spoke up the
    /// middle, arms, a hub, legs.
    static let asteriskRows: [Set<Int>] = [[3, 4], [3, 4], [3, 4], [0, 1, 3, 4, 6, 7], [1, 2, 3, 4, 5, 6], [2, 5], [1, 6], [0, 7],
                                           [0, 7], [0, 7], [0, 7]]

    @Test("A banner of asterisks whose lone cells were surely read as `x` is asterisks: spokes from a hub hanging above the baseline are no letter; so are the lone cells, a pixel off or not")
    func asterisksReadAsLetters() {
        let region = Self.region(["* ab = 1", "********", "* cd = 2", "x = 3"], readAs: ["x ab = 1", "KKKKKKKK", "x cd = 2", "x = 3"],
                                 cropped: [2])
        #expect(region.lines.map(\.text) == ["* ab = 1", "********", "* cd = 2", "x = 3"])
        // A row of x, two strokes crossed standing on the baseline, stays as read whatever its
        // cells are drawn like.
        let letters = Self.region(["x ab = 1", "xxxxxxxx", "x cd = 2"], readAs: ["x ab = 1", "xxxxxxxx", "x cd = 2"])
        #expect(letters.lines.map(\.text) == ["x ab = 1", "xxxxxxxx", "x cd = 2"])
    }

    @Test("A row of carets OCR read as another symbol, or as letters, is carets: an inverted V hanging above the baseline is no other glyph's shape")
    func caretsReadAsOtherSymbols() {
        for misread in ["********", "~~~~~~~~", "AAAAAAAA"] {
            let region = Self.region(["x ab = 1", "^^^^^^^^", "x cd = 2"], readAs: ["x ab = 1", misread, "x cd = 2"])
            #expect(region.lines.map(\.text) == ["x ab = 1", "^^^^^^^^", "x cd = 2"], "\(misread)")
        }
    }

    @Test("A row of small tildes OCR read as periods is tildes: a wave across the x-height is no dot (Courier Prime at 15 pt)")
    func tildesReadAsPeriods() {
        let region = Self.region(["~ note", "~~~~~~~~", "x = 1"], readAs: ["~ note", "........", "x = 1"])
        #expect(region.lines.map(\.text) == ["~ note", "~~~~~~~~", "x = 1"])
    }

    @Test("A banner read as letters is the symbol the block's cells drawn like it were read as, one per cell")
    func banner() {
        let region = Self.region(["# note", "########", "x = 1"], readAs: ["# note", "HHHHHHHH", "x = 1"])
        #expect(region.lines.map(\.text) == ["# note", "########", "x = 1"])
    }

    @Test("A banner OCR read nothing of, its row kept for its ink, is the symbol the block's cells drawn like it were read as")
    func unreadBanner() {
        let region = Self.region(["# note", "########", "x = 1"], readAs: ["# note", "", "x = 1"])
        #expect(region.lines.map(\.text) == ["# note", "########", "x = 1"])
        #expect(region.rows[1].indent == 0)
    }

    @Test("A cell drawn like a run but read as a mark, not a letter, leaves the run's shape to tell: a wave is tildes")
    func markDrawnLikeARun() {
        // The lone `~` read surely as `«`: no letter is drawn like the run, so the looser shapes
        // (a wave, a caret, a slash) are looked for.
        let region = Self.region(["~ note", "~~~~~~~~", "x = 1"], readAs: ["« note", "NNNNNNNN", "x = 1"])
        #expect(region.lines.map(\.text)[1] == "~~~~~~~~")
        // Read surely as a letter, it holds the looser shapes back: no wave.
        let letter = Self.region(["~ note", "~~~~~~~~", "x = 1"], readAs: ["n note", "NNNNNNNN", "x = 1"])
        #expect(letter.lines.map(\.text)[1] != "~~~~~~~~")
    }

    @Test("A run's end drawn unlike the rest (the `/` opening `/****`) is left out of it")
    func unlikeEndLeftOut() {
        let region = Self.region(["# note", "x########", "y = 1"], readAs: ["# note", "xHHHHHHHH", "y = 1"])
        #expect(region.lines.map(\.text) == ["# note", "x########", "y = 1"])
    }

    @Test("Cells OCR was unsure of tell nothing of a run drawn like them: its shape does; sure readings hold unless the shape is one no letter has")
    func unsureReadings() {
        // A banner and the stubs of a boxed comment, `##` read as `HH`: unsure, their readings
        // leave the hash's shape to tell.
        let unsure = Self.region(["ab ##", "########", "ace = 1"], readAs: ["ab HH", "HHHHHHHH", "ace = 1"], unsure: [0, 1], cell: 16)
        #expect(unsure.lines.map(\.text)[1] == "########")
        // Read surely as `H`, cells drawn alike are what OCR read, unless their shape is one no
        // letter has: two bars crossed by two stems are no `H` (Monofur's lone `#` read as `t`).
        let sure = Self.region(["ab ##", "########", "ace = 1"], readAs: ["ab HH", "HHHHHHHH", "ace = 1"], cell: 16)
        #expect(sure.lines.map(\.text)[1] == "########")
        let rings = Self.region(["ab OO", "OOOOOOOO", "ace = 1"], readAs: ["ab HH", "HHHHHHHH", "ace = 1"], cell: 16)
        #expect(rings.lines.map(\.text) == ["ab HH", "HHHHHHHH", "ace = 1"])
    }

    @Test("A run too short to tell by itself, drawn like a banner, is the banner's symbol, one per cell; letters drawn unlike it stay")
    func shortRuns() {
        let region = Self.region(["ab ###", "########", "ace = 1"], readAs: ["ab HH", "########", "ace = 1"])
        #expect(region.lines.map(\.text) == ["ab ###", "########", "ace = 1"])
    }

    @Test("A row that is a short run alone, each cell drawn in a shape no letter has (spokes from a hub), is that symbol with no longer run to learn from; three letters alike stay as read")
    func shortRunAloneByItsShape() {
        // Agave's `***` at 720p, read as `kek`.
        let stars = Self.region(["ab = 1", "***", "cd = 2"], readAs: ["ab = 1", "kek", "cd = 2"])
        #expect(stars.lines.map(\.text) == ["ab = 1", "***", "cd = 2"])
        let letters = Self.region(["ab = 1", "xxx", "cd = 2"], readAs: ["ab = 1", "xxx", "cd = 2"])
        #expect(letters.lines.map(\.text) == ["ab = 1", "xxx", "cd = 2"])
    }

    @Test("A lone cell drawn like a banner's, opening a comment, is the banner's symbol whatever OCR read there")
    func loneCellLikeABanner() {
        let region = Self.region(["# note", "########", "x = 1"], readAs: ["t note", "########", "x = 1"])
        #expect(region.lines.map(\.text) == ["# note", "########", "x = 1"])
    }

    @Test("Runs drawn alike at other heights are other symbols: an `_` is a `-` lower down")
    func drawingHeight() {
        let bar = RepeatedGlyphs.Drawing(shape: [0, 1, 1, 0], raised: 4)
        #expect(bar.isLike(RepeatedGlyphs.Drawing(shape: [0, 1, 1, 0], raised: 5), xHeight: 8))
        #expect(!bar.isLike(RepeatedGlyphs.Drawing(shape: [0, 1, 1, 0], raised: -1), xHeight: 8))
        #expect(!bar.isLike(RepeatedGlyphs.Drawing(shape: [1, 0, 0, 1], raised: 4), xHeight: 8))
        // A row without a baseline is compared by shape alone.
        #expect(bar.isLike(RepeatedGlyphs.Drawing(shape: [0, 1, 1, 0], raised: nil), xHeight: 8))
    }

    @Test("A rule given back with a count from a guessed cell holds one symbol per cell its ink fills, its cells however unlike")
    func ruleCountedByCells() {
        // Eight cells drawn unlike each other on the pixel grid (as a dash a pixel thin lands),
        // read as twelve dashes.
        let region = Self.region(["# note", "#-#-#-#-", "x = 1"], readAs: ["# note", "------------", "x = 1"])
        #expect(region.lines.map(\.text) == ["# note", "--------", "x = 1"])
    }

    @Test("A long run with a cell inside drawn unlike it, boxed like the rest (a pointer painted out over it), is one run of its symbol")
    func runWithACoveredCell() {
        let region = Self.region(["# note", "########O########", "x = 1"], readAs: ["# note", "HHHHHHHHAHHHHHHHH", "x = 1"])
        #expect(region.lines.map(\.text) == ["# note", String(repeating: "#", count: 17), "x = 1"])
        // A short run keeps what it was read as; so does one unlike at an end (left out of it).
        let short = Self.region(["# note", "###O###", "x = 1"], readAs: ["# note", "HHHAHHH", "x = 1"])
        #expect(short.lines[1].text != "#######")
    }

    @Test("A run cut in two by a cell drawn unlike it (a mouse pointer over it) and read as letters there is one run, counted by its cells")
    func runUnderAPointer() {
        // The fifth `#` under the pointer: drawn as a taller ring, and read as two letters.
        let region = Self.region(["# note", "####O####", "x = 1"], readAs: ["# note", "HHHHDCHHHH", "x = 1"], covered: [1: 4])
        #expect(region.lines.map(\.text) == ["# note", "#########", "x = 1"])
        // A symbol between two runs is no pointer: `----+----` keeps its plus.
        let plus = Self.region(["# note", "####O####", "x = 1"], readAs: ["# note", "HHHH+HHHH", "x = 1"], covered: [1: 4])
        #expect(plus.lines[1].text == "####+####")
        // Where the pointer was painted out, what OCR read of what it left (a `.` from an
        // I-beam's foot) tells nothing: the run goes on through it.
        let foot = Self.region(["# note", "####O####", "x = 1"], readAs: ["# note", "HHHH.HHHH", "x = 1"], covered: [1: 4], painted: true)
        #expect(foot.lines[1].text == "#########")
        // The runs' own symbol read there, one too many, is the cells': one each.
        let extra = Self.region(["# note", "####O####", "x = 1"], readAs: ["# note", "##########", "x = 1"], covered: [1: 4])
        #expect(extra.lines[1].text == "#########")
        // A symbol OCR read there is no stub: the plus stays, pointer or not.
        let plusUnder = Self.region(["# note", "####O####", "x = 1"], readAs: ["# note", "HHHH+HHHH", "x = 1"], covered: [1: 4], painted: true)
        #expect(plusUnder.lines[1].text == "####+####")
        // Letters alike either side (a highlighted file name's cells, pale boxes alike) stay
        // letters: a `.` OCR read among them is no symbol of the run's.
        let name = Self.region(["# note", "oooooOooo", "x = 1"], readAs: ["# note", "ameGXbb.r", "x = 1"], covered: [1: 4])
        #expect(name.lines[1].text == "ameGXbb.r")
    }

    @Test("A banner is the symbol most of the block's cells drawn like it were read as, not one cell misread")
    func bannerByMajority() {
        let region = Self.region(["# a", "########", "# b", "# c"], readAs: ["H a", "HHHHHHHH", "# b", "# c"])
        #expect(region.lines[1].text == "########")
    }

    @Test("A traceback's row of carets is read as carets, one per cell, in its place in the block")
    func carets() throws {
        let lines = ["Traceback (most recent call last):", "  File \"<string>\", line 1, in <module>",
                     "  File \"/usr/lib/python3.11/gzip.py\", line 601, in decompress",
                     "    if _read_gzip_header(fp) is None:", "       ^^^^^^^^^^^^^^^^^^^^^^^^^^",
                     "  File \"/usr/lib/python3.11/gzip.py\", line 428, in _read_gzip_header",
                     "gzip.BadGzipFile: Not a gzipped file (b'no')"]
        let scratch = try Scratch()
        let video = try scratch.terminalVideo("carets.mp4", lines: lines, boxes: [])
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(report.regions.filter { $0.kind == .code }.count == 1, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map(String.init).contains(lines[4]), "\(code.text)")
    }

    @Test("A row of carets read as letters is carets though the lone caret under a `(` was read as a letter too: an inverted V hanging above the baseline is no letter")
    func caretsBesideALoneCaret() throws {
        // `python3 -c "import dis; dis.dis('(')"` in xterm's Noto Sans Mono at 16 px, dark blue on white.
        let lines = ["Traceback (most recent call last):", "  File \"/usr/lib/python3.11/dis.py\", line 63, in _try_compile",
                     "    c = compile(source, name, 'eval')", "        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^", "  File \"<dis>\", line 1",
                     "    (", "    ^", "SyntaxError: '(' was never closed"]
        let scratch = try Scratch()
        let video = try scratch.textVideo("carets.mp4", ground: "0xffffff", width: 800, height: 30 + 23 * lines.count, lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf", size: 16, color: "0x0000aa", x: 9, y: 12 + 23 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        let read = code.text.split(separator: "\n").map(String.init)
        #expect(read.contains(lines[3]), "\(code.text)")
        #expect(read.contains(lines[6]), "\(code.text)")
    }

    @Test("A rule of `=` touching into two bars, a gutter's number beside it on its row, is a row of the numbered text (vim's help in xterm's Go Mono at 13 px, `set number`)",
          arguments: [false, true])
    func ruleBesideItsNumber(numbered: Bool) throws {
        let text = ["    (get-cursor [window])           Get cursor position in a window as", "                                    a pair (linenr . column).",
                    "    (set-cursor (line . col) [window])  Set cursor position.", "", "",
                    "5. mzeval() Vim function                                    *mzscheme-mzeval*", "",
                    "To facilitate bi-directional interface, you can use |mzeval()| function to",
                    "evaluate MzScheme expressions and pass their values to Vim script."]
        let lines = text.enumerated().map { index, line in numbered ? String(format: "%3d ", 247 + index) + line : line }
        // Row 4 holds 78 `=` that xterm draws touching into two bars 1 px thick, 3 px apart:
        // drawn as those bars, where the font's bars fall (drawtext keeps its side bearings).
        let left = 10 + (numbered ? 32 : 0)
        let bars = [77, 80].map { "drawbox=x=\(left):y=\($0):w=622:h=1:color=0x0000c0:t=fill" }
        let scratch = try Scratch()
        let video = try scratch.textVideo("rule.mp4", ground: "0xffffff", width: 760, height: 18 + 16 * lines.count, boxes: bars,
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: "/usr/share/fonts/fonts-go/Go-Mono.ttf", size: 13, color: "0x0000c0", x: 9, y: 9 + 16 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains(String(repeating: "=", count: 78)),
                "\(code.text)")
    }

    @Test("Dashes drawn one a cell, a pixel or two tall and apart by most of a cell, beside a line number are one row: flat marks reach as far as they are wide (numbered vim, JetBrains Mono at 16 px, dark red on black)")
    func dashesBesideTheirNumber() throws {
        let text = ["\"\"\"Pretty-print a Python object to a stream.", "", "Classes", "-------", "", "PrettyPrinter()", "",
                    "Functions", "---------", "", "pformat()", "pprint()"]
        let scratch = try Scratch()
        let font = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf"
        let video = try scratch.textVideo("dashes.mp4", ground: "black", width: 640, height: 18 + 22 * text.count,
                                          lines: text.enumerated().map { index, line in
            // One line drawn whole, so that drawtext sets the dashes on the digits' baseline.
            Scratch.DrawnText(text: String(format: "%2d ", 14 + index) + line, font: font, size: 16, color: "0xcd0000", x: 9, y: 9 + 22 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        let rows = code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains("-------") && rows.contains("---------"), "\(code.text)")
    }

    @Test("Dashes alike a cell apart chain into one row with no letter beside them; flat bars a letter's reach apart or further do not, however wide")
    func dashesChainAlone() {
        // Letters 12 px tall: seven dashes 5 by 1, one every 10 px.
        let dashes = (0..<7).map { InkBlob(box: BoundingBox(x: 50 + 10 * $0, y: 349, width: 5, height: 1), pixelCount: 5) }
        #expect(TextBlockFinder.lines(from: dashes, glyphHeight: 12).count == 1)
        // Two rules 90 px wide, 60 px apart: as far apart as letters never chain.
        let rules = [0, 150].map { InkBlob(box: BoundingBox(x: 50 + $0, y: 349, width: 90, height: 2), pixelCount: 180) }
        #expect(TextBlockFinder.lines(from: rules, glyphHeight: 12).count == 2)
    }

    @Test("A row of carets under a line whose underscores reach down to their tips is carets: ink above the run's own box is the line above's (xterm's Fantasque Sans Mono at 24 px, lines 25 px apart)")
    func caretsUnderUnderscores() throws {
        let lines = ["Traceback (most recent call last):", "  File \"/usr/lib/python3.11/textwrap.py\", line 359, in wrap",
                     "    return self._wrap_chunks(chunks)", "           ^^^^^^^^^^^^^^^^^^^^^^^^^",
                     "  File \"/usr/lib/python3.11/textwrap.py\", line 253, in _wrap_chunks",
                     "    raise ValueError(\"invalid width %r (must be > 0)\" % self.width)"]
        let scratch = try Scratch()
        let font = "/usr/share/fonts/truetype/fantasque-sans/Normal/TTF/FantasqueSansMono-Regular.ttf"
        let video = try scratch.textVideo("carets.mp4", ground: "0xffffff", width: 1000, height: 18 + 25 * lines.count, lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: font, size: 24, color: "0x000000", x: 9, y: 9 + 25 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains(lines[3].trimmingCharacters(in: .whitespaces)),
                "\(code.text)")
    }

    @Test("Carets touching into one wave, a mouse pointer's I-beam over two of them, are carets: the run is as tall as most of its cells' ink, not the pointer's (mononoki at 15 px, amber on black)")
    func caretWaveUnderAPointer() throws {
        let lines = ["  File \"/usr/lib/python3.11/wave.py\", line 630, in open", "    return Wave_read(f)", "           ^^^^^^^^^^^^",
                     "  File \"/usr/lib/python3.11/wave.py\", line 284, in __init__", "    self.initfp(f)"]
        let scratch = try Scratch()
        let font = "/usr/share/fonts/truetype/mononoki/mononoki-Regular.ttf"
        // The I-beam: a stem 17 px tall with its serifs, over the carets' sixth and seventh cells.
        let (x, y) = (9 + 8 * 16 + 1, 9 + 19 * 2 - 4)
        let beam = ["drawbox=x=\(x):y=\(y):w=2:h=17:color=0xffb000:t=fill", "drawbox=x=\(x - 3):y=\(y):w=8:h=2:color=0xffb000:t=fill",
                    "drawbox=x=\(x - 3):y=\(y + 15):w=8:h=2:color=0xffb000:t=fill"]
        let video = try scratch.textVideo("wave.mp4", ground: "0x000000", width: 600, height: 18 + 19 * lines.count, boxes: beam,
                                          lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: font, size: 15, color: "0xffb000", x: 9, y: 9 + 19 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains(lines[2].trimmingCharacters(in: .whitespaces)),
                "\(code.text)")
    }

    @Test("A banner of touching hashes with slanting stems, in a comment's dim green, is read as hashes (at 15 px their boxes alternate by 2 px in width)",
          arguments: [15, 16])
    func smallHashBanner(size: Int) throws {
        let text = ["statuses of each of the tests. These values are totalled only to provide", "a true value if any of them are non-zero.", "",
                    "=cut", "", String(repeating: "#", count: 78), "", "=head3 C<total>", "", "  my $tests_run = $aggregate->total;"]
        let scratch = try Scratch()
        let font = "/usr/share/fonts/truetype/jetbrains-mono/JetBrainsMono-Regular.ttf"
        let video = try scratch.textVideo("banner.mp4", ground: "0x1e1e1e", width: 1280, height: 40 + 19 * text.count, lines: text.enumerated().map { index, line in
            Scratch.DrawnText(text: line, font: font, size: size, color: line.hasPrefix("#") ? "0x6a9955" : "0xd4d4d4", x: 20, y: 20 + 19 * index)
        })
        let report = try FrameGrabber(path: video).report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code }, "\(report.regions.map(\.text))")
        #expect(code.text.split(separator: "\n").map(String.init).contains(text[5]), "\(code.text)")
    }

    @Test("A banner whose cells each lose part of a different stroke (a dark colour at half the chroma's resolution) is still one glyph repeated")
    func brokenCells() {
        let region = Self.region(["# note", "########", "x = 1"], readAs: ["# note", "HHHHHHHH", "x = 1"], broken: [1: [0: 2, 3: 5]])
        #expect(region.lines.map(\.text) == ["# note", "########", "x = 1"])
    }

    @Test("A banner of pale slashes, each dark at one pixel (a thin coloured stroke after the encoder), is slashes: a stroke's pale edges are its own")
    func paleSlashes() {
        let region = Self.region(["# note", "////////", "x = 1"], readAs: ["# note", "VVVVVVVV", "x = 1"])
        #expect(region.lines.map(\.text)[1] == "////////")
    }

    @Test("A long banner with a few cells here and there unlike the rest (the encoder's blocks cut one cell in 16 alike) is still one glyph repeated")
    func speckledCells() {
        let region = Self.region(["# note", String(repeating: "#", count: 16), "x = 1"], readAs: ["# note", String(repeating: "H", count: 16), "x = 1"],
                                 smeared: [1: [5, 11]])
        #expect(region.lines.map(\.text) == ["# note", String(repeating: "#", count: 16), "x = 1"])
        // More than an eighth of the cells unlike: not one glyph, and the row stays as read.
        let mixed = Self.region(["# note", String(repeating: "#", count: 16), "x = 1"], readAs: ["# note", String(repeating: "H", count: 16), "x = 1"],
                                smeared: [1: [3, 5, 8, 11]])
        #expect(mixed.lines.map(\.text)[1] == String(repeating: "H", count: 16))
    }

    @Test("A banner where OCR saw a symbol in a few cells only is still the symbol its cells are drawn like")
    func fewSymbolsRead() {
        // `>` in three cells of eight is not what the run holds; the `#` it is drawn like is.
        let region = Self.region(["# note", "########", "x = 1"], readAs: ["# note", "H>H>H>HH", "x = 1"])
        #expect(region.lines.map(\.text) == ["# note", "########", "x = 1"])
    }

    @Test("The cell a banner is drawn like may stand anywhere in the block, after hundreds of others")
    func referenceAtTheFoot() {
        let body = Array(repeating: "oooooooooooooo", count: 32)
        let region = Self.region(body + ["########", "# end"], readAs: body + ["HHHHHHHH", "# end"])
        #expect(region.lines.suffix(2).map(\.text) == ["########", "# end"])
    }

    @Test("A run of `~` drawn as one wave across the x-height is tildes; a flat bar and two bars are not")
    func tildeShape() {
        // 12 px cells, x-height 12 on a baseline at 40: each cell's stroke rises over its
        // first half and falls over its second, 2 px thick, between y 30 and 35.
        func picture(_ stroke: (Int) -> [Int]) -> InkPicture {
            var image = GrayImage(width: 120, height: 60, filledWith: 255)
            for x in 0..<120 {
                for y in stroke(x % 12) { image[x, y] = 0 }
            }
            return InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255)
        }
        let wave = picture { column in let top = column < 6 ? 33 - column / 2 : 30 + (column - 6) / 2; return [top, top + 1] }
        let dash = picture { _ in [32, 33] }
        let equals = picture { _ in [30, 31, 34, 35] }
        let run = RepeatedGlyphs.Run(firstColumn: 0, centers: (0..<10).map { 6 + 12 * Double($0) }, top: 30, bottom: 36)
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        #expect(RepeatedGlyphs.tilde(run, baseline: 40, grid: grid, picture: wave) == "~")
        #expect(RepeatedGlyphs.tilde(run, baseline: 40, grid: grid, picture: dash) == nil)
        #expect(RepeatedGlyphs.tilde(run, baseline: 40, grid: grid, picture: equals) == nil)
        // Two bars stacked whose middles move from column to column (a small `#` found from bar
        // to bar, its stems' pieces above, between and below them) hold two strokes down each
        // column: no wave.
        let stacked = Self.drawn(["######......", "############", "............", "............", "############", "......######"])
        #expect(RepeatedGlyphs.tilde(stacked.run, baseline: 42, grid: grid, picture: stacked.picture) == nil)
        // Letters stand on the baseline.
        #expect(RepeatedGlyphs.tilde(RepeatedGlyphs.Run(firstColumn: 0, centers: run.centers, top: 34, bottom: 40), baseline: 40,
                                     grid: grid, picture: wave) == nil)
        // A small wave, 4 px tall, antialiased: a quarter-inked pixel under each crest and over
        // each trough brings their middles under two pixels apart.
        var image = GrayImage(width: 120, height: 60, filledWith: 255)
        for x in 0..<120 {
            let (full, pale) = x % 12 < 6 ? ([31, 32], 33) : ([33, 34], 32)
            for y in full { image[x, y] = 0 }
            image[x, pale] = 191
        }
        let small = InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255)
        #expect(RepeatedGlyphs.tilde(RepeatedGlyphs.Run(firstColumn: 0, centers: run.centers, top: 31, bottom: 35), baseline: 40,
                                     grid: grid, picture: small) == "~")
        // Small type leaves a gap between tildes: a wave over 7 of the cell's 12 columns.
        let apart = picture { column in column >= 7 ? [] : column < 4 ? [31, 32] : [33, 34] }
        #expect(RepeatedGlyphs.tilde(RepeatedGlyphs.Run(firstColumn: 0, centers: run.centers, top: 31, bottom: 35), baseline: 40,
                                     grid: grid, picture: apart) == "~")
        // A dim `=` of two 1 px bars, the lower one twice as strong in two columns of each cell
        // (where a magenta's chroma, kept at half resolution, falls on it): two strokes down
        // each column, by the column's own ink, not one stroke and a fringe.
        var dim = GrayImage(width: 120, height: 60, filledWith: 255)
        for x in 0..<120 {
            dim[x, 31] = 173
            let strong = (5...6).contains(x % 12)
            dim[x, 34] = strong ? 82 : 173
            dim[x, 32] = 242
            dim[x, 35] = strong ? 230 : 242
        }
        let dimEquals = InkPicture(image: dim, ground: 255, polarity: .darkOnLight, inkContrast: 255)
        let bars = RepeatedGlyphs.Run(firstColumn: 0, centers: run.centers, top: 31, bottom: 35)
        #expect(RepeatedGlyphs.tilde(bars, baseline: 40, grid: grid, picture: dimEquals) == nil)
        #expect(RepeatedGlyphs.equals(bars, baseline: 40, grid: grid, picture: dimEquals) == "=")
    }

    @Test("The cells drawn near a run vote by how near they are: one `#` well inside the limit outweighs three `$` read as `S` and a dozen letters at its edge")
    func referencesVoteByNearness() {
        let edge = (0..<12).map { (character: Character(["e", "a", "s"][$0 % 3]), distance: Float(0.28)) }
        #expect(RepeatedGlyphs.vote(of: [("#", 0.17), ("S", 0.25), ("S", 0.25), ("S", 0.26)]) == "#")
        #expect(RepeatedGlyphs.vote(of: [("#", 0.03)] + edge) == "#")
        // Four cells read four ways, as near: no reading tells.
        #expect(RepeatedGlyphs.vote(of: [("d", 0.1), ("f", 0.1), ("n", 0.1), ("_", 0.1)]) == nil)
    }

    @Test("A small wave two pixels tall, antialiased, is tildes; a bar two pixels thick is not")
    func smallTilde() {
        // 10 px cells: each `~` a pixel high over its first half and a pixel low over its second,
        // its edges half ink (a tilde in small type, its middle rising and falling by 0.7 px).
        var wave = GrayImage(width: 120, height: 60, filledWith: 255)
        var dash = GrayImage(width: 120, height: 60, filledWith: 255)
        for x in 0..<100 where x % 10 < 8 {
            let high = x % 10 < 4
            wave[x, high ? 33 : 34] = 0
            wave[x, high ? 34 : 33] = x % 10 == 0 || x % 10 == 7 ? 128 : 200
            dash[x, 33] = 0
            dash[x, 34] = 0
        }
        let run = RepeatedGlyphs.Run(firstColumn: 0, centers: (0..<10).map { 5 + 10 * Double($0) }, top: 33, bottom: 35)
        let grid = ReadRegion.Grid(cell: 10, origin: 5, xHeight: 9)
        func picture(_ image: GrayImage) -> InkPicture { InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255) }
        #expect(RepeatedGlyphs.tilde(run, baseline: 39, grid: grid, picture: picture(wave)) == "~")
        #expect(RepeatedGlyphs.tilde(run, baseline: 39, grid: grid, picture: picture(dash)) == nil)
        // A pale fringe under the stroke (Noto Mono in xterm) makes the run's box a pixel taller,
        // not the wave: its two rows of solid ink are what it rises over.
        var fringed = wave, fringedDash = dash
        for x in 0..<100 where x % 10 < 8 {
            fringed[x, 35] = 215
            fringedDash[x, 35] = 215
        }
        let boxed = RepeatedGlyphs.Run(firstColumn: 0, centers: run.centers, top: 33, bottom: 36)
        #expect(RepeatedGlyphs.tilde(boxed, baseline: 39, grid: grid, picture: picture(fringed)) == "~")
        #expect(RepeatedGlyphs.tilde(boxed, baseline: 39, grid: grid, picture: picture(fringedDash)) == nil)
    }

    @Test("A wave two pixels tall in cells an odd number of pixels wide is read on its pixels: sampled between them it halves")
    func tildeInOddCells() {
        // Noto Sans Mono 12 px at 720p, measured: 7 px cells centred half a pixel off the pixels.
        let upper: [UInt8] = [126, 54, 116, 222, 115, 200, 241], lower: [UInt8] = [93, 228, 137, 58, 101, 241, 232]
        var wave = GrayImage(width: 100, height: 60, filledWith: 239)
        var dash = wave
        for x in 0..<84 {
            wave[x, 40] = upper[x % 7]
            wave[x, 41] = lower[x % 7]
            dash[x, 40] = 60
            dash[x, 41] = 180
        }
        let run = RepeatedGlyphs.Run(firstColumn: 0, centers: (0..<12).map { 3.5 + 7 * Double($0) }, top: 40, bottom: 42)
        let grid = ReadRegion.Grid(cell: 7, origin: 3.5, xHeight: 7)
        func picture(_ image: GrayImage) -> InkPicture { InkPicture(image: image, ground: 239, polarity: .darkOnLight, inkContrast: 190) }
        #expect(RepeatedGlyphs.tilde(run, baseline: 46, grid: grid, picture: picture(wave)) == "~")
        #expect(RepeatedGlyphs.tilde(run, baseline: 46, grid: grid, picture: picture(dash)) == nil)
    }

    @Test("A `#` so small and faint that its bars are lost, two stems apart in each cell, is one cell: a banner counts its cells")
    func hashesInPieces() {
        // League Mono at 13 px: 9 px cells, each `#` two stems 2 px wide, 2 px apart.
        let stems = (0..<20).flatMap { cell in [BoundingBox(x: 70 + 9 * cell, y: 176, width: 2, height: 9),
                                                 BoundingBox(x: 74 + 9 * cell, y: 176, width: 2, height: 9)] }
        let grid = ReadRegion.Grid(cell: 9, origin: 72.5, xHeight: 7)
        let runs = RepeatedGlyphs.runs(in: CharacterInk.cells(in: stems), grid: grid)
        #expect(runs.count == 1)
        #expect(runs.first?.centers.count == 20)
        // Two narrow characters a cell apart stay two.
        #expect(CharacterInk.joiningPieces(CharacterInk.cells(in: [BoundingBox(x: 73, y: 176, width: 2, height: 9),
                                                                   BoundingBox(x: 82, y: 176, width: 2, height: 9)]), cell: 9).count == 2)
    }

    /// Ten 12 px cells each drawn as `cell` (rows from y 30 down: `#` full ink, `+` a pale
    /// antialiased edge under half ink), and the run over them.
    static func drawn(_ cell: [String]) -> (run: RepeatedGlyphs.Run, picture: InkPicture) {
        var image = GrayImage(width: 120, height: 60, filledWith: 255)
        for (y, row) in cell.enumerated() {
            for (x, mark) in row.enumerated() where mark != "." {
                for left in stride(from: 0, to: 120, by: 12) { image[left + x, 30 + y] = mark == "#" ? 0 : 150 }
            }
        }
        let run = RepeatedGlyphs.Run(firstColumn: 0, centers: (0..<10).map { 6 + 12 * Double($0) }, top: 30, bottom: 30 + cell.count)
        return (run, InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255))
    }

    static let caretCell = ["....++......", "....##......", "...#..#.....", "..#....#....", ".#......#...", "#........#.."]
    static let asteriskCell = [".....##.....", ".##..##..##.", "...######...", "....#..#....", "...#....#...", "..#......#.."]
    static let plusCell = [".....##.....", ".....##.....", ".##########.", ".....##.....", ".....##.....", "............"]
    static let thickPlusCell = [".....##.....", ".....##.....", ".##########.", ".##########.", ".....##.....", ".....##....."]
    static let hashCell = ["...#....#...", "...#....#...", ".##########.", "...#....#...", "...#....#...", "...#....#...",
                           ".##########.", "...#....#...", "...#....#..."]
    static let letterHCell = ["..#......#..", "..#......#..", "..#......#..", "..##########", "..#......#..", "..#......#..",
                              "..#......#..", "..#......#..", "..#......#.."]
    static let equalsCell = ["############", "............", "............", "############"]
    static let zeroCell = ["..########..", ".#........#.", ".#........#.", ".#........#.", ".#........#.", "..########.."]

    @Test("Each cell of a run stands where its neighbours put it: a faint glyph whose ink a threshold cut a pixel wider lies on their grid")
    func steadiedRun() {
        // A 1-pixel `/` at 720p, one a cell of 8 from x = 69.5: the first glyph's ink reaches a
        // pixel further left, half a pixel off its cell's middle.
        let grid = ReadRegion.Grid(cell: 8, origin: 69.5, xHeight: 6)
        let inks = (0..<10).map { index in
            CharacterInk(left: 72 + 8 * index - (index == 0 ? 1 : 0), right: 75 + 8 * index, top: 222, bottom: 230)
        }
        let runs = RepeatedGlyphs.runs(in: inks, grid: grid)
        #expect(runs.count == 1)
        #expect(runs.first?.centers == (0..<10).map { 73.5 + 8 * Double($0) })
    }

    @Test("A small `#` whose stems' faint tips the encoder keeps in some cells and not others is one run; a `+` far shorter is not of it")
    func smallHashesWithFaintTips() {
        // Noto Sans Mono at 720p: `#` 7 px tall in cells of 7, its tips a pixel row above it.
        let grid = ReadRegion.Grid(cell: 7, origin: 70.5, xHeight: 5)
        let tops = [127, 127, 125, 125, 125, 127, 125, 125, 125, 127, 125, 125]
        let hashes = tops.enumerated().map { CharacterInk(left: 67 + 7 * $0.offset, right: 74 + 7 * $0.offset, top: $0.element, bottom: 132) }
        #expect(RepeatedGlyphs.runs(in: hashes, grid: grid).map(\.centers.count) == [12])
        var withPlus = hashes
        withPlus[6] = CharacterInk(left: 67 + 7 * 6, right: 74 + 7 * 6, top: 127, bottom: 130)
        #expect(RepeatedGlyphs.runs(in: withPlus, grid: grid).map(\.centers.count) == [6, 5])
    }

    @Test("A terminal's block cursor on a run is a cell of it: the run goes on through it, and counts it; at a run's end it is left out")
    func cursorInARun() {
        // Cousine 13 in xterm, cells of 10, lines of 21: `~` 3 px tall; the cursor on the third.
        let grid = ReadRegion.Grid(cell: 10, origin: 25, xHeight: 9)
        var image = GrayImage(width: 400, height: 60, filledWith: 255)
        var inks: [CharacterInk] = []
        for index in 0..<30 {
            let left = 21 + 10 * index
            if index == 2 {
                // The reversed cell: solid but for the glyph drawn in the ground's colour.
                for y in 10..<31 { for x in left - 1..<left + 9 { image[x, y] = (24..<26).contains(y) ? 255 : 0 } }
                inks.append(CharacterInk(left: left - 1, right: left + 9, top: 10, bottom: 31))
            } else {
                for y in 24..<27 { for x in left..<left + 8 { image[x, y] = 0 } }
                inks.append(CharacterInk(left: left, right: left + 8, top: 24, bottom: 27))
            }
        }
        let picture = InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255)
        let cursor = { (ink: CharacterInk) in RepeatedGlyphs.isBlockCursor(ink, grid: grid, picture: picture) }
        #expect(inks.map(cursor) == inks.indices.map { $0 == 2 })
        let runs = RepeatedGlyphs.runs(in: inks, grid: grid, hidden: cursor)
        #expect(runs.map(\.centers.count) == [30])
        #expect(runs.first.map { ($0.firstColumn, $0.top, $0.bottom) } ?? (0, 0, 0) == (0, 24, 27))
        // Not told, it cuts the run: two cells before it are none.
        #expect(RepeatedGlyphs.runs(in: inks, grid: grid).map(\.centers.count) == [27])
        // At the run's end, the character under it is not known to be the run's.
        #expect(RepeatedGlyphs.runs(in: Array(inks[2...]), grid: grid, hidden: cursor).map(\.centers.count) == [27])
    }

    @Test("A banner a block cursor stands on is read through it: the cell it hides is the banner's, and drawn like it")
    func cursorOnABanner() {
        let region = Self.region(["# note", "###█########", "x = 1"], readAs: ["# note", "HHHBHHHHHHHH", "x = 1"])
        #expect(region.lines.map(\.text)[1] == "############")
        // A short run beside the cursor is as much the banner's: both sides read.
        let short = Self.region(["# note", "#####█####", "x = 1"], readAs: ["# note", "HHHHH HHHH", "x = 1"])
        #expect(short.lines.map(\.text)[1] == "##########")
    }

    @Test("A small `~` four pixels tall, a hump and feet with a gap under it, is no caret: it rises again past its trough")
    func smallTildeIsNoCaret() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        let tilde = Self.drawn(["...##.......", "..#..#......", ".#....#..#..", "#......###.."])
        #expect(RepeatedGlyphs.caret(tilde.run, baseline: 42, grid: grid, picture: tilde.picture) == nil)
        let caret = Self.drawn(Self.caretCell)
        #expect(RepeatedGlyphs.caret(caret.run, baseline: 42, grid: grid, picture: caret.picture) == "^")
    }

    @Test("A caret is an inverted V whose pale tip lies half a pixel off the cell's middle; an asterisk's arms are no caret")
    func caretShape() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        let caret = Self.drawn(Self.caretCell)
        #expect(RepeatedGlyphs.caret(caret.run, baseline: 42, grid: grid, picture: caret.picture) == "^")
        let asterisk = Self.drawn(Self.asteriskCell)
        #expect(RepeatedGlyphs.caret(asterisk.run, baseline: 42, grid: grid, picture: asterisk.picture) == nil)
        // On the baseline it is no caret.
        #expect(RepeatedGlyphs.caret(caret.run, baseline: 36, grid: grid, picture: caret.picture) == nil)
        // In small type (an x-height of 8) a box ending three rows over the baseline (it may
        // take in a row of antialiasing under the feet) hangs; two rows over it, it stands.
        let small = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 8)
        #expect(RepeatedGlyphs.caret(caret.run, baseline: 39, grid: small, picture: caret.picture) == "^")
        #expect(RepeatedGlyphs.caret(caret.run, baseline: 38, grid: small, picture: caret.picture) == nil)
    }

    @Test("A caret landing between pixels, one foot a row longer than the other, is still a caret")
    func lopsidedCaret() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        // Inconsolata at 720p: its left foot's last row paler than half ink.
        let caret = Self.drawn([".....#......", "....##......", "...####.....", "...#..#.....", "..##..##....", "..#....#....",
                                ".......#...."])
        #expect(RepeatedGlyphs.caret(caret.run, baseline: 44, grid: grid, picture: caret.picture) == "^")
        let asterisk = Self.drawn(Self.asteriskCell)
        #expect(RepeatedGlyphs.caret(asterisk.run, baseline: 44, grid: grid, picture: asterisk.picture) == nil)
    }

    @Test("An asterisk is spokes from a hub, hanging above the baseline; a plus and a caret are not")
    func asteriskShape() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        let asterisk = Self.drawn(Self.asteriskCell)
        #expect(RepeatedGlyphs.asterisk(asterisk.run, baseline: 42, grid: grid, picture: asterisk.picture) == "*")
        #expect(RepeatedGlyphs.asterisk(asterisk.run, baseline: 36, grid: grid, picture: asterisk.picture) == nil)
        // Noto Sans Mono's caret at 14 pt: a tip three pixels wide, its strokes a pixel either
        // side of the tip's axis halfway down.
        let wideCaret = ["......+.....", ".....+#+....", ".....###....", "....+#.#+...", "....#+.+#...", "...+#...#+..",
                         "...#+...+#..", "..+#.....#+.", "..##.....+#."]
        for cell in [Self.plusCell, Self.thickPlusCell, Self.caretCell, wideCaret] {
            let drawn = Self.drawn(cell)
            #expect(RepeatedGlyphs.asterisk(drawn.run, baseline: 42, grid: grid, picture: drawn.picture) == nil)
        }
    }

    @Test("A run found as one line (small asterisks touching arm to arm, cut off as a rule) is as tall as its glyphs' ink, and its shape tells")
    func wholeRun() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        let asterisk = Self.drawn(Self.asteriskCell)
        // The hub's row alone, where the arms touch across the cells.
        var line = asterisk.run
        (line.top, line.bottom) = (32, 33)
        #expect(RepeatedGlyphs.asterisk(line, baseline: 42, grid: grid, picture: asterisk.picture) == nil)
        let whole = line.whole(grid: grid, picture: asterisk.picture)
        #expect((whole.top, whole.bottom) == (30, 36))
        #expect(RepeatedGlyphs.asterisk(whole, baseline: 42, grid: grid, picture: asterisk.picture) == "*")
        // A dash is its line.
        let dash = Self.drawn(["............", "............", "############"])
        var bar = dash.run
        (bar.top, bar.bottom) = (32, 33)
        let dashWhole = bar.whole(grid: grid, picture: dash.picture)
        #expect((dashWhole.top, dashWhole.bottom) == (32, 33))
    }

    @Test("A faint 5-pixel asterisk, its arm tips under half ink, is an asterisk; an x that small is not")
    func smallAsterisk() {
        // Measured at 720p: a grey asterisk on a dark teal ground, 9 px cells.
        let star = [[0, 0, 61, 0, 0], [29, 9, 58, 7, 27], [35, 51, 62, 48, 33], [0, 43, 49, 39, 0], [17, 50, 2, 51, 15]]
        let x = [[50, 0, 0, 0, 50], [0, 50, 0, 50, 0], [0, 0, 62, 0, 0], [0, 50, 0, 50, 0], [50, 0, 0, 0, 50]]
        func run(_ cell: [[Int]]) -> (RepeatedGlyphs.Run, InkPicture) {
            var image = GrayImage(width: 90, height: 30, filledWith: 40)
            for left in stride(from: 2, to: 90, by: 9) {
                for (y, row) in cell.enumerated() { for (x, ink) in row.enumerated() { image[left + x, 10 + y] = UInt8(40 + ink) } }
            }
            return (RepeatedGlyphs.Run(firstColumn: 0, centers: (0..<10).map { 4.5 + 9 * Double($0) }, top: 10, bottom: 15),
                    InkPicture(image: image, ground: 40, polarity: .lightOnDark, inkContrast: 62))
        }
        let grid = ReadRegion.Grid(cell: 9, origin: 4.5, xHeight: 8)
        let stars = run(star)
        #expect(RepeatedGlyphs.asterisk(stars.0, baseline: 21, grid: grid, picture: stars.1) == "*")
        // Standing on the baseline it is a letter.
        #expect(RepeatedGlyphs.asterisk(stars.0, baseline: 15, grid: grid, picture: stars.1) == nil)
        let exes = run(x)
        #expect(RepeatedGlyphs.asterisk(exes.0, baseline: 21, grid: grid, picture: exes.1) == nil)
    }

    @Test("A hash is two bars crossed by two stems reaching past them, or past the upper one only (small type hinted onto the pixels); an H has one bar, an = no stems, a 0 nothing past its bowl")
    func hashShape() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        let hash = Self.drawn(Self.hashCell)
        #expect(RepeatedGlyphs.hash(hash.run, grid: grid, picture: hash.picture) == "#")
        for cell in [Self.letterHCell, Self.equalsCell, Self.plusCell, Self.zeroCell] {
            let drawn = Self.drawn(cell)
            #expect(RepeatedGlyphs.hash(drawn.run, grid: grid, picture: drawn.picture) == nil)
        }
        // A dim `#` found from bar to bar, its stems' tips too faint for the row's box, still
        // shows them a row or two past it.
        var barToBar = hash.run
        (barToBar.top, barToBar.bottom) = (32, 37)
        #expect(RepeatedGlyphs.hash(barToBar, grid: grid, picture: hash.picture) == "#")
        // Cousine 14 at 720p, a comment's green: the stems end at the lower bar.
        let cutShort = Self.drawn(Array(Self.hashCell.dropLast(2)))
        #expect(RepeatedGlyphs.hash(cutShort.run, grid: grid, picture: cutShort.picture) == "#")
        // vim's `cursorline` under a banner of `#` drawn the whole cell wide: the line a row
        // under the run's box is no third bar.
        var underlined = Self.drawn(Self.hashCell.map { $0.replacingOccurrences(of: ".##########.", with: "############") })
        for x in 0..<120 { underlined.picture.image[x, 30 + Self.hashCell.count + 1] = 0 }
        #expect(RepeatedGlyphs.hash(underlined.run, grid: grid, picture: underlined.picture) == "#")
        // A box whose sides run on above its top: its bars end at its sides, crossing nothing.
        let box = Self.drawn([".#........#.", ".#........#.", ".##########.", ".#........#.", ".#........#.", ".#........#.", ".##########."])
        #expect(RepeatedGlyphs.hash(box.run, grid: grid, picture: box.picture) == nil)
    }

    @Test("An equals sign is two bars across the cell, clear between, over the baseline, its lower bar paler; a hash, an H, a plus, a dash and an underscore are not")
    func equalsShape() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        // vim's `====` in Inconsolata: the lower bar spread over three rows, its edges pale.
        let equals = Self.drawn(["++++++++++..", "##########..", "............", "............", "++++++++++..", "##########..", "++++++++++.."])
        #expect(RepeatedGlyphs.equals(equals.run, baseline: 42, grid: grid, picture: equals.picture) == "=")
        for cell in [Self.hashCell, Self.letterHCell, Self.plusCell, ["##########.."]] {
            let drawn = Self.drawn(cell)
            #expect(RepeatedGlyphs.equals(drawn.run, baseline: 42, grid: grid, picture: drawn.picture) == nil)
        }
        // On the baseline: two underscores' rows, not an equals sign.
        #expect(RepeatedGlyphs.equals(equals.run, baseline: 37, grid: grid, picture: equals.picture) == nil)
    }

    @Test("A dash is one flat bar across a third of the cell or more, between the baseline and the x-height's top; an underscore, an equals sign, a plus and a dot are not")
    func dashShape() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        // Noto Sans Mono at 25 px: a bar 2 px thick over half the cell, six rows over the baseline.
        let dash = Self.drawn(["............", "............", "............", "...######...", "...######..."])
        #expect(RepeatedGlyphs.dash(dash.run, baseline: 40, grid: grid, picture: dash.picture) == "-")
        // On the baseline: an underscore's.
        #expect(RepeatedGlyphs.dash(dash.run, baseline: 35, grid: grid, picture: dash.picture) == nil)
        for cell in [Self.equalsCell, Self.plusCell, ["............", "............", "....##......", "....##......"]] {
            let drawn = Self.drawn(cell)
            #expect(RepeatedGlyphs.dash(drawn.run, baseline: 40, grid: grid, picture: drawn.picture) == nil)
        }
    }

    @Test("A slash is one narrow stroke leaning across its cell, taller than the x-height; stems stand upright, an x has two strokes")
    func slashShape() {
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 10)
        // 16 rows, the stroke two pixels wide moving a pixel left every two rows down.
        func cell(_ inked: (Int, Int) -> Bool) -> [String] {
            (0..<16).map { (y: Int) -> String in String((0..<12).map { (x: Int) -> Character in inked(x, y) ? "#" : "." }) }
        }
        let slash = cell { x, y in x == 8 - y / 2 || x == 9 - y / 2 }
        let backslash = slash.map { String($0.reversed()) }
        let stem = Array(repeating: ".....##.....", count: 16)
        let ex = cell { x, y in x == 2 + y / 2 || x == 9 - y / 2 }
        #expect(RepeatedGlyphs.slash(Self.drawn(slash).run, grid: grid, picture: Self.drawn(slash).picture) == "/")
        #expect(RepeatedGlyphs.slash(Self.drawn(backslash).run, grid: grid, picture: Self.drawn(backslash).picture) == "\\")
        for cell in [stem, ex, Self.caretCell] {
            let drawn = Self.drawn(cell)
            #expect(RepeatedGlyphs.slash(drawn.run, grid: grid, picture: drawn.picture) == nil)
        }
    }

    @Test("Cells drawn like a run but read each a different way (d, f, n and _) tell no symbol: the run stays as read")
    func referencesThatDisagree() {
        let region = Self.region(["#", "oooooooo", "o o o o"], readAs: ["#", "WIMPXFIL", "d f n _"])
        #expect(region.lines[1].text == "WIMPXFIL")
    }

    @Test("A run of letters alike, drawn like no symbol, stays as read")
    func lettersAlike() {
        let region = Self.region(["# note", "oooooooo"], readAs: ["# note", "oooooooo"])
        #expect(region.lines.map(\.text) == ["# note", "oooooooo"])
    }
}
