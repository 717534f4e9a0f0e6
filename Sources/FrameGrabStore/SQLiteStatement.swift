import FrameGrabModel
import CSQLite

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// One prepared statement, after GRDB's `Statement`: created and checked in `init`,
/// `sqlite3_finalize`d in `deinit`. It keeps its database open for as long as it lives.
///
/// See https://www.sqlite.org/c3ref/stmt.html
final class SQLiteStatement {
    private let database: SQLiteDatabase
    private let handle: OpaquePointer
    private let operation: String

    init(database: SQLiteDatabase, sql: String, operation: String) throws(IndexStoreError) {
        self.database = database
        self.operation = operation
        var prepared: OpaquePointer?
        let code = database.withHandle { connection in
            sqlite3_prepare_v2(connection, sql, -1, &prepared, nil)
        }
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw database.error(code == SQLITE_OK ? SQLITE_MISUSE : code, while: operation)
        }
        handle = prepared
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters `?1`, `?2`, … in order.
    func bind(_ values: [SQLiteValue]) throws(IndexStoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let number):
                code = sqlite3_bind_int64(handle, index, number)
            case .real(let number):
                code = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                // With its length, so that a NUL inside the text is kept rather than ending it.
                let bytes = Array(text.utf8)
                if bytes.isEmpty {
                    // An empty buffer has no address, and a NULL pointer would bind SQL NULL.
                    code = sqlite3_bind_text(handle, index, "", 0, CSQLite_TRANSIENT())
                } else {
                    code = bytes.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { characters in
                            sqlite3_bind_text(handle, index, characters.baseAddress, Int32(characters.count), CSQLite_TRANSIENT())
                        }
                    }
                }
            }
            guard code == SQLITE_OK else { throw database.error(code, while: operation) }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    func step() throws(IndexStoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, while: operation)
        }
    }

    /// Binds `values` and runs the statement to its end.
    func run(_ values: [SQLiteValue] = []) throws(IndexStoreError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds `values` and calls `row` for each row the statement gives.
    func forEachRow(_ values: [SQLiteValue] = [], _ row: (SQLiteStatement) throws(IndexStoreError) -> Void) throws(IndexStoreError) {
        try bind(values)
        while try step() {
            try row(self)
        }
        sqlite3_reset(handle)
    }

    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func string(at column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func optionalString(at column: Int32) -> String? {
        isNull(at: column) ? nil : string(at: column)
    }

    func optionalDouble(at column: Int32) -> Double? {
        isNull(at: column) ? nil : double(at: column)
    }

    func optionalInt(at column: Int32) -> Int? {
        isNull(at: column) ? nil : int(at: column)
    }
}
