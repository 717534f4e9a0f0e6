@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Punctuation checked against its ink")
struct PunctuationShapesTests {
    typealias Ink = CharacterInk
    // A row with its baseline at y = 100 and an x-height of 10: "a" stands on it.
    static let letter = Ink(left: 0, right: 8, top: 90, bottom: 100)

    static let cases: [(Character, Ink, PunctuationShapes.Mark, String)] = [
        ("-", Ink(left: 20, right: 23, top: 97, bottom: 100), .character("."), "a dot on the baseline read as a hyphen"),
        (".", Ink(left: 20, right: 27, top: 94, bottom: 96), .character("-"), "a bar at mid-height read as a dot"),
        ("-", Ink(left: 20, right: 28, top: 102, bottom: 104), .character("_"), "a bar below the baseline"),
        (".", Ink(left: 20, right: 23, top: 97, bottom: 103), .character(","), "a mark hanging below the baseline"),
        (",", Ink(left: 20, right: 22, top: 98, bottom: 101), .character(","), "a small comma's pixel of tail below the baseline"),
        (",", Ink(left: 20, right: 22, top: 98, bottom: 100), .character("."), "a square dot on the baseline read as a comma"),
        (",", Ink(left: 20, right: 23, top: 97, bottom: 101), .character(","), "a comma OCR saw, as wide as tall, a pixel below the baseline"),
        ("°", Ink(left: 20, right: 24, top: 84, bottom: 87), .character("`"), "a small mark up high read as a degree sign"),
        ("*", Ink(left: 20, right: 28, top: 85, bottom: 94), .character("*"), "an asterisk reaches into the x-height: kept"),
        ("i", Ink(left: 20, right: 25, top: 84, bottom: 103), .closer, "a tall stroke below the baseline is a bracket"),
        ("i", Ink(left: 20, right: 23, top: 88, bottom: 100), .character("i"), "a real i is kept"),
        ("i", Ink(left: 20, right: 23, top: 91, bottom: 100, parts: 2, tallestPart: 3), .character(":"), "two dots read as an i are a colon"),
        ("i", Ink(left: 20, right: 23, top: 88, bottom: 100, parts: 2, tallestPart: 9), .character("i"), "a dot over a stem is an i"),
        ("“", Ink(left: 20, right: 26, top: 84, bottom: 88), .character("\""), "typographic quotes become ASCII"),
        ("“", Ink(left: 20, right: 23, top: 84, bottom: 87), .character("`"), "one narrow tick up high read as a quote is a backtick"),
        ("~", Ink(left: 20, right: 24, top: 83, bottom: 86), .character("`"), "one narrow tick up high read as a tilde is a backtick"),
        ("~", Ink(left: 20, right: 27, top: 93, bottom: 96), .character("~"), "a tilde across the x-height stays"),
        ("C", Ink(left: 20, right: 25, top: 84, bottom: 103), .character("("), "a shallow parenthesis read as C"),
        (">", Ink(left: 20, right: 25, top: 84, bottom: 103), .character(")"), "a shallow parenthesis read as >"),
        ("C", Ink(left: 20, right: 27, top: 87, bottom: 100), .character("C"), "a real C stands on the baseline"),
        (">", Ink(left: 20, right: 27, top: 91, bottom: 99), .character(">"), "a real > stays in the x-height"),
        ("u", Ink(left: 20, right: 27, top: 84, bottom: 89, parts: 2, tallestPart: 5), .character("\""),
         "two ticks above the x-height read as a letter are a double quote"),
        ("l", Ink(left: 20, right: 23, top: 84, bottom: 89), .character("'"), "one tick above the x-height read as a letter is a quote"),
        ("e", Ink(left: 20, right: 24, top: 84, bottom: 88), .character("\""),
         "two ticks run together in small type, as wide as tall, above the x-height read as a letter are a double quote"),
        ("u", Ink(left: 20, right: 27, top: 90, bottom: 100), .character("u"), "a real u stands on the baseline"),
        ("o", Ink(left: 20, right: 27, top: 88, bottom: 97), .character("o"), "a letter a little above the baseline stays"),
    ]

    @Test("Marks are what their ink says", arguments: cases)
    func corrected(sample: (Character, Ink, PunctuationShapes.Mark, String)) {
        let result = PunctuationShapes.corrected(["a", "a", sample.0], inks: [Self.letter, Self.letter, sample.1],
                                                 baseline: 100, xHeight: 10)
        #expect(result.last == sample.2, "\(sample.3)")
    }

