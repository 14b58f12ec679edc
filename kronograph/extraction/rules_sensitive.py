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
from .rules_draft import Draft

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


def holds_private(text: str) -> bool:
    """Whether ``text`` holds a private value: worth reading though it names no person."""
    return bool(policy.find_sensitive(text))


def unread_sensitive(sentence: str, drafts: list[Draft]) -> list[Draft]:
    """A sensitive draft for each private value in a user's ``sentence`` that no clause rule
    labelled: an imperative ("text me at ..."), a value whose clause was read as a request
    ("the wifi password is ..., don't lose it"). Refusal must not hang on which clause rule fired."""
    if sentence.rstrip().endswith("?"):
        return []  # "is 4471 the right pin?": asked, not told
    said = [d.object for d in drafts if d.sensitive_kind]
    return [Draft(predicate=h.predicate, object=h.value, sensitive_kind=h.kind, flags={"sensitive"})
            for h in sensitive_hints(sentence)
            if not any(h.value in value or value in h.value for value in said if value)]
