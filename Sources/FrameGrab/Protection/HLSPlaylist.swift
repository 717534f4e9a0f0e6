import Foundation

/// An HLS playlist read as text: a master playlist's variants and the other playlists it
/// names, and the keys of either kind.
///
/// A pure, bounded parser (lines, entries and attributes are capped; malformed lines are
/// skipped), so that it can be fuzzed. See RFC 8216.
public struct HLSPlaylist: Equatable, Sendable {
    /// One `#EXT-X-STREAM-INF` entry: a rendition of the presentation.
    public struct Variant: Equatable, Sendable {
        /// The media playlist's URI as written.
        public var uri: String
        public var bandwidth: Int?
        public var width: Int?
        public var height: Int?
        public var codecs: String?

        /// Pixels per frame; 0 when the playlist does not say.
        public var pixelCount: Int { (width ?? 0) * (height ?? 0) }

        /// Its codecs are all audio (or captions): nothing to read text from.
        public var isAudioOnly: Bool {
            guard let codecs else { return false }
            let formats = codecs.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).split(separator: ".").first.map { $0.lowercased() } ?? ""
            }
            return !formats.isEmpty && formats.allSatisfy { HLSPlaylist.audioFormats.contains($0) }
        }
    }

    /// One `#EXT-X-KEY` or `#EXT-X-SESSION-KEY`.
    public struct Key: Equatable, Sendable {
        /// `EXT-X-KEY` or `EXT-X-SESSION-KEY`.
        public var tag: String
        public var method: String
        public var uri: String?
        public var keyFormat: String?
    }

    /// Whether it lists variants rather than segments.
    public var isMaster: Bool
    public var variants: [Variant]
    /// Other playlists a player may play: alternative renditions (`#EXT-X-MEDIA` with a URI)
    /// and I-frame playlists.
    public var otherPlaylists: [String]
    /// Distinct keys, in order of appearance.
    public var keys: [Key]

    static let maximumLines = 500_000
    static let maximumEntries = 256
    static let maximumAttributes = 64
    /// Codec formats (the part of a `CODECS` entry before the first dot) that carry no picture.
    static let audioFormats: Set<String> = ["mp4a", "ac-3", "ec-3", "ac-4", "opus", "flac", "alac", "mp3",
                                            "dtsc", "dtse", "dtsh", "dtsl", "dtsx", "mhm1", "mha1", "stpp", "wvtt"]

    /// Parses `text`; nil unless it starts with `#EXTM3U`.
    public init?(parsing text: String) {
        var lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .prefix(HLSPlaylist.maximumLines).makeIterator()
        guard let first = lines.next(), first.trimmingCharacters(in: HLSPlaylist.blank).hasPrefix("#EXTM3U") else { return nil }
        isMaster = false
        variants = []
        otherPlaylists = []
        keys = []
        var pendingVariant: [String: Substring]?
        while let raw = lines.next() {
            let line = raw.trimmingCharacters(in: HLSPlaylist.blank)
            guard !line.isEmpty else { continue }
            if !line.hasPrefix("#") {
                if let attributes = pendingVariant, variants.count < HLSPlaylist.maximumEntries {
                    variants.append(HLSPlaylist.variant(uri: line, attributes))
                }
                pendingVariant = nil
                continue
            }
            let (tag, value) = HLSPlaylist.split(tag: line)
            switch tag {
            case "#EXT-X-STREAM-INF":
                isMaster = true
                pendingVariant = HLSPlaylist.attributes(value)
            case "#EXT-X-I-FRAME-STREAM-INF", "#EXT-X-MEDIA":
                if tag.hasSuffix("STREAM-INF") { isMaster = true }
                if let uri = HLSPlaylist.attributes(value)["URI"], !uri.isEmpty,
                   otherPlaylists.count < HLSPlaylist.maximumEntries, !otherPlaylists.contains(String(uri)) {
                    otherPlaylists.append(String(uri))
                }
            case "#EXT-X-KEY", "#EXT-X-SESSION-KEY":
                let attributes = HLSPlaylist.attributes(value)
                let key = Key(tag: String(tag.dropFirst()), method: String(attributes["METHOD"] ?? "NONE"),
                              uri: attributes["URI"].map(String.init), keyFormat: attributes["KEYFORMAT"].map(String.init))
                if keys.count < HLSPlaylist.maximumEntries, !keys.contains(key) { keys.append(key) }
            default:
                break
            }
        }
    }

    /// The variant to read text from: the most pixels, then the most bandwidth, then the first
    /// listed; audio-only variants never.
    public var sharpestVariant: Variant? {
        variantsBySharpness.first
    }

    /// Variants with a picture, sharpest first (ties in the playlist's order).
    public var variantsBySharpness: [Variant] {
        variants.enumerated()
            .filter { !$0.element.isAudioOnly && !$0.element.uri.isEmpty }
            .sorted { a, b in
                if a.element.pixelCount != b.element.pixelCount { return a.element.pixelCount > b.element.pixelCount }
                let (x, y) = (a.element.bandwidth ?? 0, b.element.bandwidth ?? 0)
                if x != y { return x > y }
                return a.offset < b.offset
            }
            .map(\.element)
    }

    // MARK: Lines and attribute lists

    private static let blank = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}"))

    /// `#EXT-X-KEY:METHOD=…` as `#EXT-X-KEY` and `METHOD=…`.
    private static func split(tag line: String) -> (Substring, Substring) {
        guard let colon = line.firstIndex(of: ":") else { return (line[...], "") }
        return (line[..<colon], line[line.index(after: colon)...])
    }

    private static func variant(uri: String, _ attributes: [String: Substring]) -> Variant {
        var width: Int?
        var height: Int?
        if let resolution = attributes["RESOLUTION"] {
            let parts = resolution.lowercased().split(separator: "x", maxSplits: 1)
            // Bounded so that a pixel count cannot overflow.
            if parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...100_000).contains(w), (1...100_000).contains(h) {
                width = w
                height = h
            }
        }
        return Variant(uri: uri, bandwidth: attributes["BANDWIDTH"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil },
                       width: width, height: height, codecs: attributes["CODECS"].map(String.init))
    }

    /// An attribute list (`NAME=value,NAME="quoted, value"`), names upper-cased. A quoted value
    /// runs to the next quote (or the end of the line); malformed pairs are skipped.
    static func attributes(_ text: Substring) -> [String: Substring] {
        var result: [String: Substring] = [:]
        var rest = text[...]
        var count = 0
        while !rest.isEmpty, count < maximumAttributes {
            count += 1
            guard let equals = rest.firstIndex(where: { $0 == "=" || $0 == "," }), rest[equals] == "=" else {
                // A name without a value: skip to the next pair.
                guard let comma = rest.firstIndex(of: ",") else { break }
                rest = rest[rest.index(after: comma)...]
                continue
            }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
            var value = rest[rest.index(after: equals)...]
            if value.first == "\"" {
                value = value.dropFirst()
                let close = value.firstIndex(of: "\"") ?? value.endIndex
                let quoted = value[..<close]
                rest = close == value.endIndex ? value[close...] : value[value.index(after: close)...]
                if let comma = rest.firstIndex(of: ",") { rest = rest[rest.index(after: comma)...] } else { rest = rest[rest.endIndex...] }
                if !name.isEmpty, result[name] == nil { result[name] = quoted }
            } else {
                let comma = value.firstIndex(of: ",") ?? value.endIndex
                let plain = value[..<comma]
                rest = comma == value.endIndex ? value[comma...] : value[value.index(after: comma)...]
                let trimmed = plain.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, result[name] == nil { result[name] = Substring(trimmed) }
            }
        }
        return result
    }
}

