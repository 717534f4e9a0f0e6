/// Checks punctuation against where its ink sits, since OCR confuses marks that differ mostly
/// in height: `.` on the baseline, `-` at mid-height, `_` and `,` below the baseline; a small
/// mark up high read as `°` or `*` is a backtick, and so is one narrow tick read as a quote or
/// a tilde; a tall narrow stroke read as a letter, that reaches below the baseline, is a
/// bracket (`ClosingBrackets` tells which), and a `C` or `>` that does is a parenthesis.
/// Typographic quotes become the ASCII quotes code uses, and ink all above the x-height read
/// as a letter is a quote.
struct PunctuationShapes: CharacterPass {
    /// Every character of code, checked against its ink where it has some; typographic marks
    /// wherever they are.
    func apply(to region: inout ReadRegion) {
        guard region.kind == .code, let grid = region.grid else { return }
        for row in region.rows.indices {
            let characters = region.rows[row].characters
            let marks = Self.corrected(characters.map(\.value), inks: characters.map(\.ink), baseline: region.rows[row].baseline,
                                       xHeight: grid.xHeight)
            for (index, mark) in marks.enumerated() {
                switch mark {
                case .character(let value):
                    region.rows[row].characters[index].value = value
                case .closer:
                    region.rows[row].characters[index].isPendingCloser = true
                }
            }
        }
        // A row of quotes alone (a docstring's `"""` or `'''`) that OCR read as letters in a
        // number of its own (`init` for three cells, `ee`), or as nothing at all, is quotes, one
        // per cell: no letter lives above the x-height alone; two ticks side by side in a cell
        // are a `"`, one a `'`.
        for row in region.rows.indices {
            let characters = region.rows[row].characters, pointers = region.rows[row].pointers
            guard let baseline = region.rows[row].baseline else { continue }
            func quotes(_ glyphs: [BoundingBox], unread: Bool = false) -> (RepeatedGlyphs.Run, Character)? {
                Self.quotes(glyphs, under: pointers, baseline: baseline, grid: grid, picture: region.picture, unread: unread)
            }
            // Ticks too faint for the threshold layout found the row with are gathered again
            // (with the pointers' blobs, left out again; their pale edges fatten a tick, so ticks
            // run together are told there only where the threshold's ink found no quote).
            let glyphs = Self.glyphs(of: region.rows[row]).filter { !Self.isUnderline($0, baseline: baseline, grid: grid) }
            let found = quotes(glyphs, unread: characters.isEmpty)
            let gathered = found == nil || found?.1 == "'" ? region.picture.flatMap { picture in
                Self.faintTicks(of: glyphs, baseline: baseline, grid: grid, picture: picture)
                    .flatMap { quotes(Self.glyphs($0, without: pointers), unread: characters.isEmpty && found == nil) }
            } : nil
            guard let (run, ticks) = Self.quotes(found: found, gathered: gathered) else { continue }
            // In type so small that the threshold took a `"`'s two ticks for one, OCR, reading the
            // gray, may still count two marks a cell: then they are `"`.
            let twoMarksACell = characters.count == 2 * run.centers.count
                && characters.allSatisfy { !$0.value.isLetter && !$0.value.isNumber }
            let quote: Character = ticks == "'" && twoMarksACell ? "\"" : ticks
            // Read as that quote in every cell, the row is right; one `"` for three is not. Ticks
            // OCR read as marks of their own (a fence of backticks) keep them: only letters are
            // read wrong up there.
            guard characters.count != run.centers.count || characters.contains(where: { $0.value != quote }),
                  quote == "\"" || characters.allSatisfy({ $0.value == quote }) || characters.contains(where: { $0.value.isLetter || $0.value.isNumber })
            else { continue }
            region.rows[row].replaceRun(characters.indices, with: quote, at: run, grid: grid)
        }
        // A row of dots alone that OCR read as letters (`na`, `a8` for `...`), or as another
        // count of dots, is dots, one per cell; one it read nothing of, where three or more
        // (two specks alike are too little to fill a row from).
        for row in region.rows.indices {
            let characters = region.rows[row].characters
            guard let baseline = region.rows[row].baseline,
                  let run = Self.dots(Self.glyphs(of: region.rows[row]), under: region.rows[row].pointers, baseline: baseline, grid: grid),
                  characters.count != run.centers.count || characters.contains(where: { $0.value != "." }),
                  !characters.isEmpty || run.centers.count >= 3
            else { continue }
            region.rows[row].replaceRun(characters.indices, with: ".", at: run, grid: grid)
        }
    }

