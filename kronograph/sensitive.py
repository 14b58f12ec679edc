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
from functools import lru_cache

from .sensitive_zh import PHONE_NUMBER, find_chinese

IDENTITY_NUMBER = "identity_number"
CARD_NUMBER = "card_number"
BANK_ACCOUNT = "bank_account"
CREDENTIAL = "credential"
ADDRESS = "address"
HEALTH = "health"
PHONE = PHONE_NUMBER  # one kind for phone numbers in every language (sensitive_zh)
EMAIL = "email"

ALL_KINDS: frozenset[str] = frozenset({IDENTITY_NUMBER, CARD_NUMBER, BANK_ACCOUNT, CREDENTIAL, ADDRESS, HEALTH,
                                       PHONE, EMAIL})  # PHONE is sensitive_zh's phone_number: one kind, both languages

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
    r"licen[cs]e|tax|nin|ni|nino|nric|aadhaar|nhs|sin|social insurance|medicare|health card|national id)\b"
    r"(?:\bno\.|[^.\n\d]){0,30}?((?-i:[A-Z]{1,2} ?)?\d[\d -]{4,18}\d(?-i: ?[A-Z]\b)?)",
    re.IGNORECASE,
)


#: "order ID", "meeting ID", "tracking number": identifiers of things, not of a person.
_NOT_PERSONAL = re.compile(
    r"\b(?:order|meeting|zoom|tracking|booking|reservation|reference|ref|confirmation|invoice|ticket|"
    r"transaction|serial|product|session|package|parcel|shipment|flight|case|claim|game|room|table)\s*$",
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
        if sum(c.isdigit() for c in m.group(1)) >= 6 and not _NOT_PERSONAL.search(text, 0, m.start()):
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


# "the card ending 4432", "my visa ends in 0098", "last four of my card are 8812": part of a card
# number said as what picks the card out; removed whole, like the full number.
_CARD_TAIL = re.compile(
    r"\b(?:card|visa|mastercard|amex|debit|credit)(?:\s+(?:number|no\.?))?\s+(?:ending|ends|ended|that\s+ends)"
    r"(?:\s+(?:in|with|on))?\s*[-:#]?\s*(\d{4})\b"
    r"|\blast\s+(?:four|4)(?:\s+(?:digits|numbers))?\s+(?:of|on)\s+(?:my|the|our|his|her)\s+(?:[\w-]+\s+){0,2}?card"
    r"(?:\s+(?:number|no\.?))?\s*(?:are|is|were|was|:|-)\s*(\d{4})\b",
    re.IGNORECASE,
)


# What a long number is called decides whether it is a card number. Every payment card number
# passes the Luhn check, so a number that fails it is a card number only where the words around it
# say it is a payment secret: a payment network or "credit/debit card", or the expiry or security
# code that travels with one ("My Visa is 4532 ...", a typo of a real card). A plain "card" or a
# card that pays for nothing (gift, loyalty, library, SIM) with a failing number may be an order,
# membership or tracking number and is not refused as a card. A number named as an order, parcel
# or booking reference is not a card number even when it happens to pass the check.
_CARD_NAMED = re.compile(
    r"\b(?:(?P<kind>[\w-]+)\s+)?(?P<card>card|visa|mastercard|amex|debit|credit)(?:\s+(?:card|number|no\.?|details))*\s*"
    r"(?:'s|is|:|,|=|-)?\s*((?<![\d-])\d(?:[ -]?\d){12,18})(?![\d-])",
    re.IGNORECASE,
)
_PAYMENT_NAMES = frozenset({"visa", "mastercard", "amex", "debit", "credit"})
_PAYMENT_SECRET = re.compile(r"\b(?:exp(?:iry|ires?|iration)?|valid\s+(?:thru|through|until)|cvv2?|cvc2?|csc|"
                             r"security\s+code|american\s+express|discover|jcb|maestro)\b|\b\d{2}\s*/\s*\d{2}\b", re.I)
#: cards that pay for nothing: their numbers are memberships and accounts, not card secrets
_NOT_PAYMENT_CARDS = frozenset({"gift", "loyalty", "library", "membership", "member", "reward", "rewards", "store",
                                "club", "clubcard", "nectar", "oyster", "rail", "railcard", "sim", "business", "post",
                                "birthday", "christmas", "greeting", "greetings", "thank-you", "report", "key",
                                "access", "id", "identity", "health", "insurance", "boarding", "scorecard", "game"})
_NOT_A_CARD = re.compile(
    r"\b(?:order|tracking|booking|reservation|reference|ref|confirmation|invoice|ticket|transaction|serial|product|"
    r"parcel|package|shipment|consignment|delivery|account|customer|member(?:ship)?|policy|claim|case|imei|barcode)"
    r"(?:\s+(?:number|no\.?|id|code|ref))?\s*(?:is|was|'s|:|#|=|-)?\s*#?\s*$",
    re.IGNORECASE,
)


def _is_payment_card(m: re.Match[str], text: str) -> bool:
    """Whether a number named as a card is a payment card's: its checksum passes, or the words
    around it make it a payment secret."""
    kind = (m["kind"] or "").casefold()
    if kind in _NOT_PAYMENT_CARDS:
        return False
    if luhn_valid(re.sub(r"\D", "", m.group(3))):
        return True
    return m["card"].casefold() in _PAYMENT_NAMES or kind in _PAYMENT_NAMES or bool(_PAYMENT_SECRET.search(text))


def _cards(text: str) -> Iterable[tuple[int, int]]:
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 13 <= len(digits) <= 19 and luhn_valid(digits) and len(set(digits)) > 1 \
                and not _NOT_A_CARD.search(text, max(0, m.start() - 40), m.start()):
            yield m.span()
    for m in _CARD_NAMED.finditer(text):
        if 13 <= _digit_count(m.group(3)) <= 19 and _is_payment_card(m, text):
            yield m.span(3)
    for m in _CARD_TAIL.finditer(text):
        yield m.span(1) if m.group(1) else m.span(2)
    yield from _card_codes(text)


# -- bank accounts ----------------------------------------------------------------------
_IBAN = re.compile(r"\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b")
_ACCOUNT = re.compile(
    r"\b(?:account|acct|a/c|routing|transit|sort code|bsb|bank|iban|swift|bic)\b"
    # only naming words between the name and the number ("my bank transferred 1500000" is no account)
    r"(?:\s*(?:number|num|no\.?|#|code|details|is|was|:|=|-|at [A-Z][\w&]*|with [A-Z][\w&]*))*\s*"
    r"(\d[\d -]{4,22}\d)",
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
    r"\b(?:sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}"  # OpenAI / Anthropic / Stripe style
    r"|AKIA[0-9A-Z]{16}"                              # AWS access key id
    r"|gh[pousr]_[A-Za-z0-9]{30,}"                    # GitHub tokens
    r"|github_pat_[A-Za-z0-9_]{30,}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"                 # Slack
    r"|AIza[0-9A-Za-z_-]{35}"                         # Google API key
    r"|glpat-[A-Za-z0-9_-]{20}"                       # GitLab
    r"|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"  # JWT
)
# What names a secret, by how much of a value it takes to be one: a *word* secret
# (password, passcode, passphrase) may be a plain word ("my Netflix password is bluebird");
# a *numeric* one (PIN, door/gate/alarm code, combination, verification code) needs a digit;
# a *keyed* one (API key, token, secret) needs a digit or a symbol, or is long.
_PASSWORD = r"password|passwd|pwd"
_PASS_CODE = r"passcode|pass ?phrase|pass code"
_WORD_SECRET = _PASSWORD + "|" + _PASS_CODE
_PIN = r"pin(?:\s*(?:code|number|no\.?))?|combination|combo"
_NUMERIC_SECRET = _PIN + r"|code"
#: The names of a secret code on their own, a bare "code" only with what it opens ("the alarm
#: code"): what a forget request names a refused credential by ("erase my PIN"), where the
#: password has a slot of its own.
CODE_NAMES = (_PIN + "|" + _PASS_CODE
              + r"|(?:door|gate|alarm|safe|lock|entry|access|security|verification)\s+code")
_KEYED_SECRET = (r"api[ _-]?key|access[ _-]?key|secret(?:[ _-]?key)?|token|private[ _-]?key|credentials?|"
                 r"login|auth(?:entication)? code|recovery (?:key|phrase)|seed phrase")
_SECRET_CONTEXT = re.compile(
    r"\b(?P<name>" + _WORD_SECRET + "|" + _NUMERIC_SECRET + "|" + _KEYED_SECRET + r")\b"
    # what it is for: "for the work VPN", "to the garage", "at my mum's place", "they sent me"
    r"(?P<gap>(?:\s+(?!is\b|was\b|are\b)[\w'.-]+){0,5}?)"
    r"(?:\s*(?:'s|’s|:|=|->)|\s+(?:is|was|are|(?:set|changed|reset|updated) to))\s*"
    r"(?:(?:now|still|just|actually|literally|simply)\s+)?"
    r"(?P<value>\"[^\"\n]{3,64}\"|'[^'\n]{3,64}'|`[^`\n]{3,64}`|\d{1,4}(?:[ -]\d{1,4}){1,3}(?![\w-])|[^\s\"'`,;]{3,})",
    re.IGNORECASE,
)
# "I set the router password to Kx!9pL2q", "changed my password to ..."
_SECRET_SET = re.compile(
    r"\b(?P<name>" + _WORD_SECRET + "|" + _NUMERIC_SECRET + r")\s+to\s+"
    r"(?P<value>\"[^\"\n]{3,64}\"|'[^'\n]{3,64}'|[^\s\"'`,;]{3,})",
    re.IGNORECASE,
)
_SECRET_AS = re.compile(
    r"\b(?:use|used|using|set|chose|picked|it'?s|it is)\s+(?P<value>\"[^\"\n]{3,64}\"|'[^'\n]{3,64}'|[^\s\"'`,;]{4,})"
    r"\s+as\s+(?:the|my|our|a|your)\s+(?:[\w-]+\s+){0,2}(?:" + _WORD_SECRET + r"|pin|code)\b",
    re.IGNORECASE,
)
_CARD_CODE = re.compile(r"\b(?:cvv2?|cvc2?|csc|cid|security code)\b\s*(?:is|:|=|of)?\s*(\d{3,4})\b", re.IGNORECASE)
#: Words a "password is ..." sentence continues with that are not the password.
_NOT_A_SECRET = frozenset({
    "a", "an", "the", "on", "in", "at", "of", "for", "to", "by", "from", "with", "under", "behind", "inside",
    "into", "is", "was", "too", "very", "so", "not", "no", "never", "just", "still", "same", "different",
    "wrong", "right", "correct", "incorrect", "invalid", "expired", "weak", "strong", "short", "long",
    "simple", "easy", "hard", "secure", "insecure", "safe", "unsafe", "new", "old", "case-sensitive",
    "required", "needed", "optional", "written", "saved", "stored", "hidden", "visible", "somewhere", "there",
    "here", "down", "mine", "yours", "his", "hers", "ours", "theirs", "what", "which", "that", "this", "these",
    "those", "it", "something", "nothing", "anything", "everything", "complicated", "impossible", "ridiculous",
    "annoying", "terrible", "fine", "ok", "okay",
})


_QUANTITY = re.compile(
    r"\s*(?:lines?|characters?|chars|digits?|letters?|pages?|words?|bytes|kb|mb|percent|%|times|years?|days?|"
    r"minutes?|hours?|people|users|files|commits|tests?|errors?|bugs?)\b", re.IGNORECASE)


def _secret_value(value: str, name: str, after: str = "") -> tuple[int, int] | None:
    """Where the secret sits inside a captured ``value`` (quotes and end punctuation off), or None
    when the words that follow the name are not a secret ("the password is wrong")."""
    start, end = 0, len(value)
    if value[:1] in "\"'`" and value[-1:] == value[:1]:
        start, end = 1, end - 1
    while end > start and value[end - 1] in ".!?)":
        end -= 1
    body = value[start:end]
    if len(body) < 3 or body.lower() in _NOT_A_SECRET:
        return None
    has_digit = any(c.isdigit() for c in body)
    has_symbol = any(not c.isalnum() for c in body)
    kind = name.lower()
    if re.fullmatch(_NUMERIC_SECRET, kind):
        ok = has_digit and not _QUANTITY.match(after)
    elif re.fullmatch(_WORD_SECRET, kind):
        ok = has_digit or has_symbol or (len(body) >= 4 and not body.lower().endswith(("ed", "ing", "ly")))
    else:
        # "my secret is that ...", "the token was useless": a keyed secret has a digit or a symbol, or is long.
        ok = len(body) >= 4 and (len(body) >= 12 or has_digit or has_symbol)
    if value[:1] in "\"'`" and len(body) >= 3:
        ok = True
    return (start, end) if ok else None


def _spans(text: str, *patterns: re.Pattern[str], group: int = 0) -> Iterator[tuple[int, int]]:
    """The span of ``group`` in every match of each pattern, in pattern order."""
    for pattern in patterns:
        for m in pattern.finditer(text):
            yield m.span(group)


# "and password hunter22", ", pin 4471": the name and the value side by side, the value with a digit or symbol.
_SECRET_BARE = re.compile(r"\b(?:" + _WORD_SECRET + r"|pin)\s*[:,]?\s+(?P<value>(?=\S*[\d!@#$%^&*])[^\s,;]{4,64})",
                          re.IGNORECASE)
# "login for the portal: admin / Winter2026!": a user name and its password, slash-joined.
_LOGIN_PAIR = re.compile(r"\b(?:login|log-in|username|user\s+name|credentials?)\b[^.\n/]{0,40}?(?:is|:)\s*"
                         r"(?P<value>[\w.@+-]{2,64}\s*/\s*[^\s,;]{3,64})", re.IGNORECASE)


# "key safe by the back door, code 4471", "padlock on the shed: combination 0412": a lock's code said
# without "is"; a bare "code" counts only where the sentence names what it opens (LOCK_WORDS)
_CODE_BARE = re.compile(r"\b(?P<name>code|combination|combo)\s*[:,]?\s+(?P<value>\d[\d -]{1,10}\d#?)(?![\w-])", re.IGNORECASE)
LOCK_WORDS = ("door", "gate", "alarm", "safe", "keysafe", "lockbox", "lock box", "key box", "padlock", "lock", "locker",
              "keypad", "garage", "shed", "intercom", "buzzer", "entry", "building", "porch")
_LOCK = re.compile(r"\b(?:" + "|".join(LOCK_WORDS) + r")\b", re.IGNORECASE)
# a "code" that names something public, not a secret: "my area code is 0161", "use discount code SPRING20"
PUBLIC_CODES = frozenset({"area", "post", "zip", "postal", "dress", "country", "dialling", "dialing", "error", "promo",
                          "promotional", "discount", "voucher", "coupon", "referral", "tracking", "qr", "bar", "product",
                          "airport", "course", "module", "station", "colour", "color", "source", "cheat", "status",
                          "sort", "tax", "reference", "booking", "iata", "language", "morse"})
# the word just before a match, hyphens inside it kept ("zip-code"), looked for in a short window only:
# a search from the text's start re-reads a long run of word characters at every position
_WORD_BEFORE = re.compile(r"(?<![\w-])([\w-]*\w)\W*-?\Z")
# "Wifi's called Hutch5G and the key is tangerine-otter-42": a bare "key" is the network's password
# where the sentence names a network
_NETWORK = re.compile(r"\b(?:wi-?fi|wireless|router|network|hotspot|ssid)\b", re.IGNORECASE)
_NETWORK_KEY = re.compile(r"\b(?:pass)?key\s*(?:'s|\u2019s|:|=|\s+is)\s*(?P<value>[^\s\"'`,;]{3,})", re.IGNORECASE)


def _public_code(text: str, m: re.Match[str]) -> bool:
    """Whether a matched "code" is a public one ("area code", "error code"), by the word before it."""
    if m["name"].lower() != "code":
        return False
    before = _WORD_BEFORE.search(text, max(0, m.start("name") - 40), m.start("name"))
    return before is not None and before[1].lower() in PUBLIC_CODES


def _credentials(text: str) -> Iterable[tuple[int, int]]:
    yield from _spans(text, _KEY_SHAPES)
    for m in _CODE_BARE.finditer(text):
        if not _public_code(text, m) and (m["name"].lower() != "code" or _LOCK.search(text)) \
                and not _QUANTITY.match(text, m.end("value")):
            yield m.span("value")
    if _NETWORK.search(text):
        for m in _NETWORK_KEY.finditer(text):
            found = _secret_value(m["value"], "token", text[m.end():m.end() + 20])
            if found is not None:
                yield m.start("value") + found[0], m.start("value") + found[1]
    for m in _SECRET_BARE.finditer(text):
        value = m["value"].rstrip(".,?)")
        if not _QUANTITY.match(text, m.start("value") + len(value)):  # "a pin 1234 digits long" is no pin
            yield m.start("value"), m.start("value") + len(value)
    for m in _LOGIN_PAIR.finditer(text):
        value = m["value"].rstrip(".,?)")
        yield m.start("value"), m.start("value") + len(value)
    for m in (*_SECRET_CONTEXT.finditer(text), *_SECRET_SET.finditer(text)):
        if _public_code(text, m):
            continue
        found = _secret_value(m["value"], m["name"], text[m.end():m.end() + 20])
        if found is not None:
            yield m.start("value") + found[0], m.start("value") + found[1]
    for m in _SECRET_AS.finditer(text):
        found = _secret_value(m["value"], "password")
        if found is not None:
            yield m.start("value") + found[0], m.start("value") + found[1]


def _card_codes(text: str) -> Iterable[tuple[int, int]]:
    return _spans(text, _CARD_CODE, group=1)


# -- exact street addresses -------------------------------------------------------------
_STREET_TYPES = (
    r"street|st|road|rd|avenue|ave|lane|ln|boulevard|blvd|drive|dr|way|court|ct|place|pl|terrace|close|"
    r"crescent|highway|hwy|parkway|pkwy|square|sq|alley|row|gardens|circle|mews|loop|walk|grove|rise|parade|"
    r"quay|wharf|esplanade|strasse|straße|str|jie|lu"
)
# Chat is often lower-case ("i live at 42 baker street"), so case is ignored; instead a street
# name may not contain function words or counted nouns ("2 kids and a dog way too much",
# "5 miles down the road" are not addresses).
_NOT_A_NAME = (
    r"(?!(?:and|or|a|an|the|of|to|in|on|for|with|my|your|our|their|his|her|too|very|is|are|was|were|i|me|we|"
    r"you|it|at|by|from|that|this|more|less|than|then|so|but|all|some|many|much|other|times?|days?|weeks?|"
    r"months?|years?|hours?|minutes?|miles?|km|kms|kids?|children|people|dogs?|cats?|steps?|blocks?)\b)"
)
_UNIT_WORDS = r"apt|apartment|unit|suite|ste|flat|room|rm|floor|fl|#"
_UNIT_TAIL = r"(?:,?\s*(?:" + _UNIT_WORDS + r")\.?\s*#?\w{1,6})?"
_STREET = re.compile(
    r"\b(?:(?:" + _UNIT_WORDS + r")\.?\s*#?\w{1,6},?\s+)?(?:no\.?\s*)?\d{1,5}[a-z]?(?:-\d{1,5})?,?\s+(?:"
    + _NOT_A_NAME + r"[a-z][\w'.-]*\s+){1,4}(?:" + _STREET_TYPES + r")\b\.?(?:\s+(?:NW|NE|SW|SE|N|S|E|W)\b)?"
    + _UNIT_TAIL,
    re.IGNORECASE,
)
_STREET_FIRST = re.compile(
    r"\b(?:(?:[A-Z][\w'.-]*\s+){1,3}(?i:road|rd|street|st|lu|jie|avenue|ave)\.?"
    r"|(?i:rua|rue|via|calle|avenida|viale|carrer)\s+(?:(?i:de|del|della|di|da|do|dos|du|des|la|le|l')\s*)*"
    r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}"
    r"|[A-Z][\w'-]*(?i:straße|strasse|str\.|gasse|weg|allee|platz|laan|straat|gatan|vägen|vej|gade|ring|damm))"
    r",?\s+(?i:no\.?\s*)?\d{1,5}[a-z]?\b" + _UNIT_TAIL,
)
# "5 Storgata", "12 Hauptstraße": the street type is part of the name.
_STREET_COMPOUND = re.compile(
    r"\b\d{1,5}[a-z]?,?\s+[A-Z][\w'-]*(?i:straße|strasse|gasse|weg|allee|platz|gata|gatan|gate|veien|vei|vej|gade|"
    r"laan|straat|ring|damm)\b" + _UNIT_TAIL,
)
_STREET_ROMANCE = re.compile(
    r"\b\d{1,5}[a-z]?,?\s+(?:rue|viale|via|calle|avenida|rua|chemin)\s+(?:(?:de|del|della|di|da|du|des|la|le|l')\s*)*"
    r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}",
    re.IGNORECASE,
)
_PO_BOX = re.compile(r"\b(?:p\.?\s?o\.?\s?box|post office box)\s*\d{1,6}\b", re.IGNORECASE)
_UNIT = re.compile(r"\b(?:apt|apartment|suite)\.?\s*#?\d{1,5}[a-z]?\b", re.IGNORECASE)
# After "my address is", "I live at", "ship it to" a house number starts an address even on a
# street type no list holds ("9 Kingsway, Manchester"), when a comma-separated tail follows.
_ADDRESS_CUE = re.compile(
    r"\b(?:address(?:\s+is|:)|live[sd]? at|living at|staying at|stay at|moved in(?:to)? at|located at|"
    r"(?:ship|send|deliver|mail|post|bring)(?: (?:it|them|this|that|the \w+|everything))? to|"
    r"(?:home|house|flat|place) is(?: at)?)\s+(?P<start>(?:no\.?\s*)?\d{1,5}[A-Za-z]?\s+[A-Za-z][\w'.-]*(?:\s+[A-Za-z][\w'.-]*){0,3}),",
    re.IGNORECASE,
)
# What may follow a street: unit, district, city, region, postal code, country, comma-separated.
_POSTAL = (r"(?:\d{5}(?:-\d{4})?|\d{4}-\d{3}|\d{3}-\d{4}|\d{4,6}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|"
           r"[A-Z]\d[A-Z]\s?\d[A-Z]\d)")
