"""What kind of value a question asks for, and the values of each kind a message states.

"When is my appraisal?" asks for a date; "The quarterly review is on 20 January" states one and
"the performance chat slipped to 3 February" states another. MiniLM puts those two messages
barely nearer each other than a line of chatter, but chatter rarely states a date, a colour or
a name at all: of a speaker's later messages, the one nearest an earlier answer among those that
give another value of the asked kind is its revision (``queries/search.py``, typed revisions).

Kinds: ``date`` (a day and month, an ordinal day, a weekday, a clock time, a year), ``number``
(a digit or a spelled-out number that is not part of a date), ``colour`` (a colour word),
``name`` (a capitalised word inside a sentence: a person, a place, a brand) and ``place`` (a name,
or the words after a place preposition and a determiner: "in the loft"), each with the question
phrases that ask for it. The lexicons are data; matching is by whole words, case-insensitive, except
names, which are told by their capital.
"""

from __future__ import annotations

import functools
import re

from .topic_families import alternation

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
          "dec")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: Colour words, shades and hair colours; not the words small talk uses for a mood or a food
#: alone ("cream", "orange"), which a question about colour still finds by its other words.
COLOURS = (
    "red", "yellow", "green", "blue", "navy", "purple", "violet", "pink", "brown", "black", "white", "grey", "gray",
    "silver", "beige", "teal", "turquoise", "maroon", "crimson", "emerald", "terracotta", "lilac", "lavender",
    "charcoal", "mustard", "sage", "copper", "ochre", "olive", "cobalt", "indigo", "magenta", "scarlet", "burgundy",
    "mauve", "coral", "peach", "ivory", "gold", "golden", "bronze", "khaki", "taupe", "slate", "amber", "aqua",
    "mint", "rust", "plum", "blonde", "blond", "auburn", "ginger", "cyan", "fuchsia", "cerise", "vermilion",
    "sky-blue", "pastel", "magnolia", "duck-egg", "oatmeal", "graphite", "anthracite", "cherry", "lime", "orange",
)
NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand",
                "million", "dozen", "half")
#: (kind, question phrases): the first question word decides ("what colour do I wear when it's
#: cold?" asks for a colour). "which" and "where" ask for a name: a place, a shop, a school.
ASKED_VALUE_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("date", ("when", "what time", "what day", "which day", "what date", "which date", "what month",
              "which month", "what's the date", "what is the date")),
    ("colour", ("what colour", "what color", "what colours", "what colors", "which colour", "which color",
                "what shade", "which shade", "what hue")),
    ("number", ("how many", "how much", "how far", "how old", "what number", "how long")),
    ("place", ("where",)),
    ("name", ("who", "whom", "whose", "which", "what's the name", "what is the name")),
)
#: Words that put a place after them ("in the loft", "into the cellar", "at a café in Jericho"):
#: the words that follow, up to the next function word, are a place value.
PLACE_PREPOSITIONS = ("in", "at", "on", "under", "behind", "by", "into", "onto", "inside", "outside", "near",
                      "beside", "above", "below", "to")
#: Words after a place preposition that name a time, not a place ("on the weekend", "in the morning").
_NOT_PLACES = frozenset(("now", "today", "tonight", "tomorrow", "moment", "morning", "mornings", "afternoon",
                         "evening", "evenings", "night", "weekend", "weekends", "week", "month", "year", "time",
                         "end", "meantime", "summer", "winter", "spring", "autumn", "christmas", "easter",
                         *MONTHS, *WEEKDAYS))
_DETERMINERS = frozenset(("the", "a", "an", "my", "our", "his", "her", "their", "your", "its", "this", "that"))
#: A question that names one of these asks for it wherever the words stand ("the fence is what colour?").
_KIND_NOUNS = (("colour", re.compile(r"\b(?:colou?rs?|shades?|hues?)\b", re.IGNORECASE)),
               ("name", re.compile(r"\b(?:called|named|name)\b", re.IGNORECASE)),
               ("date", re.compile(r"\b(?:date|day)\b", re.IGNORECASE)))

#: The name leading a named message as stored ("Caroline: ..."), and abbreviated titles whose dot
#: ends no sentence: shared with search's own value reading.
SPEAKER_LEAD = re.compile(r"^[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,3}: ")
_WORDS = re.compile(r"[\w'-]+|[.!?:;]")
_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)\Z", re.IGNORECASE)
_CLOCK = re.compile(r"\d{1,2}(?::\d\d)?(?:am|pm)?\Z", re.IGNORECASE)
TITLES = frozenset({"Dr", "Mr", "Mrs", "Ms", "Mx", "Prof", "St", "Mt", "Jr", "Sr"})
_YEAR = re.compile(r"(?:19|20)\d\d\Z")
_NOT_NAMES = frozenset({"I", "I'm", "I've", "I'll", "I'd", "OK", "Ok"})


