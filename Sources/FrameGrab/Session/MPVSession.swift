import Dispatch

/// Follows a running mpv: connects to its IPC socket, asks where it runs and what it plays,
/// and turns what it then sends into playback events until it quits.
public final class MPVSession: Sendable {
    private let connection: MPVConnection
    /// What mpv said before the session ran, the answer about its working directory included.
    private let early: [String]

    /// Connects to mpv's socket at `path` and waits for its first answer; a socket that is
    /// missing, refuses, or does not answer within `timeout` seconds throws.
    public init(socketPath path: String, timeout: Double = 3) throws(SocketError) {
        connection = try MPVConnection(path: path, timeout: timeout)
        try connection.send(MPVEventTranslator.startMessages[0])
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        var early: [String] = []
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < end else { throw SocketError(code: SocketError.timedOut, path: path, operation: "read from", waited: timeout) }
            do throws(SocketError) {
                guard let line = try connection.receiveLine(timeout: Double(end - now) / 1e9) else {
                    throw SocketError(code: SocketError.refused, path: path, operation: "read from")
                }
                early.append(line)
                if (try? JSONValue(parsing: line))?["request_id"]?.intValue == MPVEventTranslator.workingDirectoryRequest { break }
            } catch where error.code == SocketError.timedOut {
                throw SocketError(code: SocketError.timedOut, path: path, operation: "read from", waited: timeout)
            }
        }
        for message in MPVEventTranslator.startMessages.dropFirst() { try connection.send(message) }
        self.early = early
    }

    /// Reads mpv's messages until it closes the connection (it quit), passing on every
    /// playback event; returns then. Call once.
    public func run(_ handle: (PlaybackEvent) -> Void) throws(SocketError) {
        var translator = MPVEventTranslator()
        var lines = early[...]
        while true {
            let next: String?
            if let line = lines.popFirst() { next = line } else { next = try connection.receiveLine() }
            guard let line = next else { return }
            // mpv writes one JSON object per line; anything else is not for us.
            guard let message = try? JSONValue(parsing: line) else { continue }
            for event in translator.handle(message) { handle(event) }
        }
    }

    /// Shows `text` in mpv's on-screen display; mpv being gone is not an error worth raising.
    public func showText(_ text: String, milliseconds: Int = 4000) {
        try? connection.send(MPVEventTranslator.showText(text, milliseconds: milliseconds))
    }
}
