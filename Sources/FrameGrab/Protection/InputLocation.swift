import Foundation

/// Where an input is: a local path or an http(s) URL, and the FFmpeg protocols it may use.
enum InputLocation {
    /// Local files and local playlists: the files, AES-128 segment decryption, `data:` URIs.
    static let localProtocols = "file,crypto,data"
    /// http(s) inputs: the network and decryption, but no local files.
    static let networkProtocols = "http,https,tcp,tls,crypto,data"

    /// Whether `location` is an http or https URL.
    static func isNetwork(_ location: String) -> Bool {
        let lowered = location.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    static func protocols(allowingNetwork network: Bool) -> String {
        network ? networkProtocols : localProtocols
    }

    /// Whether FFmpeg may open `location`, named by a playlist on disk (a segment, a key, a
    /// variant): a URL the protocol whitelist rules on, or a regular file outside /proc, /sys
    /// and /dev. A playlist naming /dev/zero, a FIFO or /proc/self/mem would otherwise read
    /// without end, block, or read what is not a video. Links are followed before deciding.
    static func mayReference(_ location: String) -> Bool {
        var path = Substring(location)
        for prefix in ["crypto+", "crypto:"] where path.hasPrefix(prefix) { path = path.dropFirst(prefix.count) }
        if path.hasPrefix("file:") {
            path = path.dropFirst(5)
        } else if hasScheme(String(path)) {
            return true
        }
        guard let resolved = realpath(String(path), nil) else {
            // Not there: FFmpeg fails to open it with its own words.
            return errno == ENOENT || errno == ENOTDIR
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        if ["/proc", "/sys", "/dev"].contains(where: { real == $0 || real.hasPrefix($0 + "/") }) { return false }
        var status = stat()
        return stat(real, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// `reference` (a URI in a playlist) resolved against the playlist at `base`: URLs per
    /// RFC 3986, local paths against the playlist's directory, keeping a relative base relative.
    static func resolve(_ reference: String, against base: String) -> String {
        if hasScheme(reference) { return reference }
        if isNetwork(base) {
            guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL) else {
                return reference
            }
            return resolved.absoluteString
        }
        if reference.hasPrefix("/") { return reference }
        guard let slash = base.lastIndex(of: "/") else { return reference }
        return String(base[...slash]) + reference
    }

    /// A URI scheme (`http:`, `skd:`, `data:`) before any `/`.
    private static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), colon != reference.startIndex else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
