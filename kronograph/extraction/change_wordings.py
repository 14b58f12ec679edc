"""A change said without a verb of change, rewritten before the parse into the "switched from X
to Y" the rules read (span-safe: see ``offline._rewrite``); the switch rule then picks the slot
from what X and Y are (an OS, a diet, a music service, an employer ...).

"Spotify is out, Apple Music is in", "out with the Golf, in with a Tesla", "no more Windows,
it's Linux these days", "bye bye oat milk, hello soya": the first value is given up, the second
taken on. A sentence about people or a thing in place ("my brother is out, my sister is in", "the tide is out")
is left as it is.

A new value chosen, a named thing discarded or a habit said with a verb the rules have no
reading for is put into the words they read: "went with a Pixel" / "ended up going with Three" /
"moved over to Octopus" -> "I switched to ...", "binned the iPhone" -> "I ditched the iPhone",
"banking with Starling now" -> "I'm with Starling now", "the job is mine" -> "I've got the job",
"Monzo is my new bank" -> "my new bank is Monzo", "Linux now, not Windows anymore" -> "I switched
from Windows to Linux", "these days I cycle to work" -> "I commute by bike". Only a named value
(capitalised) is read so: "went with my mum", "binned the leftovers" stay as they are.
"""

from __future__ import annotations

# a value: a short phrase that is no pronoun or person said by "my" (who is out is no value given up)
_X = r"(?!(?:i|i'm|you|he|she|we|they|it|my|his|her|their|our|everyone|nobody|the)\b)([^,.;!?]{1,40}?)"
_Y = r"([^,.;!?]{1,40}?)(?=\s*(?:$|[,.;!?]|\s(?:now|these\s+days|nowadays|for\s+me|lol|haha)\b))"
_START = r"(^|[.!;]\s+)(?:(?:so|yeah|well|ok(?:ay)?|honestly|anyway)\W+)*"
_SWITCHED = r"\1I switched from \2 to \3"
# the speaker, said or left out, at the start of a sentence or clause, before a verb of choosing: "went with", "I ended up going with"
_SUBJECT = r"(^|[.!;,]\s+)(?:(?:so|yeah|well|ok(?:ay)?|honestly|anyway|in\s+the\s+end)\W+)*(?:(?:I|we)(?:\s+have|'ve)?\s+)?"
_CHOSE = (r"(?:just\s+|finally\s+|eventually\s+|ended\s+up\s+|have\s+)*"
          r"(?:(?:went|gone|going|go)\s+with|(?:moved|moving|gone|went)\s+over\s+to|(?:plumped|opted|settled)\s+for)\s+")
# a named value: a capitalised word (or an "iPhone"), matched whatever the pattern's case flag
_NAMED = r"(?-i:(?:[A-Z0-9]|[ie][A-Z])[\w'&+-]*)"
# a verb of getting to work and the mode it names
_COMMUTES = (("walk", "foot"), ("cycle", "bike"), ("bike", "bike"), (r"ride\s+my\s+bike", "bike"), ("drive", "car"),
             ("run", "foot"), (r"get\s+the\s+bus", "bus"), (r"take\s+the\s+bus", "bus"), (r"get\s+the\s+train", "train"),
             (r"take\s+the\s+train", "train"), (r"get\s+the\s+tube", "tube"), (r"take\s+the\s+tube", "tube"), ("scoot", "scooter"))

# what one is signed up with and can move between named providers: "switched my energy supplier from EDF
# to Octopus", "moved our mortgage from Halifax to Nationwide" ("moved my desk from the window ..." names none)
_SERVICES = (r"(?:bank|banking|account|current\s+account|savings|isa|pension|mortgage|loan|broadband|internet|wifi|energy|gas|"
             r"electric|electricity|supplier|provider|contract|plan|tariff|network|sim|phone|mobile|insurance|insurer|cover|"
             r"gym|membership|subscription|school|nursery|college|gp|doctor|dentist|vet|surgery|practice|church|club|"
             r"email|browser|editor|ide|os|laptop|streaming|music|card|credit\s+card|car\s+insurance|hosting|host|cloud|"
             r"accountant|solicitor|agent|agency|league|squad|salon|barber|hairdresser)")
_OWNED = r"(?:my|our|the|the\s+kids'|the\s+kids's|my\s+kids'|our\s+kids')\s+"
# a named provider: capitalised words ("St Mary's", "Octopus Energy"), as written
_PROVIDER = (r"((?!(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|"
             r"september|october|november|december)\b)(?-i:[A-Z][\w'&.-]*)(?:\s+(?-i:[A-Z&][\w'&.-]*)){0,3})")

