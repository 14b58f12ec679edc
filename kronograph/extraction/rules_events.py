"""Dated events: "I went to a support group yesterday", "we ran a charity race last Saturday".

Read from spaCy's dependency parse rather than the lemma string: the verb the subject did in
the past (or has done: "I've started a blog"), and what it was done to (its direct object,
the object of its preposition, or a verb of its own: "went camping"). The object is the noun
phrase only (no determiners, relative clauses or trailing prepositional phrases: "a pup from
a shelter in Stamford" -> "pup"); the fact's text keeps the whole phrase, so recall still
sees "from a shelter in Stamford". The event's time is the clause's own time expression,
else when it was said.
"""

from __future__ import annotations

import re
from typing import Any

from ..model import EntityType, MemoryType
from .rules_clause import ReadClause, entity_type
from .rules_draft import Draft, verb_3sg

# Verbs that report a thought, feeling or saying rather than something that happened, and
# verbs that only carry another ("I tried to ...", "I kept ..."), are not events.
_NOT_EVENTS = frozenset({
    "be", "think", "feel", "guess", "know", "say", "tell", "mean", "want", "hope", "wish", "need", "seem",
    "believe", "suppose", "wonder", "forget", "remember", "realize", "realise", "notice", "like", "love",
    "enjoy", "hate", "prefer", "miss", "ask", "thank", "hear", "see", "look", "sound", "appreciate",
    "let", "can", "could", "would", "should", "will", "may", "might", "must", "use", "mention", "imagine",
    "understand", "agree", "bet", "expect", "plan", "decide", "try", "keep", "manage", "happen", "come",
    "do", "have", "make", "give", "put", "find", "help", "tend", "appear", "mind", "care", "bother",
    "stay", "quit", "stop", "get", "go",
})
# ... except with an object that names something that happened ("I had a job interview",
# "I did a mini retreat", "I made my first game", "I started a blog").
_LIGHT_WITH_OBJECT = frozenset({"do", "have", "make", "give", "find", "help", "try", "put", "get"})
# ... and "went to the park", "went camping": a verb of motion with where it went.
_MOTION = frozenset({"go", "come", "get"})
_CAUSATIVES = frozenset({"make", "get", "have", "help", "let", "build", "paint", "design", "write", "create"})
_PLANNING = frozenset({"plan", "organize", "organise", "arrange", "schedule", "prepare"})
_PREPOSITIONS = frozenset({"to", "for", "at", "in", "on", "with", "into", "from", "about", "by", "through",
                           "across", "around", "up", "out", "onto", "over", "off", "after"})
_DROP_LEADING = frozenset({"a", "an", "the", "some", "this", "that", "these", "those", "any"})
_VAGUE_OBJECTS = frozenset({"it", "that", "this", "them", "something", "anything", "everything", "nothing",
                            "one", "lot", "lots", "bit", "time", "way", "thing", "things", "stuff", "day",
                            "me", "you", "him", "her", "us", "there", "here", "so", "back", "lately", "much",
                            "up", "out", "off", "home", "too", "again", "well", "more"})
# "I had a blast", "we had quite the adventure": how it felt, not what happened.
_EXPERIENCES = frozenset({"adventure", "blast", "fun", "time", "day", "week", "ball", "experience", "chance",
                          "moment", "feeling", "idea", "trouble", "luck", "laugh", "laughs", "night", "weekend",
                          "year", "month", "go", "look", "break", "rest", "feel", "thought", "thoughts", "point"})
_QUANTIFIERS = frozenset({"lot", "lots", "bit", "bunch", "ton", "tons", "couple", "few", "kind", "sort"})
_MAX_OBJECT_WORDS = 6


def _core(read: ReadClause) -> set[int]:
    return {t.i for t in read.tokens}


