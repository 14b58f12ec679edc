"""Chat wordings of a matter becoming certain that the clause reader does not know, rewritten
before the parse into the plain statement it does read (span-safe: see ``offline._rewrite``),
so the fact is stored as now certain rather than missed.

Five constructions, each with its words as data: an announcer said first ("it's official,",
"done deal,", "got the email this morning,") or a "turns out" before the speaker's own statement only
frames the statement after it and is lifted off; a finding reported by whoever would know ("the vet confirmed Biscuit is pregnant", "the
X-ray showed my wrist is fractured") is the finding itself; a thing that "is mine" or "came
through" is a thing the speaker got; a health condition closes its clause, so a chatty remark
after its comma ("..., puppies due in June") is a clause of its own. A matter only awaited or
asked about ("waiting to hear if the visa comes through", "did the doctor confirm it?") is left.
"""

from __future__ import annotations

from .rules_lexicon import CONDITION_ADJECTIVES, EXAMINERS

# what announces the statement after it as settled; a lead-in with no fact of its own
_ANNOUNCERS = (r"(?:it'?s|it\s+is|that'?s|now\s+it'?s)\s+(?:now\s+|finally\s+|all\s+)?(?:official|confirmed|settled|"
               r"final|locked\s+in|a\s+done\s+deal|signed\s+and\s+sealed|happening)|(?:finally\s+|now\s+)?official|"
               r"done\s+deal|(?:some\s+)?(?:good|great|big|amazing|exciting)\s+news|"
               r"(?:I'?ve\s+|I\s+have\s+|we'?ve\s+|we\s+have\s+)?had\s+it\s+confirmed|(?:I\s+|we\s+)?(?:just\s+)?heard\s+back|"
               r"(?:I\s+|we\s+)?(?:just\s+|finally\s+)?(?:got|had)\s+the\s+(?:email|letter|call|text|results?|word|news|"
               r"(?:formal\s+|official\s+)?offer(?:\s+letter)?|(?:final\s+)?(?:go-ahead|green\s+light))(?:\s+back)?")
_WHEN = r"(?:\s+(?:this\s+(?:morning|afternoon|evening|week)|today|yesterday|last\s+night))?"
# who or what would know a finding: an examiner or a test
_KNOWERS = rf"(?:(?:[a-z]+\s+)?{EXAMINERS})"
_FINDING_VERBS = r"(?:confirmed|confirms|showed|shows|proved|revealed|found|said|says|told\s+(?:me|us))"
# a subject the finding is about: the speaker, someone or something named, or what is theirs
_ABOUT = (r"(?!I(?:'ve|\s+have|\s+do)?\s+(?:have\s+got|got|have)\b)"  # "showed I do have a ...": rules_restate's
          r"(?![^.!?,;]{0,30}?\b(?:should|must|ought|need\s+to|have\s+to|has\s+to|can't|shouldn't)\b)"  # advice
          r"(?=(?:I|I'm|we|we're|my|our|(?-i:[A-Z])[a-z]+\s+(?:is|has|'s|was|had))\b)")
_CONDITIONS = "|".join(sorted((c.replace(" ", r"\s+").replace("-", r"\s*-\s*") for c in CONDITION_ADJECTIVES),
                              key=len, reverse=True))
# the split after a condition's comma: "short-sighted" counts only said of oneself or one's own ("that plan is
# short-sighted, typical council" is an idiom)
_SIGHTED = r"(?:short|long|near|far)\s*-?\s*sighted"
_SPLIT_CONDITIONS = ("|".join(sorted((c.replace(" ", r"\s+").replace("-", r"\s*-\s*") for c in CONDITION_ADJECTIVES
                                      if not c.endswith("sighted")), key=len, reverse=True))
                     + r"|(?:I'm|I\s+am|my\s+[\w'-]+(?:\s+[\w'-]+)?\s+is)\s+" + _SIGHTED)
# a home that "is ours" is owned, read by ``rules_restate``
_HOMES = r"(?:new\s+)?(?:house|flat|place|apartment|home|cottage|bungalow|property|condo)\s+(?:on|in|at)\b"
# what one waits on to "come through": the visa, the mortgage, the job offer
_AWAITED = (r"(?:visa|visas|mortgage|loan|offer|permission|funding|approval|results?|paperwork|transfer|grant|"
            r"permit|licen[cs]e|passport|scholarship|contract|sale|purchase|adoption|application|payment|refund|"
            r"deposit|money|bonus|promotion|place|papers|clearance|certificate|residency|citizenship|"
            r"green\s+card|settlement|job|position|role|tenancy|lease|divorce|finance|check|cheque|raise)")
_THROUGH_WHEN = (r"today|yesterday|this\s+\w+|last\s+\w+|on\s+\w+|earlier|at\s+last|finally|in\s+the\s+end|"
                 r"after\s+all|for\s+(?:the|my|our)\s|just\s+in\s+time|in\s+time|and|but|so|lol|tbh|thank|phew|yay")
