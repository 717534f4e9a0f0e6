@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Punctuation checked against its ink")
struct PunctuationShapesTests {
    typealias Ink = CharacterInk
    // A row with its baseline at y = 100 and an x-height of 10: "a" stands on it.
    static let letter = Ink(left: 0, right: 8, top: 90, bottom: 100)

    static let cases: [(Character, Ink, Character, String)] = [
        ("-", Ink(left: 20, right: 23, top: 97, bottom: 100), ".", "a dot on the baseline read as a hyphen"),
        (".", Ink(left: 20, right: 27, top: 94, bottom: 96), "-", "a bar at mid-height read as a dot"),
        ("-", Ink(left: 20, right: 28, top: 102, bottom: 104), "_", "a bar below the baseline"),
        (".", Ink(left: 20, right: 23, top: 97, bottom: 103), ",", "a mark hanging below the baseline"),
        (",", Ink(left: 20, right: 22, top: 98, bottom: 101), ",", "a small comma's pixel of tail below the baseline"),
        (",", Ink(left: 20, right: 22, top: 98, bottom: 100), ".", "a square dot on the baseline read as a comma"),
        (",", Ink(left: 20, right: 23, top: 97, bottom: 101), ",", "a comma OCR saw, as wide as tall, a pixel below the baseline"),
        ("°", Ink(left: 20, right: 24, top: 84, bottom: 87), "`", "a small mark up high read as a degree sign"),
        ("*", Ink(left: 20, right: 28, top: 85, bottom: 94), "*", "an asterisk reaches into the x-height: kept"),
        ("i", Ink(left: 20, right: 25, top: 84, bottom: 103), PunctuationShapes.bracketPlaceholder(for: "i"), "a tall stroke below the baseline is a bracket"),
        ("i", Ink(left: 20, right: 23, top: 88, bottom: 100), "i", "a real i is kept"),
        ("i", Ink(left: 20, right: 23, top: 91, bottom: 100, parts: 2, tallestPart: 3), ":", "two dots read as an i are a colon"),
        ("i", Ink(left: 20, right: 23, top: 88, bottom: 100, parts: 2, tallestPart: 9), "i", "a dot over a stem is an i"),
        ("“", Ink(left: 20, right: 26, top: 84, bottom: 88), "\"", "typographic quotes become ASCII"),
        ("“", Ink(left: 20, right: 23, top: 84, bottom: 87), "`", "one narrow tick up high read as a quote is a backtick"),
        ("~", Ink(left: 20, right: 24, top: 83, bottom: 86), "`", "one narrow tick up high read as a tilde is a backtick"),
        ("~", Ink(left: 20, right: 27, top: 93, bottom: 96), "~", "a tilde across the x-height stays"),
        ("C", Ink(left: 20, right: 25, top: 84, bottom: 103), "(", "a shallow parenthesis read as C"),
        (">", Ink(left: 20, right: 25, top: 84, bottom: 103), ")", "a shallow parenthesis read as >"),
        ("C", Ink(left: 20, right: 27, top: 87, bottom: 100), "C", "a real C stands on the baseline"),
        (">", Ink(left: 20, right: 27, top: 91, bottom: 99), ">", "a real > stays in the x-height"),
    ]

    @Test("Marks are what their ink says", arguments: cases)
    func corrected(sample: (Character, Ink, Character, String)) {
        let result = PunctuationShapes.corrected(["a", "a", sample.0], inks: [Self.letter, Self.letter, sample.1],
                                                 baseline: 100, xHeight: 10)
        #expect(result.last == sample.2, "\(sample.3)")
    }

    @Test("A bracket stroke closes the innermost open bracket")
    func closingBrackets() {
        let p = PunctuationShapes.bracketPlaceholder(for: "l")
        #expect(PunctuationShapes.closingBrackets(in: "f(a[1\(p)\(p)") == "f(a[1])")
        #expect(PunctuationShapes.closingBrackets(in: "x => {\n  y;\n\(p);") == "x => {\n  y;\n};")
        // Nothing open: what OCR read stays.
        #expect(PunctuationShapes.closingBrackets(in: "a\(p)b") == "alb")
    }

    @Test("A `3` alone at a line's start, where a `{` is open, is its `}`")
    func braceReadAsThree() {
        #expect(PunctuationShapes.closingBrackets(in: "if (x) {\n  y(1);\n3);\n3") == "if (x) {\n  y(1);\n});\n3")
        // Not where it is no line's start, nor where no `{` is open.
        #expect(PunctuationShapes.closingBrackets(in: "f {\n  return 3;\n}") == "f {\n  return 3;\n}")
        #expect(PunctuationShapes.closingBrackets(in: "xs = [\n  3,\n]") == "xs = [\n  3,\n]")
    }

    @Test("A `{` seen in the curve of a `(` goes where the line balances only without it")
    func strayBraces() {
        #expect(PunctuationShapes.withoutStrayBraces("let d = String::new({);\n    Ok({total)") == "let d = String::new();\n    Ok(total)")
        // Object literals in parentheses, on one line or opening several, stay.
        for line in ["foo({ a: 1 })", "return ({", "setState(({ n }) => ({ n: n + 1 }))", "if (x) {"] {
            #expect(PunctuationShapes.withoutStrayBraces(line) == line)
        }
    }

    @Test("A row without letters on the baseline takes its baseline from its neighbours")
    func baselines() {
        let rows: [[Character]] = [["a", "b", "c"], ["}", ";"], ["x", "z", "y"]]
        let inks: [[Ink?]] = [
            [Ink(left: 0, right: 8, top: 90, bottom: 100), nil, Ink(left: 20, right: 28, top: 90, bottom: 100)],
            [Ink(left: 0, right: 8, top: 116, bottom: 133), Ink(left: 10, right: 14, top: 120, bottom: 133)],
            [Ink(left: 0, right: 8, top: 150, bottom: 160), Ink(left: 10, right: 18, top: 150, bottom: 160), nil],
        ]
        let baselines = PunctuationShapes.baselines(rows, inks: inks, tops: [88, 116, 148])
        #expect(baselines == [100, 130, 160])
    }
}
