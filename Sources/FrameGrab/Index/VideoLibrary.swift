import Foundation

/// The videos a batch reads: files as given, and directories walked for files with a video
/// extension, hidden files and folders skipped, in path order.
public enum VideoLibrary {
    /// Extensions taken as video when walking a directory (a file named directly is always
    /// tried); HLS playlists count.
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "m2ts", "mts", "flv", "wmv", "mpg", "mpeg", "ogv", "3gp", "m3u8",
    ]

    /// What one operand stood for.
    public enum Entry: Equatable, Sendable {
        case video(String)
        /// An operand that is neither a readable file nor a directory.
        case missing(String)
    }

    /// Every video `paths` name, made absolute, each once, in the order given (a directory's
    /// videos sorted by path).
    public static func videos(in paths: [String]) -> [Entry] {
        var seen = Set<String>()
        var entries: [Entry] = []
        for path in paths {
            let absolute = absolutePath(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                entries.append(.missing(path))
                continue
            }
            let found = isDirectory.boolValue ? videos(under: absolute) : [absolute]
            for video in found where seen.insert(video).inserted {
                entries.append(.video(video))
            }
        }
        return entries
    }

    /// The paths listed in a `--from` file: one a line, `#` comments and blank lines skipped.
    public static func paths(listedIn text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let path = line.trimmingCharacters(in: .whitespaces)
            return path.isEmpty || path.hasPrefix("#") ? nil : path
        }
    }

    /// `path` absolute and standardized: the key of a video in the index.
    public static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func videos(under directory: String) -> [String] {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [String] = []
        for case let url as URL in walker {
            guard videoExtensions.contains(url.pathExtension.lowercased()),
                  (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            found.append(url.standardizedFileURL.path)
        }
        return found.sorted()
    }
}
