"""The relation rules: a read clause (``"i move from shanghai to hangzhou"`` plus flags) ->
draft facts, with the clause's times, hedges, negation, task and plan words applied.

Rules match the lemma string of a clause, so "I'm living in", "I've lived in" and "I live in"
are one rule; objects are cut from the original text at the parse's clause boundaries.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from ..candidates import Operation
from ..model import EntityType, MemoryType
from ..temporal.predicates import STATE_PREDICATES
from .end_wordings import ENDING_SYNONYMS, KEPT_THINGS, OVER_STATES, OVER_VERBS
from .hedge_wordings import HOUSEHOLD_STEPS
from .rules_change import replaced_value
from .rules_clause import ReadClause, entity_type, timetabled
from .rules_draft import Draft, verb_3sg
from .rules_events import (
    ONGOING_PASTIMES,
    no_doing,
    read_action,
    read_happening,
    read_own_events,
    read_pastime,
    read_values,
)
from .rules_lexicon import (
    CONDITION_ADJECTIVES,
    DEVICES,
    DIETS,
    DRUG_SUFFIXES,
    DRUGS,
    KIND_AFTER_THE,
    NO_EXCLAMATIONS,
    NOT_OCCUPATIONS,
    OCCUPATION_SUFFIXES,
    OCCUPATIONS,
    OPERATING_SYSTEMS,
    PARTNERS,
    PETS,
    PREFERENCE_CATEGORIES,
    PROGRAMMING_LANGUAGES,
    PROJECT_NOUNS,
    PROVIDERS,
    RELATIONSHIP_STATES,
    RELATIVES,
    SPOUSES,
    STYLE_WORDS,
    TOOLS,
)
from .rules_opinions import read_opinion
from .rules_phrases import quoted_title, third_person
from .rules_quantity import read_quantity
from .rules_sensitive import sensitive_hints
from .timeexpr import TimeKind, TimeSpan, find_times

_SHORT_PERIOD = timedelta(days=31)  # "today", "this week", "this month": a task's period; "this year" is not
_SOON = timedelta(days=7)           # "tomorrow", "next week": a task's period about to start
_SETTLED = timedelta(days=60)       # at a named place this long, one works there: "at Atlassian since 2019"


# -- objects ---------------------------------------------------------------------------------

_STOP_WORDS = frozenset({"because", "since", "which", "who", "whom", "whose", "where", "when", "while", "if",
                         "although", "though", "until", "unless", "than", "cause", "cuz", "whereas", "once"})


_LEADING = frozenset({"a", "an", "the", "my", "our", "some", "this", "that", "these", "those", "any", "to", "both",
                      "either"})


_TRAILING_POS = frozenset({"ADV", "PART", "CCONJ", "ADP", "DET", "SCONJ", "AUX"})
_PRONOUNS = frozenset({"it", "them", "me", "this", "that", "these", "those", "him", "her", "us", "you", "one",
                       "myself", "ourselves", "theirs", "hers", "his", "yours", "ours", "mine"})  # "I'm a painter myself"
_KEEP_ADP = frozenset({"of", "&", "de", "la", "del", "von", "van"})


@dataclass
class Obj:
    text: str
    type: EntityType | None
    tokens: list[Any]

    @property
    def lower(self) -> str:
        return self.text.lower()

    @property
    def head(self) -> str:
        nouns = [t for t in self.tokens if t.pos_ in {"NOUN", "PROPN"}]
        return (nouns[-1] if nouns else self.tokens[-1]).lemma_.lower()


def _cut(read: ReadClause, tokens: list[Any], entity: bool) -> list[Any]:
    out: list[Any] = []
    for tok in tokens:
        if out:
            gap = read.doc[out[-1].i + 1:tok.i]
            if any(not g.is_punct for g in gap) or any(g.text in {",", ";", "(", ")"} and entity for g in gap):
                break
            if any(g.text == "," for g in gap) and (tok.dep_ in {"csubj", "nsubj"} or tok.tag_ in {"VBZ", "VBD", "MD"}):
                break  # "I've always liked Under Armour, working with them would be cool": a new clause
        low = tok.lower_
        if low in _STOP_WORDS or (low == "that" and out) or (tok.pos_ == "PRON" and low in {"i", "it", "we", "he", "she", "they"}):
            break
        if out and _adjunct(tok) and " prefer " not in read.string:  # "I prefer working in the mornings" keeps it
            break  # "hiking in the Alps every summer", "baking bread on Sundays with my kids": when and with whom
        if out and low in {"after", "before"} and tok.dep_ == "mark":
            break  # "squash after my back went": the clause after it says when ("before bed" stays)
        if out and low in {"instead", "rather"}:
            break  # "Canva instead of Atlassian", "tea rather than coffee": the other value is no part of it
        if tok.pos_ == "CCONJ" and out:
            nxt = read.doc[tok.i + 1] if tok.i + 1 < len(read.doc) else None
            if nxt is None or nxt.pos_ in {"VERB", "AUX", "PRON"} or entity:
                break
        if entity and out and tok.pos_ == "ADP" and low not in _KEEP_ADP:
            break
        if entity and out and tok.pos_ in {"VERB", "AUX"} and tok.tag_ != "VBN" and not _names_kind(tok):
            break
        out.append(tok)
    while out and (out[0].lower_ in _LEADING or out[0].tag_ == "PRP$") and not _title_article(out):
        out = out[1:]
    while out and (out[-1].pos_ in _TRAILING_POS or out[-1].is_punct or out[-1].lower_ in _PRONOUNS) \
            and out[-1].lower_ not in {"+", "#"}:
        out = out[:-1]
    return out


def _names_kind(tok: Any) -> bool:
    """Whether ``tok`` is an "-ing" word naming the kind of the noun after it ("the climbing gym",
    "the running club"), a part of the name rather than a verb of its own."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    return tok.tag_ == "VBG" and nxt is not None and nxt.pos_ in {"NOUN", "PROPN"} and tok.head.i > tok.i \
        and tok.dep_ in {"amod", "compound", "nmod"}


# Nouns of recurring time and company: an object that goes on with "on Sundays", "every summer" or
# "with my kids" has ended.
_WHEN_NOUNS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend",
                         "weekday", "morning", "afternoon", "evening", "night", "summer", "winter", "spring",
                         "autumn", "fall", "holiday", "lunchtime", "weeknight"})
_COMPANY = frozenset({"my", "our", "their", "his", "her", "friends", "family", "kids", "mates", "buddies"})


def _adjunct(tok: Any) -> bool:
    """Whether ``tok`` opens a phrase of when or with whom ("every summer", "on Sundays", "with my brother")."""
    doc = tok.doc
    nxt = [t for t in doc[tok.i + 1:tok.i + 3] if t.lower_ not in {"the", "a", "most", "some", "all"}]
    if tok.lower_ in {"every", "each"} and nxt and nxt[0].lemma_.lower() in _WHEN_NOUNS | {"day", "week", "month", "year"}:
        return True
    if tok.lower_ in {"on", "at", "in", "during", "over"} and nxt and nxt[0].lemma_.lower().rstrip("s") in _WHEN_NOUNS \
            and nxt[0].lower_.endswith("s"):
        return True  # "on Sundays", "at weekends", "in the evenings" (a single "in spring" may name the thing)
    if tok.lower_ in {"at", "from"} and nxt and nxt[0].lower_ in {"home", "work", "school"} \
            and (len(nxt) == 1 or nxt[1].pos_ not in {"NOUN", "PROPN"}):
        return True  # "Spanish at home", "Python at work": where, not what ("home office" stays)
    following = doc[tok.i + 1].lower_ if tok.i + 1 < len(doc) else ""
    if (tok.lower_, following) in _IDIOM_TAILS:
        return True  # "the booze for good", "Facebook ages ago": how long or how finally, no part of the thing
    return tok.lower_ == "with" and bool(nxt) and nxt[0].lower_ in _COMPANY


# Two-word idioms of duration or finality that trail an object ("quit the booze for good", "left
# Facebook ages ago", "sold it at last") and that no time expression dates.
_IDIOM_TAILS = frozenset({("for", "good"), ("for", "ages"), ("for", "keeps"), ("for", "now"), ("for", "donkeys"),
                          ("ages", "ago"), ("yonks", "ago"), ("at", "last"), ("once", "and"), ("for", "yonks")})


_DEGREE = frozenset({"too", "so", "very", "really", "quite", "pretty", "super", "way"})


def _title_article(tokens: list[Any]) -> bool:
    """ "is The Office": a capital "The" inside a sentence, before a name, is part of a title."""
    first = tokens[0]
    return first.text == "The" and first.i > 0 and len(tokens) > 1 and tokens[1].pos_ == "PROPN" \
        and not first.doc[first.i - 1].is_punct


def obj(read: ReadClause, m: re.Match[str], group: str = "o", *, entity: bool = False) -> Obj | None:
    """The object named by ``group`` of a rule match, cut to a phrase in its original spelling."""
    if m.group(group) is None:
        return None
    span = read.span_tokens(*m.span(group))
    title = quoted_title(span[0]) if span else None
    tokens = title if title and span[0].i == title[0].i else _cut(read, span, entity)  # "Home Alone" whole
    if not tokens:
        return None
    return Obj(text=third_person(_text_of(read, tokens)), type=_type_of(tokens), tokens=tokens)


def _text_of(read: ReadClause, tokens: list[Any]) -> str:
    """The clause's own text from the first of ``tokens`` to the last (spacing kept)."""
    return read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]


def _type_of(tokens: list[Any]) -> EntityType | None:
    """The entity type of the first labelled token, if any."""
    return next((kind for kind in map(entity_type, tokens) if kind), None)


def _split(o: Obj, read: ReadClause) -> list[Obj]:
    parts: list[list[Any]] = [[]]
    for tok in o.tokens:
        listed = parts[-1] and tok.tag_ == "VBG" and read.doc[parts[-1][-1].i + 1:tok.i].text.strip() == ","
        if listed:  # "reading, watching movies": two pastimes (the comma is no token of the object)
            parts.append([tok])
        elif tok.pos_ == "CCONJ" or tok.text == ",":
            parts.append([])
        else:
            parts[-1].append(tok)
    if len(parts) == 1:
        return [o]
    out = []
    for part in parts:
        part = [t for t in part if t.lower_ not in _LEADING]
        if part:
            out.append(Obj(text=_text_of(read, part), type=_type_of(part), tokens=part))
    return out or [o]


# -- classifiers -----------------------------------------------------------------------------

def _is_os(o: Obj) -> bool:
    return o.lower in OPERATING_SYSTEMS or any(t.ent_type_ == "OS" for t in o.tokens)


def _is_tech(o: Obj) -> bool:
    low = o.lower
    return _is_os(o) or low in DEVICES or low in TOOLS or low in PROGRAMMING_LANGUAGES or any(
        t.ent_type_ in {"DEVICE", "TOOL", "PROG_LANG", "PRODUCT"} for t in o.tokens)


def _is_drug(o: Obj, read: ReadClause) -> bool:
    low = o.lower
    if low in DRUGS or any(t.ent_type_ == "DRUG" for t in o.tokens):
        return True
    if re.search(r"\b\d+\s?(?:mg|mcg|ml|g|iu)\b", read.text, re.I):
        return True
    return any(w.endswith(DRUG_SUFFIXES) and len(w) > 6 for w in low.split()[:1])


def _is_occupation(o: Obj) -> bool:
    low = o.lower
    if low in NOT_OCCUPATIONS or o.head in NOT_OCCUPATIONS:
        return False
    if low in OCCUPATIONS or o.head in OCCUPATIONS or " ".join(low.split()[-2:]) in OCCUPATIONS:
        return True
    return o.head.endswith(OCCUPATION_SUFFIXES) and o.tokens[-1].pos_ == "NOUN"


def _specific(read: ReadClause, m: re.Match[str], group: str = "o") -> bool:
    """The object points at one particular thing ("the color", "your recipe"), not a kind of thing."""
    span = read.span_tokens(*m.span(group))
    if len(span) > 1 and span[0].lower_ == "the" and span[1].lower_ in KIND_AFTER_THE:
        return False  # "I love the beach", "the smell of rain": a kind of thing
    return bool(span) and span[0].lower_ in {"the", "this", "that", "these", "those", "your", "his", "her", "its"} \
        and not any(t.pos_ == "PROPN" or (t.i > 0 and t.text[:1].isupper()) for t in span)


def preference_predicate(o: Obj, verb: str) -> str:
    """Style objects share ``style_preference``; "prefer X" names ``preferred_<category>``."""
    words = set(re.findall(r"[a-z-]+", o.lower)) | {o.head}
    if words & STYLE_WORDS or "black-and-white" in o.lower.replace(" ", ""):
        return "style_preference"
    if verb != "prefer":
        return "likes"
    for category, members in PREFERENCE_CATEGORIES.items():
        if o.lower in members or o.head in members or words & members:
            return f"preferred_{category}"
    return f"preferred_{re.sub(r'[^a-z0-9]+', '_', o.head).strip('_') or 'thing'}"


_VAGUE = frozenset({"one", "it", "that", "this", "something", "anything", "everything", "nothing", "stuff", "project",
                    "projects", "way", "news", "story", "stories", "opportunity", "surprise", "talents", "skills", "people",
                    "recommendations", "few", "bunch", "ton", "chance",
                    "things", "thing", "lot", "lots", "bit", "time", "sure", "try", "back"})


_GENERIC_MAX_TOKENS = 4


def _concrete(o: Obj, max_tokens: int) -> bool:
    """A short object with a real noun: "Docker", "a dance studio", not "something about it"."""
    head = next((t for t in reversed(o.tokens) if t.pos_ in {"NOUN", "PROPN"} or t.ent_type_ == "FOOD"), None)
    return len(o.tokens) <= max_tokens and head is not None and head.lower_ not in _VAGUE \
        and (o.tokens[0].pos_ not in {"VERB", "AUX", "PRON", "ADP"} or o.tokens[0].ent_type_ == "FOOD" or _names_kind(o.tokens[0])) \
        and o.tokens[0].lower_ not in _VAGUE


def _before_adjunct(read: ReadClause, o: Obj) -> Obj | None:
    """A long object cut before its first place or source phrase: "a flat white (from the place by my office)"."""
    cut = next((i for i, t in enumerate(o.tokens) if i and t.pos_ == "ADP" and t.lower_ not in _KEEP_ADP), None)
    if cut is None:
        return None
    tokens = o.tokens[:cut]
    return Obj(third_person(_text_of(read, tokens)), _type_of(tokens), tokens)


def _addressed(read: ReadClause) -> bool:
    """The clause is about the listener ("I have faith in you"), not a fact about the speaker; the
    "you" of a compound ("a thank-you card") names no one."""
    return any(t.lower_ in {"you", "your", "yours"} and not (t.i > 0 and t.doc[t.i - 1].text == "-") for t in read.tokens)


# -- rules -----------------------------------------------------------------------------------

Handler = Callable[[ReadClause, re.Match[str]], list[Draft] | None]


_RULES: list[tuple[re.Pattern[str], Handler]] = []


def rule(*patterns: str) -> Callable[[Handler], Handler]:
    """Register a handler for lemma-string patterns; rules are tried in registration order."""
    def register(handler: Handler) -> Handler:
        for pattern in patterns:
            _RULES.append((re.compile(pattern), handler))
        return handler
    return register


def _d(predicate: str, o: Obj | str, **kw: Any) -> Draft:
    if isinstance(o, Obj):
        return Draft(predicate=predicate, object=o.text, **{"object_type": o.type, **kw})
    return Draft(predicate=predicate, object=o, **kw)


@rule(r"^my (?:(?:main|big|biggest|number one|ultimate|next|new) )?(?:goal|dream|plan|aim|hope|wish|resolution) "
      r"(?:for [a-z ]+ )?be to (?P<o>.+)$")
