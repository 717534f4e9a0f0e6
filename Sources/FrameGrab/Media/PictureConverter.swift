import CFFmpeg

/// Turns decoded frames of any pixel format into gray pictures, and their colours, as a
/// player shows them: non-square pixels stretched, display rotation applied.
///
/// Owns cached `SwsContext`s. See https://ffmpeg.org/doxygen/5.1/group__libsws.html
final class PictureConverter {
    private var scaler: OpaquePointer?
    private var colorScaler: OpaquePointer?
    /// For averaging blocks: the gray level of each sum for the last block size and range, and
    /// a row of column sums.
    private var blockLevels: (block: Int, fullRange: Bool, levels: [UInt8])?
    private var columnSums: [UInt16] = []

    deinit {
        sws_freeContext(scaler)
        sws_freeContext(colorScaler)
    }

    func grayImage(from frame: UnsafePointer<AVFrame>, geometry: DisplayGeometry) -> GrayImage? {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        guard width > 0, height > 0 else { return nil }
        let geometry = geometry.resized(width: width, height: height)
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        let upright: GrayImage?
        if geometry.uprightWidth == width, PictureConverter.hasPlainLumaPlane(format) {
            upright = copyLumaPlane(of: frame, width: width, height: height)
        } else {
            upright = scale(frame, format: format, from: (geometry.storedWidth, geometry.storedHeight),
                            to: (geometry.uprightWidth, geometry.uprightHeight))
        }
        return upright?.rotated(clockwise: geometry.rotation)
    }

    /// The frame's colours at the size and orientation of `grayImage(from:geometry:)`; nil for
    /// a gray format, which has none.
    func colorPlanes(from frame: UnsafePointer<AVFrame>, geometry: DisplayGeometry) -> ColorPlanes? {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        guard width > 0, height > 0, format != AV_PIX_FMT_GRAY8 else { return nil }
        let geometry = geometry.resized(width: width, height: height)
        let target = (width: geometry.uprightWidth, height: geometry.uprightHeight)
        colorScaler = sws_getCachedContext(colorScaler, Int32(width), Int32(height), format,
                                           Int32(target.width), Int32(target.height), AV_PIX_FMT_GBRP,
                                           target.width > width ? SWS_BICUBIC : SWS_AREA, nil, nil, nil)
        guard let colorScaler,
              let planes = PictureConverter.convert(frame, height: height, with: colorScaler, into: 3, of: target)
        else { return nil }
        // GBRP keeps green, blue, red in that order.
        return ColorPlanes(red: planes[2], green: planes[0], blue: planes[1]).rotated(clockwise: geometry.rotation)
    }

    /// The frame as a gray picture `block` times smaller along each side, each pixel the
    /// average of a `block`-square of the stored picture (no display geometry): what
    /// comparisons between frames work on. Luma planes are averaged directly, the cheapest
    /// pass over a frame there is; other formats go through swscale.
    func grayImage(from frame: UnsafePointer<AVFrame>, averagingBlocksOf block: Int) -> GrayImage? {
        let storedWidth = Int(frame.pointee.width)
        let storedHeight = Int(frame.pointee.height)
        let width = storedWidth / block
        let height = storedHeight / block
        guard block > 0, width > 0, height > 0 else { return nil }
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        guard PictureConverter.hasPlainLumaPlane(format), let plane = frame.pointee.data.0,
              Int(frame.pointee.linesize.0) >= storedWidth else {
            return scale(frame, format: format, from: (storedWidth, storedHeight), to: (width, height))
        }
        let fullRange = format == AV_PIX_FMT_GRAY8 || format == AV_PIX_FMT_YUVJ420P || format == AV_PIX_FMT_YUVJ422P
            || format == AV_PIX_FMT_YUVJ444P || frame.pointee.color_range == AVCOL_RANGE_JPEG
        let levels: [UInt8]
        if let cached = blockLevels, cached.block == block, cached.fullRange == fullRange {
            levels = cached.levels
        } else {
            levels = PictureConverter.levels(ofSumsOver: block * block, fullRange: fullRange)
            blockLevels = (block, fullRange, levels)
        }
        return averageBlocks(of: plane, stride: Int(frame.pointee.linesize.0), block: block, width: width, height: height,
                             levels: levels)
    }

    /// The gray level of each sum of `area` luma values: their average, with studio-range luma
    /// (16...235) stretched to 0...255 as swscale does when it makes gray.
    private static func levels(ofSumsOver area: Int, fullRange: Bool) -> [UInt8] {
        (0...(area * 255)).map { sum in
            let average = (sum + area / 2) / area
            return fullRange ? UInt8(average) : UInt8(clamping: ((average - 16) * 255 + 109) / 219)
        }
    }

