"""Sentences that say a value in a shape the clause rules do not read, put into the plain shape
they do: a cleft correction ("it's walnuts I'm allergic to, not peanuts"), a naming "'s" ("my
dog's called Rolo"), a "no wait" lead, and a reply that leans on the other speaker's words
("Mine's Christmas Eve" after "My birthday's in June"). The rewritten sentence is only parsed;
spans stay the original's. A star sign said as what one is ("I'm a Leo") is filed as one, so a
correction finds it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from ..candidates import Operation
from ..model import EntityType, MemoryType
from .rules_clause import ReadClause
from .rules_draft import Draft
from .rules_facts import finish_draft, rule
from .rules_sentence import settles
from .timeexpr import find_times

_SIGNS = frozenset({"aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio", "sagittarius",
                    "capricorn", "aquarius", "pisces"})
_READ_AS_WHO = frozenset({"nationality", "is_a"})  # a name stays a name: "My name is Leo"


@rule(r"^i be (?:a|an) (?P<o>(?i:" + "|".join(sorted(_SIGNS)) + r"))$")
def _star_sign(read: ReadClause, m: re.Match[str]) -> list[Draft] | None:
    """ "I'm a Leo": the sign a tagger takes for a name, which the name rule refuses after "a"."""
    said = read.span_tokens(*m.span("o"))
    return [as_star_sign(Draft(predicate="is_a", object=said[0].text))] if len(said) == 1 else None


def as_star_sign(draft: Draft) -> Draft:
    """ "I'm a Leo" read as a name or a kind of person is a star sign ("Cancer" only capitalised:
    "I'm a cancer survivor" is not one)."""
    value = re.sub(r"^(?:a|an)\s+", "", draft.object, flags=re.I)
    if draft.predicate not in _READ_AS_WHO or value.lower() not in _SIGNS or (value.lower() == "cancer" and value != "Cancer"):
        return draft
    return replace(draft, predicate="has_star_sign", object=value.capitalize())


# "my dog's called Rolo", "my birthday's the 3rd of June": "'s" before a naming participle or a
# date is "is" (the tagger reads it as a possessive there).
_NAMING_IS = re.compile(r"\b(?P<owner>(?:my|our|the|his|her|their)\s+[a-z-]+)'s\s+(?=(?:called|named)\b|the\s+\d)", re.I)

# "No wait, it's Pickles" / "no sorry, ...": the denial after its interjection, as the rules expect it.
_NO_WAIT = re.compile(r"(?:^|(?<=[,;—–-]\s)|(?<=[,;]))(?P<no>no|nope|nah)[,!.]?\s+(?P<wait>wait|sorry|hang\s+on|hold\s+on|oops)\b[,!.]?", re.I)

# A cleft correction: "(Actually) it's walnuts I'm allergic to, not peanuts", "hang on, it's Python
# I use at work, not Java", "it's sesame I react to, I wrote pistachios by mistake".
_LEAD = r"(?:(?:actually|sorry|oops|whoops|wait|no|hmm|ah|oh|hang\s+on|hold\s+on|my\s+bad|my\s+mistake)[,!.]?\s+)*"
_CLEFT = re.compile(rf"(?:^|(?<=[,:;]\s)|(?<=—\s))(?P<lead>{_LEAD})(?:it'?s|it\s+is|it\s+was)\s+(?:actually\s+)?(?P<x>[^,;]{{1,40}}?)\s+(?:that\s+)?"
                    r"(?P<rest>\b(?:i|we)(?:'m|'ve|'re|\s)[^,;]*?)(?P<tail>\s*(?:,|;|\s-|\s—|\bnot\b|\brather\s+than\b).*)?$", re.I)
# what makes a cleft a correction rather than a way of stressing ("it's you I'm worried about")
_CONTRAST = re.compile(r"\bnot\b|\brather\s+than\b|\binstead\b|\bby\s+mistake\b|\bwrongly\b|\bmeant\b|\btypo\b", re.I)
_ENDS_IN_PREPOSITION = re.compile(r"\b(?:to|with|at|in|for|from|on|about|of|by)\s*$", re.I)
_DAYS = re.compile(r"^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$", re.I)
#: words that open a verb's own object: after one, the clause has no gap a cleft's value fills
_OBJECT_OPENERS = frozenset({"my", "our", "his", "her", "their", "your", "the", "a", "an", "it", "them", "him", "me",
                             "us", "you", "this", "that", "these", "those", "some"})
_AUX = frozenset({"am", "are", "have", "has", "do", "did", "will", "'ll", "usually", "always",
                  "mostly", "really", "also", "still", "normally", "actually"})


def _uncleft(sentence: str) -> str:
    m = _CLEFT.search(sentence)
    if m is None or not _CONTRAST.search(m["tail"] or ""):
        return sentence
    x, rest = m["x"].strip(), m["rest"].strip()
    if _DAYS.match(x):
        said = f"{rest} on {x}"
    elif _ENDS_IN_PREPOSITION.search(rest):
        said = f"{rest} {x}"
    else:  # after the verb: "I use at work" -> "I use Python at work"
        words = rest.split()
        at = 1
        while at < len(words) and words[at].lower() in _AUX:
            at += 1
        if at >= len(words) or (at + 1 < len(words) and words[at + 1].lower() in _OBJECT_OPENERS):
            return sentence  # "it's a pity I sold my Golf, not that ...": the clause has its object, no gap for X
        said = " ".join([*words[:at + 1], x, *words[at + 1:]])
    return f"{sentence[:m.start()]}{m['lead']}{said}{m['tail'] or ''}"


# "No no, I'm on ChromeOS": one denial.
_NO_NO = re.compile(r"^(?P<no>no|nope|nah)[,!.]?\s+(?:no|nope|nah)\b", re.I)
# "I'm in Newcastle, not Sunderland, don't tell anyone": the denied value ends its clause.
_DENIED_THEN = re.compile(r"(?P<denied>,\s*not\s+(?:the\s+|a\s+|an\s+)?[^,;]{1,30}?),\s+(?!(?:or|and|nor)\b)(?=[a-z])")
# "I'm 29, not 28 like I typed before": how the wrong value came about says nothing more.
_LIKE_SAID = re.compile(r"(?P<denied>\bnot\s+[^,;]{1,30}?)\s+(?:like|as)\s+i\s+(?:said|typed|wrote|put|told\s+you)"
                        r"(?:\s+(?:before|earlier|just\s+now))?\b", re.I)
# "Ignore the Brighton bit, I live in Hove": the value named is taken back.
_IGNORE = re.compile(r"^(?:(?:oh|sorry|wait|oops)[,!.]?\s+)*ignore\s+(?:the|my|that)\s+(?P<x>[^,;]{1,30}?)\s+"
                     r"(?:bit|part|thing|one)\b", re.I)


# "I'm 29 btw, not 28": a chat filler inside a sentence colours it only.
_FILLER = re.compile(r"\s+(?:btw|tbh|fyi|lol|haha+)\b(?=\s*[,;])", re.I)

# "I live in Leeds, not far from the station", "not too bad": a degree, no value denied.
_NO_VALUE = frozenset({"far", "near", "close", "too", "so", "very", "really", "quite", "much", "long", "bad", "sure",
                       "that", "yet", "only", "just", "always", "exactly", "even", "ever", "often", "once", "as",
                       "all", "entirely", "totally", "completely", "necessarily", "great", "good", "least"})


# "..., so no paella for me": a consequence of what was said, not a value taken back.
_SO_NO = re.compile(r"^\W*(?:and\s+)?so\s+(?:no|not)\b", re.I)


def denies_a_value(draft: Draft, clause: str) -> bool:
    """False for a bare "not ..." that denies no value ("not far from the station", "so no
    paella for me"), which would otherwise be taken for the value a correction replaces."""
    if draft.predicate is not None or not draft.negated:
        return True
    words = draft.object.lower().split()
    return not (words and words[0] in _NO_VALUE) and not _SO_NO.match(clause)


# "Rolo not Roly", "the 14th not the 4th": the contrast said as the rules read it, after a comma.
_BARE_NOT = re.compile(r"(?P<x>\b(?!I\b)(?:[A-Z][\w'-]*|\d[\w:.]*))\s+not\s+(?=(?:the\s+|a\s+|an\s+)?(?:[A-Z]|\d))")
# "Sorry, I meant to say I'm 34": the "sorry, I meant" lead the rules lift, whole.
_MEANT_TO_SAY = re.compile(r"\b(?P<meant>i\s+meant)\s+to\s+(?:say|write|type)(?:\s+that)?\b", re.I)
# emoji and pictographs: colour, never part of a value
_EMOJI = re.compile(r"\s*[\u2600-\u27bf\U0001f300-\U0001faff\ufe0f\u200d]+")


# "I'm lactose intolerant so the cheese board is yours": a consequence with its own subject is
# its own clause, as it is after a comma.
_SO_THEN = re.compile(r"(?<=[\w'])\s+so\s+(?=(?:the|my|our|i|i'm|i've|we|we're|it|it's|that|they|he|she|you|no)\b)", re.I)


# "I actually love hiking", "I've actually never been": "actually" inside a clause stresses; only
# a leading "Actually, ...", a closing "..., actually", or one in an answer to a question takes
# something back (other signs of a correction in the sentence still count).
_STRESS_ACTUALLY = re.compile(r"(?<=[\w'])\s+actually(?=\s+[\w'])", re.I)
_OTHER_CUES = re.compile(r"\b(?:sorry|oops|wait|no|not|instead|rather|my\s+(?:bad|mistake)|wrong|incorrect|correct(?:ion)?|"
                         r"meant?|misspoke|typo|typed|said|told\s+you|wrote|scratch|mixed?\s+up|muddled|confused|"
                         r"mistake|earlier|before)\b", re.I)


# Ways of owning up to a slip that lead the right statement, said as the "Actually," the rules
# read: admitting it ("I stand corrected", "I got that wrong"), redirecting ("to correct what I said",
# "just to clarify") or withdrawing the last words ("disregard that", "strike that").
_OWNED_UP = re.compile(
    r"^(?P<lead>(?:(?:oh|ah|oops|sorry|wait|hmm|ok(?:ay)?|right|no)[,!.]?\s+)*)(?:"
    r"i\s+stand\s+corrected|i\s+(?:got|had)\s+(?:that|it|this|those|them)\s+(?:wrong|backwards|the\s+wrong\s+way\s+round)|"
    r"i\s+was\s+wrong(?:\s+(?:about\s+that|earlier|before))?|that\s+(?:came\s+out|was)\s+wrong|"
    r"(?:just\s+)?to\s+(?:correct|clarify|fix)\s+(?:what\s+i\s+(?:said|wrote|typed|told\s+you)|my\s+(?:last|earlier|previous)\s+"
    r"(?:message|answer|reply|comment)|that|myself|things)(?:\s+(?:before|earlier|just\s+now))?|"
    r"(?:just\s+)?to\s+clarify|let\s+me\s+clarify|to\s+be\s+(?:clear|precise|exact)|"
    r"(?:a\s+|one\s+)?(?:small|quick|slight|minor|tiny|little)\s+correction(?:\s+(?:on|about|to|re)\s+[^:,;]{1,30})?|(?:please\s+)?(?:disregard|ignore|forget)\s+(?:that|what\s+i\s+(?:just\s+)?said|"
    r"my\s+last\s+(?:message|answer))|strike\s+that|correction\s+to\s+(?:my\s+last\s+message|what\s+i\s+said))"
    r"\s*[,:;.!-]+\s*(?=\w)", re.I)
# The right value said bare after owning up: "What I meant was Bradford", "I should have said 34",
# "make that Thursday", "or rather Leeds" -> "I meant ...".
_MEANT_BARE = re.compile(r"^(?P<lead>(?:(?:oh|ah|oops|sorry|wait|no)[,!.]?\s+)*)(?:what\s+i\s+meant\s+(?:was|is)|"
                         r"i\s+should\s+have\s+(?:said|written|typed|put)|make\s+(?:that|it)|(?:or\s+)?rather)[,:]?\s+"
                         r"(?=\S)(?!(?:i|i'm|we|we're|my|it|that|this)\b)", re.I)
# "I said Tuesday but it's Wednesday", "I told you Leeds, but I live in York": the value said first
# was said in error.
_SAID_BUT = re.compile(r"^(?P<lead>(?:(?:oh|oops|sorry|wait|hmm|no)[,!.]?\s+)*)i\s+(?:said|told\s+you|wrote|typed|put)\s+"
                       r"(?P<x>[^,;]{1,30}?),?\s+but\s+(?P<rest>(?:it'?s|it\s+is|it\s+was|i\b|i'm\b|my\b|we\b|actually\b).*)$", re.I)
# "I'm a nurse rather than a doctor": a contrast said as the rules read it ("a nurse, not a doctor").
_RATHER_THAN = re.compile(r"(?<=\w)\s+rather\s+than\s+(?=(?:a\s+|an\s+|the\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}\s*(?:[.!,;]|$))", re.I)


def _owned_up(sentence: str) -> str:
    """A correction led by owning up to a slip, in the shapes the rules read."""
    m = _SAID_BUT.match(sentence)
    if m is not None and not _SAID_VERB_OBJECT.match(m["x"]):
        sentence = f"{m['lead']}I said {m['x']} by mistake, {m['rest']}"
    sentence = _MEANT_BARE.sub(lambda m: f"{m['lead']}I meant ", sentence)
    sentence = _OWNED_UP.sub(lambda m: f"{m['lead']}Actually, ", sentence)
    if not _CORRECTING.match(sentence):
        return sentence  # "I prefer tea rather than coffee": a preference, nothing taken back
    return _RATHER_THAN.sub(", not ", sentence)


_CORRECTING = re.compile(r"^\W*(?:(?:oh|ah|oops|sorry|wait|hmm|ok(?:ay)?|right|no)[,!.]?\s+)*(?:actually|sorry|correction|"
                         r"i\s+meant|my\s+(?:bad|mistake)|scratch\s+that)\b", re.I)


# "I said hi to her but ...", "I said that I would, but ...": something said or done, no value
_SAID_VERB_OBJECT = re.compile(r"^(?:that|hi|hello|bye|goodbye|yes|no|sorry|thanks|so|it|to|i|i'd|i'll|we|something|nothing)\b",
                               re.I)


# "I thought I might be allergic to it and the doctor confirmed it": the finding is a clause of its
# own, and the guess it settles is the speaker's guess, not an old belief taken back.
_AND_SETTLED = re.compile(r",?\s+and\s+(?=(?:the|my|our|his|her|their)\s+(?:[\w-]+\s+){0,2}(?:confirmed|confirms|diagnosed)\b"
                          r"|(?:it|that|this)\s+(?:was|is|'s|has\s+been)\s+(?:now\s+)?confirmed\b)", re.I)
_THOUGHT_GUESS = re.compile(r"\bI\s+(?:thought|suspected|figured|wondered\s+if)\s+(?:that\s+)?(?=I\s+(?:might|may|could)\b)", re.I)


# Who or what finds a condition: a test, a scan, a doctor (a vet's finding is the pet's).
_FINDER = (r"(?:scan|tests?|results?|bloods?|blood\s+(?:test|work)s?|bloodwork|mri|x-?rays?|biopsy|swabs?|ultrasound|"
           r"consultant|doctor|doc|gp|specialist|dermatologist|allergist|cardiologist|neurologist|surgeon|physio|hospital|"
           r"clinic|lab|nurse|radiologist|optician|midwife|panel|screening)")
# the verbs by which a finder reports: "the MRI showed", "the GP says", "the biopsy found"
_REPORTS = r"(?:confirmed|showed|shows|revealed|reveals|found|picked\s+up|proved|says|said|told\s+me)"
# "the MRI showed I do have a torn meniscus": what follows is the speaker's own clause, now certain
_REPORTED_CLAUSE = re.compile(rf"\b(?P<finder>{_FINDER})\s+(?:\w+\s+)?{_REPORTS.replace('confirmed|', '')}\s+(?:that\s+)?"
                              r"(?=I\b|I'm\b|I've\b|I\s+(?:have|do|am)\b)", re.I)
# "my allergy test came back positive for shellfish": an allergy found; any other test: a diagnosis
_POSITIVE_ALLERGY = re.compile(r"\ballerg\w*\s+(?:test|tests|panel|testing)\s+(?:\w+\s+)?came\s+back\s+positive\s+(?:for|to)\s+",
                               re.I)
_POSITIVE_FOR = re.compile(rf"\b(?P<finder>{_FINDER})\s+(?:\w+\s+)?came\s+back\s+positive\s+(?:for|to)\s+", re.I)
# "the skin clinic finally gave me a firm answer: eczema"
_ANSWER = re.compile(r"\bgave\s+me\s+(?:a|an|the)\s+(?:\w+\s+)?(?:answer|diagnosis|verdict)\s*[:,-]+\s*", re.I)
_FOUND = re.compile(rf"\b{_FINDER}\b", re.I)
_PETS = re.compile(r"\b(?:vet|dog|cat|puppy|kitten|pup|horse|rabbit)s?\b", re.I)
# what the finding was, said after it: "..., it's a torn meniscus", ": definitely coeliac", "confirmed a torn ACL"
_FINDING = re.compile(r"(?:\s*(?:[,:;]|\s[-\u2013\u2014])\s*(?:and\s+)?|\s+and\s+)(?:(?:yes|yep|so)[,!]?\s+)?(?:it'?s|it\s+is|it\s+was|definitely|officially)\s+"
                      r"(?:definitely\s+|officially\s+|confirmed\s+)?(?!(?:not|fine|nothing|clear|normal|negative|good|ok|okay|"
                      r"over|done|true|official|confirmed|back)\b)", re.I)
_CONFIRMED_A = re.compile(rf"\b(?P<finder>{_FINDER})\s+{_REPORTS}\s+(?:that\s+)?"
                          r"(?:(?:it'?s|it\s+is|I(?:'ve|\s+have|\s+do)?\s+(?:have\s+got|got|have))\s+)?"
                          r"(?:(?:definitely|officially|actually)\s+)?(?=(?:a|an)\s)", re.I)
# "the flat on Belvoir Road is ours", "the cottage in Frome's officially mine now": owned
_OURS = re.compile(r"\b(?:the|our|my)\s+(?P<home>(?:new\s+)?(?:house|flat|place|apartment|home|cottage|bungalow|property|"
                   r"condo)\s+(?:on|in|at)\s+[^,;.!]{1,40}?)\s+(?:is|'s)\s+(?:now\s+|officially\s+|finally\s+)*"
                   r"(?P<who>ours|mine)\b(?:\s*,)?", re.I)


def _settled_guess(sentence: str) -> str:
    sentence = _OURS.sub(lambda m: f"{'we' if m['who'].lower() == 'ours' else 'I'} own the {m['home']};", sentence)
    if not settles(sentence):
        return sentence
    sentence = _AND_SETTLED.sub("; ", _THOUGHT_GUESS.sub("", sentence))
    if _FOUND.search(sentence) and not _PETS.search(sentence):  # "The scan came back and it's a torn ligament"
        sentence = _POSITIVE_ALLERGY.sub("allergy test came back; I'm allergic to ", sentence, count=1)
        sentence = _POSITIVE_FOR.sub(lambda m: f"{m['finder']} came back; I was diagnosed with ", sentence, count=1)
        sentence = _ANSWER.sub("confirmed it; I was diagnosed with ", sentence, count=1)
        sentence = _CONFIRMED_A.sub(lambda m: f"{m['finder']} confirmed it; I was diagnosed with ", sentence, count=1)
        sentence = _REPORTED_CLAUSE.sub(lambda m: f"{m['finder']} confirmed it; ", sentence, count=1)
        sentence = _FINDING.sub("; I was diagnosed with ", sentence, count=1)
    return sentence


def restate(sentence: str, *, answering: bool = False) -> str:
    """``sentence`` in the plain shape the clause rules read (unchanged when none applies);
    ``answering``: the turn replies to another speaker's question."""
    if not answering and not _OTHER_CUES.search(sentence):
        sentence = _STRESS_ACTUALLY.sub("", sentence)
    sentence = _FILLER.sub("", _NO_NO.sub(lambda m: m["no"], _EMOJI.sub("", sentence)))
    sentence = re.sub(r"^(\W*)whoops\b", r"\1Oops", sentence, flags=re.I)  # the lead-in the clause rules know
    sentence = _BARE_NOT.sub(lambda m: f"{m['x']}, not ", _MEANT_TO_SAY.sub(lambda m: m["meant"], sentence))
    sentence = _NO_WAIT.sub(lambda m: f"{m['wait'].capitalize()}, {m['no'].lower()},", sentence)
    sentence = _owned_up(_IGNORE.sub(lambda m: f"I said {m['x']} by mistake", sentence))
    sentence = _uncleft(_settled_guess(sentence))
    sentence = _LIKE_SAID.sub(lambda m: m["denied"], sentence)
    sentence = _DENIED_THEN.sub(lambda m: f"{m['denied']}; ", sentence)
    sentence = _SO_THEN.sub(", so ", sentence)
    return _NAMING_IS.sub(lambda m: f"{m['owner']} is ", sentence)


# "Did I say Tesco? I work at Sainsbury's" / "I told you I drive a Corsa? It's a Fiesta": a
# question that takes back what was said, answered by the next sentence.
_ASKED_BACK = re.compile(r"^(?:(?:oh|wait|hmm|sorry|oops|hang\s+on)[,!.]?\s+)*(?:did\s+i\s+(?:just\s+)?"
                         r"(?:say|type|write|put|tell\s+you)|i\s+(?:said|told\s+you|typed|wrote))\s+(?P<x>[^?]{1,60}?)\s*\?+$", re.I)


def joined_retractions(sentences: Iterable[tuple[int, str, tuple[int, int]]]
                       ) -> Iterator[tuple[int, str, tuple[int, int]]]:
    """(index, sentence, span) with a "Did I say X?" joined to the sentence that answers it, so
    the answer is read as the correction of X."""
    held: tuple[int, str, tuple[int, int], str] | None = None
    for s, sentence, span in sentences:
        if held is not None:
            first, _, start, said = held
            said = said if re.match(r"(?:i|my|i'm|i've)\b", said, re.I) else f"{said} by mistake"
            yield first, f"I said {said}, {sentence[:1].lower()}{sentence[1:]}", (start[0], span[1])
            held = None
            continue
        m = _ASKED_BACK.match(sentence)
        if m is not None:
            held = (s, sentence, span, m["x"])
            continue
        yield s, sentence, span
    if held is not None:
        yield held[0], held[1], held[2]


# "Mine's Christmas Eve", "mine is the blue one": the speaker's own counterpart of the thing the
# other speaker just named as theirs ("My birthday's the 3rd of June").
_MINE = re.compile(r"^(?P<lead>(?:(?:and|oh|ha|haha|lol|well|same|snap)[,!.]?\s+)*)(?P<mine>mine|ours)"
                   r"(?P<verb>'s|\s+is|\s+was|\s+are|\s+were)\b", re.I)
_THEIRS = re.compile(r"\b(?P<own>my|our)\s+(?P<thing>(?:(?:favou?rite|new|old|first|last|current)\s+)?[a-z]+)"
                     r"(?:'s|\s+is|\s+was|\s+are|\s+were)\b", re.I)


# "Everton for me", "a Fiesta for me, cheap and cheerful": a value of the speaker's own, said against the
# other speaker's; not "same for me", "not for me", "too far for me", "lucky for me"
_FOR_ME = re.compile(r"^\W*(?:(?:oh|ha|haha|lol|well|nah|personally|honestly)[,!.]?\s+)*"
                     r"(?P<x>(?!(?:same|ditto|not|too|so|that|this|it|none|nothing|one|more|less|all|lucky|good|fine|ok|"
                     r"okay|perfect|great|enough|plenty|easy|hard|bad)\b)[^,.!?;]{1,40}?)\s+for\s+me\b", re.I)


def counterpart_value(said: str, drafts: list[Draft], theirs: Draft | None) -> list[Draft]:
    """"Everton for me" after another speaker's "I support Liverpool": the speaker's own value in the
    other's slot (``theirs``, their latest fact), not a correction of it; ``drafts`` unchanged else."""
    m = _FOR_ME.match(said)
    if m is None or theirs is None or theirs.predicate is None or theirs.memory_type is MemoryType.episodic \
            or theirs.flags & {"plan", "task", "event", "relation"}:
        return drafts
    bare = next((d for d in drafts if d.predicate is None and not d.negated and d.object
                 and d.object.lower() in m["x"].lower()), None)
    if bare is None:
        return drafts
    own = Draft(predicate=theirs.predicate, object=bare.object, object_type=bare.object_type or theirs.object_type,
                memory_type=theirs.memory_type)
    return [own if d is bare else d for d in drafts]


def own_counterpart(sentence: str, before: str | None) -> str:
    """"Mine's Christmas Eve" after another speaker's "My birthday's ..." -> "My birthday's
    Christmas Eve"; unchanged when the turn before names no thing of its speaker's."""
    m = _MINE.match(sentence)
    theirs = _THEIRS.search(before) if m and before else None
    if m is None or theirs is None:
        return sentence
    own = "My" if m["mine"].lower() == "mine" else "Our"
    verb = " is" if m["verb"] == "'s" else m["verb"]  # "my birthday's" would read as a possessive
    return f"{m['lead']}{own} {theirs['thing'].lower()}{verb}{sentence[m.end():]}"


# what is left of a clause that only gives the right time: "*Thursday", "oops, it's 4 June"
_ONLY_A_TIME = re.compile(r"^\W*(?:(?:oops|whoops|sorry|wait)\W*)?(?:(?:it|that|this)\s+be\s+|i\s+(?:mean\s+)?)?(?:on\s+|at\s+|in\s+|by\s+)?\W*$")
_SORRY = re.compile(r"^\W*(?:oops|whoops|sorry|wait|my\s+bad)\b", re.I)
_DATED = frozenset({"plan", "task", "event", "timeless"})


def retimed(read: ReadClause, drafts: list[Draft], context: Sequence[Draft]) -> list[Draft]:
    """A correction that gives only a time ("*Thursday", "Sorry, it's the 14th") puts right the
    time of the dated statement just made: the plan, task or event again, at the new time, as a
    correction of itself; a date that is itself the value (a birthday) is replaced. A time denied
    ("..., not Monday") is the wrong one and puts nothing right."""
    if not (read.flags & {"correction", "denial"} or _SORRY.match(read.text)) or not read.times or any(d.predicate for d in drafts) \
            or "neg" in read.flags or read.speaker != "user" or not _ONLY_A_TIME.match(_without_times(read)):
        return drafts
    anchor = next((p for p in reversed(context) if p.predicate and not p.context_only and not p.negated
                   and p.operation is Operation.add), None)
    if anchor is None or not anchor.flags & _DATED:
        return drafts
    said = read.times[0].text.strip(" .,!")
    if "timeless" in anchor.flags:
        return [replace(anchor, object=said, operation=Operation.correct, replaces=anchor.object, flags=set(anchor.flags))]
    again = Draft(predicate=anchor.predicate, object=anchor.object, object_type=anchor.object_type,
                  memory_type=anchor.memory_type, phrase=anchor.phrase, flags=anchor.flags & _DATED)
    # the right time is read as the wrong one was: ahead for a plan or task, behind for an event
    times = find_times(said, read.reference, "future" if anchor.flags & {"plan", "task"} else "past")
    kept, read.times = read.times, times or read.times
    try:
        again = finish_draft(read, again)
    finally:
        read.times = kept
    again.operation, again.replaces = Operation.correct, anchor.object
    again.subject, again.subject_type = anchor.subject, anchor.subject_type  # "My sister's visiting on Sunday." "Oops, Monday."
    return [again]


def _without_times(read: ReadClause) -> str:
    """The clause's lemma string with its time phrases cut (they are lifted from the text, not it)."""
    return re.sub(r"\b(?:the\s+)?\d+(?:st|nd|rd|th)?\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
                  r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:tomorrow|tonight|today)\b",
                  "", read.string, flags=re.I)


