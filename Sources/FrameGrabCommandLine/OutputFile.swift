import Foundation

/// Where a command's results go, every write checked: stdout, or the file given with `-o`.
///
/// `-o FILE` is written as a temporary file beside FILE (the same directory, so the same file
/// system) and renamed over FILE by `commit()` once the command has written everything, so
/// FILE is never seen half written; `discard()` removes the temporary file and leaves FILE as
/// it was, and so does Ctrl-C (SIGINT, SIGTERM, SIGHUP) before the signal ends the process.
/// `follow`, whose output never ends on its own, appends to FILE instead (created at the first
/// write): each write is one whole document, and one cut short is taken back off the end.
///
/// Owns its descriptor (not stdout's). Unchecked: made on one thread and then used only under
/// `Console`'s lock, one call at a time.
final class OutputFile: @unchecked Sendable {
    private enum Kind {
        case standardOutput
        /// Renamed to `path` on commit.
        case replacing(path: String, temporary: String, slot: TemporarySlot)
        /// Opened (and created) at the first write when `descriptor` is -1.
        case appending(path: String)
    }

    /// What messages call it: `stdout`, or the path given.
    let name: String
    private let kind: Kind
    private var descriptor: Int32
    /// Whether stdout was closed when the process started (`>&-`): its slot holds /dev/null
    /// so that nothing else opened lands there, and writing to it fails as it would have.
    nonisolated(unsafe) static var standardOutputClosed = false

    private init(name: String, kind: Kind, descriptor: Int32) {
        self.name = name
        self.kind = kind
        self.descriptor = descriptor
    }

    deinit {
        if case .standardOutput = kind { return }
        if descriptor >= 0 { close(descriptor) }
    }

    static var standardOutput: OutputFile {
        OutputFile(name: "stdout", kind: .standardOutput, descriptor: STDOUT_FILENO)
    }

    var isStandardOutput: Bool {
        if case .standardOutput = kind { return true }
        return false
    }

    /// A temporary file beside `path`, to be renamed over it. `path` itself is not touched, but
    /// a file there that this user may not write, or a directory, is refused now rather than
    /// after the work. A symbolic link is followed: its target is what gets replaced.
    static func replacing(_ path: String, slot: TemporarySlot = .output) throws(OutputFailure) -> OutputFile {
        let target = resolvedLink(path)
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists {
            if existing.st_mode & S_IFMT == S_IFDIR {
                throw OutputFailure(code: EISDIR, target: path, operation: "replace it")
            }
            if access(target, W_OK) != 0 {
                throw OutputFailure(code: errno, target: path, operation: "replace it")
            }
        }
        let url = URL(fileURLWithPath: target)
        let template = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".framegrab-XXXXXX").path
        // mkstemp fills in the name where the signal handler already looks: from the moment
        // the file exists, a Ctrl-C removes it. Never freed, as a handler may be reading it.
        guard let name = strdup(template) else {
            throw OutputFailure(code: ENOMEM, target: path, operation: "create a temporary file beside it")
        }
        pendingTemporaries[slot.rawValue] = name
        removeTemporaryOnSignal()
        let descriptor = mkstemp(name)
        guard descriptor >= 0 else {
            let code = errno
            pendingTemporaries[slot.rawValue] = nil
            throw OutputFailure(code: code, target: path, operation: "create a temporary file beside it")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = String(cString: name)
        // mkstemp makes the file private; the result should have the mode `>` would give it,
        // or the mode of the file it replaces.
        let mode = exists ? existing.st_mode & 0o7777 : 0o666 & ~currentUmask
        fchmod(descriptor, mode)
        return OutputFile(name: path, kind: .replacing(path: target, temporary: temporary, slot: slot), descriptor: descriptor)
    }

    /// `path`, written at its end. A missing one is created by the first write, so that a
    /// command that fails before writing leaves none; whether its directory may be written is
    /// checked now.
    static func appending(to path: String) throws(OutputFailure) -> OutputFile {
        var descriptor: Int32 = -1
        if access(path, F_OK) == 0 {
            descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { throw OutputFailure(code: errno, target: path, operation: "append to it") }
        } else if access(URL(fileURLWithPath: path).deletingLastPathComponent().path, W_OK | X_OK) != 0 {
            throw OutputFailure(code: errno, target: path, operation: "create it")
        }
        return OutputFile(name: path, kind: .appending(path: path), descriptor: descriptor)
    }

