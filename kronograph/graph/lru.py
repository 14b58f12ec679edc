"""A least-recently-used map bounded by the bytes its values hold: the in-memory vector and
BM25 indexes keep one entry per user in it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SizedLRU(Generic[K, V]):
    """Entries are evicted least recently used first while their sizes sum past ``max_bytes``
    (the newest always stays). A value's size is taken when it is put: put it again after it
    grows. Thread-safe."""

    def __init__(self, max_bytes: int, size: Callable[[V], int]) -> None:
        self.max_bytes = max_bytes
        self._size = size
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._sizes: dict[K, int] = {}
        self._total = 0
        self.lock = threading.RLock()  # callers hold it to read-and-update an entry atomically

    def __contains__(self, key: object) -> bool:
        """Whether ``key`` is cached (without counting as a use)."""
        with self.lock:
            return key in self._entries

    def get(self, key: K) -> V | None:
        with self.lock:
            value = self._entries.get(key)
            if value is not None:
                self._entries.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self.lock:
            self._drop(key)
            self._entries[key] = value
            self._sizes[key] = self._size(value)
            self._total += self._sizes[key]
            while self._total > self.max_bytes and len(self._entries) > 1:
                self._drop(next(iter(self._entries)))

    def drop_where(self, doomed: Callable[[K], bool]) -> None:
        """Drop every entry whose key ``doomed`` accepts."""
        with self.lock:
            for key in [k for k in self._entries if doomed(k)]:
                self._drop(key)

    @property
    def nbytes(self) -> int:
        """The sum of the entries' sizes."""
        with self.lock:
            return self._total

    def _drop(self, key: K) -> None:
        self._entries.pop(key, None)
        self._total -= self._sizes.pop(key, 0)
