import CFFmpeg

/// Reads a video for the scan one group of pictures (keyframe to keyframe) at a time,
/// decoding only where the screen may have changed.
///
/// Demuxing is nearly free and decoding is not, so each group's packets are read first and
/// the next keyframe is decoded alone. When it shows the same screen as the group's own
/// keyframe, and no packet in between is larger than the packets of a group already checked
/// frame by frame and found still, the group's frames are taken to show its keyframe (on still
/// slides x264's P-frames are a few dozen bytes). Otherwise every frame of the group is
/// decoded. Changes that come and go within one group of still-sized packets are missed: they
/// last less than a keyframe interval, and are smaller than a refinement pass of the encoder.
final class ScreenSampler {
    let file: MediaFile
    let grid: CellGrid
    private let decoder: VideoDecoder
    private let converter = PictureConverter()
    private let block: Int
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    /// The group being read: its packets in decoding order, the first a keyframe.
    private var group = PacketGroup()
    private var groupKeyPicture: ScreenPicture?
    private var started = false
    /// The last group was cut at `longestGroup` packets: the decoder holds its references.
    private var continuing = false
    private var reachedEnd = false
    /// The largest non-key packet of a group decoded frame by frame without a change: a still
    /// screen's packets are no larger, whatever the encoder spends on refinement.
    private var largestStillPacket: Int32?
    /// A group's packets count as still when none is larger than this many times that size.
    static let stillPacketAllowance: Int32 = 2
    /// Packets held at most before decoding them (a screen recording may have one keyframe):
    /// 24 s at 25 fps.
    static let longestGroup = 600

    /// Frames decoded, and frames taken to be unchanged without decoding.
    private(set) var framesDecoded = 0
    private(set) var framesSkipped = 0
    /// The presentation time of the last frame read so far, for progress.
    var position: MediaTime { lastGiven ?? MediaTime(microseconds: 0) }
    /// The time of the last sample given; nil before the first.
    private var lastGiven: MediaTime?

