import Foundation

/// `python3 -m http.server` serving `TestVideos/` on 127.0.0.1 at a port the system picks,
/// stopped when the test is done with it. Like most simple servers it ignores range requests:
/// inputs served by it cannot seek.
final class LocalHTTPServer {
    let port: Int
    private let process: Process

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: python ?? "/usr/bin/env")
        process.arguments = (python == nil ? ["python3"] : []) + ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                                                                  "--directory", Fixtures.videos.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 43567 (http://127.0.0.1:43567/) ..."
        var announced = ""
        let deadline = Date().addingTimeInterval(10)
        while !announced.contains("\n"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced += String(decoding: chunk, as: UTF8.self)
        }
        guard let match = announced.firstMatch(of: /port (\d+)/), let port = Int(match.1) else {
            process.terminate()
            throw Failure(description: "python3 -m http.server did not start: \(announced)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT/relative`, for a path under `TestVideos/`.
    func url(_ relative: String) -> String {
        "http://127.0.0.1:\(port)/\(relative)"
    }

    /// SIGKILL: a child started from a test thread inherits its blocked signals, SIGTERM
    /// among them, and the server has nothing to clean up.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
