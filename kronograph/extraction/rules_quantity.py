"""Quantities that change: "I raised my snack budget to $75", "we've merged 165 commits into
main", "the API now averages around 250ms".

Each becomes a slot named after what it measures (``quantity_snack_budget``,
``quantity_commits_merged_into_main``, ``quantity_api_response_time``) holding the value as
written ("$75"), so a later value supersedes it and ``as_of`` answers the earlier one (the
``quantity_`` prefix is single-valued in :mod:`kronograph.temporal.predicates`). Read with
patterns over the clause's words rather than the parse: the phrases are short and fixed
("is now", "went up to", "takes"), and the small model often tags numbers and units badly.
"""

from __future__ import annotations

import re

from ..temporal.predicates import QUANTITY_PREFIX
from .quantity_keys import PAID_IN, canonical, period_of
from .rules_clause import ReadClause
from .rules_draft import Draft
from .rules_lexicon import RELATIVES

_NUMBER_WORDS = (r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
                 r"sixty|seventy|eighty|ninety|hundred|a hundred|a thousand|a dozen|dozens of")
_APPROX = (r"(?:(?:about|around|roughly|nearly|almost|over|under|just|only|exactly|approximately|at\s+least|~|"
           r"maybe|probably|easily|like|a\s+solid|a\s+good|a\s+full|the\s+best\s+part\s+of|"
           r"a\s+little|a\s+bit|well|more\s+than|less\s+than|fewer\s+than|close\s+to|upwards\s+of)\s+){0,2}")
_UNIT = (r"%|percent|ms|milliseconds?|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|"
         r"kg|kgs|kilos?|kilograms?|lbs?|pounds?|miles?|km|kilometers?|kilometres?|k|dollars?|euros?|bucks|grand|"
         r"steps|cups?|glasses|bottles|pages|words|calories|kcal|bpm|mph|km/h|kph|gb|mb|tb|metres|meters|m|feet|foot|ft|inches|"
         r"cm|mm|litres?|liters?|ml|gallons?|acres?|square\s+(?:feet|foot|metres|meters)|sq\s?ft|points?|pts")
_UNIT_A = r"mile|kilometre|kilometer|km|hour|minute|day|week|month|year|metre|meter|foot|litre|liter|gallon|dozen|hundred|thousand"
_VALUE = (rf"{_APPROX}(?P<num>[$€£]\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s?[km]\b)?|\d{{1,2}}:\d\d(?::\d\d)?\b|\d(?:[\d,]*\d)?(?:\.\d+)?"
          rf"(?:\s+and\s+a\s+half)?|(?:{_NUMBER_WORDS})(?:\s+and\s+a\s+half)?|(?:a|an|half\s+an?)(?=\s+(?:{_UNIT_A})\b))"
          rf"(?P<unit>\s?(?:{_UNIT})(?![a-z0-9/])(?:\s+(?:and\s+)?\d+\s+(?:minutes?|mins?|seconds?|secs?))?)?(?P<rate>(?:\s+(?:over|out\s+of)\s+\d+)?(?:\s+(?:a|an|per|each)\s+"
          rf"(?:day|night|week|month|year|hour|session|game)|\s?/\s?(?:hr|hour|day|wk|week|mo|month|yr|year)\b)?)")
_MEASURE = r"(?P<m>(?:\d+(?:k|km|mi|m)\s+)?[a-z][a-z0-9'&/ -]{1,48}?)"  # "my 5k time": a distance names it too
_OWNER = r"(?:my|our|the|this)"  # his/her/their: someone else's number, not the speaker's
_COPULA = (r"(?:is|was|are|were|'s|has\s+been|have\s+been|went\s+up\s+to|went\s+down\s+to|rose\s+to|grew\s+to|"
           r"increased\s+to|jumped\s+to|(?:is|are|was|were)\s+(?:up|down)\s+to|dropped\s+to|fell\s+to|decreased\s+to|is\s+down\s+to|is\s+up\s+to|came\s+to|"
           r"'s\s+(?:up|down)\s+to|came\s+back\s+at|eats(?:\s+up)?|takes\s+up|stands\s+at|hit|reached|averages|takes|costs?(?:\s+(?:us|me|them|him|her))?|is\s+averaging|"
           r"is\s+sitting\s+at|sits\s+at|runs\s+in|loads\s+in|lasts|comes\s+in\s+at|weighs|"
           r"(?:has|have)\s+(?:grown|risen|fallen|dropped|shrunk|increased|decreased|gone\s+up|gone\s+down|climbed)\s+to)")
#: what one has "had for two years" that counts as kept: a pet or a person, not a cough or a car
_KEPT_FOR = (r"(?:dog|dogs|cat|cats|puppy|pup|kitten|kitty|rabbit|rabbits|bunny|hamster|horse|pony|parrot|bird|budgie|"
             r"tortoise|turtle|snake|lizard|gecko|fish|ferret|rat|rats|mouse|chickens|hens|goat|pig|guinea\s+pig|"
             r"boy|girl|boys|girls|baby|pet|pets|lab|labrador|spaniel|terrier|collie|pug|beagle)")
#: what one "has had" that is an ailment, not a thing kept ("I've had this cough for 2 months")
_AILMENTS = (r"(?:cough|cold|flu|rash|headache|headaches|migraine|migraines|pain|ache|infection|injury|fever|symptoms?|"
             r"condition|throat|chest|back|knee|eczema|acne|asthma|insomnia|anxiety|depression)")