    init(file: MediaFile) throws(FrameGrabError) {
        self.file = file
        decoder = try VideoDecoder(file: file, threads: 1, roughly: true)
        let width = file.video.codedWidth
        let height = file.video.codedHeight
        block = ScreenPicture.blockSize(width: width, height: height)
        grid = CellGrid(width: max(1, width / block), height: max(1, height / block))
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc() else {
            throw .internalFailure(path: file.path, reason: "out of memory")
        }
        self.packet = packet
        self.frame = frame
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    /// The next group's frames in presentation order, or nil at the end of the video.
    /// `unchanged` says whether two pictures show the same screen.
    func nextGroup(unchanged: (ScreenPicture, ScreenPicture) -> Bool) throws(FrameGrabError) -> [ScreenSample]? {
        if !started {
            started = true
            if let first = try readPacket() {
                group.append(first)
                if first.isKeyframe { groupKeyPicture = try decodeAlone(first) }
            }
        }
        var nextKey: OwnedPacket?
        while group.packets.count < ScreenSampler.longestGroup, let next = try readPacket() {
            if next.isKeyframe && !group.isEmpty {
                nextKey = next
                break
            }
            group.append(next)
        }
        guard !group.isEmpty else { return nil }
        // A group cut at its longest goes on in the next one, on the same decoder.
        let cut = nextKey == nil && !reachedEnd
        let nextKeyPicture = try nextKey.map { (key) throws(FrameGrabError) in try decodeAlone(key) } ?? nil

        var samples: [ScreenSample]
        if !continuing, let keyPicture = groupKeyPicture, let nextKeyPicture, let largestStillPacket,
           group.largestNonKeySize <= largestStillPacket * ScreenSampler.stillPacketAllowance,
           unchanged(keyPicture, nextKeyPicture) {
            samples = group.packets.compactMap { packet in
                guard let time = packet.presentationTime(in: file) else { return nil }
                return ScreenSample(time: time, picture: keyPicture, observed: packet.isKeyframe, isKeyframe: packet.isKeyframe)
            }
            framesDecoded += 1
            framesSkipped += max(0, samples.count - 1)
        } else {
            samples = try decodeAll(group, fresh: !continuing, drained: !cut)
            if !continuing, !cut, let keyPicture = groupKeyPicture, samples.allSatisfy({ unchanged(keyPicture, $0.picture) }) {
                largestStillPacket = max(largestStillPacket ?? 0, group.largestNonKeySize)
            }
        }
        samples.sort { $0.time < $1.time }
        // Presentation order is what settling is judged in: a damaged or spliced file whose
        // timestamps go back shows nothing new at a time already passed, so those frames go.
        if let lastGiven { samples.removeAll { $0.time <= lastGiven } }
        if let last = samples.last { lastGiven = last.time }
        continuing = cut
        group = PacketGroup()
        groupKeyPicture = nil
        if let nextKey {
            group.append(nextKey)
            groupKeyPicture = nextKeyPicture
        }
        return samples
    }

    // MARK: Packets

    /// The next packet of the video stream, or nil at its end.
    private func readPacket() throws(FrameGrabError) -> OwnedPacket? {
        guard !reachedEnd else { return nil }
        guard try file.readVideoPacket(into: packet) else {
            reachedEnd = true
            return nil
        }
        defer { av_packet_unref(packet) }
        guard let owned = OwnedPacket(copying: packet) else {
            throw .internalFailure(path: file.path, reason: "out of memory for a packet")
        }
        return owned
    }

    // MARK: Decoding

    /// The picture of one packet decoded on its own (a keyframe needs nothing before it).
    private func decodeAlone(_ key: OwnedPacket) throws(FrameGrabError) -> ScreenPicture? {
        var group = PacketGroup()
        group.append(key)
        return try decodeAll(group, fresh: true, drained: true).first?.picture
    }

    /// Every frame of `group`, from a clean decoder when `fresh`; `drained` takes out the frames
    /// the decoder holds back for reordering (then it is clean again). Damaged packets are
    /// skipped.
    private func decodeAll(_ group: PacketGroup, fresh: Bool, drained: Bool) throws(FrameGrabError) -> [ScreenSample] {
        if fresh { decoder.flush() }
        var samples: [ScreenSample] = []
        var previous: ScreenPicture?
        let keyTime = group.packets.first.flatMap { $0.isKeyframe ? $0.presentationTime(in: file) : nil }
        func receiveAll() {
            while case .frame = decoder.receive(into: frame) {
                defer { av_frame_unref(frame) }
                framesDecoded += 1
                guard let picture = picture(of: frame) else { continue }
                let timestamp = frame.pointee.best_effort_timestamp != CFFmpeg_NOPTS_VALUE()
                    ? frame.pointee.best_effort_timestamp : frame.pointee.pts
                guard timestamp != CFFmpeg_NOPTS_VALUE() else { continue }
                // A repeated frame decodes to the same bytes: share the picture, so the
                // comparisons after it are free.
                let shared = previous.flatMap { $0.hasSamePixels(as: picture) ? $0 : nil } ?? picture
                previous = shared
                let time = file.presentationTime(ofVideoTimestamp: timestamp)
                samples.append(ScreenSample(time: time, picture: shared, observed: true, isKeyframe: time == keyTime))
            }
        }
        for owned in group.packets {
            owned.withPacket { packet in
                while case .full = decoder.send(packet) { receiveAll() }
            }
            receiveAll()
        }
        if drained {
            _ = decoder.send(nil)
            receiveAll()
            decoder.flush()
        }
        return samples
    }

    /// The frame averaged over `block`-square blocks.
    private func picture(of frame: UnsafeMutablePointer<AVFrame>) -> ScreenPicture? {
        converter.grayImage(from: frame, averagingBlocksOf: block).map(ScreenPicture.init)
    }
}

/// A packet copied out of the demuxer, owned until released.
final class OwnedPacket {
    private var pointer: UnsafeMutablePointer<AVPacket>?
    let isKeyframe: Bool
    let size: Int32
    let timestamp: Int64

    init?(copying packet: UnsafePointer<AVPacket>) {
        guard let copy = av_packet_clone(packet) else { return nil }
        pointer = copy
        isKeyframe = packet.pointee.flags & AV_PKT_FLAG_KEY != 0
        size = packet.pointee.size
        timestamp = packet.pointee.pts
    }

    deinit {
        av_packet_free(&pointer)
    }

    func withPacket<R>(_ body: (UnsafeMutablePointer<AVPacket>) -> R) -> R {
        guard let pointer else { preconditionFailure("packet used after release") }
        return body(pointer)
    }

    func presentationTime(in file: MediaFile) -> MediaTime? {
        timestamp == CFFmpeg_NOPTS_VALUE() ? nil : file.presentationTime(ofVideoTimestamp: timestamp)
    }
}

/// The packets of one group of pictures, in decoding order.
struct PacketGroup {
    private(set) var packets: [OwnedPacket] = []
    private(set) var largestNonKeySize: Int32 = 0

    var isEmpty: Bool { packets.isEmpty }

    mutating func append(_ packet: OwnedPacket) {
        packets.append(packet)
        if !packet.isKeyframe { largestNonKeySize = max(largestNonKeySize, packet.size) }
    }
}
