@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("Active picture area")
struct ActivePictureAreaTests {
    /// A frame filled with `ground`, with `content` painted inside `area` and video black (16) around it.
    static func frame(width: Int = 320, height: Int = 180, area: BoundingBox, ground: UInt8 = 200) -> GrayImage {
        var image = GrayImage(width: width, height: height, filledWith: 16)
        for y in area.y..<area.bottom {
            for x in area.x..<area.right { image[x, y] = ground }
        }
        return image
    }

    @Test("Pillarbox and letterbox bars are cut off")
    func bars() {
        let pillar = BoundingBox(x: 40, y: 0, width: 240, height: 180)
        #expect(ActivePictureArea.find(in: Self.frame(area: pillar)) == pillar)
        let letter = BoundingBox(x: 0, y: 22, width: 320, height: 136)
        #expect(ActivePictureArea.find(in: Self.frame(area: letter)) == letter)
    }

    @Test("A dark theme is not a bar, nor is a black band on one side only")
    func notBars() {
        let whole = BoundingBox(x: 0, y: 0, width: 320, height: 180)
        #expect(ActivePictureArea.find(in: Self.frame(area: whole, ground: 42)) == whole)
        // A black terminal with empty lines at the bottom.
        let terminal = Self.frame(area: BoundingBox(x: 0, y: 0, width: 320, height: 60))
        #expect(ActivePictureArea.find(in: terminal) == whole)
    }

    @Test("A slide's near-black ground around centred content is picture where its colours are known; black padding is a bar")
    func darkGround() {
        let middle = BoundingBox(x: 60, y: 40, width: 200, height: 100)
        let whole = BoundingBox(x: 0, y: 0, width: 320, height: 180)
        // Scaled to full range, a dark ground's gray is as dark as the video's own black.
        var gray = Self.frame(area: middle)
        for index in gray.pixels.indices where gray.pixels[index] == 16 { gray.pixels[index] = 30 }
        func planes(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> ColorPlanes {
            func plane(_ level: UInt8) -> GrayImage {
                var image = GrayImage(width: 320, height: 180, filledWith: level)
                for y in middle.y..<middle.bottom { for x in middle.x..<middle.right { image[x, y] = 220 } }
                return image
            }
            return ColorPlanes(red: plane(red), green: plane(green), blue: plane(blue))
        }
        #expect(ActivePictureArea.find(in: gray) == middle, "gray alone cannot tell")
        // VS Code's dark ground, #1e1e1e; GitHub's, #0d1117; a navy black.
        #expect(ActivePictureArea.find(in: gray, color: planes(30, 30, 30)) == whole)
        #expect(ActivePictureArea.find(in: gray, color: planes(13, 17, 23)) == whole)
        #expect(ActivePictureArea.find(in: gray, color: planes(2, 5, 18)) == whole)
        #expect(ActivePictureArea.find(in: gray, color: planes(0, 1, 0)) == middle)
    }

    @Test("A letterbox bar beside a coloured edge of the picture is a bar to its last line, whose hue is the picture's")
    func chromaFringe() {
        let letter = BoundingBox(x: 0, y: 22, width: 320, height: 136)
        let gray = Self.frame(area: letter, ground: 90)
        // An editor's blue status bar along the picture's bottom edge: chroma at half
        // resolution tints the bar's first line blue, its luma black.
        func plane(_ picture: UInt8, fringe: UInt8) -> GrayImage {
            var image = GrayImage(width: 320, height: 180, filledWith: 0)
            for y in letter.y..<letter.bottom { for x in 0..<320 { image[x, y] = picture } }
            for x in 0..<320 { image[x, letter.bottom] = fringe }
            return image
        }
        let color = ColorPlanes(red: plane(0, fringe: 0), green: plane(122, fringe: 20), blue: plane(204, fringe: 40))
        #expect(ActivePictureArea.find(in: gray, color: color) == letter)
    }
}
