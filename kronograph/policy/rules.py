"""MemoryPolicy: for each candidate fact, whether to keep it, as what, for how long, how sure,
and what it does to the facts already held for its slot.

    policy = MemoryPolicy(PolicyConfig(task_ttl=timedelta(days=3)), importance=lambda c, ctx: 0.5)
    verdict = policy.decide(candidate, PolicyContext(now=now, reference_time=now, records=slot))

Pure: no I/O, ``now`` comes in the context. Every rule is a method taking the candidate and
the context; replace one by passing a callable of the same shape to the constructor, or by
subclassing. The temporal engine still decides how a write settles; the policy only says
which write to make.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from ..candidates import DATE_FIX, CandidateFact, Operation, ResolutionHint, ResolutionKind
from ..model import Fact, MemoryType, Sensitivity
from ..sensitive import HEALTH, find_sensitive, redacted_kinds
from ..temporal.decisions import valid_at
from ..temporal.instants import UNKNOWN_START
from ..temporal.predicates import PREFERENCE_PREFIXES, SENSITIVE_PREDICATES, PredicateSchema, normalize_predicate
from ..temporal.said_days import parse_day
from ..temporal.timeline import object_key
from .config import DEFAULT_POLICY, PolicyConfig, SensitiveMode
from .dedup import find_narrower_or_wider, find_paraphrase

#: The predicate of a forget request for everything the user told.
EVERYTHING = "*"

_HEDGE_WORDS = re.compile(r"\b(?:might|may|maybe|perhaps|possibly|probably|unsure|not sure|unconfirmed|"
                         r"think|thinks|guess|guesses)\b", re.IGNORECASE)


class Action(StrEnum):
    """What the ingestion pipeline does with a candidate."""

    write = "write"    # a statement for the temporal writer (add, supersede, correct, reinforce)
    end = "end"        # close the validity of ``targets`` at ``at``
    forget = "forget"  # hard-delete ``targets``
    skip = "skip"      # nothing is stored; ``reason`` says why


@dataclass(frozen=True)
class PolicyContext:
    """What the policy may look at besides the candidate; the ingestion pipeline builds it.

    ``records`` are the facts held for the candidate's slot (believed records; for a forget
    request every current record of the predicates it names). ``hint`` is an extractor's
    proposed resolution (a :class:`ResolutionHint`, or its text form ``"duplicate:<fact_id>"``);
    ids that are not among ``records`` are ignored.
    """

    now: datetime
    reference_time: datetime
    run_id: str | None = None
    role: str = "user"
    records: tuple[Fact, ...] = ()
    hint: ResolutionHint | str | None = None
    schema: PredicateSchema = field(default_factory=PredicateSchema)
    # For a correction whose wrong value is not in its slot: the user's believed facts that mention it.
    related: tuple[Fact, ...] = ()
    # The subject's records in the slots a value of this one contradicts (see :func:`contrary_slots`).
    contrary: tuple[Fact, ...] = ()
    # How a forget request's Chinese topic word is found in a record (see :data:`TopicMatcher`).
    speaks_of: TopicMatcher | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "hint", ResolutionHint.of(self.hint))


@dataclass(frozen=True)
class Verdict:
    """The policy's decision for one candidate: the action, and the statement to write."""

    action: Action
    predicate: str
    object: str
    reason: str | None = None              # why nothing is stored (action skip)
    text: str | None = None                # replaces the candidate's sentence when set
    memory_type: MemoryType = MemoryType.fact
    confidence: float = 1.0
    importance: float = 0.5
    expires_at: datetime | None = None
    sensitivity: Sensitivity = Sensitivity.none
    sensitive_kinds: tuple[str, ...] = ()
    seal: bool = False                     # store the value encrypted
    run_id: str | None = None              # task context is bound to its run
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    correction: bool = False
    replaces: str | None = None
    prior: str | None = None               # old value, true since an unknown time until valid_from
    at: datetime | None = None             # when an end takes effect
    targets: tuple[Fact, ...] = ()         # records to end or to hard-delete
    close: tuple[Fact, ...] = ()           # records a change in a multi-valued slot ends
    contradicts: tuple[Fact, ...] = ()     # records in a contrary slot (not_likes, dislikes) the value ends


