import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Synchronization
import Testing

/// The PostgreSQL store against a server of the tests' own (`PostgresServer`): what it keeps
/// reads back as SQLite's does, and every query finds the same screens in both.
@Suite("PostgreSQL store")
struct PostgresStoreTests {
    static func server() throws -> PostgresServer {
        try PostgresServer.shared.get()
    }

    /// The search library in PostgreSQL, and in SQLite beside it.
    static func stores() throws -> (postgres: PostgresScreenStore, sqlite: SQLiteScreenStore, directory: URL) {
        let postgres = try PostgresScreenStore(conninfo: try server().createDatabase(), creating: true)
        let (sqlite, directory) = try IndexFixtures.libraryStore()
        for (path, screens) in IndexFixtures.library {
            try postgres.replace(IndexFixtures.video(path), screens: screens)
        }
        return (postgres, sqlite, directory)
    }

    @Test("Videos and screens read back exactly as SQLite's; replacing a video keeps it once")
    func roundTrip() throws {
        let (postgres, sqlite, directory) = try PostgresStoreTests.stores()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try postgres.videos() == sqlite.videos())
        #expect(try postgres.screens(under: []).map(\.json) == sqlite.screens(under: []).map(\.json))
        // Regions come back as their JSON gives them (confidences to 3 decimals): compared so.
        #expect(try postgres.screens(under: ["/videos/talks"]).map(\.json) == sqlite.screens(under: ["/videos/talks"]).map(\.json))
        let (path, screens) = IndexFixtures.library[0]
        try postgres.replace(IndexFixtures.video(path), screens: Array(screens.prefix(1)))
        try sqlite.replace(IndexFixtures.video(path), screens: Array(screens.prefix(1)))
        #expect(try postgres.screens(under: [path]).count == 1)
        #expect(try postgres.screens(under: []).map(\.json) == sqlite.screens(under: []).map(\.json))
        let failed = IndexFixtures.video("/videos/broken.mp4", status: .failed, error: "not a video (it's \"bad\")")
        try postgres.replace(failed, screens: [])
        #expect(try postgres.video(at: failed.path) == failed)
    }

    @Test("Every query finds the same screens in PostgreSQL as in SQLite")
    func searchParity() throws {
        let (postgres, sqlite, directory) = try PostgresStoreTests.stores()
        defer { try? FileManager.default.removeItem(at: directory) }
        let filters = [SearchFilter()] + SearchTests.filters.map(\.filter)
        let queries = SearchTests.cases.map(\.query) + SearchTests.filters.map(\.query) + SearchTests.nasty
            + ["task", "url", "shared dataTask", "\"git push\"", "café", "CAFE", "move(a)", "int>", "x", "12"]
        var compared = 0
        for query in queries {
            for filter in filters {
                // The screens found; which region of a screen stands for it is ranking, which
                // may differ in detail (bm25 against ts_rank).
                func screens(_ store: any ScreenStore) throws -> Set<String> {
                    Set(try store.search(SearchQuery(query), filter: filter, limit: 50).map { "\($0.path)@\($0.start.seconds)" })
                }
                let expected = try screens(sqlite)
                let found = try screens(postgres)
                #expect(found == expected, "\(query.prefix(60).debugDescription) \(filter): only SQLite \(expected.subtracting(found).sorted()), only PostgreSQL \(found.subtracting(expected).sorted())")
                compared += expected.isEmpty ? 0 : 1
            }
        }
        #expect(compared > 40, "the table finds something often enough to mean something")
    }

    @Test("The first hit of each kind of query is the one SearchTests expects", arguments: SearchTests.cases)
    func firstHits(_ c: SearchTests.Case) throws {
        let (postgres, _, directory) = try PostgresStoreTests.stores()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try #require(try postgres.search(SearchQuery(c.query), filter: SearchFilter(), limit: 5).first)
        #expect(first.path == c.path && first.start.seconds == c.start, "\(first.path)@\(first.start.seconds)")
    }

    @Test("A database without the schema: refused when not creating; created once when many connect at once")
    func schema() throws {
        let conninfo = try PostgresStoreTests.server().createDatabase()
        #expect(throws: IndexStoreError.self) { try PostgresScreenStore(conninfo: conninfo, creating: false) }
        let opened = Mutex<[Result<Bool, IndexStoreError>]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let result = Result<Bool, IndexStoreError> { () throws(IndexStoreError) in
                _ = try PostgresScreenStore(conninfo: conninfo, creating: true)
                return true
            }
            opened.withLock { $0.append(result) }
        }
        #expect(opened.withLock { $0 }.allSatisfy { (try? $0.get()) == true })
        #expect(try PostgresStoreTests.server().psql(conninfo, "SELECT count(*) FROM framegrab.schema_version") == "1\n")
        #expect(throws: IndexStoreError.self) { try PostgresScreenStore(conninfo: "postgresql://framegrab@/nonexistent_db?host=/nonexistent", creating: true) }
    }

    @Test("A password never shows in messages")
    func redacted() {
        #expect(PostgresDatabase.redacted("postgresql://me:s3cret@db.example/lectures") == "postgresql://me@db.example/lectures")
        #expect(PostgresDatabase.redacted("host=db password=s3cret user=me") == "host=db password=*** user=me")
        #expect(PostgresDatabase.redacted("postgresql://db.example/lectures") == "postgresql://db.example/lectures")
    }
}

