/// One element of an EBML document (Matroska, WebM), read from bytes without trusting its size.
///
/// IDs are 1 to 4 bytes and sizes 1 to 8 bytes, both variable-length integers. An unknown size
/// (all ones, as live streams write their Segment) runs to the parent's end; an element
/// claiming more than its parent holds is read only as far as the parent goes. Either is the
/// last element read at its level. A header that cannot be an element ends the walk.
/// See RFC 8794.
struct EBMLElement: Equatable {
    /// The ID with its length marker, as specifications write it (`0x1A45DFA3`).
    var id: UInt32
    var range: Range<Int>
    var payload: Range<Int>
    /// The size was unknown, or more than the parent holds.
    var isOpenEnded: Bool

    static let header: UInt32 = 0x1A45_DFA3
    static let docType: UInt32 = 0x4282
    static let segment: UInt32 = 0x1853_8067

    /// The elements one after another in `bytes[range]`, stopping at the first malformed
    /// header, at `limit` elements, or after an open-ended one.
    static func elements(in bytes: [UInt8], _ range: Range<Int>, limit: Int = .max) -> [EBMLElement] {
        var elements: [EBMLElement] = []
        var offset = range.lowerBound
        while offset < range.upperBound, elements.count < limit, let element = element(in: bytes, at: offset, within: range) {
            elements.append(element)
            if element.isOpenEnded || element.range.upperBound <= offset { break }
            offset = element.range.upperBound
        }
        return elements
    }

    /// The element whose header starts at `offset`, if a well-formed header is there.
    static func element(in bytes: [UInt8], at offset: Int, within range: Range<Int>) -> EBMLElement? {
        let range = range.clamped(to: 0..<bytes.count)
        guard range.contains(offset) else { return nil }
        guard let id = variableInteger(in: bytes, at: offset, end: range.upperBound, maximumLength: 4),
              id.length > 0 else { return nil }
        let sizeOffset = offset + id.length
        guard let size = variableInteger(in: bytes, at: sizeOffset, end: range.upperBound, maximumLength: 8) else { return nil }
        let start = sizeOffset + size.length
        let markerless = size.value & ((UInt64(1) << UInt64(7 * size.length)) - 1)
        let unknown = markerless == (UInt64(1) << UInt64(7 * size.length)) - 1
        let available = UInt64(range.upperBound - start)
        let openEnded = unknown || markerless > available
        let end = openEnded ? range.upperBound : start + Int(markerless)
        return EBMLElement(id: UInt32(truncatingIfNeeded: id.value), range: offset..<end, payload: start..<end, isOpenEnded: openEnded)
    }

    /// A variable-length integer with its length marker kept; nil when the first byte has no
    /// marker within `maximumLength` bytes or the integer runs past `end`.
    private static func variableInteger(in bytes: [UInt8], at offset: Int, end: Int, maximumLength: Int) -> (value: UInt64, length: Int)? {
        guard offset < end else { return nil }
        let first = bytes[offset]
        guard first != 0 else { return nil }
        let length = first.leadingZeroBitCount + 1
        guard length <= maximumLength, offset + length <= end else { return nil }
        let value = bytes[offset..<(offset + length)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return (value, length)
    }

    /// The payload as an unsigned integer (at most 8 bytes; an empty one is 0).
    func unsigned(in bytes: [UInt8]) -> UInt64? {
        guard payload.count <= 8 else { return nil }
        return bytes[payload].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
