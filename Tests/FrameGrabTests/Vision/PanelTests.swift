import Testing
@testable import FrameGrab
@testable import FrameGrabModel

@Suite("A panel bounds a region")
struct PanelTests {
    static let frame = BoundingBox(x: 0, y: 0, width: 1280, height: 720)

    /// A picture of `ground` with each of `panels` filled with its level.
    static func picture(ground: UInt8, panels: [(BoundingBox, UInt8)], width: Int = 640, height: Int = 360) -> GrayImage {
        var image = GrayImage(width: width, height: height, filledWith: ground)
        for (box, level) in panels {
            for y in box.y..<box.bottom { for x in box.x..<box.right { image[x, y] = level } }
        }
        return image
    }

    @Test("A card as faint as #eceff4 on #fafafa is a panel; the slide around it is not")
    func faintCard() throws {
        let card = BoundingBox(x: 64, y: 96, width: 448, height: 224)
        let map = BackgroundMap(Self.picture(ground: 250, panels: [(card, 239)]))
        let panel = try #require(map.panels.first)
        #expect(map.panels.count == 1)
        #expect(panel.box == card)
        #expect(map.panel(holding: BoundingBox(x: 100, y: 120, width: 200, height: 20)) == card)
        // Text on the slide beside the card, or reaching out of it, stands on no panel.
        #expect(map.panel(holding: BoundingBox(x: 530, y: 120, width: 80, height: 20)) == nil)
        #expect(map.panel(holding: BoundingBox(x: 100, y: 300, width: 200, height: 40)) == nil)
    }

    @Test("Code in two panels side by side whose rows line up is two texts; numbers on a gutter's own shade join the code they number")
    func panelsSideBySide() {
        func block(_ rows: [String], left: Int, panel: BoundingBox?) -> ReadBlock {
            let made = rows.enumerated().map { SyntheticLines.line($0.element, row: $0.offset, left: left) }
            var read = ReadingTests.readBlock(made.map(\.0), glyphs: made.map(\.1))
            read.block.panel = panel
            return read
        }
        let leftCode = ["Nvi     The New Vi.", "        Good compatibility.", "Elvis   Another clone.", "        Very compact."]
        let rightCode = ["partialmethod = obj", "if cls is None:", "    return self", "wrapped = func"]
        let (leftPanel, rightPanel) = (BoundingBox(x: 90, y: 0, width: 420, height: 130), BoundingBox(x: 530, y: 0, width: 420, height: 130))
        let apart = [block(leftCode, left: 100, panel: leftPanel), block(rightCode, left: 540, panel: rightPanel)]
        #expect(AlignedColumns().joined(apart).count == 2)
        // On the page's own ground, the same rows are one table's; so they are where a shade is
        // found under one column only (part of a full-screen editor).
        #expect(AlignedColumns().joined([block(leftCode, left: 100, panel: nil), block(rightCode, left: 540, panel: nil)]).count == 1)
        #expect(AlignedColumns().joined([block(leftCode, left: 100, panel: nil), block(rightCode, left: 540, panel: rightPanel)]).count == 1)
        // A gutter on a shade of its own.
        let numbers = block(["1", "2", "3", "4"], left: 60, panel: BoundingBox(x: 50, y: 0, width: 40, height: 130))
        #expect(AlignedColumns().joined([numbers, block(rightCode, left: 100, panel: leftPanel)]).count == 1)
        // A gutter on the screen's own ground numbers the panel's rows: joined to them, it is in
        // the panel, and the rest of the panel's text (a docstring's `'''` found apart) joins it.
        let gutter = block(["1", "2", "3", "4"], left: 60, panel: nil)
        let below = [("'''", 5), ("wrapped = func", 6)].map { SyntheticLines.line($0.0, row: $0.1, left: 100) }
        var rest = ReadingTests.readBlock(below.map(\.0), glyphs: below.map(\.1))
        rest.block.panel = leftPanel
        let columns = AlignedColumns().joined([gutter, block(rightCode, left: 100, panel: leftPanel), rest])
        #expect(columns.count == 2 && columns.allSatisfy { $0.block.panel == leftPanel })
        #expect(PanelContents().joined(columns).count == 1)
    }