# "Left Acme for Tern", "I've left Barclays for Monzo": the employer left and the one joined.
_LEFT_FOR = re.compile(r"\b(?i:left|leaving|leave|quit)\s+(?i:my\s+(?:job|role|post|position)\s+at\s+)?(?:the\s+)?"
                       r"(?P<x>[^,;]+?)\s+(?i:for)\s+(?P<y>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,2})")
_NOT_AN_EMPLOYER = frozenset({"good", "christmas", "easter", "london", "monday", "tuesday", "wednesday", "thursday", "friday",
                              "saturday", "sunday", "january", "february", "march", "april", "may", "june", "july",
                              "august", "september", "october", "november", "december", "i"})


def joined_instead(read: ReadClause, drafts: list[Draft]) -> list[Draft]:
    """The new employer beside the ended one: "Left Acme for Tern" ends Acme and starts Tern (the
    sentence's rules then make it a change from Acme)."""
    ended = next((d for d in drafts if d.predicate == "works_at" and d.operation is Operation.end), None)
    m = _LEFT_FOR.search(read.text) if ended is not None else None
    if ended is None or m is None or m["y"].split()[0].lower() in _NOT_AN_EMPLOYER \
            or (m["x"].strip().lower() not in ended.object.lower() and ended.object.lower() not in m["x"].lower()):
        return drafts
    joined = Draft(predicate="works_at", object=m["y"].rstrip("."), object_type=ended.object_type)
    joined.valid_from = ended.valid_until or ended.valid_from
    joined.subject, joined.subject_type = ended.subject, ended.subject_type
    return [*drafts, joined]


