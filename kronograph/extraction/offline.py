"""The offline extractor: spaCy parse + rules turn chat messages into candidate facts, with
no LLM and no network.

    extractor = OfflineExtractor()
    episode = EpisodeInput(turns=[Turn(content="I moved from Shanghai to Hangzhou last month.")],
                           reference_time=datetime(2026, 5, 6, tzinfo=UTC), scope=Scope(user_id="u1"))
    extractor.extract(episode).facts[0].text   # 'user lives in Hangzhou' (replaces Shanghai, from 2026-04-01)

How it reads a message: it is split into sentences and clauses ("I used to like X; now I
prefer Y" is two clauses), every clause is parsed by spaCy in one ``nlp.pipe`` batch, and
the words that only colour a clause (time phrases, hedges, "actually", "no longer",
"used to", "will") are lifted off as flags (:mod:`.rules_clause`). What remains reads like
"i move from Shanghai to Hangzhou"; the rules in :mod:`.rules_facts` name the relation.
Clauses are then combined (:mod:`.rules_sentence`): a denial followed by a new value is a
correction, an ended value followed by a new one is a change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..candidates import FORGET_LAST_MESSAGE
from ..errors import ExtractionError, UsageError
from ..language import turns_language
from ..model import Episode
from ..temporal.instants import to_instant
from .base import CandidateFact, EpisodeInput, ExistingLookup, Extraction, Operation, unique_candidates
from .change_wordings import CHANGE_REWRITES
from .confirm_wordings import CONFIRM_REWRITES
from .correction_wordings import CORRECTION_REWRITES, SET_ASIDE
from .end_wordings import END_REWRITES
from .event_wordings import EVENT_REWRITES, HAPPENING
from .forget_words import ASK, FORGET_TARGETS, KEEP_NOT, LEAD, REMOVE, SEALED_SLOTS
from .hedge_wordings import HEDGE_REWRITES
from .negation_wordings import NEGATION_REWRITES
from .pattern_gate import folded, needs, present, refers_to_groups
from .person_wordings import PERSON_REWRITES
from .plan_wordings import PLAN_REWRITES
from .rules_change import now_it_is
from .rules_chatter import says_nothing
from .rules_clause import Clause, ClauseReader, confirms, plan_lead, split_clauses, subjectless_cut
from .rules_contrast import contrasted
from .rules_date_fix import date_fix
from .rules_draft import Draft, as_attempt, garbled, named
from .rules_events import names_nothing, undated_long_ago
from .rules_facts import held_back, read_clause, resolve_answer
from .rules_figurative import literal
from .rules_forget import canonical_request
from .rules_forget import read_request as read_forget_request
from .rules_lexicon import ruler_patterns
from .rules_places import place_facts, with_places
from .rules_quantity import states_quantity
from .rules_restate import (
    answered_whole,
    as_star_sign,
    counterpart_value,
    denies_a_value,
    echoed,
    joined_instead,
    joined_retractions,
    own_counterpart,
    restate,
    retimed,
)
from .rules_sensitive import holds_private, refuse_private, tells_private
from .rules_sentence import finish, names_guess, settles
from .rules_settled import read_settled
from .rules_structural import read_structure
from .rules_unmeant import meant_sentences, unmeant_clause
from .rules_updates import colour_facts, with_colours
from .spacy_model import load_english
from .stance_wordings import STANCE_REWRITES
from .task_wordings import TASK_REWRITES
from .workers import ForkedWorkers
from .zh.extractor import extract_facts as extract_chinese

if TYPE_CHECKING:
    from spacy.language import Language

_FORGET = re.compile(LEAD + ASK + REMOVE + r"\b\s*(?P<rest>.*)$", re.I | re.S)
_DONT_REMEMBER = re.compile(LEAD + r"(?:please\s+)?" + KEEP_NOT + r"\s*(?P<rest>.*)$", re.I | re.S)
# Words in a forget request -> the predicate it names (the policy widens it to its group).
_FORGET_TARGETS = [(re.compile(pattern, re.I), predicate) for pattern, predicate in FORGET_TARGETS]
# the words a slot was named by, with the noun after them ("passport" -> "passport number")
_SLOT_NOUN = re.compile(r"\s+(?:number|no|details|address|code|key|info)\b", re.I)
# where one slot of a list ends: "my email and my phone number", "my address & postcode"
_LISTED = re.compile(r"\s+(?:and|&|plus|as\s+well\s+as)\s+(?=(?:my|the|your|our|his|her)\s|\w)", re.I)
# where the words naming what to forget end: the next clause is about something else
_CLAUSE_END = re.compile(r"[,;:]|\s(?:but|just|so|because|since|then|and\s+(?:just|then|help|can|could|tell|give))\b", re.I)


# the words without which no sentence asks the memory to let something go (a cheap gate before the readers)
# "ignore what I said about Bristol, the wedding's in Bath": a correction, never read as a request to forget
_SET_ASIDE = re.compile(SET_ASIDE, re.I)
_MAY_ASK_FORGET = re.compile(r"\b(?:forget|delete|erase|remove|wipe|drop|discard|clear|purge|scrub|scrap|ditch|toss|bin|nuke|"
                             r"dump|lose|rid|throw|disregard|ignore|undo|cancel|scratch|strike|mind|keep|kept|stor|sav|retain|"
                             r"remember|record|log|hold|hang|note|writ|track|memori[sz]|un-?(?:remember|learn|know|see)|take|deleted|removed|"
                             r"wiped|erased|gone|leave|pretend|act\s+(?:like|as)|in\s+(?:here|there))", re.I)
# where a reason said after a request may begin: "..., it's not public yet", "...; I overshared"
_REQUEST_CUT = re.compile(r"\s*(?:[,;:]|\s[\u2013\u2014-])\s+(?=\S)")


_FORGET_LABELS = {"*": "everything", "lives_in": "where they live", "works_at": "their employer",
                  "job_title": "their job", "takes_medication": "their medication",
                  "allergic_to": "their allergies", "medical_condition": "their health details"}


@dataclass
class _Unit:
    """One clause waiting for its parse, with where it came from."""

    episode: int
    turn: int
    sentence: int
    clause: Clause
    span: tuple[int, int] = (0, 0)   # the sentence's [start, end) in the turn's content


def _english_with_ruler() -> Language:
    nlp = load_english()  # raises MissingDependencyError naming the models when spaCy is absent
    from .spacy_speed import speed_up

    # Exact stand-ins for the slow stock parts (see spacy_speed), then the entity ruler.
    return with_entity_ruler(speed_up(nlp))


def with_entity_ruler(nlp: Language) -> Language:
    """``nlp`` with the lexicon's entity ruler before ``ner`` (added once; it only adds labels)."""
    if "entity_ruler" not in nlp.pipe_names:
        ruler = nlp.add_pipe("entity_ruler", before="ner", config={"phrase_matcher_attr": "LOWER"})
        ruler.add_patterns(_phrase_patterns(ruler_patterns()))  # type: ignore[attr-defined]
    return nlp


