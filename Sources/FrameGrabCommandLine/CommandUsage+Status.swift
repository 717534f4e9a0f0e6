extension CommandUsage {
    /// `framegrab status`.
    public static let status = CommandUsage(
        name: "status",
        summary: "how far the indexing has come: the queue, the fleet's speed",
        synopsis: """
            framegrab status [--db PATH] [--json] [-o FILE] [--pretty]
            framegrab status --help
            """,
        description: """
            For a PostgreSQL index, its work queue as every worker shares it: how many videos are
            queued, running, done, failed and skipped (already indexed from the same file, or
            protected), the fleet's speed in × realtime (seconds of video done per second during
            which any worker was reading, so idle time between runs does not count), each video
            being read with its worker and how long it has been at it, and each failed video with
            its error. For an SQLite index, which has no queue: its videos done (indexed), failed
            and skipped (protected).
            """,
        options: [
            Option("--db", value: "PATH", summary: "the index: an SQLite file (default: framegrab.db in the current\ndirectory) or a postgresql:// URI"),
            Option("--json", summary: "one JSON object (schema_version, database, counts, media_seconds,\nbusy_seconds, realtime, running, failed) instead of the table"),
            Option("-o", "--output", value: "FILE", summary: "write to FILE instead of stdout, whole: FILE is replaced only\nwhen status is 0, else left as it was"),
            Option("--pretty", summary: "indent the JSON for people"),
            Option("--color", value: "WHEN", summary: "auto (default), always or never: taken by every command, though\nthis one prints no colour"),
            Option("-h", "--help", summary: "show this help"),
        ],
        epilogue: """
            Exit status:
              0    success
              2    usage error, or the database is missing, not a framegrab database, or
                   unreachable (one line on stderr)
              10   the output could not be written (one line on stderr; FILE is left as it was)
            """
    )
}
