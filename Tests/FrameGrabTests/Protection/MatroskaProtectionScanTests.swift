@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Foundation
import Testing

/// Builds EBML elements for tests: sizes written 8 bytes wide, as muxers often do.
enum EBML {
    static func id(_ id: UInt32) -> [UInt8] {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: id >> $0) }
        return Array(bytes.drop { $0 == 0 })
    }

    static func size(_ count: Int) -> [UInt8] {
        [0x01] + [48, 40, 32, 24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) }
    }

    static let unknownSize: [UInt8] = [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]

    static func element(_ identifier: UInt32, _ payload: [UInt8]) -> [UInt8] {
        id(identifier) + size(payload.count) + payload
    }

    static func uint(_ identifier: UInt32, _ value: UInt64) -> [UInt8] {
        element(identifier, [UInt8(truncatingIfNeeded: value)])
    }

    static func header(_ docType: String = "webm") -> [UInt8] {
        element(0x1A45_DFA3, element(0x4286, [1]) + element(0x4282, Array(docType.utf8)))
    }

    static func encoding(type: UInt64 = 1, algorithm: UInt64? = 5, keyID: [UInt8]? = [UInt8](repeating: 9, count: 16),
                         mode: UInt64? = 1) -> [UInt8] {
        var encryption: [UInt8] = []
        if let algorithm { encryption += uint(0x47E1, algorithm) }
        if let keyID { encryption += element(0x47E2, keyID) }
        if let mode { encryption += element(0x47E7, uint(0x47E8, mode)) }
        return element(0x6D80, element(0x6240, uint(0x5031, 0) + uint(0x5032, 1) + uint(0x5033, type)
                                       + element(0x5035, encryption)))
    }

    static func track(number: UInt64 = 1, type: UInt64 = 1, extra: [UInt8] = []) -> [UInt8] {
        element(0xAE, uint(0xD7, number) + uint(0x83, type) + element(0x86, Array("V_VP9".utf8)) + extra)
    }

    /// A file: header, then a Segment of unknown size (as live WebM writes it) holding Info,
    /// Tracks and a Cluster.
    static func file(tracks: [UInt8], docType: String = "webm", clusterFirst: Bool = false) -> [UInt8] {
        let info = element(0x1549_A966, uint(0x2AD7B1, 1))
        let cluster = element(0x1F43_B675, uint(0xE7, 0) + element(0xA3, [UInt8](repeating: 0, count: 32)))
        let body = clusterFirst ? info + cluster + element(0x1654_AE6B, tracks) : info + element(0x1654_AE6B, tracks) + cluster
        return header(docType) + id(0x1853_8067) + unknownSize + body
    }
}