def _main_verb(read: ReadClause) -> tuple[Any, bool] | None:
    """The clause's main verb and whether it tells something done (past or present perfect)
    rather than something that holds (present tense, progressive)."""
    core = _core(read)
    for tok in read.doc:
        if tok.i not in core or tok.pos_ not in {"VERB", "AUX"}:
            continue
        if tok.tag_ == "VBD" and tok.dep_ not in {"aux", "auxpass"}:
            return tok, True
        if tok.tag_ == "VB" and tok.head.lower_ == "had" and tok.head.i not in core:
            return tok, True  # "I had to shut down my bank account": it was done
        if tok.tag_ == "VBN" and (any((c.dep_ == "aux" and c.lemma_ == "have") or (c.dep_ == "auxpass" and c.lemma_ == "get")
                                      for c in tok.children)
                                  or (tok.dep_ == "ROOT" and not any(c.dep_.startswith("nsubj") for c in tok.children))):
            perfect_progressive = any(c.lower_ == "been" for c in tok.children)
            return tok, not perfect_progressive  # "I've started a blog", "got mentored", "(just) teamed up"
        if tok.tag_ in {"VBP", "VBZ"} and tok.pos_ == "VERB" and tok.dep_ == "ROOT":
            return tok, False   # "we roast marshmallows"
        if tok.tag_ == "VBG" and tok.dep_ == "ROOT" and (
                any(c.dep_ == "aux" for c in tok.children) or not any(c.dep_.startswith("nsubj") for c in tok.children)):
            return tok, False   # "I'm offering one-on-one mentoring", "I've been working on ..."
        if tok.dep_ == "ROOT" or tok.pos_ == "VERB":
            return None
    return None


def _phrase_tokens(head: Any, core: set[int]) -> list[Any]:
    """A noun's phrase: its left modifiers and itself, plus "of ..." (``a bunch of roses``)."""
    left = [t for t in head.lefts if t.dep_ in {"compound", "amod", "poss", "nummod", "det", "nmod", "case",
                                                 "advmod", "quantmod", "npadvmod"}]
    start = min([head.i] + [t.left_edge.i for t in left])
    end = head.i
    for right in head.rights:
        named = right.dep_ in {"acl", "prep"} and right.lower_ in {"named", "called", "by"} and any(
            t.pos_ == "PROPN" for t in right.subtree)  # "a cat named Quibbleton", "a book by Ozzlethorp"
        if (right.dep_ == "prep" and right.lower_ == "of") or right.dep_ in {"compound", "case"} \
                or (right.dep_ == "appos" and right.pos_ == "PROPN") or named:
            end = max(end, right.right_edge.i)
        else:
            break
    doc = head.doc
    tokens = [doc[i] for i in range(start, end + 1) if (i in core and not doc[i].is_punct) or doc[i].text in {"'s", "-"}]
    while tokens and (tokens[0].lower_ in _DROP_LEADING or tokens[0].dep_ == "advmod"):
        tokens = tokens[1:]
    while tokens and tokens[-1].pos_ in {"ADP", "CCONJ", "DET", "PART"}:
        tokens = tokens[:-1]
    return tokens


def _object(verb: Any, core: set[int]) -> tuple[str, list[Any]] | None:
    """(preposition or "", object tokens) of an event verb."""
    children = [c for c in verb.children if c.i in core or c.dep_ in {"dobj", "prep", "xcomp", "agent"}]
    for c in children:
        if c.dep_ in {"dobj", "attr", "oprd"} and c.pos_ in {"NOUN", "PROPN", "NUM", "PRON"}:
            of = next((g for g in c.children if g.dep_ == "prep" and g.lower_ == "of"), None)
            inner = next((g for g in of.children if g.dep_ == "pobj"), None) if of is not None else None
            if c.lower_ in _QUANTIFIERS | {"some", "one", "all", "most", "many", "any", "each", "none"} \
                    and inner is not None:
                c = inner  # "made some of my favorite treats": the treats
            return "", _phrase_tokens(c, core)
    for c in children:
        if c.dep_ == "xcomp" and c.tag_ == "VB" and c.i > verb.i:
            # "helped renovate a community center": what was helped with is the object
            inner = _object(c, core)
            if inner is not None and inner[1]:
                return inner[0], [c, *inner[1]] if not inner[0] else inner[1]
    for c in children:
        if c.dep_ in {"xcomp", "advcl"} and c.tag_ == "VBG" and c.i > verb.i:
            # "went camping", "started eating healthier": the activity is the object
            tokens = [t for t in c.subtree if t.i in core and not t.is_punct and t.dep_ not in {"prep", "pobj", "det"}
                      and not any(a.dep_ == "prep" for a in t.ancestors if a.i > c.i and a in c.subtree)]
            return "", tokens[:4]
    for c in children:
        if c.dep_ in {"prep", "agent", "dative"} and c.lower_ in _PREPOSITIONS | {"by"}:
            pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
            if pobj is not None and pobj.i in core:
                return c.lower_, _phrase_tokens(pobj, core)
    for c in children:
        # "I made this window to remind me ...": the parser hangs the object on the clause after it
        if c.dep_ in {"ccomp", "xcomp"} and c.i > verb.i and verb.lemma_ in _CAUSATIVES:
            inner = next((g for g in c.children if g.dep_ == "nsubj" and g.pos_ in {"NOUN", "PROPN"}
                          and g.i > verb.i), None)
            if inner is not None:
                return "", _phrase_tokens(inner, core)
    return None


