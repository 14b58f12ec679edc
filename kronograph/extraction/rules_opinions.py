"""The speaker's opinions and feelings about a named thing, read from the parse.

"Harry Potter is my favorite book", "This trilogy is one of my faves", "Turtles bring me joy",
"My family keeps me motivated", "I'm so proud of my kids", "I've always had a love for horses":
first-person statements that say how the speaker stands to something. They are stored only
when the thing is a noun phrase of its own (not "it", "this", "your work", "their support"):
reactions to the listener and to a pronoun say nothing a later question could use.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..model import MemoryType
from .rules_clause import ReadClause
from .rules_draft import Draft
from .rules_lexicon import PARTNERS, PREFERENCE_CATEGORIES, RELATIVES, SPOUSES
from .rules_phrases import DROP_LEADING, MAX_OBJECT_WORDS, phrase_tokens, quoted_title, third_person
from .stance_lexicon import (
    ARRIVED_AT,
    CANNOT_TAKE,
    CHOSEN_NOUNS,
    DONE_WITHOUT,
    HELD_ADJECTIVES,
    HELD_VERBS,
    JUDGED_WORDS,
    LIKING_VERBS,
    MADE_FEELINGS,
    MOVED_FORMS,
    MOVING_PARTICLES,
    MOVING_PREPOSITIONS,
    MOVING_VERBS,
    TASTE_AGENTS,
    TASTE_DEGREE,
    TASTE_SUPERLATIVES,
)

_FAVOURITE = frozenset({"favorite", "favourite", "fave", "fav", "favorites", "favourites", "faves", "favs"})
# "X brings me joy": a thing the speaker enjoys; "X gives me strength": a thing that drives them.
_JOY = frozenset({"joy", "happiness", "peace", "comfort", "calm", "solace", "relief", "fun", "pleasure", "warmth"})
_DRIVE = frozenset({"strength", "motivation", "inspiration", "hope", "energy", "drive", "courage", "confidence",
                    "purpose"})
_DRIVING_VERBS = frozenset({"motivate", "inspire", "drive", "push", "encourage", "energize", "energise", "fuel"})
_KEPT = frozenset({"motivated", "going", "inspired", "grounded", "focused", "positive", "sane", "driven"})
_EASED = frozenset({"relax", "unwind", "destress", "de-stress", "cope", "focused", "motivated", "calm", "recharge"})
_GLAD = frozenset({"happy", "smile", "glad", "calm", "relaxed", "peaceful", "joyful"})
# "Night walks chill me out", "swimming recharges me": a verb that lifts the speaker, a liking
_LIFTING = frozenset({"recharge", "relax", "calm", "soothe", "chill", "ground", "cheer", "energise", "energize",
                      "refresh", "destress", "de-stress", "lift", "revive", "uplift"})
# "I'm so proud of my kids", "grateful for my family": a feeling with what it is about.
_FEELINGS = {("proud", "of"): "is_proud_of", ("grateful", "for"): "is_grateful_for",
             ("thankful", "for"): "is_grateful_for", ("excited", "about"): "is_excited_about"}
_LOVE_NOUNS = frozenset({"love", "passion", "fondness", "weakness"})
# "Jazz records are my weakness", "Board games are my jam": nouns that, owned by the speaker, say
# they love the subject; "comfort food", "guilty pleasure" as the noun with its modifier.
_LOVED = frozenset({"weakness", "obsession", "jam", "kryptonite", "vice", "addiction", "passion", "fave"})
_LOVED_PAIRS = frozenset({("comfort", "food"), ("comfort", "show"), ("comfort", "watch"), ("comfort", "meal"),
                          ("guilty", "pleasure"), ("happy", "place")})  # "my go-to": the pastimes (rules_events)
# "I'm a total sucker for old westerns": a person noun with what they are drawn to.
_DRAWN_TO = frozenset({("sucker", "for"), ("softie", "for"), ("fiend", "for")})
_ME = frozenset({"me", "us"})
_INTOLERANCES = frozenset({"lactose", "gluten", "dairy", "caffeine", "wheat", "fructose", "histamine"})
_WONDERING = frozenset({"wonder", "wondering", "maybe", "perhaps", "whether"})
# "Moving house is a nightmare for me right now", "... with three kids": a passing plight, not a taste
_PASSING = re.compile(r"\b(?:right now|at the moment|atm|this (?:week|month|year)|these days|for now|lately)\b", re.I)
_KIN = RELATIVES | PARTNERS | SPOUSES
_TOP = frozenset({"only", "finest", "best", "greatest", "ultimate", "tastiest", "yummiest", "nicest"})
_CHOSEN = CHOSEN_NOUNS
# "the best option for the night", "the best city in the UK": a practical pick or a place ranked, no taste
_PRACTICAL_HEADS = frozenset({"option", "choice", "way", "bet", "route", "place", "city", "town", "country",
                              "village", "county", "region", "area", "spot"})
_READ_BY_RULES = frozenset({"obsessed", "hooked", "addicted", "besotted", "tired", "sick"})  # rules_facts._like, _dislike
_MEASURES = frozenset({"bit", "lot", "touch", "spot", "cup", "glass", "bowl", "plate", "slice", "piece", "pint", "mug"})
_PEOPLE = frozenset({"one", "person", "guy", "man", "woman", "girl", "boy", "friend", "people", "kid", "child"})
_MINE = frozenset({"my", "our"})
# Things that point at something said elsewhere, or at another person: not a thing of its own.
_POINTERS = frozenset({"it", "this", "that", "these", "those", "they", "them", "he", "she", "him", "her", "you",
                       "your", "yours", "his", "their", "its", "one", "ones", "everything", "something", "anything",
                       "which", "what", "who", "there", "here", "all", "both"})
_POINTING_DETERMINERS = frozenset({"this", "that", "these", "those", "the", "such"})
_VAGUE_HEADS = frozenset({"thing", "things", "stuff", "lot", "way", "time", "part", "kind", "sort", "moment",
                          "moments", "one", "ones", "bit", "idea", "feeling", "place", "experience", "experiences", "people",
                          "chance", "opportunity", "opportunities", "journey", "love", "passion", "enthusiasm",
                          "event", "events", "support", "help", "words"})


def _root(read: ReadClause) -> Any:
    return next((t for t in read.doc if t.dep_ == "ROOT"), None)


def _clause_head(read: ReadClause) -> Any:
    """The verb that heads this clause: the sentence's root, or, when the clause is one of
    several ("Crowded bars put me off, I prefer a quiet pub"), the highest verb among its own
    tokens, so each clause's stance is read from its own verb."""
    root = _root(read)
    own = {t.i for t in read.tokens}
    if root is None or not own or root.i in own:
        return root
    verbs = [t for t in read.tokens if t.pos_ in {"VERB", "AUX"} and t.head.i not in own]
    return verbs[0] if len(verbs) == 1 and verbs[0].dep_ in {"ccomp", "conj", "advcl", "parataxis"} else root


