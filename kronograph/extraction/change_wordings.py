"""A change said without a verb of change, rewritten before the parse into the "switched from X
to Y" the rules read (span-safe: see ``offline._rewrite``); the switch rule then picks the slot
from what X and Y are (an OS, a diet, a music service, an employer ...).

"Spotify is out, Apple Music is in", "out with the Golf, in with a Tesla", "no more Windows,
it's Linux these days", "bye bye oat milk, hello soya": the first value is given up, the second
taken on. A sentence about people or a thing in place ("my brother is out, my sister is in", "the tide is out")
is left as it is.
"""

from __future__ import annotations

# a value: a short phrase that is no pronoun or person said by "my" (who is out is no value given up)
_X = r"(?!(?:i|i'm|you|he|she|we|they|it|my|his|her|their|our|everyone|nobody|the)\b)([^,.;!?]{1,40}?)"
_Y = r"([^,.;!?]{1,40}?)(?=\s*(?:$|[,.;!?]|\s(?:now|these\s+days|nowadays|for\s+me|lol|haha)\b))"
_START = r"(^|[.!;]\s+)(?:(?:so|yeah|well|ok(?:ay)?|honestly|anyway)\W+)*"
_SWITCHED = r"\1I switched from \2 to \3"

CHANGE_REWRITES: list[tuple[str, str]] = [
    # "Spotify is out, Apple Music is in", "gas hobs are out and induction's in"
    (_START + _X + r"\s*(?:\bis|\bare|'s)\s+out\s*(?:[,;]\s*|\s+)(?:and\s+)?([^,.;!?]{1,40}?)\s*(?:\bis|\bare|'s)\s+in\b",
     _SWITCHED),
    # "out with the old laptop, in with a MacBook"
    (_START + r"out\s+with\s+(?:the\s+|my\s+)?" + _X + r"\s*(?:[,;]\s*|\s+)(?:and\s+)?in\s+with\s+(?:the\s+|a\s+|an\s+)?" + _Y,
     _SWITCHED),
    # "no more Windows, it's Linux these days", "no more gym: just running now"
    (_START + r"no\s+more\s+" + _X + r"\s*[,;:]\s*(?:(?:it's|its|it\s+is|now\s+it's)\s+(?:all\s+)?|just\s+|only\s+)" + _Y,
     _SWITCHED),
    # "bye bye oat milk, hello soya", "goodbye London, hello Leeds"
    (_START + r"(?:good\s*-?\s*bye|bye(?:\s*-?\s*bye)?|farewell)\s+" + _X + r"\s*[,;!]\s*(?:and\s+)?hello\s+" + _Y,
     _SWITCHED),
]
