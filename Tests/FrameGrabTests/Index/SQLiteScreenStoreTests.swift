import CSQLite
import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

/// The SQLite store: what goes in comes back, replacing is all or nothing, and files that are
/// not framegrab's index are refused untouched.
@Suite("SQLite screen store")
struct SQLiteScreenStoreTests {
    @Test("What screens(under:) gives back is what went in, region, line and word, as --at JSON")
    func roundTrip() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteScreenStore(path: directory.appendingPathComponent("i.db").path, creating: true)
        let link = Detection(kind: .url, text: "https://example.com/docs", box: BoundingBox(x: 40, y: 400, width: 288, height: 24))
        var title = IndexFixtures.region(.text, "Caching “thumbnails” — fast", top: 20)
        title.role = .title
        let screens = [
            IndexFixtures.screen(1.25, 7.5, [
                title,
                IndexFixtures.region(.code, "impl Router {\n    pub fn route(&self) {}\n\n}", language: "rust", detections: [link]),
                IndexFixtures.region(.ui, "main.rs   lib.rs", top: 1000),
            ]),
            IndexFixtures.screen(7.5, 9.000001, [IndexFixtures.region(.code, "", language: nil)]),
            IndexFixtures.screen(9.000001, 12, []),
        ]
        let video = IndexFixtures.video("/v/talk.mp4")
        try store.replace(video, screens: screens)