_NOTHING: list[Draft] = []  # a construction that names no thing of its own: the clause stores nothing


def _thing(head: Any, read: ReadClause) -> str | None:
    """The noun phrase headed by ``head`` in the speaker's words, or None when it is no thing
    of its own (a pronoun, the listener's or someone else's, a vague word, too long)."""
    if head is None or (head.pos_ not in {"NOUN", "PROPN"}
                        and not (head.tag_ == "VBG" and head.dep_ in {"nsubj", "csubj", "xcomp", "dobj"})):
        return None
    # The whole clause, not only the core the subject was lifted from: "Harry Potter is ...".
    core = {t.i for t in read.doc} if head.dep_.startswith(("nsubj", "csubj")) \
        else {t.i for t in read.tokens}
    if head.tag_ == "VBG":  # "Painting makes me happy", "Spending time with family keeps me going"
        tokens = [t for t in head.subtree if t.i in core and not t.is_punct
                  and t.dep_ not in {"relcl", "advcl", "conj", "cc", "appos"}]
    else:
        tokens = quoted_title(head) or phrase_tokens(head, core | {head.i})
    determiners = {c.lower_ for c in head.children if c.dep_ in {"det", "predet"}}
    if head.pos_ != "PROPN" and determiners & _POINTING_DETERMINERS:
        return None  # "This trilogy is one of my faves", "The colors make me calm": the one in the photo
    while tokens and tokens[0].lower_ in DROP_LEADING:
        tokens = tokens[1:]
    if head.pos_ == "PROPN" and head.i > 0 and head.doc[head.i - 1].text == "The" and tokens and tokens[0].text != "The":
        tokens = [head.doc[head.i - 1], *tokens]  # "The Hobbit" is the title
    owned = any(c.dep_ == "poss" and c.pos_ in {"NOUN", "PROPN"} for c in head.children)  # "my mentors' support"
    if not tokens or len(tokens) > MAX_OBJECT_WORDS or (head.lower_ in _VAGUE_HEADS and not owned) \
            or any(t.lower_ in _POINTERS for t in tokens):
        return None
    text = read.text[tokens[0].idx:tokens[-1].idx + len(tokens[-1].text)]
    proper = head.pos_ == "PROPN" or (tokens[0].pos_ == "PROPN" and tokens[0].i > 0)
    return third_person(text if proper else text[:1].lower() + text[1:])


