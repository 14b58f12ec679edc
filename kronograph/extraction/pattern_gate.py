"""Cheap pre-checks for lists of regexes: the literal words a pattern cannot match without.

A rewrite list (the ``*_wordings`` modules) is a list of patterns tried in turn on every
sentence; most sentences match none of them. ``needs(pattern)`` reads a pattern's syntax tree and
returns strings of which any match must contain at least one (``r"\\bno\\s+longer\\b"`` -> ``{"no"}``
or ``{"longer"}``, whichever is rarer), so a sentence holding none of them skips the regex. The
sets are derived from the patterns themselves: a pattern added to a list is gated without
anyone writing its trigger words, and a pattern with no literal (``r"\\w+ed"``) is simply always
tried.

Case: the strings are lowercase ASCII and are looked up in :func:`folded` text, which maps every
character Python's ``re.IGNORECASE`` lets match an ASCII letter onto that letter, so the check
is sound with or without the flag.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

try:  # private modules of re: a Python without them gets no gate, every pattern is tried
    from re import _constants as _sre  # type: ignore[attr-defined]  # the syntax tree re compiles
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - CPython 3.11+ has both
    _sre = _sre_parse = None

# Non-ASCII characters that re.IGNORECASE matches to an ASCII letter (İ ı -> i, K (Kelvin) -> k, ſ -> s).
_FOLD = str.maketrans({**{chr(c): chr(c + 32) for c in range(ord("A"), ord("Z") + 1)},
                       "\u0130": "i", "\u0131": "i", "\u212a": "k", "\u017f": "s"})
_MAX_EXACT = 24  # largest set of whole strings a piece is expanded to before it counts as "anything"

Strings = frozenset[str]


def folded(text: str) -> str:
    """``text`` as the gates read it: lowercase ASCII letters for every letter a case-blind ASCII
    pattern could match (other characters kept, so a needed string is found only where it is)."""
    return text.lower() if text.isascii() else text.translate(_FOLD)


def needs(pattern: str | re.Pattern[str]) -> Strings | None:
    """Strings (lowercase) of which every match of ``pattern`` contains one, or None when the
    pattern needs no literal at all."""
    source = pattern.pattern if isinstance(pattern, re.Pattern) else pattern
    flags = pattern.flags if isinstance(pattern, re.Pattern) else 0
    if _sre_parse is None:
        return None
    _, need = _sequence(_sre_parse.parse(source, flags))
    return need


def present(text: str, strings: Iterable[str]) -> frozenset[str]:
    """The ``strings`` found in ``folded`` ``text``."""
    return frozenset(s for s in strings if s in text)


def _best(candidates: list[Strings]) -> Strings | None:
    useful = [c for c in candidates if c and "" not in c]
    if not useful:
        return None
    return max(useful, key=lambda c: (min(len(s) for s in c), -len(c)))


def _sequence(items: Any) -> tuple[Strings | None, Strings | None]:
    """(every string the sequence can match, if few; the best needed set) of a parsed sequence."""
    candidates: list[Strings] = []
    run: Strings = frozenset({""})            # the strings the current stretch of literals can be
    whole: Strings | None = frozenset({""})   # the strings the whole sequence so far can be
    for op, av in items:
        exact, need = _item(op, av)
        if need is not None:
            candidates.append(need)
        if exact is None:
            candidates.append(run)
            run, whole = frozenset({""}), None
            continue
        joined = frozenset(a + b for a in run for b in exact)
        if len(joined) > _MAX_EXACT:
            candidates.append(run)
            joined = exact
        run = joined
        if whole is not None:
            both = frozenset(a + b for a in whole for b in exact)
            whole = both if len(both) <= _MAX_EXACT else None
    candidates.append(run)
    return whole, _best(candidates)


def _item(op: Any, av: Any) -> tuple[Strings | None, Strings | None]:
    """(exact strings, needed set) of one parsed item."""
    if op is _sre.LITERAL:
        char = chr(av)
        return (frozenset({char.lower()}), None) if char.isascii() else (None, None)
    if op is _sre.AT:
        return frozenset({""}), None
    if op is _sre.IN:
        chars = set()
        for kind, value in av:
            if kind is not _sre.LITERAL or not chr(value).isascii():
                return None, None
            chars.add(chr(value).lower())
        return frozenset(chars), None
    if op is _sre.SUBPATTERN:
        return _sequence(av[-1])
    if op is _sre.ATOMIC_GROUP:
        return _sequence(av)
    if op is _sre.BRANCH:
        parts = [_sequence(branch) for branch in av[1]]
        exacts = [exact for exact, _ in parts]
        exact = frozenset().union(*exacts) if all(e is not None for e in exacts) else None  # type: ignore[arg-type]
        if exact is not None and len(exact) > _MAX_EXACT:
            exact = None
        wanted = [need if need is not None else (e if e and "" not in e else None) for e, need in parts]
        need = frozenset().union(*wanted) if all(w is not None for w in wanted) else None  # type: ignore[arg-type]
        return exact, need
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, getattr(_sre, "POSSESSIVE_REPEAT", None)):
        low, high, sub = av
        exact, need = _sequence(sub)
        once = need if need is not None else (exact if exact and "" not in exact else None)
        if low == 0:
            return (exact | {""} if exact is not None and high == 1 else None), None
        return (exact if low == high == 1 else None), once
    if op is _sre.ASSERT:  # a look-ahead or look-behind: its text is in the string too, but takes no room
        _, need = _sequence(av[1])
        return frozenset({""}), need
    if op is _sre.ASSERT_NOT:
        return frozenset({""}), None
    return None, None  # ANY, NOT_LITERAL, categories, ranges, group references


def refers_to_groups(pattern: re.Pattern[str]) -> bool:
    """Whether ``pattern`` refers to a group by number or name (``\\1``, ``(?P=x)``, ``(?(1)..)``):
    joined into a larger alternation, such a reference would name another pattern's group."""
    def walk(items: Any) -> bool:
        for op, av in items:
            if op in (_sre.GROUPREF, _sre.GROUPREF_EXISTS):
                return True
            for value in av if isinstance(av, (tuple, list)) else ():
                if isinstance(value, _sre_parse.SubPattern) and walk(value):
                    return True
                if isinstance(value, list) and any(isinstance(v, _sre_parse.SubPattern) and walk(v) for v in value):
                    return True
        return False
    if _sre_parse is None:  # read the source instead: a backslash digit, (?P=name) or (?(group)
        return re.search(r"\\[1-9]|\(\?P=|\(\?\(", pattern.pattern) is not None
    return walk(_sre_parse.parse(pattern.pattern, pattern.flags))
