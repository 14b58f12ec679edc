"""The embedded store: one SQLite file (WAL), no server.

Durability: WAL with ``synchronous=FULL`` by default, every write in ``BEGIN IMMEDIATE`` so
concurrent processes serialise instead of failing, ``busy_timeout`` so callers wait rather
than see "database is locked". Hard deletes run with ``secure_delete`` on and checkpoint the
WAL, so deleted text leaves the files.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from ...errors import StoreError, UsageError
from ...model import AuditEntry, Entity, EntityType, Episode, Fact, SourceSpan, Tombstone, new_id
from ...temporal.instants import from_micros, to_micros
from ...temporal.timeline import object_key
from ..records import FACT_FIELDS, fact_to_row, row_to_fact
from ..store import ChangeSet, FactQuery, GraphStore, SpanRow, StoreDump
from .bulk import SQLiteBulkWriter, reinforce_and_link
from .driver import SQLITE_ERRORS, sqlite3
from .in_lists import in_chunks
from .migrations import SUMMARY_ROWS, check_schema, is_damage, migrate
from .recall import SQLiteRecallIndex

_INSERT_SPAN = "INSERT OR REPLACE INTO fact_spans (fact_id, episode_id, span_start, span_end) VALUES (?, ?, ?, ?)"
_SELECT = "SELECT " + ", ".join(FACT_FIELDS) + " FROM facts"
_INSERT = (
    "INSERT INTO facts (" + ", ".join(FACT_FIELDS) + ") VALUES (" + ", ".join("?" * len(FACT_FIELDS)) + ")"
)


def _m(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


class FetchedRows(list[Any]):
    """Rows already fetched, read like a cursor (``fetchone``, ``fetchall``, iteration)."""

    def fetchall(self) -> list[Any]:
        return list(self)

    def fetchone(self) -> Any:
        return self[0] if self else None


class SQLiteStore(SQLiteBulkWriter, SQLiteRecallIndex, GraphStore):
    """GraphStore on one SQLite file; ``path=None`` keeps everything in memory."""

    def __init__(self, path: str | os.PathLike[str] | None, *, synchronous: str = "FULL",
                 busy_timeout_ms: int = 60_000, vector_cache_bytes: int = 1 << 30,
                 text_cache_bytes: int = 256 << 20, create: bool = True, read_only: bool | None = None,
                 verify: bool = False) -> None:
        """``create=False``: a missing file is an error instead of a new store. ``read_only``:
        open without write access (None: when the file or its folder is not writable), so a
        read never changes the file. ``verify``: run ``PRAGMA quick_check`` first, so a damaged
        file is refused before anything is read from it or written to it."""
        if synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
            raise ValueError(f"synchronous: {synchronous!r} is not OFF, NORMAL, FULL or EXTRA")
        self.path = None if path is None else Path(path)
        try:  # SQLite takes the name as bytes: one read from undecodable bytes (a surrogate escape) opens too
            file_name = None if self.path is None else os.fsencode(self.path)
        except UnicodeEncodeError:
            raise UsageError("path", f"{str(path)!r} is not a file name this system can encode") from None
        if self.path is not None and self.path.is_dir():
            raise UsageError("path", f"{str(self.path)!r} is a folder; name a file in it (e.g. memory.db)")
        self._lock = threading.RLock()
        self._depth = 0
        self._damaged: str | None = None
        self._busy_timeout_ms = int(busy_timeout_ms)
        #: Why deleted text may still be in the write-ahead log (None: it is not).
        self._purge_pending: str | None = None
        if self.path is not None and not self.path.exists() and (not create or read_only):
            raise StoreError(f"no store at {self.path}: nothing was created (check --db / the path, "
                             "or write something to it first)")
        if read_only is None:
            read_only = self.path is not None and self.path.exists() and not (
                os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK))
        self.read_only = bool(read_only) and self.path is not None
        with self._errors("open"):
            if self.path is not None and not self.read_only:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.read_only:
                assert self.path is not None
                self._conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                             isolation_level=None, check_same_thread=False,
                                             timeout=busy_timeout_ms / 1000)
            else:
                self._conn = sqlite3.connect(":memory:" if file_name is None else file_name,
                                             isolation_level=None, check_same_thread=False,
                                             timeout=busy_timeout_ms / 1000)
            self._conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            if verify and self.path is not None:
                problems = [r[0] for r in self._conn.execute("PRAGMA quick_check(5)").fetchall()]
                if problems != ["ok"]:
                    raise self._damage(f"quick_check reports: {'; '.join(problems)[:300]}")
            if self.path is not None and not self.read_only:
                self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            self._synchronous = synchronous.upper()
            self._conn.execute("PRAGMA foreign_keys = ON")
            self._conn.execute("PRAGMA secure_delete = ON")
            self._conn.execute("PRAGMA temp_store = MEMORY")
            self._conn.execute("PRAGMA cache_size = -65536")
            if self.read_only:
                check_schema(self._conn, str(self.path))
            else:
                migrate(self._conn, str(self.path))
        self._closed = False
        self._init_recall(vector_cache_bytes=vector_cache_bytes, text_cache_bytes=text_cache_bytes)

    # -- plumbing ----------------------------------------------------------------------
    @contextmanager
    def _errors(self, what: str) -> Iterator[None]:
        """Translate driver errors into StoreError, the one place this store does so. A damaged
        file is named with what to run, and from then on this store refuses every write."""
        try:
            yield
        except StoreError:
            raise
        except SQLITE_ERRORS as exc:
            if is_damage(exc):
                raise self._damage(str(exc)) from exc
            if self.read_only and "readonly" in str(exc):
                raise StoreError(f"{self.path} is open read-only; {what} needs write access") from exc
            raise StoreError(f"SQLite {what} failed: {exc}") from exc
        except RuntimeError as exc:  # raised by migrate() for a too-new schema
            raise StoreError(str(exc)) from exc

    def _damage(self, detail: str) -> StoreError:
        """Mark the store damaged (no more writes) and say which file and what to run."""
        where = self.path if self.path is not None else "the in-memory store"
        self._damaged = (f"{where} is damaged ({detail}); nothing more is written to it. Check it with "
                         f"`sqlite3 {where} 'PRAGMA integrity_check'` and restore it from a backup "
                         "(`kronograph export` copies what can still be read)")
        return StoreError(self._damaged)

    @property
    def connection(self) -> Any:
        """The raw connection, for benchmarks and extensions inside graph/."""
        return self._conn

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement and fetch all its rows inside the error boundary (a cursor read
        later would raise the driver's own error past it)."""
        with self._lock, self._errors("query"):
            return FetchedRows(self._conn.execute(sql, params).fetchall())

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            if self._damaged is not None:
                raise StoreError(self._damaged)
            if self.read_only:
                raise StoreError(f"{self.path} is open read-only (the file or its folder is not writable); "
                                 "this command needs write access")
            with self._errors("begin"):
                self._conn.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield
            except BaseException:
                self._depth = 0
                with self._errors("rollback"):
                    self._conn.execute("ROLLBACK")
                raise
            self._depth = 0
            with self._errors("commit"):
                self._conn.execute("COMMIT")
            if self._purge_pending is not None:
                self._purge_wal()

    def _close(self) -> None:
        with self._errors("close"):
            if self.path is not None and not self.read_only and self._damaged is None:
                self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.close()
            self._close_recall()

    def flush_deletions(self, *, retry: bool = True) -> str | None:
        with self._lock:
            if retry and self._purge_pending is not None and self._depth == 0:
                self._purge_wal()
            return self._purge_pending

    def _purge_wal(self) -> None:
        """After a hard delete commits, copy the write-ahead log into the file and truncate it:
        the deleted text is then in no frame of the log and, zeroed by ``secure_delete``, in
        no page of the file. A reader in another process can keep the checkpoint from
        finishing; then the purge stays pending (waiting at most 2 s) and is retried after the
        next commit and at close."""
        if self.path is None:
            self._purge_pending = None
            return
        conn = self._conn
        with self._errors("checkpoint"):
            conn.execute("PRAGMA busy_timeout = 2000")
            try:
                busy, _log, _done = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            finally:
                conn.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms}")
        wal = self.path.with_name(self.path.name + "-wal")
        left = wal.stat().st_size if wal.exists() else 0
        if busy or left:
            self._purge_pending = (f"another connection is reading {self.path}, so its write-ahead log "
                                   f"({left} bytes) still holds deleted text; it is purged at this store's "
                                   "next write or close")
        else:
            self._purge_pending = None

    def checkpoint(self) -> None:
        """Copy the WAL into the main file and truncate it."""
        if self.path is not None:
            self._execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- writes ------------------------------------------------------------------------
    def _write(self, changes: ChangeSet) -> None:
        now = to_micros(changes.now)
        conn = self._conn
        with self._errors("write"):
            if changes.created:
                conn.executemany(_INSERT, [tuple(fact_to_row(f, changes.now)) for f in changes.created])
            self._version_rows([fact_to_row(fact, changes.now) for fact in changes.revised], now)
            reinforce_and_link(conn, now, changes.reinforced, changes.sources)
            if changes.spans:
                conn.executemany(_INSERT_SPAN, changes.spans)
            if changes.access_added:
                conn.executemany(
                    "UPDATE facts SET access_count = access_count + ? WHERE id = ? AND tx_to IS NULL",
                    [(n, fid) for fid, n in changes.access_added.items()],
                )
            if changes.audit:
                conn.executemany(
                    "INSERT INTO audit (at, action, user_id, fact_id, detail) VALUES (?, ?, ?, ?, ?)",
                    [(now, a, u, f, json.dumps(d, sort_keys=True, default=str)) for a, u, f, d in changes.audit],
                )

    def ensure_entities(self, user_id: str, names: Sequence[tuple[str, EntityType]], now: datetime) -> dict[str, Entity]:
        out: dict[str, Entity] = {}
        wanted: dict[str, tuple[str, EntityType]] = {}
        for name, etype in names:
            wanted.setdefault(object_key(name), (name, etype))
        if not wanted:
            return out
        with self.transaction(), self._errors("entities"):
            self._conn.executemany(
                "INSERT OR IGNORE INTO entities (id, user_id, name, name_key, type, created_at) VALUES (?,?,?,?,?,?)",
                [(new_id(), user_id, n, k, t.value, to_micros(now)) for k, (n, t) in wanted.items()],
            )
            keys = list(wanted)
            for chunk, marks in in_chunks(keys, 500):
                for eid, name, key, etype, created in self._conn.execute(
                    f"SELECT id, name, name_key, type, created_at FROM entities WHERE user_id = ? AND name_key IN ({marks})",
                    (user_id, *chunk),
                ):
                    out[key] = Entity(id=eid, user_id=user_id, name=name, type=EntityType(etype),
                                      created_at=from_micros(created))
        return out

    def add_episode(self, episode: Episode) -> None:
        with self.transaction(), self._errors("episode"):
            self._conn.execute(
                "INSERT INTO episodes (id, user_id, agent_id, app_id, run_id, content, reference_time, recorded_at, "
                "archived_at, language) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (episode.id, episode.user_id, episode.agent_id, episode.app_id, episode.run_id, episode.content,
                 to_micros(episode.reference_time), to_micros(episode.recorded_at), _m(episode.archived_at),
                 episode.language),
            )
            if episode.fact_ids:
                self._conn.executemany(
                    "INSERT OR IGNORE INTO fact_sources (fact_id, episode_id) VALUES (?, ?)",
                    [(fid, episode.id) for fid in episode.fact_ids],
                )

    def hard_delete(self, fact_ids: Sequence[str], *, now: datetime, reason: str,
                    episodes: Mapping[str, str] | None = None,
                    spans: Mapping[str, Sequence[SpanRow]] | None = None) -> list[Tombstone]:
        ids = list(dict.fromkeys(fact_ids))
        if not ids and not episodes:
            return []
        with self.transaction(), self._errors("hard delete"):
            conn = self._conn
            # The triggers re-index each rewritten episode; optimize below drops the old terms.
            conn.executemany("UPDATE episodes SET content = ? WHERE id = ?",
                             [(content, eid) for eid, content in (episodes or {}).items()])
            if spans:
                conn.executemany("DELETE FROM fact_spans WHERE episode_id = ?", [(eid,) for eid in spans])
                conn.executemany(_INSERT_SPAN, [row for rows in spans.values() for row in rows])
            # Set-based: the ids go into a temporary table, and each table loses its rows in one statement.
            conn.execute("CREATE TEMP TABLE IF NOT EXISTS doomed (id TEXT PRIMARY KEY) WITHOUT ROWID")
            conn.execute("DELETE FROM temp.doomed")
            conn.executemany("INSERT OR IGNORE INTO temp.doomed (id) VALUES (?)", [(i,) for i in ids])
            owners = dict(conn.execute(
                "SELECT f.id, f.user_id FROM facts f JOIN temp.doomed d ON d.id = f.id GROUP BY f.id").fetchall())
            entity_ids = [r[0] for r in conn.execute(
                "SELECT subject_entity_id FROM facts WHERE id IN (SELECT id FROM temp.doomed) "
                "AND subject_entity_id IS NOT NULL UNION SELECT object_entity_id FROM facts "
                "WHERE id IN (SELECT id FROM temp.doomed) AND object_entity_id IS NOT NULL").fetchall()]
            self._forget_recall_entries()
            for table, column in (("fact_sources", "fact_id"), ("fact_spans", "fact_id"), ("facts", "id"),
                                  ("audit", "fact_id")):
                conn.execute(f"DELETE FROM {table} WHERE {column} IN (SELECT id FROM temp.doomed)")
            conn.executemany(
                "DELETE FROM entities WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM facts WHERE subject_entity_id = ?1) "
                "AND NOT EXISTS (SELECT 1 FROM facts WHERE object_entity_id = ?1)", [(e,) for e in entity_ids])
            conn.execute("DELETE FROM temp.doomed")
            stones = [Tombstone.trusted({"fact_id": fid, "user_id": owners[fid], "deleted_at": now, "reason": reason})
                      for fid in ids if fid in owners]
            at = to_micros(now)
            conn.executemany("INSERT OR REPLACE INTO tombstones (fact_id, user_id, deleted_at, reason) VALUES (?,?,?,?)",
                             [(t.fact_id, t.user_id, at, reason) for t in stones])
            conn.executemany(
                "INSERT INTO audit (at, action, user_id, fact_id, detail) VALUES (?, 'hard_delete', ?, ?, '{}')",
                [(at, t.user_id, t.fact_id) for t in stones])
            self._compact_recall_indexes({stone.user_id for stone in stones}, episodes_changed=bool(episodes))
            if stones or episodes:
                self._purge_pending = "the deletion has not been committed yet"
        return stones

    def episode_spans(self, episode_ids: Sequence[str]) -> dict[str, list[SpanRow]]:
        ids = list(dict.fromkeys(episode_ids))
        out: dict[str, list[SpanRow]] = {}
        with self._lock, self._errors("read"):
            for chunk, marks in in_chunks(ids):
                for fid, eid, s, e in self._conn.execute(
                        "SELECT fact_id, episode_id, span_start, span_end FROM fact_spans "
                        f"WHERE episode_id IN ({marks}) ORDER BY episode_id, span_start, fact_id",
                        chunk):
                    out.setdefault(eid, []).append((fid, eid, s, e))
        return out

    def touch(self, fact_ids: Sequence[str], now: datetime) -> None:
        if not fact_ids or self.read_only or self._damaged is not None:
            return  # access counts only rank: a read-only or damaged store is not written for them
        # Access counts only rank; losing the last few to a power cut is harmless, so their
        # commit skips the fsync (WAL, synchronous=NORMAL: 0.1 ms instead of ~4 ms a recall).
        # Later durable commits sync these frames too.
        with self._lock:
            relaxed = self._depth == 0 and self.path is not None and self._synchronous in {"FULL", "EXTRA"}
            if relaxed:
                self._conn.execute("PRAGMA synchronous = NORMAL")
            try:
                with self.transaction(), self._errors("touch"):
                    self._conn.executemany(
                        "UPDATE facts SET access_count = access_count + 1, last_accessed_at = ? "
                        "WHERE id = ? AND tx_to IS NULL",
                        [(to_micros(now), fid) for fid in fact_ids],
                    )
            finally:
                if relaxed:
                    self._conn.execute(f"PRAGMA synchronous = {self._synchronous}")

    # -- reads -------------------------------------------------------------------------
    def _facts(self, sql: str, params: Sequence[Any]) -> list[Fact]:
        with self._lock, self._errors("read"):
            rows = self._conn.execute(sql, params).fetchall()
            if not rows:
                return []
            sources: dict[str, list[str]] = {}
            spans: dict[str, list[SourceSpan]] = {}
            ids = list({r[0] for r in rows})
            for chunk, marks in in_chunks(ids):
                for fid, eid, begin, end in self._conn.execute(
                    "SELECT s.fact_id, s.episode_id, p.span_start, p.span_end FROM fact_sources s "
                    "LEFT JOIN fact_spans p ON p.fact_id = s.fact_id AND p.episode_id = s.episode_id "
                    f"WHERE s.fact_id IN ({marks}) ORDER BY s.fact_id, s.episode_id, p.span_start", chunk
                ):
                    links = sources.setdefault(fid, [])
                    if not links or links[-1] != eid:
                        links.append(eid)
                    if begin is not None:
                        spans.setdefault(fid, []).append(SourceSpan.trusted(
                            {"episode_id": eid, "start": begin, "end": end}))
        return [row_to_fact(r, sources.get(r[0], []), spans.get(r[0])) for r in rows]

    def slot_records(self, user_id: str, subject_key: str, predicate: str) -> list[Fact]:
        return self._facts(
            _SELECT + " WHERE user_id = ? AND subject_key = ? AND predicate = ? AND tx_to IS NULL "
            "AND retracted_at IS NULL ORDER BY valid_from, recorded_at",
            (user_id, subject_key, predicate),
        )

    def slot_records_many(self, keys: Sequence[tuple[str, str, str]]) -> dict[tuple[str, str, str], list[Fact]]:
        out: dict[tuple[str, str, str], list[Fact]] = {key: [] for key in keys}
        unique = list(out)
        for start in range(0, len(unique), 300):
            chunk = unique[start:start + 300]
            values = ",".join("(?,?,?)" for _ in chunk)
            params = [part for key in chunk for part in key]
            sql = (
                f"WITH wanted(u, s, p) AS (VALUES {values}) "
                # CROSS JOIN + INDEXED BY: left to itself the planner builds an automatic index
                # over every current row for a few hundred slots (13 s at 1M facts, not 50 ms).
                + _SELECT.replace(" FROM facts", " FROM wanted CROSS JOIN facts INDEXED BY facts_slot "
                                  "ON facts.user_id = wanted.u AND facts.subject_key = wanted.s "
                                  "AND facts.predicate = wanted.p")
                + " WHERE tx_to IS NULL AND retracted_at IS NULL ORDER BY valid_from, recorded_at"
            )
            for fact in self._facts(sql, params):
                out[(fact.user_id, object_key(fact.subject), fact.predicate)].append(fact)
        return out

    def query(self, q: FactQuery) -> list[Fact]:
        known = to_micros(q.known_at)
        # With ids given, look them up by id: "+user_id" keeps the planner off the per-user
        # index, which would scan every record of the user.
        user_filter = "+user_id = ?" if q.fact_ids is not None else "user_id = ?"
        where = [user_filter, "tx_from <= ?", "(tx_to IS NULL OR tx_to > ?)"]
        params: list[Any] = [q.user_id, known, known]
        for column, value in (("subject_key", q.subject_key), ("predicate", q.predicate),
                              ("object_key", q.object_key), ("agent_id", q.agent_id),
                              ("app_id", q.app_id), ("run_id", q.run_id)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if q.as_of is not None:
            at = to_micros(q.as_of)
            where.append("valid_from <= ? AND (valid_until IS NULL OR valid_until > ?)")
            params += [at, at]
        lifecycles = sorted(s.value for s in q.lifecycles)
        where.append(f"lifecycle IN ({','.join('?' * len(lifecycles))})")
        params += lifecycles
        if not q.include_expired:
            where.append("(expires_at IS NULL OR expires_at > ?)")
            params.append(known)
        if q.fact_ids is not None:
            where.append(f"id IN ({','.join('?' * len(q.fact_ids))})")
            params += list(q.fact_ids)
        sql = _SELECT + " WHERE " + " AND ".join(where) + " ORDER BY valid_from, recorded_at, id"
        if q.limit is not None:
            sql += f" LIMIT {int(q.limit)}"
        return self._facts(sql, params)

    def current(self, user_id: str, *, subject_key: str | None = None, predicate: str | None = None,
                fact_ids: Sequence[str] | None = None) -> list[Fact]:
        where = ["user_id = ?", "tx_to IS NULL"]
        params: list[Any] = [user_id]
        if subject_key is not None:
            where.append("subject_key = ?")
            params.append(subject_key)
        if predicate is not None:
            where.append("predicate = ?")
            params.append(predicate)
        if fact_ids is not None:
            where.append(f"id IN ({','.join('?' * len(fact_ids))})")
            params += list(fact_ids)
        return self._facts(_SELECT + " WHERE " + " AND ".join(where) + " ORDER BY valid_from, recorded_at, id", params)

    def versions(self, fact_id: str) -> list[Fact]:
        return self._facts(_SELECT + " WHERE id = ? ORDER BY tx_from, row_id", (fact_id,))

    def versions_many(self, fact_ids: Sequence[str]) -> dict[str, list[Fact]]:
        ids = list(dict.fromkeys(fact_ids))
        out: dict[str, list[Fact]] = {}
        for chunk, marks in in_chunks(ids):
            for fact in self._facts(_SELECT + f" WHERE id IN ({marks}) ORDER BY tx_from, row_id",
                                    chunk):
                out.setdefault(fact.id, []).append(fact)
        return out

    def may_hold_summaries(self, user_id: str) -> bool:
        # A summary keeps its level in memory_fields; the partial index facts_summaries holds those rows.
        return self._execute(f"SELECT 1 FROM facts WHERE user_id = ? AND {SUMMARY_ROWS} LIMIT 1",
                             (user_id,)).fetchone() is not None

    def episode_texts(self, user_id: str) -> dict[str, str]:
        return dict(self._execute("SELECT id, content FROM episodes WHERE user_id = ? "
                                  "ORDER BY reference_time DESC, recorded_at DESC", (user_id,)).fetchall())

    def _episode(self, row: Sequence[Any], fact_ids: list[str] | None = None) -> Episode:
        if fact_ids is None:
            fact_ids = [r[0] for r in self._conn.execute(
                "SELECT fact_id FROM fact_sources WHERE episode_id = ? ORDER BY fact_id", (row[0],))]
        return Episode(id=row[0], user_id=row[1], agent_id=row[2], app_id=row[3], run_id=row[4], content=row[5],
                       reference_time=from_micros(row[6]), recorded_at=from_micros(row[7]), fact_ids=fact_ids,
                       archived_at=None if row[8] is None else from_micros(row[8]), language=row[9])

    _EPISODE_SELECT = ("SELECT id, user_id, agent_id, app_id, run_id, content, reference_time, recorded_at, archived_at, "
                       "language "
                       "FROM episodes")

    def archive_episodes(self, episode_ids: Sequence[str], *, at: datetime) -> None:
        ids = list(dict.fromkeys(episode_ids))
        with self.transaction(), self._errors("archive episodes"):
            for chunk, marks in in_chunks(ids):
                self._conn.execute(
                    f"UPDATE episodes SET archived_at = ? WHERE archived_at IS NULL AND id IN ({marks})",
                    (to_micros(at), *chunk))

    def get_episode(self, episode_id: str) -> Episode | None:
        with self._lock, self._errors("read"):
            row = self._conn.execute(self._EPISODE_SELECT + " WHERE id = ?", (episode_id,)).fetchone()
            return None if row is None else self._episode(row)

    def get_episodes(self, episode_ids: Sequence[str]) -> dict[str, Episode]:
        ids = list(dict.fromkeys(episode_ids))
        out: dict[str, Episode] = {}
        with self._lock, self._errors("read"):
            for chunk, marks in in_chunks(ids):
                links: dict[str, list[str]] = {eid: [] for eid in chunk}
                for eid, fid in self._conn.execute(
                        f"SELECT episode_id, fact_id FROM fact_sources WHERE episode_id IN ({marks}) ORDER BY fact_id",
                        chunk):
                    links[eid].append(fid)
                for row in self._conn.execute(self._EPISODE_SELECT + f" WHERE id IN ({marks})", chunk).fetchall():
                    out[row[0]] = self._episode(row, links[row[0]])
        return out

    def episodes(self, user_id: str, *, limit: int | None = None) -> list[Episode]:
        sql = self._EPISODE_SELECT + " WHERE user_id = ? ORDER BY reference_time DESC, recorded_at DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._lock, self._errors("read"):
            return [self._episode(r) for r in self._conn.execute(sql, (user_id,)).fetchall()]

    def entities(self, user_id: str) -> list[Entity]:
        rows = self._execute(
            "SELECT id, name, type, created_at FROM entities WHERE user_id = ? ORDER BY name_key", (user_id,)
        ).fetchall()
        return [Entity(id=r[0], user_id=user_id, name=r[1], type=EntityType(r[2]), created_at=from_micros(r[3]))
                for r in rows]

    def tombstones(self, user_id: str) -> list[Tombstone]:
        rows = self._execute(
            "SELECT fact_id, deleted_at, reason FROM tombstones WHERE user_id = ? ORDER BY deleted_at", (user_id,)
        ).fetchall()
        return [Tombstone(fact_id=r[0], user_id=user_id, deleted_at=from_micros(r[1]), reason=r[2]) for r in rows]

    def audit_log(self, *, user_id: str | None = None, fact_id: str | None = None,
                  limit: int | None = None) -> list[AuditEntry]:
        where, params = [], []
        if user_id is not None:
            where.append("user_id = ?")
            params.append(user_id)
        if fact_id is not None:
            where.append("fact_id = ?")
            params.append(fact_id)
        sql = "SELECT id, at, action, user_id, fact_id, detail FROM audit"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [AuditEntry(id=r[0], at=from_micros(r[1]), action=r[2], user_id=r[3], fact_id=r[4],
                           detail=json.loads(r[5])) for r in self._execute(sql, params).fetchall()]

    def user_ids(self) -> list[str]:
        return [r[0] for r in self._execute(
            "SELECT user_id FROM facts UNION SELECT user_id FROM episodes ORDER BY user_id").fetchall()]

    def iter_all_versions(self) -> Iterator[Fact]:
        yield from self._facts(_SELECT + " ORDER BY user_id, tx_from, row_id", ())

    def _load(self, dump: StoreDump) -> None:
        with self._errors("load"):
            conn = self._conn
            conn.executemany(
                "INSERT INTO entities (id, user_id, name, name_key, type, created_at) VALUES (?,?,?,?,?,?)",
                [(e.id, e.user_id, e.name, object_key(e.name), e.type.value, to_micros(e.created_at))
                 for e in dump.entities],
            )
            rows = []
            for fact in dump.versions:
                assert fact.version_from is not None  # checked by GraphStore.load
                rows.append(fact_to_row(fact, fact.version_from)._replace(tx_to=_m(fact.version_until)))
            conn.executemany(_INSERT, rows)
            conn.executemany(
                "INSERT INTO episodes (id, user_id, agent_id, app_id, run_id, content, reference_time, recorded_at, "
                "archived_at, language) VALUES (?,?,?,?,?,?,?,?,?,?)",
                [(ep.id, ep.user_id, ep.agent_id, ep.app_id, ep.run_id, ep.content, to_micros(ep.reference_time),
                  to_micros(ep.recorded_at), _m(ep.archived_at), ep.language) for ep in dump.episodes],
            )
            conn.executemany(
                "INSERT OR IGNORE INTO fact_sources (fact_id, episode_id) VALUES (?, ?)",
                [(fid, ep.id) for ep in dump.episodes for fid in ep.fact_ids],
            )
            conn.executemany(_INSERT_SPAN, list(dict.fromkeys(
                (f.id, span.episode_id, span.start, span.end) for f in dump.versions for span in f.source_spans)))
            conn.executemany(
                "INSERT INTO tombstones (fact_id, user_id, deleted_at, reason) VALUES (?,?,?,?)",
                [(t.fact_id, t.user_id, to_micros(t.deleted_at), t.reason) for t in dump.tombstones],
            )
            conn.executemany(
                "INSERT INTO audit (id, at, action, user_id, fact_id, detail) VALUES (?,?,?,?,?,?)",
                [(a.id, to_micros(a.at), a.action, a.user_id, a.fact_id, json.dumps(a.detail, sort_keys=True,
                                                                                   default=str))
                 for a in dump.audit],
            )
