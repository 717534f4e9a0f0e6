@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Foundation
import Testing

@Suite("HLS playlist parser")
struct HLSPlaylistTests {
    static let master = """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",DEFAULT=YES,URI="audio/en.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="aac"
        720p.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"
        audio-only.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",AUDIO="aac"
        1080p.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,RESOLUTION=1920x1080,URI="1080p-iframes.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360
        360p.m3u8
        """

    @Test("A master playlist: variants with their attributes, and the other playlists it names")
    func master() throws {
        let playlist = try #require(HLSPlaylist(parsing: Self.master))
        #expect(playlist.isMaster)
        #expect(playlist.variants.map(\.uri) == ["720p.m3u8", "audio-only.m3u8", "1080p.m3u8", "360p.m3u8"])
        #expect(playlist.variants[0] == .init(uri: "720p.m3u8", bandwidth: 800_000, width: 1280, height: 720, codecs: "avc1.64001f,mp4a.40.2"))
        #expect(playlist.variants[1].isAudioOnly && !playlist.variants[0].isAudioOnly && !playlist.variants[3].isAudioOnly)
        #expect(playlist.otherPlaylists == ["audio/en.m3u8", "1080p-iframes.m3u8"])
        #expect(playlist.keys.isEmpty)
        #expect(playlist.sharpestVariant?.uri == "1080p.m3u8")
        #expect(playlist.variantsBySharpness.map(\.uri) == ["1080p.m3u8", "720p.m3u8", "360p.m3u8"])
    }

