"""A fact under construction (:class:`Draft`) and how it reads as a sentence.

Rules in :mod:`.rules_facts` make drafts, :mod:`.rules_sentence` combines a sentence's drafts,
and :meth:`Draft.to_candidate` turns each into the extractor's ``CandidateFact``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from ..candidates import CandidateFact, Operation
from ..model import EntityType, MemoryType
from ..temporal.predicates import is_preference
from .rules_lexicon import KIN_PLAIN, KIN_SIZES, KIN_WORDS, PAST_LEMMAS

_STRONG_HEDGE_CONFIDENCE = 0.35
_MILD_HEDGE_CONFIDENCE = 0.6


# The object's entity type a relation implies, when no entity label gave one.
_IMPLIED_TYPES: dict[str, EntityType] = {
    "lives_in": EntityType.place, "comes_from": EntityType.place, "works_at": EntityType.organization,
    "studies_at": EntityType.organization, "married_to": EntityType.person, "partner": EntityType.person,
    "name": EntityType.person, "uses_os": EntityType.product, "current_project": EntityType.product,
}


@dataclass
class Draft:
    """A fact under construction inside one sentence."""

    predicate: str | None
    object: str
    subject: str = "user"
    subject_type: EntityType = EntityType.person
    object_type: EntityType | None = None
    operation: Operation = Operation.add
    replaces: str | None = None
    negated: bool = False
    hedge: str | None = None
    memory_type: MemoryType | None = None
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    task_until: datetime | None = None
    sensitive_kind: str | None = None
    phrase: str = ""               # verb phrase of a task or plan ("sort out my trial credits")
    plan_time: datetime | None = None
    flags: set[str] = field(default_factory=set)
    context_only: bool = False     # said by the assistant, or superseded inside the sentence

    def to_candidate(self, turn: int, *, speaker: str | None = None,
                     span: tuple[int, int] | None = None) -> CandidateFact:
        """The candidate fact; ``speaker`` (a named turn) stands for "user" in the subject and text."""
        if speaker:
            self.subject = named(self.subject, speaker)
        hedged = self.hedge is not None
        confidence = None if not hedged else (
            _STRONG_HEDGE_CONFIDENCE if self.hedge == "strong" else _MILD_HEDGE_CONFIDENCE)
        memory_type = self.memory_type
        object_type = self.object_type or _IMPLIED_TYPES.get((self.predicate or "").removeprefix("planned_"))
        if object_type is None and (self.predicate or "").startswith("has_") and self.object[:1].isupper():
            object_type = EntityType.person
        if memory_type is None and is_preference(self.predicate):
            memory_type = MemoryType.preference
        if memory_type is None and hedged and self.operation is Operation.add:
            memory_type = MemoryType.hypothesis
        return CandidateFact(
            subject=plain_kin(self.subject), predicate=self.predicate or "", object=self.object, text=render(self),
            operation=self.operation, replaces=self.replaces, valid_from=self.valid_from,
            valid_until=self.valid_until, memory_type=memory_type, hedged=hedged, confidence=confidence,
            negated=self.negated, task_until=self.task_until, sensitive_kind=self.sensitive_kind,
            subject_type=self.subject_type, object_type=object_type, source_turn=turn, span=span)


def named(subject: str, speaker: str) -> str:
    """ "user" -> "Caroline", "user's mom" -> "Caroline's mom" for a named speaker."""
    if subject == "user":
        return speaker
    return f"{speaker}'s {subject.removeprefix(USER_PREFIX)}" if subject.startswith(USER_PREFIX) else subject


USER_PREFIX = "user's "


def plain_kin(subject: str) -> str:
    """ "user's mum" -> "user's mother", "Sol's little brother" -> "Sol's brother": one name for one
    relative however the speaker called them (the fact's text keeps the word said)."""
    owner, sep, relation = subject.partition("'s ")
    if not sep:
        return subject
    parts = []
    for part in relation.split("'s "):
        words = part.split()
        if len(words) == 2 and words[0] in KIN_SIZES and words[1] in KIN_WORDS:
            words = words[1:]
        parts.append(KIN_PLAIN.get(" ".join(words)) or " ".join(KIN_PLAIN.get(w, w) for w in words))  # "other half"
    return f"{owner}'s " + "'s ".join(parts)


def verb_3sg(verb: str) -> str:
    """Third-person present of a lemma; a past form spaCy left unlemmatised ("rebuilt") is mapped back first."""
    verb = _PAST_TO_BASE.get(verb, verb)
    if verb in _IRREGULAR_3SG:
        return _IRREGULAR_3SG[verb]
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


_IRREGULAR_3SG = {"have": "has", "be": "is"}

# Irregular past forms the tagger sometimes reads as present, and so leaves as their own lemma
# (the clause reader's list, plus spaCy's wrong lemmas of some: "bred" -> "bree").
_PAST_TO_BASE = {
    **PAST_LEMMAS,
    "rebuilt": "rebuild", "bred": "breed", "bree": "breed", "fed": "feed",
    "led": "lead", "sewn": "sew", "wove": "weave", "woven": "weave", "knitted": "knit",
    "dug": "dig", "spun": "spin", "bent": "bend", "lent": "lend", "dealt": "deal", "swept": "sweep",
    "hung": "hang", "roasted": "roast", "sped": "speed", "bled": "bleed", "fled": "flee",
    "slept": "sleep", "wept": "weep", "knelt": "kneel", "sought": "seek", "fought": "fight",
    "drew": "draw", "grew": "grow", "froze": "freeze", "stole": "steal", "chose": "choose", "shook": "shake",
    "forgot": "forget", "forgave": "forgive", "struck": "strike", "stuck": "stick", "bit": "bite", "strung": "string", "clung": "cling",
}


def verb_base(verb: str) -> str:
    """The base form of a third-person verb: "studies" -> "study", "watches" -> "watch"."""
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if re.search(r"(?:sh|ch|x|ss|z|o)es$", verb):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


# -- texts -----------------------------------------------------------------------------------

_TEMPLATES = {
    "lives_in": "{s} lives in {o}", "works_at": "{s} works at {o}", "works_in": "{s} works in {o}",
    "job_title": "{s} works as {a} {o}", "studies_at": "{s} studies at {o}", "studies": "{s} studies {o}",
    "age": "{s} is {o} years old", "relationship_status": "{s} is {o}", "married_to": "{s} is married to {o}",
    "partner": "{s} is in a relationship with {o}", "uses_os": "{s} uses {o}", "uses": "{s} uses {o}",
    "current_project": "{s} is working on {o}", "likes": "{s} likes {o}", "dislikes": "{s} dislikes {o}",
    "style_preference": "{s} prefers {o}", "allergic_to": "{s} is allergic to {o}",
    "takes_medication": "{s} takes {o}", "diet": "{s} is {o}", "has": "{s} has {o}", "name": "{s}'s name is {o}",
    "email": "{s}'s email is {o}", "phone": "{s}'s phone number is {o}", "birthday": "{s}'s birthday is {o}",
    "comes_from": "{s} is from {o}", "is_a": "{s} is {a} {o}", "nationality": "{s} is {o}",
    "employment_status": "{s} is {o}", "trait": "{s} is {o}", "birth_year": "{s} was born in {o}", "lives_with": "{s} lives with {o}", "address": "{s} shared their street address",
    "identity_number": "{s} shared an identity number", "card_number": "{s} shared a card number",
    "bank_account": "{s} shared a bank account number", "credential": "{s} shared a credential",
    "medical_condition": "{s} shared a health condition",
}


_NEGATED = {
    "is": "is not", "has": "does not have", "works": "does not work", "lives": "does not live",
    "likes": "does not like", "uses": "does not use", "takes": "does not take", "studies": "does not study",
    "prefers": "does not prefer", "can": "cannot",
}


def render(d: Draft) -> str:
    """The draft as a short third-person sentence."""
    s, o, p = d.subject, d.object, d.predicate or ""
    article = "an" if o[:1].lower() in "aeiou" else "a"
    if p == "has_task":
        verb = "is" if "progressive" in d.flags else "needs to"
        phrase = d.phrase or o
        text = f"{s} {verb} {phrase.removeprefix('be ') if verb == 'is' else phrase}"
        if d.plan_time:
            text += f" (from {d.plan_time.date().isoformat()})"
    elif p == "plans_to" and "progressive" in d.flags and d.phrase:
        text = f"{s} is {d.phrase[:1].lower()}{d.phrase[1:]}"
        if d.plan_time:
            text += f" (from {d.plan_time.date().isoformat()})"
    elif p == "plans_to" or p.startswith("planned_"):
        text = f"{s} plans to {d.phrase or o}"
        if d.plan_time:
            text += f" (from {d.plan_time.date().isoformat()})"
    elif "quantity" in d.flags and d.phrase:
        text = f"{s}'s {d.phrase}: {o}"
    elif "event" in d.flags and d.phrase:
        text = f"{s} {d.phrase}"
    elif p.startswith("preferred_"):
        text = f"{s} prefers {o} ({p.removeprefix('preferred_').replace('_', ' ')})"
    elif p.startswith("has_"):
        text = f"{o} is {s}'s {p.removeprefix('has_').replace('_', ' ')}"
    elif p == "activity":
        text = f"{s}'s habit: {o}" if o.endswith("ing") else f"{s} {verb_3sg(o)}"
    elif p in _TEMPLATES:
        text = _TEMPLATES[p].format(s=s, o=o, a=article)
    else:
        text = f"{s} {p.replace('_', ' ')} {o}"
    if d.negated:
        head, _, rest = text.partition(f"{s} ")
        verb, _, tail = rest.partition(" ")
        text = f"{head}{s} {_NEGATED.get(verb) or 'does not ' + verb_base(verb)} {tail}".rstrip()
    if d.operation is Operation.end:
        text = f"{text.rstrip()} (no longer)"  # an end with no value named: "user works at (no longer)"
    return text


def as_attempt(draft: Draft) -> Draft:
    """ "I'm trying to eat less sugar", "I've been trying to squeeze in some me-time": a habit the
    speaker works at, not a chore that expires in a week, so ``tries_to`` rather than ``has_task``."""
    if draft.predicate == "has_task" and "attempt" in draft.flags:
        draft.predicate, draft.memory_type, draft.task_until = "tries_to", None, None
        draft.flags -= {"task", "progressive"}
    return draft


# An object may not start on a word that joins it to a clause, nor end on one that needs more.
_GARBLED_LEAD = frozenset({"and", "or", "but", "what", "which", "who", "how", "if", "because", "when", "is", "was"})
_GARBLED_TAIL = frozenset({"and", "or", "to", "of", "with", "for", "the", "a", "an", "at", "in", "on", "by", "from",
                           "into", "about", "as", "than"})
_FINITE = re.compile(r"\b(?:is|was|were|am|'m|’m)\b", re.I)


def garbled(draft: Draft) -> bool:
    """An object that is no noun phrase but a piece of a sentence: it starts or ends on a word
    that joins it to something else ("and gain perspective", "learn as much as") or holds a
    verb of its own ("one was hurt", "for game development is incredible")."""
    if draft.predicate is None or not draft.object or '"' in draft.object or draft.sensitive_kind:
        return False
    words = draft.object.lower().split()
    return words[0] in _GARBLED_LEAD or words[-1] in _GARBLED_TAIL or bool(_FINITE.search(draft.object))

