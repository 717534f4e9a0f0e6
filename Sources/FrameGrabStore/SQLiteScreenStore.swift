import FrameGrabModel
import CSQLite
import Foundation

/// The embedded store: one SQLite file in WAL mode, with the schema in
/// `SQLiteScreenStore+Schema.swift` (documented in README.md).
///
/// A file that is not SQLite, or SQLite without framegrab's `application_id`, is refused and
/// never written to. Every video is replaced in one `BEGIN IMMEDIATE` transaction, so that a
/// crash or `kill -9` leaves each video either as it was or whole. Readers and one writer
/// work at the same time (WAL); a second writer waits up to `busyTimeout`.
public final class SQLiteScreenStore: ScreenStore {
    /// The database as it was named, for messages.
    public let path: String
    private let database: SQLiteDatabase

    /// How long a statement waits for another connection's lock, in milliseconds.
    public static let busyTimeout: Int32 = 5000

    /// Opens the index at `path`. With `creating`, a missing (or empty) file becomes a new
    /// index; without, a missing file is `noSuchDatabase`.
    public init(path: String, creating: Bool) throws(IndexStoreError) {
        self.path = path
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) == S_IFDIR {
            throw IndexStoreError(path: path, code: SQLITE_CANTOPEN, reason: .notSQLite, operation: "opening")
        }
        let isNew = !exists || status.st_size == 0
        if !exists && !creating {
            throw IndexStoreError(path: path, code: SQLITE_CANTOPEN, reason: .noSuchDatabase, operation: "opening")
        }
        if isNew && !creating {
            // SQLite would take an empty file for an empty database, which is not an index.
            throw IndexStoreError(path: path, code: SQLITE_NOTADB, reason: .notSQLite, operation: "opening")
        }
        if !isNew {
            // Looked at read-only first, so that a file which is not ours is never modified.
            try SQLiteScreenStore.checkIsIndex(path: path)
        }
        let flags = SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0)
        database = try SQLiteDatabase(path: path, flags: flags)
        try database.execute("PRAGMA busy_timeout = \(SQLiteScreenStore.busyTimeout); PRAGMA foreign_keys = ON",
                             while: "opening")
        if creating && isNew {
            try createSchema()
        } else {
            try upgradeSchema()
        }
    }

    /// An index of an older schema version brought to this one, in one transaction: another
    /// framegrab may be upgrading it at the same moment.
    private func upgradeSchema() throws(IndexStoreError) {
        let operation = "upgrading the index"
        guard try database.integer("PRAGMA user_version", while: operation) < SQLiteScreenStore.schemaVersion else { return }
        try database.immediateTransaction(while: operation) { () throws(IndexStoreError) in
            var version = Int(try database.integer("PRAGMA user_version", while: operation))
            while version < SQLiteScreenStore.schemaVersion, let upgrade = SQLiteScreenStore.upgrades[version] {
                try database.execute(upgrade, while: operation)
                version += 1
            }
            try database.execute("PRAGMA user_version = \(version)", while: operation)
        }
    }

    /// Refuses what is not a framegrab index of this schema version, without writing.
    private static func checkIsIndex(path: String) throws(IndexStoreError) {
        let database = try SQLiteDatabase(path: path, flags: SQLITE_OPEN_READONLY)
        let applicationID: Int64
        do throws(IndexStoreError) {
            applicationID = try database.integer("PRAGMA application_id", while: "opening")
        } catch where error.code & 0xFF == SQLITE_NOTADB {
            throw IndexStoreError(path: path, code: error.code, reason: .notSQLite, operation: "opening")
        }
        guard applicationID == Int64(SQLiteScreenStore.applicationID) else {
            throw IndexStoreError(path: path, code: SQLITE_NOTADB, reason: .foreignDatabase, operation: "opening")
        }
        let version = try database.integer("PRAGMA user_version", while: "opening")
        guard version == SQLiteScreenStore.schemaVersion || SQLiteScreenStore.upgrades[Int(version)] != nil else {
            throw IndexStoreError(path: path, code: SQLITE_NOTADB, reason: .unknownSchema(version: Int(version)),
                                  operation: "opening")
        }
    }

    /// The schema, written once: another indexer may have created it since we looked.
    private func createSchema() throws(IndexStoreError) {
        try database.execute("PRAGMA journal_mode = WAL", while: "creating the index")
        try database.immediateTransaction(while: "creating the index") { () throws(IndexStoreError) in
            let applicationID = try database.integer("PRAGMA application_id", while: "creating the index")
            if applicationID == Int64(SQLiteScreenStore.applicationID) { return }
            let tables = try database.integer("SELECT count(*) FROM sqlite_schema", while: "creating the index")
            guard applicationID == 0, tables == 0 else {
                throw IndexStoreError(path: path, code: SQLITE_NOTADB, reason: .foreignDatabase, operation: "creating the index")
            }
            try database.execute(SQLiteScreenStore.schema, while: "creating the index")
            try database.execute("PRAGMA application_id = \(SQLiteScreenStore.applicationID); "
                                 + "PRAGMA user_version = \(SQLiteScreenStore.schemaVersion)",
                                 while: "creating the index")
        }
    }

    // MARK: Videos

    private static let videoColumns = "path, size, mtime, fingerprint, duration, status, error, indexed_at"

    public func video(at path: String) throws(IndexStoreError) -> IndexedVideo? {
        let statement = try database.prepare("SELECT \(SQLiteScreenStore.videoColumns) FROM videos WHERE path = ?1",
                                             while: "reading the record of \(path)")
        try statement.bind([.text(path)])
        guard try statement.step() else { return nil }
        return try video(from: statement)
    }

    public func videos() throws(IndexStoreError) -> [IndexedVideo] {
        let statement = try database.prepare("SELECT \(SQLiteScreenStore.videoColumns) FROM videos ORDER BY path",
                                             while: "listing videos")
        var videos: [IndexedVideo] = []
        try statement.forEachRow { row throws(IndexStoreError) in videos.append(try video(from: row)) }
        return videos
    }

    private func video(from row: SQLiteStatement) throws(IndexStoreError) -> IndexedVideo {
        let path = row.string(at: 0)
        guard let status = IndexedVideo.Status(rawValue: row.string(at: 5)) else {
            throw malformed("status '\(row.string(at: 5))' of \(path)", while: "reading videos")
        }
        return IndexedVideo(path: path, size: row.int64(at: 1), modified: row.double(at: 2), fingerprint: row.string(at: 3),
                            duration: row.optionalDouble(at: 4).map(MediaTime.init(seconds:)), status: status,
                            error: row.optionalString(at: 6), indexedAt: row.double(at: 7))
    }

    // MARK: Writing

    public func replace(_ video: IndexedVideo, screens: [StoredScreen]) throws(IndexStoreError) {
        let operation = "storing \(video.path)"
        try database.immediateTransaction(while: operation) { () throws(IndexStoreError) in
            // Cascades to screens, regions and lines; the regions' triggers update full text.
            try database.prepare("DELETE FROM videos WHERE path = ?1", while: operation).run([.text(video.path)])
            try database.prepare("INSERT INTO videos (\(SQLiteScreenStore.videoColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                                 while: operation)
                .run([.text(video.path), .integer(video.size), .real(video.modified), .text(video.fingerprint),
                      video.duration.map { .real($0.seconds) } ?? .null, .text(video.status.rawValue),
                      video.error.map(SQLiteValue.text) ?? .null, .real(video.indexedAt)])
            let videoID = database.lastInsertedRowID
            let insertScreen = try database.prepare(
                "INSERT INTO screens (video_id, start, end, time) VALUES (?1, ?2, ?3, ?4)", while: operation)
            let insertRegion = try database.prepare("""
                INSERT INTO regions (screen_id, ordinal, kind, language, language_confidence, polarity, confidence,
                                     x, y, width, height, text, detections, role)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                """, while: operation)
            let insertLine = try database.prepare("""
                INSERT INTO lines (region_id, ordinal, text, x, y, width, height, indent, number, words)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                """, while: operation)
            for screen in screens {
                try insertScreen.run([.integer(videoID), .real(screen.start.seconds), .real(screen.end.seconds),
                                      .real(screen.time.seconds)])
                let screenID = database.lastInsertedRowID
                for (ordinal, region) in screen.regions.enumerated() {
                    try insertRegion.run([
                        .integer(screenID), .integer(Int64(ordinal)), .text(region.kind.rawValue),
                        region.language.map(SQLiteValue.text) ?? .null,
                        region.languageConfidence.map(SQLiteValue.real) ?? .null,
                        .text(region.polarity.rawValue), .real(region.confidence),
                        .integer(Int64(region.box.x)), .integer(Int64(region.box.y)),
                        .integer(Int64(region.box.width)), .integer(Int64(region.box.height)),
                        .text(region.text), .text(JSONValue.array(region.detections.map(\.json)).serialized),
                        region.role.map { .text($0.rawValue) } ?? .null,
                    ])
                    let regionID = database.lastInsertedRowID
                    for (index, line) in region.lines.enumerated() {
                        try insertLine.run([
                            .integer(regionID), .integer(Int64(index)), .text(line.text),
                            .integer(Int64(line.box.x)), .integer(Int64(line.box.y)),
                            .integer(Int64(line.box.width)), .integer(Int64(line.box.height)),
                            line.indent.map { .integer(Int64($0)) } ?? .null,
                            line.number.map { .integer(Int64($0)) } ?? .null,
                            .text(JSONValue.array(line.words.map(\.json)).serialized),
                        ])
                    }
                }
            }
        }
    }

    // MARK: Export

    public func screens(under paths: [String]) throws(IndexStoreError) -> [StoredScreen] {
        let operation = "exporting"
        var conditions: [String] = []
        var values: [SQLiteValue] = []
        for path in paths {
            // The file itself, or anything below it as a directory.
            let directory = path.hasSuffix("/") ? path : path + "/"
            conditions.append("v.path = ?\(values.count + 1) OR substr(v.path, 1, length(?\(values.count + 2))) = ?\(values.count + 2)")
            values += [.text(path), .text(directory)]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.map { "(\($0))" }.joined(separator: " OR ")
        let screens = try database.prepare("""
            SELECT s.id, v.path, s.start, s.end, s.time FROM screens s JOIN videos v ON v.id = s.video_id
            \(filter) ORDER BY v.path, s.start, s.id
            """, while: operation)
        let regions = try RegionReader(database: database, operation: operation)
        var stored: [StoredScreen] = []
        try screens.forEachRow(values) { row throws(IndexStoreError) in
            stored.append(StoredScreen(path: row.string(at: 1), start: MediaTime(seconds: row.double(at: 2)),
                                       end: MediaTime(seconds: row.double(at: 3)), time: MediaTime(seconds: row.double(at: 4)),
                                       regions: try regions.regions(ofScreen: row.int64(at: 0))))
        }
        return stored
    }

    /// An error for stored data that does not read back (edited by hand, say).
    func malformed(_ what: String, while operation: String) -> IndexStoreError {
        IndexStoreError(path: path, code: SQLITE_CORRUPT, reason: .sqlite, operation: operation,
                        message: "malformed \(what)")
    }

    /// Runs `body` with the connection, for the search extension.
    func withDatabase<T>(_ body: (SQLiteDatabase) throws(IndexStoreError) -> T) throws(IndexStoreError) -> T {
        try body(database)
    }
}
