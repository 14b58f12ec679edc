"""Chat wordings of an ending that the clause reader does not know, rewritten before the parse into
the plain first-person statement it does read (span-safe: see ``offline._rewrite``).

Five shapes by construction: an ending said with its "I" dropped ("Stopped going to the gym",
"not doing crossfit anymore", "no longer at Deloitte"), which the reader otherwise takes for an
object with no verb; a couple parting with the speaker named second in chat order ("me and Jess
split up"), which the parser splits into a bare "Me" and a clause about Jess alone; a parting of
the speaker and a partner ("Leon and I broke up"), said as "I broke up with Leon", the partner its
object; a habit given up said with "off" ("I'm off caffeine now"), which the parser reads as a
place the speaker is away from; and a thing given up said as what is no more ("No more soda for me").
"""

from __future__ import annotations

# verbs of giving something up or leaving it, said first in a chat sentence with the "I" dropped
_ENDING_VERBS = (r"stopped|quit|gave\s+up|given\s+up|gave\s+away|unsubscribed|deleted|deactivated|uninstalled|"
                 r"resigned|rehomed|wrapped\s+up(?=\s+(?:the|my|our)\b)|dropped(?!\s+(?:off|by|in|round|over)\b)|"
                 r"sold(?!\s+out\b)|retired|broke\s+up|split\s+up|moved\s+out|packed\s+in|jacked\s+in|ditched|"
                 r"binned|left(?=\s+(?:the|my|our)\b)|(?:closed|shut|wound)\s+(?:down|up)(?=\s+(?:the|my|our)\b)|"
                 r"got\s+rid\s+of|stepped\s+down|(?:got|was)\s+(?:let\s+go|laid\s+off|made\s+redundant|fired|sacked)\b|"
                 r"(?:handed|turned|put)\s+in\s+(?:my|our)\b|gave\s+(?:in\s+)?(?:my|our)\s+(?:[\w']+\s+){0,2}(?:notice|resignation)\b")
# verbs of a couple parting, after which "me and Jess" is the couple
_PARTING = (r"split\s+up|broke\s+up|separated|divorced|called\s+it\s+(?:off|quits)|went\s+our\s+separate\s+ways|"
            r"(?:are|aren't|are\s+not|r)\s+(?:no\s+longer\s+together|not\s+together|done|over|finished)")
_START = r"(^|[.!;]\s+|\b(?:but|and|so)\s+)"
_FILLER = r"((?:(?:just|finally|also|recently|eventually|officially|basically|completely|kinda|pretty\s+much)\s+)*)"

# where a cut-out thing is a clipping, not a habit ("cut out a coupon from the paper")
_CLIPPED_FROM = (r"(?![^.!?;,]*\bfrom\s+(?:the|a|an|this|that|my|our|today's|\w+'s)\s+(?:[\w-]+\s+)?(?:paper|newspaper|"
                 r"magazine|catalogu?e|card|box|page|sheet|photo|picture|leaflet|brochure)s?\b)")

# a long stretch said after a denied perfect ("haven't played squash in years", "in ages", "for a good
# few years", "since uni"): the pursuit is no longer done, as the reader's "any more"
_GAP = (r"(?:(?:in|for)\s+(?:(?:well\s+)?(?:over|almost|nearly|about|like)\s+)?(?:(?:a|the\s+(?:last|past))\s+)?"
        r"(?:(?:good|few|couple(?:\s+of)?|long|very|number\s+of|\d+|two|three|four|five|six|seven|eight|nine|ten|twenty|many|"
        r"several|donkey's)\s+)*(?:years|yrs|ages|forever|decades?|(?<=long\s)(?:while|time)|(?<=good\s)while)|"
        r"since\s+(?:uni|university|school|college|childhood|covid|lockdown|the\s+pandemic|my\s+(?:teens|twenties|thirties|"
        r"school\s+days|uni\s+days|student\s+days)|I\s+was\s+(?:a\s+(?:kid|child|teenager|student)|little|young|younger|"
        r"at\s+(?:school|uni)|\d+)|the\s+(?:kids|baby|twins)\s+(?:came|arrived|were\s+born)|"
        r"(?:the|my)\s+(?:injury|accident|op|operation|surgery|divorce|move|wedding|knee\s+op|hip\s+op)))\b")
