"""The embedded store's recall indexes: BM25 over facts (a per-user in-memory index, see
:mod:`.text_index`) and over episodes (FTS5), stored embeddings with a per-user in-memory vector
index, and entity neighbourhoods. Mixed into :class:`SQLiteStore`.

The FTS indexes and the embedding queue are kept in step with their tables by triggers
(migration ``V2_RECALL``), so every write path, present or future, maintains them. Hard
deletes remove a record's vector and its cached copies; the episode index forgets deleted
terms through an ``optimize`` merge, which rewrites it without them (the freed pages are
zeroed by ``secure_delete``). FTS5's own ``secure-delete`` option is not used: it changes the
file format to one SQLite < 3.42 cannot read (see ``migrations.portable_fts``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

import numpy as np

from ..text_search import fts_phrase as _phrase
from ..text_search import search_terms
from ..vector_index import VectorCache, unit
from .text_index import FtsTokenizer, TextIndexCache, UserTextIndex

#: The tokenizer of the store's FTS5 indexes (migration V2_RECALL); the in-memory text index uses it too.
FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"
#: An in-memory text index appends up to this many rows written since it looked (beyond four
#: times its own size), and is rebuilt past that.
_APPEND_ROWS = 20_000


def user_key(user_id: str) -> str:
    """The one-token key the search indexes file a user's rows under (see migration V2_RECALL)."""
    return "u" + user_id.encode().hex()