def _phrase_patterns(patterns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Token patterns of plain lowercase words as phrase strings: the ruler's PhraseMatcher is
    over ten times faster than its token Matcher, and it tokenizes each phrase as text is
    tokenized, so a name the tokenizer splits ("c#" -> "c", "#") still matches."""
    return [{**pattern, "pattern": " ".join(token["LOWER"] for token in pattern["pattern"])}
            for pattern in patterns]


class OfflineExtractor:
    """Rules over a spaCy parse; implements :class:`~kronograph.extraction.base.Extractor`.

        OfflineExtractor(batch_size=512).extract_many(episodes)

    ``ner=False`` (the default) skips spaCy's statistical NER, which is half of the parse time
    and adds nothing the rules use: the EntityRuler still labels known places, organisations,
    products and drugs, and a relation types its object (``lives_in`` -> place). ``ner=True``
    also labels names the lists do not know.

    ``processes=2`` extracts large batches on two cores: forked worker processes, which share
    the loaded model, take shards of the episodes while the caller takes one (same results,
    in order; see :mod:`.workers`). ``close()`` stops the workers.
    """

    name = "offline"

    def __init__(self, nlp: Language | None = None, *, batch_size: int = 256, ner: bool = False,
                 processes: int = 1) -> None:
        if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
            raise UsageError("processes", "must be a positive integer")
        self._nlp = nlp
        self.batch_size = batch_size
        self.ner = ner
        self.processes = processes
        self._workers = ForkedWorkers(self._extract_here, processes)

    @property
    def nlp(self) -> Language:
        """The spaCy pipeline (loaded on first use; raises MissingDependencyError without one)."""
        if self._nlp is None:
            self._nlp = _english_with_ruler()
        return self._nlp

    def extract(self, episode: EpisodeInput, *, existing: ExistingLookup | None = None,
                recent: Sequence[Episode] = ()) -> Extraction:
        """Candidate facts of one episode; ``existing`` and ``recent`` are not needed by rules."""
        return self.extract_many([episode])[0]

    def extract_many(self, episodes: Sequence[EpisodeInput]) -> list[Extraction]:
        """Candidate facts of many episodes, every clause parsed in one ``nlp.pipe`` stream
        (one per process with ``processes`` > 1)."""
        return self.start_many(episodes)()

    def start_many(self, episodes: Sequence[EpisodeInput]) -> Callable[[], list[Extraction]]:
        """Begin extracting ``episodes``; call the result for the extractions. With ``processes``
        > 1 the workers start at once, so the caller can write the previous batch meanwhile."""
        if self.processes == 1:
            return lambda: self._extract_here(episodes)
        self.nlp  # noqa: B018 - loaded before the workers fork, so they share it
        return self._workers.start(list(episodes), weight=lambda episode: len(episode.text))

    def close(self) -> None:
        """Stop the worker processes, if any were started."""
        self._workers.close()

    def _extract_here(self, episodes: Sequence[EpisodeInput]) -> list[Extraction]:
        # A Chinese episode goes to the Chinese rules (extraction/zh); the rest to spaCy + rules.
        chinese = {e: Extraction(facts=extract_chinese(episode)) for e, episode in enumerate(episodes)
                   if turns_language(episode.turns) == "zh"}
        if not chinese:
            return self._extract_english(episodes)
        others = [episode for e, episode in enumerate(episodes) if e not in chinese]
        english = iter(self._extract_english(others) if others else [])
        return [chinese[e] if e in chinese else next(english) for e in range(len(episodes))]

    def _extract_english(self, episodes: Sequence[EpisodeInput]) -> list[Extraction]:
        units: list[_Unit] = []
        forgets: dict[tuple[int, int, int], list[CandidateFact]] = {}
        colours: list[list[CandidateFact]] = [[] for _ in episodes]
        places: list[list[CandidateFact]] = [[] for _ in episodes]
        fixes: list[list[CandidateFact]] = [[] for _ in episodes]
        for e, episode in enumerate(episodes):
            for t, turn in enumerate(episode.turns):
                fixed = date_fix(turn.content, t) if turn.role == "user" else None
                if fixed is not None:  # "Thursday, not Tuesday": a stated date taken back, nothing else said
                    fixes[e].append(fixed)
                    continue
                before = _other_speakers_turn(episode, t)
                for s, sentence, span in joined_retractions(meant_sentences(sentence_spans(turn.content))):
                    answering = bool(before and before.rstrip().endswith("?"))
                    if s == 0 and answering and turn.role == "user":  # "Where do you live?" "Leith, since May"
                        sentence = answered_whole(sentence, _asked(before or ""))
                    sentence = restate(own_counterpart(sentence, before) if s == 0 else sentence, answering=answering)
                    if turn.role == "user":
                        # read as written too: a chat rewrite may not keep a request's words ("my dad's drinking")
                        raw = turn.content[span[0]:span[1]].translate(_TYPOGRAPHIC)
                        request = _forget_request(sentence, t, span) or \
                            (_forget_request(raw, t, span) if raw != sentence and not _SET_ASIDE.match(raw) else None)
                        if request is not None:
                            forgets[(e, t, s)], inner = request
                            units.extend(_Unit(e, t, s, c, span) for c in split_clauses(inner, forget=True) if inner)
                            continue
                        colours[e] += colour_facts(turn.content, t, span)  # of the sentences meant, as said
                        places[e] += place_facts(turn.content, t, span)
                    units.extend(_Unit(e, t, s, c, span) for c in _speaker_clauses(sentence, turn.role))
        try:
            disable = [] if self.ner or "ner" not in self.nlp.pipe_names else ["ner"]
            texts = [u.clause.text for u in units]
            unique = list(dict.fromkeys(texts))  # "Thanks!" is parsed once; the rules never change a Doc
            parsed = dict(zip(unique, self.nlp.pipe(unique, batch_size=self.batch_size, disable=disable)))
            docs = [parsed[text] for text in texts]
            units, docs = _cut_carried(units, docs, episodes)
        except (ValueError, RuntimeError) as exc:  # spaCy's own failures
            raise ExtractionError(f"spaCy could not parse the text: {exc}") from exc
        by_episode: list[list[tuple[_Unit, Any]]] = [[] for _ in episodes]
        for unit, doc in zip(units, docs):
            by_episode[unit.episode].append((unit, doc))
        return [
            Extraction(facts=with_places(with_colours(
                _read_episode(episode, by_episode[e], {k[1:]: v for k, v in forgets.items() if k[0] == e}),
                [_stated_at(fact, to_instant(episode.reference_time, "reference_time"))
                 for fact in _by_speaker(colours[e], episode)]),
                [_stated_at(fact, to_instant(episode.reference_time, "reference_time"))
                 for fact in _by_speaker(places[e], episode)]) + fixes[e])
            for e, episode in enumerate(episodes)
        ]


def _cut_carried(units: list[_Unit], docs: list[Any], episodes: Sequence[EpisodeInput]) -> tuple[list[_Unit], list[Any]]:
    """A user's clause that goes on without a subject ("sold the Golf, got an e-bike instead") is
    read as two: the second, cut from the same parse, is about whoever the first was about."""
    out_units: list[_Unit] = []
    out_docs: list[Any] = []
    for unit, doc in zip(units, docs):
        cut = None if unit.clause.forget or episodes[unit.episode].turns[unit.turn].role != "user" \
            else subjectless_cut(doc)
        if cut is None:
            out_units.append(unit)
            out_docs.append(doc)
            continue
        pieces = [doc[:cut[0]].as_doc(), doc[cut[1]:].as_doc()]
        for piece in pieces:
            for token in piece:
                if token.head.i == token.i:
                    token.dep_ = "ROOT"  # its head was in the other piece
        out_units += [replace(unit, clause=Clause(text=pieces[0].text)),
                      replace(unit, clause=Clause(text=pieces[1].text, carried=True))]
        out_docs += pieces
    return out_units, out_docs


def _other_speakers_turn(episode: EpisodeInput, t: int) -> str | None:
    """The turn just before turn ``t`` when someone else said it (what "mine" answers)."""
    if t == 0:
        return None
    turn, before = episode.turns[t], episode.turns[t - 1]
    return before.content if (before.role, before.name) != (turn.role, turn.name) else None


_CUES = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|ours|us|he|she|his|her|they)\b", re.I)
# A chat clause that drops its subject ("Just got some new shoes", "and teamed up with ..."):
# the speaker did it.
_VERB_FIRST = re.compile(r"^\W*(?:(?:and|then|also|just|finally|recently|so|but)\s+)*(?:[a-z]+ed|got|went|took|made|"
                         r"did|had|saw|met|ran|won|bought|began|became|built|wrote|gave|found|left|felt|"
                         r"gonna|been)\b", re.I)
_HEARD = re.compile(r"^\W*(?:(?:so|and|oh|wait|hey|btw)\W+)*(?:you\s+(?:said|mentioned|told\s+me)|"
                    r"(?:did|didn't|didnt)\s+you\s+(?:say|mention|tell\s+me))\b", re.I)
_YOU = re.compile(r"\b(?:you|you're|you've|your)\b", re.I)
_STARTERS = frozenset({"the", "this", "that", "it", "it's", "that's", "what", "how", "why", "when", "where", "who",
                       "yes", "no", "hey", "hi", "thanks", "thank", "wow", "oh", "good", "great", "nice", "sounds",
                       "awesome", "so", "and", "but", "you", "your", "there", "here", "is", "are", "do", "does"})


def _worth_parsing(clause: str, role: str) -> bool:
    """Skip clauses no rule can read, before paying for the parse: questions, assistant turns
    not about the user, and long clauses with no person in them ("The sky was so clear")."""
    if role != "user":
        return bool(_YOU.search(clause))  # "So you live in Paris?" is context for a correction
    if clause.rstrip().endswith("?"):
        # "You said you'd moved to Denver, right?" (about the other speaker); "My PIN is 8264, can you
        # remember it?" tells a value before it asks
        return bool(_HEARD.match(clause)) or tells_private(clause)
    if _CUES.search(clause) or _VERB_FIRST.match(clause) or states_quantity(clause) or confirms(clause) \
            or _TEST_RESULT.search(clause) or _DUE.search(clause) or _OVER.search(clause) or plan_lead(clause) \
            or HAPPENING.search(clause):
        return True
    words = clause.split()
    return len(words) <= 6 or any(w[:1].isupper() and (i > 0 or w.strip(",.!").lower() not in _STARTERS)
                                  for i, w in enumerate(words)) or holds_private(clause)


# "The test came back positive for peanuts": a result names a health fact though no person is said.
_TEST_RESULT = re.compile(r"\b(?:positive|negative)\s+for\b", re.I)
# "The tax return is due at the end of the month": a deadline, the speaker's though no person is said.
_DUE = re.compile(r"(?:\b(?:is|are)|'s)\s+(?:over)?due\b", re.I)
# "The book club is over, everyone got too busy": something held ended, though no person is said.
_OVER = re.compile(r"(?:\b(?:is|are|has|have)|'s)\s+(?:now\s+|finally\s+|officially\s+|been\s+)?"
                   r"(?:over|off|gone|done|finished|ended|expired|lapsed|history)\b", re.I)
_OTHERS_CLAUSE = re.compile(r"^\W*(?:you|you're|you've|he|she|they)\b", re.I)


def _speaker_clauses(sentence: str, role: str) -> list[Clause]:
    """The clauses worth parsing; a verb-led clause after a skipped one about someone else ("You
    sound like you fit right in and got a real buzz") is theirs, not the speaker's."""
    out: list[Clause] = []
    others = False
    for clause in split_clauses(sentence):
        if unmeant_clause(clause.text, sentence):
            continue
        if not _worth_parsing(clause.text, role):
            others = others or bool(_OTHERS_CLAUSE.match(clause.text))
            continue
        if others and _VERB_FIRST.match(clause.text) and not _CUES.match(clause.text):
            continue
        others = bool(_OTHERS_CLAUSE.match(clause.text))
        out.append(clause)
    return out


def clauses_to_parse(text: str, role: str = "user") -> list[str]:
    """The clauses of ``text`` that ``extract_many`` hands to spaCy (for inspection and benchmarks)."""
    return [c.text for _, s, _ in meant_sentences(sentence_spans(text)) for c in _speaker_clauses(s, role)]


_SENTENCE = re.compile(r"(?<=[.!?])(?<!\bSt\.)(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!Mrs\.)(?<!Prof\.)(?<!e\.g\.)"
                       r"(?<!i\.e\.)(?<!\bvs\.)(?<!\bNo\.)(?<!\bno\.)\s+(?=[\"'(\[]?(?:[A-Z0-9]|i\b|i'|my\b|we\b))|\n+")
# Chat spellings the tagger trips on: "im", "i m", "dont", a lowercase "i".
_CHAT_SPELLINGS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.I), r) for p, r in [
        (r"\bi\s?m\b", "I'm"), (r"\bive\b", "I've"), (r"\bi\s?ll\b", "I'll"),
        (r"\b(do|does|did|is|are|was|were|have|has|had|wo|ca|could|would|should)nt\b", r"\1n't"),
        (r"\bcant\b", "can't"), (r"\bwont\b", "won't"),
        # "Did a pottery class last week." drops its subject and the parser takes the thing done
        # for one; a statement (no "?") gets the speaker back.
        (r"(^|[.!]\s+)((?:just|also|finally)\s+)?did\s+(?=(?:a|an|my|our|some)\b[^.!?\n]*(?:[.!]|$))", r"\1I \2did "),
        # "today's job: defrost the freezer", "job for tomorrow: ring the bank": a chore headed by its day
        (r"^(?:(today|tonight|tomorrow|this week(?:end)?)'s\s+|(?:the\s+)?(?:main\s+)?(?=\w+\s+for\s+(today|tonight|tomorrow|"
         r"this week(?:end)?)\b))(?:job|task|mission|chore|errand|to-do|todo)s?(?:\s+for\s+\w+(?:\s+week(?:end)?)?)?\s*[:\-]\s*",
         r"\1\2 I need to "),
        # "Heathrow* not Gatwick", "*Tuesday", "sorry, Tuesday*": the chat mark of a word put right, said
        # alone; "*so* good" (both sides) is emphasis.
        (r"(^|[.!]\s+|^(?:sorry|oops|whoops|typo|argh|ugh)\W*)\*([\w'-]+(?:\s+[\w'-]+){0,3})(?![\w'*-])(?=\s*(?:$|[,.!]|not\b))",
         r"\1I meant \2"),
        (r"(^|[.!]\s+|^(?:sorry|oops|whoops|typo|argh|ugh)\W*)(?!\*)([\w'-]+(?:\s+[\w'-]+){0,3})\*(?=\s*(?:$|[,.!]|not\b))",
         r"\1I meant \2"),
        (r"\b(I meant [\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(not\s)", r"\1, \2"),
    ]
] + [(re.compile(p, re.I), r) for p, r in TASK_REWRITES + PLAN_REWRITES + EVENT_REWRITES + STANCE_REWRITES
                                                        + CONFIRM_REWRITES + HEDGE_REWRITES + NEGATION_REWRITES + END_REWRITES
                                                        + CORRECTION_REWRITES + PERSON_REWRITES
                                                        + CHANGE_REWRITES] + [(re.compile(r"\bi\b"), "I")]