def _subject_of(root: Any) -> Any:
    return next((c for c in root.children if c.dep_ in {"nsubj", "csubj", "nsubjpass"}), None)


def _favourite(read: ReadClause, root: Any) -> list[Draft]:
    """ "Harry Potter is my favorite book" -> ``preferred_book``; "... one of my faves" -> ``likes``."""
    attr = next((c for c in root.children if c.dep_ in {"attr", "acomp"}), None)
    if attr is None:
        return []
    one_of = attr.lower_ == "one" and next((g for c in attr.children if c.dep_ == "prep" and c.lower_ == "of"
                                            for g in c.children if g.dep_ == "pobj"), None)
    noun = one_of or attr
    mine = any(c.lower_ in _MINE for c in noun.children) or any(  # "a favorite of mine"
        c.dep_ == "prep" and c.lower_ == "of" and any(g.lower_ in {"mine", "ours"} for g in c.children) for c in noun.children)
    # "my top pick": a favourite too ("my go-to" is read with the pastimes, rules_events)
    pick = noun.lower_ in {"pick", "choice"} and any(c.lower_ in {"top", "first"} for c in noun.children)
    loved = noun.lemma_.lower() in _LOVED or any(
        (c.lower_, noun.lower_) in _LOVED_PAIRS for c in noun.children if c.dep_ in {"amod", "compound"})
    # "coffee is my drink", "jazz is my music": the category noun alone, owned, names the favourite
    category_noun = noun.lemma_.lower() in PREFERENCE_CATEGORIES and not any(
        c.dep_ in {"amod", "compound", "det", "prep"} for c in noun.children)
    # "Hawaiian is my pizza", "Liverpool are my club", "sudoku is my thing on the bus": the kind chosen
    chosen = not category_noun and noun.dep_ == "attr" and noun.lemma_.lower() in _CHOSEN and not any(
        c.dep_ in {"amod", "compound", "det"} or (c.dep_ == "prep" and not (c.lower_ == "of" and any(
            g.lower_ == "choice" for g in c.children))) for c in noun.children)  # "my book for the flight"
    fav = noun.lower_ in _FAVOURITE or pick or loved or category_noun or chosen \
        or any(c.lower_ in _FAVOURITE for c in noun.children if c.dep_ in {"amod", "compound"})
    if not (mine and fav):
        return []
    subject = _subject_of(root)
    thing = _thing(subject, read)
    if thing is None:  # "It's my favourite"; "that's my car" (a kind chosen of a pointer) is read elsewhere
        return [] if chosen and not (pick or loved or category_noun) else _NOTHING
    if one_of or noun.lower_ in _FAVOURITE or pick or loved or chosen or not any(c.lower_ in _MINE for c in noun.children):
        # "Roses and dahlias are my favourites": each of the things named
        things = [thing, *(t for t in (_thing(c, read) for c in subject.conjuncts) if t)]
        return [Draft(predicate="likes", object=t, memory_type=MemoryType.preference) for t in things]
    category = re.sub(r"[^a-z0-9]+", "_", noun.lemma_.lower()).strip("_")
    return [Draft(predicate=f"preferred_{category}", object=thing, memory_type=MemoryType.preference)]


