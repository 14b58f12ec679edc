"""Told facts that say nothing a later question could use, dropped before they are proposed.

Five kinds, each read off the finished draft (its verb, particle and object), whatever rule
made it:

- an idiom read literally ("I got the hang of it", "stay in touch", "I hit a snag");
- an aspiration with nothing concrete in it ("I'm gonna keep going and reach my dreams",
  "I want to keep making a difference", "chasing my ambitions"): every word of the object is
  a light verb or a word for goals in general;
- an object that points at the listener or at something said elsewhere ("Enjoy yourself!",
  "I love seeing your dedication", "Planning a trip there", "turn it into a game"): who or
  what it is was said in another turn, so the fact alone answers nothing;
- an object that is only a time ("we split up over the winter", "it's been a few days"): the
  time dates the statement, it is no thing the speaker did or has;
- a resolve or a leave-taking read as a task ("gotta stay strong", "we gotta stick together",
  "gotta run!"): a frame of mind or a goodbye, nothing to do.
"""

from __future__ import annotations

import calendar
import re

from .rules_draft import Draft, verb_base

# "<verb> <particle or preposition> <object>" in base forms; each names a kind of idiom, not one sentence.
_IDIOMS = re.compile(r"^(?:" + "|".join([
    r"get (?:the )?(?:hang|gist|knack) of",                       # got the hang of it
    r"get (?:the |some )?(?:guts|nerve|courage)\b",                # got the guts to write it
    r"(?:get )?(?:let|put) (?:\w+ )?hair",                          # let my hair down
    r"get (?:\w+ )?head around",                                   # get my head around the rules
    r"(?:get|keep|stay|be|live) (?:in )?(?:touch|loop)\b",          # stay in touch (read as lives_in)
    r"(?:have|be) (?:a |an |such a |quite the )?(?:blast|ball|riot)$",
    r"hit (?:\w+ )?(?:snag|wall|roadblock|bump|rough patch)\b",     # hit a major snag
    r"keep (?:it|that|this) up", r"keep (?:\w+ )?(?:chin|head) up", r"keep (?:\w+ )?fingers crossed",
    r"cross (?:\w+ )?fingers",
    r"give (?:it|that|this) (?:a )?(?:go|shot|whirl|try)",
    r"take (?:it|things) (?:easy|slow)", r"take (?:a )?toll",
    r"make (?:ends meet|sense)", r"make the (?:most|best) of",
    r"break the ice", r"call it a (?:day|night)",
    r"bring (?:out )?(?:\w+ )?(?:best|a-game|a game)\b",           # bringing their best moves
    r"get there$", r"be on (?:me|them|us)$",                       # I'm getting there; that's on me
    r"do (?:ok|okay|well|good|great|fine|alright|better|cheers)$",  # I'm doing OK
    # moved, changed jobs, ended it, helped, went to bed, left: never the sticks, ship, plug or hand
    r"up sticks", r"pull up (?:stakes|roots)\b", r"jump (?:ship|the gun)", r"pull (?:\w+ )?(?:plug|weight|all-nighter|-nighter|strings)\b",
    r"lend (?:\w+ )?hand", r"bite (?:the )?bullet", r"spill (?:the )?beans", r"break ice", r"hit (?:the )?(?:sack|hay|road|roof)\b",
    r"(?:make up|change) (?:\w+ )?mind", r"lose (?:\w+ )?(?:temper|cool|mind|track|plot)\b", r"keep (?:\w+ )?cool",
    r"burn (?:the )?midnight oil", r"throw in (?:the )?towel", r"cut corners", r"drop (?:the )?ball", r"miss (?:the )?boat",
    r"kick (?:the )?bucket$", r"rock (?:the )?boat", r"take (?:the )?plunge", r"be buried in", r"bury in",
]) + r")")

