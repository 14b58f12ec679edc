"""Sensitive-value hints for a clause, so the extractor can label ``sensitive_kind``.

The detection is :func:`kronograph.sensitive.find_sensitive` (the one detector module the
policy uses too); a hint adds the predicate the value would be stored under and keeps the
already-redacted markers. The policy still decides; these hints only make sure a fact that
carries such a value is labelled, and that no ordinary fact is built from it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import sensitive as policy

_REDACTED = re.compile(r"\[redacted:(?P<kind>[a-z_]+)\]")
# The policy's street span stops at the street; the hint keeps a trailing flat and town too.
_STREET = re.compile(
    r"\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][\w'-]*\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Drive|Dr|"
    r"Court|Ct|Way|Place|Pl|Terrace|Close|Crescent|Square|Sq|Strasse|Straße|Str|Alley|Highway|Hwy)\b\.?"
    r"(?:,\s*(?:Apt\.?|Flat|Unit)\s*\w+)?(?:,\s*[A-Z][\w -]+)?")


@dataclass(frozen=True)
class SensitiveHint:
    """One sensitive value in a clause: its kind, the predicate it would be stored under, and where."""

    kind: str
    predicate: str
    value: str
    start: int
    end: int


def sensitive_hints(text: str) -> list[SensitiveHint]:
    """Sensitive values in ``text`` (already redacted markers included), left to right."""
    hints: list[SensitiveHint] = []

    def add(kind: str, predicate: str, start: int, end: int) -> None:
        if not any(h.start < end and start < h.end for h in hints):
            hints.append(SensitiveHint(kind, predicate, text[start:end].strip(), start, end))

    for m in _REDACTED.finditer(text):
        kind = m["kind"]
        add(kind, {"address": "address", "health": "medical_condition"}.get(kind, kind), *m.span())
    for f in policy.find_sensitive(text, policy.ALL_KINDS - {policy.ADDRESS}):
        add(f.kind, "medical_condition" if f.kind == policy.HEALTH else f.kind, f.start, f.end)
    for m in _STREET.finditer(text):
        add("address", "address", *m.span())
    return sorted(hints, key=lambda h: h.start)