_ADVERBS = r"(?:(?:now|currently|finally|usually|typically|normally|still|already|only|just)\s+)?"
# the noun a count names ("40,000 monthly active users now"): up to three words, no time word
_NOUN = r"(?P<noun>[a-z][a-z-]+(?:\s+(?!now\b|today\b|already\b|so\b|this\b|last\b)[a-z][a-z-]+){0,2})"
_PATTERNS: list[tuple[str, re.Pattern[str]]] = [(name, re.compile(p, re.I)) for name, p in [
    # "my rent is $1,800 a month", "our test coverage is at 82% now", "the build now takes 8 minutes"
    ("state", rf"(?:^\W*(?P<pre>[a-z][a-z-]+(?:\s+[a-z][a-z-]+){{0,2}})\s+(?:on|of|for|in)\s+)?\b{_OWNER}\s+{_MEASURE}(?:\s+|(?='s\s)){_ADVERBS}{_COPULA}\s+{_ADVERBS}(?:at\s+)?{_VALUE}"
              r"(?P<counted>\s+(?!people\b|persons\b|folks\b|now\b|this\b|was\b|is\b|has\b|its\b|plus\b)[a-z][a-z-]+s\b)?"
              r"(?P<dim>\s+(?:long|wide|tall|high|deep)\b)?"),
    # "I raised my snack budget to $75", "we cut our ad spend to 2k"
    ("set", rf"\b(?:i|we|they|he|she)\s+(?:\w+\s+)?(?:raised|increased|upped|bumped|cut|lowered|reduced|set|dropped|changed|"
            rf"moved|doubled|capped|pushed)\s+(?:up\s+)?{_OWNER}\s+{_MEASURE}\s+(?:up\s+|down\s+)?to\s+{_VALUE}"),
    # "rent jumped to $2,100", "test coverage went up to 91%", "Netflix costs me $15.49 a month": no
    # owner word, so the slot is the speaker's only by the change or the "me" (see _not_the_speakers)
    ("bare", rf"^\W*(?!(?:his|her|their|your|its|my|our|the|this|that|a|an)\b){_MEASURE}(?:\s+|(?='s\s))(?:now\s+)?(?P<how>(?:went|(?:has|'s)\s+gone)\s+(?:up|down)\s+to|rose\s+to|jumped\s+to|"
             rf"dropped\s+to|fell\s+to|increased\s+to|decreased\s+to|climbed\s+to|is\s+(?:now\s+)?(?:up|down)\s+to|"
             rf"costs\s+(?:me|us)|is(?:\s+now)?|'s(?:\s+now)?)\s+{_VALUE}"),
    # "Netflix is £10.99 a month for us", "council tax is £182 a month for me": a sum the speaker pays
    ("for_us", rf"^\W*(?!(?:his|her|their|your|its|my|our|the|this|that|a|an|it|there)\b){_MEASURE}\s+(?:is|are|'s|costs?)\s+"
               rf"(?:now\s+)?{_VALUE}\s+for\s+(?:us|me|the\s+(?:two|three|four|five)\s+of\s+us)\b"),
    # "it's 38 miles each way to the office", "it's a 40 minute drive to my mum's": how far a place the speaker goes is
    ("trip", rf"^\W*it(?:'s|\s+is)\s+(?:now\s+|only\s+|still\s+)?(?:a\s+)?{_VALUE}(?:\s+(?:each|one)\s+way)?"
             r"(?:\s+(?:drive|walk|ride|trip|cycle|commute|journey|flight))?(?:\s+(?:each|one)\s+way)?\s+(?:to|from)\s+"
             r"(?P<m>(?:the|my|our|work|school|uni|college|home)\b[\w' -]{0,30}?)(?=\s*(?:[,.!;]|$|\s+(?:and|but|so|which|if|when)\b))"),
    # "I'm down to 74 kilos", "I'm up to 190 pounds": the speaker's weight
    ("self", rf"\b(?:i'm|i\s+am)\s+(?:now\s+)?(?:down|up)\s+to\s+{_VALUE}"
             r"(?=\s*(?:[,.!;]|$|\s+(?:now|already|since|this|after|from|at\s+last)\b))"),  # not "... on my squat"
    # "the app has 10,000 users now", "the cluster runs 40 nodes"
    ("has", rf"^\W*(?:the|our|my)\s+{_MEASURE}(?:\s+|(?='s\s))(?:now\s+|currently\s+)?(?P<v>has(?:\s+got)?|have(?:\s+got)?|'s\s+got|runs|serves|handles|gets|counts)\s+"
            rf"(?:now\s+)?{_VALUE}\s+(?P<noun>[a-z][a-z-]+(?:\s+(?!(?:now|today|already|on|in|at|of|for|to|with|it)\b)[a-z][a-z-]+){{0,2}})"),
    # "our Etsy shop passed 900 sales this week": a milestone of the speaker's thing (see _MILESTONES)
    ("passed", rf"^\W*(?:our|my)\s+{_MEASURE}\s+(?:just\s+|finally\s+|now\s+|officially\s+)?(?:hit|passed|reached|crossed|"
               rf"topped|surpassed)\s+{_VALUE}\s+(?P<noun>[a-z][a-z-]+)"),
    # "there are 9 of us on the team now", "there are five of us at home"
    ("of_us", rf"^\W*there(?:'s|\s+are|'re|\s+is)\s+(?:now\s+)?{_VALUE}\s+of\s+us\b(?:\s+(?:now\s+)?(?:on|in|at)\s+"
              r"(?:the\s+|our\s+|my\s+)?(?P<m>[a-z][\w-]*))?"),
    # "I drink three cups of coffee a day", "I get through about 50 books a year": how many per period
    ("rate", rf"\b(?:i|we)(?:'re|\s+are|'m|\s+am|\s+usually|\s+normally|\s+typically|\s+still|\s+now)*\s+(?P<v>get\s+through|"
             rf"go\s+through|getting\s+through|drink|drinking|eat|eating|smoke|smoking|sell|selling|do|doing|make|making|"
             rf"bake|baking|ship|shipping|see|seeing|serve|serving|write|writing|average|averaging|finish|read|reading)\s+"
             rf"{_APPROX}(?P<num>\d[\d,]*(?:\.\d+)?k?|{_NUMBER_WORDS})\s+(?P<noun>[a-z][a-z-]+)(?:\s+of\s+(?P<of>[a-z][a-z-]+))?"
             r"(?P<rate>\s+(?:a|an|per|each|every)\s+(?P<per>day|night|week|month|year|morning|evening|session|shift))"),
    # "I do yoga for about 40 minutes every morning": how long a habit lasts
    ("session", rf"\b(?:i|we)(?:\s+usually|\s+normally|\s+still)?\s+(?:do|practi[cs]e|play|go)\s+(?P<m>[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)\s+"
                rf"for\s+{_VALUE}(?P<every>\s+(?:a|an|per|each|every)\s+(?:day|morning|evening|night|week|session))"),
    # "walking the kids to school takes me 40 minutes", "the school run takes us half an hour"
    ("takes_me", rf"^\W*(?!(?:it|that|this|which|he|she|they|i|we|you|there|his|her|their)\s+(?:took|takes|costs)\b)"
                 rf"(?!(?:his|her|their)\b)(?:the\s+|my\s+|our\s+|that\s+|this\s+)?(?P<m>[a-z][a-z' -]{{2,40}}?)\s+"
                 rf"(?:(?:takes|costs)\s+(?:me|us)|took(?:\s+(?:me|us))?)\s+{_VALUE}(?!\s+(?:longer|more|less|extra|of\s+us)\b)"),
    # "Four dogs is already a lot", "my two dogs are best buddies": a count said as the subject, the
    # whole count when a plural takes "is", the speaker's own things when "my"/"our" leads
    ("counted", rf"^\W*(?:(?:and|but|so)\s+)?(?:(?P<own>my|our)\s+)?(?P<num>\d[\d,]*|{_NUMBER_WORDS})\s+"
                r"(?P<noun>[a-z][a-z-]+s)\s+(?P<be>is|are|'s|'re)\b"),
    # "there are about 40 goldfish in our pond now", "there's 6 chickens in the garden": a count at home
    ("there", rf"^\W*there(?:'s|\s+are|'re|\s+is)\s+(?:now\s+)?{_APPROX}(?P<num>\d[\d,]*|{_NUMBER_WORDS})\s+"
              r"(?P<noun>[a-z][a-z-]+)\s+(?:living\s+)?(?:in|at)\s+(?:our|my|the)\s+(?P<where>[a-z]+)\b"
              r"(?!\s+(?:next\s+door|across|opposite|over\s+the\s+road|down\s+the\s+(?:road|street)|at\s+the\s+park|of\s+\w+))"),
    # "I've been sober for 200 days", "we've been together three years": how long a state has lasted
    ("lasted", rf"\b(?:i|we)(?:'ve|\s+have)\s+been\s+(?P<m>(?:doing\s+)?[a-z][a-z-]+(?:\s+(?:and\s+)?[a-z][a-z-]+){{0,3}}?)"
               rf"(?:\s+on\s+and\s+off)?\s+(?:for\s+)?{_APPROX}(?P<num>\d+|{_NUMBER_WORDS}|a|an)\s+(?P<unit>years?|months?|weeks?|days?)\b"),
    # "I've been at the hospital 9 years now", "been with the band for two years": how long the speaker has been there
    ("been_at", rf"(?:^\W*|\b(?:i|we)(?:'ve|\s+have)\s+)(?:now\s+|already\s+)?been\s+(?P<prep>at|with|on)\s+"
                rf"(?P<m>(?:(?:the|this|that|my|our)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)\s+(?:for\s+)?{_APPROX}"
                rf"(?P<num>\d+|{_NUMBER_WORDS}|a|an)\s+(?P<unit>years?|months?)\b"),
    # "Pepper and Panda have been with me three years", "I've had her two years now": how long one has had them
    ("had_for", rf"(?:^\W*(?P<who>(?-i:[A-Z])[\w-]*(?:(?:,\s*|\s+and\s+)(?-i:[A-Z])[\w-]*){{0,3}}|(?:my|our)\s+[a-z]+)\s+"
                rf"(?:has|have|'s|'ve)\s+been\s+with\s+(?:me|us)|\b(?:i|we)(?:'ve|\s+have)\s+had\s+"
                rf"(?P<had>(?-i:[A-Z])[\w-]*|her|him|them|(?:(?:this|the)\s+(?=(?:[a-z]+\s+)?{_KEPT_FOR}\b)|(?:my|our)\s+(?!(?:[a-z]+\s+)?{_AILMENTS}\b))"
                rf"[a-z]+(?:\s+(?!for\b)[a-z]+)?))"
                rf"\s+(?:for\s+)?{_APPROX}(?P<num>\d+|{_NUMBER_WORDS}|a|an)\s+(?P<unit>years?|months?)\b"),
    # "I have three dogs", "I've got 120 students this semester", "we have 12 people on the team"
    ("count", rf"\b(?:i|we)(?:\s*'ve|\s+(?:have|now|currently|still|already))*\s+(?:have|had|got|own|keep|care\s+for|get)\s+{_APPROX}"
              r"(?P<num>(?:\d[\d,]*(?:\.\d+)?k?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|a\s+dozen)"
              r"(?:\s+and\s+a\s+half)?)\s+"
              r"(?P<noun>[a-z][a-z-]+(?:\s+(?!(?:on|in|at|for|of|now|today)\b)[a-z][a-z-]+)?)(?P<of>\s+of\s+[a-z][a-z-]+)?(?P<where>\s+(?:on|in|at)\s+(?:the\s+|our\s+|my\s+)?(?!(?:an?|week\w*|nights?|days?|average|work|weekends?)\b)[A-Za-z][\w-]*(?:\s+list)?)?"),
    # "we're at roughly 40,000 monthly active users", "we just hit 10k followers", "we've passed 500 members"
    ("at", rf"\b(?:we're|we\s+are|i'm|i\s+am|we've|we\s+have|i've|i\s+have|we|i)(?:\s+(?:now|just|finally|already|officially))*"
           rf"\s+(?:now\s+)?(?:at|hit|reached|passed|crossed|topped|surpassed)\s+{_VALUE}\s+{_NOUN}"),
    # "I scored 92 on the final exam", "I got 7.5 in my IELTS": a score keyed by what was scored
    ("score", rf"\b(?:i|we)(?:'ve|\s+have|\s+just|\s+finally)*\s+(?:scored|got|earned|received|achieved|shot)\s+(?:an?\s+)?{_VALUE}"
              r"(?:\s+points?)?\s+(?:on|in|at|for)\s+(?:the\s+|my\s+|our\s+|a\s+|an\s+)?"
              r"(?P<m>[a-z][\w -]{1,30}?)(?=\s*(?:[,.!;]|$|\s+(?:last|this|yesterday|today|and|but|which|after)\b))"),
    # "we've merged 165 commits into main", "I've read 30 books this year", "I lost 10 pounds"
    ("done", rf"\b(?:i|we)(?:'ve|\s+have|\s+had|\s+just|\s+already|\s+now)*\s+(?P<v>merged|read|saved|raised|lost|gained|"
             rf"sold|written|wrote|run|ran|walked|cycled|biked|swum|swam|hiked|shipped|closed|fixed|published|finished|"
             rf"completed|earned|donated|logged|scored|collected|planted|baked|built|released|watched|visited|"
             rf"deployed|onboarded|hired|signed\s+up|booked|answered|resolved|taught|trained|recorded|made)\s+"
             rf"{_VALUE}(?P<rest>(?:\s+(?:of\s+)?[a-z][\w-]*){{0,3}}(?:\s+(?:into|to|for|on|from|in)\s+(?:the\s+|our\s+|my\s+)?"
             rf"[a-z][\w-]*)?)"),
    # "I'm on a 45-day Duolingo streak", "we're at a 12 game winning streak": a run of days or games, keyed by what runs
    ("streak", rf"\b(?:i'm|i\s+am|we're|we\s+are|i've\s+got|we've\s+got|i\s+have|we\s+have)\s+(?:now\s+|currently\s+|still\s+|finally\s+)?"
               rf"(?:on|at|hit|reached)?\s*(?:a|an|my|our)\s+(?P<num>\d[\d,]*|{_NUMBER_WORDS})[- ]"
               r"(?P<unit>days?|weeks?|months?|games?|matches?|wins?)\s+(?P<m>(?:[\w'-]+\s+){0,3}?)streak\b"
               r"(?:\s+(?:on|in|with)\s+(?P<on>(?!the\b|my\b)[\w'-]+))?"),
    # "I weigh 70 kg", "I sleep about six hours a night", "I'm paying $12 a month for Spotify"
    ("verb", rf"\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ve\s+been|\s+have\s+been|\s+now|\s+currently|\s+usually|\s+only)*\s+(?P<v>weigh|earn|make|"
             rf"pay|paying|spend|spending|sleep|sleeping|work|working|drink|eat|train|training|walk|run|read|commute|save|"
             rf"saving|charge|charging|bill|owe|practice|practise|study|swim|cycle|bike|running|walking|cycling|swimming|"
             rf"biking)\s+{_VALUE}(?!,?\d)(?!(?:\s+[\w-]+){{0,2}}\s+(?:late|behind|early|short|slow|fast)\b)"
             rf"(?P<rest>(?:\s+(?!(?:for|on|at)\b)(?:of\s+)?[a-z][\w-]*){{0,2}})?(?P<what>\s+(?:for|on|at)\s+[A-Za-z][\w -]{{1,30}})?"),
]]
_STOP = frozenset({"a", "an", "the", "this", "that", "these", "now", "my", "our", "their", "his", "her", "so", "far", "today", "yesterday", "per", "each",
                   "since", "last", "every", "already", "too", "and", "but", "which", "when", "because", "with",
                   "right", "at", "by", "in", "on", "for", "from", "of", "to", "into", "year", "week", "month", "day"})