    /// Sums `block` rows into `columnSums` (a pass the compiler vectorizes), then `block`
    /// columns of those into each pixel.
    private func averageBlocks(of plane: UnsafePointer<UInt8>, stride: Int, block: Int, width: Int, height: Int,
                               levels: [UInt8]) -> GrayImage {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let used = width * block
        if columnSums.count < used { columnSums = [UInt16](repeating: 0, count: used) }
        levels.withUnsafeBufferPointer { levels in
            pixels.withUnsafeMutableBufferPointer { pixels in
                columnSums.withUnsafeMutableBufferPointer { sums in
                    // Both hold at least one pixel: the caller asks for a picture of one or more.
                    guard let sums = sums.baseAddress, let picture = pixels.baseAddress else { return }
                    for y in 0..<height {
                        let top = plane + y * block * stride
                        for i in 0..<used { sums[i] = UInt16(top[i]) }
                        for dy in 1..<max(1, block) {
                            let row = top + dy * stride
                            for i in 0..<used { sums[i] &+= UInt16(row[i]) }
                        }
                        let out = picture + y * width
                        if block == 2 {
                            for x in 0..<width { out[x] = levels[Int(sums[2 * x] &+ sums[2 * x + 1])] }
                            continue
                        }
                        for x in 0..<width {
                            var sum = 0
                            for dx in 0..<block { sum += Int(sums[x * block + dx]) }
                            out[x] = levels[sum]
                        }
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// In 8-bit YUV and gray formats the first plane already is the gray picture.
    private static func hasPlainLumaPlane(_ format: AVPixelFormat) -> Bool {
        let plain: Set<AVPixelFormat> = [
            AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P,
            AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_NV12, AV_PIX_FMT_NV21, AV_PIX_FMT_GRAY8,
        ]
        return plain.contains(format)
    }

    private func copyLumaPlane(of frame: UnsafePointer<AVFrame>, width: Int, height: Int) -> GrayImage? {
        guard let plane = frame.pointee.data.0 else { return nil }
        let stride = Int(frame.pointee.linesize.0)
        guard stride >= width else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { target in
            guard let target = target.baseAddress else { return }
            for row in 0..<height {
                (target + row * width).update(from: plane + row * stride, count: width)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    private func scale(_ frame: UnsafePointer<AVFrame>, format: AVPixelFormat, from source: (width: Int, height: Int),
                       to target: (width: Int, height: Int)) -> GrayImage? {
        let targetWidth = target.width
        let targetHeight = target.height
        let enlarging = targetWidth > source.width
        scaler = sws_getCachedContext(scaler, Int32(source.width), Int32(source.height), format,
                                      Int32(targetWidth), Int32(targetHeight), AV_PIX_FMT_GRAY8,
                                      enlarging ? SWS_BICUBIC : SWS_AREA, nil, nil, nil)
        guard let scaler else { return nil }
        return PictureConverter.convert(frame, height: source.height, with: scaler, into: 1, of: target)?.first
    }

    /// Runs `scaler` over `frame` into `planeCount` planes of `size`, each a picture.
    private static func convert(_ frame: UnsafePointer<AVFrame>, height: Int, with scaler: OpaquePointer, into planeCount: Int,
                                of size: (width: Int, height: Int)) -> [GrayImage]? {
        // swscale may write whole SIMD blocks: give each row an aligned stride, then compact.
        let stride = (size.width + 63) & ~63
        let planeBytes = stride * (size.height + 1)
        var buffer = [UInt8](repeating: 0, count: planeBytes * planeCount)
        let written: Int32 = buffer.withUnsafeMutableBufferPointer { target in
            var planes: [UnsafeMutablePointer<UInt8>?] = (0..<4).map { plane in
                plane < planeCount ? target.baseAddress.map { $0 + plane * planeBytes } : nil
            }
            var strides: [Int32] = (0..<4).map { $0 < planeCount ? Int32(stride) : 0 }
            return withUnsafePointer(to: frame.pointee.data) { sourcePlanes in
                withUnsafePointer(to: frame.pointee.linesize) { sourceStrides in
                    sourcePlanes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planesPointer in
                        sourceStrides.withMemoryRebound(to: Int32.self, capacity: 8) { stridesPointer in
                            sws_scale(scaler, planesPointer, stridesPointer, 0, Int32(height), &planes, &strides)
                        }
                    }
                }
            }
        }
        guard written == Int32(size.height) else { return nil }
        return (0..<planeCount).map { plane in
            var pixels = [UInt8](repeating: 0, count: size.width * size.height)
            for row in 0..<size.height {
                let from = plane * planeBytes + row * stride
                pixels.replaceSubrange(row * size.width..<(row + 1) * size.width, with: buffer[from..<from + size.width])
            }
            return GrayImage(width: size.width, height: size.height, pixels: pixels)
        }
    }
}