        let stored = try store.screens(under: [])
        #expect(stored.count == screens.count)
        for (back, original) in zip(stored, screens) {
            #expect(back.path == "/v/talk.mp4")
            #expect(back.start == original.start && back.end == original.end && back.time == original.time)
            #expect(back.regions.count == original.regions.count)
            for (region, truth) in zip(back.regions, original.regions) {
                #expect(region.json == truth.json, "\(region.json.serialized)\n\(truth.json.serialized)")
                #expect(region.lines.count == truth.lines.count)
                #expect(region.lines.map(\.words.count) == truth.lines.map(\.words.count))
            }
        }
        #expect(try store.video(at: "/v/talk.mp4") == video)
        #expect(try store.video(at: "/v/other.mp4") == nil)
    }

    @Test("An index of schema version 1 gains the role column when opened, keeps what it held, and stores roles")
    func upgradesVersion1() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("i.db").path
        var caption = IndexFixtures.region(.text, "So strtold is the one to use.", top: 600)
        caption.role = .caption
        // The schema as version 1 wrote it, without the role column, holding one video.
        do {
            let version1 = SQLiteScreenStore.schema.replacing(/,(\s*--[^\n]*\n)\s*role\s+TEXT[^\n]*\n/, with: { "\($0.output.1)" })
            #expect(version1 != SQLiteScreenStore.schema && !version1.contains("role"))
            let database = try SQLiteDatabase(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            try database.execute(version1 + "PRAGMA application_id = \(SQLiteScreenStore.applicationID); PRAGMA user_version = 1;"
                                 + "INSERT INTO videos VALUES (1, '/v/old.mp4', 5, 0, 'ab', 2, 'indexed', NULL, 0);"
                                 + "INSERT INTO screens VALUES (1, 1, 0, 2, 0.5);"
                                 + "INSERT INTO regions VALUES (1, 1, 0, 'code', NULL, NULL, 'light-on-dark', 0.9, 0, 0, 10, 10, 'x = 1', '[]');",
                                 while: "making version 1")
        }
        for creating in [false, true] {
            let store = try SQLiteScreenStore(path: path, creating: creating)
            let old = try store.screens(under: ["/v/old.mp4"])
            #expect(old.map { $0.regions.map(\.text) } == [["x = 1"]])
            #expect(old.first?.regions.first?.role == nil)
            try store.replace(IndexFixtures.video("/v/new.mp4"), screens: [IndexFixtures.screen(0, 2, [caption])])
            #expect(try store.screens(under: ["/v/new.mp4"]).first?.regions.first?.role == .caption)
        }
        let database = try SQLiteDatabase(path: path, flags: SQLITE_OPEN_READWRITE)
        #expect(try database.integer("PRAGMA user_version", while: "checking") == Int64(SQLiteScreenStore.schemaVersion))
    }

    @Test("videos() lists every record, failed and protected ones included, by path")
    func videoRecords() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteScreenStore(path: directory.appendingPathComponent("i.db").path, creating: true)
        let records = [
            IndexFixtures.video("/v/b.mp4", status: .failed, error: "not a video: empty file"),
            IndexFixtures.video("/v/a.mp4", status: .protected),
            IndexedVideo(path: "/v/c.mp4", size: 5, modified: 0.5, fingerprint: "ab", duration: nil, status: .indexed,
                         error: nil, indexedAt: 2.25),
        ]
        for record in records { try store.replace(record, screens: []) }
        #expect(try store.videos() == records.sorted { $0.path < $1.path })
    }

    @Test("Replacing a video again replaces it: nothing duplicated, nothing left of the old one")
    func replaceDoesNotDuplicate() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = "/videos/talks/networking.mp4"
        let before = try store.screens(under: [path]).count
        try store.replace(IndexFixtures.video(path), screens: IndexFixtures.library[0].screens)
        #expect(try store.screens(under: [path]).count == before)
        #expect(try store.search(SearchQuery("appendFrame"), filter: SearchFilter(), limit: 10).count == 1)

        try store.replace(IndexFixtures.video(path, size: 7), screens: [IndexFixtures.screen(0, 3, [IndexFixtures.region(.code, "brandNewCode()")])])
        #expect(try store.screens(under: [path]).count == 1)
        #expect(try store.video(at: path)?.size == 7)
        #expect(try store.search(SearchQuery("appendFrame"), filter: SearchFilter(), limit: 10).isEmpty)
        #expect(try store.search(SearchQuery("Frame"), filter: SearchFilter(), limit: 10).isEmpty)
        #expect(try store.search(SearchQuery("brandNewCode"), filter: SearchFilter(), limit: 10).count == 1)
        #expect(try store.videos().count == IndexFixtures.library.count)
    }

    @Test("A failure half-way through a replace leaves the old video whole, full text included")
    func replaceIsAtomic() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = "/videos/talks/networking.mp4"
        let before = try store.screens(under: [path]).map(\.json)
        let record = try store.video(at: path)

        // A trigger that refuses the second screen's line, after the first screen went in.
        let sabotage = try SQLiteDatabase(path: store.path, flags: SQLITE_OPEN_READWRITE)
        try sabotage.execute("""
            CREATE TRIGGER sabotage BEFORE INSERT ON lines WHEN new.text = 'boom'
            BEGIN SELECT RAISE(ABORT, 'injected failure'); END
            """, while: "sabotaging")
        let replacement = [
            IndexFixtures.screen(0, 4, [IndexFixtures.region(.code, "onlyInTheNewVersion()")]),
            IndexFixtures.screen(4, 8, [IndexFixtures.region(.code, "boom")]),
        ]
        #expect(throws: IndexStoreError.self) {
            try store.replace(IndexFixtures.video(path, size: 99), screens: replacement)
        }
        #expect(try store.screens(under: [path]).map(\.json) == before)
        #expect(try store.video(at: path) == record)
        #expect(try store.search(SearchQuery("onlyInTheNewVersion"), filter: SearchFilter(), limit: 10).isEmpty)
        #expect(try store.search(SearchQuery("appendFrame"), filter: SearchFilter(), limit: 10).count == 1)

        try sabotage.execute("DROP TRIGGER sabotage", while: "cleaning up")
        try store.replace(IndexFixtures.video(path, size: 99), screens: replacement)
        #expect(try store.screens(under: [path]).count == 2)
        #expect(try store.search(SearchQuery("onlyInTheNewVersion"), filter: SearchFilter(), limit: 10).count == 1)
    }

    @Test("WAL: a search reads the last committed state while a writer holds its transaction open")
    func readsWhileWriting() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = try SQLiteDatabase(path: store.path, flags: SQLITE_OPEN_READWRITE)
        try writer.execute("PRAGMA foreign_keys = ON; BEGIN IMMEDIATE; DELETE FROM videos WHERE path = '/videos/talks/networking.mp4'",
                           while: "writing")
        let reader = try SQLiteScreenStore(path: store.path, creating: false)
        #expect(try reader.search(SearchQuery("appendFrame"), filter: SearchFilter(), limit: 10).count == 1)
        #expect(try reader.screens(under: []).count == 12)
        try writer.execute("COMMIT", while: "writing")
        #expect(try reader.search(SearchQuery("appendFrame"), filter: SearchFilter(), limit: 10).isEmpty)
        #expect(try reader.screens(under: []).count == 8)
    }

    @Test("export's paths: a file, a directory and what lies under it, never a sibling sharing its prefix")
    func screensUnderPaths() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteScreenStore(path: directory.appendingPathComponent("i.db").path, creating: true)
        for path in ["/v/talks/b.mp4", "/v/talks/a.mp4", "/v/talks2/c.mp4", "/v/talks/deep/d.mp4", "/w/e.mp4"] {
            try store.replace(IndexFixtures.video(path), screens: [
                IndexFixtures.screen(5, 6, [IndexFixtures.region(.text, "second")]),
                IndexFixtures.screen(1, 2, [IndexFixtures.region(.text, "first")]),
            ])
        }
        func paths(_ under: [String]) throws -> [String] { try store.screens(under: under).map(\.path) }
        #expect(try paths(["/v/talks"]) == ["/v/talks/a.mp4", "/v/talks/a.mp4", "/v/talks/b.mp4", "/v/talks/b.mp4",
                                             "/v/talks/deep/d.mp4", "/v/talks/deep/d.mp4"])
        #expect(try paths(["/v/talks/"]) == paths(["/v/talks"]))
        #expect(try paths(["/w/e.mp4", "/v/talks2"]) == ["/v/talks2/c.mp4", "/v/talks2/c.mp4", "/w/e.mp4", "/w/e.mp4"])
        #expect(try paths(["/v/tal"]).isEmpty)
        #expect(try paths([]).count == 10)
        #expect(try store.screens(under: ["/w/e.mp4"]).map(\.start.seconds) == [1, 5])
    }

    @Test("Opening without creating: a missing database is an error, and no file appears")
    func missingDatabase() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("missing.db").path
        let error = try #require(throws: IndexStoreError.self) { try SQLiteScreenStore(path: path, creating: false) }
        #expect(error.reason == .noSuchDatabase)
        #expect(error.description == "\(path): no such database (run framegrab index first)")
        #expect(!FileManager.default.fileExists(atPath: path))

        // SQLite takes an empty file for an empty database; without creating, it is no index.
        let empty = directory.appendingPathComponent("empty.db").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let refusal = try #require(throws: IndexStoreError.self) { try SQLiteScreenStore(path: empty, creating: false) }
        #expect(refusal.reason == .notSQLite)
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
    }

    @Test("Creating: a new file and an empty one become an index that opens again")
    func creates() throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["new.db", "empty.db"] {
            let path = directory.appendingPathComponent(name).path
            if name == "empty.db" { _ = FileManager.default.createFile(atPath: path, contents: Data()) }
            do {
                let store = try SQLiteScreenStore(path: path, creating: true)
                try store.replace(IndexFixtures.video("/v/x.mp4"), screens: [])
            }
            let again = try SQLiteScreenStore(path: path, creating: false)
            #expect(try again.videos().map(\.path) == ["/v/x.mp4"])
            let reopened = try SQLiteScreenStore(path: path, creating: true)
            #expect(try reopened.videos().count == 1)
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var label: String
        var contents: @Sendable (String) throws -> Void
        var reason: IndexStoreError.Reason
        var testDescription: String { label }
    }

    static let refusals: [Refusal] = [
        Refusal(label: "a text file", contents: { path in
            try Data("videos I have watched\n".utf8).write(to: URL(fileURLWithPath: path))
        }, reason: .notSQLite),
        Refusal(label: "random bytes the size of a database", contents: { path in
            var generator = SystemRandomNumberGenerator()
            try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        }, reason: .notSQLite),
        Refusal(label: "another application's SQLite database", contents: { path in
            let database = try SQLiteDatabase(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            try database.execute("CREATE TABLE videos (path TEXT); INSERT INTO videos VALUES ('/mine.mp4')", while: "making")
        }, reason: .foreignDatabase),
        Refusal(label: "framegrab's application id with a schema from the future", contents: { path in
            let database = try SQLiteDatabase(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            try database.execute("CREATE TABLE future (x); PRAGMA application_id = \(SQLiteScreenStore.applicationID); PRAGMA user_version = 99",
                                 while: "making")
        }, reason: .unknownSchema(version: 99)),
    ]

    @Test("A file that is not framegrab's index is refused, creating or not, and left byte for byte as it was",
          arguments: refusals, [true, false])
    func refuses(refusal: Refusal, creating: Bool) throws {
        let directory = try IndexFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("framegrab.db").path
        try refusal.contents(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path)

        let error = try #require(throws: IndexStoreError.self) { try SQLiteScreenStore(path: path, creating: creating) }
        #expect(error.reason == refusal.reason)
        #expect(error.description.hasPrefix(path + ": "))
        #expect(!error.description.contains("\n"))
        if refusal.reason == .notSQLite || refusal.reason == .foreignDatabase {
            #expect(error.description.contains("not a framegrab database"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == siblings)
    }

    @Test("The schema is framegrab's: application id, version, WAL, both full-text tables external-content")
    func schema() throws {
        let (store, directory) = try IndexFixtures.libraryStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteDatabase(path: store.path, flags: SQLITE_OPEN_READWRITE)
        #expect(try database.integer("PRAGMA application_id", while: "checking") == Int64(SQLiteScreenStore.applicationID))
        #expect(try database.integer("PRAGMA user_version", while: "checking") == Int64(SQLiteScreenStore.schemaVersion))
        let mode = try database.prepare("PRAGMA journal_mode", while: "checking")
        #expect(try mode.step() && mode.string(at: 0) == "wal")
        // External content: the full-text tables keep no copy of the text.
        #expect(try database.integer("SELECT count(*) FROM sqlite_schema WHERE name IN ('region_words_content', 'region_trigrams_content')",
                                     while: "checking") == 0)
        try database.execute("INSERT INTO region_words(region_words) VALUES ('integrity-check');"
                             + "INSERT INTO region_trigrams(region_trigrams) VALUES ('integrity-check')", while: "checking")
    }
}
