import FrameGrabModel
import Foundation

/// The shared store: a PostgreSQL database that many indexers fill at once, in a schema of
/// its own (`framegrab`) so that it can live beside other data.
///
/// The same model as `SQLiteScreenStore`, and the same search: words and identifiers as
/// `unicode61` splits them (runs of letters and digits, case and accents folded; no
/// stemming), held in a `tsvector` built from those words; substrings of three characters or
/// more through `pg_trgm`. Every video is replaced in one transaction, under an advisory
/// lock on its path, so that two indexers storing one video take turns. Regions are stored
/// whole as their JSON (`Region.json`), beside the columns a search filters and ranks on.
public final class PostgresScreenStore: ScreenStore {
    /// The connection string with any password hidden, for messages.
    public let name: String
    let database: PostgresDatabase
    /// The queue's claim that this store's `replace` finishes (`index`'s worker process sets
    /// the one it was given); nil outside the queue.
    public var claimToken: String?
    /// `claim` takes only the videos of `limitClaims(to:)` (a temporary table of this
    /// connection's), not the whole queue.
    var claimsLimited = false

    /// The version of the schema below, in `framegrab.schema_version`.
    public static let schemaVersion = 2

    static let schema = """
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE SCHEMA framegrab;
        CREATE TABLE framegrab.schema_version (version integer NOT NULL);
        -- One row per video file given to framegrab index, as in SQLite's videos.
        CREATE TABLE framegrab.videos (
            id          bigserial PRIMARY KEY,
            path        text NOT NULL UNIQUE,
            size        bigint NOT NULL,
            mtime       double precision NOT NULL,
            fingerprint text NOT NULL,
            duration    double precision,
            status      text NOT NULL CHECK (status IN ('indexed', 'protected', 'failed')),
            error       text,
            indexed_at  double precision NOT NULL
        );
        CREATE TABLE framegrab.screens (
            id       bigserial PRIMARY KEY,
            video_id bigint NOT NULL REFERENCES framegrab.videos(id) ON DELETE CASCADE,
            start    double precision NOT NULL,
            "end"    double precision NOT NULL,
            time     double precision NOT NULL
        );
        CREATE INDEX screens_by_video ON framegrab.screens(video_id, start);
        CREATE TABLE framegrab.regions (
            id        bigserial PRIMARY KEY,
            screen_id bigint NOT NULL REFERENCES framegrab.screens(id) ON DELETE CASCADE,
            ordinal   integer NOT NULL,
            kind      text NOT NULL,
            language  text,
            text      text NOT NULL,
            words     tsvector NOT NULL,  -- the text's words, as SearchQuery.words splits them
            region    text NOT NULL       -- the whole region: Region.json
        );
        CREATE INDEX regions_by_screen ON framegrab.regions(screen_id, ordinal);
        CREATE INDEX regions_words ON framegrab.regions USING gin (words);
        CREATE INDEX regions_trigrams ON framegrab.regions USING gin (lower(text) gin_trgm_ops);
        \(queueSchema)
        """

    /// Version 2: the work queue (PostgresScreenStore+Queue). Added to a version 1 database
    /// as it is opened.
    static let queueSchema = """
        CREATE TABLE framegrab.queue (
            id          bigserial PRIMARY KEY,
            path        text NOT NULL UNIQUE,
            size        bigint NOT NULL,            -- the file as it was enqueued (VideoFingerprint)
            mtime       double precision NOT NULL,
            fingerprint text NOT NULL,
            state       text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'skipped')),
            attempts    integer NOT NULL DEFAULT 0, -- claims so far
            claim       text,                       -- the last claim's token: only it may finish the video
            worker      text,                       -- who holds (or last held) it: host and process
            lease_until double precision,           -- seconds since 1970 on the server's clock
            error       text,                       -- the last attempt's error
            enqueued_at double precision NOT NULL,
            started_at  double precision,
            finished_at double precision,
            duration    double precision,           -- of the video, in seconds
            screens     integer,
            regions     integer
        );
        CREATE INDEX queue_queued ON framegrab.queue(id) WHERE state = 'queued';
        CREATE INDEX queue_leases ON framegrab.queue(lease_until) WHERE state = 'running';
        CREATE INDEX queue_states ON framegrab.queue(state)
        """

