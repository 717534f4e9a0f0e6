import FrameGrabModel
import CSQLite

/// One SQLite connection, after GRDB's `Database`: the handle is opened in `init`, closed in
/// `deinit`, and never leaves this type except inside `withHandle`.
///
/// Used from one thread at a time (SQLite's default serialized mode allows more, framegrab
/// needs no more). See https://www.sqlite.org/c3ref/open.html
final class SQLiteDatabase {
    /// The database as it was named, for messages.
    let path: String
    private let handle: OpaquePointer

    /// Opens `path` with `sqlite3_open_v2` flags (`SQLITE_OPEN_READONLY`, `…_READWRITE`,
    /// `…_CREATE`). Extended result codes are on.
    init(path: String, flags: Int32) throws(IndexStoreError) {
        self.path = path
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        // Even a failed open allocates a handle, which holds the message and must be closed.
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_close_v2(opened)
            throw IndexStoreError(path: path, code: code, reason: .sqlite, operation: "opening", message: message)
        }
        sqlite3_extended_result_codes(opened, 1)
        handle = opened
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `body` with the raw connection; the pointer must not escape it.
    func withHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T {
        try body(handle)
    }

    /// Runs one or more statements without results (`sqlite3_exec`), e.g. the schema.
    func execute(_ sql: String, while operation: @autoclosure () -> String) throws(IndexStoreError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, while: operation()) }
    }

    func prepare(_ sql: String, while operation: @autoclosure () -> String) throws(IndexStoreError) -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql, operation: operation())
    }

    /// The one integer a query like `PRAGMA user_version` answers.
    func integer(_ sql: String, while operation: @autoclosure () -> String) throws(IndexStoreError) -> Int64 {
        let statement = try prepare(sql, while: operation())
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE` … `COMMIT`, rolling back when it throws or the
    /// commit fails. IMMEDIATE takes the write lock first, so that two writers wait for each
    /// other (`busy_timeout`) rather than failing half-way with SQLITE_BUSY.
    func immediateTransaction(while operation: @autoclosure () -> String,
                              _ body: () throws(IndexStoreError) -> Void) throws(IndexStoreError) {
        try execute("BEGIN IMMEDIATE", while: operation())
        do throws(IndexStoreError) {
            try body()
            try execute("COMMIT", while: operation())
        } catch {
            // After some errors SQLite has already rolled back; then this fails harmlessly.
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// The error for `code`, with the connection's message.
    func error(_ code: Int32, while operation: String) -> IndexStoreError {
        IndexStoreError(path: path, code: code, reason: .sqlite, operation: operation,
                        message: String(cString: sqlite3_errmsg(handle)))
    }
}
