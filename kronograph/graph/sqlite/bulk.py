"""Bulk writes for the embedded store: a batch's new records go in with one statement.

Inserting rows one statement at a time makes SQLite open a statement savepoint per row.
Staging the records in a temporary table and copying them with one ``INSERT ... SELECT``
fires the same triggers (the embedding queue) inside one statement, and the audit entries
follow with one more. The stored state is exactly what :meth:`GraphStore.write` makes of the
same change.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ...errors import StoreError
from ...model import EntityType, new_ids
from ...temporal.instants import to_micros
from ...temporal.timeline import object_key
from ..records import (
    ACCESS_COUNT,
    FACT_FIELDS,
    ID,
    LAST_ACCESSED_AT,
    TX_FROM,
    TX_TO,
    USER_ID,
    Row,
    RowChangeSet,
    row_to_fact,
)
from ..store import _changed_fields
from .in_lists import in_chunks

_COLUMNS = ", ".join(FACT_FIELDS)
_STAGE = "temp.bulk_facts"
_CREATE_STAGE = f"CREATE TEMP TABLE IF NOT EXISTS bulk_facts ({_COLUMNS})"
_INSERT_STAGE = f"INSERT INTO {_STAGE} VALUES ({', '.join('?' * len(FACT_FIELDS))})"
_COPY_STAGE = f"INSERT INTO facts ({_COLUMNS}) SELECT {_COLUMNS} FROM {_STAGE} ORDER BY rowid"
# The "create" entry GraphStore.write logs: json.dumps of memory_type, predicate and status,
# sorted. Every part is a plain word (enum values; predicates match [a-z][a-z0-9_]*), so
# concatenation spells the same JSON.
_AUDIT_STAGE = (
    "INSERT INTO audit (at, action, user_id, fact_id, detail) SELECT ?, 'create', user_id, id, "
    "'{\"memory_type\": \"' || memory_type || '\", \"predicate\": \"' || predicate || '\", \"status\": \"' || "
    "CASE WHEN lifecycle = 'active' AND superseded_by IS NOT NULL THEN 'superseded' ELSE lifecycle END || '\"}' "
    f"FROM {_STAGE} ORDER BY rowid"
)
_INSERT = f"INSERT INTO facts ({_COLUMNS}) VALUES ({', '.join('?' * len(FACT_FIELDS))})"


def reinforce_and_link(conn: Any, now: int, reinforced: Mapping[str, int],
                       sources: Sequence[tuple[str, str]]) -> None:
    """A change's restated records (access counts) and its episode links, for both write paths."""
    if reinforced:
        conn.executemany(
            "UPDATE facts SET access_count = access_count + ?, last_accessed_at = ? WHERE id = ? AND tx_to IS NULL",
            [(n, now, fid) for fid, n in reinforced.items()],
        )
    if sources:
        conn.executemany("INSERT OR IGNORE INTO fact_sources (fact_id, episode_id) VALUES (?, ?)", sources)