def _moves_me(read: ReadClause, root: Any) -> list[Draft]:
    """ "Turtles bring me joy", "My family keeps me motivated", "Painting makes me happy",
    "Basketball inspires me", "Tilly helps me stay focused and brings me joy" -> what the
    speaker enjoys or is driven by (the first of the subject's verbs that says so)."""
    subject = _subject_of(root)
    if subject is not None and subject.tag_ == "VBG" and any(c.dep_ == "conj" for c in subject.children):
        return []  # "Playing video games or watching movies helps me unwind": each pastime (rules_events)
    for verb in [root, *(c for c in root.children if c.dep_ == "conj" and c.pos_ == "VERB" and _subject_of(c) is None)]:
        drafts = _moved_by(read, verb, subject)
        if drafts:
            return drafts
    return []


def _moved_by(read: ReadClause, root: Any, subject: Any) -> list[Draft]:
    lemma = root.lemma_.lower()
    me = next((c for c in root.children if c.dep_ in {"dobj", "dative", "nsubj"} and c.lower_ in _ME), None)
    if me is None:
        me = next((g for c in root.children if c.dep_ in {"ccomp", "xcomp"} for g in c.children
                   if g.dep_ == "nsubj" and g.lower_ in _ME), None)  # "makes me feel relaxed"
    if me is None:
        return _stance_moved(read, root, subject)
    words = {t.lower_ for t in root.subtree if t.i > root.i}
    predicate = None
    if lemma in {"bring", "give"}:
        gift = next((c for c in root.children if c.dep_ == "dobj" and c.lower_ not in _ME), None)
        if gift is not None:
            predicate = "likes" if gift.lemma_.lower() in _JOY else "motivated_by" if gift.lemma_.lower() in _DRIVE else None
    elif lemma in _DRIVING_VERBS or (lemma == "keep" and words & _KEPT):
        predicate = "motivated_by"
    elif lemma in _LIFTING or (lemma == "make" and words & _GLAD):
        predicate = "likes"
    elif lemma == "help" and words & _EASED:
        predicate = "motivated_by" if words & _KEPT else "likes"
    if predicate is None:
        return _stance_moved(read, root, subject)
    thing = _thing(subject, read)
    if thing is None:
        return _NOTHING
    return [Draft(predicate=predicate, object=thing,
                  memory_type=MemoryType.preference if predicate == "likes" else None)]