_SWAPS = {"my": "their", "me": "them", "myself": "themselves", "mine": "theirs", "our": "their", "us": "them",
          "ourselves": "themselves", "we": "they", "i": "they", "i'm": "they're", "i've": "they've", "i'd": "they'd",
          "we're": "they're", "we've": "they've"}
_FIRST_PERSON = re.compile(r"\b(?:I'm|I've|I'd|we're|we've|my|me|myself|mine|our|us|ourselves|we|I)\b", re.I)
# Children that start a clause of their own: not part of what was done.
_OWN_CLAUSE = frozenset({"conj", "cc", "relcl", "advcl", "ccomp", "punct", "parataxis", "mark", "nsubj",
                         "nsubjpass", "aux", "auxpass", "neg", "intj", "discourse", "csubj"})


def _object_phrase(tokens: list[Any], verb: Any, core: set[int]) -> str:
    """The object with the phrases that say where or what for ("trip to the East Coast")."""
    doc = verb.doc
    last = max(t.i for t in verb.subtree if t.i in core and not t.is_punct and t.dep_ not in _OWN_CLAUSE
               and not any(a.dep_ in _OWN_CLAUSE for a in t.ancestors if a.i > verb.i and a in verb.subtree))
    span = [doc[i] for i in range(tokens[0].i, last + 1) if i in core and not doc[i].is_punct]
    return _join(span) or " ".join(t.text for t in tokens)


def _third(text: str) -> str:
    return _FIRST_PERSON.sub(lambda m: _SWAPS[m[0].lower()], text)


def _verb_phrase(verb: Any, core: set[int], obj: list[Any]) -> str:
    """What was done, in the speaker's words: the verb and its own dependents, not a clause
    joined to it ("... and it was amazing") nor the clause's time words."""
    keep = {verb.i}
    keep |= {c.i for c in verb.children if c.dep_ == "auxpass" and c.lemma_ == "get"}
    keep |= {t.i for t in obj}
    keep |= {c.i for t in obj for c in t.subtree if c.dep_ not in _OWN_CLAUSE and c.i > t.i}
    for child in verb.children:
        if child.dep_ not in _OWN_CLAUSE:
            inside = {t.i for t in child.subtree}
            keep |= {t.i for t in child.subtree if t.dep_ not in {"relcl", "conj", "cc"}
                     and not any(a.dep_ in {"relcl", "conj", "acl"} and a.i != child.i and a.i in inside
                                 for a in t.ancestors)}
    doc = verb.doc
    tokens = [doc[i] for i in sorted(keep) if i in core or i == verb.i]
    while tokens and (tokens[-1].is_punct or tokens[-1].pos_ in {"ADP", "CCONJ", "DET"}):
        tokens = tokens[:-1]
    return _third(_join(tokens))


def _join(tokens: list[Any]) -> str:
    """The tokens' text with the message's own spacing between neighbours and one space over a gap."""
    out = []
    for tok, nxt in zip(tokens, [*tokens[1:], None]):
        out.append(tok.text)
        if nxt is not None and (nxt.i != tok.i + 1 or tok.whitespace_):
            out.append(" ")
    return "".join(out).strip()


