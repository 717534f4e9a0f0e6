/// One frame as the scan sees it: when it is shown, and a small picture of it.
struct ScreenSample: Sendable {
    var time: MediaTime
    var picture: ScreenPicture
    /// Decoded from its own packet, rather than known to be unchanged from the keyframe before
    /// it: only such frames say anything about motion.
    var observed: Bool
    var isKeyframe: Bool
}
