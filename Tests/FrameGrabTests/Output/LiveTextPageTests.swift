import Foundation
@testable import FrameGrab
import FrameGrabModel
import Testing

/// `--format html`: the page's text is the report's, placed on its words; and in headless
/// Chromium the page loads alone, the overlay stays on its words at two widths, selections,
/// the copy control and Ctrl-A give the region's text, and the picture is the frame.
@Suite("Live Text page")
struct LiveTextPageTests {
    static func word(_ text: String, x: Int, y: Int = 10) -> Word {
        Word(text: text, box: BoundingBox(x: x, y: y, width: 10 * text.count, height: 20), confidence: 0.9)
    }

    static func region(_ kind: RegionKind, lines: [[String]], text: String, detections: [Detection] = []) -> Region {
        let lines = lines.enumerated().map { row, words in
            let placed = words.enumerated().map { word($1, x: 20 + 120 * $0, y: 10 + 30 * row) }
            return Line(text: words.joined(separator: " "), box: placed.first?.box ?? BoundingBox(x: 0, y: 0, width: 0, height: 0), words: placed)
        }
        return Region(kind: kind, box: BoundingBox(x: 0, y: 0, width: 600, height: 30 * lines.count + 20), polarity: .darkOnLight,
                      confidence: 0.9, text: text, lines: lines, detections: detections)
    }

    static func joined(_ pieces: [LiveTextPage.Piece]) -> String {
        pieces.map { piece in
            switch piece {
            case .gap(let text): text
            case .word(let word, _): word.text
            }
        }.joined()
    }

    @Test("Every word of every region read from the talk clips is placed, and the pieces are the text copied")
    func piecesAreTheText() async throws {
        var words = 0
        for clip in try ReadingContractTests.clips() {
            for slide in try Fixtures.truth(clip).slides ?? [] {
                let reading = try await TalkReadings.reading(of: TalkSlide(clip: clip, index: slide.index))
                for region in reading.report.regions {
                    let pieces = LiveTextPage.pieces(of: region)
                    #expect(Self.joined(pieces) == LiveTextPage.copiedText(of: region))
                    let placed = pieces.filter { if case .word = $0 { true } else { false } }.count
                    #expect(placed == region.lines.reduce(0) { $0 + $1.words.count }, "\(region.text.prefix(40))")
                    words += placed
                }
            }
        }
        #expect(words > 1000)
    }

    @Test("Code copies with its indentation and blank lines; prose as prose, list items and paragraphs kept")
    func copiedText() {
        let code = Self.region(.code, lines: [["if", "x:"], ["return"]], text: "if x:\n\n    return")
        #expect(LiveTextPage.copiedText(of: code) == "if x:\n\n    return")
        #expect(Self.joined(LiveTextPage.pieces(of: code)) == "if x:\n\n    return")

        let prose = Self.region(.text, lines: [["Thumbnails", "are"], ["cached."], ["•", "once"], ["•", "twice"], ["Then", "more."]],
                                text: "Thumbnails are\ncached.\n• once\n• twice\n\nThen more.")
        #expect(LiveTextPage.copiedText(of: prose) == "Thumbnails are cached.\n• once\n• twice\n\nThen more.")
        let numbered = Self.region(.text, lines: [["1.", "Open"], ["2.", "Read"]], text: "1. Open\n2. Read")
        #expect(LiveTextPage.copiedText(of: numbered) == "1. Open\n2. Read")
    }