def read_action(read: ReadClause) -> list[Draft]:
    """What the subject did (an episodic draft: "went to a support group") or does (a fact
    flagged ``generic``, which task and plan readings override: "offers dance mentoring"),
    read from the parse when no relation rule named the clause; else nothing."""
    if read.subject is None or read.object_only or read.flags & {"plan", "will", "task", "neg", "used_to",
                                                                    "hedge_strong", "end", "stop", "report"}:
        return []
    found_verb = _main_verb(read)
    if found_verb is None:
        return []
    verb, done = found_verb
    core = _core(read)
    if not done and any(t.lower_ in {"you", "your", "yours"} for t in read.tokens):
        return []  # "I appreciate you": talk, not a fact
    lemma = verb.lemma_.lower()
    found = _object(verb, core)
    if found is None:
        return []
    prep, tokens = found
    if not tokens or len(tokens) > _MAX_OBJECT_WORDS:
        return []
    head = next((t for t in reversed(tokens) if t.pos_ in {"NOUN", "PROPN", "VERB", "NUM"}), None)
    if head is None or head.lower_ in _VAGUE_OBJECTS or all(t.lower_ in _VAGUE_OBJECTS for t in tokens) \
            or tokens[0].lower_ in _QUANTIFIERS:
        return []
    particle = next((c.lower_ for c in verb.children if c.dep_ == "prt"
                     or (c.dep_ == "advmod" and c.lower_ in {"together", "up", "out", "off", "down", "back"})), "")
    planning = not done and lemma in _PLANNING and verb.tag_ == "VBG"
    if lemma in _NOT_EVENTS and not (lemma in _LIGHT_WITH_OBJECT and not prep) and lemma not in _MOTION \
            and not planning:
        return []
    if lemma in _LIGHT_WITH_OBJECT and head.lemma_.lower() in _EXPERIENCES and done:
        # "we had an awesome night playing board games": what was done is the activity
        activity = next((t for t in verb.subtree if t.tag_ == "VBG" and t.dep_ in {"acl", "advcl", "xcomp"}
                         and t.i > verb.i), None)
        inner = _object(activity, core) if activity is not None else None
        if activity is None or inner is None or not inner[1]:
            return []
        verb, lemma, (prep, tokens), particle = activity, activity.lemma_.lower(), inner, ""
        head = tokens[-1]
    if lemma in _LIGHT_WITH_OBJECT and (any(t.lemma_.lower() in _EXPERIENCES for t in tokens)
                                        or (not done and not particle and lemma != "do")):
        return []
    aux_get = any(c.dep_ == "auxpass" and c.lemma_ == "get" for c in verb.children)
    # One predicate for a verb whatever its tense ("won", "wins" -> wins), as the generic rule names it.
    head_words = ["gets", verb.lower_] if aux_get else [verb_3sg(lemma)]
    words = head_words + ([particle] if particle else []) + ([prep] if prep else [])
    predicate = "_".join(re.sub(r"[^a-z0-9]+", "", w) for w in words if re.sub(r"[^a-z0-9]+", "", w))[:64]
    if not predicate or not predicate[0].isalpha():
        return []
    text_of = read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]
    obj = _third(text_of)
    if obj.count('"') % 2:
        obj = obj.replace('"', "").strip()
    phrase = _verb_phrase(verb, core, tokens)
    object_type = next((k for k in map(entity_type, tokens) if k), None)
    if object_type is None and tokens[-1].pos_ == "PROPN":
        object_type = EntityType.other
    if planning:
        # "I'm planning a trip to the East Coast", "we're organizing a gaming party"
        return [Draft(predicate="plans_to", object=_third(_object_phrase(tokens, verb, core)), phrase=phrase,
                      flags={"plan", "progressive"})]
    if not done:
        return [Draft(predicate=predicate, object=obj, object_type=object_type, flags={"generic"})]
    return [Draft(predicate=predicate, object=obj, object_type=object_type, memory_type=MemoryType.episodic,
                  phrase=phrase, flags={"event"})]
