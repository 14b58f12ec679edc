"""The speaker as "me and X" or "stuck doing" something, a pet named after its kind, and the clitic "'s"
after a person the speaker names, rewritten before the parse to the verb it stands for (span-safe: see
``offline._rewrite``).

The tagger reads "my wife's vegan now", "my flatmate Tom's just started at Deloitte" and "my
brother-in-law's moving to Perth" as possessives, so no rule finds a verb for the person. After
"my/our <kin or person word> [Name]", a clitic followed by what only a verb takes (an adverb, a
preposition, a participle, a diet or state word) is "is" or "has"; one followed by a noun stays a
possessive ("my brother's wife, Kate", "my mum's car").
"""

from __future__ import annotations

from .rules_lexicon import DIETS, PETS, RELATIONSHIP_STATES, RELATIVES

_KIN = "|".join(sorted((k.replace(" ", r"\s+") for k in RELATIVES), key=len, reverse=True))
# "my brother", "my older brother", "my brother-in-law", "my sister Priya", "our neighbour Mrs Hale"
_PERSON = (rf"(\b(?:my|our)\s+(?:\w+\s+)?(?:{_KIN})(?:-in-law)?(?:\s+(?-i:[A-Z][a-z]+)){{0,2}})"
           r"(?:'s|’s)\s+")
# what "has" leads: a perfect ("'s been", "'s just started", "'s moved")
_HAS = (r"(?=(?:been|got|gotten|gone|had|just|already|finally|recently|never|now\s+\w+ed|"
        r"(?!(?:married|engaged|divorced|retired|separated|widowed|based|employed|unemployed|qualified|"
        r"obsessed|interested|tired|stressed|pregnant|allergic|called|named)\b)[a-z]+ed)\b)")
_STATES = "|".join(sorted({*DIETS, *RELATIONSHIP_STATES} - {"in a relationship"}, key=len, reverse=True))
# nouns in -ing that follow a possessive ("my sister's wedding in June")
_ING_NOUNS = ("wedding|christening|building|meeting|painting|drawing|booking|housing|clothing|pudding|ceiling|"
              "morning|evening|cooking|baking|singing|driving|writing|handwriting|thing|ring|string|spring|"
              "wing|king|sibling|darling|feeling|ending|funding|parking|training|swimming|dancing|stuffing|icing|filling|"
              "dumpling|bedding|earring|setting|outing|upbringing|hearing|gaming|knitting|gardening|shopping|"
              "washing|ironing|lightning")
# what cannot follow a verb in -ing as its object or adverb ("my sister's painting is in the hall": the noun)
_NOT_AN_OBJECT = ("is|was|are|were|has|had|have|will|would|can|could|should|must|might|and|or|but|recipe|skills|"
                  "days|class|lessons|group|team|club")
# what "is" leads: adverbs, prepositions, -ing forms, states, ages, "a/an" + noun
_IS = (rf"(?=(?:(?:{_STATES}|still|now|not|also|always|really|so|very|quite|pretty|super|currently|"
       r"even|totally|absolutely|completely|massively|seriously|utterly|such|mad|nuts|crazy|"
       r"in|at|on|into|from|off|back|away|out|over|home|abroad|"
       r"retired|married|engaged|divorced|separated|widowed|based|employed|unemployed|qualified|obsessed|"
       r"pregnant|allergic|ill|sick|unwell|poorly|better|fine|ok|okay|healthy|diabetic|asthmatic|"
       r"self-employed|freelance)\b|"
       rf"(?!(?:{_ING_NOUNS})\b)[a-z]{{2,}}ing\s+(?!(?:{_NOT_AN_OBJECT})\b)[a-z]))")

# a person called by name where a clause begins ("Jo's in Lyon now", "and Priya's moving to Leeds"); not
# the words a clause opens with that take "'s" themselves ("It's", "That's", "Mum's" is kin, said above)
_NAMED = (r"((?:^|(?<=[.!;]\s)|(?<=,\s)|(?<=\band\s)|(?<=\bbut\s)|(?<=\bso\s))"
          r"(?!(?:It|That|There|Here|What|Who|Where|How|When|Why|Let|He|She|This|Everything|Nothing|Something|"
          r"Everyone|Everybody|Today|Tonight|Tomorrow|Life|Work|Mine|Yours|One|Which|Now)(?:'s|’s))"
          r"(?-i:[A-Z][a-z]+))(?:'s|’s)\s+")

