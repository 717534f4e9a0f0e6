import FrameGrab
import Foundation
import Testing

/// What `framegrab --at` reads besides one video file: still images, stdin, several inputs in
/// one call, and a crop of the frame; end to end through the built binary.
@Suite("framegrab inputs: images, stdin, several inputs, crop")
struct GrabInputsTests {
    static let talk = "TestVideos/talk-light.mp4"
    /// A slide of `talk` with a title, a bullet list and a code panel.
    static let slideTime = "7.5"

    // MARK: Still images

    @Test("A PNG, a JPEG and a WebP screenshot read as the frame they were taken from, without --at")
    func screenshots() throws {
        let scratch = try Scratch()
        let shots = [("shot.png", "png", "png"), ("shot.jpg", "jpeg", "mjpeg"), ("shot.webp", "webp", "webp")]
        for (name, _, _) in shots {
            try Scratch.ffmpeg(["-ss", Self.slideTime, "-i", Fixtures.path("talk-light.mp4"), "-frames:v", "1", scratch.path(name)])
        }
        let video = try Self.documents(try FrameGrabCommand.run(["--at", Self.slideTime, Self.talk]))
        let expected = try #require(video.first)
        #expect(expected.regions.count >= 3, "the slide has a title, a list and code: \(expected.line)")

        for (name, format, codec) in shots {
            let result = try FrameGrabCommand.run([scratch.path(name)])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            let documents = try Self.documents(result)
            try #require(documents.count == 1, "one document for the image's one frame: \(result)")
            let document = documents[0]
            let source = try #require(document.root["source"] as? [String: Any])
            #expect(source["path"] as? String == scratch.path(name))
            #expect(source["format"] as? String == format, "\(name): \(document.line)")
            #expect(source["duration"] as? Double == 0, "\(name): \(document.line)")
            let stream = try #require(source["video"] as? [String: Any])
            #expect(stream["codec"] as? String == codec)
            #expect(stream["frame_rate"] is NSNull, "one picture has no frame rate: \(document.line)")
            let frame = try #require(document.root["frame"] as? [String: Any])
            #expect(frame["requested"] as? Double == 0 && frame["time"] as? Double == 0, "\(name): \(frame)")
            #expect(frame["width"] as? Int == 1280 && frame["height"] as? Int == 720)
            #expect(document.root["status"] as? String == "analyzed")
            #expect(document.texts == expected.texts, "\(name) reads as the frame it was taken from")
            #expect(document.words.map(\.text) == expected.words.map(\.text))
            // JPEG's and WebP's losses move an edge of a small glyph's ink by up to 3 pixels.
            for (word, truth) in zip(document.words, expected.words) {
                #expect(word.box.isClose(to: truth.box, within: 3), "\(name) '\(word.text)': \(word.box) vs \(truth.box)")
            }
        }
    }