    @Test("Text read off a frame is escaped, and only web and mail addresses become links")
    func escapingAndLinks() throws {
        let hostile = Self.region(.code, lines: [["<script>alert(1)</script>", "\"q\"&'"]], text: "<script>alert(1)</script> \"q\"&'")
        let links = Self.region(.text, lines: [["www.example.com", "javascript:alert(1)", "me@example.org", "ftp://x.org"]],
                                text: "www.example.com javascript:alert(1) me@example.org ftp://x.org",
                                detections: [
                                    Detection(kind: .url, text: "www.example.com", box: Self.word("www.example.com", x: 20).box),
                                    Detection(kind: .url, text: "javascript:alert(1)", box: Self.word("javascript:alert(1)", x: 140).box),
                                    Detection(kind: .email, text: "me@example.org", box: Self.word("me@example.org", x: 260).box),
                                    Detection(kind: .url, text: "ftp://x.org", box: Self.word("ftp://x.org", x: 380).box),
                                ])
        var report = FrameReport(source: SourceInfo(path: "a<b>.mp4", format: "mp4", duration: nil, video: nil, title: nil),
                                 frame: .init(requested: MediaTime(seconds: 0), time: MediaTime(seconds: 0), width: 640, height: 360),
                                 status: .analyzed, skipReason: nil, regions: [hostile, links])
        report.picture = FramePicture(gray: GrayImage(width: 640, height: 360, filledWith: 200))
        let shown = try #require(report.picture)
        let picture = EncodedPicture.forPage(shown, png: try PictureEncoder.png(shown))
        let html = LiveTextPage(sections: [.init(heading: "a<b>.mp4 at 0", content: .read(report, picture))], generator: "framegrab test").html
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;q&quot;&amp;&#39;"))
        #expect(html.contains("a&lt;b&gt;.mp4 at 0"))
        #expect(html.contains("href=\"https://www.example.com\""))
        #expect(html.contains("href=\"mailto:me@example.org\""))
        #expect(html.components(separatedBy: "<a ").count - 1 == 2, "two links, no more")
        // One script element: the page's own.
        #expect(html.components(separatedBy: "<script>").count == 2)
    }

    @Test("A screen is PNG, a camera's picture JPEG, and both decode to the frame's colours")
    func encodedPictures() throws {
        let scratch = try Scratch()
        let screen = try Self.picture(decoding: Fixtures.path("talk-light.mp4"), at: 1.5)
        let png = EncodedPicture.forPage(screen, png: try PictureEncoder.png(screen))
        #expect(png.mimeType == "image/png")

        // Soft gradients, texture at two scales, lens blur and sensor grain, through H.264:
        // what a camera's picture in a video is made of (as in FramesWithoutTextTests).
        let grainy = scratch.path("camera.mp4")
        try Scratch.ffmpeg([
            "-f", "lavfi", "-i", FramesWithoutTextTests.gradients("1280x720"),
            "-f", "lavfi", "-i", "nullsrc=s=320x180,geq=lum='random(1)*255':cb=128:cr=128,gblur=sigma=3,scale=1280x720:flags=bicubic",
            "-f", "lavfi", "-i", "nullsrc=s=1280x720,geq=lum='random(2)*255':cb=128:cr=128,gblur=sigma=1.2",
            "-filter_complex", "[0][1]blend=all_mode=overlay:all_opacity=0.7[a];[a][2]blend=all_mode=softlight:all_opacity=0.5,"
                + "gblur=sigma=1.5,noise=alls=6:allf=t:all_seed=6",
            "-frames:v", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", grainy,
        ])
        let camera = try Self.picture(decoding: grainy, at: 0)
        let jpeg = EncodedPicture.forPage(camera, png: try PictureEncoder.png(camera))
        #expect(jpeg.mimeType == "image/jpeg")
        #expect(jpeg.bytes.count * 3 < (try PictureEncoder.png(camera)).count)
        for (picture, encoded, limit) in [(screen, png, 0.0), (camera, jpeg, 2.0)] {
            let path = scratch.path(encoded.mimeType == "image/png" ? "decoded.png" : "decoded.jpg")
            try Data(encoded.bytes).write(to: URL(fileURLWithPath: path))
            let decoded = try #require(try Self.picture(decoding: path, at: 0).color)
            let original = try #require(picture.color)
            #expect(decoded.width == picture.width && decoded.height == picture.height)
            for (seen, shown) in [(decoded.red, original.red), (decoded.green, original.green), (decoded.blue, original.blue)] {
                #expect(seen.meanAbsoluteDifference(to: shown, in: shown.bounds) <= limit, "\(encoded.mimeType)")
            }
        }
    }