    /// The cells of a row of dots alone, side by side (an `...` of Python's, a doctest's
    /// continuation): each one small mark alike, two pixels or more each way, no wider or
    /// taller than half the x-height nor twice as long one way as the other, standing on the
    /// baseline. No letter or digit is a lone dot there, nor two; a `,` reaches under the
    /// baseline, a `-` stands higher, a `_` is a stroke. A cell between two of them that a
    /// mouse pointer in `pointers` covers is one of them.
    static func dots(_ glyphs: [BoundingBox], under pointers: [BoundingBox] = [], baseline: Double,
                     grid: ReadRegion.Grid) -> RepeatedGlyphs.Run? {
        let cells = CharacterInk.joiningPieces(CharacterInk.cells(in: glyphs), cell: grid.cell)
        let height = { (cell: CharacterInk) in cell.bottom - cell.top }
        guard cells.count >= 2, let first = cells.first,
              cells.allSatisfy({ cell in
                  cell.parts == 1 && min(cell.width, height(cell)) >= 2 && 2 * Double(max(cell.width, height(cell))) <= grid.xHeight
                      && max(cell.width, height(cell)) <= 2 * min(cell.width, height(cell))
                      && abs(cell.width - first.width) <= 1 && abs(height(cell) - height(first)) <= 1
                      && abs(Double(cell.bottom) - baseline) <= max(1, grid.xHeight / 6)
              })
        else { return nil }
        return sideBySide(cells, under: pointers, grid: grid)
    }

    /// `cells` as one run side by side on the grid, a cell between two that one of
    /// `pointers` covers (its ink painted out) counted in; nil where they are not.
    static func sideBySide(_ cells: [CharacterInk], under pointers: [BoundingBox], grid: ReadRegion.Grid) -> RepeatedGlyphs.Run? {
        let columns = cells.map { Int((($0.center - grid.origin) / grid.cell).rounded()) }
        guard let first = columns.first,
              zip(columns.dropFirst(), columns).allSatisfy({ $0 - $1 == 1 || $0 - $1 == 2 && isCovered($1 + 1, by: pointers, grid: grid) })
        else { return nil }
        let centers = cells.indices.flatMap { index in
            index > 0 && columns[index] - columns[index - 1] == 2 ? [cells[index].center - grid.cell, cells[index].center] : [cells[index].center]
        }
        return RepeatedGlyphs.Run(firstColumn: first, centers: centers, top: cells.map(\.top).min() ?? 0,
                                  bottom: cells.map(\.bottom).max() ?? 0)
    }

    /// Whether one of `pointers` covers the middle of `column`.
    static func isCovered(_ column: Int, by pointers: [BoundingBox], grid: ReadRegion.Grid) -> Bool {
        let center = grid.origin + Double(column) * grid.cell
        return pointers.contains { Double($0.x) <= center && Double($0.right) >= center }
    }

    /// The quotes of a row: those the threshold's ticks show (`found`), or those gathered again
    /// faintly where it found none, or one tick a cell, which may be the stronger of a `"`'s two
    /// (a dark red quote, its ticks drawn unequally by antialiasing): two a cell gathered in the
    /// same cells, and maybe more (a quote the threshold kept nothing of), are that `"`.
    static func quotes(found: (RepeatedGlyphs.Run, Character)?,
                       gathered: (RepeatedGlyphs.Run, Character)?) -> (RepeatedGlyphs.Run, Character)? {
        guard let found else { return gathered }
        guard found.1 == "'", let gathered, gathered.1 == "\"", gathered.0.firstColumn <= found.0.firstColumn,
              gathered.0.firstColumn + gathered.0.centers.count >= found.0.firstColumn + found.0.centers.count else { return found }
        return gathered
    }

    /// Whether `glyph` is a stroke a pixel or two tall, a cell wide or more, on the row's
    /// baseline or under it: under a row of quotes that is the row's underline (vim's
    /// `cursorline`, drawn in the ground's colour under the cursor's cell), no character of it.
    static func isUnderline(_ glyph: BoundingBox, baseline: Double, grid: ReadRegion.Grid) -> Bool {
        glyph.height <= 2 && Double(glyph.width) >= grid.cell && Double(glyph.y) >= baseline - 1
    }