_PLACE_WORD = r"(?:[A-Z][\w'.-]*|[A-Z]{2,3})"
_PLACE = r"(?!" + _POSTAL + r"\b)" + _PLACE_WORD
_TAIL_PART = re.compile(
    r"(?:,\s*|\s+)(?:(?:" + _UNIT_WORDS + r")\.?\s*#?\w{1,6}"
    r"|" + _POSTAL + r"(?:\s+" + _PLACE_WORD + r"){0,3}"
    r"|" + _PLACE + r"(?:\s+" + _PLACE + r"){0,3}(?:,?\s+" + _POSTAL + r")?)(?=[\s,.;:!?)]|$)"
)
_TAIL_PART_LOWER = re.compile(
    r",\s*(?:(?:" + _UNIT_WORDS + r")\.?\s*#?\w{1,6}|" + _POSTAL.replace("[A-Z]", "[a-z]")
    + r"|(?!(?:and|but|which|who|where|so|then|near|next|if|when|because|i|we|it)\b)[a-z][\w'.-]*"
    r"(?:\s+[a-z][\w'.-]*)?(?:\s+" + _POSTAL + r")?)(?=[\s,.;:!?)]|$)"
)
_TAIL_STOP = frozenset({"I", "We", "It", "But", "And", "The", "My", "So", "Then", "See", "Please", "Thanks", "Or"})


