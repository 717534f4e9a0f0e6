import CPostgres
import Foundation

/// One PostgreSQL connection (libpq's `PGconn`), opened in `init` and finished in `deinit`,
/// after `SQLiteDatabase`. Every value reaches the server as a bound parameter
/// (`PQexecParams`), never spliced into SQL. Used from one thread at a time.
/// See https://www.postgresql.org/docs/15/libpq.html
final class PostgresDatabase {
    /// The connection string with any password hidden, for messages.
    let name: String
    private let connection: OpaquePointer

    /// Connects with `conninfo`: a `postgresql://` URI or `key=value` words; libpq fills in
    /// what it lacks from the `PG*` environment variables.
    init(conninfo: String) throws(IndexStoreError) {
        name = PostgresDatabase.redacted(conninfo)
        guard let connection = PQconnectdb(conninfo) else {
            throw IndexStoreError(path: name, code: 0, reason: .postgres(sqlstate: ""), operation: "connecting", message: "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw IndexStoreError(path: name, code: 0, reason: .postgres(sqlstate: ""), operation: "connecting", message: message)
        }
        self.connection = connection
        // Notices (a table that already exists) are not for the user's terminal.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit {
        PQfinish(connection)
    }

    /// Whether `database` names a PostgreSQL database rather than an SQLite file: a
    /// `postgresql://` or `postgres://` URI, or libpq's `key=value` words that libpq parses
    /// (`host=db.example dbname=lectures`) and that are not the name of a file.
    static func isConnectionString(_ database: String) -> Bool {
        if database.hasPrefix("postgresql://") || database.hasPrefix("postgres://") { return true }
        guard database.contains("="), !FileManager.default.fileExists(atPath: database) else { return false }
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(database, &error) else {
            if let error { PQfreemem(error) }
            return false
        }
        PQconninfoFree(options)
        return true
    }

    /// `postgresql://user:secret@host/db` as `postgresql://user@host/db`.
    static func redacted(_ conninfo: String) -> String {
        guard let schemeEnd = conninfo.range(of: "://"), let at = conninfo[schemeEnd.upperBound...].firstIndex(of: "@") else {
            return conninfo.replacingOccurrences(of: #"password\s*=\s*('[^']*'|\S+)"#, with: "password=***", options: .regularExpression)
        }
        let credentials = conninfo[schemeEnd.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return conninfo }
        return String(conninfo[..<colon]) + String(conninfo[at...])
    }

    /// Runs `sql` with `parameters` ($1, $2, … as text; nil is NULL) and returns its rows.
    @discardableResult
    func query(_ sql: String, _ parameters: [String?] = [], while operation: @autoclosure () -> String) throws(IndexStoreError) -> PostgresResult {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let values = copies.map { UnsafePointer<CChar>($0) }
        let result = values.withUnsafeBufferPointer { buffer in
            PQexecParams(connection, sql, Int32(parameters.count), nil, buffer.baseAddress, nil, nil, 0)
        }
        guard let result else { throw error(nil, while: operation()) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PostgresResult(result)
        default:
            let failure = error(result, while: operation())
            PQclear(result)
            throw failure
        }
    }

    /// Runs `body` between BEGIN and COMMIT, rolling back when it throws or COMMIT fails.
    func transaction<T>(while operation: @autoclosure () -> String, _ body: () throws(IndexStoreError) -> T) throws(IndexStoreError) -> T {
        try query("BEGIN", while: operation())
        do throws(IndexStoreError) {
            let value = try body()
            try query("COMMIT", while: operation())
            return value
        } catch {
            _ = try? query("ROLLBACK", while: "rolling back")
            throw error
        }
    }

    private func error(_ result: OpaquePointer?, while operation: String) -> IndexStoreError {
        var sqlstate = ""
        var message = String(cString: PQerrorMessage(connection))
        if let result {
            if let code = PQresultErrorField(result, Int32(UInt8(ascii: "C"))) { sqlstate = String(cString: code) }
            if let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))) { message = String(cString: primary) }
        }
        return IndexStoreError(path: name, code: 0, reason: .postgres(sqlstate: sqlstate), operation: operation, message: message)
    }
}

/// The rows of one query (libpq's `PGresult`), cleared in `deinit`. Values come as text.
final class PostgresResult {
    private let result: OpaquePointer

    init(_ result: OpaquePointer) {
        self.result = result
    }

    deinit {
        PQclear(result)
    }

    var count: Int { Int(PQntuples(result)) }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(result, Int32(row), Int32(column)) == 1
    }

    func string(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
    }

    func int64(_ row: Int, _ column: Int) -> Int64? { string(row, column).flatMap { Int64($0) } }
    func double(_ row: Int, _ column: Int) -> Double? { string(row, column).flatMap { Double($0) } }
}