Rule = Callable[[CandidateFact, PolicyContext], Any]

# A liking and a dislike of one thing cannot both hold; each ends the other.
_OPPOSITES = {"likes": "dislikes", "dislikes": "likes"}


def _ended_at(candidate: CandidateFact) -> datetime | None:
    """When an ending says it happened ("I quit smoking last year"): the extractor dates an ending
    by the end of what it closes (``valid_until``), which is the time the record stops."""
    if candidate.operation is Operation.end and candidate.valid_from is None:
        return candidate.valid_until
    return None


def contrary_slots(predicate: str) -> tuple[str, ...]:
    """The slots whose value a plain statement in ``predicate`` contradicts: its denial
    ("not_has car" ended by "I've got a car now") and its opposite ("likes" and "dislikes")."""
    if predicate.startswith("not_"):
        return ()
    opposite = _OPPOSITES.get(predicate)
    return (f"not_{predicate}"[:64], *((opposite,) if opposite else ()))


_ABOUT = re.compile(r"\babout\s+(?P<what>[^.!?]+)", re.IGNORECASE)
_SELF_WORDS = re.compile(r"(?:me|myself|us|ourselves|everything|all of it|it all)", re.IGNORECASE)
_STOP = frozenset({"the", "a", "an", "my", "our", "your", "their", "his", "her", "of", "that", "this", "i", "me"})


_WORD = re.compile(r"[\w'-]+")


def _tokens(text: str) -> list[str]:
    """The words of a text as a forget request and the records it names are matched by, with a
    typographic apostrophe read as a plain one ("Kestovar’s" is "Kestovar's")."""
    return _WORD.findall(text.replace("’", "'"))


def _words(text: str) -> frozenset[str]:
    """The content words of a value, for matching what a forget request names."""
    return frozenset(w for w in _tokens(object_key(text)) if w not in _STOP)


def _correct_date(candidate: CandidateFact, context: PolicyContext, base: Verdict) -> Verdict:
    """"Thursday, not Tuesday" said alone: the held plan dated on the day taken back
    (the latest learned, dated within a week before the statement or after it) is corrected to
    the day meant: the wrong record is retracted, the right one written in its place."""
    old, new = parse_day(candidate.replaces or ""), parse_day(candidate.object)
    when = context.reference_time
    dated = [(r, at) for r in context.related if (at := _stated_date(r)) is not None]
    hits = [(r, at) for r, at in dated if old is not None and old.fits(at) and (when is None or at >= when - _A_WEEK)]
    if old is None or new is None or not hits:
        return replace(base, reason="no held date falls on the day taken back")
    held, at = max(hits, key=lambda hit: hit[0].recorded_at)
    moved = old.moved(at, new)
    if moved is None:
        return replace(base, reason="the day meant does not exist")
    text = _PLAN_DATE.sub(f"(from {moved.date().isoformat()})", held.text, count=1)
    return replace(base, action=Action.write, predicate=held.predicate, object=held.object, text=text,
                   memory_type=held.memory_type, confidence=held.confidence, importance=held.importance,
                   expires_at=held.expires_at, sensitivity=held.sensitivity, run_id=held.run_id,
                   valid_until=held.stated_until, correction=True, replaces=held.object)


def _stated_date(fact: Fact) -> datetime | None:
    """The date a plan says it is for ("... (from 2026-03-05)"); an event's own date is its
    interval, which a correction in place cannot move (it corrects what holds at the new date)."""
    said = _PLAN_DATE.search(fact.text)
    if said is None:
        return None
    try:
        return datetime.fromisoformat(said.group(1)).replace(tzinfo=fact.valid_from.tzinfo)
    except ValueError:  # a fact's text written by hand may name no real day ("(from 2026-02-30)")
        return None


_PLAN_DATE = re.compile(r"\(from (\d{4}-\d{2}-\d{2})\)")
_A_WEEK = timedelta(days=7)


