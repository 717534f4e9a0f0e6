/// How a stored picture becomes the picture a player shows: stretch non-square pixels, then
/// rotate by the display matrix.
public struct DisplayGeometry: Equatable, Sendable {
    public var storedWidth: Int
    public var storedHeight: Int
    /// Sample (pixel) aspect ratio; 1:1 for square pixels.
    public var sampleAspect: (num: Int, den: Int)
    /// Clockwise degrees a player turns the picture: 0, 90, 180 or 270.
    public var rotation: Int

    public init(storedWidth: Int, storedHeight: Int, sampleAspect: (num: Int, den: Int) = (1, 1), rotation: Int = 0) {
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.sampleAspect = sampleAspect.num > 0 && sampleAspect.den > 0 ? sampleAspect : (1, 1)
        self.rotation = DisplayGeometry.quarterTurn(rotation)
    }

    public static func == (lhs: DisplayGeometry, rhs: DisplayGeometry) -> Bool {
        lhs.storedWidth == rhs.storedWidth && lhs.storedHeight == rhs.storedHeight
            && lhs.sampleAspect.num * rhs.sampleAspect.den == rhs.sampleAspect.num * lhs.sampleAspect.den
            && lhs.rotation == rhs.rotation
    }

    /// The stored picture with square pixels, before rotation. Players keep the height and
    /// stretch or squeeze the width.
    public var uprightWidth: Int {
        guard sampleAspect.num != sampleAspect.den else { return storedWidth }
        return max(1, (storedWidth * sampleAspect.num + sampleAspect.den / 2) / sampleAspect.den)
    }

    public var uprightHeight: Int { storedHeight }

    public var displayWidth: Int { rotation % 180 == 0 ? uprightWidth : uprightHeight }
    public var displayHeight: Int { rotation % 180 == 0 ? uprightHeight : uprightWidth }

    /// The largest picture framegrab reads, shown: DCI 8K (8192x4320), either way up. A larger
    /// one would take gigabytes and minutes (16K: 1.9 GB and 18 s for a blank frame), so it
    /// is refused before a pixel of it is allocated.
    public static let largestReadable = (side: 8192, pixels: 8192 * 4320)

    /// Whether the picture as shown is within `largestReadable`; a size of 0 is not.
    public var isReadable: Bool {
        let (width, height) = (uprightWidth, uprightHeight)
        return width > 0 && height > 0 && width <= Self.largestReadable.side && height <= Self.largestReadable.side
            && width * height <= Self.largestReadable.pixels
    }

    /// Why a picture of this geometry is not read, for an error message.
    var tooLargeReason: String {
        "its frames are \(displayWidth)x\(displayHeight) as shown, larger than framegrab reads (8K: 8192x4320)"
    }

    /// The same geometry for a picture of another stored size (streams may change size mid-way).
    public func resized(width: Int, height: Int) -> DisplayGeometry {
        DisplayGeometry(storedWidth: width, storedHeight: height, sampleAspect: sampleAspect, rotation: rotation)
    }

    /// Rounds any angle to the nearest quarter turn in 0..<360; display matrices carry
    /// floating-point angles such as -90.00000250447816.
    static func quarterTurn(_ degrees: Int) -> Int {
        let normalized = ((degrees % 360) + 360) % 360
        return (normalized + 45) / 90 % 4 * 90
    }
}
