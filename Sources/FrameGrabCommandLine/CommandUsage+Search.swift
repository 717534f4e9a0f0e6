extension CommandUsage {
    /// `framegrab search`.
    public static let search = CommandUsage(
        name: "search",
        summary: "find the settled screens whose text matches a query",
        synopsis: """
            framegrab search [options] QUERY...
            framegrab search --help
            """,
        description: """
            Searches the index framegrab index made. QUERY is text as you would type it: words,
            identifiers and code with its punctuation (URLSession.shared, fetchUser(id, a->b,
            std::move), "a quoted phrase" (quote it for the shell too: '"a quoted phrase"'). The
            QUERY words are joined by spaces; every term must match. Put -- before a query that
            starts with -:  framegrab search -- --force

            Words and identifiers are ranked (bm25), those with the punctuation as typed first;
            then substrings of 3 or more characters inside identifiers (Frame finds appendFrame).
            Each screen is listed once, with its best region; code wins ties, then the earlier
            time.

            Each hit shows the video, the time range of the screen, the region's kind and
            language, up to 3 matching lines with the match highlighted (on a terminal, unless
            NO_COLOR is set; see --color), and an mpv command that opens the video there.
            """,
        options: [
            Option("--db", value: "PATH", summary: "the index: an SQLite file (default: framegrab.db in the current\ndirectory) or a postgresql:// URI"),
            Option("--json", summary: "one JSON object per hit (JSON Lines): schema_version, path,\nstart, end, time, kind, language, text, bbox, score, link\n(file:///…#t=START,END) and lines, each with its matches as\n[from, to] offsets"),
            Option("--pretty", summary: "with --json: indent the JSON for people"),
            Option("-o", "--output", value: "FILE", summary: "write to FILE instead of stdout (not in colour unless always),\nwhole: FILE is replaced when the search ran (status 0, or 1: no\nhits, an empty FILE), else left as it was"),
            Option("--limit", value: "N", summary: "at most N hits (default: 20)"),
            Option("--kind", value: "K", summary: "only regions of kind K: code, text or ui"),
            Option("--language", value: "L", summary: "only code guessed to be in language L (swift, python, …)"),
            Option("--path", value: "GLOB", summary: "only videos whose path, or file name, matches the shell GLOB"),
            Option("-v", "--verbose", summary: "how long opening the index and searching took, on stderr"),
            Option("--color", value: "WHEN", summary: "highlight matches: auto (default: on a terminal, unless NO_COLOR\nis set to anything), always or never"),
            Option("-h", "--help", summary: "show this help"),
        ],
        epilogue: """
            Exit status:
              0    hits were found
              1    no hits
              2    usage error, or the database is missing, not a framegrab database, or
                   unreadable
              10   the output could not be written: stdout closed or full, -o FILE's directory
                   missing or not writable (one line on stderr; FILE is left as it was)
              141  stdout is a pipe nobody reads any more (| head): stopped quietly, the status
                   a shell reports for a tool SIGPIPE stopped
            """
    )
}
