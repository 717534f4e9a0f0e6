import Dispatch
import FrameGrab
import FrameGrabCommandLine
import Foundation
import Synchronization

/// `framegrab index PATH...`: every settled screen of a library of videos, into SQLite.
enum IndexCommand {
    static func run(arguments: [String]) -> Int32 {
        var database = "framegrab.db"
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var settle = MediaTime(microseconds: 1_000_000)
        var force = false
        var json = false
        var memoryLimit = IndexCommand.defaultMemoryLimit(jobs: ProcessInfo.processInfo.activeProcessorCount)
        var memoryLimitGiven = false
        var stallLimit = 120.0
        var shardOption: String?
        var shardCount: Int?
        var lease: Double?
        var workOnly = false
        var common = CommonOptions()
        var paths: [String] = []
        var shard: LibraryShard?
        var words = Arguments(arguments)
        do throws(UsageFailure) {
            while let argument = words.next() {
                switch argument {
                case "--db": database = try words.value(for: "--db")
                case "--jobs", "-j":
                    let text = try words.value(for: argument)
                    guard let count = Int(text), count > 0 else {
                        throw UsageFailure(message: "--jobs '\(text)' is not a positive number")
                    }
                    jobs = count
                case "--settle": settle = try DurationOption.positive(try words.value(for: "--settle"), for: "--settle")
                case "--force": force = true
                case "--shard": shardOption = try words.value(for: "--shard")
                case "--shards":
                    let text = try words.value(for: "--shards")
                    guard let count = Int(text), count > 0 else { throw UsageFailure(message: "--shards '\(text)' is not a positive number") }
                    shardCount = count
                case "--memory-limit":
                    let text = try words.value(for: "--memory-limit")
                    guard let bytes = IndexCommand.size(text), bytes >= 64 << 20 else {
                        throw UsageFailure(message: "--memory-limit '\(text)' is not a size of 64M or more (e.g. 512M, 2G)")
                    }
                    memoryLimit = bytes
                    memoryLimitGiven = true
                case "--stall-timeout":
                    stallLimit = try DurationOption.positive(try words.value(for: argument), for: argument).seconds
                case "--lease": lease = try DurationOption.positive(try words.value(for: argument), for: argument).seconds
                case "--work": workOnly = true
                case "--json": json = true
                case "--from": paths += try listedPaths(in: try words.value(for: "--from"))
                default:
                    try common.take(argument, orOperandInto: &paths, from: &words, command: "framegrab index")
                }
            }
            if !common.showHelp && paths.isEmpty && !workOnly {
                throw UsageFailure(message: "no video or directory given (usage: framegrab index [--db PATH] PATH...)")
            }
            if !common.showHelp && (workOnly || lease != nil) && !IndexDatabase.isPostgres(database) {
                throw UsageFailure(message: "\(workOnly ? "--work" : "--lease") is for the queue of a PostgreSQL index: give --db postgresql://…")
            }
            if workOnly, let extra = paths.first.map({ _ in "PATH" }) ?? (force ? "--force" : shardOption != nil || shardCount != nil ? "--shard" : nil) {
                throw UsageFailure(message: "--work takes no \(extra): it works the videos others added to the queue")
            }
            shard = try ShardOption.shard(shardOption, count: shardCount, environment: ProcessInfo.processInfo.environment)
            // Without --json, index prints nothing on stdout: nothing for them to act on.
            if !common.showHelp && !json, let option = common.output.path != nil ? "-o" : common.output.pretty ? "--pretty" : nil {
                throw UsageFailure(message: "\(option) is for the summary lines of --json (index prints nothing on stdout without it)")
            }
        } catch {
            Console.error(error.message)
            return ExitCode.usage.rawValue
        }
        if common.showHelp {
            Console.output(CommandUsage.index.text)
            return ExitCode.success.rawValue
        }
        common.prepareRun()
        if !memoryLimitGiven { memoryLimit = IndexCommand.defaultMemoryLimit(jobs: jobs) }
        guard Console.send(to: common.output) else { return ExitCode.outputFailed.rawValue }

        let store: any ScreenStore
        do throws(IndexStoreError) {
            store = try IndexDatabase.store(database, creating: true)
        } catch {
            Console.error(error.description)
            return ExitCode.usage.rawValue
        }

        guard IndexDatabase.isPostgres(database) || IndexerLock.take(database) else {
            Console.error("\(database): another framegrab index is writing to this database; wait for it to finish, or give this one another --db")
            return ExitCode.usage.rawValue
        }

        var failed = false
        var videos: [String] = []
        var entries = VideoLibrary.videos(in: paths)
        if let shard {
            let all = entries.count
            entries = entries.filter { entry in
                switch entry {
                case .video(let path), .missing(let path): return shard.contains(path)
                }
            }
            Console.error("framegrab: shard \(shard) of the library: \(entries.count) of \(all) videos")
        }
        for entry in entries {
            switch entry {
            case .video(let path): videos.append(path)
            case .missing(let path):
                Console.error(FrameGrabError.inputMissing(path: path).description)
                failed = true
            }
        }

        let interrupted = Interruption.watch()
        let reader = WorkerProcessReader(database: database, verbose: common.verbose, memoryLimit: memoryLimit, stallLimit: stallLimit)
        let scan = ScreenScanner.Options(settle: settle, ocr: common.ocr)
        let outcomes: [LibraryIndexer.Outcome]
        if let shared = store as? PostgresScreenStore {
            let queue = QueueRun(store: shared, database: database, reader: reader, scan: scan, jobs: jobs, force: force,
                                 lease: lease ?? 60, json: json, color: common.color)
            outcomes = queue.run(workOnly ? nil : videos, interrupted: interrupted)
        } else {
            let progress = IndexProgress(total: videos.count, json: json, color: common.color)
            let options = LibraryIndexer.Options(scan: scan, jobs: jobs, force: force, isolatedReader: reader)
            outcomes = LibraryIndexer(store: store, options: options).index(videos, shouldCancel: interrupted.check, events: progress.take)
            progress.end()
        }

        if interrupted.isRaised { return 130 }
        if let storeError = outcomes.lazy.compactMap(\.storeError).first {
            Console.error(storeError.description)
            return ExitCode.usage.rawValue
        }
        if outcomes.contains(where: { if case .ocrUnavailable = $0.error { return true } else { return false } }) {
            return ExitCode.ocrUnavailable.rawValue
        }
        if failed || outcomes.contains(where: { $0.status == .failed }) { return 9 }
        return Console.finish(ExitCode.success.rawValue, succeeded: true)
    }

