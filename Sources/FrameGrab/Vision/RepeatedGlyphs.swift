/// A run of one symbol drawn over and over whose glyphs touch (a `#####` banner, `=====` and
/// `-----` rules, `~~~~`) is one wide blob of ink, and OCR reads it as letters (`HHHH`,
/// `FRE AH H`). One font draws one character alike: when every cell of such a blob looks like
/// the first, the blob is one character repeated, one per cell, and which one OCR's own
/// symbols inside it tell, or else the block's cells read as a symbol and drawn like it, or
/// the shape of a `^`, a `~`, a `#`, a `*` or a slash. A run too short to tell by itself (the
/// `***` closing each side of a boxed comment) is the symbol of a longer one drawn like it;
/// one alone on its row, the symbol the block's cells drawn like it tell, or its shape.
struct RepeatedGlyphs: CharacterPass {
    static let symbols: Set<Character> = ["#", "=", "-", "*", "~", "^", "/", "\\", "+", ".", "_", "<", ">", "|"]
    /// The symbols drawn as flat bars.
    static let bars: Set<Character> = ["-", "_", "="]
    /// What OCR reads of the stub a mouse pointer painted out leaves (an I-beam's foot).
    static let pointerStubs: Set<Character> = [".", ",", "'", "`", ":"]
    /// The fewest cells in a row to be a run.
    static let shortestRun = 4
    /// A run's cells are one character when each lies this close to the others' mean (drawn at one
    /// subpixel offset after another, they lie within 0.02 of each other).
    static let alike: Float = 2 * LetterShapes.alike
    /// The block's cell drawn most like the run's tells its character when it is this near:
    /// the same character drawn elsewhere on the grid lies up to 0.26 off (`#` at 13 pixels a
    /// cell), different characters 0.46 (median).
    static let nearestReference: Float = 0.3

    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let grid = region.grid, let picture = region.picture else { return }
        // Each cell alone: the glyphs of a run reach into each other's margins.
        func samples(_ center: Double, _ baseline: Double, within rows: ClosedRange<Double>? = nil) -> [Float] {
            LetterShapes.samples(at: LetterShapes.Place(row: 0, index: 0, center: center, baseline: baseline), cell: grid.cell,
                                 xHeight: grid.xHeight, picture: picture, width: 1, within: rows)
        }
        // The block's cells whose ink is their own, and what OCR surely read them as (the stubs
        // of a boxed comment misread as `wom` tell nothing): a few hundred taken evenly over the
        // whole block (a banner at the foot of a screen is drawn by the same font as the code at
        // its head, and its lone `#` is the one that tells).
        let inked: [(row: Int, character: Character, center: Double, baseline: Double)] = region.rows.indices.flatMap { index in
            guard let baseline = region.rows[index].baseline else { return [(Int, Character, Double, Double)]() }
            return region.rows[index].characters.compactMap { character in
                guard !character.value.isWhitespace, character.confidence >= ReadRegion.minimumConfidence, let ink = character.ink
                else { return nil }
                return (index, character.value, ink.center, baseline)
            }
        }
        let step = max(1, inked.count / LetterShapes.mostCompared)
        let references = stride(from: 0, to: inked.count, by: step).map { inked[$0] }
            .map { (row: $0.row, center: $0.center, character: $0.character, samples: samples($0.center, $0.baseline)) }

