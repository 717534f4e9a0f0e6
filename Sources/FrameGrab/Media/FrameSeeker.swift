import CFFmpeg
import Dispatch

/// Finds the frame a player displays at a given time: the last frame whose presentation time
/// is at or before it.
///
/// Follows what `ffmpeg -ss` does (seek to the keyframe at or before the target, decode forward,
/// keep the last frame not past it) and checks the demuxer's work: when the first frame after a
/// seek is already past the target (MPEG-TS seeks overshoot by up to a GOP), it seeks earlier
/// and decodes forward again. Requests a little ahead of the last one, or in the same group of
/// pictures, decode forward without seeking. Confine to one task.
public final class FrameSeeker {
    public let file: MediaFile
    private let decoder: VideoDecoder
    private let converter = PictureConverter()
    private let packet: UnsafeMutablePointer<AVPacket>
    /// Where decoding stands: the last frame delivered and the first frame after it, if read.
    private var delivered: Frame?
    private var lookahead: Frame?
    private var reachedEnd = false
    /// The last frame's timestamp, for frames that arrive without one.
    private var lastTimestamp: Int64?
    /// The latest timestamp among packets read since the seek that is not past the target: a
    /// frame shown before it cannot be the answer.
    private var latestPacketBeforeTarget: Int64?

    /// How far ahead of the last delivered frame a request may be and still be served by
    /// decoding forward rather than seeking.
    private static let forwardWindowSeconds: Int64 = 3

    /// How long finding one frame may take, seeks and decoding included, in seconds of the
    /// clock: far more than any video needs (an 8K frame takes 4 s), far less than a file made
    /// to be decoded for ever. Each blocking read is bounded apart (`Deadline`).
    public static let decodeTimeLimit = 60.0
    private let decodeTimeLimit: Double
    /// When the frame being looked for must be found by, and its time.
    private var decodeDeadline: UInt64 = .max
    private var requested = MediaTime(microseconds: 0)

    public init(file: MediaFile, decoderThreads: Int = 0, decodeTimeLimit: Double = FrameSeeker.decodeTimeLimit) throws(FrameGrabError) {
        self.file = file
        self.decodeTimeLimit = decodeTimeLimit
        self.decoder = try VideoDecoder(file: file, threads: decoderThreads)
        guard let packet = av_packet_alloc() else {
            throw .internalFailure(path: file.path, reason: "out of memory")
        }
        self.packet = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
    }

    /// Frames decoded so far; zero proves no pixel was read.
    public var framesDecoded: Int { decoder.framesDecoded }

    /// The frame shown at `time`, measured from the start of the presentation.
    public func frame(at time: MediaTime) throws(FrameGrabError) -> DecodedFrame {
        if time.microseconds < 0 || isPastEnd(time) {
            throw .timeOutsideVideo(path: file.path, requested: .fromStart(time), duration: file.info.duration)
        }
        let target = streamTimestamp(for: time)
        requested = time
        decodeDeadline = DispatchTime.now().uptimeNanoseconds + UInt64(decodeTimeLimit * 1e9)
        let found = try locate(target)
        // Streams may change size mid-way: a frame larger than its stream said is refused too.
        let geometry = file.video.geometry.resized(width: Int(found.pointer.pointee.width), height: Int(found.pointer.pointee.height))
        guard geometry.isReadable else { throw .notAVideo(path: file.path, reason: geometry.tooLargeReason) }
        guard let image = converter.grayImage(from: found.pointer, geometry: file.video.geometry) else {
            throw .internalFailure(path: file.path, reason: "cannot convert a \(file.video.pixelFormat ?? "video") frame to gray")
        }
        return DecodedFrame(time: presentationTime(of: found.timestamp), timestamp: found.timestamp, image: image,
                            color: converter.colorPlanes(from: found.pointer, geometry: file.video.geometry))
    }

    /// Past the container's duration by more than its rounding: durations are stored rounded
    /// (to the millisecond in Matroska; HLS sums its segments' rounded lengths, 20.019995 s for
    /// 600 frames at 29.97 fps), and asking for the duration itself shows the last frame.
    private func isPastEnd(_ time: MediaTime) -> Bool {
        guard let duration = file.info.duration else { return false }
        return time.microseconds > duration.microseconds + 500
    }

