import Foundation

/// The work queue: `framegrab index --db postgresql://…` adds videos to `framegrab.queue`
/// (once, by path and fingerprint), and workers on any machine claim them one at a time.
///
/// A claim is a lease: `lease_until` on the server's clock, renewed by its worker while it
/// reads. A worker that dies stops renewing, and once the lease has run out the next worker to
/// claim takes the video over. Only the claim's holder may finish the video: the transaction
/// that stores its screens first checks, under a row lock, that the claim is still the
/// running one (`replace(_:screens:finishing:)`), so a video is stored once however many
/// workers came and went. See the claim pattern in graphile-worker, River or Solid Queue.
extension PostgresScreenStore {
    /// Where a video of the queue stands.
    public enum QueueState: String, Sendable, CaseIterable {
        case queued, running, done, failed
        /// Needed no reading: already indexed from the same file, or protected content.
        case skipped
    }

    /// A video a worker has claimed; while the claim holds, that worker alone may finish it.
    public struct QueueClaim: Sendable, Equatable {
        public var path: String
        /// The file as it was enqueued (`VideoFingerprint`).
        public var size: Int64
        public var modified: Double
        public var fingerprint: String
        /// The claim's own token (not the worker's name): a worker that claims the same video
        /// again holds a new claim, and a reader of the old one cannot finish it.
        public var token: String
        /// Counting this one: 1 for the first claim.
        public var attempt: Int
        /// Why the attempt before this one ended without finishing, if one did.
        public var lastError: String?
    }

    /// One video of the queue as `status` and `index` report it.
    public struct QueueEntry: Sendable, Equatable {
        public var path: String
        public var state: QueueState
        public var attempts: Int
        public var worker: String?
        public var error: String?
        public var startedAt: Double?
        public var finishedAt: Double?
        public var duration: Double?
        public var screens: Int?
        public var regions: Int?
        /// The video's record in the index, for telling protected from unchanged.
        public var recorded: IndexedVideo.Status?

        public init(path: String, state: QueueState, attempts: Int, worker: String? = nil, error: String? = nil,
                    startedAt: Double? = nil, finishedAt: Double? = nil, duration: Double? = nil, screens: Int? = nil,
                    regions: Int? = nil, recorded: IndexedVideo.Status? = nil) {
            self.path = path
            self.state = state
            self.attempts = attempts
            self.worker = worker
            self.error = error
            self.startedAt = startedAt
            self.finishedAt = finishedAt
            self.duration = duration
            self.screens = screens
            self.regions = regions
            self.recorded = recorded
        }
    }

    /// The queue as a whole, for `framegrab status`.
    public struct QueueSummary: Sendable, Equatable {
        public var counts: [QueueState: Int]
        /// Seconds of video in the videos done.
        public var mediaSeconds: Double
        /// Seconds during which at least one worker was reading (the union of every claim's
        /// span, from its start to its end or to now), so that idle days between runs do not
        /// count.
        public var busySeconds: Double
        /// The videos being read, and the failed ones with their errors.
        public var running: [QueueEntry]
        public var failed: [QueueEntry]

        /// When the summary was taken, in seconds since 1970 on the server's clock (the clock
        /// of `QueueEntry.startedAt`).
        public var now: Double

        public init(counts: [QueueState: Int], mediaSeconds: Double, busySeconds: Double, running: [QueueEntry], failed: [QueueEntry],
                    now: Double) {
            self.now = now
            self.counts = counts
            self.mediaSeconds = mediaSeconds
            self.busySeconds = busySeconds
            self.running = running
            self.failed = failed
        }

        /// Seconds of video read per second of the fleet's work.
        public var realtime: Double? { busySeconds > 0 ? mediaSeconds / busySeconds : nil }
    }

    private static let now = "extract(epoch FROM clock_timestamp())"

    // MARK: Enqueueing

