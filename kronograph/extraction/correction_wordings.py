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
_SLIP = r"(?:oops|whoops|oh\s+no|sorry|soz|err+|erm+|um+|uh+|ugh|argh|hang\s+on|hold\s+on|wait|no|nope|typo|my\s+bad|my\s+mistake|correction|scratch\s+that)"
# a figure or a date: "£950", "the 14th", "7pm", "3 years", "Tuesday", "August"
_FIGURE = (r"(?:the\s+)?(?:[£$€]\s?\d[\d,.]*k?|\d[\d,.:]*(?:st|nd|rd|th|am|pm|k|%)?(?:\s+[a-z]+)?|"
           r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:january|february|march|april|may|june|july|august|"
           r"september|october|november|december)(?:\s+\d{1,2}(?:st|nd|rd|th)?)?)")
# a value said bare: a few words, none of them a pronoun or a verb of a clause of its own
_VALUE = r"(?!(?:I|I'm|we|you|it|it's|he|she|they|that|that's|this|there)\b)[\w£$€'&.-]+(?:\s+[\w£$€'&.-]+){0,3}?"
_END = r"(?=\s*(?:[,.!;]|$))"
# a value set aside by name: a capitalised name, a figure or a date ("Bristol", "the Honda", "Friday", "£900")
_NAMED = rf"(?:(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*){{0,2}}|{_FIGURE})"

# The clause after the comma states the new value ("it's Wednesday", "the wedding's in Bath", "we went for
# a Kia", "I'm in Edinburgh now"), and says nothing of keeping the words out of memory ("don't store it",
# "I shouldn't have told you"): without these it is a request to forget, never a correction.
_NEW_VALUE = (r"(?:it'?s|it\s+(?:is|was)|(?:the|my|our)\s+[\w'-]+(?:\s+[\w'-]+)?(?:'s|\s+(?:is|was|are|were|moved|got|changed))|"
              r"we|she|he|they|I'm|I\s+am|I\s+(?:live|moved|went|got|bought))\b")
_KEEP_IT_OUT = (r"\b(?:don'?t|do\s+not|shouldn'?t|should\s+not|store|stored|remember|private|told|save|record|"
                r"keep|forget|delete|erase)\b")
# A named earlier value set aside ("ignore what I said about Bristol", "scratch the Honda bit") with the
# statement that replaces it after a comma: a correction, not a request to forget (offline reads it so).
SET_ASIDE = (rf"^([\s\"'(]*(?:(?:{_SLIP}|actually|ok|okay|oh|also|and)\W+)*)"
             r"(?:ignore|disregard|scratch|forget)\s+(?:what\s+I\s+(?:said|told\s+you|wrote|typed|mentioned)\s+"
             r"(?:earlier\s+|before\s+)?(?:about|re|regarding|on)\s+(?:the\s+)?"
             rf"({_NAMED})(?:\s+(?:thing|bit|one|part|stuff))?|the\s+(?:bit|part)\s+(?:about|on)\s+(?:the\s+)?({_NAMED})|"
             rf"the\s+({_NAMED})\s+(?:thing|bit|part|stuff))\s*[,;:\u2013\u2014-]+\s*"
             rf"(?={_NEW_VALUE})(?![^.!?]*{_KEEP_IT_OUT})")

