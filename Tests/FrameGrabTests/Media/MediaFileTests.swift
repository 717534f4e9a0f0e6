import Foundation
import FrameGrab
import Testing

@Suite("MediaFile probes what a video is")
struct MediaFileTests {
    static let allClips = Fixtures.counterClips + ["counter-corrupt.ts"] + Fixtures.talkClips

    @Test("Container, codec, sizes, rotation, rate and duration agree with the truth", arguments: allClips)
    func probeMatchesTruth(clip: String) throws {
        let truth = try Fixtures.truth(clip)
        let file = try MediaFile(path: Fixtures.path(clip))
        let info = file.info
        let video = file.video
        #expect(info.video == video)
        #expect(info.path == Fixtures.path(clip))
        #expect(info.format == truth.container)
        #expect(video.codec == truth.codec)
        #expect(video.pixelFormat == truth.pixelFormat)
        #expect(video.codedWidth == truth.coded.width && video.codedHeight == truth.coded.height)
        #expect(video.width == truth.display.width && video.height == truth.display.height)
        #expect(video.geometry.rotation == truth.rotation)
        let aspect = video.geometry.sampleAspect
        #expect(Int64(aspect.num) * truth.sampleAspectRatio.den == Int64(aspect.den) * truth.sampleAspectRatio.num,
                "sample aspect \(aspect.num):\(aspect.den)")
        let rate = Double(truth.frameRate.num) / Double(truth.frameRate.den)
        #expect(abs((video.frameRate?.perSecond ?? 0) - rate) < 0.001)
        #expect(video.frameRate?.ratio == "\(truth.frameRate.num)/\(truth.frameRate.den)", "the exact ratio, as ffprobe's r_frame_rate")
        let duration = try #require(info.duration)
        #expect(abs(duration.seconds - truth.duration) <= 0.001, "duration \(duration.seconds)")
    }

    @Test("rotated.mp4: stored 720x1280, turned 90 degrees clockwise to show 1280x720")
    func rotated() throws {
        let file = try MediaFile(path: Fixtures.path("rotated.mp4"))
        let video = file.video
        #expect(video.geometry.rotation == 90)
        #expect((video.codedWidth, video.codedHeight) == (720, 1280))
        #expect((video.width, video.height) == (1280, 720))
        let frame = try FrameSeeker(file: file).frame(at: MediaTime(seconds: 1.5))
        #expect((frame.image.width, frame.image.height) == (1280, 720))
        try expectTitleUpright(in: frame.image, clip: "rotated.mp4")
    }

    @Test("anamorphic.mp4: stored 960x720 with 4:3 pixels, shown 1280x720")
    func anamorphic() throws {
        let file = try MediaFile(path: Fixtures.path("anamorphic.mp4"))
        let video = file.video
        #expect(video.geometry.rotation == 0)
        #expect(video.geometry.sampleAspect.num * 3 == video.geometry.sampleAspect.den * 4)
        #expect((video.codedWidth, video.codedHeight) == (960, 720))
        #expect((video.width, video.height) == (1280, 720))
        let frame = try FrameSeeker(file: file).frame(at: MediaTime(seconds: 1.5))
        #expect((frame.image.width, frame.image.height) == (1280, 720))
        try expectTitleUpright(in: frame.image, clip: "anamorphic.mp4")
    }

    /// The title's ink is where the truth puts it, all the way to its right end (a picture
    /// left unstretched would end it at three quarters), and not where a picture turned half
    /// a turn the wrong way would put it.
    private func expectTitleUpright(in image: GrayImage, clip: String) throws {
        let slide = try #require(try Fixtures.truth(clip).slides?.first)
        let title = try #require(slide.regions.first { $0.kind == "text" })
        let box = title.bbox.box
        let ink = image.inkCount(in: box, theme: title.theme)
        let rightEnd = BoundingBox(x: box.right - box.width / 8, y: box.y, width: box.width / 8, height: box.height)
        let halfTurned = BoundingBox(x: image.width - box.right, y: image.height - box.bottom, width: box.width, height: box.height)
        #expect(ink > box.area / 10, "title box \(box) holds \(ink) ink pixels")
        #expect(image.inkCount(in: rightEnd, theme: title.theme) > rightEnd.area / 20, "ink at the title's right end")
        #expect(image.inkCount(in: halfTurned, theme: title.theme) < ink / 10, "ink where a half-turned title would be")
    }

    @Test("counter.ts: MPEG-TS whose stamps start at 11.4 s shows frame 0 at time 0")
    func transportStreamStart() throws {
        let truth = try Fixtures.truth("counter.ts")
        #expect(truth.startTime > 10, "the clip is written with an offset")
        let file = try MediaFile(path: Fixtures.path("counter.ts"))
        #expect(file.info.format == "mpegts")
        let first = try FrameSeeker(file: file).frame(at: MediaTime(seconds: 0))
        #expect(first.time == MediaTime(microseconds: 0))
        #expect(first.timestamp == truth.startTicks)
    }

    /// The library's side of the bad inputs the CLI table checks end to end.
    enum Failure: String, Sendable {
        case inputMissing, inputUnreadable, notAVideo
    }

    @Test("Bad inputs fail with the error that names them", arguments: [
        ("bad/empty.mp4", Failure.notAVideo),
        ("bad/random.mp4", .notAVideo),
        ("bad/notes.txt", .notAVideo),
        ("bad/audio-only.m4a", .notAVideo),
        ("bad/truncated.mp4", .notAVideo),
        ("no-such-clip.mp4", .inputMissing),
        ("bad", .inputUnreadable),
    ])
    func badInput(relative: String, failure: Failure) throws {
        let path = Fixtures.path(relative)
        do {
            let file = try MediaFile(path: path)
            Issue.record("\(relative) opened as a \(file.info.format) video")
        } catch {
            switch (error, failure) {
            case (.inputMissing(let reported), .inputMissing),
                 (.inputUnreadable(let reported, _), .inputUnreadable),
                 (.notAVideo(let reported, _), .notAVideo):
                #expect(reported == path)
            default:
                Issue.record("\(relative): expected \(failure), got \(error)")
            }
            #expect(error.description.hasPrefix(path + ": "), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("Every bad input has a row in the table above")
    func badInputsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("bad"))
            .filter { !$0.hasSuffix(".truth.json") }
            .sorted()
        #expect(names == ["audio-only.m4a", "empty.mp4", "notes.txt", "random.mp4", "truncated.mp4"])
        for name in names {
            let truth = try Fixtures.truth("bad/" + name, as: BadInputTruth.self)
            #expect(truth.kind == "bad" && truth.file == name)
        }
    }
}
