import Foundation
import FrameGrab
import Testing

/// Replays through `FuzzHarness` every input `scripts/fuzz` kept (an input that once crashed
/// a parser, fixed since) and the fixtures each harness is seeded from. A regression traps
/// and takes the test run down with it, which fails it as loudly as the fuzzer did.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let kept = Fixtures.packageRoot.appendingPathComponent("Tests/FrameGrabTests/Fuzz/Inputs")

    @Test("every kept crashing input runs through its harness", arguments: FuzzHarness.allCases)
    func keptInputs(harness: FuzzHarness) throws {
        let directory = FuzzRegressionTests.kept.appendingPathComponent(harness.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() {
            harness.run(Array(try Data(contentsOf: directory.appendingPathComponent(name))))
        }
    }

    @Test("the fixtures' containers, playlists and manifests run through their harnesses")
    func fixtures() throws {
        let seeds: [(FuzzHarness, String)] = [
            (.mp4, "protected/cenc.mp4"), (.mp4, "protected/cenc-fragmented.mp4"), (.mp4, "bad/truncated.mp4"),
            (.matroska, "protected/encrypted.webm"), (.matroska, "counter.mkv"),
            (.hls, "hls-renditions/master.m3u8"), (.hls, "protected/hls/fairplay.m3u8"), (.dash, "protected/cenc.mpd"),
        ]
        for (harness, relative) in seeds {
            harness.run(Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(relative)))))
        }
        FuzzHarness.search.run(Array(#"URLSession.shared "fetch(\"a\")" NEAR(a b) -> *"#.utf8))
        FuzzHarness.eventLine.run(Array(#"{"event":"pause","time":750.0}"#.utf8))
    }
}
