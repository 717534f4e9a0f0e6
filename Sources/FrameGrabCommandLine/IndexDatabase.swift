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

    /// The index at `path`, or one line on stderr and nil.
    public static func open(_ path: String) -> SQLiteScreenStore? {
        do throws(IndexStoreError) {
            return try SQLiteScreenStore(path: path, creating: false)
        } catch {
            Console.error(error.description)
            return nil
        }
    }
}