    /// The glyphs of `row` a mark is told by: not the blobs of the mouse pointers over it (a
    /// block cursor's cell holds its character already: `ReadBlock.withGlyphsUnderCursors`).
    static func glyphs(of row: ReadRow) -> [BoundingBox] {
        Self.glyphs(row.glyphs, without: row.pointers)
    }

    /// A row's glyphs but the mouse pointers painted out over it (an I-beam over the middle
    /// quote of a `"""`, its rim keeping the ticks it covers apart): each pointer's own blob.
    static func glyphs(_ glyphs: [BoundingBox], without pointers: [BoundingBox]) -> [BoundingBox] {
        glyphs.filter { glyph in !pointers.contains { $0.intersectionOverUnion(glyph) >= 0.8 } }
    }

    /// The cells of a row of quotes alone, side by side, all above the x-height, and which
    /// quote: each cell two ticks side by side (each as tall as the mark, where the two bars of
    /// an `=` lie one over the other), or the two joined, as wide as a cell's two apart, a `"`
    /// (unless the `picture` shows carets, boxed alike); or
    /// each one tick, a stroke narrower than tall and than a third of the cell (a `^` and a
    /// small `*` are wider), a `'`. In a row OCR read nothing of (`unread`), marks most of
    /// them two ticks run together (`isRunTogether`, as `corrected` takes one read as a
    /// letter), the rest boxed within a pixel of them, taller than a backtick (half the
    /// x-height or so), are `"` too. A cell between two of them that a mouse
    /// pointer in `pointers` covers (an I-beam over the middle quote, its blob left out) is one
    /// of them.
    static func quotes(_ glyphs: [BoundingBox], under pointers: [BoundingBox] = [], baseline: Double,
                       grid: ReadRegion.Grid, picture: InkPicture? = nil, unread: Bool = false) -> (RepeatedGlyphs.Run, Character)? {
        // In a run of two or more cells drawn alike, a quote's ticks may fill all but a pixel of
        // its cell (Go Mono's at 9 px: two of 3, a pixel apart); one cell alone shows no run (a
        // small `*` in pieces).
        let pieces = CharacterInk.cells(in: glyphs)
        let asRun = CharacterInk.joiningPieces(pieces, cell: grid.cell, within: (grid.cell - 1) / grid.cell)
        // (Antialiasing may join one quote's ticks and not the next's: alike in width.)
        let drawnAlike = asRun.count >= 2 && asRun.allSatisfy { $0.parts <= 2 && abs($0.width - asRun[0].width) <= 1 }
        let cells = drawnAlike ? asRun : CharacterInk.joiningPieces(pieces, cell: grid.cell)
        let columns = cells.map { Int((($0.center - grid.origin) / grid.cell).rounded()) }
        func isTick(_ cell: CharacterInk) -> Bool { cell.parts == 1 && cell.width < cell.bottom - cell.top && Double(cell.width) <= grid.cell / 3 }
        func underPointer(_ column: Int) -> Bool { Self.isCovered(column, by: pointers, grid: grid) }
        // A cell a pointer covers holds what painting it out left of its ticks, in pieces.
        guard let run = Self.sideBySide(cells, under: pointers, grid: grid),
              zip(cells, columns).allSatisfy({ cell, column in
                  (underPointer(column) || 10 * cell.tallestPart >= 7 * (cell.bottom - cell.top)) && cell.span(cell: grid.cell) == 1
                      && baseline - Double(cell.bottom) >= quoteFloor * grid.xHeight
              })
        else { return nil }
        // The cells a pointer leaves alone tell the quote. Two ticks side by side are wider than
        // one (a tick broken in two is as narrow as it was); antialiasing may join them, a pixel
        // between them, in some quotes: one font draws one quote alike, so where most cells keep
        // them apart a cell as wide in one piece is the same quote, and where most are joined
        // the ink must show two ticks in each.
        let shown = cells.indices.filter { !underPointer(columns[$0]) }.map { cells[$0] }
        func isPair(_ cell: CharacterInk) -> Bool { cell.parts == 2 && Double(cell.width) > grid.cell / 3 }
        let pairs = shown.filter(isPair)
        func isJoinedPair(_ cell: CharacterInk) -> Bool {
            cell.parts == 1 && pairs.contains { abs($0.width - cell.width) <= 1 }
                && (2 * pairs.count > shown.count || picture.map { Self.showsTwoTicks(cell, picture: $0) } ?? true)
        }
        // Where every quote's ticks ran together, the ink still shows two in each: strong on
        // either side, paler between.
        let ticksRunTogether = picture.map { picture in
            shown.allSatisfy { $0.parts == 1 && abs($0.width - shown[0].width) <= 1 && Self.showsTwoTicks($0, picture: picture) }
        } ?? false
        let quote: Character
        if !shown.isEmpty, !pairs.isEmpty && shown.allSatisfy({ isPair($0) || isJoinedPair($0) }) || ticksRunTogether {
            quote = "\""
        } else if !shown.isEmpty, shown.allSatisfy(isTick) {
            quote = "'"
        } else if unread, let square = shown.first(where: Self.isRunTogether),
                  2 * shown.filter(Self.isRunTogether).count > shown.count, Double(square.bottom - square.top) > 0.45 * grid.xHeight,
                  shown.allSatisfy({ $0.parts == 1 && abs($0.width - square.width) <= 1 && abs($0.bottom - $0.top - (square.bottom - square.top)) <= 1 }) {
            // (M PLUS 1 Code at 720p draws each `"` as one square of 4 pixels, no valley: the
            // threshold tells it from a small `*` by nothing, and OCR's reading, where it has one,
            // stands.)
            quote = "\""
        } else {
            return nil
        }
        // Two ticks joined are boxed as a caret up high is, and two apart as a caret whose pale
        // apex the threshold lost: a caret's strokes meet at an apex.
        if quote == "\"", let picture, RepeatedGlyphs.caret(run, baseline: baseline, grid: grid, picture: picture) != nil { return nil }
        return (run, quote)
    }

