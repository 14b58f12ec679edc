"""Chat wordings of a correction that the clause reader does not know, rewritten before the parse
into the "I meant X, not Y" it does read (span-safe: see ``offline._rewrite``); the value then
goes to the slot of the statement it puts right (``rules_sentence.finish``, ``rules_restate.retimed``).

Two shapes: a bare "X not Y" said as a sentence of its own ("the 14th not the 4th", "£950 not
£850, typo", "oops, Bradford not Leeds"), a correction when a slip is owned up to around it or when
both sides are figures or dates (two values of one kind); and the right value after an owned-up
typo ("sorry, typo - Anna", "typo: should be Anna"), which the parser splits from its marker.
"""

from __future__ import annotations

# owning up to a slip, before or after the right value
_SLIP = r"(?:oops|whoops|oh\s+no|sorry|soz|err+|erm+|um+|uh+|wait|no|nope|typo|my\s+bad|my\s+mistake|correction|scratch\s+that)"
# a figure or a date: "£950", "the 14th", "7pm", "3 years", "Tuesday", "August"
_FIGURE = (r"(?:the\s+)?(?:[£$€]\s?\d[\d,.]*k?|\d[\d,.:]*(?:st|nd|rd|th|am|pm|k|%)?(?:\s+[a-z]+)?|"
           r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:january|february|march|april|may|june|july|august|"
           r"september|october|november|december)(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)")
# a value said bare: a few words, none of them a pronoun or a verb of a clause of its own
_VALUE = r"(?!(?:I|I'm|we|you|it|it's|he|she|they|that|that's|this|there)\b)[\w£$€'&.-]+(?:\s+[\w£$€'&.-]+){0,3}?"
_END = r"(?=\s*(?:[,.!;]|$))"

CORRECTION_REWRITES: list[tuple[str, str]] = [
    # "oops, Bradford not Leeds", "err August, not July", "£950 not £850, typo": a slip owned up to
    (rf"^[\s\"'(]*(?:{_SLIP}\W+)+({_VALUE})\s*,?\s+not\s+({_VALUE}){_END}", r"I meant \1, not \2"),
    (rf"^([\s\"'(]*)({_VALUE})\s*,?\s+not\s+({_VALUE})(?=\s*,\s*(?:{_SLIP}|lol|haha)\b)", r"\1I meant \2, not \3"),
    # "the 14th not the 4th", "£950 not £850": two figures of one kind, the first the right one
    (rf"^([\s\"'(]*)({_FIGURE})\s*,?\s+not\s+({_FIGURE}){_END}", r"\1I meant \2, not \3"),
    # "sorry, typo - Anna", "typo: should be Anna", "typo, it's Anna": the value after the owned-up typo
    (r"\b(?:(?:sorry|oops|whoops)\W+)?typo\s*(?:[-:,\u2013\u2014]+|\s+there\s*[-:,]?)\s*(?:(?:it\s+)?should\s+(?:be|read|say)\s+|it'?s\s+)?(?=\w)",
     "I meant "),
]
