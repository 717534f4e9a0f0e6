import Foundation
@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Synchronization
import Testing

/// The work queue of the PostgreSQL store, connection by connection, against the tests' own
/// server: enqueued once, claimed by one worker at a time, taken over when a lease runs out,
/// and finished only by the claim that holds it.
@Suite("PostgreSQL work queue")
struct PostgresQueueTests {
    typealias Store = PostgresScreenStore

    /// A new database, and `count` connections to it.
    static func connections(_ count: Int) throws -> [Store] {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        return try (0..<count).map { _ in try Store(conninfo: conninfo, creating: true) }
    }

    static func enqueue(_ store: Store, _ path: String, size: Int64 = 100, fingerprint: String = "f1", force: Bool = false) throws -> Store.QueueState {
        try store.enqueue(path: path, size: size, modified: 1.5, fingerprint: fingerprint, force: force)
    }

    static func record(_ path: String, status: IndexedVideo.Status = .indexed, size: Int64 = 100, fingerprint: String = "f1") -> IndexedVideo {
        IndexedVideo(path: path, size: size, modified: 1.5, fingerprint: fingerprint, duration: MediaTime(seconds: 30), status: status,
                     error: status == .failed ? "\(path): not a video (moov atom not found)" : nil, indexedAt: Date().timeIntervalSince1970)
    }

    static func screens(_ path: String) -> [StoredScreen] {
        IndexFixtures.library[0].screens.map { StoredScreen(path: path, start: $0.start, end: $0.end, time: $0.time, regions: $0.regions) }
    }

    /// Every running lease made to have run out a second ago, as a lease does when its worker
    /// stops renewing it: no waiting on the clock, however busy the machine.
    static func expireLeases(_ store: Store) throws {
        try store.database.query("UPDATE framegrab.queue SET lease_until = extract(epoch FROM now()) - 1 WHERE state = 'running'",
                                 while: "expiring leases")
    }

    /// Seconds left on the shortest running lease.
    static func leaseLeft(_ store: Store) throws -> Double {
        try store.database.query("SELECT min(lease_until) - extract(epoch FROM now()) FROM framegrab.queue WHERE state = 'running'",
                                 while: "").double(0, 0) ?? 0
    }

    @Test("A video is queued once by path and fingerprint; a changed, failed or forced one is queued afresh; one the index holds is skipped")
    func enqueueOnce() throws {
        let store = try PostgresQueueTests.connections(1)[0]
        #expect(try Self.enqueue(store, "/v/a.mp4") == .queued)
        #expect(try Self.enqueue(store, "/v/a.mp4") == .queued)
        #expect(try store.entries(nil).count == 1)

        let claim = try #require(try store.claim(worker: "w1", lease: 60))
        #expect(claim.path == "/v/a.mp4" && claim.attempt == 1 && claim.fingerprint == "f1" && claim.size == 100)
        #expect(try Self.enqueue(store, "/v/a.mp4", force: true) == .running, "a running video is left to its worker")
        try store.replace(Self.record("/v/a.mp4"), screens: Self.screens("/v/a.mp4"), finishing: claim.token)
        #expect(try Self.enqueue(store, "/v/a.mp4") == .done)
        #expect(try Self.enqueue(store, "/v/a.mp4", fingerprint: "f2") == .queued, "the file changed")

        let again = try #require(try store.claim(worker: "w1", lease: 60))
        #expect(again.attempt == 1, "a changed file starts its count again")
        try store.replace(Self.record("/v/a.mp4", status: .failed, fingerprint: "f2"), screens: [], finishing: again.token)
        #expect(try store.entries(["/v/a.mp4"]).first?.state == .failed)
        #expect(try store.entries(["/v/a.mp4"]).first?.error == "not a video (moov atom not found)", "the error without the path")
        #expect(try Self.enqueue(store, "/v/a.mp4", fingerprint: "f2") == .queued, "a failed video is tried again")

        // Indexed before the queue knew it (an SQLite index merged in, an earlier schema).
        try store.replace(Self.record("/v/b.mp4"), screens: [])
        #expect(try Self.enqueue(store, "/v/b.mp4") == .skipped)
        #expect(try Self.enqueue(store, "/v/b.mp4", force: true) == .queued)
        try store.replace(Self.record("/v/c.mp4", status: .protected), screens: [])
        #expect(try Self.enqueue(store, "/v/c.mp4") == .skipped)
        #expect(try Self.enqueue(store, "/v/c.mp4", size: 101) == .queued)
    }

