"""A last reading of a statement no phrase rule read, from the shape of its dependency parse.

The hand rules come first: they name a slot precisely ("I moved to Oslo" -> ``lives_in``) and
know their wordings' traps. They only read wordings someone wrote a pattern for, so a plain
statement in a new wording ("My car is a Subaru", "Been busy volunteering at the food bank")
stored nothing. This module reads three shapes of the parse the clause already has, for the
speaker, a named person or the speaker's relative:

- "my X is Y" (and "my sister's X is Y"): a ``has_<x>`` slot ("Subaru is user's car"), the
  shape the rules already use for "my dog's name is Biscuit"; "my flat is in Hackney" is where
  the speaker lives;
- "I am (a) X" with a noun: ``job_title`` when X is an occupation, ``member_of`` for "part of"
  a club or a named group (other nouns are the rules', which know "a huge fan" is no identity);
- a verb with its object or preposition ("Spent Sunday clearing out the garage" -> ``clears_out``),
  an episodic event when the verb is past, a liking for "love"/"enjoy" and their kin; also a
  verb with its own "I" inside a clause that only frames it ("I feel lucky that I coach ...").

It proposes nothing for a light verb ("have fun", "make sense", "get that"), a verb of
thinking, saying or feeling, an object that is a pronoun, a vague word or the listener's, a
question, a plan, a wish or a strong hedge: a fallback that stores junk is worse than none.
The object is cut by the rules' own cutter and the clause's flags (negation, mild hedges,
times) are applied as for any rule's draft.
"""

from __future__ import annotations

import re
from typing import Any

from ..model import EntityType, MemoryType
from .rules_clause import ReadClause, entity_type, verb_lemma
from .rules_draft import USER_PREFIX, Draft, verb_3sg
from .rules_events import read_dated_deed
from .rules_facts import Obj, announces_change, cut_object, finish_draft, is_occupation
from .rules_lexicon import KIN_WORDS
from .rules_phrases import MAX_OBJECT_WORDS, QUANTIFIERS, join_tokens, phrase_tokens, third_person

# Clauses of these kinds state nothing to keep yet: a plan, a task, a report of what the
# listener said, a strong hedge, the end of something (the rules read endings), a correction
# (the sentence combiner needs the rules' reading of both values).
_SKIP_FLAGS = frozenset({"plan", "will", "task", "report", "hedge_strong", "end", "used_to",
                         "stop", "eager", "attempt", "correction", "denial", "tag"})
# Verbs whose object is no fact about the speaker: light verbs, and verbs of thinking, saying,
# perceiving, feeling about the listener, helping and trying.
_LIGHT = frozenset({
    "be", "have", "do", "get", "go", "come", "make", "take", "give", "put", "keep", "let", "say", "tell", "ask",
    "think", "know", "feel", "guess", "mean", "believe", "suppose", "hope", "wish", "want", "need", "seem", "look",
    "sound", "see", "hear", "notice", "realize", "realise", "appreciate", "thank", "understand", "agree",
    "imagine", "remember", "forget", "wonder", "try", "help", "find", "show", "check", "mind", "care", "bother",
    "happen", "manage", "start", "begin", "continue", "stop", "decide", "plan", "expect", "wait", "talk",
    "chat", "laugh", "cry", "smile", "miss", "bet", "doubt", "worry", "relate", "admire", "respect",
    "can", "could", "would", "should", "will", "may", "might", "must", "got", "share", "mention", "send",
    "recommend", "suggest", "encourage", "support", "inspire", "motivate", "deserve", "owe", "handle", "deal",
    "spend", "reach", "call", "catch", "picture", "cheer", "welcome", "hang", "stick", "write", "type", "spell",
    # verbs the rules own (lives_in, works_at, uses, member_of, ...): what they leave is no slot of theirs
    "live", "work", "move", "join", "leave", "use", "stay", "study",
})
# Verbs of liking: the fact is a preference, not a deed.
_LIKING = {"love": "likes", "like": "likes", "enjoy": "likes", "adore": "likes", "dig": "likes",
           "hate": "dislikes", "dislike": "dislikes", "detest": "dislikes", "loathe": "dislikes"}
