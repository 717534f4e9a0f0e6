import Foundation
import FrameGrabModel

/// `--format html`: one self-contained page showing each frame read as a player shows it,
/// with every region's text laid over it, transparent and selectable where it stands, as
/// Live Text does on a paused video.
///
/// Each word is its own span, placed on its box in units of the picture's width (`cqw`), so
/// the overlay scales with the page; a script stretches each word's drawn text onto its box
/// (as pdf.js and ocrmypdf do) whenever the picture changes size. Between the words, text
/// nodes of no size hold what separates them in the region's text, so that a selection, the
/// region's copy control and a screen reader all get the text the JSON gives: code with its
/// indentation and line breaks, prose as prose. Nothing is fetched: the frame is a `data:`
/// URL, and the page's policy forbids any other source.
public struct LiveTextPage {
    public struct Section {
        public enum Content {
            /// A frame read, its picture encoded for the page.
            case read(FrameReport, EncodedPicture)
            /// Protected content: the page says so and shows no picture.
            case skipped(FrameReport)
            /// A frame that could not be read, and why (one line).
            case failed(String)
        }

        /// What was asked for: `talk.mp4 at 12:30`.
        public var heading: String
        public var content: Content

        public init(heading: String, content: Content) {
            self.heading = heading
            self.content = content
        }
    }

    public var sections: [Section]
    /// The `generator` the page names: framegrab and its version.
    public var generator: String

    public init(sections: [Section], generator: String) {
        self.sections = sections
        self.generator = generator
    }

    public var html: String {
        let title = sections.first.map { "\($0.heading)\(sections.count > 1 ? " and \(sections.count - 1) more" : "")" } ?? "no frame"
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="\(Self.escaped(generator))">
            <title>\(Self.escaped(title)) · framegrab</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>

            """
        for section in sections {
            page += Self.html(for: section)
        }
        page += """
            </main>
            <textarea id="clipboard" class="sink" readonly tabindex="-1" aria-hidden="true"></textarea>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
        return page
    }

    private static func html(for section: Section) -> String {
        var html = "<section class=\"frame\">\n<h2>\(escaped(section.heading))</h2>\n"
        switch section.content {
        case .failed(let message):
            html += "<p class=\"note\">Not read: \(escaped(message))</p>\n"
        case .skipped(let report):
            let why = report.protection.map { "protected content (\($0.scheme), \($0.system.rawValue))" } ?? "skipped"
            html += "<p class=\"note\">Skipped: \(escaped(why)). framegrab never decodes protected video, so there is no picture.</p>\n"
        case .read(let report, let picture):
            html += pictureHTML(report, picture)
        }
        return html + "</section>\n"
    }

    private static func pictureHTML(_ report: FrameReport, _ picture: EncodedPicture) -> String {
        let width = report.frame.width ?? picture.width
        let height = report.frame.height ?? picture.height
        let shown = report.frame.time.map { "the frame at \($0.timecode)" } ?? "the frame"
        let count = report.regions.count
        var html = "<p class=\"note\">\(escaped(shown)), \(width)×\(height): "
            + (count == 0 ? "no text found" : "\(count) region\(count == 1 ? "" : "s") of text, selectable in place") + "</p>\n"
        html += "<div class=\"picture\" data-width=\"\(width)\" style=\"max-width:\(width)px;--u:calc(100cqw / \(width))\">\n"
        html += "<img src=\"data:\(picture.mimeType);base64,\(picture.base64)\" width=\"\(width)\" height=\"\(height)\" "
            + "alt=\"\(escaped(shown.prefix(1).uppercased() + shown.dropFirst()))\(count == 0 ? "" : "; its text follows")\" draggable=\"false\">\n"
        for region in report.regions {
            html += regionHTML(region)
        }
        return html + "</div>\n"
    }

