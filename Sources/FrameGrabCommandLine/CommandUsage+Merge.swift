extension CommandUsage {
    /// `framegrab merge`.
    public static let merge = CommandUsage(
        name: "merge",
        summary: "join indexes made apart (index --shard) into one",
        synopsis: """
            framegrab merge OUT.db SHARD.db...
            framegrab merge --help
            """,
        description: """
            Copies every video of each SHARD.db into OUT.db (created if missing), with its status,
            error and settled screens; the full-text indexes are rebuilt as they are written. A
            video in more than one (OUT.db included) is kept once: the one indexed last. Each
            video is written in one transaction, so an interrupted merge leaves every video whole
            or absent, and running it again finishes it. The shards are only read.
            """,
        options: [
            Option("--color", value: "WHEN", summary: "auto (default), always or never: taken by every command, though\nthis one prints no colour"),
            Option("-h", "--help", summary: "show this help"),
        ],
        epilogue: """
            Exit status:
              0    every shard merged
              2    usage error, or a database missing, not a framegrab database, unreadable, or
                   OUT.db not writable (one line on stderr; the videos merged before are kept)
            """
    )
}