# Words a plan can be made of without saying what is planned.
_LIGHT_VERBS = frozenset({
    "keep", "keeps", "going", "go", "continue", "reach", "reaching", "pursue", "pursuing", "make", "making", "chase",
    "chasing", "do", "doing", "stay", "staying", "try", "trying", "push", "pushing", "work", "working", "use", "using",
    "be", "have", "take", "see", "create", "get", "find", "give", "achieve", "follow", "following", "grow", "improve",
    "spread", "witness", "moving", "move", "forward", "on", "up", "at", "it", "never", "stop", "always",
    "help", "helping", "live", "living", "savor", "start", "starting", "explore", "being", "able", "knowing", "can",
    "they", "chases", "pursues", "reaches",
})
_GENERAL = frozenset({
    "goal", "goals", "dream", "dreams", "difference", "best", "track", "value", "values", "potential", "passion",
    "passions", "impact", "progress", "voice", "vibe", "vibes", "life", "future", "things", "stuff", "more", "better",
    "new", "great", "positive", "real", "own", "first", "plan", "plans", "lots", "lot", "pics", "matter", "what", "no",
    "strong", "hard", "harder", "success", "experience", "experiences", "enjoyable", "location", "way",
    "ways", "even", "bigger", "big", "higher", "heights", "fun", "happy", "happiness", "the", "a", "an", "their", "my",
    "our", "of", "and", "to", "for", "with", "in", "all", "some", "them", "that", "this", "other", "others",
    "world", "place", "little", "small", "one", "day", "self", "themselves", "myself", "spirit", "smile",
    "ambition", "ambitions", "chapter", "lives", "good", "authentically", "aspirations", "purpose",
    "meaning", "journey", "path", "kind", "kinds",
})
_PLANS = ("plans_to", "has_task", "tries_to")
# Slots whose values are short words of their own ("relationship_status married", "diet vegan").
_STATES = frozenset({"relationship_status", "diet", "name", "age", "employment_status", "nationality", "life_event",
                     "activity", "job_title", "lives_in", "works_at", "studies_at", "comes_from"})
_LISTENER = re.compile(r"(?<![\w-])(?:you|your|yours|yourself|yourselves)(?![\w-])", re.I)
# A pronoun for a thing or place named elsewhere ("it", "there"); "her" only where it is no possessive.
# "them" only as what a verb is done to ("savor them", "seeing them play"): elsewhere it may be the
# speaker's own "me"/"us" in the third person ("shelters near them").
_POINTER = re.compile(r"(?<![\w-])(?:it|him|there)(?![\w-])|(?<![\w-])her(?=\s+(?:out|up|to|on|about|for|over|back)\b|$)|"
                      r"^[a-z]+ them\b")
# A liking or pastime that is a light verb alone ("I enjoy playing"): playing what?
_BARE_GERUNDS = frozenset({"playing", "doing", "making", "getting", "having", "going", "trying", "working", "being",
                           "seeing", "spending time", "spending", "taking", "it", "this", "that", "them", "things"})


def idiom(draft: Draft) -> bool:
    """The draft reads an idiom literally."""
    predicate = (draft.predicate or "").removeprefix("planned_").removeprefix("not_")
    verb, _, rest = predicate.partition("_")
    if not verb or predicate.startswith(("quantity_", "preferred_")):
        return False
    reading = " ".join([verb_base(verb) if verb != "is" else "be", *rest.split("_"), draft.object.lower()])
    # a plan's object is itself a verb phrase: "tries_to get their head around ..."
    return bool(_IDIOMS.search(" ".join(reading.split())) or (predicate.startswith(_PLANS) and _IDIOMS.search(draft.object.lower())))


def aspiration(draft: Draft) -> bool:
    """A plan, a liking or a deed whose words name no thing, place, person or activity of its own
    ("keep making a difference", "chases their dreams", "being able to make a difference")."""
    predicate = (draft.predicate or "").removeprefix("not_").removeprefix("planned_")
    if predicate.startswith(("has_", "quantity_")) or predicate in _STATES or draft.sensitive_kind \
            or (predicate.count("_") >= 2 and not predicate.startswith(_PLANS)):
        return False  # "gets_promoted_at work": the predicate says what happened
    words = re.findall(r"[a-z0-9'-]+", draft.object.lower())
    return bool(words) and not [w for w in words if w not in _LIGHT_VERBS and w not in _GENERAL]


def points_elsewhere(draft: Draft) -> bool:
    """The object names the listener, or a thing by a pronoun ("trip there", "fixing it")."""
    if not draft.object or '"' in draft.object or draft.sensitive_kind or draft.predicate in {None, "name"}:
        return False
    return bool(_LISTENER.search(draft.object) or _POINTER.search(draft.object)) \
        or draft.object.lower() in _BARE_GERUNDS