extension HLSPlaylist.Key {
    /// What this key says about the segments it applies to: nil for no encryption or for
    /// transport encryption (`AES-128` with a key the player fetches itself, `identity`);
    /// protection for sample encryption and for any key that comes from a key system.
    func protection(in playlist: String?) -> Protection? {
        let method = self.method.uppercased()
        let format = keyFormat?.trimmingCharacters(in: .whitespaces) ?? ""
        var system = DRMSystem(keyFormat: format)
        if uri?.lowercased().hasPrefix("skd://") == true { system = system ?? .fairPlay }
        switch method {
        case "NONE":
            return nil
        case "AES-128" where system == nil:
            return nil
        default:
            break
        }
        var evidence = "#\(tag) METHOD=\(HLSPlaylist.Key.shortened(self.method))"
        if !format.isEmpty { evidence += " KEYFORMAT=\(HLSPlaylist.Key.shortened(format))" }
        if let playlist { evidence += " in \(HLSPlaylist.Key.shortened(playlist))" }
        let scheme = method.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } && !method.isEmpty ? method.lowercased() : "unknown"
        return Protection(scheme: scheme, system: system ?? .unknown, evidence: evidence)
    }

    /// Evidence quotes what the playlist says, but never more than a line's worth of it.
    private static func shortened(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(77)) + "…"
    }
}
