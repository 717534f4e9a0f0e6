extension CommandUsage {
    /// `framegrab follow`.
    public static let follow = CommandUsage(
        name: "follow",
        summary: "read the text on the frame a player settles on, as it plays",
        synopsis: """
            framegrab follow [options] VIDEO          playback events as JSON Lines on stdin
            framegrab follow --mpv SOCKET [options]   follow a running mpv through its IPC socket
            framegrab follow --help
            """,
        description: """
            Once playback is paused, or the position stops moving while paused, framegrab waits
            the settle delay and then reads the frame on screen. Nothing is read while playing or
            scrubbing, and a result for a frame no longer on screen is never printed. Each result
            is one JSON line on stdout (indented with --pretty), shaped like `framegrab --at`
            ("schema_version" first), with the event that led to it added as "event" (with its
            stdin "line"). A frame read before (even at another time within it) is not read
            again: its document says "reused_from", the time it was first read for. Protected
            content gets one document with "status": "skipped" per file, and nothing is read
            from it. With --format text, each result is its regions' text, separated by lines of
            one ASCII RS (0x1E) as with --at, then a line holding only an ASCII GS (0x1D), which
            says the reading is complete.

            Events, one JSON object per line on stdin:
              {"event":"open","path":"talk.mp4"}     switch to another video
              {"event":"play"}                       playback runs
              {"event":"pause","time":750.0}         paused on the frame shown at time
              {"event":"seek","time":"12:30.5"}      the position jumped (read if paused)
              {"event":"scrub","time":12.5}          one position of a drag (read when it stops)
              {"event":"rate","rate":1.5}            playback speed changed
              {"event":"close"}                      the video was closed
            time is seconds, or a string in --at's syntax without a '-' (750.25, 12:30, 1h2m3s, 200ms).
            VIDEO is open at the start; playback starts as playing, so send pause to read. A
            malformed line is reported on stderr (with its line number) and skipped. At the end
            of stdin, a picture still settling is read at once, then framegrab exits.

            With --mpv, start mpv with --input-ipc-server=SOCKET. framegrab observes mpv's
            pause, seeking, time-pos, path and speed, and reads the file mpv plays.
            """,
        options: [
            Option("--settle", value: "SECONDS", summary: "how long the picture must stay put before it is read\n(default 0.5, at most 60; --at's syntax, e.g. 300ms)"),
            Option("--mpv", value: "SOCKET", summary: "follow the mpv listening on SOCKET instead of reading stdin"),
            Option("--osd", summary: "with --mpv: show what was read in mpv's on-screen display"),
            Option("--format", value: "json|text", summary: "JSON documents (default) or each reading's text, then a GS line"),
            Option("-o", "--output", value: "FILE", summary: "append each result to FILE (created if missing) as it comes,\none whole document a write: the session never ends on its\nown, so FILE grows; a document cut short (a full disk) is\ntaken back off, and FILE only ever holds whole ones"),
            Option("--pretty", summary: "indent the JSON for people (default: one document per line)"),
            Option("-l", "--lang", value: "LANGS", summary: "Tesseract languages, tesseract's syntax (default: eng)"),
            Option("--tessdata-dir", value: "DIR", summary: "where the .traineddata files are"),
            Option("-v", "--verbose", summary: "events, timings and cache hits on stderr"),
            Option("--time-limit", value: "DURATION", summary: "end the whole run after DURATION (status 124); results\nwritten before are kept, -o FILE is left as it was"),
            Option("--color", value: "WHEN", summary: "auto (default), always or never: taken by every command, though\nthis one prints no colour"),
            Option("-h", "--help", summary: "show this help"),
        ],
        epilogue: """
            Exit status:
              0    the session ended: stdin closed, or mpv quit
              1    internal failure: a bug in framegrab, or Tesseract failing to read a picture
              2    usage error: unknown option, missing argument, malformed --settle
              3    VIDEO missing or unreadable (as with --at)
              4    VIDEO is not a video (as with --at)
              7    OCR unavailable: Tesseract language data missing (said at the first read)
              8    mpv unreachable: SOCKET does not exist, refuses, or does not answer within 3 s
              10   the output could not be written: stdout closed or full, -o FILE not writable
                   (one line on stderr; FILE keeps the whole documents written before)
              124  --time-limit reached: stopped (one line on stderr)
              141  stdout is a pipe nobody reads any more (| head): stopped quietly, the status
                   a shell reports for a tool SIGPIPE stopped
            A problem with one event (a malformed line, a time outside the video, an open that
            fails) is one line on stderr; the session goes on.
            """
    )
}