_NOT_MEASURES = frozenset({"number", "phone", "phone number", "id", "id number", "pin", "code", "password", "address",
                           "email", "card", "card number", "birthday", "name", "zip", "zip code", "postcode",
                           "passport number", "account number", "ssn", "age", "favorite number", "lucky number",
                           "one", "first", "last", "only", "best", "it", "that", "this"})
_VERB_MEASURES = {"weigh": "weight", "earn": "earnings", "make": "earnings", "pay": "payment", "paying": "payment",
                  "spend": "spending", "spending": "spending", "sleep": "sleep", "sleeping": "sleep", "work": "working hours",
                  "working": "working hours", "drink": "drinks", "eat": "eating", "train": "training",
                  "training": "training", "walk": "walking", "run": "running", "read": "reading",
                  "commute": "commute", "save": "savings", "saving": "savings", "charge": "rate", "charging": "rate",
                  "bill": "rate", "owe": "debt", "practice": "practice", "practise": "practice", "study": "study time",
                  "swim": "swimming", "cycle": "cycling", "bike": "cycling", "biking": "cycling"}
_UNIT_MEASURES = {"pound": "weight", "pounds": "weight", "lbs": "weight", "lb": "weight", "kg": "weight",
                  "kgs": "weight", "kilos": "weight", "mile": "distance", "miles": "distance", "km": "distance",
                  "kilometers": "distance", "kilometres": "distance", "hours": "hours", "hour": "hours",
                  "minutes": "time", "days": "days", "steps": "steps"}