    /// Whether `database` names a PostgreSQL database: a `postgresql://` URI or libpq's
    /// `key=value` words; anything else is an SQLite file.
    public static func isConnectionString(_ database: String) -> Bool {
        PostgresDatabase.isConnectionString(database)
    }

    /// Connects to `conninfo` (a `postgresql://` URI or libpq's `key=value` words); with
    /// `creating`, makes the schema when the database has none.
    public init(conninfo: String, creating: Bool) throws(IndexStoreError) {
        database = try PostgresDatabase(conninfo: conninfo)
        name = database.name
        try database.transaction(while: "opening") { () throws(IndexStoreError) in
            // One connection at a time looks and creates, however many start at once.
            try database.query("SELECT pg_advisory_xact_lock(hashtext('framegrab schema'))", while: "opening")
            let found = try database.query("SELECT to_regclass('framegrab.schema_version') IS NOT NULL", while: "opening")
            if found.string(0, 0) == "t" {
                let version = try database.query("SELECT max(version) FROM framegrab.schema_version", while: "opening").int64(0, 0) ?? 0
                if version == 1 {
                    try run(PostgresScreenStore.queueSchema, while: "adding the work queue")
                    try database.query("UPDATE framegrab.schema_version SET version = $1", [String(PostgresScreenStore.schemaVersion)],
                                       while: "adding the work queue")
                    return
                }
                guard version == Int64(PostgresScreenStore.schemaVersion) else {
                    throw IndexStoreError(path: name, code: 0, reason: .unknownSchema(version: Int(version)), operation: "opening")
                }
                return
            }
            guard creating else {
                throw IndexStoreError(path: name, code: 0, reason: .noSuchDatabase, operation: "opening")
            }
            try run(PostgresScreenStore.schema, while: "creating the index")
            try database.query("INSERT INTO framegrab.schema_version VALUES ($1)", [String(PostgresScreenStore.schemaVersion)],
                               while: "creating the index")
        }
    }

