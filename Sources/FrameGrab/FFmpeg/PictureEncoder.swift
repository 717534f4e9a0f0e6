import CFFmpeg

/// Encodes a `FramePicture` as one PNG or JPEG file's bytes with libavcodec's image encoders
/// (`png`, `mjpeg`): the libraries framegrab already links, and the encoders ffmpeg's own
/// `-frames:v 1 frame.png` uses.
///
/// See https://ffmpeg.org/doxygen/5.1/group__lavc__encoding.html (the send/receive API).
public enum PictureEncoder {
    /// Lossless: every pixel as the player shows it.
    public static func png(_ picture: FramePicture) throws(FFmpegError) -> [UInt8] {
        try encode(picture, codec: AV_CODEC_ID_PNG, format: AV_PIX_FMT_RGB24, quality: nil) { frame in
            copy(picture.interleavedRGB, rowBytes: picture.width * 3, rows: picture.height, into: frame, plane: 0)
        }
    }

    /// Full-resolution colour (4:4:4, no chroma halved: coloured letters keep their edges) at
    /// `quality`, MJPEG's quantiser scale: 2 is the finest it offers, 31 the coarsest.
    public static func jpeg(_ picture: FramePicture, quality: Int = 2) throws(FFmpegError) -> [UInt8] {
        try encode(picture, codec: AV_CODEC_ID_MJPEG, format: AV_PIX_FMT_YUVJ444P, quality: quality) { frame in
            let planes = fullRangeYCbCr(picture)
            for (index, plane) in planes.enumerated() {
                copy(plane, rowBytes: picture.width, rows: picture.height, into: frame, plane: index)
            }
        }
    }

    private static func encode(_ picture: FramePicture, codec id: AVCodecID, format: AVPixelFormat, quality: Int?,
                               fill: (UnsafeMutablePointer<AVFrame>) -> Void) throws(FFmpegError) -> [UInt8] {
        let operation = "encoding a \(picture.width)x\(picture.height) picture"
        guard picture.width > 0, picture.height > 0 else { throw FFmpegError(code: FFmpegError.invalidData, operation: operation) }
        guard let codec = avcodec_find_encoder(id) else {
            throw FFmpegError(code: CFFmpeg_AVERROR(ENOSYS), operation: operation)
        }
        var context = avcodec_alloc_context3(codec)
        var frame = av_frame_alloc()
        var packet = av_packet_alloc()
        defer {
            avcodec_free_context(&context)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        guard let context, let frame, let packet else { throw FFmpegError(code: CFFmpeg_AVERROR(ENOMEM), operation: operation) }
        context.pointee.width = Int32(picture.width)
        context.pointee.height = Int32(picture.height)
        context.pointee.pix_fmt = format
        context.pointee.time_base = AVRational(num: 1, den: 25)
        if let quality {
            // A fixed quantiser rather than a bit rate: the same look whatever the picture.
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = Int32(quality) * FF_QP2LAMBDA
        }
        try FFmpegError.check(avcodec_open2(context, codec, nil), operation)

        frame.pointee.width = Int32(picture.width)
        frame.pointee.height = Int32(picture.height)
        frame.pointee.format = format.rawValue
        try FFmpegError.check(av_frame_get_buffer(frame, 0), operation)
        fill(frame)
        frame.pointee.pts = 0
        if let quality { frame.pointee.quality = Int32(quality) * FF_QP2LAMBDA }

        try FFmpegError.check(avcodec_send_frame(context, frame), operation)
        try FFmpegError.check(avcodec_send_frame(context, nil), operation)
        try FFmpegError.check(avcodec_receive_packet(context, packet), operation)
        guard let data = packet.pointee.data, packet.pointee.size > 0 else {
            throw FFmpegError(code: FFmpegError.invalidData, operation: operation)
        }
        return Array(UnsafeBufferPointer(start: data, count: Int(packet.pointee.size)))
    }

    /// Copies `rows` rows of `rowBytes` from `bytes` into one of `frame`'s planes, whose rows
    /// may be padded.
    private static func copy(_ bytes: [UInt8], rowBytes: Int, rows: Int, into frame: UnsafeMutablePointer<AVFrame>, plane: Int) {
        let stride = Int(withUnsafeBytes(of: frame.pointee.linesize) { $0.load(fromByteOffset: plane * 4, as: Int32.self) })
        guard let target = withUnsafeBytes(of: frame.pointee.data, { $0.load(fromByteOffset: plane * MemoryLayout<UnsafeMutablePointer<UInt8>?>.stride,
                                                                                as: UnsafeMutablePointer<UInt8>?.self) })
        else { return }
        bytes.withUnsafeBufferPointer { source in
            guard let source = source.baseAddress else { return }
            for row in 0..<rows {
                (target + row * stride).update(from: source + row * rowBytes, count: rowBytes)
            }
        }
    }

    /// The picture as JPEG's full-range Y, Cb and Cr planes (ITU-T T.871).
    private static func fullRangeYCbCr(_ picture: FramePicture) -> [[UInt8]] {
        guard let color = picture.color else {
            let neutral = [UInt8](repeating: 128, count: picture.width * picture.height)
            return [picture.gray.pixels, neutral, neutral]
        }
        let count = picture.width * picture.height
        var y = [UInt8](repeating: 0, count: count), cb = y, cr = y
        for index in 0..<count {
            let r = Double(color.red.pixels[index]), g = Double(color.green.pixels[index]), b = Double(color.blue.pixels[index])
            y[index] = UInt8(clamping: Int((0.299 * r + 0.587 * g + 0.114 * b).rounded()))
            cb[index] = UInt8(clamping: Int((128 - 0.168736 * r - 0.331264 * g + 0.5 * b).rounded()))
            cr[index] = UInt8(clamping: Int((128 + 0.5 * r - 0.418688 * g - 0.081312 * b).rounded()))
        }
        return [y, cb, cr]
    }
}