def _with_tail(text: str, start: int, end: int) -> tuple[int, int]:
    """Extend a street span over the comma-separated parts that make it a full postal address
    (unit, district, city, region, postal code, country): a redaction that stops at the street
    leaves the rest behind."""
    pattern = _TAIL_PART_LOWER if text[start:end] == text[start:end].lower() else _TAIL_PART
    for _ in range(6):
        m = pattern.match(text, end)
        if m is None:
            break
        part = m.group()
        words = part.strip(" ,").split()
        if not words or words[0] in _TAIL_STOP:
            break
        # Parts are comma-separated; only a postal code may follow a bare space.
        if "," not in part[:len(part) - len(part.lstrip(" ,"))] and not re.match(_POSTAL + r"\b", words[0]):
            break
        end = m.end()
    while text[end - 1] in ".":  # the sentence's full stop is not part of the country
        end -= 1
    return start, end


def _addresses(text: str) -> Iterable[tuple[int, int]]:
    for start, end in _spans(text, _STREET, _STREET_FIRST, _STREET_COMPOUND, _STREET_ROMANCE, _PO_BOX):
        yield _with_tail(text, start, end)
    for m in _ADDRESS_CUE.finditer(text):
        yield _with_tail(text, m.start("start"), m.end("start"))
    yield from _spans(text, _UNIT)