class SQLiteRecallIndex:
    """Recall methods of the GraphStore contract for SQLite (needs the store's ``_conn``)."""

    _conn: Any
    _vector_cache: VectorCache
    read_only: bool
    _text_indexes: TextIndexCache

    if TYPE_CHECKING:  # provided by SQLiteStore
        def _execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...
        def transaction(self) -> AbstractContextManager[None]: ...
        def _errors(self, what: str) -> AbstractContextManager[None]: ...

    def _init_recall(self, *, vector_cache_bytes: int, text_cache_bytes: int) -> None:
        self._vector_cache = VectorCache(vector_cache_bytes)
        self._text_indexes = TextIndexCache(text_cache_bytes)
        self._tokenizer = FtsTokenizer(FTS_TOKENIZER)
        self._text_lock = threading.Lock()

    def _close_recall(self) -> None:
        """Drop the in-memory indexes (their words and vectors leave memory with the store)."""
        self._tokenizer.close()
        self._text_indexes = TextIndexCache(self._text_indexes.max_bytes)

    # -- text ----------------------------------------------------------------------------
    def search_text(self, user_id: str, query: str, *, limit: int) -> list[tuple[str, float]]:
        terms = search_terms(query)
        if not terms or limit <= 0:
            return []
        with self._text_lock:
            return self._user_text_index(user_id).search(self._tokenizer.phrases(terms), int(limit))

    def _user_text_index(self, user_id: str) -> UserTextIndex:
        """The user's in-memory BM25 index, brought up to date: built on first use, extended
        by the records written since it last looked, rebuilt after a hard delete."""
        count, newest = self._execute(
            "SELECT count(*), coalesce(max(deleted_at), 0) FROM tombstones WHERE user_id = ?", (user_id,)).fetchone()
        deletions = (int(count), int(newest))
        last_row = int(self._execute("SELECT coalesce(max(row_id), 0) FROM facts").fetchone()[0])
        index = self._text_indexes.get(user_id)
        # Appending reads every row written since (all users'); past a point a rebuild is cheaper.
        if index is not None and index.deletions == deletions \
                and last_row - index.last_row <= 4 * len(index.ids) + _APPEND_ROWS:
            if index.last_row < last_row:
                index.add(self._execute(
                    "SELECT id, text FROM facts WHERE row_id > ? AND user_id = ? AND tx_to IS NULL",
                    (index.last_row, user_id)).fetchall(), self._tokenizer)
                index.last_row = last_row
        else:
            index = UserTextIndex(last_row=last_row, deletions=deletions)
            index.add(self._execute("SELECT id, text FROM facts WHERE user_id = ? AND tx_to IS NULL",
                                    (user_id,)).fetchall(), self._tokenizer)
        self._text_indexes.put(user_id, index)
        return index

    def search_episodes(self, user_id: str, query: str, *, limit: int) -> list[tuple[str, float]]:
        terms = search_terms(query)
        if not terms or limit <= 0:
            return []
        match = f"user_key : {user_key(user_id)} AND content : ({' OR '.join(_phrase(t) for t in terms)})"
        # The full-text query runs once, as the outer loop (CROSS JOIN fixes the join order;
        # with episodes outside, SQLite would re-run the MATCH for every row).
        rows = self._execute(
            "SELECT e.id, -s.score FROM (SELECT rowid, bm25(episode_search, 1.0, 0.0) AS score FROM episode_search "
            "WHERE episode_search MATCH ? ORDER BY score LIMIT ?) AS s CROSS JOIN episodes e ON e.rowid = s.rowid "
            "WHERE e.user_id = ? ORDER BY s.score",
            (match, int(limit), user_id),
        ).fetchall()
        return [(r[0], float(r[1])) for r in rows]

    # -- embeddings ----------------------------------------------------------------------
    def put_embeddings(self, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]], *, model: str) -> int:
        rows = [(fid, model, unit(vec).tobytes(), fid) for fid, vec in vectors]
        if not rows or self.read_only:
            return 0  # read-only: facts without a vector are found by words and the graph only
        with self.transaction(), self._errors("embeddings"):
            cursor = self._conn.executemany(
                "INSERT OR REPLACE INTO fact_vectors (fact_id, user_id, model, vector) "
                "SELECT ?, user_id, ?, ? FROM facts WHERE id = ? AND tx_to IS NULL", rows,
            )
            return int(cursor.rowcount)

    def pending_embeddings(self, user_id: str | None, *, limit: int) -> list[tuple[str, str]]:
        where = ""
        params: list[Any] = [int(limit)]
        if user_id is not None:
            where = "WHERE q.user_id = ? "
            params = [user_id, int(limit)]
        rows = self._execute(
            "SELECT q.fact_id, f.text FROM vector_queue q JOIN facts f ON f.id = q.fact_id AND f.tx_to IS NULL "
            + where + "LIMIT ?", params,
        ).fetchall()
        return [(r[0], r[1]) for r in rows]

    def vector_search(self, user_id: str, vector: np.ndarray, *, limit: int, model: str) -> list[tuple[str, float]]:
        query = unit(vector)
        return self._scope_vectors(user_id, query.shape[0], model).search(query, int(limit))

    def embeddings(self, user_id: str, fact_ids: Sequence[str], *, model: str) -> dict[str, np.ndarray]:
        if not fact_ids:
            return {}
        row = self._execute("SELECT vector FROM fact_vectors WHERE user_id = ? AND model = ? LIMIT 1",
                            (user_id, model)).fetchone()
        if row is None:
            return {}
        dim = len(row[0]) // 4
        return self._scope_vectors(user_id, dim, model).vectors(fact_ids)

    @property
    def text_indexes(self) -> TextIndexCache:
        """The per-user in-memory BM25 indexes (``nbytes``: what they hold)."""
        return self._text_indexes

    @property
    def vector_cache(self) -> VectorCache:
        """The in-memory per-user vector index (its ``nbytes`` is what it holds)."""
        return self._vector_cache

    def _scope_vectors(self, user_id: str, dim: int, model: str) -> Any:
        row = self._execute("SELECT last_seq, removals FROM vector_scopes WHERE user_id = ?", (user_id,)).fetchone()
        last_seq, removals = (row[0], row[1]) if row is not None else (0, 0)

        def load(after: int) -> list[tuple[int, str, np.ndarray]]:
            rows = self._execute(
                "SELECT seq, fact_id, vector FROM fact_vectors WHERE user_id = ? AND model = ? AND seq > ? "
                "ORDER BY seq", (user_id, model, after),
            ).fetchall()
            return [(seq, fid, np.frombuffer(blob, dtype=np.float32)) for seq, fid, blob in rows]

        return self._vector_cache.scope(user_id, model, dim=dim, last_seq=last_seq, removals=removals, load=load)

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

    # -- hard delete hooks -----------------------------------------------------------------
    def _forget_recall_entries(self, fact_id: str) -> None:
        """Remove a record's vector and queue entry."""
        self._conn.execute("DELETE FROM fact_vectors WHERE fact_id = ?", (fact_id,))
        self._conn.execute("DELETE FROM vector_queue WHERE fact_id = ?", (fact_id,))

    def _compact_recall_indexes(self, user_ids: set[str], *, episodes_changed: bool = True) -> None:
        """Make deleted terms leave the episode FTS index now (``optimize`` rewrites it into one
        segment, without them), and drop the in-memory indexes of the users whose records were
        deleted."""
        if episodes_changed:
            self._conn.execute("INSERT INTO episode_search (episode_search) VALUES ('optimize')")
        self._vector_cache.forget(user_ids)
        self._text_indexes.forget(user_ids)
