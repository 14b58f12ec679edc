"""The old value a change names beside the new one, in any construction.

"Now I use Linear instead of Jira", "I'm on the payments squad rather than search", "I cycle
in place of the Tube": the phrase after *instead of* / *rather than* / *in place of* is the
value the new fact supersedes, so the slot's old record closes even when the relation is
multi-valued. A comparison of tastes ("I'd pick tea rather than coffee") is no change: the
other value stays what it was. An act given up ("I work at Google instead of sleeping") is no
value of the slot unless the slot holds ways of doing (a pastime, a way to travel: "the bus
instead of driving in") or the new value is an act too ("swimming instead of running").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..candidates import Operation
from .rules_draft import Draft

# the words that introduce the value given up, as (first, second[, third]) lowercase tokens
_MARKERS = (("instead", "of"), ("rather", "than"), ("in", "place", "of"))
# what a compared taste says: the other value is not replaced ("I'd choose X rather than Y")
_COMPARING = frozenset({"prefer", "rather", "choose", "pick", "favour", "favor", "like", "love", "enjoy"})
_LEADING = frozenset({"a", "an", "the", "my", "our", "some", "that", "this", "those", "these", "doing", "being"})
# slots whose values are ways of doing, so a gerund given up is one of their values
_ACT_SLOTS = ("transport", "commute", "activity", "hobby", "hobbies", "sport", "exercise", "pastime", "routine")
_STOP_POS = frozenset({"CCONJ", "SCONJ", "PUNCT", "AUX"})
_STOP_WORDS = frozenset({"now", "anymore", "nowadays", "these", "lately", "because", "since", "so", "which", "when"})


def _marker_at(tokens: list[Any], i: int) -> int:
    """How many tokens the marker starting at ``tokens[i]`` spans (0 when none starts there)."""
    for marker in _MARKERS:
        words = [t.lower_ for t in tokens[i:i + len(marker)]]
        if tuple(words) == marker:
            return len(marker)
    return 0


def replaced_value(tokens: list[Any], value: str = "", predicate: str = "") -> str | None:
    """The value an *instead of* / *rather than* phrase gives up, cut to its phrase, or None.

    ``tokens`` are the clause's core tokens in order (spaCy tokens); ``value`` and ``predicate`` are the new fact's."""
    for i in range(1, len(tokens)):
        width = _marker_at(tokens, i)
        if not width:
            continue
        if any(t.lemma_.lower() in _COMPARING for t in tokens[:i]):
            return None  # a taste compared, not a value given up
        phrase: list[Any] = []
        for tok in tokens[i + width:]:
            if tok.pos_ in _STOP_POS or tok.lower_ in _STOP_WORDS or (phrase and tok.pos_ == "PRON"):
                break
            phrase.append(tok)
        while phrase and (phrase[0].lower_ in _LEADING or phrase[0].tag_ == "PRP$"):
            phrase = phrase[1:]
        while phrase and phrase[-1].pos_ in {"ADP", "DET", "ADV", "PART"}:
            phrase = phrase[:-1]
        acts = value.lower().rstrip().endswith("ing") or any(w in predicate for w in _ACT_SLOTS)
        if not phrase or (phrase[0].tag_ == "VBG" and not acts):
            return None  # an act given up, beside a value that is no act
        return "".join(t.text_with_ws for t in phrase).strip()
    return None


# an event of getting a thing: "got a Tesla", "bought an e-bike", "put in a heat pump"
_TAKING = frozenset({"gets", "buys", "puts_in", "installs", "fits", "picks_up"})
# what one holds and can give up for another
_HELD = frozenset({"has", "owns", "uses", "drives"})


def taken_in_place(out: list[Draft]) -> None:
    """A thing given up and another got in the next clause ("we sold the Fiesta, got a Tesla",
    "the old sofa went to the tip and we bought a corner one"): the thing got is held now, in place
    of the one given up; the ending is then only context. ``out``: one sentence's drafts."""
    for i, old in enumerate(out):
        if old.operation is not Operation.end or old.predicate not in _HELD or old.context_only or old.negated:
            continue
        new = next((d for d in out[i + 1:] if d.predicate in _TAKING and d.subject == old.subject
                    and d.operation is Operation.add and not d.negated and not d.context_only
                    and d.object.lower() != old.object.lower()), None)
        if new is not None:
            new.predicate, new.memory_type, new.replaces = old.predicate, None, old.object
            new.flags = (new.flags - {"event"}) | {"change"}
            old.context_only = True