def _has_word(text: str, word: str) -> bool:
    """Whether ``word`` occurs in ``text`` (either case) with no word character against it: found
    by position, not by a pattern built per call (that would crowd re's cache)."""
    folded, sought = text.casefold(), word.casefold()
    if not sought or len(folded) != len(text):
        return bool(sought) and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE) is not None
    at = folded.find(sought)
    while at >= 0:
        end = at + len(sought)
        if (at == 0 or not _word_char(folded[at - 1])) and (end >= len(folded) or not _word_char(folded[end])):
            return True
        at = folded.find(sought, at + 1)
    return False


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def _names(named: frozenset[str], value: str) -> bool:
    """True when a request naming ``named`` refers to a record holding ``value``: all of the
    named words are in the value, or all of the value's words are in what was named."""
    held = _words(value)
    return bool(named) and bool(held) and (named <= held or held <= named)


#: Words of a forget request that say how it was said, not what it names ("the band I mentioned").
_REQUEST_WORDS = frozenset({"i", "me", "you", "we", "said", "told", "mentioned", "shared", "wrote", "just", "about",
                            "everything", "anything", "all", "stuff", "bit", "part", "thing", "things", "is", "are",
                            "was", "were", "am", "do", "does", "did", "which", "who", "what", "where", "when",
                            "old", "previous", "former", "current", "earlier", "before", "please", "a"})
#: Words a slot's name stands for in a request ("my favourite pub" -> preferred_pub, "my old job" -> works_at).
_SLOT_SENSES = {"preferred": ("favourite", "favorite"), "works": ("job", "employer", "company", "work"),
                "job": ("work", "occupation", "profession"), "lives": ("live", "home", "city", "hometown"),
                "name": ("called", "named")}


def _stem(word: str) -> str:
    """A word's crude stem for matching a request against a record: case, possessive, plural/3rd person."""
    word = word.casefold().removesuffix("'s").strip("'")
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def request_words(text: str) -> frozenset[str]:
    """The words a forget request names something by ("my dog's name" -> {dog, name})."""
    return frozenset(_stem(w) for w in _tokens(text)
                     if w.casefold() not in _STOP and w.casefold() not in _REQUEST_WORDS) - {""}


def said_words(text: str) -> frozenset[str]:
    """The stems of every word in a text (a statement, a record's fields)."""
    return frozenset(_stem(w) for w in _tokens(text)) - {""}


_CJK = re.compile(r"[\u3400-\u9fff]")


#: How a Chinese topic word is found in a text: ``speaks_of(topic, text)``. Segmenting needs a dictionary,
#: so the write path passes one in (:func:`kronograph.topics.speaks_of`); without it, by characters.
TopicMatcher = Callable[[str, str], bool]


def _by_characters(topic: str, text: str) -> bool:
    return topic in text


def words_in(named: frozenset[str], text: str, speaks_of: TopicMatcher | None = None) -> bool:
    """True when every word a request names is in ``text``: a Chinese word as ``speaks_of`` finds it
    ("猫" is in "我家小猫", not in "熊猫"), other words as words."""
    said = said_words(text)
    folded = text.casefold()
    found = speaks_of or _by_characters
    return bool(named) and all(found(w, folded) if _CJK.search(w) else w in said for w in named)


def record_words(record: Fact) -> frozenset[str]:
    """What a record can be named by: its subject, object, sentence and the words of its slot."""
    slot = record.predicate.split("_")
    words = set(said_words(" ".join([record.subject, record.object, record.text, *slot])))
    for part in slot:
        words.update(_SLOT_SENSES.get(part, ()))
    return frozenset(words)


