"""SQLite schema, versioned with ``PRAGMA user_version``; each migration runs once, in order.

Times are INTEGER microseconds since the epoch (UTC): exact, so a write made at clock ``T``
compares equal to ``known_at=T``. Each row of ``facts`` is one version of a record; the
current version has ``tx_to IS NULL``.
"""

from __future__ import annotations

from typing import Any

from .driver import sqlite3

V1 = """
CREATE TABLE entities (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    type        TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    UNIQUE (user_id, name_key)
);
CREATE TABLE facts (
    row_id            INTEGER PRIMARY KEY,
    id                TEXT NOT NULL,
    user_id           TEXT NOT NULL,
    agent_id          TEXT,
    app_id            TEXT,
    run_id            TEXT,
    subject           TEXT NOT NULL,
    subject_key       TEXT NOT NULL,
    subject_entity_id TEXT REFERENCES entities(id),
    predicate         TEXT NOT NULL,
    object            TEXT NOT NULL,
    object_key        TEXT NOT NULL,
    object_entity_id  TEXT REFERENCES entities(id),
    text              TEXT NOT NULL,
    memory_type       TEXT NOT NULL,
    lifecycle         TEXT NOT NULL CHECK (lifecycle IN ('active','corrected','expired','archived')),
    confidence        REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    importance        REAL NOT NULL CHECK (importance BETWEEN 0 AND 1),
    access_count      INTEGER NOT NULL DEFAULT 0,
    last_accessed_at  INTEGER,
    valid_from        INTEGER NOT NULL,
    valid_until       INTEGER CHECK (valid_until IS NULL OR valid_until >= valid_from),
    stated_until      INTEGER,
    recorded_at       INTEGER NOT NULL,
    retracted_at      INTEGER,
    expires_at        INTEGER,
    superseded_by     TEXT,
    sensitivity       TEXT NOT NULL,
    tx_from           INTEGER NOT NULL,
    tx_to             INTEGER
);
CREATE UNIQUE INDEX facts_current_version ON facts (id) WHERE tx_to IS NULL;
CREATE INDEX facts_versions ON facts (id, tx_from);
CREATE INDEX facts_slot ON facts (user_id, subject_key, predicate, valid_from);
CREATE INDEX facts_subject_entity ON facts (subject_entity_id);
CREATE INDEX facts_object_entity ON facts (object_entity_id);
CREATE TABLE episodes (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL,
    agent_id        TEXT,
    app_id          TEXT,
    run_id          TEXT,
    content         TEXT NOT NULL,
    reference_time  INTEGER NOT NULL,
    recorded_at     INTEGER NOT NULL
);
CREATE INDEX episodes_user ON episodes (user_id, reference_time);
CREATE TABLE fact_sources (
    fact_id     TEXT NOT NULL,
    episode_id  TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    PRIMARY KEY (fact_id, episode_id)
) WITHOUT ROWID;
CREATE INDEX fact_sources_episode ON fact_sources (episode_id);
CREATE TABLE tombstones (
    fact_id     TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    deleted_at  INTEGER NOT NULL,
    reason      TEXT NOT NULL
);
CREATE INDEX tombstones_user ON tombstones (user_id);
CREATE TABLE audit (
    id       INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    action   TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    fact_id  TEXT,
    detail   TEXT NOT NULL
);
CREATE INDEX audit_fact ON audit (fact_id);
CREATE INDEX audit_user ON audit (user_id, at);
"""

