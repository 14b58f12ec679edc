"""Chat wordings of a liking or of an ending that the rules do not read, rewritten before the
parse into the plain form they do read (span-safe: see ``offline._rewrite``).

"Big fan of X", "can't get enough of X", "i luv X" say "I love X"; "fave" is "favourite";
"hands down" only colours "my favourite". "Had to give up rugby" and "finally got round to
cancelling Prime" report an ending as plainly as "gave up rugby" and "cancelled Prime". Only
the speaker's own words are rewritten: "not a big fan", "you can't get enough of it" stay.
"""

from __future__ import annotations

from .rules_lexicon import PREFERENCE_CATEGORIES

_LOVE = r"I love"
# the past form an ending takes once "had to" / "got round to" is lifted off
_ENDED_PAST = {"give up": "gave up", "quit": "quit", "sell": "sold", "stop": "stopped", "cancel": "cancelled"}
_ENDED_GERUND = {"giving up": "gave up", "quitting": "quit", "selling": "sold", "cancelling": "cancelled",
                 "canceling": "canceled", "deleting": "deleted", "ditching": "ditched"}
_DISLIKE = r"I dislike"
# "I'm more of a tea person", "a coffee guy through and through": a preference in a slot of its own
# when the thing has a category (``preferred_drink``), so a later one on the same topic replaces it
_CATEGORY_WORDS = "|".join(sorted((w.replace(" ", r"\s+") for words in PREFERENCE_CATEGORIES.values() for w in words
                                  if w.isascii()), key=len, reverse=True))
_BE = r"(?:is|are|'s|'re|was|were|has\s+(?:always\s+)?been|have\s+(?:always\s+)?been)"
_NOT_BE = r"(?:(?:is|are|was|were)\s*n't|(?:is|are|'s|'re|was|were)\s+(?:just\s+|really\s+|so\s+|definitely\s+)?not)"
_ADVERB = r"(?:(?:just|really|so|totally|honestly|definitely|very\s+much|always|still)\s+)?"
# a thing named at the start of a sentence, not a pronoun that points at something said before
_THING_FIRST = r"(^|[.!;]\s+)(?!(?:it|that|this|he|she|they|you|which|what|nothing|everything)\b)([A-Za-z][^.!?;,]{0,50}?)"
# Verbs rules_opinions reads as moving the speaker ("keeps me sane", "recharges me"); a cleft on any
# other ("Gardening is what gets me through the week") is a way of coping, read whole (rules_structural).
_MOVING_VERBS = (r"(?:keeps|makes|brings|gives|helps|motivates|inspires|drives|pushes|encourages|energi[sz]es|fuels|"
                 r"recharges|relaxes|calms|soothes|chills|grounds|cheers|refreshes|de-?stresses|lifts|revives|uplifts)")
_SPACE = r"\s+"
_START = r"(^|[.!;,]\s+|\b(?:and|but|so|honestly|tbh)\s+)"

# "my ..." metaphors for a thing loved: "pho is my comfort food", "karaoke is my guilty pleasure"
_MINE_LOVED = (r"(?:love\s+language|happy\s+place|obsession|passion|religion|therapy|"
               r"comfort\s+(?:food|blanket|show|watch|read|zone)|safe\s+space|kryptonite|everything)")
# a short reply after a thing asked about ("Marathons? Not for me."): a stance said of it
_ASKED_THING = (r"(^|[.!;]\s+)((?!(?:what|who|why|how|where|when|which|do|does|did|are|is|was|were|you|u|can|could|would|will|"
                r"have|has|had|any|anything|anyone|really|seriously|right|ok|okay|sorry|me|i|it|that|this)\b)[A-Za-z][^.!?;,]{0,40}?)\?\s+"
                r"(?:(?:oh|ooh|honestly|nah|nope|no|yes|yeah|yep|ugh|meh|hmm|eh|um|god|omg|absolutely|totally)[,!.]?\s+)*")
# the best or worst of something named first: "the best thing about summer is ...", "the highlight of my week is ..."
_BEST_OF = (r"(?:the\s+|my\s+)?(?:(?:best|nicest|greatest|favou?rite|fave)\s+(?:thing|part|bit)s?|highlights?)\s+"
            r"(?:about|of|in|on)\s+[^.!?;,]{1,40}?\s+(?:is|are|'s|has\s+(?:got\s+)?to\s+be)\s+"
            r"(?:(?:definitely|probably|honestly|easily|just|always)\s+)?(?:the\s+(?=[a-z]))?")
