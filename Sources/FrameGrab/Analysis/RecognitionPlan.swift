/// Splits a frame's text blocks into pieces of similar OCR cost, so that several engines
/// finish together: a 20-line code panel next to a one-line title would otherwise leave one
/// core idle while the other reads the panel.
struct RecognitionPlan {
    /// A part of one block read in one engine call: the whole block, or a run of its lines.
    struct Piece {
        var blockIndex: Int
        /// Which of the block's lines, top to bottom, so pieces reassemble in order.
        var firstLine: Int
        var lineCount: Int
        var area: BoundingBox
        /// Roughly the characters to read: recognition time grows with line length over height.
        var cost: Double
    }

    let pieces: [Piece]

    init(blocks: [TextBlock], workers: Int) {
        let costs = blocks.map { $0.lines.map(RecognitionPlan.cost).reduce(0, +) }
        let fairShare = costs.reduce(0, +) / Double(max(1, workers))
        var pieces: [Piece] = []
        for (index, block) in blocks.enumerated() {
            let parts = workers > 1 && costs[index] > 1.15 * fairShare
                ? min(block.lines.count, Int((costs[index] / fairShare).rounded(.up)))
                : 1
            pieces += RecognitionPlan.split(block, index: index, into: parts)
        }
        // Longest first: the last piece to start is a short one.
        self.pieces = pieces.sorted { $0.cost > $1.cost }
    }

    private static func cost(_ line: BoundingBox) -> Double {
        Double(line.width) / Double(max(1, line.height))
    }

    /// Cuts a block between lines into `parts` runs of about equal cost, each cut halfway
    /// through the gap between two lines.
    private static func split(_ block: TextBlock, index: Int, into parts: Int) -> [Piece] {
        let lines = block.lines
        guard parts > 1 else {
            return [Piece(blockIndex: index, firstLine: 0, lineCount: lines.count, area: block.box,
                          cost: lines.map(cost).reduce(0, +))]
        }
        let total = lines.map(cost).reduce(0, +)
        var pieces: [Piece] = []
        var first = 0
        var accumulated = 0.0
        for (lineIndex, line) in lines.enumerated() {
            accumulated += cost(line)
            let isLast = lineIndex == lines.count - 1
            let reachedShare = accumulated >= total * Double(pieces.count + 1) / Double(parts)
            guard isLast || (reachedShare && pieces.count < parts - 1) else { continue }
            let top = first == 0 ? block.box.y : (lines[first - 1].bottom + lines[first].y) / 2
            let bottom = isLast ? block.box.bottom : (line.bottom + lines[lineIndex + 1].y) / 2
            let runCost = lines[first...lineIndex].map(cost).reduce(0, +)
            pieces.append(Piece(blockIndex: index, firstLine: first, lineCount: lineIndex - first + 1,
                                area: BoundingBox(left: block.box.x, top: top, right: block.box.right, bottom: bottom),
                                cost: runCost))
            first = lineIndex + 1
        }
        return pieces
    }
}