def _stance_moved(read: ReadClause, root: Any, subject: Any) -> list[Draft]:
    """ "Podcasts bore me", "horror films creep me out", "country music grates on me", "long
    drives make me miserable": how the thing moves the speaker, from the lexicon (stance_lexicon)."""
    if root.tag_ == "VBD" and root.lower_ not in MOVED_FORMS:
        return []  # "the film bored me": one showing, not a taste
    if any(t.lower_ in _WONDERING for t in read.tokens) or any(
            c.dep_ == "mark" and c.lower_ in {"if", "whether"} for c in root.children):
        return []  # "I wonder if cheese makes me sad", "maybe coffee makes me cranky": a guess, not a taste
    lemma = MOVED_FORMS.get(root.lower_, root.lemma_.lower())
    children = list(root.children)
    me_object = any(c.dep_ in {"dobj", "dative"} and c.lower_ in _ME for c in children)
    particle = next((c.lower_ for c in children if c.dep_ == "prt"), None)
    polarity = None
    if me_object and particle is not None:
        polarity = MOVING_PARTICLES.get((lemma, particle))
    if polarity is None and me_object:
        polarity = MOVING_VERBS.get(lemma)
    if polarity is None:
        polarity = next((MOVING_PREPOSITIONS.get((lemma, c.lower_)) for c in children if c.dep_ == "prep"
                         and any(g.dep_ == "pobj" and g.lower_ in _ME for g in c.children)
                         and (lemma, c.lower_) in MOVING_PREPOSITIONS), None)
    if polarity is None and lemma == "do" and any(c.dep_ == "dobj" and c.lower_ in {"it", "something"} for c in children) \
            and any(c.dep_ == "prep" and c.lower_ == "for" and any(g.lower_ in _ME for g in c.children) for c in children):
        polarity = True  # "jazz really does it for me"
    if polarity is None and lemma == "make":
        made = [t for c in children if c.dep_ in {"ccomp", "xcomp", "acomp", "oprd"} for t in c.subtree]
        polarity = next((MADE_FEELINGS[t.lemma_.lower()] for t in made if t.lemma_.lower() in MADE_FEELINGS), None)
    return _stance_drafts(read, subject, polarity, root)


def _past_measure(head: Any) -> Any:
    """ "a bit of dark chocolate", "a good cup of tea" -> the thing measured out."""
    if head is not None and head.lemma_.lower() in _MEASURES:
        return next((g for c in head.children if c.dep_ == "prep" and c.lower_ == "of"
                     for g in c.children if g.dep_ == "pobj"), head)
    return head


def _denied(head: Any) -> bool:
    """The stance's own verb is denied ("doesn't do it for me", "not fussed"), not some other
    word of the clause ("I can handle spicy food, no problem")."""
    return any(c.dep_ == "neg" or c.lower_ == "never" for c in head.children)


def _stance_drafts(read: ReadClause, holder_or_thing: Any, polarity: bool | None, head: Any) -> list[Draft]:
    """A liking (``True``) or dislike (``False``) of the thing; a denied liking is a dislike, a
    denied dislike says neither ("crowds don't bother me"), so nothing is stored."""
    if polarity is None:
        return []
    if holder_or_thing is not None and (holder_or_thing.ent_type_ == "PERSON" or holder_or_thing.lemma_.lower() in _KIN):
        return _NOTHING  # "my boss stresses me out", "Sam cracks me up": about a person, not a taste
    if "neg" in read.flags and not _denied(head):
        return []  # a denial elsewhere in the clause: not read here
    if _denied(head):
        if not polarity:
            return _NOTHING
        polarity = False
    thing = _thing(_past_measure(holder_or_thing), read)
    if thing is None:
        return _NOTHING
    read.flags.discard("neg")
    return [Draft(predicate="likes" if polarity else "dislikes", object=thing, memory_type=MemoryType.preference)]


