"""Wordings of a task or of a habit given up that the small tagger misreads, rewritten before
the parse into the plain form the rules read (span-safe: see ``offline._rewrite``).

"I mustn't forget to post the card" is a task, not a denial; "need to remember to water the
plants" is the watering, not the remembering; "Got to submit the form" opening a clause is
"I've got to", not a past "got"; "Renewing my passport is on my list for today" is the
renewing, due today; "remind me to ..." and a list's item are the speaker's to-do; "I quit drinking coffee" and "I gave up drinking coffee" are read as
"stopped drinking", which the tagger parses (it leaves "quit drinking" unread).
"""

from __future__ import annotations

#: where a clause without its "I" opens; an adverb counts only there ("My brother still got to ..." has a subject)
_START = r"((?:^|[.!;,]\s+|\b(?:and|so|but)\s+)(?:(?:also|just|really|still|today|tonight|tomorrow)\s+)?)"
#: the speaker as subject, or none said: "You can't forget to ..." is no task of the speaker's
_MINE = rf"(?:\bI\s+(?:(?:really|just|also|still)\s+)?|{_START})"

#: a thing said too vaguely to be a chore: "a lot to do", "a few things to sort out"
_NOT_VAGUE = r"(?!(?:lot|lots|bit|few|couple|thing|things|stuff|loads|ton|tons|way|while|story|chance|reason|feeling)\b)"

#: the verbs a to-do label may open its chore with ("On my plate tonight: steak, chips and peas" names no chore)
_CHORE_VERBS = ["buy", "get", "pick", "collect", "book", "call", "ring", "phone", "email", "text", "message", "reply", "answer",
                "write", "send", "post", "sign", "submit", "file", "pay", "renew", "cancel", "return", "fix", "repair",
                "sort", "tidy", "clean", "hoover", "vacuum", "mop", "wash", "dust", "iron", "cook", "bake", "make", "prep",
                "prepare", "pack", "unpack", "finish", "start", "do", "chase", "check", "follow", "order", "print", "fill",
                "hand", "drop", "take", "bring", "feed", "walk", "water", "mow", "weed", "paint", "assemble", "build",
                "clear", "empty", "change", "charge", "update", "backup", "back", "install", "move", "shop", "go",
                "visit", "see", "meet", "contact", "remind", "arrange", "organise", "organize", "plan", "schedule",
                "confirm", "review", "edit", "read", "study", "revise", "practise", "practice", "train", "run", "apply",
                "register", "cut", "trim", "wrap", "deliver", "ship", "hang", "put", "throw", "recycle", "defrost",
                "service", "top", "transfer", "claim", "photocopy", "scan", "upload", "download", "research",
                "look", "find", "ask", "tell", "finalise", "finalize", "draft", "declutter"]
#: people counted, whom the speaker has rather than owes: "I have two kids to pick up" keeps its "two kids"
_NOT_PEOPLE = (r"(?!(?:[a-z]+\s+)?(?:kids|children|boys|girls|people|guests|friends|students|pupils|patients|clients|"
               r"customers|visitors|dogs|cats)\b)")
#: a verb whose doing ends the thing ("the house needs selling"): no chore to read as the speaker's doing
_ENDING = r"(?:sell|cancell?|clos|quitt|scrapp|donat|end|terminat|demolish)"
#: a later clause naming someone else as the doer: "..., the landlord says he'll do it", "but my flatmate is doing it"
_OTHER_DOER = (r"(?![^.!?]*\b(?:he|she|they|(?:the|my|our|his|her)\s+[a-z]+)(?:'ll|'s|'re|\s+will|\s+is|\s+are|\s+says|"
               r"\s+said)\s+(?:\w+\s+)?(?:do|doing|sort|sorting|handl\w*|fix\w*|on\s+it|tak\w+\s+care)\b)")

