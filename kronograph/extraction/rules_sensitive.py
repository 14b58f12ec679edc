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


def tells_private(text: str) -> bool:
    """Whether ``text`` tells a private value, not only asks about one ("My PIN is 8264, will you
    remember it?" tells; "Is 8264 the right PIN?" asks)."""
    return any(not _asked(text, f.end) for f in policy.find_sensitive(text))


def refuse_private(sentence: str, drafts: list[Draft]) -> list[Draft]:
    """``drafts`` of a user's ``sentence`` with every private value in it refused: a value no clause
    rule labelled (an imperative "text me at ...", a clause read as a request "the wifi password is
    ..., don't lose it") gets a sensitive draft, and a plain draft that carries one ("lives_in 5 Rue
    Cler") goes. Refusal must not hang on which clause rule fired."""
    found = [h for h in [*sensitive_hints(sentence),
                         *(SensitiveHint(f.kind, f.kind, sentence[f.start:f.end], f.start, f.end)
                           for f in policy.find_sensitive(sentence, {policy.ADDRESS}))]
             if not _asked(sentence, h.end)]
    if not found:
        return drafts
    values = [h.value for h in found]
    kept = [d for d in drafts if d.sensitive_kind or not d.object or not any(_overlaps(d.object, v) for v in values)]
    said = [d.object for d in kept if d.sensitive_kind and d.object]
    for hint in found:
        if not any(_overlaps(hint.value, value) for value in said):
            kept.append(Draft(predicate=hint.predicate, object=hint.value, sensitive_kind=hint.kind, flags={"sensitive"}))
            said.append(hint.value)
    return kept


# where the part of a sentence that holds a value ends: a comma or semicolon, or a sentence's end mark
_PART_END = re.compile(r"[,;]\s|[.!?](?=\s|$)|$")


def _asked(sentence: str, end: int) -> bool:
    """Whether the value ending at ``end`` is asked about ("is 4471 the right pin?", "is the wifi
    password tangerine42?"), not told before a request ("My Steam password is Falcon_99!, can you
    log in?"): its part of the sentence is the one the question mark ends."""
    stop = _PART_END.search(sentence, end)
    return stop is not None and stop[0] == "?"


def _overlaps(a: str, b: str) -> bool:
    """One value holds the other ("17 Elm Row" and "17 Elm Row, Edinburgh"; "JT" and "JT 48 21 93 B")."""
    a, b = a.casefold().strip(), b.casefold().strip()
    return bool(a and b) and (a in b or b in a)
