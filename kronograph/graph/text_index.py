"""In-memory BM25 indexes for users with many facts, where FTS5 gets slow.

FTS5 has no top-k path for ``bm25()``: it scores every row that matches any query word and
looks up each row's length, about 1.5 us a row. At 100k facts for one user a common word
("like") matches 20k rows and one search takes 30-45 ms. A user with at least
:data:`MIN_RECORDS` records therefore gets an inverted index in memory (term -> documents
and term frequencies, as numpy arrays) and a search is a few vectorised additions: ~1 ms.

The index tokenizes with FTS5's own tokenizer (an in-memory FTS5 table configured like the
store's), and scores with the formula of FTS5's ``bm25()`` (k1 = 1.2, b = 0.75, the idf
floor, the user-key token counted in each row's length) over the user's own records, so on
a store holding one user its scores equal FTS5's. With many users FTS5 would weigh words
by everyone's facts; this index weighs them by the user's own, which is what a per-user
memory should do (and leaks nothing about other users into a score).

Kept up to date like the vector index: rows newer than the highest ``row_id`` seen are
appended on the next search, and a hard delete (a new tombstone) rebuilds the user's index.
Users are evicted least-recently-used past ``max_bytes``.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from .sqlite_driver import sqlite3

#: Users with at least this many records are searched in memory; below, FTS5 is fast enough.
MIN_RECORDS = 5_000
K1 = 1.2
B = 0.75
_IDF_FLOOR = 1e-6  # FTS5's bm25(): a word in more than half the rows still counts a little


class FtsTokenizer:
    """Tokenizes text exactly as an FTS5 index with tokenizer ``tokenize`` does."""

    def __init__(self, tokenize: str) -> None:
        self._conn = sqlite3.connect(":memory:", check_same_thread=False)
        self._conn.execute(
            "CREATE VIRTUAL TABLE scratch USING fts5(text, content='', tokenize=" + _quoted(tokenize) + ")")
        self._conn.execute("CREATE VIRTUAL TABLE scratch_tokens USING fts5vocab(scratch, instance)")
        self._lock = threading.Lock()

    def term_counts(self, texts: Sequence[str]) -> list[tuple[str, int, int]]:
        """``(term, text position, count)`` for every distinct term of every text."""
        with self._lock:
            self._conn.execute("INSERT INTO scratch (scratch) VALUES ('delete-all')")
            self._conn.executemany("INSERT INTO scratch (rowid, text) VALUES (?, ?)", enumerate(texts))
            rows = self._conn.execute("SELECT term, doc, count(*) FROM scratch_tokens GROUP BY term, doc").fetchall()
            self._conn.execute("INSERT INTO scratch (scratch) VALUES ('delete-all')")
        return rows

    def phrases(self, words: Sequence[str]) -> list[list[str]]:
        """Each query word's tokens, in order (a word may stem to one token, or to none)."""
        tokens: list[list[str]] = [[] for _ in words]
        with self._lock:
            self._conn.execute("INSERT INTO scratch (scratch) VALUES ('delete-all')")
            self._conn.executemany("INSERT INTO scratch (rowid, text) VALUES (?, ?)", enumerate(words))
            for term, doc in self._conn.execute("SELECT term, doc FROM scratch_tokens ORDER BY doc, offset"):
                tokens[doc].append(term)
            self._conn.execute("INSERT INTO scratch (scratch) VALUES ('delete-all')")
        return tokens

    def close(self) -> None:
        self._conn.close()


def _quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