TASK_REWRITES: list[tuple[str, str]] = [
    # "I mustn't forget to post the card", "must not forget to book the vet": a task
    (_MINE + r"(?:mustn't|must\s+not|can't|cannot)\s+forget\s+to\s+(?=\w)", r"\1I need to "),
    # "need to remember to water the plants", "I've got to remember to ring Mum": the watering
    (rf"(?:\bI(?:'ve|\s+have)?\s+|{_START})(?:need\s+to|have\s+to|must|gotta|got\s+to)\s+(?:make\s+sure\s+(?:I\s+)?)?"
     r"remember\s+to\s+(?=\w)", r"\1I need to "),
    # "Got to submit the form by Friday": a clause opened by "got to" has lost its "I've"
    (_START + r"got\s+to\s+(?!(?:know|see|meet|hear|try|go\s+to\s+the)\b)(?=\w)", r"\1I've got to "),
    # "Renewing my passport is on my list for today": a chore named as the day's list item
    (r"^(?P<chore>[A-Za-z]+ing\b[^,.!?]{2,60}?)\s+is\s+(?:the\s+(?:main|first|big)\s+thing\s+|top\s+)?on\s+"
     r"(?:my|the|today's|tomorrow's)\s+(?:to-?do\s+)?list(?:\s+for\s+(?P<day>today|tonight|tomorrow|this\s+week(?:end)?))?",
     r"I'm \g<chore> \g<day>"),
    # "Booking the flights is tomorrow's job", "Sorting out the garage is the big job for this weekend": a chore
    # named as a day's job (a day must be said: "Cooking is the main job of a chef" names no chore of the speaker's)
    # (two patterns, not one with a conditional group: a pattern naming another group is tried only inside
    # the whole alternation of rewrites, which is slow)
    (r"^(?P<job>[A-Za-z]+ing\b[^,.!?]{2,60}?)\s+is\s+(?P<jobday>today|tonight|tomorrow|this\s+week(?:end)?)'s\s+"
     r"(?:(?:big|main|first|one|only|last|top)\s+)?(?:job|task|mission|priority|chore|errand|thing)\b",
     r"I'm \g<job> \g<jobday>"),
    (r"^(?P<jobs>[A-Za-z]+ing\b[^,.!?]{2,60}?)\s+is\s+(?:my|the)\s+(?:(?:big|main|first|one|only|last|top)\s+)?"
     r"(?:job|task|mission|priority|chore|errand|thing)\s+(?:for|on)\s+(?:the\s+)?"
     r"(?P<jobfor>today|tonight|tomorrow|this\s+week(?:end)?|weekend)\b",
     r"I'm \g<jobs> \g<jobfor>"),
    # "The spare room needs painting before Saturday", "my car needs servicing this month": a chore of the
    # speaker's said by its thing, read as the speaker's doing when a day or deadline to come is said
    *((rf"(^|[.!?]\s+){word}\s+([a-z]+(?:\s+[a-z]+){{0,2}}?)\s+needs?\s+(?!{_ENDING}ing\b)([a-z]{{3,}}ing)(?=\s+(?:"
       r"(?:by|before|until|till)\s+(?:the\s+)?(?:end|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day|christmas|easter|"
       r"winter|summer|spring|autumn|then|tonight|tomorrow|next|this|\d)|today|tonight|tomorrow|"
       r"this\s+(?:week|weekend|month|morning|afternoon|evening)|next\s+(?:week|month))\b)" + _OTHER_DOER,
       rf"\1I'm \3 {word} \2") for word in ("the", "my", "our")),
    # "I've got a dentist appointment to book", "got three emails to answer before lunch", "there's a form I need to
    # sign": a thing still to be dealt with, read as the dealing ("I need to book a dentist appointment")
    (rf"(?:\b(?:I|we)(?:(?:'ve|\s+have)\s+(?:got\s+|still\s+(?:got\s+)?)?|\s+still\s+(?:got\s+)?)|{_START}got\s+)"
     r"(?P<owed>(?:a|an|some|two|three|four|five|a\s+couple\s+of|a\s+few|loads\s+of|\d+)\s+" + _NOT_VAGUE + _NOT_PEOPLE + r"[a-z]+(?:\s+[a-z]+){0,2}?)\s+to\s+(?P<owedv>" + "|".join(
         ["book", "do", "finish", "write", "answer", r"reply\s+to", "send", "sign", "return", "fix", "pay", "submit",
          "file", r"sort(?:\s+out)?", "post", r"pick\s+up", "collect", "renew", "cancel", "prepare", "mark", "grade",
          "review", "call", "ring", "email", "clean", "wash", "iron", "pack", "buy", "order", r"fill\s+in", r"fill\s+out",
          r"hand\s+in", r"get\s+through", "wrap", "chase", "edit", "proofread", "plan", "organi[sz]e"]) + r")\b"
     r"(?![^.!?]*\b(?:yesterday|ago|last\s+(?:week|night|month|year)|[a-z]+ed\s+(?:it|them))\b)",
     r"I need to \g<owedv> \g<owed>"),
    (r"\bthere(?:'s|\s+is|\s+are)\s+(?P<there>(?:a|an|some|two|three|\d+)\s+" + _NOT_VAGUE + r"[a-z]+(?:\s+[a-z]+){0,2}?)\s+(?:that\s+)?"
     r"I\s+(?:still\s+)?(?:need|have|'ve\s+got|must)\s+to\s+(?!(?:see|watch|read|try|visit|hear|meet|tell|show)\b)(?P<therev>[a-z]+)\b",
     r"I need to \g<therev> \g<there>"),
    # "Remind me to email Sarah tomorrow", "pls don't let me forget to pay rent": the speaker's own to-do
    (r"(^|[.!;]\s+)(?:(?:pls|please|oh|and|also)\W+)*(?:remind\s+me\s+to|don't\s+let\s+me\s+forget\s+to)\s+(?=\w)",
     r"\1I need to "),
    # "Remind me I need to cancel the gym trial", "remind me that I have to ring the vet": the speaker's to-do
    (r"(^|[.!;]\s+)(?:(?:pls|please|oh|and|also)\W+)*remind\s+me\s+(?:that\s+)?I\s+(?:need|have|'ve\s+got|must)\s+to\s+(?=\w)",
     r"\1I need to "),
    # "todo: email my supervisor", "Right, tonight's mission: assemble the wardrobe", "To-do for tomorrow: ..."
    (r"(^|[.!?]\s+)(?:(?:right|ok(?:ay)?|so|and|ugh)\W+)*(?:(today|tonight|tomorrow|this\s+week(?:end)?)'s\s+"
     r"(?:to-?do|todo|job|task|mission|chore|errand)s?|(?:to-?do|todo|mission)s?(?:\s+(?:list\s+)?for\s+"
     r"(today|tonight|tomorrow|this\s+week(?:end)?))?)\s*[:\-]\s*(?=\w)", r"\1\2\3 I need to "),
    # "Note to self: buy printer ink", "reminder to self, chase the landlord", "On my plate today: finish the
    # slides", "Things to do today - hoover", "Top of my list this week: get the bike fixed": a label naming the
    # speaker's to-do, then the chore in the base form ("Note to self: never trust ..." names no chore)
    (r"(^|[.!?]\s+)(?:(?:right|ok(?:ay)?|so|and|ugh|oh)\W+)*(?:(?:a\s+)?(?:note|reminder|memo)\s+to\s+(?:self|myself)|"
     r"(?:on|top\s+of)\s+my\s+(?:plate|list|agenda)|(?:things|stuff|jobs|chores|errands)\s+(?:to\s+do|to\s+sort|for)|"
     r"my\s+(?:priority|priorities|job|jobs|chores|errands)\s+for)"
     r"(?:\s+(?:for\s+)?(today|tonight|tomorrow|this\s+week(?:end)?))?\s*[:,\-–]\s*"
     r"(?!do(?:n't|\s+not)\b)(?=(?:" + "|".join(_CHORE_VERBS) + r")\b(?!'))(?![^.!?]*\b(?:one\s+day|some\s*day|before\s+I\s+die|eventually)\b)",
     r"\1\2 I need to "),
    # "Remember I've got to return the books", "remember that I need to pick up the prescription": the to-do itself
    (r"(^|[.!?]\s+)(?:(?:oh|and|also|pls|please)\W+)*remember\s+(?:that\s+)?(?=I(?:'ve\s+got|\s+need|\s+have|\s+must)\b)",
     r"\1"),
    # "I ought to call my sister back", "Should really sort out my tax return": a duty, its "I" dropped or not
    (r"\bI\s+ought\s+to\b", "I should"),
    (_START + r"(?:ought\s+to|should)\s+(?!be\b|have\b)(?=\w)", r"\1I should "),
    # "On my to-do list today: pay the gas bill", "my list for tomorrow - ring the garage": a chore after its list
    (r"^(?:on\s+)?(?:my|the|our)\s+(?:to-?do\s+)?list(?:\s+(?:for\s+)?(today|tonight|tomorrow|this\s+week(?:end)?))?"
     r"\s*(?:[:\-]|is)\s*(?=\w)", r"\1 I need to "),
    # "Quit my job at Deloitte", "packed in the choir": a clause opened by the ending verb, its "I" dropped
    (_START + r"(quit|packed\s+in|jacked\s+in)\s+(?=(?:my|the|our)\b)", r"\1I \2 "),
    # "I quit drinking coffee", "we gave up eating meat": a habit ended
    (r"\b((?:I|we)(?:'ve|\s+have|\s+just|\s+finally|\s+recently|\s+actually)*)\s+(?:quit|gave\s+up|given\s+up)\s+(?=\w+ing\b)",
     r"\1 stopped "),
]

