import Foundation
import FrameGrab
import FrameGrabModel
import Testing

/// Frames that hold no text give no region: noise, grain, a camera-like picture and ffmpeg's
/// test patterns, made by ffmpeg in the test at 1920x1080 (as a picture, or as a video's frame
/// when an encoder's blocks are what matter), every grain from a fixed seed so that a run that
/// fails fails again. A grainy slide, made the same way from a test clip's slide, still gives
/// its text.
@Suite("Frames without text")
struct FramesWithoutTextTests {
    struct Frame: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// ffmpeg's arguments before the output file.
        var ffmpeg: [String]
        /// The output file's name: a PNG, or an H.264 video of one frame.
        var file = "frame.png"

        init(_ name: String, source: String, encoded: Bool = false) {
            testDescription = name
            ffmpeg = ["-f", "lavfi", "-i", source]
            if encoded {
                ffmpeg += ["-c:v", "libx264", "-pix_fmt", "yuv420p"]
                file = "frame.mp4"
            }
        }

        init(_ name: String, ffmpeg: [String]) {
            testDescription = name
            self.ffmpeg = ffmpeg
        }
    }

    static let width = 1920, height = 1080
    static let size = "\(width)x\(height)"

    static let frames: [Frame] = [
        Frame("noise: every pixel random", source: "nullsrc=s=\(size),geq=lum='random(1)*255':cb=128:cr=128"),
        Frame("noise, as a video's frame", source: "nullsrc=s=\(size),geq=lum='random(1)*255':cb=128:cr=128", encoded: true),
        Frame("grain only: flat gray with film grain", source: "color=gray:s=\(size),noise=alls=20:allf=t+u:all_seed=20"),
        Frame("grain only: strong grain on dark gray", source: "color=0x303030:s=\(size),noise=alls=40:allf=t+u:all_seed=40"),
        Frame("grain only, as a video's frame", source: "color=gray:s=\(size),noise=alls=40:allf=t+u:all_seed=41", encoded: true),
        Frame("a camera-like picture", ffmpeg: cameraLike(gradients: gradients(size))),
        // Soft waves of colour under the same texture: thresholded against the light box below
        // it, the texture above the box's top edge was cut into marks that all end on the edge,
        // as if on a baseline, and read as `ee` (`isEdgeOfSurface`).
        Frame("a camera-like picture, texture over a box's edge", ffmpeg: cameraLike(gradients:
            "nullsrc=s=\(size),format=gbrp,geq=r='128+100*sin(X/410+Y/730+11)':g='128+100*sin(X/530-Y/390+22)':b='128+100*cos(X/610+Y/470+33)'")),
        Frame("testsrc2", source: "testsrc2=s=\(size)"),
        Frame("smptebars", source: "smptebars=s=\(size)"),
        Frame("smptehdbars", source: "smptehdbars=s=\(size)"),
        Frame("pal75bars", source: "pal75bars=s=\(size)"),
        Frame("rgbtestsrc", source: "rgbtestsrc=s=\(size)"),
        Frame("gradients", source: gradients(size)),
        Frame("mandelbrot", source: "mandelbrot=s=\(size)"),
        // cellauto draws from a random seed unless given one.
        Frame("cellauto", source: "cellauto=s=\(size):seed=1"),
    ]

    /// ffmpeg's `gradients` source at `size`, the same on every run: it places its gradients
    /// by its seed, but picks its colours by a seed of its own unless they are given (ffmpeg
    /// 5.1's default colours are `random`).
    static func gradients(_ size: String) -> String {
        "gradients=s=\(size):n=5:seed=7:c0=0x2a4f7a:c1=0xd9b98a:c2=0x6a8a4a:c3=0x8a3a2a:c4=0xc8c8d0"
    }

    /// What a camera picture is made of: `gradients` under texture at two scales (random
    /// fields blurred), two objects with edges, lens blur and sensor grain.
    static func cameraLike(gradients: String) -> [String] {
        ["-f", "lavfi", "-i", gradients,
         "-f", "lavfi", "-i", "nullsrc=s=480x270,geq=lum='random(1)*255':cb=128:cr=128,gblur=sigma=3,scale=\(size):flags=bicubic",
         "-f", "lavfi", "-i", "nullsrc=s=\(size),geq=lum='random(2)*255':cb=128:cr=128,gblur=sigma=1.2",
         "-filter_complex", "[0]format=yuv420p[g];[g][1]blend=all_mode=overlay:all_opacity=0.7[a];[a][2]blend=all_mode=softlight:all_opacity=0.5,"
             + "drawbox=x=1200:y=300:w=400:h=500:color=0x402010@0.8:t=fill,drawbox=x=300:y=600:w=600:h=200:color=0xd0c0a0@0.6:t=fill,"
             + "gblur=sigma=1.5,noise=alls=6:allf=t:all_seed=6"]
    }

    static func read(_ path: String) throws -> FrameReport {
        var options = FrameGrabber.Options()
        options.readsStillImages = true
        return try FrameGrabber(path: path, options: options).report(at: MediaTime(seconds: 0))
    }

    @Test("No region on a frame without text", arguments: frames)
    func noRegions(frame: Frame) throws {
        let scratch = try Scratch()
        let path = scratch.path(frame.file)
        try Scratch.ffmpeg(frame.ffmpeg + ["-frames:v", "1", path])
        let report = try Self.read(path)
        #expect(report.status == .analyzed)
        #expect(report.regions.isEmpty, "\(report.regions.map { "\($0.kind.rawValue) \($0.box) \($0.text.prefix(30).debugDescription)" })")
    }

    /// ffmpeg's film grain as `scripts/bench-notext` lays it: uniform, of strength 30 (up to 18
    /// levels either side), from a fixed seed so that the picture is the same on every run.
    static let grain = "noise=alls=30:allf=t+u:all_seed=55513"

    @Test("A grainy but legible slide gives its title and its code, and nothing else")
    func grainySlide() throws {
        // talk-dark.mp4's first slide (a title over Go on a dark panel), scaled from 1280x720
        // to 1920x1080 in gray, the luma framegrab reads, and covered in grain: as a camera
        // pointed at a screen, or a noisy encoder, leaves it, and as legible as the clean slide.
        let clip = "talk-dark.mp4"
        let truth = try Fixtures.truth(clip)
        let slide = try #require(truth.slides?.first)
        let scratch = try Scratch()
        let path = scratch.path("grainy-slide.png")
        try Scratch.ffmpeg(["-ss", String(slide.middle), "-i", Fixtures.path(clip),
                            "-vf", "scale=\(Self.width):\(Self.height):flags=lanczos,format=gray,\(Self.grain)",
                            "-frames:v", "1", "-pix_fmt", "gray", path])
        let scale = Double(Self.height) / Double(truth.display.height)
        let found = try Self.read(path).regions
        #expect(found.count == slide.regions.count, "\(found.map { "\($0.kind.rawValue) \($0.box) \($0.text.prefix(30).debugDescription)" })")
        for region in slide.regions {
            var scaled = region
            scaled.bbox = region.bbox.scaled(by: scale)
            let best = try #require(TruthMatching.bestRegion(for: scaled, in: found), "no \(region.kind) region for \(region.text.prefix(30))")
            #expect(best.iou >= TruthMatching.minimumIoU)
            #expect(TextDistance.characterErrorRate(found: best.region.text, truth: region.text) <= FrameGrabberTruthTests.maximumCodeCER,
                    "\(best.region.text.debugDescription)")
        }
    }
}