        // Every run of cells alike, and the symbols OCR read inside it.
        func drawing(_ run: Run, row: Int) -> Drawing {
            Drawing(shape: Self.mean(run.shownCenters.map { samples($0, Double(run.bottom)) }),
                    raised: region.rows[row].baseline.map { $0 - Double(run.bottom) })
        }
        typealias Found = (row: Int, run: Run, cells: [[Float]], drawing: Drawing, inside: [Int], inOrder: Bool, read: [Character],
                           partlyUnlike: Bool)
        var found: [Found] = []
        for index in region.rows.indices {
            guard let baseline = region.rows[index].baseline else { continue }
            let row = region.rows[index]
            let cursor = { (ink: CharacterInk) in Self.isBlockCursor(ink, grid: grid, picture: picture) }
            for var run in Self.runs(in: CharacterInk.cells(in: row.glyphs), grid: grid, hidden: cursor).reversed() {
                // The run's cells share one box: ink above or below it is another row's (in tight
                // line spacing the `_` of the line above stands over a caret's tip).
                let band = (Double(run.top) - 1.5)...(Double(run.bottom) + 0.5)
                var cells = run.centers.map { samples($0, baseline, within: band) }
                // A cell a cursor hides is drawn as the others are, on average: its own ink is the
                // cursor's, unlike any glyph.
                if !run.hidden.isEmpty {
                    let hidden = run.centers.indices.filter { run.hidden.contains(run.centers[$0]) }
                    let shownMean = Self.mean(run.centers.indices.filter { !hidden.contains($0) }.map { cells[$0] })
                    for index in hidden { cells[index] = shownMean }
                }
                // Alike: each cell near the mean of the others, less noisy than any one of them (a
                // dark blue `#` loses strokes to the chroma's half resolution, here one, there another).
                var sum = Self.sum(cells)
                func unlike(_ cell: Int) -> Bool {
                    let others = Float(cells.count - 1)
                    return LetterShapes.distance(cells[cell], zip(sum, cells[cell]).map { ($0 - $1) / others }) > Self.alike
                }
                // A run read all as one symbol (a rule given back, its count from a guessed cell)
                // is one already: a dash a pixel thin lands on the pixel grid too unlike itself to show it.
                func readAsOneSymbol(_ read: [Character]) -> Bool { Set(read).count == 1 && Self.symbols.contains(read[0]) }
                var over = Self.characters(of: row, over: run, grid: grid, picture: picture)
                if !(over.map { readAsOneSymbol($0.positions.map { row.characters[$0].value }) } ?? false) {
                    // A run's end may be another character boxed alike (the `/` opening `/****`): left out.
                    while cells.count > Self.shortestRun, let end = [0, cells.count - 1].first(where: unlike) {
                        sum = zip(sum, cells[end]).map { $0 - $1 }
                        cells.remove(at: end)
                        run.centers.remove(at: end)
                        if end == 0 { run.firstColumn += 1 }
                    }
                    over = Self.characters(of: row, over: run, grid: grid, picture: picture)
                }
                guard let (inside, inOrder) = over else { continue }
                let read = inside.map { row.characters[$0].value }
                // A mouse pointer over a long run (an I-beam over a row of carets), painted out
                // before OCR and the strokes it hid carried across, may leave its cells boxed
                // alike and the one or two it covered unlike the rest: their symbol, like that of
                // cells it cuts a run at (below), is the run's.
                let unlikeCells = cells.indices.filter(unlike)
                let underPointer = cells.count >= 2 * Self.shortestRun && (1...2).contains(unlikeCells.count)
                    && unlikeCells.last! - unlikeCells.first! < unlikeCells.count && !unlikeCells.contains(0)
                    && !unlikeCells.contains(cells.count - 1)
                // A long run may have a few cells unlike the rest here and there, boxed alike: the
                // encoder quantises each 16-pixel block of the picture apart, and with cells 9
                // pixels wide a block's edge cuts the same way through one cell in 16. An eighth of
                // the cells or fewer is noise on one glyph repeated (a word inside a banner is boxed
                // unlike its symbols, and cuts the run).
                let speckled = !unlikeCells.isEmpty && cells.count >= 2 * Self.shortestRun && 8 * unlikeCells.count <= cells.count
                guard readAsOneSymbol(read) || unlikeCells.isEmpty || underPointer || speckled else { continue }
                found.append((index, run, cells, drawing(run, row: index), inside, inOrder, read.filter(Self.symbols.contains),
                              underPointer || speckled))
            }
        }
        // A mouse pointer over a run (an I-beam over a banner, a row of carets) joins the cell
        // it covers into a blob unlike the others and cuts the run in two, OCR reading letters
        // there or nothing (`^^^^AA^^^^`, `###DC###`, one cell read as two): two runs drawn
        // alike, a cell or two apart, only letters or digits read between them (or small marks
        // beside a pointer painted out: a `.` read from an I-beam's foot; or the runs' own
        // symbol, in whatever count), or nothing but ink there (a space has none: `=====  =====`
        // over a table's columns is two runs), are one run, the cells between placed on the
        // grid. Its symbol must come from its cells, not from one OCR read among its letters: a
        // highlighted file name's cells are pale boxes alike, and the `.` of
        // `FrameGrabber.swift` would have made it dots.
        var bridged: [Found] = []
        for run in found.sorted(by: { ($0.row, $0.run.centers[0]) < ($1.row, $1.run.centers[0]) }) {
            guard let left = bridged.last, left.row == run.row, let end = left.run.centers.last, let last = left.inside.last,
                  let first = run.inside.first else {
                bridged.append(run)
                continue
            }
            let covered = Int(((run.run.centers[0] - end) / grid.cell).rounded()) - 1
            let betweenCharacters = region.rows[run.row].characters[(last + 1)..<max(last + 1, first)]
            let between = betweenCharacters.map(\.value)
            // Ink in the middle half of each cell between.
            func inked() -> Bool {
                func strongest(_ center: Double) -> Float {
                    Self.strongestInk(around: center, rows: left.run.top..<left.run.bottom, grid: grid, picture: picture)
                }
                return (1...covered).allSatisfy { 2 * strongest(end + Double($0) * grid.cell) >= strongest(end) }
            }
            // Small marks OCR read where a pointer over the run's rows was painted out, a pixel
            // or two from it: what it left of the pointer.
            func readFromPointer() -> Bool {
                let pointers = region.rows[run.row].pointers.filter { $0.y < left.run.bottom && $0.bottom > left.run.top }
                return betweenCharacters.allSatisfy { character in
                    Self.pointerStubs.contains(character.value) && pointers.contains { pointer in
                        character.box.x <= pointer.right + 2 && character.box.right + 2 >= pointer.x
                            && character.box.y <= pointer.bottom + 2 && character.box.bottom + 2 >= pointer.y
                    }
                }
            }
            // The runs' own symbol, read there in some count (`~~~` over two cells a pointer cut).
            func readAsTheRuns() -> Bool {
                guard let symbol = left.read.mostCommon, run.read.mostCommon == symbol else { return false }
                return between.allSatisfy { $0 == symbol }
            }
            guard (1...2).contains(covered),
                  between.isEmpty ? inked() : between.allSatisfy({ $0.isLetter || $0.isNumber }) || readFromPointer() || readAsTheRuns(),
                  abs(left.run.top - run.run.top) <= 1, abs(left.run.bottom - run.run.bottom) <= 1,
                  LetterShapes.distance(left.cells[0], run.cells[0]) <= Self.alike else {
                bridged.append(run)
                continue
            }
            var joined = left
            joined.partlyUnlike = true
            joined.run.centers += (1...covered).map { end + Double($0) * grid.cell } + run.run.centers
            joined.run.top = min(left.run.top, run.run.top)
            joined.run.bottom = max(left.run.bottom, run.run.bottom)
            joined.run.hidden.formUnion(run.run.hidden)
            joined.cells += run.cells
            joined.inside = Array(Self.range(of: left.inside + run.inside))
            joined.inOrder = left.inOrder && run.inOrder
            joined.read += run.read
            bridged[bridged.count - 1] = joined
        }
        // Right to left in each row, so that a run replaced leaves the positions of those before it.
        found = bridged.sorted { ($0.row, -$0.run.centers[0]) < ($1.row, -$1.run.centers[0]) }
        // OCR's symbol where it read most of a run so. Runs it read so tell the symbol of every
        // run in the block drawn alike (one font draws one banner alike, above or below).
        func majority(_ run: Found) -> Character? {
            run.read.mostCommon.flatMap { symbol in 2 * run.read.filter { $0 == symbol }.count >= run.inside.count ? symbol : nil }
        }
        var known: [(symbol: Character, drawing: Drawing)] = []
        let settled = found.compactMap { run in majority(run).map { (character: $0, drawing: run.drawing) } }
        func span(_ run: Found) -> ClosedRange<Double> {
            (run.run.centers[0] - grid.cell / 2)...(run.run.centers[run.run.centers.count - 1] + grid.cell / 2)
        }
        let outsideRuns = references.filter { reference in !found.contains { $0.row == reference.row && span($0).contains(reference.center) } }
        for run in found {
            // Else what most of the block's cells drawn like the run's were read as, when that is
            // a symbol (a lone `#` is read right where a banner of them is not; a `//` misread
            // as `Vs` is outvoted by the `//` read right down the comment; never the cells of a
            // run, whose readings are in question: carets read as `A` say nothing of the next row
            // of carets), a run drawn alike read right, a symbol's shape (OCR reads touching
            // carets, hashes and asterisks as letters or as nothing; a wave is no bar), and only
            // then any symbol OCR saw there (a run of letters alike stays as read).
            let near = Self.near(run.cells[0], among: outsideRuns)
            let told = Self.vote(of: near)
            let alike = settled.filter { $0.drawing.isLike(run.drawing, xHeight: grid.xHeight) }.map(\.character).leader
            guard let baseline = region.rows[run.row].baseline else { continue }
            let read = majority(run) ?? told.flatMap { Self.symbols.contains($0) ? $0 : nil } ?? alike
            // A shape no letter has: two bars crossed by two stems, two bars alone, or spokes from
            // a hub hanging above the baseline, whatever a cell drawn alike was read as (a lone `#`
            // read as `t`, Hack's lone `*` as `x`); the looser shapes only when no cell of the
            // block read as a letter is drawn like it. A bar is flat: a small `~`
            // is read as a `-` and lies near the block's `-`, a tiny one as a `.`; its wave tells
            // them apart (a dot is no wave, nor a bar).
            let readBar = read.map { Self.bars.contains($0) || $0 == "." } == true
            // The glyphs whole: ink the finder took for a rule may be only their bars.
            let whole = run.run.whole(grid: grid, picture: picture)
            func strokes() -> Character? { Self.barred(whole, baseline: baseline, grid: grid, picture: picture) }
            func shape() -> Character? {
                guard !near.contains(where: { $0.character.isLetter || $0.character.isNumber }) || readBar else {
                    return strokes() ?? Self.asterisk(whole, baseline: baseline, grid: grid, picture: picture)
                        ?? Self.dash(whole, baseline: baseline, grid: grid, picture: picture)
                }
                return Self.tilde(whole, baseline: baseline, grid: grid, picture: picture)
                    ?? strokes()
                    ?? Self.asterisk(whole, baseline: baseline, grid: grid, picture: picture)
                    ?? Self.slash(whole, grid: grid, picture: picture)
                    ?? Self.dash(whole, baseline: baseline, grid: grid, picture: picture)
            }
            // An inverted V hanging above the baseline is no letter's shape and no other
            // symbol's: a caret, whatever OCR or the cells drawn alike read (the lone `^` under
            // a `(` read as `A`, small carets as `*` or `~`).
            let evidenced = Self.caret(whole, baseline: baseline, grid: grid, picture: picture)
                ?? (readBar ? shape() : nil) ?? read ?? shape()
            // What OCR read there only where it read it in order (words it boxed overlapping
            // put a character or two out of place).
            guard let symbol = evidenced ?? (run.partlyUnlike || !run.inOrder ? nil : run.read.mostCommon) else { continue }
            // Shorter runs learn the symbols the ink or a clear reading told.
            if let evidenced, Self.symbols.contains(evidenced) { known.append((evidenced, run.drawing)) }
            // A run OCR read right stays as it was placed.
            guard !(run.inside.count == run.run.centers.count && run.read.count == run.inside.count && Set(run.read) == [symbol])
            else { continue }
            region.rows[run.row].replaceRun(Self.range(of: run.inside), with: symbol, at: run.run, grid: grid)
        }
        // A run too short to tell by itself (the `***` closing each side of a boxed comment, the
        // lone `#` opening a comment under a banner of them) is the symbol of a longer run of
        // the block whose cells are drawn like its own.
        // A row that is such a run alone (a `###` closing a comment's header, with no longer run
        // on the screen to learn from) is the symbol the block's cells drawn like each of its
        // cells were surely read as, when they all tell one; or else (its cells boxed alike) the
        // symbol most cells' shape is where no letter has it, as in a long run (a caret, a `#`
        // or `=`, an asterisk: Agave's `***` at 720p read as `kek`, one star a pixel off).
        func toldAlone(_ run: Run, row: Int) -> Character? {
            guard run.centers.count >= 2, let baseline = region.rows[row].baseline else { return nil }
            let others = outsideRuns.filter { $0.row != row }
            let told = run.centers.map { Self.vote(of: Self.near(samples($0, baseline), among: others)) }
            if let symbol = told[0], Self.symbols.contains(symbol), told.allSatisfy({ $0 == symbol }) { return symbol }
            let whole = run.whole(grid: grid, picture: picture)
            return Self.caret(whole, baseline: baseline, grid: grid, picture: picture)
                ?? Self.barred(whole, baseline: baseline, grid: grid, picture: picture)
                ?? Self.asterisk(whole, baseline: baseline, grid: grid, picture: picture)
        }
        for index in region.rows.indices {
            let row = region.rows[index]
            let runs = Self.runs(in: CharacterInk.cells(in: row.glyphs), grid: grid, shortest: 1)
            for run in runs.reversed() where run.centers.count < Self.shortestRun {
                let raised = row.baseline.map { $0 - Double(run.bottom) }
                // Each cell placed by its own ink, and a pixel either way: a glyph on a row of
                // text lands at another fraction of a pixel than on the banner's row, and its
                // antialiased edge may end a pixel higher or lower.
                let cells = run.centers.map { center in
                    [0.0, -1, 1].map { Drawing(shape: samples(center, Double(run.bottom) + $0), raised: raised) }
                }
                func drawnLike(_ known: Drawing) -> Bool {
                    cells.allSatisfy { placed in placed.contains { $0.isLike(known, xHeight: grid.xHeight) } }
                }
                // The cells tell the count, whatever OCR read there (three stars read as `kk`); a
                // small `-` lies as near a small `~` as another `~` does, and only a wave is one.
                guard let (inside, inOrder) = Self.characters(of: row, over: run, grid: grid, picture: picture), inOrder,
                      let symbol = known.first(where: { drawnLike($0.drawing) })?.symbol ?? (runs.count == 1 ? toldAlone(run, row: index) : nil),
                      !(inside.count == cells.count && inside.allSatisfy { row.characters[$0].value == symbol }),
                      symbol != "~" || row.baseline.flatMap({ Self.tilde(run, baseline: $0, grid: grid, picture: picture) }) != nil
                else { continue }
                region.rows[index].replaceRun(Self.range(of: inside), with: symbol, at: run, grid: grid)
            }
        }
    }

    /// The cells of `references` drawn within `nearestReference` of `cell`, and how near.
    private static func near(_ cell: [Float], among references: [(row: Int, center: Double, character: Character, samples: [Float])])
        -> [(character: Character, distance: Float)] {
        references.map { (character: $0.character, distance: LetterShapes.distance($0.samples, cell)) }.filter { $0.distance <= nearestReference }
    }

    /// What the block's cells drawn near a run (each within `nearestReference` of it) were read
    /// as, when one reading outweighs any other: four cells read four ways (`d`, `f`, `n`, `_`)
    /// say nothing. Each counts by the square of how far it is nearer than the limit: in small
    /// faint type a dozen letters (or three `$` read as `S`) lie just inside it, and the `#` of
    /// the comments well inside.
    static func vote(of near: [(character: Character, distance: Float)]) -> Character? {
        let weights = Dictionary(near.map { reference in
            let inside = nearestReference - reference.distance
            return (reference.character, inside * inside)
        }, uniquingKeysWith: +).sorted { $0.value > $1.value }
        return weights.count < 2 || weights[0].value > weights[1].value ? weights.first?.key : nil
    }

    /// How a run's cells are drawn, to compare with other runs: their mean, placed by their own
    /// ink (a row of symbols alone shows no baseline, and one guessed a pixel off moves every
    /// sample), and how far above its row's baseline the ink ends (an `_` and a `-` are one bar).
    struct Drawing {
        var shape: [Float]
        var raised: Double?

        /// Drawn alike and ending at one height, give or take a quarter of an x-height (a
        /// baseline guessed for a row of symbols alone may be a pixel or two off).
        func isLike(_ other: Drawing, xHeight: Double) -> Bool {
            guard LetterShapes.distance(shape, other.shape) <= RepeatedGlyphs.alike else { return false }
            guard let raised, let otherRaised = other.raised else { return true }
            return abs(raised - otherRaised) <= max(1.5, xHeight / 4)
        }
    }

    /// The positions of `row`'s characters from the first OCR boxed over `run`'s cells to the
    /// last, and whether all between were boxed there (words boxed overlapping put a character
    /// or two out of order); nil for none, none in a row OCR read nothing of (the run fills it).
    /// A character boxed just past either end, in a cell with no ink, is the run's too: OCR
    /// reads a banner at a row's start from its first glyph's edge as `‘SEEE`, and there is
    /// nothing to draw the `‘`.
    private static func characters(of row: ReadRow, over run: Run, grid: ReadRegion.Grid,
                                   picture: InkPicture) -> (positions: [Int], inOrder: Bool)? {
        func center(_ position: Int) -> Double {
            Double(row.characters[position].box.x) + Double(row.characters[position].box.width) / 2
        }
        // A row OCR read nothing of is the run's alone.
        if row.characters.isEmpty { return ([], true) }
        let first = run.centers[0], last = run.centers[run.centers.count - 1]
        let over = row.characters.indices.filter { abs(center($0) - (first + last) / 2) <= (last - first + grid.cell) / 2 }
        guard var start = over.first, var end = over.last else { return nil }
        let inOrder = over.count == end - start + 1
        func blank(_ position: Int, cell: Double) -> Bool {
            let box = row.characters[position].box
            let top = min(run.top, box.y), bottom = max(run.bottom, box.bottom)
            return abs(center(position) - cell) <= grid.cell / 2 && !row.characters[position].value.isWhitespace
                && 2 * strongestInk(around: cell, rows: top..<bottom, grid: grid, picture: picture)
                    < strongestInk(around: first, rows: run.top..<run.bottom, grid: grid, picture: picture)
        }
        if start > 0, blank(start - 1, cell: first - grid.cell) { start -= 1 }
        if end + 1 < row.characters.count, blank(end + 1, cell: last + grid.cell) { end += 1 }
        return (Array(start...end), inOrder)
    }

    /// The characters from the first of `positions` to the last: none in a row OCR read nothing of.
    private static func range(of positions: [Int]) -> Range<Int> {
        guard let first = positions.min(), let last = positions.max() else { return 0..<0 }
        return first..<(last + 1)
    }

    /// The strongest ink in the middle half of the cell centred at `center`, over `rows`
    /// (glyphs that fill their cells, `_` or `─`, reach into the edge columns of a space beside them).
    static func strongestInk(around center: Double, rows: Range<Int>, grid: ReadRegion.Grid, picture: InkPicture) -> Float {
        pixelColumns(around: center, cell: grid.cell).filter { abs($0 - center) <= grid.cell / 4 }
            .flatMap { x in rows.map { picture.ink(atX: x, y: Double($0)) } }.max() ?? 0
    }

    /// The samples of `cells` added up, and their mean: the cell drawn as all of them.
    private static func sum(_ cells: [[Float]]) -> [Float] {
        cells.dropFirst().reduce(cells[0]) { zip($0, $1).map { $0 + $1 } }
    }

    private static func mean(_ cells: [[Float]]) -> [Float] {
        sum(cells).map { $0 / Float(cells.count) }
    }

    /// `^` when most of the run's cells are drawn as one (a cell of a small caret lands on the
    /// pixel grid with a blunt tip here and there): an inverted V hanging above the baseline by
    /// 0.4 of the x-height (less a row its feet's antialiasing may add: Noto Sans Mono's at 11 pt
    /// end 3 px over it, x-height 8), its apex near the cell's middle and narrow beside its two
    /// feet, the strokes' outer edges spreading down either side of the apex and nothing under
    /// the apex on its bottom row. No letter hangs up there alone; a quote has no feet, an
    /// asterisk's middle reaches its bottom. The apex is the cell's first row of solid ink and
    /// each foot its stroke's outermost solid pixel, not the box's edges: a small caret's tip and
    /// feet are antialiased, paler than half ink on the edge rows, and one foot may end a row
    /// above the other.
    static func caret(_ run: Run, baseline: Double, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        guard run.bottom - run.top >= 3, baseline - Double(run.bottom) >= 0.4 * grid.xHeight - 1 else { return nil }
        let carets = run.centers.filter { center in
            let columns = pixelColumns(around: center, cell: grid.cell)
            let solid = Self.solidInk(run, center: center, grid: grid, picture: picture)
            let inked = (run.top...run.bottom).map { y in columns.filter { solid($0, Double(y)) } }
            guard let top = inked.firstIndex(where: { !$0.isEmpty }), let bottom = inked.lastIndex(where: { !$0.isEmpty }),
                  bottom - top >= 2, let apexLeft = inked[top].first, let apexRight = inked[top].last else { return false }
            let apex = (apexLeft + apexRight) / 2
            // Each stroke's outer edge, row by row (a caret landing between pixels keeps one foot
            // a row longer than the other).
            let lefts = inked[top...bottom].compactMap { row in row.first.flatMap { $0 <= apex ? $0 : nil } }
            let rights = inked[top...bottom].compactMap { row in row.last.flatMap { $0 >= apex ? $0 : nil } }
            guard let footLeft = lefts.min(), let footRight = rights.max() else { return false }
            let narrowApex = abs(apex - center) <= grid.cell / 4 && 2 * (apexRight - apexLeft + 1) <= footRight - footLeft + 1
            let hollow = !inked[bottom].contains { abs($0 - apex) <= 1 }
            let feet = footLeft < apex - 1 && footRight > apex + 1
            // Its two strokes only spread on the way down; an asterisk's arms reach wider than its legs.
            let spreading = !inked[top...bottom].contains(where: \.isEmpty)
                && zip(lefts, lefts.dropFirst()).allSatisfy { $1 <= $0 } && zip(rights, rights.dropFirst()).allSatisfy { $1 >= $0 }
            // And only fall away from the apex: each column's top no higher than its neighbour's
            // nearer the apex (a `~` four pixels tall has a hump, feet and a gap under it too,
            // but rises again past its trough).
            let tops = columns.map { x in inked[top...bottom].firstIndex { $0.contains(x) } }
            func falling(_ side: [Int?]) -> Bool {
                let drawn = side.compactMap { $0 }
                return zip(drawn, drawn.dropFirst()).allSatisfy { $1 >= $0 }
            }
            guard let leftOfApex = columns.firstIndex(of: apexLeft), let rightOfApex = columns.firstIndex(of: apexRight) else { return false }
            let falls = falling(Array(tops[rightOfApex...])) && falling(Array(tops[...leftOfApex].reversed()))
            return narrowApex && hollow && feet && spreading && falls
        }
        return 2 * carets.count > run.centers.count ? "^" : nil
    }

    /// `~` when the run's cells are drawn as one wave across the middle of the x-height: ink
    /// in half the columns of the cell or more (small type leaves a gap between tildes), its
    /// middle rising and falling by a third of its stroke's height (its rows of solid ink, not
    /// a pale fringe) less a pixel, half a pixel at least (antialiasing flattens a small wave:
    /// a 4-pixel `~` rises by 1.4, a 2-pixel one by 0.6 to 0.9; a `-` or an `=` by 0.2 at most,
    /// measured sampling between pixels, which smooths a bar's compression noise as it halves a
    /// small wave; on the pixels no dev split's `-` or `=` row reads as a wave). Letters stand
    /// on the baseline.
    static func tilde(_ run: Run, baseline: Double, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        let height = run.bottom - run.top
        guard height >= 2, Double(height) <= 0.6 * grid.xHeight, baseline - Double(run.bottom) >= 0.1 * grid.xHeight,
              baseline - Double(run.top) <= 1.1 * grid.xHeight else { return nil }
        // Each column's middle: the mean of its rows weighted by their ink; most cells wave (one
        // cell of a `-` noisy from compression does not make a run of them tildes).
        func waves(_ center: Double) -> Bool {
            var middles: [Double] = []
            // On the pixels themselves: sampled between two, a wave two pixels tall halves.
            for x in Self.pixelColumns(around: center, cell: grid.cell) {
                let ink = (run.top - 1...run.bottom + 1).map { (y: Double($0), ink: Double(picture.ink(atX: x, y: Double($0)))) }
                let total = ink.map(\.ink).reduce(0, +)
                if total >= 0.5 { middles.append(ink.map { $0.y * $0.ink }.reduce(0, +) / total) }
            }
            guard 2 * middles.count >= Int(grid.cell), let low = middles.min(), let high = middles.max() else { return false }
            // The wave's own height: the rows holding solid ink, not a pale antialiased fringe.
            let solid = Self.solidInk(run, center: center, grid: grid, picture: picture)
            let columns = Self.pixelColumns(around: center, cell: grid.cell)
            // A wave is one stroke down each column; two bars stacked (`=`, a small `#` whose
            // stems move the columns' middles) are two, told by each column's own ink: a dim
            // magenta `=` has one bar twice as strong as the other where its colour's chroma, kept
            // at half resolution, falls on it, and the other's ink then looks like a fringe.
            let inks = columns.map { x in (run.top - 1...run.bottom + 1).map { picture.ink(atX: x, y: Double($0)) } }
            let cellStrongest = inks.compactMap { $0.max() }.max() ?? 0
            let stacked = inks.filter { ink in
                // Not a margin column between glyphs, whose faint ringing is no stroke.
                let strongest = ink.max() ?? 0
                guard 4 * strongest >= cellStrongest, strongest > 0 else { return false }
                let inked = ink.map { 4 * $0 >= strongest }
                return zip([false] + inked, inked).filter { !$0 && $1 }.count >= 2
            }
            guard 2 * stacked.count < columns.count else { return false }
            let strokeHeight = (run.top..<run.bottom).filter { y in columns.contains { solid($0, Double(y)) } }.count
            return high - low >= max(0.5, Double(strokeHeight - 1) / 3)
        }
        return 2 * run.centers.filter(waves).count > run.centers.count ? "~" : nil
    }

    /// `#` or `=`: two bars crossed by two stems, or two bars alone (`hash`, `equals`).
    static func barred(_ run: Run, baseline: Double, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        hash(run, grid: grid, picture: picture) ?? equals(run, baseline: baseline, grid: grid, picture: picture)
    }

    /// `#` when most of the run's cells are drawn as two bars crossed by two stems: two bands
    /// of rows inked across most of the cell, and rows crossing two strokes between them and
    /// past at least one of them (the stems reach past the bars, upright or slanting; in small
    /// type, hinted onto the pixel grid, they may end at the lower one, and then the bars must
    /// be seen to cross them). An `H` has one bar, an `=` no stems, a `+` one of each, an `8`
    /// three bars, a `0` or a `D` its bowl for bars and nothing past them. The stems' tips are
    /// looked for half an x-height past the run's box (a dim `#`'s thin tips may fall under the
    /// threshold that found its row), its bars inside it.
    static func hash(_ run: Run, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        let reach = max(2, Int(grid.xHeight / 2))
        func strokes(_ inked: [Bool]) -> Int { zip([false] + inked, inked).filter { !$0 && $1 }.count }
        let hashes = run.centers.filter { center in
            let solid = Self.solidInk(run, center: center, grid: grid, picture: picture)
            let columns = pixelColumns(around: center, cell: grid.cell)
            let rows = (run.top - reach..<run.bottom + reach).map { y in columns.map { solid($0, Double(y)) } }
            // Bars are strong strokes, inside the box; a line past it is another's (vim's
            // `cursorline` under the row).
            let isBar = rows.indices.map { index in
                (reach..<reach + run.bottom - run.top).contains(index) && Double(rows[index].filter { $0 }.count) >= 0.6 * grid.cell
            }
            let bars = isBar.indices.filter { isBar[$0] && ($0 == 0 || !isBar[$0 - 1]) }
            guard bars.count == 2, let firstBar = isBar.firstIndex(of: true), let lastBar = isBar.lastIndex(of: true) else { return false }
            func crossesStems(_ range: Range<Int>) -> Bool { range.contains { !isBar[$0] && strokes(rows[$0]) == 2 } }
            let secondBar = bars[1]
            guard let firstEnd = isBar[firstBar...].firstIndex(of: false), crossesStems(firstEnd..<secondBar) else { return false }
            let (above, below) = (crossesStems(0..<firstBar), crossesStems((lastBar + 1)..<rows.count))
            guard above != below else { return above }
            // Stems past one bar only: the bars must cross them, reaching past them on both sides
            // (a box whose sides run on above its top, its bars ending at them, is no `#`).
            guard let stems = (firstEnd..<secondBar).first(where: { !isBar[$0] && strokes(rows[$0]) == 2 }),
                  let left = rows[stems].firstIndex(of: true), let right = rows[stems].lastIndex(of: true) else { return false }
            return [firstBar, secondBar].allSatisfy { bar in
                (rows[bar].firstIndex(of: true) ?? left) < left && (rows[bar].lastIndex(of: true) ?? right) > right
            }
        }
        return 2 * hashes.count > run.centers.count ? "#" : nil
    }

    /// `=` when most of the run's cells are drawn as two bars across the cell and nothing else,
    /// above the baseline: the ink of each row of the cell added up, two bands of rows near the
    /// most inked one, a row all but clear between them, and beside the bands only their pale
    /// antialiased edges. A `#` has stems crossing its bars, a `-` one bar, an `E` a stem; an
    /// `_` stands on the baseline.
    static func equals(_ run: Run, baseline: Double, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        guard baseline - Double(run.bottom) >= 0.1 * grid.xHeight else { return nil }
        let equals = run.centers.filter { center in
            let columns = pixelColumns(around: center, cell: grid.cell)
            let sums = (run.top - 1...run.bottom).map { y in columns.map { Double(picture.ink(atX: $0, y: Double(y))) }.reduce(0, +) }
            guard let bands = RowBands(sums), bands.starts.count == 2, let firstEnd = bands.isBar[bands.starts[0]...].firstIndex(of: false),
                  (firstEnd..<bands.starts[1]).contains(where: bands.isClear) else { return false }
            return bands.onlyBars
        }
        return 2 * equals.count > run.centers.count ? "=" : nil
    }

    /// `-` when most of the run's cells are drawn as one flat bar and nothing else, between the
    /// baseline and the x-height's top: the ink of each row of the cell over that height added
    /// up, one band of rows near the most inked one, a third of the x-height thick or less and
    /// solid across a third of the cell or more (a hyphen is half a cell wide, a dot a fifth),
    /// and beside it only its pale antialiased edges. An `=` has two bars, a `~` waves, an `_`
    /// lies on the baseline, a letter reaches it.
    static func dash(_ run: Run, baseline: Double, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        guard baseline - Double(run.bottom) >= 0.15 * grid.xHeight, baseline - Double(run.top) <= grid.xHeight else { return nil }
        let rows = Int((baseline - grid.xHeight).rounded(.down))..<Int(baseline.rounded())
        let dashes = run.centers.filter { center in
            let columns = pixelColumns(around: center, cell: grid.cell)
            let ink = rows.map { y in columns.map { picture.ink(atX: $0, y: Double(y)) } }
            guard let bands = RowBands(ink.map { Double($0.reduce(0, +)) }), bands.starts.count == 1,
                  Double(bands.isBar.filter { $0 }.count) <= max(2, grid.xHeight / 3) else { return false }
            let peak = ink[bands.peakRow], strongest = peak.max() ?? 0
            return 3 * peak.filter({ $0 >= strongest / 2 }).count >= columns.count && bands.onlyBars
        }
        return 2 * dashes.count > run.centers.count ? "-" : nil
    }

    /// `*` when most of the run's cells are drawn as spokes from a hub, hanging above the
    /// baseline: one upright spoke at the top of the cell's middle, ink at the middle of the
    /// glyph, and both above and below it ink on either side of the cell's middle, clear of
    /// the top spoke's width (the slanting spokes). A small asterisk's arms leave the hub at
    /// its middle row, on the top spoke's axis (a caret's two strokes pass a pixel either side
    /// of it there); below it the two spokes stand apart, nothing between them. An `x` or a
    /// `k` has no top spoke, a `+` only its stem below its bar (and a bar two pixels thick
    /// across its middle has ink between its ends), an `=` and a `"` nothing at the middle, a
    /// `-` no height; a caret and a tilde are told before. Above the baseline by a pixel: a
    /// row of asterisks alone shows no baseline, and the one it is given may be a pixel off.
    static func asterisk(_ run: Run, baseline: Double, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        let height = Double(run.bottom - run.top)
        guard height >= 3, height >= 0.4 * grid.xHeight, baseline - Double(run.bottom) >= max(1, 0.1 * grid.xHeight) else { return nil }
        let middle = Double(run.top + run.bottom - 1) / 2
        let stars = run.centers.filter { center in
            let solid = Self.solidInk(run, center: center, grid: grid, picture: picture)
            // Each row's inked pixels, by their centres.
            let inked = (run.top..<run.bottom).map { y in
                pixelColumns(around: center, cell: grid.cell).filter { solid($0, Double(y)) }.map { $0 + 0.5 }
            }
            guard let top = inked.first(where: { !$0.isEmpty }), let first = top.first, let last = top.last,
                  last - first + 1 == Double(top.count), abs((first + last) / 2 - center) <= 1 else { return false }
            // The glyph's own middle, under its top spoke (a glyph lands half a pixel either side
            // of its cell's); a spoke beside it lies further out than half the stem's width.
            let axis = (first + last) / 2
            let side = (last - first + 1) / 2 + 0.5
            func bothSides(_ row: [Double]) -> Bool { row.contains { $0 <= axis - side } && row.contains { $0 >= axis + side } }
            let rows = inked.indices.map { (y: Double(run.top + $0), inked: inked[$0]) }
            let hub = rows.contains { abs($0.y - middle) <= 1 && $0.inked.contains { abs($0 - axis) < 1 } }
            let legs = rows.contains { row in row.y > middle && bothSides(row.inked) && !row.inked.contains { abs($0 - axis) < 1 } }
            return hub && rows.contains { $0.y <= middle && bothSides($0.inked) } && legs
        }
        return 2 * stars.count > run.centers.count ? "*" : nil
    }

    /// `/` or `\` when most of the run's cells are drawn as one narrow stroke leaning across
    /// the cell: taller than the x-height, one stroke on a row, its upper quarter a quarter
    /// of a cell or more right of its lower quarter (`/`) or left of it (`\`). Stems stand
    /// upright (`l`, `I`, `T`); an `x`, a `v` or an `A` has two strokes on a row.
    static func slash(_ run: Run, grid: ReadRegion.Grid, picture: InkPicture) -> Character? {
        let height = run.bottom - run.top
        guard Double(height) >= 1.2 * grid.xHeight else { return nil }
        let leans: [Double] = run.centers.compactMap { center in
            let columns = pixelColumns(around: center, cell: grid.cell)
            let strongest = max(0.05, Self.strongestInk(of: run, in: columns, picture: picture))
            // The middle of the row's one stroke: its inked columns side by side, half a cell wide
            // at most, pale edges and all (a thin stroke landing between two pixels is half ink in
            // each, under half the cell's strongest), weighted by their ink.
            func stroke(_ y: Int) -> Double? {
                let inked = columns.filter { 4 * picture.ink(atX: $0, y: Double(y)) >= strongest }
                guard let first = inked.first, let last = inked.last, last - first + 1 == Double(inked.count),
                      Double(inked.count) <= grid.cell / 2 else { return nil }
                let ink = inked.map { Double(picture.ink(atX: $0, y: Double(y))) }
                return zip(inked, ink).map { $0 * $1 }.reduce(0, +) / ink.reduce(0, +)
            }
            guard let upper = stroke(run.top + height / 4), let lower = stroke(run.bottom - 1 - height / 4) else { return nil }
            return upper - lower
        }
        if 2 * leans.filter({ $0 >= grid.cell / 4 }).count > run.centers.count { return "/" }
        if 2 * leans.filter({ $0 <= -grid.cell / 4 }).count > run.centers.count { return "\\" }
        return nil
    }

    /// The pixel columns of the cell centred at `center`.
    static func pixelColumns(around center: Double, cell: Double) -> [Double] {
        Array(stride(from: (center - cell / 2).rounded(.up), to: center + cell / 2, by: 1))
    }

    /// Whether a point of the run's cell at `center` holds at least half its strongest ink: a
    /// banner in a dim syntax colour (a comment's green) is drawn fainter than the block's text,
    /// and its thin strokes fall under half of the block's ink.
    static func solidInk(_ run: Run, center: Double, grid: ReadRegion.Grid, picture: InkPicture) -> (Double, Double) -> Bool {
        let half = max(0.05, strongestInk(of: run, in: pixelColumns(around: center, cell: grid.cell), picture: picture) / 2)
        return { x, y in picture.ink(atX: x, y: y) >= half }
    }

    /// The strongest ink of `run`'s rows in pixel `columns`.
    static func strongestInk(of run: Run, in columns: [Double], picture: InkPicture) -> Float {
        columns.flatMap { x in (run.top..<run.bottom).map { picture.ink(atX: x, y: Double($0)) } }.max() ?? 0
    }

    /// Runs of ink boxed alike in neighbouring cells, `shortest` or more: each cell's column
    /// and centre.
    struct Run {
        var firstColumn: Int
        var centers: [Double]
        var top: Int
        var bottom: Int
        /// The centres of its cells a cursor hides: their ink is not their glyph's.
        var hidden: Set<Double> = []

        /// The centres of the cells that show their glyph.
        var shownCenters: [Double] { centers.filter { !hidden.contains($0) } }
    }

    /// Whether `ink` is a terminal's block cursor (`BlockCursor`): a box a cell wide, taller than
    /// one and a half x-heights (it spans the whole line), solid: most of its pixels hold half
    /// its strongest ink or more, where a glyph is strokes.
    static func isBlockCursor(_ ink: CharacterInk, grid: ReadRegion.Grid, picture: InkPicture) -> Bool {
        guard Double(ink.width) >= 0.8 * grid.cell, Double(ink.width) <= 1.25 * grid.cell,
              Double(ink.bottom - ink.top) >= 1.5 * grid.xHeight else { return false }
        let values = (ink.top..<ink.bottom).flatMap { y in (ink.left..<ink.right).map { picture.ink(atX: Double($0), y: Double(y)) } }
        guard let strongest = values.max(), strongest > 0 else { return false }
        return Double(values.filter { 2 * $0 >= strongest }.count) >= BlockCursor.solidFill * Double(values.count)
    }

    /// Cells `hidden` tells (a terminal's block cursor, its glyph drawn in reverse) go with the
    /// run around them, as cells of it: the cursor stands on one of its characters.
    static func runs(in inks: [CharacterInk], grid: ReadRegion.Grid, shortest: Int = shortestRun,
                     hidden: (CharacterInk) -> Bool = { _ in false }) -> [Run] {
        let inks = CharacterInk.joiningPieces(inks, cell: grid.cell, within: (grid.cell - 1) / grid.cell)
        let columns = CodeIndenter.occupiedColumns(inks, cell: grid.cell, origin: grid.origin)
        let centers = inks.flatMap { $0.cellCenters(cell: grid.cell) }
        // The ink's box in each cell: one character drawn again and again has one box, give or
        // take a pixel at each edge as it lands on the pixel grid (its width two), and two where
        // a glyph 8 pixels tall or more tapers to thin tips (a faint `/` loses a tip's pixel or
        // two to the encoder, every other cell), or at one edge where the other is exact (the
        // faint tips of a small `#`'s stems, a pixel row apart from it). A backtick beside a
        // quote keeps a pixel's play, and a cell a pointer covers, taller by its caps, stands out.
        let boxes = inks.flatMap { ink in Array(repeating: (ink.top, ink.bottom, ink.width / ink.span(cell: grid.cell)),
                                                count: ink.span(cell: grid.cell)) }
        let isHidden = inks.flatMap { ink in Array(repeating: ink.span(cell: grid.cell) == 1 && hidden(ink), count: ink.span(cell: grid.cell)) }
        func sameBox(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool {
            let play = min(2, max(1, max(a.1 - a.0, b.1 - b.0) / 4))
            let (top, bottom) = (abs(a.0 - b.0), abs(a.1 - b.1))
            // A tip lost leaves the shorter box most of the taller: another glyph would not.
            let (shorter, taller) = (min(a.1 - a.0, b.1 - b.0), max(a.1 - a.0, b.1 - b.0))
            let tipLost = min(top, bottom) == 0 && max(top, bottom) <= 2 && 10 * shorter >= 7 * taller
            let edges = (top <= play && bottom <= play) || tipLost
            return edges && abs(a.2 - b.2) <= 2
        }
        var runs: [Run] = []
        var start = 0
        // The run's first cell not hidden: the box the others must share.
        var reference: Int? = columns.isEmpty || isHidden[0] ? nil : 0
        for index in columns.indices {
            let next = index + 1
            let ends = next == columns.count || columns[next] != columns[index] + 1
                || !isHidden[next] && reference.map { !sameBox(boxes[next], boxes[$0]) } == true
            guard ends else {
                if reference == nil, !isHidden[next] { reference = next }
                continue
            }
            // A hidden cell at a run's end is not known to be one of it.
            var (first, last) = (start, index)
            while first <= last, isHidden[first] { first += 1 }
            while last >= first, isHidden[last] { last -= 1 }
            if last + 1 - first >= shortest {
                let shown = (first...last).filter { !isHidden[$0] }.map { boxes[$0] }
                // Its first column by where it lies on the grid: counted from the row's start, a letter
                // drawn in pieces (faint small type) would count as two.
                let firstColumn = max(0, Int(((centers[first] - grid.origin) / grid.cell).rounded()))
                let steady = steadied(Array(centers[first...last]), cell: grid.cell)
                runs.append(Run(firstColumn: firstColumn, centers: steady, top: shown.map(\.0).min() ?? 0, bottom: shown.map(\.1).max() ?? 0,
                                hidden: Set((first...last).filter { isHidden[$0] }.map { steady[$0 - first] })))
            }
            start = next
            reference = next < columns.count && !isHidden[next] ? next : nil
        }
        return runs
    }
}

