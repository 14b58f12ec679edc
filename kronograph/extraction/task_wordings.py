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

