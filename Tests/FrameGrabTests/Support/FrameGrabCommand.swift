import Dispatch
import Foundation

/// Runs the built `framegrab` executable and captures what it did.
///
/// The binary is the one `swift build` put next to the test bundle
/// (`.build/<triple>/debug/`), or else `<package root>/.build/debug/framegrab`.
enum FrameGrabCommand {
    struct Result: Sendable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        var timedOut: Bool

        /// Non-empty lines, without their newline.
        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
        /// Every line, empty ones included, without the final newline.
        var stderrLines: [String] {
            guard !stderr.isEmpty else { return [] }
            return stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast(stderr.hasSuffix("\n") ? 1 : 0).map(String.init)
        }

        var description: String {
            "status \(status) after \(String(format: "%.2f", seconds)) s\(timedOut ? " (killed: timed out)" : "")\n"
                + "stdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
        }
    }

    struct Missing: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "framegrab executable not found (looked at \(searched.joined(separator: ", "))): run `swift build` first (scripts/test does)"
        }
    }

    /// Candidate locations, best first.
    static var candidates: [String] {
        var paths: [String] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").standardizedFileURL
        // On Linux the runner is `.build/<triple>/debug/<Package>PackageTests.xctest`; on macOS
        // it is inside the .xctest bundle, so look beside the bundle too.
        paths.append(runner.deletingLastPathComponent().appendingPathComponent("framegrab").path)
        let bundle = Bundle.main.bundleURL
        paths.append(bundle.appendingPathComponent("framegrab").path)
        paths.append(bundle.deletingLastPathComponent().appendingPathComponent("framegrab").path)
        paths.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/framegrab").path)
        return paths
    }

    /// The built executable (`swift test` links it along with the test bundle).
    static func executable() throws -> String {
        let paths = candidates
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: path) {
                return path
            }
        }
        throw Missing(searched: paths)
    }

    /// Runs `framegrab arguments…` (the built one, or `executable`) from the package root and
    /// waits as long as it takes (a busy machine stretches any run; timing lives in
    /// `scripts/bench*`), or kills it after `limit` seconds when one is given. `environment`
    /// changes the test's own: a value sets a variable, nil unsets it.
    ///
    /// stdin is empty, or the bytes of the file `stdin` through a pipe, as `cat FILE | framegrab`
    /// gives them (the shell runs both: a framegrab that stops reading early ends `cat`, not the
    /// tests).
    static func run(_ arguments: [String], limit: Double? = nil, executable: String? = nil,
                    stdin: String? = nil, environment changes: [String: String?] = [:]) throws -> Result {
        let process = Process()
        let framegrab = try executable ?? Self.executable()
        if let stdin {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"input=$1; shift; cat "$input" | "$@""#, "sh", stdin, framegrab] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: framegrab)
            process.arguments = arguments
        }
        process.currentDirectoryURL = Fixtures.packageRoot
        if !changes.isEmpty {
            var environment = ProcessInfo.processInfo.environment
            for (name, value) in changes { environment[name] = value }
            process.environment = environment
        }

        // Files rather than pipes: a chatty child can never block on a full pipe.
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("framegrab-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice

        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let start = DispatchTime.now()
        try process.run()
        var timedOut = false
        if exited.wait(timeout: limit.map { .now() + $0 } ?? .distantFuture) == .timedOut {
            timedOut = true
            process.terminate()
            if exited.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            seconds: seconds,
            timedOut: timedOut
        )
    }

    /// What `framegrab arguments…` wrote to its terminal, stdout and stderr together, when run on
    /// a pseudo-terminal (util-linux `script`); the terminal's `\r\n` made `\n` again, so that
    /// a `\r` left is one framegrab wrote.
    static func onTerminal(_ arguments: [String], environment changes: [String: String?] = [:]) throws -> String {
        let command = ([try executable()] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = Fixtures.packageRoot
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}
