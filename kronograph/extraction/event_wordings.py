"""Wordings of a dated past event that the small tagger misreads, rewritten before the parse into
the plain form the event rules read (span-safe: see ``offline._rewrite``).

A chat turn often drops its "I" ("Went bowling yesterday", "Had my tonsils out on Friday"): the
parser then takes the verb for a noun or an order, so the "I" comes back (not before a question's
"Did you ..."). "Got back from
Lisbon" and "came back from a trip to Rio" are read as "returned from Lisbon/Rio", which the
event rules know; the trip's adjectives name no place. A day said as what it held ("Yesterday was
my first shift at the bakery", "Saturday was our anniversary dinner") is read as the speaker having
had it ("Yesterday I had my first shift ..."), unless what it was is how it went ("a nightmare").
"""

from __future__ import annotations

import re

from .rules_lexicon import PAST_LEMMAS

_DATED = (r"(?=[^.!?\n]*\b(?:yesterday|last|ago|this\s+(?:morning|afternoon|evening|week(?:end)?)|tonight|"
          r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)")
#: verbs a dated chat turn opens with, its "I" dropped; lowercased when the "I" comes back ("I Met" reads as a name)
_DEEDS = ("went", "met", "visited", "got back", "came back", "signed up", "volunteered", "had", "got", "did", "fell",
          "fainted", "took", "finished", "spent", "locked")
_SPACE = r"\s+"
#: the other past forms a dated turn may open with, its "I" dropped ("Caught the last train home last
#: night", "hit a deer two nights ago"); not those of thinking, feeling or telling
_MORE_DEEDS = tuple(sorted((set(PAST_LEMMAS) | {"hit", "broke", "lost", "tore", "woke", "slept", "sat", "wore"})
                           - set(_DEEDS) - {"felt", "thought", "told", "became", "heard", "kept", "held", "began"}))
#: a question or someone else's deed after the verb: "Did you go ...?", "Had he left ...?"
_NOT_MINE = r"(?!\s+(?:you|u|ya|he|she|they|it|we|i|your|anyone|someone)\b)(?![^.!\n]*\?)"
#: and for the other past forms, also a deed done to the speaker or by another named after the comma
_NOT_MINE_MORE = (_NOT_MINE + r"(?!\s+(?:me|him|her|his|them|us|their)\b)"
             # "Lost his job last week, my brother", "Resigned yesterday, the PM": the doer named after the comma
             r"(?![^.!?\n]*,\s*(?:[\w' ]+\s)?(?:my|the|our)\s+[\w-]+\s*[.!]*\s*$)"
             # "Won 3-1 last night": a team's score, not the speaker's
             r"(?!\s+\d+\s*-\s*\d+\b)")
#: the days a turn opens with when it tells what the day held
_DAYS = (r"yesterday|today|last\s+night|this\s+(?:morning|afternoon)|(?:on\s+)?(?:last\s+)?"
         r"(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+just\s+gone)?|last\s+weekend")
#: what a day "was" that tells how it went, not what it held ("Yesterday was a total nightmare")
_HOW_IT_WENT = (r"nightmare|disaster|mess|blur|write-?off|washout|struggle|joke|dream|day|night|one|"
                r"success|failure|fail|win|bust|slog|grind|rollercoaster|shambles|lot|bit|blast|laugh|riot")

EVENT_REWRITES: list[tuple[str, str]] = [
    # "Mum rang. Got a new job last week, she's thrilled": the deed after another's call is theirs, not the speaker's
    (r"((?:^|[.!]\s+)(?:mum|mom|mam|dad|my\s+[a-z]+|(?-i:[A-Z])[a-z]+)\s+(?:just\s+)?(?:rang|called|texted|messaged|phoned|"
     r"emailed|wrote|facetimed|rang\s+me|called\s+me|texted\s+me)(?:\s+(?:earlier|today|this\s+morning|last\s+night))?"
     r"[.!]+\s+)(?=(?:just\s+|finally\s+)?(?:" + "|".join(v.replace(" ", _SPACE) for v in _DEEDS) + r")\b)", r"\1They "),
    # "Went bowling yesterday and got two strikes!", "just got back from Leeds": the speaker's own deed
    *((rf"(^|[.!]\s+)((?:just|finally|also|only)\s+)?{verb.replace(' ', _SPACE)}\b{_NOT_MINE}{_DATED}", rf"\1I \2{verb}")
      for verb in _DEEDS),
    *((rf"(^|[.!]\s+)((?:just|finally|also|only)\s+)?{verb}\b{_NOT_MINE_MORE}{_DATED}", rf"\1I \2{verb}") for verb in _MORE_DEEDS),
    # "Yesterday was my first shift at the bakery": the speaker had it that day
    (rf"(^|[.!]\s+)({_DAYS})\s+was\s+(?=(?:my|our|the|an?)\s+(?!(?:[\w-]+\s+){{0,3}}?(?:{_HOW_IT_WENT})\b)[\w-])",
     r"\1\2 I had "),
    # "we got back from an awesome trip to Rio": returned from Rio
    (r"\b(?:got|came)\s+back\s+from\s+(?:(?:an?|our|my|the)\s+)?(?:(?:[a-z]+|[a-z]+-[a-z]+)\s+){0,2}?"
     r"(?:trip|holiday|vacation|break|getaway|weekend|week|visit|tour)\s+(?:to|in)\s+(?=(?-i:[A-Z]))", "returned from "),
    (r"\b(?:got|came)\s+back\s+from\s+(?=\w)", "returned from "),
]

#: a lowercase clause that tells what befell a thing on a past day ("the boiler broke down yesterday"):
#: it names no person, yet it is worth the parse (see ``rules_events.read_happening``)
HAPPENING = re.compile(r"\b(?:the|a|an|my|our)\s+(?:[a-z-]+\s+){0,2}?(?:broke|went\s+out|went\s+down|came\s+down|flooded|"
                       r"burst|died|crashed|collapsed|leaked|packed\s+(?:in|up)|blew\s+up|froze|caved\s+in|gave\s+out|"
                       rf"conked\s+out|cut\s+out|exploded|fell\s+(?:down|apart|off)|burned\s+down|burnt\s+down)\b{_DATED}",
                       re.I)