# what is not done for a while without being given up: people not seen, a need, a feeling, a treat
_NOT_PURSUITS = (r"(?:seen|saw|heard|spoken|talked|chatted|called|rung|rang|phoned|texted|messaged|emailed|visited|met|"
                 r"caught|slept|eaten|ate|showered|had|felt|laughed|cried|been(?!\s+\w+ing\b)|done|updated|checked|"
                 r"needed|wanted|missed|thought|bothered|worn|cut|changed|cleaned|washed)")
# a start or an end, not a pursuit: "it's been years since I quit smoking / got married / left school"
# is a thing done once, never "I haven't quit smoking any more"
_MILESTONES = (r"(?:quit|quitted|stopped|gave|given|left|moved|started|began|begun|got|gotten|graduated|married|retired|"
               r"joined|lost|finished|had|seen|met|became|become|split|broke|divorced|bought|sold|passed|changed|switched|"
               r"dropped|came|arrived|found|signed|took|made|lived|worked|studied|went|came|was|were|did|said|told|"
               r"learned|learnt|moved|kicked|packed|cut|ditched|sobered|recovered|lost|won|turned|settled|emigrated)")
_DONE_ADVERB = r"(?:so|totally|officially|completely|finally|well\s+and\s+truly|absolutely)"
# a pursuit done by going ("go climbing", "been surfing"), named by its -ing word, when it has ended
_GO_ING = r"(?:go|going|been|gone|get\s+to\s+go)\s+(?!(?:out|on|in|up|back|home|there|through|being)\b)([a-z]+ing)\b"
_DENIED = (r"(?:don't|dont|do\s+not|haven't|havent|have\s+not|'ve\s+not|can't|cant|cannot|can\s+not|couldn't|"
           r"could\s+not|never)")
# acts one is "done" with for a day, not given up ("done packing", "done eating")
_CHORE_ING = (r"(?:eating|cooking|cleaning|tidying|packing|unpacking|washing|ironing|shopping|talking|chatting|reading|"
              r"writing|watching|waiting|marking|studying|revising|working|arguing|explaining|typing|editing|being)")

# one's other half, and names of services and things that are no person ("called it quits with Netflix")
_PARTNER = r"(?:boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?|bf|gf|other\s+half|ex)"
_NOT_PEOPLE = (r"(?:Netflix|Spotify|Amazon|Prime|Disney|Hulu|Apple|Google|Facebook|Instagram|Twitter|TikTok|Snapchat|"
               r"Uber|Deliveroo|Sky|Virgin|Vodafone|Three|Tinder|Hinge|Bumble|Xbox|PlayStation|Peloton|PureGym|Gym|"
               r"Duolingo|YouTube|Reddit|Strava|Twitch|Audible|Kindle|Starbucks|Costa|Tesco|Work|Uni|School|Church)")

# Verbs of ending said in other words, as the clause reader's lemmas (its string reads "i give away the
# piano"), each mapped to the sense the ending rule already knows how to read: "sell" (a thing owned, said
# of one's own), "cancel" (a subscription or service), "delete" (an account or app), "close" (a business or
# show one ran), "quit" (a job, group or course), "give up" (a pursuit or taste). The sense keeps the guards
# of its verb, so "gave away the ending", "wrapped up the meeting" or "removed the stain" end nothing.
ENDING_SYNONYMS: dict[str, str] = {
    # a thing owned, parted with
    "give away": "sell", "sell off": "sell", "part with": "sell", "offload": "sell", "rehome": "sell", "donate": "sell",
    "scrap": "sell", "flog": "sell", "hand back": "sell", "give back": "sell",
    # a subscription, a membership or a service ended
    "terminate": "cancel", "discontinue": "cancel", "opt out of": "cancel", "axe": "cancel", "pull the plug on": "cancel",
    "cancel on": "cancel",
    # an account or an app
    "deactivate": "delete", "uninstall": "delete", "remove": "delete", "deregister from": "delete",
    # what one ran
    "wrap up": "close", "fold": "close", "close out": "close", "shutter": "close", "mothball": "close", "shelve": "close",
    # a job, a group, a course
    "resign from": "quit", "withdraw from": "quit", "bow out of": "quit", "back out of": "quit", "pull out of": "quit",
    "step away from": "quit", "walk away from": "quit", "turn my back on": "quit",
    # a pursuit, a habit or a taste
    "swear off": "give up", "lose interest in": "give up", "grow out of": "give up", "outgrow": "give up",
}

