"""The embedded store's recall indexes: per-user BM25 over facts and over episodes (in-memory
indexes, see :mod:`.text_index`), stored embeddings of both with per-user in-memory vector
indexes, and entity neighbourhoods. Mixed into :class:`SQLiteStore`.

The embedding queues and the change counters the in-memory indexes watch are kept in step with
their tables by triggers (migrations ``V2_RECALL``, ``V_EPISODE_SEARCH``), so every write path,
present or future, maintains them: rewriting an episode's content drops its vector and queues
it again, and tells every process's in-memory indexes of that user to rebuild.
Hard deletes rewrite the episodes they scrub (the triggers re-queue them) and, with
``secure_delete``, leave no freed page holding the old text.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import numpy as np

from ...language import search_text as search_form
from ..search_index import Scored, SearchIndex
from ..text_search import search_terms
from ..vector_index import ScopeVectors, VectorCache, unit
from .in_lists import in_chunks
from .text_index import FtsTokenizer, TextIndexCache, UserTextIndex

#: The tokenizer of the in-memory text indexes (the one the store's FTS5 indexes used).
FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"
#: An in-memory text index appends up to this many rows written since it looked (beyond four
#: times its own size), and is rebuilt past that.
_APPEND_ROWS = 20_000
#: Stored float32 vectors read lately (of one user's current vectors per table), kept for the
#: next reads of the same ids: one search reads a candidate's vector up to three times
#: (rescoring, missing cosines, update marks). Up to this many, then started afresh.
_RECENT_VECTORS = 4096


class _Table:
    """Where one kind of searchable row lives: its table, text column, vector tables and counters."""

    def __init__(self, rows: str, text: str, order: str, vectors: str, key: str, queue: str, scopes: str,
                 changes: str) -> None:
        self.rows, self.text, self.order = rows, text, order
        self.vectors, self.key, self.queue, self.scopes, self.changes = vectors, key, queue, scopes, changes


_FACTS = _Table("facts", "text", "row_id", "fact_vectors", "fact_id", "vector_queue", "vector_scopes",
                "SELECT count(*), coalesce(max(deleted_at), 0) FROM tombstones WHERE user_id = ?")
_EPISODES = _Table("episodes", "content", "rowid", "episode_vectors", "episode_id", "episode_vector_queue",
                   "episode_scopes", "SELECT edits, 0 FROM episode_scopes WHERE user_id = ?")


#: The episodes said just before and just after each seed (``?1`` the gap in microseconds,
#: ``?2`` the reach), as (seed, reference time, rowid, id) rows; a seed with none gets one row
#: of NULLs. ``+s.user_id``: the seeds are looked up by id, not by walking the user's index.
_NEIGHBOURS = (
    "SELECT s.id, e.reference_time, e.rowid, e.id FROM episodes s LEFT JOIN episodes e ON e.rowid IN ("
    "SELECT b.rowid FROM episodes b WHERE b.user_id = s.user_id AND b.run_id IS s.run_id "
    "AND (b.reference_time, b.rowid) < (s.reference_time, s.rowid) AND b.reference_time >= s.reference_time - ?1 "
    "ORDER BY b.reference_time DESC, b.rowid DESC LIMIT ?2) "
    "OR e.rowid IN (SELECT a.rowid FROM episodes a WHERE a.user_id = s.user_id AND a.run_id IS s.run_id "
    "AND (a.reference_time, a.rowid) > (s.reference_time, s.rowid) AND a.reference_time <= s.reference_time + ?1 "
    "ORDER BY a.reference_time, a.rowid LIMIT ?2) "
    "WHERE s.id IN ({marks}) AND +s.user_id = ?")

class SQLiteRecallIndex(SearchIndex):
    """The SearchIndex contract for SQLite (needs the store's ``_conn``)."""

    _conn: Any
    _vector_cache: VectorCache
    read_only: bool
    _episode_vector_cache: VectorCache
    _text_indexes: TextIndexCache
    _episode_text_indexes: TextIndexCache
    _models_checked: set[tuple[str, str | None, str]]
    _recent_vectors: dict[str, tuple[tuple[Any, ...], dict[str, np.ndarray]]]

    if TYPE_CHECKING:  # provided by SQLiteStore
        def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...
        def transaction(self) -> AbstractContextManager[None]: ...
        def _errors(self, what: str) -> AbstractContextManager[None]: ...

    def _init_recall(self, *, vector_cache_bytes: int, text_cache_bytes: int) -> None:
        self._vector_cache = VectorCache(vector_cache_bytes)
        self._episode_vector_cache = VectorCache(vector_cache_bytes)
        self._text_indexes = TextIndexCache(text_cache_bytes)
        self._episode_text_indexes = TextIndexCache(text_cache_bytes)
        self._tokenizer = FtsTokenizer(FTS_TOKENIZER)
        self._text_lock = threading.Lock()
        self._models_checked: set[tuple[str, str | None, str]] = set()
        self._recent_vectors: dict[str, tuple[tuple[Any, ...], dict[str, np.ndarray]]] = {}

    def _close_recall(self) -> None:
        """Drop the in-memory indexes (their words and vectors leave memory with the store)."""
        self._tokenizer.close()
        self._text_indexes = TextIndexCache(self._text_indexes.max_bytes)
        self._episode_text_indexes = TextIndexCache(self._episode_text_indexes.max_bytes)
        self._recent_vectors.clear()

    # -- text ----------------------------------------------------------------------------
    def search_text(self, user_id: str, query: str, *, limit: int) -> Scored:
        return self._bm25(_FACTS, self._text_indexes, user_id, query, limit)

    def search_episodes(self, user_id: str, query: str, *, limit: int) -> Scored:
        return self._bm25(_EPISODES, self._episode_text_indexes, user_id, query, limit)

    def _bm25(self, table: _Table, cache: TextIndexCache, user_id: str, query: str, limit: int) -> Scored:
        terms = search_terms(search_form(query))
        if not terms or limit <= 0:
            return []
        with self._text_lock:
            index = self._user_text_index(table, cache, user_id)
            return index.search(self._tokenizer.phrases(terms), int(limit))

    def _user_text_index(self, table: _Table, cache: TextIndexCache, user_id: str) -> UserTextIndex:
        """The user's in-memory BM25 index of one table, brought up to date: built on first use,
        extended by the rows written since it last looked, rebuilt after a delete or rewrite."""
        row = self._execute(table.changes, (user_id,)).fetchone()
        deletions = (int(row[0]), int(row[1])) if row is not None else (0, 0)
        last_row = int(self._execute(f"SELECT coalesce(max({table.order}), 0) FROM {table.rows}").fetchone()[0])
        current = " AND tx_to IS NULL" if table is _FACTS else ""
        index = cache.get(user_id)
        # Appending reads every row written since (all users'); past a point a rebuild is cheaper.
        if index is not None and index.deletions == deletions \
                and last_row - index.last_row <= 4 * len(index.ids) + _APPEND_ROWS:
            if index.last_row < last_row:
                index.add(self._execute(
                    f"SELECT id, {table.text} FROM {table.rows} WHERE {table.order} > ? AND user_id = ?{current}",
                    (index.last_row, user_id)).fetchall(), self._tokenizer)
                index.last_row = last_row
        else:
            index = UserTextIndex(last_row=last_row, deletions=deletions)
            index.add(self._execute(f"SELECT id, {table.text} FROM {table.rows} WHERE user_id = ?{current}",
                                    (user_id,)).fetchall(), self._tokenizer)
        cache.put(user_id, index)
        return index

    # -- embeddings ----------------------------------------------------------------------
    def put_embeddings(self, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]], *, model: str) -> int:
        return self._put_vectors(_FACTS, vectors, model)

    def put_episode_embeddings(self, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]], *,
                               model: str) -> int:
        return self._put_vectors(_EPISODES, vectors, model)

    def _put_vectors(self, table: _Table, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]],
                     model: str) -> int:
        rows = [(rid, model, unit(vec).tobytes(), rid) for rid, vec in vectors]
        if not rows or self.read_only:
            return 0  # read-only: what has no vector yet is found by words and the graph only
        current = " AND tx_to IS NULL" if table is _FACTS else ""
        with self.transaction(), self._errors("embeddings"):
            cursor = self._conn.executemany(
                f"INSERT OR REPLACE INTO {table.vectors} ({table.key}, user_id, model, vector) "
                f"SELECT ?, user_id, ?, ? FROM {table.rows} WHERE id = ?{current}", rows,
            )
            return int(cursor.rowcount)

    def pending_embeddings(self, user_id: str | None, *, limit: int, model: str | None = None) -> list[tuple[str, str]]:
        return self._pending(_FACTS, user_id, limit, model)

    def pending_episode_embeddings(self, user_id: str | None, *, limit: int,
                                   model: str | None = None) -> list[tuple[str, str]]:
        return self._pending(_EPISODES, user_id, limit, model)

    def _pending(self, table: _Table, user_id: str | None, limit: int, model: str | None) -> list[tuple[str, str]]:
        if model is not None:
            self._queue_other_models(table, user_id, model)
        where = ""
        params: list[Any] = [int(limit)]
        if user_id is not None:
            where = "WHERE q.user_id = ? "
            params = [user_id, int(limit)]
        current = " AND r.tx_to IS NULL" if table is _FACTS else ""
        rows = self._execute(
            f"SELECT q.{table.key}, r.{table.text} FROM {table.queue} q "
            f"JOIN {table.rows} r ON r.id = q.{table.key}{current} " + where + "LIMIT ?", params,
        ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def _queue_other_models(self, table: _Table, user_id: str | None, model: str) -> None:
        """Queue the vectors of another model (another MiniLM variant, say) to be embedded again
        by ``model``: vectors of two models never meet in one search. Looked at once per user
        and model in this process (a scan of the user's vectors)."""
        key = (table.vectors, user_id, model)
        if key in self._models_checked or self.read_only:
            return
        scope, params = ("AND user_id = ?", (model, user_id)) if user_id is not None else ("", (model,))
        with self.transaction(), self._errors("embeddings"):
            self._conn.execute(
                f"INSERT OR IGNORE INTO {table.queue} ({table.key}, user_id) "
                f"SELECT {table.key}, user_id FROM {table.vectors} WHERE model <> ? {scope}", params)
        self._models_checked.add(key)

    def vector_search(self, user_id: str, vector: np.ndarray, *, limit: int, model: str) -> Scored:
        return self._vector_search(_FACTS, user_id, vector, limit, model)

    def episode_vector_search(self, user_id: str, vector: np.ndarray, *, limit: int, model: str) -> Scored:
        return self._vector_search(_EPISODES, user_id, vector, limit, model)

    def _vector_search(self, table: _Table, user_id: str, vector: np.ndarray, limit: int, model: str) -> Scored:
        """The in-memory (bfloat16) index shortlists; the rows that could make the top ``limit``
        are rescored from their stored float32 vectors, so the answer is float32's."""
        query = unit(vector)
        state = self._vector_state(table, user_id)
        scope = self._scope_vectors(table, user_id, query.shape[0], model, state)
        return scope.search(query, int(limit),
                            exact=lambda ids: self._read_vectors(table, user_id, ids, model, state, scope))

    def embeddings(self, user_id: str, fact_ids: Sequence[str], *, model: str) -> dict[str, np.ndarray]:
        return self._stored_vectors(_FACTS, user_id, fact_ids, model)

    def episode_embeddings(self, user_id: str, episode_ids: Sequence[str], *, model: str) -> dict[str, np.ndarray]:
        return self._stored_vectors(_EPISODES, user_id, episode_ids, model)

    def _stored_vectors(self, table: _Table, user_id: str, ids: Sequence[str], model: str) -> dict[str, np.ndarray]:
        state = self._vector_state(table, user_id)
        cache = self._vector_cache if table is _FACTS else self._episode_vector_cache
        scope = cache.held(user_id, model, last_seq=state[0], removals=state[1])
        return self._read_vectors(table, user_id, list(dict.fromkeys(ids)), model, state, scope)

    def _vector_state(self, table: _Table, user_id: str) -> tuple[int, int]:
        """The user's (highest vector row, vector removals): any change to a stored vector of
        the user moves one of them (an insert or replace the first, a delete the second)."""
        row = self._execute(f"SELECT last_seq, removals FROM {table.scopes} WHERE user_id = ?", (user_id,)).fetchone()
        return (int(row[0]), int(row[1])) if row is not None else (0, 0)

    def _read_vectors(self, table: _Table, user_id: str, ids: list[str], model: str,
                      state: tuple[int, int], in_memory: ScopeVectors | None = None) -> dict[str, np.ndarray]:
        """The stored float32 vectors of these ids (the user's, of ``model``): those read since
        the user's vectors last changed from memory, the others from the table, by their rows'
        ``seq`` where the user's ``in_memory`` vectors know it (a row found there under another
        id is not taken), else by id."""
        scope = (user_id, model, *state)
        held = self._recent_vectors.get(table.vectors)
        if held is None or held[0] != scope or len(held[1]) > _RECENT_VECTORS:
            held = self._recent_vectors[table.vectors] = (scope, {})
        recent = held[1]
        found = {rid: recent[rid] for rid in ids if rid in recent}
        unread = [rid for rid in ids if rid not in found]
        seqs = in_memory.seqs_of(unread) if in_memory is not None else {}
        rows = list(seqs.values())
        for part, marks in in_chunks(rows, 500):
            for seq, rid, blob in self._execute(
                f"SELECT seq, {table.key}, vector FROM {table.vectors} WHERE seq IN ({marks}) "
                "AND +user_id = ? AND +model = ?", (*part, user_id, model),
            ).fetchall():
                if seqs.get(rid) == seq:
                    found[rid] = recent[rid] = np.frombuffer(blob, dtype=np.float32)
        unread = [rid for rid in unread if rid not in found]
        for chunk, marks in in_chunks(unread, 500):
            # ``+``: look the ids up by their key; for an IN list the planner otherwise walks the
            # user's index, i.e. every row of the user.
            for rid, blob in self._execute(
                f"SELECT {table.key}, vector FROM {table.vectors} WHERE {table.key} IN ({marks}) "
                "AND +user_id = ? AND +model = ?", (*chunk, user_id, model),
            ).fetchall():
                found[rid] = recent[rid] = np.frombuffer(blob, dtype=np.float32)
        return found

    def episode_neighbours(self, user_id: str, episode_ids: Sequence[str], *, max_gap: timedelta,
                           reach: int = 1) -> dict[str, list[str]]:
        """One statement for all seeds (round trips cost more than the lookups): each seed's
        neighbours on either side are a correlated lookup on ``episodes_user`` (user, reference
        time, then rowid), bounded by the gap."""
        gap = int(max_gap.total_seconds() * 1_000_000)
        wanted = list(dict.fromkeys(episode_ids))
        found: dict[str, list[tuple[int, int, str]]] = {}
        for chunk, marks in in_chunks(wanted, 500):
            for seed, *near in self._execute(
                    _NEIGHBOURS.format(marks=marks), (gap, int(reach), *chunk, user_id)
            ).fetchall():
                said = found.setdefault(seed, [])
                if near[2] is not None:
                    said.append((near[0], near[1], near[2]))
        return {eid: [nid for *_, nid in sorted(found[eid])] for eid in wanted if eid in found}

    @property
    def text_indexes(self) -> TextIndexCache:
        """The per-user in-memory BM25 indexes of facts (``nbytes``: what they hold)."""
        return self._text_indexes

    @property
    def episode_text_indexes(self) -> TextIndexCache:
        """The per-user in-memory BM25 indexes of episodes."""
        return self._episode_text_indexes

    @property
    def vector_cache(self) -> VectorCache:
        """The in-memory per-user index of fact vectors (its ``nbytes`` is what it holds)."""
        return self._vector_cache

    @property
    def episode_vector_cache(self) -> VectorCache:
        """The in-memory per-user index of episode vectors."""
        return self._episode_vector_cache

    def _scope_vectors(self, table: _Table, user_id: str, dim: int, model: str, state: tuple[int, int]) -> Any:
        last_seq, removals = state

        def load(after: int) -> list[tuple[int, str, np.ndarray]]:
            rows = self._execute(
                f"SELECT seq, {table.key}, vector FROM {table.vectors} WHERE user_id = ? AND model = ? AND seq > ? "
                "ORDER BY seq", (user_id, model, after),
            ).fetchall()
            return [(seq, rid, np.frombuffer(blob, dtype=np.float32)) for seq, rid, blob in rows]

        cache = self._vector_cache if table is _FACTS else self._episode_vector_cache
        return cache.scope(user_id, model, dim=dim, last_seq=last_seq, removals=removals, load=load)

    # -- graph -----------------------------------------------------------------------------
    def entity_fact_ids(self, user_id: str, name_keys: Sequence[str], *, limit: int) -> list[str]:
        keys = list(dict.fromkeys(name_keys))[:200]
        if not keys or limit <= 0:
            return []
        marks = ",".join("?" * len(keys))
        entity_ids = [r[0] for r in self._execute(
            f"SELECT id FROM entities WHERE user_id = ? AND name_key IN ({marks})", (user_id, *keys)).fetchall()]
        found: dict[str, int] = {}
        for entity_id in entity_ids:
            # Per entity and per side, newest rows first straight off the index (no sort of a
            # hub entity's thousands of facts).
            for column in ("subject_entity_id", "object_entity_id"):
                for fid, row_id in self._execute(
                    f"SELECT id, row_id FROM facts WHERE {column} = ? AND tx_to IS NULL ORDER BY row_id DESC LIMIT ?",
                    (entity_id, int(limit)),
                ).fetchall():
                    found[fid] = max(found.get(fid, 0), row_id)
        return sorted(found, key=lambda fid: -found[fid])[:limit]

    # -- cleanup -----------------------------------------------------------------------------
    def forget_indexed(self, user_id: str, *, episode_ids: Sequence[str] = ()) -> None:
        ids = list(dict.fromkeys(episode_ids))
        with self.transaction(), self._errors("index cleanup"):
            for chunk, marks in in_chunks(ids, 500):
                self._conn.execute(f"DELETE FROM episode_vectors WHERE episode_id IN ({marks})", chunk)
                self._conn.execute(
                    "INSERT OR IGNORE INTO episode_vector_queue (episode_id, user_id) "
                    f"SELECT id, user_id FROM episodes WHERE id IN ({marks})", chunk)
            # Other processes sharing the file rebuild their in-memory indexes of this user too.
            self._conn.execute("INSERT INTO episode_scopes (user_id, edits) VALUES (?, 1) "
                               "ON CONFLICT (user_id) DO UPDATE SET edits = edits + 1", (user_id,))
        self._forget_cached({user_id})

    def _forget_cached(self, user_ids: set[str]) -> None:
        for cache in (self._vector_cache, self._episode_vector_cache, self._text_indexes,
                      self._episode_text_indexes):
            cache.forget(user_ids)
        self._recent_vectors.clear()

    # -- hard delete hooks -----------------------------------------------------------------
    def _forget_recall_entries(self) -> None:
        """Remove the vectors and queue entries of the records a hard delete listed in ``temp.doomed``."""
        self._conn.execute("DELETE FROM fact_vectors WHERE fact_id IN (SELECT id FROM temp.doomed)")
        self._conn.execute("DELETE FROM vector_queue WHERE fact_id IN (SELECT id FROM temp.doomed)")

    def _compact_recall_indexes(self, user_ids: set[str], *, episodes_changed: bool = True) -> None:
        """Drop the in-memory indexes of the users whose records were deleted (their scrubbed
        episodes' vectors went with the rewrite, by trigger)."""
        self._forget_cached(user_ids)
