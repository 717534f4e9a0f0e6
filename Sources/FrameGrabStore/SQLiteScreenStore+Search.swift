import FrameGrabModel
import Foundation

/// Search: ranked words first, substrings after, one hit per screen.
///
/// Up to three stages, each one indexed query over at most `candidateLimit` regions, each run
/// only while the ones before found fewer screens than asked for:
/// 1. exact words: the `unicode61` table, every term with words as a phrase, ranked by bm25,
///    in regions that also hold every term as typed, punctuation included (without regard
///    to ASCII case): `a->b` itself;
/// 2. loose words: the same phrases where the punctuation differs (`a, b` for `a->b`); not
///    needed when every term is a single word, whose match is already exact;
/// 3. substrings: the `trigram` table, every term of three characters or more as a
///    substring, shorter ones checked on the text (`Frame` inside `appendFrame`).
/// Then the best region of each screen stands for it; ties go to code, then to the earlier
/// time.
///
/// bm25 costs a lookup per matching row (~1 µs): a term in half of 300,000 regions would
/// cost ~100 ms to rank in full, and 2,000 rows ~10 ms more than 500. So each stage reads at
/// most `candidateLimit` matching regions (or 20 per hit asked for), in the order they were
/// indexed, and ranks those: exact whenever fewer match.
extension SQLiteScreenStore {
    /// How many matching regions one stage ranks at most (see above).
    public static let candidateLimit = 500

    public func search(_ query: SearchQuery, filter: SearchFilter, limit: Int) throws(IndexStoreError) -> [SearchHit] {
        guard query.isSearchable, limit > 0 else { return [] }
        return try withDatabase { database throws(IndexStoreError) in
            var best: [Int64: SearchCandidate] = [:]
            func consider(_ candidate: SearchCandidate) {
                if let known = best[candidate.screenID], !SearchCandidate.isBetter(candidate, than: known) { return }
                best[candidate.screenID] = candidate
            }
            var regionIDs: ClosedRange<Int64>?
            if let glob = filter.pathGlob {
                guard let span = try regionSpan(database, glob: glob) else { return [] }
                regionIDs = span
            }
            let cap = SearchQuery.candidateCap(limit: limit)
            let wordsAreExact = query.wordsAreExact
            if let words = query.wordPattern {
                try stage(.exactWords, database, pattern: words, query: query, checksTerms: !wordsAreExact,
                          filter: filter, regionIDs: regionIDs, cap: cap, consider)
                if best.count < limit && !wordsAreExact {
                    try stage(.looseWords, database, pattern: words, query: query, checksTerms: true,
                              filter: filter, regionIDs: regionIDs, cap: cap, consider)
                }
            }
            if best.count < limit, let substrings = query.substringPattern {
                try stage(.substrings, database, pattern: substrings, query: query, checksTerms: !query.shortTerms.isEmpty,
                          filter: filter, regionIDs: regionIDs, cap: cap, consider)
            }
            let chosen = best.values.sorted(by: SearchCandidate.isBetter).prefix(limit)
            let details = try database.prepare("""
                SELECT v.path, s.start, s.end, s.time, r.kind, r.language, r.text, r.x, r.y, r.width, r.height
                FROM regions r JOIN screens s ON s.id = r.screen_id JOIN videos v ON v.id = s.video_id WHERE r.id = ?1
                """, while: "searching")
            let lines = try RegionReader(database: database, operation: "searching")
            return try chosen.map { (candidate) throws(IndexStoreError) in
                try hit(for: candidate, query: query, details: details, lines: lines)
            }
        }
    }

    /// The videos a path glob keeps that many at most are searched by the span of their
    /// region ids (see `regionSpan`).
    static let narrowGlob = 50

    /// The glob's videos, for a search narrowed to a few of them: nil when none matches (or
    /// they have no regions); otherwise the span of their region ids, or all ids when the
    /// glob matches more than `narrowGlob` videos. The full-text tables seek a rowid range
    /// in their doclists, so a search in one video of a thousand reads only that video's
    /// matches rather than every match, joined and thrown away.
    private func regionSpan(_ database: SQLiteDatabase, glob: String) throws(IndexStoreError) -> ClosedRange<Int64>? {
        let videos = try database.prepare("""
            SELECT id FROM videos WHERE path GLOB ?1 OR (instr(?1, '/') = 0 AND path GLOB '*/' || ?1) LIMIT ?2
            """, while: "searching")
        var ids: [Int64] = []
        try videos.forEachRow([.text(glob), .integer(Int64(SQLiteScreenStore.narrowGlob + 1))]) { row throws(IndexStoreError) in
            ids.append(row.int64(at: 0))
        }
        if ids.isEmpty { return nil }
        if ids.count > SQLiteScreenStore.narrowGlob { return Int64.min...Int64.max }
        let span = try database.prepare("""
            SELECT min(r.id), max(r.id) FROM screens s JOIN regions r ON r.screen_id = s.id
            WHERE s.video_id IN (\(ids.map(String.init).joined(separator: ", ")))
            """, while: "searching")
        guard try span.step(), !span.isNull(at: 0) else { return nil }
        return span.int64(at: 0)...span.int64(at: 1)
    }

