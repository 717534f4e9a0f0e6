import FrameGrab
import Foundation
import Testing

/// The frame shown at T is the last frame whose presentation time is at or before T, measured
/// from the start of the presentation, on every container.
@Suite("FrameSeeker picks the exact frame")
struct FrameSeekerTests {
    /// One seeker per clip, asked the tricky times in order (the order is part of the test:
    /// it makes backward seeks, forward decoding and repeats).
    @Test("Exact frame at tricky times, by timestamp", arguments: Fixtures.counterClips)
    func exactFrameAtTrickyTimes(clip: String) throws {
        let truth = try Fixtures.truth(clip)
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path(clip)))
        for probe in truth.trickyProbes {
            expectFrame(probe, from: seeker, truth: truth)
        }
    }

    @Test("One decoder thread picks the same frames", arguments: ["counter.mp4", "counter-hevc10.mp4", "hls/counter.m3u8"])
    func exactFrameSingleThreaded(clip: String) throws {
        let truth = try Fixtures.truth(clip)
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path(clip)), decoderThreads: 1)
        for probe in truth.trickyProbes {
            expectFrame(probe, from: seeker, truth: truth)
        }
    }

    @Test("Finding a frame past its decode time limit stops with one clear error; without the limit the same frame is found")
    func decodeTimeLimit() throws {
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path("counter.mp4")), decodeTimeLimit: 0)
        #expect(throws: FrameGrabError.inputUnreadable(path: Fixtures.path("counter.mp4"),
                                                       reason: "finding the frame at 00:00:05.000 took more than 0 s of decoding; stopped")) {
            try seeker.frame(at: MediaTime(seconds: 5))
        }
        let patient = try FrameSeeker(file: MediaFile(path: Fixtures.path("counter.mp4")))
        #expect(try patient.frame(at: MediaTime(seconds: 5)).time.seconds <= 5)
    }

    @Test("Frames well before and well after a corrupt stretch decode intact")
    func aroundCorruptStretch() throws {
        let truth = try Fixtures.truth("counter-corrupt.ts")
        let damage = try #require(truth.damaged)
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path("counter-corrupt.ts")))
        let half = truth.framePeriod / 2
        let before = [75, 200]
        let after = [450, 570]
        for frame in before { #expect(truth.time(ofFrame: frame) < damage.from - 1) }
        for frame in after { #expect(truth.time(ofFrame: frame) > damage.to + 1) }

        for frame in before + after {
            expectFrame(Probe("frame \(frame)", truth.time(ofFrame: frame) + half, frame), from: seeker, truth: truth)
        }
        // Inside the damage any frame may be shown, but one is, and not one from the future.
        let inside = MediaTime(seconds: (damage.from + damage.to) / 2)
        let damaged = try seeker.frame(at: inside)
        #expect(damaged.time <= inside)
        // And the seeker is not left stuck in it: backward and forward again.
        for frame in [after[0], before[0], after[1]] {
            expectFrame(Probe("frame \(frame) after a request inside the damage", truth.time(ofFrame: frame) + half, frame),
                        from: seeker, truth: truth)
        }
    }

    @Test("A request ahead of the last decodes forward, the same request decodes nothing",
          arguments: Fixtures.counterClips)
    func forwardRequestsReuseTheDecoder(clip: String) throws {
        let truth = try Fixtures.truth(clip)
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path(clip)))
        let half = truth.framePeriod / 2
        expectFrame(Probe("frame 200", truth.time(ofFrame: 200) + half, 200), from: seeker, truth: truth)

        var decoded = seeker.framesDecoded
        expectFrame(Probe("frame 200 again", truth.time(ofFrame: 200) + half, 200), from: seeker, truth: truth)
        #expect(seeker.framesDecoded == decoded, "asking for the frame just shown decodes nothing")

        decoded = seeker.framesDecoded
        expectFrame(Probe("frame 205", truth.time(ofFrame: 205) + half, 205), from: seeker, truth: truth)
        let step = seeker.framesDecoded - decoded
        // 5 frames ahead: about 5 decoded (plus the decoder's reordering delay), not the
        // 200-odd a seek back to the keyframe would cost.
        #expect((1...12).contains(step), "decoded \(step) frames to step 5 frames forward")
    }

    @Test("Times before the start or past the end are refused before decoding", arguments: Fixtures.counterClips)
    func outsideTheVideo(clip: String) throws {
        let truth = try Fixtures.truth(clip)
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path(clip)))
        for seconds in [-0.001, -1, truth.duration + 0.001, truth.duration + 60] {
            #expect {
                _ = try seeker.frame(at: MediaTime(seconds: seconds))
            } throws: { error in
                guard case .timeOutsideVideo(let path, let requested, _) = error as? FrameGrabError else { return false }
                return path == Fixtures.path(clip) && requested == .fromStart(MediaTime(seconds: seconds))
            }
        }
        #expect(seeker.framesDecoded == 0)
    }

    @Test("A seek FFmpeg refuses is an error that says so, not a frame from wherever reading resumed")
    func refusedSeek() throws {
        // A playlist without #EXT-X-ENDLIST may still grow: FFmpeg's HLS demuxer starts near
        // its live end (counter2.ts, 8 s in) and refuses every seek.
        let (directory, playlist) = try Fixtures.livePlaylist()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seeker = try FrameSeeker(file: MediaFile(path: playlist))
        #expect {
            _ = try seeker.frame(at: MediaTime(seconds: 1))
        } throws: { error in
            guard case .notAVideo(let path, let reason) = error as? FrameGrabError else { return false }
            return path == playlist
                && reason.contains("FFmpeg error -1 (Operation not permitted) while seeking to 00:00:00.000 in \(playlist)")
        }
    }

    // MARK: By pixels

    @Test("Two times within one frame give identical pixels; the next frame differs", arguments: Fixtures.counterClips)
    func sameFrameSamePixels(clip: String) throws {
        let truth = try Fixtures.truth(clip)
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path(clip)))
        let early = try seeker.frame(at: MediaTime(seconds: truth.time(ofFrame: 45) + 0.003))
        // Far away and back, so that the second pick is decoded afresh after a seek.
        _ = try seeker.frame(at: MediaTime(seconds: truth.time(ofFrame: 500)))
        let late = try seeker.frame(at: MediaTime(seconds: truth.time(ofFrame: 46) - 0.003))
        let next = try seeker.frame(at: MediaTime(seconds: truth.time(ofFrame: 46) + 0.003))
        #expect(early.timestamp == late.timestamp)
        #expect(early.image == late.image, "frame 45 decoded twice gives the same pixels")
        #expect(early.image != next.image, "frames 45 and 46 show different numbers")
        #expect(early.image.width == truth.display.width && early.image.height == truth.display.height)
    }

    /// Pixels of sample picks compared with counter.mp4's frames n-1, n and n+1 (counter.mp4's
    /// numbers are checked by OCR in the CLI tests): frame n must be the closest.
    @Test("Sample picks look like the reference clip's frame with the same number", arguments: [
        ("counter.mov", [0, 1, 149, 299, 300, 599]),
        ("counter.mkv", [0, 1, 149, 299, 300, 599]),
        ("counter.webm", [0, 1, 149, 299, 300, 599]),
        ("counter-hevc10.mp4", [0, 1, 149, 299, 300, 599]),
        ("counter.ts", [0, 1, 149, 299, 300, 599]),
        ("hls/counter.m3u8", [0, 1, 119, 120, 299, 599]),
        ("counter-corrupt.ts", [0, 1, 149, 200, 450, 599]),
    ])
    func picksMatchReferencePixels(clip: String, frames: [Int]) throws {
        let truth = try Fixtures.truth(clip)
        let referenceTruth = try Fixtures.truth("counter.mp4")
        let box = try #require(truth.counter).bbox.box
        let seeker = try FrameSeeker(file: MediaFile(path: Fixtures.path(clip)))
        let reference = try FrameSeeker(file: MediaFile(path: Fixtures.path("counter.mp4")))

        var referenceImages: [Int: GrayImage] = [:]
        let wanted = Set(frames.flatMap { [$0 - 1, $0, $0 + 1] }).filter { (0..<referenceTruth.frameCount).contains($0) }
        for n in wanted.sorted() {
            let time = referenceTruth.time(ofFrame: n) + referenceTruth.framePeriod / 2
            referenceImages[n] = try reference.frame(at: MediaTime(seconds: time)).image
        }
        for n in frames {
            let picked = try seeker.frame(at: MediaTime(seconds: truth.time(ofFrame: n) + truth.framePeriod / 2))
            let distances = referenceImages
                .filter { abs($0.key - n) <= 1 }
                .mapValues { picked.image.meanAbsoluteDifference(to: $0, in: box) }
            let closest = distances.min { $0.value < $1.value }?.key
            #expect(closest == n, "frame \(n) of \(clip) looks most like reference frame \(closest.map(String.init) ?? "none"): \(distances.sorted { $0.key < $1.key })")
        }
    }

    // MARK: Helpers

    private func expectFrame(_ probe: Probe, from seeker: FrameSeeker, truth: ClipTruth,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let frame = try seeker.frame(at: probe.time)
            let expected = truth.timestamp(ofFrame: probe.frame)
            #expect(frame.timestamp == expected, """
                \(truth.file) at \(probe): got timestamp \(frame.timestamp) (frame \
                \(String(format: "%.2f", truth.frameIndex(ofTimestamp: frame.timestamp))), time \(frame.time)), expected \(expected)
                """, sourceLocation: sourceLocation)
            let error = abs(frame.time.seconds - truth.time(ofFrame: probe.frame))
            #expect(error <= 0.001, "\(truth.file) at \(probe): frame time \(frame.time.seconds)", sourceLocation: sourceLocation)
            #expect(frame.time <= probe.time, "\(truth.file) at \(probe): a frame from after the request", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(truth.file) at \(probe): \(error)", sourceLocation: sourceLocation)
        }
    }
}
