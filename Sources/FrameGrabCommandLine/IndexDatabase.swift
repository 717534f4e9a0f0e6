import FrameGrabStore
import Foundation

/// What the commands that use the index share: where it is by default, and paths as it
/// stores them.
public enum IndexDatabase {
    public static let defaultPath = "framegrab.db"

    /// `path` made absolute (from the current directory) and standardized, as the index keys
    /// videos: `..` and `.` resolved, no trailing slash.
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The index `database` names: a PostgreSQL database for a `postgresql://` URI or libpq's
    /// `key=value` words (libpq's `PG*` environment variables fill in what they leave out),
    /// else an SQLite file.
    public static func store(_ database: String, creating: Bool) throws(IndexStoreError) -> any ScreenStore {
        if isPostgres(database) { return try PostgresScreenStore(conninfo: database, creating: creating) }
        return try SQLiteScreenStore(path: database, creating: creating)
    }

    public static func isPostgres(_ database: String) -> Bool {
        PostgresScreenStore.isConnectionString(database)
    }

    /// The index at `database`, or one line on stderr and nil.
    public static func open(_ database: String) -> (any ScreenStore)? {
        do throws(IndexStoreError) {
            return try store(database, creating: false)
        } catch {
            Console.error(error.description)
            return nil
        }
    }
}
