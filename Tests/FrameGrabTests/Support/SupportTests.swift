import FrameGrab
import Testing

/// The measuring sticks the truth tests rely on, checked on cases worked by hand.
@Suite("Test support")
struct SupportTests {
    @Test("Levenshtein distance", arguments: [
        ("", "", 0), ("abc", "", 3), ("", "abc", 3), ("kitten", "sitting", 3),
        ("flaw", "lawn", 2), ("same", "same", 0), ("café", "cafe", 1), ("ab", "ba", 2),
    ] as [(String, String, Int)])
    func levenshtein(a: String, b: String, distance: Int) {
        #expect(TextDistance.levenshtein(a, b) == distance)
        #expect(TextDistance.levenshtein(b, a) == distance)
    }

    @Test("Character error rate ignores how whitespace is laid out")
    func characterErrorRate() {
        #expect(TextDistance.characterErrorRate(found: "if x:\n        return 1", truth: "if x:\n    return 1") == 0)
        #expect(TextDistance.characterErrorRate(found: "retum 1", truth: "return 1") == 2.0 / 8.0)
        #expect(TextDistance.characterErrorRate(found: "", truth: "abcd") == 1)
    }

    @Test("A word split at punctuation still counts; a misread or misplaced one does not")
    func wordMatching() {
        let truth = RegionTruth.WordTruth(text: "TreeMap::new,", bbox: BoxTruth(x: 100, y: 10, width: 130, height: 20))
        let exact = [Word(text: "TreeMap::new,", box: BoundingBox(x: 101, y: 10, width: 128, height: 20), confidence: 0.9)]
        let split = [
            Word(text: "TreeMap:", box: BoundingBox(x: 100, y: 10, width: 80, height: 20), confidence: 0.9),
            Word(text: ":", box: BoundingBox(x: 180, y: 12, width: 10, height: 16), confidence: 0.9),
            Word(text: "new,", box: BoundingBox(x: 190, y: 10, width: 40, height: 20), confidence: 0.9),
        ]
        let misread = [Word(text: "TreeMap::new.", box: BoundingBox(x: 100, y: 10, width: 130, height: 20), confidence: 0.9)]
        let misplaced = [Word(text: "TreeMap::new,", box: BoundingBox(x: 300, y: 10, width: 130, height: 20), confidence: 0.9)]
        #expect(TruthMatching.match(truth, in: exact) == .exact)
        #expect(TruthMatching.match(truth, in: split) == .split)
        #expect(TruthMatching.match(truth, in: split.reversed()) == .split, "pieces are read left to right")
        #expect(TruthMatching.match(truth, in: misread) == .missing)
        #expect(TruthMatching.match(truth, in: misplaced) == .missing)
        #expect(TruthMatching.match(truth, in: Array(split.dropLast())) == .missing)
    }

    @Test("Counter frame stamps in each container's time base")
    func counterStamps() throws {
        let mkv = try Fixtures.truth("counter.mkv")
        #expect([1, 2, 15, 300].map(mkv.frameTicks) == [33, 67, 501, 10010], "whole milliseconds, rounded")
        let ts = try Fixtures.truth("counter.ts")
        #expect(ts.startTicks == 1_026_000 && ts.timestamp(ofFrame: 2) == 1_032_006)
        #expect(ClipTruth.counterText(7) == "00007" && ClipTruth.counterText(599) == "00599")
    }
}
