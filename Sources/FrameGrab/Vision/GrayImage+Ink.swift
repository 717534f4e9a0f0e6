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

    /// How many columns from the left hold nothing darker than `paper`.
    func leadingPaperColumns(paper: UInt8 = 240) -> Int {
        for x in 0..<width {
            for y in 0..<height where self[x, y] < paper { return x }
        }
        return width
    }
}