_COUNTED = frozenset({"steps", "cups", "glasses", "bottles", "pages", "words", "calories", "kcal"})
_WHEN_WORDS = frozenset({"week", "weeks", "weekend", "weekends", "weekday", "weekdays", "night", "nights", "day", "days",
                         "month", "months", "year", "years", "morning", "mornings", "evening", "evenings", "average"})
_LONG_UNITS = re.compile(r"^(?:days?|weeks?|months?|years?)$", re.I)  # "the refit took six weeks": how long it took
_TIME_UNITS = re.compile(r"^(?:ms|milliseconds?|seconds?|secs?|minutes?|mins?|hours?|hrs?|s)$", re.I)


def _words(text: str) -> list[str]:
    return [w.removesuffix("'s") for w in re.findall(r"[a-z0-9][a-z0-9'&/-]*", text.lower())]  # "team's velocity"


def _trim(words: list[str]) -> list[str]:
    while words and words[0] in _STOP:
        words = words[1:]
    while words and words[-1] in _STOP:
        words = words[:-1]
    return words


def _value(m: re.Match[str]) -> str:
    end = max(m.end(g) for g in ("num", "unit", "rate") if g in m.re.groupindex and m.group(g))
    return m.string[m.start("num"):end].strip()


def _measure(kind: str, m: re.Match[str]) -> str | None:
    groups = m.groupdict()
    unit = (groups.get("unit") or "").strip().lower()
    if kind == "self":
        return "weight" if _UNIT_MEASURES.get(unit) == "weight" else None
    if kind == "bare":
        words = _trim(_words(m["m"]))
        return " ".join([*words, "price"] if m["how"].lower().startswith("costs") else words)
    if kind == "for_us":
        if not re.match(r"[$€£]", m["num"]) and unit not in {"dollars", "euros", "pounds", "bucks", "grand", "k"}:
            return None
        words = _trim(_words(m["m"]))
        return " ".join(words if words and words[-1] in PAID_IN | _OWN_MEASURES else [*words, "price"])
    if kind == "trip":
        if not unit:
            return None
        place = _trim([w for w in _words(m["m"]) if w not in {"my", "our", "the"}])
        how_far = "distance" if _UNIT_MEASURES.get(unit) == "distance" else "travel time" if _TIME_UNITS.match(unit) else None
        return " ".join([how_far, "to", *place]) if how_far and place else None
    if kind in _NEW_KINDS:
        return _measure_more(kind, m, unit)
    if kind in {"state", "set"}:
        words = _trim(_words(m["m"]))
        if groups.get("pre"):  # "test coverage on the payments service": the service's test coverage
            words = [*words, *_trim(_words(m["pre"]))]
        if kind == "state" and re.search(r"\b(?:averages|takes|runs\s+in|loads\s+in|lasts)\b", m[0], re.I) \
                and _TIME_UNITS.match(unit) and words and words[-1] not in {"time", "duration", "latency"}:
            lead = m[0].lower()
            words.append("response time" if "averages" in lead else "load time" if "loads" in lead else "time")
        elif kind == "state" and re.search(r"\bcosts?\b", m[0], re.I) and words and words[-1] not in {"price", "cost"}:
            words.append("price")  # "the house cost us $420,000"
        elif kind == "state" and re.search(r"\bweighs\b", m[0], re.I) and words and words[-1] != "weight":
            words.append("weight")
        elif kind == "state" and not unit and m.group("counted"):
            words.append(m["counted"].strip().lower())  # "our team has grown to nine engineers": team engineers
        elif kind == "state" and m.group("dim"):
            words.append(_DIMENSIONS[m["dim"].strip().lower()])  # "the garden's about 30 metres long"
        return " ".join(words)
    if kind == "score":  # "I scored 40 points in a game": game points
        return " ".join([*_trim(_words(m["m"])), "points" if unit.startswith(("point", "pt")) else "score"])
    if kind == "at":
        return " ".join(_trim(_words(m["noun"])))
    if kind == "has":
        return " ".join(_trim(_words(m["m"])) + _trim(_words(m["noun"])))
    if kind == "count":
        where = [w for w in _words(groups.get("where") or "") if w not in {"the", "our", "my"}]
        of = _trim(_words(groups.get("of") or ""))
        if of and m["noun"].lower() in _OF_UNITS:  # "six hours of sleep": sleep
            return " ".join(of + where)
        return " ".join(_trim(_words(m["noun"])) + where)
    rest = _trim(_words(groups.get("rest") or ""))
    if kind == "done":
        verb = m["v"].lower().replace(" ", "_").replace("_", " ")
        noun = rest[:1] if rest and not unit else []
        tail = rest[1:] if noun else rest
        head = noun or [_UNIT_MEASURES.get(unit, "money" if m["num"].lstrip()[:1] in "$€£" else "")]
        return " ".join([w for w in head if w] + [verb] + [w for w in tail if w not in _STOP or w in {"into", "for", "to"}])
    base = _VERB_MEASURES.get(m["v"].lower(), m["v"].lower())
    said = _words(groups.get("what") or "")
    what = _trim(said)
    if said[-1:] and said[-1] in _WHEN_WORDS:
        what = []  # "I sleep six hours a night on a good week": when, not on what
    if base == "payment" and len(rest) == 1 and rest[0] in PAID_IN:
        # "I pay $1,650 in rent": the rent; "... in rent for my mom": her rent, not the speaker's own
        return " ".join([rest[0], *(["for", *what] if what and what[0] in RELATIVES else [])])
    if unit in _COUNTED and not base.endswith(unit):
        base = f"{base} {unit}"  # "I walk about 10,000 steps a day": walking steps
    if base == "drinks" and rest:
        base = rest[-1]
    return " ".join([base, *(["for", *what] if what else [])])


