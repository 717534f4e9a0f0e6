@testable import FrameGrab
@testable import FrameGrabModel
import Testing

/// Which chained rows of ink `TextEvidence` takes for text, row shapes drawn as their blob boxes.
@Suite("Evidence of text")
struct TextEvidenceTests {
    /// The blobs of `letters` set from `left` on `baseline`: `a` an x-height letter, `l` an
    /// ascender, `p` a descender, `.` a dot, `*` a star, `/` a slash and `}` a brace as tall as
    /// an ascender and hanging a little below the baseline, ` ` a space; `xHeight` pixels high,
    /// letters 0.6 of it wide and spaced 0.2 of it apart, as a sans-serif font sets them.
    static func row(_ letters: String, left: Int = 100, baseline: Int, xHeight: Int = 15) -> [BoundingBox] {
        let width = xHeight * 6 / 10, spacing = xHeight / 5, ascender = xHeight * 14 / 10
        var x = left
        var boxes: [BoundingBox] = []
        for letter in letters {
            switch letter {
            case "a": boxes.append(BoundingBox(x: x, y: baseline - xHeight, width: width, height: xHeight))
            case "l": boxes.append(BoundingBox(x: x, y: baseline - ascender, width: width, height: ascender))
            case "p": boxes.append(BoundingBox(x: x, y: baseline - xHeight, width: width, height: ascender))
            case ".": boxes.append(BoundingBox(x: x, y: baseline - 2, width: 2, height: 2))
            case "*": boxes.append(BoundingBox(x: x, y: baseline - ascender, width: width, height: width))
            case "/", "}": boxes.append(BoundingBox(x: x, y: baseline - ascender, width: width, height: ascender + 3))
            default: break
            }
            x += width + spacing
        }
        return boxes
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var rows: [[BoundingBox]]
        var anchors: [TextEvidence.Anchor] = []
        /// The panels the rows stand in (a box inside one stands in it).
        var panels: [BoundingBox] = []
        /// The rows kept, by index.
        var text: [Int]
    }

    /// Rows a code panel puts 40 px apart, each `indent` letters in.
    static func code(_ rows: [(indent: Int, letters: String)], top: Int = 100) -> [[BoundingBox]] {
        rows.enumerated().map { index, row in Self.row(row.letters, left: 100 + 12 * row.indent, baseline: top + 40 * index) }
    }

    /// Three `"` on one level from `left`, a cell 12 px wide: two ticks each, 2 by 5 px.
    static func quotes(left: Int = 100, top: Int) -> [BoundingBox] {
        (0..<3).flatMap { cell in [2, 6].map { BoundingBox(x: left + 12 * cell + $0, y: top, width: 2, height: 5) } }
    }

    /// Twenty dashes from x = 100, a cell 12 px wide: bars 7 by 1 px.
    static func dashes(top: Int) -> [BoundingBox] {
        (0..<20).map { BoundingBox(x: 100 + 12 * $0 + 2, y: top, width: 7, height: 1) }
    }

