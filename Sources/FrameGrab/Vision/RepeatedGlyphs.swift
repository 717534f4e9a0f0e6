/// A run of one symbol drawn over and over whose glyphs touch (a `#####` banner, `=====` and
/// `-----` rules, `~~~~`) is one wide blob of ink, and OCR reads it as letters (`HHHH`,
/// `FRE AH H`). One font draws one character alike: when every cell of such a blob looks like
/// the first, the blob is one character repeated, one per cell, and which one OCR's own
/// symbols inside it tell, or else the block's cells read as a symbol and drawn like it.
struct RepeatedGlyphs: CharacterPass {
    static let symbols: Set<Character> = ["#", "=", "-", "*", "~", "^", "/", "\\", "+", ".", "_", "<", ">", "|"]
    /// The fewest cells in a row to be a run.
    static let shortestRun = 4
    /// A run's cells are one character when they lie this close to the first (drawn at one
    /// subpixel offset after another, they lie within 0.02 of each other).
    static let alike: Float = 2 * LetterShapes.alike
    /// The block's cell drawn most like the run's tells its character when it is this near:
    /// the same character drawn elsewhere on the grid lies up to 0.26 off (`#` at 13 pixels a
    /// cell), different characters 0.46 (median).
    static let nearestReference: Float = 0.3

    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let grid = region.grid, let picture = region.picture else { return }
        // Each cell alone: the glyphs of a run reach into each other's margins.
        func samples(_ center: Double, _ baseline: Double) -> [Float] {
            LetterShapes.samples(at: LetterShapes.Place(row: 0, index: 0, center: center, baseline: baseline), cell: grid.cell,
                                 xHeight: grid.xHeight, picture: picture, width: 1)
        }
        // The block's cells whose ink is their own, and what they were read as.
        let references: [(character: Character, samples: [Float])] = region.rows.flatMap { row -> [(Character, [Float])] in
            guard let baseline = row.baseline else { return [] }
            return row.characters.compactMap { character in
                guard !character.value.isWhitespace, let ink = character.ink else { return nil }
                return (character.value, samples(ink.center, baseline))
            }
        }.prefix(LetterShapes.mostCompared).map { $0 }

