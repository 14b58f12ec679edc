"""Spotting sensitive values in a clause so the extractor can hint ``sensitive_kind``.

The MemoryPolicy does its own detection and decides; these hints only make sure a fact
that carries such a value is labelled, and that no ordinary fact is built from it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..policy.sensitive import luhn_valid
from .rules_lexicon import HEALTH_CONDITIONS

_REDACTED = re.compile(r"\[redacted:(?P<kind>[a-z_]+)\]")
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_ID_NUMBER = re.compile(r"(?<!\d)(?:\d{17}[\dXx]|\d{3}-\d{2}-\d{4})(?![\dXx])")
_ID_CONTEXT = re.compile(
    r"\b(?:id|identity|passport|social\s+security|ssn|national\s+insurance|driver'?s\s+licen[cs]e|tax)"
    r"(?:\s+(?:card|number|no\.?|#))*\s*(?:is|:|=)\s*(?P<value>[A-Z0-9][A-Z0-9 -]{4,}[A-Z0-9])", re.I)
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b")
_BANK_CONTEXT = re.compile(r"\b(?:account|routing|sort\s+code|iban|bank)\s*(?:number|no\.?|#)?\s*(?:is|:)\s*(?P<value>[\d -]{6,})", re.I)
_CREDENTIAL = re.compile(
    r"\b(?:sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{30,})\b")
_CREDENTIAL_CONTEXT = re.compile(
    r"\b(?:password|passcode|passphrase|pin(?:\s+code)?|api[\s_-]?key|secret(?:\s+key)?|access\s+token|token)"
    r"(?:\s+(?:for|to|of|on)\s+(?:my\s+)?[\w.@-]+(?:\s+account)?)?\s*(?:is|:|=)\s*(?P<value>\S+)",
    re.I)
_STREET = re.compile(
    r"\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][\w'-]*\s+){1,4}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Drive|Dr|"
    r"Court|Ct|Way|Place|Pl|Terrace|Close|Crescent|Square|Sq|Strasse|Straße|Str|Alley|Highway|Hwy)\b\.?"
    r"(?:,\s*(?:Apt\.?|Flat|Unit)\s*\w+)?(?:,\s*[A-Z][\w -]+)?")
_HEALTH = re.compile(
    r"\b(?:diagnosed\s+with|suffer(?:s|ing)?\s+from|living\s+with|i\s+(?:might\s+|may\s+|could\s+|probably\s+)?have|"
    r"i've\s+got|i\s+got|being\s+treated\s+for|"
    r"recovering\s+from|i'm\s+in\s+therapy\s+for)\s+(?P<value>" + "|".join(
        re.escape(c) for c in sorted(HEALTH_CONDITIONS, key=len, reverse=True)) + r")\b", re.I)
_HEALTH_STATES = re.compile(r"\b(?:i'm|i\s+am)\s+(?P<value>pregnant|hiv[\s-]positive|diabetic|epileptic|bipolar)\b", re.I)


# Every pattern needs a digit or one of these words; a text without any is skipped cheaply.
_TRIGGER = re.compile(
    r"\d|redacted|pass|pin|api|secret|token|key|diagnos|suffer|living|have|got|treated|recovering|therapy|"
    r"pregnant|hiv|diabetic|epileptic|bipolar|AKIA|AIza|gh[pousr]_|xox", re.I)


@dataclass(frozen=True)
class SensitiveHint:
    """One sensitive value in a clause: its kind, the predicate it would be stored under, and where."""

    kind: str
    predicate: str
    value: str
    start: int
    end: int


def find_sensitive(text: str) -> list[SensitiveHint]:
    """Sensitive values in ``text`` (already redacted markers included), left to right."""
    if not _TRIGGER.search(text):
        return []
    hints: list[SensitiveHint] = []

    def add(kind: str, predicate: str, m: re.Match[str], group: str | int = 0) -> None:
        start, end = m.span(group)
        if not any(h.start < end and start < h.end for h in hints):
            hints.append(SensitiveHint(kind, predicate, m[group].strip(), start, end))

    for m in _REDACTED.finditer(text):
        kind = m["kind"]
        add(kind, {"address": "address", "health": "medical_condition"}.get(kind, kind), m)
    for m in _CREDENTIAL.finditer(text):
        add("credential", "credential", m)
    for m in _CREDENTIAL_CONTEXT.finditer(text):
        add("credential", "credential", m, "value")
    for m in _ID_NUMBER.finditer(text):
        add("identity_number", "identity_number", m)
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m[0])
        if 13 <= len(digits) <= 19 and luhn_valid(digits):
            add("card_number", "card_number", m)
    for m in _ID_CONTEXT.finditer(text):
        add("identity_number", "identity_number", m, "value")
    for m in _IBAN.finditer(text):
        add("bank_account", "bank_account", m)
    for m in _BANK_CONTEXT.finditer(text):
        add("bank_account", "bank_account", m, "value")
    for m in _STREET.finditer(text):
        add("address", "address", m)
    for pattern in (_HEALTH, _HEALTH_STATES):
        for m in pattern.finditer(text):
            add("health", "medical_condition", m, "value")
    return sorted(hints, key=lambda h: h.start)
