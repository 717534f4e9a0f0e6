import FrameGrabModel
/// One screen found by a search: where and when, the region that matched best, and which of
/// its lines matched where, for highlighting.
public struct SearchHit: Sendable, Equatable {
    /// A line of the region that holds part of the match.
    public struct MatchedLine: Sendable, Equatable {
        public var text: String
        public var box: BoundingBox
        /// Half-open ranges of Unicode scalar offsets into `text` (what Python's `str`
        /// indexes), in order and not overlapping.
        public var matches: [Range<Int>]

        public init(text: String, box: BoundingBox, matches: [Range<Int>]) {
            self.text = text
            self.box = box
            self.matches = matches
        }
    }

    public var path: String
    public var start: MediaTime
    public var end: MediaTime
    /// The time of the frame that was read.
    public var time: MediaTime
    public var kind: RegionKind
    public var language: String?
    /// The region's whole text, and its box.
    public var text: String
    public var box: BoundingBox
    public var lines: [MatchedLine]
    /// Higher is better. Hits whose words all matched (unicode61) score 1–3, from bm25 — 2 and
    /// up when every term is also in the text as typed, punctuation included; hits found only
    /// as substrings (trigrams) score below 1.
    public var score: Double

    public init(path: String, start: MediaTime, end: MediaTime, time: MediaTime, kind: RegionKind, language: String?,
                text: String, box: BoundingBox, lines: [MatchedLine], score: Double) {
        self.path = path
        self.start = start
        self.end = end
        self.time = time
        self.kind = kind
        self.language = language
        self.text = text
        self.box = box
        self.lines = lines
        self.score = score
    }
}
