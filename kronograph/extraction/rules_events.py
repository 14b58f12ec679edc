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
from .rules_clause import IRREGULAR_PAST, PAST_LEMMAS, ReadClause, entity_type, misread_past, verb_lemma
from .rules_draft import USER_PREFIX, Draft, verb_3sg
from .rules_lexicon import PARTNERS, RELATIVES, SPOUSES
from .rules_phrases import (
    DROP_LEADING,
    MAX_OBJECT_WORDS,
    QUANTIFIERS,
    TOPICAL,
    captioned,
    join_tokens,
    names_what_settled,
    phrase_tokens,
    quoted_title,
    third_person,
)

# Verbs that report a thought, feeling or saying rather than something that happened, and
# verbs that only carry another ("I tried to ...", "I kept ..."), are not events.
_NOT_EVENTS = frozenset({
    "be", "think", "feel", "guess", "know", "say", "tell", "mean", "want", "hope", "wish", "need", "seem",
    "believe", "suppose", "wonder", "forget", "remember", "realize", "realise", "notice", "like", "love",
    "enjoy", "hate", "prefer", "miss", "ask", "thank", "look", "sound", "appreciate",
    "let", "can", "could", "would", "should", "will", "may", "might", "must", "use", "mention", "imagine",
    "understand", "agree", "bet", "expect", "plan", "decide", "try", "keep", "manage", "happen", "come",
    "do", "have", "make", "give", "put", "find", "help", "tend", "appear", "mind", "care", "bother",
    "stay", "quit", "stop", "get", "go", "recommend", "reccomend", "recomend", "suggest", "advise",
    "confirm",  # "confirmed with the venue", "Confirmed: Lisbon from June": what settles a fact, no event
})
# ... except with an object that names something that happened ("I had a job interview",
# "I did a mini retreat", "I made my first game", "I started a blog").
_LIGHT_WITH_OBJECT = frozenset({"do", "have", "make", "give", "find", "help", "try", "put", "get"})
# ... and "went to the park", "went camping": a verb of motion with where it went.
_MOTION = frozenset({"go", "come", "get"})
# ... and "heard some stories from a veteran", "saw a play": perceived things, when a noun says what.
_PERCEPTION = frozenset({"hear", "see", "watch", "read"})
# "I'm looking into counseling jobs": looking with where it looks is something being done.
_LOOKING = frozenset({"into", "for"})
# Modals of what could be ("we can make a real impact", "I could help you").
_MAYBE = frozenset({"can", "could", "would", "should", "might", "may", "must", "ca", "wo"})
# Things done without an object ("we hiked, swam", "I volunteered"): an activity of its own.
_ACTIVITIES = frozenset({
    "hike", "swim", "run", "dance", "paint", "camp", "ski", "snowboard", "surf", "bike", "cycle", "travel",
    "volunteer", "cook", "bake", "garden", "fish", "climb", "kayak", "skate", "sing", "draw", "knit", "jog",
    "graduate", "perform", "compete", "train", "exercise", "meditate", "sculpt", "sew", "write", "canoe", "sail",
    "golf", "skateboard", "row", "box", "rollerblade", "backpack", "propose", "practice", "practise", "study",
})
# "had a blast at a music fest", "spent the day at the shelter": how it went, and where.
_EXPERIENCE_VERBS = frozenset({"have", "spend"})
_WHERE_PREDICATES = {"at": "attends", "in": "spends_time_in", "on": "goes_on"}
_CAUSATIVES = frozenset({"make", "get", "have", "help", "let", "build", "paint", "design", "write", "create"})
_PLANNING = frozenset({"plan", "organize", "organise", "arrange", "schedule", "prepare"})
_PREPOSITIONS = frozenset({"to", "for", "at", "in", "on", "with", "into", "from", "about", "by", "through",
                           "across", "around", "up", "out", "onto", "over", "off", "after", "upon"})
_VAGUE_OBJECTS = frozenset({"it", "that", "this", "them", "something", "anything", "everything", "nothing",
                            "one", "lot", "lots", "bit", "time", "ages", "forever", "eternity", "way", "thing", "things", "stuff", "day",
                            "me", "you", "him", "her", "us", "there", "here", "so", "back", "lately", "much",
                            "up", "out", "off", "home", "too", "again", "well", "more", "while", "news", "plans",
                            "plan", "break", "ones", "shot", "part", "dream", "dreams", "life", "best",
                            "story", "stories", "opportunity", "surprise", "talents", "skills", "recommendations",
                            "people", "few", "bunch", "ton", "amount", "call", "hearts", "support", "chance",
                            "step", "steps", "turnout", "options", "option", "opportunities", "advice", "tips",
                            "setback", "encounter", "milestone", "progress", "difference", "analysis", "situation",
                            "information", "feedback", "potential", "snag", "reveal", "days", "moments", "memories",
                            "email", "message", "text", "memory", "moment", "wish", "wishes", "connection",
                            "connections", "challenge", "challenges", "face", "faces", "gains", "feels", "vibe", "vibes",
                            "emotion", "emotions", "friendship", "friendships", "bond", "lesson", "lessons", "thoughts",
                            "sense", "joy", "peace", "comfort", "strength", "goal", "goals", "hours", "minutes",
                            "weeks", "months", "years", "loads", "tons", "win", "wins", "praise", "attention",
                            "plunge", "leap"})  # "took the plunge"
_DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})
# Category words that name no particular thing when said alone ("played a game", "read some books").
_GENERIC_HEADS = frozenset({"game", "games", "movie", "movies", "film", "films", "book", "books", "show", "shows",
                            "song", "songs", "class", "classes", "event", "events", "place", "places",
                            "project", "projects", "series", "activity", "activities", "hobby", "hobbies", "recipe",
                            "pic", "pics", "picture", "pictures", "photo", "photos", "shot", "shots", "selfie",
                            "collection", "painting", "drawing", "meeting", "startup", "business"})
# "I had a blast", "we had quite the adventure": how it felt, not what happened.
_EXPERIENCES = frozenset({"adventure", "blast", "fun", "time", "day", "week", "ball", "experience", "chance",
                          "moment", "feeling", "idea", "trouble", "luck", "laugh", "laughs", "night", "weekend",
                          "year", "month", "go", "look", "break", "rest", "feel", "thought", "thoughts", "point", "try", "hand", "passion",
                          "interest", "knack", "love", "respect", "faith", "shot"})
# Journeys one goes on ("our trip to Japan"), and all one takes on: a visit, a project, a campaign.
_JOURNEYS = frozenset({"trip", "vacation", "holiday", "getaway", "cruise", "tour", "journey", "roadtrip"})
_TRIPS = _JOURNEYS | {"visit", "project", "campaign", "fundraiser", "drive", "petition"}
# Where one can have been ("I was at a music festival"), and what one can have been in ("in the final").
_OCCASIONS = frozenset({"concert", "festival", "party", "conference", "wedding", "show", "game", "match", "meeting",
                        "workshop", "convention", "fair", "parade", "rally", "ceremony", "seminar", "retreat", "camp",
                        "gig", "exhibition", "exhibit", "museum", "gallery", "premiere", "screening", "reunion",
                        "fundraiser", "gala", "protest", "march"})
# Things done at or for a named host, who says which one: "a job interview at Arup", "a talk at PyCon".
_HELD_AT = frozenset({"interview", "talk", "presentation", "appointment", "audition", "shift", "lecture", "keynote",
                      "demo", "pitch", "tryout", "trial", "placement", "internship", "residency", "class", "lesson"})
_CONTESTS = frozenset({"final", "finals", "semifinal", "semifinals", "tournament", "competition", "contest", "race",
                       "marathon", "championship", "league", "playoffs", "cup"})
# "I'm currently reading X", "I'm learning German now": something being enjoyed or learned, not a task.
ONGOING_PASTIMES = frozenset({"read", "play", "learn", "watch", "listen", "study", "practice", "practise", "enjoy",
                              "binge", "explore"})
# Verbs that make or capture a thing a photo can show ("I drew it", "we baked these yesterday").
_DEPICTING = frozenset({"make", "draw", "paint", "bake", "cook", "build", "create", "knit", "sew", "design", "craft", "crochet",
                        "embroider", "quilt", "weave",
                        "sculpt", "carve", "buy", "finish", "write", "decorate", "plant", "grow", "frame"})
# Verbs that carry the one after them: "got to see", "started learning", "decided to adopt".
_CARRIERS = frozenset({"get", "go", "come", "try", "manage", "start", "begin", "decide", "continue", "keep", "learn",
                       "choose", "finish", "complete"})  # and "got done submitting": the submitting


PAST_FORMS = {lemma: past for past, lemma in PAST_LEMMAS.items()}
# Verbs whose past is spelled as their present, which the tagger reads as present.
_SAME_IN_PAST = frozenset({"hurt", "cut", "hit", "put", "set", "shut", "quit", "split", "spread", "burst", "bet", "let",
                           "cast", "upset", "read"})


def undated_long_ago(draft: Draft) -> bool:
    """A deed said to have been done long ago ("Even as a child, I made some sketches", "back then
    I was drawing comics") with no date: storing it at the statement's time would misdate it;
    and "when I was a kid" itself is a time, not what the speaker is."""
    if "long_ago" not in draft.flags or draft.valid_from is not None or draft.operation.value != "add":
        return False
    return bool(draft.flags & {"event", "generic"}) or (draft.predicate == "is_a" and draft.object.lower() in _YOUNG)


_YOUNG = frozenset({"kid", "child", "teen", "teenager", "little girl", "little boy", "baby", "student"})


def names_nothing(draft: Draft) -> bool:
    """A told event or a single thing whose object is a bare category word ("played a game",
    "read that book", "went to an event"): which one is said elsewhere, if at all. A habit
    with a plural ("we watch movies"), a liking ("I love books") or the speaker's own thing
    ("shared my book") still says something."""
    words = [w for w in draft.object.lower().split() if w not in {"another", "other", "new", "more", "some"}]
    if len(words) != 1 or words[0] not in _GENERIC_HEADS or (draft.predicate or "").startswith(("likes", "preferred_")):
        return False
    return draft.memory_type is MemoryType.episodic or not words[0].endswith("s") or words[0] == "series"


def _core(read: ReadClause) -> set[int]:
    return {t.i for t in read.tokens}