# what "as a ..." says after a named employer that is no job: "joined Acme as a favour", "as a kid"
_NOT_ROLES = (r"(?:result|favou?r|treat|kid|child|joke|family|team|whole|gift|bonus|thank|teenager|student|guest|"
              r"consequence|precaution|backup|reward|surprise|test|trial|one-off|side|start|matter|rule|group|couple|"
              r"first|last|way|bit|sort|kind|reminder|present|hobby|break|change|newbie|beginner)")

CHANGE_REWRITES: list[tuple[str, str]] = [
    # "joined Figma as a senior product designer", "started at Monzo on Monday as a backend engineer",
    # "now working at Spotify as a data analyst": the role, as the reader's "I'm a ..." beside the employer
    # The speaker's own: "I" or a dropped "I" at the start of a sentence or clause ("My brother joined the Army
    # as a medic" is his job), never a question ("Should I join Google as a junior dev?"); "working at" only
    # after "I'm" or "now" ("I was working at Tesco as a cashier in 2010" is a past job)
    (r"((?:^|[.!;,]\s+)(?![^.!?]*\?)(?:(?:so|yeah|well|ok(?:ay)?|honestly|anyway|and|but|actually|guess\s+what)\W+)*"
     r"(?:I\s+(?:(?!\b(?:my|his|her|their|he|she|they|who)\b)[^.!?,]){1,50}?\s+and\s+)?"
     r"(?:(?:I|I've|I\s+have|I'm|I\s+am|I'll|I\s+will|I\s+just|I\s+finally|I\s+got|I've\s+been|I\s+have\s+been)\s+)?"
     r"(?:just\s+|finally\s+|officially\s+|recently\s+|now\s+|be\s+)*"
     r"(?:joined|join|joining|started\s+(?:a\s+new\s+job\s+|work\s+|working\s+)?(?:at|with)|"
     r"(?<=\bI'm\s)working\s+(?:at|for)|(?<=\bnow\s)working\s+(?:at|for)|"
     r"(?<=\bnow\s)work\s+(?:at|for)|(?<=^I\s)work\s+(?:at|for)|(?<=[.!;,]\sI\s)work\s+(?:at|for)|"
     r"(?<!was\s)hired\s+(?:at|by)|transferred\s+to)\s+(?:the\s+)?(?-i:[A-Z])[\w'&.-]*(?:\s+(?-i:[A-Z&])[\w'&.-]*){0,3}"
     r"(?:\s+(?:now|(?:on|last|this|in|from)\s+[\w-]+))?)\s+as\s+(?:a|an)\s+(?!" + _NOT_ROLES + r"\b)"
     # the role ends the sentence, meets a time or an -ing aside ("loving it"): after another comma the
    # reader would take the next clause in ("a paramedic, first shift tomorrow")
     r"(?=[a-z][\w -]{0,40}?(?:[.!?]|$|,\s+[a-z]+ing\b|\s+(?:on|in|at|from|since|last|this|now)\b))",
     r"\1 and I'm a "),
    # "my name's Sarah Jones now", "My surname's Okafor since the wedding": the name as the reader's "my name is"
    (r"\b(my\s+(?:sur|first\s+|last\s+|maiden\s+|married\s+|family\s+)?name)'s\s+(?=(?-i:[A-Z]))", r"\1 is "),
    # "we moved house to Ghent": the town moved to, as "we moved to Ghent" ("moved house" alone stays a deed)
    (r"\b(moved|moving|move)\s+house\s+(?=(?:to|from)\s+(?-i:[A-Z]))", r"\1 "),
    # "switched my energy supplier from EDF to Octopus", "moved our mortgage from Halifax over to Nationwide",
    # "moved my pension out of Aviva and into Vanguard": the reader's "I switched from X to Y"
    (r"(^|[.!;,]\s+|\b(?:and|so|but)\s+)(?:(?:so|yeah|well|finally|anyway)\W+)*(?:(?:I|we)(?:\s+have|'ve)?\s+)?"
     r"(?:finally\s+|just\s+|eventually\s+)?(?:switched|swapped|changed|moved|transferred)\s+" + _OWNED
     + r"(?:[\w'-]+\s+){0,2}?" + _SERVICES + r"s?\s+(?:over\s+)?(?:from|out\s+of)\s+" + _PROVIDER
     + r"\s+(?:and\s+)?(?:over\s+)?(?:to|into)\s+(?=(?-i:[A-Z]))", r"\1I switched from \2 to "),
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
    # "Linux now, not Windows anymore", "it's Three these days, not Vodafone"
    (_START + r"(?:(?:it's|its|it\s+is)\s+)?" + _X + r"\s+(?:now|these\s+days|nowadays)\s*[,;:]\s*not\s+(?:the\s+|my\s+)?"
     r"([^,.;!?]{1,40}?)\s*(?:any\s*more|these\s+days|now)?\s*(?=$|[,.;!?])", r"\1I switched from \3 to \2"),
    # "went with a Pixel", "ended up going with Three", "moved over to Octopus Energy": a named value chosen
    (_SUBJECT + _CHOSE + r"(?:a\s+|an\s+|the\s+)?(?=" + _NAMED + ")", r"\1I switched to "),
    # "... and went with Three": the second verb of one clause, read by the first's reader
    (r"(\band\s+)(?:(?:I|we)\s+)?" + _CHOSE + r"(?:a\s+|an\s+|the\s+)?(?=" + _NAMED + ")", r"\1went over to "),
    # "binned the iPhone", "chucked my Fitbit": a named thing given up
    (_SUBJECT + r"(?:just\s+|finally\s+)?(?:binned|chucked|scrapped|junked|got\s+shot\s+of)\s+(?=(?:the\s+|my\s+|our\s+)?"
     + _NAMED + ")", r"\1I ditched "),
    # "went freelance last month", "gone part-time since the baby", "went vegan in March": the speaker left out
    *((r"(^|[.!;]\s+)(?:(?:so|yeah|well|ok(?:ay)?|anyway)\W+)*(?=(?:just\s+|finally\s+)?" + verb + r"\s+(?:fully\s+|full\s+)?"
       r"(?:freelance|part-time|full-time|self-employed|remote|hybrid|vegan|vegetarian|pescatarian|plant-based|teetotal)\b)",
       r"\1" + subject) for verb, subject in (("went", "I "), ("gone", "I've "))),
    # "changed jobs in May, I'm at Monzo now", "left Capgemini and I'm at Atos now": after a word of work,
    # "at" a named firm now is the employer, not where one stands
    (r"((?:\b(?:job|jobs|quit|role|hired|redundant|laid\s+off|notice|resigned)\b|\bleft\s+(?=" + _NAMED + r"))[^.!?]*?\bI(?:'m|\s+am)\s+(?:now\s+)?)at\s+(?="
     + _NAMED + r"[^.!?]*?\bnow\b)", r"\1working at "),
    # "banking with Starling now", "I bank with Monzo these days", "we're insured with Aviva now": the
    # provider one is with, as the reader's "I'm with Starling now"
    (_SUBJECT + r"(?:(?:I'm|I\s+am|we're|we\s+are)\s+)?(?:now\s+|mostly\s+)?(?:bank(?:ing)?|insured)\s+with\s+(?="
     + _NAMED + ")", r"\1I'm with "),
    # "Monzo is my new bank", "a Pixel is my new phone": the reader's "my new bank is Monzo"
    (_START + _X + r"\s+(?:is|'s)\s+(?:now\s+)?my\s+new\s+([a-z]+(?:\s+[a-z]+)?)\s*(?=$|[,.;!?])", r"\1my new \3 is \2"),
    # "the job is mine", "Pixie is officially ours", "the scholarship is mine": a thing won or adopted, the
    # speaker's from now on, as the reader's "I've got ..."; not a choice or a pleasure, nor "that one"; a home
    # said to be ours ("the cottage in Kendal is ours") is read whole by the rules as it is
    (r"(^|[.!;,]\s+|\band\s+)(?:(?:the|my|our)\s+)?(?!(?:i|you|he|she|we|they|it|that|this|these|those|which|what|who|"
     r"the|a|an|my|our|pleasure|choice|decision|fault|honou?r|loss|call|blame|mistake)\b)"
     r"(?!(?:[\w'-]+\s+){0,2}(?:flat|house|home|cottage|apartment|place|bungalow|condo|studio)\b)"
     r"((?:(?!(?:and|but|so|or|went|came|got|is|was|are|were|has|have|had|been)\b)[\w'-]+\s+){0,5}?(?!one\b|ones\b)[\w'-]+)"
     r"\s+(?:is|are|'s)\s+(?:(?:now|officially|finally|all|legally|properly)\s+)*(?:mine|ours)\b(?!\s*,?\s*not\b)"
     r"(?:\s+(?:now|at\s+last))?", r"\1I've got the \2"),
    # "these days I cycle to work", "I walk to the office now": how one gets to work
    *((r"\b(?:I|we)\s+(?:now\s+|mostly\s+|usually\s+|just\s+)?" + verb + r"\s+(?:in\s+)?to\s+(?:work|the\s+office|uni|school|college)\b",
       "I commute by " + mode) for verb, mode in _COMMUTES),
]