def named_after(out: list[Draft]) -> None:
    """An ended value said after the new one ("I'm vegan now, used to be vegetarian", "my dad
    lives in Leeds now, used to live in York") is the value the new one replaces, as when it
    comes first; the ending itself is then only context. ``out``: one sentence's drafts."""
    for i, old in enumerate(out):
        if old.operation is not Operation.end or not old.predicate or old.context_only or old.flags & {"relation", "closed"}:
            continue
        new = next((d for d in reversed(out[:i]) if d.predicate == old.predicate and d.subject == old.subject
                    and d.operation is Operation.add and not d.negated and not d.replaces and not d.context_only
                    and d.object.lower() != old.object.lower()), None)
        if new is not None:
            new.replaces = old.object
            old.context_only = True


# "(now) it's Y", "these days it's all Y", "it's Y instead": a clause that names only the new value
_NOW_IT_IS = re.compile(r"^\W*(?:(?:but|and|so)\s+)?(?P<now>(?:now|these\s+days|nowadays|lately)\s*,?\s+)?"
                        r"(?:(?:it'?s|it\s+is|its)\s+(?:all\s+(?:about\s+)?|mostly\s+|just\s+|only\s+)?|"
                        # "now I'm all about matcha", "these days I'm really into Valorant": the taste taken up
                        r"(?P<into>(?:I'?m|I\s+am|im)\s+(?:(?:all|really|more|much\s+more|totally|very|big|so|mostly)\s+)*(?:into|about)\s+))(?:(?:a|an|the)\s+)?(?P<value>[\w'&+-]+(?:\s+[\w'&+-]+){0,3}?)"
                        r"(?P<later>\s+(?:now|these\s+days|nowadays|instead))?\s*[.!]*$", re.I)
_NOT_VALUES = frozenset({"fine", "ok", "okay", "good", "great", "better", "worse", "different", "hard", "easy", "over", "done",
                         "true", "funny", "weird", "annoying", "nice", "lovely", "mad", "crazy", "what", "that", "this", "time",
                         "my", "our", "your", "his", "her", "their", "not", "no", "never", "too", "so", "very", "really"})


def now_it_is(clause: str, said: list[Draft]) -> list[Draft]:
    """The new value of a slot said bare after the old one ended in the same sentence ("I used to drink
    coffee, these days it's green tea", "used to run every morning, now it's swimming"): it takes the
    ended value's slot and replaces it. ``said``: the sentence's drafts so far."""
    m = _NOW_IT_IS.match(re.split(r",\s+", clause)[-1])  # the clause's last piece: "..., these days it's green tea"
    if m is None or not (m["now"] or m["later"]) or m["value"].split()[0].lower() in _NOT_VALUES:
        return []
    same = [d for d in said if d.predicate and d.object.lower() == m["value"].lower()]
    if any(not (m["into"] and d.predicate == "likes" and d.operation is Operation.add and not d.negated) for d in same):
        return []
    ended = next((d for d in reversed(said) if d.operation is Operation.end and d.predicate and not d.context_only
                  and not d.negated and not d.flags & {"relation", "closed"}), None)
    if ended is None:
        return []
    new = replace(ended, object=m["value"], operation=Operation.add, replaces=ended.object, object_type=None,
                  flags={"change", "now"}, valid_from=None, valid_until=None, memory_type=None)
    ended.context_only = True
    for liked in same:  # "now I'm into Valorant" read as a liking too: the new value says it
        liked.context_only = True
    return [new]
