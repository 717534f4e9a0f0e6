@testable import FrameGrab
@testable import FrameGrabModel
import Testing

@Suite("Keywords read with a look-alike capital")
struct LowercaseKeywordsTests {
    static let cases: [(read: String, expected: String, note: String)] = [
        ("fn main() {\n    Let mut total = 0;\n    for x in xs { total += x; }\n}",
         "fn main() {\n    let mut total = 0;\n    for x in xs { total += x; }\n}", "Rust's let"),
        ("func flush(batch []int) error {\n    if Len(batch) == 0 {\n        return nil\n    }\n    err := send(batch)",
         "func flush(batch []int) error {\n    if len(batch) == 0 {\n        return nil\n    }\n    err := send(batch)", "Go's built-in len, called"),
        ("def total(items):\n    return sum(x for x in items)\nsize = Len\nFor(x)\nn = Len(items)",
         "def total(items):\n    return sum(x for x in items)\nsize = Len\nFor(x)\nn = len(items)", "a built-in not called, a keyword not followed by a space: names"),
        ("fn main() {\n    // Let it be: a comment is prose\n    let s = \"Let me\";\n}",
         "fn main() {\n    // Let it be: a comment is prose\n    let s = \"Let me\";\n}", "comments and strings stay"),
        ("fn main() {\n    let a = b.Len(c);\n    let Lens = maxLen(y);\n}",
         "fn main() {\n    let a = b.Len(c);\n    let Lens = maxLen(y);\n}", "a method, a longer name, a name ending in one"),
        ("public class A {\n    private final Long id;\n    private Float ratio;\n}",
         "public class A {\n    private final Long id;\n    private Float ratio;\n}", "Java's Long and Float are classes"),
        ("Let the talk begin", "Let the talk begin", "no language, no keywords"),
    ]

    @Test("A capital look-alike starting a keyword of the region's language is the keyword", arguments: cases)
    func repaired(sample: (read: String, expected: String, note: String)) {
        #expect(PassTable.applying([LowercaseKeywords()], to: sample.read) == sample.expected, "\(sample.note)")
    }
}
