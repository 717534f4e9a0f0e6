@testable import FrameGrab
@testable import FrameGrabModel
import Foundation
import Testing

@Suite("Ink told from its ground by colour")
struct ColorInkTests {
    /// A black picture with three strokes: vim's dark blue (27 levels of luma, 238 of blue),
    /// green (134 of luma, 205 of green), and a pixel beside the blue one that chroma
    /// subsampling gave much of its colour and little of its luma.
    static func strokes() -> (GrayImage, ColorPlanes) {
        var gray = GrayImage(width: 64, height: 64, filledWith: 16)
        var red = GrayImage(width: 64, height: 64), green = red, blue = red
        gray[20, 20] = 43; blue[20, 20] = 238
        gray[21, 20] = 26; blue[21, 20] = 200
        gray[40, 40] = 150; green[40, 40] = 205
        return (gray, ColorPlanes(red: red, green: green, blue: blue))
    }

    @Test("Dark blue on black stands off as far as its colour; green, the ground and a bled edge keep their shape")
    func lifted() {
        let (gray, color) = Self.strokes()
        let lifted = gray.inkLifted(by: color)
        // 27 levels lifted to 238 (at most 14 times its luma): full ink.
        #expect(lifted[20, 20] >= 250)
        // The edge is lifted by its stroke's ratio (238 / 27), to about 90, not to its own bled
        // colour (200).
        #expect((60...120).contains(lifted[21, 20]))
        // Luma shows green at more than half its colour: as it is.
        #expect(lifted[40, 40] == 150)
        #expect(lifted[5, 5] == 16)
    }

    /// A picture of `ground` gray (and colour) with rectangles painted over it in turn, each its
    /// luma and its colour.
    static func painted(width: Int, height: Int, ground: UInt8,
                        _ rectangles: [(x: Range<Int>, y: Range<Int>, luma: UInt8, red: UInt8, green: UInt8, blue: UInt8)])
        -> (GrayImage, ColorPlanes) {
        var gray = GrayImage(width: width, height: height, filledWith: ground)
        var red = gray, green = gray, blue = gray
        for rectangle in rectangles {
            for y in rectangle.y {
                for x in rectangle.x {
                    gray[x, y] = rectangle.luma; red[x, y] = rectangle.red; green[x, y] = rectangle.green; blue[x, y] = rectangle.blue
                }
            }
        }
        return (gray, ColorPlanes(red: red, green: green, blue: blue))
    }

    @Test("Coloured ink darker than a dark ground is lifted up, where there is room; the dark ringing beside a bright stroke is not")
    func liftedTheWayThereIsRoom() {
        // On #1e1e1e: vim's dark blue, 12 levels of luma under the ground and 208 of blue off
        // it; a light blue stroke, and two pixels right of it the encoder's dark ringing, its
        // colour the stroke's, bled.
        let (gray, color) = Self.painted(width: 64, height: 64, ground: 30, [
            (40..<42, 10..<40, 18, 0, 0, 238),
            (20..<22, 10..<40, 104, 92, 92, 255),
            (23..<24, 10..<40, 20, 40, 40, 120),
        ])
        let lifted = gray.inkLifted(by: color)
        #expect(lifted[40, 20] >= 150, "dark blue lifted up, away from the ground")
        #expect(lifted[20, 20] >= 104, "the bright stroke stays bright")
        #expect(lifted[23, 20] < 30, "the ringing stays under the ground: no ink")
    }

    @Test("A coloured stroke whose luma hovers about the margin (vim's dark red on #303030) is lifted whole; the chroma bled beside it is not")
    func strokeAboutTheMargin() {
        // A tick 2 px wide: its rows alternately 8 and 4 levels of luma under the ground (the
        // margin is 6), all in the red of the stroke; beside it, a column with the ground's
        // luma and some of the red, bled by 4:2:0.
        let rows = (10..<30).map { y in (x: 40..<42, y: y..<(y + 1), luma: UInt8(y % 2 == 0 ? 40 : 44), red: UInt8(146), green: UInt8(13), blue: UInt8(17)) }
        let (gray, color) = Self.painted(width: 64, height: 64, ground: 48, rows + [(42..<43, 10..<30, 48, 90, 30, 30)])
        let lifted = gray.inkLifted(by: color)
        for y in 10..<30 {
            #expect(lifted[40, y] >= 90 && lifted[41, y] >= 90, "row \(y) of the stroke lifted with the rest")
        }
        #expect(lifted[42, 20] == 48, "the bled column keeps its luma")
    }

