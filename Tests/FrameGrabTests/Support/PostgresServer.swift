import Foundation

/// A PostgreSQL server of the tests' own, from Debian's `postgresql` package: `initdb` in a
/// temporary directory (run as the `postgres` system user when the tests run as root, since
/// initdb refuses root), listening on a Unix socket in that directory only, trusting local
/// connections. Started once, when a test first asks, and stopped when the test process ends.
final class PostgresServer: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The server, or why it could not start.
    static let shared: Result<PostgresServer, Failure> = {
        do {
            let server = try PostgresServer()
            atexit { try? PostgresServer.shared.get().stop() }
            return .success(server)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    let directory: String
    private let binaries: String

    private init() throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.compactMap(Int.init).max() else {
            throw Failure(description: "no PostgreSQL server in /usr/lib/postgresql (scripts/bootstrap installs postgresql)")
        }
        binaries = "/usr/lib/postgresql/\(version)/bin"
        directory = "/tmp/framegrab-pg-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        if getuid() == 0 { try PostgresServer.run("/bin/chown", ["postgres:postgres", directory]) }
        try runAsServerUser("initdb", ["-D", directory + "/data", "-U", "framegrab", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-locale"])
        try runAsServerUser("pg_ctl", ["-D", directory + "/data", "-l", directory + "/log", "-w", "-o",
                                       "-k \(directory) -c listen_addresses='' -c fsync=off -c max_connections=200", "start"])
    }

    func stop() {
        var arguments = [binaries + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "-w", "-s", "stop"]
        if getuid() == 0 { arguments = ["/usr/sbin/runuser", "-u", "postgres", "--", "/bin/sh", "-c", #"cd /tmp && exec "$0" "$@""#] + arguments }
        _ = try? PostgresServer.run(arguments[0], Array(arguments.dropFirst()))
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The connection string of `database` on this server.
    func conninfo(_ database: String) -> String {
        "postgresql://framegrab@/\(database)?host=\(directory)"
    }

    /// A new, empty database; its connection string.
    func createDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        try PostgresServer.run(binaries + "/psql", ["-X", "-q", conninfo("postgres"), "-c", "CREATE DATABASE \(name)"])
        return conninfo(name)
    }

    /// Runs `psql` on `conninfo` with `sql`; what it printed (unaligned, no headers).
    func psql(_ conninfo: String, _ sql: String) throws -> String {
        try PostgresServer.run(binaries + "/psql", ["-X", "-q", "-A", "-t", conninfo, "-c", sql])
    }

    private func runAsServerUser(_ tool: String, _ arguments: [String]) throws {
        if getuid() == 0 {
            // From /tmp: the postgres user may not enter the tests' directory.
            try PostgresServer.run("/usr/sbin/runuser", ["-u", "postgres", "--", "/bin/sh", "-c", #"cd /tmp && exec "$0" "$@""#,
                                                         binaries + "/" + tool] + arguments)
        } else {
            try PostgresServer.run(binaries + "/" + tool, arguments)
        }
    }

    /// Runs `executable` and waits for it; what it printed. posix_spawn and waitpid rather
    /// than Foundation's Process, which takes a child for running as long as anything it
    /// started holds its descriptors (the server pg_ctl starts), and reaps none at exit.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let outputPath = "/tmp/framegrab-pg-output-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "\(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
        }
        return text
    }
}