# -- phone numbers and e-mail addresses -----------------------------------------------------
# a shape inside a longer run of digit groups is a piece of a reference number, not a phone number
_PHONE_SHAPES = re.compile(
    r"(?<![\w+-])(?<!\d[\s.])(?:"
    r"\+\d{1,3}(?:[\s.-]?\(\d{1,4}\))?(?:[\s.-]?\d{1,5}){2,5}"          # +44 20 7946 0958, +1 (415) 555 2671
    r"|(?:1[\s.-])?\(\d{3}\)\s?\d{3}[\s.-]\d{4}"                      # (617) 555-0134
    r"|(?:1[\s.-])?\d{3}([\s.-])\d{3}\1\d{4}"                         # 555-867-5309, 212.555.0199
    r"|0\d{2,4}[\s-]\d{3,4}[\s-]?\d{3,4}"                             # 07700 900123, 020 7946 0018
    r")(?![\w-])(?![\s.]\d)"
)
_PHONE_CUE = re.compile(
    r"\b(?:phone|mobile|cell|cellphone|tel|telephone|landline|fax|whatsapp|signal|call me|text me|ring me|"
    r"reach me|call us|number is)\b[^.\n\d+]{0,20}?(?<![\w-])(\+?\d[\d\s.()-]{5,18}\d)(?![\w-])",
    re.IGNORECASE,
)
_EMAIL = re.compile(r"(?<![A-Za-z0-9_.+-])[A-Za-z0-9][\w.+-]{0,63}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}\b")


