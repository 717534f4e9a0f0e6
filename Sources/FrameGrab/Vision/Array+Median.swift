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
}