# a relative called by title and name ("Auntie Bev", "Grandpa Joe", "Uncle Raj"): the title -> the kin word
KIN_TITLES: dict[str, str] = {
    "auntie": "aunt", "aunty": "aunt", "aunt": "aunt", "uncle": "uncle", "grandpa": "grandpa", "grandad": "grandad",
    "granddad": "grandad", "grandma": "grandma", "granny": "gran", "gran": "gran", "nana": "nan", "nan": "nan",
    "nanna": "nan", "cousin": "cousin",
}
# a time that may open a clause before its subject ("Yesterday me and Tom ...", "Last Saturday, me and my mum ...")
_OPENING_TIME = (r"(?:(?:yesterday|today|tonight|this\s+(?:morning|afternoon|evening)|last\s+(?:night|week|weekend|month|"
                 r"year|\w+day)|on\s+\w+day|over\s+the\s+weekend|the\s+other\s+day)\s*,?\s+)?")
# where a clause begins, before a capitalised name that is followed by a verb-like word
_TITLED = r"(^|[.!;]\s+|,\s+|\b(?:and|but|so)\s+)(?i:{title})\s+(?=(?-i:[A-Z][a-z]+)\s+(?-i:[a-z]))"

# the kinds of dog and cat a pet is called by ("a rescue greyhound, her name's Pixie")
_BREEDS = frozenset({"greyhound", "lurcher", "labrador", "lab", "spaniel", "terrier", "collie", "poodle", "beagle",
                     "husky", "pug", "dachshund", "whippet", "retriever", "corgi", "staffie", "labradoodle",
                     "cockapoo", "tabby", "moggy", "budgerigar", "cockatiel"})
_PET = r"\b((?:" + "|".join(sorted((p.replace(" ", r"\s+") for p in PETS | _BREEDS | {"pup"}), key=len, reverse=True)) + r")(?:e?s)?)"
_PET_NAME = r"((?-i:[A-Z][a-z]+)(?:\s+(?:and|&)\s+(?-i:[A-Z][a-z]+))?)"
# a pet the speaker names after saying what it is: "a kitten, I've named her Mochi", "a pup last month, his
# name's Daisy", "a new puppy, Scout.", "two cats, Mango and Kiwi." -> "a kitten called Mochi", the
# wording the relation rules read (rules_facts: "a dog called Max")
_PET_REWRITES: list[tuple[str, str]] = [
    (_PET + r"((?:\s+(?:last|this|yesterday|on|in|from|at)\b[^,.!?;]{0,30})?),?\s+(?:and\s+)?(?:i|we)(?:'ve|\s+have)?\s+"
     r"(?:just\s+|finally\s+)?(?:named|called)\s+(?:him|her|it|them)\s+" + _PET_NAME + r"\b", r"\1 called \3\2"),
    (_PET + r"((?:\s+(?:last|this|yesterday|on|in|from|at)\b[^,.!?;]{0,30})?),?\s+(?:and\s+)?(?:his|her|its|their)\s+"
     r"names?(?:'s|’s|\s+is|\s+are)\s+" + _PET_NAME + r"\b", r"\1 called \3\2"),
    # a new one only: "I walked the dog, Sam." calls Sam
    (r"(\b(?:a|an|another|two|three|four|\d+)\s+(?:[\w-]+\s+){0,2}?)" + _PET + r",\s+" + _PET_NAME + r"(?=\s*(?:[.!]|$))",
     r"\1\2 called \3"),
]

# a person set off by dashes, as by commas ("Sam — my coworker — just moved to Berlin"): said with commas,
# the apposition the subject reader knows ("Sam, my coworker, just moved ...")
_DASH = r"\s*(?:[—–]|\s-{1,2}\s)\s*"
_DASHED = (r"\b((?-i:[A-Z][a-z]+))" + _DASH + r"((?:my|our)\s+(?:[\w-]+\s+){0,2}?(?:" + _KIN + r")(?:-in-law)?)"
           + _DASH)
