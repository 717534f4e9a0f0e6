import CFFmpeg
import Foundation

/// Bounded reads from a local file or an http(s) URL, through FFmpeg's AVIO with the same
/// protocol whitelist and time limit its demuxers get: the probe's only way to the bytes.
///
/// Owns an `AVIOContext`. Reads stop at `limit` bytes, counting what a source that cannot
/// seek (an http server without ranges) makes it read through. The first 64 KiB and the last
/// 4 KiB read are kept, so that such a source can still be read from its start again and a
/// box can be read whole after its header. See https://ffmpeg.org/doxygen/5.1/avio_8h.html
final class InputBytes {
    private var context: UnsafeMutablePointer<AVIOContext>?
    private let deadline = Deadline()
    private let limit: Int
    /// Bytes read from the source so far, skipped ones included.
    private var consumed = 0
    /// Where the source stands.
    private var position: Int64 = 0
    /// The input's first bytes.
    private var start: [UInt8] = []
    /// The bytes just before `position`.
    private var recent: [UInt8] = []
    private static let keptStart = 64 << 10
    private static let keptRecent = 4 << 10
    /// The input's length, when the source says.
    let size: Int64?

    init?(location: String, allowsNetwork: Bool, limit: Int) {
        FFmpegLog.install()
        let network = InputLocation.isNetwork(location)
        guard allowsNetwork || !network else { return nil }
        // `file:` keeps a path with a colon in it from being read as a protocol.
        let url = network || location.hasPrefix("file:") ? location : "file:" + location
        var options: OpaquePointer? = nil
        av_dict_set(&options, "protocol_whitelist", InputLocation.protocols(allowingNetwork: allowsNetwork), 0)
        var callback = deadline.interruptCallback
        deadline.arm(seconds: Deadline.operationTimeLimit)
        var context: UnsafeMutablePointer<AVIOContext>?
        let opened = avio_open2(&context, url, AVIO_FLAG_READ, &callback, &options)
        av_dict_free(&options)
        deadline.disarm()
        guard opened >= 0, let context else { return nil }
        self.context = context
        self.limit = limit
        let size = avio_size(context)
        self.size = size >= 0 ? size : nil
    }

    deinit {
        avio_closep(&context)
    }

    /// Up to `count` bytes from `offset`: fewer at the end of the input or of the budget, nil
    /// when nothing could be read there.
    func read(at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, count > 0 else { return nil }
        var result: [UInt8] = []
        var next = offset
        while result.count < count {
            let wanted = count - result.count
            guard let bytes = kept(at: next, count: wanted) ?? readSource(at: next, count: wanted) else { break }
            result += bytes
            next += Int64(bytes.count)
        }
        return result.isEmpty ? nil : result
    }

    /// Bytes from the kept start or the recent window; nil when `offset` is in neither.
    private func kept(at offset: Int64, count: Int) -> [UInt8]? {
        if offset < Int64(start.count) {
            let from = Int(offset)
            return Array(start[from..<min(start.count, from + count)])
        }
        let windowStart = position - Int64(recent.count)
        if offset >= windowStart && offset < position {
            let from = Int(offset - windowStart)
            return Array(recent[from..<min(recent.count, from + count)])
        }
        return nil
    }

    private func readSource(at offset: Int64, count: Int) -> [UInt8]? {
        guard let context else { return nil }
        deadline.arm(seconds: Deadline.operationTimeLimit)
        defer { deadline.disarm() }
        if offset != position {
            if context.pointee.seekable & AVIO_SEEKABLE_NORMAL != 0 {
                guard avio_seek(context, offset, SEEK_SET) >= 0 else { return nil }
                position = offset
                recent = []
            } else if offset > position {
                guard skip(offset - position, context: context) else { return nil }
            } else {
                return nil
            }
        }
        let wanted = min(count, limit - consumed)
        guard wanted > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: wanted)
        var total = 0
        while total < wanted {
            let read = buffer.withUnsafeMutableBufferPointer { pointer in
                avio_read(context, pointer.baseAddress.map { $0 + total }, Int32(wanted - total))
            }
            guard read > 0 else { break }
            total += Int(read)
        }
        guard total > 0 else { return nil }
        let bytes = Array(buffer.prefix(total))
        keep(bytes)
        return bytes
    }

    /// Reads through `distance` bytes of a source that cannot seek, within the budget.
    private func skip(_ distance: Int64, context: UnsafeMutablePointer<AVIOContext>) -> Bool {
        guard distance <= Int64(limit - consumed) else { return false }
        var scratch = [UInt8](repeating: 0, count: Int(min(distance, 1 << 16)))
        var left = distance
        while left > 0 {
            let step = Int32(min(left, Int64(scratch.count)))
            let read = scratch.withUnsafeMutableBufferPointer { avio_read(context, $0.baseAddress, step) }
            guard read > 0 else { return false }
            left -= Int64(read)
            keep(scratch.prefix(Int(read)))
        }
        return true
    }

    /// Counts bytes just read from the source and keeps what may be asked for again.
    private func keep(_ bytes: some Collection<UInt8>) {
        if position == Int64(start.count) && start.count < InputBytes.keptStart {
            start += bytes.prefix(InputBytes.keptStart - start.count)
        }
        consumed += bytes.count
        position += Int64(bytes.count)
        recent += bytes.suffix(InputBytes.keptRecent)
        if recent.count > InputBytes.keptRecent { recent.removeFirst(recent.count - InputBytes.keptRecent) }
    }
}
