"""Derive each record's effective end from the set of records believed for a slot.

A record states an interval ``[valid_from, stated_until)``. In a single-valued slot the next
record (by ``valid_from``, ties by recording order) cuts it: its effective ``valid_until`` is the
earlier of its stated end and the next record's start, and a cut by a different value marks it
``superseded_by`` that record. Because the result depends only on the set of records, adding a
late statement, retracting a wrong one, or deleting one that had closed another all settle the
same way: whatever is no longer cut re-opens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache

from ..model import Fact, Status

_SPACES = re.compile(r"\s+")

LIFECYCLE_STATUSES = frozenset({Status.active, Status.corrected, Status.expired, Status.archived})


@lru_cache(maxsize=65_536)
def object_key(value: str) -> str:
    """The comparison form of an entity name or value: case- and spacing-insensitive."""
    return _SPACES.sub(" ", value.strip()).casefold()


def lifecycle_of(fact: Fact) -> Status:
    """The stored lifecycle status, with the derived ``superseded`` folded back to ``active``."""
    return Status.active if fact.status is Status.superseded else fact.status


def effective_status(lifecycle: Status, superseded_by: str | None) -> Status:
    """What users see: an active record cut by a newer value reads ``superseded``."""
    if lifecycle is Status.active and superseded_by is not None:
        return Status.superseded
    return lifecycle


def _order(fact: Fact) -> tuple[datetime, datetime, str]:
    return (fact.valid_from, fact.recorded_at, fact.id)


def settle(records: Iterable[Fact], *, single_valued: bool) -> list[Fact]:
    """Recompute effective ends for a slot's believed records; return only those that changed.

    ``records`` must be the records still believed (not retracted) for one
    ``(user, subject, predicate)`` slot. Multi-valued slots settle per object.
    """
    groups: dict[str, list[Fact]] = {}
    for fact in records:
        key = "" if single_valued else object_key(fact.object)
        groups.setdefault(key, []).append(fact)
    changed: list[Fact] = []
    for group in groups.values():
        group.sort(key=_order)
        for index, fact in enumerate(group):
            nxt = group[index + 1] if index + 1 < len(group) else None
            valid_until = fact.stated_until
            superseded_by: str | None = None
            if nxt is not None:
                cut = fact.stated_until is None or nxt.valid_from < fact.stated_until
                if cut:
                    valid_until = nxt.valid_from
                    if object_key(nxt.object) != object_key(fact.object):
                        superseded_by = nxt.id
            status = effective_status(lifecycle_of(fact), superseded_by)
            if (valid_until, superseded_by, status) != (fact.valid_until, fact.superseded_by, fact.status):
                changed.append(fact.evolve(valid_until=valid_until, superseded_by=superseded_by, status=status))
    return changed
