import Dispatch
import Glibc
import Synchronization

/// Why talking to mpv's socket failed: the `errno` of the call that failed, and what it was.
public struct SocketError: Error, Equatable, CustomStringConvertible {
    /// `errno`, or `ETIMEDOUT` when mpv did not answer in time.
    public var code: Int32
    public var path: String
    /// What was being done: `connect to`, `read from`, `write to`.
    public var operation: String
    /// Seconds waited, for timeouts.
    public var waited: Double?

    public static let timedOut = ETIMEDOUT
    public static let noSuchFile = ENOENT
    public static let refused = ECONNREFUSED

    public var description: String {
        let reason: String
        switch code {
        case ENOENT: reason = "no such socket; start mpv with --input-ipc-server=\(path)"
        case ECONNREFUSED: reason = "nothing is listening; has mpv quit?"
        case ETIMEDOUT: reason = "no answer within \(Int(waited ?? 0)) s"
        case ENOTSOCK: reason = "not a socket"
        default: reason = String(cString: strerror(code))
        }
        return "\(path): cannot \(operation) mpv's IPC socket (\(reason))"
    }
}

/// A client connection to mpv's JSON IPC server: a Unix socket carrying one JSON message per
/// line each way. See https://mpv.io/manual/stable/#json-ipc
///
/// Owns the socket. Read from one thread; `send` may be called from any thread.
public final class MPVConnection: @unchecked Sendable {
    public let path: String
    private let socket: Int32
    private let writing = Mutex(())
    // Touched only by the reading thread.
    private var buffer: [UInt8] = []
    private var ended = false

    /// Connects to the socket at `path`, giving up after `timeout` seconds.
    public init(path: String, timeout: Double) throws(SocketError) {
        self.path = path
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw SocketError(code: ENAMETOOLONG, path: path, operation: "connect to")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw SocketError(code: errno, path: path, operation: "connect to") }
        do throws(SocketError) {
            try MPVConnection.connect(socket, to: &address, path: path, timeout: timeout)
        } catch {
            close(socket)
            throw error
        }
        self.socket = socket
    }

    deinit {
        close(socket)
    }

    /// A Unix socket connects at once or not at all, unless the server's backlog is full:
    /// then a non-blocking connect says EAGAIN, and trying again until the deadline is the way
    /// to wait.
    private static func connect(_ socket: Int32, to address: inout sockaddr_un, path: String, timeout: Double) throws(SocketError) {
        let flags = fcntl(socket, F_GETFL)
        _ = fcntl(socket, F_SETFL, flags | O_NONBLOCK)
        let deadline = Deadline(after: timeout)
        while true {
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 { break }
            let code = errno
            guard code == EAGAIN || code == EINTR || code == EINPROGRESS else {
                throw SocketError(code: code, path: path, operation: "connect to")
            }
            if code == EINPROGRESS {
                // Wait for the connection to complete, then read its outcome.
                guard poll(socket, events: Int16(POLLOUT), until: deadline) else {
                    throw SocketError(code: ETIMEDOUT, path: path, operation: "connect to", waited: timeout)
                }
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
                guard failure == 0 else { throw SocketError(code: failure, path: path, operation: "connect to") }
                break
            }
            guard !deadline.passed else {
                throw SocketError(code: ETIMEDOUT, path: path, operation: "connect to", waited: timeout)
            }
            usleep(10_000)
        }
        // Back to blocking: reads wait in poll, writes are small.
        _ = fcntl(socket, F_SETFL, flags)
    }

    /// Sends one message, as one line.
    public func send(_ message: JSONValue) throws(SocketError) {
        let bytes = Array((message.serialized + "\n").utf8)
        let failure: Int32? = writing.withLock { _ in
            var sent = 0
            while sent < bytes.count {
                // MSG_NOSIGNAL: a peer that has gone is an error here, not a SIGPIPE.
                let count = bytes.withUnsafeBytes { raw in
                    Glibc.send(socket, raw.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                sent += count
            }
            return nil
        }
        if let failure { throw SocketError(code: failure, path: path, operation: "write to") }
    }

    /// The next line mpv sends, without its newline; nil once mpv has closed the connection.
    /// Waits at most `timeout` seconds (for ever when nil), then throws `ETIMEDOUT`.
    public func receiveLine(timeout: Double? = nil) throws(SocketError) -> String? {
        let deadline = timeout.map { Deadline(after: $0) }
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if ended {
                guard !buffer.isEmpty else { return nil }
                let line = String(decoding: buffer, as: UTF8.self)
                buffer.removeAll()
                return line
            }
            if let deadline, !MPVConnection.poll(socket, events: Int16(POLLIN), until: deadline) {
                throw SocketError(code: ETIMEDOUT, path: path, operation: "read from", waited: timeout)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                // mpv killed rather than quit: the connection is gone all the same.
                if errno == ECONNRESET { ended = true; continue }
                throw SocketError(code: errno, path: path, operation: "read from")
            }
            if count == 0 { ended = true }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Waits until `socket` is ready for `events`; false when the deadline passed first.
    private static func poll(_ socket: Int32, events: Int16, until deadline: Deadline) -> Bool {
        while true {
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let result = Glibc.poll(&descriptor, 1, deadline.remainingMilliseconds)
            if result > 0 { return true }
            if result == 0 { return false }
            if errno != EINTR { return true }
        }
    }

    private struct Deadline {
        let end: UInt64

        init(after seconds: Double) {
            end = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        }

        var remainingMilliseconds: Int32 {
            let now = DispatchTime.now().uptimeNanoseconds
            return now >= end ? 0 : Int32(clamping: (end - now + 999_999) / 1_000_000)
        }

        var passed: Bool { remainingMilliseconds == 0 }
    }
}
