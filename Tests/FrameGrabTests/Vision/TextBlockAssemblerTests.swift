@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Text lines joined into blocks")
struct TextBlockAssemblerTests {
    /// One line of monospace ink: a blob per character (spaces leave a cell empty), cells 10 px
    /// wide, rows 18 px apart.
    /// Brackets hang `drop` pixels lower.
    static func chain(_ text: String, row: Int, column: Int = 0, drop: Int = 0, height: Int = 10) -> [InkBlob] {
        text.enumerated().compactMap { offset, character in
            guard character != " " else { return nil }
            let hangs = "[](){}".contains(character) ? drop : 0
            let box = BoundingBox(x: 20 + (column + offset) * 10 + 2, y: 20 + row * 18 + hangs, width: 6, height: height)
            return InkBlob(box: box, pixelCount: 30)
        }
    }

    static func blocks(_ chains: [[InkBlob]]) -> [TextBlock] {
        TextBlockAssembler.blocks(from: chains, polarity: .lightOnDark, surface: { _ in (30, 200) })
    }

    /// The rows of the blocks of `chains` and `bars` on the page's own ground, by their glyphs.
    static func rows(_ chains: [[InkBlob]], bars: [BoundingBox]) -> [[BoundingBox]] {
        TextBlockAssembler.blocks(from: chains, bars: bars, polarity: .lightOnDark, surface: { _ in (30, 200) }).flatMap(\.lines).map(\.glyphs)
    }

    @Test("An underscore under a short line, as near the next line's capitals as its own letters, is its own line's and keeps the two apart")
    func underscoreBetweenRows() {
        // vim in DejaVu Sans Mono, 12 px cells, 24 px rows: `  ABMON_2,` over `#define ABMON_2`,
        // the underscore a pixel under its letters and four over the capitals below.
        let letters = { (text: String, top: Int, height: Int) in
            text.enumerated().compactMap { offset, character -> InkBlob? in
                guard character != " ", character != "_" else { return nil }
                return InkBlob(box: BoundingBox(x: 8 + offset * 12 + 1, y: top, width: 10, height: height), pixelCount: 60)
            }
        }
        let underscore = InkBlob(box: BoundingBox(x: 8 + 7 * 12, y: 55, width: 12, height: 1), pixelCount: 12)
        let short = letters("  ABMON_2,", 37, 17), long = letters("#define ABMON_2", 59, 16)
        let lines = TextBlockFinder.lines(from: short + [underscore] + long)
        #expect(lines.count == 2)
        #expect(lines.first { $0.contains { $0.box == underscore.box } }?.count == short.count + 1)
    }

    @Test("A card's edge, an upright stroke taller than many rows, gathers no letters into one line")
    func uprightEdge() {
        // A slide filmed at an angle, turned level: its card's left edge is left a sliver 4 px wide.
        let edge = InkBlob(box: BoundingBox(x: 8, y: 0, width: 4, height: 144), pixelCount: 500)
        let rows = (0..<4).map { row in
            (0..<10).map { InkBlob(box: BoundingBox(x: 40 + $0 * 12, y: 10 + row * 30, width: 10, height: 17), pixelCount: 60) }
        }
        let lines = TextBlockFinder.lines(from: [edge] + rows.flatMap { $0 })
        for row in rows {
            #expect(lines.contains { Set($0.map(\.box)) == Set(row.map(\.box)) }, "\(lines.map { $0.map(\.box) })")
        }
    }

    @Test("Two rows a descender joins to the capital under it (no pixel between the rows) are two lines, the joined glyph cut where they meet")
    func rowsJoinedByADescender() {
        // Hermit at 1080p: 12 px cells, 19 px rows, an x-height of 10 and capitals 14 tall;
        // `g` reaches down into the `I` of the row under it.
        func row(_ top: Int, count: Int) -> [InkBlob] {
            (0..<count).map { InkBlob(box: BoundingBox(x: 153 + $0 * 12, y: top + 4, width: 10, height: 10), pixelCount: 50) }
        }
        let upper = row(198, count: 20), lower = row(217, count: 20)
        let joined = InkBlob(box: BoundingBox(x: 153 + 20 * 12, y: 202, width: 10, height: 29), pixelCount: 90)
        let capital = InkBlob(box: BoundingBox(x: 153 + 21 * 12, y: 217, width: 10, height: 14), pixelCount: 60)
        let lines = TextBlockFinder.lines(from: upper + lower + [joined, capital], glyphHeight: 10)
        #expect(lines.count == 2, "\(lines.map { $0.map(\.box) })")
        let boxes = lines.map { line in line.dropFirst().reduce(line[0].box) { $0.union($1.box) } }.sorted { $0.y < $1.y }
        #expect(boxes.map(\.y) == [202, 217])
        #expect(boxes.map(\.bottom) == [217, 231])
        // Without the rows side by side, one tall glyph (a bracket, a cursor) keeps its row one line.
        let bracket = InkBlob(box: BoundingBox(x: 153 + 20 * 12, y: 200, width: 6, height: 21), pixelCount: 60)
        #expect(TextBlockFinder.lines(from: upper + [bracket], glyphHeight: 10).count == 1)
        // Rows pixels apart that a mouse pointer's I-beam bridges are left as they were: the
        // pointer is found whole (`MousePointer`).
        let apart = row(224, count: 20)
        let pointer = InkBlob(box: BoundingBox(x: 153 + 20 * 12, y: 205, width: 7, height: 28), pixelCount: 70)
        #expect(TextBlockFinder.lines(from: upper + apart + [pointer], glyphHeight: 10).count == 1)
    }

    @Test("A row of dots alone is the next row of the text above it, and its far-right end joins it")
    func pytestProgressRow() {
        // pytest in a wide terminal: a row of small dots, its `[100%]` at the terminal's edge.
        let dots = (0..<12).map { InkBlob(box: BoundingBox(x: 22 + $0 * 10, y: 20 + 18 + 8, width: 2, height: 2), pixelCount: 4) }
        let chains = [Self.chain("$ python -m pytest -q", row: 0), dots, Self.chain("[100%]", row: 1, column: 150),
                      Self.chain("12 passed in 0.31s", row: 2), Self.chain("$ git status --short", row: 3),
                      Self.chain(" M src/app.py", row: 4), Self.chain("$ make lint", row: 5)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 6)
        #expect(blocks.first?.box.right == 20 + 155 * 10 + 8)
    }

    @Test("Dots alike drawn a cell apart, further apart than three of their heights, chain into one row; two, or unevenly spaced, or further than six sides apart, do not")
    func ellipsisInLargeCells() {
        // Noto Sans Mono's `...` at 720p: dots 3 px square in 14 px cells.
        func dots(_ steps: [Int]) -> [InkBlob] {
            steps.map { InkBlob(box: BoundingBox(x: 111 + $0, y: 298, width: 3, height: 3), pixelCount: 9) }
        }
        func lines(_ dots: [InkBlob], amid other: [BoundingBox] = [], glyphHeight: Int = 16) -> Int {
            TextBlockFinder.lines(from: dots, glyphHeight: glyphHeight, amid: dots.map(\.box) + other).count
        }
        #expect(lines(dots([0, 14, 28])) == 1)
        #expect(lines(dots([0, 14])) == 2)
        #expect(lines(dots([0, 14, 34])) == 3)
        #expect(lines(dots([0, 20, 40])) == 3)
        // Marks as tall as half the glyphs are no dots; a dot with ink a pixel under it is a piece of a glyph.
        #expect(lines(dots([0, 14, 28]), glyphHeight: 8) == 3)
        #expect(lines(dots([0, 14, 28]), amid: [BoundingBox(x: 125, y: 302, width: 5, height: 2)]) == 3)
    }

