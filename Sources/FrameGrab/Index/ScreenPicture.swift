import CFFmpeg

/// A small gray copy of a frame, for telling whether the screen changed: the picture averaged
/// over square blocks, about 640x360 whatever the video's size.
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

    convenience init(_ image: GrayImage) {
        self.init(width: image.width, height: image.height, pixels: image.pixels)
    }

    /// Whether the two hold the same pixels (a repeated frame decodes to identical bytes).
    func hasSamePixels(as other: ScreenPicture) -> Bool {
        self === other || (width == other.width && height == other.height && pixels == other.pixels)
    }
}
