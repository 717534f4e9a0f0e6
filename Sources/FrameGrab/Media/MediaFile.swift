import CFFmpeg
import Foundation

/// An opened video: the demuxer, the video stream framegrab reads, and what it is.
///
/// Owns an `AVFormatContext`. Not thread-safe: confine each instance to one task.
/// See https://ffmpeg.org/doxygen/5.1/group__libavf.html
public final class MediaFile {
    public let path: String
    public let info: SourceInfo
    /// The video stream read (also `info.video`).
    public let video: VideoStreamInfo
    /// A picture (PNG, JPEG, WebP, …) read as a one-frame video: its frame is at 0, and its
    /// duration is 0.
    public let isStillImage: Bool
    let videoStreamIndex: Int32
    /// Where the presentation starts, in `AV_TIME_BASE` units: what `ffmpeg -ss 0` means.
    let presentationStart: Int64
    /// What the video stream's timestamps count.
    let videoTimeBase: AVRational

    private let context: UnsafeMutablePointer<AVFormatContext>
    /// The video stream read and its codec parameters, owned by `context`.
    private let videoStream: UnsafeMutablePointer<AVStream>
    private let videoParameters: UnsafeMutablePointer<AVCodecParameters>
    private let deadline: Deadline
    private let references: ReferenceRule

    /// Opens `path` (a local path or an http(s) URL) once `ProtectionProbe` has found nothing
    /// protected in it; an HLS master playlist opens its sharpest rendition.
    public convenience init(path: String) throws(FrameGrabError) {
        try self.init(input: ProtectionProbe.examine(path))
    }

    /// Opens what the probe chose, unless it found protection. A still image is not a video
    /// unless `readingStillImages`: then it is one frame at 0.
    public init(input: ProbedInput, readingStillImages: Bool = false) throws(FrameGrabError) {
        FFmpegLog.install()
        let path = input.path
        if let protection = input.protection {
            throw .protectedContent(path: path, protection: protection)
        }
        try MediaFile.checkReadable(input.location, naming: path)
        self.path = path
        self.deadline = Deadline()

        var context = avformat_alloc_context()
        guard context != nil else {
            throw .internalFailure(path: path, reason: "out of memory")
        }
        context?.pointee.interrupt_callback = deadline.interruptCallback
        // Whatever else the input makes FFmpeg open (a playlist's segments and keys) must be a
        // URL or a regular file: see InputLocation.mayReference.
        references = ReferenceRule(input: input.location, defaultOpen: context?.pointee.io_open)
        context?.pointee.opaque = Unmanaged.passUnretained(references).toOpaque()
        context?.pointee.io_open = openIfAllowed
        var options: OpaquePointer? = nil
        // Only what the input needs: no network for local files, no local files for URLs.
        av_dict_set(&options, "protocol_whitelist", InputLocation.protocols(allowingNetwork: input.allowsNetwork), 0)
        if input.format == "hls", let extensions = MediaFile.hlsExtensionsWithKeys {
            av_dict_set(&options, "allowed_extensions", extensions, 0)
        }
        deadline.arm(seconds: Deadline.operationTimeLimit)
        // Demuxers log why they failed against this context; it is freed on failure.
        let logContext = context.map { UnsafeRawPointer($0) }
        let opened = avformat_open_input(&context, input.location, nil, &options)
        av_dict_free(&options)
        guard opened >= 0, let context else {
            let detail = FFmpegLog.takeLastError(from: logContext)
            throw MediaFile.openFailure(path: path, error: FFmpegError(code: opened, operation: "opening \(input.openedName)"),
                                        detail: detail, timedOut: deadline.expired)
        }
        do throws(FrameGrabError) {
            // Before probing the streams, which decodes a few packets to learn their format.
            if let protection = StreamProtection.protection(ofStreamsIn: context) {
                throw .protectedContent(path: path, protection: protection)
            }
            let probed = MediaFile.findStreamInfo(context)
            if probed < 0 {
                throw MediaFile.openFailure(path: path, error: FFmpegError(code: probed, operation: "reading the streams of \(input.openedName)"),
                                            detail: FFmpegLog.takeLastError(from: context), timedOut: deadline.expired)
            }
            let isStillImage = MediaFile.isStillImage(context)
            if isStillImage && !readingStillImages {
                throw .notAVideo(path: path, reason: "a still image")
            }
            let (stream, parameters) = try MediaFile.chooseVideoStream(in: context, path: path)
            self.isStillImage = isStillImage
            self.videoStream = stream
            self.videoParameters = parameters
            self.videoStreamIndex = stream.pointee.index
            self.videoTimeBase = stream.pointee.time_base
            self.presentationStart = MediaFile.presentationStart(of: context, stream: stream)
            var video = MediaFile.probeVideo(context, stream: stream, parameters: parameters)
            // A size of 0 is left to the decoder, which knows it once a frame is decoded.
            if video.codedWidth > 0 && video.codedHeight > 0 && !video.geometry.isReadable {
                throw .notAVideo(path: path, reason: video.geometry.tooLargeReason)
            }
            if isStillImage {
                // The image demuxers make up 25 fps for a sequence; one picture has no rate.
                video.frameRate = nil
            }
            self.video = video
            self.info = SourceInfo(path: path, format: isStillImage ? MediaFile.imageFormatName(video.codec) : MediaFile.formatName(context),
                                   duration: isStillImage ? MediaTime(microseconds: 0) : MediaFile.duration(of: context, stream: stream),
                                   video: video,
                                   title: FFmpegDemuxer.metadataValue("title", in: context.pointee.metadata),
                                   rendition: input.rendition)
            self.context = context
        } catch {
            var doomed: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&doomed)
            throw error
        }
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&doomed)
    }

    /// Runs `body` with the demuxer, bounding any blocking I/O by the operation time limit.
    func withContext<R, E: Error>(_ body: (UnsafeMutablePointer<AVFormatContext>) throws(E) -> R) throws(E) -> R {
        deadline.arm(seconds: Deadline.operationTimeLimit)
        defer { deadline.disarm() }
        return try body(context)
    }

    /// Runs `body` with the video stream, for the FFmpeg calls that take one. The stream
    /// belongs to the demuxer: `body` must not keep it.
    func withUnsafeVideoStream<R, E: Error>(_ body: (UnsafeMutablePointer<AVStream>) throws(E) -> R) throws(E) -> R {
        try body(videoStream)
    }

    /// Runs `body` with the video stream's codec parameters (what a decoder is set up from).
    /// They belong to the demuxer: `body` must not keep them.
    func withUnsafeVideoCodecParameters<R, E: Error>(_ body: (UnsafePointer<AVCodecParameters>) throws(E) -> R) throws(E) -> R {
        try body(videoParameters)
    }

    var timedOut: Bool { deadline.expired }

    /// Whether the demuxer can restart from a byte position (MPEG-TS can; MP4 and HLS cannot).
    var isByteSeekable: Bool {
        guard let format = context.pointee.iformat else { return false }
        return format.pointee.flags & AVFMT_NO_BYTE_SEEK == 0 && format.pointee.read_seek2 == nil
    }
}

