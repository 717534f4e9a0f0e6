import Foundation

/// A DRM system, named from the identifiers that signal it: a `pssh` box's system ID, a DASH
/// `ContentProtection` scheme URI or an HLS `KEYFORMAT`.
///
/// System IDs: https://dashif.org/identifiers/content_protection/
public enum DRMSystem: String, Equatable, Sendable {
    case fairPlay = "FairPlay"
    case widevine = "Widevine"
    case playReady = "PlayReady"
    /// The W3C Common/Clear Key system: keys in the clear, but still key-system encryption.
    case clearKey = "ClearKey"
    case unknown

    private static let systemIDs: [(String, DRMSystem)] = [
        ("edef8ba979d64acea3c827dcd51d21ed", .widevine),
        ("9a04f07998404286ab92e65be0885f95", .playReady),
        ("94ce86fb07ff4f43adb893d2fa968ca2", .fairPlay),
        ("e2719d58a985b3c9781ab030af78d30e", .clearKey),
        ("1077efecc0b24d02ace33c1e52e2fb4b", .clearKey),
    ]

    /// The system a 16-byte system ID names.
    init(systemID: some Collection<UInt8>) {
        self = DRMSystem.named(hex: DRMSystem.hex(systemID)) ?? .unknown
    }

    /// The system an HLS `KEYFORMAT` names; nil for `identity`, the key fetched as is.
    init?(keyFormat: String) {
        let format = keyFormat.trimmingCharacters(in: .whitespaces).lowercased()
        switch format {
        case "", "identity":
            return nil
        case "com.apple.streamingkeydelivery":
            self = .fairPlay
        case "com.microsoft.playready":
            self = .playReady
        case "com.widevine", "com.widevine.alpha":
            self = .widevine
        case "org.w3.clearkey":
            self = .clearKey
        default:
            self = DRMSystem(uuidURN: format) ?? .unknown
        }
    }

    /// The system a `urn:uuid:…` names (DASH `schemeIdUri`, HLS `KEYFORMAT`); nil when the
    /// text is not such a URN.
    init?(uuidURN: String) {
        let text = uuidURN.lowercased()
        guard text.hasPrefix("urn:uuid:") else { return nil }
        let digits = text.dropFirst("urn:uuid:".count).filter { $0 != "-" }
        self = DRMSystem.named(hex: String(digits)) ?? .unknown
    }

    private static func named(hex: String) -> DRMSystem? {
        systemIDs.first { $0.0 == hex }?.1
    }

    /// Lowercase hex, for system IDs in evidence.
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        var text = ""
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }
}
