import Foundation
import Testing

/// End to end: `framegrab --at T --format text counter.<ext>` prints the number drawn on the
/// frame a player shows at T.
@Suite("framegrab reads the frame counter")
struct CounterOCRTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var clip: String
        var frame: Int
        var testDescription: String { "\(clip) frame \(frame)" }
    }

    /// The start, both sides of the second keyframe (the last frame of a long GOP needs it all
    /// decoded) and the last frame, on every container.
    static let cases: [Case] = [
        ("counter.mp4", [0, 299, 300, 599]),
        ("counter.mov", [0, 299, 300, 599]),
        ("counter.mkv", [0, 299, 300, 599]),
        ("counter.webm", [0, 299, 300, 599]),
        ("counter-hevc10.mp4", [0, 299, 300, 599]),
        ("counter.ts", [0, 299, 300, 599]),
        ("hls/counter.m3u8", [0, 119, 120, 599]),
        // Well before and well after the damaged stretch (8.008 s to 14.014 s).
        ("counter-corrupt.ts", [0, 150, 450, 599]),
    ].flatMap { clip, frames in frames.map { Case(clip: clip, frame: $0) } }

    @Test("Prints the zero-padded frame number", arguments: cases)
    func printsFrameNumber(case c: Case) throws {
        let truth = try Fixtures.truth(c.clip)
        if let damage = truth.damaged {
            let time = truth.time(ofFrame: c.frame)
            try #require(time < damage.from - 1 || time > damage.to + 1, "the case must stay clear of the damage")
        }
        let seconds = truth.time(ofFrame: c.frame) + truth.framePeriod / 2
        let result = try FrameGrabCommand.run(["--at", String(format: "%.6f", seconds), "--format", "text", "TestVideos/" + c.clip])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let lines = result.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }
        let expected = ClipTruth.counterText(c.frame)
        #expect(lines.contains(expected), "expected \(expected): \(result)")
        let numbers = lines.filter { $0.count == 5 && $0.allSatisfy(\.isNumber) }
        #expect(numbers == [expected], "one number, the right one: \(result)")
    }
}
