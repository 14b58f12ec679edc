"""Wordings of a plan or of a chore under way that the rules do not read, rewritten before the
parse into the plain form they do read (span-safe: see ``offline._rewrite``).

"Heading to Berlin next month" has dropped its "I'm"; "The plan is to drive up to Edinburgh" is
"I plan to drive up ..."; "pencilled in a week in Crete" is booked; "I'm in the middle of
sorting out the paperwork", "knee-deep in marking" are the sorting and marking, under way now;
"On my plate right now: the kitchen renovation" is the speaker's work on it.
"""

from __future__ import annotations

#: where a sentence opens: the message's start or after a full stop, with its chat openers
_OPENS = r"((?:^|(?<=[.!?])\s+)(?:(?:so|and|also|oh|btw|anyway|right|ok(?:ay)?)\W+)*)"
#: verbs of setting off whose "-ing" opens a sentence with its "I'm" dropped
_SETTING_OFF = r"heading|flying|driving|travell?ing|jetting|sailing|popping|nipping|moving|relocating|aiming|hoping|planning"
#: no other finite verb follows: "Driving to work is a nightmare" has a subject of its own
_NO_VERB_AFTER = r"(?![^.!?]*\b(?:is|was|were|has|had|makes|made|feels|felt|gets|got)\b)"
#: ways of saying one is busy doing something now, before its "-ing"
_UNDER_WAY = (r"(?:right\s+)?in\s+the\s+(?:middle|midst|thick)\s+of|knee-?\s?deep\s+in|up\s+to\s+my\s+(?:eyes|eyeballs|neck|ears)\s+in|"
              r"neck-?\s?deep\s+in|halfway\s+through|stuck\s+into|getting\s+stuck\s+into|deep\s+into|busy\s+with|busy|flat\s+out")

PLAN_REWRITES: list[tuple[str, str]] = [
    # "Heading to Berlin next month", "flying to Lisbon on the 28th", "off to see Fontaines DC on saturday"
    (_OPENS + rf"(?:({_SETTING_OFF})\s+(?=(?:to|out|off|up|down|over|back|home|away|into)\b)|(off)\s+(?=to\s+\w))" + _NO_VERB_AFTER,
     r"\1I'm \2\3 "),
    # "The plan is to drive up to Edinburgh", "our plan for the summer's to ...", "plan is we'll sell the van"
    (_OPENS + r"(?:the\s+|our\s+)?(?:main\s+|big\s+|current\s+|new\s+)?(?:plan|idea|aim|goal)\s+(?:for\s+[\w' ]{1,30}?\s+)?"
     r"(?:is|'s)\s+(?:to\s+|(?:that\s+)?(?:i|we)(?:'ll|\s+will)\s+)(?=\w)", r"\1I plan to "),
    # "My new job at Spotify starts on the 1st of May", "the new role with the NHS begins in June": the speaker starts it
    (r"\b(?:my|the)\s+(new\s+(?:job|role|position|post|contract|placement|internship|apprenticeship))\s+"
     r"((?:at|with|in)\s+[^,.!?]{1,40}?)\s+(?:starts|begins|kicks\s+off)\b", r"I start my \1 \2"),
    # "Pencilled in a week in Crete", "I've pencilled in the dentist for May": arranged, if not firmly
    (r"\b(?:pencilled|penciled)\s+in\b", "booked"),
    # "I'm in the middle of sorting out my mum's paperwork", "knee-deep in marking exam papers this week"
    (rf"\b(I'm|I\s+am|we're|we\s+are)\s+(?:currently\s+|still\s+|just\s+)?(?:{_UNDER_WAY})\s+(?=\w+ing\b)", r"\1 currently "),
    # "On my plate right now: the kitchen renovation", "what's on my plate this week is the audit"
    (_OPENS + r"(?:what's\s+|what\s+is\s+|(?:the\s+)?(?:main|big|only)\s+thing\s+)?on\s+my\s+plate"
     r"(?:\s+(?:right\s+now|at\s+the\s+moment|today|this\s+week(?:end)?))?\s*(?:[:\-]|is|are)\s*(?=\w)",
     r"\1I'm currently working on "),
]
