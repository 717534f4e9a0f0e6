extension Array where Element: Comparable {
    /// The middle element once sorted (the upper one of an even count), or nil when empty.
    var median: Element? {
        isEmpty ? nil : sorted()[count / 2]
    }
}
