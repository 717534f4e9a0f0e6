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
        details: """
            Prints one JSON document per requested time (one per line): the source, the frame a
            player shows at TIME (the last frame whose presentation time is at or before it), and
            its text regions (code and text) with boxes, lines, words and confidences.

            TIME uses ffmpeg's duration syntax, from the start of the presentation like ffmpeg -ss:
              750   750.25   12:30   1:02:03.5   750s   200ms

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

            Options:
              --at TIME            time to read; repeat for several frames (an image needs none)
              --format json|text   JSON documents (default) or just the regions' text
              --crop X,Y,W,H       read only that part of the frame (or ffmpeg's W:H:X:Y), in display pixels; boxes stay in frame pixels
              -l LANGS             Tesseract languages, tesseract's syntax (default: eng; e.g. eng+deu)
              --tessdata-dir DIR   where the .traineddata files are
              --verbose            show FFmpeg's log and timings on stderr
              --debug-layout       show the text blocks and rows found, what OCR read, and what each pass changed, on stderr
              --help               show this help
              --version            show the version

            Exit status:
              0  success: every requested frame was analysed
              1  internal failure: a bug in framegrab, or Tesseract failing to read a picture
              2  usage error: unknown option, missing argument, malformed time, help for no
                 such command, a video without --at, a crop not inside the frame
              3  input missing or unreadable (no such file, a directory, no permission,
                 an HTTP error, a server that cannot be reached, stdin with no room in $TMPDIR)
              4  not a video: empty, not media, text, audio only, truncated without an index,
                 nothing decodable
              5  a requested time is outside the video
              6  protected (DRM) content: skipped, nothing decoded
              7  OCR unavailable: Tesseract language data missing
            With several --at or inputs, results for the good ones are still printed; the status is
            that of the first failure, and each failure is one line naming its input.
            """
    )
}
