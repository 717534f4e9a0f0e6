import Foundation
import Synchronization

/// A process the test talks to while it runs: lines to its stdin, lines from its stdout as
/// they come, waited for with a timeout rather than slept for; stderr kept in a file.
///
/// Unchecked: `Process` and `Pipe` are not marked Sendable; the reader thread touches only
/// the locked lines and the semaphores.
final class RunningCommand: @unchecked Sendable {
    let process: Process
    private let input: Pipe
    private let lines = Mutex<(received: [String], ended: Bool)>(([], false))
    private let arrived = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let outputEnded = DispatchSemaphore(value: 0)
    private let errorURL: URL
    private let scratch: URL

    /// `environment` changes the test's own: a value sets a variable.
    init(_ executable: String, _ arguments: [String], in directory: URL = Fixtures.packageRoot,
         environment changes: [String: String] = [:]) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        errorURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !changes.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(changes) { $1 } }
        input = Pipe()
        let output = Pipe()
        // Pipes are inherited by every process spawned meanwhile (tests run in parallel), which
        // would hold stdout open after this one exits. The child gets its ends through dup2,
        // which clears the flag.
        for handle in [input.fileHandleForReading, input.fileHandleForWriting, output.fileHandleForReading, output.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()

        let reading = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lines.withLock { $0.received.append(line) }
                    arrived.signal()
                }
            }
            lines.withLock { $0.ended = true }
            arrived.signal()
            outputEnded.signal()
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The next stdout line not yet taken, waiting up to `timeout` seconds (nil: as long as it
    /// takes); nil on timeout or once stdout has ended.
    func nextLine(timeout: Double?) -> String? {
        let deadline = timeout.map { DispatchTime.now() + $0 } ?? .distantFuture
        while true {
            let (line, ended): (String?, Bool) = lines.withLock { state in
                state.received.isEmpty ? (nil, state.ended) : (state.received.removeFirst(), false)
            }
            if let line { return line }
            if ended || arrived.wait(timeout: deadline) == .timedOut { return nil }
        }
    }

    /// Stdout lines that arrived and were not taken yet.
    var untakenLines: [String] { lines.withLock { $0.received } }

    /// The exit status, or nil if it did not exit within `timeout` seconds (then it is killed;
    /// nil: as long as it takes).
    func waitForExit(timeout: Double?) -> Int32? {
        // The semaphore is signalled again after each wait, so that waiting twice is fine.
        defer { exited.signal() }
        if exited.wait(timeout: timeout.map { .now() + $0 } ?? .distantFuture) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            return nil
        }
        // Let the reader take in the last of stdout.
        if outputEnded.wait(timeout: .now() + 5) == .success { outputEnded.signal() }
        return process.terminationStatus
    }

    var stderr: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// Waits up to `timeout` seconds for stderr to contain `text`.
    func waitForStderr(containing text: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !stderr.contains(text) {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    var stderrLines: [String] {
        stderr.split(separator: "\n").map(String.init)
    }
}