# Photo captions and stage directions a chat export adds ("[shares a photo: a dog on a beach]"):
# what the speaker *said* is the rest.
_CAPTION = re.compile(r"\s*\[(?:shares?|sends?|sent|shared|image|photo|picture|attachment)\b[^\]]*\]?", re.I)
# "[shares a photo: a photo of a painting of a sunset on a canvas]" -> "painting of a sunset".
_CAPTION_BODY = re.compile(r"\[(?:shares?|sends?|sent|shared)\s+(?:a\s+)?(?:photo|picture|image|pic)\s*:\s*(?P<body>[^\]]+)\]?", re.I)
_CAPTION_LEAD = re.compile(r"^(?:(?:a|an|the)\s+)?(?:(?:close[- ]?up|black and white|blurry)\s+)?"
                           r"(?:photo(?:graph|graphy)?|picture|image|pic|screenshot)\s+of\s+(?:(?:a|an|the|some)\s+)?", re.I)
_CAPTION_CUT = re.compile(r"\s+(?:with|on|in|at|that|which|who|next|sitting|standing|holding|laying|lying|hanging|and|"
                          r"near|under|from|by|inside|outside|against|behind|over|is|are)\b|,", re.I)


def photo_thing(content: str) -> str | None:
    """What a message's photo caption shows, cut to its noun phrase, or None (no caption, or
    one that shows a scene or a person rather than a thing: "a man", "a group of people")."""
    m = _CAPTION_BODY.search(content)
    if m is None:
        return None
    body = re.sub(r"^(?:a|an|the|some)\s+", "", _CAPTION_LEAD.sub("", m["body"].strip()), flags=re.I)
    thing = _CAPTION_CUT.split(body, maxsplit=1)[0].strip(" .")
    words = thing.split()
    if len(words) > 5:
        thing = thing.split(" of ")[0]
    head = thing.split(" of ")[0].split()[-1:] if thing else []
    if not head or head[0].lower() in _NOT_THINGS or len(thing.split()) > 5:
        return None
    return thing


