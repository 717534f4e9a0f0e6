import FrameGrab

/// How found regions and words are held against the truth.
enum TruthMatching {
    /// Boxes agree when their intersection over union reaches this.
    static let minimumIoU = 0.5

    /// The found region that best overlaps `truth`, with its IoU, among regions of the same kind.
    static func bestRegion(for truth: RegionTruth, in regions: [Region]) -> (region: Region, iou: Double)? {
        regions
            .filter { $0.kind.rawValue == truth.kind }
            .map { ($0, $0.box.intersectionOverUnion(truth.bbox.box)) }
            .max { $0.1 < $1.1 }
    }

    enum WordMatch: Equatable {
        /// One found word with the same text and an agreeing box.
        case exact
        /// Several found words inside the truth word's box (OCR split it at punctuation, say
        /// `TreeMap:` `:` `new,`) whose texts run together to the same text, their union agreeing.
        case split
        case missing
    }

    /// Whether `truth` was read, exactly or split into pieces, among every word of a frame.
    static func match(_ truth: RegionTruth.WordTruth, in words: [Word]) -> WordMatch {
        let target = truth.bbox.box
        if words.contains(where: { $0.text == truth.text && $0.box.intersectionOverUnion(target) >= minimumIoU }) {
            return .exact
        }
        let pieces = words
            .filter { word in
                guard let overlap = word.box.intersection(target), word.box.area > 0 else { return false }
                return Double(overlap.area) >= 0.5 * Double(word.box.area)
            }
            .sorted { $0.box.x < $1.box.x }
        guard pieces.count > 1, pieces.map(\.text).joined() == truth.text else { return .missing }
        let union = pieces.dropFirst().reduce(pieces[0].box) { $0.union($1.box) }
        return union.intersectionOverUnion(target) >= minimumIoU ? .split : .missing
    }
}
