import Dispatch
import Synchronization

/// Reads the text on one frame: finds the blocks, reads each with the polarity, scale and
/// page segmentation that suit it, and types each region as code or text.
///
/// With several engines, lines are read in parallel, one engine per thread; each thread starts
/// reading as soon as its engine is ready.
public final class FrameAnalyzer {
    private let engines: EnginePool
    private let finder = TextBlockFinder()

    /// The x-height range (pixels) Tesseract reads best at: smaller text is enlarged to the
    /// lower end, huge titles shrunk to the upper.
    static let smallestXHeight = 12.0
    static let largestXHeight = 48.0

    /// Regions read with less overall certainty than this are not text (icons, photos, rules).
    static let minimumRegionConfidence = 0.45

    public init(engines: EnginePool) {
        self.engines = engines
    }

    public func regions(in image: GrayImage, shouldCancel: (@Sendable () -> Bool)? = nil) throws(FrameGrabError) -> [Region] {
        let blocks = finder.blocks(in: image)
        let plan = RecognitionPlan(blocks: blocks, frame: image.bounds)
        let pieces = plan.pieces
        let results = Mutex([[Line]](repeating: [], count: pieces.count))
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
        if shouldCancel?() == true { return [] }
        let read = results.withLock { $0 }
        return blocks.indices.compactMap { blockIndex in
            let block = blocks[blockIndex]
            var lines: [Line] = []
            var glyphs: [[BoundingBox]] = []
            for index in pieces.indices.filter({ pieces[$0].blockIndex == blockIndex })
                .sorted(by: { pieces[$0].lineIndex < pieces[$1].lineIndex }) {
                lines += read[index]
                // A row read as one line keeps its ink blobs; rows OCR split or merged do not.
                let row = block.lines[pieces[index].lineIndex]
                glyphs += read[index].count == 1 ? [row.glyphs] : Array(repeating: [], count: read[index].count)
            }
            return FrameAnalyzer.region(from: lines, glyphs: glyphs, polarity: block.polarity)
        }
    }

    /// One piece through OCR: cropped, turned into dark ink on white paper, scaled to the
    /// size Tesseract reads best; boxes mapped back to the frame.
    private static func read(_ piece: RecognitionPlan.Piece, of block: TextBlock, in image: GrayImage,
                             with engine: TesseractEngine, shouldCancel: (@Sendable () -> Bool)?) -> [Line] {
        var picture = image.cropped(to: piece.area)
            .inkOnPaper(ground: block.ground, polarity: block.polarity, fullInk: max(24, block.inkContrast * 7 / 10))
        let scale = FrameAnalyzer.scale(forXHeight: block.xHeight)
        if scale != 1 { picture = picture.scaled(by: scale) }
        return engine.recognize(picture, layout: piece.layout, shouldCancel: shouldCancel).map { line in
            let words = line.words.map {
                Word(text: $0.text, box: $0.box.mapped(scale: scale, dx: piece.area.x, dy: piece.area.y), confidence: $0.confidence)
            }
            let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
            return Line(text: line.text, box: box, words: words)
        }
    }

    private static func region(from lines: [Line], glyphs: [[BoundingBox]], polarity: Polarity) -> Region? {
        guard !lines.isEmpty else { return nil }
        let confidence = FrameAnalyzer.confidence(of: lines)
        let hasContent = lines.contains { $0.text.contains(where: { $0.isLetter || $0.isNumber }) }
        guard confidence >= minimumRegionConfidence, hasContent else { return nil }
        let box = lines.dropFirst().reduce(lines[0].box) { $0.union($1.box) }
        let kind = CodeClassifier.kind(of: lines)
        let laidOut = kind == .code ? CodeIndenter.laidOut(lines, glyphs: glyphs) : BulletMarker.normalized(lines)
        let text = kind == .code ? CodeIndenter.text(of: laidOut) : laidOut.map(\.text).joined(separator: "\n")
        return Region(kind: kind, box: box, polarity: polarity, confidence: confidence, text: text, lines: laidOut)
    }

    /// Enlarges small text until its x-height reaches `smallestXHeight`; shrinks huge titles
    /// whose x-height passes `largestXHeight`. Tesseract reads best in between.
    static func scale(forXHeight height: Int) -> Double {
        guard height > 0 else { return 1 }
        if Double(height) < smallestXHeight { return min(4, smallestXHeight / Double(height)) }
        if Double(height) > largestXHeight { return max(0.25, largestXHeight / Double(height)) }
        return 1
    }

    private static func confidence(of lines: [Line]) -> Double {
        var weighted = 0.0
        var characters = 0
        for word in lines.flatMap(\.words) {
            weighted += word.confidence * Double(word.text.count)
            characters += word.text.count
        }
        return characters > 0 ? weighted / Double(characters) : 0
    }
}
