@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Foundation
import Testing

/// Builds ISO BMFF boxes for tests.
enum Boxes {
    static let widevine = "edef8ba979d64acea3c827dcd51d21ed"
    static let playReady = "9a04f07998404286ab92e65be0885f95"
    static let fairPlay = "94ce86fb07ff4f43adb893d2fa968ca2"

    static func u32(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    static func box(_ type: String, _ payload: [UInt8] = []) -> [UInt8] {
        u32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        box(type, [0, 0, 0, 0] + payload)
    }

    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map {
            let start = text.index(text.startIndex, offsetBy: $0)
            return UInt8(text[start..<text.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
    }

    static func pssh(_ systemID: String) -> [UInt8] {
        fullBox("pssh", hex(systemID) + u32(2) + [0x12, 0x00])
    }

    /// An encrypted sample entry with its `sinf`: `frma`, `schm`, `schi`/`tenc`.
    static func protectedEntry(_ type: String = "encv", original: String = "avc1", scheme: String = "cenc",
                               fields: Int = 78) -> [UInt8] {
        let sinf = box("sinf", box("frma", Array(original.utf8))
                       + fullBox("schm", Array(scheme.utf8) + u32(0x10000))
                       + box("schi", fullBox("tenc", [0, 0, 1, 8] + [UInt8](repeating: 7, count: 16))))
        return box(type, [UInt8](repeating: 0, count: fields) + sinf)
    }

    static func movie(entries: [UInt8], extra: [UInt8] = []) -> [UInt8] {
        box("ftyp", Array("isom".utf8) + u32(0)) +
            box("moov", box("mvhd", [UInt8](repeating: 0, count: 100))
                + box("trak", box("mdia", box("minf", box("stbl", fullBox("stsd", u32(1) + entries))))) + extra)
    }
}

@Suite("MP4 box walk")
struct MP4ProtectionScanTests {
    @Test("A clear movie signals nothing")
    func clear() {
        let movie = Boxes.movie(entries: Boxes.box("avc1", [UInt8](repeating: 0, count: 78)))
        #expect(MP4ProtectionScan.protection(in: movie) == nil)
        #expect(MP4ProtectionScan.protection(in: []) == nil)
    }

    @Test("encv with sinf: the scheme from schm, the original format from frma", arguments: ["cenc", "cbcs", "cens", "cbc1"])
    func sampleEntry(scheme: String) throws {
        let protection = try #require(MP4ProtectionScan.protection(in: Boxes.movie(entries: Boxes.protectedEntry(scheme: scheme))))
        #expect(protection.scheme == scheme)
        #expect(protection.system == .unknown)
        #expect(protection.evidence == "encv sample entry (avc1, schm \(scheme)) in moov")
    }

    @Test("enca in QuickTime sound descriptions of versions 0, 1 and 2", arguments: [(0, 28), (1, 44), (2, 64)])
    func audioEntry(version: Int, fields: Int) throws {
        var entry = Boxes.protectedEntry("enca", original: "mp4a", fields: fields)
        entry[8 + 8 + 1] = UInt8(version)   // after the box header and SampleEntry's 8 bytes
        let protection = try #require(MP4ProtectionScan.protection(in: Boxes.movie(entries: entry)))
        #expect(protection.evidence == "enca sample entry (mp4a, schm cenc) in moov")
    }

    @Test("pssh boxes name the system", arguments: [
        (Boxes.widevine, DRMSystem.widevine), (Boxes.playReady, .playReady), (Boxes.fairPlay, .fairPlay),
        ("e2719d58a985b3c9781ab030af78d30e", .clearKey), ("1077efecc0b24d02ace33c1e52e2fb4b", .clearKey),
    ])
    func pssh(systemID: String, system: DRMSystem) throws {
        let movie = Boxes.movie(entries: Boxes.protectedEntry(), extra: Boxes.pssh(systemID))
        let protection = try #require(MP4ProtectionScan.protection(in: movie))
        #expect(protection.system == system)
        #expect(protection.scheme == "cenc")
        #expect(protection.evidence.hasPrefix("pssh box in moov"))
    }

    @Test("Several pssh boxes: the first known system, all of them named")
    func severalPSSH() throws {
        let unknown = "00112233445566778899aabbccddeeff"
        let movie = Boxes.movie(entries: Boxes.protectedEntry(), extra: Boxes.pssh(unknown) + Boxes.pssh(Boxes.playReady) + Boxes.pssh(Boxes.widevine))
        let protection = try #require(MP4ProtectionScan.protection(in: movie))
        #expect(protection.system == .playReady)
        #expect(protection.evidence.hasPrefix("pssh boxes in moov (system \(unknown), PlayReady, Widevine)"))
    }

    @Test("A pssh in the first moof of a fragmented file; a later moof is media, not read")
    func fragments() throws {
        let fragment = Boxes.box("moof", Boxes.box("mfhd", Boxes.u32(0) + Boxes.u32(1)) + Boxes.pssh(Boxes.widevine)
                                  + Boxes.box("traf", Boxes.fullBox("senc", Boxes.u32(0))))
        let clearMovie = Boxes.movie(entries: Boxes.box("avc1", [UInt8](repeating: 0, count: 78)))
        let mdat = Boxes.box("mdat", [UInt8](repeating: 0xAB, count: 64))
        let first = try #require(MP4ProtectionScan.protection(in: clearMovie + fragment + mdat))
        #expect(first.system == .widevine)
        #expect(first.evidence == "pssh box in moof, senc box in moof")
        let clearFragment = Boxes.box("moof", Boxes.box("mfhd", Boxes.u32(0) + Boxes.u32(1)))
        #expect(MP4ProtectionScan.protection(in: clearMovie + clearFragment + mdat + fragment) == nil)
    }

    @Test("FairPlay's own sample entries and PIFF's pssh box")
    func otherSignals() throws {
        let drmi = try #require(MP4ProtectionScan.protection(in: Boxes.movie(entries: Boxes.protectedEntry("drmi", scheme: "itun"))))
        #expect(drmi.system == .fairPlay && drmi.scheme == "itun")
        let piffID = Boxes.hex("d08a4f1810f34a82b6c832d8aba183d3")
        let piff = Boxes.u32(8 + 16 + 4 + 16 + 4) + Array("uuid".utf8) + piffID + [0, 0, 0, 0] + Boxes.hex(Boxes.playReady) + Boxes.u32(0)
        let found = try #require(MP4ProtectionScan.protection(in: Boxes.movie(entries: [], extra: piff)))
        #expect(found.system == .playReady)
    }

    @Test("Size 0 runs to the end of the parent; size 1 takes a 64-bit size")
    func specialSizes() throws {
        var toEnd = Boxes.pssh(Boxes.widevine)
        toEnd.replaceSubrange(0..<4, with: [0, 0, 0, 0])
        #expect(try #require(MP4ProtectionScan.protection(in: Boxes.movie(entries: []) + toEnd)).system == .widevine)

        let pssh = Boxes.pssh(Boxes.playReady)
        let large = [0, 0, 0, 1] + Array("moov".utf8) + [0, 0, 0, 0] + Boxes.u32(16 + pssh.count) + pssh
        #expect(try #require(MP4ProtectionScan.protection(in: large)).system == .playReady)
    }

    @Test("Sizes that lie never read outside the data", arguments: [
        [0, 0, 0, 4] + Array("moov".utf8),                             // smaller than a header
        [0xFF, 0xFF, 0xFF, 0xFF] + Array("moov".utf8) + [1, 2, 3],     // far past the end
        [0, 0, 0, 1] + Array("moov".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // largesize past Int64
        [0, 0, 0, 1] + Array("moov".utf8) + [0, 0, 0, 0, 0, 0, 0, 8],  // largesize below its header
        [0, 0, 0, 24] + Array("uuid".utf8) + [1, 2, 3],                // uuid without its user type
    ] as [[UInt8]])
    func lyingSizes(bytes: [UInt8]) {
        #expect(MP4ProtectionScan.protection(in: bytes) == nil)
    }

    @Test("A child larger than its parent is read as far as the parent goes, and is the last")
    func overflowingChild() throws {
        var movie = Boxes.movie(entries: Boxes.protectedEntry())
        // Make the trak claim a gigabyte inside a moov of a few hundred bytes.
        let trak = try #require(movie.firstRange(of: Array("trak".utf8)))
        movie.replaceSubrange((trak.lowerBound - 4)..<trak.lowerBound, with: Boxes.u32(1 << 30))
        let protection = MP4ProtectionScan.protection(in: movie + Boxes.pssh(Boxes.widevine))
        #expect(protection?.scheme == "cenc", "the encv inside the cut trak is still seen")
    }

    @Test("Every prefix of a protected movie: no crash, and the whole one is found")
    func truncated() {
        let movie = Boxes.movie(entries: Boxes.protectedEntry(), extra: Boxes.pssh(Boxes.widevine))
        for length in 0..<movie.count {
            _ = MP4ProtectionScan.protection(in: Array(movie.prefix(length)))
        }
        #expect(MP4ProtectionScan.protection(in: movie)?.system == .widevine)
    }

    @Test("Deep nesting and floods of boxes are bounded")
    func bounded() {
        var nested: [UInt8] = Boxes.pssh(Boxes.widevine)
        for _ in 0..<5_000 { nested = Boxes.box("moov", nested) }
        #expect(MP4ProtectionScan.protection(in: nested) == nil, "the pssh is deeper than any real file nests")

        let flood = Array(repeating: Boxes.box("free"), count: 200_000).flatMap { $0 } + Boxes.pssh(Boxes.widevine)
        #expect(MP4ProtectionScan.protection(in: flood) == nil, "the box budget runs out first")
    }

    @Test("Random bytes and random damage to real files never crash the walk")
    func randomInput() throws {
        var generator = SeededGenerator(seed: 20_240_601)
        for _ in 0..<400 {
            let bytes = (0..<Int.random(in: 0...2048, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = MP4ProtectionScan.protection(in: bytes)
        }
        let originals = [Boxes.movie(entries: Boxes.protectedEntry(), extra: Boxes.pssh(Boxes.widevine)),
                         Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("protected/cenc-fragmented.mp4")))).prefix(1400).map { $0 }]
        for original in originals {
            for _ in 0..<300 {
                var damaged = original
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                _ = MP4ProtectionScan.protection(in: damaged)
            }
        }
    }
}

/// A deterministic random source (SplitMix64), so hostile-input tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
