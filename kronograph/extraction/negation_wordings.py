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

# a thing named alone as the topic of what follows ("Oysters?", "Reality TV's ..."): a few words, none a
# pronoun, a question word, an aside ("Really?") or an offer/plan one turns down rather than a taste
_TOPIC = (r"(?!(?:he|she|they|I|we|really|seriously|honestly|what|why|how|who|where|when|which|you|me|him|her|us|them|it|that|this|those|"
          r"these|there|right|huh|sorry|pardon|ok|okay|yes|yeah|yep|no|and|so|any|anything|anyone|plans?|is|are|do|does|"
          r"did|can|could|would|will|have|has|got|want|fancy|shall|should)\b)(?:the\s+)?[\w&'-]+(?:\s+[\w&'-]+){0,2}?")
_NOT_A_TASTE = r"(?:weather|idea|plan|answer|offer|invite|invitation|deal|suggestion|today|tonight|tomorrow|meeting|party|trip)"
# a topic asked back and refused names no taste when any of its words is a plan or a time ("Dinner tonight? Absolutely
# not", "The meeting? Hard pass") or it holds a verb ("Tom's pregnant? No way!")
_ASKED_NOT_A_TASTE = rf"(?![^.!?\n]*\b{_NOT_A_TASTE}\b)(?![^.!?\n]*'(?:s|re)\b)"
# past participles of a thing tried, asked about by its topic ("Sushi? Never had it")
_TRIED = r"(?:had|tried|done|eaten|drunk|played|seen|watched|read|ridden|used|owned|smoked|visited|been\s+to|been\s+on|heard\s+of)"
# an outright refusal of a topic ("Durian? Absolutely not", "Reality TV? Hard pass")
_REFUSAL = (r"(?:absolutely\s+not|definitely\s+not|hard\s+pass|no\s+way|god\s+no|hell\s+no|not\s+a\s+chance|"
            r"not\s+for\s+me|never\s+again|yuck|ew+|gross|(?:nope|nah)(?=[,.!]+\s*(?:I\s+)?(?:can't|cannot|hate|loathe|not\s+a\s+fan)\b))")
# a taste said with the thing as its subject: "olives are a hard no from me", "golf has never clicked
# with me", "dairy doesn't agree with me", "beer's off the menu for me"
_DISLIKED_BY_ME = (r"(?:a\s+(?:hard\s+|big\s+|firm\s+|definite\s+)?no(?:-no|-go)?|off\s+the\s+(?:menu|table)|off\s+limits)\s+"
                   r"(?:from|for|with)\s+me|"
                   r"(?:never|not)\s+(?:really\s+|ever\s+)?(?:clicked|appealed|done\s+(?:anything|much|it))\s+(?:with|to|for)\s+me|"
                   r"(?:doesn't|does\s+not|don't|do\s+not|never)\s+(?:really\s+|ever\s+)?(?:agree\s+with|appeal\s+to|"
                   r"do\s+(?:anything|much|it)\s+for)\s+me|tastes?\s+(?:like\s+soap|vile|disgusting|rank|gross)(?:\s+to\s+me)?")
# activities one has "been" on ("never been skiing"): said as tried, which the readers know
_OUTINGS = (r"(?:(?:scuba|sky|free|deep[- ]sea|cave|cliff)[- ]?diving|diving|surfing|windsurfing|kitesurfing|sailing|skiing|"
            r"snowboarding|climbing|rock\s+climbing|bouldering|abseiling|caving|kayaking|canoeing|rafting|white[- ]water\s+rafting|"
            r"paragliding|hang[- ]gliding|parasailing|bungee\s+jumping|skydiving|ice[- ]skating|skating|snorkel(?:l)?ing|"
            r"horse[- ]riding|riding|fishing|hunting|clubbing|raving|glamping|backpacking|zip[- ]?lining|"
            r"trekking|stargazing|birdwatching|bird[- ]watching)")
# places of schooling one did or didn't go to ("I didn't go to uni")
_SCHOOLING = (r"(?:uni|university|college|school|boarding\s+school|grammar\s+school|private\s+school|sixth\s+form|"
              r"art\s+school|drama\s+school|law\s+school|med\s+school|medical\s+school|grad\s+school|nursery)")

# "X is one thing I've never ...", "X's somewhere I still haven't ...": the topic fronted, then the denial
_FRONTED = (r"(?:'s|\s+is|\s+are)\s+(?:one|something|somewhere|someplace|(?:one|a|the\s+one|the\s+only)\s+"
            r"(?:thing|place|food|sport|film|show|book|country|city|dish|activity))\s+(?:that\s+)?(?:which\s+)?")
