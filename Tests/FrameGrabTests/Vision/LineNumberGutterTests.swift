@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Line-number gutters")
struct LineNumberGutterTests {
    @Test("Numbers counting up at the start of lines are a gutter, kept per line")
    func gutter() throws {
        let source = [" 98  fn main() {", " 99      let x = 1;", "100", "101      println!(\"{x}\");", "102  }"]
        let (lines, glyphs) = SyntheticLines.lines(source)
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [98, 99, 100, 101, 102])
        #expect(split.map(\.text) == ["fn main() {", "let x = 1;", "", "println!(\"{x}\");", "}"])
        // The gutter's ink is gone too, so the code's grid starts at the code.
        let laidOut = PassTable.laidOut(split)
        #expect(laidOut.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text }
                == ["fn main() {", "    let x = 1;", "", "    println!(\"{x}\");", "}"])
    }

    @Test("A misread number stays out of the code: it stands in the gutter's column")
    func misreadNumber() throws {
        let source = [" 98  fn main() {", " g9      let x = 1;", "100      println!(\"{x}\");", "101  }"]
        let (lines, glyphs) = SyntheticLines.lines(source)
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [98, nil, 100, 101])
        let laidOut = PassTable.laidOut(split)
        #expect(laidOut.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text }
                == ["fn main() {", "    let x = 1;", "    println!(\"{x}\");", "}"])
    }

    @Test("A number read together with the code after it (`101i}`) is split at the gutter's edge")
    func numberJoinedToCode() throws {
        let source = [" 98  fn main() {", " 99      let x = 1;", "100      println!(\"{x}\");", "101  }"]
        var (lines, glyphs) = SyntheticLines.lines(source)
        let number = lines[3].words[0], brace = lines[3].words[1]
        lines[3].words = [Word(text: "101i}", box: number.box.union(brace.box), confidence: 0.5)]
        lines[3].text = "101i}"
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [98, 99, 100, 101])
        let laidOut = PassTable.laidOut(split)
        #expect(laidOut.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text }
                == ["fn main() {", "    let x = 1;", "    println!(\"{x}\");", "}"])
    }

    @Test("A number read together with a row of quotes (`31\"\"\"`) keeps a quote a cell, whose two ticks are two blobs")
    func numberJoinedToQuotes() throws {
        let source = [" 29  without surprises", " 30  maintains the heap", " 31  \"\"\"", " 32", " 33  # Original code"]
        var (lines, glyphs) = SyntheticLines.lines(source)
        let number = lines[2].words[0], quotes = lines[2].words[1]
        lines[2].words = [Word(text: "31\"\"\"", box: number.box.union(quotes.box), confidence: 0.5)]
        lines[2].text = "31\"\"\""
        // Each quote drawn as two ticks, a blob each.
        let digits = glyphs[2].filter { $0.x < quotes.box.x }
        glyphs[2] = digits + glyphs[2].filter { $0.x >= quotes.box.x }.flatMap { quote in
            [BoundingBox(x: quote.x, y: quote.y, width: 2, height: 6), BoundingBox(x: quote.right - 3, y: quote.y, width: 3, height: 6)]
        }
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [29, 30, 31, 32, 33])
        #expect(split[2].text == "\"\"\"")
    }

    @Test("A number read as a letter together with the code after it is the number its neighbours count on to")
    func numberReadAsLetterWithCode() throws {
        let source = ["  7  def f():", "  8      return 1", "  9", " 10  y = 2", " 11  z = 3"]
        var (lines, glyphs) = SyntheticLines.lines(source)
        let number = lines[0].words[0], def = lines[0].words[1]
        lines[0].words = [Word(text: "Tdef", box: number.box.union(def.box), confidence: 0.4)] + lines[0].words.dropFirst(2)
        lines[0].text = "Tdef f():"
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [7, 8, 9, 10, 11])
        #expect(split.map(\.text) == ["def f():", "return 1", "", "y = 2", "z = 3"])
        // Where nothing counts on across it, a row that starts in the gutter's column stays as read.
        lines[1].words = []
        lines[1].text = ""
        let alone = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(alone[0].number == nil)
        #expect(alone[0].text == "Tdef f():")
    }

    @Test("A number boxed over the code after it, or read with it, still leaves the code its first column")
    func numberBoxedOverCode() throws {
        let source = [" 98  fn main() {", " 99      let x = 1;", "100      println!(\"{x}\");", "101  }", "102  }"]
        var (lines, glyphs) = SyntheticLines.lines(source)
        // `101` boxed over the `}` beside it, which OCR reads as a word of its own.
        lines[3].words[0].box = lines[3].words[0].box.union(lines[3].words[1].box)
        // `102}`: number and brace one word.
        let number = lines[4].words[0], brace = lines[4].words[1]
        lines[4].words = [Word(text: "102}", box: number.box.union(brace.box), confidence: 0.5)]
        lines[4].text = "102}"
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [98, 99, 100, 101, 102])
        let laidOut = PassTable.laidOut(split)
        #expect(laidOut.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text }
                == ["fn main() {", "    let x = 1;", "    println!(\"{x}\");", "}", "}"])
    }

    @Test("A gutter in a font whose `1` OCR reads as `4` or `41` still counts on: its numbers' last digits do")
    func leadingDigitsMisread() throws {
        var (lines, glyphs) = SyntheticLines.lines((409...418).map { "\($0)  x = 1" })
        // Read from the same ink: OCR's text, not the boxes, goes wrong.
        for (index, misread) in [1: "4410", 4: "4413", 5: "4414", 6: "445", 9: "4418"] {
            lines[index].words[0].text = misread
            lines[index].text = lines[index].words.map(\.text).joined(separator: " ")
        }
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.text) == Array(repeating: "x = 1", count: 10))
        // Numbers put back where both neighbours count on across them (or the two before the
        // last); misread side by side, they stay as read.
        #expect(split.map(\.number) == [409, 410, 411, 412, 4413, 4414, 445, 416, 417, 418])
    }

    @Test("Relative numbers (vim's relativenumber) are a gutter: the rows keep the numbers of their lines")
    func relativeNumbers() throws {
        // With `number` too, the cursor's row shows its own number, left-aligned.
        let source = ["  3  def f():", "  2      x = 1", "  1", "41        return x", "  1", "  2  y = f()", "  3  z = 2"]
        let (lines, glyphs) = SyntheticLines.lines(source)
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [38, 39, 40, 41, 42, 43, 44])
        #expect(split.map(\.text) == ["def f():", "x = 1", "", "return x", "", "y = f()", "z = 2"])
        // Alone, it shows 0 there: the rows keep how far they are from it.
        let distances = SyntheticLines.lines([" 2  a = 1", " 1  b = 2", " 0  c = 3", " 1  d = 4", " 2  e = 5"])
        let alone = try #require(LineNumberGutter.split(PassTable.rows(distances.0, glyphs: distances.1)))
        #expect(alone.map(\.number) == [2, 1, 0, 1, 2])
        #expect(alone.map(\.text) == ["a = 1", "b = 2", "c = 3", "d = 4", "e = 5"])
        // Cut at the cursor's row (the text split there into two regions), every row numbered
        // down to 1: the distances are what the rows keep.
        let cut = SyntheticLines.lines([" 6  a = 1", " 5", " 4  b = 2", " 3  c = 3", " 2", " 1  d = 4"])
        let above = try #require(LineNumberGutter.split(PassTable.rows(cut.0, glyphs: cut.1)))
        #expect(above.map(\.number) == [6, 5, 4, 3, 2, 1])
        #expect(above.map(\.text) == ["a = 1", "", "b = 2", "c = 3", "", "d = 4"])
    }

    @Test("An absolute gutter whose 11 OCR read as 1 stays absolute: the 1 has no 2 after it")
    func misreadOneIsNoCursor() throws {
        var (lines, glyphs) = SyntheticLines.lines((10...20).map { "\($0)  x = \($0)" })
        lines[1].words[0].text = "1"
        lines[1].text = lines[1].words.map(\.text).joined(separator: " ")
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == (10...20).map { $0 })
    }

    @Test("A relative number OCR read as letters with the code is the line its neighbours count on to")
    func relativeNumberReadAsLetters() throws {
        // The cursor on the top row; `10 """` under it read `we"`.
        let source = ["40  def f():"] + (1...9).map { "  \($0)      x = \($0)" } + [" 10      \"\"\"", " 11  y = f()"]
        var (lines, glyphs) = SyntheticLines.lines(source)
        let number = lines[10].words[0], quotes = lines[10].words[1]
        lines[10].words = [Word(text: "we\"", box: number.box.union(quotes.box), confidence: 0.3)]
        lines[10].text = "we\""
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == Array(40...51))
        #expect(split[10].text == "\"")
        #expect(split[10].glyphs.allSatisfy { $0.x >= quotes.box.x - 2 })
    }

    @Test("A number read with fewer characters after it than the code has cells keeps what it read as the code")
    func numberJoinedToFewerCharacters() throws {
        let source = ["  4  x = 1", "  5  y = 2", "  6  \"\"\"", "  7", "  8  z = 3"]
        var (lines, glyphs) = SyntheticLines.lines(source)
        let number = lines[2].words[0], quotes = lines[2].words[1]
        lines[2].words = [Word(text: "6\"\"", box: number.box.union(quotes.box), confidence: 0.3)]
        lines[2].text = "6\"\""
        let split = try #require(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)))
        #expect(split.map(\.number) == [4, 5, 6, 7, 8])
        #expect(split[2].text == "\"\"")
        #expect(split[2].glyphs.count == 3)
    }

    @Test("A misread number is put back where its neighbours count on by one across it")
    func countingOn() {
        #expect(LineNumberGutter.countingOn([45, 16, 17, 18, 24, 20, 21]) == [15, 16, 17, 18, 19, 20, 21])
        #expect(LineNumberGutter.countingOn([28, 29, 390]) == [28, 29, 30])
        // Jumps where code folds, and rows without a number (wrapped lines), stay.
        #expect(LineNumberGutter.countingOn([3, 4, 9, 10, nil, 11]) == [3, 4, 9, 10, nil, 11])
    }

    @Test("Numbers in the code itself are not a gutter", arguments: [
        ["x = 1", "y = 2", "z = 3"],
        ["1 + 2", "3 * 4", "5 - 6", "7 / 8"],
        ["10 20 30", "5 6 7", "100 200"],
        // A countdown is no relative gutter: no row read 1 on both sides, then 2.
        ["3  steps = 1", "2  steps = 2", "1  steps = 3"],
    ])
    func notAGutter(source: [String]) {
        let (lines, glyphs) = SyntheticLines.lines(source)
        #expect(LineNumberGutter.split(PassTable.rows(lines, glyphs: glyphs)) == nil)
    }
}
