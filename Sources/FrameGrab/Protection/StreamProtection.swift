import CFFmpeg

/// What FFmpeg itself records about encryption, which it never acts on: FFmpeg 5.1 decodes
/// encrypted packets into garbage and exits 0.
///
/// See https://ffmpeg.org/doxygen/5.1/encryption__info_8h.html
enum StreamProtection {
    /// Once a header is read: encryption init data (from `pssh` boxes) or the Matroska
    /// `enc_key_id` metadata on any stream.
    static func protection(ofStreamsIn context: UnsafeMutablePointer<AVFormatContext>) -> Protection? {
        for case let (index, stream?) in FFmpegDemuxer.streams(of: context).enumerated() {
            var size = 0
            if let data = av_stream_get_side_data(stream, AV_PKT_DATA_ENCRYPTION_INIT_INFO, &size) {
                var clues = ProtectionClues()
                var node = av_encryption_init_info_get_side_data(data, size)
                let first = node
                while let info = node {
                    if let id = info.pointee.system_id {
                        clues.note(system: DRMSystem(systemID: UnsafeBufferPointer(start: id, count: Int(info.pointee.system_id_size))))
                    }
                    node = info.pointee.next
                }
                av_encryption_init_info_free(first)
                clues.note("encryption init data on stream \(index)")
                return clues.protection
            }
            if FFmpegDemuxer.metadataValue("enc_key_id", in: stream.pointee.metadata) != nil {
                return Protection(scheme: "unknown", system: .unknown, evidence: "enc_key_id metadata on stream \(index)")
            }
        }
        return nil
    }

    /// While reading: the encryption info a packet of encrypted samples carries.
    static func protection(of packet: UnsafeMutablePointer<AVPacket>) -> Protection? {
        var size = 0
        guard let data = av_packet_get_side_data(packet, AV_PKT_DATA_ENCRYPTION_INFO, &size) else { return nil }
        var scheme = "unknown"
        if let info = av_encryption_info_get_side_data(data, size) {
            scheme = Protection.scheme(fourCC: info.pointee.scheme)
            av_encryption_info_free(info)
        }
        return Protection(scheme: scheme, system: .unknown,
                          evidence: "encryption info on packets of stream \(packet.pointee.stream_index)")
    }
}
