/// Finds the boxes that mark an MP4/MOV as encrypted: `encv`/`enca` sample entries and their
/// `sinf` (`frma`, `schm`, `schi`/`tenc`), `pssh` boxes in `moov` or the first `moof`, and
/// `senc` sample encryption in that `moof`. Fragmented files included, which FFmpeg 5.1 cannot
/// even read back when they are encrypted.
///
/// A pure function of the bytes, bounded in depth and boxes visited, so that it can be fuzzed;
/// `MP4BoxReader` picks the bytes out of a file. See ISO/IEC 23001-7 (Common Encryption).
enum MP4ProtectionScan {
    static let maximumDepth = 16
    static let maximumBoxes = 50_000

    /// The protection the boxes in `bytes` signal, or nil when they signal none.
    static func protection(in bytes: [UInt8]) -> Protection? {
        var walk = Walk(bytes: bytes)
        walk.visit(0..<bytes.count, depth: 0, place: nil)
        return walk.clues.protection
    }

    private static let containers: Set<UInt32> = Set(["moov", "trak", "mdia", "minf", "stbl", "mvex", "traf", "edts", "sinf", "schi"].map(FourCC.code))
    private static let protectedVisualEntries: Set<UInt32> = Set(["encv", "drmi"].map(FourCC.code))
    private static let protectedAudioEntries: Set<UInt32> = Set(["enca", "drms"].map(FourCC.code))
    /// Text and subtitle sample entries, whose layouts vary: their type alone is the finding.
    private static let protectedOtherEntries: Set<UInt32> = Set(["enct", "encs"].map(FourCC.code))
    /// The UUID of the PIFF 1.1 protection system specific header box (Smooth Streaming's pssh).
    private static let piffProtectionHeader: [UInt8] = [0xd0, 0x8a, 0x4f, 0x18, 0x10, 0xf3, 0x4a, 0x82,
                                                         0xb6, 0xc8, 0x32, 0xd8, 0xab, 0xa1, 0x83, 0xd3]

    private struct Walk {
        let bytes: [UInt8]
        var boxesVisited = 0
        var scheme: String?
        var system: DRMSystem?
        /// Findings, strongest first: pssh boxes name the system, sample entries the scheme.
        var psshSystems: [String] = []
        var psshPlaces: [String] = []
        var findings: [String] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var clues: ProtectionClues {
            var clues = ProtectionClues()
            if let scheme { clues.note(scheme: scheme) }
            if let system { clues.note(system: system) }
            if !psshSystems.isEmpty {
                let boxes = psshSystems.count > 1 ? "pssh boxes" : "pssh box"
                let named = psshSystems.count > 1 || system == nil || system == .unknown
                clues.note("\(boxes) \(psshPlaces.joined(separator: " and "))" + (named ? " (\(psshSystems.joined(separator: ", ")))" : ""))
            }
            for finding in findings { clues.note(finding) }
            return clues
        }

        /// Reads the boxes in `range`; `place` says which top-level box they are in (`in moov`).
        mutating func visit(_ range: Range<Int>, depth: Int, place: String?) {
            guard depth < MP4ProtectionScan.maximumDepth else { return }
            let remaining = MP4ProtectionScan.maximumBoxes - boxesVisited
            guard remaining > 0 else { return }
            var seenFragment = false
            for box in ISOBox.boxes(in: bytes, range, limit: remaining) {
                boxesVisited += 1
                if depth == 0 && box.typeName == "moof" {
                    // The first fragment says what every fragment does; the rest is media.
                    if seenFragment { break }
                    seenFragment = true
                }
                visit(box, depth: depth, place: place ?? (box.typeName == "moov" || box.typeName == "moof" ? "in \(box.typeName)" : "at the top level"))
                if boxesVisited >= MP4ProtectionScan.maximumBoxes { return }
            }
        }

