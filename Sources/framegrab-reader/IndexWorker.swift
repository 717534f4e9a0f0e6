import CLinux
import FrameGrab
import FrameGrabCommandLine
import FrameGrabModel
import Foundation
import Synchronization

/// `framegrab index` reads each video in a worker process: this binary run again as
/// `framegrab-reader index-worker ... -- VIDEO`, which reads and stores that one video and
/// reports on stdout in JSON lines. A worker that crashes (a signal in FFmpeg's or
/// Tesseract's code), stops making progress or outgrows its memory limit is killed and its
/// video recorded as failed with the cause; the batch goes on.
struct WorkerProcessReader: IsolatedVideoReader {
    var database: String
    var verbose: Bool
    /// Resident memory past which a worker is killed, in bytes.
    var memoryLimit: Int
    /// How long a worker may go without reporting progress before it is taken for hung.
    var stallLimit: Double

    /// How often the worker's memory and silence are looked at.
    private static let pollMilliseconds: Int32 = 50

    func read(_ path: String, scan: ScreenScanner.Options, claim: String?, shouldCancel: @escaping @Sendable () -> Bool,
              progress: @escaping @Sendable (MediaTime, MediaTime?) -> Void) -> LibraryIndexer.Outcome {
        var outcome = LibraryIndexer.Outcome(path: path, status: .failed)
        func died(_ reason: String) -> LibraryIndexer.Outcome {
            outcome.error = .readerFailed(path: path, reason: reason)
            return outcome
        }
        var arguments = [IndexWorker.command, "--db", database, "--jobs", String(scan.readers),
                         "--settle", String(scan.settle.seconds), "--lang", scan.ocr.languages]
        if let directory = scan.ocr.dataDirectory { arguments += ["--tessdata-dir", directory] }
        if let claim { arguments += ["--claim", claim] }
        if verbose { arguments.append("--verbose") }
        arguments += ["--", path]
        let worker: ChildProcess
        do {
            // A crash is reported here in one line: no backtrace from Swift's runtime.
            worker = try ChildProcess(executable: IndexWorker.executable, arguments: arguments,
                                      environment: ["SWIFT_BACKTRACE": "enable=no"])
        } catch {
            return died("cannot start a worker process: \(error)")
        }
        var lines = LineBuffer()
        var lastHeard = DispatchTime.now()
        var finished = false
        while true {
            switch worker.readOutput(waitingMilliseconds: WorkerProcessReader.pollMilliseconds) {
            case .data(let bytes):
                lastHeard = .now()
                for line in lines.take(bytes) {
                    guard let message = try? JSONValue(parsing: line) else { continue }
                    switch message["event"]?.stringValue {
                    case "progress":
                        progress(MediaTime(seconds: message["position"]?.doubleValue ?? 0),
                                 message["duration"]?.doubleValue.map(MediaTime.init(seconds:)))
                    case "finished":
                        if let reported = LibraryIndexer.Outcome(workerMessage: message, path: path) {
                            outcome = reported
                            finished = true
                        }
                    default: break
                    }
                }
                // A worker that talks all the time is still asked whether to stop.
                if !finished && shouldCancel() {
                    worker.kill()
                    outcome.status = .interrupted
                    return outcome
                }
                continue
            case .end:
                break
            case .nothing:
                if shouldCancel() {
                    worker.kill()
                    outcome.status = .interrupted
                    return outcome
                }
                if let resident = worker.residentBytes, resident > memoryLimit {
                    worker.kill()
                    return died("held more than \(IndexWorker.size(memoryLimit)) of memory, the --memory-limit; stopped")
                }
                let silent = Double(DispatchTime.now().uptimeNanoseconds - lastHeard.uptimeNanoseconds) / 1e9
                if silent > stallLimit {
                    worker.kill()
                    return died("no progress for \(IndexWorker.seconds(stallLimit)), the --stall-timeout; stopped")
                }
                continue
            }
            break
        }
        let status = worker.wait()
        if finished { return outcome }
        switch status {
        case .signalled(let signal):
            return died("the worker process crashed with signal \(signal), \(IndexWorker.signalName(signal))")
        case .exited(let code):
            return died("the worker process ended without a result (exit status \(code))")
        }
    }
}

/// The worker's side: what `index --worker` does with its one video.
enum IndexWorker {
    /// The first argument that makes this binary a worker: not one of framegrab's commands.
    static let command = "index-worker"

    /// This binary, to run again.
    static let executable: String = {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }()

