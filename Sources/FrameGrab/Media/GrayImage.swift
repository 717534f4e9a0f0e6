/// An 8-bit grayscale picture, row-major with no padding: what OCR and layout work on.
public struct GrayImage: Sendable, Equatable {
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

    /// Resized with bilinear interpolation; enlarging small text helps OCR.
    public func scaled(by factor: Double) -> GrayImage {
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        guard (newWidth, newHeight) != (width, height), width > 0, height > 0 else { return self }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight)
        let scaleX = Double(width) / Double(newWidth)
        let scaleY = Double(height) / Double(newHeight)
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    let sy = max(0, (Double(y) + 0.5) * scaleY - 0.5)
                    let y0 = min(Int(sy), height - 1)
                    let y1 = min(y0 + 1, height - 1)
                    let fy = sy - Double(y0)
                    for x in 0..<newWidth {
                        let sx = max(0, (Double(x) + 0.5) * scaleX - 0.5)
                        let x0 = min(Int(sx), width - 1)
                        let x1 = min(x0 + 1, width - 1)
                        let fx = sx - Double(x0)
                        let top = Double(source[y0 * width + x0]) * (1 - fx) + Double(source[y0 * width + x1]) * fx
                        let bottom = Double(source[y1 * width + x0]) * (1 - fx) + Double(source[y1 * width + x1]) * fx
                        target[y * newWidth + x] = UInt8(max(0, min(255, (top * (1 - fy) + bottom * fy).rounded())))
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }
}
