"""SQLite schema, versioned with ``PRAGMA user_version``; each migration runs once, in order.

Times are INTEGER microseconds since the epoch (UTC): exact, so a write made at clock ``T``
compares equal to ``known_at=T``. Each row of ``facts`` is one version of a record; the
current version has ``tx_to IS NULL``.
"""

from __future__ import annotations

from typing import Any

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

#: Migrations in order; index i brings the schema from version i to i + 1.
MIGRATIONS: list[str] = [V1]

SCHEMA_VERSION = len(MIGRATIONS)


def migrate(conn: Any) -> int:
    """Bring the database to :data:`SCHEMA_VERSION`; return the version found before.

    Runs inside ``BEGIN IMMEDIATE`` so two processes opening a new file never both migrate.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found > SCHEMA_VERSION:
            raise RuntimeError(
                f"database schema version {found} is newer than this kronograph ({SCHEMA_VERSION}); upgrade kronograph"
            )
        for version in range(found, SCHEMA_VERSION):
            for statement in MIGRATIONS[version].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return int(found)
