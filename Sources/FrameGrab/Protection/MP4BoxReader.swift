/// Picks the boxes that can signal protection out of an MP4/MOV without reading its media:
/// `ftyp`, `moov`, the first `moof` and top-level `pssh`, found by walking the top-level box
/// headers (seeking past `mdat`, wherever `moov` is). The result is a small well-formed file
/// for `MP4ProtectionScan`; a box larger than what is left of the budget comes cut short, last.
enum MP4BoxReader {
    static let maximumTopLevelBoxes = 1024
    /// Bytes of boxes kept in all (a long film's `moov` has its sample tables after the
    /// sample descriptions that matter).
    static let maximumKeptBytes = 4 << 20

    private static let kept: Set<String> = ["ftyp", "styp", "moov", "moof", "pssh", "uuid"]

    static func relevantBoxes(from source: InputBytes) -> [UInt8] {
        var result: [UInt8] = []
        var offset: Int64 = 0
        for _ in 0..<maximumTopLevelBoxes {
            guard let header = source.read(at: offset, count: 32), let box = ISOBox.header(in: header) else { break }
            let size = box.size ?? source.size.map { $0 - offset } ?? Int64(maximumKeptBytes)
            guard size >= Int64(box.length) else { break }
            let type = FourCC.text(box.type)
            if kept.contains(type) {
                let room = maximumKeptBytes - result.count
                guard room > 0, let bytes = source.read(at: offset, count: Int(min(size, Int64(room)))) else { break }
                result += bytes
                // Cut short, or the first fragment: nothing after it is needed.
                if Int64(bytes.count) < size || type == "moof" { break }
            }
            let (next, overflow) = offset.addingReportingOverflow(size)
            guard !overflow, box.size != nil else { break }
            if let end = source.size, next >= end { break }
            offset = next
        }
        return result
    }
}