    /// Where a row of quotes ends at the lowest, over its baseline, in x-heights: above the
    /// middle of the x-height, where no letter's ink ends (Courier Prime's `"` reaches into
    /// the x-height: at 720p its ticks end 4 pixels over the baseline of a 7-pixel x-height).
    static let quoteFloor = 0.5

    /// The ink of a row of marks up high (all of it above the x-height), gathered again across
    /// the block at the faint threshold layout looks for dim text with: the 1-pixel ticks of a
    /// dark red `"""` on black, which the first threshold broke into pixels or kept in part.
    /// Blobs the band around the row cuts (the letters of the rows above and below) are left
    /// out. Nil for a row with ink lower down.
    static func faintTicks(of glyphs: [BoundingBox], baseline: Double, grid: ReadRegion.Grid,
                           picture: InkPicture) -> [BoundingBox]? {
        guard let first = glyphs.first else { return nil }
        let row = glyphs.dropFirst().reduce(first) { $0.union($1) }
        guard baseline - Double(row.bottom) >= quoteFloor * grid.xHeight else { return nil }
        let margin = max(2, Int(grid.xHeight / 3))
        let band = BoundingBox(left: 0, top: row.y - margin, right: picture.image.width, bottom: row.bottom + margin)
        let ticks = picture.blobs(in: band, level: BackgroundMap.faintInkStep)
        return ticks.isEmpty ? nil : ticks
    }

    /// Whether one blob of ink is two ticks run together: a column strong with ink left of its
    /// middle and one right of it, and those between them paler by half (a caret's strokes
    /// cross every column alike, its apex heaviest in the middle).
    static func showsTwoTicks(_ cell: CharacterInk, picture: InkPicture) -> Bool {
        let columns = (cell.left..<cell.right).map { x in
            (cell.top..<cell.bottom).reduce(Float(0)) { $0 + picture.ink(atX: Double(x), y: Double($1)) }
        }
        let middle = columns.count / 2
        guard columns.count >= 4, let left = columns[..<middle].indices.max(by: { columns[$0] < columns[$1] }),
              let right = columns[middle...].indices.max(by: { columns[$0] < columns[$1] }), right - left >= 2,
              let valley = columns[(left + 1)..<right].min() else { return false }
        return 2 * valley <= min(columns[left], columns[right])
    }

    /// Whether a mark up high is a `"`'s two ticks run together (small type): one part as wide
    /// as it is tall, or a pixel wider, 3 pixels or more.
    static func isRunTogether(_ ink: CharacterInk) -> Bool {
        ink.parts == 1 && ink.width >= max(3, ink.bottom - ink.top) && ink.width <= ink.bottom - ink.top + 1
    }

    /// What a character is once its ink has been looked at.
    enum Mark: Equatable {
        case character(Character)
        /// A bracket stroke: which bracket, the brackets open around it tell (`ClosingBrackets`).
        case closer
    }

