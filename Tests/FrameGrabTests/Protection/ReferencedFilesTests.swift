@testable import FrameGrab
import Foundation
import Testing

/// What a playlist on disk may make FFmpeg open: URLs (the protocol whitelist rules on them)
/// and regular files, never a device, a FIFO or a file under /proc, /sys or /dev.
@Suite("Files a playlist names")
struct ReferencedFilesTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-refs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("Devices, FIFOs, /proc and links to them are refused; regular files, URLs and missing files are FFmpeg's to open")
    func rule() throws {
        let directory = try ReferencedFilesTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.ts").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = directory.appendingPathComponent("zero.ts").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
        for refused in ["/dev/zero", "file:/dev/zero", "crypto+file:/dev/zero", "/proc/self/environ", "/proc/self/mem", "/sys/kernel/notes", fifo, link, "file:" + link, directory.path] {
            #expect(!InputLocation.mayReference(refused), "\(refused)")
        }
        for allowed in [Fixtures.path("hls/counter0.ts"), "file:" + Fixtures.path("hls/counter0.ts"), "crypto+" + Fixtures.path("hls/counter0.ts"),
                        "http://example.com/a.ts", "data:text/plain,x", directory.appendingPathComponent("missing.ts").path] {
            #expect(InputLocation.mayReference(allowed), "\(allowed)")
        }
    }

    @Test("A playlist naming a FIFO as a segment does not block: the segment is refused and the rest read")
    func fifoSegment() throws {
        let directory = try ReferencedFilesTests.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("pipe.ts").path, 0o600) == 0)
        try FileManager.default.copyItem(atPath: Fixtures.path("hls/counter0.ts"), toPath: directory.appendingPathComponent("counter0.ts").path)
        let playlist = directory.appendingPathComponent("fifo.m3u8").path
        try "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\npipe.ts\n#EXTINF:2,\ncounter0.ts\n#EXT-X-ENDLIST\n"
            .write(toFile: playlist, atomically: true, encoding: .utf8)
        // Nothing writes to the FIFO: opening it would block for ever. The limit only ends a
        // run that hangs, so that a regression fails instead of stalling the suite.
        let result = try FrameGrabCommand.run(["--at", "3", playlist], limit: 300)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"regions\""), "\(result)")
    }
}