    @Test("A row of dots level with a row of the block, past where that row's glyphs end, is a piece of that row (an ellipsis right of a gutter's number)")
    func dotsBesideGutterNumber() {
        // vim numbered: `56   my($self) = @_;`, `57     ...`, `58   }`; the dots stand on the baseline.
        let dots = (0..<3).map { InkBlob(box: BoundingBox(x: 20 + (7 + $0) * 10 + 4, y: 20 + 18 + 8, width: 2, height: 2), pixelCount: 4) }
        let chains = [Self.chain("56   my($self) = @_;", row: 0), Self.chain("57", row: 1), dots, Self.chain("58   }", row: 2),
                      Self.chain("59   sub end {", row: 3)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        let rows = blocks.first?.lines ?? []
        #expect(rows.count == 4)
        #expect(rows.count == 4 && Set(dots.map(\.box)).isSubset(of: Set(rows[1].glyphs)), "\(rows.map(\.glyphs))")
    }

    @Test("So is a docstring's closing `\"\"\"` right of a gutter's number, its ticks reaching a pixel over the digits' tops as the tall letters' do")
    func quotesBesideGutterNumber() {
        // vim numbered: `23       os.chmod().`, `24       \"\"\"`, `25       return mode & 0o7777`.
        let ticks = (0..<3).flatMap { cell in [0, 3].map { InkBlob(box: BoundingBox(x: 20 + (7 + cell) * 10 + 2 + $0, y: 20 + 18 - 1, width: 1, height: 4),
                                                                    pixelCount: 4) } }
        let chains = [Self.chain("23      os.chmod().", row: 0), Self.chain("24", row: 1), ticks, Self.chain("25      return mode", row: 2)]
        let rows = Self.blocks(chains).first?.lines ?? []
        #expect(rows.count == 3 && Set(ticks.map(\.box)).isSubset(of: Set(rows[1].glyphs)), "\(rows.map(\.glyphs))")
    }

    @Test("Editor tabs beside a file tree's header stay apart from it: none is the last thing on its row with nothing between")
    func tabsBesideTree() {
        let tree = ["EXPLORER", "SLIDES2MD", "v slides2md", "   cli.py", "   render.py", "v tests", "   test_cli.py"]
        var chains = tree.enumerated().map { Self.chain($0.element, row: $0.offset) }
        chains += [Self.chain("cli.py", row: 0, column: 30), Self.chain("render.py", row: 0, column: 40), Self.chain("test_cli.py", row: 0, column: 53)]
        let blocks = Self.blocks(chains)
        #expect(blocks.contains { $0.box.right < 20 + 20 * 10 && $0.lines.count == tree.count })
    }

    @Test("Two cards side by side, alike in colour, keep their rows apart: a row's end in the other card is not its end")
    func cardsSideBySide() {
        let left = ["use Test2::Util::HashBase qw{ -count -skip };", "1;", "__END__", "=pod", "=encoding UTF-8", "=head1 NAME"]
        let chains = left.enumerated().map { Self.chain($0.element, row: $0.offset) } + [Self.chain("return #xt", row: 0, column: 62)]
        // One card ends at column 55, the other starts at column 60.
        let cards = TextBlockAssembler.blocks(from: chains, polarity: .lightOnDark, surface: { _ in (30, 200) }, panel: { box in
            box.x < 20 + 55 * 10 ? BoundingBox(x: 10, y: 10, width: 560, height: 200) : BoundingBox(x: 610, y: 10, width: 560, height: 200)
        })
        #expect(cards.count == 2)
        #expect(cards.contains { $0.lines.count == left.count && $0.box.right < 20 + 55 * 10 })
        // On one surface, the same piece is the end of the row (pytest's `[100%]`).
        #expect(Self.blocks(chains).count == 1)
    }

    @Test("A highlighted row is the block's row; a row on a ground as far off as the ink is not")
    func highlightedRowAndStatusBar() {
        let rows = ["func poll() throws {", "    let data = read()", "    return lines(data)", "}", "NORMAL  main.swift"]
        let chains = rows.enumerated().map { Self.chain($0.element, row: $0.offset) }
        // Text 180 levels off a ground of 30; the current line is highlighted 40 levels lighter.
        let highlighted = TextBlockAssembler.blocks(from: chains, polarity: .lightOnDark, surface: { box in
            (box.y == 20 + 2 * 18 ? 70 : 30, 180)
        })
        #expect(highlighted.count == 1)
        // The last row stands on a status bar nearly as light as the text.
        let barred = TextBlockAssembler.blocks(from: chains, polarity: .lightOnDark, surface: { box in
            (box.y == 20 + 4 * 18 ? 190 : 30, 180)
        })
        #expect(barred.count == 2)
        #expect(barred.contains { $0.lines.count == 4 })
    }

    @Test("Dots alone, with no text to continue, are no block")
    func lonelyDots() {
        let dots = (0..<12).map { InkBlob(box: BoundingBox(x: 22 + $0 * 10, y: 300, width: 2, height: 2), pixelCount: 4) }
        #expect(Self.blocks([dots]).isEmpty)
    }

    @Test("A table's columns are one block, each row read whole")
    func tableColumns() {
        let names = ["NAME", "api-7d9f8b6c5d-4kq2x", "api-7d9f8b6c5d-9wz7m", "indexer-5b7c9d8f6-lx2pn", "web-6f8d7c9b4-h2k8s"]
        let ready = ["READY", "1/1", "1/1", "0/1", "1/1"]
        let age = ["AGE", "3d2h", "3d2h", "51m", "6h13m"]
        var chains: [[InkBlob]] = []
        for row in names.indices {
            chains += [Self.chain(names[row], row: row), Self.chain(ready[row], row: row, column: 30),
                       Self.chain(age[row], row: row, column: 44)]
        }
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 5)
    }

    @Test("Line numbers and the code beside them are read apart")
    func gutterApart() {
        let code = ["func f() {", "    let total = items.reduce(0, +)", "    return total * 2 + offset", "}"]
        var chains: [[InkBlob]] = []
        for row in code.indices {
            chains += [Self.chain(String(row + 1), row: row), Self.chain(code[row], row: row, column: 8)]
        }
        #expect(Self.blocks(chains).count == 2)
    }

    @Test("A deeply indented line stays with its number when the line above reaches over the gap")
    func deepIndentAfterNumber() {
        // A gutter two cells from the code, each number found with its row's code; the middle
        // row indented twelve cells further, too far to be found with its number.
        let chains = [Self.chain("64", row: 0) + Self.chain("if err != nil {", row: 0, column: 4),
                      Self.chain("65", row: 1), Self.chain("host = r.RemoteAddr", row: 1, column: 16),
                      Self.chain("66", row: 2) + Self.chain("}", row: 2, column: 4)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 3)
    }

    @Test("The rest of a row beyond a wide gap joins it when the block reaches across")
    func wideGapWithinBlock() {
        let chains = [Self.chain("ok      github.com/example/talks-indexer/internal/store    0.914s", row: 0),
                      Self.chain("?", row: 1), Self.chain("github.com/example/cmd/indexer", row: 1, column: 8),
                      Self.chain("[no test files]", row: 1, column: 44)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 2)
    }

    @Test("A block comment's lone ` *` between paragraphs is a row: the same mark stands in its column above; a speck is not")
    func repeatedMarkAlone() {
        // ` * text` rows, the star a 6 px mark (shorter than a row needs to stand alone).
        func star(row: Int, column: Int = 1) -> InkBlob {
            InkBlob(box: BoundingBox(x: 20 + column * 10 + 2, y: 20 + row * 18 + 1, width: 6, height: 6), pixelCount: 20)
        }
        let prose = ["The buffer is flushed when it fills,", "or when input is read from a stream", "that shares its descriptor."]
        var chains = prose.enumerated().map { [star(row: $0.offset)] + Self.chain($0.element, row: $0.offset, column: 3) }
        chains.append([star(row: 3)])
        chains.append([star(row: 4)] + Self.chain("A stream opened for update is buffered.", row: 4, column: 3))
        #expect(Self.blocks(chains).first?.lines.count == 5)
        // A speck of that size in no mark's column is noise.
        chains[3] = [star(row: 3, column: 7)]
        #expect(Self.blocks(chains).first?.lines.count == 4)
    }

    @Test("Code a blank line apart stays one block across a row of brackets")
    func rhythmAcrossBrackets() {
        let source = ["search :: Index -> Text -> [Int]", "search (Index entries) query =", "  case map lookupWord query of",
                      "    [] -> []", "    (first : rest) -> toList first", "  where", "    lookupWord w = findWithDefault w",
                      "", "build :: [(Int, Text)] -> Index", "build slides = Index (fromListWith pairs)", "  where",
                      "    pairs = [(word, n) | (n, body) <- slides]"]
        let chains = source.enumerated().filter { !$0.element.isEmpty }.map { Self.chain($0.element, row: $0.offset, drop: 3) }
        #expect(Self.blocks(chains).count == 1)
    }

