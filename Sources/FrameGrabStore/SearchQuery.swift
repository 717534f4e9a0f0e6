import FrameGrabModel
import Foundation

/// A search as a user types it — words, identifiers, code with its punctuation, `"quoted
/// phrases"` — and the full-text queries it becomes.
///
/// User text never reaches `MATCH` as syntax: every term is one FTS5 string, double quotes
/// doubled, after GRDB's `FTS5Pattern`, so `AND`, `NEAR(`, `*`, `-` or `:` are only text.
/// See https://www.sqlite.org/fts5.html#full_text_query_syntax
public struct SearchQuery: Sendable, Equatable {
    /// One whitespace-separated chunk, or what stood between double quotes.
    public struct Term: Sendable, Equatable {
        /// As typed (without the quotes), control characters turned into spaces.
        public var text: String
        /// Its words as the `unicode61` tokenizer sees them: runs of letters and digits.
        public var words: [String]

        /// Trigrams need three characters: shorter terms are checked on the text instead.
        public var isSubstringIndexable: Bool { text.unicodeScalars.count >= 3 }
    }

    public var terms: [Term]

    /// What was typed, as given.
    public var text: String

    public init(_ text: String) {
        self.text = text
        terms = SearchQuery.terms(of: text)
    }

    /// Whether anything can match: a word, or a term of three characters or more. `)` or
    /// `->` alone cannot, and find nothing rather than fail.
    public var isSearchable: Bool {
        wordPattern != nil || substringPattern != nil
    }

    /// The FTS5 query for the `unicode61` table: each term with words as one phrase (so
    /// `URLSession.shared` is `URLSession` then `shared`), ANDed; nil when no term has a word.
    var wordPattern: String? {
        let phrases = terms.filter { !$0.words.isEmpty }.map { SearchQuery.quoted($0.text) }
        return phrases.isEmpty ? nil : phrases.joined(separator: " AND ")
    }

    /// The FTS5 query for the `trigram` table: each term of three characters or more as one
    /// string, which the trigram tokenizer matches as a substring, punctuation included; nil
    /// when no term is that long (the table would have to be scanned).
    var substringPattern: String? {
        let strings = terms.filter(\.isSubstringIndexable).map { SearchQuery.quoted($0.text) }
        return strings.isEmpty ? nil : strings.joined(separator: " AND ")
    }

    /// Every term is one word and nothing else: a match of its words is already exact, and
    /// the stage of loose words has nothing to add.
    var wordsAreExact: Bool {
        terms.allSatisfy { $0.words.count == 1 && $0.words[0].unicodeScalars.count == $0.text.unicodeScalars.count }
    }

    /// How many matching regions one stage of a search ranks at most, for `limit` hits:
    /// `SQLiteScreenStore.candidateLimit`, or 20 per hit asked for.
    static func candidateCap(limit: Int) -> Int {
        max(SQLiteScreenStore.candidateLimit, min(limit, 1_000_000) * 20)
    }

    /// Terms too short for trigrams, which a substring match must still contain.
    var shortTerms: [String] {
        terms.filter { !$0.isSubstringIndexable }.map(\.text)
    }

    /// An FTS5 string: inside double quotes everything is text, and a quote is written twice.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Splits on whitespace, keeping what stands between double quotes together; an
    /// unclosed quote runs to the end. Empty terms are dropped.
    private static func terms(of text: String) -> [Term] {
        var terms: [Term] = []
        var current = String.UnicodeScalarView()
        var inQuotes = false
        func finish() {
            let text = String(current).trimmingWhitespace
            current = String.UnicodeScalarView()
            guard !text.isEmpty else { return }
            terms.append(Term(text: text, words: words(of: text)))
        }
        for scalar in text.unicodeScalars {
            let scalar = scalar.properties.generalCategory == .control && scalar != "\t" && scalar != "\n" ? " " : scalar
            if scalar == "\"" {
                finish()
                inQuotes.toggle()
            } else if !inQuotes && scalar.properties.isWhitespace {
                finish()
            } else {
                current.append(scalar)
            }
        }
        finish()
        return terms
    }

    /// Runs of letters, digits and private-use characters, lowercased: unicode61's tokens
    /// (https://www.sqlite.org/fts5.html#unicode61_tokenizer).
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}

private extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