@Suite("framegrab index, search and export over PostgreSQL")
struct PostgresCommandTests {
    @Test("index --db postgresql://… stores what an SQLite run stores; search and export give the same")
    func sameAsSQLite() throws {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        let directory = try IndexCommandTests.library(["talk-light.mp4", "talk-dark.mp4", "protected/cenc.mp4"],
                                                      extra: ["broken.mp4": "bad/random.mp4"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite = directory.appendingPathComponent("library.db").path
        let postgres = try FrameGrabCommand.run(["index", "--db", conninfo, "--json", "--jobs", "2", directory.path])
        let local = try FrameGrabCommand.run(["index", "--db", sqlite, "--json", "--jobs", "2", directory.path])
        #expect(postgres.status == 9 && local.status == 9, "\(postgres)")
        func statuses(_ output: String) throws -> [String: String] {
            try IndexCommandTests.summaries(output).mapValues { $0["status"] as? String ?? "" }
        }
        #expect(try statuses(postgres.stdout) == statuses(local.stdout))
        let exported = try FrameGrabCommand.run(["export", "--db", conninfo])
        #expect(exported.status == 0 && !exported.stdout.isEmpty, "\(exported)")
        #expect(exported.stdout == (try FrameGrabCommand.run(["export", "--db", sqlite])).stdout)
        for query in ["the", "URLSession", "std::move"] {
            let found = try FrameGrabCommand.run(["search", "--db", conninfo, "--json", query])
            let expected = try FrameGrabCommand.run(["search", "--db", sqlite, "--json", query])
            #expect(found.status == expected.status)
            func screens(_ output: String) -> Set<String> {
                Set(output.split(separator: "\n").compactMap { line in
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).map { "\($0["path"] ?? "")@\($0["start"] ?? "")" }
                })
            }
            #expect(screens(found.stdout) == screens(expected.stdout), "\(query)")
        }
        // Indexed again: every video unchanged, nothing twice.
        let again = try FrameGrabCommand.run(["index", "--db", conninfo, "--json", directory.path])
        #expect(try statuses(again.stdout)["talk-light.mp4"] == "unchanged")
        #expect(try PostgresServer.shared.get().psql(conninfo, "SELECT count(*) FROM framegrab.videos") == "4\n")
    }

    @Test("A server that is not there: one line naming it (password hidden), status 2")
    func unreachable() throws {
        let result = try FrameGrabCommand.run(["search", "--db", "postgresql://me:s3cret@/lectures?host=/nonexistent", "x"])
        #expect(result.status == 2 && result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("postgresql://me@/lectures") && !result.stderr.contains("s3cret"), "\(result)")
        // libpq's key=value words name a server too; a file name with '=' in it stays a file.
        let words = try FrameGrabCommand.run(["search", "--db", "host=/nonexistent dbname=lectures password=s3cret", "x"])
        #expect(words.status == 2 && words.stderrLines.count == 1 && words.stderr.contains("PostgreSQL"), "\(words)")
        #expect(words.stderr.contains("dbname=lectures") && !words.stderr.contains("s3cret"), "\(words)")
        let file = try FrameGrabCommand.run(["search", "--db", "/tmp/no-such-dir/a=b.db", "x"])
        #expect(file.status == 2 && file.stderr.contains("no such database"), "\(file)")
    }
}
