import FrameGrab
import Testing

@Suite("DisplayGeometry")
struct DisplayGeometryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var stored: (Int, Int)
        var sampleAspect: (num: Int, den: Int)
        var rotation: Int
        var display: (Int, Int)
        var normalizedRotation: Int
        var testDescription: String {
            "\(stored.0)x\(stored.1) SAR \(sampleAspect.num):\(sampleAspect.den) rotated \(rotation)"
        }
    }

    @Test("Display size under sample aspect ratio and rotation", arguments: [
        Case(stored: (1280, 720), sampleAspect: (1, 1), rotation: 0, display: (1280, 720), normalizedRotation: 0),
        // rotated.mp4: stored portrait, turned back to landscape.
        Case(stored: (720, 1280), sampleAspect: (1, 1), rotation: 90, display: (1280, 720), normalizedRotation: 90),
        Case(stored: (720, 1280), sampleAspect: (1, 1), rotation: -90, display: (1280, 720), normalizedRotation: 270),
        Case(stored: (1280, 720), sampleAspect: (1, 1), rotation: 180, display: (1280, 720), normalizedRotation: 180),
        Case(stored: (1280, 720), sampleAspect: (1, 1), rotation: 450, display: (720, 1280), normalizedRotation: 90),
        Case(stored: (1280, 720), sampleAspect: (1, 1), rotation: 89, display: (720, 1280), normalizedRotation: 90),
        Case(stored: (1280, 720), sampleAspect: (1, 1), rotation: 44, display: (1280, 720), normalizedRotation: 0),
        // anamorphic.mp4: 960x720 at 4:3 shows as 1280x720; players keep the height.
        Case(stored: (960, 720), sampleAspect: (4, 3), rotation: 0, display: (1280, 720), normalizedRotation: 0),
        Case(stored: (1440, 1080), sampleAspect: (4, 3), rotation: 0, display: (1920, 1080), normalizedRotation: 0),
        Case(stored: (720, 576), sampleAspect: (16, 15), rotation: 0, display: (768, 576), normalizedRotation: 0),
        Case(stored: (960, 720), sampleAspect: (4, 3), rotation: 90, display: (720, 1280), normalizedRotation: 90),
        // Unknown (0:0) or invalid aspect means square pixels.
        Case(stored: (640, 480), sampleAspect: (0, 1), rotation: 0, display: (640, 480), normalizedRotation: 0),
        Case(stored: (640, 480), sampleAspect: (0, 0), rotation: 0, display: (640, 480), normalizedRotation: 0),
    ])
    func displaySize(case c: Case) {
        let geometry = DisplayGeometry(storedWidth: c.stored.0, storedHeight: c.stored.1,
                                       sampleAspect: c.sampleAspect, rotation: c.rotation)
        #expect(geometry.displayWidth == c.display.0)
        #expect(geometry.displayHeight == c.display.1)
        #expect(geometry.rotation == c.normalizedRotation)
    }

    @Test("Equal aspect ratios compare equal however written")
    func equality() {
        let a = DisplayGeometry(storedWidth: 960, storedHeight: 720, sampleAspect: (4, 3))
        #expect(a == DisplayGeometry(storedWidth: 960, storedHeight: 720, sampleAspect: (8, 6)))
        #expect(a != DisplayGeometry(storedWidth: 960, storedHeight: 720, sampleAspect: (3, 4)))
        #expect(a.resized(width: 480, height: 360).displayWidth == 640)
    }
}