CORRECTION_REWRITES: list[tuple[str, str]] = [
    # "oops, Bradford not Leeds", "err August, not July", "£950 not £850, typo": a slip owned up to
    (rf"^[\s\"'(]*(?:{_SLIP}\W+)+({_VALUE})\s*,?\s+not\s+({_VALUE}){_END}", r"I meant \1, not \2"),
    (rf"^([\s\"'(]*)({_VALUE})\s*,?\s+not\s+({_VALUE})(?=\s*,\s*(?:{_SLIP}|lol|haha)\b)", r"\1I meant \2, not \3"),
    # "the 14th not the 4th", "£950 not £850": two figures of one kind, the first the right one
    (rf"^([\s\"'(]*)({_FIGURE})\s*,?\s+not\s+({_FIGURE}){_END}", r"\1I meant \2, not \3"),
    # "ignore what I said about Bristol, the wedding's in Bath", "disregard the Tuesday thing, it's
    # Wednesday": the earlier value set aside and a new statement given, read as "Not Bristol, ..."
    (SET_ASIDE, r"\1Not \2\3\4, "),
    # "sorry, typo - Anna", "typo: should be Anna", "typo, it's Anna": the value after the owned-up typo
    (r"\b(?:(?:sorry|oops|whoops)\W+)?typo\s*(?:[-:,\u2013\u2014]+|\s+there\s*[-:,]?)\s*(?:(?:it\s+)?should\s+(?:be|read|say)\s+|it'?s\s+)?(?=\w)",
     "I meant "),
]

# Words that own up to a wrong value anywhere in a sentence ("I misspoke", "mixed them up", "slip of
# the tongue"): with them a contrast "X, not Y" is a correction, without them it may be a plain
# statement ("I'm a cat person, not a dog person").
OWNED_SLIP = (r"\b(?:actually|sorry|soz|oops|whoops|my\s+(?:bad|mistake)|mistake|correction|correct\s+myself|"
              r"misspoke|misspoken|mis-?typed|typo|typed|slip\s+of\s+the\s+(?:tongue|keyboard)|scratch\s+that|"
              r"i\s+meant|wait|hang\s+on|hold\s+on|no\s+wait|mix(?:ed)?[\s-]*(?:up|them\s+up)|muddl\w*|mix-up|"
              r"confus\w+|wrong|backwards|ignore|i\s+said|i\s+told\s+you|did\s+i\s+say|ugh|argh|oh\s+no|"
              r"make\s+that)\b")
# Words that own up to a wrong value and nothing else: with them "X rather than Y" / "X instead of Y"
# is a correction ("my mistake, the meeting is on Thursday rather than Tuesday"); "sorry" alone may be an
# apology ("sorry I'm late, I took the bus rather than the train").
OWNED_MISTAKE = (r"\b(?:my\s+(?:bad|mistake|error)|mistake|correction|correct\s+myself|misspoke|misspoken|mis-?typed|typo|"
                 r"slip\s+of\s+the\s+(?:tongue|keyboard)|scratch\s+that|i\s+meant|mix(?:ed)?[\s-]*(?:up|them\s+up|it\s+up)|"
                 r"muddl\w*|mix-up|got\s+(?:it|that)\s+(?:wrong|backwards)|wrong)\b")
# Reporting one's own earlier words: what follows (or, with "I typed X before", the rest) is the wrong value.
SAID_BEFORE = (r"\b(?:did\s+i\s+(?:say|tell\s+you|write|type|put)|i\s+(?:said|told\s+you|typed|wrote|put(?:\s+down)?|"
               r"mentioned|gave\s+you|have\s+said|had\s+said|must\s+have\s+said))\b(?:\s+(?:that|earlier|before))?")
