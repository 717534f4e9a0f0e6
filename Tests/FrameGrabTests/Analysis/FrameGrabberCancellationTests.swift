import Foundation
import FrameGrab
import Synchronization
import Testing

/// What a player session relies on: an analysis can be stopped from another thread, down to
/// Tesseract, and a frame already read is not read again.
@Suite("FrameGrabber cancellation and reuse")
struct FrameGrabberCancellationTests {
    /// Counts how often a cancellation check was asked, and answers as told.
    final class CancelProbe: Sendable {
        private let polls = Atomic(0)
        private let answer: Bool
        /// Polls answered false before `answer` is given.
        private let before: Int

        init(answer: Bool, after before: Int = 0) {
            self.answer = answer
            self.before = before
        }

        var count: Int { polls.load(ordering: .relaxed) }

        var check: @Sendable () -> Bool {
            { [self] in
                polls.add(1, ordering: .relaxed).oldValue >= before ? answer : false
            }
        }
    }

    /// The title of the first talk-light slide, cropped as Tesseract would be given it, `left`
    /// pixels of margin kept: each test reads a picture of its own, which nothing in the
    /// process has read before (`RecognitionMemo` would answer for Tesseract).
    static func titleImage(left: Int) throws -> GrayImage {
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path("talk-light.mp4")))
        let frame = try seeker.frame(at: MediaTime(seconds: 1.5))
        return frame.image.cropped(to: BoundingBox(x: 66 - left, y: 34, width: 850 + left, height: 64))
    }

    @Test("Tesseract polls the cancellation check and stops when it answers true")
    func cancellationReachesTesseract() throws {
        let engine = try TesseractEngine()

        let reading = CancelProbe(answer: false)
        let read = try engine.recognize(try Self.titleImage(left: 10), layout: .line, shouldCancel: reading.check)
        #expect(read.map(\.text) == ["Caching thumbnails with an actor"])
        #expect(reading.count > 1, "besides the check before reading, the monitor's cancel callback was never called")

        // Let through the check before reading: Tesseract's monitor is what stops it.
        let cancelled = CancelProbe(answer: true, after: 1)
        #expect(try engine.recognize(try Self.titleImage(left: 9), layout: .line, shouldCancel: cancelled.check).isEmpty)
        #expect(cancelled.count > 1)
    }

    @Test("A picture read before is not read again; one whose reading was cut short is")
    func memo() throws {
        let engine = try TesseractEngine()
        let image = try Self.titleImage(left: 8)

        let stopped = CancelProbe(answer: true, after: 1)
        #expect(try engine.recognize(image, layout: .line, shouldCancel: stopped.check).isEmpty)

        let first = CancelProbe(answer: false)
        let read = try engine.recognize(image, layout: .line, shouldCancel: first.check)
        #expect(read.map(\.text) == ["Caching thumbnails with an actor"])
        #expect(first.count > 1, "Tesseract read it: a cut-short reading was not remembered")

        let again = CancelProbe(answer: false)
        #expect(try engine.recognize(image, layout: .line, shouldCancel: again.check) == read)
        #expect(again.count == 1, "only the check before reading: Tesseract was not asked again")

        // Another engine, another layout: the same settings and pixels only.
        let other = try TesseractEngine()
        #expect(try other.recognize(image, layout: .line) == read)
        let asBlock = CancelProbe(answer: false)
        _ = try engine.recognize(image, layout: .block, shouldCancel: asBlock.check)
        #expect(asBlock.count > 1, "a block is read afresh")
    }

    @Test("A cancelled report reads nothing; an uncancelled one polls and reads the slide")
    func cancelledReport() throws {
        let grabber = try FrameGrabber(path: Fixtures.path("talk-light.mp4"))
        let time = MediaTime(seconds: 1.5)

        let cancelled = CancelProbe(answer: true)
        let stopped = try grabber.report(at: time, shouldCancel: cancelled.check)
        #expect(stopped.regions.isEmpty)
        #expect(cancelled.count > 0)

        let reading = CancelProbe(answer: false)
        let report = try grabber.report(at: time, shouldCancel: reading.check)
        #expect(report.regions.first?.text == "Caching thumbnails with an actor")
        // Between lines and inside Tesseract: more polls than there are regions.
        #expect(reading.count > report.regions.count)
    }

    @Test("A report for the same frame is asked for by stream timestamp and reused without OCR")
    func reuse() throws {
        let truth = try Fixtures.truth("counter.mp4")
        let grabber = try FrameGrabber(path: Fixtures.path("counter.mp4"))
        let first = MediaTime(seconds: truth.time(ofFrame: 150) + 0.002)
        let second = MediaTime(seconds: truth.time(ofFrame: 150) + 0.030)

        var asked: [Int64] = []
        let read = try grabber.report(at: first, reusing: { asked.append($0); return nil })
        #expect(read.regions.map(\.text) == [ClipTruth.counterText(150)])

        let reused = try grabber.report(at: second, reusing: { asked.append($0); return read })
        #expect(asked.count == 2 && asked[0] == asked[1], "both times are frame 150: \(asked)")
        #expect(reused.frame.requested == second)
        #expect(reused.frame.time == read.frame.time)
        #expect(reused.regions.map(\.text) == [ClipTruth.counterText(150)])
        #expect(reused.timings.layoutAndOCRSeconds == 0)
    }
}