    @Test("A row of marks alone read as letters is the marks their places tell; a faint letter beside whole ones stays")
    func marksAlone() {
        let dot = Ink(left: 20, right: 23, top: 97, bottom: 100)
        #expect(PunctuationShapes.corrected(["e", "e", "e"], inks: [dot, dot, dot], baseline: 100, xHeight: 10)
                    == [.character("."), .character("."), .character(".")])
        #expect(PunctuationShapes.corrected(["r", "r"], inks: [Ink(left: 20, right: 27, top: 94, bottom: 96), dot], baseline: 100,
                                            xHeight: 10) == [.character("-"), .character(".")])
        // The foot of a faint `u` in a comment's colour, all of it above the ink's threshold.
        let foot = Ink(left: 20, right: 25, top: 97, bottom: 100, parts: 2, tallestPart: 2)
        #expect(PunctuationShapes.corrected(["a", "u"], inks: [Self.letter, foot], baseline: 100, xHeight: 10).last == .character("u"))
    }

    @Test("A row of dots alone, one small mark alike a cell on the baseline, is dots whatever count of letters OCR read (`na` for `...`); a pointer's cell between two is one; commas, dashes, underscores, dots apart and a lone dot are not")
    func dotsAlone() throws {
        // DejaVu Sans Mono at 1080p: cells 12 px (column 0 centred at 62), baseline at 171,
        // x-height 11, dots 4 px square.
        let grid = ReadRegion.Grid(cell: 12, origin: 62, xHeight: 11)
        let dots = [252, 264, 276].map { BoundingBox(x: $0, y: 167, width: 4, height: 4) }
        let run = try #require(PunctuationShapes.dots(dots, baseline: 171, grid: grid))
        #expect(run.centers.count == 3 && run.firstColumn == 16)
        // The I-beam over the middle one, its blob left out: the cell it covers is a dot too.
        let beam = BoundingBox(x: 263, y: 157, width: 7, height: 16)
        #expect(PunctuationShapes.dots([dots[0], dots[2]], under: [beam], baseline: 171, grid: grid)?.centers.count == 3)
        #expect(PunctuationShapes.dots([dots[0], dots[2]], baseline: 171, grid: grid) == nil, "two dots a cell apart")
        #expect(PunctuationShapes.dots([dots[0]], baseline: 171, grid: grid) == nil, "a lone dot")
        let specks = [252, 264, 276].map { BoundingBox(x: $0, y: 170, width: 1, height: 1) }
        #expect(PunctuationShapes.dots(specks, baseline: 171, grid: grid) == nil, "specks a pixel wide")
        let commas = [252, 264].map { BoundingBox(x: $0, y: 167, width: 3, height: 7) }
        #expect(PunctuationShapes.dots(commas, baseline: 171, grid: grid) == nil)
        let dashes = [252, 264].map { BoundingBox(x: $0, y: 162, width: 4, height: 3) }
        #expect(PunctuationShapes.dots(dashes, baseline: 171, grid: grid) == nil)
        let underscores = [250, 262].map { BoundingBox(x: $0, y: 171, width: 10, height: 2) }
        #expect(PunctuationShapes.dots(underscores, baseline: 171, grid: grid) == nil)
    }

    /// `text` through `ClosingBrackets`, each `¶` in it a bracket stroke OCR read as `l`.
    private func closed(_ text: String) -> String {
        var region = PassTable.region(text.replacingOccurrences(of: "¶", with: "l"))
        let strokes = PassTable.region(text)
        for row in region.rows.indices {
            for index in region.rows[row].characters.indices where strokes.rows[row].characters[index].value == "¶" {
                region.rows[row].characters[index].isPendingCloser = true
            }
        }
        ClosingBrackets().apply(to: &region)
        return region.rows.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text }.joined(separator: "\n")
    }

    @Test("A bracket stroke closes the innermost open bracket")
    func closingBrackets() {
        #expect(closed("f(a[1¶¶") == "f(a[1])")
        #expect(closed("x => {\n  y;\n¶;") == "x => {\n  y;\n};")
        // Nothing open: what OCR read stays.
        #expect(closed("a¶b") == "alb")
    }

    @Test("A `3` alone at a line's start, where a `{` is open, is its `}`")
    func braceReadAsThree() {
        #expect(closed("if (x) {\n  y(1);\n3);\n3") == "if (x) {\n  y(1);\n});\n3")
        // Not where it is no line's start, nor where no `{` is open.
        #expect(closed("f {\n  return 3;\n}") == "f {\n  return 3;\n}")
        #expect(closed("xs = [\n  3,\n]") == "xs = [\n  3,\n]")
    }

    @Test("A `{` seen in the curve of a `(` goes where the line balances only without it")
    func strayBraces() {
        #expect(PassTable.applying([StrayBraces()], to: "let d = String::new({);\n    Ok({total)") == "let d = String::new();\n    Ok(total)")
        // Object literals in parentheses, on one line or opening several, stay.
        for line in ["foo({ a: 1 })", "return ({", "setState(({ n }) => ({ n: n + 1 }))", "if (x) {"] {
            #expect(PassTable.applying([StrayBraces()], to: line) == line)
        }
    }

    @Test("Ink gathered again in a band is left out where the band cuts it, not where the block's own bounds do (a faint tick on a block's first row)")
    func inkCutByTheBand() {
        // Light ink on a dark ground: a tick from y = 10 to 14, a letter's foot from y = 0 to 8.
        var image = GrayImage(width: 40, height: 30, filledWith: 12)
        for y in 10..<14 { image[20, y] = 60 }
        for y in 0..<8 { image[30, y] = 60 }
        let block = InkPicture(image: image, ground: 12, polarity: .lightOnDark, inkContrast: 48,
                               bounds: BoundingBox(x: 0, y: 10, width: 40, height: 10))
        #expect(block.blobs(in: BoundingBox(x: 0, y: 7, width: 40, height: 10), level: 22) == [BoundingBox(x: 20, y: 10, width: 1, height: 4)])
        let unbounded = InkPicture(image: image, ground: 12, polarity: .lightOnDark, inkContrast: 48)
        #expect(unbounded.blobs(in: BoundingBox(x: 0, y: 5, width: 40, height: 12), level: 22) == [BoundingBox(x: 20, y: 10, width: 1, height: 4)])
    }

    @Test("A block cursor's cell holds its character alone, drawn back: the ticks inside the cursor, not the cursor's box nor a cursor line's stroke under it")
    func quotesUnderACursor() throws {
        // Light ink on a dark ground, cells 10 px wide from x = 20, baseline at 40: a `"` in
        // each of three cells, the middle one under a cursor 10 by 22 (its ticks in the ground's
        // colour), and a cursor line's stroke a pixel under the cursor.
        var image = GrayImage(width: 80, height: 50, filledWith: 12)
        let cursor = BoundingBox(x: 30, y: 18, width: 10, height: 22)
        for y in cursor.y..<cursor.bottom {
            for x in cursor.x..<cursor.right { image[x, y] = 200 }
        }
        let quotes = (0..<3).flatMap { cell in
            [BoundingBox(x: 22 + 10 * cell, y: 22, width: 2, height: 6), BoundingBox(x: 26 + 10 * cell, y: 22, width: 2, height: 6)]
        }
        for tick in quotes {
            for y in tick.y..<tick.bottom {
                for x in tick.x..<tick.right { image[x, y] = cursor.contains(x: Double(x), y: Double(y)) ? 12 : 200 }
            }
        }
        let stroke = BoundingBox(x: 30, y: 41, width: 10, height: 1)
        for x in stroke.x..<stroke.right { image[x, stroke.y] = 200 }
        let layout = quotes.filter { !cursor.contains(x: Double($0.x), y: Double($0.y)) } + [cursor, stroke]
        // Known twice (two pieces of one row read apart), it is one cursor.
        let picture = InkPicture(image: BlockCursor.righted(image, cursors: [cursor, cursor], ground: 12, fullInk: 200), ground: 12,
                                 polarity: .lightOnDark, inkContrast: 188)
        let glyphs = BlockCursor.glyphs(layout, under: [cursor, cursor], picture: picture)
        #expect(glyphs == quotes)
        // A row OCR split apart knows none of its glyphs: the cursor is no character of it.
        #expect(BlockCursor.glyphs([], under: [cursor], picture: picture).isEmpty)
        let grid = ReadRegion.Grid(cell: 10, origin: 25, xHeight: 10)
        #expect(PunctuationShapes.quotes(glyphs, baseline: 40, grid: grid)?.1 == "\"")
    }

    @Test("Under a row of quotes, vim's cursorline stroke (a pixel tall, a cell wide or more, on the baseline or under it) is no character of the row")
    func quotesOverTheirUnderline() throws {
        // DejaVu Sans Mono 15 at 1080p: cells 12 px, baseline at 507; the cursor on the first
        // quote left its cell's piece of the underline, and the line runs on past the quotes.
        let grid = ReadRegion.Grid(cell: 12, origin: 110, xHeight: 11)
        let ticks = [154, 159, 166, 171, 178, 183].map { BoundingBox(x: $0, y: 493, width: 3, height: 6) }
        let underline = [BoundingBox(x: 152, y: 508, width: 12, height: 1), BoundingBox(x: 208, y: 509, width: 80, height: 1)]
        #expect(PunctuationShapes.quotes(ticks + underline, baseline: 507, grid: grid) == nil)
        let kept = (ticks + underline).filter { !PunctuationShapes.isUnderline($0, baseline: 507, grid: grid) }
        #expect(kept == ticks)
        #expect(PunctuationShapes.quotes(kept, baseline: 507, grid: grid)?.1 == "\"")
        // A dash at mid-height, a tick, a stroke under less than a cell: not the row's underline.
        #expect(!PunctuationShapes.isUnderline(BoundingBox(x: 152, y: 500, width: 12, height: 1), baseline: 507, grid: grid))
        #expect(!PunctuationShapes.isUnderline(BoundingBox(x: 152, y: 508, width: 6, height: 1), baseline: 507, grid: grid))
    }

    @Test("Quotes whose two ticks fill all but two pixels of their cell (Go Mono at 720p) are still one quote a cell where two cells or more are drawn alike; ticks one a cell are `'`")
    func quotesFillingTheirCells() throws {
        // Cells 9 px from x = 8, baseline at 112: each `"` two ticks 3 px wide, a pixel apart.
        let grid = ReadRegion.Grid(cell: 9, origin: 12.5, xHeight: 8)
        let ticks = [9, 13, 18, 22, 27, 31].map { BoundingBox(x: $0, y: 101, width: 3, height: 5) }
        let (run, quote) = try #require(PunctuationShapes.quotes(ticks, baseline: 112, grid: grid))
        #expect(run.centers.count == 3 && run.firstColumn == 0 && quote == "\"")
        // One cell so drawn alone is no run: its two pieces are no quote's ticks (a small `*`).
        #expect(PunctuationShapes.quotes(Array(ticks.prefix(2)), baseline: 112, grid: grid) == nil)
        // One tick a cell, as wide: three `'`, not a quote of two.
        let single = [9, 18, 27].map { BoundingBox(x: $0, y: 101, width: 2, height: 5) }
        #expect(PunctuationShapes.quotes(single, baseline: 112, grid: grid).map { [$0.0.centers.count: $0.1] } == [3: "'"])
    }

    @Test("In a row OCR read nothing of, marks up high each one square of ink (a `\"`'s ticks run together, M PLUS 1 Code at 720p) are `\"`; where OCR read something, or the marks are ticks, they are not")
    func quotesRunTogetherUnread() throws {
        // Cells 6 px from x = 33, baseline at 170, x-height 7: each `"` one blob 4 px square (one 3 wide).
        let grid = ReadRegion.Grid(cell: 6, origin: 34.5, xHeight: 7)
        let squares = [BoundingBox(x: 33, y: 161, width: 3, height: 4), BoundingBox(x: 39, y: 161, width: 4, height: 4),
                       BoundingBox(x: 45, y: 161, width: 4, height: 4)]
        #expect(PunctuationShapes.quotes(squares, baseline: 170, grid: grid) == nil)
        let (run, quote) = try #require(PunctuationShapes.quotes(squares, baseline: 170, grid: grid, unread: true))
        #expect(run.centers.count == 3 && run.firstColumn == 0 && quote == "\"")
        // Ticks a stroke wide are `'`; marks twice as wide as tall, or lower down, are neither.
        let ticks = squares.map { BoundingBox(x: $0.x + 1, y: 161, width: 2, height: 4) }
        #expect(PunctuationShapes.quotes(ticks, baseline: 170, grid: grid, unread: true)?.1 == "'")
        let wide = squares.map { BoundingBox(x: $0.x, y: 163, width: 5, height: 2) }
        #expect(PunctuationShapes.quotes(wide, baseline: 170, grid: grid, unread: true) == nil)
        let low = squares.map { BoundingBox(x: $0.x, y: 164, width: 4, height: 4) }
        #expect(PunctuationShapes.quotes(low, baseline: 170, grid: grid, unread: true) == nil)
        // Thick ticks, narrower than tall, and backticks no taller than half the x-height are not.
        let thick = squares.map { BoundingBox(x: $0.x, y: 161, width: 3, height: 4) }
        #expect(PunctuationShapes.quotes(thick, baseline: 170, grid: grid, unread: true) == nil)
        let backticks = squares.map { BoundingBox(x: $0.x, y: 161, width: 3, height: 3) }
        #expect(PunctuationShapes.quotes(backticks, baseline: 170, grid: grid, unread: true) == nil)
    }

    @Test("A row of quotes alone, high above its baseline, is quotes one per cell, `\"` for two ticks and `'` for one; letters on the baseline, `=` and `^` are not")
    func quotesAlone() throws {
        // Cells 10 px wide from x = 20, baseline at 40, x-height 10: each `"` two ticks 2 px
        // wide, 6 px tall, ending 12 px above the baseline.
        let grid = ReadRegion.Grid(cell: 10, origin: 25, xHeight: 10)
        let quotes = (0..<3).flatMap { cell in
            [BoundingBox(x: 22 + 10 * cell, y: 22, width: 2, height: 6), BoundingBox(x: 26 + 10 * cell, y: 22, width: 2, height: 6)]
        }
        let (run, quote) = try #require(PunctuationShapes.quotes(quotes, baseline: 40, grid: grid))
        #expect(run.centers.count == 3 && run.firstColumn == 0 && quote == "\"")
        // The middle quote's ticks joined into one blob by antialiasing, as wide as the others' two.
        let joined = quotes.filter { $0.x < 30 || $0.x > 40 } + [BoundingBox(x: 32, y: 22, width: 6, height: 6)]
        #expect(PunctuationShapes.quotes(joined, baseline: 40, grid: grid)?.1 == "\"")
        let letters = (0..<3).map { BoundingBox(x: 21 + 10 * $0, y: 30, width: 8, height: 10) }
        #expect(PunctuationShapes.quotes(letters, baseline: 40, grid: grid) == nil)
        let ticks = (0..<3).map { BoundingBox(x: 24 + 10 * $0, y: 22, width: 2, height: 6) }
        #expect(PunctuationShapes.quotes(ticks, baseline: 40, grid: grid)?.1 == "'")
        // A rule of `=` standing high on a row found without letters: two bars one over the other.
        let equals = (0..<3).flatMap { cell in
            [BoundingBox(x: 21 + 10 * cell, y: 22, width: 7, height: 1), BoundingBox(x: 21 + 10 * cell, y: 26, width: 7, height: 1)]
        }
        #expect(PunctuationShapes.quotes(equals, baseline: 40, grid: grid) == nil)
        // Carets up high: one stroke each, wider than tall; a block comment's lone small `*`.
        let carets = (0..<3).map { BoundingBox(x: 21 + 10 * $0, y: 22, width: 8, height: 5) }
        #expect(PunctuationShapes.quotes(carets, baseline: 40, grid: grid) == nil)
        #expect(PunctuationShapes.quotes([BoundingBox(x: 22, y: 22, width: 6, height: 7)], baseline: 40, grid: grid) == nil)
        // An I-beam over the middle quote, its rim keeping the ticks apart, is no glyph of the
        // row once it is known to be the pointer.
        let pointer = BoundingBox(x: 33, y: 20, width: 5, height: 14)
        #expect(PunctuationShapes.quotes(quotes + [pointer], baseline: 40, grid: grid) == nil)
        let (pointed, pointedQuote) = try #require(PunctuationShapes.quotes(PunctuationShapes.glyphs(quotes + [pointer], without: [pointer]),
                                                                         baseline: 40, grid: grid))
        #expect(pointed.centers.count == 3 && pointedQuote == "\"")
        // Painted out, the I-beam left one tick of the quote under it, or none: the cell it
        // covers is the others' quote.
        let oneTickLeft = quotes.filter { $0.x != 36 }
        #expect(PunctuationShapes.quotes(oneTickLeft, baseline: 40, grid: grid) == nil)
        #expect(PunctuationShapes.quotes(oneTickLeft, under: [pointer], baseline: 40, grid: grid)?.1 == "\"")
        // Or pieces of its ticks, shorter than the mark.
        let piecesLeft = quotes.filter { $0.x != 32 && $0.x != 36 } + [BoundingBox(x: 32, y: 22, width: 3, height: 1),
                                                                         BoundingBox(x: 33, y: 25, width: 2, height: 3)]
        #expect(PunctuationShapes.quotes(piecesLeft, baseline: 40, grid: grid) == nil)
        #expect(PunctuationShapes.quotes(piecesLeft, under: [pointer], baseline: 40, grid: grid)?.1 == "\"")
        let noneLeft = quotes.filter { $0.x != 32 && $0.x != 36 }
        #expect(PunctuationShapes.quotes(noneLeft, baseline: 40, grid: grid) == nil)
        let (bridged, bridgedQuote) = try #require(PunctuationShapes.quotes(noneLeft, under: [pointer], baseline: 40, grid: grid))
        #expect(bridged.centers == [25, 35, 45] && bridgedQuote == "\"")
        // Courier Prime's `"` reaches into the x-height: at 720p its ticks end 4 px over the
        // baseline of a 7 px x-height, above its middle, where no letter's ink ends.
        let small = ReadRegion.Grid(cell: 10, origin: 25, xHeight: 7)
        let low = quotes.map { BoundingBox(x: $0.x, y: 31, width: $0.width, height: 5) }
        #expect(PunctuationShapes.quotes(low, baseline: 40, grid: small)?.1 == "\"")
        #expect(PunctuationShapes.quotes(low.map { BoundingBox(x: $0.x, y: 32, width: $0.width, height: 5) }, baseline: 40, grid: small) == nil)
    }

    @Test("One tick a cell at the threshold and two a cell gathered faintly over those cells, and maybe more, are `\"`: the threshold kept the stronger of each quote's ticks (vim's dark red on #303030 at 1080p); where the faint ink shows one a cell too, or leaves out a cell, `'` stays")
    func faintSecondTicks() {
        let grid = ReadRegion.Grid(cell: 10, origin: 25, xHeight: 10)
        let strong = (0..<3).map { BoundingBox(x: 22 + 10 * $0, y: 22, width: 2, height: 6) }
        let both = (0..<3).flatMap { [BoundingBox(x: 22 + 10 * $0, y: 22, width: 2, height: 6), BoundingBox(x: 26 + 10 * $0, y: 22, width: 2, height: 6)] }
        let found = PunctuationShapes.quotes(strong, baseline: 40, grid: grid)
        let gathered = PunctuationShapes.quotes(both, baseline: 40, grid: grid)
        #expect(found?.1 == "'" && gathered?.1 == "\"")
        #expect(PunctuationShapes.quotes(found: found, gathered: gathered)?.1 == "\"")
        #expect(PunctuationShapes.quotes(found: found, gathered: found)?.1 == "'")
        #expect(PunctuationShapes.quotes(found: nil, gathered: gathered)?.1 == "\"")
        #expect(PunctuationShapes.quotes(found: gathered, gathered: found)?.1 == "\"")
        let twoCells = PunctuationShapes.quotes(both.filter { $0.x < 40 }, baseline: 40, grid: grid)
        #expect(twoCells?.1 == "\"" && PunctuationShapes.quotes(found: found, gathered: twoCells)?.1 == "'")
        // The threshold kept one tick of the last two quotes and nothing of the first: the three
        // gathered, over those two cells, are the row.
        let lastTwo = PunctuationShapes.quotes(strong.filter { $0.x > 30 }, baseline: 40, grid: grid)
        #expect(lastTwo?.1 == "'" && PunctuationShapes.quotes(found: lastTwo, gathered: gathered).map { ($0.0.centers.count, $0.1) } ?? (0, " ") == (3, "\""))
        #expect(PunctuationShapes.quotes(found: found, gathered: PunctuationShapes.quotes(both.filter { $0.x > 30 }, baseline: 40, grid: grid))?.1 == "'")
    }

    @Test("Quotes whose ticks antialiasing joined in most cells are `\"` where one cell's two stand apart, or in all where the ink shows two ticks in each; carets boxed alike, one split where its pale apex was lost, are not: their strokes meet at an apex")
    func mostlyJoinedQuotes() {
        // Three 12 px cells from x = 0, the ink drawn row by row from y = 30 (`#` full ink, `+`
        // pale): boxes as the threshold cut them.
        func drawn(_ cells: [[String]]) -> InkPicture {
            var image = GrayImage(width: 36, height: 60, filledWith: 255)
            for (index, cell) in cells.enumerated() {
                for (y, row) in cell.enumerated() {
                    for (x, mark) in row.enumerated() where mark != "." { image[12 * index + x, 30 + y] = mark == "#" ? 0 : 150 }
                }
            }
            return InkPicture(image: image, ground: 255, polarity: .darkOnLight, inkContrast: 255)
        }
        let grid = ReadRegion.Grid(cell: 12, origin: 6, xHeight: 12)
        let joinedQuote = Array(repeating: "..##+##.....", count: 5)
        let apartQuote = Array(repeating: "..##.##.....", count: 5)
        let quotes = [BoundingBox(x: 2, y: 30, width: 5, height: 5), BoundingBox(x: 14, y: 30, width: 2, height: 5),
                      BoundingBox(x: 17, y: 30, width: 2, height: 5), BoundingBox(x: 26, y: 30, width: 5, height: 5)]
        #expect(PunctuationShapes.quotes(quotes, baseline: 46, grid: grid)?.1 == "\"")
        #expect(PunctuationShapes.quotes(quotes, baseline: 46, grid: grid, picture: drawn([joinedQuote, apartQuote, joinedQuote]))?.1 == "\"")
        let caret = ["...++...", "...##...", "..#..#..", ".#....#.", "#......#"]
        let splitCaret = ["........", "........"] + caret.dropFirst(2)
        let carets = [BoundingBox(x: 0, y: 30, width: 8, height: 5), BoundingBox(x: 12, y: 32, width: 3, height: 3),
                      BoundingBox(x: 17, y: 32, width: 3, height: 3), BoundingBox(x: 24, y: 30, width: 8, height: 5)]
        // Boxes alone cannot tell a caret split at its apex from a quote's two ticks: the ink does.
        #expect(PunctuationShapes.quotes(carets, baseline: 46, grid: grid)?.1 == "\"")
        #expect(PunctuationShapes.quotes(carets, baseline: 46, grid: grid, picture: drawn([caret, splitCaret, caret])) == nil)
        // Every quote's ticks run together: the boxes tell nothing, the ink two ticks in each;
        // carets boxed alike are strokes crossing every column.
        let allJoined = (0..<3).map { BoundingBox(x: 2 + 12 * $0, y: 30, width: 5, height: 5) }
        #expect(PunctuationShapes.quotes(allJoined, baseline: 46, grid: grid) == nil)
        #expect(PunctuationShapes.quotes(allJoined, baseline: 46, grid: grid, picture: drawn([joinedQuote, joinedQuote, joinedQuote]))?.1 == "\"")
        // A single tick broken in two by a gap along it is as narrow as a tick: no pair.
        let ticks = [BoundingBox(x: 4, y: 30, width: 2, height: 5), BoundingBox(x: 4, y: 36, width: 2, height: 1),
                     BoundingBox(x: 16, y: 30, width: 2, height: 7), BoundingBox(x: 28, y: 30, width: 2, height: 7)]
        #expect(PunctuationShapes.quotes(ticks, baseline: 46, grid: grid)?.1 != "\"")
        let wholeCarets = (0..<3).map { BoundingBox(x: 12 * $0, y: 30, width: 8, height: 5) }
        #expect(PunctuationShapes.quotes(wholeCarets, baseline: 46, grid: grid, picture: drawn([caret, caret, caret])) == nil)
    }

    @Test("A row of single ticks alone that OCR read as letters is `'`, one a cell; read as backticks (a Markdown fence) it stays; read as two marks a cell, `\"`")
    func singleTicksRow() {
        // Rows of code 30 px apart, letters 20 px tall; row 2 holds only three ticks 2 px wide,
        // 6 px tall, at the top of their cells.
        func laidOut(reading text: String) -> String? {
            var (lines, glyphs) = SyntheticLines.lines(["def parse(text):", "    return text", "xxx", "    pass"])
            let ticks = (0..<3).map { BoundingBox(x: 100 + 14 * $0 + 6, y: 60, width: 2, height: 6) }
            let box = ticks[0].union(ticks[2])
            lines[2] = Line(text: text, box: box, words: [Word(text: text, box: box, confidence: 0.6)])
            glyphs[2] = ticks
            return PassTable.laidOut(lines, glyphs: glyphs).dropFirst(2).first?.text
        }
        #expect(laidOut(reading: "ee") == "'''")
        #expect(laidOut(reading: "```") == "```")
        // Type so small that each `"`'s two ticks are one blob, OCR counting two marks a cell.
        #expect(laidOut(reading: "......") == "\"\"\"")
    }

    @Test("A row without letters on the baseline takes its baseline from its neighbours")
    func baselines() {
        let rows: [[Character]] = [["a", "b", "c"], ["}", ";"], ["x", "z", "y"]]
        let inks: [[Ink?]] = [
            [Ink(left: 0, right: 8, top: 90, bottom: 100), nil, Ink(left: 20, right: 28, top: 90, bottom: 100)],
            [Ink(left: 0, right: 8, top: 116, bottom: 133), Ink(left: 10, right: 14, top: 120, bottom: 133)],
            [Ink(left: 0, right: 8, top: 150, bottom: 160), Ink(left: 10, right: 18, top: 150, bottom: 160), nil],
        ]
        let baselines = PunctuationShapes.baselineGrid(rows, inks: inks, middles: [94, 124.5, 154], xHeight: 10).baselines
        #expect(baselines == [100, 130, 160])
        // A row of quote ticks misread as letters (`"""` as `uuu`) shows no baseline of its own.
        let ticks = [Ink](repeating: Ink(left: 0, right: 8, top: 118, bottom: 123, parts: 2, tallestPart: 5), count: 3)
        #expect(PunctuationShapes.baselineGrid([rows[0], ["u", "u", "u"], rows[2]], inks: [inks[0], ticks, inks[2]],
                                            middles: [94, 120.5, 154], xHeight: 10).baselines == [100, 130, 160])
        // A traceback's carets read as `AAAA`: tall enough to pass for letters, they end four
        // pixels above where the rows around them, 30 apart, put the baseline; a row of letters
        // ending a pixel off stays.
        func letters(bottom: Int) -> [Ink] { [Ink](repeating: Ink(left: 0, right: 8, top: bottom - 10, bottom: bottom), count: 4) }
        let text: [[Character]] = Array(repeating: ["A", "A", "A", "A"], count: 5)
        let middles: [Double] = [95, 125, 152, 185, 215]
        let carets = [letters(bottom: 100), letters(bottom: 130), [Ink](repeating: Ink(left: 0, right: 8, top: 148, bottom: 156), count: 4),
                      letters(bottom: 190), letters(bottom: 220)]
        #expect(PunctuationShapes.baselineGrid(text, inks: carets, middles: middles, xHeight: 10).baselines == [100, 130, 160, 190, 220])
        let low = [letters(bottom: 100), letters(bottom: 130), letters(bottom: 159), letters(bottom: 190), letters(bottom: 220)]
        #expect(PunctuationShapes.baselineGrid(text, inks: low, middles: middles, xHeight: 10).baselines == [100, 130, 159, 190, 220])
        // At the block's end, the one row above puts it: a last `\"\"\"` read as `non` ends
        // where a quote's ticks end, 8 pixels above its line's baseline.
        let last = [letters(bottom: 100), letters(bottom: 130), letters(bottom: 160), letters(bottom: 190),
                    [Ink](repeating: Ink(left: 0, right: 8, top: 206, bottom: 212), count: 4)]
        #expect(PunctuationShapes.baselineGrid(text, inks: last, middles: [95, 125, 155, 185, 209], xHeight: 10).baselines
                == [100, 130, 160, 190, 220])
        // A first row beside one other, the rows below three lines apart (banners between show
        // no baseline): by the smallest pitch they keep, one line, its baseline is where it is.
        let spaced: [[Ink]] = [letters(bottom: 197), letters(bottom: 218), [], letters(bottom: 281), [], letters(bottom: 344)]
        let spacedText: [[Character]] = spaced.map { $0.isEmpty ? [] : ["A", "A", "A", "A"] }
        #expect(PunctuationShapes.baselineGrid(spacedText, inks: spaced, middles: [192.5, 213.5, 255.5, 276.5, 318, 338], xHeight: 9)
                .baselines.first == 197)
    }

    @Test("Rows closer than an x-height are pieces of one line, not a pitch: a row of asterisks alone stands on its own line")
    func piecesOfOneLineAreNoPitch() {
        // A terminal at 24 px a line (vim, Hack 15 at 1080p): the rows' middles and the baselines
        // their letters show (0 where they show none), as measured; two rows 7 apart (906, 913)
        // are pieces of one line. Row 10, asterisks OCR read as letters, stands on 268, not
        // halfway to the line above as a pitch of 12 would put it.
        let shown: [Int] = [27, 52, 0, 0, 123, 147, 0, 195, 219, 244, 0, 0, 315, 339, 387, 435, 483, 531, 555, 0, 0, 651, 0, 723,
                            0, 0, 820, 0, 867, 891, 0, 0, 939, 963, 0, 1008]
        let middles: [Double] = [20.5, 46, 69, 90.5, 117.5, 142, 162, 188, 213, 236, 258, 285, 309, 333, 381.5, 429, 477, 524.5, 548.5,
                                 596.5, 620.5, 645.5, 669, 717.5, 765, 786, 814, 834, 861, 884, 906, 913, 933, 957.5, 980.5, 1005.5]
        let rows: [[Character]] = shown.map { $0 == 0 ? [] : ["a", "b", "c"] }
        let inks: [[Ink?]] = shown.map { bottom in bottom == 0 ? [] : [Ink](repeating: Ink(left: 0, right: 8, top: bottom - 11, bottom: bottom), count: 3) }
        let grid = PunctuationShapes.baselineGrid(rows, inks: inks, middles: middles, xHeight: 11)
        #expect(abs((grid.pitch ?? 0) - 24) < 0.5)
        #expect(grid.baselines[10] == 268)
    }

    @Test("A row of marks between double-spaced rows stands on the line between them, where its ink's middle puts it")
    func baselineBetweenDoubleSpacedRows() {
        // A tutor's lines two pitches (60) apart, and a banner of `~` read as letters halfway
        // between the first two: their baselines keep a pitch of 60, the banner stands at 130.
        func letters(bottom: Int) -> [Ink] { [Ink](repeating: Ink(left: 0, right: 8, top: bottom - 10, bottom: bottom), count: 3) }
        let rows: [[Character]] = [["a", "b", "c"], ["o", "o", "o"], ["x", "z", "y"], ["x", "z", "y"]]
        let inks: [[Ink?]] = [letters(bottom: 100), [Ink](repeating: Ink(left: 0, right: 8, top: 123, bottom: 127), count: 3),
                              letters(bottom: 160), letters(bottom: 220)]
        #expect(PunctuationShapes.baselineGrid(rows, inks: inks, middles: [95, 125, 155, 215], xHeight: 10).baselines == [100, 130, 160, 220])
    }

    @Test("A row of marks alone stands where the middle of its ink puts it: dots on the baseline, quotes above the x-height")
    func baselinesOfMarks() {
        // Rows 22 apart, the row above the dots with ascenders 16 high, a blank line under them.
        func letters(bottom: Int) -> [Ink] { [Ink](repeating: Ink(left: 0, right: 8, top: bottom - 10, bottom: bottom), count: 3) }
        let rows: [[Character]] = [["a", "b", "c"], [".", ".", "."], ["x", "z", "y"], ["x", "z", "y"], ["x", "z", "y"]]
        let inks: [[Ink?]] = [letters(bottom: 100), [Ink](repeating: Ink(left: 0, right: 3, top: 119, bottom: 122), count: 3),
                              letters(bottom: 166), letters(bottom: 188), letters(bottom: 210)]
        // The dots' top, 35 under the row above's, is nearer two pitches than one; their middle is not.
        #expect(PunctuationShapes.baselineGrid(rows, inks: inks, middles: [92, 120.5, 161, 183, 205], xHeight: 10).baselines
                    == [100, 122, 166, 188, 210])
        // Two rows of `"""` read as `noe`, each standing on its quotes' feet, 7 above the
        // baseline: each spoils the pitch the other is checked by unless so close a gap is no pitch.
        let quotes = { (bottom: Int) in [Ink](repeating: Ink(left: 0, right: 8, top: bottom - 6, bottom: bottom), count: 3) }
        let text: [[Character]] = [["a", "b", "c"], ["a", "b", "c"], ["n", "o", "e"], ["a", "b", "c"], ["a", "b", "c"], ["n", "o", "e"],
                                   ["a", "b", "c"], ["a", "b", "c"]]
        let misread = [letters(bottom: 100), letters(bottom: 130), quotes(153), letters(bottom: 190), letters(bottom: 220), quotes(243),
                       letters(bottom: 280), letters(bottom: 310)]
        #expect(PunctuationShapes.baselineGrid(text, inks: misread, middles: [95, 125, 150, 185, 215, 240, 275, 305], xHeight: 10).baselines
                    == [100, 130, 160, 190, 220, 250, 280, 310])
    }

    @Test("The pitch of baselines: the largest step the most gaps are whole numbers of, a misplaced baseline's two gaps one", arguments: [
        ([100, 130, 160], 30, 30.0, "rows next to each other"),
        ([100, 160, 220, 250], 30, 30.0, "rows two apart, and one next"),
        ([100, 184, 289], 21, 21.0, "rows four and five apart"),
        ([317, 359, 464, 485, 548, 611, 632, 716], 11.6, 21.0, "a row cut in two makes the tops' guess a half"),
        ([100, 160], 30, 30.0, "a lone gap of two rows, by the tops' guess"),
        ([100, 160], 60, 60.0, "a lone gap of one row"),
        ([237, 324, 382, 440, 498, 556], 29.6, 29.0, "double spaced, but a single step under the first"),
        ([200, 215, 222, 244, 266], 22, 22.0, "a baseline misplaced 7 above the next"),
        ([28, 54, 80, 106, 132, 184, 210, 262, 288, 309, 340, 366, 387, 418, 444], 25.9, 26.0,
         "two rows of a traceback's carets read as letters, each standing on its carets' feet 5 above its line"),
        ([28, 54, 80, 106, 127, 158, 184, 205, 236, 262, 283, 314, 340, 361, 392, 418, 439, 470, 496], 25.9, 26.0,
         "a traceback of five frames, every row of carets read as letters: one row in three"),
        ([100, 100, 126, 126, 152, 152], 26, 26.0, "each line read in two pieces: a gap of none is no misplaced baseline"),
        ([100, 132, 164, 196, 236], 16, 32.0, "a step well under the guess fits more gaps only by its looser pixel a row"),
    ] as [([Double], Double, Double, String)])
    func pitch(baselines: [Double], guess: Double, pitch: Double, comment: String) {
        #expect(PunctuationShapes.pitch(of: baselines, near: guess) == pitch, "\(comment)")
    }

    @Test("Three baselines, one of them off the other's step, keep no pitch: one gap measured tells nothing")
    func noPitchFromOneGap() {
        #expect(PunctuationShapes.pitch(of: [100, 130, 167], near: 30) == nil)
        #expect(PunctuationShapes.pitch(of: [100, 130, 183], near: 30) == nil)
    }

    @Test("Rows that show baselines three lines apart, with marks on the lines between, keep a pitch of one line")
    func baselinesOfWideSpacedRowsWithMarksBetween() {
        // A slide's code 32 px a line: `Exceptions`, its `----` the line under it, then two lines
        // on a row of text, a blank line, a docstring's `"""` high in its line, and the last row
        // three lines on (too short to show a baseline). Equal gaps of 96 are whole numbers of
        // 96, 48 and 32; only 32 puts the dashes and the quotes on lines.
        func letters(bottom: Int) -> [Ink] { [Ink](repeating: Ink(left: 0, right: 8, top: bottom - 13, bottom: bottom), count: 3) }
        let rows: [[Character]] = [["a", "b", "c"], ["a", "b", "c"], ["-", "-", "-"], ["a", "b", "c"], ["n", "o", "e"], ["_"]]
        let inks: [[Ink?]] = [letters(bottom: 367), letters(bottom: 463), [Ink](repeating: Ink(left: 0, right: 8, top: 486, bottom: 488), count: 3),
                              letters(bottom: 559), [Ink](repeating: Ink(left: 0, right: 8, top: 605, bottom: 611, parts: 2, tallestPart: 6), count: 3),
                              [nil]]
        let grid = PunctuationShapes.baselineGrid(rows, inks: inks, middles: [359, 456, 487, 552, 608, 679], xHeight: 13)
        #expect(grid.baselines == [367, 463, 495, 559, 623, 687])
        #expect(grid.pitch == 32)
        #expect(CodeIndenter.text(of: rows.map { Line(text: String($0), box: BoundingBox(x: 0, y: 0, width: 1, height: 1), words: []) },
                                  baselines: grid.baselines, pitch: grid.pitch).components(separatedBy: "\n").count == 11)
    }

    @Test("Where no two rows show a baseline, rows whose tops keep one step give the pitch: small asterisks up high move the middles")
    func baselinesPitchedByTops() {
        // 720p: banners of `*` 5 px tall at the capitals' top, rows of text between whose
        // baselines OCR's touching letters hide, one row that shows it (238); rows 20 apart.
        let rows: [[Character]] = [["*"], ["C"], ["C"], ["*"], ["*"], ["F"], ["*"], ["M"], ["*"]]
        var inks: [[Ink?]] = Array(repeating: [nil], count: 9)
        inks[5] = [Ink](repeating: Ink(left: 0, right: 8, top: 230, bottom: 238), count: 3)
        let text = rows.enumerated().map { $0.offset == 5 ? ["a", "b", "c"] : $0.element }
        let tops: [Double] = [127, 147, 167, 187, 207, 227, 247, 267, 287]
        let bottoms: [Double] = [132, 161, 181, 192, 212, 238, 252, 281, 292]
        let middles = zip(tops, bottoms).map { ($0 + $1) / 2 }
        let baselines = PunctuationShapes.baselineGrid(text, inks: inks, middles: middles, edges: [tops, bottoms], xHeight: 8).baselines
        #expect(baselines[0] == 138 && baselines[3] == 198)
    }

    @Test("Rows without a baseline of their own are placed by the pitch of the rows that show one, not by a row cut in two")
    func baselinesPlacedByBaselinePitch() {
        // A comment's `/*` cut into two short rows under the first, then a row of asterisks
        // (no baseline), then rows of letters 21 px apart.
        func letters(bottom: Int) -> [Ink] { [Ink](repeating: Ink(left: 0, right: 8, top: bottom - 10, bottom: bottom), count: 3) }
        let text: [[Character]] = [["a", "b", "c"], [], [], ["*", "*", "*"], ["a", "b", "c"], ["a", "b", "c"]]
        let inks: [[Ink?]] = [letters(bottom: 170), [], [], [Ink](repeating: Ink(left: 0, right: 8, top: 221, bottom: 228), count: 3),
                              letters(bottom: 254), letters(bottom: 275)]
        let baselines = PunctuationShapes.baselineGrid(text, inks: inks, middles: [165, 178, 189, 224.5, 249, 270], xHeight: 10).baselines
        #expect(baselines[3] == 233)
    }
}
