extension GrayImage {
    /// The picture as ink on paper: each pixel's distance from `ground` in the text's direction,
    /// drawn dark on white, full black from `fullInk` levels on.
    ///
    /// Light-on-dark text comes out dark-on-light (what Tesseract expects), and dim syntax
    /// colours (grey comments, yellow on cream) come out nearly as dark as the rest of the line
    /// instead of falling on the paper side of a global threshold.
    func inkOnPaper(ground: UInt8, polarity: Polarity, fullInk: Int) -> GrayImage {
        let ground = Int(ground)
        let noise = 6
        let span = max(1, fullInk - noise)
        var lookup = [UInt8](repeating: 255, count: 256)
        for value in 0..<256 {
            let distance = polarity == .darkOnLight ? ground - value : value - ground
            let strength = min(255, max(0, (distance - noise) * 255 / span))
            lookup[value] = UInt8(255 - strength)
        }
        return GrayImage(width: width, height: height, pixels: pixels.map { lookup[Int($0)] })
    }

    /// The most common level (to 4 levels) in `box` and `margin` pixels either side of it along
    /// its row (at least 2), measured on the pixels themselves: the ground text stands on, even
    /// where it straddles two surfaces' tiles (a status bar's strip a tile high). The margin is
    /// ground beside a box that is all ink (a lone `.`); none is taken above and below, where
    /// a bar as high as its row ends and another surface begins. Levels count with those 8
    /// either side: grain spreads a ground over many levels, while ink clipped at white piles
    /// up in one.
    func commonLevel(around box: BoundingBox, margin: Int) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 64)
        let margin = max(2, margin)
        let x0 = max(0, box.x - margin), x1 = min(width, box.right + margin)
        let y0 = max(0, box.y), y1 = min(height, box.bottom)
        guard x0 < x1, y0 < y1 else { return 0 }
        pixels.withUnsafeBufferPointer { pixels in
            for y in y0..<y1 {
                for x in x0..<x1 { histogram[Int(pixels[y * width + x]) >> 2] += 1 }
            }
        }
        func around(_ bin: Int) -> Int { histogram[max(0, bin - 2)...min(63, bin + 2)].reduce(0, +) }
        let window = histogram.indices.max { around($0) < around($1) } ?? 0
        let best = (max(0, window - 2)...min(63, window + 2)).max { histogram[$0] < histogram[$1] } ?? window
        return UInt8(best * 4 + 2)
    }

    /// How far the strong strokes in `box` stand from `ground` in `polarity`'s direction: the
    /// 98th percentile of its pixels' distances (text's ink is a few percent of its box).
    func inkContrast(in box: BoundingBox, ground: UInt8, polarity: Polarity) -> Int {
        let ground = Int(ground)
        var histogram = [Int](repeating: 0, count: 256)
        let x0 = max(0, box.x), x1 = min(width, box.right), y0 = max(0, box.y), y1 = min(height, box.bottom)
        guard x0 < x1, y0 < y1 else { return 0 }
        pixels.withUnsafeBufferPointer { pixels in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let value = Int(pixels[y * width + x])
                    histogram[max(0, polarity == .darkOnLight ? ground - value : value - ground)] += 1
                }
            }
        }
        var remaining = (x1 - x0) * (y1 - y0) / 50
        var strong = 255
        while strong > 0 && remaining > histogram[strong] {
            remaining -= histogram[strong]
            strong -= 1
        }
        return strong
    }

    /// How many columns from the left hold nothing darker than `paper`.
    func leadingPaperColumns(paper: UInt8 = 240) -> Int {
        for x in 0..<width {
            for y in 0..<height where self[x, y] < paper { return x }
        }
        return width
    }
}