# Values of one kind, so the contrasted pair is found in either order: a figure or a date.
VALUE_KINDS: list[tuple[str, str]] = [
    ("time", r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b\d{1,2}:\d\d\b"),
    ("money", r"[£$€]\s?\d[\d,.]*k?\b"),
    ("year", r"\b(?:19|20)\d\d\b"),
    ("ordinal", r"\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                r"eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|"
                r"twentieth|thirtieth)\b"),
    ("weekday", r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"),
    ("month", r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december)"
              r"(?:\s+\d{1,2}(?:st|nd|rd|th)?)?\b"),
    ("number", r"\b\d+(?:\.\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
               r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|"
               r"eight|nine))?)(?:\s+(?:hundred|thousand|grand|k))?\b"),
]
# A self-repair inside one sentence: the speaker breaks off after a value ("the 12th...", "Drake,") and
# says the right one after words that take the last one back. The break: a comma, dash or dots.
REPAIR_BREAK = r"(?:(?:\.{2,}|\u2026|[,;:\u2013\u2014]|\s-)\s*)"
# Words that take back what was just said; at least one of them opens the repair ("no, hang on",
# "sorry, I mean", "or rather", "make that", "actually no"). "well" and "actually" alone only lead into
# a repair when the value is then owned as the right one ("Bali, well, Phuket actually").
REPAIR_WORDS = (r"(?:no|nope|nah|wait|hang\s+on|hold\s+on|sorry|soz|oops|whoops|i\s+mean|i\s+meant|or\s+rather|"
                r"make\s+(?:it|that)|scratch\s+that|correction|my\s+(?:bad|mistake)|oh\s+(?:no|god)|argh|ugh|"
                r"let\s+me\s+(?:correct|rephrase)(?:\s+(?:myself|that))?|actually\s+no|no\s+actually)")
REPAIR_FILLERS = r"(?:actually|well|um+|uh+|er+m*|hmm+|oh|ah|god|sorry|no|yeah|I\s+think|I\s+guess|lol)"
# A repair that opens on a clause of its own: a pronoun and its verb before the right value
# ("it was Italy", "he's 8", "it actually dropped on the 11th").
REPAIR_CLAUSE = r"(?:(?:it|he|she|they|we|I|that)(?:'s|'re|'m|\s+(?:is|was|are|were|am))?\s+(?:[a-z]+\s+){0,3}?)"
# Words that end a bare value said on its own ("it's a golden retriever" -> "golden retriever"):
# a value runs back from the contrast to the first of these.
_VALUE_STOP_WORDS = """
a an the my our his her their your its this that these those some any
is are was were am be been being 's 're 'm isn't wasn't it it's that's i i'm i've we we're he he's she she's they they're
you in on at to with for from of by about into onto over under called named actually really definitely now still
just only all also so and but or then not no yes too very pretty quite like as if when where who which what
sorry oops wait hang hold correction misspoke earlier before said told typed meant mean ugh argh ah oh no nope
typo mistake bad muddle mix-up
one ones thing
"""
VALUE_STOPS = frozenset(_VALUE_STOP_WORDS.split())
# First words after "not" that make it a plain negation, not a contrasted value ("not sure", "not really").
_NEGATION_ONLY_WORDS = """
sure really much many very so too that this quite exactly even only just yet anymore any anything anyone
bad good great ideal fun easy hard ready done keen happy fussed bothered mine ours a-fan
going doing having being gonna able allowed likely possible certain true right
now today tonight yet again once always ever everything everyone all anywhere
"""
NOT_A_VALUE = frozenset(_NEGATION_ONLY_WORDS.split())
# The noun a topic names that is where one lives ("my flat's in Hove, not Brighton").
HOME_NOUNS = frozenset({"flat", "apartment", "house", "home", "place", "pad", "condo", "digs"})
# Verbs of a remark on the slip itself ("I gave you the wrong date", "I made a mistake", "I typed
# Miami", "got her name wrong"): beside a correction they state nothing about the speaker.
SLIP_REMARK_VERBS = frozenset({"make", "give", "get", "type", "tell", "say", "write", "put", "mix", "muddle",
                               "confuse", "mishear", "misread", "mistype", "misremember", "forget", "mention"})
# What such a remark is about: the slip, or the kind of value that was wrong.
SLIP_NOUNS = frozenset({"mistake", "error", "typo", "slip", "wrong", "name", "names", "date", "dates", "number",
                        "numbers", "year", "day", "time", "figure", "amount", "price", "age", "spelling", "it", "that"})
# Units of time: a figure put right with one of them is how long something has lasted, not a count.
TIME_UNITS = frozenset({"year", "years", "yr", "yrs", "month", "months", "week", "weeks", "day", "days",
                        "hour", "hours", "decade", "decades"})
