"""Cheap, deterministic paraphrase matching: two objects are the same when their canonical
forms are equal.

    canonical("Black-and-White Minimalism") == canonical("black and white minimalism")

The canonical form folds case, punctuation and hyphens, drops articles and possessives,
maps British to American spelling for a few common words, strips plural ``s`` and ignores
word order. Nothing fancier (no embeddings): a paraphrase that survives these rules is
treated as a different value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..model import Fact

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STOP = frozenset({"a", "an", "the", "my", "our", "his", "her", "their", "your", "some", "and", "of", "&", "very",
                   "really", "kind", "sort"})
_SPELLING = {
    "colour": "color", "colours": "colors", "favourite": "favorite", "grey": "gray", "centre": "center",
    "theatre": "theater", "organise": "organize", "organising": "organizing", "travelling": "traveling",
    "jewellery": "jewelry", "programme": "program", "catalogue": "catalog", "flavour": "flavor",
    "neighbour": "neighbor", "harbour": "harbor", "aluminium": "aluminum", "tyre": "tire", "cheque": "check",
    "yoghurt": "yogurt", "pyjamas": "pajamas", "mum": "mom", "film": "movie", "films": "movies",
}


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def canonical(text: str) -> str:
    """The comparison form of a value for paraphrase matching (order-free set of word stems)."""
    words = [_SPELLING.get(w, w) for w in _WORD.findall(text.casefold().replace("'s", ""))]
    stems = {_singular(w) for w in words if w not in _STOP}
    return " ".join(sorted(stems)) or text.strip().casefold()


def find_paraphrase(value: str, records: Iterable[Fact]) -> Fact | None:
    """The first record whose object is a paraphrase of ``value`` (or equal to it)."""
    key = canonical(value)
    for record in records:
        if canonical(record.object) == key:
            return record
    return None