# Objects that name nothing a later question could use.
_VAGUE = frozenset({
    "it", "that", "this", "these", "those", "them", "one", "ones", "something", "anything", "everything",
    "nothing", "someone", "anyone", "everyone", "stuff", "thing", "things", "way", "ways", "lot", "lots", "bit",
    "time", "times", "day", "days", "moment", "moments", "part", "kind", "sort", "idea", "ideas", "chance",
    "difference", "sense", "fun", "blast", "best", "progress", "step", "steps", "feeling", "feelings", "support",
    "advice", "tips", "news", "life", "journey", "memory", "memories", "experience", "experiences", "people",
    "person", "work", "effort", "energy", "dream", "dreams", "goal", "goals", "passion", "vibe", "vibes", "word",
    "words", "back", "home", "place", "opportunity", "opportunities", "encouragement", "kindness", "love", "joy",
    "break", "rest", "look", "try", "shot", "go", "point", "question", "answer", "reminder", "help", "other",
    "others", "connection", "connections", "skill", "skills", "change", "changes", "item", "items",
    "hour", "hours", "week", "weeks", "month", "months", "year", "years", "ages", "while", "bed", "sleep",
})
# Verb and particle that end something ("packed in the lessons", "gave up chess"): the rules read endings.
_ENDINGS = frozenset({"pack_in", "give_up", "drop_out", "call_off", "pull_out", "back_out", "walk_away", "sell_off"})
# Nouns after "my" that name no slot of the speaker's ("my point is ...", "my day was ...").
_NOT_SLOTS = frozenset({
    "point", "thing", "question", "guess", "pleasure", "bad", "fault", "day", "week", "weekend", "morning",
    "night", "evening", "life", "mind", "heart", "head", "opinion", "view", "take", "answer", "reason", "turn",
    "treat", "honor", "honour", "advice", "idea", "problem", "worry", "concern", "feeling", "thought", "thoughts",
    "experience", "way", "time", "year", "month", "bet", "hope", "wish", "plan", "understanding", "apologies",
    "condolences", "gratitude", "thanks", "impression", "situation", "news", "story", "schedule", "mood", "luck",
})
# Where one lives: "my flat is in Hackney", "our cabin is near Banff" (a named place only).
_HOMES = frozenset({"flat", "apartment", "house", "home", "place", "condo", "studio", "cottage", "bungalow",
                    "townhouse", "cabin", "loft"})
_WHERE = frozenset({"in", "near", "outside", "by"})
_PREPOSITIONS = frozenset({"at", "in", "for", "with", "on", "to", "from", "into", "about", "around", "through",
                           "outside", "near", "across"})
_MINE = frozenset({"my", "our"})
_ME = frozenset({"i", "we"})
_OTHERS = frozenset({"you", "your", "yours", "yourself"})
_PEOPLE = KIN_WORDS
_BUSY = frozenset({"busy", "occupied"})
_INNER = frozenset({"advcl", "conj", "ccomp"})
_GOING = frozenset({"to", "on"})
_BELONGING = frozenset({"part", "member"})
# What one can be part of as a member ("part of the problem" is no membership).
_GROUPS = frozenset({"club", "team", "band", "choir", "group", "society", "association", "league", "union", "crew",
                     "committee", "board", "orchestra", "collective", "network", "community", "church", "congregation",
                     "squad", "troupe", "ensemble", "guild", "council", "charity", "party", "circle"})
_POINTING = frozenset({"this", "that", "these", "those", "his", "her", "their", "its", "your"})
_MAX_WORDS = MAX_OBJECT_WORDS


