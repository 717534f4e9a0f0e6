@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Marked zeros")
struct MarkedZerosTests {
    static let slashedZero = [
        "..####..",
        ".##..##.",
        "##....##",
        "#.....##",
        "#....#.#",
        "#...#..#",
        "#..#...#",
        "#.#....#",
        "##.....#",
        "##....##",
        ".##..##.",
        "..####..",
    ]
    static let dottedZero = [
        "..####..",
        ".##..##.",
        "##....##",
        "#......#",
        "#......#",
        "#..##..#",
        "#..##..#",
        "#......#",
        "#......#",
        "##....##",
        ".##..##.",
        "..####..",
    ]
    static let plainZero = [
        "..####..",
        ".##..##.",
        "##....##",
        "#......#",
        "#......#",
        "#......#",
        "#......#",
        "#......#",
        "#......#",
        "##....##",
        ".##..##.",
        "..####..",
    ]
    static let eight = [
        "..####..",
        ".##..##.",
        "##....##",
        ".##..##.",
        "..####..",
        ".##..##.",
        "##....##",
        "#......#",
        "#......#",
        "##....##",
        ".##..##.",
        "..####..",
    ]
    /// A bitmap font's zero (Spleen 8x16): the slash nearly flat, its holes one above the other.
    static let bitmapZero = [
        ".#####.",
        "##...##",
        "##...##",
        "##..###",
        "##.####",
        "####.##",
        "###..##",
        "##...##",
        "##...##",
        ".#####.",
    ]
    /// A `g` whose join leaves a one-pixel hole under its bowl.
    static let gWithJoin = [
        ".####.#",
        ".##.###",
        "##...##",
        "##...##",
        "##....#",
        "##....#",
        "##...##",
        "###.###",
        ".####.#",
        ".....##",
        ".##..##",
        ".#####.",
    ]

    /// Ampersand-like: a small loop up left over a bigger one, open on the right at the top.
    static let ampersand = [
        "..###...",
        ".#..#...",
        ".#..#...",
        "..##....",
        ".#.#...#",
        "#...#..#",
        "#....#.#",
        "#.....#.",
        "#....#.#",
        ".####..#",
        "........",
        "........",
    ]

    /// Glyphs drawn black on white, 3 px apart, with a margin.
    static func line(_ glyphs: [[String]]) -> GrayImage {
        let width = glyphs.reduce(6) { $0 + $1[0].count + 3 }
        var image = GrayImage(width: width, height: 18, filledWith: 255)
        var left = 3
        for glyph in glyphs {
            for (y, row) in glyph.enumerated() {
                for (x, cell) in row.enumerated() where cell == "#" { image[left + x, 3 + y] = 0 }
            }
            left += glyph[0].count + 3
        }
        return image
    }

    @Test("The slash or dot inside a zero is erased, the ring kept")
    func marksErased() {
        let marked = MarkedZeros.erased(from: Self.line([Self.slashedZero, Self.dottedZero]))
        let plain = Self.line([Self.plainZero, Self.plainZero])
        #expect(marked.picture == plain)
        #expect(marked.zeros.count == 2)
    }

    @Test("A bitmap font's zero, its slash nearly flat, is a marked zero")
    func bitmapZero() {
        #expect(MarkedZeros.erased(from: Self.line([Self.bitmapZero, Self.bitmapZero])).zeros.count == 2)
    }

    @Test("Eights, plain zeros, ampersands and a g's small join hole are left alone")
    func othersKept() {
        let others = Self.line([Self.eight, Self.plainZero, Self.ampersand, Self.eight, Self.gWithJoin])
        #expect(MarkedZeros.erased(from: others).picture == others)
        #expect(MarkedZeros.erased(from: others).zeros.isEmpty)
    }
}
