"""Turning free text into search terms, the same way for every backend."""

from __future__ import annotations

import re

_WORD = re.compile(r"\w+", re.UNICODE)

_STOPWORD_TEXT = """a an and are as at be been but by can could did do does for from had has have he her his how i
    if in into is it its me my of on or our she so than that the their them then there these they this
    to was we were what when where which who whom why will with would you your about did does any"""
#: Words too common to help BM25 (they only slow the search down).
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
#: The tails of contractions and possessives ("what's", "I'm", "Ada's"): the tokenizer splits
#: them off, and they match nearly every message and carry no topic. Only after an apostrophe:
#: "vitamin D" and "D&D" keep their letter.
_CONTRACTION_TAIL = re.compile(r"['\u2019](?:s|m|t|d|re|ve|ll)\b", re.IGNORECASE)


def search_terms(text: str, *, max_terms: int = 32) -> list[str]:
    """Distinct lower-case words of ``text`` worth searching for."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(_CONTRACTION_TAIL.sub(" ", text.casefold())):
        if word not in STOPWORDS and word not in seen:
            seen[word] = None
    return list(seen)[:max_terms]


def fts_phrase(text: str) -> str:
    """``text`` as one quoted FTS5 phrase (quotes doubled), safe inside a MATCH expression."""
    return '"' + text.replace('"', '""') + '"'
