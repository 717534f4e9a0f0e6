/// Finds Matroska/WebM tracks whose blocks are encrypted: a `ContentEncryption` inside a
/// track's `ContentEncodings`, which FFmpeg 5.1 exposes only as the stream metadata
/// `enc_key_id` and otherwise decodes as if it were clear.
///
/// A pure function of the bytes (the start of a file: the tracks come before the first
/// cluster), bounded in elements visited, so that it can be fuzzed.
/// See https://www.matroska.org/technical/elements.html and the WebM encryption spec.
enum MatroskaProtectionScan {
    static let maximumElements = 20_000

    private enum ID {
        static let tracks: UInt32 = 0x1654_AE6B
        static let cluster: UInt32 = 0x1F43_B675
        static let trackEntry: UInt32 = 0xAE
        static let trackNumber: UInt32 = 0xD7
        static let trackType: UInt32 = 0x83
        static let contentEncodings: UInt32 = 0x6D80
        static let contentEncoding: UInt32 = 0x6240
        static let contentEncodingType: UInt32 = 0x5033
        static let contentEncryption: UInt32 = 0x5035
        static let contentEncAlgo: UInt32 = 0x47E1
        static let contentEncKeyID: UInt32 = 0x47E2
        static let contentEncAESSettings: UInt32 = 0x47E7
        static let aesSettingsCipherMode: UInt32 = 0x47E8
    }

    /// `webm` or `matroska`, from the EBML header's DocType; nil when `bytes` is not EBML.
    static func docType(of bytes: [UInt8]) -> String? {
        guard let header = EBMLElement.elements(in: bytes, 0..<bytes.count, limit: 1).first,
              header.id == EBMLElement.header else { return nil }
        let fields = EBMLElement.elements(in: bytes, header.payload, limit: 64)
        guard let docType = fields.first(where: { $0.id == EBMLElement.docType }) else { return "matroska" }
        let text = String(decoding: bytes[docType.payload].prefix { $0 != 0 }, as: UTF8.self)
        return text == "webm" ? "webm" : "matroska"
    }

    /// The protection the tracks in `bytes` signal, or nil when they signal none.
    static func protection(in bytes: [UInt8]) -> Protection? {
        guard docType(of: bytes) != nil else { return nil }
        var budget = maximumElements
        func children(_ element: EBMLElement) -> [EBMLElement] {
            guard budget > 0 else { return [] }
            let found = EBMLElement.elements(in: bytes, element.payload, limit: budget)
            budget -= found.count
            return found
        }
        let top = EBMLElement.elements(in: bytes, 0..<bytes.count, limit: 16)
        var clues = ProtectionClues()
        for segment in top where segment.id == EBMLElement.segment {
            for child in children(segment) {
                if child.id == ID.cluster { break }
                guard child.id == ID.tracks else { continue }
                for entry in children(child) where entry.id == ID.trackEntry {
                    let fields = children(entry)
                    for encodings in fields where encodings.id == ID.contentEncodings {
                        for encoding in children(encodings) where encoding.id == ID.contentEncoding {
                            noteEncryption(of: encoding, track: fields, in: bytes, children: children, clues: &clues)
                        }
                    }
                }
            }
        }
        return clues.protection
    }

    private static func noteEncryption(of encoding: EBMLElement, track fields: [EBMLElement], in bytes: [UInt8],
                                       children: (EBMLElement) -> [EBMLElement], clues: inout ProtectionClues) {
        let parts = children(encoding)
        let type = parts.first { $0.id == ID.contentEncodingType }?.unsigned(in: bytes) ?? 0
        guard let encryption = parts.first(where: { $0.id == ID.contentEncryption }) else {
            if type == 1 {
                clues.note(scheme: "unknown")
                clues.note("ContentEncoding of type encryption on \(trackName(fields, in: bytes))")
            }
            return
        }
        let settings = children(encryption)
        let algorithm = settings.first { $0.id == ID.contentEncAlgo }?.unsigned(in: bytes) ?? 0
        let keyID = settings.first { $0.id == ID.contentEncKeyID }
        // Algorithm 0 is "not encrypted" (signed only) unless a key ID says otherwise.
        guard algorithm != 0 || (keyID.map { !$0.payload.isEmpty } ?? false) else { return }
        var mode: UInt64?
        if let aes = settings.first(where: { $0.id == ID.contentEncAESSettings }) {
            mode = children(aes).first { $0.id == ID.aesSettingsCipherMode }?.unsigned(in: bytes)
        }
        let scheme: String
        switch (algorithm, mode) {
        case (5, 1): scheme = "aes-ctr"
        case (5, 2): scheme = "aes-cbc"
        case (5, _): scheme = "aes"
        case (1, _): scheme = "des"
        case (2, _): scheme = "3des"
        case (3, _): scheme = "twofish"
        case (4, _): scheme = "blowfish"
        default: scheme = "unknown"
        }
        clues.note(scheme: scheme)
        clues.note("ContentEncryption\(keyID == nil ? "" : " with a key ID") on \(trackName(fields, in: bytes))")
    }

    /// `video track 1`, from the track's type and number.
    private static func trackName(_ fields: [EBMLElement], in bytes: [UInt8]) -> String {
        let kinds: [UInt64: String] = [1: "video", 2: "audio", 17: "subtitle"]
        let kind = fields.first { $0.id == ID.trackType }?.unsigned(in: bytes).flatMap { kinds[$0] }
        let number = fields.first { $0.id == ID.trackNumber }?.unsigned(in: bytes)
        return (kind.map { "\($0) track" } ?? "track") + (number.map { " \($0)" } ?? "")
    }
}