    /// The frame a player shows at `seconds`, decoded only.
    static func picture(decoding path: String, at seconds: Double) throws -> FramePicture {
        var options = FrameGrabber.Options(ocrThreads: 1)
        options.readsStillImages = true
        let seeker = try #require(try FrameGrabber(path: path, options: options).seeker)
        let frame = try seeker.frame(at: MediaTime(seconds: seconds))
        return FramePicture(gray: frame.image, color: frame.color)
    }

    @Test("--frame-out with several frames needs %d (a % before it is a %); it writes each frame at display size")
    func frameOut() throws {
        let scratch = try Scratch()
        let one = try FrameGrabCommand.run(["--at", "1", "--at", "2", "--frame-out", scratch.path("f.png"), "TestVideos/rotated.mp4"])
        #expect(one.status == 2)
        #expect(one.stderr.contains("%d"))
        let run = try FrameGrabCommand.run(["--at", "1", "--at", "0:00.5", "--format", "text", "--frame-out", scratch.path("50%-f-%02d.png"),
                                            "TestVideos/anamorphic.mp4"])
        #expect(run.status == 0, "\(run.stderr)")
        let truth = try Fixtures.truth("anamorphic.mp4")
        for name in ["50%-f-01.png", "50%-f-02.png"] {
            let written = try Self.picture(decoding: scratch.path(name), at: 0)
            #expect(written.width == truth.display.width && written.height == truth.display.height)
        }
        let unwritable = try FrameGrabCommand.run(["--at", "1", "--frame-out", "/nonexistent/dir/f.png", "TestVideos/rotated.mp4"])
        #expect(unwritable.status == 10)
        #expect(unwritable.stderr.split(separator: "\n").count == 1)
    }

    @Test("Protected content gets a page that says so and shows no picture")
    func protectedPage() throws {
        let scratch = try Scratch()
        let run = try FrameGrabCommand.run(["--at", "1", "--format", "html", "--frame-out", scratch.path("frame.png"),
                                            "TestVideos/protected/cenc.mp4"])
        #expect(run.status == 6)
        #expect(run.stdout.contains("Skipped: protected content"))
        #expect(!run.stdout.contains("<img"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("frame.png")), "nothing decoded, nothing written")
    }

    // MARK: In Chromium

    struct Page: Sendable, CustomTestStringConvertible {
        var clip: String
        var testDescription: String { clip }
    }