#: Recall indexes. ``fact_search`` is an FTS5 index over the *current* version of each record
#: and ``episode_search`` over the raw (redacted) episodes, both external content (the text
#: lives only in ``facts``/``episodes``, read through views that add a one-token user key so a
#: search is limited to one user without a phrase match over all of that user's rows), kept in
#: step by triggers on every insert, version close, text change and delete (a hard delete's
#: scrub of an episode re-indexes it). ``fact_vectors`` holds one embedding per record (its
#: text never changes across versions); ``vector_queue`` lists records still waiting for one,
#: and ``vector_scopes`` tells in-memory vector caches per user what changed since they loaded.
#: The last three statements index what an older (V1) file already holds.
V2_RECALL = """
CREATE TABLE fact_vectors (
    seq      INTEGER PRIMARY KEY,
    fact_id  TEXT NOT NULL UNIQUE,
    user_id  TEXT NOT NULL,
    model    TEXT NOT NULL,
    vector   BLOB NOT NULL
);
CREATE INDEX fact_vectors_user ON fact_vectors (user_id, seq);
CREATE TABLE vector_queue (
    fact_id  TEXT PRIMARY KEY,
    user_id  TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX vector_queue_user ON vector_queue (user_id);
CREATE TABLE vector_scopes (
    user_id   TEXT PRIMARY KEY,
    last_seq  INTEGER NOT NULL DEFAULT 0,
    removals  INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE VIEW fact_search_source AS
    SELECT row_id, text, 'u' || lower(hex(user_id)) AS user_key FROM facts WHERE tx_to IS NULL;
CREATE VIEW episode_search_source AS
    SELECT rowid AS row_id, content, 'u' || lower(hex(user_id)) AS user_key FROM episodes;
CREATE VIRTUAL TABLE fact_search USING fts5(
    text, user_key, content='fact_search_source', content_rowid='row_id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE episode_search USING fts5(
    content, user_key, content='episode_search_source', content_rowid='row_id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER facts_recall_insert AFTER INSERT ON facts WHEN NEW.tx_to IS NULL BEGIN
    INSERT INTO fact_search (rowid, text, user_key) VALUES (NEW.row_id, NEW.text, 'u' || lower(hex(NEW.user_id)));
    INSERT OR IGNORE INTO vector_queue (fact_id, user_id)
        SELECT NEW.id, NEW.user_id WHERE NOT EXISTS (SELECT 1 FROM fact_vectors WHERE fact_id = NEW.id);
END;
CREATE TRIGGER facts_recall_close AFTER UPDATE OF tx_to ON facts
WHEN OLD.tx_to IS NULL AND NEW.tx_to IS NOT NULL BEGIN
    INSERT INTO fact_search (fact_search, rowid, text, user_key)
        VALUES ('delete', OLD.row_id, OLD.text, 'u' || lower(hex(OLD.user_id)));
END;
CREATE TRIGGER facts_recall_retext AFTER UPDATE OF text ON facts
WHEN OLD.tx_to IS NULL AND NEW.tx_to IS NULL BEGIN
    INSERT INTO fact_search (fact_search, rowid, text, user_key)
        VALUES ('delete', OLD.row_id, OLD.text, 'u' || lower(hex(OLD.user_id)));
    INSERT INTO fact_search (rowid, text, user_key) VALUES (NEW.row_id, NEW.text, 'u' || lower(hex(NEW.user_id)));
END;
CREATE TRIGGER facts_recall_delete AFTER DELETE ON facts WHEN OLD.tx_to IS NULL BEGIN
    INSERT INTO fact_search (fact_search, rowid, text, user_key)
        VALUES ('delete', OLD.row_id, OLD.text, 'u' || lower(hex(OLD.user_id)));
END;
CREATE TRIGGER episodes_search_insert AFTER INSERT ON episodes BEGIN
    INSERT INTO episode_search (rowid, content, user_key) VALUES (NEW.rowid, NEW.content, 'u' || lower(hex(NEW.user_id)));
END;
CREATE TRIGGER episodes_search_update AFTER UPDATE OF content ON episodes BEGIN
    INSERT INTO episode_search (episode_search, rowid, content, user_key)
        VALUES ('delete', OLD.rowid, OLD.content, 'u' || lower(hex(OLD.user_id)));
    INSERT INTO episode_search (rowid, content, user_key) VALUES (NEW.rowid, NEW.content, 'u' || lower(hex(NEW.user_id)));
END;
CREATE TRIGGER episodes_search_delete AFTER DELETE ON episodes BEGIN
    INSERT INTO episode_search (episode_search, rowid, content, user_key)
        VALUES ('delete', OLD.rowid, OLD.content, 'u' || lower(hex(OLD.user_id)));
END;
CREATE TRIGGER fact_vectors_added AFTER INSERT ON fact_vectors BEGIN
    DELETE FROM vector_queue WHERE fact_id = NEW.fact_id;
    INSERT INTO vector_scopes (user_id, last_seq) VALUES (NEW.user_id, NEW.seq)
        ON CONFLICT (user_id) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq);
END;
CREATE TRIGGER fact_vectors_removed AFTER DELETE ON fact_vectors BEGIN
    INSERT INTO vector_scopes (user_id, removals) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET removals = removals + 1;
END;
INSERT INTO fact_search (fact_search) VALUES ('rebuild');
INSERT INTO episode_search (episode_search) VALUES ('rebuild');
INSERT OR IGNORE INTO vector_queue (fact_id, user_id) SELECT id, user_id FROM facts WHERE tx_to IS NULL;
"""

