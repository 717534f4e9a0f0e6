/// A matching region, before the best of each screen is chosen: what both stores' searches
/// rank, the same way.
struct SearchCandidate {
    var regionID: Int64
    var screenID: Int64
    var ordinal: Int
    var kind: String
    var time: Double
    var score: Double

    /// Better first: score, then code, then the earlier time (then the first region).
    static func isBetter(_ a: SearchCandidate, than b: SearchCandidate) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if (a.kind == "code") != (b.kind == "code") { return a.kind == "code" }
        if a.time != b.time { return a.time < b.time }
        if a.screenID != b.screenID { return a.screenID < b.screenID }
        return a.ordinal < b.ordinal
    }
}

/// The stages of a search (see `SQLiteScreenStore.search`): exact words, then words whose
/// punctuation differs, then substrings; a stage's hits all rank above the next one's.
enum SearchStage {
    case exactWords, looseWords, substrings

    /// A hit's score: its stage's tier, plus a relevance of 0 or more (bm25's, ts_rank's)
    /// mapped into 0..<1, rounded so that the same relevance gives the same score.
    func score(relevance: Double) -> Double {
        ((tier + relevance / (1 + relevance)) * 1e6).rounded() / 1e6
    }

    /// The terms a stage's hits must (for loose words: must not all) hold as typed, without
    /// regard to case, besides matching: for substrings, only those trigrams cannot find.
    func termsChecked(in query: SearchQuery) -> [String] {
        self == .substrings ? query.shortTerms : query.terms.map(\.text)
    }

    /// Every term as typed found (`all`), as the stage wants it: loose words are those where
    /// the punctuation differs, so not all of them are.
    func condition(allTermsFound all: String) -> String {
        self == .looseWords ? "NOT (\(all))" : all
    }

    private var tier: Double {
        switch self {
        case .exactWords: return 2
        case .looseWords: return 1
        case .substrings: return 0
        }
    }
}
