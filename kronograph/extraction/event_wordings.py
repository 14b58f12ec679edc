"""Wordings of a dated past event that the small tagger misreads, rewritten before the parse into
the plain form the event rules read (span-safe: see ``offline._rewrite``).

A chat turn often drops its "I" ("Went bowling yesterday", "Met the new team on Monday"): the
parser then takes the verb for a noun or an order, so the "I" comes back. "Got back from
Lisbon" and "came back from a trip to Rio" are read as "returned from Lisbon/Rio", which the
event rules know; the trip's adjectives name no place.
"""

from __future__ import annotations

_DATED = (r"(?=[^.!?\n]*\b(?:yesterday|last|ago|this\s+(?:morning|afternoon|evening|week(?:end)?)|tonight|"
          r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)")
#: verbs a dated chat turn opens with, its "I" dropped; lowercased when the "I" comes back ("I Met" reads as a name)
_DEEDS = ("went", "met", "visited", "got back", "came back", "signed up", "volunteered")
_SPACE = r"\s+"

EVENT_REWRITES: list[tuple[str, str]] = [
    # "Went bowling yesterday and got two strikes!", "just got back from Leeds": the speaker's own deed
    *((rf"(^|[.!]\s+)((?:just|finally|also|only)\s+)?{verb.replace(' ', _SPACE)}\b{_DATED}", rf"\1I \2{verb}")
      for verb in _DEEDS),
    # "we got back from an awesome trip to Rio": returned from Rio
    (r"\b(?:got|came)\s+back\s+from\s+(?:(?:an?|our|my|the)\s+)?(?:(?:[a-z]+|[a-z]+-[a-z]+)\s+){0,2}?"
     r"(?:trip|holiday|vacation|break|getaway|weekend|week|visit|tour)\s+(?:to|in)\s+(?=(?-i:[A-Z]))", "returned from "),
    (r"\b(?:got|came)\s+back\s+from\s+(?=\w)", "returned from "),
]

