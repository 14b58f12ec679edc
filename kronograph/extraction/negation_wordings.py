"""Chat wordings of a denial that the rules do not read, rewritten before the parse into the plain
negative they do read (span-safe: see ``offline._rewrite``); the negation stays on its own clause.

"I wouldn't say I'm religious", "I wouldn't call myself a runner" deny a kind as plainly as "I'm
not religious"; "I don't think I'm a morning person" denies it with a hedge ("probably not").
"I won't touch shellfish", "I'd never eat snails" refuse a food as "I don't eat" does. "Never been
skiing" is "I've never been skiing" with its subject dropped; "never set foot in Paris" and "never
made it to Jasper" are "never been to". A bare "No kids", "no car, I get the bus" answers what the
speaker has ("I have no kids"); "no meat recipes please" names no possession and stays.
"""

from __future__ import annotations

_WOULD_NOT = r"(?:wouldn't|would\s+not|'d\s+never|would\s+never|couldn't|could\s+not|can't|cannot)"
_DRINKS = r"(?:alcohol|booze|beer|lager|wine|spirits|whisky|whiskey|vodka|gin|rum|coffee|tea|soda|fizzy\s+drinks|coke|milk)"
# what one has or lacks, said alone: family, pets, a car, a telly
_POSSESSIONS = (r"(?:kids|children|pets|siblings|brothers|sisters|car|tv|telly|television|garden|dog|cat|"
                r"allergies|tattoos|piercings|smartphone|mortgage)")
# agent nouns a speaker is or is not: "a morning person", "a big drinker", "a fan of", "a gamer"
_KINDS = r"(?:person|people|type|fan|lover|drinker|smoker|eater|goer|reader|runner|gamer|cook|driver|dancer|singer|[\w-]+(?:er|ist|ian|head))"
_NOT_A_FOOD = r"(?:out|in|much|anything|there|here|at|with|before|after|until|till|tonight|today|later|again|that)\b"
# "touch" a thing one owns or handles ("won't touch the code", "my savings", "it"): a food refused is
# named bare ("won't touch anchovies"); eating keeps its article ("I'd never eat the snails")
_HANDLED = r"(?:the|my|your|his|her|our|their|its|it|him|them|this|these|those|me|you|us|anyone|anybody)\b"

NEGATION_REWRITES: list[tuple[str, str]] = [
    # "... in the slightest", "... one bit": emphasis on a denial, as "at all"
    (r"(?<=\w)\s+(?:in\s+the\s+(?:slightest|least)|one\s+bit|whatsoever|by\s+any\s+stretch)(?=\s*(?:[,.!;]|$))", " at all"),
    # "I wouldn't say I'm religious", "I'd never claim I'm an expert"
    (rf"\bI(?:\s+|(?='))(?:{_WOULD_NOT})\s+(?:really\s+|honestly\s+)?(?:say|claim)\s+(?:that\s+)?(?:I'm|I\s+am)\s+", "I'm not "),
    # "I wouldn't call myself a runner", "I don't consider myself religious"
    (rf"\bI(?:\s+|(?='))(?:{_WOULD_NOT}|don't|do\s+not)\s+(?:really\s+)?(?:call|consider|count|describe)\s+myself\s+(?:as\s+)?",
     "I'm not "),
    # "I don't think I'm a morning person": denied, and hedged
    (r"\bI\s+(?:don't|do\s+not)\s+(?:really\s+)?(?:think|reckon|believe)\s+(?:that\s+)?(?:I'm|I\s+am)\s+(?!\w+ing\b)",
     "I'm probably not "),
    # "I won't touch alcohol", "I'd never drink whisky"
    (rf"\bI(?:\s+|(?='))(?:won't|will\s+not|will\s+never|{_WOULD_NOT}|refuse\s+to)\s+(?:ever\s+)?(?:touch|drink)\s+(?={_DRINKS}\b)",
     "I don't drink "),
    # "I won't touch shellfish", "I'd never eat snails", "I refuse to eat offal"
    (rf"\bI(?:\s+|(?='))(?:won't|will\s+not|will\s+never|{_WOULD_NOT}|refuse\s+to)\s+(?:ever\s+)?"
     rf"(?:touch\s+(?!{_HANDLED})|eat\s+)(?!{_NOT_A_FOOD})(?=\w)",
     "I don't eat "),
    # "never set foot in Paris", "haven't made it out to Jasper": a place not visited, said as "been to"
    (r"\b(never|n't|not)\s+(?:ever\s+|actually\s+|once\s+)?(?:set\s+foot\s+(?:in|on)|made\s+it\s+(?:(?:out|over|up|down)\s+)?to)\b",
     r"\1 been to"),
    # "Never been skiing", "nope, never tried sushi": an experience denied, its "I've" dropped
    (r"(^|[.!?;]\s+)((?:(?:nope|nah|no|honestly|tbh|well|oh)[,!.]?\s+)*)never\s+(?=(?:been|had|tried|done|seen|owned|"
     r"played|read|watched|smoked|eaten|ridden|used|visited)\b)", r"\1\2I've never "),
    # "No kids, just two dogs", "no car yet", "nope, no pets", "no pets for me at the moment"
    (rf"(^|[.!]\s+)((?:(?:and|but|so|oh|well|nope|nah|no|yeah|haha)[,!.]?\s+)*)(?:no|zero)\s+(?={_POSSESSIONS}"
     r"(?:\s+(?:yet|either|though|at\s+all|for\s+me|for\s+us|at\s+the\s+moment|right\s+now|currently|these\s+days|any\s*more))*"
     r"\s*(?:[,.;!]|$))", r"\1\2I have no "),
    # "Not a morning person", "not much of a drinker": the speaker's kind denied, its "I'm" dropped
    (rf"(^|[.!]\s+)((?:(?:honestly|tbh|well|nah|nope|no|oh|so|but)[,!.]?\s+)*)(?:I'?m\s+)?not\s+(?:really\s+|exactly\s+)?"
     rf"(?:much\s+of\s+)?(?=(?:a|an)\s+(?:[\w-]+\s+){{0,2}}{_KINDS}\b)", r"\1\2I'm not "),
    (rf"\b(I'?m|I\s+am)\s+not\s+(?:really\s+)?much\s+of\s+(?=(?:a|an)\s+(?:[\w-]+\s+){{0,2}}{_KINDS}\b)", r"\1 not "),
]
