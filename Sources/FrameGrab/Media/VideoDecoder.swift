import CFFmpeg

/// Turns a video stream's packets into frames. Owns an `AVCodecContext`; confine to one task.
///
/// See https://ffmpeg.org/doxygen/5.1/group__lavc__decoding.html (the send/receive API).
final class VideoDecoder {
    private let context: UnsafeMutablePointer<AVCodecContext>
    /// Frames that came out of the decoder since it was made: the proof that a skipped input
    /// was never decoded.
    private(set) var framesDecoded = 0

    /// - Parameters:
    ///   - threads: decoder threads; 0 lets FFmpeg choose (faster for one grab).
    ///   - roughly: skip the deblocking filter, for pictures only compared, never read: a
    ///     quarter of H.264's decoding time on slides, and a few levels on block edges.
    init(file: MediaFile, threads: Int, roughly: Bool = false) throws(FrameGrabError) {
        let path = file.path
        let name = file.video.codec
        let codecID = file.withUnsafeVideoCodecParameters { $0.pointee.codec_id }
        guard let codec = avcodec_find_decoder(codecID) else {
            throw .notAVideo(path: path, reason: "no decoder for its \(name) video")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw .internalFailure(path: path, reason: "out of memory")
        }
        do throws(FFmpegError) {
            try FFmpegError.check(file.withUnsafeVideoCodecParameters { parameters in avcodec_parameters_to_context(context, parameters) },
                                  "setting up the \(name) decoder for \(path)")
            context.pointee.pkt_timebase = file.videoTimeBase
            context.pointee.thread_count = Int32(threads)
            // A picture larger than framegrab reads is refused before it is allocated.
            context.pointee.max_pixels = Int64(DisplayGeometry.largestReadable.pixels)
            if roughly { context.pointee.skip_loop_filter = AVDISCARD_ALL }
            try FFmpegError.check(avcodec_open2(context, codec, nil), "opening the \(name) decoder for \(path)")
        } catch {
            var doomed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&doomed)
            throw .notAVideo(path: path, reason: "cannot open its video decoder; \(error)")
        }
        self.context = context
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&doomed)
    }

    /// Feeds one packet, or nil to drain at the end of the stream. With `skipIfUnreferenced`,
    /// a frame no other frame refers to is dropped undecoded (`AVDISCARD_NONREF`).
    func send(_ packet: UnsafeMutablePointer<AVPacket>?, skipIfUnreferenced: Bool = false) -> SendResult {
        context.pointee.skip_frame = skipIfUnreferenced ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
        let code = avcodec_send_packet(context, packet)
        switch code {
        case 0...: return .accepted
        case FFmpegError.tryAgain: return .full
        case FFmpegError.endOfFile: return .accepted
        default: return .rejected(FFmpegError(code: code, operation: "decoding a packet"))
        }
    }

    /// The next decoded frame into `frame`, or why there is none yet.
    func receive(into frame: UnsafeMutablePointer<AVFrame>) -> ReceiveResult {
        let code = avcodec_receive_frame(context, frame)
        switch code {
        case 0...:
            framesDecoded += 1
            return .frame
        case FFmpegError.tryAgain: return .needsInput
        case FFmpegError.endOfFile: return .drained
        default: return .failed(FFmpegError(code: code, operation: "decoding a frame"))
        }
    }

    /// Forgets buffered frames and references, as after a seek.
    func flush() {
        avcodec_flush_buffers(context)
    }

    enum SendResult {
        case accepted, full, rejected(FFmpegError)
    }

    enum ReceiveResult {
        case frame, needsInput, drained, failed(FFmpegError)
    }
}
