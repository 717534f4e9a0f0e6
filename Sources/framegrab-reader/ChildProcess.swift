import CLinux
import Foundation

/// A process started with `posix_spawn`: stdin from /dev/null, stdout to a pipe read here,
/// stderr shared. Reaped by `wait`, or killed first by `kill`.
final class ChildProcess {
    enum Output {
        case data([UInt8])
        /// Nothing within the wait.
        case nothing
        /// The process closed its stdout (it ended, most likely).
        case end
    }

    enum Status: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    struct SpawnError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    let pid: pid_t
    private var output: Int32
    private var status: Status?

    /// Runs `executable` with this process's environment, `environment` set over it.
    init(executable: String, arguments: [String], environment: [String: String] = [:]) throws(SpawnError) {
        var pipeEnds: [Int32] = [0, 0]
        guard CLinux_pipe_cloexec(&pipeEnds) == 0 else { throw SpawnError(code: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let envp = variables.map { strdup("\($0)=\($1)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            throw SpawnError(code: result)
        }
        self.pid = pid
        output = pipeEnds[0]
    }

    deinit {
        if output >= 0 { close(output) }
        if status == nil {
            kill()
            _ = wait()
        }
    }

    /// What the process wrote on stdout, waiting up to `milliseconds` for it.
    func readOutput(waitingMilliseconds milliseconds: Int32) -> Output {
        var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        guard ready > 0 else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .nothing }
        guard count > 0 else { return .end }
        return .data(Array(buffer[..<count]))
    }

    /// Resident memory, from /proc; nil once the process is gone.
    var residentBytes: Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func kill() {
        if status == nil { Glibc.kill(pid, SIGKILL) }
    }

    /// Waits for the process to end.
    func wait() -> Status {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WTERMSIG, which Swift does not import.
        let result: Status = raw & 0x7f == 0 ? .exited((raw >> 8) & 0xff) : .signalled(raw & 0x7f)
        status = result
        return result
    }
}

/// Bytes in, whole lines out.
struct LineBuffer {
    private var pending: [UInt8] = []

    mutating func take(_ bytes: [UInt8]) -> [String] {
        pending += bytes
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
        }
        return lines
    }
}