def _main_verb(read: ReadClause) -> tuple[Any, bool] | None:
    """The clause's main verb and whether it tells something done (past or present perfect)
    rather than something that holds (present tense, progressive)."""
    core = _core(read)
    first = read.doc[min(core)] if core else None
    if first is not None and misread_past(first):
        return first, True  # "Twisted my ankle on Monday": a dropped "I" before a past read as an adjective
    for tok in read.doc:
        if tok.i not in core or tok.pos_ not in {"VERB", "AUX"} or (tok.dep_ == "aux" and tok.head.tag_ == "VBG"
                                                                     and _went(tok.head) is tok):
            continue
        busy = next((g for c in tok.children if c.dep_ == "acomp" and c.lower_ in {"busy", "occupied"}
                     for g in c.children if g.tag_ == "VBG" and g.i in core), None)
        if tok.lemma_ == "be" and busy is not None:
            return busy, False  # "I've been busy painting"
        if (tok.tag_ == "VBD" or (tok.tag_ == "VB" and tok.lower_ in IRREGULAR_PAST and tok.i == min(core))) \
                and tok.dep_ not in {"aux", "auxpass"}:
            return tok, True
        if tok.tag_ == "VB" and tok.head.lower_ == "had" and tok.head.i not in core:
            return tok, True  # "I had to shut down my bank account": it was done
        if tok.tag_ == "VBN" and (any((c.dep_ == "aux" and c.lemma_ == "have") or (c.dep_ == "auxpass" and c.lemma_ == "get")
                                      for c in tok.children)
                                  or (tok.dep_ == "ROOT" and not any(c.dep_.startswith("nsubj") for c in tok.children))):
            perfect_progressive = any(c.lower_ == "been" for c in tok.children)
            return tok, not perfect_progressive  # "I've started a blog", "got mentored", "(just) teamed up"
        if tok.tag_ == "VBP" and tok.lower_ in _SAME_IN_PAST and tok.dep_ == "ROOT" and any(
                s.kind.value == "point" and s.end is not None and s.end <= read.reference for s in read.times):
            return tok, True    # "I hurt my knee yesterday": the past, spelled as the present
        if tok.tag_ in {"VBP", "VBZ"} and tok.pos_ == "VERB" and tok.dep_ == "ROOT":
            return tok, False   # "we roast marshmallows"
        be = next((c for c in tok.children if c.dep_ == "auxpass" and c.lemma_ == "be"), None)
        if tok.tag_ == "VBN" and tok.dep_ == "ROOT" and be is not None and be.tag_ in {"VBP", "VBZ", "VBD"} \
                and any(c.dep_ == "nsubjpass" and c.lower_ in _ME for c in tok.children) \
                and any(c.dep_ in {"prep", "agent"} for c in tok.children):
            return tok, False   # "I'm drawn to turtles", "we were mesmerized by the castles": how the speaker is
        if tok.tag_ == "VBN" and tok.dep_ == "ROOT" and (be is None or be.tag_ == "VBD") \
                and not any(c.dep_ == "aux" for c in tok.children) and _owned_thing(read, tok) is not None:
            return tok, True    # "my bike was stolen last week": it happened to the speaker's thing
        if tok.tag_ == "VBG" and tok.dep_ == "ROOT" and _went(tok) is not None:
            return tok, True    # "we went bowling": the parser may read "went" as the doing's auxiliary
        if tok.tag_ == "VBG" and tok.dep_ == "ROOT" and (
                any(c.dep_ == "aux" for c in tok.children) or not any(c.dep_.startswith("nsubj") for c in tok.children)):
            return tok, False   # "I'm offering one-on-one mentoring", "I've been working on ..."
        if tok.dep_ == "ROOT" or tok.pos_ == "VERB":
            return None
    return None


def _object(verb: Any, core: set[int]) -> tuple[str, list[Any]] | None:
    """(preposition or "", object tokens) of an event verb."""
    children = [c for c in verb.children if c.i in core or c.dep_ in {"dobj", "prep", "xcomp", "agent"}]
    for c in children:
        if c.dep_ == "dobj" and c.lower_ in {"it", "this", "that", "them", "one"} and any(
                g.dep_ == "prep" and g.lower_ in {"in", "at", "for", "with", "during"} for g in children):
            continue  # "I made it in pottery class yesterday": where (or with what) it was made
        if c.dep_ in {"dobj", "attr", "oprd"} and (c.pos_ in {"NOUN", "PROPN", "NUM", "PRON"} or _race_like(c)):
            of = next((g for g in c.children if g.dep_ == "prep" and g.lower_ == "of"), None)
            inner = next((g for g in of.children if g.dep_ == "pobj"), None) if of is not None else None
            if c.lower_ in QUANTIFIERS | {"some", "one", "all", "most", "many", "any", "each", "none"} \
                    and inner is not None:
                c = inner  # "made some of my favorite treats": the treats
            tokens = phrase_tokens(c, core)
            by = next((g for g in children if g.dep_ in {"prep", "agent"} and g.lower_ == "by" and tokens
                       and g.i == tokens[-1].i + 1 and any(t.pos_ == "PROPN" for t in g.subtree)), None)
            if by is not None:  # "reading a book by Ozzlethorp" (the parser hangs "by" on the verb)
                tokens += [t for t in by.subtree if t.i in core and not t.is_punct]
            about = next((g for g in children if g.dep_ == "prep" and g.lower_ in {"about", "on"} and tokens
                          and g.i == tokens[-1].i + 1 and c.lemma_.lower() in TOPICAL), None)
            if about is not None and about.right_edge.i - tokens[0].i < MAX_OBJECT_WORDS:
                tokens += [t for t in about.subtree if t.i in core and not t.is_punct]  # "notes about local politics"
            where = next((g for g in [*children, *c.children] if g.dep_ == "prep" and g.lower_ in {"at", "with", "for"} and tokens
                          and g.i == tokens[-1].i + 1 and c.lemma_.lower() in _HELD_AT
                          and any(p.dep_ == "pobj" and p.pos_ == "PROPN" for p in g.children)), None)
            if where is not None and where.right_edge.i - tokens[0].i < MAX_OBJECT_WORDS:
                tokens += [t for t in where.subtree if t.i in core and not t.is_punct]  # "an interview at Arup"
            settled = next((g for g in children if tokens and g.i == tokens[-1].i + 1 and names_what_settled(c, g)), None)
            if settled is not None and settled.right_edge.i - tokens[0].i < MAX_OBJECT_WORDS:
                tokens += [t for t in settled.subtree if t.i in core and not t.is_punct]  # "booked my flights to Oslo"
            return "", tokens
    if verb.dep_ == "relcl" and (verb.head.pos_ in {"NOUN", "PROPN"} or verb.head.lower_ == "one") and verb.head.i < verb.i:
        # "this pride parade I went to", "a road trip we took": the noun the clause describes
        dangling = next((c.lower_ for c in verb.children if c.dep_ == "prep" and not any(True for _ in c.children)), "")
        return dangling, phrase_tokens(verb.head, core | {verb.head.i})
    for c in children:
        if c.dep_ == "xcomp" and c.tag_ == "VB" and c.i > verb.i and verb.lemma_.lower() not in _ACTIVITIES:
            # "helped renovate a community center": what was helped with is the object
            inner = _object(c, core)
            if inner is not None and inner[1]:
                return inner[0], [c, *inner[1]] if not inner[0] else inner[1]
    for c in children:
        if c.dep_ in {"xcomp", "advcl"} and c.tag_ == "VBG" and c.i > verb.i \
                and all(t.pos_ in {"ADV", "PART"} for t in c.doc[verb.i + 1:c.i]):
            # "went camping", "started eating healthier": the activity is the object
            tokens = [t for t in c.subtree if t.i in core and not t.is_punct and t.dep_ not in {"prep", "pobj", "det"}
                      and not any(a.dep_ == "prep" for a in t.ancestors if a.i > c.i and a in c.subtree)]
            return "", tokens[:4]
    for c in children:
        if c.dep_ in {"prep", "agent", "dative"} and c.lower_ in _PREPOSITIONS | {"by"}:
            pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
            if pobj is not None and pobj.i in core:
                return c.lower_, phrase_tokens(pobj, core)
            doing = next((g for g in c.children if g.dep_ == "pcomp" and g.tag_ == "VBG" and g.i in core), None)
            thing = next((g for g in doing.children if g.dep_ == "dobj" and g.pos_ in {"NOUN", "PROPN"} and g.i in core
                          and not any(d.lower_ in _DEMONSTRATIVES for d in g.children)), None) if doing is not None else None
            if doing is not None and thing is not None:  # "working on opening a dance studio": the doing and its thing
                return c.lower_, [doing, *(t for t in phrase_tokens(thing, core) if t.i > doing.i)]
    for c in children:
        # "I made this window to remind me ...": the parser hangs the object on the clause after it
        if c.dep_ in {"ccomp", "xcomp"} and c.i > verb.i and verb.lemma_ in _CAUSATIVES:
            inner = next((g for g in c.children if g.dep_ == "nsubj" and g.pos_ in {"NOUN", "PROPN"}
                          and g.i > verb.i), None)
            if inner is not None:
                tokens = phrase_tokens(inner, core)
                done_to = c.tag_ == "VBN" and verb.lemma_ in {"get", "have"} and tokens and c.i == tokens[-1].i + 1
                return "", [*tokens, c] if done_to else tokens  # "got my nose pierced": what was done to it
    return None


def _race_like(token: Any) -> bool:
    """ "a 5k", "the 10K": a distance named as a thing, which the tagger calls a foreign word."""
    return token.pos_ == "X" and token.text[:1].isdigit()


# Children that start a clause of their own: not part of what was done.
_OWN_CLAUSE = frozenset({"conj", "cc", "relcl", "advcl", "ccomp", "punct", "parataxis", "mark", "nsubj",
                         "nsubjpass", "aux", "auxpass", "neg", "intj", "discourse", "csubj"})


