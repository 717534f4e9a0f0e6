@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Rules drawn with = - _")
struct DrawnRulesTests {
    /// A white picture 200 x 30 with `draw` applied.
    static func picture(_ draw: (inout GrayImage) -> Void) -> GrayImage {
        var image = GrayImage(width: 200, height: 30, filledWith: 255)
        draw(&image)
        return image
    }

    static func bar(_ image: inout GrayImage, y: Int, from left: Int, to right: Int, cell: Int = 9, ink: Int = 5) {
        // One character's bar per cell, a small gap between them, as a monospace font draws `=` or `-`.
        var x = left
        while x < right {
            for dx in 0..<min(ink, right - x) { image[x + dx, y] = 0; image[x + dx, y + 1] = 0 }
            x += cell
        }
    }

    @Test("A run of = is one rule of two bars, of - or _ one bar")
    func found() throws {
        let equals = DrawnRules(in: Self.picture { Self.bar(&$0, y: 10, from: 10, to: 190); Self.bar(&$0, y: 15, from: 10, to: 190) },
                                minimumLength: 36, thickest: 3)
        let rule = try #require(equals.rules.first)
        #expect(equals.rules.count == 1)
        #expect(rule.bars == 2 && rule.left == 10 && rule.right >= 185)
        #expect(DrawnRules.character(of: rule, baseline: 20, xHeight: 9) == "=")

        let dashes = DrawnRules(in: Self.picture { Self.bar(&$0, y: 14, from: 10, to: 190) }, minimumLength: 36, thickest: 3)
        #expect(dashes.rules.count == 1)
        #expect(DrawnRules.character(of: try #require(dashes.rules.first), baseline: 20, xHeight: 9) == "-")
        let underscores = DrawnRules(in: Self.picture { Self.bar(&$0, y: 20, from: 10, to: 190, ink: 9) }, minimumLength: 36, thickest: 3)
        #expect(DrawnRules.character(of: try #require(underscores.rules.first), baseline: 20, xHeight: 9) == "_")
    }

    @Test("A rule is painted out with its antialiased ends: no speck is left for OCR to read as letters")
    func erasedWithItsEnds() throws {
        // `=` at 1080p: bars a pixel thick, a pale column either end of the run.
        let picture = Self.picture { image in
            for y in [10, 15] {
                Self.bar(&image, y: y, from: 20, to: 180)
                image[19, y] = 180
                image[19, y + 1] = 180
            }
        }
        let rules = DrawnRules(in: picture, minimumLength: 36, thickest: 3)
        #expect(rules.rules.count == 1)
        let erased = rules.erased(from: picture)
        #expect(erased.pixels.allSatisfy { $0 == 255 })
    }

    @Test("A run of ~ in small type, a bar no thicker than a dash, waves: it is given back as ~; a dash at a slant is straight")
    func tildes() throws {
        // 9 px cells, each drawn as a 720p `~`: up over the first half, down over the second, 2 px thick.
        let wave = Self.picture { image in
            for x in 10..<190 {
                let phase = (x - 10) % 9
                let top = phase < 4 ? 13 : 14
                image[x, top] = 0
                image[x, top + 1] = 0
            }
        }
        let rules = DrawnRules(in: wave, minimumLength: 36, thickest: 2).rules
        #expect(rules.count == 1)
        #expect(DrawnRules.character(of: try #require(rules.first), baseline: 20, xHeight: 7) == "~")
        // A slide filmed at an angle: dashes stepping down a pixel every 60.
        let slanted = Self.picture { image in
            for x in 10..<190 where (x - 10) % 9 < 6 {
                let y = 13 + (x - 10) / 60
                image[x, y] = 0
                image[x, y + 1] = 0
            }
        }
        let dashes = DrawnRules(in: slanted, minimumLength: 36, thickest: 2).rules
        #expect(!dashes.isEmpty && dashes.allSatisfy { !$0.waves })
    }

    @Test("Letters are not rules: a run of + has stems, the tops of o turn down into their sides")
    func lettersKept() {
        let pluses = Self.picture { image in
            Self.bar(&image, y: 14, from: 10, to: 190)
            for x in stride(from: 12, to: 190, by: 9) { for y in 10..<20 { image[x, y] = 0 } }
        }
        #expect(DrawnRules(in: pluses, minimumLength: 36, thickest: 3).rules.isEmpty)
        let os = Self.picture { image in
            for left in stride(from: 10, to: 185, by: 9) {
                for x in left..<(left + 6) { image[x, 10] = 0; image[x, 19] = 0 }
                for y in 10..<20 { image[left, y] = 0; image[left + 5, y] = 0 }
            }
        }
        #expect(DrawnRules(in: os, minimumLength: 36, thickest: 3).rules.isEmpty)
    }

    /// A 2 x 2 dot at (x, 20).
    static func dot(_ image: inout GrayImage, x: Int) {
        for dx in 0..<2 { image[x + dx, 20] = 0; image[x + dx, 21] = 0 }
    }

    @Test("A row of dots is a rule of dots, counted one by one")
    func dots() throws {
        let progress = Self.picture { image in
            for index in 0..<10 where index != 4 { Self.dot(&image, x: 10 + 9 * index) }
            for y in 12..<22 { image[46, y] = 0 }       // the F of `....F.....`
        }
        let rules = DrawnRules(in: progress, minimumLength: 36, thickest: 3).rules
        #expect(rules.map(\.dots) == [4, 5])
        #expect(DrawnRules.character(of: try #require(rules.first), baseline: 22, xHeight: 9) == ".")
    }

    @Test("Dots between letters or over stems are not a row of dots")
    func dotsInText() {
        let between = Self.picture { image in
            for index in 0..<6 {
                Self.dot(&image, x: 10 + 18 * index)
                for y in 14..<22 { image[19 + 18 * index, y] = 0 }     // a letter between each two
            }
        }
        #expect(DrawnRules(in: between, minimumLength: 36, thickest: 3).rules.isEmpty)
        let iDots = Self.picture { image in
            for index in 0..<6 {
                Self.dot(&image, x: 10 + 9 * index)
                for y in 24..<29 { image[10 + 9 * index, y] = 0 }      // the stem under each dot
            }
        }
        #expect(DrawnRules(in: iDots, minimumLength: 36, thickest: 3).rules.isEmpty)
    }
}
