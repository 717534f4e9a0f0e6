extension Array {
    /// The elements joined two at a time until no pair qualifies: `joins(a, b)` says whether
    /// `b` joins `a`, and `merged(a, b)` takes `a`'s place.
    func joiningPairs(where joins: (Element, Element) -> Bool, _ merged: (Element, Element) -> Element) -> [Element] {
        var items = self
        search: while true {
            for a in items.indices {
                for b in items.indices where b != a && joins(items[a], items[b]) {
                    items[a] = merged(items[a], items[b])
                    items.remove(at: b)
                    continue search
                }
            }
            return items
        }
    }
}