@functools.cache
def _phrases(kinds: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((kind, re.compile(r"\W*(?:" + alternation(phrases) + r")\b", re.IGNORECASE))
                 for kind, phrases in kinds)


_QUESTION_WORD = re.compile(r"\b(?:what|which|who|whom|whose|where|when|how)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=1 << 12)
def asked_value_kind(query: str, kinds: tuple[tuple[str, tuple[str, ...]], ...] = ASKED_VALUE_KINDS) -> str | None:
    """The kind of value ``query`` asks for: by its first question word and what follows it, else
    by a kind's noun anywhere in it ("the door is what colour now?"); None when it asks for none."""
    asks = _QUESTION_WORD.search(query)
    if asks is not None:
        for kind, pattern in _phrases(kinds):
            if pattern.match(query, asks.start()):
                return kind
    return next((kind for kind, noun in _KIND_NOUNS if noun.search(query)), None)


def _is_date(word: str, near: list[str]) -> bool:
    """Whether ``word`` (lower case) names a day or a time: a month ("may" only beside a number),
    a weekday, an ordinal day, or a number beside a month or with am/pm."""
    if word in MONTHS:
        return word != "may" or any(ch.isdigit() for w in near for ch in w)
    if word in WEEKDAYS or word.rstrip("s") in WEEKDAYS or _ORDINAL.match(word):
        return True
    return word[:1].isdigit() and (any(w in MONTHS for w in near) or word.endswith(("am", "pm"))) \
        and _CLOCK.match(word) is not None


def _is_number(word: str) -> bool:
    return word.replace(",", "").replace(".", "").isdigit() or word in NUMBER_WORDS


@functools.lru_cache(maxsize=1 << 16)
def typed_values(text: str) -> dict[str, frozenset[str]]:
    """The values ``text`` states, by kind (lower case; a speaker's leading name is left out). A
    number next to a month ("14 March", "June 2", "the 9th of June") or with a clock suffix is a
    date, not a number; a capitalised word is a name unless it opens a sentence, is a month, a
    weekday or "I"."""
    words = _WORDS.findall(SPEAKER_LEAD.sub("", text, count=1))
    plain = [w.casefold() for w in words]
    out: dict[str, set[str]] = {"date": set(), "number": set(), "colour": set(), "name": set(), "place": set()}
    start, previous = True, ""
    for n, (word, low) in enumerate(zip(words, plain, strict=True)):
        if word in ".!?:;":
            start = start or previous not in TITLES
            continue
        previous = word
        if _is_date(low, plain[max(n - 2, 0):n] + plain[n + 1:n + 3]):
            out["date"].add(low.rstrip("s") if low.rstrip("s") in WEEKDAYS else low)
        elif _YEAR.match(low):  # a year
            out["date"].add(low)
        elif _is_number(low):
            out["number"].add(low)
        elif low in COLOURS:
            out["colour"].add(low)
        elif not start and word[0].isupper() and word not in _NOT_NAMES and word not in TITLES:
            out["name"].add(low.removesuffix("'s"))
        start = False
    out["place"] = {name for name in out["name"] if name not in _NOT_PLACES} | _placed(plain)
    return {kind: frozenset(values) for kind, values in out.items() if values}


def _placed(words: list[str]) -> set[str]:
    """The words of each place named after a place preposition and a determiner ("in the upstairs
    room" -> upstairs, room), up to the next short function word, punctuation or third word."""
    out: set[str] = set()
    for n, word in enumerate(words[:-2]):
        if word in PLACE_PREPOSITIONS and words[n + 1] in _DETERMINERS:
            for after in words[n + 2:n + 5]:
                if not after[0].isalnum() or after in _DETERMINERS or after in PLACE_PREPOSITIONS \
                        or after in ("of", "and", "or", "for", "with", "so", "but"):
                    break
                if after not in _NOT_PLACES and not any(ch.isdigit() for ch in after):  # "on the 8th"
                    out.add(after)
    return out


def gives_another(earlier: dict[str, frozenset[str]], later: dict[str, frozenset[str]], kind: str) -> bool:
    """Whether ``later`` gives another value of ``kind`` than ``earlier``: each states one of
    that kind the other does not ("20 January" / "3 February"; "red and white" / "navy")."""
    old, new = earlier.get(kind, frozenset()), later.get(kind, frozenset())
    return bool(old - new) and bool(new - old)
