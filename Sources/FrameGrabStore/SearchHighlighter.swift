import FrameGrabModel
/// Where a query's terms stand in the lines of a hit, for highlighting.
///
/// A term is looked for as typed, without regard to case; a term found that way in no line
/// (its words matched with other punctuation between them, say) is looked for word by word.
struct SearchHighlighter {
    let query: SearchQuery

    /// The lines that hold part of the match, each with its ranges.
    func matchedLines(_ lines: [Line]) -> [SearchHit.MatchedLine] {
        let folded = lines.map { SearchHighlighter.fold($0.text) }
        var ranges = [[Range<Int>]](repeating: [], count: lines.count)
        for term in query.terms {
            var found = false
            let needle = SearchHighlighter.fold(term.text)
            for index in lines.indices {
                let hits = SearchHighlighter.occurrences(of: needle, in: folded[index])
                found = found || !hits.isEmpty
                ranges[index] += hits
            }
            guard !found else { continue }
            for word in term.words {
                let needle = SearchHighlighter.fold(word)
                for index in lines.indices {
                    ranges[index] += SearchHighlighter.occurrences(of: needle, in: folded[index])
                }
            }
        }
        return lines.indices.compactMap { index in
            let merged = SearchHighlighter.merged(ranges[index])
            guard !merged.isEmpty else { return nil }
            return SearchHit.MatchedLine(text: lines[index].text, box: lines[index].box, matches: merged)
        }
    }

    /// Each scalar lowercased where that keeps it one scalar, so offsets stay those of the text.
    static func fold(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.map { scalar in
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            return lower.count == 1 ? lower.first ?? scalar : scalar
        }
    }

    /// Where `needle` starts and ends in `text`, overlapping occurrences included.
    static func occurrences(of needle: [Unicode.Scalar], in text: [Unicode.Scalar]) -> [Range<Int>] {
        guard !needle.isEmpty, needle.count <= text.count else { return [] }
        var found: [Range<Int>] = []
        for start in 0...(text.count - needle.count) where text[start] == needle[0] {
            if text[start..<start + needle.count].elementsEqual(needle) {
                found.append(start..<start + needle.count)
            }
        }
        return found
    }

    /// In order, touching or overlapping ranges joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
