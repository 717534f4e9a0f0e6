@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// How typed text becomes terms and FTS5 queries: every term one quoted string.
@Suite("Search query")
struct SearchQueryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var typed: String
        var terms: [String]
        var words: String?
        var substrings: String?
        var testDescription: String { typed }
    }

    static let cases: [Case] = [
        Case(typed: "URLSession.shared", terms: ["URLSession.shared"], words: "\"URLSession.shared\"", substrings: "\"URLSession.shared\""),
        Case(typed: "fetchUser(id", terms: ["fetchUser(id"], words: "\"fetchUser(id\"", substrings: "\"fetchUser(id\""),
        Case(typed: "  a->b   std::move ", terms: ["a->b", "std::move"], words: "\"a->b\" AND \"std::move\"",
             substrings: "\"a->b\" AND \"std::move\""),
        Case(typed: "\"quoted phrase\" x", terms: ["quoted phrase", "x"], words: "\"quoted phrase\" AND \"x\"", substrings: "\"quoted phrase\""),
        Case(typed: "say \"it's", terms: ["say", "it's"], words: "\"say\" AND \"it's\"", substrings: "\"say\" AND \"it's\""),
        Case(typed: "x\"y", terms: ["x", "y"], words: "\"x\" AND \"y\"", substrings: nil),
        Case(typed: "NEAR(a b)", terms: ["NEAR(a", "b)"], words: "\"NEAR(a\" AND \"b)\"", substrings: "\"NEAR(a\""),
        Case(typed: "AND", terms: ["AND"], words: "\"AND\"", substrings: "\"AND\""),
        Case(typed: "-->", terms: ["-->"], words: nil, substrings: "\"-->\""),
        Case(typed: ")", terms: [")"], words: nil, substrings: nil),
        Case(typed: "\"\"", terms: [], words: nil, substrings: nil),
        Case(typed: "", terms: [], words: nil, substrings: nil),
        Case(typed: "tab\there", terms: ["tab", "here"], words: "\"tab\" AND \"here\"", substrings: "\"tab\" AND \"here\""),
    ]

    @Test("Terms, and the FTS5 queries for words and substrings", arguments: cases)
    func parses(case c: Case) {
        let query = SearchQuery(c.typed)
        #expect(query.terms.map(\.text) == c.terms)
        #expect(query.wordPattern == c.words)
        #expect(query.substringPattern == c.substrings)
        #expect(query.isSearchable == (c.words != nil || c.substrings != nil))
    }

    @Test("Words are unicode61's: letters and digits, lowercased; punctuation and _ separate",
          arguments: [("URLSession.shared", ["urlsession", "shared"]), ("fetch_user(id: 42)", ["fetch", "user", "id", "42"]),
                      ("std::move", ["std", "move"]), ("Ünïcode→text", ["ünïcode", "text"]), ("--", [])])
    func words(text: String, words: [String]) {
        #expect(SearchQuery.words(of: text) == words)
    }
}
