/// The mouse pointer resting over text: an I-beam, a thin stem capped at both ends, or an
/// arrow, drawn over the screen rather than in its type. Tesseract reads an I-beam as `I`, or
/// into the letter it covers (`devbox` read `detbox`, `#` read `it`), and an arrow as `h` or
/// into its letter (`dbus` read `dhus`), so the pointer is painted out before OCR and the
/// strokes it hid are carried across it.
///
/// A terminal draws its pointer in its own text colour, so colour does not tell it from text.
/// No glyph is an arrow: a filled wedge from a point, its left edge upright, a pixel wider
/// each row down. The I-beam has the shape of a serif `I`, so where it stands tells, and X's
/// own I-beam's caps: a letter `I` stands on its row's baseline no taller than the row's tall
/// letters, with solid serifs; the pointer is as tall as the cursor theme makes it, wherever
/// the mouse rests, over a letter, between rows or off the grid, and X draws its caps split
/// over the stem.
struct MousePointer: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        let erased = Self.erased(from: picture.image, xHeight: picture.block.xHeight)
        picture.image = erased.picture
        picture.pointers += erased.pointers.map(picture.inFrame)
    }

    /// `picture` (dark ink on white paper) with every arrow, and every I-beam that is not a
    /// letter of its row, painted out, the ink it hid carried across from either side; and
    /// where the pointers were.
    static func erased(from picture: GrayImage, xHeight: Int) -> (picture: GrayImage, pointers: [BoundingBox]) {
        let mask = picture.pixels.map { $0 < 128 }
        // The pointer's rim of ground keeps it apart from the letters it covers, but for their
        // corners: its pixels touch along a side.
        let blobs = ConnectedComponents.blobs(in: mask, width: picture.width, height: picture.height, diagonal: false)
        let letters = blobs.filter { 2 * $0.box.height >= xHeight }
        guard let baseline = letters.map(\.box.bottom).mostCommon else { return (picture, []) }
        var image = picture, pointers: [BoundingBox] = []
        // An arrow starts from a point, an I-beam is taller than wide: most letters are neither.
        for blob in blobs where blob.box.height >= 8 && blob.box.width >= 5 && (blob.topSpan <= 2 || Self.isIBeamShaped(blob.box)) {
            guard let own = OwnPixels(blob: blob, mask: mask, width: picture.width) else { continue }
            if own.isArrow {
                image.paintOut(own.indices, width: picture.width, stroke: max(2, xHeight / 3))
                pointers.append(blob.box)
                continue
            }
            guard Self.isIBeamShaped(blob.box), let beam = own.iBeam else { continue }
            // A letter I stands on the baseline among other letters, no taller than the row's
            // tall ones (a pixel for the top's anti-aliasing), with solid serifs. Anything else
            // shaped so is the pointer (over a row of marks, a docstring's `"""`, it is the
            // only blob of a letter's size).
            let tallest = letters.filter { $0.box.bottom == baseline && $0.box != blob.box }.map(\.box.height).max()
            if !beam.isNotched, blob.box.bottom == baseline, let tallest, blob.box.height <= tallest + 1 { continue }
            image.paintOut(own.indices, width: picture.width, stroke: max(2, xHeight / 3))
            pointers.append(blob.box)
        }
        return (image, pointers)
    }

    /// Whether a box has the I-beam's proportions: upright, half again as tall as wide at
    /// least, and 8 px tall or more.
    static func isIBeamShaped(_ box: BoundingBox) -> Bool {
        box.height >= 8 && 3 * box.width <= 2 * box.height
    }
}

/// A blob's own pixels, row by row: letters beside or under the pointer may reach into its
/// box, so they are the component from a pixel of its top row that has all of its pixels.
private struct OwnPixels {
    var box: BoundingBox
    var indices: [Int]
    /// Each row's pixels, as columns from the box's left.
    var rows: [[Int]]

    init?(blob: InkBlob, mask: [Bool], width: Int) {
        let box = blob.box
        func component(from seed: Int) -> Set<Int> {
            var own: Set = [seed], stack = [seed]
            while let index = stack.popLast() {
                let x = index % width, y = index / width
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= box.x && nx < box.right && ny >= box.y && ny < box.bottom && mask[ny * width + nx] {
                    if own.insert(ny * width + nx).inserted { stack.append(ny * width + nx) }
                }
            }
            return own
        }
        let seeds = (box.x..<box.right).map { box.y * width + $0 }.filter { mask[$0] }
        guard let own = seeds.lazy.map(component).first(where: { $0.count == blob.pixelCount }) else { return nil }
        self.box = box
        indices = Array(own)
        rows = [[Int]](repeating: [], count: box.height)
        for index in own { rows[index / width - box.y].append(index % width - box.x) }
    }

