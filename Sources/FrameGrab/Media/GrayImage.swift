/// An 8-bit grayscale picture, row-major with no padding: what OCR and layout work on.
public struct GrayImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "pixel count must match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, filledWith value: UInt8 = 0) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    public var bounds: BoundingBox { BoundingBox(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The part inside `box` (clipped to the picture).
    public func cropped(to box: BoundingBox) -> GrayImage {
        guard let box = box.intersection(bounds) else { return GrayImage(width: 0, height: 0) }
        var result = [UInt8](repeating: 0, count: box.width * box.height)
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for row in 0..<box.height {
                    let from = (box.y + row) * width + box.x
                    for column in 0..<box.width {
                        target[row * box.width + column] = source[from + column]
                    }
                }
            }
        }
        return GrayImage(width: box.width, height: box.height, pixels: result)
    }

    /// Light becomes dark: OCR engines read dark text on a light ground best.
    public func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// Turned clockwise by a multiple of 90 degrees, as a player turns a rotated video.
    public func rotated(clockwise degrees: Int) -> GrayImage {
        let turn = DisplayGeometry.quarterTurn(degrees)
        guard turn != 0 else { return self }
        let newWidth = turn == 180 ? width : height
        let newHeight = turn == 180 ? height : width
        var result = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let (nx, ny): (Int, Int)
                        switch turn {
                        case 90: (nx, ny) = (height - 1 - y, x)
                        case 180: (nx, ny) = (width - 1 - x, height - 1 - y)
                        default: (nx, ny) = (y, width - 1 - x)
                        }
                        target[ny * newWidth + nx] = source[y * width + x]
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }
}