    /// Writes all of `bytes`, or throws; appending, a write cut short is taken back off the end.
    func write(_ bytes: [UInt8]) throws(OutputFailure) {
        if case .standardOutput = kind, OutputFile.standardOutputClosed {
            throw OutputFailure(code: EBADF, target: name, operation: "write the output")
        }
        var end = stat()
        if case .appending(let path) = kind {
            if descriptor < 0 {
                descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
                guard descriptor >= 0 else { throw OutputFailure(code: errno, target: name, operation: "create it") }
            }
            fstat(descriptor, &end)
        }
        do throws(OutputFailure) {
            try writeAll(bytes)
        } catch {
            if case .appending = kind { ftruncate(descriptor, end.st_size) }
            throw error
        }
    }

    /// Puts the output in place: `-o FILE` is flushed to the disk and renamed over FILE.
    func commit() throws(OutputFailure) {
        guard case .replacing(let path, let temporary, let slot) = kind, descriptor >= 0 else { return }
        defer { descriptor = -1 }
        guard fsync(descriptor) == 0 else {
            let code = errno
            discard()
            throw OutputFailure(code: code, target: name, operation: "write the output")
        }
        close(descriptor)
        defer { OutputFile.pendingTemporaries[slot.rawValue] = nil }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw OutputFailure(code: code, target: name, operation: "rename the output over it")
        }
    }

    /// Leaves `-o FILE` as it was: the temporary file goes.
    func discard() {
        guard case .replacing(_, let temporary, let slot) = kind, descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
        OutputFile.pendingTemporaries[slot.rawValue] = nil
    }

    private func writeAll(_ bytes: [UInt8]) throws(OutputFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN:
                // A non-blocking stdout someone else set up: wait until it takes more.
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            case let code:
                throw OutputFailure(code: code, target: name, operation: "write the output")
            }
        }
    }

    /// The symbolic link's target when `path` is one that resolves, else `path`.
    private static func resolvedLink(_ path: String) -> String {
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Which temporary file the signal handler knows a replacing file's by: `-o FILE`'s, or a
    /// `WholeFile`'s written meanwhile (`--frame-out`).
    enum TemporarySlot: Int {
        case output, wholeFile
    }

    /// The temporary files being written, one a slot, for the signal handler: fixed storage,
    /// made before any handler is installed, that it reads without allocating.
    nonisolated(unsafe) private static let pendingTemporaries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 2)
        slots.initialize(repeating: nil, count: 2)
        return slots
    }()

    /// Ctrl-C, SIGTERM or SIGHUP while `-o FILE` is being written: the temporary file goes,
    /// then the signal does what it would have done. Signals ignored when the process started
    /// (a background job's SIGINT) stay ignored; a command that handles them itself (`index`)
    /// installs its handlers later, and discards the output on its own.
    private static func removeTemporaryOnSignal() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(signalNumber, removeTemporaryThenDie)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(signalNumber, SIG_IGN)
            }
        }
    }

    /// Removes the temporary files being written, for a process about to exit at once.
    static func removePendingTemporaries() {
        for slot in 0..<2 {
            if let path = OutputFile.pendingTemporaries[slot] { unlink(path) }
        }
    }

    private static let removeTemporaryThenDie: @convention(c) (Int32) -> Void = { signalNumber in
        for slot in 0..<2 {
            if let path = OutputFile.pendingTemporaries[slot] { unlink(path) }
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }

    private static var currentUmask: mode_t {
        let mask = umask(0)
        umask(mask)
        return mask
    }
}

extension OutputFile {
    /// `WholeFile.write`: its temporary file in a slot of its own, so that a signal removes
    /// both it and `-o FILE`'s, when that is being written meanwhile.
    static func writeWhole(_ bytes: [UInt8], to path: String) throws(OutputFailure) {
        let file = try OutputFile.replacing(path, slot: .wholeFile)
        do throws(OutputFailure) {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }
}