_NOT_DONE = (r"(?:I\s+(?:still\s+)?(?:have\s+never|have\s+not|haven't|never)|I've\s+(?:still\s+)?(?:never|not))"
             r"(?:\s+(?:yet|actually|ever))?")

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
     r"(?:\s+(?:yet|either|though|at\s+all|here|for\s+me|for\s+us|in\s+(?:this|our|my)\s+(?:house|home|flat)|at\s+the\s+moment|right\s+now|currently|these\s+days|any\s*more))*"
     r"\s*(?:[,.;!]|$))", r"\1\2I have no "),
    # "Not a morning person", "not much of a drinker": the speaker's kind denied, its "I'm" dropped
    (rf"(^|[.!]\s+)((?:(?:honestly|tbh|well|nah|nope|no|oh|so|but)[,!.]?\s+)*)(?:I'?m\s+)?not\s+(?:really\s+|exactly\s+)?"
     rf"(?:much\s+of\s+)?(?=(?:a|an)\s+(?:[\w-]+\s+){{0,2}}{_KINDS}\b)", r"\1\2I'm not "),
    (rf"\b(I'?m|I\s+am)\s+not\s+(?:really\s+)?much\s+of\s+(?=(?:a|an)\s+(?:[\w-]+\s+){{0,2}}{_KINDS}\b)", r"\1 not "),
    # "Sushi? Never had it", "golf? nope, never played it in my life": the topic is what was never done
    (rf"(^|[.!]\s+)({_TOPIC})\?\s+((?:(?:nope|nah|no|honestly|god|lol|haha|ha)[,.!]*\s+)*)(?:I've\s+|I\s+have\s+)?"
     rf"never\s+(?:ever\s+)?({_TRIED})\s+(?:it|them|one|that)\b", r"\1\3I've never \4 \2"),
    # "Durian? Absolutely not", "Mushrooms? Nope, can't stand them": the topic refused outright
    (rf"(^|[.!]\s+){_ASKED_NOT_A_TASTE}({_TOPIC})\?\s+{_REFUSAL}(?=\W|$)", r"\1I don't like \2"),
    # "olives are a hard no from me", "golf has never really clicked with me", "dairy doesn't agree with me"
    (rf"(^|[.!;]\s+|\b(?:but|and|so|honestly|tbh)\s+)(?!(?:the\s+)?(?:[\w&'-]+\s+){{0,2}}{_NOT_A_TASTE}\b)({_TOPIC})"
     rf"(?:'s|'re|\s+(?:is|are|has|have))?\s+(?:{_DISLIKED_BY_ME})", r"\1I don't like \2"),
    # "Skiing is one thing I've never done", "Iceland's somewhere I've never been", "sushi is something
    # I still haven't tried": the topic moved to the front of the denial
    (rf"(^|[.!;]\s+|\b(?:but|and|so|honestly|tbh)\s+)({_TOPIC}){_FRONTED}"
     rf"{_NOT_DONE}\s+been(?:\s+to)?\b(?:\s+yet)?", r"\1I've never been to \2"),
    (rf"(^|[.!;]\s+|\b(?:but|and|so|honestly|tbh)\s+)({_TOPIC}){_FRONTED}{_NOT_DONE}\s+({_TRIED})\b(?:\s+yet)?",
     r"\1I've never \3 \2"),
    # "I've never been skydiving", "haven't been surfing": an activity never tried
    (rf"\b(never|n't|not)\s+(?:ever\s+|actually\s+)?been\s+(?={_OUTINGS}\b)", r"\1 tried "),
    # "I didn't go to uni": schooling not had, as "never went to"
    (rf"\bI\s+(?:didn't|did\s+not)\s+(?:actually\s+)?go\s+to\s+(?={_SCHOOLING}\b)"
     # (not a day missed: "I didn't go to school today, I was sick")
     r"(?!\w+(?:\s+\w+)?\s+(?:today|yesterday|tonight|this\s+\w+|last\s+\w+|on\s+\w+|all\s+week|for\s+a\s+(?:day|week)))",
     "I never went to "),
    # "I haven't found a sport I actually like": none of a kind liked
    (r"(^|[.!;]\s+|\bI\s+)(?:still\s+)?(?:haven't|have\s+not|'ve\s+not|never)\s+(?:yet\s+|really\s+)?found\s+"
     r"(?:a\s+single|any\s+(?:kind|sort|type)\s+of|a|an|any)\s+([\w-]+(?:\s+[\w-]+)?)\s+(?:that\s+)?I\s+"
     r"(?:actually\s+|really\s+|genuinely\s+|properly\s+)?(enjoy|like|love)\b"
     # (a search still on is no taste: "a dress I like for the wedding yet")
     r"(?![^.!?;,\n]*\b(?:yet|for\s+(?:the|my|our|a|an|his|her)\s+\w+))", r"\1I don't \3 \2"),
    # "haven't seen a single episode of Friends": a show never watched
    (r"\b(n't|not|never)\s+(?:ever\s+)?(?:seen|watched)\s+(?:a\s+single|one\s+single|even\s+one|one)\s+"
     r"(?:episode|film|movie|season|minute)\s+of\s+", r"\1 watched "),
    # "never read one single page of it", "haven't had a single bite": none at all
    (rf"\b(n't|not|never)\s+((?:ever\s+)?{_TRIED})\s+(?:a\s+single|one\s+single|even\s+one)\s+(?:(?:episode|film|movie|page|"
     r"chapter|minute|season|game|match|bite|drop|puff)\s+of\s+)?", r"\1 \2 "),
    (r"(^|[.!;]\s+)(haven't|have\s+not)\s+(?=(?:ever\s+)?(?:seen|watched|read|tried|had|eaten|been|played|visited)\b)", r"\1I \2 "),
]
