import CFFmpeg

extension GrayImage {
    /// Resized by `factor` with swscale: Lanczos when enlarging (small text keeps its edges
    /// sharp, where bilinear blurs strokes together), area averaging when shrinking.
    /// See https://ffmpeg.org/doxygen/5.1/group__libsws.html
    public func scaled(by factor: Double) -> GrayImage {
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        guard (newWidth, newHeight) != (width, height), width > 0, height > 0 else { return self }
        let flags = factor > 1 ? SWS_LANCZOS : SWS_AREA
        guard let scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_GRAY8,
                                          Int32(newWidth), Int32(newHeight), AV_PIX_FMT_GRAY8, flags, nil, nil, nil) else {
            return self
        }
        defer { sws_freeContext(scaler) }
        // swscale may read and write whole SIMD blocks: pad rows to an aligned stride.
        let sourceStride = (width + 63) & ~63
        let targetStride = (newWidth + 63) & ~63
        var source = [UInt8](repeating: 0, count: sourceStride * (height + 1))
        for row in 0..<height {
            source.replaceSubrange(row * sourceStride..<row * sourceStride + width, with: pixels[row * width..<(row + 1) * width])
        }
        var target = [UInt8](repeating: 0, count: targetStride * (newHeight + 1))
        let written = source.withUnsafeBufferPointer { sourceBuffer in
            target.withUnsafeMutableBufferPointer { targetBuffer in
                var sourcePlanes: [UnsafePointer<UInt8>?] = [sourceBuffer.baseAddress, nil, nil, nil]
                var sourceStrides: [Int32] = [Int32(sourceStride), 0, 0, 0]
                var targetPlanes: [UnsafeMutablePointer<UInt8>?] = [targetBuffer.baseAddress, nil, nil, nil]
                var targetStrides: [Int32] = [Int32(targetStride), 0, 0, 0]
                return sws_scale(scaler, &sourcePlanes, &sourceStrides, 0, Int32(height), &targetPlanes, &targetStrides)
            }
        }
        guard written == Int32(newHeight) else { return self }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight)
        for row in 0..<newHeight {
            result.replaceSubrange(row * newWidth..<(row + 1) * newWidth, with: target[row * targetStride..<row * targetStride + newWidth])
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }
}
