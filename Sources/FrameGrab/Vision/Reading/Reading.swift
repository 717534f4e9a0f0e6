/// How framegrab reads the text on a frame, every stage in order. Adding, moving or dropping a
/// pass is one line here; each pass is a small type conforming to its stage's protocol, with a
/// table test of what it reads and what it gives back.
///
/// Before these stages, `TextBlockFinder` finds the text blocks and their rows in the frame
/// (its joins are listed in `TextBlockAssembler.joins`), and `RecognitionPlan` cuts them into
/// the pieces OCR reads, one per row. After them, `UIChrome` gathers the application's bars
/// and `RegionRoles` says what each region is on the screen.
enum Reading {
    /// 1. Each piece's picture, made what Tesseract reads best.
    static let picturePasses: [any PicturePass] = [
        InkOnPaper(),             // dark ink on white paper, whatever the colours
        LeadingPaperTrimmed(),    // bare paper before the first ink goes
        BlockCursor(),            // a terminal's block cursor: the cell drawn back the right way round
        MousePointer(),           // the mouse pointer (an I-beam, an arrow) over the text is none either
        MarkedZeros(),            // slashed and dotted zeros remembered, then drawn as rings
        DrawnRulesErased(),       // rules of `-`, `=`, `_`, dots: remembered, then painted out
        ScaledForOCR(),           // x-height brought to what Tesseract reads best
    ]

    /// 2. What OCR read in a piece (its boxes already in frame coordinates), checked.
    static let readingPasses: [any ReadingPass] = [
        LookalikeLetters(),       // a capital after a small letter read again with alternatives
        DrawnRulesGivenBack(),    // the painted-out rules given back as the characters they repeat
    ]

    /// 3. Blocks that are one text, joined.
    static let blockJoins: [any BlockJoin] = [
        GutterPieces(),           // a dim gutter found in pieces is one column
        AlignedColumns(),         // columns sharing their rows are one text
        PanelContents(),          // the monospace text in one panel is one text
        OneGrid(),                // without a panel, rows on one monospace grid are one text
        StrayClosers(),           // a dedented `}` found apart goes back to its code
    ]

    /// 4. Each block's characters, once it is a region.
    static let characterPasses: [any CharacterPass] = [
        LineNumberGutter(),       // an editor's line numbers out of the code, kept per row
        CodeClassifier(),         // code, or prose
        CodeLayout(),             // code on its monospace grid: indentation and spacing from the ink
        BarCursor(),              // a terminal's bar cursor, a stroke at a cell's edge, is no character
        UnderlineCursor(),        // nor its underline cursor, a stroke below the font's descenders
        MarkedZerosRead(),        // a ring marked as a zero is a zero
        LetterShapes(),           // look-alike letters go by the block's other cells drawn like them
        OtherFaceRow(),           // a last row drawn unlike the rows above (a pager's prompt) is marked
        ShortRowShapes(),         // a row too short for a word goes by the block's cells drawn like its own
        PunctuationShapes(),      // marks by where their ink sits: `.` `-` `_` `,` `` ` `` `:` `;` brackets
        BulletMarker(),           // a drawn dot before a list's line is a bullet
        StrayBraces(),            // a `{` seen in the curve of a `(` goes
        ClosingBrackets(),        // a bracket stroke closes what is open
        DigitContext(),           // digits read as letters between digits
        RepeatedGlyphs(),         // a blob of touching cells alike is one symbol repeated
        SymbolRuns(),             // a run of one symbol broken by look-alikes
        ShellPrompts(),           // `user@host:~$` prompts by their known shape
        LowercaseKeywords(),      // keywords of the region's language, which code never capitalises
    ]
}

/// A pass over one piece's picture before OCR reads it.
protocol PicturePass: Sendable {
    func prepare(_ picture: inout PiecePicture)
}

/// A pass over what OCR read in one piece.
protocol ReadingPass: Sendable {
    func check(_ reading: inout PieceReading) throws(FrameGrabError)
}

/// A pass over all blocks a frame's text was read in.
protocol BlockJoin: Sendable {
    func joined(_ blocks: [ReadBlock]) -> [ReadBlock]
}

/// A pass over one region's characters.
protocol CharacterPass: Sendable {
    func apply(to region: inout ReadRegion)
}

