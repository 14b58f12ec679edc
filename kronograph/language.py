"""The language of a text, and the form of it that full-text search indexes.

One place decides both, so the SQLite FTS5 index, the in-memory BM25 index and the query
side always agree on tokens. English text passes through unchanged; runs of CJK characters
are split into words separated by spaces, which FTS5's ``unicode61`` tokenizer (and any
whitespace tokenizer) then treats as separate terms.
"""

from __future__ import annotations

import re

#: CJK Unified Ideographs (with extension A) and the CJK compatibility block.
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LETTER = re.compile(r"[A-Za-z]")


def detect_language(text: str) -> str:
    """``"zh"`` when the text holds Chinese characters (mixed Chinese-English counts as
    Chinese with English terms), else ``"en"``."""
    han = len(_HAN.findall(text))
    if han == 0:
        return "en"
    latin_words = len(re.findall(r"[A-Za-z]+", text))
    return "zh" if han >= 2 or han > latin_words else "en"


def segment_han(run: str) -> list[str]:
    """Words of a run of Chinese characters. Single characters until a segmenter is wired in."""
    return list(run)


def search_text(text: str) -> str:
    """``text`` as the full-text indexes should see it: CJK runs split into space-separated
    words, everything else unchanged. Apply to documents and queries alike."""
    if not _HAN.search(text):
        return text
    return _HAN_RUN.sub(lambda m: " " + " ".join(segment_han(m.group(0))) + " ", text)
