@testable import FrameGrab
@testable import FrameGrabModel
@testable import FrameGrabStore
import Testing

@Suite("DASH manifest scan")
struct DASHManifestTests {
    @Test("ContentProtection: the scheme from mp4protection, the system from the first known UUID")
    func protection() throws {
        let mpd = """
            <?xml version="1.0"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013"><Period><AdaptationSet>
              <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cbcs" cenc:default_KID="x"/>
              <ContentProtection schemeIdUri='urn:uuid:00000000-0000-0000-0000-000000000000'></ContentProtection>
              <ContentProtection
                  schemeIdUri="urn:uuid:94CE86FB-07FF-4F43-ADB8-93D2FA968CA2"/>
            </AdaptationSet></Period></MPD>
            """
        #expect(DASHManifest.isManifest(mpd))
        let found = try #require(DASHManifest.protection(in: mpd))
        #expect(found.scheme == "cbcs")
        #expect(found.system == .fairPlay)
        #expect(found.evidence == "ContentProtection in the MPD (mp4protection cbcs, urn:uuid:00000000-0000-0000-0000-000000000000, FairPlay)")
    }

    @Test("With a namespace prefix; not in text, comments' words or closing tags")
    func startTagsOnly() {
        let prefixed = #"<mpd:MPD><mpd:ContentProtection schemeIdUri="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"/></mpd:MPD>"#
        #expect(DASHManifest.isManifest(prefixed))
        #expect(DASHManifest.protection(in: prefixed)?.system == .widevine)
        let mentions = "<MPD><!-- no ContentProtection here --><Title>ContentProtection</Title></ContentProtection><ContentProtectionX/></MPD>"
        #expect(DASHManifest.protection(in: mentions) == nil)
        #expect(DASHManifest.protection(in: "<MPD><Period/></MPD>") == nil)
        #expect(!DASHManifest.isManifest("#EXTM3U"))
    }

    @Test("Hostile manifests never crash")
    func hostile() {
        let flood = "<MPD>" + String(repeating: "<ContentProtection schemeIdUri=\"a\" value=\"", count: 20_000)
        #expect(DASHManifest.protection(in: flood) != nil)
        for text in ["<ContentProtection", "<:ContentProtection>", "<ContentProtection ===>", "<a:b:ContentProtection/>", "ContentProtection<"] {
            _ = DASHManifest.protection(in: text)
        }
        var generator = SeededGenerator(seed: 3)
        let alphabet = Array("<>/=\"' :ContentProtectionschemeIdUrivalue") + ["é"]
        for _ in 0..<300 {
            _ = DASHManifest.protection(in: String((0..<Int.random(in: 0...300, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "<" }))
        }
    }
}