    @Test("A blue status bar whose tiles take the dark pane above as their ground stays as luma shows it")
    func surfaceStraddlingTiles() {
        // VS Code's status bar (#007acc, luma 95) from row 26 to 50 under a #1e1e1e pane:
        // the tile of rows 16 to 31 is mostly pane, and the bar is off its ground there by
        // 65 levels of luma and 174 of blue, as far as a dark blue stroke would be.
        let (gray, color) = Self.painted(width: 96, height: 64, ground: 30, [
            (0..<96, 26..<50, 95, 0, 122, 204),
            (10..<40, 29..<30, 255, 255, 255, 255),
        ])
        let lifted = gray.inkLifted(by: color)
        #expect(lifted[50, 27] == 95)
        #expect(lifted[50, 30] == 95)
        #expect(lifted[20, 29] == 255)
        #expect(lifted[50, 10] == 30)
    }

    @Test("A blue button too small to be any tile's ground is a surface, not a stroke, and stays as luma shows it")
    func surfaceWithinTiles() {
        let (gray, color) = Self.painted(width: 128, height: 96, ground: 30, [
            (20..<60, 20..<40, 95, 0, 122, 204),
            // A dark blue stroke two pixels wide beside it is ink.
            (90..<92, 60..<80, 50, 0, 0, 238),
        ])
        let lifted = gray.inkLifted(by: color)
        #expect(lifted[40, 30] == 95)
        #expect(lifted[20, 20] == 95)
        #expect(lifted[90, 70] > 200)
    }

    @Test("Comments luma barely shows are read between white lines of code, and not without their colours",
          arguments: [
              // A terminal's default palette: comments in xterm's blue (#0000ee) on black, 27
              // levels of luma off the ground.
              ("black", "0x0000ee"),
              // vim's pure blue comments on a navy ground: 6 levels of luma, 200 of blue.
              ("0x101838", "0x0000ff"),
              // vim's light-background blue on a dark gray ground (Monokai's): darker than the
              // ground by 22 levels of luma, with 39 below it to go, so lifted up, away from it.
              ("0x272822", "0x0000ee"),
          ])
    func colouredComments(ground: String, comment: String) throws {
        let lines: [(String, String)] = [
            ("def total(items):", "white"),
            ("    # add up every price on the order", comment),
            ("    return sum(item.price for item in items)", "white"),
            ("# totals are computed once per order", comment),
            ("print(total(order))", "white"),
        ]
        let scratch = try Scratch()
        let video = try scratch.textVideo("comments.mp4", ground: ground, width: 1280, height: 720, lines: lines.enumerated().map { index, line in
            Scratch.DrawnText(text: line.0, font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 20, color: line.1,
                              x: 40, y: 60 + 28 * index)
        })
        let grabber = try FrameGrabber(path: video)
        let report = try grabber.report(at: MediaTime(seconds: 0.5))
        let code = try #require(report.regions.first { $0.kind == .code })
        let truth = lines.map(\.0).joined(separator: "\n")
        #expect(TextDistance.characterErrorRate(found: code.text, truth: truth) <= 0.03, "\(code.text)")

        // The same frame in luma alone loses the comments: what the colours are for.
        let frame = try FrameSeeker(file: MediaFile(path: video)).frame(at: MediaTime(seconds: 0.5))
        let gray = try FrameAnalyzer(engines: EnginePool(count: 1, configuration: .init())).read(frame.image)
        let grayCode = gray.regions.filter { $0.kind == .code }.map(\.text).joined(separator: "\n")
        #expect(TextDistance.characterErrorRate(found: grayCode, truth: truth) > 0.03, "\(grayCode)")
    }
}