#: BM25 over facts moved to per-user indexes in memory (``graph/text_index.py``): FTS5's
#: ``bm25()`` counted every user's rows for each query word. The fact FTS index, its view and
#: its triggers go (the insert trigger's embedding-queue half stays); episodes keep FTS5.
V3_FACT_TEXT_IN_MEMORY = """
DROP TRIGGER facts_recall_insert;
DROP TRIGGER facts_recall_close;
DROP TRIGGER facts_recall_retext;
DROP TRIGGER facts_recall_delete;
DROP TABLE fact_search;
DROP VIEW fact_search_source;
CREATE TRIGGER facts_vector_queue AFTER INSERT ON facts WHEN NEW.tx_to IS NULL BEGIN
    INSERT OR IGNORE INTO vector_queue (fact_id, user_id)
        SELECT NEW.id, NEW.user_id WHERE NOT EXISTS (SELECT 1 FROM fact_vectors WHERE fact_id = NEW.id);
END;
"""

#: Episodes become first-class in recall: BM25 over them moves to per-user indexes in memory
#: (FTS5's ``bm25()`` weighed words by every user's episodes, and the text indexed must be
#: :func:`kronograph.language.search_text` of the content, which SQL cannot compute), so the
#: episode FTS table, its view and triggers go. Episodes get embeddings like facts:
#: ``episode_vectors``, a queue of episodes still waiting for one, and ``episode_scopes``
#: (per user: highest vector row, vector removals, and content edits or deletions, which tell
#: in-memory indexes in any process to rebuild). Rewriting an episode's content (a hard
#: delete's scrub, a redaction) drops its vector and queues it again; deleting it drops both.
V_EPISODE_SEARCH = """
DROP TRIGGER episodes_search_insert;
DROP TRIGGER episodes_search_update;
DROP TRIGGER episodes_search_delete;
DROP TABLE episode_search;
DROP VIEW episode_search_source;
CREATE TABLE episode_vectors (
    seq         INTEGER PRIMARY KEY,
    episode_id  TEXT NOT NULL UNIQUE,
    user_id     TEXT NOT NULL,
    model       TEXT NOT NULL,
    vector      BLOB NOT NULL
);
CREATE INDEX episode_vectors_user ON episode_vectors (user_id, seq);
CREATE TABLE episode_vector_queue (
    episode_id  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX episode_vector_queue_user ON episode_vector_queue (user_id);
CREATE TABLE episode_scopes (
    user_id   TEXT PRIMARY KEY,
    last_seq  INTEGER NOT NULL DEFAULT 0,
    removals  INTEGER NOT NULL DEFAULT 0,
    edits     INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TRIGGER episodes_vector_queue AFTER INSERT ON episodes BEGIN
    INSERT OR IGNORE INTO episode_vector_queue (episode_id, user_id) VALUES (NEW.id, NEW.user_id);
END;
CREATE TRIGGER episodes_rewritten AFTER UPDATE OF content ON episodes BEGIN
    DELETE FROM episode_vectors WHERE episode_id = OLD.id;
    INSERT OR IGNORE INTO episode_vector_queue (episode_id, user_id) VALUES (NEW.id, NEW.user_id);
    INSERT INTO episode_scopes (user_id, edits) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET edits = edits + 1;
END;
CREATE TRIGGER episodes_removed AFTER DELETE ON episodes BEGIN
    DELETE FROM episode_vectors WHERE episode_id = OLD.id;
    DELETE FROM episode_vector_queue WHERE episode_id = OLD.id;
    INSERT INTO episode_scopes (user_id, edits) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET edits = edits + 1;
END;
CREATE TRIGGER episode_vectors_added AFTER INSERT ON episode_vectors BEGIN
    DELETE FROM episode_vector_queue WHERE episode_id = NEW.episode_id;
    INSERT INTO episode_scopes (user_id, last_seq) VALUES (NEW.user_id, NEW.seq)
        ON CONFLICT (user_id) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq);
END;
CREATE TRIGGER episode_vectors_removed AFTER DELETE ON episode_vectors BEGIN
    INSERT INTO episode_scopes (user_id, removals) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET removals = removals + 1;
END;
INSERT OR IGNORE INTO episode_vector_queue (episode_id, user_id) SELECT id, user_id FROM episodes;
"""

