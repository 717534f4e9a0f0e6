/// A code block's last row drawn in another face than the rows above it: a pager's or an
/// editor's prompt on a terminal's bottom line (less's file name, which tmux shows in italics).
/// One font draws one letter alike, so a row whose letters are unlike the same letters of the
/// code is not the code's. The row is marked here, and made a `ui` region of its own where it
/// stands at the bottom of its surface; a prompt layout found as a block of its own is told
/// from the code above it the same way (`Reading.regions`).
struct OtherFaceRow: CharacterPass {
    /// Letters of the row compared, at least: a short row tells too little.
    static let fewestLetters = 5
    /// How far three in four of the row's letters lie from the nearest cell of the same letter
    /// in the code, at least: no longer alike (`LetterShapes.alike`), and several times as far
    /// as the code's rows lie from each other. A row that only holds a word in another colour
    /// or weight has most of its letters alike.
    static let timesTheBlock: Float = 3
    /// Cells of one letter compared with, at most.
    static let mostCompared = 40

    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let last = region.rows.lastIndex(where: { !$0.isEmpty }), last >= 2,
              let cells = Self.cells(of: region) else { return }
        let above = cells.mapValues { $0.filter { $0.row != last } }
        let row = cells.flatMap { letter, cells in cells.filter { $0.row == last }.map { (letter, $0.ink) } }
        if Self.isUnlike(row, code: above) || Self.leans(region.rows[last], unlike: region.rows[..<last], in: region) {
            region.rows[last].isOtherFace = true
        }
    }

    /// How far a row's strokes lean, at least, beyond the code's usual lean: italics lean 10
    /// to 15 degrees (0.18 to 0.27 across a unit of height), upright type 0, and a lean is
    /// measured to a step of 0.05 either way (a dim upright comment row measured 0.1 off).
    static let slant = 0.15
    /// Rows of the code measured for its lean, at most: a screenful shows it.
    static let rowsLeaning = 16

    /// Whether `row` leans where the rows of `code` stand upright, both in `region`'s picture:
    /// one font draws its letters all upright or all slanted, so a slanted row under upright
    /// code is in another face, even where its slanted letters are placed in no cell to compare
    /// (a pager's prompt in italics). Where one row in ten of the code leans too (a theme's
    /// comments in italics), slant is a face the code uses. The code's nearest `rowsLeaning`
    /// rows of a word or more tell how it leans.
    static func leans(_ row: ReadRow, unlike code: some Collection<ReadRow>, in region: ReadRegion) -> Bool {
        guard let picture = region.picture, row.text.count >= 2 * fewestLetters, let leaning = lean(of: row.box, in: picture) else { return false }
        let rows = code.filter { $0.text.count >= fewestLetters }.suffix(rowsLeaning).compactMap { lean(of: $0.box, in: picture) }
        guard rows.count >= 2, let usual = rows.median else { return false }
        return leaning - usual >= slant && 10 * rows.filter { $0 - usual >= slant }.count < rows.count
    }

    /// How far the strokes in `box` lean, rightward across a unit of height: the shear, in
    /// steps of 0.05 from -0.3 to 0.3, under which the ink's columns stand sharpest (the most
    /// ink in the fewest columns: upright strokes when the shear undoes their lean).
    static func lean(of box: BoundingBox, in picture: InkPicture) -> Double? {
        guard box.width >= 8, box.height >= 4 else { return nil }
        let middle = Double(box.y) + Double(box.height) / 2
        var ink: [(x: Int, y: Double, amount: Double)] = []
        for y in box.y..<box.bottom {
            for x in box.x..<box.right {
                let amount = Double(picture.ink(atX: Double(x), y: Double(y)))
                if amount > 0.1 { ink.append((x, Double(y) - middle, amount)) }
            }
        }
        guard !ink.isEmpty else { return nil }
        let pad = box.height
        let shears = (-6...6).map { Double($0) / 20 }
        let sharpness = shears.map { shear -> Double in
            var columns = [Double](repeating: 0, count: box.width + 2 * pad)
            for pixel in ink {
                // A pixel above the middle (y < 0) moves left by its lean, so leaning strokes stand upright.
                let column = Int((Double(pixel.x - box.x + pad) + shear * pixel.y).rounded())
                if columns.indices.contains(column) { columns[column] += pixel.amount }
            }
            return columns.reduce(0) { $0 + $1 * $1 }
        }
        guard let best = sharpness.indices.max(by: { sharpness[$0] < sharpness[$1] }) else { return nil }
        return shears[best]
    }

    /// The ink of the region's letters and digits whose cells are known, by letter, with the
    /// row each stands on (at most `mostCompared` a letter, but every one of the last row).
    static func cells(of region: ReadRegion) -> [Character: [(row: Int, ink: [Float])]]? {
        guard let grid = region.grid, let picture = region.picture else { return nil }
        let last = region.rows.lastIndex { !$0.isEmpty }
        var cells: [Character: [(row: Int, ink: [Float])]] = [:]
        for case let rowPlaces? in LetterShapes.places(in: region, grid: grid) {
            for place in rowPlaces {
                let letter = region.rows[place.row].characters[place.index].value
                guard letter.isLetter || letter.isNumber, place.row == last || cells[letter, default: []].count < mostCompared else { continue }
                cells[letter, default: []].append((place.row, LetterShapes.samples(at: place, cell: grid.cell, xHeight: grid.xHeight,
                                                                                   picture: picture)))
            }
        }
        return cells
    }

    /// Whether the letters of `row` are drawn unlike the same letters of `code`, by far more
    /// than the code's rows differ among themselves.
    static func isUnlike(_ row: [(letter: Character, ink: [Float])], code: [Character: [(row: Int, ink: [Float])]]) -> Bool {
        let rowDistances = row.compactMap { cell in code[cell.letter]?.map { LetterShapes.distance(cell.ink, $0.ink) }.min() }
        let codeDistances = code.values.flatMap { cells in
            cells.compactMap { cell in cells.filter { $0.row != cell.row }.map { LetterShapes.distance(cell.ink, $0.ink) }.min() }
        }
        guard rowDistances.count >= fewestLetters, let codeMedian = codeDistances.median else { return false }
        let mostOfRow = rowDistances.sorted()[rowDistances.count / 4]
        return mostOfRow > LetterShapes.alike && mostOfRow >= timesTheBlock * codeMedian
    }
}
