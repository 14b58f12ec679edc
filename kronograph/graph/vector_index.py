"""Per-user vector indexes kept in memory, so a query scans one user's vectors, never everyone's.

Each user's unit-length vectors sit in one contiguous matrix (grown by doubling), held as
bfloat16 (the upper half of each float32, rounded: 768 bytes a row at 384 dimensions instead of
1,536, so a million facts and a million episodes fit in memory). A bfloat16 score is within
:data:`BF16_ERROR` of the float32 one, so a search keeps every row that could still be in the
top ``limit`` and, given the store's float32 vectors (``exact``), rescores those exactly: the
ids, order and scores it returns are the float32 index's. Up to :data:`EXACT_UP_TO` rows a
query scores every row. Beyond that, a query first ranks rows by the Hamming distance of their
sign bits (48 bytes a row, stored column-wise) and scores only the ``oversample * limit``
closest (and any tied with the last): on MiniLM vectors this finds ~96% of the exact top 50 at 10x oversampling, for ~1/30
of the memory traffic. The store tells
the cache what changed through two counters per user: ``last_seq`` (highest vector row written;
newer rows are appended incrementally) and ``removals`` (any delete forces a reload). Users are
evicted least-recently-used once the cache holds more than ``max_bytes``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from .lru import SizedLRU

#: Rows loaded for a user: ``(seq, fact_id, float32 vector)``.
VectorRows = Iterable[tuple[int, str, np.ndarray]]

#: Users with at most this many vectors are searched exactly.
EXACT_UP_TO = 20_000
#: Above it, this many candidates per result are rescored exactly (at least 500).
OVERSAMPLE = 10
#: The most a bfloat16 dot product of two unit vectors can differ from the float32 one: each
#: component is off by at most 2**-9 of itself (round to nearest), so the sum by at most
#: 2**-9 (Cauchy-Schwarz), plus float32 rounding of the two sums.
BF16_ERROR = 2.0 ** -9 + 1e-4
#: Rows decoded from bfloat16 at a time (a block that stays in cache).
_BLOCK = 2048

#: The float32 vectors of some ids, from the store: ``exact(ids) -> {id: vector}``.
ExactVectors = Callable[[list[str]], dict[str, np.ndarray]]


def to_bf16(rows: np.ndarray) -> np.ndarray:
    """float32 rows as bfloat16 bit patterns (uint16), rounded to nearest even."""
    bits = np.ascontiguousarray(rows, dtype=np.float32).view(np.uint32)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16(rows: np.ndarray) -> np.ndarray:
    """bfloat16 bit patterns back to float32."""
    return (rows.astype(np.uint32) << 16).view(np.float32)


def sign_words(rows: np.ndarray) -> np.ndarray:
    """Sign bits of each row packed into uint64 words: shape ``(n, ceil(dim / 64))``."""
    bits = np.packbits(rows > 0, axis=1)
    pad = (-bits.shape[1]) % 8
    if pad:
        bits = np.pad(bits, ((0, 0), (0, pad)))
    return np.ascontiguousarray(bits).view(np.uint64)


def unit(vector: Sequence[float] | np.ndarray) -> np.ndarray:
    """``vector`` as a float32 array of unit length (a zero vector stays zero)."""
    array = np.asarray(vector, dtype=np.float32).reshape(-1)
    norm = float(np.linalg.norm(array))
    return array / norm if norm > 0 else array


@dataclass
class ScopeVectors:
    """One user's vectors: row ``i`` of ``matrix`` belongs to ``ids[i]``."""

    dim: int
    exact_up_to: int = EXACT_UP_TO
    last_seq: int = 0
    removals: int = 0
    ids: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
    matrix: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.uint16))  # bfloat16 bits
    words: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.uint64))  # (n_words, capacity)
    seqs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # each row's store seq

    def append(self, loaded: VectorRows) -> None:
        batch = [(seq, fid, vec) for seq, fid, vec in loaded if vec.shape[0] == self.dim]
        if not batch:
            return
        needed = len(self.ids) + len(batch)
        if self.matrix.shape[0] < needed:
            capacity = max(needed, 2 * self.matrix.shape[0], 64)
            grown = np.zeros((capacity, self.dim), dtype=np.uint16)
            grown_words = np.zeros(((self.dim + 63) // 64, capacity), dtype=np.uint64)
            grown_seqs = np.zeros(capacity, dtype=np.int64)
            if self.ids:
                grown[: len(self.ids)] = self.matrix[: len(self.ids)]
                grown_words[:, : len(self.ids)] = self.words[:, : len(self.ids)]
                grown_seqs[: len(self.ids)] = self.seqs[: len(self.ids)]
            self.matrix, self.words, self.seqs = grown, grown_words, grown_seqs
        placed: list[int] = []
        for seq, fid, _ in batch:
            index = self.rows.get(fid)
            if index is None:
                index = len(self.ids)
                self.ids.append(fid)
                self.rows[fid] = index
            placed.append(index)
            self.last_seq = max(self.last_seq, seq)
        where = np.asarray(placed)
        vectors = np.stack([vec for _, _, vec in batch]).astype(np.float32, copy=False)
        self.matrix[where] = to_bf16(vectors)
        self.words[:, where] = sign_words(vectors).T  # from the float32 rows: the same bits as before
        self.seqs[where] = [seq for seq, _, _ in batch]

    def seqs_of(self, ids: Sequence[str]) -> dict[str, int]:
        """The store rows (``seq``) that hold these ids' vectors, for those held here: the store
        reads a row faster by its seq than by its id."""
        return {rid: int(self.seqs[self.rows[rid]]) for rid in ids if rid in self.rows}

    @property
    def nbytes(self) -> int:
        return int(self.matrix.nbytes) + int(self.words.nbytes) + int(self.seqs.nbytes) + 100 * len(self.ids)

    def search(self, query: np.ndarray, limit: int, exact: ExactVectors | None = None) -> list[tuple[str, float]]:
        """Top ``limit`` ids by cosine similarity, best first (ties: the earlier row first).
        With ``exact``, the rows that could be in the top ``limit`` are rescored from their
        float32 vectors, so the answer is the float32 index's; without, scores are bfloat16's."""
        count = len(self.ids)
        if count == 0 or limit <= 0 or query.shape[0] != self.dim:
            return []
        query = np.asarray(query, dtype=np.float32)
        shortlist = max(OVERSAMPLE * limit, 500)
        if count <= self.exact_up_to or shortlist >= count:
            rows = np.arange(count)
        else:
            rows = self._hamming_nearest(query, shortlist)
        scores = self._scores(rows, query)
        if exact is not None and limit < len(rows):
            # Every row whose float32 score could reach the limit-th best one's.
            cutoff = np.partition(scores, len(scores) - limit)[len(scores) - limit] - 2 * BF16_ERROR
            keep = np.flatnonzero(scores >= cutoff)
            rows, scores = rows[keep], scores[keep]
        if exact is not None:
            ids = [self.ids[r] for r in rows]
            vectors = exact(ids)
            known = [i for i, fid in enumerate(ids) if fid in vectors]
            rows = rows[known]
            scores = (np.stack([vectors[ids[i]] for i in known]) @ query if known
                      else np.zeros(0, dtype=np.float32))
        top = np.lexsort((rows, -scores))[:limit]
        return [(self.ids[rows[i]], float(scores[i])) for i in top]

    def _scores(self, rows: np.ndarray, query: np.ndarray) -> np.ndarray:
        """bfloat16 scores of ``rows`` (ascending), decoded a cache-sized block at a time."""
        out = np.empty(len(rows), dtype=np.float32)
        contiguous = len(rows) == 0 or int(rows[-1]) - int(rows[0]) == len(rows) - 1
        for start in range(0, len(rows), _BLOCK):
            block = self.matrix[rows[start]:rows[start] + min(_BLOCK, len(rows) - start)] if contiguous \
                else self.matrix[rows[start:start + _BLOCK]]
            out[start:start + len(block)] = from_bf16(block) @ query
        return out

    def _hamming_nearest(self, query: np.ndarray, shortlist: int) -> np.ndarray:
        """Rows whose sign bits differ least from the query's (column-wise: one pass per word):
        at least ``shortlist``, ascending."""
        count = len(self.ids)
        target = sign_words(query.reshape(1, -1))[0]
        distance = np.bitwise_count(self.words[0, :count] ^ target[0]).astype(np.uint16)
        for word in range(1, self.words.shape[0]):
            distance += np.bitwise_count(self.words[word, :count] ^ target[word])
        # The rows within the shortlist-th smallest distance, ties at it included (distances
        # are small integers: a histogram finds it ~5x faster than argpartition).
        within = int(np.searchsorted(np.cumsum(np.bincount(distance, minlength=self.dim + 1)), shortlist))
        return np.flatnonzero(distance <= within)


class VectorCache:
    """Users' :class:`ScopeVectors` by (user, model), least recently used evicted past ``max_bytes``."""

    def __init__(self, max_bytes: int = 1 << 30) -> None:
        self._scopes: SizedLRU[tuple[str, str], ScopeVectors] = SizedLRU(max_bytes, lambda s: s.nbytes)

    @property
    def max_bytes(self) -> int:
        return self._scopes.max_bytes

    def scope(
        self, user_id: str, model: str, *, dim: int, last_seq: int, removals: int,
        load: Callable[[int], VectorRows],
    ) -> ScopeVectors:
        """The user's vectors of one model, brought up to date: ``load(after_seq)`` yields rows
        newer than ``after_seq``."""
        key = (user_id, model)
        with self._scopes.lock:
            cached = self._scopes.get(key)
            if cached is None or cached.removals != removals or cached.dim != dim or cached.last_seq > last_seq:
                cached = ScopeVectors(dim=dim, removals=removals)
                cached.append(load(0))
            elif cached.last_seq < last_seq:
                cached.append(load(cached.last_seq))
            cached.last_seq = max(cached.last_seq, last_seq)
            self._scopes.put(key, cached)
            return cached

    def held(self, user_id: str, model: str, *, last_seq: int, removals: int) -> ScopeVectors | None:
        """The user's vectors of one model if held and up to date (nothing is loaded)."""
        with self._scopes.lock:
            cached = self._scopes.get((user_id, model))
        return cached if cached is not None and (cached.last_seq, cached.removals) == (last_seq, removals) else None

    def forget(self, user_ids: Iterable[str]) -> None:
        """Drop users' cached vectors now (a hard delete must not leave them in memory)."""
        users = set(user_ids)
        self._scopes.drop_where(lambda key: key[0] in users)

    @property
    def nbytes(self) -> int:
        """Memory held by cached vectors."""
        return self._scopes.nbytes
