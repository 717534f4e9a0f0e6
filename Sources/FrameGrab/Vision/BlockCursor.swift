/// A terminal's block cursor: a solid box as tall as the line and a character cell wide. No
/// letter of a font is a solid box, so Tesseract reads it as whatever letters fit (`fj`) and
/// the line loses confidence; it is painted out before OCR.
struct BlockCursor: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        picture.image = Self.erased(from: picture.image, xHeight: picture.block.xHeight)
    }

    /// Share of a blob's box its ink fills at least: solid, only its edges blurred.
    static let solidFill = 0.9

    /// `picture` (dark ink on white paper) with its block cursors painted out.
    static func erased(from picture: GrayImage, xHeight: Int) -> GrayImage {
        let mask = tallColumns(of: picture, atLeast: (3 * xHeight + 1) / 2)
        let cursors = ConnectedComponents.blobs(in: mask, width: picture.width, height: picture.height).filter { blob in
            // Taller than lower-case letters (it spans ascenders and descenders), as wide as a
            // cell rather than a stroke (`l`, `|`), and filled.
            let box = blob.box
            return Double(box.height) >= 1.5 * Double(xHeight) && Double(box.width) >= 0.6 * Double(xHeight)
                && box.width <= box.height && Double(blob.pixelCount) >= solidFill * Double(box.area)
                && standsAlone(box, in: picture)
        }
        guard !cursors.isEmpty else { return picture }
        var image = picture
        for box in cursors.map(\.box) {
            for y in box.y..<(box.y + box.height) {
                for x in box.x..<(box.x + box.width) { image[x, y] = 255 }
            }
        }
        return image
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