    private static let flatMarks: Set<Character> = [".", "-", "_", ",", "·", "—", "–"]
    private static let highMarks: Set<Character> = ["°", "*", "`", "º", "^"]
    private static let singleTickLookalikes: Set<Character> = ["\"", "~", "“", "”"]
    private static let strokes: Set<Character> = ["i", "l", "1", "!", "I", "t"]
    private static let dotted: Set<Character> = ["i", "j", "!", "¡", ":", ";"]
    static let closers: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
    /// Letters and marks a parenthesis is read as when its curve is shallow: they stand on the
    /// baseline, a parenthesis reaches below it.
    private static let parenthesisLookalikes: [Character: Character] = ["C": "(", "c": "(", "<": "(", ">": ")"]
    /// Marks code does not use, read in place of ones it does: typographic quotes for ASCII
    /// quotes, `©` for a zero.
    private static let typographic: [Character: Character] = ["‘": "'", "’": "'", "“": "\"", "”": "\"", "′": "'", "″": "\"",
                                                             "©": "0"]
    /// Letters that stand on the baseline, and those as tall as the x-height.
    private static let onBaseline = Set("acemnorsuvwxzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789")
    private static let xHeightLetters = Set("acemnorsuvwxz")

    /// `characters[i]` drawn by `inks[i]` (nil where a cell holds several characters), on a
    /// row whose baseline is `baseline` (see `baselines`).
    static func corrected(_ characters: [Character], inks: [CharacterInk?], baseline: Double?, xHeight: Double) -> [Mark] {
        guard xHeight >= 4, let baseline else { return characters.map { .character(typographic[$0] ?? $0) } }
        // A row whose every mark is lower than half the x-height is marks alone (`...`): a row
        // of faint letters keeps the ink of some of them whole.
        let marksAlone = inks.contains { $0 != nil } && inks.allSatisfy { ink in ink.map { isLow($0, xHeight: xHeight) } ?? true }
        return zip(characters, inks).map { character, ink in
            corrected(character, ink: ink, baseline: baseline, xHeight: xHeight, marksAlone: marksAlone)
        }
    }

    /// Lower than half the x-height, by a margin: no letter, whole, is drawn so low.
    private static func isLow(_ ink: CharacterInk, xHeight: Double) -> Bool { Double(ink.bottom - ink.top) <= 0.4 * xHeight }

    private static func corrected(_ character: Character, ink: CharacterInk?, baseline: Double, xHeight: Double, marksAlone: Bool) -> Mark {
        if let ink, isBacktick(ink, readAs: character, baseline: baseline, xHeight: xHeight) { return .character("`") }
        if let ascii = typographic[character] { return .character(ascii) }
        guard let ink else { return .character(character) }
        if flatMarks.contains(character) {
            // A comma OCR saw with ink below the baseline stays: in small type its tail is a
            // pixel, and its ink may be as wide as it is tall.
            if character == ",", Double(ink.bottom) - baseline >= 1 { return .character(character) }
            return .character(flatMark(ink, baseline: baseline, xHeight: xHeight) ?? character)
        }
        if highMarks.contains(character) && isSmallHighMark(ink, baseline: baseline, xHeight: xHeight) {
            return .character("`")
        }
        // No letter or digit lives above the x-height alone: ink all up there read as one (a
        // row of `"""` read as `uuu`) is a quote, two ticks or one, each as tall as the mark (the
        // top of a faint `f` is its hook over its bar). One part as wide as it is tall, give or
        // take a pixel, is two ticks run together (a `"` in small type).
        if character.isLetter || character.isNumber, ink.parts <= 2, baseline - Double(ink.bottom) >= 0.6 * xHeight,
           ink.parts == 1 || 10 * ink.tallestPart >= 7 * (ink.bottom - ink.top) {
            return .character(ink.parts == 2 || Self.isRunTogether(ink) ? "\"" : "'")
        }
        // Nor is any drawn lower than half the x-height: in a row of such marks alone, one read
        // as a letter (`...` read as `eee`) is the flat mark its place tells.
        if character.isLetter || character.isNumber, marksAlone, let mark = flatMark(ink, baseline: baseline, xHeight: xHeight) {
            return .character(mark)
        }
        if dotted.contains(character), let mark = twoDots(ink, baseline: baseline, xHeight: xHeight) {
            return .character(mark)
        }
        if strokes.contains(character) && isBracketStroke(ink, baseline: baseline, xHeight: xHeight) {
            return .closer
        }
        if let parenthesis = parenthesisLookalikes[character], isBracketStroke(ink, baseline: baseline, xHeight: xHeight) {
            return .character(parenthesis)
        }
        return .character(character)
    }