def _object_phrase(tokens: list[Any], verb: Any, core: set[int]) -> str:
    """The object with the phrases that say where or what for ("trip to the East Coast")."""
    doc = verb.doc
    last = max(t.i for t in verb.subtree if t.i in core and not t.is_punct and t.dep_ not in _OWN_CLAUSE
               and not any(a.dep_ in _OWN_CLAUSE for a in t.ancestors if a.i > verb.i and a in verb.subtree))
    span = [doc[i] for i in range(tokens[0].i, last + 1) if i in core and not doc[i].is_punct]
    return join_tokens(span) or " ".join(t.text for t in tokens)


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
    return third_person(join_tokens(tokens))


# Phrasal verbs that end a thing ("packed in guitar lessons" = quit them): no doing of it.
_QUITTING = frozenset({"pack_in", "give_up", "drop_out", "call_off", "pull_out", "back_out", "sell_off"})
_SPANS = frozenset({"time", "season", "day", "week", "month", "year", "night", "weekend", "spell", "patch", "stretch", "run"})


def no_doing(verb: Any, lemma: str, head: Any, particle: str = "") -> bool:
    """Verb-object readings that name no thing done: a phrasal verb of quitting ("packed in guitar
    lessons"), an evaluation of a stretch of time ("we had a rough season")."""
    particles = {particle, *(c.lower_ for c in verb.children if c.dep_ == "prt")}
    if any(f"{lemma}_{p}" in _QUITTING for p in particles):
        return True
    return lemma == "have" and head.lemma_.lower() in _SPANS and any(c.dep_ == "amod" for c in head.children)


def read_action(read: ReadClause) -> list[Draft]:
    """What the subject did (an episodic draft: "went to a support group") or does (a fact
    flagged ``generic``, which task and plan readings override: "offers dance mentoring"),
    read from the parse when no relation rule named the clause; else nothing. When the main
    verb tells nothing, a past verb of the speaker's inside the clause may ("this pride parade
    I went to", "I just discovered I can make ice cream and gave it a try")."""
    if read.subject is None or read.object_only or read.flags & {"plan", "will", "task", "neg", "used_to",
                                                                    "hedge_strong", "end", "stop", "report"}:
        return []
    core = _core(read)
    found_verb = _main_verb(read)
    if found_verb is not None:
        drafts = _action(read, *found_verb, core)
        if drafts:
            said = {d.object.lower() for d in drafts}
            return drafts + [t for t in _mentioned_trip(read, core) if t.object.lower() not in said]
    drafts = read_own_events(read, found_verb[0] if found_verb else None)
    if drafts:
        read.flags.discard("vague")  # another verb of the speaker's names something
    return drafts


def read_dated_deed(read: ReadClause) -> list[Draft]:
    """The last reading of a statement no rule and no parse shape read: a dated deed of the
    speaker's (``_dated_deed``), or nothing."""
    if read.subject is None or read.object_only or read.flags & {"plan", "will", "task", "neg", "used_to",
                                                                    "hedge_strong", "end", "stop", "report"}:
        return []
    found_verb = _main_verb(read)
    return _dated_deed(read, found_verb[0], _core(read)) if found_verb is not None and found_verb[1] else []


# Light verbs the object-led reader turns down without a named object, which with a past date
# still tell a deed ("got my first tattoo", "took his first steps", "had a fall").
_DATED_LIGHT = frozenset({"get", "have", "do", "make", "give", "put", "find", "help", "go", "come", "stay", "quit",
                          "stop", "take", "try", "keep"})
# Words that end a deed's own words: another clause starts.
_DEED_ENDS = frozenset({"and", "but", "so", "because", "cause", "cos", "coz", "while", "when", "which", "who",
                        "that", "where", "after", "before", "though", "although", "since", "until", "till", "then",
                        "if", "or", "as"})
_MAX_DEED_WORDS = 8


def _misread_noun(token: Any) -> bool:
    """A noun the small tagger took for an adverb after a determiner or adjective ("my first
    tattoo/RB"): an adverb does not close a noun phrase."""
    before = token.doc[token.i - 1] if token.i else None
    return token.pos_ == "ADV" and not token.lower_.endswith("ly") and before is not None \
        and (before.pos_ == "ADJ" or before.dep_ in {"det", "poss"}) and before.lower_ not in {"so", "too", "very"}


# "spent Saturday repotting": what the time went on is read elsewhere; the date is the object.
_TIME_SPENDING = frozenset({"spend", "waste", "kill", "pass"})
_REFLEXIVE = frozenset({"myself", "ourselves", "himself", "herself", "themselves", "themself"})


def _dated_deed(read: ReadClause, verb: Any, core: set[int]) -> list[Draft]:
    """A deed in the simple past with a past date ("I got my first tattoo in August", "Yesterday I
    finally saw Springsteen live", "hit a deer two nights ago") that the object-led reader could not
    cut an object from, often because the small parser misread it ("tattoo" as an adverb, "Coldplay
    live" as a clause of its own): the verb and its own words up to where another clause starts,
    stored as what happened that day. Without a date, or with only a vague or felt object ("had a
    blast", "did it"), it says nothing."""
    dated = any(s.kind.value == "point" and s.start is not None and s.start < read.reference for s in read.times)
    lemma = verb_lemma(verb)
    subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if not dated or verb.tag_ not in {"VBD", "VBN", "VB"} or (lemma in _NOT_EVENTS and lemma not in _DATED_LIGHT) \
            or lemma in _TIME_SPENDING or no_doing(verb, lemma, verb) or read.photo \
            or any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children if lemma == "get"):
        return []  # "I've got a stack of exam prep this week": having; "gave up on it": an ending
    if subject is not None and not (subject.lower_ in _ME if read.subject == "user" else
                                    subject.pos_ == "PROPN" or subject.lemma_.lower() in _WHO_IS_CALLED):
        return []  # "my album came out on the 12th": the thing's doing, not the speaker's
    words: list[Any] = [verb]
    for tok in read.doc[verb.i + 1:]:
        if tok.is_punct and tok.tag_ != "HYPH":  # "a check-up" is one word
            break
        if tok.i not in core:
            continue  # the clause's time words and fillers ("finally", "yesterday")
        if tok.lower_ in _DEED_ENDS or tok.dep_ in {"mark", "relcl", "advcl", "cc"} \
                or (tok.pos_ in {"VERB", "AUX"} and any(c.dep_.startswith("nsubj") and c.i > verb.i for c in tok.children)):
            break
        words.append(tok)
    while words and words[-1].pos_ in {"ADP", "DET", "CCONJ", "PART", "PRON"} and words[-1].dep_ not in {"prt", "dobj"}:
        words.pop()
    nouns = [t for t in words[1:] if t.pos_ in {"NOUN", "PROPN", "NUM"} or _misread_noun(t)]
    if not (nouns or any(t.lower_ in _REFLEXIVE for t in words)) or len(words) > _MAX_DEED_WORDS \
            or any(t.lower_ in {"you", "your", "yours", "u"} for t in words) \
            or any(t.dep_ == "dobj" and t.pos_ == "PRON" and t.lower_ not in _REFLEXIVE for t in words) \
            or (nouns and all(t.lower_ in _VAGUE_OBJECTS or t.lemma_.lower() in _EXPERIENCES | _TALKS for t in nouns)):
        return []  # "took her out for a spin": what was done to is named elsewhere; "had a great talk": with whom?
    phrase = third_person(join_tokens(words))
    return [Draft(predicate="life_event", object=phrase, memory_type=MemoryType.episodic, phrase=phrase,
                  flags={"event"})]


def read_own_events(read: ReadClause, main: Any = None) -> list[Draft]:
    """The first readable past verb of the speaker's inside the clause, other than ``main``
    (also in a clause about something else: "One special memory was this parade I went to")."""
    if read.subject != "user" or read.flags & {"plan", "will", "task", "neg", "used_to", "hedge_strong", "end",
                                               "stop", "report"}:
        return []
    core = _core(read)
    for verb in _own_past_verbs(read, core, main):
        drafts = _action(read, verb, verb.tag_ != "VBG", core)  # "... that I'm running for office again"
        if drafts:
            return drafts
    return _told_deed(read, core) or _mentioned_trip(read, core) or _acclaimed(read, core)


# Words of praise that say the speaker likes a named work, place or team ("The Hobbit is great").
_PRAISE = frozenset({"amazing", "great", "awesome", "incredible", "fantastic", "wonderful", "brilliant", "excellent",
                     "inspiring", "epic", "magical", "stunning", "superb", "outstanding", "phenomenal", "captivating",
                     "gorgeous", "breathtaking", "spectacular", "legendary", "iconic", "beautiful"})


