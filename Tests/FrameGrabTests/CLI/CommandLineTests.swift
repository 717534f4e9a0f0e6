import Foundation
import FrameGrab
import Testing

/// `framegrab` end to end: exit status, one line on stderr, nothing half-printed.
@Suite("framegrab command line")
struct CommandLineTests {
    struct Failure: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]
        var status: Int32
        /// What the one stderr line must name: the file, or the offending argument.
        var names: String?
        /// JSON documents still printed for the good times.
        var documents: Int = 0
        /// What else the line must say, word for word: FFmpeg's error, when FFmpeg gave one.
        var says: String?

        var testDescription: String { label }
    }

    static let counter = "TestVideos/counter.mp4"

    static let failures: [Failure] = [
        Failure(label: "empty file", arguments: ["--at", "1", "TestVideos/bad/empty.mp4"], status: 4, names: "TestVideos/bad/empty.mp4"),
        Failure(label: "random bytes", arguments: ["--at", "1", "TestVideos/bad/random.mp4"], status: 4, names: "TestVideos/bad/random.mp4",
                says: "(moov atom not found; FFmpeg error -1094995529 (Invalid data found when processing input) while opening TestVideos/bad/random.mp4)"),
        Failure(label: "plain text", arguments: ["--at", "1", "TestVideos/bad/notes.txt"], status: 4, names: "TestVideos/bad/notes.txt",
                says: "FFmpeg error -1094995529 (Invalid data found when processing input) while opening TestVideos/bad/notes.txt"),
        Failure(label: "audio only", arguments: ["--at", "1", "TestVideos/bad/audio-only.m4a"], status: 4, names: "TestVideos/bad/audio-only.m4a"),
        Failure(label: "truncated, no index", arguments: ["--at", "1", "TestVideos/bad/truncated.mp4"], status: 4, names: "TestVideos/bad/truncated.mp4",
                says: "(moov atom not found; FFmpeg error -1094995529 (Invalid data found when processing input) while opening TestVideos/bad/truncated.mp4)"),
        Failure(label: "missing file", arguments: ["--at", "1", "TestVideos/no-such-clip.mp4"], status: 3, names: "TestVideos/no-such-clip.mp4"),
        Failure(label: "a directory", arguments: ["--at", "1", "TestVideos/bad"], status: 3, names: "TestVideos/bad"),
        Failure(label: "malformed time 12:60", arguments: ["--at", "12:60", counter], status: 2, names: "12:60"),
        Failure(label: "malformed time abc", arguments: ["--at", "abc", counter], status: 2, names: "abc"),
        Failure(label: "malformed time 1e3", arguments: ["--at", "1e3", counter], status: 2, names: "1e3",
                says: "--at '1e3' is not a time: exponents are not time syntax (write 1000, not 1e3)"),
        Failure(label: "empty time", arguments: ["--at", "", counter], status: 2, names: "--at",
                says: "--at '' is not a time: it is empty (use e.g. 750, 12:30, 1:02:03.5, 1h2m3s, 200ms)"),
        Failure(label: "time inf", arguments: ["--at", "inf", counter], status: 2, names: "inf",
                says: "--at 'inf' is not a time: infinity and NaN are not times"),
        Failure(label: "time nan", arguments: ["--at", "nan", counter], status: 2, names: "nan",
                says: "--at 'nan' is not a time: infinity and NaN are not times"),
        Failure(label: "seconds of 60 in the colon form", arguments: ["--at", "1:60", counter], status: 2, names: "1:60",
                says: "--at '1:60' is not a time: minutes and seconds in the colon form go from 00 to 59 (write 2:00)"),
        Failure(label: "minutes of 60 or more in the colon form", arguments: ["--at", "90:00", counter], status: 2, names: "90:00",
                says: "(write 1:30:00)"),
        Failure(label: "a lone -", arguments: ["--at", "-", counter], status: 2, names: "--at '-'",
                says: "a '-' needs a time after it (-10s is 10 s before the end)"),
        Failure(label: "a - inside", arguments: ["--at", "1h-2m", counter], status: 2, names: "1h-2m",
                says: "a '-' can only come first (-1h2m, not 1h-2m)"),
        Failure(label: "units out of order", arguments: ["--at", "30s1m", counter], status: 2, names: "30s1m",
                says: "units go from hours down to microseconds, each once"),
        Failure(label: "a time too large", arguments: ["--at", "99999999999999999999", counter], status: 2, names: "99999999999999999999",
                says: "it is too large (times go up to 2562047788h, about 292,000 years)"),
        Failure(label: "hours too large", arguments: ["--at", "9999999999h", counter], status: 2, names: "9999999999h", says: "too large"),
        Failure(label: "--at without a value", arguments: [counter, "--at"], status: 2, names: "--at"),
        Failure(label: "unknown option", arguments: ["--at", "1", "--frobnicate", counter], status: 2, names: "--frobnicate"),
        Failure(label: "unknown format", arguments: ["--at", "1", "--format", "xml", counter], status: 2, names: "xml"),
        Failure(label: "unknown --color", arguments: ["--at", "1", "--color=rainbow", counter], status: 2, names: "rainbow",
                says: "--color must be auto, always or never, not 'rainbow'"),
        Failure(label: "search: unknown --color", arguments: ["search", "--color", "yes", "x"], status: 2, names: "yes",
                says: "--color must be auto, always or never, not 'yes'"),
        Failure(label: "no video", arguments: ["--at", "1"], status: 2, names: nil),
        Failure(label: "a video without --at", arguments: [counter], status: 2, names: counter, says: "a video needs --at TIME"),
        Failure(label: "follow: two videos", arguments: ["follow", counter, "TestVideos/counter.mov"], status: 2, names: "TestVideos/counter.mov"),
        Failure(label: "a good video and a missing one", arguments: ["--at", "1", counter, "TestVideos/no-such-clip.mp4"], status: 3,
                names: "TestVideos/no-such-clip.mp4", documents: 1),
        Failure(label: "empty stdin", arguments: ["--at", "1", "-"], status: 4, names: "-: not a video (nothing came on standard input)"),
        Failure(label: "stdin twice", arguments: ["--at", "1", "-", "-"], status: 2, names: "'-' given twice"),
        Failure(label: "empty crop", arguments: ["--at", "1", "--crop", "0,0,0,10", counter], status: 2, names: "0,0,0,10", says: "is empty"),
        Failure(label: "crop of three numbers", arguments: ["--at", "1", "--crop", "1,2,3", counter], status: 2, names: "1,2,3",
                says: "is not a crop"),
        Failure(label: "crop with a negative corner", arguments: ["--crop", "-5,0,10,10", "--at", "1", counter], status: 2, names: "-5,0,10,10"),
        Failure(label: "crop mixing both syntaxes", arguments: ["--at", "1", "--crop", "10:10,5,5", counter], status: 2, names: "10:10,5,5"),
        Failure(label: "crop outside the frame", arguments: ["--at", "1", "--crop", "400,0,100,100", counter], status: 2, names: counter,
                says: "crop 400,0,100,100 (x,y,width,height) is not inside the frame, which is 480x270 as displayed"),
        Failure(label: "ffmpeg crop outside the frame", arguments: ["--at", "1", "--crop", "480:270:1:0", counter], status: 2, names: counter,
                says: "crop 1,0,480,270"),
        Failure(label: "time past the end", arguments: ["--at", "999", counter], status: 5, names: counter),
        Failure(label: "1 ms past the duration", arguments: ["--at", "20.021", counter], status: 5, names: counter),
        Failure(label: "back from the end past the start", arguments: ["--at", "-21", counter], status: 5, names: counter,
                says: "time 00:00:21.000 before the end is outside the video (the video runs 00:00:00.000 to 00:00:20.020)"),
        Failure(label: "follow: --settle back from the end", arguments: ["follow", "--settle", "-1", counter], status: 2, names: "-1",
                says: "--settle '-1' is not a duration: a '-' counts back from the end, which only --at does"),
        Failure(label: "follow: --settle over a minute", arguments: ["follow", "--settle", "1m1s", counter], status: 2, names: "1m1s",
                says: "is not a delay from 0 to 60 seconds"),
        Failure(label: "scan: --settle 1:60", arguments: ["scan", "--settle", "1:60", counter], status: 2, names: "1:60",
                says: "--settle '1:60' is not a duration: minutes and seconds in the colon form go from 00 to 59 (write 2:00)"),
        Failure(label: "index: --settle 0", arguments: ["index", "--settle", "0", counter], status: 2, names: "--settle '0'",
                says: "must be more than zero"),
        Failure(label: "index: --settle back from the end", arguments: ["index", "--settle", "-0", counter], status: 2, names: "-0",
                says: "only --at does"),
        Failure(label: "one bad time among good ones", arguments: ["--at", "1", "--at", "999", "--at", "2", counter],
                status: 5, names: counter, documents: 2),
        Failure(label: "missing OCR language", arguments: ["--at", "1", "-l", "xyz", counter], status: 7, names: counter),
        Failure(label: "bad tessdata directory", arguments: ["--at", "1", "--tessdata-dir", "/nonexistent", counter], status: 7, names: counter),
        Failure(label: "--pretty with --format text", arguments: ["--at", "1", "--format", "text", "--pretty", counter], status: 2, names: "--pretty"),
        Failure(label: "-o without a value", arguments: ["--at", "1", counter, "-o"], status: 2, names: "-o"),
        Failure(label: "-o into a missing directory", arguments: ["--at", "1", "-o", "TestVideos/no-such-directory/out.json", counter],
                status: 10, names: "TestVideos/no-such-directory/out.json", says: "cannot create a temporary file beside it (No such file or directory)"),
        Failure(label: "-o onto a directory", arguments: ["--at", "1", "-o", "TestVideos/bad", counter], status: 10, names: "TestVideos/bad",
                says: "cannot replace it (Is a directory)"),
        Failure(label: "help for no such command", arguments: ["help", "nosuch"], status: 2, names: "nosuch",
                says: "commands: grab, follow, index, scan, search, export"),
        Failure(label: "help for two commands", arguments: ["help", "scan", "index"], status: 2, names: "framegrab help [COMMAND]"),
    ]

    @Test("Fails cleanly with the documented status", arguments: failures)
    func failsCleanly(failure: Failure) throws {
        let result = try FrameGrabCommand.run(failure.arguments)
        #expect(result.status == failure.status, "\(result)")
        #expect(result.stderrLines.count == 1, "exactly one line on stderr: \(result)")
        if let names = failure.names {
            #expect(result.stderr.contains(names), "stderr names \(names): \(result)")
        }
        if let says = failure.says {
            #expect(result.stderr.contains(says), "stderr says \(says): \(result)")
        }
        for noise in ["Fatal error", "backtrace", "Stack dump", "Current stack trace", "@ 0x", "[mov,", "[h264", "[NULL"] {
            #expect(!result.stderr.contains(noise), "no crash or FFmpeg log on stderr: \(result)")
        }
        #expect(result.stdoutLines.count == failure.documents, "\(result)")
        for line in result.stdoutLines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "a whole JSON document: \(line)")
        }
    }

    @Test("With one bad time among good ones, the good ones print in order")
    func goodTimesStillPrint() throws {
        let result = try FrameGrabCommand.run(["--at", "1", "--at", "999", "--at", "2", Self.counter])
        let requested = try result.stdoutLines.map { line in
            let document = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require((document["frame"] as? [String: Any])?["requested"] as? Double)
        }
        #expect(requested == [1, 2])
        #expect(result.status == 5)
    }

    @Test("--at counts back from the end like ffmpeg -sseof: -0 is the last frame", arguments: [
        "counter.mp4", "counter.mkv", "counter.ts", "hls/counter.m3u8",
    ])
    func fromTheEnd(clip: String) throws {
        let result = try FrameGrabCommand.run(["--at", "-0", "--at=-10s", "--at", "-0:20", "--at", "-1m", "--format", "text",
                                               "TestVideos/" + clip])
        #expect(result.status == 5, "\(result)")
        let numbers = result.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count == 5 && $0.allSatisfy(\.isNumber) }
        // 20.02 s long at 29.97 fps: the end shows frame 599, 10.02 s frame 300, 0.02 s frame 0.
        #expect(numbers == ["00599", "00300", "00000"], "\(result)")
        // One group per --at, a GS line between each two: the last, outside the video, empty.
        let groups = result.stdout.components(separatedBy: FrameReport.frameSeparator + "\n")
        #expect(groups == ["00599\n", "00300\n", "00000\n", ""], "\(result)")
        #expect(result.stderrLines == ["TestVideos/\(clip): time 00:01:00.000 before the end is outside the video "
                                       + "(the video runs 00:00:00.000 to 00:00:20.020)"],
                "\(result)")
    }

    @Test("Back from the end of a video whose duration is unknown: one line, status 5")
    func fromTheEndOfNoKnownEnd() throws {
        // A playlist without #EXT-X-ENDLIST may still grow: it has no duration.
        let (directory, playlist) = try Fixtures.livePlaylist()
        defer { try? FileManager.default.removeItem(at: directory) }
        let live = try FrameGrabCommand.run(["--at", "-10s", playlist])
        #expect(live.status == 5, "\(live)")
        #expect(live.stderrLines == ["\(playlist): cannot count 00:00:10.000 back from the end: the video's duration is unknown "
                                     + "(a live stream, or a pipe)"], "\(live)")
        #expect(live.stdout.isEmpty)

        // MPEG-TS through a pipe: FFmpeg cannot look at its end.
        let piped = try FrameGrabCommand.run(["-c", "cat TestVideos/counter.ts | \"$0\" --at -1 /dev/stdin",
                                              try FrameGrabCommand.executable()], executable: "/bin/sh")
        #expect(piped.status == 5, "\(piped)")
        #expect(piped.stderrLines == ["/dev/stdin: cannot count 00:00:01.000 back from the end: the video's duration is unknown "
                                      + "(a live stream, or a pipe)"], "\(piped)")
    }

    @Test("--help prints usage and the exit status table")
    func help() throws {
        let result = try FrameGrabCommand.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("--at TIME"))
        for status in 0...7 {
            #expect(result.stdout.contains("  \(status)  "), "exit status \(status) documented")
        }
    }

    /// Every command, as `framegrab --help` lists them.
    static let commands = ["grab", "follow", "index", "scan", "search", "export"]

    @Test("help COMMAND prints what COMMAND --help prints", arguments: commands)
    func helpForCommand(command: String) throws {
        let help = try FrameGrabCommand.run(["help", command])
        #expect(help.status == 0 && help.stderr.isEmpty, "\(help)")
        #expect(help.stdout.hasPrefix("framegrab \(command): "), "\(help)")
        #expect(help.stdout.contains("Usage:\n  framegrab ") && help.stdout.contains("Exit status"), "\(help)")
        let own = try FrameGrabCommand.run([command, "--help"])
        #expect(own.status == 0)
        #expect(help.stdout == own.stdout)
    }

    @Test("Every command takes --color WHEN, says so in its help, and refuses a bad WHEN in one line", arguments: commands)
    func colorOption(command: String) throws {
        let help = try FrameGrabCommand.run(["help", command])
        #expect(help.stdout.contains("\n  --color WHEN         "), "\(help)")
        for options in [["--color=never"], ["--color", "always"], ["--color=auto"]] {
            let result = try FrameGrabCommand.run([command] + options + ["--help"])
            #expect(result.status == 0 && result.stdout == help.stdout && result.stderr.isEmpty, "\(options): \(result)")
        }
        // (With --help on the line, help wins: it is what was asked for.)
        for (options, value) in [(["--color=sometimes"], "sometimes"), (["--color", "yes"], "yes"), (["--color="], "")] {
            let result = try FrameGrabCommand.run([command] + options)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(options): \(result)")
            #expect(result.stderrLines == ["--color must be auto, always or never, not '\(value)'"], "\(result)")
        }
        let missing = try FrameGrabCommand.run([command, "--color"])
        #expect(missing.status == 2 && missing.stderrLines == ["--color needs a value"], "\(missing)")
    }

    @Test("help alone is --help: every command listed with what it does, then the default in full")
    func helpAlone() throws {
        let help = try FrameGrabCommand.run(["help"])
        #expect(help.status == 0 && help.stderr.isEmpty, "\(help)")
        #expect(help.stdout == (try FrameGrabCommand.run(["--help"])).stdout)
        for command in Self.commands {
            let summary = try #require(try FrameGrabCommand.run(["help", command]).stdout.split(separator: "\n").first)
                .dropFirst("framegrab \(command): ".count)
            let listed = help.stdoutLines.contains { line in
                (line.hasPrefix("  framegrab \(command) ") || line.hasPrefix("  framegrab [\(command)] ")) && line.contains(summary)
            }
            #expect(listed, "\(command) is listed with its summary '\(summary)'")
        }
        #expect(help.stdout.contains("framegrab help [COMMAND]"))
    }

    /// framegrab answers help itself, for the commands framegrab-reader runs too: nothing is
    /// handed on, so help works (and starts fast) with framegrab alone.
    @Test("help works for every command without framegrab-reader")
    func helpWithoutReader() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let alone = directory.appendingPathComponent("framegrab").path
        try FileManager.default.copyItem(atPath: try FrameGrabCommand.executable(), toPath: alone)
        for command in Self.commands {
            let help = try FrameGrabCommand.run(["help", command], executable: alone)
            #expect(help.status == 0 && help.stdout.hasPrefix("framegrab \(command): "), "\(help)")
        }
        #expect(try FrameGrabCommand.run(["--help"], executable: alone).status == 0)
        #expect(try FrameGrabCommand.run(["follow", "--help"], executable: alone).status == 0)
        // What does open video is handed on, and fails without the reader.
        let handedOn = try FrameGrabCommand.run(["follow", "TestVideos/counter.mp4"], executable: alone)
        #expect(handedOn.status == 1 && handedOn.stderr.contains("framegrab-reader"), "\(handedOn)")
    }

    @Test("--version prints one line")
    func version() throws {
        let result = try FrameGrabCommand.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines.count == 1)
        #expect(result.stdout.hasPrefix("framegrab "))
    }
}
