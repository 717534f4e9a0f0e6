import FrameGrab

extension GrayImage {
    /// Mean absolute pixel difference to `other` inside `box`; both must cover the box.
    func meanAbsoluteDifference(to other: GrayImage, in box: BoundingBox) -> Double {
        precondition(box.right <= min(width, other.width) && box.bottom <= min(height, other.height))
        var total = 0
        for y in box.y..<box.bottom {
            for x in box.x..<box.right {
                total += abs(Int(self[x, y]) - Int(other[x, y]))
            }
        }
        return Double(total) / Double(max(1, box.area))
    }

    /// Pixels inside `box` that look like text ink: near black on a light theme, near white on a dark one.
    func inkCount(in box: BoundingBox, theme: String) -> Int {
        guard let box = box.intersection(bounds) else { return 0 }
        var count = 0
        for y in box.y..<box.bottom {
            for x in box.x..<box.right {
                let value = self[x, y]
                if theme == "dark" ? value > 180 : value < 75 { count += 1 }
            }
        }
        return count
    }
}