@Suite("Matroska/WebM element walk")
struct MatroskaProtectionScanTests {
    @Test("A clear file signals nothing; the DocType names the format")
    func clear() throws {
        #expect(MatroskaProtectionScan.protection(in: EBML.file(tracks: EBML.track())) == nil)
        #expect(MatroskaProtectionScan.docType(of: EBML.file(tracks: EBML.track())) == "webm")
        #expect(MatroskaProtectionScan.docType(of: EBML.file(tracks: EBML.track(), docType: "matroska")) == "matroska")
        #expect(MatroskaProtectionScan.docType(of: Array("#EXTM3U\n".utf8)) == nil)
        let mkv = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("counter.mkv"))).prefix(1 << 20))
        #expect(MatroskaProtectionScan.protection(in: mkv) == nil)
    }

    @Test("ContentEncryption on any track, its scheme from algorithm and cipher mode", arguments: [
        (UInt64(5), UInt64?.some(1), "aes-ctr"), (5, 2, "aes-cbc"), (5, nil, "aes"), (1, nil, "des"), (3, nil, "twofish"),
    ])
    func encrypted(algorithm: UInt64, mode: UInt64?, scheme: String) throws {
        let tracks = EBML.track(number: 1, type: 1) + EBML.track(number: 2, type: 2, extra: EBML.encoding(algorithm: algorithm, mode: mode))
        let protection = try #require(MatroskaProtectionScan.protection(in: EBML.file(tracks: tracks)))
        #expect(protection.scheme == scheme)
        #expect(protection.system == .unknown)
        #expect(protection.evidence == "ContentEncryption with a key ID on audio track 2")
    }

    @Test("Compression is not encryption; algorithm 0 without a key ID only signs")
    func notEncryption() {
        let compressed = EBML.element(0x6D80, EBML.element(0x6240, EBML.uint(0x5033, 0) + EBML.element(0x5034, EBML.uint(0x4254, 3))))
        #expect(MatroskaProtectionScan.protection(in: EBML.file(tracks: EBML.track(extra: compressed))) == nil)
        let signed = EBML.encoding(algorithm: 0, keyID: nil, mode: nil)
        #expect(MatroskaProtectionScan.protection(in: EBML.file(tracks: EBML.track(extra: signed))) == nil)
    }

    @Test("The fixture: FFmpeg's live WebM with the element added by hand")
    func fixture() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("protected/encrypted.webm"))))
        let protection = try #require(MatroskaProtectionScan.protection(in: bytes))
        #expect(protection.scheme == "aes-ctr")
        #expect(protection.evidence == "ContentEncryption with a key ID on video track 1")
    }

    @Test("Tracks after the first cluster are not looked for")
    func stopsAtCluster() {
        #expect(MatroskaProtectionScan.protection(in: EBML.file(tracks: EBML.track(extra: EBML.encoding()), clusterFirst: true)) == nil)
    }

    @Test("Every prefix: no crash; a Segment longer than the data is read as far as it goes")
    func truncated() {
        let file = EBML.file(tracks: EBML.track(extra: EBML.encoding()))
        for length in 0..<file.count {
            _ = MatroskaProtectionScan.protection(in: Array(file.prefix(length)))
        }
        // A known Segment size far larger than the bytes read: the tracks are still found.
        let header = EBML.header()
        let body = Array(file[(header.count + 4 + 8)...])
        let claimed = header + EBML.id(0x1853_8067) + EBML.size(1 << 40) + body
        #expect(MatroskaProtectionScan.protection(in: claimed)?.scheme == "aes-ctr")
    }

    @Test("Malformed headers end the walk", arguments: [
        [0x00, 0x00, 0x00, 0x00],                          // no length marker
        [0x1A, 0x45, 0xDF, 0xA3, 0x00],                     // a size with no marker
        [0x1A, 0x45, 0xDF, 0xA3, 0x88],                     // a header claiming more than there is
        [0x08, 0x45, 0xDF, 0xA3, 0x1A, 0x81, 0x00],         // a 5-byte ID
        EBML.header() + [0x18, 0x53, 0x80, 0x67] + [0x01, 0xFF],  // a Segment size cut short
    ] as [[UInt8]])
    func malformed(bytes: [UInt8]) {
        #expect(MatroskaProtectionScan.protection(in: bytes) == nil)
    }

    @Test("Floods of elements are bounded; random bytes and damage never crash")
    func hostile() {
        let flood = Array(repeating: EBML.element(0xEC, []), count: 100_000).flatMap { $0 }
        #expect(MatroskaProtectionScan.protection(in: EBML.header() + EBML.id(0x1853_8067) + EBML.unknownSize + flood
                                                  + EBML.element(0x1654_AE6B, EBML.track(extra: EBML.encoding()))) == nil)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<400 {
            let bytes = [0x1A, 0x45, 0xDF, 0xA3] + (0..<Int.random(in: 0...1024, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = MatroskaProtectionScan.protection(in: bytes)
        }
        let original = EBML.file(tracks: EBML.track(extra: EBML.encoding()))
        for _ in 0..<400 {
            var damaged = original
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = MatroskaProtectionScan.protection(in: damaged)
        }
    }
}