    /// One stage: up to `cap` regions matching `pattern` in the stage's table and the filter.
    private func stage(_ stage: SearchStage, _ database: SQLiteDatabase, pattern: String, query: SearchQuery, checksTerms: Bool,
                       filter: SearchFilter, regionIDs: ClosedRange<Int64>?, cap: Int,
                       _ consider: (SearchCandidate) -> Void) throws(IndexStoreError) {
        let table = stage == .substrings ? "region_trigrams" : "region_words"
        var values: [SQLiteValue] = [.text(pattern)]
        func parameter(_ value: SQLiteValue) -> String {
            values.append(value)
            return "?\(values.count)"
        }
        var conditions = ["\(table) MATCH ?1"]
        if let regionIDs, regionIDs != Int64.min...Int64.max {
            conditions.append("\(table).rowid BETWEEN \(parameter(.integer(regionIDs.lowerBound))) AND \(parameter(.integer(regionIDs.upperBound)))")
        }
        if checksTerms {
            // Every term as typed; for substrings, only those trigrams cannot find (under
            // three characters).
            let all = stage.termsChecked(in: query).map { "instr(lower(r.text), lower(\(parameter(.text($0))))) > 0" }.joined(separator: " AND ")
            conditions.append(stage.condition(allTermsFound: all))
        }
        if let kind = filter.kind { conditions.append("r.kind = \(parameter(.text(kind.rawValue)))") }
        if let language = filter.language { conditions.append("r.language = \(parameter(.text(language))) COLLATE NOCASE") }
        var join = ""
        if let glob = filter.pathGlob {
            join = "JOIN videos v ON v.id = s.video_id"
            let glob = parameter(.text(glob))
            conditions.append("(v.path GLOB \(glob) OR (instr(\(glob), '/') = 0 AND v.path GLOB '*/' || \(glob)))")
        }
        let sql = """
            SELECT r.id, r.screen_id, r.ordinal, r.kind, s.time, bm25(\(table))
            FROM \(table) JOIN regions r ON r.id = \(table).rowid JOIN screens s ON s.id = r.screen_id \(join)
            WHERE \(conditions.joined(separator: " AND "))
            LIMIT \(parameter(.integer(Int64(cap))))
            """
        let statement = try database.prepare(sql, while: "searching")
        try statement.forEachRow(values) { row throws(IndexStoreError) in
            // bm25 is negative, more negative for better matches: map it into 0..<1.
            let relevance = max(0, -row.double(at: 5))
            let score = stage.score(relevance: relevance)
            consider(SearchCandidate(regionID: row.int64(at: 0), screenID: row.int64(at: 1), ordinal: row.int(at: 2),
                               kind: row.string(at: 3), time: row.double(at: 4), score: score))
        }
    }

    private func hit(for candidate: SearchCandidate, query: SearchQuery, details statement: SQLiteStatement,
                     lines reader: RegionReader) throws(IndexStoreError) -> SearchHit {
        try statement.bind([.integer(candidate.regionID)])
        guard try statement.step() else { throw malformed("hit \(candidate.regionID) (gone)", while: "searching") }
        guard let kind = RegionKind(rawValue: statement.string(at: 4)) else {
            throw malformed("region kind '\(statement.string(at: 4))'", while: "searching")
        }
        let lines = try reader.lines(ofRegion: candidate.regionID)
        return SearchHit(path: statement.string(at: 0), start: MediaTime(seconds: statement.double(at: 1)),
                         end: MediaTime(seconds: statement.double(at: 2)), time: MediaTime(seconds: statement.double(at: 3)),
                         kind: kind, language: statement.optionalString(at: 5), text: statement.string(at: 6),
                         box: RegionReader.box(statement, from: 7), lines: SearchHighlighter(query: query).matchedLines(lines),
                         score: candidate.score)
    }
}
