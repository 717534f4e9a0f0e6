import CFFmpeg

/// What a demuxer filled in, read without trusting its pointers: for the probe's last checks
/// (`StreamProtection`) and for `MediaFile`.
///
/// See https://ffmpeg.org/doxygen/5.1/structAVFormatContext.html
enum FFmpegDemuxer {
    /// The streams of `context` (`streams` holds `nb_streams` of them, and is null when there
    /// are none).
    static func streams(of context: UnsafeMutablePointer<AVFormatContext>) -> UnsafeBufferPointer<UnsafeMutablePointer<AVStream>?> {
        guard let streams = context.pointee.streams else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: streams, count: Int(context.pointee.nb_streams))
    }

    /// The demuxer's name (`mov,mp4,m4a,3gp,3g2,mj2`, `hls`, `tty`), when it has one.
    static func name(of context: UnsafeMutablePointer<AVFormatContext>) -> String? {
        context.pointee.iformat?.pointee.name.map { String(cString: $0) }
    }

    /// The value of `key` in a metadata dictionary (the container's or a stream's); nil when
    /// missing or empty.
    static func metadataValue(_ key: String, in dictionary: OpaquePointer?) -> String? {
        guard let entry = av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
