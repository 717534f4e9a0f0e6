import Foundation

/// A frame encoded for a page: PNG for screen content, JPEG where it is much smaller (a
/// camera's picture), at a quality that keeps every letter.
public struct EncodedPicture: Sendable {
    public var mimeType: String
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int

    public var base64: String { Data(bytes).base64EncodedString() }

    public init(mimeType: String, bytes: [UInt8], width: Int, height: Int) {
        self.mimeType = mimeType
        self.bytes = bytes
        self.width = width
        self.height = height
    }

    /// `png`, the picture's PNG, unless it takes more than half a byte a pixel (screens take
    /// a tenth or less) and the finest JPEG is under a third of its size.
    public static func forPage(_ picture: FramePicture, png: [UInt8]) -> EncodedPicture {
        if png.count * 2 > picture.width * picture.height, let jpeg = try? PictureEncoder.jpeg(picture), jpeg.count * 3 < png.count {
            return EncodedPicture(mimeType: "image/jpeg", bytes: jpeg, width: picture.width, height: picture.height)
        }
        return EncodedPicture(mimeType: "image/png", bytes: png, width: picture.width, height: picture.height)
    }
}
