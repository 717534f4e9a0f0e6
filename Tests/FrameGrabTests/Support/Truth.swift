import FrameGrab

/// The fields of `TestVideos/*.truth.json` the tests use (see `TestVideos/README.md`).
/// Decoded with `.convertFromSnakeCase`.
struct ClipTruth: Decodable, Sendable {
    struct Rational: Decodable, Sendable {
        var num: Int64
        var den: Int64
    }

    struct Size: Decodable, Sendable {
        var width: Int
        var height: Int
    }

    struct Damage: Decodable, Sendable {
        /// Seconds: frames shown in [from, to) may be wrong.
        var from: Double
        var to: Double
    }

    var file: String
    var kind: String
    var container: String
    var codec: String
    var pixelFormat: String
    var frameRate: Rational
    var timeBase: Rational
    var frameCount: Int
    var duration: Double
    var startTime: Double
    var coded: Size
    var display: Size
    var rotation: Int
    var sampleAspectRatio: Rational
    var keyframes: [Double]
    var keyframeIndices: [Int]
    var slides: [SlideTruth]?
    var damaged: Damage?
    var counter: Counter?

    struct Counter: Decodable, Sendable {
        /// Covers the number on every frame.
        var bbox: BoxTruth
        var digits: Int
    }
}

struct BoxTruth: Decodable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var box: BoundingBox { BoundingBox(x: x, y: y, width: width, height: height) }

    /// The box in a picture `factor` times the size (a clip's frame scaled up, say).
    func scaled(by factor: Double) -> BoxTruth {
        func scale(_ value: Int) -> Int { Int((Double(value) * factor).rounded()) }
        return BoxTruth(x: scale(x), y: scale(y), width: scale(width), height: scale(height))
    }
}

struct SlideTruth: Decodable, Sendable {
    var index: Int
    var start: Double
    var end: Double
    var firstFrame: Int
    var lastFrame: Int
    var regions: [RegionTruth]
    /// The picture without black bars (issue 3 clips).
    var contentArea: BoxTruth?

    /// The middle of the slide: far from either cut.
    var middle: Double { (start + end) / 2 }
}

struct RegionTruth: Decodable, Sendable {
    struct LineTruth: Decodable, Sendable {
        var text: String
        var indent: Int
        var bbox: BoxTruth?
        var words: [WordTruth]
        /// The editor's line number on this row, when there is a gutter.
        var number: Int?
        var numberBbox: BoxTruth?
    }

    struct DetectionTruth: Decodable, Sendable {
        var type: String
        var text: String
        var bbox: BoxTruth
    }

    struct WordTruth: Decodable, Sendable {
        var text: String
        var bbox: BoxTruth
    }

    var kind: String
    /// `light`: dark text on a light ground; `dark`: the opposite.
    var theme: String
    var bbox: BoxTruth
    var text: String
    var lines: [LineTruth]
    var language: String?
    var detections: [DetectionTruth]?
    /// For `ui` regions: `tabs`, `status`, `sidebar`, `title`.
    var chrome: String?
}

struct BadInputTruth: Decodable, Sendable {
    var file: String
    var kind: String
    var problem: String
}

// MARK: - Counter frames in the container's own stamps

extension ClipTruth {
    /// The first frame's timestamp in the stream time base.
    var startTicks: Int64 {
        Int64((startTime * Double(timeBase.den) / Double(timeBase.num)).rounded())
    }

    /// Frame `n`'s offset from the first frame in the stream time base, rounded to nearest as
    /// muxers stamp it (Matroska and WebM stamps are whole milliseconds).
    func frameTicks(_ n: Int) -> Int64 {
        let numerator = Int64(n) * frameRate.den * timeBase.den
        let denominator = frameRate.num * timeBase.num
        return (2 * numerator + denominator) / (2 * denominator)
    }

    /// The timestamp frame `n` carries in its stream.
    func timestamp(ofFrame n: Int) -> Int64 {
        startTicks + frameTicks(n)
    }

    /// Frame `n`'s presentation time in seconds from the first frame, as the container stamps it.
    func time(ofFrame n: Int) -> Double {
        Double(frameTicks(n)) * Double(timeBase.num) / Double(timeBase.den)
    }

    /// Seconds between frames.
    var framePeriod: Double { Double(frameRate.den) / Double(frameRate.num) }

    /// The number a counter clip draws on frame `n`.
    static func counterText(_ n: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }
}
