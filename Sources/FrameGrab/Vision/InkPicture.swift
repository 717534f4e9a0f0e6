/// The picture a block was read from, with what its ink looks like: enough to measure how
/// strongly each pixel is ink.
struct InkPicture {
    var image: GrayImage
    var ground: UInt8
    var polarity: Polarity
    var inkContrast: Int
    /// Where the block's own ink lies; beyond it is another block's, or a bar's (nano's title
    /// right above the first row), and counts as ground.
    var bounds: BoundingBox? = nil

    /// How much ink there is at (`x`, `y`), from 0 (ground) to 1 (full ink), between pixels
    /// as between their centres.
    func ink(atX x: Double, y: Double) -> Float {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        func at(_ px: Int, _ py: Int) -> Float {
            guard px >= 0, py >= 0, px < image.width, py < image.height else { return 0 }
            if let bounds, px < bounds.x || py < bounds.y || px >= bounds.right || py >= bounds.bottom { return 0 }
            let value = Int(image[px, py])
            let distance = polarity == .darkOnLight ? Int(ground) - value : value - Int(ground)
            return min(1, max(0, Float(distance) / Float(max(24, inkContrast))))
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
