/// Why an input is protected content: how it is encrypted, which DRM system holds its keys,
/// and what framegrab saw that says so.
///
/// framegrab never analyses protected content, as Live Text in video never does: a protected
/// input is skipped before any frame is decoded.
public struct Protection: Equatable, Sendable, CustomStringConvertible {
    /// The encryption scheme: `cenc`, `cbcs`, `cens`, `cbc1` (MPEG Common Encryption),
    /// `sample-aes`, `sample-aes-ctr`, `sample-aes-cenc` (HLS), `aes-ctr` (WebM), or `unknown`.
    public var scheme: String
    /// The DRM system the keys come from.
    public var system: DRMSystem
    /// What was found and where, e.g. `pssh box in moov`.
    public var evidence: String

    public init(scheme: String, system: DRMSystem, evidence: String) {
        self.scheme = scheme
        self.system = system
        self.evidence = evidence
    }

    /// `cenc, Widevine: pssh box in moov`
    public var description: String {
        "\(scheme), \(system.rawValue): \(evidence)"
    }

    /// The scheme of a four-character code (`cenc`, `cbcs`, …), printable or `unknown`.
    static func scheme(fourCC: UInt32) -> String {
        let text = FourCC.text(fourCC)
        return text.allSatisfy { $0.isLetter || $0.isNumber } ? text.lowercased() : "unknown"
    }
}

/// Clues gathered by one probe pass; they become a `Protection` when there is any.
struct ProtectionClues {
    var scheme: String?
    var system: DRMSystem?
    private(set) var evidence: [String] = []

    /// Evidence is kept short: the first few findings are enough to say why.
    private static let maximumFindings = 4

    mutating func note(_ finding: String) {
        if evidence.count < ProtectionClues.maximumFindings && !evidence.contains(finding) {
            evidence.append(finding)
        }
    }

    /// The first scheme wins; a known system replaces an unknown one.
    mutating func note(scheme: String) {
        if self.scheme == nil || self.scheme == "unknown" { self.scheme = scheme }
    }

    mutating func note(system: DRMSystem) {
        if self.system == nil || self.system == .unknown { self.system = system }
    }

    var protection: Protection? {
        guard !evidence.isEmpty else { return nil }
        return Protection(scheme: scheme ?? "unknown", system: system ?? .unknown, evidence: evidence.joined(separator: ", "))
    }
}

/// Four-character codes as ISO BMFF and FFmpeg write them: big-endian ASCII.
enum FourCC {
    /// The code of four ASCII characters, e.g. `moov`.
    static func code(_ text: String) -> UInt32 {
        text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The code as text; bytes outside printable ASCII become `?`.
    static func text(_ code: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }
        return String(decoding: bytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