    @Test("Workers claiming at once each get a video of their own, and nothing when none is left")
    func claimsApart() throws {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        let store = try Store(conninfo: conninfo, creating: true)
        let paths = (0..<12).map { "/v/talk-\($0).mp4" }
        for path in paths { _ = try Self.enqueue(store, path) }
        let claimed = Mutex<[String]>([])
        let connected = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            guard let worker = try? Store(conninfo: conninfo, creating: false) else { return }
            connected.withLock { $0 += 1 }
            while let claim = try? worker.claim(worker: "w\(index)", lease: 60) {
                claimed.withLock { $0.append(claim.path) }
            }
        }
        #expect(connected.withLock { $0 } == 4)
        #expect(claimed.withLock { $0 }.sorted() == paths.sorted())
        #expect(try store.claim(worker: "w0", lease: 60) == nil)
        #expect(try store.unfinished(among: nil) == 12)
        #expect(try store.unfinished(among: ["/v/talk-3.mp4", "/v/other.mp4"]) == 1)
    }

    @Test("Many workers adding the same videos at once: each video queued once, every worker told its state")
    func enqueuedAtOnce() throws {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        let store = try Store(conninfo: conninfo, creating: true)
        let paths = (0..<60).map { "/v/lecture-\($0).mp4" }
        let told = Mutex<[Store.QueueState]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let worker = try Store(conninfo: conninfo, creating: false)
                for path in paths {
                    let state = try Self.enqueue(worker, path)
                    told.withLock { $0.append(state) }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(told.withLock { $0 }.count == 4 * paths.count && told.withLock { $0 }.allSatisfy { $0 == .queued })
        #expect(try store.entries(nil).count == paths.count)

        // The race made sure of: a second worker's insert waits on a first one's, uncommitted.
        try store.database.query("BEGIN", while: "holding an insert open")
        #expect(try Self.enqueue(store, "/v/raced.mp4") == .queued)
        let raced = Mutex<String?>(nil)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let state = (try? Store(conninfo: conninfo, creating: false)).map { worker in
                (try? Self.enqueue(worker, "/v/raced.mp4")).map(\.rawValue) ?? "an error"
            }
            raced.withLock { $0 = state ?? "no connection" }
        }
        // Watched from a third connection: within a transaction, pg_stat_activity stands still.
        let watcher = try Store(conninfo: conninfo, creating: false)
        while try watcher.database.query("""
            SELECT count(*) FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'transactionid'
            """, while: "")
            .int64(0, 0) == 0 && raced.withLock({ $0 }) == nil {
            usleep(10_000)
        }
        try store.database.query("COMMIT", while: "")
        group.wait()
        #expect(raced.withLock { $0 } == "queued")
    }

    @Test("A lease that runs out unrenewed is taken over; the old claim can neither renew nor store, the new one stores once")
    func leaseTakenOver() throws {
        let stores = try PostgresQueueTests.connections(2)
        let path = "/v/talk.mp4"
        _ = try Self.enqueue(stores[0], path)
        let first = try #require(try stores[0].claim(worker: "host-a:1", lease: 60))
        #expect(try stores[1].claim(worker: "host-b:2", lease: 60) == nil, "the lease holds")
        try Self.expireLeases(stores[1])
        let second = try #require(try stores[1].claim(worker: "host-b:2", lease: 60))
        #expect(second.path == path && second.attempt == 2)
        #expect(second.lastError?.contains("host-a:1") == true, "\(second.lastError ?? "")")
        #expect(try stores[0].renew(first, lease: 60) == false)
        #expect(try stores[0].standing(of: first) != .running)
        #expect(throws: IndexStoreError.self) { try stores[0].replace(Self.record(path), screens: Self.screens(path), finishing: first.token) }
        do {
            try stores[0].replace(Self.record(path), screens: Self.screens(path), finishing: first.token)
        } catch {
            #expect(error.reason == .claimLost, "\(error)")
        }
        try stores[1].replace(Self.record(path), screens: Self.screens(path), finishing: second.token)
        #expect(try stores[0].screens(under: []).count == Self.screens(path).count)
        #expect(try stores[0].entries(nil).map(\.state) == [.done])
        #expect(try stores[1].renew(second, lease: 60), "a claim that finished its video is still its own")
        #expect(try stores[0].standing(of: first) == .lost)
        guard case .finished(let entry) = try stores[1].standing(of: second) else {
            Issue.record("a claim that stored its video stands finished")
            return
        }
        #expect(entry.state == .done && entry.screens == Self.screens(path).count)
    }

    @Test("Claims limited to some videos take only those, and count only those as left")
    func limitedClaims() throws {
        let stores = try PostgresQueueTests.connections(2)
        for name in ["mine-1", "theirs", "mine-2"] { _ = try Self.enqueue(stores[0], "/v/\(name).mp4") }
        try stores[1].limitClaims(to: ["/v/mine-1.mp4", "/v/mine-2.mp4", "/v/not-queued.mp4"])
        #expect(try stores[1].claimable() == 2)
        let first = try #require(try stores[1].claim(worker: "w", lease: 60))
        let second = try #require(try stores[1].claim(worker: "w", lease: 60))
        #expect([first.path, second.path] == ["/v/mine-1.mp4", "/v/mine-2.mp4"])
        #expect(try stores[1].claim(worker: "w", lease: 60) == nil)
        try stores[1].limitClaims(to: nil)
        #expect(try stores[1].claim(worker: "w", lease: 60)?.path == "/v/theirs.mp4")
        #expect(try stores[1].claimable() == 3)
    }

    @Test("Renewing keeps a claim past its first lease; a claim put back counts its attempt or not, as told")
    func renewAndRelease() throws {
        let stores = try PostgresQueueTests.connections(2)
        _ = try Self.enqueue(stores[0], "/v/a.mp4")
        let claim = try #require(try stores[0].claim(worker: "w0", lease: 60))
        // Run out, but not yet taken over: renewing gives it a lease again.
        try Self.expireLeases(stores[1])
        #expect(try stores[0].renew(claim, lease: 60))
        #expect(try stores[1].claim(worker: "w1", lease: 60) == nil)
        #expect(try Self.leaseLeft(stores[1]) > 30)
        try stores[0].release(claim, error: "the worker process crashed", countsAttempt: true)
        let retried = try #require(try stores[1].claim(worker: "w1", lease: 60))
        #expect(retried.attempt == 2 && retried.lastError == "the worker process crashed")
        try stores[1].release(retried, error: nil, countsAttempt: false)
        let resumed = try #require(try stores[0].claim(worker: "w0", lease: 60))
        #expect(resumed.attempt == 2, "an interrupted attempt does not count")
        try stores[0].release(claim, error: "stale", countsAttempt: true)
        #expect(try stores[0].standing(of: resumed) == .running, "an old claim cannot put back a newer one")
    }

    @Test("The summary counts each state and the fleet's speed over the time anyone was reading")
    func summary() throws {
        let store = try PostgresQueueTests.connections(1)[0]
        for name in ["a", "b", "c", "d"] { _ = try Self.enqueue(store, "/v/\(name).mp4") }
        try store.replace(Self.record("/v/e.mp4"), screens: [])
        _ = try Self.enqueue(store, "/v/e.mp4")
        let a = try #require(try store.claim(worker: "w", lease: 60))
        usleep(200_000)
        try store.replace(Self.record(a.path), screens: Self.screens(a.path), finishing: a.token)
        let b = try #require(try store.claim(worker: "w", lease: 60))
        try store.replace(Self.record(b.path, status: .failed), screens: [], finishing: b.token)
        _ = try #require(try store.claim(worker: "w", lease: 60))
        let summary = try store.queueSummary()
        #expect(summary.counts == [.queued: 1, .running: 1, .done: 1, .failed: 1, .skipped: 1])
        #expect(summary.mediaSeconds == 30)
        #expect(summary.busySeconds >= 0.2)
        #expect(summary.realtime.map { $0 > 0 && $0 <= 150 } == true)
        #expect(summary.running.map(\.path) == ["/v/c.mp4"] && summary.running.first?.worker == "w")
        #expect(summary.failed.map(\.path) == ["/v/b.mp4"])
    }

    @Test("Paths with quotes, backslashes, commas and braces reach the server whole")
    func awkwardPaths() throws {
        let store = try PostgresQueueTests.connections(1)[0]
        let paths = [#"/v/say "hi".mp4"#, #"/v/back\slash.mp4"#, "/v/a,b.mp4", "/v/{x}.mp4", "/v/ space .mp4", "/v/NULL"]
        for path in paths { _ = try Self.enqueue(store, path) }
        #expect(try store.unfinished(among: paths) == paths.count)
        #expect(Set(try store.entries(paths).map(\.path)) == Set(paths))
        #expect(try store.unfinished(among: [#"/v/say "hi".mp4"#]) == 1)
    }

    @Test("A database of schema version 1 gains the queue when opened")
    func upgradesVersionOne() throws {
        let conninfo = try PostgresServer.shared.get().createDatabase()
        let store = try Store(conninfo: conninfo, creating: true)
        try store.replace(Self.record("/v/old.mp4"), screens: Self.screens("/v/old.mp4"))
        _ = try PostgresServer.shared.get().psql(conninfo, "DROP TABLE framegrab.queue; UPDATE framegrab.schema_version SET version = 1")
        let reopened = try Store(conninfo: conninfo, creating: false)
        #expect(try PostgresServer.shared.get().psql(conninfo, "SELECT version FROM framegrab.schema_version") == "2\n")
        #expect(try reopened.screens(under: []).count == Self.screens("/v/old.mp4").count)
        #expect(try Self.enqueue(reopened, "/v/old.mp4") == .skipped)
    }
}