    /// Adds the video at `path` (as its fingerprint says it is now) to the queue and returns
    /// its state there. A video already queued, running or finished from the same file is
    /// left as it is; a failed one, a changed one, or any but a running one when `force`, is
    /// queued afresh. A video the index already holds from the same file (and not as failed)
    /// goes in as `skipped`, unless `force`.
    public func enqueue(path: String, size: Int64, modified: Double, fingerprint: String, force: Bool) throws(IndexStoreError) -> QueueState {
        let operation = "adding \(path) to the queue"
        let rows = try database.query("""
            WITH upsert AS (
                INSERT INTO framegrab.queue AS q (path, size, mtime, fingerprint, state, enqueued_at)
                VALUES ($1, $2, $3, $4,
                        CASE WHEN NOT $5::boolean AND EXISTS (
                            SELECT 1 FROM framegrab.videos v
                            WHERE v.path = $1 AND v.size = $2 AND v.mtime = $3 AND v.fingerprint = $4 AND v.status <> 'failed')
                        THEN 'skipped' ELSE 'queued' END,
                        \(PostgresScreenStore.now))
                ON CONFLICT (path) DO UPDATE SET
                    size = EXCLUDED.size, mtime = EXCLUDED.mtime, fingerprint = EXCLUDED.fingerprint, state = EXCLUDED.state,
                    attempts = 0, claim = NULL, worker = NULL, lease_until = NULL, error = NULL, enqueued_at = EXCLUDED.enqueued_at,
                    started_at = NULL, finished_at = NULL, duration = NULL, screens = NULL, regions = NULL
                WHERE q.state <> 'running' AND (q.state = 'failed' OR $5::boolean
                    OR (q.size, q.mtime, q.fingerprint) IS DISTINCT FROM (EXCLUDED.size, EXCLUDED.mtime, EXCLUDED.fingerprint))
                RETURNING q.state)
            SELECT state FROM upsert
            """, [path, String(size), String(modified), fingerprint, force ? "true" : "false"], while: operation)
        // Left alone: its state is read in a statement of its own, since this one's snapshot
        // may be older than the row (another worker inserting or finishing it at this moment).
        let stated = rows.count == 1 ? rows
            : try database.query("SELECT state FROM framegrab.queue WHERE path = $1", [path], while: operation)
        guard let state = stated.string(0, 0).flatMap(QueueState.init(rawValue:)) else { throw malformed("queue state", while: operation) }
        return state
    }

    // MARK: Claiming

    /// Claims a video whose lease ran out (its worker died), or else the first one queued,
    /// for `lease` seconds; nil when there is none. Rows other workers are claiming at this
    /// moment are skipped, not waited for.
    public func claim(worker: String, lease: Double) throws(IndexStoreError) -> QueueClaim? {
        for candidates in [PostgresScreenStore.expiredLeases, PostgresScreenStore.queuedVideos] {
            if let claim = try claim(from: candidates, worker: worker, lease: lease) { return claim }
        }
        return nil
    }

    /// Makes `claim` and `claimable()` take only the videos at `paths` (nil: the whole queue),
    /// held in a temporary table of this connection's, so that each claim does not send them
    /// again.
    public func limitClaims(to paths: [String]?) throws(IndexStoreError) {
        let operation = "choosing the videos to claim"
        guard let paths else {
            claimsLimited = false
            return
        }
        try database.query("CREATE TEMPORARY TABLE IF NOT EXISTS claimable (path text PRIMARY KEY)", while: operation)
        try database.query("TRUNCATE claimable", while: operation)
        try database.query("INSERT INTO claimable SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", [PostgresScreenStore.arrayLiteral(paths)],
                           while: operation)
        try database.query("ANALYZE claimable", while: operation)
        claimsLimited = true
    }

    /// How many of the videos `claim` may take are queued or running.
    public func claimable() throws(IndexStoreError) -> Int {
        let scope = claimsLimited ? "AND path IN (SELECT path FROM pg_temp.claimable)" : ""
        let rows = try database.query("SELECT count(*) FROM framegrab.queue WHERE state IN ('queued', 'running') \(scope)",
                                      while: "looking at the queue")
        return Int(rows.int64(0, 0) ?? 0)
    }

    /// What may be claimed, in the order claims take them; each has a partial index of its own
    /// (`queue_leases`, `queue_queued`). `now()` (the statement's start, in a statement of its
    /// own), not `clock_timestamp()`: a volatile function cannot bound an index scan.
    static let expiredLeases = "state = 'running' AND lease_until < extract(epoch FROM now()) ORDER BY lease_until"
    static let queuedVideos = "state = 'queued' ORDER BY id"

