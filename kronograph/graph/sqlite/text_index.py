"""Per-user BM25 indexes kept in memory, so a text search costs what the user's matches cost.

FTS5 cannot rank one user's rows cheaply: ``bm25()`` has no top-k path (it scores every row
that matches any query word), and it weighs each word by counting the word's rows across the
whole index, every user's (docs/benchmarks.md, "Text search", has the figures).

Here each user has an inverted index in memory (term -> documents and term frequencies, as
numpy arrays), and a search is a few vectorised additions. It tokenizes
with FTS5's own tokenizer (an in-memory FTS5 table configured like the store's episode
index) and scores with the formula of FTS5's ``bm25()`` (k1 = 1.2, b = 0.75, the idf floor,
the user-key token counted in each row's length) over the user's own records: a test checks
the scores against FTS5's. Weighing words by the user's own facts is also what a per-user
memory should do, and it leaks nothing about other users into a score.

Kept up to date like the vector index: rows newer than the highest ``row_id`` seen are
appended on the next search, and a hard delete (a new tombstone) rebuilds the user's index.
Built on a user's first search in a process; users are evicted least-recently-used past
``max_bytes``.
"""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ...language import search_text
from ..lru import SizedLRU
from .driver import sqlite3

K1 = 1.2
B = 0.75
_IDF_FLOOR = 1e-6  # FTS5's bm25(): a word in more than half the rows still counts a little


class FtsTokenizer:
    """Tokenizes text exactly as an FTS5 index with tokenizer ``tokenize`` does."""

    def __init__(self, tokenize: str) -> None:
        self._conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        self._conn.execute(
            "CREATE VIRTUAL TABLE scratch USING fts5(text, content='', tokenize=" + _quoted(tokenize) + ")")
        self._conn.execute("CREATE VIRTUAL TABLE scratch_tokens USING fts5vocab(scratch, instance)")
        self._lock = threading.Lock()

    def term_counts(self, texts: Sequence[str]) -> list[tuple[str, int, int]]:
        """``(term, text position, count)`` for every distinct term of every text."""
        with self._lock:
            self._fill(texts)
            counts = Counter(self._conn.execute("SELECT term, doc FROM scratch_tokens"))  # SQL's GROUP BY: 2x slower
        return [(term, doc, count) for (term, doc), count in counts.items()]

    def phrases(self, words: Sequence[str]) -> list[list[str]]:
        """Each query word's tokens, in order (a word may stem to one token, or to none)."""
        tokens: list[list[str]] = [[] for _ in words]
        with self._lock:
            self._fill(words)
            for term, doc in self._conn.execute("SELECT term, doc FROM scratch_tokens ORDER BY doc, offset"):
                tokens[doc].append(term)
        return tokens

    def _fill(self, texts: Sequence[str]) -> None:
        """Make ``texts`` the scratch table's only rows, in one transaction (FTS5 writes a new
        segment per transaction: inserting row by row in autocommit is ~10x slower)."""
        self._conn.execute("BEGIN")
        self._conn.execute("INSERT INTO scratch (scratch) VALUES ('delete-all')")
        self._conn.executemany("INSERT INTO scratch (rowid, text) VALUES (?, ?)", enumerate(texts))
        self._conn.execute("COMMIT")

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
    _norm: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float64))
    _array_bytes: int = 0
    _pending_count: int = 0

    def add(self, records: Iterable[tuple[str, str]], tokenizer: FtsTokenizer) -> None:
        """Index ``(id, text)`` records not indexed yet (a record's text never changes; a
        rewritten episode rebuilds the index), each as :func:`~kronograph.language.search_text`."""
        fresh = [(fid, text) for fid, text in dict(records).items() if fid not in self.docs]
        if not fresh:
            return
        first = len(self.ids)
        lengths = [1] * len(fresh)  # FTS5 counts the user-key column's one token too
        for term, position, count in tokenizer.term_counts([search_text(text) for _, text in fresh]):
            self._pending.setdefault(term, []).append((first + position, count))
            lengths[position] += count
            self._pending_count += 1
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
        norm = self._norm
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
        self._pending, self._pending_count = {}, 0
        lengths = np.asarray(self.lengths, dtype=np.float64)
        self._norm = K1 * (1 - B + B * lengths / float(lengths.mean()))  # BM25's length term, per document
        self._array_bytes = self._norm.nbytes + sum(d.nbytes + f.nbytes for d, f in self._postings.values())

    @property
    def nbytes(self) -> int:
        """Approximate memory held: arrays, pending postings, ~100 bytes per fact id."""
        return self._array_bytes + 72 * self._pending_count + 108 * len(self.ids)


class TextIndexCache(SizedLRU[str, UserTextIndex]):
    """Users' :class:`UserTextIndex`, least recently used evicted past ``max_bytes``."""

    def __init__(self, max_bytes: int = 256 << 20) -> None:
        super().__init__(max_bytes, lambda index: index.nbytes)

    def forget(self, user_ids: Iterable[str]) -> None:
        """Drop users' indexes now (a hard delete must not leave their words in memory)."""
        users = set(user_ids)
        self.drop_where(lambda user: user in users)