_NOT_THINGS = frozenset({"man", "woman", "men", "women", "person", "people", "group", "couple", "boy", "girl", "child",
                         "children", "kids", "family", "crowd", "view", "room", "table", "street", "city", "field",
                         "beach", "sky", "sunset", "lot", "bunch", "close", "screen", "wall", "background", "someone"})


_ANY_SPELLING = re.compile("|".join(f"(?:{p.pattern})" for p, _ in _CHAT_SPELLINGS[:-1]) + r"|\bi\b|\[", re.I)
# Each spelling's pre-check (pattern_gate): the words it cannot match without, None for none.
_SPELLING_NEEDS = [needs(p) for p, _ in _CHAT_SPELLINGS]
_SPELLING_WORDS = frozenset().union(*filter(None, _SPELLING_NEEDS))
_LONE_I = re.compile(r"\bi\b|\[", re.I)
# In ``_ANY_SPELLING`` a back-reference ("\1") names another pattern's group, so a spelling holding
# one is judged by the whole alternation, as it always was.
_JUDGED_ALONE = [not refers_to_groups(p) for p, _ in _CHAT_SPELLINGS[:-1]]


def _may_match(needed: frozenset[str] | None, found: frozenset[str]) -> bool:
    return needed is None or not needed.isdisjoint(found)