#: "Rent jumped to $2,100": the parser's subject is the measure; "sober for 200 days": the stretch is the value, not a start
_KIND_FLAGS = {"bare": ("speakers_own",), "self": ("speakers_own",), "lasted": ("timeless",), "been_at": ("timeless",),
               "had_for": ("timeless",)}
_NEW_KINDS = frozenset({"passed", "of_us", "rate", "session", "takes_me", "lasted", "streak", "counted", "there",
                        "been_at", "had_for"})
#: plural nouns a count of which is a stretch or an amount, not the speaker's things ("two hours is too long")
_NOT_COUNTED = frozenset({"hours", "minutes", "seconds", "days", "weeks", "months", "years", "times", "people", "persons",
                          "folks", "guys", "bucks", "dollars", "pounds", "euros", "quid", "grand", "percent", "points",
                          "miles", "kilos", "reasons", "things", "ways", "words", "cents", "pence", "nights", "mornings"})
#: where a count of things is the speaker's household's ("40 goldfish in our pond"), not the world's
_HOME_PLACES = frozenset({"house", "home", "flat", "apartment", "family", "garden", "pond", "tank", "aquarium", "yard",
                          "field", "household", "loft", "barn", "coop", "shed", "hives", "stable", "paddock", "allotment"})
_DIMENSIONS = {"long": "length", "wide": "width", "tall": "height", "high": "height", "deep": "depth"}
#: what a count of is named after ("six hours of sleep", "three cups of coffee")
_OF_UNITS = frozenset({"hours", "hour", "minutes", "cups", "cup", "glasses", "bottles", "pints", "cans", "slices",
                       "pieces", "bowls", "shots", "servings", "portions", "packs", "pages", "days", "weeks", "nights",
                       "loaves", "bags", "boxes", "tins", "jars", "packets", "bars", "rolls", "kilos", "kg", "litres",
                       "liters", "cartons", "tubs", "pots", "bunches", "sacks", "crates", "tanks", "rounds"})
