/// One character's ink on a line: blobs that overlap horizontally (the dot and stem of an `i`,
/// the bars of `=`, the two dots of `:`) are one character; a blob wider than a monospace cell
/// is characters that touch.
struct CharacterInk: Equatable {
    var left: Int
    var right: Int
    var top: Int
    var bottom: Int
    /// How many blobs make it, and the tallest one's height.
    var parts = 1
    var tallestPart = 0

    var center: Double { Double(left + right) / 2 }
    var width: Int { right - left }

    /// How many monospace cells of width `cell` it covers.
    func span(cell: Double) -> Int { max(1, Int((Double(width) / cell).rounded())) }
    /// The centre of the first cell it covers.
    func firstCenter(cell: Double) -> Double { center - Double(span(cell: cell) - 1) * cell / 2 }
    /// The centre of each cell it covers, left to right.
    func cellCenters(cell: Double) -> [Double] { (0..<span(cell: cell)).map { firstCenter(cell: cell) + Double($0) * cell } }

    /// The characters of a line, left to right, from its ink blobs.
    static func cells(in blobs: [BoundingBox]) -> [CharacterInk] {
        var cells: [CharacterInk] = []
        for blob in blobs.sorted(by: { $0.x < $1.x }) {
            if let last = cells.last, blob.x < last.right {
                cells[cells.count - 1].right = max(last.right, blob.right)
                cells[cells.count - 1].top = min(last.top, blob.y)
                cells[cells.count - 1].bottom = max(last.bottom, blob.bottom)
                cells[cells.count - 1].parts += 1
                cells[cells.count - 1].tallestPart = max(last.tallestPart, blob.height)
            } else {
                cells.append(CharacterInk(left: blob.x, right: blob.right, top: blob.y, bottom: blob.bottom, tallestPart: blob.height))
            }
        }
        return cells
    }
}

extension CharacterInk {
    /// Neighbouring blobs that fit in three quarters of a cell together (`within`) are one
    /// character's pieces: the two ticks of a `"`, or a `#` drawn small and faint that keeps
    /// its two stems and loses its bars. Two characters stand a cell apart, so their ink
    /// together spans more than a cell; where a run of cells drawn alike checks the pieces,
    /// they may fill all but a pixel of it (a dark blue comment's `#`, ten pixels of twelve).
    static func joiningPieces(_ row: [CharacterInk], cell: Double, within: Double = 0.75) -> [CharacterInk] {
        var joined: [CharacterInk] = []
        for ink in row {
            if let last = joined.last, Double(ink.right - last.left) <= within * cell {
                joined[joined.count - 1] = CharacterInk(left: last.left, right: ink.right, top: min(last.top, ink.top),
                                                        bottom: max(last.bottom, ink.bottom), parts: last.parts + ink.parts,
                                                        tallestPart: max(last.tallestPart, ink.tallestPart))
            } else {
                joined.append(ink)
            }
        }
        return joined
    }
}
