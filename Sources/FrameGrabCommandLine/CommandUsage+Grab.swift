extension CommandUsage {
    /// `framegrab [grab] --at TIME VIDEO`: the default command.
    public static let grab = CommandUsage(
        name: "grab",
        summary: "read the text on the frame a video shows at a given time, or on an image",
        synopsis: """
            framegrab [grab] --at TIME [--at TIME ...] [options] VIDEO...
            framegrab [grab] [options] IMAGE...
            framegrab [grab] --help | --version
            """,
        description: """
            Prints one JSON document per requested time (one per line; indented with --pretty):
            the source, the frame a player shows at TIME (the last frame whose presentation time
            is at or before it), and its text regions (code and text) with boxes, lines, words and
            confidences. Each starts with "schema_version": 1, which goes up only when a key is
            removed, renamed or changes meaning. Several --at that show one frame are read once:
            the later documents carry the first reading, "frame"."reused_from" giving the time it
            was read for (null when read for this one).

            --format text prints just the text: the regions top to bottom, each separated from the
            next by a line holding only an ASCII RS (record separator, 0x1E), and with several
            --at or inputs each frame from the next by a line holding only an ASCII GS (group
            separator, 0x1D), read or not, so that the nth group is the nth frame asked for
            (every TIME of the first input, then of the next; empty when nothing was read).
            Blank lines cannot separate regions (code has them); RS and GS never occur in text
            read off a frame, nor in source code.

            --format html writes one self-contained web page (nothing fetched: no network, no
            other file) with a section per frame asked for: the frame as a player shows it, and
            over it every region's text, transparent, on its words, so that dragging across it
            selects the words under the pointer and copying gives the text: code with its line
            breaks and indentation, prose as prose. Each region has a Copy control and names its
            kind and language on hover; URLs and e-mail addresses are links; Ctrl-A in a focused
            region selects its text. The page follows the window's width. A protected input's
            section says it was skipped and holds no picture. Open it in any browser:
              framegrab --at 12:30 --format html talk.mp4 > frame.html && xdg-open frame.html

            TIME uses ffmpeg's duration syntax, or hours, minutes and seconds, from the start of the
            presentation like ffmpeg -ss:
              750   750.25   12:30   1:02:03.5   750s   200ms   1h2m3s   2m30s   1.5h   1s500ms
            A '-' counts back from the end, like ffmpeg -sseof: -10s is 10 s before the end, -1:30
            90 s before it, -0 the end itself (the last frame). The end is the video's duration; a
            video without one (a live stream, a pipe) cannot count from it (status 5). Minutes and
            seconds in the colon form go up to 59 (1:30:00, not 90:00).

            VIDEO is a file, a local playlist or an http(s) URL; an HLS master playlist is read at
            its sharpest rendition. Protected (DRM) content is never decoded: each TIME gets a
            "skipped" document and the status is 6. HLS AES-128 with a key the playlist points to
            is not DRM, and is read.

            A still image (PNG, JPEG, WebP, ...: a screenshot) is a one-frame video: without --at
            its one frame is read, as with --at 0; a later TIME is outside it (status 5).
            The input - is stdin, a video or an image (curl ... | framegrab --at 30 -): it is
            copied to an unnamed file in $TMPDIR first, so an MP4 with its index at the end works
            too, and documents name it "-". Several inputs print their documents in order: every
            TIME of the first input, then of the next.
            """,
        options: [
            Option("--at", value: "TIME", summary: "time to read; repeat for several frames (an image needs none)"),
            Option("--format", value: "json|text|html", summary: "JSON documents (default), just the regions' text, or one page\nwith each frame and its text selectable in place"),
            Option("--frame-out", value: "FILE", summary: "also write each frame read as a PNG, at display size; with several\nframes FILE holds %d (or %03d), the frame's number from 1"),
            Option("--timeout", value: "DURATION", summary: "processor time OCR may spend on each frame (default 10s; none for no\nlimit): past it, lines not yet read are left out, and the report's\n\"ocr_time_limit_reached\" says so"),
            Option("--crop", value: "X,Y,W,H", summary: "read only that part of the frame (or ffmpeg's W:H:X:Y), in display\npixels; boxes stay in frame pixels"),
            Option("-o", "--output", value: "FILE", summary: "write to FILE instead of stdout, whole: FILE is replaced only\nwhen every frame was read (status 0), else left as it was"),
            Option("--pretty", summary: "indent the JSON for people (default: one document per line)"),
            Option("-l", "--lang", value: "LANGS", summary: "Tesseract languages, tesseract's syntax (default: eng; e.g. eng+deu)"),
            Option("--tessdata-dir", value: "DIR", summary: "where the .traineddata files are"),
            Option("-v", "--verbose", summary: "show FFmpeg's log and timings on stderr"),
            Option("--time-limit", value: "DURATION", summary: "end the whole run after DURATION (status 124); results\nwritten before are kept, -o FILE is left as it was"),
            Option("--debug-layout", summary: "show the text blocks and rows found, what OCR read, and what each\npass changed, on stderr"),
            Option("--color", value: "WHEN", summary: "auto (default), always or never: taken by every command, though\nthis one prints no colour"),
            Option("-h", "--help", summary: "show this help"),
            Option("--version", summary: "show the version"),
        ],
        epilogue: """
            Exit status:
              0    success: every requested frame was analysed
              1    internal failure: a bug in framegrab, or Tesseract failing to read a picture
              2    usage error: unknown option, missing argument, malformed time, help for no
                   such command, a video without --at, a crop not inside the frame
              3    input missing or unreadable (no such file, a directory, no permission,
                   an HTTP error, a server that cannot be reached, stdin with no room in $TMPDIR)
              4    not a video: empty, not media, text, audio only, truncated without an index,
                   nothing decodable, frames larger than 8K (8192x4320 as shown)
              5    a requested time is outside the video, or counts back from the end of a video
                   whose duration is unknown
              6    protected (DRM) content: skipped, nothing decoded
              7    OCR unavailable: Tesseract language data missing
              10   the output could not be written: stdout closed or full, -o FILE's directory
                   missing or not writable (one line on stderr; FILE is left as it was), or
                   --frame-out FILE could not be written (FILE is left as it was)
              124  --time-limit reached: stopped (one line on stderr)
              141  stdout is a pipe nobody reads any more (| head): stopped quietly, the status
                   a shell reports for a tool SIGPIPE stopped
            With several --at or inputs, results for the good ones are still printed; the status is
            that of the first failure, and each failure is one line naming its input (with -o
            FILE, FILE is then left as it was).
            """
    )
}
