extension CommandUsage {
    /// `framegrab export`.
    public static let export = CommandUsage(
        name: "export",
        summary: "every indexed screen, for other tools",
        synopsis: """
            framegrab export [--db PATH] [-o FILE] [--pretty] [PATH...]
            framegrab export --help
            """,
        description: """
            Prints every settled screen in the index as one JSON object per line (JSON Lines), in
            path and time order: schema_version, path, start, end, time (of the frame read), and
            regions exactly as framegrab --at gives them. With PATHs (files or directories), only
            the videos at or under them.
            """,
        options: [
            Option("--db", value: "PATH", summary: "the index: an SQLite file (default: framegrab.db in the current\ndirectory) or a postgresql:// URI"),
            Option("-o", "--output", value: "FILE", summary: "write to FILE instead of stdout, whole: FILE is replaced only\nwhen status is 0, else left as it was"),
            Option("--pretty", summary: "indent the JSON for people (default: one object per line)"),
            Option("--color", value: "WHEN", summary: "auto (default), always or never: taken by every command, though\nthis one prints no colour"),
            Option("-h", "--help", summary: "show this help"),
        ],
        epilogue: """
            Exit status:
              0    success (an index without matching screens prints nothing)
              2    usage error, or the database is missing, not a framegrab database, or
                   unreadable
              10   the output could not be written: stdout closed or full, -o FILE's directory
                   missing or not writable (one line on stderr; FILE is left as it was)
              141  stdout is a pipe nobody reads any more (| head): stopped quietly, the status
                   a shell reports for a tool SIGPIPE stopped
            """
    )
}