// MARK: - Opening

extension MediaFile {
    /// Fails early, with the operating system's words, for paths FFmpeg would only call "invalid";
    /// messages name `location` as `path` (stdin's spool as `-`).
    private static func checkReadable(_ location: String, naming path: String) throws(FrameGrabError) {
        if location.contains("://") { return }
        var status = stat()
        guard stat(location, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .inputMissing(path: path) }
            throw .inputUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw .inputUnreadable(path: path, reason: "it is a directory")
        }
        let descriptor = open(location, O_RDONLY)
        guard descriptor >= 0 else {
            throw .inputUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        if status.st_mode & S_IFMT == S_IFREG && status.st_size == 0 {
            throw .notAVideo(path: path, reason: "the file is empty")
        }
    }

    /// What a failed open or probe means to the user, FFmpeg's own words included: its error
    /// (code, text, what was opened) and the line it logged, when there is one.
    private static func openFailure(path: String, error: FFmpegError, detail: String?, timedOut: Bool) -> FrameGrabError {
        if timedOut {
            // The code is the interruption framegrab asked for: nothing of FFmpeg's to tell.
            return .notAVideo(path: path, reason: "no usable stream found within \(Int(Deadline.operationTimeLimit)) s")
        }
        let code = error.code
        let unreachable = [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, ETIMEDOUT].map(CFFmpeg_AVERROR)
        if CFFmpeg_isHTTPError(code) != 0 || unreachable.contains(code) {
            return .inputUnreadable(path: path, reason: error.description)
        }
        if code == CFFmpeg_AVERROR(EACCES) || code == CFFmpeg_AVERROR(EIO) || code == CFFmpeg_AVERROR(EISDIR) {
            return .inputUnreadable(path: path, reason: error.description)
        }
        if code == CFFmpeg_AVERROR(ENOENT) {
            return .inputMissing(path: path)
        }
        if let detail {
            return .notAVideo(path: path, reason: cleanLogLine(detail) + "; " + error.description)
        }
        if code == FFmpegError.invalidData {
            return .notAVideo(path: path, reason: "not in any media format FFmpeg knows; " + error.description)
        }
        return .notAVideo(path: path, reason: error.description)
    }

