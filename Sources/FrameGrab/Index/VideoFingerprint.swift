import Foundation

/// What tells a video file apart from the one indexed before: its size, modification time,
/// and a digest of its first and last MiB (a re-encode or a copy over it changes them, reading
/// it all would cost as much as decoding).
public struct VideoFingerprint: Equatable, Sendable {
    public var size: Int64
    public var modified: Double
    /// FNV-1a (64 bits) of the first and last MiB, in hex.
    public var digest: String

    static let sampledBytes = 1 << 20

    /// Reads the file at `path`; throws when it is missing or unreadable.
    public init(path: String) throws(FrameGrabError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .inputMissing(path: path) }
            throw .inputUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw .inputUnreadable(path: path, reason: "it is a directory") }
        size = Int64(status.st_size)
        modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .inputUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ data: Data) {
            for byte in data {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        do {
            mix(try handle.read(upToCount: VideoFingerprint.sampledBytes) ?? Data())
            let tail = size - Int64(VideoFingerprint.sampledBytes)
            if tail > Int64(VideoFingerprint.sampledBytes) {
                try handle.seek(toOffset: UInt64(tail))
                mix(try handle.read(upToCount: VideoFingerprint.sampledBytes) ?? Data())
            }
        } catch {
            throw .inputUnreadable(path: path, reason: "\(error.localizedDescription)")
        }
        digest = String(hash, radix: 16)
    }

    /// Whether `video` was indexed from this very file.
    public func matches(_ video: IndexedVideo) -> Bool {
        video.size == size && video.modified == modified && video.fingerprint == digest
    }
}
