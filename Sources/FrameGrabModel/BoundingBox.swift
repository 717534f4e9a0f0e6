/// An axis-aligned rectangle in pixels, top-left origin, in the picture as a player shows it.
public struct BoundingBox: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(left: Int, top: Int, right: Int, bottom: Int) {
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var right: Int { x + width }
    public var bottom: Int { y + height }
    public var area: Int { max(0, width) * max(0, height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Whether the point (`x`, `y`) lies inside.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= Double(x) && px < Double(right) && py >= Double(y) && py < Double(bottom)
    }

    /// Whether the two share more than half the shorter one's height: they stand on one row.
    public func overlapsVertically(_ other: BoundingBox) -> Bool {
        min(bottom, other.bottom) - max(y, other.y) > min(height, other.height) / 2
    }

    public func union(_ other: BoundingBox) -> BoundingBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return BoundingBox(left: min(x, other.x), top: min(y, other.y),
                           right: max(right, other.right), bottom: max(bottom, other.bottom))
    }

    public func intersection(_ other: BoundingBox) -> BoundingBox? {
        let box = BoundingBox(left: max(x, other.x), top: max(y, other.y),
                              right: min(right, other.right), bottom: min(bottom, other.bottom))
        return box.isEmpty ? nil : box
    }

    /// Intersection over union, the usual measure of how well two boxes agree.
    public func intersectionOverUnion(_ other: BoundingBox) -> Double {
        guard let overlap = intersection(other) else { return 0 }
        let union = area + other.area - overlap.area
        return union > 0 ? Double(overlap.area) / Double(union) : 0
    }

    /// Grown by `margin` on every side, then kept inside `limits`.
    public func expanded(by margin: Int, within limits: BoundingBox) -> BoundingBox {
        BoundingBox(left: x - margin, top: y - margin, right: right + margin, bottom: bottom + margin)
            .intersection(limits) ?? self
    }

    /// Scaled by `factor` and shifted by (`dx`, `dy`), for mapping between an OCR crop and the frame.
    public func mapped(scale factor: Double, dx: Int, dy: Int) -> BoundingBox {
        let left = Int((Double(x) / factor).rounded(.down)) + dx
        let top = Int((Double(y) / factor).rounded(.down)) + dy
        let right = Int((Double(self.right) / factor).rounded(.up)) + dx
        let bottom = Int((Double(self.bottom) / factor).rounded(.up)) + dy
        return BoundingBox(left: left, top: top, right: right, bottom: bottom)
    }
}