extension Reading {
    /// One piece through every stage up to its rows of characters: its picture prepared, read
    /// by `engine`, and the reading checked. A row read as one line keeps the layout's ink
    /// blobs; one OCR split gives each line those it alone holds (`glyphs(_:among:)`).
    static func read(_ piece: RecognitionPlan.Piece, of block: TextBlock, in image: GrayImage, with engine: TesseractEngine,
                     shouldCancel: (@Sendable () -> Bool)?) throws(FrameGrabError) -> [ReadRow] {
        var picture = PiecePicture(image: image.cropped(to: piece.area), piece: piece, block: block)
        for pass in picturePasses { pass.prepare(&picture) }
        // Bare paper holds nothing to read (a row of rules painted out whole): Tesseract reads
        // `BS` there, and those letters would stand over the rules given back.
        let blank = picture.image.leadingPaperColumns() == picture.image.width
        func read(_ picture: PiecePicture) throws(FrameGrabError) -> PieceReading {
            try PieceReading(picture: picture) { alternatives throws(FrameGrabError) in
                blank ? [] : try engine.recognize(picture.image, layout: piece.layout, alternatives: alternatives, shouldCancel: shouldCancel)
            }
        }
        var reading = try read(picture)
        // Tesseract drops a row it cannot cut into letters at one size (a banner of touching `#`
        // at an x-height of 16, a row of small dim type) and reads its ink at twice that size:
        // ink read as nothing is read again so, when it is long enough to be evidence of text of
        // its own (`TextEvidence`; a lone `>>` is not).
        if reading.lines.isEmpty, !blank, block.lines[piece.lineIndex].glyphs.count >= TextEvidence.fewestLetters {
            var larger = picture
            larger.image = picture.image.scaled(by: 2)
            larger.scale = picture.scale * 2
            let again = try read(larger)
            if !again.lines.isEmpty { reading = again }
        }
        for pass in readingPasses { try pass.check(&reading) }
        // A row OCR read as nothing at either size, and no rule was given back in, may still be
        // symbols its ink tells (`mayBeFilledFromInk`): kept with no characters; left empty, it goes.
        let line = block.lines[piece.lineIndex]
        if reading.lines.isEmpty, !blank, mayBeFilledFromInk(piece.lineIndex, of: block, pointers: picture.pointers + picture.cursors) {
            var row = ReadRow(words: [], glyphs: line.glyphs, place: line.box)
            row.isUnread = true
            row.pointers = picture.pointers
            row.cursors = picture.cursors
            return [row]
        }
        let glyphs = reading.lines.count == 1 ? [line.glyphs] : Self.glyphs(line.glyphs, among: reading.lines.map(\.box))
        return zip(reading.lines, glyphs).map { line, glyphs in
            var row = ReadRow(line, glyphs: glyphs)
            row.markedZeros = picture.markedZeros
            row.pointers = picture.pointers
            row.cursors = picture.cursors
            return row
        }
    }

    /// The ink blobs of a row layout found that OCR read as several lines (rows joined where a
    /// descender touches the ascender under it), each line's own: those with their middle in
    /// its box and in no other line's. A line that a blob touches with its middle in two lines'
    /// boxes, or in none, keeps none: its glyphs are unknown.
    static func glyphs(_ glyphs: [BoundingBox], among lines: [BoundingBox]) -> [[BoundingBox]] {
        func holding(_ glyph: BoundingBox) -> [Int] {
            let middle = (x: Double(glyph.x) + Double(glyph.width) / 2, y: Double(glyph.y) + Double(glyph.height) / 2)
            return lines.indices.filter { lines[$0].contains(x: middle.x, y: middle.y) }
        }
        let holders = glyphs.map(holding)
        return lines.indices.map { index in
            let touching = glyphs.indices.filter { glyphs[$0].intersection(lines[index]) != nil }
            guard touching.allSatisfy({ holders[$0].count == 1 }) else { return [] }
            return touching.filter { holders[$0] == [index] }.map { glyphs[$0] }
        }
    }

    /// Whether row `index` of `block`, read as nothing, may hold symbols that the ticks of a `"`
    /// or a run of one symbol can fill from their ink (`PunctuationShapes`, `RepeatedGlyphs`):
    /// marks alone on their row, lower than a letter (a docstring's `"""`), glyphs drawn a cell
    /// apart (a banner of `~`), or glyphs touching into one stroke four glyph heights long or
    /// more, some six cells (the bar a banner of small `#` joins into). Not a speck beside a
    /// row's text (it would join that row, and move its columns). A mouse pointer resting on
    /// the row (`pointers`) is none of its glyphs.
    static func mayBeFilledFromInk(_ index: Int, of block: TextBlock, pointers: [BoundingBox] = []) -> Bool {
        let line = block.lines[index]
        let glyphs = PunctuationShapes.glyphs(line.glyphs, without: pointers)
        guard let first = glyphs.first else { return false }
        let box = glyphs.count == line.glyphs.count ? line.box : glyphs.dropFirst().reduce(first) { $0.union($1) }
        let alone = !block.lines.indices.contains { $0 != index && block.lines[$0].box.overlapsVertically(box) }
        let drawnAlike = TextBlockAssembler.isDrawnInCells(glyphs, lineHeight: 2 * Double(block.glyphHeight))
            || glyphs.contains { $0.width >= RepeatedGlyphs.shortestRun * block.glyphHeight }
        return alone && (box.height < block.xHeight || drawnAlike)
    }