_TIME_WORDS = frozenset({
    "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "night", "week", "weeks",
    "weekend", "fortnight", "month", "months", "year", "years", "decade", "morning", "afternoon", "evening",
    "tonight", "today", "tomorrow", "yesterday", "spring", "summer", "autumn",
    "fall", "winter", "easter", "christmas", "xmas", "halloween", "thanksgiving", "while", "ages",
    *(m.lower() for m in calendar.month_name if m), *(d.lower() for d in calendar.day_name),
})
# Words that only size or place a time ("a crazy few days", "about five minutes", "the whole summer").
_TIME_FILLERS = frozenset({
    "a", "an", "the", "this", "that", "last", "next", "past", "few", "couple", "of", "about", "around", "almost",
    "nearly", "over", "some", "several", "whole", "entire", "half", "all", "long", "short", "crazy", "busy", "good",
    "great", "lovely", "rough", "hectic", "wild", "one", "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "twenty", "thirty", "their", "our",
})
# A recurring part of the day or week: the when of a habit, which is its object.
_HABITUAL = frozenset({"mornings", "afternoons", "evenings", "nights", "weekends",
                       *(d.lower() + "s" for d in calendar.day_name)})
# Slots whose value may be a time: "I love summer", "I prefer mornings", "I work nights".
_TIMELY = ("likes", "dislikes", "preferred_", "quantity_", "works", "age", "birthday", "not_likes")


def only_a_time(draft: Draft) -> bool:
    """The object is a time and nothing else ("breaks_up_over summer", "is_a few days")."""
    predicate = (draft.predicate or "").removeprefix("planned_")
    if not draft.object or predicate.startswith(_TIMELY) or draft.sensitive_kind or "contrast" in draft.flags:
        return False  # a time put right by a correction is the value itself (rules_contrast)
    words = re.findall(r"[a-z0-9'-]+", draft.object.lower())
    if any(w in _HABITUAL for w in words):
        return False  # "I run in the evenings", "I don't work on weekends": a habit's when
    return any(w in _TIME_WORDS for w in words) and all(w in _TIME_WORDS or w in _TIME_FILLERS or w.isdigit()
                                                        for w in words)


# What a task or plan may say that is no chore: a frame of mind kept up, and (tasks only) a goodbye.
_RESOLVE = re.compile(
    r"^(?:(?:stay|be|remain|keep)\s+(?:so\s+|really\s+)?(?:strong|safe|positive|calm|sane|focused|grounded|humble|"
    r"hopeful|patient|brave|motivated|optimistic|upbeat|chill|resilient|determined|grateful)\b(?!\s+to\b)|"
    r"have\s+(?:\w+\s+)?(?:faith|patience|hope|courage)\b|"
    r"stick\s+together\b|count\s+(?:themselves|ourselves|myself|their\s+blessings)\b|"
    r"take\s+(?:some\s+)?time\s+(?:to\s+|for\s+)?(?:chill|relax|breathe|unwind|rest)\b|"
    r"look\s+after\s+(?:themselves|ourselves|myself)\b)", re.I)
_LEAVING = re.compile(r"^(?:run|dash|go|bounce|fly|split|jet|head\s+(?:off|out)|crack(?:\s+on)?|get\s+(?:going|moving|on|off)|"
                      r"get\s+a\s+move(?:\s+on)?|push\s+on|be\s+off|shoot\s+off|get\s+back\s+to\s+(?:it|work))"
                      r"(?:\s+(?:now|bye|guys|then))*$|"
                      # "I'd better go, the kettle's boiling": the goodbye with its reason read on
                      r"^(?:go|be\s+off)\s+(?:the|my|our|i|we|he|she|they|it)\s+(?:\S+\s+)?(?:'s|is|'re|are|'ve|has|have|"
                      r"was|were|will|'ll)\b", re.I)


def resolve(draft: Draft) -> bool:
    """A task or plan that is a frame of mind ("stay strong for their kids", "have faith") or,
    for a task, a goodbye ("gotta run")."""
    predicate = draft.predicate or ""
    if not predicate.startswith(_PLANS):
        return False
    return bool(_RESOLVE.match(draft.object) or (predicate == "has_task" and _LEAVING.match(draft.object)))


def says_nothing(draft: Draft) -> bool:
    """Any of the five, or a verb-object reading of a clause whose object the parse found vague
    (``vague``, set by rules_events: "I've been using this app", "I treasure every memory"):
    the draft is dropped."""
    if draft.predicate is None:
        return False
    if "vague" in draft.flags and (draft.flags & {"generic", "event"} or len(draft.object.split()) == 1):
        return True  # also another rule's reading of the same bare object ("uses app")
    return idiom(draft) or aspiration(draft) or points_elsewhere(draft) or only_a_time(draft) \
        or resolve(draft)
