"""What a hard delete cuts out of a user's episodes: every surface form of the deleted values.

    forms = surface_forms(deleted_versions)        # "Flumpistyle", "black-and-white Flumpistyle ..."
    text = "I like black-and-white Flumpistyle for my wardrobe."
    cut(text, cut_ranges(text, (), FormMatcher(forms)))   # -> "I like [forgotten] for my wardrobe."

First go the spans the deleted facts were read from (their provenance: ``cut_ranges`` takes
them with the forms, ``cut`` replaces right to left, ``moved`` says where another fact's span
of the same episode lies afterwards). The extractor rewrites what it reads ("my" becomes "their", verbs are lemmatised), so the
stored object is often not in the episode word for word. A value's surface forms are its
object and subject as stored, the same with the person swapped back ("their wardrobe" ->
"my wardrobe"), and each *distinctive* word of it (a name, a number, a hyphenated or
capitalised word) on its own; each matches case-insensitively at word boundaries with the
common inflections ("Flumpistyles", "Flumpistyle's"). Pure: no store, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..model import Fact

#: What a deleted value is replaced with in an episode.
FORGOTTEN = "[forgotten]"

#: What is left of a text once every deleted value and refused span was cut out of it.
_MARKERS_ONLY = re.compile(r"(?:\[forgotten\]|\[redacted:[a-z_]+\]|[\W_])*")


def says_nothing(text: str) -> bool:
    """True when only markers and punctuation are left: an episode that was cut down to
    ``[forgotten]`` holds nothing to find or to show an agent."""
    return _MARKERS_ONLY.fullmatch(text) is not None


#: Subjects that stand for the speaker: their name is not a deleted value.
_SELF = frozenset({"user", "i", "me", "my", "myself", "the user", "speaker"})
#: The extractor's third person, and the first and second person a message said it in.
_PERSON = {"their": ("my", "our", "your"), "they": ("i", "we", "you"), "them": ("me", "us", "you"),
           "theirs": ("mine", "ours", "yours"), "themselves": ("myself", "ourselves", "yourself")}
_WORD = re.compile(r"[\w][\w'’.-]*[\w]|[\w]")
#: Words too common to cut out of every episode on their own (they go only as part of a form).
_COMMON = frozenset(["a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "for", "with", "from", "by", "as", "is", "are", "was", "were", "be", "been", "am", "i", "me", "my", "we", "our", "you", "your", "he", "she", "it", "they", "them", "their", "his", "her", "this", "that", "these", "those", "not", "no", "yes", "very", "really", "just", "also", "too", "so", "than", "then", "there", "here", "user", "likes", "like", "loves", "love", "works", "work", "lives", "live", "has", "have", "had"])


def _swapped(value: str) -> list[str]:
    """``value`` with the extractor's third person turned back into each first/second person."""
    words = value.split()
    if not any(w.casefold() in _PERSON for w in words):
        return []
    out = []
    for choice in range(3):
        out.append(" ".join(_PERSON[w.casefold()][choice] if w.casefold() in _PERSON else w for w in words))
    return out


def _distinctive(value: str) -> list[str]:
    """The words of ``value`` that identify it on their own: names, numbers, hyphenated or
    capitalised words, and any word of four letters or more of a value of one or two words."""
    words = _WORD.findall(value)
    short = len(words) <= 2
    out = []
    for word in words:
        key = word.casefold()
        if key in _COMMON or key in _PERSON or len(word) < 2:
            continue
        if any(c.isdigit() for c in word) or "-" in word or word[:1].isupper() or (short and len(word) >= 4):
            out.append(word)
    return out