def _judged(read: ReadClause, root: Any) -> list[Draft]:
    """ "Olives are disgusting to me", "cycling in the countryside is pure bliss for me",
    "mushrooms are a hard no for me": a judgement held by the speaker about the subject;
    "marmite on toast is the finest breakfast", "pepperoni is the only topping that matters":
    a superlative of taste said of a thing."""
    for noun in (c for c in root.children if c.dep_ == "attr" and c.pos_ == "NOUN" and "past" not in read.flags):
        words = {c.lower_ for c in noun.children}
        grade = next((TASTE_SUPERLATIVES[c.lower_] for c in noun.children if c.lower_ in TASTE_SUPERLATIVES), None)
        mattering = any(c.dep_ == "relcl" and c.lemma_.lower() in {"matter", "count"} for c in noun.children)
        graded = (grade is not None and (grade is False or words & _TOP)) or ("only" in words and mattering)
        chosen_for = any(c.dep_ == "prep" and c.lower_ == "for" and any(
            g.lower_ in _ME or any(d.lower_ == "the" for d in g.children) for g in c.children) for c in noun.children)
        if graded and words & {"the"} and not chosen_for \
                and noun.lemma_.lower() not in _PEOPLE | _VAGUE_HEADS | _KIN | _PRACTICAL_HEADS:
            drafts = _stance_drafts(read, _subject_of(root), grade is not False, root)
            return drafts if drafts is not _NOTHING else []  # "that's the best news": read elsewhere
    for word in (c for c in root.children if c.dep_ in {"attr", "acomp"}):
        polarity = JUDGED_WORDS.get(word.lemma_.lower(), JUDGED_WORDS.get(word.lower_))
        to_me = [c for w in (root, word) for c in w.children if c.dep_ == "prep" and c.lower_ in {"to", "for"}
                 and any(g.dep_ == "pobj" and g.lower_ in _ME for g in c.children)]
        if polarity is not None and to_me:
            if _PASSING.search(read.text) or any(c.dep_ == "prep" and c.lower_ == "with" for w in (root, word)
                                                 for c in w.children):
                return _NOTHING
            return _stance_drafts(read, _subject_of(root), polarity, root)
    return []


# Before an agent noun: the habit left behind or judged against ("a recovering sugar addict",
# "a terrible coffee snob"), not a taste held; "freak" after a habit of order ("a control freak").
_NOT_TASTE_MARKS = frozenset({"recovering", "former", "ex", "ex-", "reformed", "terrible", "awful", "horrible",
                              "insufferable", "unbearable", "annoying", "pretentious", "hopeless"})
_HABIT_FREAKS = frozenset({"control", "neat", "clean", "tidy", "germ"})


def _taste_of_agent(read: ReadClause, noun: Any) -> list[Draft] | None:
    """ "I'm a massive sci-fi and fantasy reader", "a big coffee drinker": what the agent noun's
    modifiers name is liked (degree words left out); None when the noun is no such agent."""
    if noun.lemma_.lower() not in TASTE_AGENTS or "neg" in read.flags:
        return None
    if any(c.lower_ in _NOT_TASTE_MARKS for c in noun.lefts) or (noun.lemma_.lower() == "freak" and any(
            c.lower_ in _HABIT_FREAKS for c in noun.lefts)):
        return None  # "a recovering sugar addict", "a terrible coffee snob", "a control freak": no taste
    if any(c.dep_ == "prep" and (c.lower_ in {"on", "for"} or any(g.pos_ == "PROPN" for g in c.children))
           for c in noun.children if c.lower_ != "of"):
        return None  # "a news reader on BBC Radio Leeds": a job
    named = [t for c in noun.lefts if c.dep_ in {"compound", "amod", "nmod"} for t in c.subtree
             if t.lower_ not in TASTE_DEGREE and t.dep_ not in {"det", "advmod", "punct"}]
    words = [t for t in named if t.pos_ in {"NOUN", "PROPN", "ADJ", "CCONJ", "X"} or "-" in t.text]
    if not words or words[-1].pos_ == "CCONJ" or not any(t.pos_ in {"NOUN", "PROPN"} or "-" in t.text for t in words):
        return None
    text = read.text[words[0].idx:words[-1].idx + len(words[-1].text)]
    return [Draft(predicate="likes", object=third_person(text), memory_type=MemoryType.preference)]


