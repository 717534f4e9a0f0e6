/// Solid patches of ink among letters: nano's trailing-whitespace marks, a block cursor, a
/// highlighted cell. They are drawn a cell wide and a row tall, where a letter of the same
/// size is strokes (a bold stroke is a fifth of its letter's height); one on each of two
/// lines touches across the rows and joins them into one, and OCR reads one as `|`, `]` or
/// `q` with the bracket before it.
enum InkSurfaces {
    /// A patch is solid over a square this share of the height of the letters beside it.
    static let coreShare = 0.6

    /// A solid patch: its pixels (`pixels`, row by row over `box`), the level of the ground
    /// around it, and whether it was cleared from the layout's ink (`joinsRows`).
    struct Surface {
        var box: BoundingBox
        var pixels: [Bool]
        var ground: UInt8
        var joinsRows: Bool

        func shifted(by dx: Int, _ dy: Int) -> Surface {
            var moved = self
            moved.box = BoundingBox(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
            return moved
        }
    }

    /// The solid cores of `blobs` (with the pixel around them, their soft edge) where the
    /// letters beside them are drawn with far thinner strokes. Those taller than two letters
    /// (patches on two lines, touching) are cleared from `mask`, so that their rows stay apart;
    /// one a cell tall stays, a row's cell as its letters are.
    static func removed(from mask: inout [Bool], blobs: [InkBlob], in image: GrayImage) -> [Surface] {
        let width = image.width
        let candidates = blobs.filter { min($0.box.width, $0.box.height) >= 4 && 2 * $0.pixelCount >= $0.box.area }
        guard !candidates.isEmpty else { return [] }
        let letters = blobs.filter { $0.pixelCount >= 3 && 2 * $0.pixelCount < $0.box.area }
        var surfaces: [Surface] = []
        for candidate in candidates {
            let box = candidate.box
            // The letters on its rows, near it: a heading's bold `I` stands among letters as
            // tall as itself, a cursor among the code's.
            let reach = 8 * box.height
            let beside = letters.filter { letter in
                letter.box.overlapsVertically(box) && letter.box.x < box.right + reach && letter.box.right > box.x - reach
            }.map(\.box.height).sorted()
            guard beside.count >= 3 else { continue }
            let letterHeight = beside[beside.count / 2]
            let side = Int((coreShare * Double(letterHeight)).rounded())
            // A cell tall, as a row is: taller than its letters (a square bullet is not).
            guard side >= 3, box.width >= side, box.height > letterHeight else { continue }
            var local = [Bool](repeating: false, count: box.area)
            for y in 0..<box.height {
                for x in 0..<box.width { local[y * box.width + x] = mask[(box.y + y) * width + box.x + x] }
            }
            // Solid through: most of its ink in its core. A cell in reverse video has letters
            // cut out of it, and is their ground.
            let core = GrayImage.opened(local, width: box.width, height: box.height, radius: side / 2)
            guard 4 * core.count(where: { $0 }) >= 3 * candidate.pixelCount else { continue }
            let area = box.expanded(by: 1, within: image.bounds)
            let joinsRows = box.height > 2 * letterHeight
            var pixels = [Bool](repeating: false, count: area.area)
            for y in 0..<box.height {
                for x in 0..<box.width where core[y * box.width + x] {
                    for ny in max(area.y, box.y + y - 1)...min(area.bottom - 1, box.y + y + 1) {
                        for nx in max(area.x, box.x + x - 1)...min(area.right - 1, box.x + x + 1) {
                            if joinsRows { mask[ny * width + nx] = false }
                            pixels[(ny - area.y) * area.width + nx - area.x] = true
                        }
                    }
                }
            }
            surfaces.append(Surface(box: area, pixels: pixels, ground: image.levelAround(area), joinsRows: joinsRows))
        }
        return surfaces
    }
}

extension GrayImage {
    /// The picture with each of `surfaces` painted its ground's level.
    func painted(over surfaces: [InkSurfaces.Surface]) -> GrayImage {
        var painted = self
        for surface in surfaces {
            for y in 0..<surface.box.height {
                for x in 0..<surface.box.width where surface.pixels[y * surface.box.width + x] {
                    painted[surface.box.x + x, surface.box.y + y] = surface.ground
                }
            }
        }
        return painted
    }

    /// The most common level on the ring of pixels just outside `box`.
    fileprivate func levelAround(_ box: BoundingBox) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        let outer = box.expanded(by: 2, within: bounds)
        for y in outer.y..<outer.bottom {
            for x in outer.x..<outer.right where x < box.x || x >= box.right || y < box.y || y >= box.bottom { histogram[Int(self[x, y])] += 1 }
        }
        return UInt8(histogram.indices.max { histogram[$0] < histogram[$1] } ?? 0)
    }
}