    private func claim(from candidates: String, worker: String, lease: Double) throws(IndexStoreError) -> QueueClaim? {
        let token = UUID().uuidString.lowercased()
        let scope = claimsLimited ? "path IN (SELECT path FROM pg_temp.claimable) AND " : ""
        let rows = try database.query("""
            UPDATE framegrab.queue q SET
                state = 'running', attempts = q.attempts + 1, claim = $1, worker = $2,
                lease_until = \(PostgresScreenStore.now) + $3::double precision, started_at = \(PostgresScreenStore.now),
                error = CASE WHEN q.state = 'running'
                             THEN 'its worker (' || coalesce(q.worker, '?') || ') stopped renewing its lease: killed, or its machine gone'
                             ELSE q.error END
            WHERE q.id = (SELECT id FROM framegrab.queue WHERE \(scope)\(candidates) LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING q.path, q.size, q.mtime, q.fingerprint, q.attempts, q.error
            """, [token, worker, String(lease)], while: "claiming a video from the queue")
        guard rows.count == 1, let path = rows.string(0, 0) else { return nil }
        return QueueClaim(path: path, size: rows.int64(0, 1) ?? 0, modified: rows.double(0, 2) ?? 0, fingerprint: rows.string(0, 3) ?? "",
                          token: token, attempt: Int(rows.int64(0, 4) ?? 1), lastError: rows.string(0, 5))
    }

    /// Extends `claim`'s lease to `lease` seconds from now while its video is running; false
    /// when the claim is no longer this worker's (its lease ran out and another worker took
    /// the video). A claim whose video it finished is still its own.
    public func renew(_ claim: QueueClaim, lease: Double) throws(IndexStoreError) -> Bool {
        let rows = try database.query("""
            UPDATE framegrab.queue
            SET lease_until = CASE WHEN state = 'running' THEN \(PostgresScreenStore.now) + $3::double precision ELSE lease_until END
            WHERE path = $1 AND claim = $2 RETURNING 1
            """, [claim.path, claim.token, String(lease)], while: "renewing the lease on \(claim.path)")
        return rows.count == 1
    }

    /// Where a claim stands once its reader is done.
    public enum ClaimStanding: Sendable, Equatable {
        /// Still this claim's, unfinished.
        case running
        /// Finished under this claim, as the entry says.
        case finished(QueueEntry)
        /// Taken over: another claim holds (or finished) the video.
        case lost
    }

    public func standing(of claim: QueueClaim) throws(IndexStoreError) -> ClaimStanding {
        let rows = try database.query("SELECT claim, state FROM framegrab.queue WHERE path = $1", [claim.path],
                                      while: "looking at \(claim.path) in the queue")
        guard rows.count == 1, rows.string(0, 0) == claim.token else { return .lost }
        guard rows.string(0, 1) != QueueState.running.rawValue else { return .running }
        guard let entry = try entries([claim.path]).first else { return .lost }
        return .finished(entry)
    }

    /// Puts the video of `claim` back in the queue unfinished, with `error`; the attempt does
    /// not count when `countsAttempt` is false (the worker was stopped, not the video failed).
    /// Nothing happens when the claim is no longer the running one.
    public func release(_ claim: QueueClaim, error: String?, countsAttempt: Bool) throws(IndexStoreError) {
        try database.query("""
            UPDATE framegrab.queue SET state = 'queued', claim = NULL, lease_until = NULL, error = coalesce($3, error),
                                       attempts = attempts - $4::integer
            WHERE path = $1 AND claim = $2 AND state = 'running'
            """, [claim.path, claim.token, error, countsAttempt ? "0" : "1"], while: "putting \(claim.path) back in the queue")
    }

    /// Within `replace`'s transaction: locks the queue's row of `path` and checks that `token`
    /// is its running claim.
    func lockClaim(_ token: String, of path: String, while operation: String) throws(IndexStoreError) {
        let held = try database.query("SELECT 1 FROM framegrab.queue WHERE path = $1 AND claim = $2 AND state = 'running' FOR UPDATE",
                                      [path, token], while: operation)
        guard held.count == 1 else { throw IndexStoreError(path: name, code: 0, reason: .claimLost, operation: operation) }
    }

    /// Within `replace`'s transaction: marks the queue's row of `video` finished as `video`
    /// was stored.
    func finishClaim(of video: IndexedVideo, screens: [StoredScreen], while operation: String) throws(IndexStoreError) {
        let state: QueueState = switch video.status {
        case .indexed: .done
        case .protected: .skipped
        case .failed: .failed
        }
        try database.query("""
            UPDATE framegrab.queue SET state = $2, lease_until = NULL, error = $3, finished_at = \(PostgresScreenStore.now),
                                       duration = $4, screens = $5, regions = $6
            WHERE path = $1
            """, [video.path, state.rawValue, video.error.map { PostgresScreenStore.reason($0, about: video.path) }, video.duration.map { String($0.seconds) }, String(screens.count),
                  String(screens.reduce(0) { $0 + $1.regions.count })], while: operation)
    }

    // MARK: Reading the queue