# A held thing said to have ended by itself, as the clause reader's lemmas: after "be"/"have" ("the
# allotment's gone", "my membership has lapsed", "the podcast is finished") and as a verb of its own ("our
# book club fizzled out", "the band split up"). Only a thing held, kept or run reads so (``rules_facts``):
# "the film is over", "my coffee is gone" end nothing.
OVER_STATES = ("over", "off", "go", "finish", "do", "done", "end", "expire", "lapse", "run out", "no more", "history",
               "a thing of the past", "wrap up", "sell", "cancel", "close", "shut", "scrap", "defunct", "kaput",
               "close down", "shut down", "fizzle out", "peter out", "wind up", "wind down")
OVER_VERBS = ("end", "wrap up", "fold", "disband", "close down", "shut down", "split up", "break up", "fizzle out",
              "peter out", "wind up", "wind down", "fall apart", "fall through", "come to an end", "run its course",
              "lapse", "expire", "run out", "close", "shut")
# What one keeps for years, whose going ends having it ("the boat's gone", "that old kit is long gone")
KEPT_THINGS = frozenset({"car", "van", "bike", "motorbike", "motorcycle", "scooter", "boat", "caravan", "campervan",
                         "camper", "allotment", "piano", "kit", "drum", "drums", "console", "horse", "pony", "truck",
                         "jeep", "canoe", "kayak", "keyboard", "guitar", "hot tub", "shed", "greenhouse", "beehive",
                         "hives", "stall", "podcast", "channel", "blog", "newsletter", "shop", "business"})

