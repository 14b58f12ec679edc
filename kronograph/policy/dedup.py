"""Cheap, deterministic paraphrase matching: two objects are the same when their canonical
forms are equal.

    canonical("Black-and-White Minimalism") == canonical("black and white minimalism")

The canonical form folds case, punctuation and hyphens, drops articles, possessives and
small prepositions, maps British to American spelling for a few common words, reduces
words to a crude stem (plural, -ing, -ed) and ignores word order. Nothing fancier (no embeddings): a paraphrase that survives these rules is
treated as a different value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..model import Fact

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset({"a", "an", "the", "my", "our", "his", "her", "their", "your", "some", "and", "of", "&", "very",
                   "really", "kind", "sort", "in", "on", "at", "to", "for", "with"})
_SPELLING = {
    "colour": "color", "colours": "colors", "favourite": "favorite", "grey": "gray", "centre": "center",
    "theatre": "theater", "organise": "organize", "organising": "organizing", "travelling": "traveling",
    "jewellery": "jewelry", "programme": "program", "catalogue": "catalog", "flavour": "flavor",
    "neighbour": "neighbor", "harbour": "harbor", "aluminium": "aluminum", "tyre": "tire", "cheque": "check",
    "yoghurt": "yogurt", "pyjamas": "pajamas", "mum": "mom", "film": "movie", "films": "movies",
}


def stem(word: str) -> str:
    """A crude stem: hiking, hikes, hiked -> hik; colors -> color; stories -> story."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ss", "us", "is")) or word.isdigit():
        return word
    for suffix in ("ing", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def canonical(text: str) -> str:
    """The comparison form of a value for paraphrase matching (order-free set of word stems)."""
    words = [_SPELLING.get(w, w) for w in _WORD.findall(text.casefold().replace("'s", ""))]
    stems = {stem(w) for w in words if w not in _STOP}
    return " ".join(sorted(stems)) or text.strip().casefold()


def find_narrower_or_wider(value: str, records: Iterable[Fact]) -> list[Fact]:
    """Records whose value contains every word of ``value`` or the other way round
    ("lisinopril" and "20mg of lisinopril"): candidates when no exact paraphrase exists."""
    words = set(canonical(value).split())
    found = []
    for record in records:
        other = set(canonical(record.object).split())
        if words and other and (words <= other or other <= words):
            found.append(record)
    return found


def find_paraphrase(value: str, records: Iterable[Fact]) -> Fact | None:
    """The first record whose object is a paraphrase of ``value`` (or equal to it)."""
    key = canonical(value)
    for record in records:
        if canonical(record.object) == key:
            return record
    return None
