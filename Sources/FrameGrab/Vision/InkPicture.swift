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

    /// The blobs of pixels standing more than `level` gray levels off the ground within `band`
    /// (and the block's own bounds), those the band's top and bottom do not cut (the block's
    /// bounds do not: beyond them is no ink of its own): the ink of one row gathered again at
    /// another threshold.
    func blobs(in requested: BoundingBox, level: Int) -> [BoundingBox] {
        guard let band = requested.intersection(bounds ?? image.bounds)?.intersection(image.bounds) else { return [] }
        let cutsTop = band.y == requested.y, cutsBottom = band.bottom == requested.bottom
        var mask = [Bool](repeating: false, count: band.width * band.height)
        for y in 0..<band.height {
            for x in 0..<band.width {
                let value = Int(image[band.x + x, band.y + y])
                mask[y * band.width + x] = (polarity == .darkOnLight ? Int(ground) - value : value - Int(ground)) > level
            }
        }
        return ConnectedComponents.boxes(in: mask, over: band)
            .filter { ($0.y > band.y || !cutsTop) && ($0.bottom < band.bottom || !cutsBottom) }
    }
}