def _digit_count(text: str) -> int:
    return sum(c.isdigit() for c in text)


#: Places and trades whose number is public: "ring the vet on ...", "the pizza place's number is ...".
BUSINESSES = ("dentist", "dentists", "doctors?'?", "doctor's", "surgery", "gp", "clinic", "hospital", "pharmacy", "chemist",
              "vets?", "restaurant", "caf[eé]", "pub", "bar", "hotel", "hostel", "shop", "store", "garage", "mechanic",
              "plumber", "electrician", "builder", "locksmith", "agency", "estate agents?", "letting agents?", "council",
              "school", "nursery", "office", "reception", "front desk", "helpline", "hotline", "support line", "bank",
              "salon", "hairdressers?", "barbers?", "gym", "cinema", "theatre", "theater", "takeaway", "pizza place",
              "pizzeria", "florist", "bakery", "airline", "insurers?", "taxi firm", "cab company", "courier", "company",
              "firm", "venue", "museum", "library", "box office", "b&b", "campsite", "kennels", "cattery", "place")
_BUSINESS_NUMBER = re.compile(
    r"\b(?:the|a|an|that|this)\s+(?:local\s+|new\s+|usual\s+|[A-Z][\w&'-]*\s+){0,2}(?:"
    + "|".join(BUSINESSES) + r")(?:'s)?(?:\s+(?:main|booking|reception|emergency|out-of-hours|enquiries|customer\s+service))?"
    r"(?:\s+(?:phone|number|line|tel|landline))*\s*(?:number\s+)?(?:is|'s|was|:|on|at|-|=)?\s*(?:now\s+)?$",
    re.IGNORECASE,
)
#: A number named as something other than a phone: "the membership number is 55120034".
_NAMED_NUMBER = re.compile(
    r"\b(?:order|membership|member|policy|account|customer|reference|ref|booking|tracking|ticket|flight|room|table|case|"
    r"claim|serial|model|part|product|invoice|house|flat|seat|gate|platform|bus|route|lottery|registration|reg|locker|"
    r"badge|employee|staff|library|loyalty|reward|rewards|parcel|package|shipment|batch|lot|job|project|item|version)"
    r"(?:\s+card)?\s+$",
    re.IGNORECASE,
)


