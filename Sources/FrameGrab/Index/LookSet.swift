/// A set of pixel looks (levels 0 to 255), as 256 bits.
struct LookSet: Equatable {
    private var words: SIMD4<UInt64> = .zero

    mutating func insert(_ look: UInt8) {
        words[Int(look) >> 6] |= 1 << UInt64(look & 63)
    }

    /// Whether a look less than `levels` away from `look` is in the set.
    func contains(within levels: Int, of look: UInt8) -> Bool {
        guard words != .zero else { return false }
        for near in max(0, Int(look) - levels + 1)...min(255, Int(look) + levels - 1)
        where words[near >> 6] & (1 << UInt64(near & 63)) != 0 {
            return true
        }
        return false
    }
}