    /// The regions of a frame's blocks: blocks joined, each one's characters through every
    /// pass, and the application's bars gathered. With `trace`, what each pass changed is
    /// written there.
    static func regions(from blocks: [ReadBlock], contentArea: BoundingBox, image: GrayImage? = nil,
                        trace: PassTrace? = nil) -> [Region] {
        var blocks = image.map { image in blocks.map { $0.withGlyphsUnderCursors(in: image) } } ?? blocks
        for join in blockJoins {
            let count = blocks.count
            blocks = join.joined(blocks)
            if blocks.count != count { trace?.note("\(type(of: join)): \(count) blocks -> \(blocks.count)") }
        }
        let reads = blocks.flatMap { read -> [ReadRegion] in
            var region = ReadRegion(read, image: image)
            let unsure = region.isReadUnsure
            if let reason = region.notText {
                let rows = read.rows.map { $0.text.debugDescription }.joined(separator: " ")
                trace?.note("left out: block at \(read.block.box), \(reason): \(rows)")
                // Rows of one symbol drawn over and over among rows OCR could not read (a
                // tutor's `~~~~` over a lesson in a script it does not know) are told by their
                // ink, not by OCR's certainty: read through the passes, they alone go on.
                guard unsure, read.rows.count >= 3 else { return [] }
            }
            for pass in characterPasses {
                guard let trace else {
                    pass.apply(to: &region)
                    continue
                }
                let before = region.lines
                let kind = region.kind
                pass.apply(to: &region)
                trace.compare(before, kind: kind, with: region, after: pass)
            }
            region.rows.removeAll { $0.isUnread && $0.isEmpty }
            if unsure {
                guard region.kind == .code, let symbolRows = region.keepingSymbolRows() else { return [] }
                trace?.note("block at \(read.block.box): its rows of one symbol, from their ink, are kept")
                region = symbolRows
            }
            let split = region.splittingOffPrompt(surfaceBottom: read.block.panel?.bottom ?? contentArea.bottom)
            if split.count > 1 { trace?.note("block at \(read.block.box): its last row, in another face at its surface's bottom, is ui") }
            return split
        }
        // A prompt found as a block of its own, under the code in another face.
        let regions = reads.map { read in
            var read = read
            let bottom = read.block.panel?.bottom ?? contentArea.bottom
            if read.kind != .ui, reads.contains(where: { read.isPrompt(under: $0, surfaceBottom: bottom) }) {
                trace?.note("block at \(read.block.box): one row under the code, in another face at its surface's bottom, is ui")
                read.kind = .ui
            }
            return read
        }
        let gathered = UIChrome.gathered(regions, contentArea: contentArea, typicalGlyphHeight: blocks.map(\.block.glyphHeight).median ?? 0,
                                         // The main content's ground is under the biggest block.
                                         contentGround: blocks.max(by: { $0.block.box.area < $1.block.box.area })?.block.ground ?? 0)
        return RegionRoles.assigned(gathered).sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
    }
}

/// What the passes changed, pass by pass and line by line, for `--debug-layout`.
final class PassTrace {
    private(set) var entries: [String] = []
    func note(_ entry: String) { entries.append(entry) }

    func compare(_ lines: [Line], kind: RegionKind, with region: ReadRegion, after pass: any CharacterPass) {
        let name = "\(type(of: pass))"
        if region.kind != kind { note("\(name): block at \(region.block.box) is \(region.kind.rawValue)") }
        func texts(_ lines: [Line]) -> [String] { lines.map { String(repeating: " ", count: $0.indent ?? 0) + $0.text } }
        let before = texts(lines), after = texts(region.lines)
        guard before != after else { return }
        if before.count != after.count { note("\(name): \(before.count) rows -> \(after.count)") }
        for (index, (old, new)) in zip(before, after).enumerated() where old != new {
            note("\(name): row \(index) of block at \(region.block.box): \(old.debugDescription) -> \(new.debugDescription)")
        }
    }
}