def _loved_in_clause(read: ReadClause, root: Any) -> list[Draft]:
    """ "Roses are the flowers I love most", "landscapes are what I love to paint": the subject
    is what the speaker's own clause of liking names."""
    subject = _subject_of(root)
    if subject is None or subject.lower_ in _ME | {"i", "we"}:
        return []
    for part in (c for c in root.children if c.dep_ in {"attr", "ccomp"}):
        if part.dep_ == "attr" and part.lemma_.lower() in _PEOPLE:
            return []  # "Sam is the one I love": a person, not a taste
        verbs = [part] if part.dep_ == "ccomp" else [c for c in part.children if c.dep_ == "relcl"]
        for verb in verbs:
            own = any(c.dep_ == "nsubj" and c.lower_ in {"i", "we"} for c in verb.children)
            polarity = False if _without(verb) is not None else LIKING_VERBS.get(verb.lemma_.lower())
            if own and polarity is not None:
                return _stance_drafts(read, subject, polarity, verb)
    return []


def _without(verb: Any) -> Any:
    """The "without" of "can't live without", "could do without", or None."""
    if verb.lemma_.lower() not in DONE_WITHOUT:
        return None
    return next((c for c in verb.children if c.dep_ == "prep" and c.lower_ == "without"), None)


def _own_stance(read: ReadClause, root: Any) -> list[Draft]:
    """ "I relish early runs", "I can't abide reality TV", "I've grown to love opera": the
    speaker's verb of liking or dislike, from the lexicon (stance_lexicon)."""
    subject = _subject_of(root)
    if subject is None or subject.lower_ not in {"i", "we"} or root.tag_ == "VBD":
        return []
    lemma = root.lemma_.lower()
    verb, polarity = root, HELD_VERBS.get(lemma)
    held = next(((c, HELD_ADJECTIVES[(root.lower_, c.lower_)]) for c in root.children
                 if c.dep_ == "prep" and (root.lower_, c.lower_) in HELD_ADJECTIVES), None)
    if held is not None and root.lower_ not in _READ_BY_RULES:  # "I'm not fussed about football": the participle
        pobj = next((g for g in held[0].children if g.dep_ == "pobj"), None)
        drafts = _stance_drafts(read, pobj, held[1], root) if pobj is not None else []
        return drafts if drafts is not _NOTHING else []
    if lemma in CANNOT_TAKE:
        if not (_denied(root) and any(c.lower_ in {"can", "ca", "could"} for c in root.children)) or read.times:
            return []  # "I can handle it", "I can't handle the gym today": no taste
        if any(t.lemma_.lower() in _INTOLERANCES for c in root.children if c.dep_ == "dobj" for t in c.subtree):
            return []  # "I can't tolerate lactose": an intolerance (the diet rules), not a taste
        polarity = True  # denied below: "I can't abide reality TV" is a dislike
    elif lemma in ARRIVED_AT:
        verb = next((c for c in root.children if c.dep_ == "xcomp" and c.lemma_.lower() in LIKING_VERBS), root)
        polarity = LIKING_VERBS.get(verb.lemma_.lower()) if verb is not root else None
    elif (without := _without(root)) is not None:  # "I can't live without my morning coffee"
        pobj = next((g for g in without.children if g.dep_ == "pobj"), None)
        drafts = _stance_drafts(read, pobj, False, root) if pobj is not None else []
        return drafts if drafts is not _NOTHING else []
    if polarity is None:
        return []
    thing = next((c for c in verb.children if c.dep_ in {"dobj", "xcomp"} and c is not verb), None)
    if thing is None or _thing(thing, read) is None:
        return []
    if lemma == "dread" and (read.times or any(t.ent_type_ in {"DATE", "TIME"} for t in read.tokens) or any(
            c.dep_ == "poss" or c.lower_ in _POINTING_DETERMINERS for c in thing.children)):
        return []  # "I dread Monday's meeting", "I dread the exam": one event ahead, not a taste
    drafts = _stance_drafts(read, thing, polarity, verb)
    return drafts if drafts is not _NOTHING else []