    /// How many of the videos at `paths` (every video of the queue when nil) are queued or
    /// running.
    public func unfinished(among paths: [String]?) throws(IndexStoreError) -> Int {
        let filter = paths == nil ? "" : "AND path = ANY($1::text[])"
        let rows = try database.query("SELECT count(*) FROM framegrab.queue WHERE state IN ('queued', 'running') \(filter)",
                                      paths.map { [PostgresScreenStore.arrayLiteral($0)] } ?? [], while: "looking at the queue")
        return Int(rows.int64(0, 0) ?? 0)
    }

    /// The queue's entries for `paths` (every entry when nil), ordered by path.
    public func entries(_ paths: [String]?, states: [QueueState]? = nil) throws(IndexStoreError) -> [QueueEntry] {
        var conditions: [String] = []
        var values: [String?] = []
        if let paths {
            values.append(PostgresScreenStore.arrayLiteral(paths))
            conditions.append("q.path = ANY($\(values.count)::text[])")
        }
        if let states {
            values.append(PostgresScreenStore.arrayLiteral(states.map(\.rawValue)))
            conditions.append("q.state = ANY($\(values.count)::text[])")
        }
        let rows = try database.query("""
            SELECT q.path, q.state, q.attempts, q.worker, q.error, q.started_at, q.finished_at, q.duration, q.screens, q.regions, v.status
            FROM framegrab.queue q LEFT JOIN framegrab.videos v ON v.path = q.path
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")) ORDER BY q.path COLLATE "C"
            """, values, while: "reading the queue")
        return try (0..<rows.count).map { (row) throws(IndexStoreError) in
            guard let path = rows.string(row, 0), let state = rows.string(row, 1).flatMap(QueueState.init(rawValue:)) else {
                throw malformed("queue row", while: "reading the queue")
            }
            return QueueEntry(path: path, state: state, attempts: Int(rows.int64(row, 2) ?? 0), worker: rows.string(row, 3),
                              error: rows.string(row, 4), startedAt: rows.double(row, 5), finishedAt: rows.double(row, 6),
                              duration: rows.double(row, 7), screens: rows.int64(row, 8).map(Int.init),
                              regions: rows.int64(row, 9).map(Int.init), recorded: rows.string(row, 10).flatMap(IndexedVideo.Status.init(rawValue:)))
        }
    }

    /// Counts by state, the running and failed videos, and the fleet's speed, all as of one
    /// moment (one snapshot).
    public func queueSummary() throws(IndexStoreError) -> QueueSummary {
        let operation = "reading the queue"
        return try database.transaction(while: operation) { () throws(IndexStoreError) -> QueueSummary in
            try database.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", while: operation)
            let counted = try database.query("SELECT state, count(*) FROM framegrab.queue GROUP BY state", while: operation)
            var counts = Dictionary(uniqueKeysWithValues: QueueState.allCases.map { ($0, 0) })
            for row in 0..<counted.count {
                if let state = counted.string(row, 0).flatMap(QueueState.init(rawValue:)) { counts[state] = Int(counted.int64(row, 1) ?? 0) }
            }
            // A running claim's span ends now, or when its lease ran out if its worker died.
            let spans = try database.query("""
                SELECT started_at, coalesce(finished_at, least(extract(epoch FROM now()), lease_until)),
                       CASE WHEN state = 'done' THEN duration ELSE 0 END
                FROM framegrab.queue WHERE started_at IS NOT NULL AND state IN ('running', 'done', 'failed', 'skipped') ORDER BY started_at
                """, while: operation)
            var mediaSeconds = 0.0
            var busySeconds = 0.0
            var covered = -Double.infinity
            for row in 0..<spans.count {
                guard let start = spans.double(row, 0), let end = spans.double(row, 1) else { continue }
                mediaSeconds += spans.double(row, 2) ?? 0
                // The union of the spans, in order of their starts: only what no span before covered.
                busySeconds += max(0, end - max(start, covered))
                covered = max(covered, end)
            }
            let now = try database.query("SELECT extract(epoch FROM now())", while: operation).double(0, 0) ?? 0
            return QueueSummary(counts: counts, mediaSeconds: mediaSeconds, busySeconds: busySeconds,
                                running: try entries(nil, states: [.running]), failed: try entries(nil, states: [.failed]), now: now)
        }
    }

    /// An error line about the video at `path` without the path it starts with: the queue
    /// names the video beside its error.
    public static func reason(_ line: String, about path: String) -> String {
        line.hasPrefix(path + ": ") ? String(line.dropFirst(path.count + 2)) : line
    }

    /// `values` as a PostgreSQL array literal (`{"a","b\"c"}`), for one `text[]` parameter.
    static func arrayLiteral(_ values: [String]) -> String {
        "{" + values.map { value in
            "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }
}
