import Foundation

/// What comes on standard input (a pipe: `curl … | framegrab -`) copied into a file of its own,
/// so that it can be read like one: an MP4 whose index (`moov`) comes after its media cannot be
/// demuxed from a pipe, and the protection probe and FFmpeg each read the bytes from the start.
///
/// Owns the file's descriptor. The file is made with `mkstemp` (mode 0600) in `$TMPDIR` (else
/// `/tmp`) and unlinked at once: nothing is left behind, whatever ends the process. The probe
/// and FFmpeg open it again through `/proc/self/fd/N`. The copy has no size limit; a full disk
/// fails with the system's words and where the copy was going. A regular file given as standard
/// input (`framegrab - < talk.mp4`) is not copied: it is read where it is.
public final class SpooledInput {
    /// The input as the user named it (`-`): what reports and messages say.
    public let name: String
    /// Where the bytes can be opened (`/proc/self/fd/N`).
    public let location: String
    /// Bytes copied so far; 0 when the stream is read in place.
    private var size: Int64 = 0
    /// The copy's descriptor; nil when the stream was read in place.
    private let descriptor: Int32?

    /// Copies `source` to its end. `name` names the input in errors.
    public init(copying source: Int32, name: String, directory: String = SpooledInput.temporaryDirectory) throws(FrameGrabError) {
        self.name = name
        var status = stat()
        if fstat(source, &status) == 0 && status.st_mode & S_IFMT == S_IFREG {
            descriptor = nil
            location = "/proc/self/fd/\(source)"
            return
        }
        if isatty(source) != 0 {
            throw .inputUnreadable(path: name, reason: "standard input is a terminal: pipe a video or an image in")
        }
        var template = Array(((directory.hasSuffix("/") ? directory : directory + "/") + "framegrab-stdin-XXXXXX").utf8CString)
        let spool = template.withUnsafeMutableBufferPointer { name in name.baseAddress.map { mkstemp($0) } ?? -1 }
        guard spool >= 0 else {
            throw .inputUnreadable(path: name, reason: "cannot make a file in \(directory) to copy it into: \(SpooledInput.systemError())")
        }
        unlink(template)
        descriptor = spool
        location = "/proc/self/fd/\(spool)"
        try copy(from: source, to: spool, directory: directory)
        if size == 0 {
            throw .notAVideo(path: name, reason: "nothing came on standard input")
        }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// `$TMPDIR`, or `/tmp` when it is not set.
    public static var temporaryDirectory: String {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        return directory.isEmpty ? "/tmp" : directory
    }

    private func copy(from source: Int32, to spool: Int32, directory: String) throws(FrameGrabError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        guard let start = buffer.baseAddress else { return }
        while true {
            let count = read(source, start, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .inputUnreadable(path: name, reason: "reading standard input: \(SpooledInput.systemError())")
            }
            if count == 0 { return }
            var written = 0
            while written < count {
                let step = write(spool, start + written, count - written)
                if step < 0 {
                    if errno == EINTR { continue }
                    throw .inputUnreadable(path: name, reason: "copying it into \(directory): \(SpooledInput.systemError()) after "
                                           + "\(size + Int64(written)) bytes; set TMPDIR to a directory with room")
                }
                written += step
            }
            size += Int64(count)
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
