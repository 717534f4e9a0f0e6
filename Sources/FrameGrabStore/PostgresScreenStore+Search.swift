import FrameGrabModel
import Foundation

/// Search over PostgreSQL: the stages of `SQLiteScreenStore.search`, each one query over at
/// most `SQLiteScreenStore.candidateLimit` regions (or 20 per hit asked for), so that both
/// stores find the same hits; ranked by `ts_rank` where SQLite ranks by bm25.
extension PostgresScreenStore {
    public func search(_ query: SearchQuery, filter: SearchFilter, limit: Int) throws(IndexStoreError) -> [SearchHit] {
        guard query.isSearchable, limit > 0 else { return [] }
        var best: [Int64: SearchCandidate] = [:]
        func consider(_ candidate: SearchCandidate) {
            if let known = best[candidate.screenID], !SearchCandidate.isBetter(candidate, than: known) { return }
            best[candidate.screenID] = candidate
        }
        let cap = SearchQuery.candidateCap(limit: limit)
        let wordsAreExact = query.wordsAreExact
        if let words = PostgresScreenStore.wordQuery(query) {
            try stage(.exactWords, words: words, query: query, checksTerms: !wordsAreExact, filter: filter, cap: cap, consider)
            if best.count < limit && !wordsAreExact {
                try stage(.looseWords, words: words, query: query, checksTerms: true, filter: filter, cap: cap, consider)
            }
        }
        if best.count < limit, query.substringPattern != nil {
            try stage(.substrings, words: nil, query: query, checksTerms: !query.shortTerms.isEmpty, filter: filter, cap: cap, consider)
        }
        return try best.values.sorted(by: SearchCandidate.isBetter).prefix(limit).map { (candidate) throws(IndexStoreError) in
            try hit(for: candidate, query: query)
        }
    }

    /// The `tsquery` of the terms with words: each term's words as a phrase (`<->`), ANDed.
    /// Words are letters and digits only, quoted, so nothing in them is query syntax.
    static func wordQuery(_ query: SearchQuery) -> String? {
        let phrases = query.terms.filter { !$0.words.isEmpty }.map { term in
            words(of: term.text).map { "'\($0)'" }.joined(separator: " <-> ")
        }
        return phrases.isEmpty ? nil : phrases.map { "(\($0))" }.joined(separator: " & ")
    }

    private func stage(_ stage: SearchStage, words: String?, query: SearchQuery, checksTerms: Bool, filter: SearchFilter, cap: Int,
                       _ consider: (SearchCandidate) -> Void) throws(IndexStoreError) {
        var values: [String?] = []
        func parameter(_ value: String) -> String {
            values.append(value)
            return "$\(values.count)"
        }
        var conditions: [String] = []
        var rank = "0"
        if let words {
            let tsquery = "to_tsquery('simple', \(parameter(words)))"
            conditions.append("r.words @@ \(tsquery)")
            rank = "ts_rank(r.words, \(tsquery))"
        } else {
            // Every term of three characters or more as a substring, through the trigram index.
            for term in query.terms where term.isSubstringIndexable {
                conditions.append("lower(r.text) LIKE \(parameter("%" + PostgresScreenStore.likeEscaped(term.text.lowercased()) + "%"))")
            }
            rank = "similarity(lower(r.text), \(parameter(query.terms.filter(\.isSubstringIndexable).map(\.text).joined(separator: " ").lowercased())))"
        }
        if checksTerms {
            // One LIKE ALL: the text is folded once per row, not once per term.
            let patterns = stage.termsChecked(in: query).map { "%" + PostgresScreenStore.likeEscaped($0.lowercased()) + "%" }
            let all = "lower(r.text) LIKE ALL (\(parameter(PostgresScreenStore.arrayLiteral(patterns)))::text[])"
            conditions.append(stage.condition(allTermsFound: all))
        }
        if let kind = filter.kind { conditions.append("r.kind = \(parameter(kind.rawValue))") }
        if let language = filter.language { conditions.append("lower(r.language) = \(parameter(language.lowercased()))") }
        var join = ""
        if let glob = filter.pathGlob {
            join = "JOIN framegrab.screens s ON s.id = r.screen_id JOIN framegrab.videos v ON v.id = s.video_id"
            conditions.append("v.path ~ \(parameter(PostgresScreenStore.regex(glob: glob)))")
        }
        // The first regions that qualify, then their screens and ranks: a common word
        // qualifies tens of thousands of regions, and ranking them all cost more than the rest.
        let rows = try database.query("""
            SELECT r.id, r.screen_id, r.ordinal, r.kind, s.time, \(rank)
            FROM (SELECT r.id FROM framegrab.regions r \(join)
                  WHERE \(conditions.joined(separator: " AND ")) ORDER BY r.id LIMIT \(parameter(String(cap)))) found
            JOIN framegrab.regions r ON r.id = found.id JOIN framegrab.screens s ON s.id = r.screen_id
            ORDER BY r.id
            """, values, while: "searching")
        for row in 0..<rows.count {
            let relevance = max(0, rows.double(row, 5) ?? 0)
            consider(SearchCandidate(regionID: rows.int64(row, 0) ?? 0, screenID: rows.int64(row, 1) ?? 0, ordinal: Int(rows.int64(row, 2) ?? 0),
                                     kind: rows.string(row, 3) ?? "", time: rows.double(row, 4) ?? 0,
                                     score: stage.score(relevance: relevance * 10)))
        }
    }

    private func hit(for candidate: SearchCandidate, query: SearchQuery) throws(IndexStoreError) -> SearchHit {
        let rows = try database.query("""
            SELECT v.path, s.start, s."end", s.time, r.region
            FROM framegrab.regions r JOIN framegrab.screens s ON s.id = r.screen_id JOIN framegrab.videos v ON v.id = s.video_id
            WHERE r.id = $1
            """, [String(candidate.regionID)], while: "searching")
        guard rows.count == 1 else { throw malformed("hit \(candidate.regionID) (gone)", while: "searching") }
        let region = try region(rows.string(0, 4), while: "searching")
        return SearchHit(path: rows.string(0, 0) ?? "", start: MediaTime(seconds: rows.double(0, 1) ?? 0),
                         end: MediaTime(seconds: rows.double(0, 2) ?? 0), time: MediaTime(seconds: rows.double(0, 3) ?? 0),
                         kind: region.kind, language: region.language, text: region.text, box: region.box,
                         lines: SearchHighlighter(query: query).matchedLines(region.lines), score: candidate.score)
    }

    /// `text` as a LIKE pattern matching itself: `\`, `%` and `_` escaped.
    static func likeEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// SQLite's GLOB (case-sensitive; `*`, `?`, `[…]`, `[^…]`) as a POSIX regular expression
    /// over the whole path; a glob without `/` may match the file name alone, as in SQLite's
    /// store.
    static func regex(glob: String) -> String {
        var body = ""
        var characters = Array(glob)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*": body += ".*"
            case "?": body += "."
            case "[":
                if let close = characters.dropFirst().firstIndex(of: "]") {
                    var set = String(characters[..<close])
                    if set.hasPrefix("!") { set = "^" + set.dropFirst() }
                    body += "[" + set.replacingOccurrences(of: "\\", with: "\\\\") + "]"
                    characters = characters[(close + 1)...]
                } else {
                    body += "\\["
                }
            default:
                body += character.isLetter || character.isNumber || character == "/" || character == " " ? String(character) : "\\" + String(character)
            }
        }
        return glob.contains("/") ? "^" + body + "$" : "(^|/)" + body + "$"
    }
}
