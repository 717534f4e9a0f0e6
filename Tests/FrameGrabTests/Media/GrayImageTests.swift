import FrameGrab
import Testing

@Suite("GrayImage")
struct GrayImageTests {
    /// 3 wide, 2 high:
    ///     1 2 3
    ///     4 5 6
    static let small = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

    @Test("Turns clockwise by quarter turns", arguments: [
        (0, 3, 2, [1, 2, 3, 4, 5, 6] as [UInt8]),
        (90, 2, 3, [4, 1, 5, 2, 6, 3]),
        (180, 3, 2, [6, 5, 4, 3, 2, 1]),
        (270, 2, 3, [3, 6, 2, 5, 1, 4]),
        (-90, 2, 3, [3, 6, 2, 5, 1, 4]),
        (360, 3, 2, [1, 2, 3, 4, 5, 6]),
    ])
    func rotation(degrees: Int, width: Int, height: Int, pixels: [UInt8]) {
        let turned = Self.small.rotated(clockwise: degrees)
        #expect(turned == GrayImage(width: width, height: height, pixels: pixels))
    }

    @Test("Four quarter turns, or a turn and its opposite, change nothing")
    func rotationRoundTrip() {
        let image = GrayImage(width: 7, height: 4, pixels: (0..<28).map { UInt8($0 * 9 % 256) })
        #expect(image.rotated(clockwise: 90).rotated(clockwise: 90).rotated(clockwise: 90).rotated(clockwise: 90) == image)
        #expect(image.rotated(clockwise: 90).rotated(clockwise: 270) == image)
        #expect(image.rotated(clockwise: 180).rotated(clockwise: 180) == image)
    }

    /// 4 wide, 3 high, pixel value = index: rows 0 1 2 3 / 4 5 6 7 / 8 9 10 11.
    static let grid = GrayImage(width: 4, height: 3, pixels: (0..<12).map(UInt8.init))

    @Test("Crops to a box, clipped to the picture", arguments: [
        (BoundingBox(x: 1, y: 1, width: 2, height: 2), 2, 2, [5, 6, 9, 10] as [UInt8]),
        (BoundingBox(x: 0, y: 0, width: 4, height: 3), 4, 3, Array(0..<12)),
        (BoundingBox(x: 3, y: 2, width: 5, height: 5), 1, 1, [11]),
        (BoundingBox(x: -2, y: -2, width: 3, height: 3), 1, 1, [0]),
        (BoundingBox(x: 2, y: 0, width: 2, height: 1), 2, 1, [2, 3]),
        (BoundingBox(x: 10, y: 10, width: 2, height: 2), 0, 0, []),
    ])
    func crop(box: BoundingBox, width: Int, height: Int, pixels: [UInt8]) {
        #expect(Self.grid.cropped(to: box) == GrayImage(width: width, height: height, pixels: pixels))
    }

    @Test("Inverts light and dark")
    func invert() {
        let image = GrayImage(width: 4, height: 1, pixels: [0, 1, 128, 255])
        #expect(image.inverted().pixels == [255, 254, 127, 0])
        #expect(image.inverted().inverted() == image)
    }
}