    /// Each video's worker may use a share of half the machine's memory, 1 GiB at least.
    static func defaultMemoryLimit(jobs: Int) -> Int {
        max(1 << 30, Int(ProcessInfo.processInfo.physicalMemory / 2) / max(1, jobs))
    }

    /// `512M`, `2G`, `1.5G`, `800K` (binary units, as `ulimit` and `sort -S` count) or bytes.
    static func size(_ text: String) -> Int? {
        let units: [Character: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024, "T": 1024 * 1024 * 1024 * 1024]
        var number = Substring(text.uppercased())
        if let suffix = ["IB", "B"].first(where: { number.count > $0.count && number.hasSuffix($0) }) {
            number = number.dropLast(suffix.count)
        }
        var scale = 1.0
        if let last = number.last, let unit = units[last] {
            scale = unit
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * scale < Double(Int.max / 2) else { return nil }
        return Int(value * scale)
    }

    private static func listedPaths(in file: String) throws(UsageFailure) -> [String] {
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
        guard let data, let text = String(data: data, encoding: .utf8) else {
            throw UsageFailure(message: "--from '\(file)': cannot read it")
        }
        return VideoLibrary.paths(listedIn: text)
    }
}

/// `--shard K/N`, `--shard auto` (K and N from a Slurm job array) and `--shards N` (K from
/// the task index a scheduler gives: Kubernetes' JOB_COMPLETION_INDEX, or Slurm's).
enum ShardOption {
    static func shard(_ option: String?, count: Int?, environment: [String: String]) throws(UsageFailure) -> LibraryShard? {
        switch (option, count) {
        case (nil, nil):
            return nil
        case ("auto"?, nil):
            guard let id = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init),
                  let total = environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) else {
                throw UsageFailure(message: "--shard auto: SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are not set (not a Slurm job array); give --shard K/N")
            }
            return try slurmShard(id: id, count: total, environment: environment)
        case (let text?, nil):
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]), total > 0 else {
                throw UsageFailure(message: "--shard '\(text)' is not K/N (e.g. 0/4: the first of four parts; K counts from 0)")
            }
            guard let shard = LibraryShard(index: index, count: total) else {
                throw UsageFailure(message: "--shard '\(text)': K must be 0 to \(total - 1) (K counts from 0, as schedulers number tasks)")
            }
            return shard
        case (nil, let total?):
            if let index = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init) {
                guard let shard = LibraryShard(index: index, count: total) else {
                    throw UsageFailure(message: "--shards \(total): JOB_COMPLETION_INDEX is \(index), not 0 to \(total - 1)")
                }
                return shard
            }
            if let id = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init) {
                return try slurmShard(id: id, count: total, environment: environment)
            }
            throw UsageFailure(message: "--shards \(total): no task index (JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID); give --shard K/N")
        case (_?, _?):
            throw UsageFailure(message: "--shard and --shards: give one (--shard K/N, or --shards N with the index from the scheduler)")
        }
    }

    /// A Slurm array task's place: its id counted from the array's first, in its steps
    /// (`--array=0-15:4` gives ids 0, 4, 8, 12).
    private static func slurmShard(id: Int, count: Int, environment: [String: String]) throws(UsageFailure) -> LibraryShard {
        let first = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
        let step = max(1, environment["SLURM_ARRAY_TASK_STEP"].flatMap(Int.init) ?? 1)
        guard (id - first) % step == 0, let shard = LibraryShard(index: (id - first) / step, count: count) else {
            throw UsageFailure(message: "SLURM_ARRAY_TASK_ID \(id) is not one of \(count) tasks from \(first) in steps of \(step)")
        }
        return shard
    }
}

/// One indexer per database at a time: an exclusive flock(2) on the database file, held until
/// the process ends. `search` and `export` do not take it, and SQLite's own locks are fcntl(2)
/// locks, which flock does not touch on Linux. The descriptor is never closed: closing any
/// descriptor of the file would drop this process's fcntl locks, SQLite's included.
enum IndexerLock {
    static func take(_ database: String) -> Bool {
        let descriptor = open(database, O_RDONLY | O_CLOEXEC)
        // Not there or not readable: the store said so already; nothing to share.
        guard descriptor >= 0 else { return true }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0 || errno != EWOULDBLOCK
    }
}

/// Ctrl-C (and SIGTERM) raise a flag the indexer polls; a second one ends the process at once.
enum Interruption {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func watch() -> CancellationFlag {
        let flag = CancellationFlag()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                if flag.isRaised {
                    Console.discardOutput()
                    _exit(130)
                }
                flag.raise()
                Console.error("framegrab: interrupted: finishing nothing more; videos already indexed are kept (Ctrl-C again to quit at once)")
            }
            source.resume()
            sources.append(source)
        }
        return flag
    }
}
