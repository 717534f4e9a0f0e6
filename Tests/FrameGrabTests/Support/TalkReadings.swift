import Foundation
import FrameGrab
import Testing

/// One slide of one talk-like clip: a test case.
struct TalkSlide: Sendable, CustomTestStringConvertible {
    var clip: String
    var index: Int

    var testDescription: String { "\(clip) slide \(index)" }

    /// Every slide of every talk-like clip (a test checks this table against the truth).
    static let all: [TalkSlide] = [
        ("talk-light.mp4", 4), ("talk-dark.mp4", 4), ("rotated.mp4", 1), ("anamorphic.mp4", 1),
    ].flatMap { clip, count in (0..<count).map { TalkSlide(clip: clip, index: $0) } }
}

/// What framegrab reads at the middle of every slide of a clip, read once per clip with one
/// `FrameGrabber` and shared by every test that compares it with the truth.
enum TalkReadings {
    struct Reading: Sendable {
        var slide: SlideTruth
        var report: FrameReport
    }

    private static let cache = Cache()

    static func reading(of slide: TalkSlide) async throws -> Reading {
        let readings = try await cache.readings(of: slide.clip)
        guard let reading = readings.first(where: { $0.slide.index == slide.index }) else {
            throw MissingSlide(slide: slide)
        }
        return reading
    }

    struct MissingSlide: Error, CustomStringConvertible {
        var slide: TalkSlide
        var description: String { "the truth of \(slide.clip) has no slide \(slide.index)" }
    }

    private actor Cache {
        private var tasks: [String: Task<[Reading], any Error>] = [:]

        func readings(of clip: String) async throws -> [Reading] {
            if let task = tasks[clip] { return try await task.value }
            // Minutes of blocking OCR run on a thread of their own, not on the cooperative pool
            // the other tests' tasks need.
            let task = Task { () throws -> [Reading] in
                try await withCheckedThrowingContinuation { continuation in
                    Thread.detachNewThread {
                        continuation.resume(with: Result { try Cache.read(clip) })
                    }
                }
            }
            tasks[clip] = task
            return try await task.value
        }

        private static func read(_ clip: String) throws -> [Reading] {
            let truth = try Fixtures.truth(clip)
            let grabber = try FrameGrabber(path: Fixtures.path(clip))
            return try (truth.slides ?? []).map { slide in
                Reading(slide: slide, report: try grabber.report(at: MediaTime(seconds: slide.middle)))
            }
        }
    }
}