_REACH_ME = re.compile(r"\b(?:me|us)\b[^.\n]{0,12}$", re.IGNORECASE)


def _business(text: str, start: int) -> bool:
    """Whether the number at ``start`` is a business's ("ring the vet on ..."), not the speaker's
    own at a place ("call me at the office on ...")."""
    m = _BUSINESS_NUMBER.search(text, max(0, start - 60), start)
    return m is not None and not _REACH_ME.search(text, max(0, m.start() - 16), m.start())


def _phones(text: str) -> Iterable[tuple[int, int]]:
    for m in _PHONE_SHAPES.finditer(text):
        if 8 <= _digit_count(m.group()) <= 15 and not _business(text, m.start()):
            yield m.span()
    for m in _PHONE_CUE.finditer(text):
        if 7 <= _digit_count(m.group(1)) <= 15 and not _business(text, m.start(1)) \
                and not (m.group().lower().startswith("number") and _NAMED_NUMBER.search(text, max(0, m.start() - 30), m.start())):
            yield m.span(1)


def _emails(text: str) -> Iterable[tuple[int, int]]:
    return _spans(text, _EMAIL) if "@" in text else ()


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
    # chronic conditions of the skin, gut, glands and heart
    "psoriasis", "eczema", "endometriosis", "pcos", "ibs", "fibromyalgia", "sleep apno?ea", "hypothyroidism",
    "hyperthyroidism", "an underactive thyroid", "an overactive thyroid", "kidney disease", "a stroke",
    "a heart attack", "high cholesterol", "me/cfs", "chronic fatigue(?: syndrome)?",
)
#: What a person lives through rather than is diagnosed with: a health detail only after a verb of
#: having or coping ("I've been dealing with anxiety"), never as a modifier ("my anxiety meds").
LIVED_THROUGH: tuple[str, ...] = ("anxiety", "panic attacks", "(?:heart )?palpitations", "a heart murmur",
                                  "a health scare", "health (?:issues|problems)")
#: Words before a condition that grade or place it ("type 2 diabetes", "a proper health scare", "bad panic attacks").
_CONDITION_MODIFIERS = (r"(?:a|an|some|mild|severe|chronic|type [12]|stage [1-4iv]+|breast|lung|skin|prostate|bowel|colon|ovarian|"
                        r"cervical|pancreatic|brain|blood|thyroid|liver|kidney|proper|real|bad|big|major|minor|scary|nasty|"
                        r"sudden|awful|horrible|terrible|frequent|constant|recurring|occasional|crippling|debilitating)")