    private static func regionHTML(_ region: Region) -> String {
        let label = ([region.kind.rawValue, region.role.map(\.rawValue), region.language].compactMap { $0 }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }).joined(separator: " · ")
        let box = region.box
        var html = "<div class=\"region \(region.kind.rawValue)\" role=\"group\" tabindex=\"0\" aria-label=\"\(escaped(label))\" "
            + "data-label=\"\(escaped(label))\" data-kind=\"\(region.kind.rawValue)\""
            + (region.language.map { " data-language=\"\(escaped($0))\"" } ?? "")
            + " style=\"\(place(box))\">"
        html += "<button class=\"copy\" type=\"button\" aria-label=\"Copy this \(region.kind == .code ? "code" : "text")\"></button>"
        html += "<div class=\"words\"\(region.kind == .code ? " translate=\"no\"" : "")>"
        for piece in pieces(of: region) {
            switch piece {
            case .gap(let text):
                html += "<span class=\"gap\">\(escaped(text))</span>"
            case .word(let word, let link):
                let relative = BoundingBox(x: word.box.x - box.x, y: word.box.y - box.y, width: word.box.width, height: word.box.height)
                let attributes = "class=\"word\" data-box=\"\(word.box.x) \(word.box.y) \(word.box.width) \(word.box.height)\" "
                    + "style=\"\(place(relative, sized: false));font-size:calc(\(word.box.height) * var(--u))\""
                if let link {
                    html += "<a \(attributes) href=\"\(escaped(link))\" draggable=\"false\" rel=\"noopener noreferrer\">\(escaped(word.text))</a>"
                } else {
                    html += "<span \(attributes)>\(escaped(word.text))</span>"
                }
            }
        }
        return html + "</div></div>\n"
    }

    /// CSS placing `box` in frame pixels, in units that follow the picture's width.
    private static func place(_ box: BoundingBox, sized: Bool = true) -> String {
        var css = "left:calc(\(box.x) * var(--u));top:calc(\(box.y) * var(--u))"
        if sized { css += ";width:calc(\(box.width) * var(--u));height:calc(\(box.height) * var(--u))" }
        return css
    }

    enum Piece: Equatable {
        /// What separates two words in the text (spaces, indentation, line breaks).
        case gap(String)
        /// A word, and the address it links to when it is (part of) a URL or e-mail address.
        case word(Word, link: String?)
    }

    /// The region's words in order with the text between them: together, exactly
    /// `copiedText(of:)`. The report keeps a region's text and its words side by side (the
    /// text holds the indentation and blank lines the words do not), so each word is found in
    /// the text after the one before. A word that text does not hold (the report disagreeing
    /// with itself) is left out rather than given twice.
    static func pieces(of region: Region) -> [Piece] {
        let text = copiedText(of: region)
        var pieces: [Piece] = []
        var rest = text[...]
        for word in region.lines.flatMap(\.words) where !word.text.isEmpty {
            guard let found = rest.range(of: word.text) else { continue }
            let gap = rest[..<found.lowerBound]
            if !gap.isEmpty { pieces.append(.gap(String(gap))) }
            pieces.append(.word(word, link: link(for: word, in: region)))
            rest = rest[found.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.gap(String(rest))) }
        return pieces
    }

    /// What selecting or copying a region gives: code and UI as the JSON's text; prose as
    /// prose, its lines joined by spaces, with a break kept before a list item and around a
    /// blank line.
    public static func copiedText(of region: Region) -> String {
        guard region.kind == .text else { return region.text }
        var text = ""
        var breakNext = false
        for line in region.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty {
                if !text.isEmpty { text += "\n" }
                breakNext = true
                continue
            }
            if !text.isEmpty { text += breakNext || startsListItem(trimmed) ? "\n" : " " }
            text += line
            breakNext = false
        }
        return text
    }

    /// A bullet (`•`, `-`, `*`, `–`, `▪`, `◦`) or an item number (`3.`, `b)`) and a space.
    private static func startsListItem(_ line: Substring) -> Bool {
        guard let space = line.firstIndex(of: " "), space != line.startIndex else { return false }
        let marker = line[..<space]
        if marker.count == 1, "•-*–▪◦·‣".contains(marker) { return true }
        guard let last = marker.last, ".)".contains(last), marker.count <= 4 else { return false }
        let body = marker.dropLast()
        return body.allSatisfy(\.isNumber) || (body.count == 1 && body.allSatisfy(\.isLetter))
    }

    /// Where a word that is (part of) a detected URL or e-mail address leads; nil for any
    /// other word, and for a URL of a scheme other than http(s) (never `javascript:`).
    private static func link(for word: Word, in region: Region) -> String? {
        let center = (x: word.box.x + word.box.width / 2, y: word.box.y + word.box.height / 2)
        guard let detection = region.detections.first(where: { detection in
            let box = detection.box
            return (box.x..<box.right).contains(center.x) && (box.y..<box.bottom).contains(center.y)
        }) else { return nil }
        let text = detection.text
        switch detection.kind {
        case .email:
            return "mailto:" + text
        case .url:
            if let scheme = text.range(of: "://") {
                return ["http", "https"].contains(text[..<scheme.lowerBound].lowercased()) ? text : nil
            }
            // A host and path (`github.com/x`, `www.swift.org`); any other colon names a scheme.
            let host = text.prefix { $0 != "/" }
            return host.contains(":") && !host.lowercased().hasPrefix("www.") ? nil : "https://" + text
        }
    }

    static func escaped<S: StringProtocol>(_ text: S) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static let style = """

        /* Line heights in whole pixels: a picture at a fractional offset is drawn resampled. */
        body { margin: 0; padding: 16px; font: 15px/22px system-ui, sans-serif; background: Canvas; color: CanvasText; }
        .frame { margin: 0 0 32px; }
        .frame h2 { font-size: 15px; font-weight: 600; margin: 0; }
        .note { margin: 0 0 8px; opacity: .75; }
        .picture { position: relative; width: 100%; container-type: inline-size; line-height: 0; }
        .picture img { display: block; width: 100%; height: auto; user-select: none; -webkit-user-drag: none; }
        /* forced-color-adjust: a high-contrast theme would paint the text over the frame. */
        .region { position: absolute; color: transparent; white-space: pre; line-height: normal; border-radius: 2px;
          font-family: ui-monospace, "DejaVu Sans Mono", monospace; forced-color-adjust: none; }
        .region.text, .region.ui { font-family: system-ui, "DejaVu Sans", sans-serif; }
        .region:hover, .region:focus-within { outline: 1px solid rgba(56, 120, 255, .8); outline-offset: 2px; }
        .region::before { content: attr(data-label); display: none; position: absolute; left: 0; bottom: 100%; margin-bottom: 4px;
          padding: 1px 6px; border-radius: 3px; background: rgba(0, 0, 0, .75); color: #fff; font: 12px/1.4 system-ui, sans-serif;
          white-space: nowrap; pointer-events: none; }
        .region:hover::before, .region:focus-within::before { display: block; }
        /* The words set their own size; what lies between them takes no room, even line breaks. */
        .words { font-size: 0; }
        .word { position: absolute; transform-origin: 0 0; color: transparent; text-decoration: none; -webkit-user-drag: none; }
        .word::selection, .gap::selection { background: rgba(56, 120, 255, .4); color: transparent; }
        .copy { position: absolute; right: 0; bottom: 100%; margin-bottom: 4px; padding: 1px 8px; opacity: 0; cursor: pointer;
          font: 12px/1.4 system-ui, sans-serif; color: #fff; background: rgba(0, 0, 0, .75); border: 0; border-radius: 3px; }
        .copy::after { content: "Copy"; }
        .copy[data-copied="yes"]::after { content: "Copied"; }
        .copy[data-copied="no"]::after { content: "Not copied"; }
        .region:hover .copy, .region:focus-within .copy { opacity: 1; }
        .sink { position: fixed; left: -10000px; top: 0; width: 1px; height: 1px; opacity: 0; }

        """

    private static let script = """

        "use strict";
        // Stretches each word's drawn text onto its box (data-box, in frame pixels).
        function fit(picture) {
          const scale = picture.getBoundingClientRect().width / Number(picture.dataset.width);
          const origin = picture.getBoundingClientRect();
          const words = Array.from(picture.querySelectorAll(".word"));
          const range = document.createRange();
          for (const word of words) word.style.transform = "";
          const measured = words.map(word => {
            range.selectNodeContents(word);
            return [word.getBoundingClientRect(), range.getBoundingClientRect()];
          });
          words.forEach((word, index) => {
            const [span, text] = measured[index];
            if (text.width <= 0 || text.height <= 0) return;
            const [x, y, width, height] = word.dataset.box.split(" ").map(Number);
            const sx = width * scale / text.width, sy = height * scale / text.height;
            const dx = origin.left + x * scale - span.left - sx * (text.left - span.left);
            const dy = origin.top + y * scale - span.top - sy * (text.top - span.top);
            word.style.transform = `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`;
          });
        }
        const pictures = document.querySelectorAll(".picture");
        const resized = new ResizeObserver(entries => entries.forEach(entry => fit(entry.target)));
        pictures.forEach(picture => resized.observe(picture));

        function selectText(region) {
          const range = document.createRange();
          range.selectNodeContents(region.querySelector(".words"));
          const selection = getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
        }
        // In a region, select all selects the region's text.
        document.addEventListener("keydown", event => {
          const region = document.activeElement && document.activeElement.closest(".region");
          if (region && (event.ctrlKey || event.metaKey) && event.code === "KeyA") {
            event.preventDefault();
            selectText(region);
          }
        });
        // The copy control: the clipboard where the browser allows it, else a copy command on
        // the region's text put into the page's clipboard box, which keeps what was copied
        // (and is emptied when neither way copied anything).
        document.addEventListener("click", event => {
          const button = event.target.closest(".copy");
          if (!button) return;
          const text = button.closest(".region").querySelector(".words").textContent;
          const sink = document.getElementById("clipboard");
          sink.value = text;
          const show = state => {
            button.dataset.copied = state;
            setTimeout(() => delete button.dataset.copied, 1500);
          };
          const command = () => {
            sink.select();
            let copied = false;
            try { copied = document.execCommand("copy"); } catch (error) {}
            if (!copied) sink.value = "";
            button.focus();
            show(copied ? "yes" : "no");
          };
          if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => show("yes"), command);
          else command();
        });

        """
}