def read_structure(read: ReadClause) -> list[Draft]:
    """Finished drafts of a statement no rule read, or [] when its shape says nothing to keep."""
    if read.speaker != "user" or read.subject is None or read.text.rstrip().endswith("?") \
            or read.flags & _SKIP_FLAGS or any(t.lower_ in _OTHERS for t in read.tokens):
        return []
    root = _top(read)
    means = _means_to(read, root) if root is not None and root.lemma_ == "be" else None
    if means is not None:  # "Writing songs is how I pay the bills", "Climbing is what keeps me sane"
        return [finish_draft(read, d) for d in means]
    if root is None or (read.object_only and not _mine(root)):
        return []  # "It's a great book": about a thing, unless the parse finds the speaker ("Me and the kids baked ...")
    whose: str | None = None
    doing = _doing(root)
    if doing is not None:  # "Been busy knitting blankets", "Spent Saturday fixing up a canoe"
        drafts = _verb_object(read, doing, root, done=root.lemma_ == "spend" and _done(root))
    elif root.lemma_ == "be" or _clitic_be(root):
        if any(c.dep_ == "aux" and c.tag_ == "MD" for c in root.children):
            return []  # "I'd be a terrible teacher": what could be, no identity
        drafts, whose = _copula(read, root)
    else:
        drafts = _verb_object(read, root, root, done=_done(root))
    framer = next((c for c in root.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if not drafts and whose is None and (framer is None or framer.lower_ in _ME):
        # "I feel lucky that I coach a crew"; not "My mom knows I smoke weed": the framer's belief
        drafts = next((found for verb in _inner_verbs(read, root)
                       if (found := _verb_object(read, verb, verb, done=_done(verb)))), [])
    if not drafts and whose is None:  # "I got my first tattoo in August", misparsed: the dated deed itself
        drafts = read_dated_deed(read)
    finished = [finish_draft(read, d) for d in drafts if not announces_change(d)]
    for d in finished:
        if whose is not None:  # "my son's school is ...": the son's, said by the speaker
            d.subject = f"{USER_PREFIX}{whose}"
    return finished


# What the speaker does to earn a living ("how I pay the bills", "what pays my rent"): the lemma of
# the verb and of its object, or the verb alone.
_EARNING = frozenset({("pay", "bill"), ("pay", "rent"), ("pay", "mortgage"), ("make", "living"), ("make", "money"),
                      ("earn", "living"), ("earn", "money"), ("make", "crust"), ("earn", "crust"), ("pay", "way"),
                      ("support", "family"), ("keep", "roof"), ("feed", "family"), ("make", "end")})
_EARNING_ALONE = frozenset({"earn", "survive"})
# "what keeps me sane", "how I unwind": a means the speaker names for coping or passing time is a pursuit.
_MEANS_WORDS = frozenset({"how", "what"})


def _means_to(read: ReadClause, be: Any) -> list[Draft] | None:
    """ "Writing songs is how I pay the bills" (a living), "Climbing is what keeps me sane" (a
    pursuit): a gerund or noun subject that the clause says is the speaker's way of doing
    something; None when the clause is not of this shape."""
    subject = next((c for c in be.children if c.dep_ in {"csubj", "nsubj"}), None)
    inner = next((c for c in be.children if c.dep_ in {"ccomp", "attr", "advcl"} and c.pos_ in {"VERB", "AUX"}
                  and c.i > be.i), None)
    if subject is None or inner is None or subject.i > be.i:
        return None
    lead = next((c for c in inner.children if c.lower_ in _MEANS_WORDS and c.dep_ in {"advmod", "nsubj", "dobj"}), None)
    doer = next((c for c in inner.children if c.dep_ == "nsubj"), None)
    if doer is None:
        return None
    me = doer.lower_ in _ME or (doer.lower_ in _MEANS_WORDS and (
        any(c.dep_ == "dobj" and c.lower_ in {"me", "us"} for c in inner.children)  # "what keeps me sane"
        or any(c.dep_ == "poss" and c.lower_ in _MINE for t in inner.children if t.dep_ == "dobj" for c in t.children)))
    if lead is None or not me:
        return None
    if subject.tag_ == "VBG" or (subject.pos_ == "NOUN" and subject.lower_.endswith("ing")):
        tokens = [t for t in subject.subtree if t.i < be.i and t.dep_ not in {"punct", "cc"}]
    elif subject.pos_ in {"NOUN", "PROPN"} and subject.lower_ not in _VAGUE:
        o = _object(read, subject)
        tokens = o.tokens if o is not None else []
    else:
        return []  # "That's how I met her": a pronoun names no pursuit
    if not tokens or len(tokens) > _MAX_WORDS or any(t.pos_ == "PRON" for t in tokens):
        return []
    things = {w for t in inner.subtree if t.i > inner.i for w in (t.lemma_.lower(), t.lower_)}  # "a living" may be read a verb
    earning = inner.lemma_ in _EARNING_ALONE or any((inner.lemma_, thing) in _EARNING for thing in things)
    text = third_person(join_tokens(tokens))
    text = text[:1].lower() + text[1:] if tokens[0].pos_ != "PROPN" else text
    return [Draft(predicate="earns_living_by" if earning else "activity", object=text, object_type=EntityType.concept)]


def _clitic_be(root: Any) -> bool:
    """ "my car's a 2012 ford focus": the small model reads the "'s" of a lowercase clause as a
    possessive and makes it the root; with a subject and a noun after it, it is the copula."""
    return root.tag_ == "POS" and root.lower_ in {"'s", "’s"} \
        and any(c.dep_ == "nsubj" for c in root.children) and any(c.dep_ == "attr" for c in root.children)


def _top(read: ReadClause) -> Any:
    """The clause's own root: the parse's, or the verb under a masked "I think" ("I think my
    studio is in Brooklyn")."""
    core = {t.i for t in read.tokens}
    return next((t for t in read.tokens if t.dep_ == "ROOT"), None) or next(
        (t for t in read.tokens if t.pos_ in {"VERB", "AUX"} and t.head.i not in core), None)


def _inner_verbs(read: ReadClause, root: Any) -> list[Any]:
    """Verbs inside the clause with a subject "I"/"we" of their own ("I feel lucky that I coach a
    rowing crew", "tired since I commute to Leeds"): a statement the main verb only frames."""
    return [t for t in read.tokens if t is not root and t.pos_ == "VERB" and t.dep_ in _INNER
            and any(c.dep_ == "nsubj" and c.lower_ in _ME for c in t.children)]


def _mine(root: Any) -> bool:
    """A clause the reader took for a bare object that the parse says is the speaker's: "Busy
    prepping the allotment", "Me and the kids baked a cake"."""
    if root.lower_ in _BUSY and root.i == 0:
        return True
    subject = next((c for c in root.children if c.dep_ == "nsubj"), None)
    return subject is not None and subject.lower_ == "me" and any(c.dep_ == "conj" for c in subject.children)


def _doing(root: Any) -> Any:
    """The verb a clause is busy with or spent time on: "Been busy volunteering at the shelter"
    (the parser hangs it on "busy" or on the "be"), "Spent Saturday fixing up a canoe"."""
    if root.lemma_ == "spend" or root.lower_ in _BUSY:
        return next((c for c in root.children if c.tag_ == "VBG" and c.dep_ in {"xcomp", "advcl"}), None)
    busy = next((t for t in root.subtree if t.lower_ in _BUSY and t.i > root.i), None) if root.lemma_ == "be" else None
    if busy is None:
        return None
    return next((t for t in root.subtree if t.tag_ == "VBG" and t.i > busy.i), None)


def _copula(read: ReadClause, be: Any) -> tuple[list[Draft], str | None]:
    """Drafts of "I am X" / "my X is Y", with the relative they are about ("son"), if any."""
    subject = next((c for c in be.children if c.dep_ == "nsubj"), None)
    if subject is None:
        return [], None
    if subject.lower_ in _ME or (read.subject != "user" and subject.pos_ == "PROPN"):
        return _identity(read, be), None
    owner = next((c for c in subject.children if c.dep_ == "poss"), None)
    if owner is None or subject.pos_ != "NOUN":
        return [], None
    if owner.lower_ in _MINE and subject.lower_ in _PEOPLE:  # "My uncle Raj is an electrician"
        return _identity(read, be), subject.lower_
    return _slot(read, be, subject, owner)


def _identity(read: ReadClause, be: Any) -> list[Draft]:
    """ "We're both paramedics", "Anna is now a locum GP": an occupation. Other nouns after "I am"
    are left to the rules, which know the descriptions that are no identity ("a huge fan", "friends")."""
    attr = next((c for c in be.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
    if attr is None or any(c.dep_ == "poss" for c in attr.children):
        return []  # "I'm Sam's mum": a relation the rules read
    of = next((c for c in attr.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    group = next((g for g in of.children if g.dep_ == "pobj"), None) if of is not None else None
    if attr.lemma_.lower() in _BELONGING and group is not None \
            and (group.pos_ == "PROPN" or group.lemma_.lower() in _GROUPS):  # "I'm part of a running club"
        o = _object(read, group)
        return [Draft(predicate="member_of", object=o.text, object_type=o.type)] if o else []
    o = _object(read, attr)
    if o is None or any(t.pos_ == "PROPN" for t in o.tokens) or not is_occupation(o):
        return []
    return [Draft(predicate="job_title", object=o.text)]


#: "My disease is HIV": health details the policy refuses; never a plain has_<slot> in the clear.
_HEALTH_SLOTS = frozenset({"disease", "illness", "sickness", "diagnosis", "condition", "disorder", "syndrome",
                           "infection", "prognosis", "medication", "meds", "medicine", "prescription", "therapy",
                           "treatment", "symptom", "ailment", "allergy"})


def _slot(read: ReadClause, be: Any, subject: Any, owner: Any) -> tuple[list[Draft], str | None]:
    """ "My car is a Subaru" -> has_car; "my son's school is St Mary's" -> the son's has_school."""
    whose: str | None = None
    if owner.lower_ not in _MINE:
        mine = next((c for c in owner.children if c.dep_ == "poss" and c.lower_ in _MINE), None)
        if mine is None or owner.lemma_.lower() not in _PEOPLE:
            return [], None
        whose = owner.lower_
    slot = subject.lemma_.lower()
    if slot in _NOT_SLOTS or slot in _HEALTH_SLOTS or slot in _PEOPLE or not slot.isalpha():
        return [], None
    where = next((c for c in be.children if c.dep_ == "prep" and c.lower_ in _WHERE), None)
    if where is not None and whose is None and slot in _HOMES:
        place = next((g for g in where.children if g.dep_ == "pobj" and g.pos_ == "PROPN"), None)
        o = _object(read, place) if place is not None else None
        return ([Draft(predicate="lives_in", object=o.text, object_type=EntityType.place)] if o else []), None
    if (be.tag_ not in {"VBZ", "VBP"} and not _clitic_be(be)) or any(c.dep_ == "aux" for c in be.children):
        return [], None  # "my store has been a roller coaster": how it went, not what it is
    attr = next((c for c in be.children if (c.dep_ == "attr" and c.pos_ in {"NOUN", "PROPN"})
                 or (c.dep_ == "acomp" and c.pos_ == "PROPN")), None)
    if attr is None or any(c.dep_ == "poss" for c in attr.children):
        return [], None  # "My family is my motivation": a feeling about it
    o = _object(read, attr)
    if o is None:
        return [], None
    compounds = [c.lower_ for c in subject.lefts if c.dep_ == "compound" and c.is_alpha]
    key = "_".join([*compounds, slot])
    kind = o.type or (EntityType.other if o.tokens[-1].pos_ == "PROPN" else EntityType.concept)
    return [Draft(predicate=f"has_{key}", object=o.text, object_type=kind)], whose


def _verb_object(read: ReadClause, verb: Any, main: Any, *, done: bool) -> list[Draft]:
    """ "I foster greyhounds", "busked outside the cathedral": ``verb`` and its object, when the
    subject of ``main`` (the clause's root) is the clause's; an event when ``done``."""
    if verb.pos_ != "VERB" or not _speakers_verb(read, main) \
            or any(c.dep_ == "aux" and c.tag_ == "MD" for c in (*verb.children, *main.children)):
        return []  # "we can build a community", "I'd practise for hours": what could be, or used to be
    lemma = verb_lemma(verb)
    liking = _LIKING.get(lemma)
    going = lemma == "go" and done  # "Me and Sam went to a pottery class": where they went
    if lemma in _LIGHT and liking is None and not going and not _kept(verb):
        return []
    particle = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    if any(c.dep_ in {"nsubjpass", "auxpass"} for c in verb.children):
        return []  # a passive ("I'm inspired by ..."): how the speaker was acted on
    thing = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if thing is None and verb.dep_ == "compound" and verb.head.pos_ == "NOUN":
        thing = verb.head  # "busy knitting blankets": the parser read the verb as part of its object
    prep = ""
    if thing is None and liking is None:
        found = next((c for c in verb.children if c.dep_ == "prep" and c.i > verb.i
                      and c.lower_ in (_GOING if going else _PREPOSITIONS)), None)
        thing = next((g for g in found.children if g.dep_ == "pobj"), None) if found is not None else None
        prep = found.lower_ if found is not None else ""
    if thing is None or thing.pos_ not in {"NOUN", "PROPN"} or f"{lemma}_{particle or prep}" in _ENDINGS:
        return []  # "I love it", "we made it": a pronoun names nothing here; "packed in the lessons" ends
    if liking is not None and any(c.lower_ == "the" for c in thing.lefts):
        return []  # "Love the colours in this one": a remark on a thing shown, not a taste
    o = _object(read, thing, after=verb.i)
    if o is None:
        return []
    if liking is not None:
        return [Draft(predicate=liking, object=o.text, object_type=o.type, memory_type=MemoryType.preference)]
    predicate = "_".join(w for w in (verb_3sg(lemma), particle, prep) if w)
    if not re.fullmatch(r"[a-z][a-z_]{1,63}", predicate):
        return []
    if not done:
        return [Draft(predicate=predicate, object=o.text, object_type=o.type, flags={"generic"})]
    phrase = third_person(join_tokens([verb, *(t for t in read.tokens if verb.i < t.i <= o.tokens[-1].i)]))
    return [Draft(predicate=predicate, object=o.text, object_type=o.type, memory_type=MemoryType.episodic,
                  phrase=phrase, flags={"event"})]


# "keep" with these is a way of doing something, not a thing kept ("keep track", "keep an eye on it").
_KEEP_IDIOMS = frozenset({"track", "eye", "touch", "count", "tab", "tabs", "pace", "mind", "quiet", "peace",
                          "company", "score", "watch", "head", "cool", "calm", "faith", "hope", "promise", "word",
                          "secret", "distance", "fingers", "lid", "mouth", "balance", "going", "time"})


def _kept(verb: Any) -> bool:
    """ "i keep a pet tarantula", "I keep bees": "keep" with a thing of one's own (no article
    "the", no owner, nothing said of it after), which the light verbs otherwise leave."""
    if verb.lemma_ != "keep" or any(c.dep_ in {"oprd", "xcomp", "acomp", "ccomp", "prt"} for c in verb.children):
        return False  # "keep it simple", "keep going", "keep up the good work"
    thing = next((c for c in verb.children if c.dep_ == "dobj"), None)
    return thing is not None and thing.pos_ == "NOUN" and thing.lemma_.lower() not in _KEEP_IDIOMS \
        and not any(c.dep_ in {"det", "poss"} and c.lower_ not in {"a", "an"} for c in thing.children)


def _speakers_verb(read: ReadClause, verb: Any) -> bool:
    """The verb's subject is the clause's: "I"/"we", the named person or relative the reader
    found, or none at all (a chat clause that drops its "I")."""
    subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subject is None:  # "Adopted a puppy last week"; an imperative ("Check out this place") is no statement
        return verb.tag_ in {"VBD", "VBN", "VBG"} or verb.lower_ in _BUSY
    if subject.lower_ in _ME or _mine(verb):
        return True
    if read.subject in {None, "user"}:
        return False
    # "My brother Tom fixes clocks", "my sister ...", "she ...": the person the reader found, whom the parse
    # may head by the relation ("Our neighbour Gerald keeps bees": "neighbour", with "Gerald" in apposition)
    said = set(read.subject.lower().replace("'s", " ").split()) | ({read.relation[0]} if read.relation else set())
    return subject.lower_ in {"he", "she"} or subject.lower_ in said \
        or any(c.dep_ == "appos" and c.lower_ in said for c in subject.children)


def _done(verb: Any) -> bool:
    """Said as done: a simple past, or a perfect that is not ongoing ("I've finished my thesis")."""
    if verb.tag_ == "VBD" or (verb.tag_ == "VBN" and not any(c.dep_ in {"aux", "auxpass", "nsubj"} for c in verb.children)):
        return True  # "Spent Sunday clearing out the garage": a chat clause that drops its "I"
    return verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children) \
        and not any(c.lower_ == "been" for c in verb.children)


def _object(read: ReadClause, head: Any, after: int = -1) -> Obj | None:
    """The noun phrase ``head`` heads (from after token ``after``), cut by the rules' cutter;
    None when it names nothing."""
    core = {t.i for t in read.tokens}
    if head.i not in core or head.pos_ == "PRON" or (
            head.pos_ != "PROPN" and (head.lower_ in _VAGUE or head.lemma_.lower() in _VAGUE)):
        return None  # "the Pennine Way" is a name, "the way" is not
    of = next((g for g in head.children if g.dep_ == "prep" and g.lower_ == "of"), None)
    if head.lower_ in QUANTIFIERS and of is not None:
        return None  # "a lot of things", "a bunch of people": how many, said of something vaguer
    if any(c.lower_ in _POINTING for c in head.lefts):
        return None  # "that recipe", "his tech": a thing named elsewhere, or someone else's
    span = [t for t in phrase_tokens(head, core) if t.i > after]  # "blankets for the shelter" -> "blankets"
    tokens = cut_object(read, span, entity=False)
    while tokens and tokens[0].lower_ in QUANTIFIERS | {"few", "couple", "of"}:
        tokens = tokens[1:]
    if not tokens or len(tokens) > _MAX_WORDS or head not in tokens or tokens[0].pos_ in {"PRON", "ADP", "SCONJ"} \
            or (tokens[0].pos_ in {"VERB", "AUX"} and tokens[0].dep_ not in {"amod", "compound"}):
        return None  # "a running club" is a noun phrase, "to see them" is not
    text = third_person(read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)])
    kind = next((k for k in map(entity_type, tokens) if k), None)
    return Obj(text=text, type=kind, tokens=tokens)