_AFTERWORDS = r"tbh|honestly|now|lol|though|already|after\s+all|apparently"
_HEDGE_TAILS = (r"apparently|allegedly|supposedly|maybe|perhaps|possibly|probably|i\s+think|i\s+guess|i\s+reckon|"
                r"i\s+believe|i\s+suppose|by\s+any\s+chance|or\s+so|we\s+think|they\s+think|it\s+seems|seems|"
                r"i'm\s+told|so\s+i\s+hear|i\s+hear|reportedly|presumably|i\s+assume")
_LINKS = r"(?:and|but|or|so|not|no|never|which|who|because|as|though|although|with|plus)"

CONFIRM_REWRITES: list[tuple[str, str]] = [
    # "It's official, I've accepted the job", "Done deal: flights booked", "Got the email this morning, I'm in"
    # ("It's official, I got it!" stays whole: with only "it" after it, it settles a plan hedged before)
    (rf"(^|[.!;]\s+)(?:{_ANNOUNCERS}){_WHEN}\s*(?:[,:!]+|\s+-+)\s*(?=\w)(?!(?:I|we)(?:'ve|\s+have)?\s+\w+\s+(?:it|them|that)\b)",
     r"\1"),
    # "Turns out I'm coeliac", "as it turned out, my wrist was broken": what was found is the statement
    # itself (only of the speaker or theirs: "turns out he lied" is someone else's)
    (r"(^|[.!;,]\s+)(?:(?:so|and|but|well|yeah|yep)\s+)?(?:it\s+|as\s+it\s+)?turn(?:s|ed)\s+out,?\s+(?:that\s+)?"
     r"(?=(?:I|I'm|I've|I\s+am|we|we're|we've|my|our)\b)", r"\1"),
    # "Just got word that I made the squad", "found out that we got the house": the news is the statement
    (r"(^|[.!;,]\s+)(?:(?:so|and|but|well|yeah|yep)\s+)?(?:(?:I|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+)?"
     r"(?:got|had|received)\s+(?:the\s+)?(?:word|news|confirmation)\s+(?:back\s+)?(?:today\s+|this\s+morning\s+)?that\s+"
     r"(?=(?:I|I'm|I've|we|we're|we've|my|our)\b)", r"\1"),
    # "The vet confirmed Biscuit is pregnant", "the X-ray showed my wrist is fractured": the finding
    (rf"(^|[.!;,]\s+)(?:the|my|our|his|her|their)\s+{_KNOWERS}\s+(?:(?:has|have|had)\s+)?(?:just\s+|finally\s+|now\s+)?"
     rf"{_FINDING_VERBS}\s+(?:that\s+)?{_ABOUT}", r"\1"),
    # "The flat on Elm Street is ours", "the product manager role is actually mine": got it
    (r"(^|[.!;,:]\s+|\b(?:and|but|so)\s+)(?:after\s+[^.!?;,]{3,50}?\s+)?(?:the|my|our)\s+(?!" + _HOMES + r")"
     r"((?:[\w'-]+\s+){0,5}?[\w'-]+)(?<!pleasure)(?<!fault)(?<!call)(?<!choice)(?<!mistake)(?<!loss)(?<!honour)(?<!honor)"
     r"(?<!privilege)(?<!decision)(?<!say)(?<!responsibility)(?<!blame)(?<!problem)(?<!worry)(?<!guilt)\s+(?:is|are|'s)\s+"
     r"(?:now\s+|actually\s+|officially\s+|finally\s+|all\s+|definitely\s+)?(?:mine|ours)\b", r"\1I got the \2"),
    # "The visa came through", "my planning permission came through for the loft": got it
    # (only a thing awaited, and nothing after "through" but a time: not "the water came through the ceiling")
    (r"(^|[.!;,:]\s+)(?:the|my|our)\s+((?:[\w'-]+\s+){0,4}?" + _AWAITED + r")\s+(?:has\s+|have\s+)?"
     r"(?:finally\s+|just\s+)?(?:came|come)\s+through\b(?=\s*(?:$|[.!;,]|(?:" + _THROUGH_WHEN + r")\b))",
     r"\1I got the \2"),
    # "Biscuit is pregnant, puppies due in June": the condition's sentence ends at its comma (a condition
    # denied, "gluten intolerant, not coeliac, ...", stays in the correction that holds it)
    # (a hedge after the comma stays with it, "pregnant, apparently"; a question is left whole; "short-sighted"
    # is a condition only said of oneself or one's own, not of "that plan")
    (rf"(?<!\bnot\s)\b((?:{_SPLIT_CONDITIONS})(?:\s+(?:{_AFTERWORDS}))?)\s*,\s+"
     rf"(?!(?:{_LINKS}|{_CONDITIONS}|{_HEDGE_TAILS})\b)(?=[a-z])(?![^.!?\n]*\?)", "\\1.\n"),
]