        for index in region.rows.indices {
            guard let baseline = region.rows[index].baseline else { continue }
            for run in Self.runs(in: CharacterInk.cells(in: region.rows[index].glyphs), grid: grid).reversed() {
                let cells = run.centers.map { samples($0, baseline) }
                guard cells.allSatisfy({ LetterShapes.distance($0, cells[0]) <= Self.alike }) else { continue }
                let row = region.rows[index]
                let inside = row.characters.indices.filter { position in
                    let center = Double(row.characters[position].box.x) + Double(row.characters[position].box.width) / 2
                    return abs(center - (run.centers[0] + run.centers[run.centers.count - 1]) / 2)
                        <= (run.centers[run.centers.count - 1] - run.centers[0] + grid.cell) / 2
                }
                let read = inside.map { row.characters[$0].value }.filter(Self.symbols.contains)
                // OCR's own symbols there, or else the character drawn most like the run's cells,
                // when that is a symbol (a run of letters alike stays as read).
                let nearest = references.map { (character: $0.character, distance: LetterShapes.distance($0.samples, cells[0])) }
                    .filter { $0.distance <= Self.nearestReference }.min { $0.distance < $1.distance }?.character
                let symbol = read.mostCommon ?? nearest.flatMap { Self.symbols.contains($0) ? $0 : nil }
                    ?? Self.caret(run, baseline: baseline, grid: grid, picture: picture)
                guard let symbol, let first = inside.first, let last = inside.last, inside.count == last - first + 1,
                      // A run OCR read right stays as it was placed.
                      !(inside.count == run.centers.count && read.count == inside.count && Set(read) == [symbol]) else { continue }
                region.rows[index].replaceRun(first...last, with: symbol, at: run, grid: grid)
            }
        }
    }

    /// `^` when the run's cells are drawn as one: an inverted V hanging above the x-height's
    /// middle, its apex on the cell's middle and its two feet apart on its bottom row. No
    /// letter hangs up there alone; a quote has no feet, an asterisk's middle reaches its bottom.
    static func caret(_ run: Run, baseline: Double, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        let height = run.bottom - run.top
        guard height >= 3, baseline - Double(run.bottom) >= 0.4 * grid.xHeight else { return nil }
        let center = run.centers[0]
        let bottomRow = Double(run.bottom - 1)
        func inked(_ x: Double, _ y: Double) -> Bool { picture.ink(atX: x, y: y) >= 0.5 }
        func anyInk(from start: Double, to end: Double, at y: Double) -> Bool {
            stride(from: start, through: end, by: 0.5).contains { inked($0, y) }
        }
        let apex = anyInk(from: center - 1, to: center + 1, at: Double(run.top))
        let hollow = !inked(center, bottomRow)
        let feet = anyInk(from: center - grid.cell / 2, to: center - 1, at: bottomRow)
            && anyInk(from: center + 1, to: center + grid.cell / 2, at: bottomRow)
        return apex && hollow && feet ? "^" : nil
    }

    /// Runs of ink boxed alike in neighbouring cells, `shortestRun` or more: each cell's
    /// column and centre.
    struct Run {
        var firstColumn: Int
        var centers: [Double]
        var top: Int
        var bottom: Int
    }

    static func runs(in inks: [CharacterInk], grid: ReadRegion.Grid) -> [Run] {
        let columns = CodeIndenter.occupiedColumns(inks, cell: grid.cell, origin: grid.origin)
        let centers = inks.flatMap { ink in (0..<ink.span(cell: grid.cell)).map { ink.firstCenter(cell: grid.cell) + Double($0) * grid.cell } }
        // The ink's box in each cell: one character drawn again and again has one box.
        let boxes = inks.flatMap { ink in Array(repeating: (ink.top, ink.bottom, ink.width / ink.span(cell: grid.cell)),
                                                count: ink.span(cell: grid.cell)) }
        func sameBox(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool { abs(a.0 - b.0) <= 1 && abs(a.1 - b.1) <= 1 && abs(a.2 - b.2) <= 1 }
        var runs: [Run] = []
        var start = 0
        for index in columns.indices {
            let ends = index + 1 == columns.count || columns[index + 1] != columns[index] + 1 || !sameBox(boxes[index + 1], boxes[start])
            guard ends else { continue }
            if index + 1 - start >= shortestRun {
                runs.append(Run(firstColumn: columns[start], centers: Array(centers[start...index]),
                                top: boxes[start...index].map(\.0).min() ?? 0, bottom: boxes[start...index].map(\.1).max() ?? 0))
            }
            start = index + 1
        }
        return runs
    }
}

extension ReadRow {
    /// The characters in `range` replaced by `symbol` in each cell of `run`, spaced from the
    /// characters around them by the grid.
    mutating func replaceRun(_ range: ClosedRange<Int>, with symbol: Character, at run: RepeatedGlyphs.Run, grid: ReadRegion.Grid) {
        let count = run.centers.count
        let confidence = characters[range].map(\.confidence).min() ?? 0
        let symbols = run.centers.enumerated().map { cell, center in
            ReadCharacter(value: symbol,
                          box: BoundingBox(left: Int((center - grid.cell / 2).rounded()), top: run.top,
                                           right: Int((center + grid.cell / 2).rounded()), bottom: run.bottom),
                          confidence: confidence, spacesBefore: 0, column: run.firstColumn + cell)
        }
        func column(of character: ReadCharacter) -> Int {
            character.column ?? Int(((Double(character.box.x) + Double(character.box.width) / 2 - grid.origin) / grid.cell).rounded())
        }
        let before = range.lowerBound > 0 ? characters[range.lowerBound - 1] : nil
        characters.replaceSubrange(range, with: symbols)
        if let before {
            characters[range.lowerBound].spacesBefore = max(0, run.firstColumn - column(of: before) - 1)
        } else {
            indent = max(0, run.firstColumn)
        }
        let after = range.lowerBound + count
        if after < characters.count {
            characters[after].spacesBefore = max(0, column(of: characters[after]) - (run.firstColumn + count - 1) - 1)
        }
    }
}