def surface_forms(facts: Iterable[Fact]) -> list[str]:
    """Every form in which the deleted values may appear in text, longest first."""
    forms: set[str] = set()
    for fact in facts:
        values = [fact.object]
        if fact.subject.strip().casefold() not in _SELF:
            values.append(fact.subject)
        for value in values:
            value = value.strip()
            if not value or value.startswith(("sealed:", "[redacted:", FORGOTTEN)):
                continue
            forms.add(value)
            forms.update(_swapped(value))
            forms.update(_distinctive(value))
        # The fact's sentence can hold what the object left out ("a cat named Quibbleton").
        if not fact.text.startswith(("sealed:", "[redacted:", FORGOTTEN)):
            forms.update(_distinctive(fact.text))
    return sorted(forms, key=lambda f: (-len(f), f))


#: Scripts written without spaces between words (Chinese, Japanese): a form there has no word boundary.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def forms_pattern(forms: list[str]) -> re.Pattern[str] | None:
    """One pattern for all the forms (None for none): case-insensitive, at word boundaries,
    with the common inflections; forms in unspaced scripts match anywhere."""
    if not forms:
        return None
    spaced = [re.escape(f) for f in forms if not _UNSPACED.search(f)]
    unspaced = [re.escape(f) for f in forms if _UNSPACED.search(f)]
    parts = []
    if spaced:
        parts.append(r"(?<![\w-])(?:" + "|".join(spaced) + r")(?:" + "|".join(_ENDINGS) + r")?(?![\w-])")
    if unspaced:
        parts.append("(?:" + "|".join(unspaced) + ")")
    return re.compile("|".join(parts), re.IGNORECASE)


#: Inflections a form may carry in text ("Flumpistyles", "Flumpistyle's").
_ENDINGS = ("'s", "’s", "s", "es", "ed", "d", "ing")
_PIECE = re.compile(r"\w+")


class FormMatcher:
    """Finds the forms in many texts fast: a text is searched only for the forms whose every
    word it holds (a form's last word possibly inflected), with one small pattern per set of
    such forms, instead of one pattern of thousands of forms run over every text. Finds
    exactly what :func:`forms_pattern` finds."""

    def __init__(self, forms: list[str]) -> None:
        self.order = {form: i for i, form in enumerate(sorted(forms, key=lambda f: (-len(f), f)))}
        self.unspaced = [f for f in self.order if _UNSPACED.search(f)]
        self.by_last: dict[str, list[tuple[str, frozenset[str]]]] = {}
        for form in self.order:
            if form in self.unspaced:
                continue
            pieces = _PIECE.findall(form.casefold())
            if pieces:
                self.by_last.setdefault(pieces[-1], []).append((form, frozenset(pieces[:-1])))
        self._patterns: dict[tuple[str, ...], re.Pattern[str] | None] = {}

    def __bool__(self) -> bool:
        return bool(self.order)

    def ranges(self, text: str) -> list[Range]:
        """Where the forms occur in ``text``."""
        folded = text.casefold()
        found = {f for f in self.unspaced if f.casefold() in folded}
        few = len(self.by_last) <= 64  # a few forms: look each one up instead of every word of the text
        if few and not any(base in folded for base in self.by_last):
            return self._search(text, folded, found)
        pieces = set(_PIECE.findall(folded))
        if few:
            bases = [b for b in self.by_last if b in pieces or any(b + e in pieces for e in _ENDINGS if e.isalpha())]
        else:
            bases = [b for p in pieces for b in {p, *(p[:-len(e)] for e in _ENDINGS if e.isalpha() and p.endswith(e))}]
        for base in bases:
            for form, others in self.by_last.get(base, ()):
                if others <= pieces:
                    found.add(form)
        return self._search(text, folded, found)

    def _search(self, text: str, folded: str, found: set[str]) -> list[Range]:
        if not found:
            return []
        ordered = sorted(found, key=self.order.__getitem__)
        if len(folded) == len(text):  # a scan, not a pattern per message: re's cache keeps the rules' own patterns
            return _scan(folded, [f.casefold() for f in ordered])
        key = tuple(ordered)
        if key not in self._patterns:
            self._patterns[key] = forms_pattern(list(key))
        pattern = self._patterns[key]
        return [] if pattern is None else [m.span() for m in pattern.finditer(text)]


