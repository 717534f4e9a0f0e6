/// One box of an ISO base media file (MP4, MOV, fragmented MP4), read from bytes without
/// trusting its size field.
///
/// Sizes are checked against the box's parent: size 0 runs to the parent's end, size 1 takes a
/// 64-bit size, and a box claiming more than its parent holds is read only as far as the
/// parent goes and is the last box read there. A header that cannot be a box ends the walk.
/// See ISO/IEC 14496-12, 4.2.
struct ISOBox: Equatable {
    /// The four-character type, e.g. `moov`.
    var type: UInt32
    /// Where the whole box lies in the bytes it was read from.
    var range: Range<Int>
    /// Where its content lies: after the header (and a `uuid` box's 16-byte user type).
    var payload: Range<Int>
    /// The user type of a `uuid` box.
    var userType: ArraySlice<UInt8>?
    /// The box claimed more than its parent holds.
    var isCut: Bool

    var typeName: String { FourCC.text(type) }

    static let uuid = FourCC.code("uuid")

    /// The boxes one after another in `bytes[range]`, stopping at the first malformed header,
    /// at `limit` boxes, or after a box that was cut short.
    static func boxes(in bytes: [UInt8], _ range: Range<Int>, limit: Int = .max) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = range.lowerBound
        while offset < range.upperBound, boxes.count < limit, let box = box(in: bytes, at: offset, within: range) {
            boxes.append(box)
            if box.isCut || box.range.upperBound <= offset { break }
            offset = box.range.upperBound
        }
        return boxes
    }

    /// The box whose header starts at `offset`, if a well-formed header is there.
    static func box(in bytes: [UInt8], at offset: Int, within range: Range<Int>) -> ISOBox? {
        let range = range.clamped(to: 0..<bytes.count)
        guard range.contains(offset), let header = header(in: bytes, at: offset, end: range.upperBound) else { return nil }
        let available = range.upperBound - offset
        let size = header.size ?? Int64(available)
        let isCut = size > Int64(available)
        let end = offset + Int(min(size, Int64(available)))
        let userType = header.type == uuid ? bytes[(offset + header.length - 16)..<(offset + header.length)] : nil
        return ISOBox(type: header.type, range: offset..<end, payload: (offset + header.length)..<end, userType: userType, isCut: isCut)
    }

    /// The type, header length and declared size (nil: to the end of the parent) of the box
    /// header at `offset`; nil when no well-formed header fits before `end`.
    static func header(in bytes: [UInt8], at offset: Int = 0, end: Int? = nil) -> (type: UInt32, length: Int, size: Int64?)? {
        let end = min(end ?? bytes.count, bytes.count)
        guard offset >= 0, end - offset >= 8 else { return nil }
        let declared = readUInt32(bytes, at: offset)
        let type = readUInt32(bytes, at: offset + 4)
        var length = 8
        var size: Int64?
        switch declared {
        case 0:
            size = nil
        case 1:
            guard end - offset >= 16 else { return nil }
            let large = readUInt64(bytes, at: offset + 8)
            guard large <= UInt64(Int64.max) else { return nil }
            size = Int64(large)
            length = 16
        default:
            size = Int64(declared)
        }
        if type == uuid {
            guard end - offset >= length + 16 else { return nil }
            length += 16
        }
        if let size, size < Int64(length) { return nil }
        return (type, length, size)
    }

    static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func readUInt16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func readUInt64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        guard offset >= 0, offset + 8 <= bytes.count else { return 0 }
        return bytes[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
