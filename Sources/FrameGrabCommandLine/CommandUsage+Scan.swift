extension CommandUsage {
    /// `framegrab scan`.
    public static let scan = CommandUsage(
        name: "scan",
        summary: "every settled screen of a video, read, as JSON Lines",
        synopsis: """
            framegrab scan [--settle DURATION] [options] VIDEO...
            """,
        description: """
            A settled screen is a stretch in which the text on screen stays the same for at least
            the settle time: a slide, an editor between edits, a terminal between commands. Moving
            stretches (cross-fades, scrolling, typing) are never screens of their own; a blinking
            cursor, a passing pointer or a speaker's camera in a corner do not end one. Each
            screen is one line, printed as it is found (indented with --pretty):
            "schema_version", "start" and "end" of the stretch (seconds), then the document
            `framegrab --at` gives for the frame read (its "frame"."time" is inside the stretch).
            Consecutive screens with the same text are one screen; screens without text are left
            out.
            """,
        options: [
            Option("--settle", value: "DURATION", summary: "how long the text must stay the same (default 1; --at's\nsyntax without a '-', e.g. 1.5, 800ms, 1m)"),
            Option("-o", "--output", value: "FILE", summary: "write to FILE instead of stdout, whole: FILE is replaced only\nwhen every video was scanned (status 0), else left as it was"),
            Option("--pretty", summary: "indent the JSON for people (default: one document per line)"),
            Option("-l", "--lang", value: "LANGS", summary: "Tesseract languages, tesseract's syntax (default: eng)"),
            Option("--tessdata-dir", value: "DIR", summary: "where the .traineddata files are"),
            Option("-v", "--verbose", summary: "per-video figures on stderr"),
            Option("--time-limit", value: "DURATION", summary: "end the whole run after DURATION (status 124); results\nwritten before are kept, -o FILE is left as it was"),
            Option("--color", value: "WHEN", summary: "auto (default), always or never: taken by every command, though\nthis one prints no colour"),
            Option("-h", "--help", summary: "show this help"),
        ],
        epilogue: """
            Exit status:
              0    every video was scanned
              2    usage error: unknown option, missing argument, malformed --settle
              3    a VIDEO is missing or unreadable
              4    a VIDEO is not a video
              6    a VIDEO is protected (DRM) content: skipped, nothing decoded
              7    OCR unavailable: Tesseract language data missing
              10   the output could not be written: stdout closed or full, -o FILE's directory
                   missing or not writable (one line on stderr; FILE is left as it was)
              124  --time-limit reached: stopped (one line on stderr)
              141  stdout is a pipe nobody reads any more (| head): stopped quietly, the status
                   a shell reports for a tool SIGPIPE stopped
            With several videos the others are still scanned; the status is that of the first
            failure.
            """
    )
}