def _acclaimed(read: ReadClause, core: set[int]) -> list[Draft]:
    """A named thing praised in the present ("Harry Potter and Game of Thrones are amazing",
    "\"Brave\" by Sara Bareilles is so inspiring") -> ``likes`` each: a title, a name of two
    words or more, or one the lexicon types (a place, a team); not a lone first name, a pronoun or
    someone's ("his songs", "your painting")."""
    root = next((t for t in read.doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ != "be" or root.tag_ not in {"VBZ", "VBP"} or read.flags & {"neg", "past"}:
        return []
    if any(c.dep_ in {"advcl", "mark"} or (c.dep_ == "cc" and c.lower_ == "but") for c in root.children) or any(
            t.lower_ == "according" for t in read.doc):
        return []  # "If X is great, ...", "X is amazing, according to my brother", "X is beautiful but ..."
    praise = next((c for c in root.children if c.dep_ == "acomp" and c.lower_ in _PRAISE), None)
    subject = next((c for c in root.children if c.dep_ == "nsubj" and c.i in core), None)
    if praise is None or subject is None:
        return []
    out = []
    for head in [subject, *(c for c in subject.subtree if c.dep_ == "conj" and c.head.i in {subject.i}
                           | {t.i for t in subject.subtree})]:
        quoted = quoted_title(head)
        tokens = quoted or phrase_tokens(head, core)
        while tokens and tokens[0].dep_ == "det" and tokens[0].lower_ != "the":
            tokens = tokens[1:]
        names = [t for t in tokens if t.pos_ == "PROPN"]
        typed = next((k for k in map(entity_type, tokens) if k), None)
        the = next((c for c in head.children if c.dep_ == "det" and c.lower_ == "the"), None) \
            if head.pos_ == "PROPN" and not quoted else None  # "The Hobbit": a title
        if not tokens or len(tokens) > MAX_OBJECT_WORDS or any(t.lower_ in _POINTING or t.pos_ == "PRON" for t in tokens) \
                or not (quoted or typed or the is not None or (names and head.pos_ == "PROPN" and len(tokens) >= 2)):
            continue
        first = the if the is not None and the.i < tokens[0].i else tokens[0]
        text = read.text[first.idx:tokens[-1].idx + len(tokens[-1].text)]
        out.append(Draft(predicate="likes", object=text, object_type=typed or EntityType.other,
                         memory_type=MemoryType.preference))
    return out


_TALKS = frozenset({"conversation", "chat", "talk", "discussion", "catch", "heart", "call", "convo", "chinwag"})


def _talked_with(read: ReadClause, verb: Any, head: Any, core: set[int]) -> list[Draft]:
    """ "I had a conversation with someone named David" -> ``talks_with David``; a talk with no
    one named ("we had a long chat") says nothing."""
    with_ = next((c for c in [*head.children, *verb.children] if c.dep_ == "prep" and c.lower_ == "with"), None)
    pobj = next((g for g in with_.children if g.dep_ == "pobj" and g.i in core), None) if with_ is not None else None
    if pobj is None or pobj.lower_ in _VAGUE_OBJECTS or (pobj.pos_ not in {"NOUN", "PROPN"} and pobj.lower_ not in
                                                           {"someone", "somebody"}):
        return []
    tokens = phrase_tokens(pobj, core)
    named = next((i for i, t in enumerate(tokens) if t.lower_ in {"named", "called"}), None)
    if named is not None:
        tokens = tokens[named + 1:]  # "someone named David": David
    elif pobj.lower_ in {"someone", "somebody", "anyone"}:
        return []
    while tokens and tokens[0].dep_ in {"det"}:
        tokens = tokens[1:]
    if not tokens or len(tokens) > MAX_OBJECT_WORDS:
        return []
    text = third_person(read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)])
    kind = EntityType.person if tokens[-1].pos_ == "PROPN" else None
    return [Draft(predicate="talks_with", object=text, object_type=kind, memory_type=MemoryType.episodic,
                  phrase=f"had a {head.text} with {text}", flags={"event"})]


def _purpose_end(head: Any, core: set[int]) -> Any:
    """The last word of what a project is for or about, said right after it ("a project to support
    military veterans", "a project about urban gardens"), or None."""
    doc = head.doc
    if head.i + 2 >= len(doc) or doc[head.i + 1].lower_ not in {"to", "about", "on", "for"}:
        return None
    lead = doc[head.i + 1]
    governor = lead.head if lead.dep_ == "aux" else lead  # "to support ...": the verb "to" belongs to
    if governor.i <= head.i or not all(t.i in core for t in governor.subtree) \
            or any(t.pos_ == "PRON" for t in governor.subtree):
        return None  # "a project to support them": whom was said elsewhere
    end = governor.right_edge
    while end.is_punct and end.i > head.i:
        end = doc[end.i - 1]
    return end if end.i - head.i <= MAX_OBJECT_WORDS else None


