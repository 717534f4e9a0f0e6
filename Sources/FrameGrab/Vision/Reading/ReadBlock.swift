/// What OCR read in one text block: its rows, each with its characters and ink.
struct ReadBlock {
    var block: TextBlock
    var rows: [ReadRow]

    /// `row` put among the block's rows: appended to the row it shares (words sorted left to
    /// right when `sorted`), or inserted where it stands.
    mutating func add(_ row: ReadRow, sortingWords sorted: Bool = false) {
        if let index = rows.firstIndex(where: { $0.box.overlapsVertically(row.box) }) {
            if sorted {
                let (glyphs, zeros) = (rows[index].glyphs + row.glyphs, rows[index].markedZeros + row.markedZeros)
                rows[index].words = (rows[index].words + row.words).sorted { $0.box.x < $1.box.x }
                rows[index].glyphs = glyphs
                rows[index].markedZeros = zeros
            } else {
                rows[index].append(row)
            }
        } else {
            let position = rows.firstIndex(where: { $0.box.y > row.box.y }) ?? rows.count
            rows.insert(row, at: position)
        }
    }
}
