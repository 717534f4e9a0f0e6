import FrameGrabModel
extension SQLiteScreenStore {
    /// `PRAGMA application_id`: "FGRB", which says a file is framegrab's index
    /// (https://www.sqlite.org/fileformat.html#application_id).
    public static let applicationID: Int32 = 0x4647_5242
    /// `PRAGMA user_version`: the version of the schema below. Version 1 lacked
    /// `regions.role`; an index of it gains the column when opened (`upgrades`).
    public static let schemaVersion = 2

    /// What brings an index of an older version to this one, by the version it upgrades from.
    static let upgrades: [Int: String] = [
        1: "ALTER TABLE regions ADD COLUMN role TEXT",
    ]

    /// The whole schema, documented in README.md ("The index database"). Times are seconds
    /// from the start of the presentation, as `--at` measures them; boxes are pixels of the
    /// picture as a player shows it, origin top left. scripts/bench-search reads this text.
    static let schema = """
        -- One row per video file given to framegrab index.
        CREATE TABLE videos (
            id          INTEGER PRIMARY KEY,
            path        TEXT NOT NULL UNIQUE,  -- absolute, standardized
            size        INTEGER NOT NULL,      -- bytes, when indexed
            mtime       REAL NOT NULL,         -- modification time, seconds since 1970
            fingerprint TEXT NOT NULL,         -- hex digest of the first and last MiB
            duration    REAL,                  -- seconds; NULL when unknown
            status      TEXT NOT NULL CHECK (status IN ('indexed', 'protected', 'failed')),
            error       TEXT,                  -- why indexing failed
            indexed_at  REAL NOT NULL          -- seconds since 1970
        );

        -- The settled screens of a video: stretches whose text stayed the same.
        CREATE TABLE screens (
            id       INTEGER PRIMARY KEY,
            video_id INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
            start    REAL NOT NULL,            -- the stretch's first frame
            end      REAL NOT NULL,            -- the first frame after it, or the video's end
            time     REAL NOT NULL             -- the frame that was read
        );
        CREATE INDEX screens_by_video ON screens(video_id, start);

        -- What was read on a screen, as framegrab --at gives it.
        CREATE TABLE regions (
            id                  INTEGER PRIMARY KEY,
            screen_id           INTEGER NOT NULL REFERENCES screens(id) ON DELETE CASCADE,
            ordinal             INTEGER NOT NULL,  -- reading order on the screen, from 0
            kind                TEXT NOT NULL,     -- code, text or ui
            language            TEXT,              -- swift, python, …; NULL when unsure
            language_confidence REAL,
            polarity            TEXT NOT NULL,     -- dark-on-light or light-on-dark
            confidence          REAL,              -- 0-1; NULL when not a number
            x                   INTEGER NOT NULL,
            y                   INTEGER NOT NULL,
            width               INTEGER NOT NULL,
            height              INTEGER NOT NULL,
            text                TEXT NOT NULL,     -- the lines joined by newlines
            detections          TEXT NOT NULL,     -- JSON: [{"type","text","bbox"}]
            role                TEXT               -- caption, title, code, terminal or ui; NULL when unknown
        );
        CREATE INDEX regions_by_screen ON regions(screen_id, ordinal);

        CREATE TABLE lines (
            id        INTEGER PRIMARY KEY,
            region_id INTEGER NOT NULL REFERENCES regions(id) ON DELETE CASCADE,
            ordinal   INTEGER NOT NULL,        -- top to bottom, from 0
            text      TEXT NOT NULL,
            x         INTEGER NOT NULL,
            y         INTEGER NOT NULL,
            width     INTEGER NOT NULL,
            height    INTEGER NOT NULL,
            indent    INTEGER,                 -- code: leading spaces, in columns
            number    INTEGER,                 -- code: the editor's line number beside it
            words     TEXT NOT NULL            -- JSON: [{"text","bbox","confidence"}]
        );
        CREATE INDEX lines_by_region ON lines(region_id, ordinal);

        -- Full text of regions.text, stored once: both tables are external-content indexes
        -- of regions, kept in step by the triggers below. Words and identifiers, ranked
        -- (unicode61 without stemming, which is wrong for code):
        CREATE VIRTUAL TABLE region_words USING fts5(
            text, content='regions', content_rowid='id', tokenize='unicode61');
        -- Substrings of 3 or more characters, punctuation included (`Frame` in `appendFrame`,
        -- `a->b`), without regard to case:
        CREATE VIRTUAL TABLE region_trigrams USING fts5(
            text, content='regions', content_rowid='id', tokenize='trigram');

        CREATE TRIGGER regions_inserted AFTER INSERT ON regions BEGIN
            INSERT INTO region_words(rowid, text) VALUES (new.id, new.text);
            INSERT INTO region_trigrams(rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER regions_deleted AFTER DELETE ON regions BEGIN
            INSERT INTO region_words(region_words, rowid, text) VALUES ('delete', old.id, old.text);
            INSERT INTO region_trigrams(region_trigrams, rowid, text) VALUES ('delete', old.id, old.text);
        END;
        CREATE TRIGGER regions_updated AFTER UPDATE OF text ON regions BEGIN
            INSERT INTO region_words(region_words, rowid, text) VALUES ('delete', old.id, old.text);
            INSERT INTO region_trigrams(region_trigrams, rowid, text) VALUES ('delete', old.id, old.text);
            INSERT INTO region_words(rowid, text) VALUES (new.id, new.text);
            INSERT INTO region_trigrams(rowid, text) VALUES (new.id, new.text);
        END;
        """
}