def _any_spelling(text: str, found: frozenset[str]) -> bool:
    """``_ANY_SPELLING.search(text)``, trying only the spellings whose words ``text`` holds."""
    if _LONE_I.search(text):
        return True
    judged_whole = False
    for (pattern, _), needed, alone in zip(_CHAT_SPELLINGS, _SPELLING_NEEDS, _JUDGED_ALONE):
        if _may_match(needed, found):
            if alone:
                if pattern.search(text):
                    return True
            else:
                judged_whole = True
    return judged_whole and _ANY_SPELLING.search(text) is not None


def _rewrite(text: str, offsets: list[int], pattern: re.Pattern[str], replacement: str) -> tuple[str, list[int]]:
    """``pattern.sub(replacement, text)`` with ``offsets`` (where each character came from in
    the original content) carried along; a replaced piece maps to where its match began."""
    pieces: list[str] = []
    mapped: list[int] = []
    last = 0
    for m in pattern.finditer(text):
        pieces.append(text[last:m.start()])
        mapped.extend(offsets[last:m.start()])
        new = m.expand(replacement)
        pieces.append(new)
        mapped.extend([offsets[m.start()]] * len(new))
        last = m.end()
    pieces.append(text[last:])
    mapped.extend(offsets[last:])
    return "".join(pieces), mapped


