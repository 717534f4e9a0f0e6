/// A frame's colours as red, green and blue planes, beside its gray picture and in the same
/// orientation: ink that luma hardly tells from its ground (vim's dark blue on black is 27
/// levels of luma, 238 of blue) stands off it in colour.
public struct ColorPlanes: Sendable, Hashable {
    public var red: GrayImage
    public var green: GrayImage
    public var blue: GrayImage

    public init(red: GrayImage, green: GrayImage, blue: GrayImage) {
        precondition(red.bounds == green.bounds && green.bounds == blue.bounds, "planes must be one size")
        self.red = red
        self.green = green
        self.blue = blue
    }

    public var width: Int { red.width }
    public var height: Int { red.height }

    /// The part inside `box` (clipped to the picture).
    public func cropped(to box: BoundingBox) -> ColorPlanes {
        ColorPlanes(red: red.cropped(to: box), green: green.cropped(to: box), blue: blue.cropped(to: box))
    }

    /// Turned clockwise by a multiple of 90 degrees, as the gray picture is.
    public func rotated(clockwise degrees: Int) -> ColorPlanes {
        ColorPlanes(red: red.rotated(clockwise: degrees), green: green.rotated(clockwise: degrees),
                    blue: blue.rotated(clockwise: degrees))
    }
}