def _mentioned_trip(read: ReadClause, core: set[int]) -> list[Draft]:
    """A trip of the speaker's named in a past clause about something else ("I got the idea from
    that trip to England a few years ago", "This was my Rocky Mountains trip last year"): they went."""
    past = "past" in read.flags or any(s.start is not None and s.start < read.reference for s in read.times)
    if not past or read.subject != "user" or read.flags & {"plan", "will", "neg", "hedge_strong"}:
        return []
    for tok in read.doc:
        if tok.i not in core or tok.pos_ != "NOUN" or tok.lemma_.lower() not in _JOURNEYS:
            continue
        if not any(c.dep_ == "poss" and c.lower_ in {"my", "our"} for c in tok.children):
            continue  # "that trip to Vegas" may be anyone's
        if any(c.dep_ == "relcl" for c in tok.children) or tok.head.tag_ == "VBG" or any(
                t.lemma_ in _UNDONE and t.pos_ == "VERB" for t in read.doc if t.i in core):
            continue  # "the trip my sister took", "our trip got cancelled", "planning my trip"
        after = read.doc[tok.i + 1] if tok.i + 1 < len(read.doc) else None  # the parser may hang "to ..." elsewhere
        to = after if after is not None and after.dep_ == "prep" and after.lower_ in {"to", "in"} and any(
            g.dep_ == "pobj" and g.pos_ == "PROPN" for g in after.children) else None
        named = [c for c in tok.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"]
        if to is not None and all(t.i in core for t in to.subtree) and to.right_edge.i - tok.i < MAX_OBJECT_WORDS:
            start, end = (named[0] if named else tok), to.right_edge
        elif named:
            start, end = named[0].left_edge, tok
        else:
            continue
        text = read.text[start.idx:end.idx + len(end.text)]
        return [Draft(predicate="goes_on", object=text, memory_type=MemoryType.episodic, phrase=f"went on {text}",
                      flags={"event"})]
    return []


# Verbs that say a trip did not happen (or was only being prepared).
_UNDONE = frozenset({"cancel", "postpone", "plan", "miss", "skip", "delay", "call", "book", "scrap"})


def _told_deed(read: ReadClause, core: set[int]) -> list[Draft]:
    """A deed named by a gerund and judged in the past tense: "Organizing a basketball camp for
    kids last summer was an awesome experience" -> ``organizes "basketball camp"`` (an event).
    Only with an object of its own ("Watching it was amazing" names nothing) and not for what
    was perceived ("Seeing my characters come alive was my favorite part")."""
    root = next((t for t in read.doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ != "be" or root.tag_ != "VBD" or read_values(read):
        return []  # "Creating art was really important to me": a value (read_values), not a deed
    gerund = next((c for c in root.children if c.dep_ in {"csubj", "nsubj"} and c.tag_ == "VBG" and c.i in core), None)
    if gerund is None or verb_lemma(gerund) in _PERCEPTION or verb_lemma(gerund) in _NOT_EVENTS \
            or not any(c.dep_ in {"dobj", "prep"} for c in gerund.children):
        return []
    thing = next((c for c in gerund.children if c.dep_ == "dobj"), None)
    if thing is not None and thing.pos_ == "NOUN" and [c.lower_ for c in thing.lefts] == ["the"]:
        return []  # "Exploring the city was awesome": which city was said elsewhere
    return _action(read, gerund, True, core)


_ME = frozenset({"i", "we"})
# Nouns a relative clause of the speaker's can hang on that name no event ("the progress I've made").
_ABSTRACT = frozenset({"progress", "path", "paths", "moment", "moments", "decision", "decisions", "choice", "choices",
                       "step", "steps", "memory", "memories", "people", "person", "friends", "one", "ones", "stuff",
                       "thing", "things", "lot", "way", "ways", "time", "times", "kind", "sort", "part", "idea",
                       "ideas", "work", "feeling", "feelings", "emotion", "emotions", "difference", "impact"})


def _own_past_verbs(read: ReadClause, core: set[int], main: Any) -> list[Any]:
    """Past verbs whose subject is the speaker ("I"/"we"), other than the main one: in a relative
    clause ("a trip we took last year"), a clause after "that"/"when", or a second verb
    ("... and gave it a try")."""
    out = []
    for tok in read.doc:
        if tok.i not in core or tok is main or tok.pos_ not in {"VERB", "AUX"} or tok.dep_ in {"aux", "auxpass"}:
            continue
        past = tok.tag_ == "VBD" or (tok.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have"
                                                               for c in tok.children)
                                     and not any(c.lower_ == "been" for c in tok.children))
        ongoing = tok.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in tok.children)
        if not (past or ongoing):
            continue
        subject = next((c for c in tok.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
        if subject is None and tok.dep_ == "conj" and tok.head.pos_ == "VERB":
            subject = next((c for c in tok.head.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
        if subject is not None and subject.lower_ in _ME:
            out.append(tok)
    return out


# Where a motion verb goes to ("went to London to see my aunt": the place is what is said).
_TOWARDS = frozenset({"to", "into", "towards", "toward", "onto"})
# "Got"/"got" as the tagger may read it at the start of a chat line ("Got/NNP vaccinated").
_GET = frozenset({"get", "got", "gets", "getting", "gotten"})
# Where or when a thing befell the speaker ("got engaged on a beach", "got promoted at work"); "got into
# Oxford", "got accepted to Yale" say more than where and keep their own reading.
_WHERE_IT_BEFELL = frozenset({"at", "on", "in", "during", "near", "outside", "while", "after"})
# What one gets that is a feeling or a passing state, not something that befell one.
_FELT = frozenset({"tired", "bored", "excited", "scared", "frightened", "confused", "annoyed", "irritated", "worried",
                   "stressed", "overwhelmed", "distracted", "involved", "attached", "hooked", "inspired", "interested",
                   "used", "carried", "sidetracked", "frustrated", "upset", "stuck", "dressed", "ready", "done", "sick",
                   "better", "worse", "lucky", "angry", "mad", "nervous", "emotional", "jealous", "curious", "busy",
                   "hungry", "thirsty", "sleepy", "bigger", "older", "colder", "warmer", "late", "started", "paid",
                   "motivated", "obsessed", "addicted", "lost", "caught", "drunk", "wet", "soaked", "sunburnt"})


def _befallen(read: ReadClause, verb: Any, core: set[int]) -> list[Draft] | None:
    """What befell the speaker, said with "got" and a participle ("I got engaged on a beach in Crete",
    "got rear-ended at the lights", "got promoted at work") -> ``life_event "got engaged"``; where
    it happened stays in the fact's text. None when the clause says more than where or when (an
    object, "got accepted to Yale") or names a feeling ("got tired"): other readings apply."""
    passive = verb.tag_ == "VBN" and verb.lemma_.lower() not in _GET  # "I got/auxpass engaged/ROOT"
    participle = verb if passive else next((c for c in verb.children if c.dep_ == "acomp"), None)
    if participle is None:
        return None
    if participle.lower_ in _FELT or (not passive and participle.tag_ != "VBN" and not participle.lower_.endswith("ed")):
        # "I got really tired after the long drive", "got so bored": how they felt, nothing done
        return [] if not passive and not any(c.dep_ == "dobj" for c in verb.children) else None
    deps = list(verb.children) + ([] if passive else list(participle.children))
    if any(c.dep_ in {"dobj", "xcomp", "ccomp", "attr", "dative", "agent", "prt"} for c in deps) \
            or any(c.dep_ == "prep" and c.lower_ not in _WHERE_IT_BEFELL for c in deps):
        return None
    doc = participle.doc
    first = doc[participle.i - 2] if participle.i >= 2 and doc[participle.i - 1].tag_ == "HYPH" else participle  # "rear-ended"
    what = "got " + read.text[first.idx:participle.idx + len(participle.text)].lower()
    return [Draft(predicate="life_event", object=what, memory_type=MemoryType.episodic,
                  phrase=_verb_phrase(participle, core, []) if passive else what, flags={"event"})]


def _went(doing: Any) -> Any:
    """The "went" the parser hangs on a doing as its auxiliary ("we went/aux bowling/ROOT"), or None."""
    return next((c for c in doing.children if c.dep_ == "aux" and c.lower_ == "went"), None)


def _outing(doing: Any) -> list[Draft]:
    """ "went hiking with a few friends", "went bowling", "went shopping for a new sofa" ->
    ``goes "hiking"``: the outing is the doing; whom with and what for stay in the fact's text.
    A doing with an object of its own ("went picking strawberries") is read as that deed."""
    if verb_lemma(doing) in _NOT_EVENTS or any(c.dep_ in {"dobj", "xcomp", "ccomp", "attr"} for c in doing.children):
        return []
    words = [doing, *(c for c in doing.children if c.dep_ == "prt")]
    text = join_tokens(sorted(words, key=lambda t: t.i)).lower()
    return [Draft(predicate="goes", object=text, memory_type=MemoryType.episodic,
                  phrase=third_person(f"went {text}"), flags={"event"})]


# Stretches of time that, named by a noun before them, are an occasion one has ("a movie night", "a spa day").
_OCCASION_SPANS = frozenset({"night", "day", "evening", "afternoon", "morning", "weekend", "lunch", "dinner", "party"})


def _named_occasion(head: Any) -> bool:
    """ "a movie night", "our first date night", "a spa day": a span of time named by what filled
    it is an occasion that happened, not how the time went ("a rough night", "a long day")."""
    return head.lemma_.lower() in _OCCASION_SPANS and any(
        c.dep_ == "compound" and c.pos_ in {"NOUN", "PROPN"} for c in head.children)


def _action(read: ReadClause, verb: Any, done: bool, core: set[int]) -> list[Draft]:
    """The action of one verb: an episodic draft when done, a generic fact when it holds."""
    if not done and any(t.lower_ in {"you", "your", "yours"} for t in verb.subtree):
        return []  # "I appreciate you": talk, not a fact
    lemma = verb_lemma(verb)
    got_done = lemma == "do" and any(c.dep_ == "auxpass" and c.lemma_ == "get" for c in verb.children)
    carried = next((c for c in verb.children if c.dep_ in {"xcomp", "dobj"} and c.tag_ in {"VB", "VBG"} and c.i > verb.i
                    and c.i in core), None) if lemma in _CARRIERS or got_done else None
    if carried is None and lemma in {"go", "come"} and not any(
            c.dep_ == "dobj" or (c.dep_ == "prep" and c.lower_ in _TOWARDS) for c in verb.children):
        # "went to see Hamilton", "came to visit my grandparents": what they went to do ("went to Leeds to ..." is where)
        carried = next((c for c in verb.children if c.dep_ == "advcl" and c.tag_ == "VB" and c.i in core
                        and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)), None)
    went = _went(verb) if done and verb.tag_ == "VBG" else None
    if went is not None or (carried is not None and done and lemma == "go" and carried.tag_ == "VBG"):
        outing = _outing(verb if went is not None else carried)
        if outing:
            return outing  # "went hiking with a few friends", "went bowling and got three strikes"
    if carried is not None:  # "got to see some lovely scenery", "started learning the guitar": what was done
        drafts = _action(read, carried, done, core)
        if drafts:
            return drafts
    befallen = None if _owned_thing(read, verb) is not None else _befallen(read, verb, core) if lemma == "get" or any(
        c.dep_ == "auxpass" and c.lemma_.lower() in _GET for c in verb.children) else None
    if befallen is not None:
        return befallen if done else []  # "got engaged on a beach in Crete", "got rear-ended at the lights"
    found = _object(verb, core)
    if done and _befell_me(verb, found):  # "I fainted on the bus on Friday": what befell them, and where
        phrase = _verb_phrase(verb, core, found[1] if found else [])
        return [Draft(predicate="life_event", object=phrase, memory_type=MemoryType.episodic, phrase=phrase,
                      flags={"event"})]
    owned = _owned_thing(read, verb)
    befell = verb_lemma(verb) in _MISHAPS or any(c.dep_ == "auxpass" and c.lemma_ == "be" for c in verb.children)
    if owned is not None and (found is None or found[0] == "by" or (found[0] and befell)):
        return _befell(read, verb, owned, done, core)  # "my car broke down", "my bike was stolen"
    if found is None:
        # "my dad passed away two days ago" (the parser hangs "away" on as an adverb); "my nan passed last
        # spring": of someone else, a bare "passed" is a death ("I passed!" is a test)
        particle = next((c.lower_ for c in verb.children if c.dep_ == "prt" or (c.dep_ == "advmod" and c.lower_ == "away")),
                        "away" if lemma == "pass" and read.subject not in {None, "user"} else "")
        life = _LIFE_EVENTS.get(f"{lemma} {particle}".strip())
        if done and life:  # "my grandma passed away last week", "I graduated in May"
            return [Draft(predicate="life_event", object=life, memory_type=MemoryType.episodic, phrase=life,
                          flags={"event"})]
        if lemma in _ACTIVITIES and not any(c.dep_ in {"dobj", "ccomp"} for c in verb.children):
            # "we hiked", "I volunteered last weekend", "I've been busy painting": the activity itself
            if not done:
                return [Draft(predicate="activity", object=lemma, flags={"generic"})]
            return [Draft(predicate="activity", object=lemma, memory_type=MemoryType.episodic,
                          phrase=third_person(join_tokens([verb])), flags={"event"})]
        return []
    prep, tokens = found
    if done and lemma in _SHOOTING and tokens and tokens[-1].lemma_.lower() in _PHOTOS:
        return _where_shot(read, verb, tokens[-1], core)  # "I took this pic on my trip to X last year"
    shown_one = [t.lower_ for t in tokens] == ["one"] and verb.dep_ == "relcl"  # "Here's one I did last week"
    if done and not prep and read.photo and ([t.lower_ for t in tokens] in (["it"], ["this"], ["these"], ["them"])
                                             or shown_one) \
            and (lemma in _DEPICTING or (shown_one and lemma == "do")) \
            and (" of " in read.photo or not read.photo.lower().startswith(lemma[:4])):
        # "I drew it" with a photo of a sunset drawing: the caption names the thing ("painted" a "painting": which?)
        made = "make" if lemma == "do" else lemma
        return [Draft(predicate=verb_3sg(made), object=read.photo, memory_type=MemoryType.episodic,
                      phrase=third_person(f"{PAST_FORMS.get(made, verb.text)} {read.photo}"), flags={"event"})]
    if not tokens or len(tokens) > MAX_OBJECT_WORDS \
            or any(t.lower_ in {"your", "yours", "you"} for t in tokens):
        return []  # "I took your recommendation": about the listener's thing
    head = next((t for t in reversed(tokens) if t.pos_ in {"NOUN", "PROPN", "VERB", "NUM"} or _race_like(t)), None)
    if head is None:
        return []
    shown: str | None = None
    talk = next((t for t in tokens if t.dep_ == "dobj" and t.lemma_.lower() in _TALKS), None) if lemma == "have" else None
    if talk is not None:
        return _talked_with(read, verb, talk, core)  # "I had a long chat with my neighbor Rosa"
    named_span = _named_occasion(head)
    if named_span:  # "our first proper date night" -> "date night", "a really fun board game night" -> "board game night"
        start = head.i
        while start > 0 and head.doc[start - 1].dep_ == "compound" and head.doc[start - 1].lemma_.lower() not in _EXPERIENCES \
                and not any(c.dep_ == "advmod" for c in head.doc[start - 1].children):
            start -= 1
        tokens = list(head.doc[start:head.i + 1])
    if lemma in _EXPERIENCE_VERBS and done and not prep and not named_span and (
            head.lemma_.lower() in _EXPERIENCES or head.lower_ in {"time", "day", "afternoon", "evening"}):
        return _experience(read, verb, lemma, head, core)
    if no_doing(verb, lemma, head, prep) and not named_span:
        return []
    if not any(c.dep_.startswith("nsubj") for c in verb.children) and verb.dep_ == "ROOT" \
            and any(c.dep_ in {"dobj", "dative"} and c.lower_ in {"me", "us"} for c in verb.children):
        return _vague(read)  # "... - gave me a real sense of peace": something else did it to the speaker
    if len(tokens) == 1 and head.pos_ == "NOUN" and any(c.dep_ == "det" and c.lower_ in _DEMONSTRATIVES
                                                          for c in head.children):
        shown = captioned(read.caption, head)  # "this tree" with a photo of a christmas tree
        if shown is None and verb.dep_ == "relcl" and head.i == verb.head.i and done:
            named = [t for t in tokens if t.lower_ not in _DEMONSTRATIVES] or [head]
            shown = read.text[named[0].idx:named[-1].idx + len(named[-1].text)]  # "These figurines I bought yesterday"
        elif shown is None:
            return _vague(read)  # "I've been using this app": which one is in a photo the text does not name
    hyphened = head.i > 1 and head.doc[head.i - 1].tag_ == "HYPH" and head.doc[head.i - 2] in tokens  # "call-out"
    if (head.lower_ in _VAGUE_OBJECTS and not hyphened and not named_span) or all(t.lower_ in _VAGUE_OBJECTS for t in tokens) \
            or tokens[0].lower_ in QUANTIFIERS or any(t.lower_ in {"something", "anything", "someone"} for t in tokens):
        beside = _beside_vague(verb, head, core) if not prep else None
        if beside is None:
            return _vague(read) if len([t for t in tokens if t.pos_ != "DET"]) == 1 or tokens[0].lower_ in QUANTIFIERS else []
        prep, tokens = beside  # "heard some stories from a veteran named Samuel": from whom
        head = tokens[-1]
    if verb.dep_ == "relcl" and head.i == verb.head.i and head.lower_ in _ABSTRACT:
        return []
    particle = next((c.lower_ for c in verb.children if c.i in core and (c.dep_ == "prt"
                     or (c.dep_ == "advmod" and c.lower_ in {"together", "up", "out", "off", "down", "back"}))
                     and not (c.i > verb.i + 1 and c.lower_ in {"up", "down", "over"} and c.i + 1 < len(c.doc)
                              and c.doc[c.i + 1].lower_ in {"in", "at", "on", "near", "by"})), "")
    # "explored the coast up in the Pacific Northwest": "up in ..." says where, it is no particle
    if lemma == "put" and head.lemma_.lower() in {"work", "effort", "time", "hour", "energy"}:
        return []  # "putting in a lot of work": how hard, not what
    planning = not done and lemma in _PLANNING and verb.tag_ == "VBG"
    perceived = lemma in _PERCEPTION and prep in {"", "from"} and head.pos_ in {"NOUN", "PROPN"}
    looking = (lemma == "look" and prep in _LOOKING) or (lemma == "help" and prep in {"with", "at"})
    if prep and lemma not in _CAUSATIVES | _DEPICTING and any(c.dep_ == "dobj" and c.lower_ in {"it", "this", "that", "them"}
                                                              for c in verb.children):
        return []  # "I decided to include this at the beginning": what was included is elsewhere, not "beginning"
    elided = bool(prep) and lemma in _CAUSATIVES and any(c.dep_ == "dobj" and c.lower_ in {"it", "this", "that", "them", "one"}
                                                         for c in verb.children)  # "made it in pottery class"
    occasion = next((t.lemma_.lower() for t in tokens if t.dep_ == "pobj" and t.lemma_.lower() in _OCCASIONS | _CONTESTS), None)
    if lemma == "be" and done and prep in {"at", "in"} and occasion and not any(c.dep_ in {"attr", "acomp"} for c in verb.children):
        # "I was at a music festival last weekend", "I was in the final of a big tournament": where they were
        taking_part = prep == "in" and occasion in _CONTESTS
        return [Draft(predicate="takes_part_in" if taking_part else "attends", object=third_person(join_tokens(tokens)),
                      object_type=next((k for k in map(entity_type, tokens) if k), None),
                      memory_type=MemoryType.episodic, phrase=_verb_phrase(verb, core, tokens), flags={"event"})]
    done_to = prep and any(c.dep_ == "auxpass" and c.lemma_ == "get" for c in verb.children)  # "got noticed by editors"
    if lemma in _NOT_EVENTS and not (lemma in _LIGHT_WITH_OBJECT and (not prep or elided)) and lemma not in _MOTION \
            and not planning and not looking and not done_to:
        return []
    if lemma in _PERCEPTION and not perceived:
        return []
    if lemma in _LIGHT_WITH_OBJECT and (any(t.lemma_.lower() in _EXPERIENCES for t in tokens
                                            if t.dep_ != "npadvmod" and not (named_span and t.i == head.i))  # "hand-painted bowl"
                                        or (not done and not particle and lemma != "do")):
        return []
    if lemma == "get" and verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children):
        # "We've got some cool projects in the works": having, not an event
        return [Draft(predicate="has", object=third_person(read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]),
                      object_type=next((k for k in map(entity_type, tokens) if k), None), flags={"generic"})]
    aux_get = any(c.dep_ == "auxpass" and c.lemma_ == "get" for c in verb.children)
    passive = verb.tag_ == "VBN" and any(c.dep_ == "auxpass" and c.lemma_ == "be" for c in verb.children)
    # One predicate for a verb whatever its tense ("won", "wins" -> wins), as the generic rule names it;
    # a passive keeps its participle ("been drawn to" -> is_drawn_to).
    head_words = ["gets", verb.lower_] if aux_get else ["is", verb.lower_] if passive else [verb_3sg(lemma)]
    words = head_words + ([particle] if particle else []) + ([prep] if prep else [])
    predicate = "_".join(re.sub(r"[^a-z0-9]+", "", w) for w in words if re.sub(r"[^a-z0-9]+", "", w))[:64]
    if not predicate or not predicate[0].isalpha():
        return []
    text_of = shown if shown else read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]
    title = _called(read, head, core) if head.lower_ in _GENERIC_HEADS else None
    if title is not None:  # "a game with a great setting called "Cyberpunk 2077"": the game's name
        text_of = f"{head.text} called {title}"
    brought = lemma in {"take", "bring"} and any(c.dep_ == "prep" and c.lower_ in {"to", "on"} for c in verb.children)
    if (head.lemma_.lower() in _TRIPS or brought) and not prep and verb.dep_ != "relcl":
        text_of = _object_phrase(tokens, verb, core)  # "took a short trip to Rome", "took the kids to the museum"
    if head.lemma_.lower() == "project" and text_of == read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]:
        purpose = _purpose_end(head, core)
        if purpose is None:
            return []  # "working on a project": which?
        text_of = read.text[tokens[0].idx:purpose.idx + len(purpose.text)]  # "a project to support military veterans"
    obj = third_person(text_of)
    if obj.count('"') % 2:
        obj = obj.replace('"', "").strip()
    phrase = _verb_phrase(verb, core, tokens)
    object_type = next((k for k in map(entity_type, tokens) if k), None)
    if object_type is None and tokens[-1].pos_ == "PROPN":
        object_type = EntityType.other
    if planning:
        # "I'm planning a trip to the East Coast", "we're organizing a gaming party"
        organizing = {"organizing"} if lemma != "prepare" else set()  # "planning a tournament": an event ahead
        return [Draft(predicate="plans_to", object=third_person(_object_phrase(tokens, verb, core)), phrase=phrase,
                      flags={"plan", "progressive"} | organizing)]
    if not done:
        if any(c.dep_ == "aux" and c.lower_ in _MAYBE for c in verb.children):
            return []  # "we can tackle life's challenges together": what could be, not what the speaker does
        return [Draft(predicate=predicate, object=obj, object_type=object_type, flags={"generic"})]
    if owned is not None:  # "my painting got into an exhibition": the painting did
        return [Draft(subject=f"{USER_PREFIX}{owned}", subject_type=EntityType.other, predicate=predicate, object=obj,
                      object_type=object_type, memory_type=MemoryType.episodic, phrase=phrase, flags={"event", "owned"})]
    return [Draft(predicate=predicate, object=obj, object_type=object_type, memory_type=MemoryType.episodic,
                  phrase=phrase, flags={"event"})]