_GROUP_SIZES = {"team": "team size", "home": "household size", "house": "household size", "household": "household size",
                "family": "family size", "flat": "household size", "board": "board size", "staff": "staff size"}
#: words that make "I've been X for two years" a place, job or company rather than a state's length
_NOT_LASTING = frozenset({"in", "at", "with", "to", "for", "on", "from", "by", "into", "here", "there", "it", "this",
                          "that", "so", "really", "very", "a", "an", "the", "my", "our", "his", "her", "their",
                          "living", "working", "staying", "based", "going", "coming", "back", "away",
                          "told", "asked", "waiting", "trying", "thinking", "meaning", "planning", "saying", "busy",
                          # states other rules read, with their start ("I've been married for 10 years")
                          "married", "engaged", "divorced", "separated", "widowed", "single", "vegan", "vegetarian",
                          "pescatarian", "employed", "unemployed", "retired", "pregnant"})


#: what one has "been with" or "been at" that is no place, group or one's own ("been at it", "been with you")
_NOT_WITH = frozenset({"it", "me", "us", "you", "them", "him", "her", "that", "this", "least", "most", "home", "work",
                       "school", "each", "war", "odds"})


def _measure_more(kind: str, m: re.Match[str], unit: str) -> str | None:
    """The measure of the per-period, group, session and duration wordings."""
    if kind == "passed":
        noun = m["noun"].lower()
        return " ".join([*_trim(_words(m["m"])), noun]) if noun in _MILESTONES else None
    if kind == "of_us":
        where = (m["m"] or "home").lower()
        return _GROUP_SIZES.get(where, f"{where} size")
    if kind == "rate":
        noun, of = m["noun"].lower(), (m["of"] or "").lower()
        thing = of if of and noun in _OF_UNITS else noun
        if thing in _OF_UNITS or thing in _STOP or (m["v"].lower().startswith("do") and not of):
            return None  # "I do 3 hours a day": of what is not said; "I do 20 pushups a day" reads as a rate below
        return f"{thing} per {m['per'].lower()}"
    if kind == "session":
        return " ".join([*_trim(_words(m["m"])), "time"]) if _TIME_UNITS.match(unit) else None
    if kind == "streak":  # "45-day Duolingo streak": the Duolingo streak; "winning streak" stays whole
        return " ".join([*_trim(_words(m["m"] + " " + (m["on"] or ""))), "streak"])
    if kind == "counted":
        noun = m["noun"].lower()
        if noun in _NOT_COUNTED or noun.endswith("ss") or (not m["own"] and m["be"].lower() not in {"is", "'s"}):
            return None  # "two people are coming": no count of the speaker's own
        return noun
    if kind == "there":
        return m["noun"].lower() if m["where"].lower() in _HOME_PLACES and m["noun"].lower() not in _NOT_COUNTED else None
    if kind in {"been_at", "had_for"}:  # "time at hospital", "time with pepper and panda", "time with her"
        if kind == "been_at":
            if re.search(r"\b[A-Z]", m["m"]):
                return None  # "I've been at Siemens for five years": an employer, read with its start elsewhere
            prep, words = m["prep"].lower(), _trim(_words(m["m"]))
        else:
            prep, words = "with", [w for w in _words(m["who"] or m["had"]) if w not in {"my", "our", "this", "the"}]
        if not words or (words[0] in _NOT_WITH and not (kind == "had_for" and words[0] in {"her", "him", "them"})) \
                or len(words) > 4:
            return None
        return " ".join(["time", prep, *words])
    if kind == "takes_me":
        words = [w for w in _words(m["m"]) if w not in _STOP or w == "to"]
        words = _trim(words)[:4]
        how = "time" if _TIME_UNITS.match(unit) or (" took" in m[0] and _LONG_UNITS.match(unit)) \
            else "cost" if m["num"][:1] in "$€£" else None
        return " ".join([*words, how]) if words and how else None
    words = [w for w in _words(m["m"]) if w != "doing"]  # lasted
    if not words or any(w in _NOT_LASTING for w in words) or len(words) > 4:
        return None
    return " ".join([*words, "duration"])