#: Summaries, procedures and tool knowledge: the fields only some memory types use, as one JSON
#: object per version (``graph/memory_fields.py``; NULL for a plain fact), and an episode's
#: archive time (a conversation summary archives the raw episodes of its thread).
V_SUMMARY_FIELDS = """
ALTER TABLE facts ADD COLUMN memory_fields TEXT;
ALTER TABLE episodes ADD COLUMN archived_at INTEGER;
"""

#: Each episode records the language it was read in (extractor, time parser, detectors chosen by it).
V_EPISODE_LANGUAGE = """
ALTER TABLE episodes ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
"""

#: Provenance down to the span (forgetting): the characters ``[span_start, span_end)`` of an
#: episode's content a record was read from, one row per span; each (fact, episode) pair is
#: also in ``fact_sources``. A hard delete cuts the spans of the records it deletes and
#: rewrites the spans of the others in the episodes it rewrites.
V_FORGET_SOURCE_SPANS = """
CREATE TABLE fact_spans (
    fact_id     TEXT NOT NULL,
    episode_id  TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
    span_start  INTEGER NOT NULL CHECK (span_start >= 0),
    span_end    INTEGER NOT NULL CHECK (span_end > span_start),
    PRIMARY KEY (fact_id, episode_id, span_start)
) WITHOUT ROWID;
CREATE INDEX fact_spans_episode ON fact_spans (episode_id);
"""

#: The rows that are summaries, by user (a partial index: plain facts take no room in it), so
#: ``may_hold_summaries`` (asked by every hard delete) reads no other row. Its condition is
#: :data:`SUMMARY_ROWS`, which a query must repeat word for word for SQLite to use it.
SUMMARY_ROWS = """instr(memory_fields, '"summary_level":') > 0"""
# A shipped migration never changes, so its condition is written out, not built from SUMMARY_MARK.
V_SUMMARY_INDEX = """
CREATE INDEX facts_summaries ON facts (user_id) WHERE instr(memory_fields, '"summary_level":') > 0;
"""