# Who (not what) a name after "called" may belong to.
_WHO_IS_CALLED = RELATIVES | SPOUSES | PARTNERS | frozenset({
    "friend", "guy", "girl", "boy", "man", "woman", "person", "someone", "somebody", "neighbor", "neighbour", "coworker",
    "colleague", "classmate", "teammate", "kid", "child", "teacher", "coach", "dog", "cat", "puppy", "kitten", "pet",
    "horse", "bird", "turtle", "band", "artist", "author", "singer", "actor", "player", "character"})


def _called(read: ReadClause, head: Any, core: set[int]) -> str | None:
    """The name given later in the clause to a bare category word: "a game ... called "Cyberpunk
    2077"", "a script with my group called Finding Home" -> the title; None if none is given."""
    doc = head.doc
    called = next((t for t in doc if t.i > head.i and t.i in core and t.lower_ in {"called", "named", "titled"}
                   and t.i + 1 < len(doc)), None)
    if called is None or called.i - head.i > 12 or called.head.lemma_.lower() in _WHO_IS_CALLED \
            or doc[called.i - 1].lemma_.lower() in _WHO_IS_CALLED:
        return None  # "a movie with my friend called Sam": the friend's name
    after = doc[called.i + 1]
    quoted = quoted_title(doc[called.i + 2]) if after.text in {'"', "“"} and called.i + 2 < len(doc) else None
    if quoted:
        return f'"{join_tokens(quoted)}"'
    names: list[Any] = []
    for t in doc[called.i + 1:]:
        if t.pos_ != "PROPN" and not (names and t.like_num) and not (not names and t.lower_ == "the"):
            break
        names.append(t)
    return join_tokens(names) if 0 < len(names) <= MAX_OBJECT_WORDS else None


def _owned_thing(read: ReadClause, verb: Any) -> str | None:
    """The speaker's thing that is the verb's subject ("my car broke down", "our old house was
    sold"), as "car", "old house"; None when the subject is the speaker or a person."""
    subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if read.subject != "user" or subject is None or subject.pos_ != "NOUN" or subject.ent_type_ \
            or not any(c.dep_ == "poss" and c.lower_ in _MINE for c in subject.children):
        return None
    words = [t for t in subject.subtree if t.i < subject.i and t.dep_ in {"amod", "compound"} and t.i > min(
        c.i for c in subject.children if c.dep_ == "poss")] + [subject]
    return join_tokens(words) if len(words) <= 4 else None


# What can befall a thing without anyone doing it: "my laptop crashed", "our basement flooded".
_MISHAPS = frozenset({"break", "crash", "flood", "die", "burn", "collapse", "leak", "fail", "freeze", "sink", "explode",
                      "shatter", "crack", "tear", "rip", "disappear", "vanish", "expire", "close", "shut", "fall",
                      "overheat", "malfunction", "stall", "burst", "sell"})


# Phrasal verbs that say a thing gave way by itself: "the power went out", "our ceiling came down".
_GAVE_WAY = frozenset({"go_out", "come_down", "pack_in", "pack_up", "give_out", "give_way", "cave_in", "blow_up",
                       "burn_down", "fall_down", "fall_apart", "fall_off", "break_down", "seize_up", "go_down",
                       "go_off", "conk_out", "cut_out", "blow_out", "come_off", "come_apart", "flood_out"})
_LOOSE_PARTICLES = frozenset({"out", "down", "in", "up", "off", "apart", "away", "way"})


def _mishap(verb: Any) -> bool:
    """Whether the verb tells something that befell a thing ("broke", "flooded", "went out")."""
    lemma = verb_lemma(verb)
    particles = {c.lower_ for c in verb.children if c.dep_ == "prt" or (c.dep_ == "advmod" and c.lower_ in _LOOSE_PARTICLES)}
    return lemma in _MISHAPS or any(f"{lemma}_{p}" in _GAVE_WAY for p in particles)