    @Test("In Chromium: loads alone; the overlay lies on its words at two widths; selection, Ctrl-A and Copy give the text; the picture is the frame",
          .serialized, arguments: ["talk-light.mp4", "talk-dark.mp4", "links.mp4", "rotated.mp4", "anamorphic.mp4"].map { Page(clip: $0) })
    func inChromium(page: Page) throws {
        let truth = try Fixtures.truth(page.clip)
        let times = (truth.slides ?? []).map { String($0.middle) }
        let scratch = try Scratch()
        let html = scratch.path("page.html")
        let at = times.flatMap { ["--at", $0] }
        let made = try FrameGrabCommand.run(at + ["--format", "html", "-o", html, "--frame-out", scratch.path("frame-%d.png"), "TestVideos/\(page.clip)"])
        #expect(made.status == 0, "\(made.stderr)")
        let json = try FrameGrabCommand.run(at + ["TestVideos/\(page.clip)"])
        let documents = try json.stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let regions = documents.map { $0["regions"] as? [[String: Any]] ?? [] }
        #expect(regions.count == times.count)

        let browser = try Browser()
        do {
            try browser.open(html)
            let loaded = try browser.run("""
                return [document.querySelectorAll('.frame').length, performance.getEntriesByType('resource').length,
                        Array.from(document.images).map(i => [i.naturalWidth, i.naturalHeight, i.complete])]
                """) as? [Any]
            #expect(loaded?[0] as? Int == times.count)
            #expect(loaded?[1] as? Int == 0, "no request made")
            for image in loaded?[2] as? [[Any]] ?? [] {
                #expect(image[0] as? Int == truth.display.width && image[1] as? Int == truth.display.height && image[2] as? Bool == true)
            }

            // Each URL and e-mail address read is a link to it.
            let detections = regions.flatMap { $0 }.flatMap { $0["detections"] as? [[String: Any]] ?? [] }
            let links = try browser.run("return Array.from(document.querySelectorAll('a.word')).map(a => a.getAttribute('href'))") as? [String] ?? []
            for detection in detections {
                let text = detection["text"] as? String ?? ""
                #expect(links.contains { $0.hasSuffix(text) && ($0.hasPrefix("http") || $0.hasPrefix("mailto:")) }, "no link for \(text) in \(links)")
            }

            for width in [1400, 700] {
                try browser.resize(width: width, height: 1000)
                // The page fits its words when the picture changes size, at the next frame drawn:
                // on a busy machine that can be late, so the check is asked again until it holds
                // (for up to a minute; at once on an idle one).
                var misplaced: [String] = []
                for _ in 0..<600 {
                    misplaced = try browser.run(Self.misplacedWords) as? [String] ?? []
                    if misplaced.isEmpty { break }
                    usleep(100_000)
                }
                #expect(misplaced.isEmpty, "at \(width) px: \(misplaced.count) words off their boxes: \(misplaced.prefix(5))")
            }
            try browser.resize(width: 1400, height: 1000)

            for (frame, frameRegions) in regions.enumerated() {
                for (index, region) in frameRegions.enumerated() {
                    let text = region["text"] as? String ?? ""
                    let kind = region["kind"] as? String ?? ""
                    let selector = ".frame:nth-of-type(\(frame + 1)) .region:nth-of-type(\(index + 1))"
                    let selected = try browser.run(Self.selectRegion, [selector]) as? String
                    // Prose as prose: what the page promises is the page's own join of the JSON's lines.
                    let prose = Region(kind: .text, box: BoundingBox(x: 0, y: 0, width: 0, height: 0), polarity: .darkOnLight,
                                       confidence: 0, text: text, lines: [])
                    #expect(selected == (kind == "text" ? LiveTextPage.copiedText(of: prose) : text), "\(selector)")
                    // The mouse: pressed on the region's first word, let go at the end of its last. On a
                    // busy machine the page can still be scrolling when the mouse goes down, so the drag
                    // is tried again until it selects (ten times at most; once on an idle machine).
                    let wanted = selected?.trimmingCharacters(in: .whitespacesAndNewlines)
                    var dragged: String??
                    for _ in 0..<10 {
                        _ = try browser.run("getSelection().removeAllRanges(); document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [selector])
                        let ends = try browser.run(Self.firstAndLastWord, [selector]) as? [Double] ?? []
                        guard ends.count == 4 else { break }
                        try browser.drag(from: (Int(ends[0]), Int(ends[1])), to: (Int(ends[2]), Int(ends[3])))
                        dragged = .some(try browser.run("return getSelection().toString()") as? String)
                        if dragged == .some(wanted) { break }
                        usleep(200_000)
                    }
                    if let dragged { #expect(dragged == wanted, "drag over \(selector)") }
                    // Let go in the space between two words: the selection ends with the first.
                    _ = try browser.run("getSelection().removeAllRanges()")
                    if let gap = try browser.run(Self.wordAndSpaceAfter, [selector]) as? [Any], gap.count == 5,
                       let points = gap.prefix(4) as? [Double], let word = gap[4] as? String {
                        try browser.drag(from: (Int(points[0]), Int(points[1])), to: (Int(points[2]), Int(points[3])))
                        let dragged = try browser.run("return getSelection().toString()") as? String
                        #expect(dragged?.trimmingCharacters(in: .whitespaces) == word, "drag into the space after \(word) in \(selector)")
                    }
                    // The keyboard: focus the region, Ctrl-A.
                    _ = try browser.run("getSelection().removeAllRanges(); document.querySelector(arguments[0]).focus()", [selector])
                    try browser.press(["\u{E009}", "a"])
                    #expect(try browser.run("return getSelection().toString()") as? String == selected)
                    // The copy control, shown while the region has focus.
                    try browser.click(try browser.element(selector + " .copy"))
                    #expect(try browser.run("return document.getElementById('clipboard').value") as? String == selected)
                }
            }

            for scheme in ["light", "dark"] {
                try browser.prefersColorScheme(scheme)
                // Nothing hovered, focused or selected: the overlay is then invisible.
                try browser.movePointer(x: 0, y: 0)
                _ = try browser.run("getSelection().removeAllRanges(); document.activeElement.blur()")
                for frame in times.indices {
                    let shot = scratch.path("shot.png")
                    _ = try browser.run("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", [".frame:nth-of-type(\(frame + 1)) img"])
                    try browser.screenshot(of: try browser.element(".frame:nth-of-type(\(frame + 1)) img"))
                        .write(to: URL(fileURLWithPath: shot))
                    let seen = try Self.picture(decoding: shot, at: 0).gray
                    let frameImage = try Self.picture(decoding: scratch.path("frame-\(frame + 1).png"), at: 0).gray
                    #expect(seen.width == frameImage.width && seen.height == frameImage.height)
                    if seen.width == frameImage.width && seen.height == frameImage.height {
                        #expect(seen.meanAbsoluteDifference(to: frameImage, in: frameImage.bounds) < 1, "\(scheme) theme, frame \(frame + 1)")
                    }
                }
            }
            let messages = try browser.consoleMessages()
            #expect(messages.isEmpty, "\(messages)")
        } catch {
            browser.close()
            throw error
        }
        browser.close()
    }

    /// A drag from the start of the first word followed by another on its line to the middle
    /// of the room between the two, and the first word.
    static let wordAndSpaceAfter = """
        const words = Array.from(document.querySelectorAll(arguments[0] + ' .word'));
        const range = document.createRange();
        const box = node => { range.selectNodeContents(node); return range.getBoundingClientRect(); };
        for (let i = 0; i + 1 < words.length; i++) {
          const from = box(words[i]), next = box(words[i + 1]);
          if (next.left > from.right + 2 && next.top < from.bottom && from.top < next.bottom) {
            const y = (Math.max(from.top, next.top) + Math.min(from.bottom, next.bottom)) / 2;
            return [from.left + 1, (from.top + from.bottom) / 2, (from.right + next.left) / 2, y, words[i].textContent];
          }
        }
        return null;
        """

    /// Where a drag over a region's words starts and ends, in the window: just inside its
    /// first word's left edge and its last word's right edge, half way down each.
    static let firstAndLastWord = """
        const words = document.querySelectorAll(arguments[0] + ' .word');
        const range = document.createRange();
        const box = word => { range.selectNodeContents(word); return range.getBoundingClientRect(); };
        const first = box(words[0]), last = box(words[words.length - 1]);
        return [first.left + 1, (first.top + first.bottom) / 2, last.right - 1, (last.top + last.bottom) / 2];
        """

    /// Selects a region's text as a mouse drag over all of it would, and gives the selection.
    static let selectRegion = """
        const range = document.createRange();
        range.selectNodeContents(document.querySelector(arguments[0] + ' .words'));
        const selection = getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        return selection.toString();
        """

    /// Every word whose drawn text lies more than 2 px (or 2% of its size) from its OCR box,
    /// the box scaled as the picture is.
    static let misplacedWords = """
        const off = [];
        for (const picture of document.querySelectorAll('.picture')) {
          const image = picture.querySelector('img').getBoundingClientRect();
          const scale = image.width / Number(picture.dataset.width);
          const range = document.createRange();
          for (const word of picture.querySelectorAll('.word')) {
            range.selectNodeContents(word);
            const drawn = range.getBoundingClientRect();
            const [x, y, width, height] = word.dataset.box.split(' ').map(Number);
            const box = [image.left + x * scale, image.top + y * scale, image.left + (x + width) * scale, image.top + (y + height) * scale];
            const tolerance = Math.max(2, 0.02 * Math.max(width, height) * scale);
            const edges = [drawn.left, drawn.top, drawn.right, drawn.bottom];
            if (edges.some((edge, i) => Math.abs(edge - box[i]) > tolerance)) off.push(word.textContent + ' ' + edges.map(Math.round) + ' vs ' + box.map(Math.round));
          }
        }
        return off;
        """
}