# A bare answer to the other speaker's question, said whole: "Where do you live now?" "Leith, moved there
# in the autumn" -> "I live in Leith, ..."; "Where are you working?" "At the children's hospital, since
# March." -> "I work at the children's hospital, ..."; the slot asked (offline._asked) picks the lead.
_NAME_WORDS = r"(?-i:[A-Z][\w'&-]*)(?:\s+(?:(?-i:[A-Z][\w'&-]*)|of|on|upon|the))*"
_ANSWER_END = r"(?=\s*(?:[,.!;]|$|\s+(?:now|still|these\s+days|atm|since|for|mostly|lol|haha)\b))"
_NOT_AN_ANSWER = frozenset({"yes", "yeah", "yep", "no", "nope", "nah", "not", "still", "same", "haha", "lol", "well", "oh",
                            "um", "hmm", "good", "great", "honestly", "actually", "sadly", "nowhere", "home", "here",
                            "there", "why", "what", "who", "ha", "ok", "okay", "sure", "thanks", "i", "it", "that"})
_ANSWERS: dict[str, tuple[re.Pattern[str], str]] = {
    "lives_in": (re.compile(r"^(?P<lead>\W*)(?:in\s+)?(?P<x>" + _NAME_WORDS + ")" + _ANSWER_END), "I live in "),
    "works_at": (re.compile(r"^(?P<lead>\W*)(?:(?i:at|for|with)\s+(?P<x>(?i:the\s+|a\s+|an\s+)?[\w'&-]+(?:\s+[\w'&-]+){0,4}?)|"
                            r"(?P<y>" + _NAME_WORDS + "))" + _ANSWER_END), "I work at "),
    "studies_at": (re.compile(r"^(?P<lead>\W*)(?:(?i:at|in)\s+)?(?P<x>" + _NAME_WORDS + ")" + _ANSWER_END), "I study at "),
    "job_title": (re.compile(r"^(?P<lead>\W*)(?P<x>(?i:a|an)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)" + _ANSWER_END), "I'm "),
}


