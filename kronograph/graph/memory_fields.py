"""One codec for the fields only some memory types use (a summary's sources and span, a
procedure's outcomes, a tool's version, the last verification), shared by every backend.

Most records leave them all at their defaults and store nothing (``None``); the others store
one JSON object holding only what differs from the default, so adding such a field never
needs a schema change and a bulk load of plain facts pays one NULL per row.
"""

from __future__ import annotations

import json
from typing import Any

from ..model import Fact
from ..temporal.instants import from_micros, to_micros

#: The fields, with their defaults.
DEFAULTS: dict[str, Any] = {
    "source_fact_ids": [], "summary_level": 0, "sources_until": None, "stale": False, "last_verified_at": None,
    "success_count": 0, "failure_count": 0, "tool": None, "tool_version": None,
}
_TIMES = frozenset({"sources_until", "last_verified_at"})
#: What a stored value holds exactly when its record is a summary (a level above the default 0):
#: a store finds summaries by it without decoding.
SUMMARY_MARK = '"summary_level":'


def encode(fact: Fact) -> str | None:
    """The non-default fields of ``fact`` as a JSON object (times as integer microseconds), or None."""
    values = fact.__dict__
    out: dict[str, Any] = {}
    for name, default in DEFAULTS.items():
        value = values.get(name, default)
        if value != default:
            out[name] = to_micros(value) if name in _TIMES else value
    return json.dumps(out, sort_keys=True, separators=(",", ":")) if out else None


def decode(stored: str | None) -> dict[str, Any]:
    """The fields as model values (defaults for what was not stored)."""
    values: dict[str, Any] = {name: (list(d) if isinstance(d, list) else d) for name, d in DEFAULTS.items()}
    if stored:
        for name, value in json.loads(stored).items():
            if name in values:
                values[name] = from_micros(value) if name in _TIMES else value
    return values


def with_time(stored: str | None, name: str, micros: int) -> str:
    """``stored`` with one time field set (integer microseconds), for rows a bulk write changes."""
    if name not in _TIMES:
        raise ValueError(f"{name} is not a time field")
    values = json.loads(stored) if stored else {}
    values[name] = micros
    return json.dumps(values, sort_keys=True, separators=(",", ":"))