# Typographic apostrophes and quotes -> ASCII ("I’m", “home”), one character for one, so spans stay
# as written: the rules and the tagger's contractions ("'m", "n't") know the ASCII forms only.
_TYPOGRAPHIC = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'",
                              "\u201c": '"', "\u201d": '"'})


def sentence_spans(text: str) -> list[tuple[str, tuple[int, int]]]:
    """The sentences of a message (chat spellings mended, captions dropped), each with its
    [start, end) character span in the message as written: the provenance of its facts."""
    text = text.translate(_TYPOGRAPHIC)
    offsets = list(range(len(text) + 1))
    found = present(folded(text), _SPELLING_WORDS)
    if _any_spelling(text, found):
        text, offsets = _rewrite(text, offsets, _CAPTION, "")
        found = present(folded(text), _SPELLING_WORDS)
        for (pattern, replacement), needed in zip(_CHAT_SPELLINGS, _SPELLING_NEEDS):
            if _may_match(needed, found) and pattern.search(text):
                text, offsets = _rewrite(text, offsets, pattern, replacement)
                found = present(folded(text), _SPELLING_WORDS)
        offsets.append(offsets[-1] if offsets else 0)
    out = []
    start = 0
    for m in [*_SENTENCE.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        piece = text[start:end]
        stripped = piece.strip()
        if stripped:
            lead = start + len(piece) - len(piece.lstrip())
            tail = lead + len(stripped)
            out.append((stripped, (offsets[lead], offsets[tail - 1] + 1)))
        if m is not None:
            start = m.end()
    return out


def _forget_request(sentence: str, turn: int, span: tuple[int, int]) -> tuple[list[CandidateFact], str] | None:
    """A forget request -> its forget facts and, for "forget that I live in Paris", the clause to read.
    A reason said after the request ("forget I mentioned the divorce, it's not public yet") is
    cut off: the sentence is read whole first, then without its last comma-separated pieces."""
    if not _MAY_ASK_FORGET.search(sentence):
        return None
    cuts = [m.start() for m in _REQUEST_CUT.finditer(sentence)]
    heads = [canonical_request(sentence[:end]) for end in [len(sentence), *reversed(cuts)]]
    for n, head in enumerate(heads):  # "scratch that", "what I said about my ex" (rules_forget) before the slot-named rules
        said = read_forget_request(head, turn, span)
        if said is not None and (n == 0 or all(f.predicate != FORGET_LAST_MESSAGE for f in said)):
            return said, ""  # "Scratch that, I'm in Lisbon": a correction follows, not a reason
    return next(filter(None, (_slot_request(head, turn, span) for head in heads)), None)


def _slot_request(sentence: str, turn: int, span: tuple[int, int]) -> tuple[list[CandidateFact], str] | None:
    """A request named by a slot ("forget my address") or by a clause ("forget that I live in Paris")."""
    m = _FORGET.match(sentence) or _DONT_REMEMBER.match(sentence)
    if m is None:
        return None
    rest = m["rest"].strip(" .!?")
    inner = re.match(r"^(?:(?:a\s+)?(?:record|note)\s+(?:of\s+)?)?(?:(?:the\s+fact\s+)?that|about\s+(?:the\s+fact\s+that\s+)?)\s*"
                     r"(?P<clause>(?:i|my)\b.*)$", rest, re.I)
    if inner:  # "forget that I like sushi": read the clause, then turn its facts into forgets
        return [], inner["clause"]
    named = _CLAUSE_END.split(rest, maxsplit=1)[0]  # "don't remember this, just help with the email": not the email
    # "my email and my phone number": each slot of a list is forgotten
    slots = {f.predicate: f for part in _LISTED.split(named) if (f := _slot_named(part, turn, span)) is not None}
    return (list(slots.values()), "") if slots else None


def _slot_named(named: str, turn: int, span: tuple[int, int]) -> CandidateFact | None:
    """The forget fact of one slot named by its words ("my passport number"), or None."""
    found = [(m, p) for pattern, p in _FORGET_TARGETS if (m := pattern.search(named))]
    if not found:
        return None
    hit, first = found[0] if found[0][1] != "*" or len(found) == 1 else found[1]
    what = _FORGET_LABELS.get(first, f"their {first.replace('_', ' ')}")
    # a sealed slot keeps the words it was named by ("passport number"): they reach every sealed record of it
    noun = _SLOT_NOUN.match(named, hit.end())
    said = hit[0] + (noun[0] if noun else "") if first in SEALED_SLOTS else ""
    return CandidateFact(predicate=first, object=said, text=f"user asked to forget {what}", operation=Operation.forget,
                         source_turn=turn, span=span)


def _read_episode(episode: EpisodeInput, parsed: Iterable[tuple[_Unit, Any]],
                  forgets: dict[tuple[int, int], list[CandidateFact]]) -> list[CandidateFact]:
    reference = to_instant(episode.reference_time, "reference_time")
    # With two or more named people talking, each speaker is the subject of their own facts;
    # a lone named user is simply the user (their profile stays one).
    speakers = {t.name for t in episode.turns if t.role == "user" and t.name}
    reader = ClauseReader(reference)
    facts: list[CandidateFact] = []
    context: list[Draft] = []          # what was said so far (assistant turns included), newest last
    owners: list[str | None] = []      # who said each of ``context`` when several named people talk
    # What each named speaker's words can take up: all that was said, except another named speaker's own
    # facts ("Everton for me, sorry" after "I support Liverpool" corrects no one); kept as it grows.
    heard_lists: dict[str, list[Draft]] = {name: [] for name in speakers if name} if len(speakers) > 1 else {}

    def heard_by(turn: int) -> list[Draft]:
        return heard_lists.get(episode.turns[turn].name or "", context)
    sentence_key: tuple[int, int] | None = None
    sentence_drafts: list[Draft] = []
    sentence_clauses: list[str] = []   # the sentence as meant (quotes of others cut), clause by clause
    compounds: set[str] = set()        # nouns that modify a noun in the sentence ("zoo" in "zoo keeper")
    emitted: set[tuple[int, int]] = set()

    def flush() -> None:
        nonlocal sentence_drafts, compounds, sentence_clauses
        if sentence_key is None:
            return
        for key in [k for k in forgets if k not in emitted and k <= sentence_key]:
            facts.extend(_by_speaker(forgets[key], episode))
            emitted.add(key)
        turn = sentence_key[0]
        role = episode.turns[turn].role
        said = episode.turns[turn].content[sentence_span[0]:sentence_span[1]]
        # a matter the parse reads as settled ("the flights are booked", rules_settled) settles a guess as
        # the words of settles() do
        heard = heard_by(turn)
        settled = settles(said) or any("settled" in d.flags for d in sentence_drafts) or names_guess(said, heard)
        if role == "user" and len(speakers) > 1:  # "Everton for me" after another's "I support Liverpool"
            theirs, whose = next(((d, owner) for d, owner in zip(reversed(context), reversed(owners))
                                  if owner not in {None, episode.turns[turn].name} and d.predicate
                                  and d.operation is Operation.add and not d.negated and not d.context_only), (None, None))
            sentence_drafts = echoed(said, counterpart_value(said, sentence_drafts, theirs), theirs, whose)
        combined = finish(sentence_drafts, heard, settling=said if settled else None)
        if role == "user":
            # a sentence rewritten whole ("oops, X not Y" -> "I meant X, not Y") maps to its start
            # only: then the turn as said is read for what the contrast is about
            earlier = [t.content for t in episode.turns[:turn] if (t.role, t.name) == (role, episode.turns[turn].name)]
            if turn > 0 and episode.turns[turn - 1].role == "assistant" and _SAID_OF_YOU.search(episode.turns[turn - 1].content):
                # "Got it, so you live in Denver." - "No, Boulder.": what was just said of the speaker is theirs to put right
                earlier.append(_as_own_words(episode.turns[turn - 1].content))
            combined = contrasted(combined, heard, said if sentence_span[1] - sentence_span[0] > 1
                                  else episode.turns[turn].content, earlier)
            # a private value no clause rule labelled is refused all the same (quotes of others cut)
            combined = refuse_private(" ".join(sentence_clauses), combined)
        context.extend(combined)
        owner = episode.turns[turn].name if role == "user" and len(speakers) > 1 else None
        owners.extend([owner] * len(combined))
        for name, seen in heard_lists.items():
            seen.extend(d for d in combined if owner in {None, name} or d.subject == name)
        if role == "user":
            speaker = episode.turns[turn].name if len(speakers) > 1 else None
            kept = [d for d in combined if not (d.context_only or names_nothing(d) or undated_long_ago(d) or garbled(d)
                                                 or says_nothing(d))]
            modifiers = frozenset(compounds)
            facts.extend(_stated_at(as_attempt(d).to_candidate(turn, speaker=speaker, span=sentence_span), reference)
                         for d in filter(None, (literal(d, modifiers) for d in kept)))
        sentence_drafts, compounds, sentence_clauses = [], set(), []

    answered: set[int] = set()
    sentence_span: tuple[int, int] = (0, 0)
    for unit, doc in parsed:
        key = (unit.turn, unit.sentence)
        if key != sentence_key:
            same_turn = sentence_key is not None and sentence_key[0] == key[0]
            flush()
            sentence_key, sentence_span = key, unit.span
            reader.new_sentence(same_turn=same_turn)
            if not same_turn:  # what depends on the turn only: read once per turn
                this_turn = episode.turns[unit.turn]
                reader.photo = photo_thing(this_turn.content)
                caption = _CAPTION_BODY.search(this_turn.content)
                reader.caption = _CAPTION_LEAD.sub("", caption["body"].strip()) if caption else None
                role = this_turn.role
                before = episode.turns[unit.turn - 1] if unit.turn > 0 else None
                question = _asked(before.content) if before is not None and before.role != "user" else None
                others = [name for name in speakers if name != this_turn.name]
                addressee = others[0] if len(speakers) == 2 and len(others) == 1 else None
        clause = reader.read(doc, unit.clause, speaker=role, addressee=addressee)
        drafts = [as_star_sign(d) for d in read_clause(clause) if denies_a_value(d, unit.clause.text)]
        if role == "user":
            drafts = joined_instead(clause, retimed(clause, drafts, [*heard_by(unit.turn), *sentence_drafts]))
        if role == "user" and question is not None and unit.turn not in answered \
                and all(d.predicate is None for d in drafts):
            drafts = resolve_answer(clause, question)
        if role == "user":  # "I used to drink coffee, these days it's green tea" (rules_change)
            drafts = [*drafts, *now_it_is(unit.clause.text, [*sentence_drafts, *drafts])]
        apposed_name = clause.relation[1] if clause.relation and clause.subject == clause.relation[1] else None
        if role == "user" and all(d.predicate is None or (apposed_name and "relation" in d.flags) for d in drafts):
            # no rule read what the clause says ("our neighbour Gerald" only says who he is to the speaker, before
            # what he does): its parse's shape may (rules_structural)
            drafts = [*drafts, *held_back(clause, read_structure(clause))]
        if role == "user":  # "Flights to Boston are booked": the thing settled is the speaker's, firmly
            # (an event of the thing, "mortgage approved", names it too but is no reading of the settled fact)
            drafts = [*drafts, *(d for d in read_settled(clause) if not any(
                d.object.lower() in p.object.lower() for p in drafts if p.predicate and "owned" not in p.flags))]
        if role == "user" and drafts:
            answered.add(unit.turn)
        sentence_drafts.extend(drafts)
        sentence_clauses.append(unit.clause.text)
        compounds.update(t.lower_ for t in doc if t.pos_ in {"NOUN", "PROPN"} and t.head.pos_ == "NOUN" and t.i < t.head.i)
    flush()
    for key in sorted(k for k in forgets if k not in emitted):
        facts.extend(_by_speaker(forgets[key], episode))
    return unique_candidates(facts)


def _by_speaker(facts: list[CandidateFact], episode: EpisodeInput) -> list[CandidateFact]:
    """Facts read from a named speaker's words whole (forget requests, colours, places of things) are
    that speaker's, as the clause rules' are."""
    if len({t.name for t in episode.turns if t.role == "user" and t.name}) < 2:
        return facts
    return [f.model_copy(update={"subject": named(f.subject, name)})
            if (name := episode.turns[f.source_turn].name) else f for f in facts]


def _stated_at(fact: CandidateFact, reference: datetime) -> CandidateFact:
    """A statement with no time of its own holds from when it was said (the episode's
    reference time), never from when it happens to be ingested."""
    if fact.valid_from is not None or fact.operation not in (Operation.add, Operation.correct):
        return fact  # a correction is dated too; the policy still gives it the wrong record's start
    if fact.valid_until is not None and fact.valid_until <= reference:
        return fact
    return fact.model_copy(update={"valid_from": reference})



_QUESTIONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.I), predicate) for p, predicate in [
        (r"\bwhere\s+(?:do|did)\s+you\s+(?:live|stay)|\bwhere\s+are\s+you\s+(?:based|living|now|located|from\s+now)|which\s+city", "lives_in"),
        (r"\bwhere\s+(?:do|did)\s+you\s+work|\bwhere\s+are\s+you\s+(?:working|employed)|\bwho\s+do\s+you\s+work\s+for|"
         r"\bwho\s+are\s+you\s+(?:working\s+for|with\s+now)|\bwhich\s+company|\bwhat\s+company", "works_at"),
        (r"\bwhat\s+do\s+you\s+do(?:\s+for\s+(?:a\s+)?(?:living|work))?(?:,\s+\w+)?\?|"
         r"\bwhat(?:'s|\s+is)\s+your\s+(?:job|profession|occupation|role)", "job_title"),
        (r"\bhow\s+old\s+are\s+you|\bwhat(?:'s|\s+is)\s+your\s+age", "age"),
        (r"\bwhat(?:'s|\s+is)\s+your\s+name|\bwhat\s+should\s+i\s+call\s+you", "name"),
        (r"\bwhat\s+(?:os|operating\s+system)|\bwhich\s+(?:os|operating\s+system)|\bandroid\s+or\s+ios|\bios\s+or\s+android", "uses_os"),
        (r"\bwhat\s+are\s+you\s+(?:building|working\s+on|developing)", "current_project"),
        (r"\bwhere\s+(?:do|are)\s+you\s+study(?:ing)?|\b(?:which|what)\s+(?:university|uni|school|college)", "studies_at"),
        (r"\bare\s+you\s+allergic\s+to\s+anything|\bany\s+allergies", "allergic_to"),
        (r"\bdo\s+you\s+prefer\b|\bwhich\s+do\s+you\s+prefer|\bwhat(?:'s|\s+is)\s+your\s+favou?rite", "preference"),
    ]
]


# an assistant's words about the one it talks to ("so you live in Denver", "your daughter is six")
_SAID_OF_YOU = re.compile(r"\byou(?:rs|r|'re|'ve)?\b", re.I)


_SECOND_TO_FIRST = {"you": "I", "your": "my", "you're": "I'm", "you've": "I've", "yours": "mine"}


def _as_own_words(text: str) -> str:
    """What was said of the speaker, in the speaker's words ("your flight is at 9am" -> "my flight is at 9am");
    "thank you" thanks, it says nothing of them."""
    plain = _THANK_YOU.sub("thanks", text.translate(_TYPOGRAPHIC))
    return _SAID_OF_YOU.sub(lambda m: _SECOND_TO_FIRST.get(m.group().lower(), m.group()), plain)


_THANK_YOU = re.compile(r"\bthank\s+you\b", re.I)


def _asked(text: str) -> str | None:
    for pattern, predicate in _QUESTIONS:
        if pattern.search(text):
            return predicate
    return None
