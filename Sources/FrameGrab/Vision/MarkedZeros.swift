/// Zeros drawn with a slash or a dot inside, as most code and terminal fonts draw them, made
/// plain before OCR.
///
/// Tesseract has not learnt them: it reads them as `@`, `Q`, `e`, `W` or `(1)`, and they
/// throw off the characters around them. A marked zero is an upright oval ring whose sides run
/// unbroken down its middle, its inside split by a slash into two holes of a size, one above the
/// other, or holding a small dot standing free in one big hole. Erasing the ink deeper inside
/// the ring than its stroke leaves a plain oval, which reads as `0` (or `O`, which digit context
/// repairs). `8`, `B` and `g` pinch in between their holes, `@` has a small hole beside a big
/// one, and `%` is not one ring.
struct MarkedZeros: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        let marked = Self.erased(from: picture.image)
        picture.image = marked.picture
        picture.markedZeros += marked.zeros.map(picture.inFrame)
    }

    /// `picture` (dark ink on white paper) with the marks inside zeros painted white, and the
    /// boxes of the zeros found: whatever OCR reads there, a ring with a mark is a zero.
    static func erased(from picture: GrayImage) -> (picture: GrayImage, zeros: [BoundingBox]) {
        let mask = picture.pixels.map { $0 < 128 }
        let blobs = ConnectedComponents.blobs(in: mask, width: picture.width, height: picture.height).map(\.box)
        let heights = blobs.map(\.height).sorted()
        guard heights.count >= 2 else { return (picture, []) }
        let tall = heights[heights.count * 3 / 4]
        var image = picture
        var zeros: [BoundingBox] = []
        for box in blobs where Double(box.height) >= 0.75 * Double(tall) && box.width >= 4 && box.height >= 7
            && Double(box.height) >= 1.15 * Double(box.width) && Double(box.height) <= 2.6 * Double(box.width) {
            let ring = Ring(box, mask: mask, width: picture.width)
            guard ring.isMarkedZero else { continue }
            for (x, y) in ring.inside() { image[x, y] = 255 }
            zeros.append(box)
        }
        return (image, zeros)
    }

    /// The pixels of one blob's box: ink, holes (background the ink encloses) and outside.
    private struct Ring {
        enum Pixel { case ink, hole, outside }

        let box: BoundingBox
        var pixels: [Pixel]
        /// The centre (mean position) and size of each hole.
        var holes: [(x: Double, y: Double, pixels: Int)] = []
        /// Per row: the lengths of the first and last ink runs, when the row has two or more.
        var sides: [(left: Int, right: Int)?] = []
        /// Ink between the sides: the box of every run but the first and last of its row.
        var inner: BoundingBox?

        init(_ box: BoundingBox, mask: [Bool], width: Int) {
            self.box = box
            pixels = (0..<box.area).map { mask[(box.y + $0 / box.width) * width + box.x + $0 % box.width] ? .ink : .outside }
            for y in 0..<box.height {
                var runs: [Range<Int>] = []
                var x = 0
                while x < box.width {
                    guard pixels[y * box.width + x] == .ink else { x += 1; continue }
                    let start = x
                    while x < box.width && pixels[y * box.width + x] == .ink { x += 1 }
                    runs.append(start..<x)
                }
                sides.append(runs.count >= 2 ? (runs[0].count, runs[runs.count - 1].count) : nil)
                if runs.count >= 3 {
                    let row = BoundingBox(x: runs[1].lowerBound, y: y, width: runs[runs.count - 2].upperBound - runs[1].lowerBound, height: 1)
                    inner = inner.map { $0.union(row) } ?? row
                }
            }
            findHoles()
        }

        /// Background regions that do not reach the box's edge (4-connected: a diagonal stroke
        /// parts them) become holes.
        private mutating func findHoles() {
            var seen = [Bool](repeating: false, count: box.area)
            for start in 0..<box.area where !seen[start] && pixels[start] == .outside {
                var region: [Int] = []
                var stack = [start]
                seen[start] = true
                var open = false
                while let index = stack.popLast() {
                    region.append(index)
                    let x = index % box.width, y = index / box.width
                    if x == 0 || y == 0 || x == box.width - 1 || y == box.height - 1 { open = true }
                    for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                    where nx >= 0 && ny >= 0 && nx < box.width && ny < box.height {
                        let next = ny * box.width + nx
                        if !seen[next] && pixels[next] == .outside {
                            seen[next] = true
                            stack.append(next)
                        }
                    }
                }
                guard !open else { continue }
                for index in region { pixels[index] = .hole }
                let count = Double(region.count)
                holes.append((region.reduce(0.0) { $0 + Double($1 % box.width) } / count,
                              region.reduce(0.0) { $0 + Double($1 / box.width) } / count, region.count))
            }
        }

        /// Sides on both hands down the middle of the box, and inside either a slash (two holes
        /// of a size, one above the other; in a small bitmap font the slash is nearly flat) or
        /// one big hole around a small dot. The small hole of a `g`'s join or of an `@`'s curl,
        /// and the notch of an `M`, are not.
        var isMarkedZero: Bool {
            guard sides[(sides.count / 5)..<(sides.count * 4 / 5)].allSatisfy({ $0 != nil }) else { return false }
            if holes.count == 2 {
                let sizes = holes.map(\.pixels).sorted()
                return abs(holes[0].y - holes[1].y) >= 0.15 * Double(box.height) && Double(sizes[0]) >= 0.4 * Double(sizes[1])
            }
            guard holes.count == 1, let dot = inner else { return false }
            return Double(dot.width) <= 0.4 * Double(box.width) && Double(dot.height) <= 0.35 * Double(box.height)
                && Double(holes[0].pixels) >= 0.15 * Double(box.area)
        }

        /// The ring's stroke width: its thinnest side down the middle, where the mark does not
        /// touch it.
        var stroke: Int {
            let middle = sides[(sides.count / 5)..<(sides.count * 4 / 5)].compactMap { $0 }
            return max(1, middle.map { min($0.left, $0.right) }.min() ?? 1)
        }

        /// Frame coordinates of the holes and of the ink further than a stroke from the
        /// outside: the mark goes (with the soft rim around it), the ring stays.
        func inside() -> [(x: Int, y: Int)] {
            // Distance from the outside (the box's surroundings included), in 8-connected steps.
            var distance = [Int](repeating: .max, count: box.area)
            var queue: [Int] = []
            for index in 0..<box.area {
                let x = index % box.width, y = index / box.width
                if pixels[index] == .outside {
                    distance[index] = 0
                    queue.append(index)
                } else if x == 0 || y == 0 || x == box.width - 1 || y == box.height - 1 {
                    distance[index] = 1
                    queue.append(index)
                }
            }
            var head = 0
            while head < queue.count {
                let index = queue[head]
                head += 1
                let x = index % box.width, y = index / box.width
                for ny in max(0, y - 1)...min(box.height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(box.width - 1, x + 1) where distance[ny * box.width + nx] > distance[index] + 1 {
                        distance[ny * box.width + nx] = distance[index] + 1
                        queue.append(ny * box.width + nx)
                    }
                }
            }
            let stroke = self.stroke
            return (0..<box.area).filter { pixels[$0] == .hole || (pixels[$0] == .ink && distance[$0] > stroke) }
                .map { (box.x + $0 % box.width, box.y + $0 / box.width) }
        }
    }
}

/// Whatever OCR read where a zero was found marked with a slash or a dot, is a zero: each code
/// character matched to its ink, inside such a ring.
struct MarkedZerosRead: CharacterPass {
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, region.grid != nil, region.picture != nil else { return }
        for row in region.rows.indices {
            let zeros = region.rows[row].markedZeros
            for index in region.rows[row].characters.indices where !zeros.isEmpty {
                guard let ink = region.rows[row].characters[index].ink,
                      zeros.contains(where: { $0.contains(x: ink.center, y: Double(ink.top + ink.bottom) / 2) }) else { continue }
                region.rows[row].characters[index].value = "0"
            }
        }
    }
}
