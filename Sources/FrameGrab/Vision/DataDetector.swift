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
    private static let email = try! NSRegularExpression(
        pattern: #"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"#)
    private static let url = try! NSRegularExpression(
        pattern: #"(?:https?://|www\.)[^\s<>"'`]+|\b[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.([A-Za-z]{2,})(?:/[^\s<>"'`]*)?"#)

    static func detections(in row: ReadRow) -> [Detection] {
        let (spelled, positions) = row.spelling()
        let text = String(spelled)
        let line = (text: text, characters: positions.map { $0.map { row.characters[$0] } })
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
    private static func detection(_ kind: Detection.Kind, _ raw: Substring, range: Range<String.Index>,
                                  in line: (text: String, characters: [ReadCharacter?])) -> Detection {
        var text = raw
        var end = range.upperBound
        while let last = text.last, ".,;:!?)]}'\"".contains(last) {
            if last == ")" && text.filter({ $0 == "(" }).count >= text.filter({ $0 == ")" }).count { break }
            text = text.dropLast()
            end = line.text.index(before: end)
        }
        // Offsets in characters, kept inside the row should joined characters ever combine.
        let start = min(line.characters.count, line.text.distance(from: line.text.startIndex, to: range.lowerBound))
        let stop = min(line.characters.count, start + line.text.distance(from: range.lowerBound, to: end))
        let characters = line.characters[start..<stop].compactMap { $0 }
        let box = characters.dropFirst().reduce(characters.first?.box ?? BoundingBox(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.box) }
        return Detection(kind: kind, text: String(text), box: box)
    }
}