    static let cases: [Case] = [
        Case(testDescription: "A word of x-height letters and ascenders is text", rows: [row("laaplaa", baseline: 100)], text: [0]),
        Case(testDescription: "Words of a sentence are text, descenders and dots among them",
             rows: [row("la apa. laap pal.", baseline: 100)], text: [0]),
        Case(testDescription: "Two letters alone are not evidence", rows: [row("la", baseline: 100)], text: []),
        Case(testDescription: "Marks whose bottoms fall anywhere are not text",
             rows: [[0, 9, 3, 14, 6].enumerated().map { BoundingBox(x: 100 + 13 * $0, y: 90 + $1, width: 9, height: 11 + ($1 % 5)) }],
             text: []),
        Case(testDescription: "Squares of a pattern twice their size apart are not letters",
             rows: [(0..<6).map { BoundingBox(x: 100 + 48 * $0, y: 100, width: 16, height: 16) }], text: []),
        Case(testDescription: "Bars far wider than tall on one line are not letters",
             rows: [(0..<6).map { BoundingBox(x: 100 + 90 * $0, y: 360, width: 80, height: 8) }], text: []),
        Case(testDescription: "Specks under four pixels on one baseline are not letters",
             rows: [(0..<8).map { BoundingBox(x: 100 + 5 * $0, y: 97, width: 3, height: 3) }], text: []),
        Case(testDescription: "A lone brace under code is kept with it",
             rows: code([(4, "laa(a)"), (0, "}")]), text: [0, 1]),
        Case(testDescription: "A lone brace five rows below any text is not",
             rows: [row("laaplaa", baseline: 100), row("}", baseline: 300)], text: [0]),
        Case(testDescription: "Closing braces reach three rows down from the last text row, no further",
             rows: code([(16, "laaplaa"), (12, "}"), (8, "}"), (4, "}"), (0, "}")]), text: [0, 1, 2, 3]),
        Case(testDescription: "A brace dedented under the panel's least indented row is kept",
             rows: code([(0, "laap laa"), (12, "apa laa"), (12, "laa"), (0, "}")]), text: [0, 1, 2, 3]),
        Case(testDescription: "A gutter's numbers far left of indented code stand on its baselines",
             rows: code([(30, "laaplaa"), (30, "aalpa")]) + [row("ll", left: 10, baseline: 100), row("ll", left: 10, baseline: 140)],
             text: [0, 1, 2, 3]),
        Case(testDescription: "A square on a text row's baseline, of another size, is not its type",
             rows: [row("laaplaa", baseline: 100), [BoundingBox(x: 900, y: 90, width: 10, height: 10)]], text: [0]),
        Case(testDescription: "A row of dots on the next row's baseline is kept with the text above",
             rows: [row("laaplaa", baseline: 100), (0..<8).map { BoundingBox(x: 100 + 6 * $0, y: 138, width: 2, height: 2) }],
             text: [0, 1]),
        Case(testDescription: "A row of one mark repeated (an `=====` of separate bars) two lines under the text's baseline is kept",
             rows: [row("laaplaa", baseline: 100), (0..<12).flatMap { [BoundingBox(x: 100 + 10 * $0, y: 170, width: 8, height: 2),
                                                                        BoundingBox(x: 100 + 10 * $0, y: 174, width: 8, height: 2)] }],
             text: [0, 1]),
        Case(testDescription: "A row of quotes alone (a docstring's closing `\"\"\"`, ticks 5 px tall two a cell, too tall for dots) two lines under the text's baseline is kept",
             rows: [row("laaplaa", baseline: 100), Self.quotes(top: 159)], text: [0, 1]),
        Case(testDescription: "Not three lines under it", rows: [row("laaplaa", baseline: 100), Self.quotes(top: 199)], text: [0]),
        Case(testDescription: "A rule of dashes two lines under the text, a mouse pointer's I-beam resting on it, is still a row of one mark",
             rows: [row("laaplaa", baseline: 100), Self.dashes(top: 170) + [BoundingBox(x: 150, y: 163, width: 7, height: 14)]], text: [0, 1]),
        Case(testDescription: "So is one with a block cursor on it that vim's cursor line cut in two: the piece under the line stands in the cursor's columns",
             rows: [row("laaplaa", baseline: 100), Self.dashes(top: 170).filter { $0.x != 138 }
                        + [BoundingBox(x: 136, y: 158, width: 11, height: 19), BoundingBox(x: 136, y: 178, width: 11, height: 3)]], text: [0, 1]),
        Case(testDescription: "A gutter's number and a `\"\"\"` a line under the text, a block cursor a line's pitch tall on its last quote, are kept with it",
             rows: [row("laaplaa", baseline: 100), row("ll", left: 10, baseline: 140) + Self.quotes(top: 119).filter { $0.x < 124 }
                        + [BoundingBox(x: 124, y: 112, width: 10, height: 40)]], text: [0, 1]),
        Case(testDescription: "Not with a shape taller than a line's pitch on it (a picture's edge)",
             rows: [row("laaplaa", baseline: 100), row("ll", left: 10, baseline: 140) + Self.quotes(top: 119).filter { $0.x < 124 }
                        + [BoundingBox(x: 124, y: 112, width: 10, height: 60)]], text: [0]),
        Case(testDescription: "A comment's `*/` a line under that rule leans on it, three lines from the text",
             rows: [row("laaplaa", baseline: 100), Self.dashes(top: 170), row("*/", left: 90, baseline: 205)], text: [0, 1, 2]),
        Case(testDescription: "Rows of dots a line apart under the text (a canvas's dot grid) reach no further than dots do: no row of dots measures the next",
             rows: [row("laaplaa", baseline: 100)] + [138, 178, 218, 258].map { top in (0..<8).map { BoundingBox(x: 100 + 12 * $0, y: top, width: 2, height: 2) } },
             text: [0, 1, 2]),
        Case(testDescription: "Not two such shapes on the rule: they are no pointer", rows: [row("laaplaa", baseline: 100),
             Self.dashes(top: 170) + [BoundingBox(x: 150, y: 163, width: 7, height: 14), BoundingBox(x: 190, y: 163, width: 7, height: 14)]],
             text: [0]),
        Case(testDescription: "Nor shapes alike taller than a letter, as far under it (a diagram's nodes)",
             rows: [row("laaplaa", baseline: 100), (0..<3).map { BoundingBox(x: 100 + 40 * $0, y: 150, width: 18, height: 18) }], text: [0]),
        Case(testDescription: "Capitals alike (`OK` and a `\\`, a taller `)` among them) a line under the text are a row of letters beside it, not marks",
             rows: [row("laaplaa", baseline: 100), [BoundingBox(x: 100, y: 119, width: 9, height: 21), BoundingBox(x: 112, y: 119, width: 9, height: 21),
                                                    BoundingBox(x: 124, y: 117, width: 5, height: 25), BoundingBox(x: 136, y: 119, width: 9, height: 21)]],
             text: [0, 1]),
        Case(testDescription: "Nor squares alike a line under it (bullets, icons): no letters are as wide as tall and taller than its x-height",
             rows: [row("laaplaa", baseline: 100), (0..<3).map { BoundingBox(x: 100 + 40 * $0, y: 115, width: 18, height: 18) }], text: [0]),
        Case(testDescription: "A row of marks of mixed sizes as far under the text is not",
             rows: [row("laaplaa", baseline: 100), (0..<12).map { BoundingBox(x: 100 + 10 * $0, y: 174 - $0 % 3, width: 4 + $0 % 3, height: 2 + $0 % 3) }],
             text: [0]),
        Case(testDescription: "A dim short row beside bright text found before needs no evidence of its own",
             rows: [row("*/", baseline: 140)], anchors: [TextEvidence.Anchor(box: BoundingBox(x: 100, y: 79, width: 200, height: 21), letterHeight: 15)],
             text: [0]),
        Case(testDescription: "The same row with no text around it is not kept", rows: [row("*/", baseline: 140)], text: []),
        Case(testDescription: "Bright rows close above each other share their columns: a dim row under the deeper one reaches the shallower one's",
             rows: [row("*/", left: 20, baseline: 180)],
             anchors: [TextEvidence.Anchor(box: BoundingBox(x: 100, y: 79, width: 400, height: 21), letterHeight: 15),
                       TextEvidence.Anchor(box: BoundingBox(x: 460, y: 119, width: 200, height: 21), letterHeight: 15)],
             text: [0]),
        Case(testDescription: "A dim gutter's numbers far left of bright code stand on its baselines",
             rows: [row("ll", left: 10, baseline: 100), row("ll", left: 10, baseline: 140)],
             anchors: [100, 140].map { baseline in
                 TextEvidence.Anchor(box: BoundingBox(x: 460, y: baseline - 21, width: 300, height: 21), letterHeight: 15,
                                     text: TextEvidence.textRow(row("laaplaa", left: 460, baseline: baseline)))
             },
             text: [0, 1]),
        Case(testDescription: "A short row blank lines away from the text of its panel is kept with it",
             rows: [row("laaplaa", baseline: 100), row("}", baseline: 220), row("}", baseline: 420, xHeight: 60)],
             panels: [BoundingBox(x: 50, y: 50, width: 600, height: 400)], text: [0, 1]),
        Case(testDescription: "The same rows on the picture's own ground are not",
             rows: [row("laaplaa", baseline: 100), row("}", baseline: 220)], text: [0]),
        Case(testDescription: "Nor in a panel that holds no text",
             rows: [row("laaplaa", baseline: 100), row("}", baseline: 220)],
             panels: [BoundingBox(x: 50, y: 150, width: 600, height: 300)], text: [0]),
    ]

    @Test(arguments: cases)
    func textRows(case c: Case) {
        let kept = TextEvidence.textRows(c.rows, beside: c.anchors) { box in c.panels.first { $0.contains(box) } }
        #expect(kept == c.text.map { c.rows[$0] })
    }

    @Test("A shape chained to a text row and far taller than its letters is left out of the row")
    func tallShapeLeftOut() throws {
        let letters = Self.row("laaplaa aalpl", baseline: 100)
        let band = BoundingBox(x: 100 + 13 * 12, y: 110, width: 370, height: 118)
        let kept = TextEvidence.textRows([letters + [band]])
        #expect(kept == [letters])
    }

    @Test("A text row's letters: their height, the tallest, and where they stand")
    func measuredRow() throws {
        let text = try #require(TextEvidence.textRow(Self.row("laaplaa", baseline: 100)))
        #expect(text == TextEvidence.TextRow(letterHeight: 15, tallest: 21, top: 79, baseline: 100))
    }
}