    /// Runs each statement of `script` (separated by `;` at the end of a line).
    private func run(_ script: String, while operation: String) throws(IndexStoreError) {
        for statement in script.components(separatedBy: ";\n") where !statement.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            try database.query(statement, while: operation)
        }
    }

    // MARK: Videos

    private static let videoColumns = "path, size, mtime, fingerprint, duration, status, error, indexed_at"

    public func video(at path: String) throws(IndexStoreError) -> IndexedVideo? {
        let rows = try database.query("SELECT \(PostgresScreenStore.videoColumns) FROM framegrab.videos WHERE path = $1", [path],
                                      while: "reading the record of \(path)")
        return rows.count == 0 ? nil : try video(rows, 0)
    }

    public func videos() throws(IndexStoreError) -> [IndexedVideo] {
        let rows = try database.query("SELECT \(PostgresScreenStore.videoColumns) FROM framegrab.videos ORDER BY path COLLATE \"C\"",
                                      while: "listing videos")
        return try (0..<rows.count).map { (row) throws(IndexStoreError) in try video(rows, row) }
    }

    private func video(_ rows: PostgresResult, _ row: Int) throws(IndexStoreError) -> IndexedVideo {
        let path = rows.string(row, 0) ?? ""
        guard let status = rows.string(row, 5).flatMap(IndexedVideo.Status.init(rawValue:)) else {
            throw malformed("status of \(path)", while: "reading videos")
        }
        return IndexedVideo(path: path, size: rows.int64(row, 1) ?? 0, modified: rows.double(row, 2) ?? 0,
                            fingerprint: rows.string(row, 3) ?? "", duration: rows.double(row, 4).map(MediaTime.init(seconds:)),
                            status: status, error: rows.string(row, 6), indexedAt: rows.double(row, 7) ?? 0)
    }

    // MARK: Writing

    public func replace(_ video: IndexedVideo, screens: [StoredScreen]) throws(IndexStoreError) {
        try replace(video, screens: screens, finishing: claimToken)
    }

    /// `replace`, finishing the queue's claim `token` on the video in the same transaction:
    /// nothing is written (`claimLost`) unless that claim is still the running one.
    public func replace(_ video: IndexedVideo, screens: [StoredScreen], finishing token: String?) throws(IndexStoreError) {
        let operation = "storing \(video.path)"
        try database.transaction(while: operation) { () throws(IndexStoreError) in
            if let token { try lockClaim(token, of: video.path, while: operation) }
            try database.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [video.path], while: operation)
            try database.query("DELETE FROM framegrab.videos WHERE path = $1", [video.path], while: operation)
            let inserted = try database.query("""
                INSERT INTO framegrab.videos (\(PostgresScreenStore.videoColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id
                """, [video.path, String(video.size), String(video.modified), video.fingerprint, video.duration.map { String($0.seconds) },
                      video.status.rawValue, video.error, String(video.indexedAt)], while: operation)
            guard let videoID = inserted.string(0, 0) else { throw malformed("video id", while: operation) }
            for screen in screens {
                let row = try database.query("""
                    INSERT INTO framegrab.screens (video_id, start, "end", time) VALUES ($1, $2, $3, $4) RETURNING id
                    """, [videoID, String(screen.start.seconds), String(screen.end.seconds), String(screen.time.seconds)], while: operation)
                guard let screenID = row.string(0, 0) else { throw malformed("screen id", while: operation) }
                for (ordinal, region) in screen.regions.enumerated() {
                    try database.query("""
                        INSERT INTO framegrab.regions (screen_id, ordinal, kind, language, text, words, region)
                        VALUES ($1, $2, $3, $4, $5, to_tsvector('simple', $6), $7)
                        """, [screenID, String(ordinal), region.kind.rawValue, region.language, region.text,
                              PostgresScreenStore.words(of: region.text).joined(separator: " "), region.json.serialized],
                        while: operation)
                }
            }
            if token != nil { try finishClaim(of: video, screens: screens, while: operation) }
        }
    }

    /// The words of `text` as the search finds them: `SearchQuery.words` (unicode61's runs of
    /// letters and digits, lowercased), accents folded as unicode61 folds them.
    static func words(of text: String) -> [String] {
        SearchQuery.words(of: text).map { $0.folding(options: .diacriticInsensitive, locale: nil) }
    }

    // MARK: Export

    public func screens(under paths: [String]) throws(IndexStoreError) -> [StoredScreen] {
        let operation = "exporting"
        var conditions: [String] = []
        var values: [String?] = []
        for path in paths {
            let directory = path.hasSuffix("/") ? path : path + "/"
            values += [path, directory]
            conditions.append("v.path = $\(values.count - 1) OR left(v.path, length($\(values.count))) = $\(values.count)")
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.map { "(\($0))" }.joined(separator: " OR ")
        let rows = try database.query("""
            SELECT s.id, v.path, s.start, s."end", s.time FROM framegrab.screens s JOIN framegrab.videos v ON v.id = s.video_id
            \(filter) ORDER BY v.path COLLATE "C", s.start, s.id
            """, values, while: operation)
        var stored: [StoredScreen] = []
        for row in 0..<rows.count {
            stored.append(StoredScreen(path: rows.string(row, 1) ?? "", start: MediaTime(seconds: rows.double(row, 2) ?? 0),
                                       end: MediaTime(seconds: rows.double(row, 3) ?? 0), time: MediaTime(seconds: rows.double(row, 4) ?? 0),
                                       regions: try regions(ofScreen: rows.string(row, 0) ?? "0", while: operation)))
        }
        return stored
    }

    func regions(ofScreen screenID: String, while operation: String) throws(IndexStoreError) -> [Region] {
        let rows = try database.query("SELECT region FROM framegrab.regions WHERE screen_id = $1 ORDER BY ordinal", [screenID],
                                      while: operation)
        return try (0..<rows.count).map { (row) throws(IndexStoreError) in try region(rows.string(row, 0), while: operation) }
    }

    func region(_ json: String?, while operation: String) throws(IndexStoreError) -> Region {
        guard let json, let value = try? JSONValue(parsing: json), let region = Region(json: value) else {
            throw malformed("region JSON", while: operation)
        }
        return region
    }

    func malformed(_ what: String, while operation: String) -> IndexStoreError {
        IndexStoreError(path: name, code: 0, reason: .postgres(sqlstate: ""), operation: operation, message: "malformed \(what)")
    }
}