def _feeling(read: ReadClause, root: Any) -> list[Draft]:
    """ "I'm so proud of my kids", "I've always had a love for horses" (the speaker's own clause)."""
    subject = _subject_of(root)
    if subject is None or subject.lower_ not in {"i", "we"}:
        return []
    if root.lemma_ == "be":
        for noun in (c for c in root.children if c.dep_ == "attr"):
            taste = _taste_of_agent(read, noun)
            if taste is not None:
                return taste
            prep = next((c for c in noun.children if c.dep_ == "prep" and (noun.lower_, c.lower_) in _DRAWN_TO), None)
            if prep is not None:
                thing = _thing(next((g for g in prep.children if g.dep_ == "pobj"), None), read)
                return [Draft(predicate="likes", object=thing, memory_type=MemoryType.preference)] if thing else _NOTHING
        for adj in (c for c in root.children if c.dep_ == "acomp"):
            for prep in (c for c in adj.children if c.dep_ == "prep"):
                predicate = _FEELINGS.get((adj.lower_, prep.lower_))
                pobj = next((g for g in prep.children if g.dep_ == "pobj"), None)
                if predicate:
                    thing = _thing(pobj, read)
                    return [Draft(predicate=predicate, object=thing)] if thing else _NOTHING
                polarity = None if adj.lower_ in _READ_BY_RULES else HELD_ADJECTIVES.get((adj.lower_, prep.lower_))
                if polarity is not None and pobj is not None and _thing(_past_measure(pobj), read) is not None:
                    # "I'm quite partial to dark chocolate", "not fussed about football"
                    drafts = _stance_drafts(read, pobj, polarity, root)
                    return drafts if drafts is not _NOTHING else []
        return []
    if root.lemma_ == "have":
        love = next((c for c in root.children if c.dep_ == "dobj"), None)
        if love is None or not (love.lemma_.lower() in _LOVE_NOUNS or (
                love.lower_ == "spot" and any(c.lower_ == "soft" for c in love.children))):
            return []
        prep = next((c for c in love.children if c.dep_ == "prep" and c.lower_ == "for"), None)
        pobj = next((g for g in prep.children if g.dep_ == "pobj"), None) if prep is not None else None
        thing = _thing(pobj, read)
        return [Draft(predicate="likes", object=thing, memory_type=MemoryType.preference)] if thing else _NOTHING
    return []


def _first_read(read: ReadClause, root: Any, *readers: Callable[[ReadClause, Any], list[Draft]]) -> list[Draft]:
    """The first reader's drafts, or its ``_NOTHING`` (a stance toward no thing of its own)."""
    for reader in readers:
        drafts = reader(read, root)
        if drafts or drafts is _NOTHING:
            return drafts
    return []


def read_opinion(read: ReadClause) -> list[Draft] | None:
    """The speaker's stance toward a named thing in this clause; ``[]`` when the clause is such a
    stance toward no thing of its own ("I'm so proud of you", "It's my favorite": nothing to
    store), None when it is none. The holder is always the speaker ("my favorite", "me", "I"),
    so the clause's subject becomes the speaker's."""
    if read.speaker != "user" or read.flags & {"plan", "will", "report"}:
        return None
    root = _clause_head(read)
    if root is None or read.text.rstrip().endswith("?"):
        return None
    if root.lemma_ == "be":
        drafts = _favourite(read, root)
        if drafts is not _NOTHING and not drafts:
            drafts = _first_read(read, root, _feeling, _judged, _loved_in_clause)
    elif root.lemma_ == "have":
        drafts = _feeling(read, root)
    else:
        drafts = _first_read(read, root, _moves_me, _own_stance)
    if drafts is _NOTHING:
        return []
    if not drafts:
        return None
    read.subject = "user"  # "Harry Potter is my favorite book": the holder is the speaker, not Harry
    return drafts