END_REWRITES: list[tuple[str, str]] = [
    # "it's been years since I went climbing": the "been ... -ing" the next rule reads
    (r"\bit(?:'s|\s+has|\s+is)\s+been\s+(?:(?:so\s+|too\s+|a\s+)?(?:many\s+|few\s+|good\s+few\s+|long\s+|very\s+long\s+)?"
     r"(?:years|ages|forever|decades?|(?<=long\s)(?:while|time)|long))\s+since\s+(?:I|we)\s+(?:last\s+)?went\s+([a-z]+ing)\b",
     r"I haven't been \1 any more"),
    # "it's been years since I played the violin": a pursuit not taken up since, as "haven't ... any more"
    (rf"\bit(?:'s|\s+has|\s+is)\s+been\s+(?:(?:so\s+|too\s+|a\s+)?(?:many\s+|few\s+|good\s+few\s+|long\s+|very\s+long\s+)?"
     rf"(?:years|ages|forever|decades?|(?<=long\s)(?:while|time)|long))\s+since\s+(?:I|we)\s+(?:last\s+)?"
     rf"(?!{_NOT_PURSUITS}\b|{_MILESTONES}\b|went\b)([a-z]+)\b([^.!?;,]*)", r"I haven't \1\2 any more"),
    # "haven't played squash in years", "Haven't picked up a paintbrush in forever", "we haven't kept goats
    # for a good few years": a pursuit not done for a long stretch has ended ("haven't seen my cousin in
    # years", "haven't slept in ages", "haven't felt this good in years" are no endings)
    # After "and" or "just" the "I" must be said ("They moved to Leeds and haven't played rugby in years", "My
    # kids just haven't played outside"); no question ("Haven't you played squash in years?").
    (rf"(^|[.!;,]\s+|\b(?:but|and|so|honestly|tbh|though|just)\s+)(?![^.!?]*\?)(?:(?:I|we)\s+|(?<!and\s)(?<!just\s))"
     rf"(?:haven't|havent|have\s+not|'ve\s+not)\s+(?!you\b)"
     rf"((?!{_NOT_PURSUITS}\b)[a-z]+(?:\s+(?:up|out|on|in|down|off|to))?)"
     r"((?:\s+(?!(?:this|that|so|as|such|properly|well|much|anything|any|it|him|her|them|one|you|a\s+(?:chance|break|holiday|"
     rf"minute|second|day\s+off))\b)[^.!?;,\s]+)*?)\s+{_GAP}", r"\1I haven't \2\3 any more"),
    # "I don't go climbing any more", "haven't been surfing any more", "no longer go camping": the pursuit
    # given up (its reason, which the reader would take into the object, left out), said as the "stopped doing climbing" the reader knows
    # (a bare "stopped fishing, no patience" would take the next clause's noun)
    (rf"(^|[.!;,]\s+|\b(?:but|and|so|honestly|tbh)\s+)(?:(?:I|we)\s+)?{_DENIED}\s+{_GO_ING}(?=[^.!?;]*?\bany\s*more\b)"
     r"([^.!?;,]*?)\s*\bany\s*more\b(?:\s+(?:since|because\s+of|due\s+to|thanks\s+to|after)\s+[^.!?;,]*)?",
     r"\1I've stopped doing \2\3"),
    (rf"(^|[.!;,]\s+|\b(?:but|and|so)\s+)(?:(?:I|we)\s+)?no\s+longer\s+{_GO_ING}", r"\1I've stopped doing \2"),
    (r"\b(stopped|quit|gave\s+up|given\s+up)\s+going\s+(?=[a-z]+ing\b)", r"\1 doing "),
    # "we don't keep chickens any more", "haven't kept bees any more": a thing kept is a thing had
    # ("don't keep in touch with them", "don't keep up with the news" keep nothing)
    (r"\b(?:don't|do\s+not|haven't|have\s+not)\s+(?:keep|kept)\s+(?!in\s+touch|up\b|track|going|quiet)"
     r"(?=[^.!?;]*?\bany\s*more\b)", r"don't have "),
    # "I'm done renting", "so done with commuting", "officially done fostering": a way of living given up
    # ("done packing", "done eating for today" are a chore finished)
    # A bare "done" needs "I'm" or a "so"/"officially" before it ("Finally done decorating the nursery!" is
    # a job finished); never in a question ("done anything fun this weekend?") nor of "everything".
    (rf"(^|[.!;,]\s+|\b(?:but|and|so)\s+)(?![^.!?]*\?)(?:(?:I'm|I\s+am|im|we're|we\s+are)\s+(?:{_DONE_ADVERB}\s+)*|"
     rf"(?:{_DONE_ADVERB}\s+)*(?<!finally\s)(?:so|totally|officially|completely|absolutely)\s+)done\s+(?!{_CHORE_ING}\b)"
     # after "with" the -ing word is the thing only when no noun follows ("done with dating apps" is the apps)
     r"(?!(?:with\s+)?(?:any|every|no|some)thing\b)(?:([a-z]+ing)|with\s+([a-z]+ing)(?=\s*(?:$|[,.;!?]|\s(?:in|into|at|on|around|across|to|from|any\s*more|"
     r"altogether|completely|forever|for\s+good)\b)))\b"
     r"(?!\s+(?:for\s+(?:the\s+day|today|tonight|now|the\s+week|the\s+night)|up|it|this|that)\b)", r"\1I've stopped \2\3"),
    # "me and Dominic called it quits", "called it a day with Priya": a couple parting ("called it a day
    # at work" is no parting: the partner is required)
    (rf"{_START}(?:me\s+(?:and|&)\s+((?:my\s+)?[\w'-]+)|((?-i:[A-Z])[\w'-]+|my\s+[\w'-]+)\s+(?:and|&)\s+I)\s+"
     r"(?:(?:have|had|'ve)\s+)?(?:just\s+|finally\s+|officially\s+)?called\s+it\s+(?:quits|off)\b",
     r"\1I broke up with \2\3"),
    # "a day" only with a partner named so ("Tom and I called it a day around midnight" went home)
    (rf"{_START}(?:me\s+(?:and|&)\s+(my\s+{_PARTNER})|(my\s+{_PARTNER})\s+(?:and|&)\s+I)\s+"
     r"(?:(?:have|had|'ve)\s+)?(?:just\s+|finally\s+|officially\s+)?called\s+it\s+a\s+day\b",
     r"\1I broke up with \2\3"),
    (r"(^|[.!;,]\s+|\b(?:but|and|so)\s+)(?:(?:I|we)\s+)?(?:(?:have|'ve)\s+)?(?:just\s+|finally\s+|officially\s+)?"
     r"called\s+it\s+(?:a\s+day|quits|off)\s+with\s+(?=(?!" + _NOT_PEOPLE + r"\b)(?-i:[A-Z])[a-z'-]+\b|(?:my\s+)?"
     + _PARTNER + r"\b)", r"\1I broke up with "),
    # Phrasal ways of giving something up, said as the "give up" the reader knows; first, so that the
    # dropped-"I" rule below sees the verb it knows. "I've cut out sugar", "cut out booze completely"
    # ("cut out a recipe", "cut out for this job", "cut out of the will" are no endings)
    (rf"\b(have|'ve|has|'s|had)\s+((?:just\s+|finally\s+|completely\s+|totally\s+)?)cut\s+out\s+"
     rf"(?!(?:a|an|one|some|for|of|on|loads|bits?|pieces?|pictures?|shapes?|coupons?|articles?)\b){_CLIPPED_FROM}",
     r"\1 \2given up "),
    (rf"(^|[.!;]\s+|\b(?:I|we|and|so|but)\s+)((?:just\s+|finally\s+|completely\s+|totally\s+)?)cut\s+out\s+"
     rf"(?!(?:a|an|one|some|for|of|on|loads|bits?|pieces?|pictures?|shapes?|coupons?|articles?)\b){_CLIPPED_FROM}",
     r"\1\2gave up "),
    # "finally kicked the energy drink habit", "kicked my vaping habit", "kicked fags to the kerb": the
    # thing the habit was of ("kick the habit" alone names nothing, and stays unread)
    (r"\bkicked\s+(?:the|my|that|this|our|a)\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+habit\b", r"gave up \1"),
    (r"\bkicked\s+((?:the|my|our)\s+)?((?:[\w-]+\s+)?[\w-]+)\s+to\s+the\s+(?:curb|kerb)\b", r"gave up \1\2"),
    # "we gave the allotment up", "gave my membership up": the particle said last, moved next to its verb
    (r"\b(gave|given)\s+((?:the|my|our)\s+(?!(?:seat|place|spot|turn|time|day|evening|weekend|morning|afternoon|"
     r"lunch|ticket|chance)\b)(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+up\b", r"\1 up \2"),
    # "handed my notice in at Boots": the notice handed in, said the way the reader reads a leaving
    (r"\bhanded\s+(my|our)\s+(notice|resignation)\s+in\b", r"handed in \1 \2"),
    # "Stopped going to the gym", "finally quit vaping", "sold the car in May": the speaker's own ending
    # ("Resigned yesterday, the PM": not when the doer is named after the comma)
    (rf"(^|[.!;]\s+){_FILLER}(?=(?:{_ENDING_VERBS})\b)(?![^.!?\n]*,\s*(?:my|the|our)\s+[\w-]+\s*[.!]*\s*$)", r"\1I \2"),
    # "not doing crossfit anymore", "no longer at Deloitte", "not with Tom any more": a state ended,
    # its "I'm" dropped ("not sure", "not bad" are no endings: the end word is required; a bare "Not
    # anymore." answers what was said before it and keeps its own reading)
    (r"(^|[.!;]\s+)(?=(?:no\s+longer|not)\s+(?!sure\b|really\b|bad\b|great\b|much\b|any\s?more\b|any\s+longer\b)\w[^.!?;]*?\b(?:any\s?more|any\s+longer|no\s+longer)\b)"
     r"(?!no\s+longer\s+(?:sure|certain)\b)", r"\1I'm "),
    (r"(^|[.!;]\s+)(?=no\s+longer\s+(?!sure\b|certain\b|(?:a|an)\s+(?:problem|issue|concern|worry|thing|option|priority|"
     r"factor|big\s+deal|surprise|secret)\b)(?:a|an|at|with|in|into|on|doing|going|working|living|"
     r"playing|seeing|dating|part\s+of|member)\b)", r"\1I'm "),
    # "I'm off caffeine now", "im off the booze for good": a habit given up, said with "off" and a word
    # that it holds from now on ("I'm off to Leeds", "off work today", "off sick" are no endings)
    (r"(^|[.!;]\s+|\b(?:but|and|so|honestly|tbh|yeah|well)\s*,?\s+)(?:I'm|I\s+am|im|I've\s+been|I\s+have\s+been)\s+(?:completely\s+|totally\s+)?off\s+"
     r"(?!to\b|work\b|sick\b|home\b|out\b|now\b|for\s+(?:a|the|two|three|today|tonight)\b|on\b|duty\b|school\b|"
     r"today\b|tomorrow\b|tonight\b|again\b|in\b|with\b|the\s+(?:hook|mark|grid|clock|record)\b)"
     r"(?=(?:the\s+|my\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:now|for\s+good|these\s+days|nowadays|completely|altogether|entirely|since\b))",
     r"\1I've given up "),
    # "Leon and I broke up", "me and Jess split up", "my ex and I called it quits": the partner is the
    # one parted from ("I broke up with Leon"), said as the object the ending rules read, not as a
    # clause of its own that a name the tagger misreads leaves empty
    (rf"{_START}(?:me\s+(?:and|&)\s+((?:my\s+)?[\w'-]+)|((?-i:[A-Z])[\w'-]+|my\s+[\w'-]+)\s+(?:and|&)\s+I)\s+"
     r"(?:(?:have|had|'ve)\s+)?(?:just\s+|finally\s+|officially\s+)?(?:broke|split|broken)\s+up\b",
     r"\1I broke up with \2\3"),
    # "I let my gym membership lapse", "we let the insurance run out": a thing held, ended by not renewing it
    (r"\b(?:I|we)\s+(?:just\s+|finally\s+)?(?:let|have\s+let|'ve\s+let)\s+((?:my|our|the)\s+(?:[\w'-]+\s+){0,3}?"
     r"(?:membership|subscription|insurance|contract|lease|licen[cs]e|policy|pass|passport|registration|account|plan|"
     r"domain|certification|tenancy|season\s+ticket))\s+(?:lapse|run\s+out|expire)\b", r"I cancelled \1"),
    # "I ended things with Sam", "broke it off with my girlfriend", "finished it with Leo": a partner parted from
    # ("ended things with the builder" is no partner: a name or a partner word is required)
    (r"\b(?:I|we)\s+(?:have\s+|'ve\s+)?(?:just\s+|finally\s+|officially\s+)?(?:ended|finished|broke\s+off|called\s+off)\s+"
     r"(?:things|it|stuff)\s+(?:off\s+)?with\s+(?=(?!" + _NOT_PEOPLE + r"\b)(?-i:[A-Z])[a-z'-]+\b|(?:my\s+)?" + _PARTNER + r"\b)",
     r"I broke up with "),
    # "My last day at the council was Friday", "Friday was my last shift at Tesco", "finished my last day at the
    # bakery": a place of work left (said as "I left ...", which the leaving rule reads; "my last day at the beach
    # was lovely" has no time, and "my last day at Tesco is Friday" is still to come)
    (r"(^|[.!;,]\s+|\b(?:and|but|so)\s+)(?:my\s+)?(?:(?:I|we)\s+(?:just\s+)?(?:finished|worked|did)\s+my\s+)?last\s+(?:day|shift|week)\s+"
     r"(?:at|with|for)\s+((?:the\s+)?(?:(?!(?:is|was|will)\b)[\w'&-]+\s+){0,3}?(?!(?:is|was|will)\b)[\w'&-]+)\s+(?:was\s+)?"
     r"(?=(?:yesterday|today|on\s+\w+|last\s+\w+|"
     r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)", r"\1I left \2 "),
    (r"(^|[.!;,]\s+)((?:yesterday|today|(?:last\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day))\s+was\s+my\s+last\s+"
     r"(?:day|shift|week)\s+(?:at|with|for)\s+", r"\1\2 I left "),
    # "No more soda for me", "no more takeaways for us": a thing given up, said as what is no more
    (r"(^|[.!;]\s+)(?:(?:so|and|but|yeah)[,]?\s+)?no\s+more\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+for\s+(?:me|us)\b",
     r"\1I've given up \2"),
    # "me and Jess split up", "Me and my girlfriend broke up last week": the couple, speaker last
    (rf"{_START}me\s+(?:and|&)\s+((?:my\s+)?[\w'-]+)\s+(?=(?:{_PARTING})\b)", r"\1\2 and I "),
]
