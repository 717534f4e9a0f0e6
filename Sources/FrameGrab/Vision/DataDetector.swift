import Foundation

/// Finds URLs and e-mail addresses in read text, as Live Text does, with where they stand.
enum DataDetector {
    /// Top-level domains accepted without a scheme or `www.`: enough to take `github.com/x`
    /// and leave `self.view`, `res.json` or file names (`main.rs`, `build.sh`) alone.
    private static let bareDomains: Set<String> = [
        "com", "org", "net", "io", "dev", "app", "edu", "gov", "co", "ai", "tv", "info", "xyz", "tech",
        "page", "blog", "cloud", "site",
    ]

    // Built once: NSRegularExpression compiles are not free.
    nonisolated(unsafe) private static let email = try! NSRegularExpression(
        pattern: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"#)
    nonisolated(unsafe) private static let url = try! NSRegularExpression(
        pattern: #"(?:https?://|www\.)[^\s<>"'`]+|\b[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})(?:/[^\s<>"'`]*)?"#)

    static func detections(in line: Line) -> [Detection] {
        let text = line.text
        var found: [Detection] = []
        var taken: [Range<String.Index>] = []
        for match in matches(email, in: text) {
            taken.append(match)
            found.append(detection(.email, text[match], range: match, in: line))
        }
        for match in matches(url, in: text) where !taken.contains(where: { $0.overlaps(match) }) {
            let candidate = String(text[match])
            let lowered = candidate.lowercased()
            let isExplicit = lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("www.")
            if !isExplicit {
                let host = candidate.split(separator: "/", maxSplits: 1).first.map(String.init) ?? candidate
                // Written in lower case, as domains are: `http.Handler` is Go, not a host.
                guard let tld = host.split(separator: ".").last, bareDomains.contains(String(tld)) else { continue }
            }
            found.append(detection(.url, text[match], range: match, in: line))
        }
        return found.filter { !$0.text.isEmpty }.sorted { $0.box.x < $1.box.x }
    }

    private static func matches(_ expression: NSRegularExpression, in text: String) -> [Range<String.Index>] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text) }
    }

    /// Trims punctuation a sentence puts after a link, and boxes the characters that remain.
    private static func detection(_ kind: Detection.Kind, _ raw: Substring, range: Range<String.Index>, in line: Line) -> Detection {
        var text = raw
        var end = range.upperBound
        while let last = text.last, ".,;:!?)]}'\"".contains(last) {
            if last == ")" && text.filter({ $0 == "(" }).count >= text.filter({ $0 == ")" }).count { break }
            text = text.dropLast()
            end = line.text.index(before: end)
        }
        let start = line.text[..<range.lowerBound].filter { !$0.isWhitespace }.count
        let length = text.filter { !$0.isWhitespace }.count
        return Detection(kind: kind, text: String(text), box: box(ofCharacters: start..<(start + length), in: line.words))
    }

    /// The box of a run of non-space characters, from the words holding them; a word only
    /// partly in the run is cut in proportion to its characters.
    private static func box(ofCharacters run: Range<Int>, in words: [Word]) -> BoundingBox {
        var result: BoundingBox?
        var offset = 0
        for word in words {
            let count = word.text.filter { !$0.isWhitespace }.count
            let wordRun = offset..<(offset + count)
            offset += count
            guard let overlap = wordRun.clamped(to: run).nonEmpty, count > 0 else { continue }
            let perCharacter = Double(word.box.width) / Double(count)
            let left = word.box.x + Int((Double(overlap.lowerBound - wordRun.lowerBound) * perCharacter).rounded())
            let right = word.box.x + Int((Double(overlap.upperBound - wordRun.lowerBound) * perCharacter).rounded())
            let part = BoundingBox(left: left, top: word.box.y, right: right, bottom: word.box.bottom)
            result = result.map { $0.union(part) } ?? part
        }
        return result ?? BoundingBox(x: 0, y: 0, width: 0, height: 0)
    }
}

private extension Range where Bound == Int {
    var nonEmpty: Range<Int>? { isEmpty ? nil : self }
}
