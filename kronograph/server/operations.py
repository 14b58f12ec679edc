"""The calls both interfaces make: one function per tool/route, each a Memory call and its
JSON form. Arguments arrive as the caller sent them; Memory validates them and raises
``UsageError`` naming the field, which each interface reports in its own way."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from ..errors import UsageError
from ..memory import Memory
from .shapes import add_result_json, fact_json, facts_json, hit_json

T = TypeVar("T")


class SharedMemory:
    """One Memory serving many clients: calls take turns on one lock, because the facade
    (its extractor, caches and counters) is not written for concurrent callers; SQLite
    serialises writers anyway."""

    def __init__(self, mem: Memory) -> None:
        self.mem = mem
        self._lock = threading.Lock()

    def call(self, operation: Callable[..., T], /, **arguments: Any) -> T:
        with self._lock:
            return operation(self.mem, **arguments)

    def close(self) -> None:
        with self._lock:
            self.mem.close()


def remember(mem: Memory, *, user_id: str, text: str | list[dict[str, Any]], reference_time: str | None = None,
             run_id: str | None = None, agent_id: str | None = None) -> dict[str, Any]:
    return add_result_json(mem.add(text, user_id=user_id, reference_time=reference_time, run_id=run_id,
                                   agent_id=agent_id))


def add_fact(mem: Memory, *, user_id: str, **fields: Any) -> dict[str, Any]:
    return add_result_json(mem.add_fact(user_id=user_id, **fields))


def search(mem: Memory, *, user_id: str, query: str, k: int = 10, as_of: str | None = None,
           known_at: str | None = None) -> dict[str, Any]:
    """Facts and episodes, best first (``Memory.search``, the fused recall)."""
    hits = mem.search(query, user_id=user_id, k=k, as_of=as_of, known_at=known_at)
    return {"query": query, "hits": [hit_json(h) for h in hits]}


def context(mem: Memory, *, user_id: str, query: str, max_tokens: int = 800) -> dict[str, Any]:
    return {"context": mem.context(query, user_id=user_id, max_tokens=max_tokens)}


def facts(mem: Memory, *, user_id: str, subject: str | None = None, predicate: str | None = None,
          as_of: str | None = None, known_at: str | None = None) -> dict[str, Any]:
    return facts_json(mem.facts(user_id=user_id, subject=subject, predicate=predicate, as_of=as_of,
                                known_at=known_at))


def history(mem: Memory, *, user_id: str, subject: str | None = None, predicate: str | None = None) -> dict[str, Any]:
    return facts_json(mem.history(user_id=user_id, subject=subject, predicate=predicate))


def forget(mem: Memory, *, user_id: str, fact_id: str | None = None, subject: str | None = None,
           predicate: str | None = None, hard: bool = False, reason: str = "",
           forget_all: bool = False) -> dict[str, Any]:
    """``Memory.forget``, except that forgetting every fact of a user must be asked for by
    name (``forget_all``): a call that lost its selector must not wipe a memory."""
    if fact_id is None and subject is None and predicate is None and not forget_all:
        raise UsageError("fact_id", "give fact_id, subject or predicate (or forget_all=true to forget every fact)")
    ids = mem.forget(user_id=user_id, fact_id=fact_id, subject=subject, predicate=predicate, hard=hard,
                     reason=reason)
    return {"forgotten": ids, "hard": hard}


def end_fact(mem: Memory, *, user_id: str, subject: str, predicate: str, object: str | None = None,
             at: str | None = None) -> dict[str, Any]:
    return {"ended": [fact_json(f) for f in mem.end_fact(subject, predicate, object, user_id=user_id, at=at)]}


def maintain(mem: Memory, *, now: str | None = None) -> dict[str, Any]:
    return mem.maintain(now=now).model_dump(mode="json")