def _goal(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "My goal is to improve my shooting percentage": a plan in other words."""
    tokens = read.span_tokens(*m.span("o"))
    if not tokens or len(tokens) > 12:
        return None
    phrase = third_person(_text_of(read, tokens)).rstrip(" .!")
    return [Draft(predicate="plans_to", object=phrase, phrase=phrase, flags={"plan"})]


@rule(r"^i 's (?:first |full )?name be (?P<o>.+)$")
def _relative_name(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "My sister's name is Maya", "my partner's name is Sam": the relative, named."""
    who = obj(read, m, entity=True)
    if read.relation is None or who is None or not who.tokens[0].text[:1].isupper():
        return None
    rel = read.relation[0]
    predicate = "married_to" if rel in SPOUSES else "partner" if rel in PARTNERS else f"has_{rel.replace(' ', '_')}"
    return [Draft(predicate=predicate, object=who.text, object_type=EntityType.person, flags={"relation"})]


@rule(r"^(?:i be call|i call me|i go by|my name be|i name be) (?P<o>.+)$")
def _name(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    return [_d("name", o, object_type=EntityType.person)] if o else None


# slots whose value is a thing named by a noun, never a bare judgement of it
_NAMED_BY_NOUN = frozenset({"job_title", "works_at", "lives_in", "comes_from", "current_project", "uses", "uses_os"})

_ATTRIBUTES = [
    (r"job|profession|occupation|role|job title|title|position", "job_title"),
    (r"age", "age"),
    (r"e - mail|email|e-mail|email address|e - mail address", "email"),
    (r"phone number|phone|mobile|mobile number|cell|cell number|number", "phone"),
    (r"birthday|date of birth|bday", "birthday"),
    (r"home address|address|street address", "address"),
    (r"current project|project|side project|startup|thesis|app", "current_project"),
    (r"os|operating system", "uses_os"),
    (r"laptop|computer|phone|machine", "uses"),
    (r"city|home|current city", "lives_in"),
    (r"hometown|home town", "comes_from"),
    (r"company|employer|workplace", "works_at"),
    (r"diet", "diet"),
    (r"(?:main |favou?rite |fave |big |biggest |new |latest )?(?:hobby|hobbies|passion|passions|pastime|pastimes)", "likes"),
]


_HOME_IS = re.compile(
    r"^(?:my |our )?(?:home|place|flat|house|apartment|pad|digs) be (?:now |still )?(?:a |an |the |my |our )?(?:[0-9a-z-]+ ){0,3}"
    r"(?:house|home|flat|apartment|place|condo|studio|cottage|bungalow|terrace|semi|houseboat|narrowboat|farmhouse|loft|"
    r"maisonette|barge|caravan|annex|annexe|room|bedsit|croft|cabin)"
    r"(?: (?:moor|park|base|locate|tuck away|set|nestle))?"
    r"(?: (?:above|over|behind|below|beside|by|next to|opposite|off|on|near) (?:a |an |the |my |our )?[a-z']+(?: [a-z']+){0,2}?)?"
    r" (?:in|near|outside|just outside|close to|of) (?P<o>.+)$")


@rule(_HOME_IS.pattern)
def _home_is(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "Home is a little flat in Leeds", "our place is a 1930s semi in Harrogate": the home said
    as the subject, the place named after its kind."""
    o = obj(read, m, entity=True)
    if o is None or o.tokens[0].pos_ != "PROPN" or read.flags & {"neg", "past", "plan", "will"}:
        return None
    return [_d("lives_in", o)]


@rule(r"^my (?P<attr>[a-z -]+?) be(?: (?:on |a |an )?(?P<o>.*))?$")
def _attribute(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    attr = re.sub(r"^(?:new|current|present|old|main|day) ", "", m["attr"])
    at = _AT.match(read.string, m.start("o")) if m["o"] and attr in {"job", "work", "office", "workplace"} else None
    if at is not None:  # "My new job is at the city library"
        employer = obj(read, at, entity=True)
        return [_d("works_at", employer)] if employer else None
    fav = re.match(r"^(?:favourite|favorite|fave|preferred|go - to|all - time favou?rite) (?P<cat>.+)$", attr)
    o = obj(read, m) if m["o"] else None
    if attr in {"favorite", "favourite", "fave", "absolute favorite", "absolute favourite"} and o is not None:
        return [_d("likes", o, memory_type=MemoryType.preference)]  # "My favorite is the banana split sundae"
    if fav:
        if o is None:
            return None
        category = {"color": "colour", "colors": "colour", "colours": "colour"}.get(fav["cat"], fav["cat"])
        if category in {"style", "look", "outfit", "aesthetic"}:
            return [_d("style_preference", o, memory_type=MemoryType.preference)]
        return [_d(f"preferred_{re.sub(r'[^a-z0-9]+', '_', category)}", o, memory_type=MemoryType.preference)]
    for names, predicate in _ATTRIBUTES:
        if re.fullmatch(names, attr):
            if predicate == "birthday" and read.times and (o is None or o.tokens[0].pos_ == "VERB"):
                # "My birthday's the 3rd of June, put it in your diary": the date, not the request after it
                return [_d("birthday", read.times[0].text.rstrip("."), flags={"timeless"})]
            if o is None or (predicate in _NAMED_BY_NOUN and (all(t.pos_ in {"ADJ", "ADV"} for t in o.tokens) or
                                                              o.tokens[0].pos_ == "AUX" or (
                                                                  o.tokens[0].pos_ == "VERB" and o.tokens[0].tag_ != "VBG"))):
                return None  # "My job is really stressful", "my city is lovely", "my job is being cut": how it is, not what it is
            if predicate == "uses" and attr == "phone" and re.search(r"\d{3}", o.text):
                predicate = "phone"
            if predicate == "likes":
                return [_d("likes", part, memory_type=MemoryType.preference) for part in _split(o, read)]
            if predicate == "uses_os" or predicate == "uses":
                predicate = "uses_os" if _is_os(o) else "uses"
            if predicate == "birthday":  # "Christmas Eve, worst birthday ever": the day, not the aside
                return [_d(predicate, o.text.split(",")[0].strip(), object_type=o.type)]
            return [_d(predicate, o)]
    return None


_AT = re.compile(r"(?:at|with|for) (?P<o>.+)$")


@rule(r"^i (?:have )?(?:be )?(?P<verb>move|relocate|settle|live|reside|be base|stay)(?: back| over| down)? (?:to|into|in|at) "
      r"(?:a |an |my |our |the )?(?:[a-z]+ ){0,2}(?:house|home|flat|apartment|place|condo|studio|cottage|town|village|suburb|"
      r"neighbourhood|neighborhood|part|room|bungalow|terrace|semi|houseboat|narrowboat|farmhouse|annex|annexe)"
      # "a little flat above a bakery in Frome": where the home sits, then the place
      r"(?: (?:above|over|behind|below|beside|by|next to|opposite|off|on|near) (?:a |an |the |my |our )?[a-z']+(?: [a-z']+){0,2}?)?"
      r" (?:in|near|outside|just outside|close to|of) (?P<o>.+)$")
def _home_in(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "We moved into our new place in Oakland", "we live in a small town outside Portland": the place named."""
    o = obj(read, m, entity=True)
    if o is None or o.tokens[0].pos_ != "PROPN":
        return None
    return [_d("lives_in", o, flags={"change"} if m["verb"] in {"move", "relocate", "settle"} else set())]


@rule(r"^i (?:have )?(?:be )?move in with (?P<who>.+?)(?: in (?P<o>.+))?$")
def _move_in_with(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I moved in with my girlfriend in Lisbon": a new home, shared."""
    o, who = obj(read, m, entity=True), obj(read, m, "who")
    drafts = [_d("lives_in", o, flags={"change"})] if o else []
    if who:
        drafts.append(_d("lives_with", who, flags={"change"}))
    return drafts or None


# where one moves that is no home: a way of working, a team, a thing used
_NO_HOMES = frozenset({"shift", "shifts", "nights", "team", "squad", "department", "role", "rota", "desk", "position", "job",
                       "project", "tariff", "contract", "plan", "version", "platform", "diet", "pattern", "schedule"})
# "moved up to Aberdeen", "moved back home to Ohio", "relocated out to Perth": a move, whatever its direction
_MOVE = r"(?:move|relocate|settle|emigrate)(?: back| over| down| up| out| away| across)?(?: home| abroad| south| north| east| west)?"


@rule(rf"^i (?:have )?(?:be )?{_MOVE} (?:to|into|in) (?P<o>.+?) from (?P<old>.+)$",
      rf"^i (?:have )?(?:be )?{_MOVE} (?:from (?P<old>.+?) )?(?:to|into|in) (?P<o>.+)$")


def _move(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o, old = obj(read, m, entity=True), obj(read, m, "old", entity=True)
    if o is None:
        return None
    if re.match(r"^i (?:have )?(?:be )?\S+ (?:up|out|away|across|home|abroad|south|north|east|west)\b", m[0]) \
            and o.type is not EntityType.place and o.tokens[0].pos_ != "PROPN":
        return None  # "moved out to the garden": a step somewhere, not a new home
    if o.head in _NO_HOMES and o.type is not EntityType.place:
        return None  # "moved to the night shift", "moved over to a standing desk": no home
    if _is_tech(o):
        return [_d("uses_os" if _is_os(o) else "uses", o, replaces=old.text if old else None, flags={"change"})]
    return [_d("lives_in", o, replaces=old.text if old else None, flags={"change"})]


# Idioms for a move or a new employer (rules_chatter drops them bare): read as the change only where they name
# where to ("upped sticks from Glasgow to Inverness", "jumped ship to Tern").
@rule(r"^i (?:have )?(?:be )?(?:up stick|pull up (?:stake|root))(?: and (?:move|head|go))?(?: from (?P<old>.+?))? "
      r"(?:to|for) (?P<o>.+)$")
def _move_idiom(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    if o is None or _is_tech(o):
        return None
    town = _IN_PLACE.match(read.string, m.start("o")) if o.tokens[0].pos_ != "PROPN" else None
    named = obj(read, town, entity=True) if town else None
    if named is not None and named.tokens[0].pos_ == "PROPN":  # "upped sticks to a village outside York"
        return [_d("lives_in", named, flags={"change"})]
    return _move(read, m)


_IN_PLACE = re.compile(r".*? (?:in|near|outside|just outside|close to) (?P<o>.+)$")


@rule(r"^i (?:have )?(?:be )?(?:jump ship|defect)(?: from (?P<old>.+?))? (?:to|for) (?P<o>.+)$")
def _jump_ship(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o, old = obj(read, m, entity=True), obj(read, m, "old", entity=True)
    return [_d("works_at", o, replaces=old.text if old else None, flags={"change"})] if o else None


@rule(r"^i (?:leave|quit|resign from) (?P<old>.+?) and (?:i )?(?:join|start at|start work at|start work for|move to|go to|go work for) (?P<o>.+)$")
def _leave_join(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o, old = obj(read, m, entity=True), obj(read, m, "old", entity=True)
    return [_d("works_at", o, replaces=old.text if old else None, flags={"change"})] if o else None


# Verbs that give a value up; said with the value taken instead, the two make one change.
_GIVE_UP = (r"give up|leave|quit|ditch|drop|dump|abandon|pack in|bin|kick|scrap|sell|get rid of|walk away from|move on from|"
            r"rip out|tear out|chuck|junk|get shot of")
# the second verb of "sold the Golf and bought an EV", "ripped out the boiler and put in a heat pump",
# "ditched the Kindle and went back to paper books": a thing taken in place of the one given up
_TAKEN_UP = re.compile(r"^i (?:have )?(?:buy|get|put in|install|fit|go back to|switch back to|return to|pick up) "
                       r"(?:(?:a|an|the|my|our|some) )?(?:new |proper |brand new |second - hand |secondhand )*(?P<o>.+)$")


# leaving a job for another is read with its reasons by rules_restate ("left Unilever for personal reasons")
@rule(rf"^i (?:have )?(?:just |finally |eventually )*(?!leave |quit )(?P<verb>{_GIVE_UP}) (?P<old>.+?) (?:for|in favour of|in favor of) (?P<o>.+)$")
def _given_up_for(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I gave up meat for a plant-based diet", "left Deloitte for a startup": the new value replaces the old."""
    o, old = obj(read, m, entity=True), obj(read, m, "old", entity=True)
    if o is None or old is None or o.lower in {"good", "now", "a while", "ever"}:
        return None  # "I gave up sugar for good", "quit for a while": no new value
    said = read.span_tokens(*m.span("o"))
    place = next((i for i, t in enumerate(said) if t.lower_ in {"at", "with"}), None)
    if place and _JOB_WORDS.search(o.lower) and (named := _cut(read, said[place + 1:], True)):  # "for a job at Lyft"
        return [_d("works_at", Obj(_text_of(read, named), _type_of(named), named), replaces=old.text, flags={"change"})]
    diet = next((w for w in re.split(r"[\s-]+", o.lower) if w in DIETS), None) if "plant" not in o.lower else "plant-based"
    if diet:
        return [_d("diet", diet, flags={"change"})]
    if _is_os(o):
        predicate = "uses_os"
    elif _is_tech(o) or _is_tech(old):
        predicate = "uses"
    elif EntityType.place in {o.type, old.type}:
        predicate = "lives_in"
    else:
        predicate = preference_predicate(o, "prefer")
    return [_d(predicate, o, replaces=old.text, flags={"change"})]


@rule(rf"^i (?:have )?(?:just |finally |eventually )*(?:{_GIVE_UP}) (?P<old>.+?) and (?:i )?(?P<rest>(?:have )?(?:go|move|switch|"
      r"change|jump|head|buy|get|rent|join|start|take|sign|pick|be|put|install|fit|return) .+)$")
def _given_up_and(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I ditched Chrome and went over to Firefox", "we sold the flat and bought a house in Leeds":
    the second verb is read on its own, and what it yields replaces what the first gave up."""
    old = obj(read, m, "old", entity=True)
    if old is None:
        return None
    string, offsets = read.string, read.offsets
    start = m.start("rest") - 2
    read.string, read.offsets = "i " + string[m.start("rest"):], [o - start for o in offsets]
    try:
        taken = (hit := _TAKEN_UP.match(read.string)) and obj(read, hit, entity=True)
        found = next((d for pattern, handler in _RULES if handler is not _given_up_and
                      and (hit := pattern.match(read.string)) and (d := handler(read, hit))), None)
    finally:
        read.string, read.offsets = string, offsets
    if taken and _held_thing(old) and _held_thing(taken) and (not found or all(
            d.memory_type is MemoryType.episodic or d.predicate is None for d in found)):
        # "sold the Golf and bought an EV": what is held now, in place of what was (not the buying, an event)
        predicate = "uses" if _is_tech(taken) or _is_tech(old) else "has"
        return [_d(predicate, taken, replaces=old.text, flags={"change"})]
    if not found:
        return None
    return [replace(d, replaces=d.replaces or old.text, flags=d.flags | {"change"})
            if d.predicate and d.operation is Operation.add and d.memory_type is not MemoryType.episodic else d
            for d in found]


def _held_thing(o: Obj) -> bool:
    """A thing one holds, uses or lives with (a car, a boiler, paper books), not a job, a person,
    a place or something eaten ("sold my bike and bought a coffee" replaces nothing)."""
    return _concrete(o, 4) and o.type not in {EntityType.person, EntityType.place} and not any(
        t.ent_type_ == "FOOD" for t in o.tokens) and o.head not in _WORKPLACES and not _JOB_WORDS.search(o.lower)


@rule(r"^i (?:have )?(?:be )?(?:join|start (?:(?:a|my|the) )?(?:new )?(?:(?:job|role|position|post|internship|gig|work) )?(?:at|with|for)|"
      r"(?:get|land|bag|score|snag) (?:(?:a|the) )?(?:new )?(?:job|hire|offer|position|role|internship) (?:at|with|by|from)|be hire by|"
      r"(?:end up )?take (?:(?:a|the) )?(?:new )?(?:job|offer|position|role|internship) (?:at|with)|"
      r"accept (?:a job|an offer|a position) (?:at|from|with)) (?P<o>.+)$")


def _join(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    if o is None:
        return None
    if o.head in _GROUPS:
        return [_d("member_of", o, object_type=EntityType.organization, flags={"change"})]  # "joined a book club"
    if not _JOB_WORDS.search(m[0]) and not _employer(o):
        return None  # "joined a new platform", "started with workshops": no job and no employer said
    return [_d("works_at", o, flags={"change"})]


_JOB_WORDS = re.compile(r"\b(?:job|role|position|post|internship|gig|work|hire|offer)\b")


def _employer(o: Obj) -> bool:
    """The object can be an employer: a name ("joined Figma"), an organisation, or a workplace noun."""
    return o.type is EntityType.organization or any(t.pos_ == "PROPN" or t.text[:1].isupper() for t in o.tokens) \
        or o.head in _WORKPLACES | _SCHOOLS


# groups one plays or performs in: "I'm in an orchestra", "in a string quartet"
_PLAYING_GROUPS = frozenset({"orchestra", "quartet", "quintet", "trio", "ensemble", "troupe", "squad", "crew", "side"})
_GROUPS = frozenset({"forum", "club", "gym", "group", "team", "band", "class", "community", "choir", "league", "church",
                     "temple", "mosque", "synagogue", "congregation", "organization", "organisation", "committee",
                     "course", "circle", "society", "association", "union", "party", "program", "programme"})


@rule(r"^i (?:have )?(?:be )?(?:work|start work|be employ|freelance|be hire|get hire|(?:be|get) take on|qualify|"
      r"(?:start|begin)(?: out| off)?|(?:start|get|take|land|accept) (?:a |my |the )?(?:new )?"
      r"(?:job|role|position|gig|career|post))(?: (?:night|weekend|day|evening|shift|part - time|full - time|remotely|"
      r"freelance|locum|mostly|mainly|now|still))* as (?P<o>.+)$")
def _work_as(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    drafts = _job(read, m)
    if drafts and _BEGUN.match(m[0]):  # "started as a nurse", "got hired as a developer": held from then on
        for d in drafts:
            d.flags.add("change")
    return drafts


_BEGUN = re.compile(r"^i (?:have )?(?:be )?(?:start|begin|get hire|be hire|(?:be|get) take on|qualify|land|accept|get) ")


@rule(r"^i (?:have )?(?:be )?(?:work|be employ|intern|freelance|consult|teach) (?P<prep>at|for|with|by|in) (?P<o>.+)$",
      r"^i (?:have )?(?:be )?work (?:(?:night|day|late|long|weekend|early|double|evening|the) )?(?:shift|hour|part - time|"
      r"full - time|remotely|freelance|nights|weekends|night|weekend) (?P<prep>at|for|with|in) (?P<o>.+)$",
      r"^i (?:have )?(?:be )?(?:teach|lecture|coach|tutor) [a-z -]+? (?P<prep>at) (?P<o>.+)$")


def _work_at(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    if o is None:
        return None
    if m["prep"] == "with":
        return [_d("uses", o)] if _is_tech(o) else [_d("works_with", o, flags={"generic"})]
    employer = _AT_NAME.match(read.string, m.start("o")) if m["prep"] == "in" else None
    named = obj(read, employer, entity=True) if employer else None
    if named is not None and named.tokens[0].pos_ == "PROPN":  # "I work in finance at HSBC": field and employer
        field = Obj(_text_of(read, [t for t in o.tokens if t.i < named.tokens[0].i - 1]), None,
                    [t for t in o.tokens if t.i < named.tokens[0].i - 1])
        return [_d("works_in", field), _d("works_at", named)] if field.tokens else [_d("works_at", named)]
    place = _place_after(read, o.tokens[-1]) if m["prep"] != "in" and not any(t.pos_ == "PROPN" for t in o.tokens) \
        else None
    if place is not None:  # "a garage in Boston": which garage, said by where it is
        o = Obj(_text_of(read, [*o.tokens, *[t for t in read.tokens if o.tokens[-1].i < t.i <= place.tokens[-1].i]]),
                o.type, [*o.tokens, *place.tokens])
    taught = _TAUGHT_AT.match(read.string)
    subject = obj(read, taught, "t") if taught else None
    return [_d("works_in" if m["prep"] == "in" else "works_at", o),
            *([_d(verb_3sg(taught["v"]), subject)] if taught and subject is not None else [])]  # "I teach yoga at a studio"


_TAUGHT_AT = re.compile(r"^i (?:have )?(?:be )?(?P<v>teach|lecture|coach|tutor) (?P<t>[a-z0-9 -]+?) at ")
_AT_NAME = re.compile(r".*? (?:at|for) (?P<o>.+)$")


@rule(r"^i (?:have )?(?:just )?(?:leave|quit|lose) (?:my |a )?(?:job|position|role|post|internship) (?:at|with) (?P<o>.+)$",
      r"^i (?:have )?(?:just )?(?:leave|quit|resign from|retire from|get fire from|be lay off from|be fire from|move out of|move away from) (?!for )(?P<o>.+)$")


def _leave(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    if o is None:
        return None
    if " quit " in f" {m[0]} " and o.type not in {EntityType.organization, EntityType.place} and not any(t.pos_ == "PROPN" for t in o.tokens) \
            and not re.search(r"\b(?:job|role|position|post|internship)\b", m[0]) \
            and o.head not in _GROUPS | _SCHOOLS | _WORKPLACES:
        return None  # "I quit crisps": a habit given up (_ended), not an employer
    if " leave " in f" {m[0]} " and _left_for_the_day(read, o):
        return None  # "I left the office early", "left my keys at home": a day's leaving, nothing held ends
    moved = re.search(r" move (?:out of|away from) ", f" {m[0]} ") is not None  # "I moved out of my parents' place"
    if moved and o.head in {"way", "road", "path", "sun", "shade", "rain", "lane", "spotlight", "picture", "room", "bedroom"}:
        return None  # "I moved out of the way": a step aside, no home left
    town = re.compile(r".*? in (?P<o>.+)$").match(read.string, m.start("o")) if moved else None
    named = obj(read, town, entity=True) if town else None
    if named is not None and named.tokens[0].pos_ == "PROPN":  # "I moved out of the flat in Hackney"
        o = named
    predicate = "lives_in" if o.type is EntityType.place or moved else "member_of" if o.head in _GROUPS else "works_at"
    return [_d(predicate, o, operation=Operation.end)]  # "I left the book club": a membership, not a job


# Said of a leaving that ends nothing: the hour or manner of it, or a thing left somewhere.
_DAY_LEAVE = re.compile(r"\b(?:early|earlier|late|later|on\s+time|behind|for\s+the\s+(?:day|night|weekend)|at\s+\d|at\s+(?:midnight|noon|midday|lunch(?:time)?|dawn|dusk|half\s+\w+)|"
                        r"at\s+(?:home|work)|in\s+the\s+(?:car|taxi|cab)|on\s+the\s+(?:bus|train|tube|plane|table|side))\b", re.I)
# Things carried and left somewhere, never an employer or a home.
_CARRIED = frozenset({"key", "keys", "phone", "wallet", "purse", "bag", "umbrella", "laptop", "charger", "coat", "jacket",
                      "glasses", "card", "passport", "light", "lights", "door", "oven", "car", "kid", "kids", "dog",
                      "note", "message", "voicemail", "tip", "review", "comment", "lunch", "book", "headphones"})


def _left_for_the_day(read: ReadClause, o: Obj) -> bool:
    """ "I left the office early today", "I left my keys at home": leaving that ends no job or home."""
    if o.head in _CARRIED:
        return True
    named = any(t.pos_ == "PROPN" for t in o.tokens)  # "I left Google early this year" ends the job all the same
    return not named and _DAY_LEAVE.search(read.text) is not None


# Prepositions that put a place around a thing ("a garage in Boston", "a terrace on the edge of Bristol").
_AROUND = frozenset({"in", "near", "outside", "on", "by", "just"})
_EDGES = frozenset({"edge", "edges", "outskirts", "side", "fringes", "heart", "centre", "center", "middle"})


def _place_after(read: ReadClause, head: Any) -> Obj | None:
    """The named place a common noun sits in or near, said after it ("the beach in San Diego", "a
    two-bed terrace on the edge of Bristol"): the parse hangs the place on the noun or on its verb."""
    core = {t.i for t in read.tokens}
    for prep in [c for c in (*head.children, *head.head.children) if c.dep_ == "prep" and c.i > head.i]:
        if prep.lower_ not in _AROUND:
            continue
        place = next((g for g in prep.children if g.dep_ == "pobj"), None)
        if place is not None and place.lemma_.lower() in _EDGES:
            of = next((g for g in place.children if g.dep_ == "prep" and g.lower_ == "of"), None)
            place = next((g for g in of.children if g.dep_ == "pobj"), None) if of is not None else None
        if place is None or place.pos_ != "PROPN" or place.i not in core:
            continue
        tokens = [t for t in place.subtree if t.i <= place.i and t.i in core and t.pos_ == "PROPN"]
        if tokens and tokens[-1] is place:
            return Obj(_text_of(read, tokens), EntityType.place, tokens)
    return None


# Homes one rents or owns ("a two-bed terrace", "a room", "a little cottage"); verbs of holding one.
_HOMES = frozenset({"flat", "apartment", "house", "home", "place", "condo", "studio", "cottage", "bungalow", "terrace",
                    "semi", "townhouse", "cabin", "loft", "room", "bedsit", "maisonette", "duplex", "farmhouse",
                    "houseboat", "caravan", "unit"})
_HOLDING_HOMES = frozenset({"rent", "share", "lease", "sublet"})  # one owned may be let or a second home
_AWAY_HOMES = frozenset({"holiday", "second", "summer", "weekend", "investment", "rental", "beach", "ski"})


def _home_held(read: ReadClause, matched: list[Draft]) -> list[Draft]:
    """ "We rent a two-bed terrace on the edge of Bristol": one lives where one's rented
    home is (the home itself is the rule's); nothing for a past, planned or denied home."""
    if read.flags & {"neg", "plan", "will", "past", "used_to", "end"} or any(d.predicate == "lives_in" for d in matched):
        return []
    verb = next((t for t in read.tokens if t.dep_ == "ROOT"), None)
    if verb is None or verb.lemma_.lower() not in _HOLDING_HOMES or verb.tag_ not in {"VBP", "VBZ", "VBG"}:
        return []
    home = next((c for c in verb.children if c.dep_ == "dobj" and c.lemma_.lower() in _HOMES
                 and not any(m.lower_ in _AWAY_HOMES for m in c.lefts)), None)  # "a holiday cottage": not home
    place = _place_after(read, home) if home is not None else None
    return [_d("lives_in", place)] if place is not None else []


# Accepting or signing one of these from a named employer is taking the job: "Accepted the offer from Siemens".
_TAKING = frozenset({"accept", "sign", "take"})
_JOB_PAPERS = frozenset({"offer", "contract", "job", "role", "position", "post", "internship", "placement"})


def _employer_taken(read: ReadClause, matched: list[Draft]) -> list[Draft]:
    """ "Signed the contract with Arup this morning", "I've accepted the position at Monzo": the
    employer the job was taken with (the deed itself is the rules'); nothing for an offer only had
    ("got an offer from Google") or one denied, planned or hedged."""
    if read.flags & {"neg", "plan", "will", "task", "hedge_strong", "hedge_mild"} \
            or any(d.predicate == "works_at" for d in matched):
        return []
    verb = next((t for t in read.tokens if t.dep_ == "ROOT" and t.lemma_.lower() in _TAKING), None)
    if verb is None:
        return []
    paper = next((c for c in verb.children if c.dep_ == "dobj" and c.lemma_.lower() in _JOB_PAPERS), None)
    if paper is None:
        return []
    for prep in (c for c in (*paper.children, *verb.children) if c.dep_ == "prep" and c.lower_ in {"from", "with", "at"}):
        named = next((g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "PROPN"), None)
        tokens = _cut(read, [t for t in named.subtree if t.i <= named.i], entity=True) if named is not None else []
        if tokens and named in tokens:
            # held from then on, as "started as a nurse" is: a past verb ends nothing here
            return [_d("works_at", Obj(_text_of(read, tokens), EntityType.organization, tokens), flags={"change"})]
    return []


@rule(r"^i (?:have )?(?:be )?(?:live|reside|be base|be locate|base|stay) (?:(?P<near>near|close to|closer to|next to)|"
      r"in|at|outside|out of|just outside) (?P<o>.+)$")
def _live(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    if m["near"] and o is not None and not any(t.pos_ == "PROPN" for t in o.tokens):
        # "I live near the beach in San Diego": the town is the home, the beach only by it
        town = re.search(r" in (?P<o>.+)$", m[0])
        o = obj(read, town, entity=True) if town else None
        if o is None:
            return None
    if o is not None and o.type is EntityType.organization and re.match(r"^i (?:have )?(?:be )?stay at ", m[0]):
        return [_d("works_at", o)]  # "I might stay at Accenture": an employer kept, not a home
    if o is not None and not any(t.pos_ == "PROPN" for t in o.tokens):
        o = _place_after(read, o.tokens[-1]) or o  # "in a flat on the edge of Leeds": the town is where one lives
    return [_d("lives_in", o)] if o else None


@rule(r"^i (?:have )?(?:be )?(?:now )?(?:out|over|up|down) in (?P<o>.+)$",
      r"^i (?:have )?(?:now )?(?:call|be call) (?P<o>.+?) (?:my |our |his |her |their )?home$")
def _placed(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "Lena is out in Vancouver", "Priya now calls Lisbon home": a home named, not a room or a
    step outside ("I'm out in the garden" names no town)."""
    o = obj(read, m, entity=True)
    if o is None or o.tokens[0].pos_ != "PROPN" or o.type not in {EntityType.place, None}:
        return None
    if _A_STAY.search(read.text) or any(s.kind.value != "present" for s in read.times):
        return None  # "I'm over in Dublin this week", "up in Aberdeen for the weekend": a visit
    return [_d("lives_in", o)]


_A_STAY = re.compile(r"for (?:the|a|an|\d+|a few|a couple|two|three|some) ", re.I)


@rule(r"^i (?:be (?:originally )?from|come from|grow up in|be bear in|bear in) (?P<o>.+)$")
def _origin(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    return [_d("comes_from", o)] if o else None


@rule(r"^i (?:be )?(?:bear|born)$")
def _born(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I was born in 1990" / "on 3 May 1990": the time phrase is the object."""
    span = read.times[0] if read.times else None
    if span is None or span.start is None or span.end is None:
        return None
    if span.end - span.start > timedelta(days=300):
        return [_d("birth_year", str(span.start.year), flags={"timeless"})]
    day = span.start.date().isoformat() if span.end - span.start <= timedelta(days=1) else span.text
    return [_d("birthday", day, flags={"timeless"})]


#: What one does, is in a year of, or is a student of: a course of study (lemmas as the clause string has them)
_DEGREES = (r"(?:phd|dphil|doctorate|master|masters|master 's|degree|bachelor 's|msc|ma|mba|mres|mphil|llm|pgce|bsc|ba|"
            r"beng|meng|diploma|apprenticeship|foundation degree|postgrad)")
_YEAR_OF = r"(?:first|second|third|fourth|fifth|final|last) (?:- )?year"
#: what a "... student" or "in my first year of ..." names that is no subject studied
_NOT_STUDIED = frozenset({"exchange", "international", "mature", "grad", "graduate", "postgrad", "postgraduate",
                          "undergrad", "undergraduate", "phd", "doctoral", "visiting", "former", "good", "bad", "poor",
                          "broke", "perpetual", "model", "star", "top", "new", "uni", "university", "college", "school",
                          "marriage", "retirement", "recovery", "sobriety", "business", "parenthood", "motherhood",
                          "fatherhood", "treatment", "remission", "work", "job", "contract", "lease", "trading"})
_SCHOOL_WORDS = frozenset({"school", "college", "degree", "course", "programme", "program", "uni", "university",
                           "studies", "training"})


@rule(rf"^i (?:be )?(?:do|study for|work towards|work on) (?:my|a|an|the) (?:[a-z' -]+? )?{_DEGREES} (?:in|on) "
      r"(?P<field>.+?)(?: (?:at|with) (?P<o>.+))?$",
      rf"^i be (?:a|an) (?:(?:{_YEAR_OF}|part - time|full - time|[a-z]+ - year) )?(?P<field>[a-z]+(?: [a-z]+)?) student"
      r"(?: (?:at|in) (?P<o>.+))?$",
      rf"^i be (?:both |all )?in (?:my|our) {_YEAR_OF} (?:of|at) (?:a |an |the |my |our )?(?P<field>.+?)"
      r"(?: (?:at|in) (?P<o>.+))?$")
def _studied(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "Currently doing my PhD in marine microbiology", "I'm a second-year history student at Leeds",
    "I'm in my final year of nursing school": the subject studied ("nursing" of "nursing school") and,
    when named, where ("at the Open University"); not a task, though said in the progressive, nor
    "an exchange student" or "my first year of marriage"."""
    field = obj(read, m, "field")
    if field is None:
        return None
    tokens = list(field.tokens)
    cut = next((i for i, t in enumerate(tokens) if t.is_punct or t.lower_ in {"in", "at", "with", "for", "from", "while"}
                or (i and t.i != tokens[i - 1].i + 1)), len(tokens))  # a word left out between: a comma, a time
    tokens = tokens[:cut]  # "marine microbiology in Kiel, year two of four": the field only
    while tokens and tokens[-1].lower_ in _SCHOOL_WORDS:
        tokens = tokens[:-1]  # "in my final year of nursing school": nursing
    if not tokens or tokens[0].lower_ in _NOT_STUDIED or any(t.pos_ in {"PRON", "VERB"} for t in tokens):
        return None
    drafts = [_d("studies", _text_of(read, tokens))]
    where = obj(read, m, entity=True) if "o" in m.re.groupindex else None
    if where is not None and where.type in {EntityType.organization, None} and where.tokens[0].pos_ == "PROPN":
        drafts.append(_d("studies_at", where, object_type=EntityType.organization))  # not "in Kiel": a town
    return drafts


@rule(r"^i (?:be )?(?:study|major in|do a (?:phd|masters|master 's|degree|bachelor 's) in) (?P<field>.+?) (?:at|in) (?P<o>.+)$")
def _study_field_at(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o, studied = obj(read, m, entity=True), obj(read, m, "field")
    if o is None or o.type not in {EntityType.organization, None} or o.tokens[0].pos_ != "PROPN":
        return None
    drafts = [_d("studies_at", o, object_type=EntityType.organization)]
    if studied:
        drafts.append(_d("studies", studied))
    return drafts


@rule(r"^i (?:have )?(?:just )?(?:get|be accept|be admit) (?:in)?to (?:a |an |the |my )?(?P<field>(?:[a-z' -]+? )?(?:program|programme|course|degree|school|phd|masters|master 's|mba|msc|ma|mres|mphil|llm|pgce|bsc|ba))"
      r" (?:at|in) (?P<o>.+)$")
def _admitted(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I got into the master's program at Edinburgh": where the speaker will study."""
    o = obj(read, m, entity=True)
    return [_d("studies_at", o, object_type=EntityType.organization, flags={"change"})] if o else None


@rule(r"^i (?:have )?(?:just )?(?:finally )?(?:buy|rent|get|find|move into|sign for) (?:a |an |my |our |the )?(?:own )?(?:new |first |little |small )?"
      r"(?:house|home|flat|apartment|place|condo|studio|cottage|townhouse|bungalow|terrace|loft)(?: [a-z]+)? in (?P<o>.+)$")
def _new_home(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "We bought a house in Leeds in January": a new home there from then on."""
    o = obj(read, m, entity=True)
    return [_d("lives_in", o, flags={"change"})] if o and o.tokens[0].pos_ == "PROPN" else None


@rule(r"^i (?:be )?(?:study|be (?:a|an) (?:[a-z' ]+ )?student|attend|go to (?:school|university|college|uni)|be enrol|enrol|be a (?:phd|grad|graduate) student) (?:at|in) (?P<o>.+)$",
      r"^i (?:attend|be enrol in|enrol in|enrol at) (?P<o>.+)$")


def _study_at(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    if o is None or (" attend " in f" {m[0]} " and o.tokens[0].pos_ != "PROPN" and o.head not in _SCHOOLS):
        return None  # "I attended a climate protest": an event, not a school
    return [_d("studies_at", o)]


_SCHOOLS = frozenset({"school", "university", "college", "uni", "academy", "institute", "seminary", "conservatory",
                      "polytechnic", "bootcamp"})


@rule(r"^i (?:have )?(?:be )?(?:now |currently |still )?(?:train|retrain|study|qualify|work|learn|apprentice|"
      r"go back to school|go back to uni) (?:up )?to (?:be|become) (?:a |an )(?P<o>.+)$")
def _training_for(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "My flatmate Jess is training to be a midwife", "I'm studying to become an architect":
    the trade worked toward, whoever's clause it is (the job itself is not held yet)."""
    o = obj(read, m)
    if o is not None:  # "a plumber after twenty years in retail": the trade, not when
        kept = list(itertools.takewhile(lambda t: t.pos_ != "ADP" or t.lower_ == "of", o.tokens))
        o = Obj(_text_of(read, kept), _type_of(kept), kept) if kept else None
    if o is None or o.tokens[-1].pos_ not in {"NOUN", "PROPN", "ADJ"} or read.flags & {"neg", "plan", "will", "past"}:
        return None  # the tagger reads a last "paramedic" as an adjective
    if any(t.tag_ in {"JJR", "JJS"} or t.lower_ in {"good", "better", "best", "great"} for t in o.tokens) \
            or re.search(r"\b(?:should|maybe|perhaps|might|lol|lmao|haha\w*|jk)\b", read.text, re.I) \
            or re.search(r"\btrained\b", read.text, re.I):
        return None  # "a better listener", "maybe I should train to be a plumber", "a Jedi lol", "I trained to be"
    if re.search(r"\b(?:learn|work|study) (?:up )?to\b", m[0]) and not _is_occupation(o):
        return None  # "learning to be a parent", "working to be an adult about this": no trade
    return [_d("training_to_be", o)]


@rule(r"^i (?:be )?(?:study|major in) (?P<o>.+)$")
def _study(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    return [_d("studies", o)] if o else None


@rule(r"^i (?:badly |really |always )?react (?:badly |really badly |strongly )?to (?P<o>.+)$")
def _reacts_to(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I react to ibuprofen", "I react badly to shellfish": an intolerance of a drug or a food,
    filed with allergies; "I reacted to the news" names neither."""
    o = obj(read, m)
    if o is None or not (_is_drug(o, read) or any(t.ent_type_ == "FOOD" for t in o.tokens)):
        return None
    return [_d("allergic_to", o)]


@rule(r"^i (?:be|get|become) (?:[a-z]+ )?allergic to (?P<o>.+)$", r"^i have (?:an? )?allergy to (?P<o>.+)$",
      r"^i have (?:an? )?(?:severe |mild |serious |bad |slight )?(?P<o>.+?) allergy$")


def _allergy(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    return [_d("allergic_to", part) for part in _split(o, read)] if o else None


@rule(r"^i (?:have )?(?:be )?(?:take|on|prescribe|start take|start on|use|put on) (?P<o>.+)$")
def _medication(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m, entity=True)
    if o is None or not _is_drug(o, read):
        return None
    return [_d("takes_medication", part) for part in _split(o, read)]


@rule(r"^i be (?P<o>\d{1,3})(?: year old| yrs old| year| yo)?(?: and .+)?$", r"^i (?:have )?(?:just )?turn (?P<o>\d{1,3})(?: and .+)?$",
      r"^my age be (?P<o>\d{1,3})$")


def _age(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    return [_d("age", m["o"], object_type=None)]


@rule(r"^i be (?:about |around |nearly |almost |just under |just over )?(?P<o>\d[\d.,]* ?(?:m|cm|ft|foot|feet|metre|meter)"
      r"(?: \d{1,2}(?: in| inch)?)?) tall$")
def _height(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm 1.65 m tall", "I'm 6ft 2 tall": the speaker's height, one value that a new one supersedes."""
    tokens = read.span_tokens(*m.span("o"))
    return [_d("quantity_height", _text_of(read, tokens), phrase="height", flags={"quantity"})] if tokens else None


# "single" said as a change: a partner held until now ends
_SINGLE_AGAIN = re.compile(r"\b(?:again|now|newly|officially|back\s+to\s+being)\b", re.I)


@rule(r"^i (?:be|get|getting|become) (?:happily |recently |newly |now )?(?P<state>married|marry|single|divorced|divorce|engaged|engage|widowed|widow|separated|separate)(?: to (?P<who>.+?))?"
      r"(?: with (?:a|an|one|two|three|four|five|six|\d+) (?:[a-z-]+ )?(?:kid|child|son|daughter|boy|girl|baby|twin|teenager|dog|cat)s?\b.*)?$",
      r"^i be (?P<state>in a relationship)(?: with (?P<who>.+))?$", r"^i (?:be )?(?P<state>date|see) (?P<who>.+)$")
def _relationship(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    if m["state"] in {"see", "date"} and (not any(t.tag_ == "VBG" for t in read.span_tokens(*m.span("state"))) or not any(
            t.pos_ == "PROPN" or t.lower_ in {"someone", "somebody", "guy", "girl", "man", "woman", "person"}
            for t in read.span_tokens(*m.span("who")))):
        return None  # "I'm seeing someone" is a relationship; "I saw Dr. Lee", "I'm seeing some progress" are not
    word = {"marry": "married", "divorce": "divorced", "engage": "engaged", "widow": "widowed",
            "separate": "separated"}.get(m["state"], m["state"])
    state = RELATIONSHIP_STATES.get(word, "in a relationship")
    event = re.match(r"^i (?:get|getting|become) ", m[0]) is not None  # "I got married": the state begins
    drafts = [_d("relationship_status", state, flags={"change"} if event else set())]
    if state == "single" and "neg" not in read.flags and _SINGLE_AGAIN.search(read.text):
        # "I'm single again", "newly single": whoever the partner was is not now
        drafts.append(Draft(predicate="partner", object="", operation=Operation.end, flags={"needs_object"}))
    who = obj(read, m, "who", entity=True)
    if who and who.lower not in {"someone", "somebody", "a guy", "a girl", "a man", "a woman", "someone new"}:
        if m["state"] in {"see", "date"} and read.flags & {"end", "stop"}:
            drafts = []  # "I stopped seeing Mark": Mark's record ends; the status is no second ending
        # "I got engaged to Priya": Priya is the partner from now on (a past "got" closes nothing)
        drafts.append(_d("married_to" if state == "married" else "partner", who, object_type=EntityType.person,
                         flags={"change"} if event else set()))
    return drafts


@rule(r"^i (?:have )?(?:just |finally |recently )?(?:marry|wed) (?P<who>.+)$")
def _married_whom(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I married Sam last June", "Tom married Ana": the slots "got married to" fills."""
    who = obj(read, m, "who", entity=True)
    if who is None or not any(t.pos_ == "PROPN" or t.lower_ in PARTNERS | SPOUSES for t in who.tokens):
        return None  # "married into money", "I'd marry pizza if I could"
    name = next((t for t in who.tokens if t.pos_ == "PROPN"), None)
    whom = Obj(text=name.text, type=EntityType.person, tokens=[name]) if name else who
    return [_d("relationship_status", "married", flags={"change"}),
            _d("married_to", whom, object_type=EntityType.person, flags={"change"})]


@rule(r"^i have (?:a |an )?(?P<rel>girlfriend|boyfriend|partner|wife|husband|fiance|fiancé|fiancée|fiancee)(?: (?:name|call) (?P<who>.+))?$")
def _has_partner(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    state = "married" if m["rel"] in SPOUSES else "in a relationship"
    drafts = [_d("relationship_status", state)]
    who = obj(read, m, "who", entity=True)
    if who:
        drafts.append(_d("married_to" if state == "married" else "partner", who, object_type=EntityType.person))
    return drafts


@rule(r"^i be (?:a |an )?(?:strict |lifelong |full )?(?P<o>vegetarian|vegan|pescatarian|keto|gluten - free|kosher|halal|teetotal|lactose intolerant|"
      r"plant - based?|dairy - free|flexitarian)(?: (?:since|from|ever|and|now|too|also|mostly) .+)?$",
      r"^i (?:eat|follow|keep) (?:a |an )?(?P<o>vegetarian|vegan|pescatarian|keto|gluten - free|kosher|halal|paleo) (?:diet|food)?$")
def _diet(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    word = re.sub(r"^plant-based?$", "plant-based", m["o"].replace(" - ", "-"))
    said = read.span_tokens(*m.span("o"))
    if said and "neg" in read.flags and all(t.i > said[-1].i for t in read.doc if t.dep_ == "neg"):
        read.flags.discard("neg")  # "I'm vegetarian now and don't miss meat": the denial is the next verb's
    return [_d("diet", word)] if word in DIETS or word == "paleo" else None


@rule(r"^i (?:have )?(?:be )?(?:on|do|follow|stick to|stick with) (?:a |an |the |this )?"
      r"(?P<o>(?:[a-z]+ (?:- [a-z]+ )?){0,3}diet)(?: .+)?$")
def _on_diet(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm on a strict low-sugar diet", "doing the keto diet at the moment": the diet kept."""
    o = obj(read, m)
    named = o is not None and o.text.lower().endswith(" diet") and "task" not in read.flags  # "should be on a diet"
    return [_d("diet", o)] if named and o is not None else None


@rule(r"^i (?:have )?(?:be )?(?:go|turn|become)(?: fully| full| completely| totally| properly| strictly)? (?:a |an )?"
      r"(?P<o>vegetarian|vegan|pescatarian|keto|gluten - free|teetotal|plant - based?|dairy - free|flexitarian)"
      r"(?: (?:after|because|since|when|during|once|in|at) .+)?$")  # why or when; "for a month" is a stretch, no diet
def _diet_taken(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "went vegan in January", "I've turned pescatarian": a diet taken up, from then on."""
    word = re.sub(r"^plant-based?$", "plant-based", m["o"].replace(" - ", "-"))
    return [_d("diet", word, flags={"change"})] if word in DIETS else None


@rule(r"^i (?:have )?(?:just )?(?:go|turn|become|switch to|move to)(?: fully| full| completely| totally| properly| officially)? "
      r"(?P<o>part - time|full - time|freelance|self - employ(?:ed)?|remote|hybrid|contract)"
      r"(?: (?:at|for|with|in|on|since|so|after|because|when|during) .+)?$")
def _work_pattern_taken(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I've gone part-time at the library", "went freelance", "gone fully remote since January":
    how the speaker works now, a change from then on."""
    if read.flags & {"neg", "plan", "will"}:
        return None
    return [_d("employment_status", re.sub(r"employ$", "employed", m["o"].replace(" - ", "-")), flags={"change"})]


@rule(r"^i (?:have )?(?:just )?(?:switch|change|migrate|convert|go over|move)(?: over| back| on)?(?: (?:my|our) (?:phone|laptop|computer|os|operating system|editor|team|company|office|stack|project|app|site|code|codebase|backend|frontend))? (?:from (?P<old>.+?) )?to (?P<o>.+)$")
@rule(r"^i (?:have )?(?:gradually |slowly |basically )?(?P<went>go) from (?P<old>.+?) to (?P<o>.+)$")
def _switch(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o, old = obj(read, m, entity=True), obj(read, m, "old", entity=True)
    if o is None:
        return None
    if m.groupdict().get("went") and (old is None or EntityType.place in {o.type, old.type} or not (_is_tech(o) or any(
            o.lower in members or o.head in members for members in PREFERENCE_CATEGORIES.values()))):
        return None  # "I went from Leeds to York": a journey; "I've gone from coffee to green tea": a switch
    if _is_os(o):
        predicate = "uses_os"
    elif _is_tech(o) or (old and _is_tech(old)) or o.lower in PROVIDERS or (old and old.lower in PROVIDERS):
        predicate = "uses"  # a device, a tool or a provider: "from Vodafone to Three"
    else:
        predicate = preference_predicate(o, "prefer")
    return [_d(predicate, o, replaces=old.text if old else None, flags={"change"})]


@rule(r"^i (?:have )?(?:just )?(?:trade in|swap|trade|replace|exchange|ditch|dump|drop) (?P<old>.+?) (?:for|with) (?P<o>.+)$")
def _swap(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I swapped my Windows laptop for a MacBook": the new thing replaces the old, named without
    what said it was worn out ("my battered old Corsa" is the Corsa the slot held)."""
    o, old = obj(read, m, entity=True), obj(read, m, "old")
    said = read.span_tokens(*m.span("old"))
    if o is None or (said and any(t.text in {",", ";"} for t in read.doc[said[0].i:said[-1].i + 1])):
        return None  # "dropped my class, couldn't keep up with the homework": "with" is another clause's
    predicate = "uses_os" if _is_os(o) else "uses" if _is_tech(o) or (old and _is_tech(old)) else "has"
    given_up = re.sub(rf"^(?:(?:{'|'.join(_WORN_OUT)})\s+)+", "", old.text, flags=re.I) if old else ""
    return [_d(predicate, o, replaces=given_up or (old.text if old else None), flags={"change"})]


# Words that say a thing given up was worn out, not which thing it was: "my old Honda", "the ancient Dell".
_WORN_OUT = ("old", "battered", "ancient", "trusty", "former", "previous", "knackered", "clapped-out", "beat-up",
             "beaten-up", "tired", "ageing", "aging", "creaky", "dodgy", "rusty", "faithful", "beloved")


@rule(r"^i be (?:now )?(?P<o>retired|retire|unemployed|self - employ(?:ed)?|self-employed|between jobs|a freelancer|freelance|"
      r"part - time|full - time)(?: now)?$")
def _employment(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    status = re.sub(r"employ$", "employed", m["o"].replace(" - ", "-").removeprefix("a "))
    return [_d("employment_status", "retired" if status == "retire" else status)]


@rule(r"^my (?:main|primary|first|favourite|favorite|go - to|daily|usual|preferred) (?:programming |coding )?language "
      r"be (?P<o>.+)$")
def _main_language(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "My main language is Kotlin": one slot with "I mainly write Kotlin" ("Java is my main
    language" is read by ``_OBJECT_USED``)."""
    o = obj(read, m, entity=True)
    if o is None or o.lower not in PROGRAMMING_LANGUAGES:
        return None
    return [_d("uses", o)]


_COULD_USE = re.compile(r"\b(?:could|can|would)\s+(?:really\s+|definitely\s+|totally\s+)?use\b", re.I)


@rule(r"^i (?:have )?(?:be )?(?P<verb>use|run|be on|code in|program in|develop in|write in|write|daily drive|work with) (?P<o>.+)$")
def _use(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    if _COULD_USE.search(read.text):
        return None  # "I could use some recommendations": a request, not a tool in use
    o = obj(read, m, entity=True)
    if o is not None and m["verb"] == "write" and o.lower not in PROGRAMMING_LANGUAGES:
        return None  # "I write poems"; "I mainly write Java" is a language used
    if o is None or (m["verb"] not in {"use", "code in", "program in", "develop in"} and not _is_tech(o)):
        return None  # "I ran a charity race", "I'm on a diet"
    if _is_os(o):
        return [_d("uses_os", o)]
    return [_d("uses", part) for part in _split(o, read)]


@rule(r"^i (?:have )?(?:be )?(?P<verb>build|develop|create|make|write|design|code|work on|hack on|prototype|launch|start|put together) (?P<o>.+)$")
def _project(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    if o is None:
        return None
    verb_tokens = read.span_tokens(*m.span("verb"))
    progressive = any(t.tag_ == "VBG" for t in verb_tokens)
    project_like = o.head in PROJECT_NOUNS or any(w in PROJECT_NOUNS for w in o.lower.split()) or o.type in {
        EntityType.product, EntityType.organization}
    if not _concrete(o, 8) or o.head in {"family", "life", "home", "future", "relationship", "career", "community"}:
        return None  # "build my own family": no project
    if not project_like and all(t.tag_ == "VBD" for t in verb_tokens):
        return None  # "we built a birdhouse": a deed done (rules_events), not a project under way
    if m["verb"] in {"build", "develop", "work on", "hack on", "prototype"} or (progressive and project_like) or (
            m["verb"] in {"start", "launch", "create"} and project_like):
        begun = {"change"} if m["verb"] in {"start", "launch"} else set()  # "I started a blog last week": open since
        return [_d("current_project", o, flags={"project"} | begun)]
    return None


# Verbs that only carry the thing preferred ("rather have a cup of tea", "rather grab a pint").
_LIGHT_HAVING = frozenset({"have", "get", "grab", "eat", "drink"})


@rule(r"^i (?:would|will) (?:always )?(?:choose|pick|take) (?P<o>.+?) (?:over|to|rather than|instead of) (?P<other>.+)$",
      r"^i (?:always |usually |generally )?(?:choose|pick|take|go for) (?P<o>.+?) (?:over|rather than|instead of) (?P<other>.+)$",
      r"^i (?:now |much |far |definitely |generally |usually |always |really |still )*(?:prefer|favour|favor|would (?:much |far )?rather|lean towards?|go for|be more into|be now into) (?P<o>.+?)(?: (?:over|to|rather than|instead of|than) (?P<other>.+))?$")
def _prefer(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    if o is None or (" go for " in f" {m[0]} " and read.flags & {"past", "plan", "will"}):
        return None  # "I went for a stroll": something done, not a preference
    if len(o.tokens) > 1 and o.tokens[0].lemma_ in _LIGHT_HAVING and o.tokens[1].pos_ in {"DET", "NOUN", "ADJ", "PROPN"}:
        rest = o.tokens[1:]  # "I'd much rather have a cup of tea than wine": the thing had
        o = Obj(_text_of(read, rest), _type_of(rest), rest)
    if len(o.tokens) == 1 and o.tokens[0].tag_ == "VB":
        return None  # "I'd rather not dwell on it", "I'd rather climb over strangers": a wish of the moment, no thing
    predicate = preference_predicate(o, "prefer")
    return [_d(predicate, o, memory_type=MemoryType.preference)]


_CLAUSE_OPENERS = frozenset({"how", "what", "when", "where", "why", "who", "that", "them", "it", "this", "those",
                             "these", "him", "her", "you", "us", "whatever", "which"})
_LIKE = (r"like|love|enjoy|adore|dig|be into|be (?:a )?(?:big |huge |massive |great |total )?fan of|be fond of|be passionate about|"
         r"be crazy about|be obsess with|be keen on|be (?:a )?(?:big |huge )?lover of|be addict to|be hook on|fall in love with|"
         r"be a sucker for|be partial to|be (?:really )?into|get (?:really )?into|can get enough of|"
         # "I'm super into RPGs", "I'm a total sucker for landscapes", "completely hooked on Japanese music"
         r"be (?:(?:super|so|well|totally|completely|massively|seriously|properly|absolutely|proper) )?(?:into|hook(?:ed)? on)|"
         r"be a (?:total|complete|real|huge|massive|big) sucker for|"
         # "my sister is mad about sunsets", "Mum had a real passion for cooking": the taste of whoever is the subject
         r"be (?:(?:so|totally|completely|absolutely) )?(?:mad|nuts|potty) about|be besotted with|"
         r"have (?:a |an )?(?:huge |real |big |great |genuine |lifelong |deep )?passion for")


@rule(rf"^i (?:kind of |absolutely |totally |really |quite |rather |pretty |sort of |do )?(?:{_LIKE}) (?P<o>.+)$")
def _like(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    if o is None or any(t.lower_ == "dug" for t in read.tokens):
        return None  # "I dug a pond": digging done, not a taste
    if _specific(read, m) and not any(t.lower_ == "always" for t in read.doc):
        return None  # "I love the color and texture (of what you made)": about a thing, not a taste
    if " get enough of " in f" {m[0]} ":
        if "neg" not in read.flags:
            return None
        read.flags.discard("neg")  # "I can't get enough of true crime podcasts"
    elif " get " in f" {m[0]} " and o.head in _SCHOOLS:
        return [_d("studies_at", o, object_type=EntityType.organization)]  # "got into Edinburgh uni": a place won
    elif " get " in f" {m[0]} " and (any(t.lower_ == "got" for t in read.tokens) or read.flags & {"plan", "will"}):
        return None  # "got into an accident": something that happened, not a taste
    compound = len(o.tokens) > 1 and o.tokens[1].pos_ == "NOUN"  # "fly fishing": "fly" tagged as a verb
    if o.tokens[0].lower_ in _CLAUSE_OPENERS or o.tokens[0].pos_ == "ADP" or (o.tokens[0].tag_ == "VB" and not compound) or (
            len(o.tokens) == 1 and o.tokens[0].tag_ == "VBG" and o.tokens[0].lemma_ in _LIGHT):
        return None  # "I love how you find inspiration", "Love to have you there", "love having them around", "dig through"
    predicate = preference_predicate(o, "like")
    denied = "neg" in read.flags and not read.flags & {"end", "used_to", "stop"} and predicate == "likes"
    if denied:
        read.flags.discard("neg")
        predicate = "dislikes"
    parts = [o] if predicate == "style_preference" else _split(o, read)
    return [_d(predicate, p, memory_type=MemoryType.preference) for p in parts]


@rule(r"^i be (?:a |an )?(?:(?:big|huge|massive|lifelong|die - hard|diehard|proper|mad|total|loyal|long - suffering) )?"
      r"(?P<o>[a-z][a-z .&-]*?) (?:fan|supporter)(?: .*)?$")
def _named_fan(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm a Leeds fan", "my colleague Ben is a massive Arsenal fan": the team, band or show named
    before "fan" is a taste ("a football fan" names no one: the general rules read it)."""
    o = obj(read, m, entity=True)
    if o is None or not all(t.pos_ == "PROPN" or t.text[:1].isupper() for t in o.tokens):
        return None
    return [_d("likes", o, memory_type=MemoryType.preference)]


# Adjectives that judge or compare the speaker ("a different person", "a better person"), not a kind.
_CHANGED_SELF = frozenset({"different", "better", "worse", "new", "changed", "good", "bad", "whole", "other", "same",
                           "happier", "stronger", "calmer", "nicer", "kind", "nice", "terrible", "horrible", "lucky"})


@rule(r"^i be (?:much |definitely |totally |such |really |more |more of |definitely more of |much more of )*(?:a |an )"
      r"(?P<o>[a-z]+ person)(?: than .+)?(?: now| these day| nowadays)?$")
def _kind_of_person(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm more of a dog person than a cat person", "I'm a morning person": the kind, whole
    (a morning person does not like mornings as such)."""
    o = obj(read, m)
    if o is None or o.tokens[0].pos_ not in {"NOUN", "PROPN", "ADJ"} or o.tokens[0].lower_ in _CHANGED_SELF:
        return None  # "I'm a different person now" says nothing of a kind
    return [_d("is_a", o, memory_type=MemoryType.preference)]


@rule(r"^i (?:hate|dislike|detest|loathe|be not a fan of|be sick of|be tired of|avoid|can not stand|can not bear) (?P<o>.+)$",
      r"^i can (?:stand|bear) (?P<o>.+)$")


def _dislike(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    if m[0].startswith("i can ") and "neg" not in read.flags:
        return None
    read.flags.discard("neg")
    o = obj(read, m)
    return [_d("dislikes", p, memory_type=MemoryType.preference) for p in _split(o, read)] if o else None


@rule(r"^i be (?:busy|swamped|tie up|tied up|occupied|stick|stuck|deal) with (?P<o>.+)$")
def _busy(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm busy with the quarterly audit": task context when a period bounds it."""
    o = obj(read, m)
    return [_d("busy_with", o, flags={"generic"})] if o else None


@rule(r"^i (?:have )?(?:just )?(?:leave|quit|resign|retire)$")
def _left(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I left last month": the job the conversation was about ends (said of the past only)."""
    if not read.tokens or read.tokens[0].tag_ not in {"VBD", "VBN"}:
        return None
    job = Draft(predicate="works_at", object="", operation=Operation.end, flags={"needs_object"})
    return [job, _d("employment_status", "retired")] if read.tokens[0].lemma_ == "retire" else [job]


@rule(r"^i (?:be )?(?P<verb>(?:done|do) with|finish with|through with) (?P<o>.+)$",
      r"^i (?:have )?(?:just )?(?P<verb>give up on|give up|drop out of|break up with|split up with|split from|get rid of|ditch|dump|"
      r"unsubscribe from|come off|go off|get off|be off|stop go to|sell|cancel|delete|close down|close|shut down|shut|"
      r"wind up|wind down|wound up|wound down|retire|drop) (?P<o>.+)$",
      # "gave away the piano", "deactivated my Facebook", "wrapped up the podcast": the same endings in other words
      r"^i (?:have )?(?:just |finally |officially |eventually )?(?P<verb>"
      + "|".join(sorted(ENDING_SYNONYMS, key=len, reverse=True)) + r") (?P<o>.+)$",
      # "I've pretty much quit soda", "I packed in the choir", "we stopped the veg box"
      r"^i (?:have )?(?:pretty much |finally |officially |just |completely |basically )?"
      r"(?P<verb>quit|pack in|jack in|knock off|call time on|stop) (?P<o>.+)$")
def _ended(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm done with Twitter", "I gave up coffee", "I sold my car": what held no longer does."""
    o = obj(read, m, entity=True) if m["verb"] in {"break up with", "split up with", "split from"} else obj(read, m)
    verb = ENDING_SYNONYMS.get(m["verb"], _CLOSING.get(m["verb"], m["verb"]))
    run = _business_run(read, o) if verb == "close" and o is not None else None
    if run is not None:
        if _FOR_THE_DAY.search(read.text):
            return None  # "I closed the shop at 6 tonight": a day's closing, nothing given up
        o = run  # "closed my yoga studio downtown", "wound up the consultancy at the end of the year": the business
    if o is not None and o.tokens[0].tag_ == "VBG" and len(o.tokens) > 1:  # "given up on learning French"
        o = Obj(o.text, _type_of(o.tokens[1:]), o.tokens)
    elif o is None or not _concrete(o, 6):
        return None
    o = _before_aside(read, _before_when(o))  # "dropped out of the MBA programme after the first term": the programme
    if verb == "sell":  # "donated my old clothes to charity", "gave back the car to the lease company": the thing
        cut = next((i for i, t in enumerate(o.tokens) if i > 0 and t.lower_ in {"to", "on", "for"}
                    and o.tokens[i - 1].lower_ not in {"key", "keys"}), len(o.tokens))  # "the keys to the allotment": whole
        if 0 < cut < len(o.tokens):
            o = Obj(_text_of(read, o.tokens[:cut]), _type_of(o.tokens[:cut]), o.tokens[:cut])
    if m["verb"] in ENDING_SYNONYMS and (o.head in _BODY or (m["verb"] in {"outgrow", "grow out of"} and o.head in _WORN)):
        return None  # "parted with my hair", "outgrew my shoes": a cut or a size, nothing given up
    if m["verb"] in ENDING_SYNONYMS and o.head in _JOBS and m["o"].split()[0] in {"the", "that", "this", "a"}:
        return None  # "walked away from the job": a piece of work, not where the speaker works
    if verb in {"done with", "do with", "finish with", "through with", "give up on"} and (
            o.head in _FINISHED_WORK or (verb != "give up on" and _FOR_THE_DAY.search(read.text))):
        return None  # "done with the report", "gave up on the crossword": a piece of work finished or dropped, nothing held
    if verb == "quit" and o.head in _PROGRAMS:
        return None  # "I quit the app and restarted it": a program closed
    thing = _head_before_adjunct(o)
    if (verb == "sell" and thing in _NOT_FOR_SALE) or (verb == "cancel" and thing in _ONE_OFFS):
        return None  # "sold the idea to my boss", "cancelled my order": no thing held ends
    owned = read.span_tokens(*m.span("o"))[:1]
    service = (verb == "cancel" and (all(t.text[:1].isupper() for t in o.tokens) or o.type in {
        EntityType.organization, EntityType.product})) or (verb in {"cancel", "delete", "close"} and _is_tech(o))
    # "cancelled Netflix", "deleted my instagram": a subscription, an account
    if verb == "retire" and (o.head in _JOBS or o.type is EntityType.organization):
        return None  # "retired from the fire service" is read as leaving an employer (_leave)
    if verb in {"sell", "cancel", "delete", "close", "retire"} and not (owned and (owned[0].lower_ in {"my", "our"} or (owned[0].lower_ == "the" and not any(
            t.tag_ in {"JJS", "RBS"} or t.lower_ in {"most", "first", "last"} for t in o.tokens)))) and not service:
        return None  # "I sold 10 paintings": a sale, not an ending
    if run is None and verb in {"cancel", "delete", "close"} and o.tokens[-1].lower_ not in _HELD_THINGS and not service:
        return None  # "I cancelled my plans for tonight", "I closed the window"
    if verb in {"quit", "pack in", "jack in", "knock off", "call time on", "stop", "drop"}:
        read.flags.discard("neg")  # "I've quit soda, haven't had one since": the ending, not a denial
    if verb == "stop" and o.head not in _HELD_THINGS | {"delivery", "box", "order", "donation", "payment"}:
        return None  # "I stopped the car": an act, not a thing given up
    if verb == "drop" and o.head not in _GROUPS | _COURSES | _HELD_THINGS | _PLAYED | _LESSONS and o.tokens[0].tag_ != "VBG":
        return None  # "I dropped my phone", "dropped the ball": a fall, not a thing given up
    if verb in {"come off", "go off", "get off", "be off"}:
        return [_d("takes_medication", o, operation=Operation.end)] if _is_drug(o, read) else None
    ended = _ended_slot(read, o, verb)
    if m["verb"] in ENDING_SYNONYMS and (o.head in _FINISHED_WORK or (verb != "give up" and ended[0].predicate == "likes")):
        return None  # "pulled out of the marathon", "handed back the essay": a commitment or a task, nothing held
    return ended


@rule(r"^i (?:have )?(?:just |finally |officially )?(?:finish |be )?(?:pay off|pay back|clear|settle) (?P<o>.+)$")
def _paid_off(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "We paid off the mortgage", "finished paying off my student loan", "cleared my overdraft":
    a debt ends; paying off a builder or clearing a table ends nothing held."""
    o = obj(read, m)
    if o is None or read.flags & {"neg", "plan", "will", "task"}:
        return None
    o = _before_when(o)
    head = next((i for i, t in enumerate(o.tokens) if t.pos_ in {"ADP", "PUNCT"}), len(o.tokens))
    at = max((i for i, t in enumerate(o.tokens[:head]) if t.lower_ in _DEBTS), default=None)  # "credit card debt" whole
    if at is None:
        return None  # "paid off the builder": no debt named
    debt = _cut_after(read, o, at)
    return [_d("has", debt, operation=Operation.end)] if debt is not None else None


# What one owes and can pay off: its paying off ends it.
_DEBTS = frozenset({"loan", "loans", "mortgage", "debt", "debts", "overdraft", "arrears", "finance", "balance", "bill",
                    "bills", "credit", "tab", "lease"})


@rule(r"^i (?:have )?(?:just |finally |officially )?(?:step down|stand down) (?:as|from) (?:the |a |an |my )?(?P<o>.+)$")
def _stepped_down(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I stepped down as treasurer of the allotment society": the post ends (its title)."""
    o = obj(read, m)
    o = _before_when(o) if o is not None else None  # "captain of the Sunday league team after six seasons"
    if o is None or not _concrete(o, 8):
        return None
    if m[0].split(" down ", 1)[1].startswith("from") and o.head in _GROUPS:  # "from the committee": the membership
        return [_d("member_of", o, operation=Operation.end)]
    post = re.split(r"\s+(?:of|at|for|in|on|after|before|when|because)\s+", _before_when(o).text, maxsplit=1)[0]
    return [_d("job_title", post, operation=Operation.end)]


@rule(r"^i (?:be|get|have be|have get) (?:just |finally )?(?:let go|lay off|laid off|make redundant|made redundant|fire|sack)"
      r"(?: (?:from|at|by) (?P<o>.+))?$")
def _let_go(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I was let go from my job", "got laid off at Acme": the job ends (the employer when named)."""
    if "neg" in read.flags:
        return None
    o = obj(read, m, entity=True) if m["o"] else None
    if o is not None and o.head not in _JOBS and _concrete(o, 4):
        return [_d("works_at", o, operation=Operation.end, object_type=EntityType.organization)]
    if o is not None and (job := _JOB_AT.match(o.text)):
        return [_d("works_at", job["org"], operation=Operation.end, object_type=EntityType.organization)]
    return [Draft(predicate="works_at", object="", operation=Operation.end, flags={"needs_object", "whoever"})]


@rule(r"^i (?:have )?(?:just |finally |officially )?(?:hand in|turn in|put in|give in|give|submit|hand) (?:my|our) "
      r"(?:[a-z0-9'-]+ ){0,3}?(?:notice|resignation)(?: (?:at|to|with) (?P<o>.+))?$")
def _gave_notice(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "Handed in my notice at the bakery", "turned in my two weeks' notice": the job ends, the
    employer named when "at" names one other than "work"."""
    o = obj(read, m, entity=True) if m["o"] else None
    if o is not None and o.lower not in {"work", "the office", "the job"} and _concrete(o, 4):
        return [_d("works_at", o, operation=Operation.end, object_type=EntityType.organization)]
    return [Draft(predicate="works_at", object="", operation=Operation.end, flags={"needs_object", "whoever"})]


@rule(r"^i (?:have )?(?:just )?lose (?P<o>(?:my |our )?(?:[a-z-]+ )?(?:job|position|role|post|gig|internship)\b.*)$")
def _lost_job(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I lost my job last month", "lost my teaching job at Ashfield": a job ended, not a thing mislaid."""
    o = obj(read, m)
    return _ended_slot(read, _before_when(o), "quit") if o is not None and "neg" not in read.flags else None


def _ended_slot(read: ReadClause, o: Obj, verb: str) -> list[Draft]:
    """The end of what ``o`` names, in the slot it is held in (employer, school, group, thing, liking)."""
    job = _JOB_AT.match(o.text)
    if job and verb not in {"sell", "cancel", "delete", "close"}:  # "quit my job at Deloitte": the employer
        return [_d("works_at", job["org"], operation=Operation.end, object_type=EntityType.organization)]
    if verb in {"break up with", "split up with", "split from"}:
        predicate = "partner"
    elif o.head in _JOBS and verb not in {"sell", "cancel", "delete", "close"}:
        predicate = "works_at"  # "packed in my IT job"
    elif o.head in _COURSES and verb in {"drop out of", "quit", "give up", "give up on", "pack in", "drop"}:
        predicate = "studies_at"  # "dropped out of my PhD"
    elif _is_drug(o, read):
        predicate = "takes_medication"
    elif o.type is EntityType.place:
        predicate = "lives_in"
    elif _is_tech(o) or o.type is EntityType.organization:
        predicate = "uses_os" if _is_os(o) else "uses"
    elif o.head in _SCHOOLS:
        predicate = "studies_at"
    elif o.head in _GROUPS:
        predicate = "member_of"
    elif verb in {"sell", "cancel", "get rid of", "delete", "close", "stop", "retire", "pay off"}:
        predicate = "has"  # "retired the old Corolla", "paid off the mortgage": no longer had
    elif verb in {"give up", "give up on", "drop out of", "drop"} and o.head in _PLAYED:
        predicate = "plays"  # "I gave up on piano": the playing ends, not a liking
    else:
        predicate = "likes"
    return [_d(predicate, o, operation=Operation.end)]


# "The book club is over", "our engagement's off", "Netflix is gone", "my contract has run out":
# a held thing said to have ended, the thing as the subject.
_OVER = re.compile(r"^(?P<o>.+?) (?:(?:be|'s|have|have be) (?:now |finally |officially |well and truly |all |just |long |"
                   r"pretty much |sadly )?(?:" + "|".join(OVER_STATES) + r")|"
                   # "our book club ended", "my book group wrapped up for good", "the band split up"
                   r"(?:finally |officially |just |sadly |eventually )?(?:" + "|".join(OVER_VERBS) + r"))"
                   r"(?: for good| now| in the end)?$")
# How a kept thing goes for good (not "finished" or "done", which a built or mended one is too)
_GONE = re.compile(r" (?:go|sell|scrap|close|shut|fold|wind up|close down|shut down|disband|end|fizzle out|peter out)$")
# A couple said to be over, the couple named only as "us" or by the partner's name or pronoun.
_OVER_US = re.compile(r"^(?:(?:it|thing|thing be|it be) )?(?:be )?(?:now |finally |officially |all |well and truly )?"
                      r"(?:over|finish|done) (?:between we|between me and [a-z]+|with (?:him|her|them|[a-z]+))$")
# A union named with the partner and said to have ended: "my relationship with Carla fell apart".
_UNION_WITH = re.compile(r"^(?:my|our) (?:marriage|relationship|engagement|romance|fling|thing) (?:to|with) (?P<o>[a-z][\w'-]*"
                         r"(?: [a-z][\w'-]*)?) (?:have |have be |be )?(?:now |finally |officially |all )?"
                         r"(?:end|over|off|finish|fall apart|break down|fizzle out|collapse|be over|be off)(?: .*)?$")
# What a couple had: its end ends the partner.
_UNIONS = frozenset({"engagement", "marriage", "relationship", "romance", "fling", "thing"})


def _said_over(read: ReadClause) -> list[Draft] | None:
    """What ``_OVER`` names, when it is something held (a group, a membership, a job, a course, a
    named service, a relationship); "the film is over", "my coffee is finished" end nothing held."""
    if _OVER_US.match(read.string) and "neg" not in read.flags:  # "it's over between us", "things are over with Sam"
        return [Draft(predicate="partner", object="", operation=Operation.end, flags={"needs_object"})]
    union = _UNION_WITH.match(read.string)
    partner = obj(read, union, entity=True) if union and "neg" not in read.flags else None
    if partner is not None and partner.tokens[0].pos_ == "PROPN":  # "My marriage to Tomasz ended in divorce"
        return [_d("partner", partner, operation=Operation.end, object_type=EntityType.person)]
    m = _OVER.match(read.string)
    if m is None:
        return None
    o = obj(read, m)
    if o is None or not _concrete(o, 5) or "neg" in read.flags:
        return None
    first = m["o"].split()[0]
    if o.head in _UNIONS and first in {"my", "our"}:
        return [Draft(predicate="partner", object="", operation=Operation.end, flags={"needs_object"})]
    named = all(t.pos_ == "PROPN" for t in o.tokens) and o.type in {EntityType.organization, EntityType.product, None}
    held = o.head in (_GROUPS - {"party", "class"}) | _HELD_THINGS | _JOBS | _COURSES  # "the party's over" is an evening
    kept = o.head in KEPT_THINGS and _GONE.search(read.string, m.end("o")) is not None
    # a thing run ("the shop closed down") may be anyone's: only "my"/"our" one is the speaker's
    own = {"my", "our"} if o.head in _RUN_THINGS else {"my", "our", "the", "that"}
    if not (named or (held and first in {"my", "our", "the"}) or (kept and first in own)):
        return None  # "that old kit is long gone": the one spoken of; "my guitar is finished": built, not gone
    after = [t for t in read.tokens if t.i > o.tokens[-1].i]
    if read.flags & {"will", "plan"} or any(t.tag_ == "VBG" or (t.tag_ in {"VBZ", "VBP"} and t.lemma_ not in {"be", "have"})
                                           for t in after) or any(
            s.start is not None and s.start > read.reference for s in read.times):
        return None  # "my shop is closing down next month", "my contract runs out in March": still to come
    o = Obj(re.sub(r"^(?:my|our|the|that)\s+", "", o.text, flags=re.I), o.type, o.tokens)
    # "my contract is done": had; "the boat's gone": owned no more
    return _ended_slot(read, o, "cancel" if o.head in _HELD_THINGS else "sell" if o.head in KEPT_THINGS else "give up")


# Kept things one runs, which may as well be someone else's when said with "the"
_RUN_THINGS = frozenset({"shop", "business", "stall", "podcast", "channel", "blog", "newsletter"})


# What grows or is worn: outgrowing or parting with it gives nothing up
_BODY = frozenset({"hair", "beard", "moustache", "mustache", "nail", "nails", "tooth", "teeth", "fringe", "curl", "curls",
                   "dreadlock", "dreadlocks", "dreads", "braid", "braids", "tonsil", "tonsils", "appendix"})
_WORN = frozenset({"shoe", "shoes", "jean", "jeans", "clothes", "clothe", "clothing", "trouser", "trousers", "pant", "pants",
                   "shirt", "dress", "coat", "jacket", "uniform", "boot", "boots", "trainer", "trainers", "sock", "socks",
                   "top", "jumper", "sweater", "onesie", "pram", "cot", "buggy", "pushchair", "bike", "size", "car seat",
                   "highchair", "crib", "stroller", "bra", "skirt", "shorts", "wardrobe"})


# What a held job or course is called; "my job at X" ends working at X.
_JOBS = frozenset({"job", "career", "position", "role", "post", "internship", "placement", "apprenticeship", "gig"})
_COURSES = frozenset({"programme", "program", "course", "degree", "mba", "phd", "masters", "master", "diploma",
                      "doctorate", "bootcamp", "training"})
_JOB_AT = re.compile(r"^(?:[\w-]+\s+){0,2}?(?:job|position|role|post|internship|placement)\s+(?:at|with|for)\s+"
                     r"(?:the\s+)?(?P<org>\S.*)$", re.I)
# Where an ended thing's noun phrase stops: a time clause after it.
_WHEN_TAIL = re.compile(r"\s+(?:after|before|when|because|since|following|during|once)\b.*$", re.I)


def _before_when(o: Obj) -> Obj:
    """``o`` without a trailing time clause ("the MBA programme after the first term")."""
    cut = _WHEN_TAIL.sub("", o.text)
    if cut == o.text or not cut:
        return o
    tokens = [t for t in o.tokens if t.idx - o.tokens[0].idx < len(cut)]
    return Obj(cut, o.type, tokens or o.tokens)


def _before_aside(read: ReadClause, o: Obj) -> Obj:
    """``o`` cut before an aside that says why or from where ("takeaways to save money", "sugar from
    my coffee", "energy drinks, three weeks clean"): what was given up is the thing, not the reason."""
    tokens = o.tokens
    cut = next((i for i, t in enumerate(tokens) if i and (
        # the reader drops punctuation; a hyphen inside a word ("dog-walking") is none
        any(p.text in _ASIDE_MARKS and (p.text != "-" or p.whitespace_) for p in read.doc[tokens[i - 1].i + 1:t.i + 1])
        or (t.lower_ in _ASIDES and t.pos_ in {"ADP", "SCONJ"})
        or (t.lower_ == "to" and i + 1 < len(tokens) and tokens[i + 1].tag_ == "VB"))), None)
    if cut is None:
        return o
    kept = tokens[:cut]
    return Obj(third_person(_text_of(read, kept)), _type_of(kept), kept)


# Words that open a reason or a source after a thing given up.
_ASIDES = frozenset({"from", "for", "because", "since", "as", "due", "so"})
_ASIDE_MARKS = frozenset({",", ";", "-", "\u2013", "\u2014", "(", ":"})


# Instruments and games one plays: giving one up ends the playing.
_PLAYED = frozenset({"piano", "guitar", "violin", "cello", "drums", "bass", "flute", "clarinet", "saxophone", "sax",
                     "trumpet", "trombone", "ukulele", "harp", "keyboard", "banjo", "oboe", "viola", "chess",
                     "tennis", "football", "soccer", "rugby", "cricket", "golf", "basketball", "hockey", "netball",
                     "squash", "badminton", "volleyball", "baseball", "poker", "bridge", "darts", "snooker"})


# What one takes and can drop, besides a course or a group: "dropped my Tuesday lessons".
_LESSONS = frozenset({"lesson", "lessons", "classes", "module", "modules", "subject", "shift", "shifts", "hours"})


# Ways of saying "close" of a business or an account ("shut down the bakery", "wound up the consultancy").
_CLOSING = {"close down": "close", "shut down": "close", "shut": "close", "wind up": "close", "wind down": "close",
            "wound up": "close", "wound down": "close"}  # the lemmatizer leaves "wound" as it is
# What one runs and can close for good: closing one ends it ("closed my yoga studio"); closing a
# window, a deal or a tab ends nothing held.
_BUSINESSES = frozenset({"shop", "store", "business", "studio", "cafe", "café", "restaurant", "bakery", "salon", "practice",
                         "company", "firm", "consultancy", "stall", "bar", "pub", "gallery", "clinic", "agency", "startup",
                         "blog", "channel", "website", "boutique", "nursery", "surgery", "workshop", "brewery", "deli",
                         "takeaway", "franchise", "venue", "gym", "school", "charity", "label", "podcast", "newsletter"})
# Pieces of work and meals one is "done with" when they are finished, not given up.
_FINISHED_WORK = frozenset({"report", "essay", "homework", "assignment", "exam", "exams", "test", "tests", "dinner", "lunch",
                            "breakfast", "meal", "tea", "washing", "laundry", "dishes", "ironing", "cleaning", "shopping",
                            "email", "emails", "paperwork", "chore", "chores", "shift", "meeting", "call", "draft",
                            "chapter", "slide", "slides", "presentation", "revision", "coursework", "dissertation",
                            "thesis", "interview", "workout", "run", "day", "week", "today", "tonight", "it", "that",
                            "season", "series", "episode", "book", "film", "movie", "crossword", "puzzle", "sudoku",
                            "wordle", "level", "jigsaw", "quiz"})


def _head_before_adjunct(o: Obj) -> str:
    """The lemma of ``o``'s last noun before its first preposition ("the idea to my boss" -> idea)."""
    cut = next((i for i, t in enumerate(o.tokens) if i and t.pos_ == "ADP"), len(o.tokens))
    nouns = [t for t in o.tokens[:cut] if t.pos_ in {"NOUN", "PROPN"}]
    return (nouns[-1] if nouns else o.tokens[0]).lemma_.lower()


# Programs one quits and reopens: quitting one is closing it.
_PROGRAMS = frozenset({"app", "program", "browser", "tab", "window", "game", "session", "installer", "update"})
# What is "sold" in a figure of speech: an idea sold to someone is argued for, not given up.
_NOT_FOR_SALE = frozenset({"idea", "concept", "pitch", "plan", "story", "dream", "vision", "proposal", "lie"})
# What one cancels once: an order or a booking, not a thing held over time.
_ONE_OFFS = frozenset({"order", "booking", "reservation", "appointment", "flight", "trip", "meeting", "date",
                       "table", "ticket", "tickets", "holiday", "party", "call", "delivery", "session", "class", "lesson"})
# A closing said of one day or hour, not for good.
_FOR_THE_DAY = re.compile(r"\b(?:early|late|tonight|today|at\s+\d|for\s+(?:the\s+)?(?:day|night|evening|lunch|weekend|"
                          r"holidays?|christmas|bank\s+holiday)|for\s+an?\s+(?:hour|week)|for\s+refurb\w*)\b", re.I)


def _business_run(read: ReadClause, o: Obj) -> Obj | None:
    """``o`` cut after the business it names ("my yoga studio downtown" -> "yoga studio"), or None
    when it names none."""
    at = next((i for i, t in enumerate(o.tokens) if t.lower_ in _BUSINESSES and t.pos_ in {"NOUN", "PROPN"}), None)
    if at is None:
        return None
    return _cut_after(read, o, at)


def _cut_after(read: ReadClause, o: Obj, at: int) -> Obj | None:
    """``o`` up to its token ``at``, without articles and possessives ("my student loan" -> "student
    loan"), or None when nothing is left."""
    tokens = [t for t in o.tokens[:at + 1] if t.lower_ not in _LEADING and t.tag_ != "PRP$"]
    return Obj(_text_of(read, tokens), _type_of(tokens), tokens) if tokens else None


# What a cancellation ends: "my Netflix subscription", "the gym membership".
_HELD_THINGS = frozenset({"subscription", "membership", "account", "contract", "lease", "insurance", "policy",
                          "plan", "pass", "tenancy"})


@rule(r"^i be with (?P<o>.+)$")
def _with_partner(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm not with Jake anymore": a partner, said only when it ends; "with the bank for years": an employer."""
    o = obj(read, m, entity=True)
    if o is not None and (o.type is EntityType.organization or o.head in _WORKPLACES) and "end" not in read.flags and any(
            s.kind in (TimeKind.since, TimeKind.duration) and s.start and s.start <= read.reference - _SETTLED
            for s in read.times):
        return [_d("works_at", o)]  # "I've been with the council for six years": an employer
    if o is None or "end" not in read.flags or not all(t.pos_ == "PROPN" for t in o.tokens):
        return None
    return [_d("partner", o, object_type=EntityType.person)]


# Last words of a provider's name: "I'm with Octopus Energy now", "with Sky Broadband".
_PROVIDERS = frozenset({"energy", "bank", "mobile", "broadband", "insurance", "telecom", "power", "gas", "water",
                        "fibre", "fiber", "health"})


@rule(r"^i be (?:now )?(?P<prep>at|with|on) (?P<o>.+)$")
def _where_now(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm still at Ocado", "I'm with Monzo now", "I'm on Apple Music now",
    "I'm on the payments squad now": where the speaker works, banks or belongs, said as the
    present state ("now" or "still"); a place one merely is at ("at the pub") stays unread."""
    if not ("now" in read.flags or any(t.lower_ in {"now", "still"} for t in read.doc)) or read.flags & {"end", "neg"}:
        return None
    o = obj(read, m, entity=True)
    # a provider the tagger reads as a verb ("with Starling") is still a firm's name
    if o is None or not (_concrete(o, 4) or o.lower in PROVIDERS) or o.type is EntityType.place or _is_drug(o, read):
        return None
    named = all(t.text[:1].isupper() or t.lower_ in {"the", "of", "&"} for t in o.tokens)
    if m["prep"] == "on" and o.head in _GROUPS | {"squad", "crew", "board", "panel", "rota", "desk"}:
        return [_d("member_of", o, object_type=EntityType.organization)]
    if m["prep"] == "at" and named and any(t.lower_ in {"still", "days", "nowadays"} for t in read.doc):
        # "I'm still at Ocado", "these days I'm at Atos": an employer; "I'm at Heathrow now" is where one is
        return [_d("works_at", o, object_type=EntityType.organization)]
    if m["prep"] in {"with", "on"} and (_is_tech(o) or o.type in {EntityType.organization, EntityType.product}
                                        or (named and (m["prep"] == "on" or o.head in _PROVIDERS))):
        return [_d("uses", o)]  # a provider or a service one is with now
    return None


@rule(r"^i be (?:a |an )?(?:proud |paid - up |paying |active |founding )?member(?:s)? of (?P<o>.+)$")
def _member(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    return [_d("member_of", o, object_type=EntityType.organization)] if o else None


@rule(r"^i (?:go|be go) to (?P<o>.+)$")
def _went_regularly(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I stopped going to the gym", "I used to go to church", "stopped going to choir": a habit that ended."""
    if not read.flags & {"end", "stop", "used_to"}:
        return None
    o = obj(read, m, entity=True) or obj(read, m)
    o = o if o is not None and _concrete(o, 4) else _place_gone_to(read, m)
    if o is None or o.lower in _NO_HAUNTS:
        return None
    return [_d("member_of" if o.head in _GROUPS else "goes_to", o)]


# Where everyone goes, daily: going there less is a routine changed, no place given up ("going to bed so late").
_NO_HAUNTS = frozenset({"bed", "sleep", "the loo", "the toilet", "the bathroom", "the shops", "the shop", "town"})


def _place_gone_to(read: ReadClause, m: re.Match[str]) -> Obj | None:
    """What "going to" names when the tagger reads it as a verb after "to" ("going to choir",
    "going to spin class", "going to Slimming World"): words ending in a group word, or a
    capitalised name, up to a preposition or a comma."""
    tokens: list[Any] = []
    for tok in read.span_tokens(*m.span("o")):
        if tok.pos_ in {"ADP", "PUNCT", "CCONJ", "SCONJ"} or tok.lower_ in _STOP_WORDS or (tokens and tok.i != tokens[-1].i + 1):
            break
        tokens.append(tok)
    if not tokens or len(tokens) > 3:
        return None
    named = all(t.text[:1].isupper() for t in tokens) and tokens[0].i > 0
    if not named and tokens[-1].lower_ not in _GROUPS:
        return None
    return Obj(_text_of(read, tokens), _type_of(tokens), tokens)


@rule(r"^i (?:be )?do (?P<o>.+)$")
def _pursuit_ended(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I stopped doing freelance work", "I don't do parkrun any more": a pursuit that ended."""
    o = obj(read, m)
    if o is None or not read.flags & {"end", "stop"} or not _concrete(o, 4) or o.head in _CHORES:
        return None
    read.flags.discard("neg")
    return [_d("activity", o, operation=Operation.end)]


# Things one does that are chores or acts, not pursuits: "I stopped doing the dishes".
_CHORES = frozenset({"dishes", "dish", "washing", "laundry", "shopping", "cleaning", "ironing", "hoovering", "cooking", "homework",
                     "thing", "things", "job", "work", "that", "it", "this", "stuff", "much", "anything"})


@rule(r"^i (?:have )?(?:be )?(?P<verb>make|learn) (?P<o>.+)$")
def _pastime(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I make jewellery", "I'm learning Icelandic": a pastime or a language, said of the present
    (a habit or something under way); "I made a cake" is a deed, "I make mistakes" no pastime."""
    verb = next((t for t in read.tokens if t.lemma_ == m["verb"]), None)
    if verb is None or verb.tag_ not in {"VBP", "VBZ", "VBG"} or read.flags & {"plan", "will", "task", "end", "stop"}:
        return None
    o = obj(read, m)
    if o is None or len(o.tokens) > 3 or read.span_tokens(*m.span("o"))[0].pos_ in {"DET", "PRON", "NUM"}:
        return None
    if m["verb"] == "learn":  # a language or a subject, named ("Icelandic" is tagged an adjective)
        return [_d("learns", o)] if all(t.text[:1].isupper() and t.is_alpha for t in o.tokens) else None
    if not _concrete(o, 3) or any(t.lower_ in _NOT_PASTIMES for t in o.tokens) or o.tokens[-1].pos_ != "NOUN":
        return None
    return [_d("makes", o)]


# What one "makes" that is no pastime: "I make mistakes", "I make friends easily", "make sure".
_NOT_PASTIMES = frozenset({"mistake", "mistakes", "friend", "friends", "money", "sense", "time", "plan", "plans",
                           "excuse", "excuses", "decision", "decisions", "noise", "progress", "effort", "point",
                           "choice", "choices", "changes", "change", "difference", "mess", "fun", "sure", "use",
                           "dinner", "lunch", "breakfast", "tea", "coffee", "bed", "room", "call", "calls", "living"})


@rule(r"^i be to (?P<o>.+)$")
def _been_to(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I've (never) been to Japan": a place visited, not an identity."""
    if not any(t.lower_ == "been" for t in read.tokens):
        return None
    o = obj(read, m, entity=True)
    return [_d("visited", o, object_type=EntityType.place)] if o and _concrete(o, 4) else None


@rule(r"^i (?:be fluent in|speak|be a native speaker of|be bilingual in) (?P<o>.+)$")
def _speaks(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    if o is None:
        return None
    return [_d("speaks", Obj(p.text.removeprefix("fluent ").removeprefix("Fluent "), p.type, p.tokens))
            for p in _split(o, read) if p.tokens[-1].pos_ == "PROPN" or p.text[:1].isupper()]


@rule(r"^i (?:be|be now|be still|be currently) (?:in|at) (?P<o>[a-z][a-z ]*)$")
def _be_in(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "Nope, I'm in Grenoble": where the speaker lives when a place is named (the slot comes
    from what it corrects when no list knows the place)."""
    o = obj(read, m, entity=True)
    if o is not None and o.lower in _DEPARTMENTS and " in " in f"{m[0][:m.start('o')]}":
        return [_d("works_in", o)]  # "I'm in Sales now"
    if o is not None and o.head in _GROUPS | _PLAYING_GROUPS and " in " in m[0][:m.start("o")] \
            and not read.flags & {"plan", "will", "past", "used_to"} and not ("end" in read.flags and o.lower == "class"):
        return [_d("member_of", o, object_type=EntityType.organization)]  # "I'm in a band", "in a five-a-side team"
    if o is not None and o.type is EntityType.place and o.tokens[0].text[:1].isupper():
        return [_d("lives_in", o)]  # a place the lexicon knows, though the tagger took it for a noun ("in Lyon")
    # "I'm still in Cardiff" said without a stop: the tagger reads the name as a common noun
    still = any(t.lower_ == "still" for t in read.doc)
    if o is None or not all(t.pos_ == "PROPN" or (still and t.pos_ == "NOUN" and t.text[:1].isupper() and t.i > 0)
                            for t in o.tokens):
        return None
    if read.flags & {"denial", "correction"}:
        return [Draft(predicate=None, object=o.text, object_type=o.type)]
    # "I'm in Tucson!", "we're in Brighton now"; not "I'm in Tucson for a conference" (a stay)
    tail = m["o"].strip()[len(o.lower):].split() if m["o"].strip().startswith(o.lower) else ["?"]
    if o.type is None and m[0][:m.start("o")].endswith(" in ") and not read.flags & {"plan", "will", "past"} \
            and all(s.kind is TimeKind.present for s in read.times) and not any(t.like_num for t in o.tokens) \
            and (set(tail) <= _NOW_WORDS or _comma_after(read, o) or _said_alone(read, o)
                 or (still and _KEPT_ON.match(" ".join(tail)) is not None)):  # "I'm in Izmir, still teaching"
        return [_d("lives_in", o, object_type=EntityType.place)]
    return None


# how long one stays on where one still is: "I'm stuck in Slough for another year at least"
_KEPT_ON = re.compile(r"for (?:another|a few more|a couple more|some more|now|the foreseeable|the time being)\b")
_NOW_WORDS = frozenset({"now", "currently", "still", "right", "at", "the", "moment", "these", "days", "nowadays"})


def _said_alone(read: ReadClause, o: Obj) -> bool:
    """The object ends its clause but for words of "now": "I'm in Stirling now and it's quieter",
    "we're in Margate now, sea air"; not "in Tucson for a conference" (a stay)."""
    doc = read.doc
    after = o.tokens[-1].i + 1
    while after < len(doc) and doc[after].lower_ in _NOW_WORDS:
        after += 1
    return after >= len(doc) or doc[after].is_punct or (
        doc[after].lower_ in {"and", "but", "so"} and after + 1 < len(doc)
        and doc[after + 1].lower_ in {"it", "it's", "i", "i'm", "we", "we're", "the", "life", "things", "everything"})


def _comma_after(read: ReadClause, o: Obj) -> bool:
    """The object is followed by a comma: what comes after it is a clause of its own."""
    after = o.tokens[-1].i + 1
    return after < len(read.doc) and read.doc[after].text == ","


@rule(r"^i be about (?P<o>.+)$")
def _all_about(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm all about techno": a taste ("all" is lifted as a filler; "I'm about to" is a plan)."""
    o = obj(read, m)
    if o is None or not re.search(r"\ball\s+about\b", read.text, re.I) or any(t.like_num for t in o.tokens):
        return None
    return [_d("likes", o, memory_type=MemoryType.preference)]  # "drum and bass" is one taste


_DEPARTMENTS = frozenset({"sales", "marketing", "finance", "hr", "it", "engineering", "accounts", "accounting",
                          "operations", "ops", "legal", "support", "admin", "management", "design", "product",
                          "research", "r&d", "procurement", "compliance", "logistics", "recruitment", "pr"})


@rule(r"^i (?:have )?(?:just )?(?:finally )?(?P<verb>become|(?:be|get|got) (?:promote|bump up|bump|upgrade) to|be make|"
      r"qualify as|qualified as) (?:a |an |the )?(?P<o>.+)$")
def _became(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I became a team lead in December", "got promoted to head of logistics": a new title from then
    on (a promotion's is a title whatever the lists know); "I've become a vegetarian" is a diet."""
    o = obj(read, m)
    if o is None:
        return None
    if o.lower in DIETS:
        return [_d("diet", o.lower, flags={"change"})]
    given = m["verb"] in {"be make", "qualify as", "qualified as"}
    if given:  # "been made partner at her firm", "qualified as a pilot with Ryanair": the title, not where
        cut = next((i for i, t in enumerate(o.tokens) if t.pos_ == "ADP" and i > 0), len(o.tokens))
        o = Obj(_text_of(read, o.tokens[:cut]), o.type, o.tokens[:cut])
    # "been made partner", "qualified as a midwife": a title given, whatever the lists know ("made redundant" is none)
    promoted = (" to" in m["verb"] or given) and o.tokens[-1].pos_ in {"NOUN", "PROPN"} \
        and not re.search(r"\b(?:the|a|an|my) ", o.text if given else m["o"])  # "bumped up to the front of the queue": no title
    return [_d("job_title", o, flags={"change"})] if promoted or _is_occupation(o) else None


# Words after a changed value that begin when or why, not the value ("to Jones after the divorce")
_AFTER_VALUE = frozenset({"after", "before", "when", "since", "because", "following", "during", "once", "in", "on",
                          "at", "last", "this", "next", "yesterday", "today", "recently", ","})


@rule(r"^i (?:have )?(?:just )?(?:change|switch|update) my (?P<attr>[a-z ]+?)(?: back)?(?: from (?P<old>.+?))? to (?P<o>.+)$")
def _changed_attribute(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I changed my major to biology": the attribute's slot, changed."""
    o = obj(read, m)
    attr = m["attr"]
    predicate = {"major": "studies", "subject": "studies", "name": "name", "surname": "name"}.get(attr) or next(
        (slot for names, slot in _ATTRIBUTES if re.fullmatch(names, attr)), None)
    if o is None or predicate is None or predicate == "likes" or re.search(r"\bones?$", m["o"]):
        return None  # "changed my number back to the old one": which value, it does not say
    if re.match(r"(?:my|our|his|her|their|your)\b|(?:silent|vibrate|loud|normal|default|original)\b", m["o"]):
        return None  # "changed my name back to my maiden name", "switched my phone back to silent": no value named
    cut = next((i for i, t in enumerate(o.tokens) if i > 0 and t.lower_ in _AFTER_VALUE), len(o.tokens))
    if cut < len(o.tokens):  # "changed my surname back to Jones after the divorce": the name
        o = Obj(_text_of(read, o.tokens[:cut]), o.type, o.tokens[:cut])
    old = obj(read, m, "old") if m["old"] else None
    return [_d(predicate, o, replaces=old.text if old else None, flags={"change"})]


@rule(r"^i (?:have )?be (?:still )?at (?P<o>.+)$")
def _be_at(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I've been at Siemens for five years": an employer; "I'm at the gym" is not. A name no
    list knows is an employer when the speaker leaves it ("I'm no longer at Barclays") or the
    assistant asks ("Are you still at Monzo?")."""
    o = obj(read, m, entity=True)
    if o is None:
        return None
    named = all(t.pos_ == "PROPN" for t in o.tokens) and o.type in {None, EntityType.organization}
    # "I've been at Atlassian since 2019", "I'm at Ocado now rather than Tesco": an employer; "at
    # Heathrow now", "at Wembley for two hours" is where one is
    rest = [t.lower_ for t in read.tokens if t.i > o.tokens[-1].i][:1]
    lasting = ("now" in read.flags and rest in (["instead"], ["rather"])) or any(
        s.kind in (TimeKind.since, TimeKind.duration) and s.start and s.start <= read.reference - _SETTLED
        for s in read.times)
    # "Nice, I'm still at the brewery" (after another's new job): where the speaker still works
    kept_on = any(t.lower_ == "still" for t in read.doc) and _STILL_EMPLOYER.search(o.lower) is not None
    return [_d("works_at", o)] if o.type is EntityType.organization or (named and lasting) or kept_on or (
        (named or o.head in _WORKPLACES) and ("end" in read.flags or read.speaker != "user")) else None


# Common nouns that name an employer when the speaker leaves one ("I'm no longer at the bank").
_WORKPLACES = frozenset({"bank", "council", "firm", "agency", "hospital", "practice", "startup", "company", "factory",
                         "warehouse", "office", "shop", "store", "restaurant", "hotel", "paper", "newspaper", "ministry",
                         "charity", "school", "university", "library", "garage", "surgery", "clinic", "nursery"})
# Workplaces one is "still at" only as a job (not "still at the hospital/office/school", where one may
# just be): "I'm still at the warehouse", "still stuck at the call centre"
_STILL_EMPLOYERS = (_WORKPLACES - {"hospital", "office", "school", "university", "library", "shop", "store",
                                    "restaurant", "hotel"}) | {
    "brewery", "bakery", "distillery", "call centre", "call center", "depot", "plant", "mill", "lab", "laboratory",
    "museum", "care home", "consultancy", "salon", "studio"}
_STILL_EMPLOYER = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(_STILL_EMPLOYERS, key=len, reverse=True))) + r")$")


# What one is booked in for: a dated appointment is a plan for that day, not a state or a chore.
_APPOINTMENTS = frozenset({"appointment", "haircut", "checkup", "check", "scan", "operation", "surgery", "interview",
                           "consultation", "jab", "vaccination", "booster", "mot", "service", "smear", "filling",
                           "fitting", "viewing", "hearing", "procedure", "physio", "massage", "x - ray", "mri", "test"})


@rule(r"^i be (?:off|away) (?:to|on) (?P<o>.+)$")
def _off_to(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm off to Boston next month", "we're off on a cruise in May": a trip at that time; with no
    time to come ("I'm off to bed") nothing."""
    o = obj(read, m)
    ahead = next((s for s in read.times if s.kind is TimeKind.point and s.start and s.start > read.reference), None)
    if o is None or ahead is None or "neg" in read.flags:
        return None
    phrase = f"go {'on' if m[0].split()[3] == 'on' else 'to'} {o.text}"
    return [Draft(predicate="plans_to", object=o.text, phrase=phrase, flags={"plan", "appointment"},
                  plan_time=ahead.start)]


@rule(r"^i (?:have |have get |get |got |be book in for |be book for |be booked in for |be schedule for |be due )"
      r"(?:a |an |my |the |our )?(?P<o>[a-z' -]+)$",
      r"^my (?P<o>[a-z' -]+?) be (?:book|booked|schedule|set|arrange|pencil in|due) ?(?:in )?(?:for)?$")
def _appointment(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm booked in for a haircut on Friday", "dentist appointment next Tuesday": a plan on that
    day. The day is read forward: a booking names a day to come, though "booked" is past."""
    o = obj(read, m)
    if o is None or o.head not in _APPOINTMENTS or "neg" in read.flags:
        return None
    ahead = next((s for s in find_times(read.text, read.reference, "future") if s.kind is TimeKind.point and s.start
                  and s.end and s.end > read.reference), None)
    if ahead is None:
        return None  # "I have a dentist appointment" with no day: the chore rules read it
    phrase = f"have {'an' if o.text[:1].lower() in 'aeio' else 'a'} {o.text}"
    return [Draft(predicate="plans_to", object=phrase, phrase=phrase, flags={"plan", "appointment"},
                  plan_time=ahead.start)]


@rule(r"^i (?:have )?be (?:still )?on (?:the |a |our )(?P<o>.+)$")
def _on_group(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm on the residents' committee", "no longer on the team": membership of a group."""
    o = obj(read, m)
    named = o.tokens if o is not None else read.span_tokens(*m.span("o"))  # "payments squad rather than search": cut
    if (o is None or o.head not in _ON_GROUPS) and 0 < len(named) <= 4 and named[-1].lower_ in _ON_GROUPS:
        o = Obj(_text_of(read, named), EntityType.organization, named)  # the tagger reads "squad" as a verb
    elif o is None or o.head not in _ON_GROUPS:
        return None
    return [_d("member_of", o, object_type=EntityType.organization)]


_ON_GROUPS = _GROUPS | {"squad", "board", "panel", "council", "rota", "crew", "pta", "pto", "hoa", "jury", "bench"}


@rule(r"^(?:my|our) (?P<o>.+?) (?:run out|lapse|expire|end)$")
def _held_lapsed(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "My gym membership lapsed", "my contract with Acme ended": a held thing that is over."""
    o = obj(read, m)
    if o is None or "past" not in read.flags or "neg" in read.flags or not (
            {t.lemma_.lower() for t in o.tokens} & _HELD_THINGS):
        return None  # "my passport expires in June" is not over yet
    return [_d("has", o, operation=Operation.end)]


@rule(r"^i can (?:have|eat|drink|tolerate|digest|handle) (?P<o>.+)$")
def _cannot_have(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I can't have dairy", "I can't tolerate gluten": food the speaker does not eat."""
    o = obj(read, m)
    if "neg" not in read.flags or o is None or not _concrete(o, 4) or _addressed(read):
        return None
    return [_d("eats", p) for p in _split(o, read)]


# "a dog called Max", "two ferrets named Bilbo and Frodo", "an older sister called Jo": kin or pets, named
_NAMED_KIN = re.compile(
    r"^(?:a |an |one |two |three |four |five |\d+ )?(?:older |younger |little |big |twin |best |baby |pet |rescue |new |old )?"
    rf"(?P<rel>{'|'.join(sorted((k for k in RELATIVES | PETS if ' ' not in k), key=len, reverse=True))})(?:e?s)?"
    r"(?:,? (?:name|named|call|called) (?P<who>.+))?$")


@rule(r"^i (?:have get|have|own|get) (?P<o>.+)$")
def _have(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    if o is None:
        return None
    rel = _NAMED_KIN.match(o.lower)
    if rel and rel["who"]:  # "a dog called Max", "two ferrets called Bilbo and Frodo": each one named
        said = o.text.split()[-len(rel["who"].split()):]
        names = [n for n in re.split(r",\s*|\s+(?:and|&)\s+", " ".join(said)) if n]
        kind = "person" if rel["rel"] not in PETS else None
        return [_d(f"has_{rel['rel']}", n, object_type=EntityType.person if kind else None) for n in names]
    if o.lower in DEVICES or _is_os(o):
        return [_d("uses_os" if _is_os(o) else "uses", o)]
    verb = read.tokens[0] if read.tokens else None
    if verb is not None and _never_so_far(read, verb):
        if o.head in _NEVER_HAD_CHANCES:
            return None  # "I've never had the chance": no thing denied
        return [_d("has", p) for p in _split(o, read)]  # "I've never had a dog": not had, ever
    if "past" in read.flags or (verb is not None and (verb.tag_ == "VBD" or (verb.tag_ == "VBN" and verb.lemma_ not in {"own", "get"}))) \
            or _addressed(read) \
            or not _concrete(o, _GENERIC_MAX_TOKENS + 2) \
            or any(t.lemma_.lower() in {"time", "blast", "fun", "chat", "ball", "laugh"} for t in o.tokens):
        return None  # "I had quite the adventure", "got the win", "I have faith in you"
    return [_d("has", p) for p in _split(o, read)]


# What one "never had" that is no possession: "never had the chance", "never had a problem with it".
_NEVER_HAD_CHANCES = frozenset({"chance", "opportunity", "time", "problem", "problems", "issue", "issues", "luck", "reason",
                                "need", "complaint", "complaints", "trouble", "idea", "clue", "courage", "money", "cup", "sip",
                                "bite", "drop"})


def _never_so_far(read: ReadClause, verb: Any) -> bool:
    """A perfect denied with "never" ("I've never had a dog", "I have never tried surfing"): not
    done or had up to now, which holds as a state now."""
    return "neg" in read.flags and _perfect(verb) and any(t.lower_ == "never" for t in read.doc)


def _perfect(verb: Any) -> bool:
    """A participle with its "have" ("I've never had", "hasn't coached"): the perfect."""
    return verb.tag_ == "VBN" and any(c.lemma_ == "have" and c.dep_ == "aux" for c in verb.children)


_CONDITIONS = "|".join(sorted((re.escape(c).replace("\\-", " - ").replace("\\ ", " ") for c in CONDITION_ADJECTIVES),
                              key=len, reverse=True))


@rule(rf"^i (?:be|have be|get|become) (?:(?:mildly|slightly|severely|borderline|very|quite|a bit|a little|still) )?(?P<o>{_CONDITIONS})$")
def _condition(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm anaemic", "I might be diabetic": a health condition said as an adjective (the
    dietary ones, "lactose intolerant", stay a diet)."""
    word = m["o"].replace(" - ", "-")
    if word in DIETS:
        return [_d("diet", word)]
    return [Draft(predicate="medical_condition", object=word, sensitive_kind="health", flags={"sensitive"})]


_DIAGNOSIS = (r"^(?:my|the|our) (?:[a-z]+ ){0,2}?(?:confirm|diagnose|say|tell me)(?: that)? (?:it be|i have|i have get|i be|me with) "
              r"(?:(?:definitely|officially|actually) )?(?P<o>.+)$")


@rule(_DIAGNOSIS)
def _diagnosed(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "My GP confirmed it's type 2 diabetes", "the scan confirmed I've got a fractured wrist":
    a finding about the speaker, said by someone who would know."""
    who = read.string[:m.start("o")].split()
    if not set(who) & _EXAMINERS:
        return None
    o = obj(read, m)
    if o is None or not _concrete(o, 6):
        return None
    return [Draft(predicate="medical_condition", object=o.text, sensitive_kind="health", flags={"sensitive"})]


@rule(r"^i (?:be|have be|get|have get) (?:(?:just|recently|finally|officially|eventually|now) )?diagnose with (?P<o>.+)$")
def _diagnosed_with(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I was diagnosed with X", "the test came back positive for X" (said so by the restater):
    whatever X is, a diagnosis is a health detail."""
    o = obj(read, m)
    if o is None or not _concrete(o, 6):
        return None
    return [Draft(predicate="medical_condition", object=o.text, sensitive_kind="health", flags={"sensitive"})]


_EXAMINERS = frozenset({"doctor", "gp", "dr", "dermatologist", "allergist", "consultant", "specialist", "nurse",
                        "scan", "test", "tests", "result", "results", "x - ray", "mri", "biopsy", "bloodwork", "lab",
                        "cardiologist", "neurologist", "physio", "dentist", "optician", "psychiatrist", "therapist",
                        "surgeon", "vet", "midwife", "oncologist", "pediatrician", "paediatrician", "ultrasound"})


@rule(r"^i (?:have )?(?:learn|know|teach myself) (?:how )?to (?P<o>[a-z]+(?: [a-z]+){0,3})$")
def _skill(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I never learned to drive", "I know how to sew": a skill held (or, negated, not)."""
    o = obj(read, m)
    verbs = read.span_tokens(*m.span("o"))[:1]
    if o is None or not verbs or verbs[0].pos_ != "VERB" or verbs[0].lemma_ in _LIGHT \
            or any(t.tag_ == "VBG" for t in read.tokens[:2]):
        return None  # "My kids are learning to play the cello": something going on, not a skill held
    return [_d("can", o)]


@rule(r"^i be (?:(?:very|really|particularly|that|remotely|terribly|super|quite|pretty|so|especially|all that|much) )?"
      r"(?P<o>[a-z]+)(?: (?:at all|in the slight|in the least|whatsoever|really))?$")
def _trait(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm not religious", "I'm not very sporty", "i'm superstitious": a trait of the speaker's,
    from a lexicon (what a person is, not how they feel today: "I'm not sure", "not ready")."""
    said = read.span_tokens(*m.span("o"))
    if not said or said[0].lower_ not in _TRAITS or read.flags & {"plan", "will", "task"} or read.times:
        return None  # "I'm so impatient today": a mood of the day, no trait
    return [_d("trait", said[0].lower_)]


# Adjectives of what kind of person one is (a trait held or denied), not a passing state.
_TRAITS = frozenset({"religious", "spiritual", "sporty", "outdoorsy", "superstitious", "musical", "artistic", "arty",
                     "creative", "political", "competitive", "shy", "introverted", "extroverted", "sociable", "organised",
                     "organized", "tidy", "messy", "punctual", "techy", "handy", "romantic", "patriotic", "squeamish",
                     "materialistic", "adventurous", "athletic", "academic", "crafty", "bookish", "fussy", "picky",
                     "sentimental", "outgoing", "spontaneous", "churchy", "devout", "agnostic", "atheist",
                     "practical", "sensitive", "impatient", "patient", "lazy", "stubborn", "clumsy", "nerdy", "geeky"})


@rule(r"^i can (?P<o>[a-z]+(?: (?:a|an|the|my) [a-z]+| [a-z]+)?)(?: to save my life| for toffee| very well| properly)?$")
def _able(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I can't swim", "I can't ride a bike", "i cant drive": a skill held or, negated, not; only
    the verbs of a skill ("I can't wait", "can't make it tonight", "can't find my keys" are none)."""
    verb = read.span_tokens(*m.span("o"))[:1]
    if not verb or verb[0].lemma_.lower() not in _SKILLS or read.flags & {"plan", "will", "task"} or read.times:
        return None  # "I can't drive tomorrow": one day's, no skill
    if " " in m["o"] and verb[0].lemma_.lower() not in _SKILLS_WITH_OBJECT:
        return None  # "I can knit scarves": what is made, read by the verb's own rule
    return [_d("can", m["o"].split()[0] if verb[0].lemma_.lower() not in _SKILLS_WITH_OBJECT else obj(read, m) or m["o"])]


# Verbs whose "can" is a skill; the ones after which the thing ridden or played is part of it.
_SKILLS = frozenset({"swim", "drive", "cook", "dance", "sing", "ski", "skate", "knit", "sew", "ride", "type", "draw",
                     "paint", "whistle", "juggle", "surf", "dive", "skateboard", "snowboard", "crochet", "bake", "climb",
                     "sail", "row"})
_SKILLS_WITH_OBJECT = frozenset({"ride"})


@rule(r"^i be (?:a )?(?:(?:little )?bit|bit more|more|kind|sort|something) of (?:a|an) (?P<o>.+)$")
def _loosely(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm a bit of a foodie", "I'm more of a swimmer", "I'm kind of a homebody": what the
    speaker is, said loosely."""
    return _job(read, m)


@rule(r"^i (?:have )?(?:just )?(?:break up|split up|split|separate|call it quit)"
      r"(?: (?:at|over|in|on|during|after|before|around|last|this|back in) [a-z0-9' -]+)?$",  # "... at Christmas"
      r"^i be (?:together|a couple|an item)$")
def _broke_up(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "Dan and I broke up", "we're not together anymore": the partner talked about ends."""
    if not re.match(r"^i (?:have )?(?:just )?(?:break up|split|separate|call it quit)", m[0]) and "end" not in read.flags:
        return None
    return [Draft(predicate="partner", object="", operation=Operation.end, flags={"needs_object"})]


@rule(r"^i be (?:a|an|the) (?P<o>.+)$", r"^i be (?P<o>[a-z -]+ (?:engineer|developer|designer|manager|nurse|teacher|student|doctor))$")
def _job(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    o = obj(read, m)
    if o is None:
        return None
    trade = re.search(r",? (?:by (?:trade|profession|training)|for a living)$", o.text)
    if trade:  # "I'm a joiner by trade": the job, whatever the lists know
        named = [t for t in o.tokens if t.idx < o.tokens[0].idx + trade.start()]
        return [_d("job_title", _text_of(read, named))] if named and named[-1].pos_ == "NOUN" else None
    at = re.match(r"^(?P<job>.+?) (?P<prep>at|for|with|in) (?P<org>.+)$", o.text)
    job_text, org_text = (at["job"], at["org"]) if at else (o.text, None)
    job = Obj(job_text, None, [t for t in o.tokens if t.idx < o.tokens[0].idx + len(job_text)])
    if not job.tokens:
        return None
    if job.lower in DIETS:
        return [_d("diet", job.lower)]
    aged = re.match(r"^(?P<age>\d{1,3})[ -]year[ -]old (?P<rest>.+)$", job_text)
    if aged:  # "I'm a 28-year-old designer"
        rest = aged["rest"]
        job = Obj(rest, None, [t for t in job.tokens if t.idx >= o.tokens[0].idx + job_text.index(rest)])
        job_text = rest
        if job.tokens and _is_occupation(job):
            return [_d("age", aged["age"]), _d("job_title", rest)]
    paid = job.tokens[0].lower_ in _PAID and len(job.tokens) > 1 and job.tokens[-1].pos_ == "NOUN" \
        and job.head not in _DESCRIPTIONS and job.tokens[-1].lemma_.lower() not in _HABITS \
        and not _LAUGH.search(read.text)  # "a professional basketball player", not "a professional napper lol"
    home = _HOME_PARENT.match(job.lower)
    if home and home["to"]:  # "a stay-at-home dad to three little ones": the job, not whose
        job_text = job_text[:home.start("to")]
    if paid or _is_occupation(job) or home:
        drafts = [_d("job_title", job_text)]
        if at is not None and org_text:
            org_tokens = [t for t in o.tokens if t.idx >= o.tokens[0].idx + len(job_text) + len(at["prep"]) + 2]
            kind = next((entity_type(t) for t in org_tokens if entity_type(t)), None)
            nouns = [t.lemma_.lower() for t in org_tokens if t.pos_ in {"NOUN", "PROPN"}]
            if not (at["prep"] == "in" and nouns and nouns[-1] in _UNITS):  # "a coach in my group", "a nurse in
                drafts.append(_d("works_at", re.sub(r"^(?:the|a)\s+", "", org_text),  # the ward": no employer
                                 object_type=kind or EntityType.organization))
        return drafts
    if job.tokens[-1].pos_ == "NOUN" and not re.match(r"^(?:bit|little|lot)\b", job.lower) \
            and not any(t.pos_ in {"VERB", "AUX"} for t in job.tokens) and job.head not in _DESCRIPTIONS:
        return [_d("is_a", o)]
    return None


# Words that make the person noun after them a paid occupation.
_PAID = frozenset({"professional", "freelance", "full-time", "part-time", "trainee", "qualified", "certified", "licensed",
                   "self-employed", "apprentice"})
# Habits a speaker jokes are a trade ("a professional procrastinator", "a certified overthinker").
_HABITS = frozenset({"procrastinator", "overthinker", "worrier", "napper", "sleeper", "snacker", "complainer",
                     "daydreamer", "scroller", "shopper", "eater", "binger", "people-pleaser", "overachiever",
                     "potato", "couch", "gossip", "moaner", "whiner", "hoarder", "snoozer", "lurker", "foodie"})
# a message that laughs at itself names no paid trade by "professional"/"certified" alone
_LAUGH = re.compile(r"\b(?:lol|lmao|rofl|haha\w*|hehe\w*|jk|kidding|joking)\b|[\U0001F602\U0001F923\U0001F606]", re.I)
_HOME_PARENT = re.compile(r"^stay[ -]+at[ -]+home (?:mom|mum|dad|parent|mother|father|wife|husband)(?P<to> (?:to|of) .+)?$")


# A part of a workplace, or a group one belongs to: "in" one of them names no employer.
_UNITS = _GROUPS | {"ward", "department", "unit", "division", "squad", "section", "shift", "area"}


# "I'm a big fan", "I'm a mix of excited and scared": how the speaker is, not what they are.
_DESCRIPTIONS = frozenset({"fan", "mix", "kind", "sort", "type", "part", "bit", "lot", "sucker", "lover", "mess", "wreck",
                           "person", "people", "one", "believer", "fool", "thing"})


_NATIONALITY = re.compile(r"^[A-Z][a-z]+(?:ese|ian|ish|an|ch|i|ic)$")


@rule(r"^i be (?P<o>[a-z][a-z .'-]*)$")
def _be_name(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    if re.match(r"(?:a|an) ", m["o"]):
        return None  # "I'm a Leo", "I'm a Muslim": what someone is, never their name
    o = obj(read, m, entity=True)
    if o and len(o.tokens) == 1 and (_NATIONALITY.match(o.text) or o.tokens[0].ent_type_ == "NORP"):
        return [_d("nationality", o, object_type=EntityType.concept)]  # "I'm Chinese"
    if o and all(t.pos_ == "PROPN" for t in o.tokens) and (o.type in {EntityType.person, None}):
        return [_d("name", o, object_type=EntityType.person)]
    return None


_PLACE_WORDS = frozenset({"to", "in", "at", "on", "into", "onto", "for", "with", "from", "by", "under", "over"})
_LIGHT = frozenset({"be", "have", "do", "get", "go", "come", "say", "tell", "think", "know", "see", "look", "feel",
                    "let", "try", "mean", "guess", "want", "need", "hope", "wish", "ask", "give", "take", "put",
                    "keep", "make", "seem", "find", "call", "would", "can", "could", "should", "will", "may", "might",
                    "must", "thank", "please", "promise", "swear", "recommend", "forget", "remember", "wonder", "believe", "suppose", "agree",
                    "use", "appreciate", "help", "show", "check", "answer", "reply", "live", "work", "study",
                    "move", "stay", "switch", "join", "leave", "quit", "like", "love", "enjoy", "prefer", "hate",
                    "sound", "hear", "glad", "bet", "imagine", "miss", "got", "understand", "apologize", "apologise",
                    "care", "relate", "doubt", "worry", "wait", "laugh", "cry", "smile", "chat", "talk"})


@rule(r"^i (?:can )?(?P<v>[a-z]+)(?: (?P<p>up|out|on|off|over|down|into|in|at|for|with|to|about|from))? (?P<o>.+)$")
def _generic(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    verbs = read.span_tokens(*m.span("v"))
    if not verbs or verbs[0].pos_ != "VERB" or m["v"] in _LIGHT:
        return None
    subject = next((c.lower_ for c in verbs[0].children if c.dep_ == "nsubj"), "i")
    if subject != "i" and any(c.dep_ == "aux" and c.tag_ == "MD" for c in verbs[0].children):
        return None  # "we can build a better community": a possibility; "I can speak French" is a skill
    words = m["o"].split()
    if words[0] in {"this", "that", "it", "them", "these", "those"} and (len(words) == 1 or words[1] in _PLACE_WORDS):
        return None  # "I attached this to my email": the thing is "this", said elsewhere; not "email"
    o = obj(read, m)
    if o is None or not _concrete(o, _GENERIC_MAX_TOKENS) or _addressed(read):
        return None
    head = next((t for t in o.tokens if t.head.i not in {u.i for u in o.tokens}), o.tokens[-1])
    if no_doing(verbs[0], verbs[0].lemma_.lower(), head, m["p"] or ""):
        return None
    predicate = verb_3sg(m["v"]) + (f"_{m['p']}" if m["p"] else "")
    past = verbs[0].tag_ in {"VBD", "VBN"}
    parts = _split(o, read) if all(t.pos_ in {"PROPN", "NOUN", "CCONJ", "PUNCT"} for t in o.tokens) else [o]
    return [_d(predicate, p, flags={"generic"}, memory_type=MemoryType.episodic if past else None) for p in parts]


@rule(r"^i (?P<v>[a-z]+)(?: (?:have|do|do so|ever|before))?$", r"^i be (?P<v>[a-z]+)$")
def _activity(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I don't smoke", "I cycle": an activity without an object."""
    verbs = read.span_tokens(*m.span("v"))
    if not verbs or m["v"] in _LIGHT:
        return None
    stopped = "stop" in read.flags and verbs[0].text.lower().endswith("ing")  # "I quit smoking"
    perfect = _perfect(verbs[0])
    been = verbs[0].tag_ == "VBG" and any(t.lower_ == "been" for t in [verbs[0].head, *verbs[0].children]) \
        and any(t.lower_ == "never" for t in read.doc)
    never = "neg" in read.flags and (perfect or been)  # "I've never smoked", "never been skiing": a habit denied
    if not stopped and not never and (verbs[0].pos_ != "VERB" or verbs[0].tag_ not in {"VB", "VBP", "VBZ"}):
        return None  # a habit is said in the present: "I don't smoke", not "we were competing"
    if never:
        return [_d("activity", verbs[0].lemma_.lower(), flags={"generic"})]
    return [_d("activity", verbs[0].text.lower() if stopped else m["v"], flags={"generic"})]


# -- from a read clause to drafts ------------------------------------------------------------

def _phrase(read: ReadClause, progressive: bool) -> str:
    """The clause's verb phrase, for task and plan texts: "sort out their trial credits"."""
    words: list[str] = []
    tokens = read.tokens
    for i, tok in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if not words and (tok.lower_ in {"to", "going"} or (tok.lemma_ in {"be", "do", "have"} and tok.pos_ == "AUX"
                                                            and nxt is not None and nxt.pos_ == "VERB")):
            continue
        if words and (tok.lower_ in _STOP_WORDS or (tok.lower_ == "so" and nxt is not None and nxt.pos_ == "PRON")
                      or (tok.pos_ == "PRON" and tok.dep_ == "nsubj") or tok.text == "("
                      # "renew the insurance by Friday or it lapses", "pack tonight, flight's at 6am": a clause of its own
                      or (tok.lower_ in {"or", "otherwise", "and"} and _finite_follows(tok))
                      or (tok.i > 0 and read.doc[tok.i - 1].text == "," and (tok.dep_ in {"nsubj", "nsubjpass"} or (
                          nxt is not None and nxt.lower_ in {"'s", "is", "was", "'re", "are"} and nxt.i == tok.i + 1)))
                      or (tok.tag_ in {"VB", "VBP"} and tok.i > 0 and read.doc[tok.i - 1].text == ",")
                      or (tok.lower_ in {"to", "and"} and len(words) > 2 and _verb_follows(tokens, i)
                          and any(t.pos_ in {"NOUN", "PROPN"} for t in tokens[:i]))):
            # "take a team trip next month to explore a new city": the plan is the trip
            break  # "find a dog-friendly spot so I can ...": the task ends where a new clause starts
        if not words and tok.pos_ in {"VERB", "AUX"}:
            words.append(tok.text if progressive and tok.tag_ == "VBG" else tok.lemma_)
        elif words or tok.pos_ in {"ADJ", "NOUN", "PROPN"}:  # "busy with the audit": no verb leads
            words.append(tok.text)
    while words and (words[-1].lower() in {"in", "on", "at", "by", "from", "until", "till", "since", "for", "to", "and",
                                           "or", "but", "so", "then", "before", "after"}  # "... the tournament and it's intense": cut at "it"
                     or not words[-1].strip("-–—,;:")):
        words.pop()
    words = [w.rstrip("-–—") if i == len(words) - 1 else w for i, w in enumerate(words)]
    return third_person(re.sub(r"\s*-\s*", "-", " ".join(words))).strip()  # "dog - friendly" -> "dog-friendly"


def _planned_before(read: ReadClause) -> bool:
    """The plan is said in the past ("was planning to", "had planned to", "'d hoped to") and dated
    only in the past: it came to pass or not, and is a plan no more."""
    past = [s for s in read.times if s.kind is TimeKind.point and s.end is not None]
    return bool(past) and all(s.end <= read.reference for s in past if s.end is not None) \
        and any(t.tag_ in {"VBD", "VBN"} and t.lemma_ in {"be", "have", "plan", "hope", "intend", "mean"}
                for t in read.doc if t.i < (read.tokens[0].i if read.tokens else len(read.doc)))


def _finite_follows(tok: Any) -> bool:
    """A verb with a tense of its own comes within a few words after ``tok`` ("or it lapses", "or
    the kennel won't take them"): a clause starts there, not a second object."""
    return any(t.tag_ in {"VBZ", "VBP", "VBD", "MD"} for t in tok.doc[tok.i + 1:tok.i + 5])


def _verb_follows(tokens: list[Any], i: int) -> bool:
    """A verb starts after ``tokens[i]`` ("and (hopefully) get ...", "to explore ...")."""
    nxt = next((t for t in tokens[i + 1:] if t.pos_ != "ADV" and not t.is_punct), None)
    return nxt is not None and nxt.tag_ in {"VB", "VBG"} and (tokens[i].lower_ == "and" or nxt.tag_ == "VB")


_NOT_TOGETHER = re.compile(r"^me and (?P<o>[a-z]+(?: [a-z]+)?) be (?:together|a couple|an item)$")
# "Nothing beats a Sunday roast", "Nothing makes me happier than a bowl of ramen": the speaker's taste
_NOTHING_BEATS = re.compile(r"^(?:for me )?nothing (?:really |quite )?(?:beat|top|compare to|come close to|make me (?:happy|happier|"
                            r"more happy) than|(?:be|feel) (?:good|better|nicer) than) (?P<o>.+?)(?: for me| in my book)?$")
_OBJECT_FIRST = re.compile(r"^(?P<o>.+?) be (?:really |totally |definitely |pretty much |kind of |always |still )?"
                           r"(?:my thing|my jam|my cup of tea|for me|my style|my kind of thing|my favourite thing|my passion|"
                           r"my (?:absolute |all - time |new )?(?:fave|favourite|favorite|go - to)(?: [a-z]+)?(?: (?:for|on|at|in|when|to) [a-z ]+)?|"
                           # "Jazz is what I listen to most": the thing named first is the taste
                           r"what i (?:mostly |usually |always |really )?(?:listen to|play|watch|read|eat|drink|cook|wear|love|"
                           r"like|enjoy|live for|look forward to)(?: (?:the )?most| (?:all )?the time| every day)?(?: with [a-z ]+)?|"
                           # "Spicy food is right up my street", "Dark chocolate is my go-to"
                           r"right up my (?:street|alley)|my go - tos?)"
                           # "Jazz is my thing, especially the old Blue Note records": the example narrows, the taste stays
                           r"(?: (?:especially|particularly|above all|mostly) .+)?$")
# "Java is my main language at work": a paraphrase of what the speaker uses
_OBJECT_USED = re.compile(r"^(?P<o>.+?) be (?:still |now |definitely |really )?my (?:main |primary |daily |usual |everyday |go - to |"
                          r"preferred |first |current )?(?:programming )?(?:language|editor|ide|os|operating system|laptop|"
                          r"phone|machine|tool|stack|driver|browser)(?: .*)?$")


_NOT_DUE = frozenset({"baby", "babies", "twins", "triplets", "puppies", "kittens", "rain", "storm", "snow", "he", "she", "it",
                      "they", "we"})
_DUE = re.compile(r"^(?:the |my |our |his |her |their )?(?P<o>.+?) (?:be|fall|'s) (?:due|overdue)(?: back| in| out)?$")
_OBJECT_ALLERGY = re.compile(r"^(?P<o>.+?) be (?:still |definitely )?my (?:one |only |main |big |biggest |worst |"
                             r"real |food )?allergy$")


def _task_period(span: TimeSpan, reference: datetime) -> bool:
    """A period a task can be bound to: the current day/week/month, or a day or week about to start."""
    if span.kind is not TimeKind.point or span.start is None or span.end is None:
        return False
    length = span.end - span.start
    if span.start <= reference < span.end:
        return length <= _SHORT_PERIOD
    return reference < span.start <= reference + _SOON and length <= _SOON


_MAYBE = frozenset({"might", "may", "could"})


def _step_maybe_taken(read: ReadClause) -> bool:
    """ "I might try kayaking", "I could take the Deloitte offer": a step the speaker may take, as
    hedged as "maybe I'll"; "I might be late", "I may have lost it" say how things may be, no step,
    and "we might repaint the hallway" is a maybe shared, no plan of the speaker's."""
    return read.subject == "user" and "neg" not in read.flags and any(
        t.tag_ == "MD" and t.lower_ in _MAYBE and t.head.pos_ == "VERB" and t.head.lemma_ not in {"be", "have"}
        and all(c.lower_ == "i" or (c.lower_ == "we" and _household_step(t.head))
                for c in t.head.children if c.dep_ == "nsubj")  # "we could change the world": a shared maybe
        for t in read.doc)


# "do that", "sort it out", "deal with it", "get it renewed": a chore named by a word standing in for a thing said before
_STAND_IN = re.compile(r"^(?P<verb>(?:do|sort|sort out|deal with|handle|get|fix|book|chase|finish|tackle|see to|look into|"
                       r"take care of|renew|pay|cancel|file|send|return))\s+(?P<it>that|it|this)\b(?P<rest>(?: \w+)?)$")


def _lower_determiner(thing: str) -> str:
    """ "The printer" said first in its sentence is "the printer" inside a chore."""
    first, _, rest = thing.partition(" ")
    return f"{first.lower()} {rest}" if rest and first.lower() in _THING_DETERMINERS else thing


_THING_DETERMINERS = frozenset({"the", "my", "our", "a", "an", "this", "that", "his", "her", "their", "your", "these", "those"})


def _stand_in_named(read: ReadClause, phrase: str) -> str | None:
    """A task whose thing is "that"/"it" takes the thing from the sentence's clause before it:
    the last subject or object noun phrase said there ("the bins haven't gone out, I need to sort that")."""
    things = [_lower_determiner(t) for t in read.earlier_things if t.split()[-1].lower() not in _VAGUE]
    lemmas = [t.lemma_.lower() for t in read.tokens[:3]]
    if things and len(read.tokens) >= 3 and lemmas[0] in {"get", "have"} and lemmas[1] in {"it", "that", "this"} \
            and read.tokens[2].tag_ == "VBN":  # "get it renewed"
        return f"{lemmas[0]} {third_person(things[-1])} {read.tokens[2].text}"
    m = _STAND_IN.match(phrase)
    if m is None or not things:
        return None
    return f"{m['verb']} {third_person(things[-1])}{m['rest']}".strip()


def _household_step(verb: Any) -> bool:
    """ "we might buy a caravan", "we could get a second dog", "we may extend the kitchen": a "we"
    that is the speaker's household taking a step with a thing of its own (a verb of acquiring,
    selling or changing one's home, with a concrete object), not the speaker and the listener
    meeting ("we could grab a coffee") nor a wish for the world ("we could change the world")."""
    thing = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ in {"NOUN", "PROPN"}), None)
    if thing is not None and verb.lemma_.lower() in _WORK_STEPS \
            and not any(c.dep_ == "poss" and c.lower_ in {"our", "my"} for c in thing.children):
        return False  # "we might hire a new developer", "we could open a new branch": a firm's "we", not a household's
    return verb.lemma_.lower() in HOUSEHOLD_STEPS and thing is not None and thing.lemma_.lower() not in _SHARED_OUTINGS


# Steps a firm takes as often as a household: the household's only with a thing it owns ("we may open our own bakery").
_WORK_STEPS = frozenset({"hire", "employ", "open", "close", "expand", "launch"})


# What two people may share rather than a household acquire: "we could get a coffee".
_SHARED_OUTINGS = frozenset({"coffee", "lunch", "dinner", "drink", "food", "bite", "breakfast", "brunch", "pint", "beer",
                             "tea", "cuppa", "takeaway", "pizza", "world", "chance", "idea", "look", "time", "break",
                             "kettle", "table", "office", "branch"})


def _concrete_phrase(read: ReadClause, phrase: str) -> bool:
    """A task or plan names a thing: "renew my passport", not "do something about it", "see",
    or "be their game there" (a noun said with "stoked for")."""
    if _addressed(read) or re.match(r"^be (?:my|their|our|the|a|an)\b|.* '(?!s\b)", phrase) or phrase.lower() in _BARE_CHATTER \
            or _CHATTER_PLAN.search(phrase):
        return False  # "tell you about ...": talk, not a task
    words = set(phrase.lower().split())
    nouns = [t for t in read.tokens if t.pos_ in {"NOUN", "PROPN"} and t.lower_ not in _VAGUE and t.lower_ in words]
    verbs = [t for t in read.tokens if t.pos_ == "VERB" and t.lemma_ not in _LIGHT
             and (t.lemma_.lower() in words or t.lower_ in words)]  # "take up bouldering": a gerund kept whole
    vague = any(t.lower_ in _VAGUE and t.pos_ == "PRON" for t in read.tokens)
    return (bool(nouns) or (bool(verbs) and not vague)) and len(phrase.split()) <= 12


# "give it a shot", "see what the future holds", "have fun", "hope the coffee's strong": talk, not a plan
_CHATTER_PLAN = re.compile(r"\bgive it a (?:shot|go|try|whirl)\b|^(?:see|know|hear|find out) (?:what|how|where|if|whether)\b|"
                           r"^have (?:some )?fun\b|^(?:hope|wish|pray|bet) (?!to\b)", re.I)


_BARE_CHATTER = frozenset({"brag", "relax", "chill", "chat", "talk", "see", "know", "hear", "help", "try", "rest", "go",
                           "come", "stay", "wait", "share", "say", "ask", "check", "celebrate"})


_TRAVEL = frozenset({"fly", "travel", "head", "drive", "sail", "visit", "go", "leave", "move", "relocate", "return",
                     "tour", "hike", "cruise", "commute"})


# Verbs of a step someone takes, which a hedged "-ing" names as a plan ("possibly going back to uni").
# Beginnings said in the progressive with a day to come ("I'm starting a course on Thursday"): a plan.
_BEGINNINGS = frozenset({"start", "begin", "join", "launch", "open"})
_COMING_STEPS = (_TRAVEL - {"go"}) | {"start", "apply", "adopt", "buy", "switch", "change", "join", "retire", "quit", "sell", "take"}
_REQUEST = re.compile(r"\b(?:please|pls|plz|thanks|thank\s+you)\b", re.I)



# "Yes, I do." / "That's right." / "The doctor confirmed it.": what was asked or guessed just before holds.
_AFFIRM = re.compile(r"^\W*(?:(?:i|we)\s+(?:do|am|are|have|did|still\s+do)\b[,\s]*(?:yes|yeah|yep|indeed)?\W*$|yes|yep|yeah|yup|correct|exactly|indeed|that'?s\s+(?:right|correct|true|it)|you'?re\s+right|"
                     r"(?:it'?s|it\s+is)\s+(?:official|confirmed|true)|(?:(?:the|my|our)\s+(?:[\w-]+\s+){0,2})?"
                     r"(?:confirmed|confirms)\s+(?:it|this|that)\b)", re.I)
# "The blood test came back positive for iron deficiency": a finding about the speaker.
_POSITIVE = re.compile(r"^(?:[a-z-]+ ){0,3}(?:test|result|scan|biopsy|screening|swab|panel|bloodwork|x - ray|mri|lab)s? "
                       r"(?:come back |be |turn out )?positive for (?P<o>.+)$")


# What the speaker takes back as said in error: "I said Swansea by mistake", "I typed Boohoo by
# accident", "Revolut was a typo", "I accidentally wrote 19", "I said Python earlier (but I meant
# Ruby)": the value a correction replaces. Matched over the lemma string ("i type boohoo by accident").
_SAID_WRONG = re.compile(
    r"^\W*(?:(?:and|but|so|sorry|oops)[,\s]+)?(?:"
    r"i\s+(?:(?:accidentally|mistakenly|wrongly)\s+)?(?:say|type|write|put(?:\s+down)?|tell\s+you|give\s+you)\s+"
    r"(?P<o>.+?)\s+(?:by\s+(?:mistake|accident)|in\s+error|wrongly|mistakenly)(?:\s+(?:earlier|before|just\s+now))?"
    r"|i\s+(?:accidentally|mistakenly|wrongly)\s+(?:say|type|write|put)\s+(?P<o2>.+?)(?:\s+(?:earlier|before|just\s+now))?"
    # "a typo", "a slip", not "a mistake": "moving to Leeds was a mistake" is regret, no correction
    r"|(?P<o3>.+?)\s+be\s+(?:a\s+typo|my\s+typo|a\s+slip(?:\s+of\s+the\s+\w+)?)"
    r"|i\s+(?:say|type|write|put)\s+(?P<named>[^ ]+(?:\s+(?!(?:earlier|before|wrong|first)\b)[^ ]+)?)(?:\s+(?:earlier|before|wrong|first))?)\W*$", re.I)


def _said_wrong(read: ReadClause) -> list[Draft] | None:
    m = _SAID_WRONG.match(read.string) if read.speaker == "user" else None
    group = next((g for g in ("o", "o2", "o3", "named") if m and m.group(g)), None) if m else None
    said = read.span_tokens(*m.span(group)) if m and group else []
    o = obj(read, m, group, entity=True) if m and group else None
    if o is None or len(said) > 4 or any(t.pos_ in {"VERB", "ADP"} for t in said) \
            or o.text.lower() in {"that", "it", "this", "something", "the wrong thing", "the wrong one"}:
        return None  # "I said hi to my ex by accident": something done, not a value taken back
    if group == "named" and not (o.tokens[0].text[:1].isupper() or o.tokens[0].like_num):
        return None  # "I said thanks": only a name or a number said bare is a value taken back
    return [_finish_draft(read, Draft(predicate=None, object=o.text, negated=True, object_type=o.type, flags={"correction"}))]


# the same said after the value, in the clause that states it: "I work at Monzo, Revolut was a typo"
_TYPO_TAIL = re.compile(r",\s*(?:and\s+)?(?P<o>[^,;]{1,40}?)\s+(?:was|is)\s+(?:a\s+typo|my\s+typo|a\s+slip)\W*$", re.I)


# "two ferrets called Bilbo and Frodo": the count's key ends where its members are named
_NAMING = re.compile(r"_(?:called|named|name|call)(?:_.*)?$")


# Verbs of arranging something to come, said in the past ("booked", "signed up for"): what they
# arrange happens at the time the clause names, read forward; "got tickets" arranges too.
_ARRANGING = frozenset({"book", "reserve", "register", "sign", "enrol", "enroll", "schedule", "arrange"})
_TICKETS = frozenset({"ticket", "tickets", "seat", "seats", "pass", "place", "spot"})


def _arranged_ahead(read: ReadClause, matched: list[Draft]) -> list[Draft]:
    """A deed of arranging with a time to come ("I've booked a trip to Lisbon in October", "got
    tickets for the gig in July"): a plan at that time, not a deed or a thing had today."""
    if not matched or "neg" in read.flags or len(matched) > 1:
        return matched
    d = matched[0]
    verb = next((t for t in read.tokens if t.pos_ == "VERB"), None)
    arranged = d.memory_type is MemoryType.episodic and verb is not None and verb.lemma_ in _ARRANGING
    ticketed = d.predicate == "has" and d.object.split(" ")[0].lower() in _TICKETS
    if not (arranged or ticketed):
        return matched
    forward = find_times(read.text, read.reference, "future")
    ahead = next((s for s in forward if s.kind is TimeKind.point and s.start and s.start > read.reference), None)
    if ahead is None or any(s.end and s.end <= read.reference for s in forward):
        return matched  # "we reserved a table for August last year": past even when read forward
    thing = re.sub(r"^(?:their|my|our|the|a|an)\s+", "", d.object)
    done = " ".join([verb.text.lower(), *(c.lower_ for c in verb.children if c.dep_ == "prt")]) \
        if arranged and verb is not None else "got"
    phrase = f"have the {thing} {'they' if d.subject == 'user' else 'that was'} {done}"
    return [Draft(predicate="plans_to", object=thing, subject=d.subject, subject_type=d.subject_type, phrase=phrase,
                  flags={"plan", "appointment"}, plan_time=ahead.start)]


def _named_count(counts: list[Draft]) -> list[Draft]:
    return [replace(d, predicate=_NAMING.sub("", d.predicate)) if d.predicate else d for d in counts]


# Verbs of having a pet, a child or a thing one looks after ("I keep two snakes", "we've got three kids").
_OWNING = frozenset({"have", "keep", "own", "get", "raise", "foster", "breed"})


def _owned(read: ReadClause) -> list[Draft]:
    """What a counted possession is, beside how many: "i keep two snakes in a tank" has snakes,
    "Got three dogs, Pepper, Precious and Panda" has the dogs and their names (the count alone
    says nothing a question about the pets could find)."""
    verb = next((t for t in read.tokens if t.dep_ == "ROOT" and t.pos_ in {"VERB", "AUX"}), None)
    if verb is None or verb.lemma_.lower() not in _OWNING or read.flags & {"neg", "plan", "will", "used_to", "end"} \
            or any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children):
        return []  # "I'd have three dogs if I could": what could be
    had = verb.tag_ in {"VBP", "VBZ"} or verb.lower_ == "got" or any(c.lemma_ == "have" for c in verb.children)
    if not had:
        return []  # "I had two cats growing up": over
    things = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"]
    things += [c for t in things for c in t.conjuncts if c.pos_ == "NOUN" and c.i > t.i]
    drafts: list[Draft] = []
    for thing in things:
        tokens = _cut(read, [t for t in thing.subtree if t.i <= thing.i and t.dep_ != "poss"], entity=False)
        if not tokens or thing not in tokens or thing.lemma_.lower() in _VAGUE:
            continue
        drafts.append(_d("has", _text_of(read, tokens), object_type=EntityType.concept))
        kind = thing.lemma_.lower()
        names = [c for c in thing.children if c.dep_ == "appos" and c.text[:1].isupper()]
        names += [c for n in names for c in n.conjuncts if c.text[:1].isupper()]
        drafts.extend(_d(f"has_{kind}", n.text, object_type=EntityType.person if kind in RELATIVES else EntityType.other)
                      for n in names if kind.isalpha())
    return drafts


def _state_beside(read: ReadClause, counts: list[Draft], drafts: list[Draft]) -> list[Draft]:
    """What the clause states besides how long or how many: "I've been doing pilates for six months"
    does pilates, "two ferrets called Bilbo and Frodo" names two pets (the fact rules, quantities aside)."""
    if not any(d.predicate and (d.predicate.endswith("_duration") or _NAMING.search(d.predicate)) for d in counts):
        return []
    said = {(d.predicate, d.object.lower()) for d in drafts}
    return [d for d in _read_clause(read, quantities=False) if d.predicate and not d.predicate.startswith("quantity_")
            and (d.predicate, d.object.lower()) not in said]


def read_clause(read: ReadClause) -> list[Draft]:
    """Drafts of one clause: relation rules, then task/plan/time/hedge/negation applied."""
    if (wrong := _said_wrong(read)) is not None:
        return wrong
    said = _AFFIRM.match(read.text) if read.speaker == "user" else None
    affirm = [Draft(predicate=None, object="", flags={"affirm"} | (
        {"confirmed"} if re.search(r"confirm|official|true", said[0], re.I) else set()))] if said else []
    tail = _TYPO_TAIL.search(read.text) if read.speaker == "user" else None
    typo = [Draft(predicate=None, object=tail["o"].strip(), negated=True, flags={"correction"})] \
        if tail and tail["o"].strip().lower() not in {"that", "it", "this"} else []
    return affirm + held_back(read, _read_clause(read)) + typo


# Words that round a time phrase the reader has taken out ("quit smoking about a year ago").
_APPROXIMATE = frozenset({"about", "around", "roughly", "nearly", "almost", "over", "some", "like", "maybe"})
# Verbs of giving up or leaving (their lemmas); one that is itself denied ends nothing.
_ENDING_LEMMAS = frozenset({"quit", "stop", "give", "leave", "sell", "cancel", "drop", "retire", "resign", "end",
                            "finish", "move", "break", "split", "close", "ditch", "dump", "delete", "unsubscribe",
                            "pack", "jack", "wrap", "step", "hand", "turn", "lose", "separate", "divorce", "cut"})
# The same verbs as a bare deed's predicate ("quits sugar"), which a trial drops with the ending.
_GAVE_UP = frozenset(verb_3sg(lemma) for lemma in _ENDING_LEMMAS)
# Conjunctions that make a clause a supposition ("if I ever quit ..."), not something that happened.
_SUPPOSING = frozenset({"if", "unless", "whether"})


def held_back(read: ReadClause, drafts: list[Draft]) -> list[Draft]:
    """``drafts`` without what the clause only supposes ("If I ever quit my job I'd travel": no
    ending, event or plan) or denies of an ending verb ("I haven't quit yet", "I never stopped
    loving jazz": no ending) or bounds as a trial ("I quit sugar for a week as a test"), judged on
    the clause's own verbs, so "I've quit soda, haven't had one since" keeps its ending."""
    if drafts and "neg" in read.flags and _NOT_YET.search(read.text):
        # "haven't even started the budget section", "haven't entered yet": something still to do, no denial held
        return [d for d in drafts if not d.negated]
    if drafts and _TRIAL.search(read.text) and any(t.lemma_ in _ENDING_LEMMAS for t in read.tokens):
        return [d for d in drafts if d.operation is not Operation.end and (d.predicate or "").split("_")[0] not in _GAVE_UP]
    if not drafts or not any(d.operation is Operation.end or d.memory_type is MemoryType.episodic
                             or "plan" in d.flags or (d.predicate or "").startswith("plan") for d in drafts):
        return drafts
    core = {t.i for t in read.tokens}
    # the clause's verbs, and the verb its words hang from when the reader took that verb for a flag
    # ("haven't stopped taking my meds" reads "take my meds" under a "stop")
    verbs = [t for t in read.doc if t.pos_ in {"VERB", "AUX"}
             and (t.i in core or any(c.i in core for c in t.children))]
    # a supposition that leads the clause ("If I ever quit ..."); one that trails it ("we may relocate
    # if the office opens") leaves the clause's own reading to the hedge
    if any(c.dep_ == "mark" and c.lower_ in _SUPPOSING and all(c.i < w.i for w in verbs if w is not v)
           for v in verbs for c in v.children):
        return [d for d in drafts if not (d.operation is Operation.end or d.memory_type is MemoryType.episodic
                                          or "plan" in d.flags or (d.predicate or "").startswith("plan"))]
    if "end" not in read.flags and any(v.lemma_ in _ENDING_LEMMAS and any(c.dep_ == "neg" for c in v.children)
                                       for v in verbs):
        return [d for d in drafts if d.operation is not Operation.end]
    return drafts


# Said of a thing allowed beside one refused ("I don't eat pork, but chicken's fine"), or wished for
# ("it's on my bucket list"): neither puts a denied value right.
_ALLOWED = re.compile(r"(?:'s|\bis|\bare)\s+(?:totally\s+|perfectly\s+|absolutely\s+)?(?:fine|ok|okay|alright|all\s+right|"
                      r"no\s+problem|grand|allowed)\b", re.I)
_ON_MY_LIST = re.compile(r"\b(?:on|high\s+on|top\s+of|at\s+the\s+top\s+of)\s+(?:my|our|the)\s+(?:bucket\s+|wish\s+|travel\s+|to-?do\s+)?"
                         r"list\b|\bon\s+my\s+(?:radar|wishlist)\b", re.I)


# A perfect denied as not done so far: what follows is pending, not a habit or state denied.
_NOT_YET = re.compile(r"\b(?:haven't|hasn't|havent|hasnt|have\s+not|has\s+not)\b(?:\s+even\b|[^.!?;,]*\byet\b)", re.I)


# A giving-up bounded from the start ("I quit sugar for a week as a test", "off booze for Lent"):
# a trial that ends by itself, not the end of the habit ("for a year now" is how long it has held).
_TRIAL = re.compile(r"\b(?:as\s+an?\s+(?:test|trial|experiment)|just\s+to\s+(?:see|try)|temporarily|for\s+lent|"
                    r"for\s+(?:dry\s+january|sober\s+october|veganuary)|"
                    r"for\s+(?:a|one|two|three|a\s+few|a\s+couple\s+of)\s+(?:days?|weeks?|fortnights?|months?)\b(?!\s+now))",
                    re.I)


def _read_clause(read: ReadClause, *, quantities: bool = True) -> list[Draft]:
    if "neg" in read.flags and _THESE_DAYS.search(read.text) and not _DEGREE_OF.search(read.text):
        # "I don't drink coffee these days": a habit denied for now is one that was, and ended;
        # "I don't watch much TV these days" says less of it, not none
        read.flags.add("end")
    if "neg" in read.flags and _not_since(read):
        read.flags.add("end")  # "I haven't smoked since March": a habit that was, until March
    if read.subject is None and read.relation is None:
        return []
    sensitive = sensitive_hints(read.text)
    drafts: list[Draft] = []
    if read.relation is not None:
        drafts.extend(_relation_drafts(read))
    if sensitive:
        for hint in sensitive:
            drafts.append(Draft(predicate=hint.predicate, object=hint.value, sensitive_kind=hint.kind,
                                flags={"sensitive"}))
        return [_finish_draft(read, d) for d in drafts]
    if read.subject is None:
        return drafts
    over = _said_over(read) if read.object_only or not read.prefix else None
    if over:  # "The book club is over", "our engagement's off"
        return [_finish_draft(read, d) for d in [*drafts, *over]]
    counts = [] if read.flags & {"neg", "plan", "will"} or not quantities else read_quantity(read)
    if counts:
        return [_finish_draft(read, d) for d in [*drafts, *_named_count(counts), *_owned(read)]] \
            + _state_beside(read, counts, drafts)
    opinions = read_opinion(read)  # "Harry Potter is my favorite book", "Turtles bring me joy" (rules_opinions)
    if opinions is not None:  # [] for "I'm so proud of you", "It's my favorite": about no thing of its own
        return [_finish_draft(read, d) for d in [*drafts, *opinions]]
    if (read.object_only or read.subject == "user") and "stop" in read.flags and read.tokens \
            and read.tokens[0].lower_.endswith("ing") \
            and (len(read.tokens) == 1 or read.tokens[1].lower_ in {"and", "but", "so", ","}
                 or (len(read.tokens) == 2 and read.tokens[1].lower_ in _APPROXIMATE)):
        # "Packed in smoking last year", "(I) gave up vaping and the cravings are gone": the habit given up
        return [_finish_draft(read, d) for d in [*drafts, _d("activity", read.tokens[0].lower_)]]
    if read.object_only and (said := _as_said_of_me(read)):  # "Possibly allergic to cats"
        return [_finish_draft(read, d) for d in [*drafts, *said]]
    positive = _POSITIVE.match(read.string) if read.object_only or read.string.startswith("my ") else None
    if positive and (o := obj(read, positive)) is not None:  # "my allergy test came back positive for peanuts"
        return [_finish_draft(read, Draft(predicate="medical_condition", object=o.text, sensitive_kind="health",
                                          flags={"sensitive"}))]
    if read.object_only and (home := _HOME_IS.match(read.string)) and (lived := _home_is(read, home)):
        return [_finish_draft(read, d) for d in [*drafts, *lived]]  # "home is a little flat in Leeds"
    if read.object_only:
        own = read_own_events(read) or read_happening(read) or read_pastime(read) or read_values(read)
        if own:  # "One special memory was this parade I went to", "Cooking is therapy for me"
            return [_finish_draft(read, d) for d in [*drafts, *own]]
        used = _OBJECT_USED.match(read.string)
        named = read.span_tokens(*used.span("o")) if used else []
        o = obj(read, used) if used else None
        if used and o is None and 0 < len(named) <= 3:  # the tagger reads "Java" at the start as an adverb
            o = Obj(_text_of(read, named), _type_of(named), named)
        if o is not None and _is_tech(o):
            return [_finish_draft(read, d) for d in [*drafts, _d("uses_os" if _is_os(o) else "uses", o)]]
        allergen = _OBJECT_ALLERGY.match(read.string)  # "Egg is my one allergy"
        o = obj(read, allergen) if allergen else None
        if o is not None:
            return [_finish_draft(read, d) for d in [*drafts, _d("allergic_to", o)]]
        diagnosis = re.match(_DIAGNOSIS, read.string)  # "The specialist diagnosed me with endometriosis"
        found = _diagnosed(read, diagnosis) if diagnosis else None
        if found:
            return [_finish_draft(read, d) for d in [*drafts, *found]]
        couple = _NOT_TOGETHER.match(read.string) if "end" in read.flags else None
        partner = obj(read, couple, entity=True) if couple else None
        if partner is not None and partner.tokens[0].pos_ == "PROPN":  # "Me and Dan aren't together anymore"
            return [_finish_draft(read, d) for d in [*drafts, _d("partner", partner, object_type=EntityType.person)]]
        best = _NOTHING_BEATS.match(read.string)
        o = obj(read, best) if best else None
        o = o if o is None or _concrete(o, 8) else _before_adjunct(read, o)
        if o is not None and _concrete(o, 8):  # "Nothing beats a long walk by the sea"
            return [_finish_draft(read, d) for d in [*drafts, _d("likes", o, memory_type=MemoryType.preference)]]
        first = _OBJECT_FIRST.match(read.string)
        if first:  # "Minimalism isn't my thing anymore"
            o = obj(read, first)
            if o is not None:
                predicate = preference_predicate(o, "like")
                drafts.append(_d(predicate, o, memory_type=MemoryType.preference))
                return [_finish_draft(read, d) for d in drafts]
        if not read.tokens and read.flags & {"end"}:
            return [_finish_draft(read, Draft(predicate=None, object=""))]
        due = _DUE.match(read.string) if "neg" not in read.flags else None
        o = obj(read, due) if due and any(s.end and s.end > read.reference for s in read.times) else None
        if o is not None and o.head not in _NOT_DUE:  # "the report is due Friday": a deadline, the thing due its task
            return [_finish_draft(read, Draft(predicate="has_task", object=f"{o.text} due", memory_type=MemoryType.task,
                                              flags={"task"}))]
        if _REQUEST.search(read.text):
            return []  # "so no meat recipes please": a request, not a value denied
        if _ALLOWED.search(read.text) or _ON_MY_LIST.search(read.text):
            return []  # "but chicken's fine", "it's high on my list": an allowance or a wish beside a denial, no value put right
        tokens = [t for t in read.tokens if t.lower_ not in {"in", "at", "on", "to"} or t is not read.tokens[0]]
        tokens = _cut(read, tokens, entity=True) or _cut(read, tokens, entity=False)
        own_verb = bool(tokens) and any(t.pos_ in {"VERB", "AUX"} and t.i > tokens[-1].i for t in read.tokens)
        exclaimed = "neg" in read.flags and " ".join(t.lower_ for t in tokens) in NO_EXCLAMATIONS  # "No way, ...", "No worries"
        names_value = any(t.pos_ in {"NOUN", "PROPN", "NUM", "ADJ"} or t.ent_type_ or t.text[:1].isupper() for t in tokens) \
            and read.doc[tokens[0].i - 1 if tokens[0].i else 0].lower_ not in _DEGREE  # "it's too much for me"
        if tokens and len(tokens) <= 6 and not own_verb and not exclaimed and names_value:  # "the barbecue was tricky" names no value
            drafts.append(Draft(predicate=None, object=_text_of(read, tokens), negated="neg" in read.flags,
                                object_type=_type_of(tokens)))
        return [_finish_draft(read, d) for d in drafts]
    matched: list[Draft] | None = None
    for pattern, handler in _RULES:
        m = pattern.match(read.string)
        if m:
            matched = handler(read, m)
            if matched:
                break
    matched = list(matched or [])
    if not matched and (verb := next((t for t in read.tokens if t.pos_ == "VERB"), None)) is not None \
            and _never_so_far(read, verb) and verb.lemma_ in _EXPERIENCES:
        matched = _never_done(read)
    if not matched or all("generic" in d.flags for d in matched):
        matched = read_action(read) or matched
    elif all(d.predicate is None and "affirm" in d.flags for d in matched):
        matched += read_action(read)  # "Yeah, here's one I did last week": the yes, and the deed
    matched = _arranged_ahead(read, [d for d in matched if not _announces_change(d)])
    progressive = any(t.tag_ == "VBG" for t in read.tokens[:2])
    # "Next month I start night classes", "I fly out on the 3rd": a step in the simple present, timetabled
    progressive = progressive or (timetabled(read.tokens) and any(
        s.kind is TimeKind.point and s.start and s.start > read.reference for s in read.times))
    if read.hedge and progressive and read.tokens[0].lemma_ in _COMING_STEPS and not read.flags & {"past", "neg", "end"}:
        read.flags.add("plan")  # "Possibly moving to Bristol", "maybe going back to uni": a step not yet taken
    # the first time said governs: "I'm running a marathon in October, training starts next week" is no task
    short = next((s for s in read.times[:1] if _task_period(s, read.reference)), None)
    if short is None:  # "until Friday", "by the end of the month"
        short = next((s for s in read.times if s.kind is TimeKind.until and s.end
                      and read.reference < s.end <= read.reference + _SHORT_PERIOD), None)
    leisure = progressive and any(t.tag_ == "VBG" and t.lemma_ in ONGOING_PASTIMES for t in read.tokens[:2])
    # "I love the Saturday market", "my go-to on a Friday night is pizza": a taste said with a day is a habit
    taste = not read.flags & {"plan", "will", "task"} and (
        (bool(matched) and all(d.memory_type is MemoryType.preference for d in matched))
        or read.string.startswith(("i love ", "i like ", "i enjoy ", "i adore ", "i prefer ")))
    task_like = ("task" in read.flags or short is not None or ("now" in read.flags and progressive and not leisure)) \
        and not read.flags & {"past", "had_to"} and not taste  # "I had to try to capture that feeling": done, not to do
    if task_like and "task" not in read.flags and progressive and read.tokens \
            and read.tokens[0].lemma_ in _TRAVEL | _BEGINNINGS \
            and any(s.start and s.start > read.reference for s in read.times):
        task_like = False  # "I'm flying to Lisbon next week", "starting a pottery course on Thursday": planned
    if task_like and (not matched or all((d.flags & {"generic", "project"} or d.predicate in {"has", "plans_to"})
                                         and not d.flags & {"organizing", "appointment"} for d in matched)):
        phrase = _phrase(read, progressive)
        stood_for = _stand_in_named(read, phrase) if phrase else None  # "haven't filed my expenses, must do that"
        if phrase and "neg" not in read.flags and (progressive or "task" in read.flags or short is not None) \
                and (stood_for is not None or _concrete_phrase(read, phrase)):
            # The object is the base form, so "I'm sorting out X" and "I need to sort out X" are one task.
            verbless = not any(t.pos_ == "VERB" for t in read.tokens)  # "busy with the audit"
            task = Draft(predicate="has_task", object=stood_for or _phrase(read, False), memory_type=MemoryType.task,
                         phrase=phrase, flags={"task", "progressive"} if progressive or verbless else {"task"})
            matched = [task]
    # "From next Monday I'm starting Couch to 5K": a start said from a day to come is a time ahead too
    future = next((s for s in read.times if s.kind in {TimeKind.point, TimeKind.since} and s.start
                   and s.start > read.reference), None)
    planned = (bool(read.flags & {"plan", "will"}) or (not matched and read.hedge and _step_maybe_taken(read)) or (
        future is not None and not matched[0].flags & {"task", "event"} if matched else future is not None and progressive)) \
        and not any("timeless" in d.flags for d in matched) and not taste
    if planned and future is None and _planned_before(read):
        return []  # "I was planning to go to Rome last year": a plan for a time gone by, kept or not, no plan now
    if planned and "task" not in read.flags and not (matched and "task" in matched[0].flags):
        phrase = _phrase(read, False)
        if matched and all(d.flags & {"generic"} or d.predicate == "has" for d in matched):
            matched = []
        if matched and all(d.predicate == "plans_to" for d in matched):
            for d in matched:
                d.plan_time = future.start if future else None
        elif matched:
            for d in matched:
                d.flags.add("plan")
                d.phrase = phrase
                d.predicate = f"planned_{d.predicate}"
                d.plan_time = future.start if future else None
        elif phrase and ("plan" in read.flags or (future is not None and (progressive or "will" in read.flags))
                         or (("will" in read.flags or _step_maybe_taken(read)) and read.hedge)) \
                and _concrete_phrase(read, phrase) \
                and ("eager" not in read.flags or any(t.pos_ in {"NOUN", "PROPN"} and t.lower_ not in _VAGUE
                                                      for t in read.tokens)):
            matched = [Draft(predicate="plans_to", object=phrase, phrase=phrase, flags={"plan"},
                             plan_time=future.start if future else None)]
    drafts.extend(matched)
    drafts.extend(_home_held(read, matched))
    drafts.extend(_employer_taken(read, matched))
    sensitive_free = [d for d in drafts if d.sensitive_kind or not any(h.value in d.object for h in sensitive)]
    return [_finish_draft(read, d) for d in sensitive_free]


# Verbs of trying or meeting something whose "never" denies the experience so far.
_EXPERIENCES = frozenset({"try", "do", "see", "watch", "read", "eat", "taste", "visit", "play", "ride", "drink", "hear",
                          "use", "own", "climb", "run", "fly", "cook", "wear", "attend"})


def _never_done(read: ReadClause) -> list[Draft]:
    """ "I've never tried sushi", "I've never seen The Godfather", "never done yoga in my life":
    the deed read as if done, then denied as a state (not an episode: nothing happened)."""
    read.flags.discard("neg")
    try:
        drafts = read_action(read)
    finally:
        read.flags.add("neg")
    out = []
    for d in drafts:
        if d.predicate is None or not d.object:
            continue
        d.memory_type = None
        d.flags -= {"event", "past"}
        d.phrase = ""
        out.append(d)
    return out


_SAID_OF_ME = re.compile(r"^(?:(?:completely|totally|so|well|properly|seriously|absolutely) )?(?:allergic|intolerant|vegan|vegetarian|pescatarian|married|engaged|single|divorced|"
                         r"fluent|obsess|addict|hook|hooked|allergy|" + _CONDITIONS + r")\b")


def _as_said_of_me(read: ReadClause) -> list[Draft]:
    """A chat clause that drops "I'm" before an adjective of the speaker ("Possibly allergic to
    cats", "Totally obsessed with bouldering", "Married for ten years now"): read as "I'm ...".
    Not a clause about a thing ("It's great", "So good").
    """
    if read.speaker != "user" or read.subject != "user" or not read.tokens or read.doc[0].lower_ in {
            "it", "that", "this", "there", "these", "those"}:
        return []
    if not _SAID_OF_ME.match(read.string):
        return []
    string, offsets = read.string, read.offsets
    read.string, read.offsets = "i be " + string, [o + 5 for o in offsets]
    try:
        for pattern, handler in _RULES:
            m = pattern.match(read.string)
            if m and (found := handler(read, m)):
                return found
        return []
    finally:
        read.string, read.offsets = string, offsets


# "I changed jobs", "we switched schools", "I handed in my notice", "got my results back": the
# news that something changed; the value it changed to is said on its own ("I'm at Monzo now").
_CHANGE_VERBS = re.compile(r"^(?:chang|switch|swap|mak)(?:e|es|s)?(?:_.*)?$|^(?:hand|give|put)s?_in$|^(?:get|hear)s?_back$|"
                           r"^confirms?_with$")
_CHANGED_THINGS = frozenset({"job", "jobs", "career", "careers", "school", "schools", "team", "teams", "department",
                             "departments", "company", "companies", "bank", "banks", "flat", "flats", "apartment",
                             "apartments", "house", "houses", "place", "places", "notice", "resignation", "result",
                             "results", "field", "fields", "role", "roles", "course", "courses", "major", "majors",
                             "doctor", "doctors", "provider", "providers", "plan", "plans", "hr", "lane", "lanes",
                             "the switch", "the move", "the jump", "the leap", "the change"})


def _announces_change(d: Draft) -> bool:
    if d.predicate is None or not ("generic" in d.flags or d.memory_type is MemoryType.episodic or "event" in d.flags):
        return False
    words = d.object.lower().split()
    bare = " ".join(w for w in words if w not in {"my", "our", "their", "his", "her", "a", "an", "the"})
    return bool(_CHANGE_VERBS.match(d.predicate)) and (bare in _CHANGED_THINGS or d.object.lower() in _CHANGED_THINGS)


def _relation_drafts(read: ReadClause) -> list[Draft]:
    assert read.relation is not None
    relation, name, _ = read.relation
    drafts: list[Draft] = []
    if relation in SPOUSES:
        drafts.append(Draft(predicate="relationship_status", object="married", flags={"relation"}))
        if name:
            drafts.append(Draft(predicate="married_to", object=name, object_type=EntityType.person, flags={"relation"}))
    elif relation in PARTNERS:
        drafts.append(Draft(predicate="relationship_status", object="in a relationship", flags={"relation"}))
        if name:
            drafts.append(Draft(predicate="partner", object=name, object_type=EntityType.person, flags={"relation"}))
    elif name:
        drafts.append(Draft(predicate="has_" + re.sub(r"[ -]", "_", relation.replace("'", "")), object=name,
                            object_type=EntityType.person, flags={"relation"}))
    elif relation in PETS and (called := _NAMED_AS.match(read.string)) \
            and (named := read.span_tokens(*called.span("n"))) and named[0].text[:1].isupper() and "neg" not in read.flags:
        # "My dog is a beagle called Rufus", "my dog's a rescue lurcher called Biscuit": the name said after the kind
        drafts.append(Draft(predicate="has_" + re.sub(r"[ -]", "_", relation.replace("'", "")), object=named[0].text,
                            object_type=EntityType.other, flags={"relation"}))
    return drafts


_NAMED_AS = re.compile(r"^i be (?:a|an) (?:[a-z-]+ ){0,4}(?:call|name) (?P<n>[a-z][\w-]*)")


_DEGREE_OF = re.compile(r"\b(?:much|many|often|a\s+lot|as\s+much|that\s+much|a\s+ton|enough)\b", re.I)
_THESE_DAYS = re.compile(r"\b(?:these\s+days|nowadays|now\s*adays)\b", re.I)
# Verbs whose "haven't ... since" is a gap in contact or a passing state, not a habit given up
# ("I haven't seen Tom since May", "haven't slept since Tuesday").
_NOT_HABITS = frozenset({"see", "hear", "speak", "talk", "sleep", "feel", "know", "meet", "visit", "get", "have", "be"})


def _not_since(read: ReadClause) -> bool:
    """A perfect denied since a time ("I haven't smoked since March", "hasn't coached since the
    spring"): the habit ended then. Not "not since ages" (no date), nor a contact gap."""
    if not any(s.kind is TimeKind.since and s.start and s.start <= read.reference for s in read.times):
        return False
    perfect = [t for t in read.doc if t.lemma_ not in _NOT_HABITS and _perfect(t) and any(c.dep_ == "neg" for c in t.children)]
    return bool(perfect) and not _DEGREE_OF.search(read.text)


# "anymore", "no longer": an ending said as a denial from now on (not "hasn't smoked since March")
_NO_LONGER = re.compile(r"\b(?:no\s+longer|any\s*more|any\s+longer)\b", re.I)


def _finish_draft(read: ReadClause, d: Draft) -> Draft:
    """Apply the clause's subject, flags and times to one draft."""
    relation = "relation" in d.flags
    if "speakers_own" in d.flags:  # "Rent jumped to $2,100": the parser's subject is the measure
        d.subject, d.subject_type, d.hedge = "user", EntityType.person, read.hedge
    elif "owned" in d.flags:  # "my car broke down": the speaker's thing is the subject (rules_events)
        d.hedge = read.hedge
    elif not relation:
        d.subject = read.subject or "user"
        d.subject_type = read.subject_type
        d.hedge = read.hedge
    d.flags |= read.flags if not relation else set()
    if read.speaker != "user":
        d.context_only = True
        d.flags.add("heard")  # what the assistant said or asked of the user, for a "yes" after it
    if d.sensitive_kind and "neg" in read.flags and d.predicate is not None \
            and not read.flags & {"end", "used_to", "stop"}:
        d.negated = True  # "I'm not diabetic", "not coeliac": a health detail denied is still denied
    ended = bool(read.flags & {"end", "used_to", "stop"})
    if d.sensitive_kind == "health" and ended and d.predicate is not None:
        d.operation, d.negated = Operation.end, False  # "I no longer have asthma": the condition ends
    if read.forget and d.sensitive_kind:
        d.operation, d.negated = Operation.forget, False  # "forget that I'm pregnant": a private detail goes too
    if relation or d.sensitive_kind:
        return d
    if ended:
        d.operation = Operation.end
        d.negated = False
        if _NO_LONGER.search(read.text) and not read.flags & {"used_to", "stop"}:
            d.flags.add("denied_now")  # "I don't eat pork anymore": negated once the sentence is read (rules_sentence)
        if d.memory_type is MemoryType.episodic:
            d.memory_type = None  # "I haven't coached since the spring": a habit closed, not a deed done
        if d.predicate and d.predicate.startswith("planned_"):
            d.predicate = d.predicate.removeprefix("planned_")
    elif "neg" in read.flags and d.predicate is not None:
        d.negated = True
    if read.forget:
        d.operation = Operation.forget
    _given_up(read, d)
    if "past" in read.flags and d.operation is Operation.add and d.predicate in STATE_PREDICATES and "change" not in d.flags:
        d.flags.add("closed")  # "I lived in Shanghai": true once, not now
    if "task" in d.flags:
        d.memory_type = MemoryType.task
    _apply_times(read, d, ended)
    return d


def _given_up(read: ReadClause, d: Draft) -> None:
    """A new value said with the one it replaces ("I use Linear instead of Jira") supersedes it."""
    if d.predicate is None or d.replaces or d.negated or d.operation is not Operation.add \
            or d.memory_type in {MemoryType.episodic, MemoryType.task} or read.flags & {"plan", "will", "neg"}:
        return
    old = replaced_value(read.tokens, d.object, d.predicate)
    if old and old.lower() not in d.object.lower():
        d.replaces = old
        d.flags.add("change")


def _apply_times(read: ReadClause, d: Draft, ended: bool) -> None:
    if "timeless" in d.flags:
        return  # "my birthday is on 3 May": the date is the value, not when it became true
    spans = read.times or (read.sentence_times if "event" in d.flags else [])
    for span in spans:
        if span.kind is TimeKind.point and span.start and span.end:
            if "task" in d.flags:
                if span.end > read.reference and d.task_until is None:  # the first time said governs
                    d.task_until = span.end
                    if span.start.date() > read.reference.date():  # "tomorrow I'm presenting ...": the day it is on
                        d.plan_time = span.start
            elif "plan" in d.flags:
                d.plan_time = d.plan_time or span.start
            elif ended:
                d.valid_until = span.start if span.start <= read.reference else None
            else:
                d.valid_from = span.start if span.start <= read.reference else d.valid_from
        elif span.kind in (TimeKind.since, TimeKind.duration) and span.start:
            d.valid_from = span.start
        elif span.kind is TimeKind.range:
            d.valid_from, d.valid_until = span.start, span.end
        elif span.kind is TimeKind.until and span.end:
            if "task" in d.flags:
                d.task_until = span.end
            else:
                d.valid_until = span.end
        elif span.kind is TimeKind.present and "task" not in d.flags and not ended:
            d.valid_from = d.valid_from or read.reference
        elif span.kind is TimeKind.vague and span.start and not ended and "task" not in d.flags:
            d.valid_from = d.valid_from or span.start
        if "closed" in d.flags and span.kind is TimeKind.point and span.end and span.end <= read.reference:
            d.valid_until = span.end
    if "closed" in d.flags and d.valid_until is None:
        d.valid_until = read.reference


def resolve_answer(read: ReadClause, predicate: str) -> list[Draft]:
    """A bare answer to an assistant question ("Where do you live?" -> "Berlin")."""
    if not read.object_only or not read.tokens:
        return []
    tokens = _cut(read, [t for t in read.tokens if t.pos_ != "ADP"], entity=True)
    if not tokens or len(tokens) > 5:
        return []
    text = _text_of(read, tokens)
    if predicate == "preference":  # "Do you prefer tea or coffee?" -> "Coffee."
        predicate = preference_predicate(Obj(text, None, tokens), "prefer")
    draft = Draft(predicate=predicate, object=text, object_type=_type_of(tokens))
    return [_finish_draft(read, draft)]


# Shared with the structural fallback (rules_structural), which reads what no rule here read:
# the object cutter, the flag and time handling of a draft, the occupation test, and the
# news-of-a-change test ("I changed jobs"), so its drafts obey the same guards.
cut_object = _cut
finish_draft = _finish_draft
is_occupation = _is_occupation
announces_change = _announces_change
