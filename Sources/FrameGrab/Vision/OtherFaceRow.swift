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
        if Self.isUnlike(row, code: above) { region.rows[last].isOtherFace = true }
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