_WORST_OF = (r"(?:the\s+|my\s+)?(?:worst|least\s+favou?rite)\s+(?:thing|part|bit)s?\s+(?:about|of|in|on)\s+[^.!?;,]{1,40}?\s+"
             r"(?:is|are|'s|has\s+(?:got\s+)?to\s+be)\s+(?:(?:definitely|probably|honestly|easily|just|always)\s+)?"
             r"(?:the\s+(?=[a-z]))?")
_PERIOD = r"(?:day|week|weekend|month|year|morning|evening|night|job|summer|winter|holiday|trip|commute|life)"

STANCE_REWRITES: list[tuple[str, str]] = [
    # "I have to say I really love ...", "I'll admit, I adore ...", "not gonna lie, I ...": a lead-in
    # that only frames the stance after it
    (r"\b(?:I\s+(?:have\s+to|must|gotta|got\s+to|'ve\s+got\s+to|'ll|will|can|could)\s+(?:honestly\s+|definitely\s+)?"
     r"(?:say|admit|confess|tell\s+you)|(?:I(?:'ll|\s+will|\s+must|\s+gotta)\s+)?be\s+honest(?:\s+with\s+you)?|"
     r"(?:I'm\s+)?not\s+gonna\s+lie)\s*,?\s+(?:that\s+)?(?=I\b)", ""),
    # "Vinyl > streaming for me", "cats > dogs": a choice written as a comparison sign
    (_THING_FIRST + r"\s*>\s*([^.!?;,>]{1,40}?)(?:\s+for\s+me\b|\s+(?:imo|tbh|honestly|every\s+time|any\s*day))?(?=\s*(?:[,.!;]|$))",
     r"\1I prefer \2 over \3"),
    # "Crosswords have become my fave way to unwind", "tacos became my go-to": a favourite now
    (r"\b(?:(?:has|have|'s|'ve)\s+(?:really\s+|kind\s+of\s+|kinda\s+|definitely\s+|quickly\s+|since\s+)?become|became)\s+"
     r"(?=(?:my|our)\s+(?:new\s+|absolute\s+|all-time\s+)?(?:favou?rite|fave|go-to)\b)", "is "),
    # "the best thing about summer is strawberries", "my favourite part of the week is the parkrun"
    (_START + _BEST_OF + r"(?!it\b|that\b|this\b|you\b|when\b|how\b|the\s+fact\b)", r"\1" + _LOVE + " "),
    (_START + _WORST_OF + r"(?!it\b|that\b|this\b|you\b|when\b|how\b|the\s+fact\b)", r"\1" + _DISLIKE + " "),
    # "the Saturday parkrun is the best part of my week", "Mondays are the worst"
    (_THING_FIRST + r"\s+(?:is|are|'s)\s+(?:(?:easily|definitely|honestly|by\s+far|always|just|literally|seriously)\s+)?the\s+"
     r"(?:best|highlight)\s+(?:(?:part|bit|thing)\s+)?(?:of|about|in)\s+(?:my|the)\s+" + _PERIOD + r"\b",
     r"\1" + _LOVE + r" \2"),
    (_THING_FIRST + r"\s+(?:is|are|'s)\s+(?:(?:honestly|just|literally|seriously|genuinely)\s+)?the\s+(?:best|greatest|bomb)"
     r"(?:\s+thing\s+ever)?(?=\s*(?:[.!,;]|$))", r"\1" + _LOVE + r" \2"),
    (_THING_FIRST + r"\s+(?:is|are|'s)\s+(?:(?:honestly|just|literally|seriously|genuinely|absolutely)\s+)?the\s+worst"
     r"(?=\s*(?:[.!,;]|$))", r"\1" + _DISLIKE + r" \2"),
    # "Knitting has really grown on me": a liking come to
    (_THING_FIRST + r"\s+(?:has|have|'s|'ve)\s+(?:(?:really|totally|kind\s+of|kinda|definitely|slowly|actually)\s+)?"
     r"grown\s+on\s+me\b", r"\1I like \2"),
    # "I've gone off sushi", "fallen out of love with running": a liking ended
    (r"\bI(?:'ve|\s+have)?\s+(?:(?:totally|completely|really|kind\s+of|kinda|properly|massively|a\s+bit|sort\s+of)\s+)?"
     r"(?:gone|went)\s+off\s+(?!on\b|to\b|at\b|with\b|it\b|him\b|her\b|them\b|and\b|the\s+(?:rails|grid|deep\s+end)\b)",
     "I no longer like "),
    (r"\bI(?:'ve|\s+have)?\s+(?:kind\s+of\s+|kinda\s+|totally\s+)?fallen\s+out\s+of\s+love\s+with\s+(?!you\b|him\b|her\b)",
     "I no longer like "),
    # "Marathons? Not for me.", "Horror films? Not my thing", "Sushi? Love it.": a stance on the thing asked
    (_ASKED_THING + r"(?:(?:definitely|really|just|totally|so|honestly)\s+)?not\s+(?:really\s+)?(?:(?:for|4)\s+me|"
     r"my\s+(?:thing|scene|cup\s+of\s+tea|bag|jam|vibe)|a\s+fan)\b(?!\s*(?:any\s*more|any\s+longer))",
     r"\1" + _DISLIKE + r" \2."),
    (_ASKED_THING + r"(?:(?:absolutely|totally|just|really|honestly)\s+)?(?:love|adore)\s+(?:it|them|'em|em|that)\b",
     r"\1" + _LOVE + r" \2."),
    (_ASKED_THING + r"(?:(?:absolutely|totally|just|really|honestly)\s+)?(?:hate|loathe|detest)\s+(?:it|them|'em|em|that)\b",
     r"\1" + _DISLIKE + r" \2."),
    # "Golf isn't really my thing, too slow": the stance ends its statement; the remark after the
    # comma is a sentence of its own, so the parse keeps the stance's "not" in its clause
    (r"(\b(?:is|are|'s|'re|was|were)(?:n't|\s+not)?\s+(?:really\s+|just\s+|totally\s+|so\s+|definitely\s+)?(?:not\s+)?"
     r"(?:really\s+)?(?:my\s+(?:thing|jam|scene|bag|vibe|cup\s+of\s+tea)|for\s+me))\s*,\s+(?=[a-z])", r"\1; "),
    # "pho is my comfort food", "karaoke is my guilty pleasure", "the allotment is my happy place"
    (_THING_FIRST + r"\s+" + _ADVERB + _BE + r"\s+" + _ADVERB + r"(?:my|our)\s+(?:(?:absolute|total|biggest|big|secret|ultimate|"
     r"one|main|number\s+one|true|real)\s+)?" + _MINE_LOVED + r"\b", r"\1" + _LOVE + r" \2"),
    # "I'm a huge fan of the Lakers", "big fan of wild swimming": a liking, not an identity
    (r"\bI(?:'m|\s+am)\s+(?:(?:such|a)\s+)*(?:big|huge|massive|major|real)\s+fan\s+of\s+", _LOVE + " "),
    (_START + r"(?:(?:such|a)\s+)*(?:big|huge|massive|major)\s+fan\s+of\s+", r"\1" + _LOVE + " "),
    # "I just can't get enough of Korean fried chicken"
    (r"\bI\s+(?:just\s+|honestly\s+)?(?:can't|cannot)\s+get\s+enough\s+of\s+", _LOVE + " "),
    (_START + r"(?:just\s+)?(?:can't|cannot)\s+get\s+enough\s+of\s+", r"\1" + _LOVE + " "),
    (r"\b(I\s+)(?:really\s+)?luv\b", r"\1love"),
    # "Can't stand musicals", "absolutely hate coriander", "obsessed with pho rn", "not into football":
    # a stance said without its "I" at the start of a sentence is the speaker's
    (r"(^|[.!;]\s+)((?:(?:honestly|tbh|and|but|so|ngl|lol|also)[,!]?\s+)*)(?=(?:(?:really|absolutely|totally|just|genuinely|"
     r"seriously|kinda|kind\s+of|low-?key|lowkey|still|properly)\s+)?(?:can'?t\s+stand|cannot\s+stand|can'?t\s+bear|hate|loathe|"
     r"detest|despise|love|adore|enjoy|prefer|dislike|obsessed\s+with|(?:not\s+)?(?:really\s+)?into|addicted\s+to|"
     r"hooked\s+on)\s+(?!it\b|that\b|this\b|you\b|u\b|your\b|ur\b|yourself\b|when\b|how\b|the\s+way\b))", r"\1\2I "),
    (r"\bI\s+(?=(?:not\s+)?(?:(?:really|totally|absolutely|seriously|genuinely|so|just|kinda|kind\s+of|still|properly)\s+)?(?:obsessed\s+with|into|addicted\s+to|hooked\s+on)\b)",
     "I'm "),
    (r"\bfave\b", "favourite"),
    # "Hawaiian pizza is hands down my favourite"
    (r"\b(?:hands\s+down|by\s+far|without\s+(?:a\s+)?doubt)\s+(?=(?:my|our)\s+(?:all-time\s+)?(?:favou?rite|go-to))", ""),
    # "X is my go-to, no contest": emphasis, not a denial
    (r",?\s*\bno\s+(?:contest|competition)\b(?=\s*(?:[.!,;]|$))", ""),
    # "spicy food, the hotter the better": a relish that only colours the liking before it
    (r",?\s*\bthe\s+[a-z]+er\s+the\s+better\b", ""),
    # "not a huge fan of olives tbh": the speaker's own dislike, said without "I"
    (_START + r"not\s+(?:really\s+)?(?:a\s+)?(?:(?:big|huge|massive|great|real)\s+)?fan\s+of\s+", r"\1I'm not a fan of "),
    # "Musicals do nothing for me", "opera leaves me cold": the thing said first, disliked
    (_THING_FIRST + r"\s+(?:does|do|did)\s+(?:absolutely\s+|really\s+|just\s+)?(?:nothing|zilch|zero)\s+for\s+me\b",
     r"\1" + _DISLIKE + r" \2"),
    (_THING_FIRST + r"\s+(?:leaves?|left)\s+me\s+(?:cold|unmoved)\b", r"\1" + _DISLIKE + r" \2"),
    # "my all-time favourite film", "favourite film of all time", "two of my favourite series are": the favourite
    (r"\ball[-\s]time\s+(?=fav)", ""),
    (r"(\bfav(?:ou?rite|e)\s+[a-z]+)\s+(?:of\s+all\s+time|ever)\b", r"\1"),
    (r"(^|[.!;]\s+)(?=fav(?:ou?rite|e)\s+[a-z]+\s+(?:is|are|was|'s)\b)", r"\1my "),
    (r"\b(?:two|three|four|five|a\s+couple|a\s+few)\s+of\s+(my|our)\s+(?=fav)", r"\1 "),
    (r"(\bmy\s+(?:favou?rite|fave)\s+[a-z]+)'s\b", r"\1 is"),
    (r"\bgo-tos\b", "go-to"),
    # "Pho is my go-to when I'm sick", "pizza's my usual go-to comfort food": a favourite by another name
    (r"(\b(?:is|'s|was)\s+(?:my|our)\s+(?:absolute\s+|usual\s+|total\s+|ultimate\s+|default\s+)?)go[-\s]?to\b", r"\1favourite"),
    # "love love love the beach"
    (r"\b(love|adore)(?:\s+\1\b)+", r"\1"),
    # "Crime thrillers are my kind of book", "a long bath is my idea of a perfect evening", "mint choc
    # chip has been top of my list", "folk is my cup of tea": the thing said first, liked
    (_THING_FIRST + r"\s+" + _ADVERB + _BE + r"\s+" + _ADVERB + r"(?:my|our)\s+(?:(?:kind|sort|type)\s+of\s+[a-z]+|"
     r"idea\s+of\s+(?:heaven|bliss|fun|paradise|a\s+(?:good|great|perfect|fun|lovely|nice)\s+[a-z]+)|cup\s+of\s+tea)\b",
     r"\1" + _LOVE + r" \2"),
    (_THING_FIRST + r"\s+" + _ADVERB + _BE + r"\s+(?:always\s+)?(?:at\s+the\s+)?top\s+of\s+(?:my|our)\s+(?:list|playlist|wish\s*list)\b",
     r"\1" + _LOVE + r" \2"),
    # "Opera is just not my cup of tea", "musicals aren't for me", "spicy food and I don't get along"
    (_THING_FIRST + r"\s+" + _ADVERB + _NOT_BE + r"\s+(?:really\s+)?(?:(?:my|our)\s+(?:cup\s+of\s+tea|scene|bag)|for\s+me)\b",
     r"\1" + _DISLIKE + r" \2"),
    (_THING_FIRST + r"\s+and\s+(?:I|me)\s+(?:just\s+|really\s+)?(?:don't|do\s+not|never)\s+(?:really\s+)?"
     r"(?:get\s+(?:along|on)|agree|mix)\b", r"\1" + _DISLIKE + r" \2"),
    # "You can't beat a cooked breakfast", "there's nothing like a cold swim", "I'm big on board games"
    (_START + r"(?:you\s+)?(?:just\s+|really\s+)?(?:can't|cannot|can\s+not)\s+beat\s+(?!it\b|that\b|this\b|them\b|me\b|you\b)",
     r"\1" + _LOVE + " "),
    (_START + r"(?:there'?s|there\s+is)\s+(?:honestly\s+|just\s+)?nothing\s+(?:quite\s+)?(?:like|better\s+than)\s+"
     r"(?!it\b|that\b|this\b|them\b|me\b|you\b|home\b)", r"\1" + _LOVE + " "),
    (r"\bI(?:'m|\s+am)\s+(?:(?:really|so|super|very|pretty|quite|massively|hugely)\s+)?big\s+on\s+", _LOVE + " "),
    (r"\bI(?:'m|\s+am|'ve\s+always\s+been|\s+have\s+always\s+been)\s+(?:(?:more|much\s+more|definitely|totally|very\s+much|"
     r"really|such|always|still|now|actually|honestly)\s+)*(?:of\s+)?an?\s+(" + _CATEGORY_WORDS + r")\s+"
     r"(?:person|guy|girl|gal|man|woman|drinker|lover|kind\s+of\s+(?:person|guy|girl))\b", r"I prefer \1"),
    # "Gardening is what keeps me sane", "swimming is the one thing that recharges me": the cleft
    # lifted off, so the parse reads what moves the speaker (rules_opinions)
    (_THING_FIRST + r"\s+(?:is|are|'s)\s+(?:really\s+|honestly\s+|just\s+)?(?:what|the\s+(?:one\s+)?thing\s+that)\s+"
     r"(?=(?:really\s+|always\s+|honestly\s+|just\s+|totally\s+)?" + _MOVING_VERBS + r"\s+me\b)", r"\1\2 "),
    # "I've always been fascinated by volcanoes", "mad about rugby", "Stardew Valley is so addictive"
    (r"\bI(?:'ve|\s+have|'m|\s+am)\s+(?:always\s+|long\s+)?(?:been\s+)?(?:so\s+|totally\s+|completely\s+|absolutely\s+|utterly\s+)?"
     r"(?:in\s+awe\s+of|fascinated\s+by|mad\s+about|nuts\s+about|besotted\s+with)\s+", _LOVE + " "),
    (_THING_FIRST + r"\s+(?:is|are|'s)\s+(?:so\s+|really\s+|super\s+|seriously\s+|incredibly\s+|weirdly\s+|ridiculously\s+)?"
     r"addictive\b", r"\1" + _LOVE + r" \2"),
    # "Oat milk, always.", "Aisle seat every single time.": a choice said as a bare fragment
    (r"^(?!(?:same|me|you|it|that|this|i|i'm|we|see|talk|thanks|love|miss|yes|yeah|yep|yup|no|nope|nah|ok|okay|sure|"
     r"not|almost|nearly|pretty|mostly|usually|like|as|and|but|so|well|oh)\b)(?![^.!?,]*\b(?:me|him|her|us|them|you|my|is|are|was)\b)"
     r"((?:[A-Za-z][\w'-]*\s+){0,3}[A-Za-z][\w'-]*)"
     r"\s*,?\s+(?:always|every\s+(?:single\s+)?time)\s*(?=[.!]|$)", r"I prefer \1"),
    # "Given the choice I'd take trains over planes", "Audiobooks over podcasts, every time": a choice
    (r"\b(?:given\s+the\s+choice|if\s+I\s+(?:had|have)\s+to\s+(?:choose|pick)|if\s+I\s+had\s+the\s+choice),?\s+", ""),
    (r"\bI(?:'d|\s+would|'ll|\s+will)?\s+(?:always\s+|still\s+|honestly\s+|happily\s+|much\s+rather\s+)?(?:take|pick|choose|"
     r"go\s+for|go\s+with|opt\s+for)\s+(?=[^.!?;,]{1,50}?\s+over\s+)", "I prefer "),
    (_THING_FIRST + r"\s+over\s+([^.!?;,]{1,40}?)\s*,?\s*(?=(?:every\s+(?:single\s+)?time|any\s*day|hands\s+down|always|"
     r"any\s*time|all\s+day)\b)", r"\1I prefer \2 over \3 "),
    # "Give me a dark roast over those fruity ones any day": a preference stated as a demand
    (r"(^|[.!;]\s+)give\s+me\s+(?=[^.!?;]*?\b(?:over|any\s*day|every\s+(?:single\s+)?time|any\s*time)\b)", r"\1I prefer "),
    (r"(\bI\s+prefer\b[^.!?;]*?)\s*,?\s*\b(?:any\s*day|every\s+(?:single\s+)?time|any\s*time|all\s+day\s+long|hands\s+down)\b", r"\1"),
    *((rf"\bhad\s+to\s+{verb.replace(' ', _SPACE)}\b", past) for verb, past in _ENDED_PAST.items()),
    *((rf"\b(?:finally\s+)?(?:got|get)\s+(?:a)?round\s+to\s+{verb.replace(' ', _SPACE)}\b", past)
      for verb, past in _ENDED_GERUND.items()),
]

