import Foundation

/// stdout for results, stderr for one-line diagnostics; both flushed per line so that what was
/// written survives whatever comes next.
public enum Console {
    public static func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    public static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
