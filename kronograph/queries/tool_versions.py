"""Recall for a given tool version prefers that version's own memories.

A memory stated for a newer version of a tool supersedes the older version's on the same slot
(the slot engine), so a plain recall finds the newest advice. Asked for an older version, the
hit is swapped for the record of its slot that holds for that version (the newest version at
or below the one asked for), and hits are ordered: that version's own first, then memories
that do not depend on the version, then those about newer versions than the one asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol, TypeVar, cast

from ..graph.store import GraphStore
from ..model import Fact
from ..temporal.timeline import object_key
from ..temporal.versions import VersionKey, tool_key, version_key


class _Ranked(Protocol):
    @property
    def fact(self) -> Fact | None: ...

    def model_copy(self, *, update: dict[str, object] | None = None, deep: bool = False) -> _Ranked: ...


R = TypeVar("R", bound=_Ranked)


def _version_of(fact: Fact, tool: str) -> VersionKey | None:
    if fact.tool is None or tool_key(fact.tool) != tool or not fact.tool_version:
        return None
    return version_key(fact.tool_version)


def _own_record(records: Sequence[Fact], tool: str, wanted: VersionKey, admits: Callable[[Fact], bool]) -> Fact | None:
    """The record of a slot that holds for ``wanted``: the newest version at or below it (the
    latest statement of that version), never a retracted or archived one, and only one the
    recall's scope and clock ``admits``."""
    best: tuple[VersionKey, int, Fact] | None = None
    for index, record in enumerate(records):
        version = _version_of(record, tool)
        if version is None or version > wanted or record.retracted_at is not None \
                or record.status.value not in ("active", "superseded") or not admits(record):
            continue
        if best is None or (version, index) >= best[:2]:
            best = (version, index, record)
    return best[2] if best is not None else None


def in_scope(*, known_at: datetime, run_id: str | None, agent_id: str | None, app_id: str | None,
             **_: object) -> Callable[[Fact], bool]:
    """Whether a record is one a recall with these arguments may show: recorded by ``known_at``
    and in the scope asked for (a swap must not reach another app's or agent's records)."""
    def admits(fact: Fact) -> bool:
        return (fact.recorded_at <= known_at and (run_id is None or fact.run_id == run_id)
                and (agent_id is None or fact.agent_id == agent_id) and (app_id is None or fact.app_id == app_id))
    return admits


def prefer_version(store: GraphStore, ranked: Sequence[R], *, tool: str | None, tool_version: str | None,
                   admits: Callable[[Fact], bool]) -> list[R]:
    """``ranked`` (recall or search results, best first) for a question about ``tool`` at
    ``tool_version``: each hit about another version of the tool is swapped for its slot's
    record of the version asked for, when there is one the recall ``admits``, then ordered as
    the module says."""
    if tool is None:
        return list(ranked)
    key = tool_key(tool)
    wanted = version_key(tool_version) if tool_version is not None else None
    out = list(ranked)
    if wanted is not None:
        stale = {r.fact.id: r.fact for r in out if r.fact is not None
                 and (v := _version_of(r.fact, key)) is not None and v != wanted}
        slots = store.slot_records_many(list(dict.fromkeys(
            (f.user_id, object_key(f.subject), f.predicate) for f in stale.values()))) if stale else {}
        seen: set[str] = set()
        swapped: list[R] = []
        for item in out:
            fact = item.fact
            if fact is not None and fact.id in stale:
                own = _own_record(slots.get((fact.user_id, object_key(fact.subject), fact.predicate), []), key, wanted,
                                  admits)
                if own is not None and own.id != fact.id:
                    item = cast(R, item.model_copy(update={"fact": own}))
                    fact = own
            if fact is not None:
                if fact.id in seen:
                    continue
                seen.add(fact.id)
            swapped.append(item)
        out = swapped

    def tier(item: R) -> int:
        fact = item.fact
        version = _version_of(fact, key) if fact is not None else None
        if fact is None or fact.tool is None or tool_key(fact.tool) != key:
            return 1
        if wanted is None or version == wanted:
            return 0
        return 2 if version is not None and version > wanted else 1

    return sorted(out, key=tier)
