"""Find sensitive spans in text and cut them out, before anything is stored.

    redacted, findings = redact("my card is 4111 1111 1111 1111")
    # redacted == "my card is [redacted:card_number]"; findings[0].kind == "card_number"

Pure and deterministic: regular expressions plus checksums (Luhn for cards, ISO 7064
MOD 11-2 for Chinese resident ID numbers, MOD 97 for IBANs) so ordinary numbers (phone
numbers, years, amounts) are not mistaken for secrets. A :class:`Finding` keeps the span
positions, never a copy of the value, so it can be logged or returned safely.

Kinds: ``identity_number``, ``card_number``, ``bank_account``, ``credential``,
``address`` (an exact street address), ``health`` (a diagnosis; allergies and medication
are safety-critical and handled by the policy, not here).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from .sensitive_zh import PHONE_NUMBER, find_chinese

IDENTITY_NUMBER = "identity_number"
CARD_NUMBER = "card_number"
BANK_ACCOUNT = "bank_account"
CREDENTIAL = "credential"
ADDRESS = "address"
HEALTH = "health"

ALL_KINDS: frozenset[str] = frozenset({IDENTITY_NUMBER, CARD_NUMBER, BANK_ACCOUNT, CREDENTIAL, ADDRESS, HEALTH,
                                       PHONE_NUMBER})  # phone numbers: Chinese text only (sensitive_zh)

_MARKER = re.compile(r"\[redacted:([a-z_]+)\]")


@dataclass(frozen=True, slots=True)
class Finding:
    """A sensitive span: its kind and where it is; the value itself is never kept."""

    kind: str
    start: int
    end: int


# -- identity numbers -------------------------------------------------------------------
_CN_ID = re.compile(r"(?<![\dA-Za-z])(\d{17}[\dXx])(?![\dA-Za-z])")
_CN_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CN_CHECK = "10X98765432"
_SSN = re.compile(r"(?<![\d-])(\d{3})[- ](\d{2})[- ](\d{4})(?![\d-])")
_ID_CONTEXT = re.compile(
    r"\b(?:id|identity|identification|passport|ssn|social security|national insurance|driver'?s? licen[cs]e|"
    r"licen[cs]e|tax|nin|nric|aadhaar)\b[^.\n\d]{0,30}?([A-Z]{0,2}\d[\d -]{5,18}\d[A-Z]?)",
    re.IGNORECASE,
)


def _cn_id_valid(number: str) -> bool:
    total = sum(int(d) * w for d, w in zip(number[:17], _CN_WEIGHTS))
    return _CN_CHECK[total % 11] == number[17].upper()


def _cn_birth_date(number: str) -> bool:
    """Digits 7-14 of a resident ID are a birth date; a plausible one marks an ID even with a typo."""
    year, month, day = int(number[6:10]), int(number[10:12]), int(number[12:14])
    return 1900 <= year <= 2030 and 1 <= month <= 12 and 1 <= day <= 31


def _identity(text: str) -> Iterable[tuple[int, int]]:
    for m in _CN_ID.finditer(text):
        if _cn_id_valid(m.group(1)) or _cn_birth_date(m.group(1)):
            yield m.span(1)
    for m in _SSN.finditer(text):
        area, group, serial = m.groups()
        if area not in {"000", "666"} and not area.startswith("9") and group != "00" and serial != "0000":
            yield m.span()
    for m in _ID_CONTEXT.finditer(text):
        if sum(c.isdigit() for c in m.group(1)) >= 6:
            yield m.span(1)


# -- card numbers -----------------------------------------------------------------------
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")


def luhn_valid(digits: str) -> bool:
    """The Luhn checksum that every payment card number satisfies."""
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _cards(text: str) -> Iterable[tuple[int, int]]:
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 13 <= len(digits) <= 19 and luhn_valid(digits) and len(set(digits)) > 1:
            yield m.span()


# -- bank accounts ----------------------------------------------------------------------
_IBAN = re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b")
_ACCOUNT = re.compile(
    r"\b(?:account|acct|a/c|routing|sort code|bank|iban|swift|bic)\b(?:\s*(?:number|no\.?|#|code))?"
    r"[^.\n\d]{0,20}?(\d[\d -]{4,22}\d)",
    re.IGNORECASE,
)


def iban_valid(value: str) -> bool:
    """The ISO 13616 MOD-97 check of an IBAN (spaces ignored)."""
    compact = value.replace(" ", "").upper()
    if not 15 <= len(compact) <= 34:
        return False
    rearranged = compact[4:] + compact[:4]
    number = "".join(str(int(c, 36)) for c in rearranged)
    return int(number) % 97 == 1


def _bank(text: str) -> Iterable[tuple[int, int]]:
    for m in _IBAN.finditer(text):
        if iban_valid(m.group(1)):
            yield m.span(1)
    for m in _ACCOUNT.finditer(text):
        if sum(c.isdigit() for c in m.group(1)) >= 6:
            yield m.span(1)


# -- credentials ------------------------------------------------------------------------
_KEY_SHAPES = re.compile(
    r"\b(?:sk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}"      # OpenAI / Anthropic style
    r"|AKIA[0-9A-Z]{16}"                              # AWS access key id
    r"|gh[pousr]_[A-Za-z0-9]{30,}"                    # GitHub tokens
    r"|github_pat_[A-Za-z0-9_]{30,}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"                 # Slack
    r"|AIza[0-9A-Za-z_-]{35}"                         # Google API key
    r"|glpat-[A-Za-z0-9_-]{20}"                       # GitLab
    r"|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"  # JWT
)
_SECRET_CONTEXT = re.compile(
    r"\b(?:password|passwd|pwd|passcode|passphrase|api[ _-]?key|access[ _-]?key|secret(?: key)?|"
    r"token|private key|credentials?|login)\b(?:\s+(?:for|to|of|on)\s+[\w-]+(?:\s+[\w-]+)?)?"
    r"\s*(?:is|was|:|=|->)\s*[\"'`]?([^\s\"'`,;]{4,})",
    re.IGNORECASE,
)


_PIN = re.compile(r"\bpin(?:\s*(?:code|number))?\s*(?:is|:|=)\s*(\d{4,8})\b", re.IGNORECASE)


def _spans(text: str, *patterns: re.Pattern[str], group: int = 0) -> Iterator[tuple[int, int]]:
    """The span of ``group`` in every match of each pattern, in pattern order."""
    for pattern in patterns:
        for m in pattern.finditer(text):
            yield m.span(group)


def _credentials(text: str) -> Iterable[tuple[int, int]]:
    yield from _spans(text, _KEY_SHAPES)
    yield from _spans(text, _PIN, group=1)
    for m in _SECRET_CONTEXT.finditer(text):
        value = m.group(1).rstrip(".!?")
        # A secret has a digit or a symbol, or is long; "my secret is that ..." is not one.
        if len(value) >= 4 and (len(value) >= 12 or not value.isalpha()):
            yield m.start(1), m.start(1) + len(value)


# -- exact street addresses -------------------------------------------------------------
_STREET_TYPES = (
    r"street|st|road|rd|avenue|ave|lane|ln|boulevard|blvd|drive|dr|way|court|ct|place|pl|terrace|close|"
    r"crescent|highway|hwy|parkway|pkwy|square|sq|alley|row|gardens|circle|mews|strasse|straße|jie|lu"
)
# Chat is often lower-case ("i live at 42 baker street"), so case is ignored; instead a street
# name may not contain function words or counted nouns ("2 kids and a dog way too much",
# "5 miles down the road" are not addresses).
_NOT_A_NAME = (
    r"(?!(?:and|or|a|an|the|of|to|in|on|for|with|my|your|our|their|his|her|too|very|is|are|was|were|i|me|we|"
    r"you|it|at|by|from|that|this|more|less|than|then|so|but|all|some|many|much|other|times?|days?|weeks?|"
    r"months?|years?|hours?|minutes?|miles?|km|kms|kids?|children|people|dogs?|cats?|steps?|blocks?)\b)"
)
_STREET = re.compile(
    r"\b(?:no\.?\s*)?\d{1,5}[a-z]?(?:-\d{1,5})?,?\s+(?:" + _NOT_A_NAME + r"[a-z][\w'.-]*\s+){1,4}(?:"
    + _STREET_TYPES + r")\b\.?(?:,?\s*(?:apt|apartment|unit|suite|flat|room|floor|#)\.?\s*#?\w{1,6})?",
    re.IGNORECASE,
)
_STREET_FIRST = re.compile(
    r"\b(?:[A-Z][\w'.-]*\s+){1,3}(?i:road|rd|street|st|lu|jie|avenue|ave)\.?,?\s+(?i:no\.?\s*)?\d{1,5}[a-z]?\b"
    r"(?i:,?\s*(?:apt|apartment|unit|suite|flat|room|#)\.?\s*#?\w{1,6})?",
)
_STREET_ROMANCE = re.compile(
    r"\b\d{1,5}[a-z]?,?\s+(?:rue|viale|via|calle|avenida|rua|chemin)\s+(?:(?:de|del|della|di|da|du|des|la|le|l')\s*)*"
    r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}",
    re.IGNORECASE,
)
_UNIT = re.compile(r"\b(?:apt|apartment|suite)\.?\s*#?\d{1,5}[a-z]?\b", re.IGNORECASE)


def _addresses(text: str) -> Iterable[tuple[int, int]]:
    return _spans(text, _STREET, _STREET_FIRST, _STREET_ROMANCE, _UNIT)


# -- health details ---------------------------------------------------------------------
#: Conditions whose mention is a health detail; allergies and medication are not here.
HEALTH_TERMS: tuple[str, ...] = (
    "hiv", "aids", "cancer", "leukemia", "leukaemia", "tumou?r", "diabetes", "depression", "bipolar(?: disorder)?",
    "schizophrenia", "anxiety disorder", "panic disorder", "ptsd", "ocd", "adhd", "autism", "eating disorder",
    "anorexia", "bulimia", "hepatitis(?: [abc])?", "epilepsy", "dementia", "alzheimer'?s", "parkinson'?s",
    "multiple sclerosis", "tuberculosis", "herpes", "an std", "an sti", "chlamydia", "syphilis", "gonorrh?oea",
    "asthma", "heart disease", "a heart condition", "crohn'?s(?: disease)?", "celiac disease", "coeliac disease",
    "lupus", "arthritis", "infertility", "a miscarriage", "an abortion", "covid(?:-19)?", "long covid",
    "insomnia", "migraines?", "high blood pressure", "hypertension", "a disability", "a mental illness",
    "addiction", "alcoholism",
)
_HEALTH = re.compile(
    r"\b(?:diagnosed with|suffer(?:s|ing)? from|living with|tested positive for|treated for|"
    r"being treated for|have|has|had|got|getting|struggle with|struggling with|recovering from|battling|"
    r"therapy for|surgery for|in remission from)\s+((?:(?:a|an|some|mild|severe|chronic|type [12]|stage [1-4iv]+)\s+)*"
    r"(?:" + "|".join(HEALTH_TERMS) + r"))\b",
    re.IGNORECASE,
)
_HEALTH_STATE = re.compile(
    r"\b(?:i'?m|i am|he'?s|she'?s|they'?re)\s+(?:(?:hiv[- ]positive|pregnant|diabetic|epileptic|bipolar|"
    r"depressed|anorexic|bulimic|autistic|infertile))\b",
    re.IGNORECASE,
)


def _health(text: str) -> Iterable[tuple[int, int]]:
    yield from _spans(text, _HEALTH, group=1)
    for m in _HEALTH_STATE.finditer(text):
        state = m.group().split()[-1]
        yield m.end() - len(state), m.end()


Detector = Callable[[str], Iterable[tuple[int, int]]]

#: Detectors by kind. Order matters only for overlapping spans: the first kind wins.
DETECTORS: dict[str, Detector] = {
    IDENTITY_NUMBER: _identity,
    CARD_NUMBER: _cards,
    BANK_ACCOUNT: _bank,
    CREDENTIAL: _credentials,
    ADDRESS: _addresses,
    HEALTH: _health,
}


#: Kinds whose every pattern needs a digit: a text without one skips them (most chat has none).
_DIGIT_KINDS = frozenset({IDENTITY_NUMBER, CARD_NUMBER, BANK_ACCOUNT, ADDRESS})
_DIGIT = re.compile(r"\d")


def find_sensitive(text: str, kinds: Iterable[str] = ALL_KINDS) -> list[Finding]:
    """Sensitive spans in ``text``, sorted and without overlaps (the first kind listed in
    :data:`DETECTORS` wins; overlapping spans of one kind merge)."""
    wanted = set(kinds) if _DIGIT.search(text) else set(kinds) - _DIGIT_KINDS
    raw: list[Finding] = []
    for kind, detect in DETECTORS.items():
        if kind in wanted:
            raw += [Finding(kind, s, e) for s, e in detect(text) if e > s]
    # Chinese text: the detectors of kronograph.sensitive_zh as well (English text has none to run).
    raw += [Finding(kind, s, e) for kind, s, e in find_chinese(text, wanted)]
    order = [*DETECTORS, PHONE_NUMBER]
    raw.sort(key=lambda f: (f.start, order.index(f.kind), -f.end))
    merged: list[Finding] = []
    for finding in raw:
        if merged and finding.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = Finding(last.kind, last.start, max(last.end, finding.end))
        else:
            merged.append(finding)
    return merged


def marker(kind: str) -> str:
    """What a redacted span is replaced with: ``[redacted:card_number]``."""
    return f"[redacted:{kind}]"


def redact(text: str, kinds: Iterable[str] = ALL_KINDS) -> tuple[str, list[Finding]]:
    """``text`` with every sensitive span replaced by its marker, and the spans found."""
    findings = find_sensitive(text, kinds)
    out, cursor = [], 0
    for finding in findings:
        out.append(text[cursor:finding.start])
        out.append(marker(finding.kind))
        cursor = finding.end
    out.append(text[cursor:])
    return "".join(out), findings


def redacted_kinds(text: str) -> list[str]:
    """The kinds of the markers already in ``text`` (text that was redacted before)."""
    return list(dict.fromkeys(_MARKER.findall(text)))
