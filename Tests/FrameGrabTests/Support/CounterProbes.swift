import FrameGrab

/// A request to a counter clip and the frame a player shows then.
struct Probe: Sendable, CustomStringConvertible {
    var label: String
    var seconds: Double
    var frame: Int

    init(_ label: String, _ seconds: Double, _ frame: Int) {
        self.label = label
        self.seconds = seconds
        self.frame = frame
    }

    var time: MediaTime { MediaTime(seconds: seconds) }
    var description: String { "\(label) (t=\(String(format: "%.6f", seconds)), frame \(frame))" }
}

extension ClipTruth {
    /// Requests in an order that takes every path through a seeker: the start, deep in a long
    /// GOP, around every keyframe, exactly on and 1 ms before frame times, the end and the
    /// duration itself, backward seeks, the same time twice, and small steps forward.
    ///
    /// Times come from the container's own stamps (Matroska's are whole milliseconds), and
    /// the exact-on-a-frame probes use frames whose time is exact in every container (n % 30 == 0).
    var trickyProbes: [Probe] {
        let half = framePeriod / 2
        let last = frameCount - 1
        let second = keyframeIndices.count > 1 ? keyframeIndices[1] : frameCount / 2
        var probes = [
            Probe("the start", 0, 0),
            Probe("frame \(second - 1), deep in the first GOP, just before keyframe \(second)", time(ofFrame: second - 1) + half, second - 1),
            Probe("1 ms before keyframe \(second)", time(ofFrame: second) - 0.001, second - 1),
            Probe("exactly on keyframe \(second)", time(ofFrame: second), second),
            Probe("1 ms after keyframe \(second)", time(ofFrame: second) + 0.001, second),
            Probe("between the last two frames", time(ofFrame: last - 1) + half, last - 1),
            Probe("the last frame", time(ofFrame: last) + 0.003, last),
            Probe("the duration itself", duration, last),
            Probe("backward: exactly on frame 150", time(ofFrame: 150), 150),
            Probe("backward by 1 ms: 1 ms before frame 150", time(ofFrame: 150) - 0.001, 149),
            Probe("backward: between frames 45 and 46", time(ofFrame: 45) + half, 45),
            Probe("the same time again", time(ofFrame: 45) + half, 45),
            Probe("forward: 3 ms after frame 46", time(ofFrame: 46) + 0.003, 46),
            Probe("forward: 3 ms before frame 60", time(ofFrame: 60) - 0.003, 59),
            Probe("forward: exactly on frame 60", time(ofFrame: 60), 60),
            Probe("backward to 1 ms", 0.001, 0),
        ]
        // Forward through every later keyframe (HLS segment boundaries among them).
        for keyframe in keyframeIndices.dropFirst() {
            probes.append(Probe("1 ms before keyframe \(keyframe)", time(ofFrame: keyframe) - 0.001, keyframe - 1))
            probes.append(Probe("exactly on keyframe \(keyframe)", time(ofFrame: keyframe), keyframe))
            probes.append(Probe("1 ms after keyframe \(keyframe)", time(ofFrame: keyframe) + 0.001, keyframe))
        }
        probes.append(Probe("back to the start", 0, 0))
        return probes
    }

    /// The frame index a stream timestamp stands for (nearest), for messages.
    func frameIndex(ofTimestamp timestamp: Int64) -> Double {
        Double(timestamp - startTicks) * Double(timeBase.num) / Double(timeBase.den) / framePeriod
    }
}
