extension Array where Element: Comparable {
    /// The middle element once sorted (the upper one of an even count), or nil when empty.
    var median: Element? {
        isEmpty ? nil : sorted()[count / 2]
    }
}

extension Array where Element: Comparable & Hashable {
    /// The element that occurs most often (the smallest of those tied), or nil when empty.
    var mostCommon: Element? {
        Dictionary(map { ($0, 1) }, uniquingKeysWith: +).max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The element that occurs more often than any other, or nil when empty or tied.
    var leader: Element? {
        let counts = Dictionary(map { ($0, 1) }, uniquingKeysWith: +).sorted { $0.value > $1.value }
        return counts.count < 2 || counts[0].value > counts[1].value ? counts.first?.key : nil
    }
}