    @Test("Two cards side by side are two panels; a full-screen terminal and a gradient are none")
    func panelsAndGrounds() {
        let left = BoundingBox(x: 32, y: 64, width: 272, height: 256), right = BoundingBox(x: 336, y: 64, width: 272, height: 256)
        #expect(BackgroundMap(Self.picture(ground: 30, panels: [(left, 48), (right, 48)])).panels.map(\.box).sorted { $0.x < $1.x }
            == [left, right])
        #expect(BackgroundMap(Self.picture(ground: 12, panels: [])).panels.isEmpty)
        var gradient = GrayImage(width: 640, height: 360)
        for y in 0..<360 { for x in 0..<640 { gradient[x, y] = UInt8(40 + x / 4) } }
        #expect(BackgroundMap(gradient).panels.isEmpty)
    }

    @Test("An editor pane cut by its highlighted current line is one panel; its tab strip and status bar are not in it")
    func editorPane() throws {
        let pane = BoundingBox(x: 128, y: 32, width: 448, height: 288)
        let image = Self.picture(ground: 20, panels: [
            (pane, 40),
            (BoundingBox(x: 128, y: 160, width: 448, height: 16), 70),     // the current line
            (BoundingBox(x: 128, y: 0, width: 448, height: 32), 28),       // the tab strip
            (BoundingBox(x: 160, y: 0, width: 96, height: 32), 40),        // the active tab, the pane's colour
        ])
        let map = BackgroundMap(image)
        #expect(map.panels.map(\.box).contains(pane))
        #expect(map.panel(holding: BoundingBox(x: 170, y: 8, width: 60, height: 14)) != pane)
    }

    @Test("Dense text right under a dark title bar stands on its own white ground, not on the bar's, though no flat white tile is near it")
    func textUnderATitleBar() {
        // nano: a black bar across the top, then rows of text (stripes of ink) over the left
        // 400 pixels; white paper beyond them.
        var image = Self.picture(ground: 255, panels: [(BoundingBox(x: 0, y: 0, width: 640, height: 37), 0)])
        for y in 37..<240 where (6..<21).contains(y % 24) {
            for x in 0..<400 where x % 6 < 3 { image[x, y] = 0 }
        }
        let map = BackgroundMap(image)
        #expect(Array(map.levels(forRow: 8))[10] < 10, "the bar is its own ground")
        #expect(Array(map.levels(forRow: 52))[10] > 245, "the first row of text, within two tiles of the bar")
        #expect(Array(map.levels(forRow: 100))[10] > 245)
    }

    /// Blocks of `sources` (each a list of rows with its first row number), all in `panel`.
    static func blocks(_ sources: [(first: Int, rows: [String])], panel: BoundingBox?) -> [ReadBlock] {
        sources.map { source in
            let made = source.rows.enumerated().map { SyntheticLines.line($0.element, row: source.first + $0.offset) }
            var read = ReadingTests.readBlock(made.map(\.0), glyphs: made.map(\.1))
            read.block.panel = panel
            return read
        }
    }

    /// The code excerpt cut inside a block, found as three blocks: the deeper first lines, the
    /// shallower rest after a blank line, and the rows below.
    static let excerpt: [(first: Int, rows: [String])] = [
        (0, ["            return cached", "        }"]),
        (3, ["    func load(_ url: URL) {", "        fetch(url)"]),
        (5, ["    }", "}"]),
    ]
    static let excerptText = "            return cached\n        }\n\n    func load(_ url: URL) {\n        fetch(url)\n    }\n}"

    @Test("The blocks of one panel are one region, indented from its leftmost column")
    func panelContents() throws {
        let panel = BoundingBox(x: 80, y: 0, width: 700, height: 240)
        let regions = Reading.regions(from: Self.blocks(Self.excerpt, panel: panel), contentArea: Self.frame)
        #expect(regions.count == 1)
        #expect(try #require(regions.first).text == Self.excerptText)
        // In two panels, two regions.
        var apart = Self.blocks(Self.excerpt, panel: panel)
        apart[2].block.panel = BoundingBox(x: 80, y: 150, width: 700, height: 90)
        #expect(PanelContents().joined(apart).count == 2)
    }

    @Test("Without a panel, rows on one grid are one region; another pitch, cell or surface keeps them apart")
    func oneGrid() throws {
        let regions = Reading.regions(from: Self.blocks(Self.excerpt, panel: nil), contentArea: Self.frame)
        #expect(regions.count == 1)
        #expect(try #require(regions.first).text == Self.excerptText)

        let upper = Self.blocks([Self.excerpt[0]], panel: nil)[0]
        // Half a line pitch off the grid.
        let (offPitch, offGlyphs) = SyntheticLines.lines(["    func load(_ url: URL) {", "        fetch(url)"])
        let shifted = ReadingTests.readBlock(offPitch.map { Self.moved($0, by: 105) }, glyphs: offGlyphs.map { $0.map { Self.moved($0, by: 105) } })
        #expect(OneGrid().joined([upper, shifted]).count == 2)
        // Larger type: another cell width.
        let (larger, largerGlyphs) = SyntheticLines.lines(["    func load(_ url: URL) {", "        fetch(url)"], cell: 20)
        let below = ReadingTests.readBlock(larger.map { Self.moved($0, by: 90) }, glyphs: largerGlyphs.map { $0.map { Self.moved($0, by: 90) } })
        #expect(OneGrid().joined([upper, below]).count == 2)
        // Another surface (a status bar's strip).
        var bar = Self.blocks([Self.excerpt[1]], panel: nil)[0]
        bar.block.ground = 120
        #expect(OneGrid().joined([upper, bar]).count == 2)
        // The same rows in a panel are the panel's business.
        #expect(OneGrid().joined(Self.blocks(Self.excerpt, panel: Self.frame)).count == 3)
    }

    @Test("Without a panel, a lone banner whose glyphs run together joins the code above though OCR's letters there guess another cell; so does a comment's `*/`, whose x-height is a guess")
    func loneRowsOnTheGrid() {
        let (text, textGlyphs) = SyntheticLines.lines(["def total(values):", "    return sum(values)", "", ""])
        let upper = ReadingTests.readBlock(Array(text.prefix(2)), glyphs: Array(textGlyphs.prefix(2)))
        // Row 3: four blobs of six touching `#` each, read as four words of letters.
        let blobs = (0..<4).map { BoundingBox(x: 100 + 84 * $0 + 1, y: 90, width: 82, height: 20) }
        let words = ["SEER", "EE", "AIR", "ESPEN"].enumerated().map { Word(text: $1, box: blobs[$0], confidence: 0.2) }
        let banner = ReadingTests.readBlock([Line(text: "SEER EE AIR ESPEN", box: blobs[0].union(blobs[3]), words: words)], glyphs: [blobs])
        #expect(OneGrid().joined([upper, banner]).count == 1)
        // Letters as wide, boxed apart, are no glyphs run together: another cell.
        let apart = (0..<4).map { BoundingBox(x: 100 + 84 * $0 + 3, y: 90, width: 10, height: 20) }
        let wide = ReadingTests.readBlock([Line(text: "SEER EE AIR ESPEN", box: apart[0].union(apart[3]), words: words)], glyphs: [apart])
        #expect(OneGrid().joined([upper, wide]).count == 2)
        // Nor are blobs that span no whole number of cells (a bold heading's touching letters).
        let heading = (0..<4).map { BoundingBox(x: 97 + 84 * $0, y: 90, width: 76, height: 20) }
        let bold = ReadingTests.readBlock([Line(text: "SEER EE AIR ESPEN", box: heading[0].union(heading[3]), words: words)], glyphs: [heading])
        #expect(OneGrid().joined([upper, bold]).count == 2)
        // A `*/` whose star stands high: its block's x-height is the slash's.
        let (closer, closerGlyphs) = SyntheticLines.line("*/", row: 3)
        var comment = ReadingTests.readBlock([closer], glyphs: [closerGlyphs])
        comment.block.xHeight = 2 * upper.block.xHeight
        #expect(OneGrid().joined([upper, comment]).count == 1)
    }

    @Test("Without a panel, a traceback's carets touching into one wave, found apart and read as another count of `=`, join the code above: a run over whole cells of its cell, however unlike its letters' size; a title's letters run together do not, nor a bar taller than the letters")
    func caretWaveOnTheGrid() {
        let (text, textGlyphs) = SyntheticLines.lines(["  File \"/usr/lib/python3.11/getopt.py\", line 195, in do_shorts",
                                                       "    if short_has_arg(opt, shortopts):"])
        let upper = ReadingTests.readBlock(text, glyphs: textGlyphs)
        // Row 2: 29 carets from column 7, one blob 7 px tall at the top of the row.
        let wave = [BoundingBox(x: 100 + 7 * 14 + 1, y: 2 * 30 + 1, width: 29 * 14 - 2, height: 7)]
        #expect(OneGrid().joined([upper, Self.unread(wave, as: String(repeating: "=", count: 39))]).count == 1)
        // Not a blob spanning no whole number of cells.
        let stroke = [BoundingBox(x: 100 + 7 * 14 + 1, y: 2 * 30 + 1, width: 29 * 14 - 7, height: 7)]
        #expect(OneGrid().joined([upper, Self.unread(stroke, as: String(repeating: "=", count: 39))]).count == 2)
        // Nor a title's letters run together, read as letters twice the code's height.
        let title = [BoundingBox(x: 100 + 7 * 14 + 1, y: 2 * 30 + 1, width: 29 * 14 - 2, height: 40)]
        #expect(OneGrid().joined([upper, Self.unread(title, as: "Minimal API")]).count == 2)
        // Nor a bar taller than the code's letters, read as no letter (a progress bar).
        #expect(OneGrid().joined([upper, Self.unread(title, as: "___")]).count == 2)
    }

    /// A block of one row of marks alone, `glyphs`, that OCR read unsurely as `text`.
    static func unread(_ glyphs: [BoundingBox], as text: String) -> ReadBlock {
        let box = glyphs.dropFirst().reduce(glyphs[0]) { $0.union($1) }
        return ReadingTests.readBlock([Line(text: text, box: box, words: [Word(text: text, box: box, confidence: 0.3)])], glyphs: [glyphs])
    }

    @Test("Without a panel, a faint `\"\"\"` found apart, a blank line under the text, joins it, and so does the code a blank line under it")
    func faintQuotesBetween() {
        let (text, textGlyphs) = SyntheticLines.lines(["saferepr()", "    Generate a 'standard' repr()-like value", "    data structures."])
        let upper = ReadingTests.readBlock(text, glyphs: textGlyphs)
        // Three quotes, two ticks each, 8 px tall, at the top of row 4 (its baseline at 140).
        let ticks = [0, 1, 2].flatMap { cell in [103 + 14 * cell, 109 + 14 * cell].map { BoundingBox(x: $0, y: 4 * 30, width: 2, height: 8) } }
        let marks = Self.unread(ticks, as: "wud")
        let (code, codeGlyphs) = SyntheticLines.line("import collections as _collections", row: 6)
        let lower = ReadingTests.readBlock([code], glyphs: [codeGlyphs])
        #expect(OneGrid().joined([upper, marks, lower]).count == 1)
        // In the gap between two rows' letters, they stand on no row of it.
        let off = ticks.map { BoundingBox(x: $0.x, y: $0.y - 10, width: $0.width, height: $0.height) }
        let offMarks = Self.unread(off, as: "wud")
        #expect(OneGrid().joined([upper, offMarks]).count == 2)
    }

    @Test("Without a panel, a `\"\"\"` found apart under a block cursor (on its middle quote) joins the text above: its glyphs are those drawn under the cursor, marks alike, not the cursor's box")
    func quotesUnderACursor() {
        let (text, textGlyphs) = SyntheticLines.lines(["saferepr()", "    Generate a 'standard' repr()-like value", "    data structures."])
        let upper = ReadingTests.readBlock(text, glyphs: textGlyphs)
        // Three quotes of 230 on 30 at the top of row 4, the cursor (230) a cell wide on the
        // middle one, which it draws in the ground's colour.
        var image = GrayImage(width: 700, height: 200, filledWith: 30)
        let cursor = BoundingBox(x: 114, y: 118, width: 14, height: 24)
        for y in cursor.y..<cursor.bottom { for x in cursor.x..<cursor.right { image[x, y] = 230 } }
        let ticks = [0, 1, 2].flatMap { cell in [103 + 14 * cell, 109 + 14 * cell].map { BoundingBox(x: $0, y: 4 * 30, width: 2, height: 8) } }
        for tick in ticks {
            for y in tick.y..<tick.bottom { for x in tick.x..<tick.right { image[x, y] = cursor.contains(x: Double(x), y: Double(y)) ? 30 : 230 } }
        }
        var marks = Self.unread(ticks.filter { !cursor.contains(x: Double($0.x), y: Double($0.y)) } + [cursor], as: "oun")
        marks.rows[0].cursors = [cursor]
        #expect(OneGrid().joined([upper, marks]).count == 2, "the cursor's box is no mark")
        #expect(OneGrid().joined([upper, marks.withGlyphsUnderCursors(in: image)]).count == 1)
        // Read with the frame's picture, the rows are one region, the quotes' row in it.
        let regions = Reading.regions(from: [upper, marks], contentArea: Self.frame, image: image)
        #expect(regions.count == 1 && regions.first?.lines.count == 4, "\(regions.map(\.text))")
    }

    @Test("Without a panel, a `\"\"\"` found apart a row under a docstring whose rows stand mostly two apart joins it: one row placed off its line does not double the pitch")
    func quotesUnderRowsTwoApart() {
        let rows = [(0, "def formatweekheader(self):"), (2, "    Return a header for a week."), (4, "    s = sep.join(days)"),
                    (5, "    return row % s"), (7, "def formatmonthname(self):"), (9, "    Return a month name."), (11, "    v = []"),
                    (13, "    return a")]
        var made = rows.map { SyntheticLines.line($0.1, row: $0.0) }
        // Row 12 stands 6 px under its line.
        made.insert(SyntheticLines.line("    a = v.append", row: 1, pitch: 12 * 30 + 6), at: 7)
        let upper = ReadingTests.readBlock(made.map(\.0), glyphs: made.map(\.1))
        // Three quotes, two ticks each, 8 px tall, at the top of row 14.
        let ticks = [0, 1, 2].flatMap { cell in [103 + 14 * cell, 109 + 14 * cell].map { BoundingBox(x: $0, y: 14 * 30, width: 2, height: 8) } }
        #expect(OneGrid().joined([upper, Self.unread(ticks, as: "rrreee")]).count == 1)
        // In the gap between two rows' letters, they stand on no row of it.
        let off = ticks.map { BoundingBox(x: $0.x, y: $0.y - 12, width: $0.width, height: $0.height) }
        #expect(OneGrid().joined([upper, Self.unread(off, as: "rrreee")]).count == 2)
    }

    @Test("Without a panel, two rows of marks found apart (a faint docstring's closing `\"\"\"` and the `...` under it), read without a letter, join the text above and the code under them; a pitch off, they do not")
    func faintMarkRowsBetween() {
        let (text, textGlyphs) = SyntheticLines.lines(["saferepr()", "    Generate a 'standard' repr()-like value", "    data structures."])
        let upper = ReadingTests.readBlock(text, glyphs: textGlyphs)
        // Row 4: three quotes, two ticks each, 8 px tall at the top of the row (its baseline at
        // 140); row 5: three dots on its baseline.
        func marks(shifted dy: Int) -> ReadBlock {
            let ticks = [0, 1, 2].flatMap { cell in [103 + 14 * cell, 109 + 14 * cell].map { BoundingBox(x: $0, y: 4 * 30 + dy, width: 2, height: 8) } }
            let dots = [0, 1, 2].map { BoundingBox(x: 104 + 14 * $0, y: 5 * 30 + 17 + dy, width: 3, height: 3) }
            let quotes = Line(text: "'\"", box: ticks[0].union(ticks[5]), words: [Word(text: "'\"", box: ticks[0].union(ticks[5]), confidence: 0.3)])
            let ellipsis = Line(text: "..", box: dots[0].union(dots[2]), words: [Word(text: "..", box: dots[0].union(dots[2]), confidence: 0.3)])
            return ReadingTests.readBlock([quotes, ellipsis], glyphs: [ticks, dots])
        }
        let (code, codeGlyphs) = SyntheticLines.line("import collections as _collections", row: 7)
        let lower = ReadingTests.readBlock([code], glyphs: [codeGlyphs])
        #expect(OneGrid().joined([upper, marks(shifted: 0)]).count == 1)
        #expect(OneGrid().joined([upper, marks(shifted: 0), lower]).count == 1)
        // In the gap between two rows' letters, they stand on no row of it.
        #expect(OneGrid().joined([upper, marks(shifted: -10)]).count == 2)
    }

    @Test("Without a panel, a `====` found apart over its heading, its bars in the upper half of the row, joins the text under it")
    func bannerOverHeading() {
        // vim's help: each `=` two bars 2 px thick, at 4 and 8 px into row 0 (its baseline at 20).
        let bars = (0..<40).flatMap { cell in [BoundingBox(x: 101 + 14 * cell, y: 6, width: 12, height: 2),
                                               BoundingBox(x: 101 + 14 * cell, y: 10, width: 12, height: 2)] }
        let banner = Self.unread(bars, as: "eee ee")
        let (text, glyphs) = SyntheticLines.lines(["", "8. Insert mode commands", "The following commands can be", "undone and repeated"])
        let lower = ReadingTests.readBlock(Array(text.dropFirst()), glyphs: Array(glyphs.dropFirst()))
        #expect(OneGrid().joined([banner, lower]).count == 1)
        // Half a row lower, between the rows, it is not a row of that text.
        let low = bars.map { BoundingBox(x: $0.x, y: $0.y + 16, width: $0.width, height: $0.height) }
        let lowBanner = Self.unread(low, as: "eee ee")
        #expect(OneGrid().joined([lowBanner, lower]).count == 2)
        // Half a row higher, its bars over the row's tall letters' tops, neither.
        let high = bars.map { BoundingBox(x: $0.x, y: $0.y - 15, width: $0.width, height: $0.height) }
        let highBanner = Self.unread(high, as: "eee ee")
        #expect(OneGrid().joined([highBanner, lower]).count == 2)
    }

    @Test("Without a panel, a row of marks under a row (less's `~~~~`) stands where its mark stands in the cell: the blocks still keep one pitch")
    func markRowKeepsPitch() {
        let (first, firstGlyphs) = SyntheticLines.line("   Sletter du  d  teksten, er operatoren for", row: 0)
        let (second, secondGlyphs) = SyntheticLines.line("   operator for a gjore noe med teksten.", row: 1)
        let (marks, markGlyphs) = SyntheticLines.line(String(repeating: "~", count: 40), row: 2)
        // Each `~` a wave 3 px high across its cell, in the middle of the row.
        let waves = markGlyphs.map { BoundingBox(x: $0.x - 3, y: 2 * 30 + 9, width: 14, height: 3) }
        let upper = ReadingTests.readBlock([first, second, marks], glyphs: [firstGlyphs, secondGlyphs, waves])
        let lower = Self.blocks([(3, ["        Leksjon 5.4: HENTING OG SAMMENSLAING", "  ** For a lese inn en annen fil **"])], panel: nil)[0]
        #expect(OneGrid().joined([upper, lower]).count == 1)
    }

    @Test("A pager's prompt under numbered lines, in the numbers' column without a number, is not one of them")
    func promptUnderNumberedLines() {
        let listing = Self.blocks([(0, ["     38 # define CAST (void)", "     39 #else", "     40 # define CAST", "     41 #endif"])], panel: nil)[0]
        let prompt = Self.blocks([(4, ["/usr/include/assert.h"])], panel: nil)[0]
        let numbered = Self.blocks([(4, ["     42 # endif"])], panel: nil)[0]
        #expect(OneGrid().joined([listing, prompt]).count == 2)
        #expect(OneGrid().joined([listing, numbered]).count == 1)
    }

    @Test("A status bar a tile high, just under an editor's last row, is not the editor's text")
    func statusBarUnderText() throws {
        // Letters as bars 8 px wide and 14 tall on a pitch of 20, dark on a light screen; under
        // the last row a dark strip 22 px high, off the 16-pixel tiles (the tile holding its
        // top is mostly the screen above it), with light letters on it.
        var image = Self.picture(ground: 250, panels: [(BoundingBox(x: 0, y: 170, width: 640, height: 22), 32)])
        func letters(row y: Int, count: Int, level: UInt8) {
            for index in 0..<count {
                for dy in 0..<14 { for dx in 0..<8 { image[20 + index * 12 + dx, y + dy] = level } }
            }
        }
        for row in 0..<8 { letters(row: 10 + row * 20, count: 30 - row, level: 20) }
        letters(row: 173, count: 20, level: 230)
        let blocks = TextBlockFinder().blocks(in: image)
        let editor = try #require(blocks.first { $0.box.y < 20 })
        #expect(editor.lines.count == 8)
        #expect(editor.box.bottom <= 170)
    }

    @Test("A row of `=` found apart, mostly ink across its box, stands on the screen's ground, not on its own ink")
    func bannerGround() throws {
        // vim's help at 900p: light letters on a dark screen, then three blank rows and a `====`
        // whose two bars 2 px thick, a pixel apart, fill six pixels of each cell of eight.
        var image = Self.picture(ground: 40, panels: [])
        for row in 0..<3 {
            for index in 0..<(40 - 5 * row) { for dy in 0..<14 { for dx in 0..<6 { image[20 + index * 8 + dx, 16 + row * 20 + dy] = 200 } } }
        }
        for index in 0..<70 { for dy in [0, 1, 3, 4] { for dx in 0..<6 { image[20 + index * 8 + dx, 140 + dy] = 160 } } }
        let banner = try #require(TextBlockFinder().blocks(in: image).first { $0.box.y >= 130 })
        #expect(abs(Int(banner.ground) - 40) <= 8)
    }

    @Test("A light bar a row high under light text, lettered further than a tile's neighbours reach, is no row of that text")
    func lightBarUnderText() throws {
        // vim's status line: light text on a dark screen, then a light bar 22 px high with dark
        // letters from its left end on, so far that the bar's tiles there take the dark
        // screen's ground and the bar between its letters passes for light ink.
        // The bar is off the 16-pixel tiles as vim's was: 4 rows in one, a whole one, 2 in the next.
        var image = Self.picture(ground: 16, panels: [(BoundingBox(x: 8, y: 188, width: 624, height: 22), 208)])
        func letters(row y: Int, from x: Int, count: Int, level: UInt8) {
            for index in 0..<count {
                for dy in 0..<14 { for dx in 0..<7 { image[x + index * 10 + dx, y + dy] = level } }
            }
        }
        for row in 0..<8 { letters(row: 16 + row * 22, from: 20, count: 40 - 3 * row, level: 200) }
        letters(row: 192, from: 10, count: 30, level: 16)
        let blocks = TextBlockFinder().blocks(in: image)
        let text = try #require(blocks.first { $0.polarity == .lightOnDark && $0.box.y < 32 })
        #expect(text.box.bottom <= 188, "\(blocks.map(\.box))")
    }

    @Test("A column the rows of text run across (vim's cursorcolumn) is no panel's side: a `\"\"\"` left of it stands on their ground")
    func columnRowsRunAcross() throws {
        // A dark terminal with a status bar at its foot; a darker column 10 px wide from the top
        // to the bar, as vim's cursorcolumn draws it; light letters 7x14 a cell of 10, in rows
        // 40 px apart, running across the column; between two of them a `"""` left of it: three
        // pairs of ticks 2x5.
        var image = Self.picture(ground: 30, panels: [(BoundingBox(x: 122, y: 0, width: 10, height: 330), 0),
                                                      (BoundingBox(x: 0, y: 330, width: 640, height: 30), 200)])
        for row in 0..<7 where row != 3 {
            for index in 0..<(40 - 2 * row) { for dy in 0..<14 { for dx in 0..<7 { image[22 + index * 10 + dx, 12 + row * 40 + dy] = 200 } } }
        }
        for quote in 0..<3 {
            for tick in [0, 4] { for dy in 0..<5 { for dx in 0..<2 { image[62 + quote * 10 + tick + dx, 132 + dy] = 200 } } }
        }
        // The column cuts the ground into two surfaces, each short of three of the picture's edges.
        #expect(BackgroundMap(image).panels.count == 2)
        // The rows run across it, so neither is a panel: the `"""` stands on the ground the
        // rows over and under it do, and joins them as they are read.
        let blocks = TextBlockFinder().blocks(in: image)
        let quotes = try #require(blocks.first { $0.box.y >= 130 && $0.box.bottom <= 140 })
        #expect(quotes.panel == nil)
        #expect(blocks.count == 3 && blocks.allSatisfy { $0.panel == nil }, "\(blocks.map(\.box))")
    }

    @Test("A panel whose text stays inside it keeps it, however many rows run past it outside")
    func panelTextStaysInside() {
        let card = BoundingBox(x: 320, y: 64, width: 256, height: 224)
        var map = BackgroundMap(Self.picture(ground: 250, panels: [(card, 239)]))
        func row(x: Int, y: Int, count: Int) -> [BoundingBox] { (0..<count).map { BoundingBox(x: x + $0 * 10, y: y, width: 7, height: 14) } }
        // The card's own rows, and rows of the slide left of it and under it.
        map.removePanels(crossedBy: (0..<6).map { row(x: 336, y: 80 + $0 * 30, count: 20) }
                         + (0..<6).map { row(x: 20, y: 80 + $0 * 30, count: 28) } + [row(x: 20, y: 300, count: 60)])
        #expect(map.panels.map(\.box) == [card])
        // One row that chains across its side (a caption over its edge) is no majority of two.
        map.removePanels(crossedBy: [row(x: 200, y: 80, count: 30), row(x: 336, y: 110, count: 20)])
        #expect(map.panels.map(\.box) == [card])
        // Rows that run from the slide across the card's side: the card is a highlight, no panel.
        map.removePanels(crossedBy: (0..<6).map { row(x: 200, y: 80 + $0 * 30, count: 30) })
        #expect(map.panels.isEmpty)
    }

    @Test("A ground under grain is the level most pixels are near, not white ink's one clipped level")
    func grainyGround() {
        // Ground at 60 with uniform grain of 18 either side; text's ink at white covers a third.
        var image = GrayImage(width: 90, height: 30)
        var seed: UInt32 = 55513
        for y in 0..<30 {
            for x in 0..<90 {
                seed = seed &* 1_103_515_245 &+ 12345
                image[x, y] = x % 3 == 0 ? 255 : UInt8(42 + Int(seed >> 16) % 37)
            }
        }
        #expect((42...78).contains(image.commonLevel(around: image.bounds, margin: 0)))
    }

    @Test("A row found in full in one block and in part in another is read once when they join")
    func inkReadOnce() throws {
        let panel = BoundingBox(x: 80, y: 0, width: 700, height: 240)
        let whole = Self.blocks([(0, ["RTLD_DI_ORIGIN = 6,    /* the origin */", "RTLD_DI_NEXT = 7,"])], panel: panel)[0]
        let part = Self.blocks([(0, ["RTLD_DI_ORIGIN = 6,"])], panel: panel)[0]
        let joined = try #require(PanelContents().joined([whole, part]).first)
        #expect(joined.rows.map(\.text) == ["RTLD_DI_ORIGIN = 6, /* the origin */", "RTLD_DI_NEXT = 7,"])
    }

    static func moved(_ box: BoundingBox, by dy: Int) -> BoundingBox {
        BoundingBox(x: box.x, y: box.y + dy, width: box.width, height: box.height)
    }

    static func moved(_ line: Line, by dy: Int) -> Line {
        Line(text: line.text, box: moved(line.box, by: dy),
             words: line.words.map { Word(text: $0.text, box: moved($0.box, by: dy), confidence: $0.confidence) })
    }
}