        private mutating func visit(_ box: ISOBox, depth: Int, place: String) {
            let type = box.type
            let payload = box.payload
            switch box.typeName {
            case "moof" where depth == 0:
                visit(payload, depth: depth + 1, place: place)
            case "stsd":
                // A full box: version and flags, an entry count, then the sample entries.
                visit(payload.dropFirst(8).startIndex..<payload.upperBound, depth: depth + 1, place: place)
            case "pssh":
                notePSSH(systemID: slice(payload, from: 4, count: 16), place: place)
            case "uuid":
                if let userType = box.userType, userType.elementsEqual(MP4ProtectionScan.piffProtectionHeader) {
                    notePSSH(systemID: slice(payload, from: 4, count: 16), place: place)
                }
            case "senc":
                note("senc box \(place)")
            default:
                if MP4ProtectionScan.containers.contains(type) {
                    visit(payload, depth: depth + 1, place: place)
                } else if MP4ProtectionScan.protectedVisualEntries.contains(type) {
                    // SampleEntry (8 bytes) and VisualSampleEntry fields (70 bytes), then boxes.
                    noteSampleEntry(box, childrenFrom: 78, place: place)
                } else if MP4ProtectionScan.protectedAudioEntries.contains(type) {
                    // SampleEntry (8 bytes), AudioSampleEntry fields (20 bytes), plus 16 or 36
                    // more in QuickTime sound descriptions of version 1 or 2.
                    let version = ISOBox.readUInt16(bytes, at: payload.lowerBound + 8)
                    let extra = version == 1 ? 16 : version == 2 ? 36 : 0
                    noteSampleEntry(box, childrenFrom: 28 + extra, place: place)
                } else if MP4ProtectionScan.protectedOtherEntries.contains(type) {
                    note("\(box.typeName) sample entry \(place)")
                }
            }
        }

        /// An encrypted sample entry, described by its `sinf`: the original format (`frma`) and
        /// the scheme (`schm`).
        private mutating func noteSampleEntry(_ box: ISOBox, childrenFrom offset: Int, place: String) {
            if box.typeName.hasPrefix("drm") { noteSystem(.fairPlay) }
            var details: [String] = []
            let start = min(box.payload.lowerBound + offset, box.payload.upperBound)
            for sinf in ISOBox.boxes(in: bytes, start..<box.payload.upperBound, limit: 64) where sinf.typeName == "sinf" {
                for child in ISOBox.boxes(in: bytes, sinf.payload, limit: 16) {
                    switch child.typeName {
                    case "frma" where child.payload.count >= 4:
                        let original = FourCC.text(ISOBox.readUInt32(bytes, at: child.payload.lowerBound))
                        if !details.contains(original) { details.insert(original, at: 0) }
                    case "schm" where child.payload.count >= 8:
                        // A full box: version and flags, then the scheme type.
                        let code = ISOBox.readUInt32(bytes, at: child.payload.lowerBound + 4)
                        let scheme = Protection.scheme(fourCC: code)
                        if scheme == "itun" { noteSystem(.fairPlay) }
                        if self.scheme == nil || self.scheme == "unknown" { self.scheme = scheme }
                        details.append("schm \(FourCC.text(code))")
                    default:
                        break
                    }
                }
                boxesVisited += 1
            }
            let description = details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"
            note("\(box.typeName) sample entry\(description) \(place)")
        }

        private mutating func notePSSH(systemID: ArraySlice<UInt8>?, place: String) {
            if !psshPlaces.contains(place) { psshPlaces.append(place) }
            guard let systemID else {
                if !psshSystems.contains("no system ID") { psshSystems.append("no system ID") }
                return
            }
            let system = DRMSystem(systemID: systemID)
            noteSystem(system)
            let name = system == .unknown ? "system \(DRMSystem.hex(systemID))" : system.rawValue
            if !psshSystems.contains(name) { psshSystems.append(name) }
        }

        private mutating func noteSystem(_ system: DRMSystem) {
            if self.system == nil || self.system == .unknown { self.system = system }
        }

        private mutating func note(_ finding: String) {
            if !findings.contains(finding) { findings.append(finding) }
        }

        private func slice(_ payload: Range<Int>, from offset: Int, count: Int) -> ArraySlice<UInt8>? {
            let start = payload.lowerBound + offset
            guard start + count <= payload.upperBound else { return nil }
            return bytes[start..<(start + count)]
        }
    }
}