/// A cell's rows by their summed ink: bars (half the most inked row's or more), in bands of
/// neighbouring rows, and clear rows (under a sixth of it) — how `=` and `-` are told.
private struct RowBands {
    let sums: [Double]
    let peakRow: Int
    let isBar: [Bool]
    /// The first row of each band of bar rows.
    let starts: [Int]

    init?(_ sums: [Double]) {
        guard let peak = sums.max(), peak > 0, let peakRow = sums.firstIndex(of: peak) else { return nil }
        self.sums = sums
        self.peakRow = peakRow
        isBar = sums.map { $0 >= 0.5 * peak }
        starts = isBar.indices.filter { [isBar] in isBar[$0] && ($0 == 0 || !isBar[$0 - 1]) }
    }

    func isClear(_ row: Int) -> Bool { sums[row] <= 0.15 * sums[peakRow] }

    /// Every row a bar's, a bar's pale antialiased edge beside it, or clear.
    var onlyBars: Bool {
        sums.indices.allSatisfy { row in
            isBar[row] || isClear(row) || (row > 0 && isBar[row - 1]) || (row + 1 < sums.count && isBar[row + 1])
        }
    }
}

extension RepeatedGlyphs.Run {
    /// The run as tall as its glyphs' ink: a small `#` or `*` drawn over and over touches into
    /// one line, which the finder cuts off as a rule, and the run's box, under half an
    /// x-height tall, holds that line alone; the stems and arms go on above and below it in
    /// most of its cells, up to an x-height. A taller run is its glyphs already, but no taller
    /// than most of its cells' ink, pale edges and all: a mouse pointer joined to a cell or two
    /// (an I-beam over a row of carets touching into one wave) reaches above and below the rest.
    func whole(grid: ReadRegion.Grid, picture: InkPicture) -> Self {
        let columns = centers.map { RepeatedGlyphs.pixelColumns(around: $0, cell: grid.cell) }
        // Whether most cells have a pixel of row `y` that `inks(cell, x, y)`.
        func mostCells(_ y: Int, _ inks: (Int, Double, Double) -> Bool) -> Bool {
            2 * centers.indices.filter { cell in columns[cell].contains { inks(cell, $0, Double(y)) } }.count > centers.count
        }
        let strongest = columns.map { RepeatedGlyphs.strongestInk(of: self, in: $0, picture: picture) }
        func touched(_ y: Int) -> Bool { mostCells(y) { cell, x, y in 4 * picture.ink(atX: x, y: y) >= max(0.05, strongest[cell]) } }
        var whole = self
        while whole.bottom - whole.top > 2, !touched(whole.top) { whole.top += 1 }
        while whole.bottom - whole.top > 2, !touched(whole.bottom - 1) { whole.bottom -= 1 }
        guard Double(whole.bottom - whole.top) < grid.xHeight / 2 else { return whole }
        let solid = centers.map { RepeatedGlyphs.solidInk(whole, center: $0, grid: grid, picture: picture) }
        func inked(_ y: Int) -> Bool { mostCells(y) { cell, x, y in solid[cell](x, y) } }
        let reach = max(1, Int(grid.xHeight))
        while whole.top > top - reach, inked(whole.top - 1) { whole.top -= 1 }
        while whole.bottom < bottom + reach, inked(whole.bottom) { whole.bottom += 1 }
        return whole
    }
}

/// Each cell's centre where it and its neighbours put it: one glyph drawn over and over stands a
/// cell from the next, and a faint one whose ink a threshold cut wider lies half a pixel off.
private func steadied(_ centers: [Double], cell: Double) -> [Double] {
    centers.indices.map { index in
        let near = max(0, index - 2)...min(centers.count - 1, index + 2)
        let placed = near.map { centers[$0] + Double(index - $0) * cell }.sorted()
        return (placed[(placed.count - 1) / 2] + placed[placed.count / 2]) / 2
    }
}

extension ReadRow {
    /// The characters in `range` replaced by `symbol` in each cell of `run`, spaced from the
    /// characters around them by the grid; an empty range in a row OCR read nothing of gives
    /// it the run.
    mutating func replaceRun(_ range: Range<Int>, with symbol: Character, at run: RepeatedGlyphs.Run, grid: ReadRegion.Grid) {
        let count = run.centers.count
        // Read from the ink alone where OCR read nothing: as sure as a reading that is kept.
        let confidence = characters[range].map(\.confidence).min() ?? ReadRegion.minimumConfidence
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
