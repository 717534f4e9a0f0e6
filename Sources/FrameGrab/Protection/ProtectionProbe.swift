import Foundation

/// Decides whether an input is protected content before any frame of it is decoded, cheapest
/// check first, and for an HLS master playlist which rendition to read.
///
/// 1. Playlists and manifests as text: HLS keys (`#EXT-X-KEY`, `#EXT-X-SESSION-KEY`) in the
///    master playlist and in every media playlist a player could switch to; DASH
///    `<ContentProtection>`.
/// 2. Containers by their structure: MP4/MOV boxes (`MP4ProtectionScan`), Matroska/WebM track
///    encodings (`MatroskaProtectionScan`).
///
/// Two more checks happen in `MediaFile` and `FrameSeeker`, where FFmpeg's own structures are:
/// 3. once the header is read, encryption init data (`pssh`) or `enc_key_id` on any stream;
/// 4. while reading, any packet carrying encryption info stops before the decoder sees it.
///
/// Reads are bounded (a few MB in all, never the media) and I/O failures are not findings:
/// an input the probe cannot read is left for `MediaFile` to report in its own words.
public enum ProtectionProbe {
    /// Bytes read from a playlist or manifest.
    static let maximumTextBytes = 1 << 20
    /// Media playlists fetched for one master playlist.
    static let maximumPlaylists = 64
    /// Bytes an MP4 walk may read, skipped ones included (on sources that cannot seek).
    static let maximumContainerBytes = 8 << 20
    /// Bytes read from the start of a Matroska/WebM file: its tracks come before any cluster.
    static let maximumMatroskaBytes = 1 << 20

    /// What `path` (a local path or an http(s) URL) is, before FFmpeg opens it.
    public static func examine(_ path: String) -> ProbedInput {
        examine(ProbedInput(path: path))
    }

    /// What the input copied into `spool` is, before FFmpeg opens it: read like a file.
    public static func examine(_ spool: SpooledInput) -> ProbedInput {
        examine(ProbedInput(path: spool.name, location: spool.location))
    }

    private static func examine(_ unexamined: ProbedInput) -> ProbedInput {
        var input = unexamined
        guard isProbeable(input.location),
              let source = InputBytes(location: input.location, allowsNetwork: input.allowsNetwork, limit: maximumContainerBytes),
              let head = source.read(at: 0, count: 4096) else { return input }

        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            var bytes = head
            if let rest = source.read(at: Int64(head.count), count: maximumMatroskaBytes - head.count) { bytes += rest }
            input.format = MatroskaProtectionScan.docType(of: bytes)
            input.protection = MatroskaProtectionScan.protection(in: bytes)
        } else if let brand = isoBrand(head) {
            input.format = brand == "qt  " ? "mov" : "mp4"
            input.protection = MP4ProtectionScan.protection(in: MP4BoxReader.relevantBoxes(from: source))
        } else if let text = text(head, rest: { source.read(at: Int64(head.count), count: maximumTextBytes - head.count) }) {
            if let playlist = HLSPlaylist(parsing: text) {
                input.format = "hls"
                examine(playlist, of: &input)
            } else if DASHManifest.isManifest(text) {
                input.format = "dash"
                input.protection = DASHManifest.protection(in: text)
            }
        }
        return input
    }

    /// Local regular files and http(s) URLs: never a pipe or a device, whose bytes the probe
    /// would take away from FFmpeg.
    private static func isProbeable(_ path: String) -> Bool {
        if InputLocation.isNetwork(path) { return true }
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The major brand of an ISO BMFF file (`isom`, `qt  `, …; empty without `ftyp`), or nil
    /// when the first box is not one such files start with.
    private static func isoBrand(_ head: [UInt8]) -> String? {
        let firstBoxes: Set<String> = ["ftyp", "styp", "moov", "moof", "mdat", "free", "skip", "wide", "pnot", "sidx", "pdin"]
        guard let box = ISOBox.header(in: head), firstBoxes.contains(FourCC.text(box.type)) else { return nil }
        guard FourCC.text(box.type) == "ftyp", head.count >= 12 else { return "" }
        return FourCC.text(ISOBox.readUInt32(head, at: 8))
    }

    /// The input as text, when its start looks like text (a playlist or a manifest).
    private static func text(_ head: [UInt8], rest: () -> [UInt8]?) -> String? {
        let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        guard let first = start.first(where: { ![0x09, 0x0A, 0x0D, 0x20].contains($0) }),
              first == UInt8(ascii: "#") || first == UInt8(ascii: "<") else { return nil }
        var bytes = head
        if head.count == 4096, let more = rest() { bytes += more }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: HLS

    /// Keys in the playlist; for a master playlist, keys in every media playlist it names, and
    /// the sharpest variant whose playlist could be read.
    private static func examine(_ playlist: HLSPlaylist, of input: inout ProbedInput) {
        if let protection = firstProtection(in: playlist, name: nil) {
            input.protection = protection
            return
        }
        guard playlist.isMaster else { return }
        var readable: Set<String> = []
        var seen: Set<String> = []
        for uri in playlist.variants.map(\.uri) + playlist.otherPlaylists where seen.insert(uri).inserted {
            guard seen.count <= maximumPlaylists else { break }
            let location = InputLocation.resolve(uri, against: input.path)
            guard input.allowsNetwork || !InputLocation.isNetwork(location) else { continue }
            guard let media = readPlaylist(location, allowsNetwork: input.allowsNetwork) else { continue }
            readable.insert(uri)
            if let protection = firstProtection(in: media, name: uri) {
                input.protection = protection
                return
            }
        }
        guard let variant = playlist.variantsBySharpness.first(where: { readable.contains($0.uri) }) else { return }
        input.location = InputLocation.resolve(variant.uri, against: input.path)
        input.rendition = HLSRendition(uri: input.location, width: variant.width, height: variant.height, bandwidth: variant.bandwidth)
    }

    private static func firstProtection(in playlist: HLSPlaylist, name: String?) -> Protection? {
        for key in playlist.keys {
            if let protection = key.protection(in: name) { return protection }
        }
        return nil
    }

    private static func readPlaylist(_ location: String, allowsNetwork: Bool) -> HLSPlaylist? {
        guard InputLocation.mayReference(location), isProbeable(location),
              let source = InputBytes(location: location, allowsNetwork: allowsNetwork, limit: maximumTextBytes),
              let bytes = source.read(at: 0, count: maximumTextBytes) else { return nil }
        return HLSPlaylist(parsing: String(decoding: bytes, as: UTF8.self))
    }
}
