import Dispatch
import Synchronization

/// Reads the text on one frame: skips black bars, finds the text blocks, reads each line with
/// the polarity, contrast and scale that suit it, and hands the lines to `RegionAssembler`.
///
/// With several engines, lines are read in parallel, one engine per thread; each thread starts
/// reading as soon as its engine is ready.
public final class FrameAnalyzer {
    private let engines: EnginePool
    private let finder = TextBlockFinder()

    /// The x-height range (pixels) Tesseract reads best at: smaller text is enlarged to the
    /// lower end, huge titles shrunk to the upper.
    static let smallestXHeight = 16.0
    static let largestXHeight = 48.0

    public init(engines: EnginePool) {
        self.engines = engines
    }

    /// The text on `image`, and the part of it that is picture rather than black bars; with
    /// `describingLayout`, also the blocks and rows found, as text.
    public func read(_ image: GrayImage, shouldCancel: (@Sendable () -> Bool)? = nil,
                     describingLayout: Bool = false) throws(FrameGrabError) -> FrameText {
        let contentArea = ActivePictureArea.find(in: image)
        let blocks = contentArea == image.bounds
            ? finder.blocks(in: image)
            : finder.blocks(in: image.cropped(to: contentArea)).map { $0.shifted(by: contentArea.x, contentArea.y) }
        let pieces = RecognitionPlan(blocks: blocks, frame: contentArea).pieces
        let read = try recognize(pieces, of: blocks, in: image, shouldCancel: shouldCancel)
        if shouldCancel?() == true { return FrameText(contentArea: contentArea, regions: []) }

        let readBlocks = blocks.indices.map { blockIndex in
            var readBlock = RegionAssembler.ReadBlock(block: blocks[blockIndex], lines: [], glyphs: [])
            for index in pieces.indices.filter({ pieces[$0].blockIndex == blockIndex })
                .sorted(by: { pieces[$0].lineIndex < pieces[$1].lineIndex }) {
                readBlock.lines += read[index].lines
                readBlock.markedZeros += read[index].markedZeros
                // A row read as one line keeps its ink blobs; rows OCR split or merged do not.
                let row = blocks[blockIndex].lines[pieces[index].lineIndex]
                readBlock.glyphs += read[index].lines.count == 1 ? [row.glyphs] : Array(repeating: [], count: read[index].lines.count)
            }
            return readBlock
        }
        var text = FrameText(contentArea: contentArea, regions: RegionAssembler.regions(from: readBlocks, contentArea: contentArea, image: image))
        guard describingLayout else { return text }
        text.layout = readBlocks.map { read in
            "block \(read.block.box) \(read.block.polarity.rawValue) x-height \(read.block.xHeight)\n"
                + zip(read.block.lines, read.lines).map { row, line in "  row \(row.box) -> \(line.box) \(line.text)" }.joined(separator: "\n")
                + (read.lines.count != read.block.lines.count ? "\n  (\(read.block.lines.count) rows, \(read.lines.count) lines read)" : "")
        }.joined(separator: "\n")
        return text
    }

    /// Reads every piece, spread over the engines; results in the pieces' order.
    private func recognize(_ pieces: [RecognitionPlan.Piece], of blocks: [TextBlock], in image: GrayImage,
                           shouldCancel: (@Sendable () -> Bool)?) throws(FrameGrabError) -> [ReadPiece] {
        let results = Mutex([ReadPiece](repeating: ReadPiece(), count: pieces.count))
        let next = Atomic(0)
        let failure = Mutex<FrameGrabError?>(nil)
        let engines = self.engines
        // Engine 0 is always needed; waiting for it first reports a broken OCR setup even on
        // a frame without text.
        _ = try engines.engine(0)
        DispatchQueue.concurrentPerform(iterations: min(engines.count, pieces.count)) { worker in
            let engine: TesseractEngine
            do throws(FrameGrabError) {
                engine = try engines.engine(worker)
            } catch {
                failure.withLock { $0 = error }
                return
            }
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < pieces.count, shouldCancel?() != true else { return }
                let piece = pieces[index]
                let lines = FrameAnalyzer.read(piece, of: blocks[piece.blockIndex], in: image, with: engine,
                                               shouldCancel: shouldCancel)
                results.withLock { $0[index] = lines }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0 }
    }

    /// What OCR read in one piece, and where it found zeros marked with a slash or a dot.
    private struct ReadPiece {
        var lines: [Line] = []
        var markedZeros: [BoundingBox] = []
    }