    // MARK: Finding the frame

    private func locate(_ target: Int64) throws(FrameGrabError) -> Frame {
        if let delivered, delivered.timestamp <= target {
            if let lookahead, target < lookahead.timestamp { return delivered }
            if lookahead == nil && reachedEnd { return delivered }
            // Forward when it is near, or when a seek would land on a keyframe at or before
            // the frame the decoder stands on anyway.
            let landing = file.indexedKeyframe(atOrBefore: target)
            if target - delivered.timestamp <= secondsInStreamBase(FrameSeeker.forwardWindowSeconds)
                || landing.map({ $0 <= delivered.timestamp }) == true {
                if let found = try decodeForward(to: target, startingWith: delivered) {
                    return found
                }
            }
        }
        var seekPoint = target
        var stepBack = secondsInStreamBase(1)
        var startAttempts: [SeekMethod] = [.time(streamStart)]
        if file.isByteSeekable { startAttempts.append(.bytes) }
        // The last seek FFmpeg refused: what to say if no frame is found at all.
        var refusal: FFmpegError?
        while true {
            let method: SeekMethod
            if seekPoint > streamStart {
                method = .time(seekPoint)
            } else if !startAttempts.isEmpty {
                method = startAttempts.removeFirst()
            } else {
                // Nothing precedes the first frame: before it, a player shows the first frame.
                if let lookahead { return keep(lookahead, next: nil) }
                if file.timedOut {
                    throw .notAVideo(path: file.path, reason: "no frame could be decoded within \(Int(Deadline.operationTimeLimit)) s")
                }
                throw .notAVideo(path: file.path, reason: "no video frame could be decoded" + (refusal.map { "; \($0)" } ?? ""))
            }
            var sought = true
            do throws(FFmpegError) {
                try seek(method)
            } catch {
                refusal = error
                sought = false
            }
            // Where reading resumes after a refused seek is unknown (FFmpeg may have dropped the
            // packets it held): seek earlier instead.
            if sought, let found = try decodeForward(to: target, startingWith: nil) {
                return found
            }
            if seekPoint > streamStart {
                seekPoint = seekPoint - streamStart > stepBack ? seekPoint - stepBack : streamStart
                stepBack = stepBack.multipliedReportingOverflow(by: 2).overflow ? stepBack : stepBack * 2
            }
        }
    }

    /// Decodes until the frame after `target`, keeping the last frame at or before it.
    /// Returns nil when no frame at or before `target` was seen: the seek overshot, or
    /// nothing decodable followed it.
    private func decodeForward(to target: Int64, startingWith start: Frame?) throws(FrameGrabError) -> Frame? {
        var candidate = start
        var next = start == nil ? nil : lookahead
        lookahead = nil
        while true {
            let frame: Frame
            if let pending = next {
                frame = pending
                next = nil
            } else if let decoded = try nextFrame(toward: target) {
                frame = decoded
            } else {
                return candidate.map { keep($0, next: nil) }
            }
            if frame.timestamp <= target {
                candidate = frame
                continue
            }
            if let candidate { return keep(candidate, next: frame) }
            // The first frame after a seek is already past the target: the caller seeks
            // earlier, or, at the very start, shows this first frame.
            lookahead = frame
            return nil
        }
    }

    private func keep(_ frame: Frame, next: Frame?) -> Frame {
        delivered = frame
        lookahead = next
        return frame
    }

    private enum SeekMethod {
        /// To the keyframe at or before a stream timestamp.
        case time(Int64)
        /// To byte 0: where a time seek to the first timestamp lands after the first keyframe
        /// (MPEG-TS searches by dts, which B-frames put before the first pts).
        case bytes
    }