def _boundary(text: str, i: int) -> bool:
    return i <= 0 or i >= len(text) or not (text[i].isalnum() or text[i] in "_-")


def _scan(folded: str, forms: list[str]) -> list[Range]:
    """What :func:`forms_pattern`'s pattern finds in a text (given case-folded, of the same
    length): leftmost match first, the earliest form of the list at one place (a spaced form
    before an unspaced one), for a spaced form the first inflection that ends at a word
    boundary, then on from its end."""
    hits: dict[int, int] = {}  # start -> end of the match the pattern would take there
    unspaced = [f for f in forms if _UNSPACED.search(f)]
    for form in reversed(unspaced):  # anywhere, no inflection; spaced forms are written after them and win
        at = folded.find(form)
        while at >= 0:
            hits[at] = at + len(form)
            at = folded.find(form, at + 1)
    for form in reversed([f for f in forms if not _UNSPACED.search(f)]):  # earlier forms win a start: written last
        at = folded.find(form)
        while at >= 0:
            if _boundary(folded, at - 1):
                stop = at + len(form)
                for ending in (*_ENDINGS, ""):
                    if folded.startswith(ending, stop) and _boundary(folded, stop + len(ending)):
                        hits[at] = stop + len(ending)
                        break
            at = folded.find(form, at + 1)
    out: list[Range] = []
    for start in sorted(hits):
        if not out or start >= out[-1][1]:
            out.append((start, hits[start]))
    return out


Range = tuple[int, int]


def cut_ranges(text: str, spans: Iterable[Range], forms: FormMatcher | None) -> list[Range]:
    """What a hard delete replaces in ``text``: the deleted facts' own spans, and every place
    the forms occur; clipped to the text, merged where they touch, in order."""
    ranges = [(max(0, a), min(len(text), b)) for a, b in spans if a < b and a < len(text)]
    if forms:
        ranges += forms.ranges(text)
    merged: list[Range] = []
    for a, b in sorted(ranges):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def cut(text: str, ranges: list[Range]) -> str:
    """``text`` with each range (in order, not overlapping) replaced by :data:`FORGOTTEN`,
    right to left so that the offsets of the ranges still to cut stay valid."""
    for a, b in reversed(ranges):
        text = text[:a] + FORGOTTEN + text[b:]
    return text


def moved(span: Range, ranges: list[Range]) -> Range | None:
    """Where ``span`` of the old text lies in ``cut(text, ranges)``; None when all of it was cut."""
    a, b = span
    if any(lo <= a and b <= hi for lo, hi in ranges):
        return None
    def position(p: int, end: bool) -> int:
        moved_by = 0
        for lo, hi in ranges:
            if hi <= p:
                moved_by += len(FORGOTTEN) - (hi - lo)
            elif lo < p:  # inside a cut: the marker's start (or, for an end, its end)
                return lo + moved_by + (len(FORGOTTEN) if end else 0)
            else:
                break
        return p + moved_by

    start, end = position(a, False), position(b, True)
    return (start, end) if start < end else None


_STATEMENT = re.compile(r"(?:\b(?:Dr|Mr|Mrs|Ms|Prof|St|Jr|Sr|Mt|vs|etc|e\.g|i\.e)\.|[^.!?\n。！？])+(?:[.!?。！？]+|$)")
_SPEAKER = re.compile(r"^(?:user|assistant|system): ")


def statement_ranges(text: str) -> list[Range]:
    """The sentences of a text (a turn's ``user:`` lead left out), as ranges without the
    spaces around them: what a forget request naming a statement cuts."""
    out = []
    start = 0
    for line in text.split("\n"):
        lead = _SPEAKER.match(line)
        offset = lead.end() if lead else 0
        for m in _STATEMENT.finditer(line, offset):
            piece = m.group()
            if piece.strip():
                a = start + m.start() + len(piece) - len(piece.lstrip())
                out.append((a, start + m.end() - (len(piece) - len(piece.rstrip()))))
        start += len(line) + 1
    return out