#: Every condition without its article: the modifiers above carry "a" and "an" ("had a proper health scare").
_BARE_TERMS = "|".join(dict.fromkeys(t.removeprefix("a ").removeprefix("an ") for t in HEALTH_TERMS + LIVED_THROUGH))
_HEALTH = re.compile(
    r"\b(?:diagnosed with|suffer(?:s|ing)? from|living with|tested positive for|treated for|"
    r"being treated for|have|has|had|got|getting|struggle with|struggling with|recovering from|battling|"
    r"therapy for|surgery for|in remission from|in recovery from|recovered from|dealing with|deal with|deals with|"
    r"coping with|cope with|copes with)\s+((?:" + _CONDITION_MODIFIERS + r"\s+)*"
    r"(?:" + _BARE_TERMS + r"))\b(?!\s+(?:meds|medication|medicine|pills|tablets|of)\b)",
    re.IGNORECASE,
)
# "the panic attacks are back", "my type 2 diabetes got worse", "my migraines have been awful": a condition
# that is the subject of what is said about it, whoever's verb follows (not a modifier: "my anxiety meds")
_HEALTH_SUBJECT = re.compile(
    r"\b(?:my|the|these|those|his|her|their)\s+((?:" + _CONDITION_MODIFIERS + r"\s+)*(?:" + _BARE_TERMS + r"))(?:\s+(?:is|are|was|were|has|have|had|keeps?|kept|came|comes?|started|starts|got|gets|getting|flared|"
    r"flare|returned|hit|hits)\b|'s\b|'re\b)",
    re.IGNORECASE,
)
# "my psoriasis has flared up", "my HIV test came back positive", "my blood pressure is dangerously
# high": a condition or a reading the speaker owns is a health detail, whatever verb follows
_HEALTH_MINE = re.compile(
    r"\bmy\s+((?:" + "|".join(t for t in HEALTH_TERMS if not t.startswith(("a ", "an "))) + r")(?:\s+test\s+came\s+back\s+positive)?|"
    r"(?:blood\s+pressure|cholesterol|blood\s+sugar|a1c|bmi)\s+(?:is|was|'s)\s+(?:\w+\s+)?(?:high|low|through\s+the\s+roof|"
    r"too\s+high|too\s+low|elevated|up|worrying|not\s+great)|"
    r"(?:hiv|std|sti|pregnancy|cancer|covid)\s+test\s+came\s+back\s+positive)\b",
    re.IGNORECASE,
)
# "my knee was injured", "my son's ankle is healing", "a knee injury", "I tore a ligament": an injury of
# a body part (BODY_PARTS) is a health detail of whoever's body it is
BODY_PARTS = ("knee", "knees", "ankle", "ankles", "wrist", "wrists", "shoulder", "shoulders", "back", "lower back",
              "hip", "hips", "neck", "elbow", "spine", "foot", "leg", "arm", "hand", "ribs", "hamstring", "achilles",
              "collarbone", "pelvis", "jaw")
_BODY = r"(?:left\s+|right\s+|bad\s+)?(?:" + "|".join(BODY_PARTS) + ")"
_INJURY = re.compile(
    r"\b(?:my|his|her|their|our|[a-z]+'s)\s+(?:own\s+)?(" + _BODY + r")(?:'s|\s+(?:is|was|has\s+been|got|been))\s+"
    r"(?:(?:still|finally|slowly|badly|really|pretty|quite|so)\s+)?(?:injured|broken|fractured|sprained|dislocated|"
    r"healing|swollen|sore|infected|torn)\b|"
    r"\b(?:an?|my|his|her|the|bad|old|nasty|serious)\s+(" + _BODY + r"\s+injur(?:y|ies))\b|"
    r"\b(?:tore|torn|tear|ruptured|snapped)\s+(?:a|an|my|his|her)\s+(ligament|tendon|acl|meniscus|cartilage|"
    r"hamstring|achilles|rotator\s+cuff)\b",
    re.IGNORECASE,
)
# "my own blood pressure shot up", "the doctor says my cholesterol is coming down": a clinical reading of one's own
# (a reading told as a number, "my blood pressure is 128 over 82", is a quantity of its own)
_READING = re.compile(r"\bmy\s+(?:own\s+)?(blood\s+pressure|cholesterol|blood\s+sugar|glucose\s+levels?|a1c|hba1c|"
                      r"bmi|iron\s+levels?|thyroid\s+levels?)\s+(?:is\s+|has\s+|'s\s+|keeps\s+)?"
                      r"(?:(?:finally|still|slowly|really|gradually|suddenly)\s+)?(?:shot\s+up|went\s+up|gone\s+up|going\s+up|"
                      r"creeping\s+up|up|came\s+down|coming\s+down|come\s+down|gone\s+down|went\s+down|down|spiked|spiking|"
                      r"dropped|dropping|rising|risen|rose|climbing|falling|fallen|fell|improving|improved|worse|better)\b"
                      r"(?!\s+(?:to|at|from)\s+\d)", re.IGNORECASE)
