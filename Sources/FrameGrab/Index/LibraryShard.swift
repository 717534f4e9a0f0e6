/// One of N parts of a library, for indexing on many machines without a shared database: part
/// K (from 0) of N holds the videos whose path hashes to K. The hash is FNV-1a of the absolute
/// path, mixed by MurmurHash3's finalizer (FNV's low bits alone are the parity of the bytes':
/// two parts of a library would split by it); so every machine splits a list the same way
/// whatever order it lists the videos in, and adding a video moves no other one.
public struct LibraryShard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// nil unless 0 <= index < count.
    public init?(index: Int, count: Int) {
        guard count > 0, (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    public func contains(_ path: String) -> Bool {
        Int(LibraryShard.hash(path) % UInt64(count)) == index
    }

    /// `K/N`, as `--shard` takes it.
    public var description: String { "\(index)/\(count)" }

    static func hash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }
}