    @Test("A still image has its one frame at 0: --at 0 reads it, a later time is outside it (5)")
    func stillImageTimes() throws {
        let scratch = try Scratch()
        let shot = scratch.path("shot.png")
        try Scratch.ffmpeg(["-ss", Self.slideTime, "-i", Fixtures.path("talk-light.mp4"), "-frames:v", "1", shot])
        let result = try FrameGrabCommand.run(["--at", "0", "--at", "0:05", shot])
        #expect(result.status == 5, "\(result)")
        #expect(result.stderrLines == ["\(shot): time 00:00:05.000 is outside the video (a still image: its one frame is at 00:00:00.000)"],
                "\(result)")
        let documents = try Self.documents(result)
        #expect(documents.count == 1 && documents.first?.requested == 0, "\(result)")
        #expect(documents.first?.regions.isEmpty == false, "\(result)")
    }

    @Test("The protection probe leaves pictures alone")
    func probeLeavesPictures() throws {
        let scratch = try Scratch()
        for name in ["shot.png", "shot.jpg", "shot.webp"] {
            try Scratch.ffmpeg(["-i", Fixtures.path("talk-light.mp4"), "-frames:v", "1", scratch.path(name)])
            let input = ProtectionProbe.examine(scratch.path(name))
            #expect(input.protection == nil && input.location == scratch.path(name), "\(name): \(input)")
        }
    }

    @Test("Pictures larger than 8K are refused before they are decoded (4), one line each; an 8K screenshot is read")
    func largestPicture() throws {
        let scratch = try Scratch()
        // An H.264 video whose frames are wider than 8K says its size: the message gives it.
        try Scratch.ffmpeg(["-f", "lavfi", "-i", "color=white:s=8800x2000", "-frames:v", "1", "-c:v", "libx264", "-preset", "ultrafast",
                            scratch.path("wide.mp4")])
        let wide = try FrameGrabCommand.run(["--at", "0", scratch.path("wide.mp4")])
        #expect(wide.status == 4 && wide.stderr.contains("8800x2000") && wide.stderr.contains("8K"), "\(wide)")
        // A 16K PNG of 400 kB: probing it would decode it (1.9 GB and 18 s read whole).
        try Scratch.ffmpeg(["-f", "lavfi", "-i", "color=white:s=15360x8640", "-frames:v", "1", scratch.path("16k.png")])
        let huge = try FrameGrabCommand.run([scratch.path("16k.png")])
        #expect(huge.status == 4 && huge.stderr.split(separator: "\n").count == 1 && huge.stdout.isEmpty, "\(huge)")
        // 8K itself: a line of text on a 7680x4320 screenshot.
        try Scratch.ffmpeg(["-f", "lavfi", "-i", "color=white:s=7680x4320",
                            "-vf", "drawtext=text='framegrab reads 8K':fontsize=160:fontcolor=black:x=400:y=400:fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                            "-frames:v", "1", scratch.path("8k.png")])
        let eightK = try FrameGrabCommand.run([scratch.path("8k.png")])
        #expect(eightK.status == 0, "\(eightK.stderr)")
        #expect(eightK.stdout.contains("framegrab reads 8K"), "\(eightK.stdout.prefix(600))")
    }

    @Test("--timeout 0: OCR reads nothing and says so (status 0, one line); none and the default read alike; a malformed one is a usage error")
    func ocrTimeLimit() throws {
        let clip = "TestVideos/talk-light.mp4"
        let spent = try FrameGrabCommand.run(["--at", "4.5", "--timeout", "0", clip])
        #expect(spent.status == 0, "\(spent)")
        #expect(spent.stderr.split(separator: "\n").count == 1 && spent.stderr.contains("time limit"), "\(spent.stderr)")
        let cut = try #require(try Self.documents(spent).first)
        #expect((cut.root["frame"] as? [String: Any])?["ocr_time_limit_reached"] as? Bool == true)
        #expect(cut.regions.isEmpty, "nothing was read: \(cut.texts)")

        let unlimited = try FrameGrabCommand.run(["--at", "4.5", "--timeout", "none", clip])
        let standard = try FrameGrabCommand.run(["--at", "4.5", clip])
        #expect(unlimited.status == 0 && standard.status == 0 && standard.stderr.isEmpty)
        #expect(unlimited.stdout == standard.stdout, "a slide is read well within the default limit")
        let read = try #require(try Self.documents(standard).first)
        #expect((read.root["frame"] as? [String: Any])?["ocr_time_limit_reached"] as? Bool == false)
        #expect(!read.regions.isEmpty)

        let malformed = try FrameGrabCommand.run(["--at", "4.5", "--timeout", "soon", clip])
        #expect(malformed.status == 2 && malformed.stderr.contains("--timeout"), "\(malformed)")
    }

    // MARK: stdin

    @Test("- reads an MP4 whose moov comes after its media from a pipe, as the file reads, named -")
    func stdinMoovAtEnd() throws {
        let scratch = try Scratch()
        let late = scratch.path("moov-at-end.mp4")
        // A plain remux does not move the index to the front (that takes -movflags +faststart).
        try Scratch.ffmpeg(["-i", Fixtures.path("talk-light.mp4"), "-c", "copy", late])
        let boxes = try Self.topLevelBoxes(of: late)
        let moov = try #require(boxes.firstIndex(of: "moov"), "\(boxes)")
        let mdat = try #require(boxes.firstIndex(of: "mdat"), "\(boxes)")
        try #require(moov > mdat, "the fixture must have its index at the end: \(boxes)")

        let spoolDirectory = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: spoolDirectory, withIntermediateDirectories: false)
        let times = ["--at", Self.slideTime, "--at", "1"]
        let piped = try FrameGrabCommand.run(times + ["-"], stdin: late, environment: ["TMPDIR": spoolDirectory])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped)")
        let direct = try FrameGrabCommand.run(times + [late])
        #expect(direct.status == 0, "\(direct)")
        let documents = try Self.documents(piped)
        try #require(documents.count == 2, "\(piped)")
        #expect(documents.allSatisfy { ($0.root["source"] as? [String: Any])?["path"] as? String == "-" })
        #expect(piped.stdout == direct.stdout.replacingOccurrences(of: #""path":"\#(late)""#, with: #""path":"-""#),
                "stdin reads exactly as the file does")
        #expect(try FileManager.default.contentsOfDirectory(atPath: spoolDirectory).isEmpty, "the copy of stdin leaves nothing behind")
    }

    @Test("- reads a picture from a pipe: a screenshot tool's output")
    func stdinImage() throws {
        let scratch = try Scratch()
        let shot = scratch.path("shot.png")
        try Scratch.ffmpeg(["-ss", Self.slideTime, "-i", Fixtures.path("talk-light.mp4"), "-frames:v", "1", shot])
        let piped = try FrameGrabCommand.run(["-"], stdin: shot)
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped)")
        let direct = try FrameGrabCommand.run([shot])
        #expect(piped.stdout == direct.stdout.replacingOccurrences(of: #""path":"\#(shot)""#, with: #""path":"-""#), "\(piped)")
        #expect(piped.stdout.contains(#""format":"png""#))
    }

    @Test("Protected content on stdin is found in the copy: skipped, nothing decoded (6)")
    func stdinProtected() throws {
        let result = try FrameGrabCommand.run(["--at", "1", "-"], stdin: Fixtures.path("protected/cenc-widevine.mp4"))
        try ProtectedCommandTests.expectSkipped(result, input: "-", scheme: "cenc", system: "Widevine", times: [1])
    }

    @Test("stdin with nowhere to copy it is one line naming - and the directory (3)")
    func stdinWithoutTemporaryDirectory() throws {
        let missing = "/nonexistent/framegrab-tmp"
        let result = try FrameGrabCommand.run(["--at", "1", "-"], stdin: Fixtures.path("counter.mp4"), environment: ["TMPDIR": missing])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderrLines == ["-: cannot read input (cannot make a file in \(missing) to copy it into: No such file or directory)"],
                "\(result)")
        #expect(result.stdout.isEmpty)
    }

    // MARK: Several inputs

    @Test("Several inputs: every time of each, input by input; failures named, later inputs still read, the first failure's status")
    func severalInputs() throws {
        let result = try FrameGrabCommand.run(["--at", "1", "--at", "2", "TestVideos/counter.mp4", "TestVideos/no-such-clip.mp4",
                                               "TestVideos/bad/random.mp4", "TestVideos/counter.mov"])
        #expect(result.status == 3, "the first failure's status: \(result)")
        #expect(result.stderrLines.count == 2, "\(result)")
        #expect(result.stderrLines.first == "TestVideos/no-such-clip.mp4: no such file", "\(result)")
        #expect(result.stderrLines.last?.hasPrefix("TestVideos/bad/random.mp4: not a video (") == true, "\(result)")
        let read = try Self.documents(result).map { document in
            ((document.root["source"] as? [String: Any])?["path"] as? String, document.requested, document.texts)
        }
        let expected: [(String, Double, [String])] = [
            ("TestVideos/counter.mp4", 1, ["00029"]), ("TestVideos/counter.mp4", 2, ["00059"]),
            ("TestVideos/counter.mov", 1, ["00029"]), ("TestVideos/counter.mov", 2, ["00059"]),
        ]
        #expect(read.count == expected.count, "\(result)")
        for (got, want) in zip(read, expected) {
            #expect(got.0 == want.0 && got.1 == want.1 && got.2 == want.2, "\(got) vs \(want)")
        }

        let late = try FrameGrabCommand.run(["--at", "999", "TestVideos/counter.mp4", "TestVideos/no-such-clip.mp4"])
        #expect(late.status == 5, "a time outside the first video comes first: \(late)")
        #expect(late.stderrLines.count == 2 && late.stdout.isEmpty, "\(late)")
    }

    @Test("Several inputs as text: one frame's text after another, a GS line between them, input by input")
    func severalInputsAsText() throws {
        let result = try FrameGrabCommand.run(["--format", "text", "--at", "1", "--at", "2", "TestVideos/counter.mp4", "TestVideos/counter.mov"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == ["00029", "00059", "00029", "00059"].joined(separator: "\n\u{1D}\n") + "\n", "\(result)")
        // An input that cannot be opened keeps its place: one empty group a --at.
        let missing = try FrameGrabCommand.run(["--format", "text", "--at", "1", "--at", "2", "TestVideos/no-such-clip.mp4",
                                                "TestVideos/counter.mov"])
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.stdout == "\u{1D}\n\u{1D}\n00029\n\u{1D}\n00059\n", "\(missing)")
    }

    // MARK: Crop

    struct CropCase: Sendable, CustomTestStringConvertible {
        var clip: String
        var time: String
        /// X,Y,W,H in display pixels: around the code panel, wider than the stored picture for
        /// the anamorphic and rotated clips, so that only display pixels can fit.
        var crop: String
        var testDescription: String { "\(clip) --crop \(crop)" }
    }

    @Test("A crop reads the words inside it where the whole frame has them, in display pixels", arguments: [
        CropCase(clip: "talk-light.mp4", time: "7.5", crop: "560,120,640,450"),
        CropCase(clip: "anamorphic.mp4", time: "1.5", crop: "60,125,990,355"),
        CropCase(clip: "rotated.mp4", time: "1.5", crop: "60,125,930,450"),
    ])
    func crop(case c: CropCase) throws {
        let path = "TestVideos/" + c.clip
        let whole = try #require(try Self.documents(try FrameGrabCommand.run(["--at", c.time, path])).first)
        let result = try FrameGrabCommand.run(["--at", c.time, "--crop", c.crop, path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let cropped = try #require(try Self.documents(result).first)
        let numbers = c.crop.split(separator: ",").compactMap { Int($0) }
        let crop = BoundingBox(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])

        let frame = try #require(cropped.root["frame"] as? [String: Any])
        #expect(frame["width"] as? Int == whole.frameSize.width && frame["height"] as? Int == whole.frameSize.height,
                "the frame is still the whole frame")
        let echoed = try #require(frame["crop"] as? [String: Any], "frame.crop: \(frame)")
        #expect([echoed["x"], echoed["y"], echoed["width"], echoed["height"]].compactMap { $0 as? Int } == numbers)

        let inside = whole.words.filter { crop.contains($0.box) }
        #expect(inside.count >= 20, "the crop holds text: \(inside.count) words")
        #expect(cropped.words.count >= inside.count * 9 / 10, "\(cropped.words.count) words read in the crop, \(inside.count) in it on the frame")
        for word in cropped.words {
            #expect(crop.contains(word.box), "\(word) lies in the crop")
            let same = inside.filter { $0.text == word.text }.min { $0.box.distance(to: word.box) < $1.box.distance(to: word.box) }
            let twin = try #require(same, "'\(word.text)' is read on the whole frame too")
            #expect(word.box.isClose(to: twin.box, within: 2), "'\(word.text)': \(word.box) in the crop, \(twin.box) on the frame")
        }
        for box in cropped.regions.map({ Self.box($0["bbox"]) }) {
            #expect(box.map(crop.contains) == true, "region \(String(describing: box)) lies in the crop")
        }
    }

    @Test("ffmpeg's W:H:X:Y reads as X,Y,W,H does")
    func ffmpegCropSyntax() throws {
        let ours = try FrameGrabCommand.run(["--at", Self.slideTime, "--crop", "560,120,640,450", Self.talk])
        let ffmpegs = try FrameGrabCommand.run(["--at", Self.slideTime, "--crop", "640:450:560:120", Self.talk])
        #expect(ours.status == 0 && !ours.stdout.isEmpty, "\(ours)")
        #expect(ffmpegs.stdout == ours.stdout, "\(ffmpegs)")
    }

    // MARK: Helpers

    /// One JSON document of the output, and what the tests compare in it.
    struct Document {
        var line: String
        var root: [String: Any]

        var regions: [[String: Any]] { root["regions"] as? [[String: Any]] ?? [] }
        var texts: [String] { regions.compactMap { $0["text"] as? String } }
        var requested: Double? { (root["frame"] as? [String: Any])?["requested"] as? Double }
        var frameSize: (width: Int?, height: Int?) {
            let frame = root["frame"] as? [String: Any]
            return (frame?["width"] as? Int, frame?["height"] as? Int)
        }
        var words: [(text: String, box: BoundingBox)] {
            regions.flatMap { $0["lines"] as? [[String: Any]] ?? [] }
                .flatMap { $0["words"] as? [[String: Any]] ?? [] }
                .compactMap { word in
                    guard let text = word["text"] as? String, let box = GrabInputsTests.box(word["bbox"]) else { return nil }
                    return (text, box)
                }
        }
    }

    static func documents(_ result: FrameGrabCommand.Result) throws -> [Document] {
        try result.stdoutLines.map { line in
            let root = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
            return Document(line: line, root: root)
        }
    }

    static func box(_ value: Any?) -> BoundingBox? {
        guard let box = value as? [String: Any], let x = box["x"] as? Int, let y = box["y"] as? Int,
              let width = box["width"] as? Int, let height = box["height"] as? Int else { return nil }
        return BoundingBox(x: x, y: y, width: width, height: height)
    }

    /// The types of an ISO BMFF file's top-level boxes, in order.
    static func topLevelBoxes(of path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var types: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        return types
    }
}

/// A directory of one test's own, removed when the test is done with it.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("framegrab-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the ffmpeg CLI (`scripts/bootstrap` installs it) quietly, overwriting its output.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments
        let errors = Pipe()
        // Not inherited by processes other tests start meanwhile, which would hold it open.
        for handle in [errors.fileHandleForReading, errors.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(String(decoding: said, as: UTF8.self))")
        }
    }
}

extension BoundingBox {
    /// Whether `other` lies entirely inside.
    func contains(_ other: BoundingBox) -> Bool {
        other.x >= x && other.y >= y && other.right <= right && other.bottom <= bottom
    }

    /// Whether every edge is within `tolerance` pixels of `other`'s.
    func isClose(to other: BoundingBox, within tolerance: Int) -> Bool {
        abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
            && abs(right - other.right) <= tolerance && abs(bottom - other.bottom) <= tolerance
    }

    /// How far apart the two are: the sum of their edges' distances.
    func distance(to other: BoundingBox) -> Int {
        abs(x - other.x) + abs(y - other.y) + abs(right - other.right) + abs(bottom - other.bottom)
    }
}
