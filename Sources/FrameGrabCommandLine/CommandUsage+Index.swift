extension CommandUsage {
    /// `framegrab index`.
    public static let index = CommandUsage(
        name: "index",
        summary: "read every settled screen of a library of videos into a database",
        synopsis: """
            framegrab index [--db PATH] [--jobs N] [--settle DURATION] [--force]
                            [--memory-limit SIZE] [--stall-timeout DURATION]
                            [--shard K/N | --shard auto | --shards N]
                            [--json [-o FILE] [--pretty]] [--from FILE] PATH...
            framegrab index --db postgresql://… [--lease DURATION] PATH...
            framegrab index --db postgresql://… --work [--lease DURATION]
            """,
        description: """
            PATHs are video files, HLS playlists or directories (searched recursively for files
            with a video extension, hidden files and folders skipped). --from FILE reads more
            paths from FILE, one a line (# starts a comment; - is stdin). Each video's settled
            screens (see framegrab scan --help) are stored with their text, regions and lines;
            consecutive screens with the same text are one. Find them with framegrab search, and
            take them all out with framegrab export.

            A video already indexed and unchanged since (same size, modification time and first
            and last MiB) is skipped; --force indexes it again. Each video is written whole, in one
            transaction: Ctrl-C stops at once, keeping every video finished; a video that fails is
            recorded with its error and the others go on; protected (DRM) content is recorded as
            skipped, nothing decoded.

            Each video is read by a worker process of its own. One that crashes (a fault in the
            demuxer, decoder or OCR), reports no progress for --stall-timeout, or holds more
            memory than --memory-limit is stopped and its video recorded as failed with the
            cause; the batch goes on, and the next run tries that video again.

            --shard K/N indexes only the K-th (from 0) of N parts of the videos, split by a hash
            of each path, so that N machines without a shared database each index a part into
            a database of their own; framegrab merge joins them. --shard auto takes K and N from
            a Slurm job array (SLURM_ARRAY_TASK_ID, _MIN, _STEP and _COUNT); --shards N takes K
            from Kubernetes' JOB_COMPLETION_INDEX (an Indexed Job) or Slurm's task id.

            One index writes to an SQLite database at a time: another started on it meanwhile
            says so and exits with status 2. search and export read it while it is written.

            A PostgreSQL database is also a work queue that any number of index processes, on
            any number of machines, fill at once. index adds its videos to the queue (a video
            already there from the same file is not added again), then works: it claims one of
            its videos per job, holds the claim as a lease (--lease, renewed while it reads) and
            stores the video's screens in the transaction that finishes the claim. A worker that
            dies (kill -9, a machine gone) stops renewing; once its lease has run out, another
            worker takes the video over, and only the last claim's holder can store it, so each
            video is stored once. A video whose worker dies three times is recorded as failed
            with its error; one that fails by itself (not a video, cannot be decoded) is
            recorded at once. index returns when every video it added is finished, here or
            elsewhere, waiting out the leases of other workers. --work adds nothing: it works
            the queue others filled until nothing is left queued or running. framegrab status
            shows the queue.
            """,
        options: [
            Option("--db", value: "PATH", summary: "the database: an SQLite file (default: framegrab.db here), created\nif missing, or a postgresql:// URI (its schema made on first use)"),
            Option("-j", "--jobs", value: "N", summary: "videos read at once (default: the number of cores)"),
            Option("--settle", value: "DURATION", summary: "how long the text must stay the same (default 1; e.g. 800ms, 1m)"),
            Option("--force", summary: "index again videos already indexed"),
            Option("--memory-limit", value: "SIZE", summary: "resident memory a video's worker may hold, e.g. 512M, 2G\n(default: half the machine's memory shared by --jobs, 1G at least)"),
            Option("--shard", value: "K/N", summary: "only the K-th (from 0) of N parts of the videos; auto: from a\nSlurm job array"),
            Option("--shards", value: "N", summary: "N parts, K from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID"),
            Option("--stall-timeout", value: "DURATION", summary: "how long a video's worker may go without progress (default 2m)"),
            Option("--lease", value: "DURATION", summary: "PostgreSQL: how long a claim on a video lasts unrenewed before\nanother worker may take it over (default 1m)"),
            Option("--work", summary: "PostgreSQL: add nothing, work the queue until it is empty"),
            Option("--json", summary: "one JSON line per video on stdout: schema_version, path,\nstatus, duration, screens, regions, seconds, error"),
            Option("-o", "--output", value: "FILE", summary: "with --json: those lines to FILE instead of stdout, whole:\nFILE is replaced only when status is 0, else left as it was"),
            Option("--pretty", summary: "with --json: indent them for people"),
            Option("--from", value: "FILE", summary: "more paths, one a line (- for stdin)"),
            Option("-l", "--lang", value: "LANGS", summary: "Tesseract languages, tesseract's syntax (default: eng)"),
            Option("--tessdata-dir", value: "DIR", summary: "where the .traineddata files are"),
            Option("-v", "--verbose", summary: "FFmpeg's log on stderr"),
            Option("--time-limit", value: "DURATION", summary: "end the whole run after DURATION (status 124); results\nwritten before are kept, -o FILE is left as it was"),
            Option("--color", value: "WHEN", summary: "the progress bar on stderr: auto (default: on a terminal),\nalways, or never (a line per video instead)"),
            Option("-h", "--help", summary: "show this help"),
        ],
        epilogue: """
            Progress goes to stderr: a bar on a terminal, one line per video otherwise (see --color).

            Exit status:
              0    every video was indexed, unchanged, or skipped as protected
              2    usage error, or the database cannot be opened or written (not a framegrab
                   database, no permission, disk full, another index writing to it)
              7    OCR unavailable: Tesseract language data missing
              9    some videos failed (each said on stderr and recorded); the others were indexed
              130  interrupted (Ctrl-C): the videos finished before are kept
              10   the output could not be written: stdout closed or full, -o FILE's directory
                   missing or not writable (one line on stderr; FILE is left as it was)
              124  --time-limit reached: stopped (one line on stderr)
              141  stdout is a pipe nobody reads any more (| head): stopped quietly, the status
                   a shell reports for a tool SIGPIPE stopped
            """
    )
}
