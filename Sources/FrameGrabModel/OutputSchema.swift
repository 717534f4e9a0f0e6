/// The version of the shape of every JSON document framegrab prints (`--at`, `follow`, `scan`,
/// `index --json`, `search --json`, `export`), given first in each as `schema_version`.
///
/// It goes up when a key is removed, renamed or changes its meaning or type, so that a program
/// reading the output can tell a shape it does not know; keys added at the end of an object do
/// not change it.
public enum OutputSchema {
    public static let version = 1

    /// The member that starts every document: `"schema_version": 1`.
    public static var member: (String, JSONValue) { ("schema_version", .int(version)) }
}
