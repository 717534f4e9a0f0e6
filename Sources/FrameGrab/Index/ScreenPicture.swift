import CFFmpeg

/// A small gray copy of a frame, for telling whether the screen changed: the luma plane
/// averaged over square blocks, about 640x360 whatever the video's size.
///
/// A class, so that frames known to be unchanged share one picture and comparing them is free.
final class ScreenPicture: Sendable {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// Pixels of the video per pixel here, along each side.
    static func blockSize(width: Int, height: Int) -> Int {
        max(1, Int(min(Double(width) / 640, Double(height) / 360).rounded()))
    }

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Averages an 8-bit plane over `block`-square blocks.
    convenience init(plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, block: Int) {
        let smallWidth = max(1, width / block)
        let smallHeight = max(1, height / block)
        var pixels = [UInt8](repeating: 0, count: smallWidth * smallHeight)
        let area = block * block
        var sums = [Int](repeating: 0, count: smallWidth)
        pixels.withUnsafeMutableBufferPointer { target in
            sums.withUnsafeMutableBufferPointer { sums in
                for y in 0..<smallHeight {
                    for index in 0..<smallWidth { sums[index] = 0 }
                    for row in 0..<block {
                        let line = plane + (y * block + row) * stride
                        for x in 0..<smallWidth {
                            var sum = 0
                            let start = line + x * block
                            for column in 0..<block { sum += Int(start[column]) }
                            sums[x] += sum
                        }
                    }
                    for x in 0..<smallWidth { target[y * smallWidth + x] = UInt8(sums[x] / area) }
                }
            }
        }
        self.init(width: smallWidth, height: smallHeight, pixels: pixels)
    }

    /// The same for a whole gray picture (frames whose format has no plain luma plane).
    convenience init(_ image: GrayImage, block: Int) {
        let copy = image.pixels.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map {
                ScreenPicture(plane: $0, stride: image.width, width: image.width, height: image.height, block: block)
            }
        }
        self.init(width: copy?.width ?? 1, height: copy?.height ?? 1, pixels: copy?.pixels ?? [0])
    }

    /// Whether the two hold the same pixels (a repeated frame decodes to identical bytes).
    func hasSamePixels(as other: ScreenPicture) -> Bool {
        self === other || (width == other.width && height == other.height && pixels == other.pixels)
    }
}
