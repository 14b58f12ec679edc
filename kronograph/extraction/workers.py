"""Running one pure function over shards of a list on several cores, the loaded model shared.

    workers = ForkedWorkers(extract_shard, processes=2)
    workers.map(episodes, weight=len_of_text)   # same result as extract_shard(episodes)

The spaCy parse is CPU-bound Python and Cython under the GIL, so threads do not help; forked
processes do, and a fork inherits the already loaded pipeline (no second six-second load).
The calling process works on the first shard itself while the workers take the others, and
the results come back in input order. Where ``fork`` is unavailable, or there is too little
work to be worth the round trip, everything runs in the calling process.
"""

from __future__ import annotations

import multiprocessing
import weakref
from collections.abc import Callable, Sequence
from itertools import pairwise
from multiprocessing.pool import Pool
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: Fewer items than this per process are extracted in the calling process (IPC costs more).
MIN_ITEMS_PER_PROCESS = 16

_WORK: Callable[[Sequence[Any]], list[Any]] | None = None   # set in each forked worker


def _install(work: Callable[[Sequence[Any]], list[Any]]) -> None:
    global _WORK
    _WORK = work


def _run(items: Sequence[Any]) -> list[Any]:
    assert _WORK is not None, "worker started without its function"
    return _WORK(items)


def _shards(items: Sequence[T], count: int, weight: Callable[[T], int], first: float) -> list[Sequence[T]]:
    """``items`` cut into ``count`` contiguous runs: the first with about ``first`` of the total
    weight, the others sharing the rest equally."""
    weights = [max(1, weight(item)) for item in items]
    total = sum(weights)
    bounds = [first * total + (1 - first) * total * k / (count - 1) for k in range(count - 1)]
    cuts, running = [0], 0
    for index, w in enumerate(weights):
        running += w
        if len(cuts) <= len(bounds) and running >= bounds[len(cuts) - 1] and index + 1 < len(items):
            cuts.append(index + 1)
    cuts.append(len(items))
    return [items[a:b] for a, b in pairwise(cuts) if b > a]


class ForkedWorkers(Generic[T, R]):
    """``work`` over shards of its input in ``processes`` processes (the caller being one).

    The caller's share of the work adapts: it grows while the caller ends up waiting for the
    workers and shrinks while the workers wait for it (as they do when the caller also writes
    what was extracted, see :meth:`start`).
    """

    def __init__(self, work: Callable[[Sequence[T]], list[R]], processes: int) -> None:
        self.work = work
        self.processes = processes
        self.share = 1 / processes   # the caller's part of the weight
        self._pool: Pool | None = None

    @staticmethod
    def available() -> bool:
        return "fork" in multiprocessing.get_all_start_methods()

    def map(self, items: Sequence[T], *, weight: Callable[[T], int]) -> list[R]:
        """``work(items)``, computed in shards; the caller must have loaded what ``work`` needs."""
        return self.start(items, weight=weight)()

    def start(self, items: Sequence[T], *, weight: Callable[[T], int]) -> Callable[[], list[R]]:
        """Begin ``work(items)``: the workers start on their shards now, and calling the result
        does the caller's shard and returns all results in order. Whatever the caller does in
        between (writing the previous batch) runs while the workers extract."""
        count = min(self.processes, len(items) // MIN_ITEMS_PER_PROCESS)
        if count < 2 or not self.available():
            return lambda: self.work(items)
        pool = self._started()
        mine, *theirs = _shards(items, count, weight, self.share)
        pending = [pool.apply_async(_run, (list(shard),)) for shard in theirs]

        def finish() -> list[R]:
            results = self.work(mine)
            step = 0.05 if not all(job.ready() for job in pending) else -0.05
            self.share = min(0.9, max(0.05, self.share + step))
            for job in pending:
                results.extend(job.get())
            return results

        return finish

    def _started(self) -> Pool:
        if self._pool is None:
            # Forked now, the workers inherit ``work`` with everything it holds (initargs are
            # not pickled under fork); they live until close() or the end of the process.
            context = multiprocessing.get_context("fork")
            self._pool = context.Pool(self.processes - 1, initializer=_install, initargs=(self.work,))
            weakref.finalize(self, self._pool.terminate)
        return self._pool

    def close(self) -> None:
        """Stop the worker processes (a later map forks new ones)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None