    /// An arrow: from a point at its top left, rows of ink from the box's left edge one pixel
    /// wider each row, solid, down to at least half the box's height and width.
    var isArrow: Bool {
        var wedge = 0, widest = 0
        for row in rows {
            guard row.min() == 0, let right = row.max(), right + 1 == row.count,
                  row.count == widest + 1 || (wedge == 0 && row.count <= 2) else { break }
            widest = row.count
            wedge += 1
        }
        return wedge >= 6 && 2 * widest >= box.width && 2 * wedge >= box.height
    }

    /// The I-beam these pixels draw, if they draw one: a stem a few pixels wide down the middle
    /// of the box, and caps reaching out to both sides at its top and bottom.
    var iBeam: IBeam? {
        // The stem: down the middle half, one narrow run centred in the box.
        let centre = Double(box.width - 1) / 2
        let stemWidth = max(2, box.width / 4)
        for row in rows[(box.height / 4)..<(box.height - box.height / 4)] {
            guard let left = row.min(), let right = row.max(), right - left + 1 == row.count,
                  row.count <= stemWidth, abs(Double(left + right) / 2 - centre) <= 1 else { return nil }
        }
        // The caps: in the top and bottom quarters, ink out to both sides of the box.
        let reach = max(1, box.width / 6)
        func capped(_ quarter: ArraySlice<[Int]>) -> Bool {
            let xs = quarter.flatMap { $0 }
            return (xs.min() ?? box.width) <= reach && (xs.max() ?? 0) >= box.width - 1 - reach
        }
        let quarter = max(1, box.height / 5)
        guard capped(rows[0..<quarter]), capped(rows[(box.height - quarter)...]) else { return nil }
        let stem = rows[box.height / 2]
        func notched(_ end: [Int]) -> Bool {
            !stem.contains { end.contains($0) } && end.contains { $0 < (stem.min() ?? 0) } && end.contains { $0 > (stem.max() ?? 0) }
        }
        return IBeam(isNotched: notched(rows[0]) && notched(rows[box.height - 1]))
    }
}

/// What tells an I-beam from a letter I by its own shape.
private struct IBeam {
    /// Whether both caps are split at their ends, over the stem: X's I-beam is drawn so, no
    /// letter's serif is.
    var isNotched: Bool
}

private extension GrayImage {
    /// `pixels` and the rim of ground drawn around them painted out. A stroke the pointer
    /// crossed goes on through it: where the painted run along a row (or, where shorter, along a
    /// column) has ink on both sides and one side is a stroke across it, no thicker than
    /// `stroke` (the bar of a `#`, the top of a `d`'s bowl meeting its stem), the ink is carried
    /// across; two strokes along the pointer (the arms of a `v`) are not joined.
    mutating func paintOut(_ pixels: [Int], width: Int, stroke: Int) {
        var painted = Set<Int>()
        for index in pixels {
            let x = index % width, y = index / width
            for py in Swift.max(0, y - 1)...Swift.min(height - 1, y + 1) {
                for px in Swift.max(0, x - 1)...Swift.min(width - 1, x + 1) { painted.insert(py * width + px) }
            }
        }
        let before = self
        func ink(_ x: Int, _ y: Int) -> Bool {
            x >= 0 && x < width && y >= 0 && y < height && before[x, y] < 128 && !painted.contains(y * width + x)
        }
        /// The length of the run of ink through (x, y) stepping by (dx, dy) both ways.
        func run(_ x: Int, _ y: Int, _ dx: Int, _ dy: Int) -> Int {
            var length = 1, step = 1
            while ink(x + step * dx, y + step * dy) { length += 1; step += 1 }
            step = 1
            while ink(x - step * dx, y - step * dy) { length += 1; step += 1 }
            return length
        }
        for index in painted {
            let x = index % width, y = index / width
            var left = x, right = x, up = y, down = y
            while left >= 0 && painted.contains(y * width + left) { left -= 1 }
            while right < width && painted.contains(y * width + right) { right += 1 }
            while up >= 0 && painted.contains(up * width + x) { up -= 1 }
            while down < height && painted.contains(down * width + x) { down += 1 }
            let crossed = right - left <= down - up
                ? ink(left, y) && ink(right, y) && (run(left, y, 0, 1) <= stroke || run(right, y, 0, 1) <= stroke)
                : ink(x, up) && ink(x, down) && (run(x, up, 1, 0) <= stroke || run(x, down, 1, 0) <= stroke)
            self[x, y] = crossed ? 0 : 255
        }
    }
}
