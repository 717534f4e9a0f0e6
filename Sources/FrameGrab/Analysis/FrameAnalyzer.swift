/// Reads the text on one frame: finds the blocks, reads each with the polarity, scale and
/// page segmentation that suit it, and types each region as code or text.
public final class FrameAnalyzer {
    private let engine: TesseractEngine
    private let finder = TextBlockFinder()

    /// Glyph height (ascender to baseline, in pixels) Tesseract reads best at; smaller text is
    /// enlarged towards it, huge titles shrunk.
    static let idealGlyphHeight = 32.0

    /// Regions read with less overall certainty than this are not text.
    static let minimumRegionConfidence = 0.35

    public init(engine: TesseractEngine) {
        self.engine = engine
    }

    public func regions(in image: GrayImage, shouldCancel: (@Sendable () -> Bool)? = nil) -> [Region] {
        finder.blocks(in: image).compactMap { block in
            if shouldCancel?() == true { return nil }
            return read(block, in: image, shouldCancel: shouldCancel)
        }
    }

    private func read(_ block: TextBlock, in image: GrayImage, shouldCancel: (@Sendable () -> Bool)?) -> Region? {
        let margin = max(6, block.glyphHeight / 2)
        let crop = block.box.expanded(by: margin, within: image.bounds)
        var picture = image.cropped(to: crop)
        if block.polarity == .lightOnDark { picture = picture.inverted() }
        let scale = FrameAnalyzer.scale(forGlyphHeight: block.glyphHeight)
        if scale != 1 { picture = picture.scaled(by: scale) }
        let layout: TesseractEngine.Layout = block.lines.count == 1 ? .line : .block

        let lines = engine.recognize(picture, layout: layout, shouldCancel: shouldCancel).compactMap { line -> Line? in
            let words = line.words.map { Word(text: $0.text, box: $0.box.mapped(scale: scale, dx: crop.x, dy: crop.y), confidence: $0.confidence) }
            guard !words.isEmpty else { return nil }
            let box = words.dropFirst().reduce(words[0].box) { $0.union($1.box) }
            return Line(text: words.map(\.text).joined(separator: " "), box: box, words: words)
        }
        guard !lines.isEmpty else { return nil }
        let confidence = FrameAnalyzer.confidence(of: lines)
        guard confidence >= FrameAnalyzer.minimumRegionConfidence, lines.contains(where: { $0.text.contains(where: \.isLetter) || $0.text.contains(where: \.isNumber) }) else {
            return nil
        }
        let box = lines.dropFirst().reduce(lines[0].box) { $0.union($1.box) }
        let kind = CodeClassifier.kind(of: lines)
        let laidOut = kind == .code ? CodeIndenter.laidOut(lines) : lines
        let text = kind == .code ? CodeIndenter.text(of: laidOut) : laidOut.map(\.text).joined(separator: "\n")
        return Region(kind: kind, box: box, polarity: block.polarity, confidence: confidence, text: text, lines: laidOut)
    }

    static func scale(forGlyphHeight height: Int) -> Double {
        guard height > 0 else { return 1 }
        let ratio = idealGlyphHeight / Double(height)
        if ratio > 1.4 { return min(4, ratio) }
        if ratio < 0.5 { return max(0.25, ratio * 1.5) }
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