    /// `index-worker --db DB --jobs N --settle SECONDS --lang LANGS [--tessdata-dir DIR]
    /// [--claim TOKEN] [--verbose] -- VIDEO`, as `WorkerProcessReader` writes it.
    static func main(arguments: [String]) -> Int32 {
        var words = Arguments(arguments)
        var database: String?
        var scan = ScreenScanner.Options()
        var path: String?
        var claim: String?
        do throws(UsageFailure) {
            while let word = words.next() {
                switch word {
                case "--db": database = try words.value(for: word)
                case "--jobs": scan.readers = max(1, Int(try words.value(for: word)) ?? 1)
                case "--settle": scan.settle = MediaTime(seconds: Double(try words.value(for: word)) ?? 1)
                case "--lang": scan.ocr.languages = try words.value(for: word)
                case "--tessdata-dir": scan.ocr.dataDirectory = try words.value(for: word)
                case "--claim": claim = try words.value(for: word)
                case "--verbose": FFmpegLog.route(to: { _, line in Console.error("ffmpeg: " + line) }, maxLevel: 32)
                case "--": path = words.rest().first
                default: throw UsageFailure(message: "\(command): unknown argument '\(word)'")
                }
            }
        } catch {
            Console.error(error.message)
            return ExitCode.usage.rawValue
        }
        guard let database, let path else {
            Console.error("\(command) is framegrab index's worker: --db DB -- VIDEO")
            return ExitCode.usage.rawValue
        }
        return run(path: path, database: database, claim: claim, scan: scan)
    }

    /// Reads `path` into the store at `database` (under the queue's `claim`, when given) and
    /// reports on stdout; exits 0 whatever happened to the video (the report says), and a
    /// signal or status otherwise.
    static func run(path: String, database: String, claim: String?, scan: ScreenScanner.Options) -> Int32 {
        // Ends with the indexer, even one killed with SIGKILL; Ctrl-C is the indexer's to handle.
        _ = CLinux_end_with_parent(SIGKILL)
        if getppid() == 1 { return 130 }
        signal(SIGINT, SIG_IGN)
        TestFault(for: path)?.happen()

        let store: any ScreenStore
        do throws(IndexStoreError) {
            store = try IndexDatabase.store(database, creating: true)
            (store as? PostgresScreenStore)?.claimToken = claim
        } catch {
            var outcome = LibraryIndexer.Outcome(path: path, status: .failed)
            outcome.storeError = error
            report(outcome.workerMessage)
            return 0
        }
        let options = LibraryIndexer.Options(scan: scan, jobs: scan.readers, force: true)
        let outcome = LibraryIndexer(store: store, options: options).index([path], shouldCancel: { false }) { event in
            if case .progress(_, let position, let duration) = event {
                report(.object([("event", .string("progress")), ("position", .number(position.seconds, decimals: 6)),
                                ("duration", duration.map { .number($0.seconds, decimals: 6) } ?? .null)]))
            }
        }
        report(outcome[0].workerMessage)
        return 0
    }

    private static let reporting = Mutex(())

    private static func report(_ message: JSONValue) {
        reporting.withLock { _ in
            let line = Array((message.serialized + "\n").utf8)
            var written = 0
            while written < line.count {
                let count = line[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { _exit(141) }
                written += count
            }
        }
    }

    /// A way for tests to make a worker fail on purpose: FRAMEGRAB_TEST_WORKER_FAULTS holds
    /// `FAULT=NAME` pairs, comma-separated; the worker whose video's file name is NAME
    /// crashes (`crash`), hangs (`hang`) or allocates memory without end (`allocate`).
    enum TestFault: String {
        case crash, hang, allocate

        init?(for path: String) {
            guard let pairs = ProcessInfo.processInfo.environment["FRAMEGRAB_TEST_WORKER_FAULTS"] else { return nil }
            let name = (path as NSString).lastPathComponent
            for pair in pairs.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2, parts[1] == name, let fault = TestFault(rawValue: parts[0]) {
                    self = fault
                    return
                }
            }
            return nil
        }

        func happen() {
            switch self {
            case .crash:
                // A stray write through a bad pointer, as a C library's bug would make.
                UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
            case .hang:
                while true { sleep(60) }
            case .allocate:
                // A leak of 8 MiB every 5 ms, each page touched so that it is resident.
                while true {
                    guard let block = malloc(8 << 20) else { continue }
                    memset(block, 1, 8 << 20)
                    usleep(5000)
                }
            }
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV: a bad memory access"
        case SIGBUS: return "SIGBUS: a bad memory access"
        case SIGABRT: return "SIGABRT: aborted"
        case SIGILL: return "SIGILL: a failed check or an illegal instruction"
        case SIGTRAP: return "SIGTRAP: a failed check"
        case SIGFPE: return "SIGFPE: an arithmetic fault"
        case SIGKILL: return "SIGKILL: killed from outside, perhaps by the system out of memory"
        default: return String(cString: strsignal(signal))
        }
    }
}
