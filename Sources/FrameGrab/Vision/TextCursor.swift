/// A terminal's text cursor, drawn on a cell as no glyph is: a block (a solid box as tall as the
/// line and a cell wide) or a bar (a stroke at a cell's edge as tall as the line pitch). No
/// letter of a font is a solid box, and a font leaves its line room to spare above and below,
/// even for `|`, which the bar fills. Tesseract reads a block as letters (`fj`) and a bar as
/// `|`, and the line loses confidence; both are painted out before OCR.
struct TextCursor: PicturePass {
    func prepare(_ picture: inout PiecePicture) {
        picture.image = Self.erased(from: picture.image, xHeight: picture.block.xHeight, pitch: picture.block.linePitch)
    }

    /// Share of a blob's box its ink fills at least: solid, only its edges blurred.
    static let solidFill = 0.9
    /// Share of the line pitch a bar spans at least: a font's `|` spans about four fifths
    /// (18 of DejaVu Sans Mono's 22 px in xterm), the bar the whole cell but for a pixel.
    static let barSpan = 0.9

    /// `picture` (dark ink on white paper) with its text cursors painted out. Without a pitch
    /// (a block of one row) only block cursors are told.
    static func erased(from picture: GrayImage, xHeight: Int, pitch: Int? = nil) -> GrayImage {
        let mask = picture.pixels.map { $0 < 128 }
        let cursors = ConnectedComponents.blobs(in: mask, width: picture.width, height: picture.height).filter { blob in
            let box = blob.box
            let solid = Double(blob.pixelCount) >= solidFill * Double(box.area)
            // Taller than lower-case letters (it spans ascenders and descenders), as wide as a
            // cell rather than a stroke (`l`, `|`), and filled.
            let block = Double(box.height) >= 1.5 * Double(xHeight) && Double(box.width) >= 0.6 * Double(xHeight)
                && box.width <= box.height && solid
            // A stroke no wider than a letter's, across the whole line.
            let bar = pitch.map { Double(box.height) >= barSpan * Double($0) } == true
                && 4 * box.width <= max(8, xHeight) && solid
            return block || bar
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
}