    /// `:` or `;`: two small marks one above the other, where `i` has a stem below its dot.
    private static func twoDots(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Character? {
        guard ink.parts == 2, Double(ink.tallestPart) <= 0.4 * xHeight else { return nil }
        return Double(ink.bottom) - baseline > 0.15 * xHeight ? ";" : ":"
    }

    /// A backtick read as a quote or a tilde: one small narrow mark up high, where a `"` is two
    /// ticks and a `~` lies across the middle of the x-height.
    private static func isBacktick(_ ink: CharacterInk, readAs character: Character, baseline: Double, xHeight: Double) -> Bool {
        singleTickLookalikes.contains(character) && ink.parts == 1 && Double(ink.width) <= 0.5 * xHeight
            && isSmallHighMark(ink, baseline: baseline, xHeight: xHeight)
    }

    /// Backtick: a small mark entirely above the x-height (an asterisk reaches well into it).
    private static func isSmallHighMark(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Bool {
        let height = Double(ink.bottom - ink.top)
        return height <= 0.45 * xHeight && baseline - Double(ink.bottom) >= 0.8 * xHeight
    }

    /// A bracket or brace: taller than an ascender, from above the x-height to below the baseline.
    private static func isBracketStroke(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Bool {
        let below = Double(ink.bottom) - baseline
        let above = baseline - Double(ink.top)
        return below >= 0.2 * xHeight && above >= 1.3 * xHeight
    }

    /// Which flat mark the ink is, or nil when it is none of them clearly.
    private static func flatMark(_ ink: CharacterInk, baseline: Double, xHeight: Double) -> Character? {
        let height = Double(ink.bottom - ink.top)
        let width = Double(ink.right - ink.left)
        guard height <= 0.6 * xHeight else { return nil }
        let belowBaseline = Double(ink.bottom) - baseline
        let centre = baseline - Double(ink.top + ink.bottom) / 2
        if belowBaseline > 0.2 * xHeight {
            return width >= 2 * height ? "_" : ","
        }
        // In small type a comma's tail is a pixel below the baseline: taller than wide, where
        // a period is a square dot on it.
        if belowBaseline >= 1 && height >= 1.4 * width {
            return ","
        }
        if centre > 0.3 * xHeight && centre < 0.75 * xHeight && width >= 1.5 * height {
            return "-"
        }
        if abs(belowBaseline) <= 0.15 * xHeight && centre < 0.3 * xHeight && width <= 2 * height {
            return "."
        }
        return nil
    }

    /// Each row's baseline, and the pitch the baselines keep (nil where no row shows one).
    /// A row's baseline is where its letters without descenders stand, or, for a row with too
    /// few of them (`};`), the baseline of the nearest row that has some, moved by whole line
    /// pitches. `middles[i]` is the middle of row i's ink. A letter whose ink is lower
    /// than most of the block's x-height (`xHeight`) is a mark misread (`"""` as `uuu`), and
    /// shows no baseline; so is a row whose letters all end above where the rows above and
    /// below it (or the one row beside it, at the block's end), a whole number of pitches away
    /// and agreeing, put its baseline (a traceback's `^^^^` read as `AAAA`, a last `"""` read
    /// as `non`): no letter ends above its baseline. Where too few rows show a
    /// baseline to keep the pitch, the rows' other `edges` (their tops, their bottoms) keep it
    /// when their steps agree: a row of small `*` up high shares its top with the capitals,
    /// and moves its middle off the letters' by a third of a pitch.
    static func baselineGrid(_ characters: [[Character]], inks: [[CharacterInk?]], middles: [Double], edges: [[Double]] = [],
                             xHeight: Double) -> (baselines: [Double?], pitch: Double?) {
        var measured: [Double?] = zip(characters, inks).map { shownBaseline($0, inks: $1, xHeight: xHeight) }
        // The line pitch, from consecutive rows' middles (a blank line makes a double step)
        // over the block's whole span (a row's middle moves with its ink: a row of dots, of
        // asterisks); better, where rows show their baselines, from those. Rows whose middles
        // lie closer than an x-height overlap: pieces of one line (a comment read apart beside
        // its code), not a pitch.
        let steps = zip(middles.dropFirst(), middles).map { $0 - $1 }.filter { $0 > 0 && $0 >= xHeight }.sorted()
        guard let smallest = steps.first, let first = middles.min(), let last = middles.max() else { return (measured, nil) }
        let single = steps.filter { $0 < 1.5 * smallest }
        let span = last - first
        let middlesPitch = span / max(1, (span / (single.reduce(0, +) / Double(single.count))).rounded())
        // Where a row stands a whole number of pitches from a row's baseline: the middle of its
        // ink nearest the middle of that line's x-height. The middle, not the top: a row of dots
        // or underscores begins where others end, and a row of quotes or carets ends where
        // others are half drawn, but the middle of any row's ink lies within a third of a pitch
        // of its x-height's.
        func placed(_ row: Int, from baseline: Double, pitch: Double) -> Double {
            baseline + ((middles[row] - (baseline - xHeight / 2)) / pitch).rounded() * pitch
        }
        let found = measured
        // The pitches the other rows' baselines keep, largest first (rows' middles move with
        // their ascenders, and a row of bars has its own).
        func baselinePitches(without row: Int) -> [Double] {
            Self.pitches(of: found.indices.filter { $0 != row }.compactMap { found[$0] }, near: middlesPitch)
        }
        for index in found.indices {
            // From the rows on either side that show theirs, agreeing; at a block's end, the one
            // beside it, by the smallest pitch three others or more keep (one gap is a guess, and
            // equal gaps of three lines are also whole numbers of one: one row cannot tell which).
            guard let value = found[index] else { continue }
            let neighbours = [found.indices.last(where: { $0 < index && found[$0] != nil }),
                              found.indices.first(where: { $0 > index && found[$0] != nil })].compactMap { $0 }
            let pitches = baselinePitches(without: index)
            guard neighbours.count == 2 || found.indices.filter({ $0 != index && found[$0] != nil }).count >= 3,
                  let pitch = neighbours.count == 2 ? pitches.first : pitches.last else { continue }
            let expected = neighbours.map { placed(index, from: found[$0]!, pitch: pitch) }
            guard let low = expected.min(), let high = expected.max(), high - low <= 1.5 else { continue }
            // With one neighbour, only ink ending where quotes end, well above the line's baseline.
            let above = neighbours.count == 2 ? max(1.5, xHeight / 6) : 0.6 * xHeight
            if value < (low + high) / 2 - above { measured[index] = nil }
        }
        let measuredRows = measured.indices.filter { measured[$0] != nil }
        func nearestBaseline(to index: Int) -> Double? {
            measuredRows.min(by: { abs(middles[$0] - middles[index]) < abs(middles[$1] - middles[index]) }).flatMap { measured[$0] }
        }
        // Of the steps the baselines keep, the largest that puts every row's ink on a line:
        // rows between them that show no baseline (a heading's `----`, a docstring's `"""`)
        // stand on the lines of a smaller one. Pieces of one line (a dim `*/` cut in two rows
        // an x-height apart) stand on none.
        func holdsEveryRow(_ pitch: Double) -> Bool {
            middles.indices.allSatisfy { index in
                guard measured[index] == nil, let base = nearestBaseline(to: index),
                      !middles.indices.contains(where: { $0 != index && abs(middles[$0] - middles[index]) < xHeight }) else { return true }
                return abs(middles[index] - (placed(index, from: base, pitch: pitch) - xHeight / 2)) <= pitch / 3
            }
        }
        let kept = Self.pitches(of: measured.compactMap { $0 }, near: middlesPitch)
        let pitch = kept.first(where: holdsEveryRow) ?? kept.first
            ?? edges.lazy.compactMap { Self.pitch(of: $0, near: middlesPitch) }.first ?? middlesPitch
        let baselines = measured.indices.map { index -> Double? in
            if let value = measured[index] { return value }
            guard let base = nearestBaseline(to: index) else { return nil }
            let at = placed(index, from: base, pitch: pitch)
            // Ink further than a third of a pitch from every whole step stands halfway: rows
            // double spaced (a tutor's) keep a pitch of two lines, and a banner between them
            // is on the line between, where the rows' middles put a line.
            if abs(middles[index] - (at - xHeight / 2)) > pitch / 3, pitch / 2 >= 0.8 * middlesPitch {
                return placed(index, from: base, pitch: pitch / 2)
            }
            return at
        }
        return (baselines, measuredRows.isEmpty ? nil : pitch)
    }

    /// Where a row's letters without descenders stand, when two or more of them show it.
    static func shownBaseline(_ row: [Character], inks: [CharacterInk?], xHeight: Double) -> Double? {
        let bottoms = zip(row, inks).compactMap { character, ink -> Int? in
            guard let ink, onBaseline.contains(character), Double(ink.bottom - ink.top) >= 0.6 * xHeight else { return nil }
            return ink.bottom
        }.sorted()
        return bottoms.count >= 2 ? Double(bottoms[bottoms.count / 2]) : nil
    }

    /// The pitch of baselines given top to bottom, about `guess` or larger: the largest step,
    /// a gap between them or a part of one (rows that show no baseline leave gaps of several),
    /// that the most gaps are a whole number of, to a pixel a row, measured over each such gap's
    /// rows (a tutor's text double spaced under a title a single step below its banner: two
    /// steps fit all gaps but that one); a lone gap is split into the steps of `guess` it
    /// holds. A baseline off the steps the others keep is misplaced (a row of `"""` read as
    /// `noe` stands on its quotes' feet, a traceback's `^^^^` read as `AAAA` on the carets'):
    /// its two gaps are one, whole; nil when more than one baseline in three is (a traceback
    /// has a row of carets every third line, and OCR may read each as letters). A step well
    /// under `guess` is no pitch: lines of one block are not drawn that close.
    static func pitch(of baselines: [Double], near guess: Double) -> Double? {
        pitches(of: baselines, near: guess).first
    }

    /// Every step that as many gaps as `pitch(of:near:)`'s are a whole number of and that
    /// divides it, largest first: equal gaps of three lines are also whole numbers of one.
    static func pitches(of baselines: [Double], near guess: Double) -> [Double] {
        let gaps = zip(baselines.dropFirst(), baselines).map { $0 - $1 }
        let wide = gaps.filter { $0 >= 0.8 * guess }
        guard let least = wide.min(), guess > 0 else { return [] }
        if wide.count == 1 { return [least / max(1, (least / guess).rounded())] }
        func isWhole(_ gap: Double, of step: Double) -> Bool {
            let count = (gap / step).rounded()
            return count >= 1 && abs(gap / count - step) <= 1
        }
        // Gaps taken in order, a misplaced baseline's two joined: the steps measured, and how many
        // baselines were left out.
        func fit(_ step: Double) -> (steps: [Double], misplaced: Int) {
            var steps: [Double] = [], misplaced = 0, pending = 0.0, joined = 0
            for gap in gaps {
                // Under half a line: two pieces of one line (a comment read apart beside its code).
                if gap < guess / 2 {
                    pending += gap
                    continue
                }
                if isWhole(pending + gap, of: step) {
                    steps.append((pending + gap) / ((pending + gap) / step).rounded())
                    misplaced += joined
                } else if isWhole(gap, of: step) {
                    // The steps begin again here: the baselines since they were last kept were out of place.
                    steps.append(gap / (gap / step).rounded())
                    misplaced += joined
                } else {
                    pending += gap
                    joined += 1
                    continue
                }
                (pending, joined) = (0, 0)
            }
            return (steps, misplaced + joined)
        }
        var candidates: [Double] = []
        for gap in Set(wide).sorted() {
            for parts in 1...max(1, Int(gap / (0.8 * guess))) where !candidates.contains(where: { abs($0 - gap / Double(parts)) < 0.5 }) {
                candidates.append(gap / Double(parts))
            }
        }
        // More steps measured than baselines left out (three baselines, one out of place, tell nothing).
        let fits = candidates.map { (step: $0, fit: fit($0)) }.filter {
            3 * $0.fit.misplaced <= baselines.count && $0.fit.steps.count > $0.fit.misplaced
        }
        guard let most = fits.map(\.fit.steps.count).max() else { return [] }
        let best = fits.filter { $0.fit.steps.count == most }
        guard let fewest = best.map(\.fit.misplaced).min(),
              let largest = best.filter({ $0.fit.misplaced == fewest }).map(\.step).max() else { return [] }
        return best.filter { isWhole(largest, of: $0.step) }
            .sorted { $0.step > $1.step }
            .map { $0.fit.steps.median ?? $0.step }
    }

    /// The x-height of a block's text: the median height of letters as tall as an `x`.
    static func xHeight(_ characters: [[Character]], inks: [[CharacterInk?]]) -> Double {
        var heights: [Int] = []
        for (row, rowInks) in zip(characters, inks) {
            for (character, ink) in zip(row, rowInks) where xHeightLetters.contains(character) {
                if let ink { heights.append(ink.bottom - ink.top) }
            }
        }
        return Double(heights.median ?? 0)
    }
}
