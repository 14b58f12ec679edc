"""The slot engine: what a statement does to the records of one slot, and how they settle.

A slot is one ``(user, subject, predicate)``; its believed records each state an interval
``[valid_from, stated_until)``. Both write paths (``add_fact`` one statement at a time and
``add_facts`` in bulk) keep every touched slot as a :class:`Slot`, ask :meth:`Slot.decide`
what each statement does, apply the answer (:meth:`Slot.add`, :meth:`Slot.remove`), and call
:meth:`Slot.settle` once at the end to derive every closure. The records hold only what the
rules read, with times as integer microseconds (UTC); callers keep their own rows or models
next to them by id.

The rules (``../shared/DESIGN.md``, "Precise rules"):

- *Holding at t*: in each group (the slot, or one object of a multi-valued slot) the latest
  record starting at or before ``t`` holds, unless its stated end has passed. On settled
  records this is "valid at t", so a batch can decide many statements and settle once.
- *Duplicate*: the record holding at the new ``valid_from`` already has the same object.
  When that record's start was unknown (``UNKNOWN_START_US``) and the statement says when
  the value began, the record is revised to begin then instead.
- *Supersede*: another object holds in a single-valued slot. The new record stays open
  (settling cuts it where the next record starts), except that it keeps the old record's
  stated end when a later record begins exactly there (a late statement fitting between two
  known values). A stated end (``end_fact``, an explicit ``valid_until``) is never inherited.
- *Same start*: a new value with the same ``valid_from`` as the record it contradicts
  replaces it (that record is retracted), so no empty ``[t, t)`` record is left.
- *Correct*: the record holding at ``valid_from`` was wrong; it is retracted and the new one
  takes over its interval unless one is given.
- *Refuse*: a record that would end before it starts (or at its start) is not created.
- *Settle*: a record's effective end is the earlier of its stated end and the next record's
  start; a cut by a different object marks it ``superseded_by`` that record.
- *Tool versions*: records about a tool that carry its version (``SlotRecord.version``) form
  one timeline per tool, even in a multi-valued slot. A newer version's record cuts the older
  one's as above; a record for an older version than the one holding never closes it (however
  late it arrives): it is cut at its own start, superseded by the newer version's record.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from .instants import UNKNOWN_START_US
from .versions import ToolVersion, is_older


class SlotRecord:
    """One believed record as the engine sees it. ``key`` is the object's comparison form;
    ``valid_until`` and ``superseded_by`` are derived by :meth:`Slot.settle`; ``version``: the
    tool and version it holds for (:func:`~kronograph.temporal.versions.tool_version`), if any."""

    __slots__ = ("id", "key", "recorded_at", "stated_until", "superseded_by", "valid_from", "valid_until", "version")

    def __init__(self, id: str, key: str, valid_from: int, recorded_at: int, stated_until: int | None,
                 valid_until: int | None = None, superseded_by: str | None = None,
                 version: ToolVersion | None = None) -> None:
        self.id = id
        self.version = version
        self.key = key
        self.valid_from = valid_from
        self.recorded_at = recorded_at
        self.stated_until = stated_until
        self.valid_until = valid_until
        self.superseded_by = superseded_by

    def __repr__(self) -> str:
        return (f"SlotRecord({self.id!r}, {self.key!r}, [{self.valid_from}, {self.stated_until}) "
                f"-> {self.valid_until}, superseded_by={self.superseded_by!r})")


def record_order(record: SlotRecord) -> tuple[int, int, str]:
    """The order of a slot's records: by start, then by when they were recorded (ids are
    creation-ordered, so statements recorded at the same instant keep their order)."""
    return (record.valid_from, record.recorded_at, record.id)


def _start(record: SlotRecord) -> int:
    return record.valid_from


class SlotAction(str, Enum):
    """The kind of write a decision asks for."""

    create = "create"
    duplicate = "duplicate"
    refuse = "refuse"  # the record would end before it starts: nothing is written


def _create(valid_from: int, stated_until: int | None, retract: tuple[SlotRecord, ...] = ()) -> SlotDecision:
    """Create a record, unless its interval would be empty or end before it starts (a start
    taken from the clock or from a wrong record can lie after a stated end)."""
    if stated_until is not None and stated_until <= valid_from:
        return SlotDecision(SlotAction.refuse, valid_from, stated_until, None, ())
    return SlotDecision(SlotAction.create, valid_from, stated_until, None, retract)


class SlotDecision(NamedTuple):
    """The outcome for one statement: create a record over ``[valid_from, stated_until)``
    (retracting ``retract`` first), or restate ``duplicate_of``."""

    action: SlotAction
    valid_from: int
    stated_until: int | None
    duplicate_of: SlotRecord | None = None
    retract: tuple[SlotRecord, ...] = ()


def _holding(group: list[SlotRecord], t: int) -> SlotRecord | None:
    """The record of an ordered group that holds at ``t``, if any."""
    if not group:
        return None
    last: SlotRecord | None = group[-1]
    assert last is not None
    if last.valid_from > t:
        index = bisect_right(group, t, key=_start)
        last = group[index - 1] if index else None
        if last is None:
            return None
    if last.stated_until is not None and t >= last.stated_until:
        return None
    return last


class Slot:
    """The believed records of one slot, kept in record order (per object when the slot is
    multi-valued, so deciding stays O(log n) however many records a slot has)."""

    __slots__ = ("_groups", "_single", "single_valued")

    def __init__(self, records: Iterable[SlotRecord], *, single_valued: bool) -> None:
        self.single_valued = single_valued
        self._groups: dict[str, list[SlotRecord]] = {}
        self._single: list[SlotRecord] | None = [] if single_valued else None
        if single_valued:
            self._groups[""] = self._single = sorted(records, key=record_order)
        else:
            for record in sorted(records, key=record_order):
                self._groups.setdefault(_group_key(record.key, record.version), []).append(record)

    def _group(self, key: str, version: ToolVersion | None = None) -> list[SlotRecord]:
        if self._single is not None:
            return self._single
        key = _group_key(key, version)
        group = self._groups.get(key)
        if group is None:
            group = self._groups[key] = []
        return group

    def _ordered_groups(self) -> list[list[SlotRecord]]:
        """Groups in the order of their first record (as one ordered pass over the slot meets them)."""
        groups = [g for g in self._groups.values() if g]
        if not self.single_valued:
            groups.sort(key=lambda g: record_order(g[0]))
        return groups

    def records(self) -> list[SlotRecord]:
        """Every believed record, group by group (each in record order), as settling meets them."""
        return [r for g in self._ordered_groups() for r in g]

    def holding(self, t: int) -> list[SlotRecord]:
        """The records that hold at ``t`` (one per group)."""
        found = (_holding(g, t) for g in self._ordered_groups())
        return [r for r in found if r is not None]

    def decide(self, key: str, valid_from: int, stated_until: int | None, *, correction: bool = False,
               interval_given: bool = True, replaces: str | None = None,
               version: ToolVersion | None = None, start_said: bool = True) -> SlotDecision:
        """What the statement ``slot = key`` over ``[valid_from, stated_until)`` does.
        ``interval_given``: the caller stated ``valid_from`` (a correction otherwise takes the
        wrong record's interval); ``replaces``: the key of the object a correction names;
        ``version``: the tool version the statement holds for; ``start_said``: ``valid_from``
        is when the value began (a date said or given), not only when it was said to hold."""
        if correction:
            at_t = self.holding(valid_from)
            if replaces is not None:
                targets = [r for r in at_t if r.key == replaces]
            else:
                targets = [r for r in at_t if r.key != key]
            if targets:
                start = valid_from if interval_given else min(r.valid_from for r in targets)
                end = stated_until
                if end is None and not interval_given:
                    end = targets[0].stated_until
                return _create(start, end, tuple(targets))
            confirmed = [r for r in at_t if r.key == key]
            if confirmed:
                return SlotDecision(SlotAction.duplicate, valid_from, stated_until, duplicate_of=confirmed[0])
            # Nothing to correct: an ordinary statement.
        group = self._group(key, version)
        current = _holding(group, valid_from) if version is None else _holding_version(group, valid_from, version)
        if current is not None and version is not None and current.version != version:
            # Another version of the tool holds: not a duplicate, never a replacement; settling
            # orders the two by version.
            return _create(valid_from, stated_until)
        if current is None:
            if stated_until is None:  # the common case, without a call
                return SlotDecision(SlotAction.create, valid_from, None, None, ())
            return _create(valid_from, stated_until)
        if current.key == key:
            if start_said and current.valid_from == UNKNOWN_START_US < valid_from and (
                    current.stated_until is None or valid_from < current.stated_until):
                # The record's start was unknown and the statement says it: the record is
                # revised to begin then (retracted, so an earlier belief stays answerable).
                return _create(valid_from, current.stated_until, (current,))
            return SlotDecision(SlotAction.duplicate, valid_from, stated_until, current, ())
        if current.valid_from == valid_from:
            return _create(valid_from, stated_until, (current,))
        if stated_until is not None:
            return _create(valid_from, stated_until)
        if current.stated_until is not None and self._starts_at(group, current.stated_until):
            return _create(valid_from, current.stated_until)
        return SlotDecision(SlotAction.create, valid_from, None, None, ())

    @staticmethod
    def _starts_at(group: list[SlotRecord], t: int) -> bool:
        index = bisect_left(group, t, key=_start)
        return index < len(group) and group[index].valid_from == t

    def add(self, record: SlotRecord) -> None:
        """A new record joins the slot."""
        group = self._group(record.key, record.version)
        if not group or group[-1].valid_from < record.valid_from or record_order(group[-1]) < record_order(record):
            group.append(record)
        else:
            insort(group, record, key=record_order)

    def remove(self, record: SlotRecord) -> None:
        """A record leaves the believed set (retracted or deleted)."""
        group = self._group(record.key, record.version)
        index = bisect_left(group, record_order(record), key=record_order)
        if index < len(group) and group[index] is record:
            del group[index]

    def settle(self) -> list[SlotRecord]:
        """Derive every record's effective end and ``superseded_by``; return the records whose
        derived fields changed (updated in place), in slot order."""
        changed: list[SlotRecord] = []
        for group in self._ordered_groups():
            if any(r.version is not None for r in group):
                _settle_versions(group, changed)
                continue
            count = len(group)
            for index, record in enumerate(group):
                until, superseded_by = record.stated_until, None
                if index + 1 < count:
                    nxt = group[index + 1]
                    if until is None or nxt.valid_from < until:
                        until = nxt.valid_from
                        if nxt.key != record.key:
                            superseded_by = nxt.id
                if until != record.valid_until or superseded_by != record.superseded_by:
                    record.valid_until, record.superseded_by = until, superseded_by
                    changed.append(record)
        return changed


def _holding_version(group: list[SlotRecord], t: int, version: ToolVersion) -> SlotRecord | None:
    """What holds at ``t`` for a statement about ``version``: the latest record of the newest
    version of the tool started by ``t`` (an older version's record never holds over a newer's)."""
    best: tuple[SlotRecord, ToolVersion] | None = None
    for record in group[: bisect_right(group, t, key=_start)]:
        held = record.version
        if held is None or held[0] != version[0] or (record.stated_until is not None and t >= record.stated_until):
            continue
        if best is None or held[1] >= best[1][1]:
            best = (record, held)
    return best[0] if best is not None else _holding(group, t)


def _group_key(key: str, version: ToolVersion | None) -> str:
    """A multi-valued slot keeps one group per object, and one per tool for versioned records."""
    return key if version is None else f"\x00tool:{version[0]}"


def _settle_versions(group: list[SlotRecord], changed: list[SlotRecord]) -> None:
    """:meth:`Slot.settle` for a group with versioned records: each record is cut by the next one
    that is not about an older version of its tool; a record about an older version than the one
    holding at its start is cut there (an empty interval), superseded by the newer version's."""
    holder: SlotRecord | None = None
    for index, record in enumerate(group):
        until, superseded_by = record.stated_until, None
        if holder is not None and (holder.valid_until is None or holder.valid_until > record.valid_from) \
                and is_older(record.version, holder.version):
            until, superseded_by = record.valid_from, holder.id
        else:
            for nxt in group[index + 1:]:
                if is_older(nxt.version, record.version):
                    continue
                if until is None or nxt.valid_from < until:
                    until = nxt.valid_from
                    if nxt.key != record.key or nxt.version != record.version:
                        superseded_by = nxt.id
                break
            holder = record
        if until != record.valid_until or superseded_by != record.superseded_by:
            record.valid_until, record.superseded_by = until, superseded_by
            changed.append(record)