# "seeing a grief counsellor", "my therapist says ...", "I've been in therapy since May": mental-health care
_CARE = re.compile(
    r"\b(?:seeing|see|sees|saw|started\s+seeing|my)\s+(?:an?\s+|my\s+)?(?:grief\s+|bereavement\s+|trauma\s+|couples\s+|"
    r"marriage\s+)?(therapist|counsell?or|psychiatrist|psychologist|psychotherapist|physio(?:therapist)?|oncologist|"
    r"cardiologist|neurologist|rheumatologist)\b|"
    r"\b(?:i'm|i\s+am|i've\s+been|been|still|started|starting|going)\s+(?:in|to|back\s+to)\s+((?:couples\s+|grief\s+)?therapy)\b",
    re.IGNORECASE,
)
_HEALTH_STATE = re.compile(
    r"\b(?:i'?m|i am|he'?s|she'?s|they'?re)\s+(?:(?:hiv[- ]positive|pregnant|diabetic|epileptic|bipolar|"
    r"depressed|anorexic|bulimic|autistic|infertile))\b",
    re.IGNORECASE,
)


# "on sertraline for my anxiety", "tablets for her depression": what a treatment is for names the condition.
_HEALTH_FOR = re.compile(
    r"\bfor\s+(?:(?:my|his|her|their)\s+)?((?:(?:mild|severe|chronic|social|generali[sz]ed)\s+)?"
    r"(?:anxiety|panic\s+attacks|" + "|".join(HEALTH_TERMS) + r"))\b",
    re.IGNORECASE,
)
# "I'm on antidepressants", "started chemo in May": a treatment that only one kind of illness gets.
_TREATMENT = re.compile(
    r"\b(?:on|started|starting|prescribed|put\s+(?:me\s+|him\s+|her\s+)?on|been\s+on|having|doing|finished|take|takes|taking)\s+"
    r"(?:(?:the|some|my|a\s+course\s+of)\s+)?"
    r"(anti-?depressants?|anti-?psychotics?|chemo(?:therapy)?|radiotherapy|anti-?retrovirals?|methadone|PrEP|lithium|"
    r"dialysis)\b",
    re.IGNORECASE,
)
_NOT_BEFORE = re.compile(r"(?:\b(?:not|no\s+longer|never|off)|n't)\W*(?:\w+\W+){0,2}$", re.I)
_NOT_AFTER = re.compile(r"\b(?:any\s*more|any\s+longer)\b", re.I)


def _health(text: str) -> Iterable[tuple[int, int]]:
    yield from _spans(text, _HEALTH, _HEALTH_FOR, _HEALTH_MINE, _HEALTH_SUBJECT, _READING, group=1)
    for m in (*_CARE.finditer(text), *_INJURY.finditer(text)):  # each alternative captures in a group of its own
        yield next(m.span(g) for g in range(1, m.re.groups + 1) if m.group(g))
    for m in _TREATMENT.finditer(text):
        if not _NOT_BEFORE.search(text, max(0, m.start() - 25), m.start()) and not _NOT_AFTER.search(text, m.end()):
            yield m.span(1)  # "I'm not on antidepressants anymore" ends a treatment; the end is read, not refused
    for m in _HEALTH_STATE.finditer(text):
        state = m.group().split()[-1]
        yield m.end() - len(state), m.end()


Detector = Callable[[str], Iterable[tuple[int, int]]]

#: Detectors by kind. Order matters only for overlapping spans: the first kind wins.
DETECTORS: dict[str, Detector] = {
    IDENTITY_NUMBER: _identity,
    CARD_NUMBER: _cards,
    BANK_ACCOUNT: _bank,
    EMAIL: _emails,
    CREDENTIAL: _credentials,
    ADDRESS: _addresses,
    PHONE: _phones,
    HEALTH: _health,
}


#: Kinds whose every pattern needs a digit: a text without one skips them (most chat has none).
_DIGIT_KINDS = frozenset({IDENTITY_NUMBER, CARD_NUMBER, BANK_ACCOUNT, ADDRESS, PHONE})
_DIGIT = re.compile(r"\d")


def find_sensitive(text: str, kinds: Iterable[str] = ALL_KINDS) -> list[Finding]:
    """Sensitive spans in ``text``, sorted and without overlaps (the first kind listed in
    :data:`DETECTORS` wins; overlapping spans of one kind merge)."""
    return list(_find_sensitive(text, kinds if isinstance(kinds, frozenset) else frozenset(kinds)))


@lru_cache(maxsize=256)
def _find_sensitive(text: str, kinds: frozenset[str]) -> tuple[Finding, ...]:
    """:func:`find_sensitive`, once per text and kinds: the extractor asks about a clause, its
    sentence and the facts read from them, a third of them texts it asked about already."""
    wanted = set(kinds) if _DIGIT.search(text) else set(kinds) - _DIGIT_KINDS
    raw: list[Finding] = []
    for kind, detect in DETECTORS.items():
        if kind in wanted:
            raw += [Finding(kind, s, e) for s, e in detect(text) if e > s]
    # Chinese text: the detectors of kronograph.sensitive_zh as well (English text has none to run).
    raw += [Finding(kind, s, e) for kind, s, e in find_chinese(text, kinds)]
    order = list(DETECTORS)
    raw.sort(key=lambda f: (f.start, order.index(f.kind), -f.end))
    merged: list[Finding] = []
    for finding in raw:
        if merged and finding.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = Finding(last.kind, last.start, max(last.end, finding.end))
        else:
            merged.append(finding)
    return tuple(merged)


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
