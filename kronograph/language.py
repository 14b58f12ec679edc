"""The language of a text, and the form of it that full-text search indexes.

One place decides both, so the SQLite FTS5 index, the in-memory BM25 index and the query
side always agree on tokens. English text passes through unchanged; runs of CJK characters
are split into words separated by spaces, which FTS5's ``unicode61`` tokenizer (and any
whitespace tokenizer) then treats as separate terms.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

#: CJK Unified Ideographs (with extension A) and the CJK compatibility block.
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LETTER = re.compile(r"[A-Za-z]")


#: Characters that only Chinese sentences have (pronouns, particles, common verbs); a name
#: ("北京", "王小明") inside an English sentence has none of them.
_FUNCTION = re.compile(r"[我你他她它们的是在了不没有和就都也要会说吗呢吧这那个很把被从到对给让想去做用]")


def detect_language(text: str) -> str:
    """``"zh"`` when the text is Chinese, mixed Chinese-English included ("我在做 iOS App":
    Chinese with English terms), else ``"en"``. A Chinese name in an English sentence
    ("I moved to 北京 last year") leaves it English: Chinese needs a Chinese function word,
    or more Han characters than twice its English words."""
    han = len(_HAN.findall(text))
    if han == 0:
        return "en"
    latin_words = len(re.findall(r"[A-Za-z]+", text))
    return "zh" if _FUNCTION.search(text) or han > 2 * latin_words else "en"


class _Turn(Protocol):
    @property
    def role(self) -> str: ...

    @property
    def content(self) -> str: ...


def turns_language(turns: Sequence[_Turn]) -> str:
    """The language of a conversation: that of its user turns, which facts are read from (an
    English message answered in Chinese is English), else of all its turns."""
    said = [t.content for t in turns if t.role == "user"] or [t.content for t in turns]
    return detect_language("\n".join(said))


@lru_cache(maxsize=1)
def _segmenter() -> Any:
    """jieba's tokenizer, loaded once (None without ``pip install 'kronograph[zh]'``)."""
    try:
        import jieba
    except ImportError:
        return None
    jieba.setLogLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    tokenizer.initialize()
    return tokenizer


@lru_cache(maxsize=1)
def _dictionary() -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
    """jieba's dictionary, read once for both users: every word's tag, as jieba's POS tagger
    reads it (it would read the file again, the slowest part of loading it), and the words tagged
    as places (``ns``) and as verbs (``v``, ``vn``, ...); all empty without jieba."""
    tokenizer = _segmenter()
    if tokenizer is None:
        return {}, frozenset(), frozenset()
    tags: dict[str, str] = {}
    places, verbs = set(), set()
    with tokenizer.get_dict_file() as f:
        for number, line in enumerate(f, 1):
            entry = line.strip().decode("utf-8")
            if not entry:
                continue
            fields = entry.split(" ")
            if len(fields) != 3:  # as jieba.posseg refuses it
                raise ValueError(f"invalid POS dictionary entry at line {number}: {entry}")
            tags[fields[0]] = fields[2]
            parts = entry.split()
            if len(parts) == 3:
                if parts[2] == "ns":
                    places.add(parts[0])
                elif parts[2].startswith("v"):
                    verbs.add(parts[0])
    return tags, frozenset(places), frozenset(verbs)


def _tagged_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words jieba's dictionary tags as places and as verbs."""
    _, places, verbs = _dictionary()
    return places, verbs


def dictionary_place(word: str) -> bool:
    """True when jieba's dictionary tags ``word`` as a whole as a place name ("番禺", "莫干山")."""
    return word in _tagged_words()[0]


def dictionary_verb(word: str) -> bool:
    """True when jieba's dictionary tags ``word`` as a verb ("考", "搬家", "点")."""
    return word in _tagged_words()[1]


def dictionary_words(text: str) -> list[str]:
    """The words of ``text`` by jieba's dictionary alone (no HMM guesses), blanks left out; empty
    without jieba."""
    return list(_dictionary_words(text))


@lru_cache(maxsize=4_096)
def _dictionary_words(text: str) -> tuple[str, ...]:
    """:func:`dictionary_words`, segmented once per text: the Chinese rules ask about the same
    sentence and clause from several places."""
    tokenizer = _segmenter()
    if tokenizer is None:
        return ()
    return tuple(w for w in tokenizer.cut(text, HMM=False) if w.strip())


@lru_cache(maxsize=1)
def _pos_tagger() -> Any:
    """jieba's part-of-speech tagger over the shared tokenizer (None without jieba)."""
    tokenizer = _segmenter()
    if tokenizer is None:
        return None
    from jieba import posseg

    class Tagger(posseg.POSTokenizer):
        """jieba's tagger over the dictionary :func:`_dictionary` has read already."""

        def __init__(self, tokenizer: Any, tags: dict[str, str]) -> None:
            self.tokenizer = tokenizer
            self.word_tag_tab = tags

    return Tagger(tokenizer, _dictionary()[0])


def tagged_words(text: str) -> list[tuple[str, str]]:
    """``(word, tag)`` pairs of ``text`` by jieba's dictionary alone (``n`` noun, ``ns`` place,
    ``nr`` person, ``nt`` organisation, ``eng`` Latin letters, ``v`` verb, ``r`` pronoun, ...),
    blanks left out; empty without jieba."""
    return list(_tagged(text))


@lru_cache(maxsize=1_024)
def _tagged(text: str) -> tuple[tuple[str, str], ...]:
    tagger = _pos_tagger()
    if tagger is None:
        return ()
    return tuple((p.word, p.flag) for p in tagger.cut(text, HMM=False) if p.word.strip())


def segment_han(run: str) -> list[str]:
    """Words of a run of Chinese characters, each multi-character word followed by its characters
    ("杭州市" -> 杭州市 杭 州 市), so BM25 matches a whole word strongly and a part of one
    ("杭州" in "杭州市") still. jieba's dictionary segmentation without its HMM guesses, which
    keeps the cut of a word the same in a document and in a query; without jieba, characters."""
    tokenizer = _segmenter()
    if tokenizer is None:
        return list(run)
    out: list[str] = []
    for word in tokenizer.cut(run, HMM=False):
        out.append(word)
        if len(word) > 1:
            out.extend(word)
    return out


def search_text(text: str) -> str:
    """``text`` as the full-text indexes should see it: CJK runs split into space-separated
    words, everything else unchanged. Apply to documents and queries alike."""
    if not _HAN.search(text):
        return text
    return _HAN_RUN.sub(lambda m: " " + " ".join(segment_han(m.group(0))) + " ", text)