    /// Seeks the demuxer and empties the decoder; throws what FFmpeg said when it refused.
    private func seek(_ method: SeekMethod) throws(FFmpegError) {
        delivered = nil
        lookahead = nil
        reachedEnd = false
        latestPacketBeforeTarget = nil
        let index = file.videoStreamIndex
        let code = file.withContext { context in
            switch method {
            case .time(let timestamp):
                return avformat_seek_file(context, index, Int64.min, timestamp, timestamp, 0)
            case .bytes:
                return avformat_seek_file(context, -1, Int64.min, 0, 0, AVSEEK_FLAG_BYTE)
            }
        }
        // Even after a refusal: the decoder must not take what comes next for a continuation.
        decoder.flush()
        try FFmpegError.check(code, "seeking to \(describe(method)) in \(file.path)")
    }

    /// A seek's destination in the user's terms.
    private func describe(_ method: SeekMethod) -> String {
        switch method {
        case .time(let timestamp): return presentationTime(of: timestamp).timecode
        case .bytes: return "its first byte"
        }
    }

    /// The next frame in presentation order, or nil at the end of the stream. Damaged packets
    /// are skipped so that a corrupt stretch does not hide the frames after it.
    private func nextFrame(toward target: Int64) throws(FrameGrabError) -> Frame? {
        guard let frame = Frame() else {
            throw .internalFailure(path: file.path, reason: "out of memory for a frame")
        }
        while true {
            if DispatchTime.now().uptimeNanoseconds > decodeDeadline {
                throw .inputUnreadable(path: file.path, reason: "finding the frame at \(requested.timecode) took more than "
                                       + "\(Int(decodeTimeLimit)) s of decoding; stopped")
            }
            switch decoder.receive(into: frame.pointer) {
            case .frame:
                frame.timestamp = timestamp(of: frame.pointer)
                lastTimestamp = frame.timestamp
                return frame
            case .drained:
                reachedEnd = true
                return nil
            case .failed:
                continue
            case .needsInput:
                break
            }
            if reachedEnd { return nil }
            try readVideoPacket(toward: target)
        }
    }

    /// Sends the next video packet to the decoder. A packet shown before another one already
    /// read that is still at or before the target cannot be the frame asked for: if nothing
    /// refers to it (a non-reference B-frame), the decoder may skip it.
    private func readVideoPacket(toward target: Int64) throws(FrameGrabError) {
        guard try file.readVideoPacket(into: packet) else {
            // End of file, or an unreadable tail: drain what the decoder holds.
            _ = decoder.send(nil)
            return
        }
        defer { av_packet_unref(packet) }
        let shown = packet.pointee.pts
        var skippable = false
        if shown != CFFmpeg_NOPTS_VALUE() {
            if let latest = latestPacketBeforeTarget, shown < latest { skippable = true }
            if shown <= target { latestPacketBeforeTarget = max(latestPacketBeforeTarget ?? shown, shown) }
        }
        // A rejected packet is damage: skip it. `full` cannot happen, since packets are sent
        // only after the decoder asked for input.
        _ = decoder.send(packet, skipIfUnreferenced: skippable)
    }

    // MARK: Time bases

    private var streamStart: Int64 { file.videoStreamStart }

    private func streamTimestamp(for time: MediaTime) -> Int64 { file.videoTimestamp(for: time) }

    private func presentationTime(of timestamp: Int64) -> MediaTime { file.presentationTime(ofVideoTimestamp: timestamp) }

    private func secondsInStreamBase(_ seconds: Int64) -> Int64 { file.videoTimestampSpan(seconds: seconds) }

    /// A frame's best guess at its presentation timestamp; frames without one follow the last.
    private func timestamp(of frame: UnsafeMutablePointer<AVFrame>) -> Int64 {
        let bestEffort = frame.pointee.best_effort_timestamp
        if bestEffort != CFFmpeg_NOPTS_VALUE() { return bestEffort }
        if frame.pointee.pts != CFFmpeg_NOPTS_VALUE() { return frame.pointee.pts }
        let step = max(1, frame.pointee.pkt_duration)
        return (lastTimestamp ?? streamStart - step) + step
    }
}

/// One decoded frame, owned. An `AVFrame` wrapper so frames can be kept across decode calls.
private final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>
    var timestamp: Int64 = 0

    init?() {
        guard let frame = av_frame_alloc() else { return nil }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }
}