#: "I'm 5'11", "im 5 foot 6", "I'm 6ft 1": a height said with "I'm" and no "tall"
_HEIGHT = re.compile(r"\b(?:i'm|i\s+am|im)\s+(?:only\s+|about\s+|around\s+|nearly\s+|almost\s+|just\s+(?:under|over)\s+)?"
                     r"(?P<h>\d\s?(?:'|ft|foot|feet)\s?(?:\d{1,2}(?:\s?(?:\"|''|in\b|inches\b))?)?|1[.,]\d{1,2}\s?m|1\d\d\s?cm)"
                     r"(?![\w'])(?!\s+(?:away|from|off|behind|ahead|deep|under|into|above|below|in|of|debt|people|tall\s+for)\b)", re.I)
#: "... and about 80 kilos", "I'm 95kg": a body weight beside it (never money: no "pounds" after a height's "and")
_WEIGHT = re.compile(rf"(?:\band|\b(?:i'm|i\s+am|im))\s+{_APPROX}(?P<w>\d{{2,3}}(?:\.\d)?\s?(?:kg|kgs|kilos?|kilograms?|lbs?|"
                     r"stone(?:\s+\d{1,2})?))\b(?!\s+(?:short|down|up|lighter|heavier|off|over|under|more|less|overweight|underweight|from|away|to\s+go|"
                     r"behind|too|in|of|above|below|shy)\b)", re.I)


def _body(read: ReadClause) -> list[Draft]:
    """The speaker's height and weight said with "I'm" and no verb of measuring ("I'm 6'2 and
    about 95 kilos", "im 5 foot 6"): one slot each, so a new value supersedes."""
    height = _HEIGHT.search(read.text)
    weight = _WEIGHT.search(read.text, height.end() if height else 0)
    if weight is not None and height is None and weight[0].lower().startswith("and"):
        weight = None  # "... and 80 kilos" only beside a height said first
    return [Draft(predicate=f"{QUANTITY_PREFIX}{slot}", object=re.sub(r"\s+", " ", m[group]), phrase=slot, flags={"quantity"})
            for slot, group, m in (("height", "h", height), ("weight", "w", weight)) if m is not None]


def read_quantity(read: ReadClause) -> list[Draft]:
    """A quantity slot for a clause that states how much or how many, else nothing."""
    if not _ANY_NUMBER.search(read.text) or _SUPPOSED.match(read.text):
        return []  # "If my rent went up to $2,900, ...": no value of the speaker's
    body = _body(read)
    if body:
        return body
    for kind, pattern in _PATTERNS:
        m = pattern.search(read.text)
        if m is None:
            continue
        if _CLOCK_TIME.match(m.string, m.end("num")):
            continue  # "the flight's at 6am": a time of day, no quantity
        if kind == "done" and m["v"].lower() == "run" and not re.search(r"\b(?:'ve|have|had)\b|'ve", m[0], re.I):
            continue  # "I run about 25 miles a week": a habit (below), not a tally
        measure = _measure(kind, m)
        if not measure or _not_the_speakers(kind, m) or (kind == "bare" and not _ownerless_is_the_speakers(read, m, measure)):
            continue
        head = measure.split(" for ")[0]  # "spending for email": what is spent, then on what
        counted = kind in {"counted", "there"}  # "40 goldfish in our pond": how many, never whose ("my daughter is 7")
        if head in _NOT_MEASURES or (head.split()[-1] in _NOT_MEASURES and not head.endswith(" personal best")) \
                or (not counted and (measure in RELATIVES or measure.split()[0] in RELATIVES
                                     or " ".join(measure.split()[:2]) in RELATIVES)) or len(measure) > 48:
            continue
        if _value(m).lower() in {"one", "a", "an"} and re.search(r"\bone\s+of\b", read.text, re.I):
            continue  # "The Hobbit is one of my favorites": no count
        key = re.sub(r"[^a-z0-9]+", "_", canonical(measure)).strip("_")
        predicate = f"{QUANTITY_PREFIX}{key}"[:64].rstrip("_")
        # an ownerless change is the speaker's even where the parser took "Rent" for a subject of its own
        value = _value(m)
        if kind == "streak":  # "45-day": 45 days, as a later "50 days" will say it
            unit = re.sub(r"(?<=[^s])$", "s", m["unit"].lower()) if m["num"] not in {"one", "a"} else m["unit"].lower()
            value = f"{m['num']} {unit}"
        if kind in {"been_at", "had_for"}:  # "9 years": the stretch as said
            value = f"{m['num']} {m['unit']}"
        if kind == "count" and m["of"] and m["noun"].lower() in _OF_UNITS:
            value = f"{value} {m['noun'].lower()}"  # "six hours of sleep": six hours
        if not (m.groupdict().get("rate") or "").strip() and (period := period_of(measure)):
            value = f"{value} {period}"  # "my weekly pay is $600": $600 a week, not a salary of $600
        return [Draft(predicate=predicate, object=value, phrase=measure,
                      flags={"quantity", *_KIND_FLAGS.get(kind, ())})]
    return []


