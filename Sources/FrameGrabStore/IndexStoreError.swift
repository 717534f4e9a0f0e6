import Foundation
import FrameGrabModel
import CSQLite

/// Why the index could not be opened, read or written: the database, SQLite's result code
/// (0 when SQLite was not asked), a named reason and what was being done.
///
/// `description` is one line for the command line, e.g. `x.db: database error 11 (database
/// disk image is malformed) while searching`. Codes are SQLite's, extended ones included:
/// https://www.sqlite.org/rescode.html
public struct IndexStoreError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// Opening without creating, and there is no file.
        case noSuchDatabase
        /// The file exists but is not an SQLite database.
        case notSQLite
        /// An SQLite database without framegrab's `application_id`.
        case foreignDatabase
        /// A framegrab database whose schema version this build does not know.
        case unknownSchema(version: Int)
        /// SQLite failed; `code` and `message` say how.
        case sqlite
        /// PostgreSQL failed (or could not be reached); `message` is the server's (or libpq's)
        /// and `sqlstate` its code, empty when there was none (a connection refused).
        case postgres(sqlstate: String)
        /// A worker of the PostgreSQL queue went to finish a video whose claim it no longer
        /// holds: its lease ran out and another worker took the video. Nothing was written.
        case claimLost
    }

    /// The database as it was named to the store.
    public var path: String
    public var code: Int32
    public var reason: Reason
    /// What was being done: `opening`, `searching`, `storing /v/talk.mp4`, ….
    public var operation: String
    /// SQLite's own message (`sqlite3_errmsg`), when it gave one.
    public var message: String?

    public static let corrupt = SQLITE_CORRUPT
    public static let notADatabase = SQLITE_NOTADB
    public static let busy = SQLITE_BUSY
    public static let cannotOpen = SQLITE_CANTOPEN

    public init(path: String, code: Int32, reason: Reason, operation: String, message: String? = nil) {
        self.path = path
        self.code = code
        self.reason = reason
        self.operation = operation
        self.message = message
    }

    public var description: String {
        switch reason {
        case .noSuchDatabase:
            return "\(path): no such database (run framegrab index first)"
        case .notSQLite:
            return "\(path): not a framegrab database (not an SQLite file; give framegrab index a new path)"
        case .foreignDatabase:
            return "\(path): not a framegrab database (an SQLite database of something else; give framegrab index a new path)"
        case .unknownSchema(let version):
            return "\(path): a framegrab database of schema version \(version), which this framegrab (version \(SQLiteScreenStore.schemaVersion)) cannot read"
        case .postgres(let sqlstate):
            let text = (message ?? "").trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: "; ")
            return "\(path): PostgreSQL error\(sqlstate.isEmpty ? "" : " " + sqlstate) (\(text)) while \(operation)"
        case .claimLost:
            return "\(path): \(operation): the lease ran out and another worker took the video; left to it, nothing written"
        case .sqlite:
            let text = message.flatMap { $0.isEmpty ? nil : $0 } ?? String(cString: sqlite3_errstr(code))
            // The primary code (11, not 267 for SQLITE_CORRUPT_VTAB): what users can look up.
            return "\(path): database error \(code & 0xFF) (\(text)) while \(operation)"
        }
    }
}