# a named person with a relative clause that says what they do ("my friend Dana, who teaches in Leeds, is
# visiting", "I saw Priya, who's a nurse now"): the clause said as the person's own, after the sentence
# ("my friend Dana is visiting; Dana teaches in Leeds"); a clause with its own subject ("who I share a
# flat with") says only who they are, and so does one of several named ("two cats, Pixel and Mochi, who ...")
_WHO_NAME = r"(?<!\band\s)(?<!\bor\s)(?<!&\s)\b((?:(?:my|our)\s+(?:[\w-]+\s+){0,2}?)?)((?-i:[A-Z][a-z]+)),\s+who\s+"
_WHO_VERB = r"(?!(?:i|we|you|he|she|they|my|our|it|that)\b)"
_WHO_REWRITES: list[tuple[str, str]] = [
    (r"(?<=,\s)who's\b", "who is"),
    (_WHO_NAME + _WHO_VERB + r"([^,.!?;]+?),\s+(?!(?:and|but|so|who)\b)([^,.!?;]+)(?=[,.!?;]|$)", r"\1\2 \4; \2 \3"),
    (_WHO_NAME + _WHO_VERB + r"([^,.!?;]+?)(?=[.!?;]|$)", r"\1\2; \2 \3"),
]
# what the speaker is still doing where they were, said as a contrast in a chat ("I'm stuck at the call
# centre", "we're staying put in Cardiff", "I'm stopping on at the bank"): "I'm still at/in ...", which the
# place and employer rules read
_STILL = (r"\b(I'm|I\s+am|we're|we\s+are)\s+(?:still\s+)?(?:stuck|staying\s+put|staying\s+on|stopping\s+on)\s+"
          r"(?=(?:in|at)\s)(?!in\s+(?:traffic|a|an|the\s+(?:queue|lift|middle|past))\b)")

# congratulations to the other speaker on news of theirs ("Congrats on the new flat in Austin!", "well done
# on passing your test"): said as news heard of them ("I heard you got the new flat in Austin"), which the
# reader files under the other speaker of a two-person chat, as heard
_CONGRATS = (r"(^|[.!]\s+)(?:(?:huge|big|massive|many|so|and)\s+)?(?:congrats|congratulations|well\s+done|"
             r"so\s+(?:happy|pleased|proud)\s+(?:for|of)\s+you)\s+(?:again\s+)?on\s+")
_CONGRATS_DEEDS = {"getting": "got", "landing": "landed", "passing": "passed", "finishing": "finished",
                   "moving": "moved", "buying": "bought", "starting": "started", "becoming": "became",
                   "joining": "joined", "opening": "opened", "winning": "won", "graduating": "graduated",
                   "qualifying": "qualified", "adopting": "adopted"}
_CONGRATS_REWRITES: list[tuple[str, str]] = [
    *((_CONGRATS + rf"{deed}\b", rf"\1I heard you {done}") for deed, done in _CONGRATS_DEEDS.items()),
    (_CONGRATS + r"(?:(?:your|the)\s+)?(?![a-z]+ing\b)(?=[a-z])", r"\1I heard you got the "),
]

PERSON_REWRITES: list[tuple[str, str]] = [
    *_PET_REWRITES,
    *_CONGRATS_REWRITES,
    (_DASHED, r"\1, \2, "),
    (_STILL, r"\1 still "),
    *_WHO_REWRITES,
    # "I'm stuck revising for my bar exam", "i'm still stuck marking essays": what the speaker is doing,
    # said the way the rules read it ("I'm revising ..."); "stuck in traffic", "I'm stuck, can you help" stay
    (r"\b(I'm|I\s+am|we're|we\s+are)\s+((?:still|just|now)\s+)?stuck\s+(?=[a-z]+ing\b)", r"\1 \2"),
    # "Auntie Bev lives in Jamaica now", "Grandpa Joe turned 93": said as "my aunt Bev ...", the
    # relative the rules read, with the name as the subject
    *((_TITLED.format(title=title), rf"\1my {kin} ") for title, kin in KIN_TITLES.items()),
    # "me and Jess moved to Leeds", "me n my brother are in a band": the speaker is one of the subject,
    # said the way the rules read it ("Jess and I ...")
    # ("Yesterday me and Tom went fishing": after the time that opens the clause too)
    (r"(^|[.!;]\s+|,\s+)(" + _OPENING_TIME + r")(?:me\s+(?:and|n|&)\s+)((?-i:[A-Z][a-z]+)|(?:my|our)\s+(?:\w+\s+)?(?:"
     + _KIN + r"))\s+(?=(?:have|has|had|are|were|'re|got|just|both|still|live|moved|split|broke|went|got|play|run|"
     r"started|\w+ed)\b)", r"\1\2\3 and I "),
    (_PERSON + _HAS, r"\1 has "),
    (_PERSON + _IS, r"\1 is "),
    (_NAMED + _HAS, r"\1 has "),
    (_NAMED + _IS, r"\1 is "),
]
