import CFFmpeg

/// Reading the video stream's packets, and converting between presentation times and its own
/// timestamps, for everything that decodes it (`FrameSeeker`, `ScreenSampler`).
extension MediaFile {
    /// Reads the next packet of the video stream into `packet` (the caller unrefs it); false at
    /// the end of the file or an unreadable tail. Encrypted samples stop here, before a decoder
    /// turns them into garbage.
    func readVideoPacket(into packet: UnsafeMutablePointer<AVPacket>) throws(FrameGrabError) -> Bool {
        while true {
            let code = withContext { context in av_read_frame(context, packet) }
            if code < 0 {
                if timedOut { throw .notAVideo(path: path, reason: "reading stalled for \(Int(Deadline.operationTimeLimit)) s") }
                return false
            }
            if let protection = StreamProtection.protection(of: packet) {
                av_packet_unref(packet)
                throw .protectedContent(path: path, protection: protection)
            }
            if packet.pointee.stream_index == videoStreamIndex { return true }
            av_packet_unref(packet)
        }
    }

    /// The timestamp of the last keyframe at or before `timestamp` that the container's index
    /// knows (MP4 and Matroska have one; MPEG-TS does not): where a seek there lands.
    func indexedKeyframe(atOrBefore timestamp: Int64) -> Int64? {
        withUnsafeVideoStream { stream in
            avformat_index_get_entry_from_timestamp(stream, timestamp, AVSEEK_FLAG_BACKWARD)?.pointee.timestamp
        }
    }

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