# What befalls a person's body rather than being done ("I fainted", "I tripped on the stairs", "passed out").
_BEFALLING_ME = frozenset({"faint", "collapse", "trip", "slip", "fall", "pass_out", "black_out", "throw_up", "choke",
                           "keel_over", "come_off", "fall_off", "fall_over", "fall_down"})
#: what one "falls" into that is a feeling or sleep, not a fall ("fell in love", "fell asleep")
_NO_FALL = frozenset({"love", "asleep", "behind", "silent", "ill", "sick", "pregnant", "apart", "victim", "prey", "short"})


#: where one "collapses" to rest, not in a faint
_ONTO_REST = frozenset({"sofa", "bed", "couch", "settee", "armchair", "chair", "floor"})


def _befell_me(verb: Any, found: tuple[str, list[Any]] | None) -> bool:
    """Whether a verb with no object, or only a where ("on the bus"), tells what befell the person
    (a body part's own mishap, "my lung collapsed", is a health event read elsewhere)."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is not None and subject.pos_ not in {"PRON", "PROPN"} and subject.lemma_.lower() not in _WHO_IS_CALLED:
        return False
    lemma = verb_lemma(verb)
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    if not ({lemma, *(f"{lemma}_{p}" for p in particles)} & _BEFALLING_ME) or any(
            c.dep_ in {"dobj", "acomp", "oprd", "attr"} or c.lower_ in _NO_FALL for c in verb.children):
        return False
    if lemma in {"slip", "collapse"} and ("up" in particles or found is None or any(
            t.lower_ in _ONTO_REST for t in found[1]) or any(c.lower_ == "up" for c in verb.children)):
        return False  # "slipped up at work", "collapsed on the sofa after work": a slip-up, a rest
    return found is None or (found[0] in _WHERE_IT_BEFELL | {"off", "down", "over", "from", "into"}
                             and not any(t.lower_ in _NO_FALL for t in found[1]))


def _befell(read: ReadClause, verb: Any, owned: str, done: bool, core: set[int]) -> list[Draft]:
    """What happened to the speaker's thing: "my car broke down last Friday" -> ``user's car
    life_event "car broke down"``, "my bike was stolen" -> "bike stolen" (an event when done):
    the object names the thing too, so the event reads whole."""
    passive = any(c.dep_ == "auxpass" for c in verb.children) or (verb.tag_ == "VBN" and verb.lemma_ != "be")
    if not done or verb.lemma_ == "be" or not (passive or _mishap(verb)):
        return []  # "my week's been crazy", "my trip went great": how it was, not what befell it
    keep = [verb, *(c for c in verb.children if c.dep_ in {"prt", "auxpass"} or (c.dep_ == "agent" and c.i in core)
                    or (c.dep_ == "advmod" and c.lower_ in {"back", "up", "down", "out", "off", "away"})
                    or (c.dep_ == "prep" and not any(True for _ in c.children)))]  # "broken into"
    keep += [t for c in verb.children if c.dep_ == "agent" and c.i in core for t in c.subtree
             if t.i in core and not t.is_punct and t is not c]
    tokens = sorted(keep, key=lambda t: t.i)
    if len(tokens) > MAX_OBJECT_WORDS:
        return []
    what = join_tokens([t for t in tokens if not (t.dep_ == "auxpass" and t.lemma_ == "be")])  # "stolen"
    return [Draft(subject=f"{USER_PREFIX}{owned}", subject_type=EntityType.other, predicate="life_event",
                  object=f"{owned} {what}", memory_type=MemoryType.episodic, phrase=join_tokens(tokens),
                  flags={"event", "owned"})]


_THE = frozenset({"the", "a", "an"})
# the household things whose mishap, said with "the", is the speaker's news ("the boiler packed in"); the
# world's news ("the stock market crashed", "the government collapsed", "a man died") is not
_HOUSEHOLD = frozenset({"boiler", "pipe", "pipes", "power", "machine", "fridge", "freezer", "roof", "heating", "car", "laptop",
                        "phone", "wifi", "internet", "broadband", "dishwasher", "oven", "ceiling", "basement", "kitchen",
                        "bathroom", "toilet", "shower", "tap", "sink", "cooker", "hob", "microwave", "kettle", "toaster",
                        "dryer", "washer", "tumble", "radiator", "fuse", "electrics", "electricity", "lights", "light",
                        "gas", "water", "window", "door", "lock", "fence", "shed", "garage", "gutter", "drain", "tyre",
                        "tire", "battery", "engine", "bike", "tv", "television", "router", "computer", "screen",
                        "printer", "hoover", "vacuum", "aircon", "ac", "fan", "heater", "chimney", "wall", "floor",
                        "van", "tree", "greenhouse", "pond", "tank", "cistern", "loo", "flat", "house"})


def read_happening(read: ReadClause) -> list[Draft]:
    """What befell a thing on a day gone by, said of the thing ("The washing machine broke down on
    Sunday", "last night a pipe burst in the bathroom", "the power went out on Tuesday") ->
    ``life_event "washing machine broke down"``: the speaker's news. Only with a past day, so a
    habit ("the boiler breaks down every winter") or a question stays out."""
    if read.flags & {"plan", "will", "neg", "used_to", "hedge_strong", "report"} \
            or not any(s.start is not None and s.start < read.reference for s in read.times):
        return []
    core = _core(read)
    verb = next((t for t in read.doc if t.i in core and t.dep_ == "ROOT" and t.tag_ == "VBD"), None)
    subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ == "NOUN" and not c.ent_type_
                    and any(d.dep_ == "det" and d.lower_ in _THE for d in c.children)), None) if verb is not None else None
    if verb is None or subject is None or not _mishap(verb) or subject.lemma_.lower() not in _HOUSEHOLD \
            or (verb_lemma(verb) == "die" and subject.lemma_.lower() not in {"battery", "phone", "laptop", "car", "engine"}):
        return []
    thing = [t for t in subject.subtree if t.i < subject.i and t.dep_ in {"amod", "compound"}] + [subject]
    befell = _befell(read, verb, join_tokens(thing), True, core)
    return [Draft(predicate="life_event", object=d.object, memory_type=MemoryType.episodic, phrase=d.phrase,
                  flags={"event"}) for d in befell if len(thing) <= 3]


# Taking a photo says where the speaker was: "I snapped that pic on my trip to the Smoky Mountains last
# year", "I took this photo at a place called Whispering Falls", "a pic I got from my walk last week".
_SHOOTING = frozenset({"take", "snap", "get", "shoot", "capture", "grab"})
_PHOTOS = frozenset({"photo", "pic", "picture", "shot", "snap", "snapshot", "selfie", "photograph", "video", "pics",
                     "photos", "pictures"})
_OUTINGS = frozenset({"walk", "hike", "run", "ride", "drive", "climb", "stroll", "swim", "road", "roadtrip"}) | _TRIPS
_WHERE_SHOT = frozenset({"at", "on", "in", "during", "from"})
# Where a photo came from that is no place the speaker was ("from my friend", "from a website").
_NOT_PLACES = frozenset({"friend", "website", "site", "app", "internet", "web", "phone", "feed", "page", "account",
                         "group", "chat", "post", "story", "album", "camera"})


def _where_shot(read: ReadClause, verb: Any, photo: Any, core: set[int]) -> list[Draft]:
    """Where a photo was taken, as the event of being there: an outing (``goes_on "trip to the
    Smoky Mountains"``), an occasion (``attends``) or a place (``visits "Whispering Falls"``)."""
    preps = [c for c in [*verb.children, *photo.children] if c.dep_ == "prep" and c.i in core and c.i > photo.i]
    preps += [c for p in preps for g in p.children if g.dep_ == "pobj" for c in g.children
              if c.dep_ == "prep" and c.i in core]  # "on a hike near Mount Rainier"
    where = next((c for c in preps if c.lower_ in _WHERE_SHOT), None)
    if where is not None and where.lower_ == "from" and verb.lemma_ in {"get", "grab"}:
        return []  # "I got this pic from Instagram / from my friend": where it came from, not where they were
    pobj = next((g for g in where.children if g.dep_ == "pobj" and g.i in core), None) if where is not None else None
    if where is None or pobj is None or pobj.pos_ not in {"NOUN", "PROPN"} or pobj.lower_ in _VAGUE_OBJECTS:
        return []
    if pobj.ent_type_ == "PERSON" or pobj.lemma_.lower() in _NOT_PLACES:
        return []
    tokens = phrase_tokens(pobj, core)
    lemma = pobj.lemma_.lower()
    called = next((i for i, t in enumerate(tokens) if t.lower_ in {"called", "named"}), None)
    if called is not None and called + 1 < len(tokens):
        tokens = tokens[called + 1:]  # "a beautiful location called Whispering Falls": the name
    elif lemma in _TRIPS:
        to = next((c for c in [*pobj.children, *verb.children] if c.dep_ == "prep" and c.lower_ in {"to", "in", "at"}
                   and c.i == tokens[-1].i + 1), None)  # the parser may hang "to ..." on the verb
        if to is not None and all(t.i in core for t in to.subtree) and to.right_edge.i - tokens[0].i <= MAX_OBJECT_WORDS:
            tokens = [t for t in read.doc[tokens[0].i:to.right_edge.i + 1] if not t.is_punct]  # "trip to the Smoky Mountains"
    near = next((c for c in preps if c is not where and c.lower_ in {"near", "in", "at", "by"} and c.i > tokens[-1].i
                 and any(g.dep_ == "pobj" and g.pos_ == "PROPN" for g in c.children)), None)
    while tokens and (tokens[0].dep_ in {"det", "poss", "case"} or tokens[0].head.dep_ == "poss"):
        tokens = tokens[1:]  # "my ex's funeral" -> "funeral": the whole possessor goes
    if not tokens or len(tokens) > MAX_OBJECT_WORDS or tokens[-1].pos_ not in {"NOUN", "PROPN"}:
        return []
    text = read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]
    if near is not None and lemma in _OUTINGS and near.right_edge.i - near.i < 4:
        text += " " + read.text[near.idx:near.right_edge.idx + len(near.right_edge.text)]  # "hike near Fort Wayne"
    if pobj.lower_ in _GENERIC_HEADS and len(tokens) == 1:
        return []
    predicate = "goes_on" if lemma in _OUTINGS else "attends" if lemma in _OCCASIONS | _CONTESTS \
        or where.lower_ in {"during", "from"} else "visits"
    object_type = next((k for k in map(entity_type, tokens) if k), None)
    if object_type is None and tokens[-1].pos_ == "PROPN":
        object_type = EntityType.place if predicate == "visits" else EntityType.other
    return [Draft(predicate=predicate, object=third_person(text), object_type=object_type,
                  memory_type=MemoryType.episodic, phrase=third_person(f"{predicate.split('_')[0][:-1]} {text}"),
                  flags={"event"})]


# Things that happen to a person without an object.
_LIFE_EVENTS = {"pass away": "passed away", "die": "died", "retire": "retired", "graduate": "graduated",
                "recover": "recovered", "give birth": "gave birth", "get married": "got married",
                "get engaged": "got engaged", "get divorced": "got divorced", "move out": "moved out",
                "move away": "moved away", "come out": "came out", "hurt": "got hurt", "injure": "got injured"}


def _beside_vague(verb: Any, head: Any, core: set[int]) -> tuple[str, list[Any]] | None:
    """What a vague object leaves room for: a thing named beside it ("got some hiking stuff and
    outdoor gear"), or who or what it came from, was done with or made for ("heard some stories
    from a veteran named Samuel", "wrote a few bits for a screenplay"; "stuff with sentimental
    value" is the stuff's, not the deed's)."""
    for c in head.children:
        if c.dep_ == "conj" and c.pos_ in {"NOUN", "PROPN"} and c.i in core and c.lower_ not in _VAGUE_OBJECTS:
            tokens = phrase_tokens(c, core)
            return ("", tokens) if 0 < len(tokens) <= MAX_OBJECT_WORDS else None
    for c in verb.subtree:
        if c.dep_ == "prep" and c.lower_ == "like" and c.i > head.i and c.i in core:
            pobj = next((g for g in c.children if g.dep_ == "pobj" and g.i in core and g.pos_ in {"NOUN", "PROPN"}), None)
            tokens = phrase_tokens(pobj, core) if pobj is not None and pobj.lower_ not in _VAGUE_OBJECTS else []
            if 0 < len(tokens) <= MAX_OBJECT_WORDS:
                return "", tokens  # "some other stuff with sentimental value, like my hand-painted bowl": the bowl
    for c in [*head.children, *verb.children]:
        if c.dep_ == "prep" and c.i > head.i and (c.lower_ in {"from", "for"} or (c.lower_ == "with" and c.head.i == verb.i)):
            pobj = next((g for g in c.children if g.dep_ == "pobj" and g.i in core), None)
            if pobj is not None and pobj.pos_ in {"NOUN", "PROPN"} and pobj.lower_ not in _VAGUE_OBJECTS \
                    and pobj.lower_ not in {"me", "us", "them", "fun", "hours", "years", "days", "weeks", "months"}:
                tokens = phrase_tokens(pobj, core)
                return (c.lower_, tokens) if 0 < len(tokens) <= MAX_OBJECT_WORDS else None
    return None


def _vague(read: ReadClause) -> list[Draft]:
    """No event, and the clause's own verb-object reading by another rule names nothing either
    (``vague``: rules_chatter drops the clause's generic and event drafts)."""
    read.flags.add("vague")
    return []


def _experience(read: ReadClause, verb: Any, lemma: str, head: Any, core: set[int]) -> list[Draft]:
    """ "We had a great time throwing a party": the activity; "we had a blast at a music event",
    "Max and I had a blast on our camping trip": where it was."""
    activity = next((t for t in verb.subtree if t.tag_ == "VBG" and t.dep_ in {"acl", "advcl", "xcomp"}
                     and t.i > verb.i and t.i in core), None)
    if activity is not None:
        inner = _object(activity, core)
        if inner is not None and inner[1] and len(inner[1]) <= MAX_OBJECT_WORDS \
                and inner[1][-1].lower_ not in _VAGUE_OBJECTS:
            return _action(read, activity, True, core)
        if activity.lemma_.lower() in _ACTIVITIES:
            return [Draft(predicate="activity", object=activity.lemma_.lower(), memory_type=MemoryType.episodic,
                          phrase=third_person(join_tokens([activity])), flags={"event"})]
        return []
    where = next((c for c in [*verb.children, *head.children] if c.dep_ == "prep" and c.lower_ in _WHERE_PREDICATES
                  and any(g.dep_ == "pobj" and g.i in core for g in c.children)), None)
    if where is None:
        return []
    pobj = next(g for g in where.children if g.dep_ == "pobj")
    tokens = phrase_tokens(pobj, core)
    if len(tokens) > 1 and tokens[-1].lower_.endswith("ing") and tokens[-2].dep_ == "compound":
        tokens = tokens[:-1]  # "at the shelter volunteering": the place, not "shelter volunteering"
    if not tokens or len(tokens) > MAX_OBJECT_WORDS or tokens[-1].lower_ in _VAGUE_OBJECTS \
            or tokens[-1].pos_ not in {"NOUN", "PROPN"}:
        return []
    obj = third_person(read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)])
    object_type = next((k for k in map(entity_type, tokens) if k), None)
    return [Draft(predicate=_WHERE_PREDICATES[where.lower_], object=obj, object_type=object_type,
                  memory_type=MemoryType.episodic, phrase=_verb_phrase(verb, core, tokens), flags={"event"})]


