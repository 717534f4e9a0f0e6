import CFFmpeg

/// Converting between presentation times and the video stream's own timestamps, for everything
/// that reads the stream (`FrameSeeker`, `ScreenSampler`).
extension MediaFile {
    var videoTimeBase: AVRational { videoStream.pointee.time_base }

    /// Where the presentation starts, in the video stream's time base.
    var videoStreamStart: Int64 {
        av_rescale_q(presentationStart, AVRational(num: 1, den: AV_TIME_BASE), videoTimeBase)
    }

    /// Rounded down: a frame stamped 10.010 in a millisecond time base is not shown at 10.0099.
    /// Offsets are taken from the start in the stream's own base, so that a start of 1.4667 s
    /// (132006 in 1/90000) does not lose its fraction of a microsecond.
    func videoTimestamp(for time: MediaTime) -> Int64 {
        videoStreamStart + av_rescale_q_rnd(time.microseconds, AVRational(num: 1, den: AV_TIME_BASE), videoTimeBase, AV_ROUND_DOWN)
    }

    func presentationTime(ofVideoTimestamp timestamp: Int64) -> MediaTime {
        MediaTime(microseconds: av_rescale_q(timestamp - videoStreamStart, videoTimeBase, AVRational(num: 1, den: AV_TIME_BASE)))
    }

    func videoTimestampSpan(seconds: Int64) -> Int64 {
        av_rescale_q(seconds, AVRational(num: 1, den: 1), videoTimeBase)
    }
}
