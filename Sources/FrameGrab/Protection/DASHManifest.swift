import Foundation

/// A DASH MPD read as text, for its `<ContentProtection>` elements.
///
/// A pure, bounded scan (no XML parser: an MPD's protection is signalled by these elements
/// alone, wherever they sit), so that it can be fuzzed. See ISO/IEC 23009-1, 5.8.4.1.
enum DASHManifest {
    static let maximumElements = 256
    /// The scheme URI whose `value` names the Common Encryption scheme.
    private static let mp4Protection = "urn:mpeg:dash:mp4protection:2011"

    /// Whether `text` is an MPD: an `MPD` element near its start.
    static func isManifest(_ text: String) -> Bool {
        let head = text.prefix(4096)
        return head.contains("<MPD") || head.range(of: #"<[A-Za-z0-9_]+:MPD[\s>]"#, options: .regularExpression) != nil
    }

    /// The protection its `ContentProtection` elements signal, or nil when it has none.
    static func protection(in text: String) -> Protection? {
        var clues = ProtectionClues()
        var parts: [String] = []
        for attributes in contentProtectionElements(in: text) {
            let scheme = (attributes["schemeIdUri"] ?? "").trimmingCharacters(in: .whitespaces)
            if scheme.lowercased() == mp4Protection {
                let value = (attributes["value"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                let name = value.isEmpty || value.count > 8 ? "unknown" : value
                clues.note(scheme: name)
                parts.append("mp4protection \(name)")
            } else if let system = DRMSystem(uuidURN: scheme) {
                clues.note(system: system)
                parts.append(system == .unknown ? String(scheme.prefix(45)) : system.rawValue)
            } else {
                parts.append(scheme.isEmpty ? "no scheme" : String(scheme.prefix(45)))
            }
        }
        guard !parts.isEmpty else { return nil }
        var unique: [String] = []
        for part in parts where !unique.contains(part) { unique.append(part) }
        clues.note("ContentProtection in the MPD (\(unique.prefix(4).joined(separator: ", ")))")
        return clues.protection
    }

    /// The attributes of every `<ContentProtection …>` start tag, with or without a namespace
    /// prefix.
    static func contentProtectionElements(in text: String) -> [[String: String]] {
        var elements: [[String: String]] = []
        var searchFrom = text.startIndex
        while elements.count < maximumElements,
              let found = text.range(of: "ContentProtection", range: searchFrom..<text.endIndex) {
            searchFrom = found.upperBound
            guard isStartTag(text, nameStart: found.lowerBound) else { continue }
            let next = text[found.upperBound...].first
            guard next == nil || next == ">" || next == "/" || next?.isWhitespace == true else { continue }
            let end = text[found.upperBound...].firstIndex(of: ">") ?? text.endIndex
            elements.append(attributes(text[found.upperBound..<end]))
            searchFrom = end
        }
        return elements
    }

    /// Whether the name at `nameStart` follows `<` or `<prefix:`.
    private static func isStartTag(_ text: String, nameStart: String.Index) -> Bool {
        var index = nameStart
        var sawPrefix = false
        while index > text.startIndex {
            index = text.index(before: index)
            let character = text[index]
            if character == "<" { return true }
            if character == ":" && !sawPrefix {
                sawPrefix = true
                continue
            }
            guard sawPrefix, character.isLetter || character.isNumber || character == "_" || character == "-" else { return false }
            if text.distance(from: index, to: nameStart) > 64 { return false }
        }
        return false
    }

    /// `name="value"` and `name='value'` pairs of a start tag.
    private static func attributes(_ tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = tag
        while result.count < 32, let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            var value = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = value.first, quote == "\"" || quote == "'" else {
                rest = value
                continue
            }
            value = value.dropFirst()
            let close = value.firstIndex(of: quote) ?? value.endIndex
            // Namespace prefixes are dropped: cenc:default_KID is default_KID.
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if !local.isEmpty, result[local] == nil { result[local] = String(value[..<close]) }
            rest = close == value.endIndex ? value[close...] : value[value.index(after: close)...]
        }
        return result
    }
}
