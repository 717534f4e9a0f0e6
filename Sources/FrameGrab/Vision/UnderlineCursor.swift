/// A terminal's underline cursor: a flat stroke across a cell at the cell's bottom edge, below
/// anything the font draws. A font's `_` reaches at most a pixel below its descenders (511
/// renderings of this machine's monospace faces, 11 to 48 px); the terminal draws its cursor
/// under both (xterm: two pixels at the cell's last rows, 1 to 3 below `p` and 1 to 5 below
/// the font's `_` in DejaVu Sans Mono, Liberation Mono and JetBrains Mono). Tesseract reads it
/// as `_` (`'def read_token'_shlex.py`, `dev@devbox:~$ _`); the cell it marks holds no
/// character.
struct UnderlineCursor: CharacterPass {
    static let descenders: Set<Character> = ["g", "j", "p", "q", "y"]

    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let grid = region.grid, let pitch = CodeIndenter.linePitch(of: region.lines),
              let fontDepth = Self.descenderDepth(of: region.rows) else { return }
        // Every `_` drawn as one flat stroke across most of a cell, and how far below its
        // baseline it reaches.
        var underscores: [(row: Int, index: Int, depth: Double)] = []
        for (row, read) in region.rows.enumerated() {
            guard let baseline = read.baseline else { continue }
            for (index, character) in read.characters.enumerated() {
                guard character.value == "_", let ink = character.ink, ink.parts == 1,
                      Double(ink.bottom - ink.top) <= 0.2 * pitch, Double(ink.width) >= 0.5 * grid.cell else { continue }
                underscores.append((row, index, Double(ink.bottom) - baseline))
            }
        }
        for number in Self.cursors(depths: underscores.map(\.depth), descenderDepth: fontDepth).reversed() {
            region.rows[underscores[number].row].removeCharacterKeepingColumns(at: underscores[number].index)
        }
    }

    /// Which of a block's underscores, by how far below the baseline each reaches, are the
    /// cursor: a pixel below the font's descenders and its own underscores, where the block has
    /// others (one font draws one letter alike); two below the descenders where it has none.
    static func cursors(depths: [Double], descenderDepth: Double) -> [Int] {
        depths.indices.filter { number in
            let others = depths.indices.filter { $0 != number }.map { depths[$0] }
            let floor = others.max().map { max($0, descenderDepth) + 1 } ?? descenderDepth + 2
            return depths[number] >= floor - 0.25
        }
    }

    /// How far below the baseline the block's descenders reach: the second deepest, so that
    /// one letter given ink not its own does not set it; nil under two descenders.
    static func descenderDepth(of rows: [ReadRow]) -> Double? {
        let depths = rows.flatMap { row in
            row.baseline.map { baseline in
                row.characters.filter { descenders.contains($0.value) }.compactMap { $0.ink.map { Double($0.bottom) - baseline } }
            } ?? []
        }.sorted()
        return depths.count >= 2 ? depths[depths.count - 2] : nil
    }
}