# "Playing video games helps me unwind", "cooking is therapy for me": a pastime of the speaker's.
_PASTIME_VERBS = frozenset({"help", "relax", "calm", "keep", "inspire", "motivate",
                            "remind", "refresh", "energize", "energise", "ground", "center", "centre"})
_GOALS = frozenset({"goal", "dream", "aim", "ambition", "plan"})
_MINE = frozenset({"my", "our"})


def read_pastime(read: ReadClause) -> list[Draft]:
    """A gerund the speaker calls theirs: "Playing video games and watching movies are my main
    hobbies" -> likes each; "Winning a championship is my number one goal" -> a plan."""
    core = _core(read)
    root = next((t for t in read.doc if t.dep_ == "ROOT"), None)
    if root is None or read.subject != "user":
        return []
    gerund = next((c for c in root.children if c.dep_ in {"csubj", "nsubj"} and c.i in core
                   and (c.tag_ == "VBG" or (c.tag_ == "NN" and c.lower_.endswith("ing")))), None)
    if gerund is None or any(t.lower_ in {"you", "your", "yours"} for t in gerund.subtree):
        return []
    goal = False
    if root.lemma_ == "be":
        attr = next((c for c in root.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        if attr is None:
            return []
        to_me = any(c.dep_ == "prep" and c.lower_ in {"for", "to"} and any(g.lower_ in {"me", "us"} for g in c.children)
                    for c in [*root.children, *attr.children])
        if not (to_me or any(t.lower_ in _MINE for t in attr.subtree)):
            return []
        goal = attr.lemma_.lower() in _GOALS
    elif not (root.lemma_.lower() in _PASTIME_VERBS
              and any(c.dep_ in {"dobj", "dative", "nsubj"} and c.lower_ in {"me", "us"} for c in root.subtree)):
        return []
    out = []
    for g in [gerund, *(c for c in gerund.subtree if c.dep_ == "conj" and (c.tag_ == "VBG" or c.lower_.endswith("ing")))]:
        keep = {g.i} | {t.i for c in g.children if c.dep_ not in {"conj", "cc", "punct", "appos"} for t in c.subtree}
        tokens = [read.doc[i] for i in sorted(keep) if i in core and not read.doc[i].is_punct]
        if not tokens or len(tokens) > MAX_OBJECT_WORDS or any(t.pos_ == "PRON" and t.lower_ not in _MINE
                                                                for t in tokens):
            continue  # "walking them": whom?
        text = third_person(join_tokens(tokens))
        if goal:
            phrase = " ".join([g.lemma_, *(t.text for t in tokens if t.i != g.i)])
            out.append(Draft(predicate="plans_to", object=third_person(phrase), phrase=third_person(phrase), flags={"plan"}))
        else:
            out.append(Draft(predicate="likes", object=text[:1].lower() + text[1:] if g.pos_ != "PROPN" else text,
                             memory_type=MemoryType.preference))
    return out


_DEAR = frozenset({"important", "special", "precious", "dear", "meaningful", "sacred"})
_POINTING = frozenset({"your", "yours", "his", "her", "its", "their"})


def read_values(read: ReadClause) -> list[Draft]:
    """Something the speaker holds dear: "Family time means a lot to me", "The rainbow flag mural
    is important to me" -> ``values``."""
    core = _core(read)
    root = next((t for t in read.doc if t.dep_ == "ROOT"), None)
    if root is None or read.subject != "user":
        return []
    to_me = [c for c in root.subtree if c.dep_ == "prep" and c.lower_ in {"to", "for"}
             and any(g.lower_ in {"me", "us"} for g in c.children)]
    dear = root.lemma_.lower() in {"mean", "matter"} or (
        root.lemma_ == "be" and any(c.dep_ == "acomp" and c.lower_ in _DEAR for c in root.children))
    if not to_me or not dear:
        return []
    subject = next((c for c in root.children if c.dep_ in {"nsubj", "csubj"} and c.i in core), None)
    if subject is None or subject.pos_ not in {"NOUN", "PROPN", "VERB"} \
            or any(t.lower_ in _POINTING or (t.lower_ in {"you", "it", "this", "that"} and t.pos_ == "PRON")
                   for t in subject.subtree):
        return []
    tokens = [t for t in subject.subtree if t.i in core and not t.is_punct and t.dep_ not in {"relcl", "acl"}
              and not any(a.dep_ in {"relcl", "acl"} for a in t.ancestors if a.i != subject.i and a in subject.subtree)]
    while tokens and tokens[0].lower_ in DROP_LEADING:
        tokens = tokens[1:]
    if not tokens or len(tokens) > MAX_OBJECT_WORDS:
        return []
    text = third_person(join_tokens(tokens))
    return [Draft(predicate="values", object=text[:1].lower() + text[1:] if tokens[0].pos_ != "PROPN" else text,
                  memory_type=MemoryType.preference)]