    @Test("A tab's label above the code, off its grid, keeps to itself")
    func tabApart() {
        let tab = Self.chain("Index.hs", row: 1).map { blob in
            var blob = blob
            blob.box.y -= 8
            return blob
        }
        let code = ["{-# LANGUAGE OverloadedStrings #-}", "module Slides.Index", "  ( Index", "  , build", "  ) where"]
        let chains = [tab] + code.enumerated().map { Self.chain($0.element, row: $0.offset + 2) }
        #expect(Self.blocks(chains).count == 2)
    }

    @Test("A dim comment found only in broken pieces between two code blocks is one of their rows")
    func dimCommentBetween() {
        let upper = ["local M = {}", "local current, stamp = {}, 0"]
        let lower = ["function M.poll(path)", "  local mtime = lfs.attributes(path)", "  if mtime == stamp then",
                     "    return current", "  end", "  return current", "end"]
        // Thin grey strokes broken up: low bits of letters, in two pieces of the row.
        let comment = [("Reload config.lua", 3), ("when its mtime changes.", 21)].map { text, column in
            Self.chain(text, row: 3, column: column).map { blob in
                var blob = blob
                blob.box = BoundingBox(x: blob.box.x, y: blob.box.y + 5, width: 4, height: 5)
                return blob
            }
        }
        let chains = upper.enumerated().map { Self.chain($0.element, row: $0.offset) } + comment
            + lower.enumerated().map { Self.chain($0.element, row: $0.offset + 4) }
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 10)
    }

    @Test("A lone line, a blank line and a dim comment in pieces above code are one block with it")
    func loneLineAboveDimComment() {
        let record = "record Order(String customer, String sku, int quantity, long cents) {}"
        let code = ["static List<Order> top(List<Order> orders, int n) {", "    return orders.stream()", "        .limit(n)",
                    "        .toList();", "}"]
        let comment = [("// Revenue per customer,", 0), ("largest first, from one day's orders.", 25)].map { text, column in
            Self.chain(text, row: 2, column: column).map { blob in
                var blob = blob
                blob.box = BoundingBox(x: blob.box.x, y: blob.box.y + 5, width: 4, height: 5)
                return blob
            }
        }
        let chains = [Self.chain(record, row: 0)] + comment + code.enumerated().map { Self.chain($0.element, row: $0.offset + 3) }
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 7)
    }

    @Test("Terminal output with blank lines between single lines, and a line number apart from its code, is one block")
    func terminalWithBlankLines() {
        let rows: [(Int, String)] = [(0, "ana@devbox:~/dashboard$ npm ci"), (2, "added 412 packages in 9s"),
                                     (4, "71 packages are looking for funding"), (5, "  run npm fund for details"),
                                     (7, "found 0 vulnerabilities"), (8, "ana@devbox:~/dashboard$ npx tsc --noEmit"),
                                     (9, "src/LineChart.tsx:58:11 - error TS2322: Type 'string | undefined'"),
                                     (13, "Found 1 error in src/LineChart.tsx:58"), (15, "ana@devbox:~/dashboard$ ls -l src")]
        // Glyphs 13 px tall on rows 18 px apart, as a terminal's.
        var chains = rows.map { Self.chain($0.1, row: $0.0, height: 13) }
        // `58    const label = find(id)?.label;`: the number and the code in colours of their own.
        chains += [Self.chain("58", row: 11, height: 13), Self.chain("const label = find(id)?.label;", row: 11, column: 6, height: 13)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 10)
    }

    @Test("pytest's E markers, too far left of the lines they mark, stay with them")
    func markers() {
        let rows: [(Int, Int, String)] = [(0, 0, "mira@tern:~$ python3 -m pytest -q"), (2, 4, "def test_parse_ipv4():"),
                                          (3, 8, "pkt = load(\"fixtures/ipv4.bin\")"), (4, 8, "assert parse(pkt).flags == 2"),
                                          (5, 8, "AssertionError: assert 0 == 2"), (6, 8, "+  where 0 = Packet(flags=0).flags"),
                                          (8, 0, "tests/test_parse.py:41: AssertionError")]
        let chains = rows.map { Self.chain($0.2, row: $0.0, column: $0.1) } + [Self.chain("E", row: 5), Self.chain("E", row: 6)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 7)
    }

    @Test("A rule of `=` whose glyphs touch into two long bars is the code's row where it stands on its grid; an underline under a row's letters is not")
    func barsOnTheGrid() {
        // Rows 18 px apart, letters 10 px tall on the baseline at 30 + 18 * row: the middle of
        // row 2's x-height is at 61.
        let chains = [Self.chain("# Section one", row: 0), Self.chain("x = compute(1)", row: 1),
                      Self.chain("# Section two", row: 3), Self.chain("y = compute(2)", row: 4)]
        let rule = [BoundingBox(x: 21, y: 59, width: 400, height: 1), BoundingBox(x: 21, y: 63, width: 400, height: 1)]
        let underline = BoundingBox(x: 21, y: 103, width: 140, height: 1)
        let blocks = TextBlockAssembler.blocks(from: chains, bars: rule + [underline], polarity: .lightOnDark, surface: { _ in (30, 200) })
        #expect(blocks.count == 1)
        let rows = blocks.first?.lines ?? []
        #expect(rows.count == 5)
        #expect(rows.count == 5 && Set(rows[2].glyphs) == Set(rule))
        #expect(!rows.contains { $0.glyphs.contains(underline) })
        // The edge of a status line (a thin stroke across the screen) under the rule, a gap over
        // twice its strokes' thickness below, is no third bar of it: the rule stays the row.
        let edge = BoundingBox(x: 0, y: 69, width: 600, height: 2)
        let edged = TextBlockAssembler.blocks(from: chains, bars: rule + [edge], polarity: .lightOnDark, surface: { _ in (30, 200) })
        #expect(edged.flatMap(\.lines).contains { Set($0.glyphs) == Set(rule) })
        // Bars over no code row (a slide's rule under a title) stay out.
        let alone = TextBlockAssembler.blocks(from: [Self.chain("A slide title", row: 0)], bars: rule, polarity: .lightOnDark,
                                              surface: { _ in (30, 200) })
        #expect(alone.flatMap(\.lines).count == 1)
    }

    @Test("Carets touching into one wave, high in the cell between a row's baseline and a line's height above it, are the code's row there, and go with the block they stand under, not one starting nearer their column further below")
    func caretWaveHighOnItsRow() {
        // Rows 18 px apart, baselines at 30 + 18 * row; letters 10 px tall, ascenders 14. The
        // wave stands on row 2 from a pixel under its ascenders' tops, far above the middle of
        // its x-height. The text further under it, on a lighter ground (another block), starts
        // in the wave's column.
        func row(_ text: String, _ row: Int) -> [InkBlob] {
            text.enumerated().compactMap { offset, character in
                guard character != " " else { return nil }
                let tall = character.isUppercase || "bdfhklt(),:_".contains(character)
                return InkBlob(box: BoundingBox(x: 20 + offset * 10 + 2, y: 20 + row * 18 - (tall ? 4 : 0), width: 6,
                                                height: tall ? 14 : 10), pixelCount: 30)
            }
        }
        let chains = [row("File \"getopt.py\", line 195, in do_shorts", 0), row("    if short_has_arg(opt, shortopts):", 1),
                      row("       getopt.GetoptError: option -x not recognized", 4),
                      row("       dev@devbox:~$ python3 -c 'import getopt'", 5), row("       Traceback (most recent call last):", 6)]
        let wave = BoundingBox(x: 20 + 7 * 10 + 1, y: 20 + 2 * 18 - 3, width: 29 * 10 - 2, height: 4)
        let blocks = TextBlockAssembler.blocks(from: chains, bars: [wave], polarity: .lightOnDark,
                                               surface: { box in (box.y > 80 ? 90 : 30, 200) })
        #expect(blocks.count == 2, "\(blocks.map { $0.lines.map(\.box) })")
        let holding = blocks.filter { $0.lines.contains { $0.glyphs == [wave] } }
        #expect(holding.count == 1 && holding.first?.lines.first?.glyphs.first?.y == 16, "\(blocks.map { $0.lines.map(\.box) })")
    }

    @Test("One row whose baseline is off (its blobs run together below it) leaves the block's pitch: a rule on a row between rows a blank line apart is still its row")
    func pitchDespiteOneOddBaseline() {
        // Rows mostly a blank line apart, then two in a row; the last row's blobs 3 px low. The
        // rule stands on row 1, the middle of its x-height at 43.
        var chains = [0, 2, 4, 6, 8, 9, 10, 12].map { Self.chain("x = compute(\($0))", row: $0) }
        chains[chains.count - 1] = chains[chains.count - 1].map { blob in
            InkBlob(box: BoundingBox(x: blob.box.x, y: blob.box.y + 3, width: blob.box.width, height: blob.box.height), pixelCount: 30)
        }
        let rule = [BoundingBox(x: 21, y: 41, width: 150, height: 1), BoundingBox(x: 21, y: 45, width: 150, height: 1)]
        let blocks = TextBlockAssembler.blocks(from: chains, bars: rule, polarity: .lightOnDark, surface: { _ in (30, 200) })
        #expect(blocks.flatMap(\.lines).contains { Set($0.glyphs) == Set(rule) }, "\(blocks.map(\.box))")
    }

    @Test("A banner of faint asterisks broken across their hubs, two rows of pieces a pixel apart, is one row; two rows of text close together are not")
    func brokenBanner() {
        // Each asterisk: its stem and left spokes, its right spoke, and two legs below a pale row.
        let upper = (0..<20).flatMap { cell in
            [InkBlob(box: BoundingBox(x: 20 + 13 * cell, y: 100, width: 7, height: 5), pixelCount: 20),
             InkBlob(box: BoundingBox(x: 27 + 13 * cell, y: 103, width: 4, height: 2), pixelCount: 6)]
        }
        let lower = (0..<20).flatMap { cell in
            [InkBlob(box: BoundingBox(x: 22 + 13 * cell, y: 106, width: 3, height: 4), pixelCount: 8),
             InkBlob(box: BoundingBox(x: 26 + 13 * cell, y: 106, width: 3, height: 4), pixelCount: 8)]
        }
        #expect(TextBlockFinder.joiningHalves([upper, lower]).count == 1)
        // A terminal's rows a pixel apart: letters small and tall, and marks.
        func text(_ line: String, y: Int) -> [InkBlob] {
            line.enumerated().compactMap { offset, character in
                guard character != " " else { return nil }
                let height = character.isUppercase || "dl".contains(character) ? 14 : character == "," ? 3 : 10
                return InkBlob(box: BoundingBox(x: 20 + 10 * offset, y: y + 14 - height, width: 6, height: height), pixelCount: 30)
            }
        }
        #expect(TextBlockFinder.joiningHalves([text("Hello, world", y: 100), text("Dear, old lad", y: 115)]).count == 2)
        // vim's `Examples` heading (small and tall letters alone) over its row of dashes, a
        // block cursor a line tall among them reaching up to two pixels under the heading.
        let dashes = (0..<8).map { InkBlob(box: BoundingBox(x: 20 + 10 * $0, y: 125, width: 5, height: 1), pixelCount: 5) }
            + [InkBlob(box: BoundingBox(x: 69, y: 116, width: 9, height: 22), pixelCount: 198)]
        #expect(TextBlockFinder.joiningHalves([text("Examples", y: 100), dashes]).count == 2)
        // vim's block cursor on the banner cuts its upper half in two, and the piece of its
        // own asterisk it leaves, a pixel over the legs, chains with them: still one row.
        let cursorCell = 20 + 13 * 8
        let cut = [upper.filter { $0.box.x < cursorCell }, upper.filter { $0.box.x >= cursorCell + 13 }]
        let legs = lower.filter { $0.box.x < cursorCell || $0.box.x >= cursorCell + 13 }
            + [InkBlob(box: BoundingBox(x: cursorCell + 4, y: 105, width: 2, height: 2), pixelCount: 4)]
        #expect(TextBlockFinder.joiningHalves(cut + [legs]).count == 1)
    }

    @Test("A row too low to stand alone whose glyphs are drawn one a cell, each in two pieces (faint small asterisks), is a row; specks at random are not")
    func lowRowInPieces() {
        // Go Mono at 720p: each asterisk a 2 x 2 piece and a 3 x 3 one beside it, 8 px cells.
        let stars = (0..<20).flatMap { cell in
            [BoundingBox(x: 77 + 8 * cell, y: 230, width: 2, height: 2), BoundingBox(x: 80 + 8 * cell, y: 231, width: 3, height: 3)]
        }
        #expect(TextBlockAssembler.isDrawnInTwoPieces(stars))
        // Under a comment's row, on its grid of 10 px cells.
        let banner = (0..<30).flatMap { cell in
            [BoundingBox(x: 22 + 10 * cell, y: 42, width: 2, height: 2), BoundingBox(x: 25 + 10 * cell, y: 43, width: 3, height: 3)]
        }
        let chains = [Self.chain("Copyright (C) 1997-2014, International", row: 0), banner.map { InkBlob(box: $0, pixelCount: 5) },
                      Self.chain("Corporation and others.", row: 2)]
        #expect(Self.blocks(chains).flatMap(\.lines).contains { Set($0.glyphs) == Set(banner) })
        // Specks at random steps, and too few.
        let scattered = [0, 5, 13, 17, 30, 34, 41, 55, 58, 70].map { BoundingBox(x: 77 + $0 * 3, y: 230, width: 2, height: 2) }
        #expect(!TextBlockAssembler.isDrawnInTwoPieces(scattered))
        #expect(!TextBlockAssembler.isDrawnInTwoPieces(Array(stars.prefix(6))))
        #expect(TextBlockAssembler.isDrawnInTwoPieces(Array(stars.prefix(16))))
        // Pieces a cell apart two by two that join into glyphs unlike each other (a wavy line
        // broken into humps and troughs), or specks whole one a cell: no glyphs in two pieces.
        let wave = (0..<20).flatMap { cell in
            [BoundingBox(x: 77 + 8 * cell, y: 230 + 2 * (cell % 2), width: 2, height: 2),
             BoundingBox(x: 80 + 8 * cell, y: 231 + 2 * (cell % 2), width: 3, height: 3)]
        }
        #expect(!TextBlockAssembler.isDrawnInTwoPieces(wave))
        #expect(!TextBlockAssembler.isDrawnInTwoPieces((0..<20).map { BoundingBox(x: 77 + 8 * $0, y: 230, width: 5, height: 3) }))
    }

    @Test("Specks alike against a rule along its length and going on across it are strokes of the glyphs it is made of (small `#`s touching into bars); capitals on an underline, and dots over part of a rule, are not")
    func strokesOfRules() {
        // Two rules 1 px thick at y 263 and 266; each `#`'s two stems cut into pieces above,
        // between and below them, a pixel further left lower down (they slant).
        let bars = [BoundingBox(x: 70, y: 263, width: 626, height: 1), BoundingBox(x: 70, y: 266, width: 626, height: 1)]
        func pieces(y: Int, height: Int, shift: Int) -> [InkBlob] {
            (0..<78).flatMap { cell in
                [0, 3].map { InkBlob(box: BoundingBox(x: 72 + 8 * cell + $0 - shift, y: y, width: 2, height: height), pixelCount: 2 * height) }
            }
        }
        let stems = [pieces(y: 260, height: 3, shift: 0), pieces(y: 264, height: 2, shift: 1), pieces(y: 267, height: 3, shift: 2)]
        #expect(TextBlockFinder.strokesCut(by: bars, among: stems).count == 3)
        #expect(TextBlockFinder.strokesCut(by: [], among: stems).isEmpty)
        // Capitals alike on an underline as long as they are: nothing goes on under it.
        let underline = [BoundingBox(x: 70, y: 263, width: 626, height: 1)]
        let capitals = (0..<62).map { InkBlob(box: BoundingBox(x: 72 + 10 * $0, y: 253, width: 6, height: 10), pixelCount: 30) }
        #expect(TextBlockFinder.strokesCut(by: underline, among: [capitals]).isEmpty)
        // A row of dots against a part of a rule only (a leader over a table's line).
        let dots = (0..<10).map { InkBlob(box: BoundingBox(x: 100 + 8 * $0, y: 261, width: 2, height: 2), pixelCount: 4) }
        #expect(TextBlockFinder.strokesCut(by: bars, among: [dots] + stems).count == 3)
    }

    @Test("A block comment's lone ` *` rows, a mark too small to give a size, drawn alike in its column, stay rows of the comment")
    func loneCommentMarks() {
        // ` * text` and ` *` rows of letters 16 px tall: the asterisk a 6 x 6 mark high in its
        // row, in column 1.
        func star(row: Int) -> InkBlob { InkBlob(box: BoundingBox(x: 32, y: 20 + row * 18, width: 6, height: 6), pixelCount: 16) }
        let text = [(0, "Copyright (C) 1996-2016 IBM"), (2, "File unorm.h"), (4, "Created by: Vladimir")]
        let chains = text.map { [star(row: $0.0)] + Self.chain($0.1, row: $0.0, column: 3, height: 16) } + [[star(row: 1)], [star(row: 3)]]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 5)
    }

    @Test("In a panel, bars on its grid among its text, or where its lines start, are a row; not a divider across it, nor bars far from its text")
    func barsInAPanel() {
        // vim's tutor: text indented four columns, then blank rows, a `~~~~` banner from
        // column 0 (the middle of row 6's x-height is at 133), and a heading under it.
        let chains = [Self.chain("Tapez :q! <Entree>", row: 0, column: 4), Self.chain("Ceci quitte l'editeur", row: 1, column: 4),
                      Self.chain("Lecon 1.2 : SORTIR", row: 7, column: 10)]
        let banner = [BoundingBox(x: 21, y: 132, width: 400, height: 3)]
        let divider = [BoundingBox(x: 2, y: 132, width: 996, height: 1)]
        let far = [BoundingBox(x: 21, y: 20 + 12 * 18 + 4, width: 400, height: 3)]
        // vim's closing `~~~~` three blank rows under the lesson, where its lines start.
        let farAtStart = [BoundingBox(x: 62, y: 20 + 12 * 18 + 4, width: 400, height: 3)]
        let panel = BoundingBox(x: 0, y: 0, width: 1000, height: 400)
        func rows(_ bars: [BoundingBox], panel: BoundingBox?) -> [[BoundingBox]] {
            TextBlockAssembler.blocks(from: chains, bars: bars, polarity: .lightOnDark, surface: { _ in (30, 200) },
                                      panel: { _ in panel }).flatMap(\.lines).map(\.glyphs)
        }
        #expect(rows(banner, panel: panel).contains(banner))
        #expect(!rows(banner, panel: nil).contains(banner))
        #expect(!rows(divider, panel: panel).contains(divider))
        #expect(!rows(far, panel: panel).contains(far))
        #expect(rows(farAtStart, panel: panel).contains(farAtStart))
    }

    @Test("In a panel that fits its text closely, a banner from the text's first column is a row; a divider from edge to edge, or from the first column to the edge, is not")
    func bannerAsWideAsAPanel() {
        // A panel drawn close around its text: 6 px each side of the longest line (x 22 to 418).
        let chains = [Self.chain("Neovim  A Vim clone.  Forked the source.", row: 0), Self.chain("        Supports a remote GUI.", row: 1),
                      Self.chain("def partial(func, /, *args):", row: 4)]
        let panel = BoundingBox(x: 16, y: 12, width: 408, height: 120)
        // The banner's ink a pixel left of its column's glyphs, in row 3, halfway up the x-height.
        let banner = [BoundingBox(x: 21, y: 78, width: 398, height: 1), BoundingBox(x: 21, y: 81, width: 398, height: 1)]
        let divider = [BoundingBox(x: 16, y: 78, width: 408, height: 1)]
        let toTheEdge = [BoundingBox(x: 21, y: 78, width: 403, height: 1)]
        func rows(_ bars: [BoundingBox]) -> [[BoundingBox]] {
            TextBlockAssembler.blocks(from: chains, bars: bars, polarity: .lightOnDark, surface: { _ in (30, 200) },
                                      panel: { _ in panel }).flatMap(\.lines).map(\.glyphs)
        }
        #expect(rows(banner).contains { Set($0) == Set(banner) })
        #expect(!rows(divider).contains(divider))
        #expect(!rows(toTheEdge).contains(toTheEdge))
    }

    @Test("In a panel whose rows are blocks of their own (a docstring double spaced), a heading's underline of dashes is the row under it")
    func dashesUnderHeadingInAPanel() {
        // Dashes 7 px wide a cell apart, 2 px thick, halfway up the x-height of the row under the heading.
        let dashes = (0..<10).map { InkBlob(box: BoundingBox(x: 21 + $0 * 10, y: 20 + 18 + 4, width: 7, height: 2), pixelCount: 14) }
        let chains = [Self.chain("Exceptions", row: 0), dashes, Self.chain("A single exception is defined.", row: 3),
                      Self.chain("\"\"\"", row: 5, height: 4), Self.chain("__all__ = [", row: 7)]
        let panel = BoundingBox(x: 0, y: 0, width: 1000, height: 400)
        let rows = TextBlockAssembler.blocks(from: chains, polarity: .lightOnDark, surface: { _ in (30, 200) }, panel: { _ in panel })
            .flatMap(\.lines).map(\.glyphs)
        #expect(rows.contains(dashes.map(\.box)))
    }

    @Test("Banners of small asterisks touching into one stroke, half as tall as the letters, are rows of the comment they box, each of them")
    func touchingAsteriskBanners() {
        // ICU's boxed comment at 720p: letters 14 px tall, short rows of `*` and `*/` between.
        let chains = [Self.chain("* Copyright (C) 2007-2014, International", row: 1, height: 14),
                      Self.chain("* others. All Rights Reserved.", row: 2, height: 14), Self.chain("*", row: 4, height: 7),
                      Self.chain("* File PLURFMT.H", row: 6, height: 11), Self.chain("*/", row: 8, height: 14),
                      Self.chain("#ifndef PLURFMT", row: 10, height: 11)]
        let banners = [0, 3, 7].map { [BoundingBox(x: 21, y: 20 + $0 * 18 + 4, width: 630, height: 7)] }
        let rows = Self.rows(chains, bars: banners.flatMap { $0 })
        for banner in banners { #expect(rows.contains(banner)) }
    }

    @Test("A docstring's closing `\"\"\"` left of the indented lines above it, out of their columns, is the row between them and the code under it")
    func closingQuotesBetweenRows() {
        // heapq in vim: an indented example ends the docstring, its `\"\"\"` four columns in,
        // the ticks two a cell, 4 px tall.
        let ticks = [4, 5, 6].flatMap { cell in
            [2, 6].map { InkBlob(box: BoundingBox(x: 20 + cell * 10 + $0, y: 20 + 4 * 18, width: 2, height: 4), pixelCount: 8) }
        }
        let chains = [Self.chain("    this routine unless written as part of a conditional replacement:", row: 0),
                      Self.chain("        if item > heap[0]:", row: 2), Self.chain("            item = heapreplace(heap, item)", row: 3),
                      ticks, Self.chain("    returnitem = heap[0]", row: 5), Self.chain("    heap[0] = item", row: 6)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.flatMap(\.lines).map(\.glyphs).contains(ticks.map(\.box)))
    }

    @Test("A closing `=====` one blank line under the text, a row of marks too low to show a size, is the text's last row")
    func closingRuleAfterBlankLine() {
        // vim's help: `====` bars 2 px thick, two a cell, under a blank line.
        let rule = (0..<30).flatMap { [InkBlob(box: BoundingBox(x: 21 + $0 * 10, y: 20 + 4 * 18 + 4, width: 8, height: 2), pixelCount: 16),
                                       InkBlob(box: BoundingBox(x: 21 + $0 * 10, y: 20 + 4 * 18 + 7, width: 8, height: 2), pixelCount: 16)] }
        let chains = [Self.chain("To compile Vim with Perl interface,", row: 0), Self.chain("be installed before you compile Vim.", row: 1),
                      Self.chain("with Perl 5.003_05 and later.", row: 2), rule]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 4)
    }

    @Test("Small asterisks whose hubs fell under the threshold, apart, are a row of marks; the overlapping spokes of one are not")
    func smallMarksRow() {
        let stars = (0..<20).map { BoundingBox(x: 21 + $0 * 8, y: 40, width: 6, height: 4) }
        #expect(TextBlockAssembler.isDotRow(stars))
        let spokes = [BoundingBox(x: 21, y: 40, width: 3, height: 3), BoundingBox(x: 23, y: 40, width: 3, height: 3),
                      BoundingBox(x: 25, y: 40, width: 3, height: 3)]
        #expect(!TextBlockAssembler.isDotRow(spokes))
        // The ticks of a small `"""`, narrower than tall, two a cell.
        #expect(TextBlockAssembler.isDotRow([0, 4, 10, 14, 20, 24].map { BoundingBox(x: 21 + $0, y: 40, width: 2, height: 4) }))
        // Dashes, twice as wide as tall, go with the bars.
        #expect(!TextBlockAssembler.isDotRow((0..<20).map { BoundingBox(x: 21 + $0 * 8, y: 40, width: 6, height: 2) }))
    }

    @Test("Without a panel, a banner of bars on the code's grid among its text, within its columns, is its row, however far from the block")
    func barsAmongTextWithoutPanel() {
        // less on a tutor: `~~~~` over a centred lesson title, the lesson's text four rows further down.
        let chains = [Self.chain("Lesson 2.5: USING A COUNT", row: 1, column: 17),
                      Self.chain("  In combination with the delete operator and a motion", row: 4),
                      Self.chain("  insert a count before the motion to delete more:", row: 5),
                      Self.chain("  ---> Here is a line with ABC DE to delete", row: 6)]
        let banner = [BoundingBox(x: 41, y: 20 + 10 - 5, width: 520, height: 3)]
        let stroke = [BoundingBox(x: 41, y: 20 + 10 - 5, width: 8, height: 2)]
        func rows(_ bars: [BoundingBox]) -> [[BoundingBox]] { Self.rows(chains, bars: bars) }
        #expect(rows(banner).contains(banner))
        // A stray stroke is no run of symbols.
        #expect(!rows(stroke).contains(stroke))
        // A banner wider than the text it stands among is a run of symbols when the font drew
        // it, one piece a cell; a rule as wide is the page's.
        let wide = (0..<78).map { BoundingBox(x: 21 + $0 * 10, y: 20 + 10 - 5, width: 9, height: 3) }
        let rule = [BoundingBox(x: 21, y: 20 + 10 - 5, width: 780, height: 3)]
        #expect(rows(wide).contains(wide))
        #expect(!rows(rule).contains(rule))
        // So is a banner of `=`, the two bars of each cell stacked a pixel apart (720p); two
        // rules as wide are the page's.
        let equals = (0..<78).flatMap { cell in [0, 2].map { BoundingBox(x: 21 + cell * 10, y: 20 + 10 - 5 + $0, width: 9, height: 1) } }
        let rules = [0, 2].map { BoundingBox(x: 21, y: 20 + 10 - 5 + $0, width: 780, height: 1) }
        #expect(rows(equals).contains { Set($0) == Set(equals) })
        #expect(!rows(rules).contains { Set($0) == Set(rules) })
    }

    @Test("A row of small asterisks drawn high in their cells (B612 Mono) is the comment's row, and gives the block no size")
    func raisedAsteriskRow() {
        // Rows 15 px apart, letters 10 px tall standing on a baseline 10 below each row's top:
        // each `*` 5x4, its bottom 5 px above its row's baseline, where a `.` would stand on it.
        func text(_ text: String, row: Int) -> [InkBlob] {
            Self.chain(text, row: 0).map { InkBlob(box: BoundingBox(x: $0.box.x, y: 20 + row * 15, width: 6, height: 10), pixelCount: 30) }
        }
        func stars(row: Int) -> [InkBlob] {
            (0..<79).map { InkBlob(box: BoundingBox(x: 20 + $0 * 10 + 2, y: 20 + row * 15 + 1, width: 5, height: 4), pixelCount: 12) }
        }
        let chains = [text("// (c) 2016 Unicode", row: 0), text("// License & terms", row: 1), stars(row: 2),
                      text("*   Copyright (C)", row: 3), text("*   others.", row: 4), stars(row: 5)]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 6)
        // Its letters' size, not the asterisks' (more of them than letters): OCR would enlarge
        // the text as if its letters were 4 px tall.
        #expect(blocks.first?.xHeight == 10)
        #expect(blocks.first?.glyphHeight == 10)
    }

    @Test("Without a panel, a banner drawn glyph by glyph may start a few cells left of the text; a rule from the margin may not")
    func bannerLeftOfIndentedText() {
        // vim on a tutor: `~~~~` from column 0 under a lesson indented two cells, a blank row between.
        let chains = [Self.chain("  Batti :q <INVIO> per chiudere la finestra", row: 0),
                      Self.chain("  Prova questi (non dimenticare di premere):", row: 1),
                      Self.chain("        :help w", row: 2), Self.chain("        :help user-manual", row: 3)]
        let tildes = (0..<40).map { BoundingBox(x: 21 + $0 * 10, y: 20 + 5 * 18 + 4, width: 10, height: 3) }
        let rule = [BoundingBox(x: 0, y: 20 + 5 * 18 + 4, width: 420, height: 2)]
        func rows(_ bars: [BoundingBox]) -> [[BoundingBox]] { Self.rows(chains, bars: bars) }
        #expect(rows(tildes).contains(tildes))
        #expect(!rows(rule).contains(rule))
    }

    @Test("Without a panel, a banner among single rows a blank line or two apart (a tutor) is a row on the pitch their baselines keep")
    func bannerAmongSingleRows() {
        // Each row its own block, indented its own way; `~~~~` from column 0 two rows under the first.
        let chains = [Self.chain("operator for a gjore noe med teksten.", row: 0, column: 6),
                      Self.chain("Leksjon 5.4: HENTING OG SAMMENSLAING", row: 3, column: 16),
                      Self.chain("** For a lese inn en annen fil inn **", row: 6, column: 1),
                      Self.chain("1. Plasser markoren like over denne linjen.", row: 8, column: 2)]
        let tildes = (0..<60).map { BoundingBox(x: 21 + $0 * 10, y: 20 + 2 * 18 + 4, width: 10, height: 2) }
        #expect(Self.rows(chains, bars: tildes).contains(tildes))
        // Two rows alone keep no pitch that tells where a third would stand.
        #expect(!Self.rows(Array(chains.prefix(2)), bars: tildes).contains(tildes))
    }

    @Test("A first row of a number and a `\"\"\"` shows its ticks' foot as its baseline; the rows below place a banner on the grid")
    func bannerUnderAFirstRowOfMarks() {
        // Numbered vim on a docstring: `  1 """` (the ticks' foot 8 px over the number's), a
        // heading, its `~~~~` (bars halfway up its row, the row's number beside them), text.
        let ticks = (4..<7).flatMap { column in
            [2, 5].map { InkBlob(box: BoundingBox(x: 20 + column * 10 + $0, y: 20, width: 2, height: 6), pixelCount: 10) }
        }
        let rows = ["  1", "  2 Heading of the docstring", "  3", "  4 Some words under the heading", "  5 and more words at the end",
                    "  6 of the paragraph it starts."]
        var chains = rows.enumerated().map { Self.chain($1, row: $0, height: 14) }
        chains[0] += ticks
        let tildes = (4..<24).map { BoundingBox(x: 20 + $0 * 10, y: 20 + 2 * 18 + 6, width: 10, height: 3) }
        // The row is the bars and the number beside them.
        #expect(Self.rows(chains, bars: tildes).contains(chains[2].map(\.box) + tildes))
    }

    @Test("A module docstring's `\"\"\"` in column 0, over its heading indented four cells, leads the heading's block")
    func docstringOpeningLeftOfItsHeading() {
        // vim's top row: `"""` (ticks 6 px tall high in their cells), then `    pygments.lexers.actionscript`.
        let ticks = (0..<3).flatMap { column in
            [2, 5].map { InkBlob(box: BoundingBox(x: 20 + column * 10 + $0, y: 20, width: 2, height: 6), pixelCount: 10) }
        }
        let heading = Self.chain("    pygments.lexers.actionscript", row: 1, height: 14)
        let blocks = Self.blocks([ticks, heading])
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.count == 2)
        // The mouse pointer's I-beam resting beside its quotes, twice their height
        // and more, is no glyph of theirs: the row still leads the heading, pointer and all.
        let pointer = InkBlob(box: BoundingBox(x: 49, y: 17, width: 7, height: 16), pixelCount: 40)
        let pointed = Self.blocks([ticks + [pointer], heading])
        #expect(pointed.count == 1)
        #expect(pointed.first?.lines.first?.glyphs.contains(pointer.box) == true)
        // Quotes whose ticks run together, an I-beam over the middle one hiding a tick: the
        // tick left beside its stem is what it covers, and the quotes either side are alike,
        // so the row leads the heading.
        let quotes = [20, 40].map { InkBlob(box: BoundingBox(x: $0 + 2, y: 20, width: 5, height: 6), pixelCount: 24) }
        let middle = InkBlob(box: BoundingBox(x: 32, y: 20, width: 2, height: 6), pixelCount: 10)
        let covering = InkBlob(box: BoundingBox(x: 31, y: 17, width: 7, height: 14), pixelCount: 36)
        let covered = Self.blocks([quotes + [middle, covering], heading])
        #expect(covered.count == 1)
        #expect(covered.first?.lines.count == 2)
        // Nor does a row of marks lead text on another surface under it (vim's status bar).
        let onAStrip = TextBlockAssembler.blocks(from: [ticks, heading], polarity: .lightOnDark,
                                                 surface: { $0.y >= 38 ? (230, 200) : (30, 200) })
        #expect(onAStrip.count == 2)
        // Marks further left than a dedent's cells are not its first row.
        #expect(Self.blocks([ticks, Self.chain("pygments.lexers.actionscript", row: 1, column: 14, height: 14)]).count == 2)
    }

    @Test("A `\"\"\"` whose quotes' ticks touch in two of them and not in the third is a row of marks; wide marks a gap apart are not one")
    func quotesTouchingOrNot() {
        // nano in bold Courier Prime at 1080p: 13 px cells, each `"` 10 px wide, its ticks a pixel apart.
        let quotes = [BoundingBox(x: 61, y: 512, width: 10, height: 7), BoundingBox(x: 75, y: 512, width: 9, height: 7),
                      BoundingBox(x: 87, y: 512, width: 4, height: 7), BoundingBox(x: 92, y: 512, width: 5, height: 7)]
        #expect(TextBlockAssembler.isMarkRow(quotes))
        // Letters are no marks, joined or not.
        #expect(!TextBlockAssembler.isMarkRow([BoundingBox(x: 0, y: 0, width: 8, height: 14), BoundingBox(x: 10, y: 0, width: 8, height: 14),
                                               BoundingBox(x: 20, y: 4, width: 8, height: 10)]))
    }

    @Test("A banner of marks four blank rows under the text, from its first column, is its last row; one starting elsewhere is not")
    func bannerFarUnderText() {
        // A tutor's lesson, then `~~~~` (marks 5 px tall, one a cell, touching) four blank rows down.
        let lesson = [Self.chain("5. After this type U to restore the line.", row: 0),
                      Self.chain("6. Now type u a few times to undo the U.", row: 1),
                      Self.chain("7. Now type CTRL-R a few times to redo.", row: 2),
                      Self.chain("---> Fix the errors on this line.", row: 4),
                      Self.chain("8. These are very useful commands.", row: 6)]
        func tildes(column: Int) -> [InkBlob] {
            (0..<50).map { InkBlob(box: BoundingBox(x: 20 + (column + $0) * 10, y: 20 + 11 * 18 + 3, width: 10, height: 5), pixelCount: 25) }
        }
        #expect(Self.blocks(lesson + [tildes(column: 0)]).count == 1)
        #expect(Self.blocks(lesson + [tildes(column: 12)]).count == 2)
        // Without a panel, smaller tildes that touch into bars, one a cell, three blank rows
        // down: from the text's first column they are its row; from elsewhere they are not, nor
        // is one stroke from there (a rule).
        func bars(column: Int) -> [BoundingBox] { (0..<50).map { BoundingBox(x: 20 + (column + $0) * 10, y: 20 + 10 * 18 + 5, width: 10, height: 2) } }
        let rule = [BoundingBox(x: 20, y: 20 + 10 * 18 + 5, width: 500, height: 2)]
        #expect(Self.rows(lesson, bars: bars(column: 0)).contains(bars(column: 0)))
        #expect(!Self.rows(lesson, bars: bars(column: 12)).contains(bars(column: 12)))
        #expect(!Self.rows(lesson, bars: rule).contains(rule))
    }

    @Test("A heading's underline of dashes a gap apart, a row too low to stand alone, is the row under it, some of its bars broken in halves or not")
    func dashesUnderHeading() {
        let dashes = (0..<10).map { InkBlob(box: BoundingBox(x: 21 + $0 * 10, y: 95, width: 7, height: 2), pixelCount: 14) }
        let chains = [Self.chain("def mean(data):", row: 0), Self.chain("    return sum(data) / len(data)", row: 1),
                      Self.chain("Exceptions", row: 3), dashes]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.last?.glyphs.count == 10)
        // A row of the block takes its pitch's place: it stands on the row's baseline, as tall as its letters.
        #expect(blocks.first?.lines.last?.box.bottom == 20 + 4 * 18 + 10)
        // So is a dim `~~~~` the threshold broke here and there into a tilde's halves, a pixel apart.
        let broken = dashes.flatMap { dash in
            dash.box.x == 51 || dash.box.x == 91
                ? [InkBlob(box: BoundingBox(x: dash.box.x, y: 95, width: 3, height: 2), pixelCount: 6),
                   InkBlob(box: BoundingBox(x: dash.box.x + 4, y: 96, width: 3, height: 1), pixelCount: 3)]
                : [dash]
        }
        let tildes = Self.blocks(Array(chains.dropLast()) + [broken])
        #expect(tildes.count == 1 && tildes.first?.lines.last?.glyphs.count == 12)
    }

    @Test("A traceback stays one block across its rows of carets, each touching into one stroke hanging high in its row")
    func caretRows() {
        // `^^^^` under a call: carets touching into two wide blobs, 5 px tall, at the top of
        // their row's cell; their bottom is no baseline.
        func carets(row: Int, column: Int, count: Int) -> [InkBlob] {
            [0, count / 2].map { start in
                InkBlob(box: BoundingBox(x: 20 + (column + start) * 10 + 1, y: 20 + row * 18, width: count / 2 * 10 - 2, height: 5),
                        pixelCount: count * 6)
            }
        }
        let rows = ["Traceback (most recent call last):", "  File \"<string>\", line 1, in <module>",
                    "  File \"/usr/lib/python3.11/tomllib/_parser.py\", line 102, in loads",
                    "    pos = key_value_rule(src, pos, out, header, parse_float)", nil,
                    "  File \"/usr/lib/python3.11/tomllib/_parser.py\", line 326, in key_value_rule",
                    "    pos, key, value = parse_key_value_pair(src, pos, parse_float)", nil,
                    "  File \"/usr/lib/python3.11/tomllib/_parser.py\", line 369, in parse_key_value_pair",
                    "    pos, value = parse_value(src, pos, parse_float)", nil,
                    "  File \"/usr/lib/python3.11/tomllib/_parser.py\", line 649, in parse_value",
                    "    raise suffixed_err(src, pos, \"Invalid value\")", "tomllib.TOMLDecodeError: Invalid value"]
        let chains = rows.enumerated().map { row, text in text.map { Self.chain($0, row: row) } ?? carets(row: row, column: 10, count: 30) }
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1, "\(blocks.map { "\($0.box) \($0.lines.count)" })")
        #expect(blocks.first?.lines.count == rows.count)
    }

    @Test("Two-pixel marks inside a row are among its glyphs; specks above it or far beside it are not")
    func marks() {
        let row = TextBlock.Row(box: BoundingBox(x: 0, y: 10, width: 50, height: 10),
                                glyphs: [BoundingBox(x: 0, y: 10, width: 6, height: 10)])
        let block = TextBlock(box: row.box, polarity: .lightOnDark, lines: [row], glyphHeight: 10, xHeight: 7)
        let comma = BoundingBox(x: 20, y: 18, width: 1, height: 3)
        let above = BoundingBox(x: 20, y: 4, width: 2, height: 1)
        let far = BoundingBox(x: 90, y: 15, width: 2, height: 1)
        #expect(block.withMarks([comma, above, far]).lines[0].glyphs == row.glyphs + [comma])
    }

    @Test("A rule broken by a cursor's cell is one rule: the pieces either side of the cell go with it; a letter's stroke near it, or a long run far from it, stays")
    func ruleBrokenByACursor() {
        // One pixel row: a 10 px stroke 5 px left of a 60 px piece of underline, a 12 px cursor
        // gap, 200 px of underline, another cursor gap, a 40 px piece; then a 30 px run 28 px on.
        var mask = [Bool](repeating: false, count: 420)
        let drawn = [5..<15, 20..<80, 92..<292, 304..<344, 372..<402]
        for run in drawn { for x in run { mask[x] = true } }
        let cleared = mask.withUnsafeMutableBufferPointer { buffer in
            TextBlockFinder.clearRuns(in: &buffer, longerThan: 160, from: 0, count: 420, step: 1, piecesOver: 20)
        }
        #expect(cleared == [20..<80, 92..<292, 304..<344])
        #expect(mask.indices.filter { mask[$0] } == Array(5..<15) + Array(372..<402), "the stroke and the far run are left")
        var unbroken = [Bool](repeating: false, count: 320)
        for x in 0..<60 { unbroken[x] = true }
        let none = unbroken.withUnsafeMutableBufferPointer { buffer in
            TextBlockFinder.clearRuns(in: &buffer, longerThan: 160, from: 0, count: 320, step: 1, piecesOver: 20)
        }
        #expect(none.isEmpty, "a piece with no rule beside it is no rule")
    }

    @Test("A docstring's closing `\"\"\"` where an excerpt starts, a row of ticks over no text, is the first row of the code under it; over nothing, it is no block")
    func leadingQuotes() {
        // Ticks 4 px tall up high in the row above a blank line, over code in a panel, under a
        // slide's title outside it.
        let ticks = [0, 4, 10, 14, 20, 24].map { InkBlob(box: BoundingBox(x: 22 + $0, y: 20 + 3 * 18, width: 2, height: 4), pixelCount: 8) }
        let title = Self.chain("pprint.py", row: 0, height: 30)
        let code = [Self.chain("__slots__ = ('_numerator',)", row: 5), Self.chain("def __new__(cls):", row: 7),
                    Self.chain("    return self", row: 8)]
        let panel = BoundingBox(x: 10, y: 20 + 2 * 18, width: 900, height: 300)
        let blocks = TextBlockAssembler.blocks(from: [title, ticks] + code, polarity: .lightOnDark, surface: { _ in (30, 200) },
                                               panel: { $0.y >= panel.y ? panel : nil })
        #expect(blocks.count == 2)
        #expect(blocks.first { $0.box.y >= panel.y }?.lines.first?.glyphs == ticks.map(\.box))
        #expect(blocks.first { $0.box.y < panel.y }?.lines.count == 1)
        #expect(Self.blocks([ticks]).isEmpty)
        // Larger ticks, 6 px beside rows 14 px tall, stood as a block of their own: the same.
        let large = [0, 4, 10, 14, 20, 24].map { InkBlob(box: BoundingBox(x: 22 + $0, y: 20 + 3 * 18, width: 2, height: 6), pixelCount: 12) }
        let tallCode = [Self.chain("__slots__ = ('_numerator',)", row: 5, height: 14), Self.chain("def __new__(cls):", row: 7, height: 14),
                        Self.chain("    return self", row: 8, height: 14)]
        let joined = TextBlockAssembler.blocks(from: [large] + tallCode, polarity: .lightOnDark, surface: { _ in (30, 200) })
        #expect(joined.count == 1)
        #expect(joined.first?.lines.first?.glyphs == large.map(\.box))
        // The middle quote's two ticks joined into one blob (antialiasing, a pixel between them): the same.
        let touching = [large[0], large[1], InkBlob(box: BoundingBox(x: 32, y: 20 + 3 * 18, width: 6, height: 6), pixelCount: 24),
                        large[4], large[5]]
        let joinedTouching = TextBlockAssembler.blocks(from: [touching] + tallCode, polarity: .lightOnDark, surface: { _ in (30, 200) })
        #expect(joinedTouching.count == 1)
        #expect(joinedTouching.first?.lines.first?.glyphs == touching.map(\.box))
        // Dots level with a wide row of another text, within it, are that row's piece.
        let banner = (0..<30).map { InkBlob(box: BoundingBox(x: 21 + $0 * 10, y: 20 + 3 * 18, width: 8, height: 10), pixelCount: 40) }
        let piece = [0, 4, 8].map { InkBlob(box: BoundingBox(x: 122 + $0, y: 20 + 3 * 18 + 6, width: 2, height: 2), pixelCount: 4) }
        let apart = Self.blocks([banner, piece] + code)
        #expect(!apart.contains { $0.lines.first?.glyphs == piece.map(\.box) })
    }

    @Test("A banner of marks one a cell, in cells far narrower than a title's letters two line heights above it, leads the code under it")
    func bannerUnderTitle() {
        // A bold title 30 px tall, its letters 26 px apart; a banner of `#` 5 px tall, 10 px a
        // cell, a blank row over the code.
        let title = (0..<16).map { InkBlob(box: BoundingBox(x: 22 + 26 * $0, y: 20, width: 20, height: 30), pixelCount: 300) }
        let banner = (0..<40).map { InkBlob(box: BoundingBox(x: 21 + 10 * $0, y: 78, width: 8, height: 5), pixelCount: 30) }
        let code = [Self.chain("sub wait { shift->{wait} }", row: 5), Self.chain("sub exit { shift->{exit} }", row: 6),
                    Self.chain("sub _next {", row: 8)]
        let blocks = Self.blocks([title, banner] + code)
        #expect(blocks.count == 2)
        #expect(blocks.first { $0.box.y < 60 }?.lines.count == 1)
        #expect(blocks.first { $0.box.y >= 60 }?.lines.first?.glyphs == banner.map(\.box))
    }

    @Test("Ticks far lower than the lines (a large `\"\"\"`, 6 px beside 14) go on the text a blank line above them as its row")
    func largeQuotesAfterBlankLine() {
        let ticks = [0, 4, 10, 14, 20, 24].map { InkBlob(box: BoundingBox(x: 22 + $0, y: 20 + 3 * 18, width: 2, height: 6), pixelCount: 12) }
        let chains = [Self.chain("Generate a repr()-like value", row: 0, height: 14), Self.chain("data structures.", row: 1, height: 14), ticks]
        let blocks = Self.blocks(chains)
        #expect(blocks.count == 1)
        #expect(blocks.first?.lines.last?.glyphs == ticks.map(\.box))
    }

    @Test("Dashes too small for a bar alone (4 by 1 at 720p) are a row of bars in a row of four or more; two are not")
    func smallDashes() {
        let dashes = (0..<20).map { InkBlob(box: BoundingBox(x: 21 + $0 * 10, y: 20 + 2 * 18 + 5, width: 4, height: 1), pixelCount: 4) }
        let chains = [Self.chain("def heappush(heap, item):", row: 0), dashes, Self.chain("[1] The disk balancing", row: 3),
                      Self.chain("more annoying than clever", row: 4)]
        #expect(Self.rows(chains, bars: []).contains(dashes.map(\.box)))
        let pair = Array(dashes.prefix(2))
        #expect(!Self.rows([chains[0], pair, chains[2], chains[3]], bars: []).contains(pair.map(\.box)))
    }

    @Test("A block of one row of marks alike, lower than the x-height of its panel's text, is sized like that text, however tall a face draws them (Hermit's `\"\"\"`, two thirds of it); a row of letters as tall as the x-height is not")
    func loneMarksSizedByTheirText() {
        let panel = BoundingBox(x: 0, y: 0, width: 1280, height: 720)
        let lines = (0..<3).map { index in
            let glyphs = (0..<20).map { BoundingBox(x: 130 + 13 * $0, y: 100 + 26 * index, width: 11, height: $0 % 3 == 0 ? 19 : 13) }
            return TextBlock.Row(box: glyphs.dropFirst().reduce(glyphs[0]) { $0.union($1) }, glyphs: glyphs)
        }
        var text = TextBlock(box: lines.dropFirst().reduce(lines[0].box) { $0.union($1.box) }, polarity: .lightOnDark, lines: lines,
                             glyphHeight: 19, xHeight: 13)
        text.panel = panel
        func lone(_ glyphs: [BoundingBox]) -> TextBlock {
            let box = glyphs.dropFirst().reduce(glyphs[0]) { $0.union($1) }
            var block = TextBlock(box: box, polarity: .lightOnDark, lines: [TextBlock.Row(box: box, glyphs: glyphs)],
                                  glyphHeight: box.height, xHeight: box.height)
            block.panel = panel
            return block
        }
        // Three quotes, a cell apart, each two ticks 9 px tall: 0.69 of the x-height.
        let quotes = (0..<3).flatMap { [BoundingBox(x: 139 + 13 * $0, y: 200, width: 3, height: 9), BoundingBox(x: 145 + 13 * $0, y: 200, width: 3, height: 9)] }
        let sized = [text, lone(quotes)].withMarksSizedByTheirText()
        #expect(sized[1].xHeight == 13 && sized[1].glyphHeight == 19)
        // Letters as tall as the x-height (`ooo`) keep their own size.
        let letters = (0..<3).map { BoundingBox(x: 139 + 13 * $0, y: 200, width: 11, height: 13) }
        #expect([text, lone(letters)].withMarksSizedByTheirText()[1].glyphHeight == 13)
    }
}
