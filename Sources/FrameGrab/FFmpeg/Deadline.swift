import CFFmpeg
import Dispatch

/// A moment after which FFmpeg's blocking I/O gives up, through its interrupt callback.
final class Deadline: @unchecked Sendable {
    /// How long any one open, probe, read or seek may block before it is abandoned: the
    /// probe's reads (`InputBytes`) and the demuxer's (`MediaFile`) alike.
    static let operationTimeLimit: Double = 8

    // Read on FFmpeg's calling thread, written by the owner on the same thread.
    private var limit: UInt64 = .max
    private(set) var expired = false

    func arm(seconds: Double) {
        limit = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
        expired = false
    }

    func disarm() {
        limit = .max
    }

    func check() -> Bool {
        if DispatchTime.now().uptimeNanoseconds > limit { expired = true }
        return expired
    }

    /// The callback to hand FFmpeg; whoever installs it keeps the deadline alive as long.
    var interruptCallback: AVIOInterruptCB {
        AVIOInterruptCB(callback: deadlineExpired, opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}

private let deadlineExpired: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
    guard let opaque else { return 0 }
    return Unmanaged<Deadline>.fromOpaque(opaque).takeUnretainedValue().check() ? 1 : 0
}
