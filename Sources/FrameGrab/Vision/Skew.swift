import Foundation

/// How far the text on a frame is turned: a slide or a screen filmed by a camera stands a
/// degree or three off level, its rows then drift across lines and come apart in layout.
///
/// Letters stand on their baseline, so the bottoms of a frame's glyphs, seen along the angle
/// the text is drawn at, pile up on a few heights, one per row; seen along any other angle they
/// spread out. The angle at which they pile up highest is the text's.
struct Skew {
    /// The largest turn looked for, each way (a hand-held or tripod camera off level).
    static let largest = 4.0
    /// Angles are tried this far apart: across a 1,000-pixel row, 0.05° moves a baseline by
    /// less than a pixel.
    static let step = 0.05
    /// Below this a row drifts by less than its strokes are thick across a whole slide
    /// (0.3° over 1,000 pixels is 5 pixels), and layout holds it as drawn.
    static let smallest = 0.3
    /// The piling at the found angle must beat the level one by this much: text drawn level,
    /// a picture's texture and noise have no angle that stands out.
    static let clearGain = 1.3
    /// Too few glyphs tell no angle.
    static let fewestGlyphs = 40

    /// The text's angle in degrees (positive when rows fall to the right, in image
    /// coordinates, y down), or nil when the glyphs stand level or tell no clear angle. The
    /// glyphs lie on a picture `width` wide, turned about its middle.
    static func angle(ofGlyphs glyphs: [BoundingBox], width: Int) -> Double? {
        // Letters only: specks and rules have no baseline.
        let sized = glyphs.filter { $0.height >= 6 }
        guard sized.count >= fewestGlyphs else { return nil }
        let heights = sized.map(\.height).sorted()
        let typical = heights[heights.count / 2]
        let letters = sized.filter { $0.height * 2 >= typical && $0.height <= typical * 2 }
        guard letters.count >= fewestGlyphs else { return nil }
        let center = Double(width) / 2
        let bottoms = letters.map { (x: Double($0.x) + Double($0.width) / 2 - center, y: Double($0.bottom)) }
        let lowest = bottoms.map(\.y).max() ?? 0
        let drift = Int((center * tan(largest * .pi / 180)).rounded(.up)) + 2
        var counts = [Int](repeating: 0, count: Int(lowest) + 2 * drift + 2)

        func piling(_ degrees: Double) -> Int {
            let slope = tan(degrees * .pi / 180)
            for index in counts.indices { counts[index] = 0 }
            // Glyphs lie across `width`; one outside it (a caller's mistake) is left out, not a trap.
            for bottom in bottoms {
                let row = Int((bottom.y - bottom.x * slope).rounded()) + drift
                if counts.indices.contains(row) { counts[row] += 1 }
            }
            return counts.reduce(0) { $0 + $1 * $1 }
        }

        let level = piling(0)
        let steps = Int((largest / step).rounded())
        var best = (degrees: 0.0, piling: level)
        for index in -steps...steps where index != 0 {
            let degrees = Double(index) * step
            let score = piling(degrees)
            if score > best.piling { best = (degrees, score) }
        }
        guard abs(best.degrees) >= smallest, Double(best.piling) >= clearGain * Double(level) else { return nil }
        return best.degrees
    }
}

/// A frame turned so that text filmed at `degrees` stands level, and the way back: boxes found
/// on the level picture are reported in the frame as shown.
struct Deskewed {
    let degrees: Double
    let image: GrayImage
    private let center: (x: Double, y: Double)
    private let cosine: Double
    private let sine: Double

    /// `image` turned by `degrees` about the middle of `area`; pixels brought in from beyond
    /// the frame's edge repeat the edge.
    init(_ image: GrayImage, degrees: Double, about area: BoundingBox) {
        self.degrees = degrees
        center = (Double(area.x) + Double(area.width) / 2, Double(area.y) + Double(area.height) / 2)
        cosine = cos(degrees * .pi / 180)
        sine = sin(degrees * .pi / 180)
        let (width, height) = (image.width, image.height)
        var pixels = [UInt8](repeating: 0, count: width * height)
        let (cx, cy, cosine, sine) = (center.x, center.y, cosine, sine)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for v in 0..<height {
                    let dy = Double(v) - cy
                    for u in 0..<width {
                        let dx = Double(u) - cx
                        // Each level pixel is read where it lies on the turned frame, between its four neighbours.
                        let x = min(max(cx + dx * cosine - dy * sine, 0), Double(width - 1))
                        let y = min(max(cy + dx * sine + dy * cosine, 0), Double(height - 1))
                        let (x0, y0) = (Int(x), Int(y))
                        let (x1, y1) = (min(x0 + 1, width - 1), min(y0 + 1, height - 1))
                        let (fx, fy) = (x - Double(x0), y - Double(y0))
                        let top = Double(source[y0 * width + x0]) * (1 - fx) + Double(source[y0 * width + x1]) * fx
                        let bottom = Double(source[y1 * width + x0]) * (1 - fx) + Double(source[y1 * width + x1]) * fx
                        target[v * width + u] = UInt8((top * (1 - fy) + bottom * fy).rounded())
                    }
                }
            }
        }
        self.image = GrayImage(width: width, height: height, pixels: pixels)
    }

    /// A box on the level picture as it lies on the frame: the box around its turned corners,
    /// kept inside `limits`.
    func inFrame(_ box: BoundingBox, within limits: BoundingBox) -> BoundingBox {
        let corners = [(box.x, box.y), (box.right, box.y), (box.x, box.bottom), (box.right, box.bottom)].map { u, v in
            let (dx, dy) = (Double(u) - center.x, Double(v) - center.y)
            return (x: center.x + dx * cosine - dy * sine, y: center.y + dx * sine + dy * cosine)
        }
        let turned = BoundingBox(left: Int(corners.map(\.x).min()!.rounded(.down)), top: Int(corners.map(\.y).min()!.rounded(.down)),
                                 right: Int(corners.map(\.x).max()!.rounded(.up)), bottom: Int(corners.map(\.y).max()!.rounded(.up)))
        return turned.intersection(limits) ?? box
    }

    /// The region with every box in it (lines, words, detections) as it lies on the frame.
    func inFrame(_ region: Region, within limits: BoundingBox) -> Region {
        var region = region
        region.box = inFrame(region.box, within: limits)
        for line in region.lines.indices {
            region.lines[line].box = inFrame(region.lines[line].box, within: limits)
            for word in region.lines[line].words.indices {
                region.lines[line].words[word].box = inFrame(region.lines[line].words[word].box, within: limits)
            }
        }
        for detection in region.detections.indices {
            region.detections[detection].box = inFrame(region.detections[detection].box, within: limits)
        }
        return region
    }
}