class MemoryPolicy:
    """Decides what is remembered, how, and for how long. Replace any rule by keyword:

        MemoryPolicy(config, refusal=..., memory_type=..., confidence=..., importance=...,
                     expires_at=..., sensitive_kinds=...)

    Each replacement is called as ``rule(candidate, context)`` (``confidence``,
    ``importance`` and ``expires_at`` also get ``memory_type=`` by keyword).
    """

    def __init__(self, config: PolicyConfig | None = None, **rules: Rule) -> None:
        if config is not None and not isinstance(config, PolicyConfig):
            from ..errors import FieldTypeError

            raise FieldTypeError("config", f"expected a PolicyConfig, got {type(config).__name__}")
        self.config = config or DEFAULT_POLICY
        allowed = {"refusal", "memory_type", "confidence", "importance", "expires_at", "sensitive_kinds"}
        for name, rule in rules.items():
            if name not in allowed:
                from ..errors import UsageError

                raise UsageError(name, f"is not a replaceable rule; use one of {', '.join(sorted(allowed))}")
            if not callable(rule):
                from ..errors import FieldTypeError

                raise FieldTypeError(name, "expected a callable (candidate, context) -> value")
            setattr(self, name, rule)

    # -- the decision ------------------------------------------------------------------
    def decide(self, candidate: CandidateFact, context: PolicyContext) -> Verdict:
        """The verdict for one candidate in its context."""
        predicate = self.predicate(candidate)
        base = Verdict(action=Action.skip, predicate=predicate, object=candidate.object.strip())
        reason = self.refusal(candidate, context)
        if reason is not None:
            return replace(base, reason=reason)
        if candidate.operation is Operation.forget:
            return self._forget(candidate, context, base)
        if candidate.predicate == DATE_FIX:
            return _correct_date(candidate, context, base)
        kinds = tuple(self.sensitive_kinds(candidate, context))
        memory_type = self.memory_type(candidate, context)
        confidence = self.confidence(candidate, context, memory_type=memory_type)
        verdict = replace(
            base, action=Action.write, memory_type=memory_type, confidence=confidence,
            importance=self.importance(candidate, context, memory_type=memory_type),
            expires_at=self.expires_at(candidate, context, memory_type=memory_type),
            sensitivity=Sensitivity.personal if predicate in self.config.safety_critical_predicates
            else Sensitivity.none,
            run_id=context.run_id if memory_type is MemoryType.task else None,
            valid_from=candidate.valid_from, valid_until=candidate.valid_until,
            text=self.sentence(candidate, memory_type),
        )
        if kinds:
            if self.config.sensitive_mode is SensitiveMode.refuse:
                return replace(base, sensitive_kinds=kinds, reason=(
                    f"sensitive data ({', '.join(kinds)}) is not stored; the policy refuses it by default"))
            verdict = replace(verdict, seal=True, sensitivity=Sensitivity.sensitive, sensitive_kinds=kinds,
                              expires_at=context.now + self.config.sensitive_ttl)
        return self._resolve(candidate, context, verdict)

    # -- replaceable rules -------------------------------------------------------------
    def predicate(self, candidate: CandidateFact) -> str:
        """The canonical predicate: paraphrased relations fold into one (enjoys -> likes).
        ``*`` in a forget request stands for everything."""
        if candidate.operation is Operation.forget and candidate.predicate.strip() == EVERYTHING:
            return EVERYTHING
        name = normalize_predicate(candidate.predicate)
        return self.config.predicate_aliases.get(name, name)

    def refusal(self, candidate: CandidateFact, context: PolicyContext) -> str | None:
        """Why the candidate is not worth remembering at all (None: it may be)."""
        if context.role not in self.config.fact_roles:
            return f"said by the {context.role}: context, not a fact about the user"
        if candidate.operation not in {Operation.forget, Operation.end} and not candidate.object.strip():
            return "the statement names no value"
        return None

    def sensitive_kinds(self, candidate: CandidateFact, context: PolicyContext) -> list[str]:
        """Kinds of sensitive data the fact carries (detected, hinted, or implied by its predicate).
        Safety-critical health facts (allergies, medication) are kept: the agent needs them."""
        wanted = self.config.sensitive_kinds
        predicate = self.predicate(candidate)
        kinds: list[str] = []
        for text in (candidate.object, candidate.text, candidate.replaces or ""):
            kinds += [f.kind for f in find_sensitive(text, wanted)]
            kinds += [k for k in redacted_kinds(text) if k in wanted]
        if candidate.sensitive_kind in wanted:
            kinds.append(candidate.sensitive_kind)
        if SENSITIVE_PREDICATES.get(predicate) in wanted:
            kinds.append(SENSITIVE_PREDICATES[predicate])
        if predicate in self.config.safety_critical_predicates:
            kinds = [k for k in kinds if k != HEALTH]
        return list(dict.fromkeys(kinds))

    def memory_type(self, candidate: CandidateFact, context: PolicyContext) -> MemoryType:
        """Hedged -> hypothesis; a stated period or task predicate -> task; likes -> preference."""
        predicate = self.predicate(candidate)
        if candidate.hedged:
            return MemoryType.hypothesis
        if candidate.task_until is not None or predicate in self.config.task_predicates:
            return MemoryType.task
        if candidate.memory_type is not None:
            return candidate.memory_type
        if predicate in self.config.preference_predicates or predicate.startswith(PREFERENCE_PREFIXES):
            return MemoryType.preference
        return MemoryType.fact

    def confidence(self, candidate: CandidateFact, context: PolicyContext, *, memory_type: MemoryType) -> float:
        """A hedge or hypothesis is capped below 0.5; a plain statement gets the extractor's
        confidence or ``stated_confidence``."""
        if candidate.hedged or memory_type is MemoryType.hypothesis:
            return min(candidate.confidence or self.config.hedged_confidence, self.config.hedged_confidence)
        return candidate.confidence if candidate.confidence is not None else self.config.stated_confidence

    def importance(self, candidate: CandidateFact, context: PolicyContext, *, memory_type: MemoryType) -> float:
        """Safety-critical facts matter most, then the core profile, then by memory type."""
        predicate = self.predicate(candidate)
        if predicate in self.config.safety_critical_predicates:
            return self.config.safety_critical_importance
        if predicate in self.config.core_predicates and memory_type is MemoryType.fact:
            return self.config.core_importance
        return self.config.importance.get(memory_type, 0.5)

    def expires_at(self, candidate: CandidateFact, context: PolicyContext, *,
                   memory_type: MemoryType) -> datetime | None:
        """Tasks end with their stated period (default ``task_ttl``); hypotheses after
        ``hypothesis_ttl`` unless confirmed, except safety-critical ones: a possible allergy
        must keep warning the agent until it is confirmed or denied. Nothing else lapses."""
        if memory_type is MemoryType.task:
            return candidate.task_until or context.reference_time + self.config.task_ttl
        if memory_type is MemoryType.hypothesis and not self.is_safety_critical(candidate.predicate):
            return context.reference_time + self.config.hypothesis_ttl
        return None

    def sentence(self, candidate: CandidateFact, memory_type: MemoryType) -> str | None:
        """A hypothesis must not read as certain: its sentence says it is unconfirmed
        (None keeps the extractor's sentence)."""
        if memory_type is MemoryType.hypothesis and not _HEDGE_WORDS.search(candidate.text):
            return f"unconfirmed: {candidate.text}"
        return None

    # -- how the candidate meets the slot ----------------------------------------------
    def is_safety_critical(self, predicate: str) -> bool:
        """Facts a hedged statement must never downgrade or close."""
        return predicate in self.config.safety_critical_predicates

    def forget_predicates(self, candidate: CandidateFact) -> frozenset[str]:
        """The predicates a forget request reaches: its group (address -> address, lives_at, ...)."""
        predicate = self.predicate(candidate)
        if predicate == EVERYTHING:
            return frozenset({EVERYTHING})
        for name, members in self.config.forget_groups.items():
            if predicate == name or predicate in members:
                return frozenset(members | {name})
        return frozenset({predicate})

    def _forget(self, candidate: CandidateFact, context: PolicyContext, base: Verdict) -> Verdict:
        """The records a forget request refers to, most recent first: those of its group whose
        value is the one named (the same words, or words it contains: "Trundlewort tea" names
        "Trundlewort tea in the morning"); a request "about" someone or something reaches
        only the records that mention it, never everything."""
        targets = list(context.records)
        about = _ABOUT.search(candidate.text or "")
        named_text = candidate.object.strip() or (about["what"] if about else "")
        if candidate.predicate.strip() == EVERYTHING and named_text and not _SELF_WORDS.fullmatch(named_text.strip()):
            named = _words(named_text)  # "forget everything about Zorvexa": what mentions Zorvexa, not everything
            asked = request_words(named_text)  # "my dog's name", "which café I like": words the record holds
            found = [r for r in targets if _names(named, r.object) or _names(named, r.subject)
                     or (asked and asked <= record_words(r))
                     or (any(_CJK.search(w) for w in asked) and words_in(asked, " ".join([r.subject, r.object, r.text]),
                                                                           context.speaks_of))]
            # "about my brother" also reaches what was said about him by name ("Kestovar lives in Oslo").
            who = {object_key(r.object) for r in found if r.object_entity_id is not None}
            seen = {r.id for r in found}
            targets = found + [r for r in targets if r.id not in seen and object_key(r.subject) in who]
        elif candidate.object.strip():
            named = _words(candidate.object)
            targets = [r for r in targets if r.sensitivity is Sensitivity.sensitive or _names(named, r.object)]
        targets.sort(key=lambda r: r.recorded_at, reverse=True)
        if self.config.forget_recent_minutes > 0:
            since = context.now.timestamp() - self.config.forget_recent_minutes * 60
            targets = [r for r in targets if r.recorded_at.timestamp() >= since]
        if not targets:
            return replace(base, reason="nothing held matches the forget request")
        return replace(base, action=Action.forget, targets=tuple(targets))

    def _hinted(self, context: PolicyContext) -> tuple[ResolutionKind, Fact] | None:
        hint = ResolutionHint.of(context.hint)
        if hint is None or hint.kind is ResolutionKind.new:
            return None
        for record in context.records:
            if record.id == hint.fact_id:
                return hint.kind, record
        return None

    def _resolve(self, candidate: CandidateFact, context: PolicyContext, verdict: Verdict) -> Verdict:
        """Turn the operation (and an extractor's hint) into the write to make."""
        records = list(context.records)
        single = context.schema.is_single_valued(verdict.predicate)
        hedged = verdict.memory_type is MemoryType.hypothesis
        when = candidate.valid_from or _ended_at(candidate) or context.reference_time
        operation = candidate.operation
        replaces = candidate.replaces
        hinted = self._hinted(context)
        if hinted is not None:
            kind, record = hinted
            if kind is ResolutionKind.duplicate:
                return replace(verdict, object=record.object, valid_from=verdict.valid_from or when)
            if kind is ResolutionKind.corrects:
                operation, replaces = Operation.correct, record.object
            elif kind is ResolutionKind.ends:
                operation = Operation.end
                verdict = replace(verdict, object=record.object)
            elif kind is ResolutionKind.supersedes:
                operation, replaces = Operation.add, record.object
        if candidate.negated and operation is Operation.add:
            operation = Operation.end
        if operation is Operation.end:
            current = valid_at(records, when)
            targets = [r for r in current if not verdict.object or object_key(r.object) == object_key(verdict.object)]
            if not verdict.object and len(targets) > 1:
                # "We split up", "I'm single again": the one held now (the latest begun), not every
                # partner the slot still holds open
                latest = max(r.valid_from for r in targets)
                targets = [r for r in targets if r.valid_from == latest]
            if not targets and verdict.object:
                # "I stopped taking lisinopril" ends "20mg of lisinopril" when it is the only match.
                close = find_narrower_or_wider(verdict.object, current)
                targets = close if len({object_key(r.object) for r in close}) == 1 else []
            guard = self._guard(verdict.predicate, targets, hedged)
            if guard:
                return replace(verdict, action=Action.skip, reason=guard)
            if not targets:
                if candidate.negated:
                    return replace(verdict, predicate=f"not_{verdict.predicate}"[:64], valid_from=when)
                if not verdict.object:
                    return replace(verdict, action=Action.skip, reason="nothing held is ended by the statement")
                # "I no longer like X" with X unknown: X was so, since some unknown time, until now.
                return replace(verdict, valid_from=UNKNOWN_START, valid_until=when if when > UNKNOWN_START else None)
            return replace(verdict, action=Action.end, targets=tuple(targets), at=when)
        if operation is Operation.correct:
            at = when  # the statement's time, never the wall clock (issue 12)
            wrong = [r for r in valid_at(records, at)
                     if (object_key(r.object) == object_key(replaces) if replaces
                         else object_key(r.object) != object_key(verdict.object))]
            if not wrong and replaces and not candidate.slot_named:  # a slot the user was asked about is kept
                moved = self._correct_elsewhere(verdict, replaces, [r for r in context.related
                                                                    if r.valid_until is None or r.valid_until > at])
                if moved is not None:
                    verdict, wrong = moved, [r for r in context.related if r.object == moved.replaces]
                    replaces = moved.replaces
            guard = self._guard(verdict.predicate, wrong, hedged)
            if guard:
                return replace(verdict, action=Action.skip, reason=guard)
            # A correction dated only by when it was said takes the wrong record's start; with
            # nothing held to correct it holds from when it was said, like any statement.
            said = candidate.valid_from is not None and candidate.valid_from != context.reference_time
            return replace(verdict, correction=True, replaces=replaces,
                           valid_from=candidate.valid_from if said else (None if wrong else when))
        # An ordinary statement: a paraphrase of a held value reinforces it.
        same = find_paraphrase(verdict.object, [r for r in records if r.valid_until is None] or records)
        if same is not None:
            return replace(verdict, object=same.object, valid_from=verdict.valid_from or when)
        displaced = [r for r in valid_at(records, when) if single and object_key(r.object) != object_key(
            verdict.object)]
        guard = self._guard(verdict.predicate, displaced, hedged, any_predicate=True)
        if guard:
            return replace(verdict, action=Action.skip, reason=guard)
        verdict = replace(verdict, valid_from=verdict.valid_from or when)
        contradicted = tuple(r for r in valid_at(list(context.contrary), when)
                             if object_key(r.object) == object_key(verdict.object))
        if contradicted and not hedged:
            verdict = replace(verdict, contradicts=contradicted)
        if replaces:
            held = [r for r in records if object_key(r.object) == object_key(replaces)]
            if not held:
                return replace(verdict, prior=replaces)
            if not single:
                return replace(verdict, close=tuple(r for r in valid_at(held, when)))
        return verdict

    @staticmethod
    def _correct_elsewhere(verdict: Verdict, replaces: str, related: list[Fact]) -> Verdict | None:
        """"Actually it's iOS, not Android" read as ``uses_os`` while ``current_project`` holds
        "Android app": correct the one held fact that mentions the wrong value, in its own
        slot, swapping the value inside it ("Android app" -> "iOS app")."""
        hits = [r for r in related if _has_word(r.object, replaces.strip())]
        if len({(r.predicate, r.object) for r in hits}) != 1:
            return None
        held = hits[0]
        value = verdict.object.strip()
        wrong = re.compile(rf"(?<!\w){re.escape(replaces.strip())}(?!\w)", re.IGNORECASE)  # only once one is found
        return replace(verdict, predicate=held.predicate, replaces=held.object,
                       object=wrong.sub(value, held.object, count=1), text=wrong.sub(value, held.text))

    def _guard(self, predicate: str, targets: list[Fact], hedged: bool, *, any_predicate: bool = False) -> str | None:
        """A hedge never closes or replaces something held with more certainty."""
        if not hedged or not targets:
            return None
        sure = [t for t in targets if t.confidence > self.config.hedged_confidence]
        if not sure:
            return None
        if self.is_safety_critical(predicate):
            return "a hedged statement does not downgrade or close a safety-critical fact"
        if any_predicate:
            return "a hedged statement does not replace a fact held with more certainty"
        return "a hedged statement does not close a fact held with more certainty"
