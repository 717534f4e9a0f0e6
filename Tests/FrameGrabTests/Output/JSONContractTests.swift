import Foundation
import FrameGrab
import Testing

/// The JSON contract, read back the way a consumer would: one document per line per `--at`,
/// parsed with `JSONSerialization`, every documented key present with its type.
@Suite("JSON output contract")
struct JSONContractTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var clip: String
        var times: [String]
        var testDescription: String { "\(clip) at \(times.joined(separator: ", "))" }
    }

    @Test("Keys, types and values of every document, one per --at in order", arguments: [
        Case(clip: "counter.mp4", times: ["0", "5.005", "10.009", "0:15", "20020ms"]),
        Case(clip: "counter.ts", times: ["0", "12.5"]),
        Case(clip: "counter.webm", times: ["3"]),
        Case(clip: "talk-light.mp4", times: ["7.5"]),
        Case(clip: "rotated.mp4", times: ["1.5"]),
        Case(clip: "anamorphic.mp4", times: ["1.5"]),
    ])
    func contract(case c: Case) throws {
        let truth = try Fixtures.truth(c.clip)
        let path = "TestVideos/" + c.clip
        let result = try FrameGrabCommand.run(c.times.flatMap { ["--at", $0] } + [path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(!result.stdout.hasPrefix("\n") && result.stdout.hasSuffix("}\n"))
        let lines = result.stdoutLines
        try #require(lines.count == c.times.count, "one document per --at: \(result)")

        for (text, line) in zip(c.times, lines) {
            let requested = try MediaTime(parsing: text)
            let document = try JSONDocument(line)
            try document.check(requested: requested, path: path, truth: truth)
        }
    }
}

/// One parsed output line and the checks every document must pass.
struct JSONDocument {
    let root: [String: Any]
    let line: String

    init(_ line: String) throws {
        self.line = line
        root = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
    }

    func check(requested: MediaTime, path: String, truth: ClipTruth, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(Set(["schema_version", "source", "frame", "status", "skip_reason", "protection", "regions"]).isSubset(of: root.keys),
                "keys: \(root.keys.sorted())")
        #expect(line.hasPrefix(#"{"schema_version":1,"#), "the schema's version comes first, and is 1")

        let source = try object(root["source"], "source")
        #expect(source["path"] as? String == path)
        #expect(source["format"] as? String == truth.container)
        let duration = try number(source["duration"], "source.duration")
        #expect(abs(duration - truth.duration) <= 0.001)
        #expect(source.keys.contains("title") && (source["title"] is NSNull || source["title"] is String), "source.title")
        let video = try object(source["video"], "source.video")
        #expect(video["codec"] as? String == truth.codec)
        #expect(try integer(video["coded_width"], "coded_width") == truth.coded.width)
        #expect(try integer(video["coded_height"], "coded_height") == truth.coded.height)
        #expect(try integer(video["width"], "width") == truth.display.width)
        #expect(try integer(video["height"], "height") == truth.display.height)
        #expect(try integer(video["rotation"], "rotation") == truth.rotation)
        let rate = try number(video["frame_rate"], "frame_rate")
        #expect(abs(rate - Double(truth.frameRate.num) / Double(truth.frameRate.den)) < 0.001)
        #expect(video["frame_rate_ratio"] as? String == "\(truth.frameRate.num)/\(truth.frameRate.den)",
                "the exact rate, as ffprobe's r_frame_rate: \(String(describing: video["frame_rate_ratio"]))")

        let frame = try object(root["frame"], "frame")
        let asked = try number(frame["requested"], "frame.requested")
        #expect(abs(asked - requested.seconds) < 1e-6)
        let time = try number(frame["time"], "frame.time")
        #expect(time <= asked, "the frame shown is never one from after the request")
        #expect(asked - time < truth.framePeriod + 0.001, "and it is the last one before it")
        let timecode = try #require(frame["timecode"] as? String, "frame.timecode")
        #expect(timecode.wholeMatch(of: /\d{2}:\d{2}:\d{2}\.\d{3}/) != nil, "timecode \(timecode)")
        #expect(timecode == MediaTime(seconds: time).timecode)
        #expect(try integer(frame["width"], "frame.width") == truth.display.width)
        #expect(try integer(frame["height"], "frame.height") == truth.display.height)
        #expect(frame.keys.contains("crop") && frame["crop"] is NSNull, "crop is null without --crop")
        #expect(frame.keys.contains("reused_from") && frame["reused_from"] is NSNull, "each --at here shows a frame of its own")
        #expect(frame["ocr_time_limit_reached"] as? Bool == false, "a test clip's frame is read well within the time limit")

        #expect(root["status"] as? String == "analyzed")
        #expect(root["skip_reason"] is NSNull, "skip_reason is null when analysed")
        #expect(root["protection"] is NSNull, "protection is null when analysed")
        #expect(source["rendition"] is NSNull, "no rendition outside a master playlist")

        let regions = try #require(root["regions"] as? [Any], "regions")
        #expect(!regions.isEmpty, "every clip shows text")
        for (index, value) in regions.enumerated() {
            let region = try object(value, "regions[\(index)]")
            #expect(["code", "text"].contains(region["kind"] as? String), "kind \(String(describing: region["kind"]))")
            // A role where the layout tells one, null where not; code always has one.
            let role = region["role"]
            #expect(role is NSNull || RegionRole(rawValue: role as? String ?? "") != nil, "role \(String(describing: role))")
            if region["kind"] as? String == "code" { #expect(["code", "terminal"].contains(role as? String), "code's role") }
            try checkBox(region["bbox"], "regions[\(index)].bbox", within: truth.display)
            let confidence = try number(region["confidence"], "confidence")
            #expect((0...1).contains(confidence))
            let text = try #require(region["text"] as? String)
            #expect(!text.isEmpty)
            let lines = try #require(region["lines"] as? [Any], "regions[\(index)].lines")
            #expect(!lines.isEmpty)
            for (lineIndex, lineValue) in lines.enumerated() {
                let name = "regions[\(index)].lines[\(lineIndex)]"
                let line = try object(lineValue, name)
                #expect(line["text"] is String, "\(name).text")
                try checkBox(line["bbox"], name + ".bbox", within: truth.display)
                let words = try #require(line["words"] as? [Any], "\(name).words")
                for (wordIndex, wordValue) in words.enumerated() {
                    let word = try object(wordValue, "\(name).words[\(wordIndex)]")
                    #expect((word["text"] as? String).map { !$0.isEmpty } == true)
                    try checkBox(word["bbox"], "\(name).words[\(wordIndex)].bbox", within: truth.display)
                    #expect((0...1).contains(try number(word["confidence"], "word confidence")))
                }
            }
        }
    }

    private func object(_ value: Any?, _ name: String) throws -> [String: Any] {
        try #require(value as? [String: Any], "\(name) is an object in \(line)")
    }

    private func number(_ value: Any?, _ name: String) throws -> Double {
        let number = try #require(value as? NSNumber, "\(name) is a number in \(line)")
        return number.doubleValue
    }

    private func integer(_ value: Any?, _ name: String) throws -> Int {
        let number = try #require(value as? NSNumber, "\(name) is a number in \(line)")
        try #require(number.doubleValue == number.doubleValue.rounded(), "\(name) is an integer")
        return number.intValue
    }

    private func checkBox(_ value: Any?, _ name: String, within size: ClipTruth.Size) throws {
        let box = try object(value, name)
        let x = try integer(box["x"], name + ".x")
        let y = try integer(box["y"], name + ".y")
        let width = try integer(box["width"], name + ".width")
        let height = try integer(box["height"], name + ".height")
        #expect(x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= size.width && y + height <= size.height,
                "\(name) \(width)x\(height)+\(x)+\(y) lies inside the \(size.width)x\(size.height) frame")
    }
}
