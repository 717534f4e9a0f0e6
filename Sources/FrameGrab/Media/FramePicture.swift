/// The frame a player shows, as it shows it (display size, rotation and pixel aspect
/// applied), kept beside its reading for writing it out: `--frame-out`, the page of
/// `--format html`.
public struct FramePicture: Sendable {
    public var gray: GrayImage
    /// Its colours; nil for a gray video, whose picture is `gray`.
    public var color: ColorPlanes?

    public init(gray: GrayImage, color: ColorPlanes? = nil) {
        precondition(color.map { $0.width == gray.width && $0.height == gray.height } ?? true, "planes must be one size")
        self.gray = gray
        self.color = color
    }

    public var width: Int { gray.width }
    public var height: Int { gray.height }

    /// Red, green and blue of every pixel, row by row: the layout image encoders take.
    var interleavedRGB: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        let planes = color.map { [$0.red.pixels, $0.green.pixels, $0.blue.pixels] } ?? [gray.pixels, gray.pixels, gray.pixels]
        bytes.withUnsafeMutableBufferPointer { bytes in
            for (channel, plane) in planes.enumerated() {
                plane.withUnsafeBufferPointer { plane in
                    for index in plane.indices { bytes[index * 3 + channel] = plane[index] }
                }
            }
        }
        return bytes
    }
}