    /// FFmpeg 5.1.9's hls demuxer opens only files with a media extension, key files included:
    /// an AES-128 playlist's local `.key` would be refused. Its own list, plus `key`.
    private static let hlsExtensionsWithKeys: String? = {
        guard let demuxer = av_find_input_format("hls"), let options = demuxer.pointee.priv_class else { return nil }
        var fakeObject: UnsafePointer<AVClass>? = options
        let option = withUnsafeMutablePointer(to: &fakeObject) { object in
            av_opt_find(UnsafeMutableRawPointer(object), "allowed_extensions", nil, 0, AV_OPT_SEARCH_FAKE_OBJ)
        }
        guard let option, option.pointee.type == AV_OPT_TYPE_STRING, let list = option.pointee.default_val.str else { return nil }
        let extensions = String(cString: list)
        return extensions.split(separator: ",").contains("key") ? nil : extensions + ",key"
    }()

    /// FFmpeg log lines start with a context prefix like `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55…]`.
    static func cleanLogLine(_ line: String) -> String {
        var text = Substring(line)
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            text = text[text.index(after: end)...]
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Whether FFmpeg opened a picture: its image demuxers are `image2` (chosen by the file's
    /// extension) and one `*_pipe` per format (chosen by the bytes: `png_pipe`, `webp_pipe`).
    private static func isStillImage(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        let demuxer = FFmpegDemuxer.name(of: context) ?? ""
        return demuxer == "image2" || demuxer.hasSuffix("_pipe")
    }

    /// The stream a viewer watches: the demuxer's best video stream that is real video, not
    /// cover art or text rendered as video; with its codec parameters.
    private static func chooseVideoStream(in context: UnsafeMutablePointer<AVFormatContext>, path: String) throws(FrameGrabError)
        -> (UnsafeMutablePointer<AVStream>, UnsafeMutablePointer<AVCodecParameters>) {
        let demuxer = FFmpegDemuxer.name(of: context) ?? ""
        if demuxer == "tty" {
            throw .notAVideo(path: path, reason: "plain text")
        }
        let streams = FFmpegDemuxer.streams(of: context)
        var candidates: [(stream: UnsafeMutablePointer<AVStream>, parameters: UnsafeMutablePointer<AVCodecParameters>)] = []
        for case let stream? in streams {
            guard let parameters = stream.pointee.codecpar else { continue }
            guard parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO else { continue }
            guard stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0 else { continue }
            guard parameters.pointee.codec_id != AV_CODEC_ID_NONE, parameters.pointee.codec_id != AV_CODEC_ID_ANSI else { continue }
            candidates.append((stream, parameters))
        }
        guard let first = candidates.first else {
            let hasAudio = streams.contains { $0?.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
            throw .notAVideo(path: path, reason: hasAudio ? "audio only, no video stream" : "no video stream")
        }
        let best = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let chosen = candidates.first { $0.stream.pointee.index == best } ?? first
        let codec = chosen.parameters.pointee.codec_id
        guard avcodec_find_decoder(codec) != nil else {
            throw .notAVideo(path: path, reason: "no decoder for its \(codecName(codec)) video")
        }
        // Never spend time reading packets the analysis will not use.
        for case let stream? in streams where stream != chosen.stream {
            stream.pointee.discard = AVDISCARD_ALL
        }
        return chosen
    }

    /// `avformat_find_stream_info`, its decoders refusing pictures larger than framegrab
    /// reads (`max_pixels`): probing a still image decodes it, and a 16K PNG of 400 kB would
    /// take 400 MB before the size could be checked.
    private static func findStreamInfo(_ context: UnsafeMutablePointer<AVFormatContext>) -> Int32 {
        let count = Int(context.pointee.nb_streams)
        var options = [OpaquePointer?](repeating: nil, count: count)
        for index in 0..<count {
            av_dict_set(&options[index], "max_pixels", String(DisplayGeometry.largestReadable.pixels), 0)
        }
        defer { for index in 0..<count { av_dict_free(&options[index]) } }
        return options.withUnsafeMutableBufferPointer { avformat_find_stream_info(context, $0.baseAddress) }
    }

    private static func presentationStart(of context: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>) -> Int64 {
        if context.pointee.start_time != CFFmpeg_NOPTS_VALUE() {
            return context.pointee.start_time
        }
        guard stream.pointee.start_time != CFFmpeg_NOPTS_VALUE() else { return 0 }
        return av_rescale_q(stream.pointee.start_time, stream.pointee.time_base, AVRational(num: 1, den: AV_TIME_BASE))
    }
}

// MARK: - Probing

extension MediaFile {
    private static func probeVideo(_ context: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>,
                                   parameters: UnsafeMutablePointer<AVCodecParameters>) -> VideoStreamInfo {
        let sampleAspect = av_guess_sample_aspect_ratio(context, stream, nil)
        let geometry = DisplayGeometry(
            storedWidth: Int(parameters.pointee.width),
            storedHeight: Int(parameters.pointee.height),
            sampleAspect: (Int(sampleAspect.num), Int(sampleAspect.den)),
            rotation: rotation(of: stream)
        )
        let rate = av_guess_frame_rate(context, stream, nil)
        let pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.pointee.format)).map { String(cString: $0) }
        return VideoStreamInfo(
            codec: codecName(parameters.pointee.codec_id),
            pixelFormat: pixelFormat,
            codedWidth: Int(parameters.pointee.width),
            codedHeight: Int(parameters.pointee.height),
            geometry: geometry,
            frameRate: FrameRate(numerator: Int(rate.num), denominator: Int(rate.den))
        )
    }

    /// FFmpeg's short name for a codec (`h264`, `hevc`).
    private static func codecName(_ codec: AVCodecID) -> String {
        avcodec_get_name(codec).map { String(cString: $0) } ?? "unknown"
    }

    /// Clockwise quarter turns from the stream's display matrix, as `ffmpeg` autorotation reads it.
    private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil) else { return 0 }
        let angle = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard angle.isFinite else { return 0 }
        return DisplayGeometry.quarterTurn(Int((-angle).rounded()))
    }

    private static func duration(of context: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>) -> MediaTime? {
        if context.pointee.duration != CFFmpeg_NOPTS_VALUE(), context.pointee.duration > 0 {
            return MediaTime(microseconds: context.pointee.duration)
        }
        if stream.pointee.duration != CFFmpeg_NOPTS_VALUE(), stream.pointee.duration > 0 {
            return MediaTime(microseconds: av_rescale_q(stream.pointee.duration, stream.pointee.time_base,
                                                        AVRational(num: 1, den: AV_TIME_BASE)))
        }
        return nil
    }

    /// A picture's format by its codec, whichever image demuxer read it: FFmpeg takes `shot.jpg`
    /// by its extension (`image2`) and the same bytes on stdin by their content (`jpeg_pipe`).
    private static func imageFormatName(_ codec: String) -> String {
        codec == "mjpeg" ? "jpeg" : codec
    }

    /// FFmpeg names demuxers by family (`mov,mp4,m4a,3gp,3g2,mj2`); users name files.
    private static func formatName(_ context: UnsafeMutablePointer<AVFormatContext>) -> String {
        let demuxer = FFmpegDemuxer.name(of: context) ?? "unknown"
        switch demuxer {
        case "mov,mp4,m4a,3gp,3g2,mj2":
            let brand = FFmpegDemuxer.metadataValue("major_brand", in: context.pointee.metadata)
            return brand?.hasPrefix("qt") == true ? "mov" : "mp4"
        case "matroska,webm":
            let webmCodecs: Set<AVCodecID> = [AV_CODEC_ID_VP8, AV_CODEC_ID_VP9, AV_CODEC_ID_AV1, AV_CODEC_ID_OPUS, AV_CODEC_ID_VORBIS]
            let allWebM = FFmpegDemuxer.streams(of: context).allSatisfy { stream in
                guard let parameters = stream?.pointee.codecpar else { return true }
                return webmCodecs.contains(parameters.pointee.codec_id)
            }
            return allWebM ? "webm" : "matroska"
        default:
            return demuxer.split(separator: ",").first.map(String.init) ?? demuxer
        }
    }
}

/// What `openIfAllowed` knows: the input itself, which the user chose, and FFmpeg's own opener.
private final class ReferenceRule {
    typealias Opener = @convention(c) (UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?,
                                       UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let input: String
    let defaultOpen: Opener?

    init(input: String, defaultOpen: Opener?) {
        self.input = input
        self.defaultOpen = defaultOpen
    }
}

/// `AVFormatContext.io_open`: FFmpeg's opener for the input and for anything it names that
/// `InputLocation.mayReference` allows; EACCES for the rest.
private let openIfAllowed: ReferenceRule.Opener = { context, pb, url, flags, options in
    guard let context, let opaque = context.pointee.opaque, let url else { return -EINVAL }
    let rule = Unmanaged<ReferenceRule>.fromOpaque(opaque).takeUnretainedValue()
    let location = String(cString: url)
    guard location == rule.input || InputLocation.mayReference(location), let open = rule.defaultOpen else { return -EACCES }
    return open(context, pb, url, flags, options)
}
