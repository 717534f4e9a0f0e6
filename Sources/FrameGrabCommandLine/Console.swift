import FrameGrabModel
import Foundation
import Synchronization

/// stdout (or `-o FILE`) for results, stderr for one-line diagnostics.
///
/// Every result of every command goes through `output`: one write(2) per call, under one lock
/// (so lines from several threads never mix), checked. Output that cannot be written ends the
/// process: a closed pipe (`| head`) quietly with status 141, anything else (a closed stdout,
/// a full disk) with one line on stderr and status 10, `-o FILE` left as it was.
public enum Console {
    private struct Destination {
        var file = OutputFile.standardOutput
        var pretty = false
    }

    private static let destination = Mutex(Destination())

    /// `text` and a newline, in one write.
    public static func output(_ text: String) {
        destination.withLock { destination in
            do throws(OutputFailure) {
                try destination.file.write(Array((text + "\n").utf8))
            } catch {
                fail(error, discarding: destination.file)
            }
        }
    }

    /// A JSON document: one line, or indented with `--pretty`.
    public static func output(_ document: JSONValue) {
        let pretty = destination.withLock { $0.pretty }
        output(pretty ? document.prettySerialized : document.serialized)
    }

    /// One line on stderr (or, with another `terminator`, a progress bar redrawn in place).
    /// A stderr that cannot be written has nobody to tell.
    public static func error(_ text: String, terminator: String = "\n") {
        let bytes = Array((text + terminator).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Sends the results where `options` say: stdout, or `-o FILE`, replaced by `finish` when
    /// the command succeeds (`appending`: appended to, document by document, for `follow`).
    /// False, with one line on stderr, when that cannot be written to (a closed stdout, a
    /// directory that does not exist or is not writable); the command then exits with
    /// `OutputFailure.status` before doing any work.
    public static func send(to options: OutputOptions, appending: Bool = false) -> Bool {
        do throws(OutputFailure) {
            let file: OutputFile
            if let path = options.path {
                file = appending ? try OutputFile.appending(to: path) : try OutputFile.replacing(path)
            } else if OutputFile.standardOutputClosed {
                throw OutputFailure(code: OutputFailure.badDescriptor, target: "stdout", operation: "write the output")
            } else {
                file = .standardOutput
            }
            destination.withLock { destination in
                destination.file = file
                destination.pretty = options.pretty
            }
            return true
        } catch {
            Console.error(error.description)
            return false
        }
    }

    /// Ends the output with the command: `-o FILE` is put in place when `succeeded`, and left as
    /// it was otherwise. The status to exit with: `status`, or `OutputFailure.status` when
    /// FILE could not be put in place.
    public static func finish(_ status: Int32, succeeded: Bool) -> Int32 {
        destination.withLock { destination in
            guard succeeded else {
                destination.file.discard()
                return status
            }
            do throws(OutputFailure) {
                try destination.file.commit()
                return status
            } catch {
                Console.error(error.description)
                return OutputFailure.status
            }
        }
    }

    /// Leaves `-o FILE` as it was, for a command about to exit at once.
    public static func discardOutput() {
        destination.withLock { $0.file.discard() }
    }

    /// Whether results go to a terminal (colours make sense).
    public static var writesToTerminal: Bool {
        destination.withLock { $0.file.isStandardOutput } && !OutputFile.standardOutputClosed && isatty(STDOUT_FILENO) == 1
    }

    /// Run first in each executable: SIGPIPE ignored, so that a closed pipe is EPIPE from
    /// write(2), not a signal; and stdin, stdout and stderr, when closed (`>&-`), held open on
    /// /dev/null, so that no file opened later takes their number and gets results or
    /// diagnostics written into it. stdout remembers that it was closed. The slots are closed
    /// again across exec (`framegrab` hands video commands to `framegrab-reader`), which then
    /// finds them closed itself.
    public static func prepareStandardStreams() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            if descriptor == STDOUT_FILENO { OutputFile.standardOutputClosed = true }
            // The lowest free number: this one, since those below it are open.
            let held = open("/dev/null", O_RDWR | O_CLOEXEC)
            if held >= 0 && held != descriptor { close(held) }
        }
    }

    private static func fail(_ failure: OutputFailure, discarding file: OutputFile) -> Never {
        file.discard()
        if failure.isClosedPipe { _exit(OutputFailure.closedPipeStatus) }
        error(failure.description)
        _exit(OutputFailure.status)
    }
}