class SQLiteBulkWriter:
    """Mixin for SQLiteStore: :meth:`write_rows`."""

    _conn: Any

    if TYPE_CHECKING:  # provided by SQLiteStore
        def transaction(self) -> AbstractContextManager[None]: ...
        def _errors(self, what: str) -> AbstractContextManager[None]: ...

    def write_rows(self, changes: RowChangeSet) -> None:
        now = to_micros(changes.now)
        conn = self._conn
        with self.transaction(), self._errors("bulk write"):
            if changes.created:
                conn.execute(_CREATE_STAGE)
                # Plain tuples: sqlite3 binds a tuple subclass item by item, twice as slowly.
                conn.executemany(_INSERT_STAGE, map(tuple, changes.created))
                conn.execute(_COPY_STAGE)
                conn.execute(_AUDIT_STAGE, (now,))
                conn.execute(f"DELETE FROM {_STAGE}")
            audit = [self._revise_row(new, old, now, changes) for new, old in changes.revised]
            reinforce_and_link(conn, now, changes.reinforced, changes.sources)
            if audit:
                conn.executemany(
                    "INSERT INTO audit (at, action, user_id, fact_id, detail) VALUES (?, 'revise', ?, ?, ?)", audit
                )

    def ensure_entity_ids(self, wanted: Mapping[str, Sequence[tuple[str, EntityType]]],
                          now: datetime) -> dict[str, dict[str, str]]:
        """SQLiteStore.ensure_entities for many users (the same rows, ids made in the same
        order), without building Entity models."""
        named: dict[str, dict[str, tuple[str, EntityType]]] = {}
        for user, names in wanted.items():
            keyed: dict[str, tuple[str, EntityType]] = {}
            named[user] = keyed
            for name, etype in names:
                keyed.setdefault(object_key(name), (name, etype))
        ids = iter(new_ids(sum(len(names) for names in named.values())))
        created = to_micros(now)
        out: dict[str, dict[str, str]] = {}
        with self.transaction(), self._errors("entities"):
            self._conn.executemany(
                "INSERT OR IGNORE INTO entities (id, user_id, name, name_key, type, created_at) VALUES (?,?,?,?,?,?)",
                [(next(ids), user, name, key, etype.value, created)
                 for user, names in named.items() for key, (name, etype) in names.items()],
            )
            for user, keyed in named.items():
                keys = list(keyed)
                found = out[user] = {}
                for chunk, marks in in_chunks(keys, 500):
                    found.update((key, eid) for eid, key in self._conn.execute(
                        f"SELECT id, name_key FROM entities WHERE user_id = ? AND name_key IN ({marks})",
                        (user, *chunk)))
        return out

    def _revise_row(self, new: Row, old: Row, now: int, changes: RowChangeSet) -> tuple[Any, ...]:
        """Version one stored record; return its audit entry."""
        self._version_row(new, now)
        sources = changes.previous_sources.get(new[ID], [])
        detail = _changed_fields(row_to_fact(old, sources), row_to_fact(new, sources))
        return (now, new[USER_ID], new[ID], json.dumps(detail, sort_keys=True, default=str))

    def _version_rows(self, rows: Sequence[Row], now: int) -> None:
        """:meth:`_version_row` for many records at once (each id once): one read of their
        current versions per chunk, then the closes, and the inserts, each as one statement."""
        if len({row[ID] for row in rows}) != len(rows) or len(rows) < 64:
            for row in rows:
                self._version_row(row, now)
            return
        found: dict[str, tuple[Any, ...]] = {}
        ids = [row[ID] for row in rows]
        for chunk, marks in in_chunks(ids):
            for fid, *rest in self._conn.execute(
                    "SELECT id, row_id, tx_from, access_count, last_accessed_at FROM facts "
                    f"WHERE tx_to IS NULL AND id IN ({marks})", chunk):
                found[fid] = tuple(rest)
        missing = [fid for fid in ids if fid not in found]
        if missing:
            raise StoreError(f"fact {missing[0]} has no current version to revise")
        unseen: list[tuple[int]] = []
        closed: list[tuple[int, int]] = []
        fresh_rows: list[list[Any]] = []
        for row in rows:
            row_id, tx_from, access_count, last_accessed = found[row[ID]]
            fresh = list(row)
            fresh[ACCESS_COUNT], fresh[LAST_ACCESSED_AT], fresh[TX_TO] = access_count, last_accessed, None
            if tx_from >= now:  # no moment ever saw that version: rewrite it in place
                unseen.append((row_id,))
                fresh[TX_FROM] = tx_from
            else:
                closed.append((now, row_id))
                fresh[TX_FROM] = now
            fresh_rows.append(fresh)
        self._conn.executemany("DELETE FROM facts WHERE row_id = ?", unseen)
        self._conn.executemany("UPDATE facts SET tx_to = ? WHERE row_id = ?", closed)
        self._conn.executemany(_INSERT, fresh_rows)

    def _version_row(self, new: Row, now: int) -> None:
        """Close a record's current version at ``now`` and insert ``new`` (keeping the stored
        access count); rewrite in place when the current version was itself written at ``now``
        (no moment ever saw it). Both write paths version records here."""
        found = self._conn.execute(
            "SELECT row_id, tx_from, access_count, last_accessed_at FROM facts WHERE id = ? AND tx_to IS NULL",
            (new[ID],),
        ).fetchone()
        if found is None:
            raise StoreError(f"fact {new[ID]} has no current version to revise")
        row_id, tx_from, access_count, last_accessed = found
        fresh = list(new)
        fresh[ACCESS_COUNT], fresh[LAST_ACCESSED_AT], fresh[TX_TO] = access_count, last_accessed, None
        if tx_from >= now:
            self._conn.execute("DELETE FROM facts WHERE row_id = ?", (row_id,))
            fresh[TX_FROM] = tx_from
        else:
            self._conn.execute("UPDATE facts SET tx_to = ? WHERE row_id = ?", (now, row_id))
            fresh[TX_FROM] = now
        self._conn.execute(_INSERT, fresh)