def answered_whole(sentence: str, asked: str | None) -> str:
    """A bare answer to a question about the speaker (``asked``: the slot, from offline._asked) said
    as the speaker's own statement; unchanged when it is no bare value ("haha good question", "I'm
    not sure", "yeah, Leeds" is read as it is)."""
    shape = _ANSWERS.get(asked or "")
    m = shape[0].match(sentence) if shape else None
    value = (m["x"] or m.groupdict().get("y")) if m else None
    if m is None or not value or value.split()[0].lower() in _NOT_AN_ANSWER:
        return sentence
    return f"{m['lead']}{shape[1]}{value}{sentence[m.end():]}"  # type: ignore[index]


# "same here", "me too", "ditto" after another speaker's statement: the same is true of this speaker ("Same
# for me!", a bare "same" may be the same order, the same plan: no claim)
_ECHO = re.compile(r"^\W*(?:(?:oh|ha(?:ha)?|lol|yeah|yes|omg)\W+)?(?:same\s+here|me\s+too|me\s+as\s+well|ditto|likewise|snap|"
                   r"so\s+am\s+i|so\s+do\s+i|so\s+have\s+i)\b",
                   re.I)


def echoed(said: str, drafts: list[Draft], theirs: Draft | None, owner: str | None) -> list[Draft]:
    """"same here" after another speaker's "I'm vegetarian": their statement (``theirs``, said by
    ``owner`` of themselves), now this speaker's too, beside what the reply says of its own unless that
    fills the slot; not a relation ("my sister Ana" is theirs alone) nor a reply that takes it back
    ("same, but ...")."""
    if theirs is None or theirs.predicate is None or not _ECHO.match(said) or re.search(r"\bbut\b|\bexcept\b", said, re.I) \
            or "relation" in theirs.flags or theirs.object_type is EntityType.person or theirs.subject not in {"user", owner} \
            or any(d.predicate == theirs.predicate for d in drafts):
        return drafts
    return [*drafts, Draft(predicate=theirs.predicate, object=theirs.object, object_type=theirs.object_type,
                           memory_type=theirs.memory_type, phrase=theirs.phrase)]