    /// One piece through OCR: cropped, turned into dark ink on white paper, scaled to the
    /// size Tesseract reads best; boxes mapped back to the frame.
    private static func read(_ piece: RecognitionPlan.Piece, of block: TextBlock, in image: GrayImage,
                             with engine: TesseractEngine, shouldCancel: (@Sendable () -> Bool)?) -> ReadPiece {
        var picture = image.cropped(to: piece.area)
            .inkOnPaper(ground: block.ground, polarity: block.polarity, fullInk: max(24, block.inkContrast * 7 / 10))
        // An indented line's piece starts at its block's edge, for a dim start of the line;
        // bare paper before the first ink costs OCR time, and goes.
        let blank = max(0, picture.leadingPaperColumns() - piece.margin)
        if blank > 0 { picture = picture.cropped(to: BoundingBox(x: blank, y: 0, width: picture.width - blank, height: picture.height)) }
        picture = BlockCursor.erased(from: picture, xHeight: block.xHeight)
        let marked = MarkedZeros.erased(from: picture)
        picture = marked.picture
        let zeros = marked.zeros.map { $0.mapped(scale: 1, dx: piece.area.x + blank, dy: piece.area.y) }
        // Rules are given back in place on a single line only.
        let rules = piece.layout == .line
            ? DrawnRules(in: picture, minimumLength: max(12, 4 * block.xHeight), thickest: max(2, block.xHeight / 3)) : nil
        if let rules, !rules.rules.isEmpty { picture = rules.erased(from: picture) }
        let scale = FrameAnalyzer.scale(forXHeight: block.xHeight)
        if scale != 1 { picture = picture.scaled(by: scale) }
        var read = engine.recognize(picture, layout: piece.layout, shouldCancel: shouldCancel)
        // Look-alike capitals are checked against OCR's alternatives, which only a second
        // reading gives: alternatives cost time on every character, and few lines need them.
        if read.contains(where: { $0.words.contains(where: LookalikeLetters.isSuspect) }) {
            read = engine.recognize(picture, layout: piece.layout, alternatives: true, shouldCancel: shouldCancel)
        }
        let lines = read.map { line in
            let words = line.words.map(LookalikeLetters.corrected).map {
                Word(text: $0.text, box: $0.box.mapped(scale: scale, dx: piece.area.x + blank, dy: piece.area.y), confidence: $0.confidence)
            }
            let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
            return Line(text: words.map(\.text).joined(separator: " "), box: box, words: words)
        }
        guard let rules, !rules.rules.isEmpty else { return ReadPiece(lines: lines, markedZeros: zeros) }
        let withRules = withRules(rules, in: lines.first, origin: (piece.area.x + blank, piece.area.y), row: block.lines[piece.lineIndex],
                                  block: block)
        return ReadPiece(lines: [withRules].compactMap { $0 }, markedZeros: zeros)
    }

    /// A line read with its drawn rules painted out, given them back as words: each repeats its
    /// character over the cells it covers. A rule under or over words (an underline, a strike)
    /// is not text.
    private static func withRules(_ rules: DrawnRules, in line: Line?, origin: (x: Int, y: Int), row: TextBlock.Row,
                                  block: TextBlock) -> Line? {
        var words = line?.words ?? []
        let bottoms = row.glyphs.map(\.bottom).sorted()
        let baseline = Double(bottoms.isEmpty ? row.box.bottom : bottoms[bottoms.count / 2]) - Double(origin.y)
        let cell = line.flatMap { CodeIndenter.cellWidth(of: [$0]) } ?? 0.55 * Double(block.glyphHeight)
        for rule in rules.rules {
            let box = BoundingBox(x: origin.x + rule.left, y: origin.y + rule.top, width: rule.right - rule.left, height: rule.bottom - rule.top)
            if rule.dots > 0 {
                // Dots with nothing above or below them are dots, whatever OCR made of them (`nn`).
                words.removeAll { $0.box.x >= box.x - 2 && $0.box.right <= box.right + 2 }
            } else if words.contains(where: { min($0.box.right, box.right) - max($0.box.x, box.x) > $0.box.width / 2 }) {
                continue
            }
            let character = DrawnRules.character(of: rule, baseline: baseline, xHeight: Double(block.xHeight))
            let count = rule.dots > 0 ? rule.dots : max(1, Int((Double(box.width) / cell).rounded()))
            words.append(Word(text: String(repeating: character, count: count), box: box, confidence: 0.9))
        }
        guard !words.isEmpty else { return nil }
        words.sort { $0.box.x < $1.box.x }
        let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
        return Line(text: words.map(\.text).joined(separator: " "), box: box, words: words)
    }

    /// Enlarges small text until its x-height reaches `smallestXHeight`; shrinks huge titles
    /// whose x-height passes `largestXHeight`. Tesseract reads best in between.
    static func scale(forXHeight height: Int) -> Double {
        guard height > 0 else { return 1 }
        if Double(height) < smallestXHeight { return min(4, smallestXHeight / Double(height)) }
        if Double(height) > largestXHeight { return max(0.25, largestXHeight / Double(height)) }
        return 1
    }
}

/// What framegrab read on one frame.
public struct FrameText: Sendable {
    /// The picture without black bars baked into the frame (the whole frame when there are none).
    public var contentArea: BoundingBox
    public var regions: [Region]
    /// The text blocks found and what OCR read in each row, for `--debug-layout`.
    public var layout = ""
}