#: Migrations in order; index i brings the schema from version i to i + 1.
MIGRATIONS: list[str] = [V1, V2_RECALL, V3_FACT_TEXT_IN_MEMORY, V_SUMMARY_FIELDS, V_EPISODE_LANGUAGE,
                         V_EPISODE_SEARCH, V_FORGET_SOURCE_SPANS, V_SUMMARY_INDEX]

SCHEMA_VERSION = len(MIGRATIONS)


def statements(script: str) -> list[str]:
    """Split a script into statements; a trigger body's inner ``;`` does not end its statement."""
    out: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \t\n;"):
                out.append(pending.strip())
            pending = ""
    return out


#: FTS5 file-format versions by what writes them: 4 by every SQLite; 5 once a delete runs with
#: FTS5's ``secure-delete`` option (SQLite >= 3.42), which older libraries cannot read
#: ("invalid fts5 file format (found 5, expected 4)"). kronograph never turns that option on:
#: hard deletes purge the index with ``optimize`` instead, so one file serves both builds.
FTS_PORTABLE_VERSION = 4
FTS_TABLES = ("episode_search",)


def portable_fts(conn: Any, *, writable: bool, where: str) -> None:
    """Bring full-text indexes written with ``secure-delete`` back to the portable format.

    Reads the index's own config row (a plain table, readable by any SQLite), and where it
    says version 5, turns the option off, sets version 4 and rebuilds the index from its
    content (every segment is rewritten). Read-only, that cannot be done: the error names the
    SQLite version needed. Runs inside the caller's transaction."""
    for table in FTS_TABLES:
        exists = conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (f"{table}_config",)).fetchone()
        if exists is None:
            continue
        row = conn.execute(f"SELECT v FROM {table}_config WHERE k = 'version'").fetchone()
        if row is None or int(row[0]) <= FTS_PORTABLE_VERSION:
            continue
        if not writable:
            raise RuntimeError(
                f"{where}: its full-text index {table} was written in FTS5 format {row[0]} (FTS5 secure-delete, "
                f"SQLite >= 3.42); this process has SQLite {sqlite3.sqlite_version}. Open it once with write "
                "access (any SQLite) to convert it, or use SQLite >= 3.42 (pip install pysqlite3-binary)")
        conn.execute(f"UPDATE {table}_config SET v = ? WHERE k = 'version'", (FTS_PORTABLE_VERSION,))
        conn.execute(f"DELETE FROM {table}_config WHERE k = 'secure-delete'")
        conn.execute(f"INSERT INTO {table} ({table}) VALUES ('rebuild')")


def is_damage(exc: BaseException) -> bool:
    """True for the driver errors that mean the file itself is damaged or not a database."""
    text = str(exc).lower()
    return any(sign in text for sign in ("malformed", "not a database", "file is encrypted", "corrupt"))


def check_schema(conn: Any, where: str) -> int:
    """For a store opened read-only: its schema must be this version's (nothing can migrate it)."""
    portable_fts(conn, writable=False, where=where)
    found = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if found > SCHEMA_VERSION:
        raise RuntimeError(
            f"database schema version {found} is newer than this kronograph ({SCHEMA_VERSION}); upgrade kronograph")
    if found < SCHEMA_VERSION:
        raise RuntimeError(f"{where} has schema version {found} and needs migrating to {SCHEMA_VERSION}, "
                           "which a read-only open cannot do: open it once with write access")
    return found


def migrate(conn: Any, where: str = "the store") -> int:
    """Bring the database to :data:`SCHEMA_VERSION` (and its full-text indexes to the portable
    format); return the version found before.

    Runs inside ``BEGIN IMMEDIATE`` so two processes opening a new file never both migrate.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        portable_fts(conn, writable=True, where=where)
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found > SCHEMA_VERSION:
            raise RuntimeError(
                f"database schema version {found} is newer than this kronograph ({SCHEMA_VERSION}); upgrade kronograph"
            )
        for version in range(found, SCHEMA_VERSION):
            for statement in statements(MIGRATIONS[version]):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return int(found)
