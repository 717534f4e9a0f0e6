import CFFmpeg

extension MediaTime {
    /// Parses FFmpeg's duration syntax: `750`, `750.25`, `12:30`, `1:02:03.5`, `750s`, `200ms`.
    ///
    /// Uses `av_parse_time`, so framegrab reads times exactly as ffmpeg does.
    /// See https://ffmpeg.org/ffmpeg-utils.html#time-duration-syntax
    public init?(parsing text: String) {
        var value: Int64 = 0
        guard !text.isEmpty, av_parse_time(&value, text, 1) >= 0 else { return nil }
        self.init(microseconds: value)
    }
}
