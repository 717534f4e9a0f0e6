import Dispatch
import Synchronization

/// Reads the text on one frame: skips black bars, finds the text blocks, reads each line with
/// the polarity, contrast and scale that suit it, and makes regions of what was read, through
/// the stages `Reading` lists.
///
/// With several engines, lines are read in parallel, one engine per thread; each thread starts
/// reading as soon as its engine is ready.
public final class FrameAnalyzer {
    private let engines: EnginePool
    private let finder = TextBlockFinder()

    public init(engines: EnginePool) {
        self.engines = engines
    }

    /// The text on `image`, and the part of it that is picture rather than black bars; with
    /// `describingLayout`, also the blocks and rows found, as text. With `color`, the same
    /// picture's colours, ink stands off its ground as far as its colour does.
    /// `ocrTimeLimit` bounds the processor time OCR may spend on the frame (see `OCRTimeLimit`).
    public func read(_ image: GrayImage, color: ColorPlanes? = nil, shouldCancel: (@Sendable () -> Bool)? = nil,
                     ocrTimeLimit: Double? = nil, describingLayout: Bool = false) throws(FrameGrabError) -> FrameText {
        let limit = OCRTimeLimit(seconds: ocrTimeLimit)
        let shown = color.map { image.inkLifted(by: $0) } ?? image
        let contentArea = ActivePictureArea.find(in: shown, color: color)
        var found = find(in: shown, contentArea)
        // Text filmed at an angle is found and read on the frame turned level; its boxes are
        // turned back at the end.
        let deskewed = Skew.angle(ofGlyphs: found.glyphs, width: contentArea.width).map { Deskewed(shown, degrees: $0, about: contentArea) }
        if let deskewed { found = find(in: deskewed.image, contentArea) }
        let blocks = found.blocks
        // Solid patches among the letters (a cursor, highlighted blanks) are ground to OCR too.
        var image = (deskewed?.image ?? shown).painted(over: found.surfaces)
        var readBlocks = try readEach(blocks, in: image, contentArea: contentArea, shouldCancel: shouldCancel, limit: limit)
        // Captions over the picture are read from their fill alone, painted on a plain ground;
        // where they read as text, what the ground-based finder made of their outlines goes.
        let captions = OutlinedText.blocks(in: image, within: contentArea, besides: blocks)
        if !captions.isEmpty {
            let grounded = OutlinedText.grounded(image, blocks: captions)
            let readCaptions = try readEach(captions, in: grounded, contentArea: contentArea, shouldCancel: shouldCancel, limit: limit)
            let kept = OutlinedText.kept(readCaptions, over: readBlocks)
            if !kept.captions.isEmpty {
                readBlocks = kept.blocks + kept.captions
                image = OutlinedText.grounded(image, blocks: kept.captions.map(\.block))
            }
        }
        if shouldCancel?() == true { return FrameText(contentArea: contentArea, regions: []) }
        let trace = describingLayout ? PassTrace() : nil
        let regions = Reading.regions(from: readBlocks, contentArea: contentArea, image: image, trace: trace)
        var text = FrameText(contentArea: contentArea, regions: regions.map { deskewed?.inFrame($0, within: contentArea) ?? $0 })
        text.ocrTimeLimitReached = limit.wasReached
        guard let trace else { return text }
        text.layout = (deskewed.map { "turned \(($0.degrees * 100).rounded() / 100)° level (boxes below are on the level frame)\n" } ?? "") + readBlocks.map { read in
            "block \(read.block.box) \(read.block.isOutlined ? "caption " : "")\(read.block.polarity.rawValue) x-height \(read.block.xHeight)"
                + (read.block.panel.map { " in panel \($0)" } ?? "") + "\n"
                + zip(read.block.lines, read.rows).map { row, line in "  row \(row.box) -> \(line.box) \(line.text)" }.joined(separator: "\n")
                + (read.rows.count != read.block.lines.count ? "\n  (\(read.block.lines.count) rows, \(read.rows.count) lines read)" : "")
        }.joined(separator: "\n")
        text.layout += trace.entries.isEmpty ? "\npasses: nothing changed" : "\npasses:\n" + trace.entries.map { "  " + $0 }.joined(separator: "\n")
        return text
    }

    /// Each block read, its rows in order.
    private func readEach(_ blocks: [TextBlock], in image: GrayImage, contentArea: BoundingBox,
                          shouldCancel: (@Sendable () -> Bool)?, limit: OCRTimeLimit) throws(FrameGrabError) -> [ReadBlock] {
        let pieces = RecognitionPlan(blocks: blocks, frame: contentArea).pieces
        let read = try recognize(pieces, of: blocks, in: image, shouldCancel: shouldCancel, limit: limit)
        return blocks.indices.map { blockIndex in
            var readBlock = ReadBlock(block: blocks[blockIndex], rows: [])
            for index in pieces.indices.filter({ pieces[$0].blockIndex == blockIndex })
                .sorted(by: { pieces[$0].lineIndex < pieces[$1].lineIndex }) {
                readBlock.rows += read[index]
            }
            return readBlock
        }
    }

    /// The text blocks in `contentArea` of `image`, the glyphs they were found from and the
    /// solid patches left out of them, in the frame's coordinates.
    private func find(in image: GrayImage, _ contentArea: BoundingBox) -> TextBlockFinder.Found {
        guard contentArea != image.bounds else { return finder.find(in: image) }
        var found = finder.find(in: image.cropped(to: contentArea))
        found.blocks = found.blocks.map { $0.shifted(by: contentArea.x, contentArea.y) }
        found.surfaces = found.surfaces.map { $0.shifted(by: contentArea.x, contentArea.y) }
        return found
    }

    /// Reads every piece, spread over the engines; results in the pieces' order.
    private func recognize(_ pieces: [RecognitionPlan.Piece], of blocks: [TextBlock], in image: GrayImage,
                           shouldCancel: (@Sendable () -> Bool)?, limit: OCRTimeLimit) throws(FrameGrabError) -> [[ReadRow]] {
        let results = Mutex([[ReadRow]](repeating: [], count: pieces.count))
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
                if limit.isSpent {
                    limit.markReached()
                    return
                }
                let piece = pieces[index]
                let rows: [ReadRow]
                do throws(FrameGrabError) {
                    rows = try limit.counting { isSpent throws(FrameGrabError) in
                        try Reading.read(piece, of: blocks[piece.blockIndex], in: image, with: engine,
                                         shouldCancel: { shouldCancel?() == true || isSpent() })
                    }
                } catch {
                    failure.withLock { $0 = error }
                    return
                }
                results.withLock { $0[index] = rows }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0 }
    }
}

/// What framegrab read on one frame.
public struct FrameText: Sendable {
    /// The picture without black bars baked into the frame (the whole frame when there are none).
    public var contentArea: BoundingBox
    public var regions: [Region]
    /// The text blocks found and what OCR read in each row, for `--debug-layout`.
    public var layout = ""
    /// Whether OCR stopped at its time limit, leaving lines unread.
    public var ocrTimeLimitReached = false
}