@dataclass
class UserTextIndex:
    """One user's records: document ``i`` is fact ``ids[i]``."""

    last_row: int = 0
    deletions: tuple[int, int] = (0, 0)
    ids: list[str] = field(default_factory=list)
    docs: dict[str, int] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)
    _pending: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    _postings: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    _length_array: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))

    def add(self, records: Iterable[tuple[str, str]], tokenizer: FtsTokenizer) -> None:
        """Index ``(fact_id, text)`` records not indexed yet (a record's text never changes)."""
        fresh = [(fid, text) for fid, text in dict(records).items() if fid not in self.docs]
        if not fresh:
            return
        first = len(self.ids)
        lengths = [1] * len(fresh)  # FTS5 counts the user-key column's one token too
        for term, position, count in tokenizer.term_counts([text for _, text in fresh]):
            self._pending.setdefault(term, []).append((first + position, count))
            lengths[position] += count
        for offset, (fid, _) in enumerate(fresh):
            self.docs[fid] = first + offset
            self.ids.append(fid)
        self.lengths += lengths

    def search(self, phrases: Sequence[Sequence[str]], limit: int) -> list[tuple[str, float]]:
        """The best ``limit`` documents by BM25 over the query's phrases (higher is better)."""
        self._settle()
        count = len(self.ids)
        if count == 0 or limit <= 0:
            return []
        lengths = self._length_array
        norm = K1 * (1 - B + B * lengths / float(lengths.mean()))
        scores = np.zeros(count, dtype=np.float64)
        matched = np.zeros(count, dtype=bool)
        for phrase in phrases:
            hit = self._phrase_hits(phrase)
            if hit is None:
                continue
            docs, freq = hit
            idf = math.log((count - len(docs) + 0.5) / (len(docs) + 0.5))
            idf = idf if idf > 0 else _IDF_FLOOR
            scores[docs] += idf * freq * (K1 + 1) / (freq + norm[docs])
            matched[docs] = True
        candidates = np.flatnonzero(matched)
        if len(candidates) > limit:
            candidates = candidates[np.argpartition(-scores[candidates], limit - 1)[:limit]]
        best = sorted(candidates.tolist(), key=lambda d: (-scores[d], d))
        return [(self.ids[d], float(scores[d])) for d in best]

    def _phrase_hits(self, phrase: Sequence[str]) -> tuple[np.ndarray, np.ndarray] | None:
        """Documents holding every token of ``phrase`` and the phrase's frequency in each. A
        multi-token phrase is approximated by its rarest token among documents holding all."""
        lists = [self._postings.get(token) for token in phrase]
        if not lists or any(p is None for p in lists):
            return None
        present = [p for p in lists if p is not None]
        docs, freq = min(present, key=lambda p: len(p[0]))
        for other_docs, _ in present:
            keep = np.isin(docs, other_docs, assume_unique=True)
            docs, freq = docs[keep], freq[keep]
        return (docs, freq) if len(docs) else None

    def _settle(self) -> None:
        """Merge postings added since the last search into the arrays searches read."""
        if not self._pending:
            return
        for term, added in self._pending.items():
            docs = np.fromiter((d for d, _ in added), dtype=np.int64, count=len(added))
            freq = np.fromiter((c for _, c in added), dtype=np.float64, count=len(added))
            old = self._postings.get(term)
            self._postings[term] = (docs, freq) if old is None else \
                (np.concatenate([old[0], docs]), np.concatenate([old[1], freq]))
        self._pending = {}
        self._length_array = np.asarray(self.lengths, dtype=np.float64)

    @property
    def nbytes(self) -> int:
        """Approximate memory held: arrays plus ~100 bytes per fact id."""
        arrays = sum(d.nbytes + f.nbytes for d, f in self._postings.values())
        pending = sum(len(v) for v in self._pending.values()) * 72
        return arrays + pending + self._length_array.nbytes + 100 * len(self.ids) + 8 * len(self.lengths)


class TextIndexCache:
    """LRU of :class:`UserTextIndex` by user, bounded by ``max_bytes``; thread-safe."""

    def __init__(self, max_bytes: int = 256 << 20) -> None:
        self.max_bytes = max_bytes
        self._users: OrderedDict[str, UserTextIndex] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, user_id: str) -> UserTextIndex | None:
        with self._lock:
            index = self._users.get(user_id)
            if index is not None:
                self._users.move_to_end(user_id)
            return index

    def put(self, user_id: str, index: UserTextIndex) -> None:
        with self._lock:
            self._users[user_id] = index
            self._users.move_to_end(user_id)
            total = sum(i.nbytes for i in self._users.values())
            while total > self.max_bytes and len(self._users) > 1:
                evicted_user, evicted = next(iter(self._users.items()))
                if evicted_user == user_id:
                    break
                del self._users[evicted_user]
                total -= evicted.nbytes

    def forget(self, user_ids: Iterable[str]) -> None:
        """Drop users' indexes now (a hard delete must not leave their words in memory)."""
        with self._lock:
            for user_id in set(user_ids):
                self._users.pop(user_id, None)

    @property
    def nbytes(self) -> int:
        with self._lock:
            return sum(i.nbytes for i in self._users.values())
