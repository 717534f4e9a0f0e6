/// A terminal's block cursor: a box as tall as the line and a character cell wide, the
/// character under it drawn in reverse, in the ground's colour. No letter of a font is a
/// solid box, so Tesseract reads it as whatever letters fit (`fj`, `B` for a reversed `#`)
/// and the line loses confidence: before OCR the cell is drawn back the right way round, which
/// leaves paper where the cursor stood over a space.
struct BlockCursor: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        let cursors = Self.cursors(in: picture.image, xHeight: picture.block.xHeight)
        picture.image = Self.righted(picture.image, cursors: cursors)
        picture.cursors += cursors.map(picture.inFrame)
    }

    /// Share of a cursor's box its ink fills at least: a character drawn in reverse leaves
    /// most of its cell solid (a `#` in xterm at 1080p takes an eighth of it), where an
    /// outlined box is mostly hollow.
    static let solidFill = 0.6

    /// `picture` (dark ink on white paper) with its block cursors drawn back the right way.
    static func righted(_ picture: GrayImage, xHeight: Int) -> GrayImage {
        righted(picture, cursors: cursors(in: picture, xHeight: xHeight))
    }

    /// `picture` with the `cursors`' boxes drawn in reverse.
    static func righted(_ picture: GrayImage, cursors: [BoundingBox]) -> GrayImage {
        var image = picture
        for box in cursors {
            for y in box.y..<box.bottom {
                for x in box.x..<box.right { image[x, y] = 255 - picture[x, y] }
            }
        }
        return image
    }

    /// The boxes of the block cursors in `picture` (dark ink on white paper).
    static func cursors(in picture: GrayImage, xHeight: Int) -> [BoundingBox] {
        let mask = tallColumns(of: picture, atLeast: (3 * xHeight + 1) / 2)
        // Over a character, the cursor's columns stand tall only beside and between its
        // strokes: pieces with one top and one bottom, together no wider than tall, are one box
        // (the picture is one row, so the pieces side by side are the cursor's own).
        var boxes: [BoundingBox] = []
        for piece in ConnectedComponents.blobs(in: mask, width: picture.width, height: picture.height).map(\.box).sorted(by: { $0.x < $1.x }) {
            if let last = boxes.last, abs(last.y - piece.y) <= 1, abs(last.bottom - piece.bottom) <= 1,
               last.union(piece).width <= last.union(piece).height {
                boxes[boxes.count - 1] = last.union(piece)
            } else {
                boxes.append(piece)
            }
        }
        return boxes.filter { box in
            // Taller than lower-case letters (it spans ascenders and descenders), as wide as a
            // cell rather than a stroke (`l`, `|`), solid along its top and sides, and filled.
            Double(box.height) >= 1.5 * Double(xHeight) && Double(box.width) >= 0.6 * Double(xHeight)
                && box.width <= box.height && isFramed(box, in: picture)
                && Double(inked(box, in: picture)) >= solidFill * Double(box.area)
                && standsAlone(box, in: picture)
        }
    }

    /// The blobs of the character a block cursor at `box` holds, drawn in the ground's colour:
    /// the pixels inside it nearer the ground than the cursor's own ink (its strongest), but a
    /// strip along a whole side (ground the box, found a pixel too wide, took in).
    static func character(under box: BoundingBox, picture: InkPicture) -> [BoundingBox] {
        guard box.width > 2, box.height > 2 else { return [] }
        let inside = BoundingBox(x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2)
        let inks = (0..<inside.area).map { index in
            picture.ink(atX: Double(inside.x + index % inside.width), y: Double(inside.y + index / inside.width))
        }
        let fill = inks.max() ?? 0
        let mask = inks.map { $0 < fill / 2 }
        return ConnectedComponents.boxes(in: mask, over: inside).filter { $0.height < inside.height && $0.width < inside.width }
    }

    /// How many of the pixels in `box` are ink.
    static func inked(_ box: BoundingBox, in picture: GrayImage) -> Int {
        (box.y..<box.bottom).reduce(0) { count, y in count + (box.x..<box.right).filter { picture[$0, y] < 128 }.count }
    }

    /// Whether `box`'s top row and both sides are ink but for a tenth of them: the cursor's
    /// edge runs round the character it holds (whose descender may reach its foot).
    static func isFramed(_ box: BoundingBox, in picture: GrayImage) -> Bool {
        let top = (box.x..<box.right).filter { picture[$0, box.y] < 128 }.count
        let sides = [box.x, box.right - 1].map { x in (box.y..<box.bottom).filter { picture[x, $0] < 128 }.count }
        return 10 * top >= 9 * box.width && sides.allSatisfy { 10 * $0 >= 9 * box.height }
    }

    /// Whether nothing but thin lines (an underline) touches `box` at its sides: the full-height
    /// cells between the letters of a highlighted band (a search match, a selection) are solid
    /// too, but the band goes on beside them.
    static func standsAlone(_ box: BoundingBox, in picture: GrayImage) -> Bool {
        [box.x - 1, box.right].allSatisfy { x in
            guard x >= 0, x < picture.width else { return true }
            return (box.y..<box.bottom).filter { picture[x, $0] < 128 }.count * 5 <= box.height
        }
    }

    /// The ink of `picture` that stands in columns at least `tall` pixels high: a cursor's
    /// box whole, without the underline of the row it is on (vim's `cursorline`), which
    /// would join it to the line number and the cells beside it.
    static func tallColumns(of picture: GrayImage, atLeast tall: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: picture.pixels.count)
        for x in 0..<picture.width {
            var y = 0
            while y < picture.height {
                guard picture[x, y] < 128 else { y += 1; continue }
                let top = y
                while y < picture.height && picture[x, y] < 128 { y += 1 }
                if y - top >= tall {
                    for inside in top..<y { mask[inside * picture.width + x] = true }
                }
            }
        }
        return mask
    }
}