    @Test("The sharpest: most pixels, then most bandwidth, then the first listed; no resolution ranks last")
    func sharpest() throws {
        let text = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=9000000
            unknown-size.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1920x1080
            a.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080
            b.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080
            c.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=8000000,RESOLUTION=1280x720
            d.m3u8
            """
        let playlist = try #require(HLSPlaylist(parsing: text))
        #expect(playlist.variantsBySharpness.map(\.uri) == ["b.m3u8", "c.m3u8", "a.m3u8", "d.m3u8", "unknown-size.m3u8"])
    }

    @Test("A media playlist: its keys, in order, each once")
    func mediaKeys() throws {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:6
            #EXT-X-KEY:METHOD=AES-128,URI="key1",IV=0x0123
            #EXTINF:6.0,
            s0.ts
            #EXT-X-KEY:METHOD=AES-128,URI="key1",IV=0x0123
            #EXTINF:6.0,
            s1.ts
            #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"
            #EXTINF:6.0,
            s2.ts
            """
        let playlist = try #require(HLSPlaylist(parsing: text))
        #expect(!playlist.isMaster && playlist.variants.isEmpty)
        #expect(playlist.keys == [
            .init(tag: "EXT-X-KEY", method: "AES-128", uri: "key1", keyFormat: nil),
            .init(tag: "EXT-X-KEY", method: "SAMPLE-AES", uri: "skd://k", keyFormat: "com.apple.streamingkeydelivery"),
        ])
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        var line: String
        var scheme: String?
        var system: DRMSystem?
        var testDescription: String { line }
    }

    @Test("Which keys are DRM: sample encryption, any key system; AES-128 with its own key is not", arguments: [
        KeyCase(line: #"#EXT-X-KEY:METHOD=NONE"#, scheme: nil, system: nil),
        KeyCase(line: #"#EXT-X-KEY:METHOD=AES-128,URI="k.key""#, scheme: nil, system: nil),
        KeyCase(line: #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k",KEYFORMAT="identity""#, scheme: nil, system: nil),
        KeyCase(line: #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="k.key""#, scheme: "sample-aes", system: .unknown),
        KeyCase(line: #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://x",KEYFORMAT="com.apple.streamingkeydelivery""#, scheme: "sample-aes", system: .fairPlay),
        KeyCase(line: #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://x""#, scheme: "sample-aes", system: .fairPlay),
        KeyCase(line: #"#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",URI="data:,x""#, scheme: "sample-aes-ctr", system: .widevine),
        KeyCase(line: #"#EXT-X-KEY:METHOD=SAMPLE-AES-CENC,KEYFORMAT="urn:uuid:9A04F079-9840-4286-AB92-E65BE0885F95""#, scheme: "sample-aes-cenc", system: .playReady),
        KeyCase(line: #"#EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,KEYFORMAT="com.microsoft.playready",URI="data:,x""#, scheme: "sample-aes", system: .playReady),
        KeyCase(line: #"#EXT-X-KEY:METHOD=AES-128,URI="k",KEYFORMAT="com.apple.streamingkeydelivery""#, scheme: "aes-128", system: .fairPlay),
        KeyCase(line: #"#EXT-X-KEY:METHOD=AES-128,URI="k",KEYFORMAT="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e""#, scheme: "aes-128", system: .clearKey),
        KeyCase(line: #"#EXT-X-KEY:METHOD=AES-128,URI="k",KEYFORMAT="com.example.drm""#, scheme: "aes-128", system: .unknown),
        KeyCase(line: #"#EXT-X-KEY:METHOD=sample-aes,URI="k""#, scheme: "sample-aes", system: .unknown),
        KeyCase(line: #"#EXT-X-KEY:METHOD=ROT13,URI="k""#, scheme: "rot13", system: .unknown),
    ])
    func keyPolicy(key: KeyCase) throws {
        let playlist = try #require(HLSPlaylist(parsing: "#EXTM3U\n\(key.line)\n#EXTINF:1,\ns.ts\n"))
        let found = try #require(playlist.keys.first)
        let protection = found.protection(in: "media.m3u8")
        #expect(protection?.scheme == key.scheme)
        #expect(protection?.system == key.system)
        if let protection {
            #expect(protection.evidence.hasPrefix("#\(found.tag) METHOD="))
            #expect(protection.evidence.hasSuffix(" in media.m3u8"))
        }
    }

    @Test("Attribute lists: quoted commas, spaces, lower-case names, missing values, unterminated quotes")
    func attributes() {
        let parsed = HLSPlaylist.attributes(#"BANDWIDTH=1,CODECS="avc1.64001f,mp4a.40.2", resolution=1x2,NOVALUE,URI="a,b"#)
        #expect(parsed["BANDWIDTH"] == "1")
        #expect(parsed["CODECS"] == "avc1.64001f,mp4a.40.2")
        #expect(parsed["RESOLUTION"] == "1x2")
        #expect(parsed["URI"] == "a,b", "an unterminated quote runs to the end of the line")
        #expect(HLSPlaylist.attributes("") == [:])
        #expect(HLSPlaylist.attributes("=,=,\"\"") == [:])
    }

    @Test("Line endings, a byte order mark, blank lines and comments")
    func lineEndings() throws {
        let text = "\u{FEFF}#EXTM3U\r\n\r\n# a comment\r\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=2x2\r\n  v.m3u8  \r\n"
        let playlist = try #require(HLSPlaylist(parsing: text))
        #expect(playlist.variants.map(\.uri) == ["v.m3u8"])
    }

    @Test("Not a playlist", arguments: ["", "EXTM3U", "#EXT-X-VERSION:3\n#EXTM3U", "<MPD/>", "\u{0}\u{1}"])
    func notAPlaylist(text: String) {
        #expect(HLSPlaylist(parsing: text) == nil)
    }

    @Test("Hostile playlists are bounded and never crash")
    func hostile() throws {
        let huge = "#EXTM3U\n#EXT-X-STREAM-INF:RESOLUTION=99999999999999999999x2,BANDWIDTH=-5\nv.m3u8\n"
        let variant = try #require(HLSPlaylist(parsing: huge)?.variants.first)
        #expect(variant.width == nil && variant.bandwidth == nil && variant.pixelCount == 0)

        let many = "#EXTM3U\n" + String(repeating: "#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n", count: 1000)
        #expect(HLSPlaylist(parsing: many)?.variants.count == HLSPlaylist.maximumEntries)

        let wide = "#EXTM3U\n#EXT-X-KEY:" + String(repeating: "A=1,", count: 100_000) + "METHOD=SAMPLE-AES\n"
        #expect(HLSPlaylist(parsing: wide)?.keys.first?.method == "NONE", "attributes past the cap are not read")

        let unterminated = "#EXTM3U\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"" + String(repeating: "x", count: 100_000)
        #expect(HLSPlaylist(parsing: unterminated)?.keys.first?.protection(in: nil) != nil)

        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("#EXTM3U-:=,\"\n\r XKEYSTREAMINF0123456789x.") + ["\u{FEFF}", "é"]
        for _ in 0..<500 {
            let text = "#EXTM3U\n" + String((0..<Int.random(in: 0...400, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "#" })
            if let playlist = HLSPlaylist(parsing: text) {
                _ = playlist.sharpestVariant
                _ = playlist.keys.map { $0.protection(in: "x") }
            }
        }
    }
}
