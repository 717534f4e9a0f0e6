import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// Search over `IndexFixtures.library`: each kind of query finds its screen at its time,
/// once, ranked as documented; no query fails.
@Suite("Search")
struct SearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var query: String
        /// The first hit: its video and the start of its screen.
        var path: String
        var start: Double
        /// What the first hit's first matching line must highlight.
        var highlight: String?
        var testDescription: String { query }
    }

    static let networking = "/videos/talks/networking.mp4"
    static let move = "/videos/cpp/move.mkv"

    static let cases: [Case] = [
        Case(query: "URLSession.shared", path: networking, start: 0, highlight: "URLSession.shared"),
        Case(query: "urlsession.SHARED", path: networking, start: 0, highlight: "URLSession.shared"),
        Case(query: "dataTask", path: networking, start: 0, highlight: "dataTask"),
        Case(query: "fetchUser(id", path: networking, start: 10, highlight: "fetchUser(id"),
        Case(query: "fetchUser", path: networking, start: 10, highlight: "fetchUser"),
        Case(query: "a->b", path: move, start: 0, highlight: "a->b"),
        Case(query: "std::move", path: move, start: 0, highlight: "std::move"),
        Case(query: "std::vector<int>", path: move, start: 0, highlight: "std::vector<int>"),
        Case(query: "--force", path: move, start: 5, highlight: "--force"),
        Case(query: "git push --force", path: move, start: 5, highlight: "git"),
        Case(query: "\"quoted phrase\"", path: move, start: 9, highlight: "quoted phrase"),
        Case(query: "Frame", path: networking, start: 20, highlight: "Frame"),
        Case(query: "appendFrame", path: networking, start: 20, highlight: "appendFrame"),
        Case(query: "endFra", path: networking, start: 20, highlight: "endFra"),
        Case(query: "Sess", path: networking, start: 0, highlight: "Sess"),
        Case(query: "async throws", path: networking, start: 10, highlight: "async"),
        Case(query: "42", path: networking, start: 10, highlight: "42"),
        Case(query: "resume()", path: networking, start: 0, highlight: "resume()"),
    ]

    @Test("Each kind of query finds its screen, at its time range, with the match highlighted", arguments: cases)
    func finds(case c: Case) throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hits = try store.search(SearchQuery(c.query), filter: SearchFilter(), limit: 20)
        let first = try #require(hits.first, "no hits for \(c.query)")
        #expect(first.path == c.path && first.start.seconds == c.start, "\(hits.map { ($0.path, $0.start.seconds, $0.score) })")
        let screen = try #require(IndexFixtures.library.first { $0.video == c.path }?.screens.first { $0.start.seconds == c.start })
        #expect(first.end == screen.end && first.time == screen.time)
        if let highlight = c.highlight {
            let line = try #require(first.lines.first, "matching lines of \(first.text)")
            let scalars = Array(line.text.unicodeScalars)
            let marked = line.matches.map { String(String.UnicodeScalarView(scalars[$0])) }
            #expect(marked.contains(highlight), "\(line.text): \(marked)")
        }
    }

    @Test("A screen is listed once, however many of its regions match")
    func oneHitPerScreen() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        for query in ["URLSession.shared", "URLSession", "Sess", "shared", "a", "the"] {
            let hits = try store.search(SearchQuery(query), filter: SearchFilter(), limit: 50)
            let screens = hits.map { "\($0.path)@\($0.start.seconds)" }
            #expect(Set(screens).count == screens.count, "\(query): \(screens)")
        }
        let hits = try store.search(SearchQuery("URLSession.shared"), filter: SearchFilter(), limit: 50)
        #expect(hits.count == 1)
        // Both the title and the code match; the shorter title ranks higher (bm25) and stands for it.
        #expect(hits.first?.kind == .text)
        #expect(hits.first?.text == "Networking with URLSession.shared")
    }

    @Test("Exact punctuation ranks above the same words apart: a->b before 'a b'")
    func punctuationRanksFirst() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hits = try store.search(SearchQuery("a->b"), filter: SearchFilter(), limit: 20)
        #expect(hits.map(\.path) == [Self.move, Self.networking])
        #expect(hits.map(\.start.seconds) == [0, 30])
        #expect(hits[0].score > hits[1].score)
    }

    @Test("Words ranked by bm25 come before substrings found only through trigrams")
    func wordsBeforeSubstrings() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteScreenStore(path: directory.appendingPathComponent("i.db").path, creating: true)
        try store.replace(IndexFixtures.video("/v/a.mp4"), screens: [
            IndexFixtures.screen(0, 1, [IndexFixtures.region(.code, "appendFrame(x)")]),
            IndexFixtures.screen(1, 2, [IndexFixtures.region(.text, "one Frame at a time")]),
            IndexFixtures.screen(2, 3, [IndexFixtures.region(.code, "let frameCount = 3")]),
        ])
        let hits = try store.search(SearchQuery("frame"), filter: SearchFilter(), limit: 20)
        #expect(hits.map(\.start.seconds) == [1, 0, 2])
        #expect(hits[0].score >= 1 && hits[1].score < 1 && hits[2].score < 1)
    }

    @Test("When ranks tie: code before prose, then the earlier time")
    func ties() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shared = try store.search(SearchQuery("sharedCache"), filter: SearchFilter(), limit: 20)
        #expect(shared.map(\.kind) == [.code, .text])
        #expect(shared.map(\.start.seconds) == [5, 0])
        #expect(shared[0].score == shared[1].score)
        let queue = try store.search(SearchQuery("renderQueue drain"), filter: SearchFilter(), limit: 20)
        #expect(queue.map(\.start.seconds) == [20, 30])
    }

    @Test("limit caps the hits, best first")
    func limit() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = try store.search(SearchQuery("renderQueue"), filter: SearchFilter(), limit: 20)
        #expect(all.count == 2)
        #expect(try store.search(SearchQuery("renderQueue"), filter: SearchFilter(), limit: 1) == Array(all.prefix(1)))
    }

    struct FilterCase: Sendable, CustomTestStringConvertible {
        var label: String
        var query: String
        var filter: SearchFilter
        var found: [String]
        var testDescription: String { label }
    }

    static let filters: [FilterCase] = [
        FilterCase(label: "kind text", query: "URLSession", filter: SearchFilter(kind: .text), found: ["\(networking)@0.0 text"]),
        FilterCase(label: "kind ui", query: "URLSession", filter: SearchFilter(kind: .ui), found: []),
        FilterCase(label: "language, any case", query: "a->b", filter: SearchFilter(language: "CPP"), found: ["\(move)@0.0 code"]),
        FilterCase(label: "language elsewhere", query: "fetchUser", filter: SearchFilter(language: "cpp"), found: []),
        FilterCase(label: "glob on the full path", query: "a->b", filter: SearchFilter(pathGlob: "/videos/talks/*"),
                   found: ["\(networking)@30.0 text"]),
        FilterCase(label: "glob on the file name", query: "a->b", filter: SearchFilter(pathGlob: "*.mkv"), found: ["\(move)@0.0 code"]),
        FilterCase(label: "glob is case-sensitive", query: "a->b", filter: SearchFilter(pathGlob: "*.MKV"), found: []),
        FilterCase(label: "a file name glob does not match a directory", query: "a->b", filter: SearchFilter(pathGlob: "cpp"), found: []),
        FilterCase(label: "substring with kind", query: "Sess", filter: SearchFilter(kind: .code, pathGlob: "networking.*"),
                   found: ["\(networking)@0.0 code"]),
    ]

    @Test("Filters: kind, language and path glob", arguments: filters)
    func filtered(case c: FilterCase) throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hits = try store.search(SearchQuery(c.query), filter: c.filter, limit: 20)
        #expect(hits.map { "\($0.path)@\($0.start.seconds) \($0.kind.rawValue)" } == c.found)
    }

    @Test("A path glob keeps exactly its videos, whether it matches one, a few or many",
          arguments: [("/v/7.mp4", 1), ("/v/1*.mp4", 11), ("*.mp4", 60), ("[0-9].mp4", 10), ("/v/none*", 0)])
    func globOverManyVideos(glob: String, count: Int) throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteScreenStore(path: directory.appendingPathComponent("i.db").path, creating: true)
        for index in 0..<60 {
            try store.replace(IndexFixtures.video("/v/\(index).mp4"), screens: [
                IndexFixtures.screen(1, 2, [IndexFixtures.region(.text, "title \(index)"), IndexFixtures.region(.code, "sharedThing(\(index))")]),
            ])
        }
        for query in ["sharedThing", "redThi"] {
            let hits = try store.search(SearchQuery(query), filter: SearchFilter(pathGlob: glob), limit: 100)
            #expect(hits.count == count, "\(query)")
            #expect(Set(hits.map(\.path)).count == count)
        }
    }

    /// Queries that have broken FTS5 front ends: operators, quotes, brackets, SQL, escapes.
    static let nasty: [String] = [
        "", " ", "\t\n", "\"", "\"\"", "\"\"\"", "'", "''", ")", "(", "()", "*", "**", "a*", "* OR *", "AND", "OR", "NOT",
        "a AND", "AND b", "NOT x", "NEAR", "NEAR(", "NEAR(a b)", "NEAR(a b, 2)", "a + b", "^a", "-x", "--", "-", ":",
        "text:foo", "col:", "{a b}", "[a-z]", "\\", "\\\"", "%", "_", "%_%", "100%", "a\u{0}b", "\u{0}", "\u{7}bell",
        "😀", "日本語のテキスト", "ß", "İstanbul", "\"unterminated", "x\"y", "\";DROP TABLE videos;--",
        "' OR 1=1 --", "regions_fts MATCH x", "rank:", "bm25(", "a->", "->", "::", "=>", "...", "?", "?1", ":name",
        String(repeating: "x", count: 5000), (0..<300).map { "term\($0)" }.joined(separator: " "),
        String(repeating: "\"a\" ", count: 100), String(repeating: "(", count: 500),
    ]

    @Test("No query is an error: FTS operators, quotes and SQL are only text", arguments: nasty)
    func nastyQuery(_ text: String) throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        for filter in [SearchFilter(), SearchFilter(kind: .code, language: "swift", pathGlob: text)] {
            let hits = try store.search(SearchQuery(text), filter: filter, limit: 20)
            let screens = hits.map { "\($0.path)@\($0.start.seconds)" }
            #expect(Set(screens).count == screens.count)
        }
        #expect(try store.videos().count == IndexFixtures.library.count)
    }

    @Test("Nothing searchable finds nothing", arguments: ["", "   ", ")", "'", "->", "::", "*", "\"\"", "\u{0}"])
    func nothingSearchable(_ text: String) throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(!SearchQuery(text).isSearchable)
        #expect(try store.search(SearchQuery(text), filter: SearchFilter(), limit: 20).isEmpty)
    }
}