_CLOCK_TIME = re.compile(r"\s?(?:am|pm|a\.m\.|p\.m\.|o'clock)\b", re.I)
_SUPPOSED = re.compile(r"\W*(?:if|unless|even\s+if|suppose|supposing|imagine|what\s+if)\b", re.I)
_ANY_NUMBER = re.compile(rf"\d|\b(?:{_NUMBER_WORDS}|half\s+an?|an?\s+(?:{_UNIT_A}))\b", re.I)
#: What one hits, reaches or passes as a milestone of one's own ("we just hit 10k followers"); other
#: things hit or passed are events ("we hit 40 degrees", "I passed 3 Starbucks").
_MILESTONES = frozenset({"users", "followers", "subscribers", "members", "customers", "downloads", "stars", "sales",
                         "views", "signups", "sign-ups", "readers", "listeners", "patrons", "clients", "orders",
                         "installs", "donors", "students", "commits", "issues", "tickets", "reviews", "likes"})


def _not_the_speakers(kind: str, m: re.Match[str]) -> bool:
    """A number that is someone else's or the world's ("The population of Tokyo has grown to 14
    million", "our competitor's revenue", "The Eiffel Tower weighs ...") or an event rather than a
    milestone ("we hit 40 degrees yesterday"): no quantity slot of the speaker's."""
    if kind in {"state", "has"}:
        named = m["m"].replace("\u2019", "'")
        possessor = re.search(r"([\w-]+)'s\b", named)
        if re.match(r"\W*(?:my|our)\b", m[0], re.I):
            # "my Spotify subscription", "my Tesla's range": the speaker's; "my brother's salary",
            # "our competitor's revenue": someone else's
            return possessor is not None and (not possessor[1][:1].isupper() or possessor[1].lower() in RELATIVES)
        if possessor is not None and possessor[1].lower() in _OWN_GROUPS and re.match(r"\W*the\b", m[0], re.I):
            return False  # "the team's velocity": the speaker's team, said as "the"
        return possessor is not None or re.search(r"\b[A-Z][a-z]", named) is not None  # "the population of Tokyo"
    if kind == "at" and not re.search(r"\b(?:at|we're|we\s+are|i'm|i\s+am)\s", m.string[m.start():m.start("num")], re.I):
        return not any(w in _MILESTONES for w in m["noun"].lower().split())
    return False


#: groups a speaker calls "the team", "the shop": their own ("the team's velocity"), unlike "the city's population"
_OWN_GROUPS = frozenset({"team", "squad", "shop", "startup", "podcast", "channel", "band", "project", "app", "repo",
                         "blog", "household", "department", "newsletter"})


def _ownerless_is_the_speakers(read: ReadClause, m: re.Match[str], measure: str) -> bool:
    """ "Rent jumped to $2,100" and "Netflix costs me $15.49" are the speaker's; "Interest rates went
    up to 5%", "If rent jumped to $3,000", "You said rent went up" and "Tokyo's rent rose to ..." are
    not: an ownerless change is the speaker's when it costs "me"/"us", or when what changed is one of
    the speaker's own measures, said as a plain statement that names no one."""
    if m["how"].lower().startswith("costs"):
        return True
    if _REPORTED.search(read.text) or _names_someone(read, m):
        return False
    words = measure.split()
    if words and words[-1] in _PAID_SUMS and re.match(r"(?:is|'s)\b", m["how"].lower()) and not (
            re.match(r"[$€£]", m["num"]) or (m["unit"] or "").strip().lower() in _MONEY_UNITS):
        return False  # "Rent is 30% of my salary": a share, not the sum
    return len(words) <= 3 and words[-1] in _OWN_MEASURES


#: sums of money whose plain "is" says a value only as money ("rent is £900")
_PAID_SUMS = frozenset({"rent", "mortgage", "salary", "pay", "wage", "wages", "income", "paycheck", "bill", "bills",
                        "daycare", "childcare", "tuition", "premium", "insurance", "allowance", "pension", "loan", "debt"})
_MONEY_UNITS = frozenset({"dollars", "euros", "pounds", "bucks", "grand", "k", "quid"})


_REPORTED = re.compile(r"\b(?:if|unless|when|once|even|said|says|read|heard|you|they|he|she|"
                       r"for\s+(?:my|his|her|their)\s+\w+|for\s+(?:them|him|her))\b", re.I)
#: what, changing with no owner named, is the speaker's own ("rent rose to", "test coverage went up to")
_OWN_MEASURES = frozenset({"rent", "mortgage", "salary", "pay", "wage", "wages", "income", "paycheck", "budget",
                           "savings", "bill", "bills", "weight", "coverage", "commute", "daycare", "childcare",
                           "tuition", "premium", "insurance", "debt", "loan", "allowance", "pension", "score",
                           "followers", "subscribers", "mileage", "pace", "time", "pb", "pr", "max"})


def _names_someone(read: ReadClause, m: re.Match[str]) -> bool:
    """Whether an ownerless measure names a person, product or place ("Bitcoin jumped to $90k",
    "Tokyo's rent rose to ..."): the world's number."""
    start, end = m.span("m")
    span = [t for t in read.doc if start <= t.idx < end]
    # the small model tags a capitalised first word ("Rent jumped to ...") PROPN: trust only its entities there
    return any(t.ent_type_ in _NAMED or (t.pos_ == "PROPN" and t.idx > start) or t.text == "'s" for t in span)


_NAMED = frozenset({"PERSON", "ORG", "GPE", "LOC", "PRODUCT", "NORP", "FAC", "EVENT"})


def states_quantity(text: str) -> bool:
    """Whether a clause reads as a quantity ("The build takes about 12 minutes"): such a clause is
    worth parsing though it names no person."""
    return bool(_ANY_NUMBER.search(text)) and (any(p.search(text) for _, p in _PATTERNS) or bool(_HEIGHT.search(text)))
