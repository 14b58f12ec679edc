"""Reading one clause: split sentences into clauses, lift off the words that only colour a
clause (time phrases, hedges, "actually", "no longer", "will") as flags, and find its subject.

What is left is a lemma string such as ``"i move from shanghai to hangzhou"`` that the
relation rules in :mod:`.rules_facts` match, with a map back to the spaCy tokens so objects
keep their original spelling.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..model import EntityType
from .pattern_gate import folded, needs, present
from .rules_lexicon import (
    CUSTOM_LABELS,
    EXAMINERS,
    KIN_WORDS,
    NO_EXCLAMATIONS,
    PAST_LEMMAS,
    RELATIVES,
    SPACY_LABELS,
    TIMETABLED_VERBS,
)
from .spacy_model import dictionary_words
from .timeexpr import Prefer, TimeSpan, find_times, resolve_time

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# -- clauses ---------------------------------------------------------------------------------

_BREAK = re.compile(
    r"\s*;\s*|\s*:\s+(?=(?:i|you|we|my|it)\b)|\s+[—–]\s+|\s+-\s+|,?\s+but\s+(?:rather\s+)?|"
    r",\s*(?=(?:and\s+)?(?:now|actually|then|so|not|never|i|i'm|i've|i'd|i'll|it's|it\s+is|it\s+was|that's|he|she|they|we|my|"
    r"there's|there\s+is|there\s+are|there\s+was)\b)|"
    # "renew it by Friday or it lapses", "book the pups in or the kennel won't take them": the "or" clause
    # says what follows if not; its "won't" denies nothing of the task
    r",?\s+(?:or|otherwise)\s+(?:else\s+)?(?=(?:it|they|he|she|you|we|i|(?:the|my|our|his|her|their)(?:\s+[\w-]+){1,2})\s+"
    r"(?:will|won't|wont|'ll|can't|cannot|would|wouldn't|might|may|is|are|'s|'re|[a-z]+s)\b)|"
    # "Great news, the gf and I are hitting the beach": a subject of several that holds the speaker opens a clause
    r",\s*(?=(?:the|my|our|me)\s+\w+(?:,?\s+\w+){0,3}\s+and\s+(?:i|me)\s+(?:are|were)\b)|"
    # "Tomorrow Jess and I are trying ...": "I are" says a subject of two, no clause of its own
    r"\s+and\s+(?=(?:now|then|i(?!\s+(?:are|were)\b)|i'm|i've|my|our|we|we're|we've|these\s+days|nowadays|it\s+turns\s+out)\b)|"
    r",?\s+and\s+(?=(?:also\s+)?(?:work|works|worked|live|lives|lived|study|studies|studied|use|uses|love|loves|like|likes|"
    r"enjoy|enjoys|prefer|prefers|hate|hates|take|takes|moved|joined|left|quit|started|switched|own|owns|speak|"
    r"speaks|am|got|just|retired|married|single|divorced|engaged|widowed|vegan|vegetarian|pregnant|unemployed)\b)|"
    r",\s*(?=(?:but\s+|and\s+)?(?:used\s+to|was|were)\s+\w+)|"  # "I'm vegan now, used to be vegetarian": the old value
    r",\s*(?=(?:always\s+|ever\s+since\s+)?(?:have\s+|'ve\s+)?been\s+(?:for|since|that|like|there|here|forever|ever)\b|"
    r"(?:always|always\s+have|have)\s+been\W*$)|"  # "I'm vegan, have been for years": the state, then how long
    r",?\s+and\s+(?=still\s+(?!(?:a|an|the|is|are|was|were|be|been|in|at|on|my|his|her|their|our|not|no|very|so|"
    r"pretty|quite|really|much|more|got|get|have|has|had|love|loves)\b)[a-z]+s?\b)|"  # "my nan's 88 and still swims"
    r"\s+(?:whereas|while|although|though)\s+(?=i\b)|\s+now\s+that\s+(?=(?:i|i'm|we|we're)\b)|"
    r"(?<=\w)-\s+(?=(?:i|we|my|i'm|we're|i've|we've|it|it's|that's|this|they|he|she)\b)|"
    r"\s+(?:when|because|'cause|cause|after|before|once|as\s+soon\s+as)\s+(?=(?:i|we|my|he|she|they)\s+\w+(?:ed|ent|ot|ook|ade|an|on|et)\b)|"
    # "Thanks Mel, yesterday I took the kids to the beach": a time that opens the speaker's clause
    r",\s*(?=(?:yesterday|earlier\s+today|this\s+(?:morning|afternoon|past\s+\w+)|last\s+\w+|on\s+\w+day|over\s+the\s+weekend|"
    r"the\s+other\s+day|(?:a|two|three|a\s+few|a\s+couple\s+of)\s+(?:days|weeks|months|years)\s+ago)\s*,?\s+(?:i|we|my|me)\b)",
    re.I)
# A fragment like "Actually," or "This week," belongs to the clause after it.
_LEAD_IN = re.compile(
    r"^(?:(?:actually|honestly|well|so|ok(?:ay)?|no|nope|yes|yeah|sorry|oh|oops|wait|hmm|ugh|argh|ah|"
    r"correction:?|update:?|btw|noted|"
    r"scratch\s+that|my\s+bad|my\s+mistake|i\s+misspoke(?:\s+(?:earlier|before))?|let\s+me\s+rephrase|(?:wait|hmm+|sorry|oops|um+|hold\s+on|hang\s+on)[,!.]?\s+(?:no|nope|nah)|"
    r"not\s+(?:quite|exactly|really)|"
    r"not\s+any\s*more|no\s+longer|"
    r"got\s+it|sure|right|great|thanks|thank\s+you|fyi|also|plus|"
    r"anyway|also|now|today|tonight|tomorrow|this\s+\w+|next\s+\w+|last\s+\w+|these\s+days|nowadays|currently|"
    r"right\s+now|lately|recently|in\s+\w+(?:\s+\d{4})?|since\s+\w+|for\s+now)[\s,.:!]*)+$", re.I)


@dataclass(frozen=True)
class Clause:
    """A piece of a sentence that states one thing (or two joined by "and")."""

    text: str
    forget: bool = False   # it came from "forget that ...": its facts become forget requests
    carried: bool = False  # a clause without a subject of its own, cut from the one before ("sold the car, got a bike")


def split_clauses(sentence: str, *, forget: bool = False) -> list[Clause]:
    """``"I used to like X; now I prefer Y"`` -> two clauses; lead-ins stay with what follows."""
    parts = [p.strip(" ,") for p in _BREAK.split(sentence) if p and p.strip(" ,.")]
    merged: list[str] = []
    carry = ""
    for part in parts:
        if _LEAD_IN.match(part):
            carry = f"{carry}{part.rstrip(',')}, "
            continue
        merged.append(carry + part)
        carry = ""
    if carry and merged:
        merged[-1] = merged[-1] + ", " + carry.rstrip(", ")
    elif carry:
        merged.append(carry.rstrip(", "))
    return [Clause(text=piece, forget=forget, carried=carried or bool(n and _STILL_DOING.match(piece)))
            for n, p in enumerate(merged) for piece, carried in _modal_tails(p)]


# What the subject of the clause before still does ("Grandad's 92 and still drives to bowls"), cut off by
# ``_BREAK``: a clause of its own about the same one.
_STILL_DOING = re.compile(r"^still\s+[a-z]", re.I)


# "I think I'm allergic to cats, need to see a doctor": after a comma, a clause led by a modal of
# intent or need and no subject is a clause of its own (its plan or task is not the first one's),
# about whoever the first was about; so is one led by a denied auxiliary ("I live in Oslo, won't be
# moving": its "not" denies the move, not the home). The parser often makes the tail the sentence's
# root, so the cut is made on the text.
_MODAL_TAIL = re.compile(r",\s*(?:(?:and|so|then|but)\s+)?(?=(?:still\s+|probably\s+|really\s+|just\s+)?"
                         r"(?:(?:gonna|wanna|gotta|need\s+to|needs\s+to|have\s+to|got\s+to|will|should|must|"
                         r"going\s+to|planning\s+(?:to|on)|plan\s+to|hoping\s+to|want\s+to)\s+\w|"
                         r"(?:won't|wont|can't|cant|cannot|don't|dont|doesn't|doesnt|isn't|wouldn't|shouldn't|mustn't|haven't|hasn't|never)\s+(?!any\s?more\b|any\s+longer\b)\w))",
                         re.I)


def _modal_tails(part: str) -> list[tuple[str, bool]]:
    """``part`` cut before each modal-led tail that has no subject; a tail is marked carried."""
    if "," not in part:
        return [(part, False)]
    cuts = [m for m in _MODAL_TAIL.finditer(part) if m.start() > 0]
    if not cuts:
        return [(part, False)]
    out = [(part[:cuts[0].start()].strip(), False)]
    for m, nxt in zip(cuts, [*cuts[1:], None]):
        out.append((part[m.end():nxt.start() if nxt else len(part)].strip(), True))
    return [(text, carried) for text, carried in out if text]


# A clause joined to the one before by a comma or "and"/"but" and saying no subject of its own
# ("moved out of Leeds in March, loving Sheffield so far", "sold the Golf, got an e-bike"):
# the parse attaches its verb to the first clause's main verb as conj/advcl/parataxis.
_JOIN = re.compile(r",\s+(?:(?:and|but|so|then)\s+)?")  # a bare "and" stays: "sold the flat and bought a house in Hove" is one change
_TAIL_DEPS = frozenset({"conj", "advcl", "parataxis"})
_OWN_SUBJECT = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})
# verb forms a clause can stand on: a past, a present, a base form said for "I", a participle
_CLAUSE_TAGS = frozenset({"VBD", "VBZ", "VBP", "VB", "VBG", "VBN"})


def subjectless_cut(doc: Doc) -> tuple[int, int] | None:
    """Where the clause before ends and a clause with no subject of its own begins, after a comma
    (and "and"/"but"), when its verb hangs on the sentence's main verb; else None. A list
    of objects ("I like hiking, swimming and cooking") hangs on a noun or a non-main verb: no cut."""
    text = doc.text
    if "," not in text:
        return None
    for m in _JOIN.finditer(text):
        start = doc.char_span(m.end(), m.end() + 1, alignment_mode="expand") if m.end() < len(text) else None
        if start is None or start.start < 2:
            continue
        first = start.start
        head = doc[first]
        while head.head.i != head.i and head.head.i >= first:
            head = head.head
        main = head.head
        if head.dep_ not in _TAIL_DEPS or main.dep_ != "ROOT" or main.i >= first or main.pos_ not in {"VERB", "AUX"}:
            continue
        if head.left_edge.i < first or any(c.dep_ in _OWN_SUBJECT for c in head.children):
            continue
        if (head.pos_ in {"VERB", "AUX"} and head.tag_ in _CLAUSE_TAGS and any(map(_says_something, head.children))) \
                or head.pos_ == "ADJ":
            end = doc.char_span(m.start(), m.start() + 1, alignment_mode="expand")
            return (end.start, first) if end is not None and end.start > 1 else None
    return None


def _says_something(child: Token) -> bool:
    """A verb's dependent that says what, whom or where ("got an e-bike", "working at Arm"); a time,
    a particle or an adverb alone ("moving in next month", "never going back") only colours the clause before."""
    if child.dep_ in _CONTENT_DEPS:
        return True
    return child.dep_ == "prep" and any(c.dep_ == "pobj" and not c.like_num and c.lower_ not in _TIME_NOUNS
                                        for c in child.children)


_CONTENT_DEPS = frozenset({"dobj", "attr", "acomp", "xcomp", "ccomp", "oprd", "dative"})
_TIME_NOUNS = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday",
                         "saturday", "sunday", "week", "weeks", "month", "months", "year", "years", "weekend", "day",
                         "days", "morning", "evening", "afternoon", "night", "spring", "summer", "autumn", "fall",
                         "winter", "while", "bit", "moment", "time", "future", "end", "start", "beginning"})


# -- flags -----------------------------------------------------------------------------------

_FLAG_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (name, re.compile(pattern, re.I)) for name, pattern in [
        ("hedge_strong", r"\b(?:(?:i'm|i\s+am)\s+not\s+(?:\w+\s+)?sure|not\s+(?:entirely\s+|completely\s+|totally\s+|100%\s+)?sure|"
                         r"not\s+certain|unsure|i\s+suspect|it\s+seems|i\s+wonder|it'?s\s+possible|it\s+is\s+possible|"
                         r"not\s+100%(?:\s+on\s+(?:it|that|this))?|(?:it\s+)?could\s+be\s+that|i\s+have\s+a\s+(?:hunch|feeling)(?!\s+of\b)|"
                         r"(?:(?:my\s+)?gut\s+(?:feeling\s+)?(?:is|says)|chances\s+are|odds\s+are|"
                         r"there'?s\s+(?:a\s+)?(?:\w+\s+)?chance(?:\s+that)?)"
                         r"(?=\s+(?:that|i|i'm|we|we're|it|it's|my|our|this|he|she|they)\b))(?:\s+(?:if|whether|but|that|about))?\b|"
                         r"\b(?:might|maybe|perhaps|possibly|may|could)\b(?!\s+(?:(?:be|have\s+been)\s+)?(?:a\s+lot\s+)?(?:worse|better)\b)"
                         r"(?:\s+that\b)?"),  # "could be worse": a comment on the fact, no doubt of it
        ("hedge_mild", r"\b(?:(?:i'?m|i\s+am)\s+(?:pretty|fairly|quite|almost)\s+(?:sure|certain)|i\s+think|i\s+guess|i\s+believe|i\s+suppose|i\s+reckon|i\s+feel\s+like|probably|likely|"
                       r"apparently|pretty\s+sure|fairly\s+sure|i'?d\s+say|i'?m\s+guessing|(?:it'?s|it\s+is)\s+likely|"
                       # "I'm considering getting a dog", "toying with the idea of a standing desk": not decided
                       # "thinking of asking her out", "mulling over a move": a step weighed, not taken
                       r"(?:(?:seriously\s+)?(?:considering|contemplating)|toying\s+with(?:\s+the\s+idea\s+of)?|weighing\s+up|"
                       r"mulling\s+over|debating|wondering\s+about|"
                       r"(?:(?:half|kind\s+of|sort\s+of|vaguely|idly|seriously|really)\s+)?thinking\s+(?:about|of))(?=\s+\w+ing\b)|"
                       r"(?<=i'm\s)(?:kind\s+of|sort\s+of|kinda|sorta)|(?<=i\sam\s)(?:kind\s+of|sort\s+of|kinda|sorta)|"
                       r"(?<=\bi\s)(?:kinda|sorta))\b(?:\s+that\b)?"),  # "kinda upsetting" colours, hedges nothing
        ("correction", r"\b(?:actually|correction\s*:?|to\s+correct\s+(?:myself|that)|i\s+meant(?:\s+to\s+say)?|i\s+mean|"
                       r"scratch\s+that|let\s+me\s+correct\s+(?:that|myself)|i\s+misspoke|that'?s\s+(?:wrong|not\s+right|incorrect)|"
                       r"that\s+was\s+wrong|sorry\s*,?\s*(?:i\s+meant)?|my\s+mistake|my\s+bad|let\s+me\s+rephrase|"
                       r"typo)\b[:,]?"),
        ("denial", r"^\s*(?:(?:wait|um+|hmm+|hold\s+on|hang\s+on|sorry|oops)[,!.]?\s+)?(?:no|nope|nah|not\s+(?:quite|exactly|really))\b"
                   rf"(?!\s+(?:{'|'.join(sorted(map(re.escape, NO_EXCLAMATIONS), key=len, reverse=True))})\b)[,!.]?"),
        ("confirmed", r"^\W*(?:(?:yep|yes|yeah|yup|so|well|ok(?:ay)?|right|and|phew)[,!.]?\s+)*(?:(?:it\s+)?turns?\s+out|(?:it'?s|it\s+is)\s+(?:official|confirmed|true)|i\s+(?:can\s+)?confirm|"
                      r"(?:the|my|our|his|her)\s+(?:[\w-]+\s+){0,2}(?:confirmed|confirms)|(?:just\s+)?confirmed(?:\s+with\s+\w+)?|"
                      # "the scan showed that my dad ...", "blood tests confirmed Mochi is ...": a finding of whoever would know
                      rf"(?:(?:the|my|our|his|her)\s+)?(?:[\w-]+\s+){{0,2}}{EXAMINERS}\s+"
                      r"(?:confirmed|confirms|showed|shows|revealed|found|proved))"
                      r"(?:\s*[:,]\s*|\s+)(?:that\s+)?(?=i\b|i'm\b|i've\b|my\b|we\b|we're\b|(?-i:[A-Z][a-z]+\s+(?:is|has|was|had|'s)\b))"),
        ("lead", r"^\s*(?:(?:wait|well|so|ok(?:ay)?|oh|hmm|yeah|yes|hey|hi|honestly|anyway|btw|also|plus|oops|tbh|frankly|guess\s+what|"
                 r"to\s+be\s+(?:honest|fair)|truth\s+be\s+told)\b[,!.]?\s*)+"),
        ("tag", r",\s*(?:right|correct|yes|no|isn't\s+it|aren't\s+you|don't\s+you|didn't\s+you|huh|yeah|true)\s*\?*\s*$"),
        # "i'm a cat person tbh", "I'm 43, for the record", "i'm 29 btw if that matters": colour only;
        # "it's penicillin for sure": firm, the value is "penicillin"
        ("trail", r"(?:,?\s+(?:tbh|tbf|to\s+be\s+honest|lol|haha+|touch\s+wood|fingers\s+crossed|btw|fyi|for\s+the\s+record|no\s+excuses|"
                  r"if\s+(?:that|it)\s+matters|just\s+so\s+you\s+know|if\s+you\s+must\s+know|in\s+case\s+you\s+(?:were\s+)?"
                  r"wonder(?:ing|ed)|believe\s+it\s+or\s+not|for\s+sure|for\s+certain|without\s+a\s+doubt|"
                  r"no\s+doubt\s+about\s+it|100\s*%))+\s*[.!]*\s*$"),
        ("end", r"\b(?:no\s+longer|not\s+any\s*more|any\s*more|any\s+longer|not\s+anymore)\b"),
        ("used_to", r"\bused\s+to\b"),
        ("ended_up", r"\b(?:ended|end|ending)\s+up\s+(?=\w+ing\b)"),  # "I ended up switching to Linux": the switch
        ("stop", r"\b(?:(?:have|'ve)\s+)?(?:stopped|stop|quit|gave\s+up|give\s+up|dropped|packed\s+in|pack\s+in|kicked)\s+(?=\w+ing\b)"),
        ("plan", r"\b(?:planning(?:\s+on)?|plan|plans|intend|intending|hoping|hope|aiming|aim|want|wanna|would\s+like|"
                 r"'d\s+like|going|gonna|expecting|expect|looking|scheduled|set|about|considering|thinking\s+(?:about|of)|"
                 r"(?<=i'm\s)off|(?<=we're\s)off|(?<=i\sam\s)off)"
                 r"\s+(?:to\s+)(?!the\b|a\b|an\b|my\b|(?:(?<=going\sto\s)|(?<=off\sto\s)|(?<=about\sto\s))(?:bed|work|school|church|town)\b|"
                 r"(?:(?<=going\sto\s)|(?<=off\sto\s))(?-i:[A-Z]))(?=\w)|"
                 r"\b(?:(?:planning|plan|plans)\s+on|considering|contemplating|thinking\s+(?:about|of)|toying\s+with(?:\s+the\s+idea\s+of)?|"
                 r"weighing\s+up|mulling\s+over)"
                 r"\s+(?=\w+ing\b)|\b(?:gonna|wanna)\b|"
                 r"\b(?:can'?t|cannot|can\s+not)\s+wait\s+(?:to|for)\b|\blooking\s+forward\s+to\b|"
                 # "I should be starting at Deloitte in June": what is expected to come, no duty
                 r"\bshould\s+be\s+(?=\w+ing\b)|"
                 # "we're due to move to Bristol", "she's due to start": arranged; "due to the rain" is a cause
                 r"(?:(?<='m\s)|(?<=\bam\s)|(?<='re\s)|(?<=\bare\s)|(?<='s\s)|(?<=\bis\s))due\s+to\s+(?!(?:the|a|an|my|your|his|her|our|their|its|this|that|"
                 r"these|those|lack|covid|illness|work)\b)(?=[a-z]+\b)|"
                 r"\b(?:so\s+|really\s+|super\s+)?(?:excited|stoked|pumped|psyched|eager|keen|thrilled)\s+(?:to|for)\b"),
        ("eager", r"\b(?:can'?t|cannot|can\s+not)\s+wait\b|\blooking\s+forward\b|\b(?:excited|stoked|pumped|psyched|eager|thrilled)\b|\bkeen(?=\s+to\b)"),
        # "I will always love reading": a state; "I'll never forget meeting her in March": a memory, no plan
        ("lasting", r"\b(?:will|'ll)\s+(?=(?:always|forever|never\s+forget)\b)"),
        ("will", r"\b(?:will|'ll|shall)\b(?!\s+(?:always|forever|never\s+forget)\b)"),
        ("report", r"\b(?:you\s+)?(?:mentioned|said|told\s+(?:me|you)|noted|wrote)\s+(?:that\s+|earlier\s+(?:that\s+)?)?(?=you\b|i\b)|"
                   # "Didn't you say you live in Leeds?", "I heard you got promoted": the other speaker's, as heard
                   r"^\W*(?:(?:so|and|oh|wait|hey|btw)\W+)*(?:(?:did|didn't|didnt)\s+you\s+(?:say|mention|tell\s+me)|"
                   r"i\s+(?:heard|hear)|word\s+is)\s+(?:that\s+)?(?=you\b|you're\b|you've\b)"),
        ("had_to", r"\bhad\s+to\b"),
        ("task", r"\b(?:need\s+to|needs\s+to|have\s+to|has\s+to|must|gotta|should(?!\s+be\s+\w+ing\b)|supposed\s+to|"
                 r"trying\s+to|have\s+got\s+to|'ve\s+got\s+to|'d\s+better(?!\s+(?:than|off|not)\b)|"
                 # "I had better luck with the second one": a comparison, unless a verb follows "had better"
                 r"had\s+better(?=\s+(?:(?:just|really|probably|still|also)\s+)?(?:go|get|be|do|make|call|ring|tell|ask|"
                 r"check|sort|start|stop|leave|head|pay|book|finish|send|write|take|put|see|find|pick|clean|fix|buy|hurry|"
                 r"run|keep|try|give|let|come|bring|move|crack)\b))\b"),
        ("attempt", r"\b(?:trying|tryna)\s+(?:hard\s+)?to\b"),  # read as a task, proposed as an attempt (rules_draft)
    ]
]
# Each flag pattern's pre-check (pattern_gate): the words it cannot match without.
_FLAG_NEEDS = [needs(pattern) for _, pattern in _FLAG_PATTERNS]
_FLAG_WORDS = frozenset().union(*filter(None, _FLAG_NEEDS))
_SOMEONE_ELSE = "\x00other"
# "be/get used to": accustomed (now or then), not the past habit "used to" ends.
_USED_TO_IT = re.compile(r"\b(?:get|gets|got|gotten|getting|be|being|been|am|is|are|was|were|become|became|"
                         r"i'm|im|we're|you're|it's|he's|she's|they're)\s+(?:(?:so|really|still|quite|very|pretty|not|"
                         r"never|totally|fully|kinda|all|slowly|finally|just|already|more)\s+){0,2}$", re.I)
# what follows "maybe"/"probably" when it rounds a number rather than doubts a fact
_APPROXIMATE = re.compile(r"\s+(?:[$€£]\s?)?(?:\d|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                          r"fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|a\s+dozen|"
                          r"half\s+an?)\b)", re.I)
# "40,000 users now, up from 25k in January": a time after "up/down from <value>" dates the earlier value.
_EARLIER_VALUE = re.compile(r"\b(?:up|down)\s+from\s+\S+(?:\s+\S+){0,2}?\s+(?:in\s+|on\s+|at\s+|back\s+in\s+)?$", re.I)
_CONFIRMS = re.compile(r"\b(?:confirm(?:s|ed)?|diagnosed|turns?\s+out|it'?s\s+official)\b", re.I)


# A plan said without its "I" that is worth a parse: the intent and what is intended ("planning on
# doing a marathon", "hoping to visit Oslo"), not a hope about something else ("hoping the rain stops").
_PLAN_OPENING = re.compile(r"^\W*(?:(?:so|and|but|also|just|now|still)\s+)*(?:gonna|wanna|(?:planning|hoping|going|want)\s+to|"
                           r"(?:planning\s+on|thinking\s+(?:about|of))\s+\w+ing)\b", re.I)


def plan_lead(text: str) -> bool:
    """Whether a clause opens with a plan said without its "I" ("planning on doing a marathon")."""
    return bool(_PLAN_OPENING.match(text))


def confirms(text: str) -> bool:
    """Whether a clause confirms something ("The doctor confirmed it's a hairline fracture"): worth
    parsing though it names no person of the speaker's."""
    return bool(_CONFIRMS.search(text))


_REASON = re.compile(r"^(?:(?:that|this|it|which) )?(?:'s|is|was) (?:why|how|because)$")
# "Gonna continue my edu", "Planning to take a trip": a plan said without its "I".
_PLAN_LEAD = re.compile(r"^\W*(?:(?:so|and|but|also|just|now|still)\s+)*(?:gonna|wanna|planning|hoping|going\s+to|want\s+to|"
                        r"thinking\s+(?:about|of)|looking\s+forward)\b", re.I)
# "Need to book the dentist today", "gotta renew my passport": a task said without its "I".
_TASK_LEAD = re.compile(r"^\W*(?:(?:so|and|but|also|just|now|still|really|today|tomorrow)\s+)*(?:need\s+to|gotta|got\s+to|have\s+to|"
                        r"must)\s+(?=\w)", re.I)
_DOING = re.compile(r"\b(?:started|start|starts|starting|been|kept|keep|keeps|love|loved|enjoy|enjoyed|like|liked|"
                    r"stopped|quit|began|begun|avoid|avoided|miss|missed)\s+$", re.I)
_NOT_MINE = re.compile(r"\b(?:it|that|this|there|they|he|she|things|everything|that's|it's)\s*$", re.I)
# A past said only as "long ago" ("when I was a kid", "back then"): no date, so not the statement's.
_LONG_AGO = re.compile(r"\b(?:when\s+(?:i|we)\s+(?:was|were)\s+(?:a\s+|little\s+)?(?:kids?|child|children|young|younger|"
                       r"little|small|teens?|teenagers?|growing\s+up|in\s+(?:high\s+school|college|school|uni(?:versity)?))|"
                       r"as\s+a\s+(?:kid|child|teen|teenager|little\s+girl|little\s+boy)|back\s+then|growing\s+up|"
                       r"in\s+(?:my|our)\s+(?:childhood|youth|teens)|from\s+(?:my|our)\s+childhood|in\s+college|"
                       r"in\s+high\s+school|years\s+back|long\s+ago|the\s+last\s+time)\b", re.I)
_OTHERS_MODAL = re.compile(r"\b(?:they|he|she|others|people|folks|everyone|everybody|someone|somebody|anyone|"
                           r"anybody|readers|viewers|judges|customers)\s*$", re.I)
_LISTENERS_MODAL = re.compile(r"\b(?:you|you\s+guys|y'all)\s*$", re.I)
_TIME_PREPOSITION = re.compile(r"\b(?:back\s+)?(?:in|on|at|during|around|by|from|for|of)\s+$", re.I)  # "back in 2019" too
_FREQUENCY = re.compile(r"\b(?:every|each)\s+(?:day|morning|evening|night|week|month|year|other\s+day|weekend|"
                        r"(?:other\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|"
                        r"\b(?:once|twice|three\s+times)\s+(?:a|per)\s+(?:day|week|month|year)\b|\bdaily\b|\bweekly\b", re.I)
_FILLERS = frozenset({"really", "also", "just", "still", "finally", "already", "even", "definitely", "totally",
                      "absolutely", "seriously", "honestly", "basically", "literally", "kinda", "so", "well",
                      "oh", "hmm", "yeah", "yes", "ok", "okay", "anyway", "btw", "though", "too", "again",
                      "currently", "happily", "officially", "then", "both", "all", "only", "mostly", "mainly",
                      "primarily", "originally", "truly", "genuinely", "lately", "recently", "always", "usually",
                      "often", "sometimes", "generally", "soon", "eventually", "later", "yet"})
_SUBJECT_PRONOUNS = frozenset({"he", "she", "they"})
_OBJECT_ONLY_HEADS = frozenset({"it", "that", "this"})


def _things_named(doc: Any) -> list[str]:
    """The things a clause names as its subject or object ("my expenses", "the bins"): what a
    later "do that" or "deal with it" in the sentence can stand for. Dates and people are no such thing."""
    return [chunk.text for chunk in doc.noun_chunks if (chunk.root.dep_ == "dobj" or (
                chunk.root.dep_ in {"nsubj", "nsubjpass"} and _in_a_state(chunk.root.head)))
            and chunk.root.pos_ in {"NOUN", "PROPN"} and chunk.root.ent_type_ not in {"DATE", "TIME", "PERSON"}
            and chunk.root.lemma_.lower() not in _NO_CHORE_THINGS]


# A subject stands for a chore only when said in a state that wants dealing with ("the printer is broken",
# "my car tax is overdue", "the passport runs out", "the bins haven't gone out"), not "the weather was terrible".
_STATE_WORDS = frozenset({"broken", "break", "overdue", "due", "expire", "expired", "out", "leak", "leaking", "dead",
                          "full", "empty", "late", "missing", "dirty", "filthy", "messy", "mess", "flat", "stuck",
                          "blocked", "overflow", "overflowing", "need", "pile", "piling", "unpaid", "outstanding"})
# Weather and people are no thing to "deal with it": "The kids are on half term, I need to deal with it".
_NO_CHORE_THINGS = frozenset({"weather", "rain", "snow", "wind", "heat", "traffic", "kid", "kids", "child", "children",
                              "people", "boy", "girl", "guest", "friend", "parent", "student", "family", "neighbour",
                              "neighbor", "baby", "son", "daughter", "husband", "wife", "partner", "mum", "dad"})


def _in_a_state(head: Any) -> bool:
    return head.lemma_.lower() in _STATE_WORDS or head.lower_ in _STATE_WORDS or any(
        c.dep_ in {"acomp", "prt", "attr", "advmod", "xcomp"} and (c.lemma_.lower() in _STATE_WORDS or c.lower_ in _STATE_WORDS)
        for c in head.children)


@dataclass
class ReadClause:
    """A clause after reading: flags, times, subject, and the lemma string the rules match."""

    doc: Any
    text: str      # the doc's own text (spaCy keeps it exactly); Doc.text re-joins every token
    speaker: str
    reference: datetime
    tokens: list[Any] = field(default_factory=list)     # the core tokens, in order
    lemmas: list[str] = field(default_factory=list)
    string: str = ""
    offsets: list[int] = field(default_factory=list)    # where each lemma starts in ``string``
    flags: set[str] = field(default_factory=set)
    times: list[TimeSpan] = field(default_factory=list)
    subject: str | None = "user"
    subject_type: EntityType = EntityType.person
    object_only: bool = False
    relation: tuple[str, str, str] | None = None   # (relation noun, name or "", subject shown) for "my sister Anna"
    forget: bool = False
    prefix: str = "i "    # the subject as the rules see it; empty for "my name is ..." and bare objects
    sentence_times: list[TimeSpan] = field(default_factory=list)  # an earlier clause's: "Last Tuesday, my gf and I ..."
    addressee: str | None = None   # the other speaker of a two-person chat ("You said you'd moved to Denver")
    earlier_things: list[str] = field(default_factory=list)  # the sentence's earlier subjects and objects, last last
    photo: str | None = None       # what the message's photo caption shows ("I drew it" + a drawing of a sunset)
    caption: str | None = None     # the whole caption ("a bride in a wedding dress"), which may name "this dress"

    @property
    def hedge(self) -> str | None:
        if "hedge_strong" in self.flags:
            return "strong"
        return "mild" if "hedge_mild" in self.flags else None

    def span_tokens(self, start: int, end: int) -> list[Any]:
        """The core tokens whose lemma lies in ``string[start:end]``."""
        return [t for t, o in zip(self.tokens, self.offsets) if start <= o < end]


def _told_as(span: TimeSpan, reference: datetime, prefer: Prefer) -> TimeSpan:
    """A time said in a verbless lead-in ("Over the weekend, we went ...") read in the tense of
    the clause it dates: a past clause takes the weekend gone by, not the coming one."""
    if prefer != "past" or span.start is None or span.start <= reference:
        return span
    again = resolve_time(span.text, reference, "past")
    return span if again is None or again.start is None or again.start > reference else \
        again.model_copy(update={"begin_char": span.begin_char, "end_char": span.end_char})


def entity_type(token: Token) -> EntityType | None:
    """The entity type of a token from its (ruler or model) entity label."""
    label = token.ent_type_
    if not label:
        return None
    return CUSTOM_LABELS.get(label) or SPACY_LABELS.get(label) or EntityType.other


def _past(tokens: list[Any]) -> bool:
    """Some verb is in a past form ("moved", "had lived"), "used to" aside."""
    if not tokens:
        return False
    strings = tokens[0].vocab.strings
    past_tags = {strings["VBD"], strings["VBN"]}
    use = strings["use"]
    first = next((t for t in tokens if not (t.is_punct or t.pos_ in {"ADV", "INTJ", "CCONJ"})), tokens[0])
    if (first.tag_ == "VB" and first.lower_ in IRREGULAR_PAST and PAST_LEMMAS[first.lower_] != first.lower_) \
            or misread_past(first):
        return True  # "Ran my first 10k on Sunday": a dropped "I" leaves the past tagged as an order
    return any(t.tag in past_tags and t.lemma != use for t in tokens)


def misread_past(token: Token) -> bool:
    """A regular past that opens a chat line with its "I" dropped and that the tagger read as an
    adjective, though it has an object ("Twisted/JJ my ankle on Monday")."""
    return token.tag_ == "JJ" and token.dep_ == "ROOT" and token.lower_.endswith("ed") \
        and any(c.dep_ == "dobj" for c in token.children)


def _lemma(token: Token) -> str:
    low = token.lower_
    if low in {"n't", "not", "never"}:
        return "not"
    if low in _VERBISH_LEMMAS and token.pos_ != "VERB":
        return _VERBISH_LEMMAS[low]  # "My grandad loves fly fishing": "loves" tagged as an auxiliary
    if token.pos_ == "PROPN" or token.like_num:
        return low
    if low in {"'m", "am", "'re", "are", "is", "was", "were", "been", "being"}:
        return "be"
    if low in {"'s", "’s"} and (token.pos_ == "AUX" or (token.i + 1 < len(token.doc) and (
            token.doc[token.i + 1].lower_ in {"a", "an"} or token.doc[token.i + 1].like_num))):
        return "be"  # "My wife's a vet", "my son's 7": the tagger may read the clitic as a possessive
    if low == "'ve":
        return "have"
    if low in {"me", "my"}:
        return low  # spaCy lemmatises "me" to "I"; "call me Jay" needs it kept
    if token.tag_ in {"VBD", "VBN", "VBP", "VB"} and (base := _unlemmatized_past(token)):
        return base  # "roasted" left unlemmatized
    if base := _cut_e_verb(token):
        return base
    if low == "'d":
        nxt = token.nbor(1) if token.i + 1 < len(token.doc) else None
        return "have" if nxt is not None and nxt.tag_ == "VBN" else "would"  # "you'd moved" is "you had moved"
    return token.lemma_.lower()


def _unlemmatized_past(token: Token) -> str | None:
    """The base of a regular past the lemmatizer left as it was ("roasted" -> "roast"), else None."""
    low = token.lower_
    return _past_base(low) if low.endswith("ed") and token.lemma_.lower() == low and len(low) > 4 else None


# Verbs ending in "-e" whose past or third person the lemmatizer cuts to another word:
# "stared" -> star, "hoped" -> hop, "hates" -> hat.
_E_VERBS = frozenset({"stare", "scare", "spare", "pare", "hope", "cope", "mope", "dine", "shine", "pine", "dote",
                      "wade", "hate", "rate", "plate", "tape", "scrape", "mate", "bathe", "snipe", "gripe", "wipe"})


def _cut_e_verb(token: Token) -> str | None:
    """The "-e" base of a verb the lemmatizer cut short ("stared" -> stare), else None."""
    lemma = token.lemma_.lower()
    base = lemma + "e"
    return base if base in _E_VERBS and token.lower_ in {base + "d", base + "s"} else None


def verb_lemma(token: Token) -> str:
    """A verb's lemma with the small model's misses mended: an irregular past the tagger read as a
    present at the start of a chat clause ("Took a trip" -> take), a regular past left as it was
    ("roasted" -> roast), doubled consonants and "-cted" ("blogge" -> blog, "reconnecte" -> reconnect)."""
    if token.lower_ in IRREGULAR_PAST and token.tag_ == "VB":
        return PAST_LEMMAS[token.lower_]
    lemma = _unlemmatized_past(token) or _cut_e_verb(token) or token.lemma_.lower()
    if re.search(r"([bdgmnprt])\1e$", lemma):
        return lemma[:-2]
    return lemma[:-1] if lemma.endswith("cte") else lemma


def _past_base(word: str) -> str:
    """A rough base form of a regular past the lemmatizer missed: roasted -> roast, shared -> share."""
    stem = word[:-2]
    if stem.endswith("i"):
        return stem[:-1] + "y"
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
        return stem[:-1]
    vowels = "aeiou"
    if stem[-1] in "wxy" or (stem[-1] not in vowels and (stem[-2] not in vowels or stem[-3:-1] in {"oa", "ee", "oo", "ai", "ea", "ou"})):
        return stem
    return stem + "e"


# Adverbs that open a sentence and that the tagger may read as a name alone ("Sadly, my grandad ...").
SENTENCE_ADVERBS = frozenset({
    "thankfully", "honestly", "sadly", "luckily", "unfortunately", "fortunately", "hopefully", "apparently",
    "basically", "obviously", "seriously", "finally", "actually", "anyway", "anyways", "surprisingly", "weirdly",
    "funnily", "interestingly", "tragically", "ironically", "naturally", "clearly", "frankly", "personally",
    "meanwhile", "incidentally", "admittedly", "technically", "literally", "recently", "lately",
    "happily", "amazingly", "oddly", "strangely", "annoyingly", "unsurprisingly", "understandably",
})


class ClauseReader:
    """Reads parsed clauses against one reference time; remembers third persons for "he"/"she"."""

    def __init__(self, reference: datetime) -> None:
        self.reference = reference
        self.last_person: str | None = None
        self.sentence_subject: str | None = None   # the subject of the sentence's earlier clauses
        self.sentence_hedge: set[str] = set()      # "I'm not sure, but I live ..." hedges the rest
        self.sentence_times: list[TimeSpan] = []   # "Last Tuesday, my gf, Toby, and I had ..." dates the rest
        self.sentence_long_ago = False             # "Even as a child, I made some sketches": no date for the rest
        self.sentence_things: list[str] = []       # "My car tax is overdue, gotta deal with it": what "it" can be
        self.turn_times: list[TimeSpan] = []       # the last past time said earlier in the turn
        self.photo: str | None = None              # the thing the turn's photo caption shows
        self.caption: str | None = None            # the turn's whole photo caption
        self.apposed: str | None = None            # "Tom, my brother, lives in Perth": the name before "my brother"
        self.clause_subject: str | None = None     # who the sentence's last clause was about (None: no one said)

    def new_sentence(self, *, same_turn: bool = False) -> None:
        """Forget the running subject, hedge and time: a new sentence sets its own. Within one
        turn, a past time said before still dates a told event ("Last weekend, I took my family
        to Jasper. ... We drove through the Icefields Parkway.")."""
        past = [s for s in self.sentence_times if s.kind.value == "point" and s.end and s.end <= self.reference]
        self.turn_times = (past or self.turn_times) if same_turn else []
        self.sentence_subject = None
        self.sentence_hedge = set()
        self.sentence_times = []
        self.sentence_long_ago = False
        self.sentence_things = []
        self.apposed = None
        self.clause_subject = None

    def read(self, doc: Doc, clause: Clause, *, speaker: str, addressee: str | None = None) -> ReadClause:
        """``addressee``: in a two-person chat, the other speaker, whom "you" names."""
        text = clause.text
        read = ReadClause(doc=doc, text=text, speaker=speaker, reference=self.reference, forget=clause.forget)
        read.addressee = addressee
        read.photo, read.caption = self.photo, self.caption
        self.sentence_long_ago = self.sentence_long_ago or bool(_LONG_AGO.search(text))
        if self.sentence_long_ago:
            read.flags.add("long_ago")
        masked: list[tuple[int, int]] = []
        flag_starts: dict[str, list[int]] = {}
        holds = present(folded(text), _FLAG_WORDS)
        for (name, pattern), needed in zip(_FLAG_PATTERNS, _FLAG_NEEDS):
            if needed is not None and needed.isdisjoint(holds):
                continue  # a word the pattern cannot match without is not in the clause (pattern_gate)
            for m in pattern.finditer(text):
                if name == "hedge_strong" and m[0] == "May" and m.start() > 0:
                    continue  # the month
                if name in {"hedge_strong", "hedge_mild"} and _APPROXIMATE.match(text, m.end()):
                    continue  # "I sleep maybe 5 hours a night": a number given roughly, no doubt of the fact
                if name == "used_to" and _USED_TO_IT.search(text, 0, m.start()):
                    continue  # "I'm still getting used to the office": accustomed now, no past habit ended
                if name == "plan" and m[0].lower().startswith("going") and _DOING.search(text, 0, m.start()):
                    continue  # "I started going to boot camps": something done, not a plan
                if name == "will" and _NOT_MINE.search(text, 0, m.start()):
                    continue  # "hoping it'll give me tips": a future of something else
                if name in {"hedge_strong", "will"} and _LISTENERS_MODAL.search(text, 0, m.start()):
                    continue  # "one of my favorites as you might be able to tell": the listener's maybe
                if name == "hedge_strong" and re.fullmatch(r"might|may|could", m[0], re.I) \
                        and _OTHERS_MODAL.search(text, 0, m.start()):
                    continue  # "I sent it in to see how others might like it": their maybe, not the speaker's
                if name == "hedge_strong" and re.fullmatch(r"may|might", m[0], re.I) and _followed_by_event(text, m.end()):
                    read.flags.add("plan")
                read.flags.add(name)
                flag_starts.setdefault(name, []).append(m.start())
                masked.append(m.span())
        if "had_to" in read.flags:  # "I had to cancel": done, not a task
            read.flags.discard("task")
        tokens = list(doc)
        if _arranged_move(tokens) and "neg" not in read.flags:
            read.flags.add("plan")  # "I'm moving to Glasgow once the lease is up": arranged, not made
        # "I'm flying out on the 3rd", "we're going on a retreat in February": a present progressive
        # with a date and no past verb tells of what is arranged, so the day named is the one to come
        past, progressive = _past(tokens), _progressive(tokens)
        prefer: Prefer = "future" if read.flags & {"plan", "will", "task"} or (progressive and not past) \
            or timetabled(tokens) else "past" if past and not progressive else "nearest"
        read.times = []
        told = next((s.start for s in reversed(self.sentence_times or self.turn_times) if s.start is not None), None)
        often = [m.span() for m in _FREQUENCY.finditer(text)]  # "every Thursday": how often, no date
        for span in find_times(text, self.reference, prefer, told):
            if any(a <= span.begin_char and span.end_char <= b for a, b in [*masked, *often]):
                continue
            if _EARLIER_VALUE.search(text, 0, span.begin_char):
                masked.append((span.begin_char, span.end_char))  # "up from 25k in January": the old value's time
                continue
            read.times.append(span)
        for span in read.times:  # "in April": the preposition goes with the time
            lead = _TIME_PREPOSITION.search(text, 0, span.begin_char)
            masked.append((lead.start() if lead else span.begin_char, span.end_char))
        masked.extend(often)
        if any(s.kind.value == "present" for s in read.times):
            read.flags.add("now")
        read.sentence_times = [_told_as(s, self.reference, prefer) for s in self.sentence_times or self.turn_times]
        self.sentence_times = read.times or self.sentence_times
        read.earlier_things = self.sentence_things
        self.sentence_things = [*self.sentence_things, *_things_named(doc)]
        core = [t for t in tokens if not t.is_space and not any(a <= t.idx < b for a, b in masked)] if masked \
            else [t for t in tokens if not t.is_space]
        whole = _without_vocatives(core)
        core = _own_clause(whole)
        if core and len(core) < len(whole):  # "I made a cake, maybe you would like it": the hedge is not mine
            limit = whole[len(core)].idx  # the comma it was cut at: "... anymore, it just doesn't agree" keeps "anymore"
            read.flags -= {name for name, starts in flag_starts.items() if all(at >= limit for at in starts)}
        apposed = core[0].text if len(core) == 1 and core[0].text[:1].isupper() and core[0].is_alpha and (
            core[0].pos_ == "PROPN" or (core[0].pos_ in {"ADV", "NOUN"} and not core[0].is_stop)) \
            and core[0].lower_ not in SENTENCE_ADVERBS else None  # "Sara," parsed alone; "Thankfully," is no name
        core = self._carried(read, core) if clause.carried else self._subject(read, core)
        self.clause_subject = None if read.object_only else read.subject
        self.apposed = apposed
        if read.subject == "user":
            self.last_person = _person_met(core) or self.last_person
        if read.subject and not read.object_only:
            self.sentence_subject = read.subject
        if "confirmed" in read.flags:  # "I wasn't sure, but the doctor confirmed I'm allergic": certain now
            read.flags -= {"hedge_strong", "hedge_mild"}
            self.sentence_hedge = set()
        hedges = read.flags & {"hedge_strong", "hedge_mild"}
        if not clause.carried:  # "pretty sure I'm lactose intolerant, gonna get tested": the test is no guess
            read.flags |= self.sentence_hedge
        self.sentence_hedge |= hedges
        self._index(read, core)
        return read

    def _carried(self, read: ReadClause, core: list[Any]) -> list[Any]:
        """A clause cut off without a subject ("..., got an e-bike instead") is about whoever the
        clause before was about: the speaker or a named person; about no one if that one was not."""
        core = [t for t in core if not (t.is_punct and t.text not in {"-", "&", "+", "#", "'", "/"})]
        while len(core) > 1 and (core[0].lower_ in {"and", "but", "so", "then"}
                                 or (core[0].lower_ in _FILLERS and core[0].pos_ == "ADV")):
            core = core[1:]
        read.subject = self.clause_subject if self.clause_subject != _SOMEONE_ELSE else None
        return core if read.subject else []

    def _subject(self, read: ReadClause, core: list[Any]) -> list[Any]:
        """Strip the subject off the front of ``core`` and set ``read.subject``; return the rest."""
        core = [t for t in core if not (t.is_punct and t.text not in {"-", "&", "+", "#", "'", "/"})]
        while core and (core[0].lower_ in {"and", "but", "so", "then", "because", "since", "as"}
                        or (core[0].lower_ == "that" and len(core) > 1 and core[1].pos_ not in {"AUX", "VERB"})
                        or (core[0].lower_ in _FILLERS and core[0].pos_ == "ADV" and len(core) > 1
                            and core[1].pos_ in {"VERB", "AUX"} and core[1].tag_ in {"VBD", "VBN"})):
            core = core[1:]
        if not core:
            read.subject = None
            return []
        if read.speaker != "user" and len(core) > 2 and core[0].pos_ == "AUX" and core[1].lower_ == "you":
            # "Are you still in Leeds?" / "Do you work at Deloitte?": what the question asks, for a "yes"
            core = [core[1], core[0], *core[2:]] if core[0].lemma_ == "be" else core[1:]
        me = {"you"} if read.speaker != "user" else {"i", "we"}
        joint = _joint_subject(core) if read.speaker == "user" else None
        if joint is not None:
            return core[joint:]  # "my girlfriend, Toby and I are going camping": the speaker's doing too
        lead = next((i for i, t in enumerate(core[:4]) if t.lower_ in me), None)
        if lead is None:  # "after finishing my screenplay I got ...": the main verb's own subject
            lead = next((i for i, t in enumerate(core[:8]) if t.lower_ in me and t.dep_ == "nsubj"
                         and t.head.dep_ == "ROOT" and t.head.i > t.i), None)
            if lead is not None:
                core = core[lead:]
                lead = 0
        if lead and (all(t.pos_ not in {"VERB", "AUX", "PRON"} for t in core[:lead])
                     or read.doc[core[lead].i - 1].text in {",", ":"}
                     or _REASON.match(" ".join(t.lower_ for t in core[:lead]))):  # "That's why I love ..."
            core = core[lead:]  # "Noted: you ...", "Last spring I ..."
        first = core[0].lower_
        if first in me and "report" in read.flags and read.speaker == "user" and len(core) > 2 and core[1].lower_ in me:
            read.flags.add("said_before")  # "I said I'm a Leo, I meant Virgo": what was said, for a correction after it
            return core[2:]
        if first in me:
            return core[1:]
        if read.addressee and first == "you" and "report" in read.flags and read.speaker == "user":
            # "You said you'd moved to Denver, right?": a fact about the other speaker, as heard
            read.subject = read.addressee
            read.flags.add("hedge_mild")
            return core[1:]
        if read.speaker != "user" and first == "i":
            read.subject = None  # the assistant speaking about itself
            return []
        if first in {"my", "our"} and len(core) > 1 and read.speaker == "user":
            rest = core[1:]
            relation, size = _relation_words(rest)
            if relation:
                rest = rest[size:]
                while len(rest) > 1 and rest[0].text in {"'s", "’s"}:  # "my brother's wife (Kate)": whose relative
                    further, more = _relation_words(rest[1:])
                    if further is None:
                        break
                    relation, rest = f"{relation}'s {further}", rest[1 + more:]
                name_tokens: list[Any] = []
                while rest and rest[0].pos_ == "PROPN":
                    name_tokens.append(rest.pop(0))
                if name_tokens:
                    rest = rest[_name_tag(rest):]  # "my friend Mia from uni is a lawyer"
                while len(rest) > 1 and ((rest[0].lower_ in _FILLERS and rest[0].pos_ == "ADV")
                                         or rest[0].lower_ in _EACH_OF_THEM):
                    rest.pop(0)  # "my kids both play football": the kids, every one of them
                if rest and (_is_verb(rest[0]) or (len(rest) > 1 and rest[0].text in {"'s", "’s"}
                                                   and rest[1].lower_ in {"a", "an"})  # "My wife's a vet"
                             or (name_tokens and _past_as_adjective(rest))):
                    name = " ".join(t.text for t in name_tokens) or self.apposed or ""
                    read.subject = name or f"user's {relation}"
                    read.relation = (relation, name, read.subject)
                    self.last_person = read.subject
                    return rest
                if name_tokens or not rest:
                    read.relation = (relation, " ".join(t.text for t in name_tokens), "")
                    read.subject = None
                    return []
            read.prefix = ""
            return core  # "my name is ...": attribute rules read it whole
        if first == "you" and read.speaker == "user":
            self.sentence_subject = _SOMEONE_ELSE  # "You sound like you fit in and got a buzz": not the speaker
        if first in _SUBJECT_PRONOUNS and read.speaker == "user":
            read.subject = self.last_person
            read.subject_type = EntityType.person
            return core[1:] if self.last_person else []
        if (_is_name(core[0]) or _mistagged_name(core[0])) and read.speaker == "user":
            person: list[Any] = []
            rest = list(core)
            while rest and (_is_name(rest[0]) or (not person and _mistagged_name(rest[0]))):
                person.append(rest.pop(0))
            labelled = all(t.ent_type_ == "PERSON" for t in person) or _mistagged_name(person[0])
            rest = rest[_name_tag(rest):]  # "Sophie from work is allergic to sesame": the tag only says who
            rest = _past_aside(person[-1], rest)  # "Priya, who sits next to me, is moving": the aside says who
            relation = _apposed_relation(rest)
            if relation and read.doc[person[-1].i + 1].text in {",", "(", "-"}:
                # "Priya, my roommate, is a data scientist", "Jen (my sister) works at a bakery"
                read.subject = " ".join(t.text for t in person)
                read.relation = (relation, read.subject, read.subject)
                self.last_person = read.subject
                return rest[1 + len(relation.split()):]
            while len(rest) > 1 and rest[0].lower_ in _FILLERS and rest[0].pos_ == "ADV":
                rest.pop(0)  # "Priya just moved to Bristol", "Carlos finally got a job"
            if rest and _is_verb(rest[0]) and (labelled or rest[0].tag_ in {"VBZ", "VBD"} or rest[0].lower_ in _VERBISH):
                kin = person[0].lower_
                if len(person) == 1 and kin in _KIN_AS_NAMES:
                    # "Mum loves gardening", "Grandad moved to Spain": the speaker's kin, called by the word
                    read.subject = f"user's {kin}"
                    read.relation = (kin, "", read.subject)
                else:
                    read.subject = " ".join(t.text for t in person)
                self.last_person = read.subject
                return rest
        if first in _OBJECT_ONLY_HEADS and len(core) > 1 and core[1].lemma_ == "be":
            read.object_only = True
            return core[2:]
        if read.speaker == "user" and first in _DROPPED_I and len(core) > 1 \
                and core[1].pos_ not in {"CCONJ", "AUX", "PUNCT"} and (core[1].pos_ != "VERB" or core[1].tag_ == "VBG"):
            read.subject = "user"  # "Love experimenting with spices" (the tagger reads "Love" as a noun)
            return core
        lead_verb = next((t for t in core[:3] if t.pos_ != "ADV"), None)
        if read.speaker == "user" and lead_verb is not None and lead_verb.tag_ == "VBG" \
                and (lead_verb.dep_ == "ROOT" or ("plan" in read.flags and _PLAN_LEAD.match(read.text))) \
                and not any(c.dep_.startswith("nsubj") or c.dep_ == "aux" for c in lead_verb.children) \
                and (lead_verb is not core[0] or any(t.lower_ in {"my", "our"} for t in core)
                     or read.flags & {"hedge_strong", "hedge_mild", "now", "plan"}):  # "Possibly going back to uni"
            read.subject = self.sentence_subject or "user"  # "Still working on my biz.": what the speaker is doing
            return core
        if (core[0].pos_ in {"VERB", "AUX"} and core[0].tag_ != "VBG") or first in {"call"} or misread_past(core[0]):
            # "... and joined Meta": the subject of the clause before; a sentence that opens
            # with a verb ("Sounds great", "Got your back") has none, unless it tells what the
            # speaker did ("Just got some new shoes", "Went to a gig last night").
            dropped = read.speaker == "user" and (core[0].lemma_ != "be" or first == "been") and (
                core[0].tag_ in {"VBD", "VBN"} or first in IRREGULAR_PAST or first == "been" or misread_past(core[0])
                                                  or ("plan" in read.flags and _PLAN_LEAD.match(read.text))
                                                  or ("task" in read.flags and _TASK_LEAD.match(read.text))
                                                  or first == "call" or (
                core[0].lemma_ in _FIRST_PERSON_VERBS and core[0].tag_ in {"VB", "VBP", "VBG"}))
            read.subject = self.sentence_subject or ("user" if dropped else None)
            if read.subject == _SOMEONE_ELSE:
                read.subject = None
            return core if read.subject else []
        read.object_only = True
        return core

    @staticmethod
    def _index(read: ReadClause, core: list[Any]) -> None:
        verb = next((t for t in core if t.pos_ in {"VERB", "AUX"} and t.lower_ not in {"not", "n't"}), None)
        if verb is not None and (verb.tag_ == "VBD" or (verb.tag_ == "VB" and verb.lower_ in IRREGULAR_PAST
                                                          and verb.i == core[0].i)):
            read.flags.add("past")  # "Ran a 5k this morning!": a dropped "I" leaves the past tagged as an order
        negate = {"not", "no"}
        tokens: list[Any] = []
        lemmas: list[str] = []
        for i, token in enumerate(core):
            lemma = _lemma(token)
            if lemma in negate and (lemma == "not" or token.dep_ == "det" or token.pos_ == "DET"):
                if _negates_the_clause(token):
                    read.flags.add("neg")
                continue
            if lemma == "do" and token.dep_ == "aux":
                continue
            if token.lower_ in {"at", "after"} and i + 1 < len(core) and core[i + 1].lower_ == "all" \
                    and (i + 2 == len(core) or core[i + 2].is_punct):
                break  # "I'm not a morning person at all", "it turns out I'm vegan after all": emphasis
            nxt = next((t for t in core[i + 1:] if t.lower_ not in _FILLERS and _lemma(t) != "not"), None)
            if lemma == "have" and token.dep_ == "aux" and nxt is not None and nxt.tag_ == "VBN":
                continue  # "I've lived" reads as "I lived"
            if lemma == "be" and token.dep_ == "aux" and nxt is not None and nxt.tag_ in {"VBG", "VB"} \
                    and lemmas[:1] != ["my"]:  # "my hobbies are painting and hiking" keeps its "be"
                continue  # "I'm living" reads as "I live"; "I'm [hoping to] switch" as "I switch"
            if token.lower_ in _FILLERS and token.pos_ in {"ADV", "INTJ", "ADJ", "DET", "CCONJ", "PART"} \
                    and not (token.lower_ == "so" and i > 0):
                continue
            tokens.append(token)
            lemmas.append(lemma)
        if read.object_only:
            read.prefix = ""
        offsets, pos = [], len(read.prefix)
        for lemma in lemmas:
            offsets.append(pos)
            pos += len(lemma) + 1
        read.tokens, read.lemmas, read.offsets = tokens, lemmas, offsets
        read.string = read.prefix + " ".join(lemmas)


IRREGULAR_PAST = frozenset(PAST_LEMMAS)
# Kin words a speaker uses as a name ("Mum says hi", "Dad works nights"): the speaker's own kin.
_KIN_AS_NAMES = frozenset({"mum", "mom", "dad", "mama", "mommy", "mummy", "papa", "daddy", "grandma", "grandpa",
                           "gran", "granny", "grandad", "granddad", "nan", "nana", "nanna", "grandmom"})
# Verbs a chat clause opens with when "I" is dropped: "Love experimenting with spices", "Planning a trip".
_FIRST_PERSON_VERBS = frozenset({"love", "like", "enjoy", "adore", "hate", "plan", "miss", "hope", "want"})
_DROPPED_I = frozenset({"love", "loving", "planning", "hoping", "loved", "adore", "enjoying", "enjoyed"})
# "my kids both play football", "my sisters all live in London": the group, each of them
_EACH_OF_THEM = frozenset({"both", "all", "each"})
_EMBEDDED = frozenset({"relcl", "acl", "advcl", "ccomp", "parataxis", "csubj", "pcomp"})
_SUBJECT_WORDS = frozenset({"i", "we", "he", "she", "they", "you"})


def _negates_the_clause(token: Token) -> bool:
    """A "not" (or "no") belongs to the statement only when it sits in the main clause and its verb's
    subject is the statement's ("I don't eat meat"), not in a clause of its own ("new people
    who weren't from my circle", "..., the doctor wasn't sure", "tea doesn't do it for me")."""
    # a "no" before an object belongs to the verb that takes it ("I have no pets, the landlord's strict")
    verb = token.head.head if token.dep_ == "det" and token.head.dep_ in {"dobj", "attr"} else token.head
    own = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if own is not None and own.lower_ in {"i", "we"} and own.i < token.i:
        return True  # "I don't have a dog, the dog is my roommate's"
    node = token.head
    seen = 0
    while node.dep_ != "ROOT" and seen < 12:
        if node.dep_ in _EMBEDDED:
            return False
        node, seen = node.head, seen + 1
    verb = token.head
    subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subject is None and verb.dep_ in {"aux", "auxpass", "cop"}:
        subject = next((c for c in verb.head.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    return subject is None or subject.i > token.i or (
        subject.lower_ in _SUBJECT_WORDS or subject.pos_ == "PROPN" or subject.i == 0
        or any(t.lower_ == "my" for t in subject.subtree) or subject.head.i == _root(token).i)


def _name_tag(rest: list[Any]) -> int:
    """How many tokens after a name only say who the person is ("from work", "from my team",
    "next door", "upstairs"), when a verb follows them; else 0."""
    words = [t.lower_ for t in rest]
    if words[:2] == ["next", "door"] or words[:3] == ["across", "the", "road"]:
        size = 2 if words[0] == "next" else 3
    elif words[:1] in (["upstairs"], ["downstairs"]):
        size = 1
    elif words[:1] == ["from"]:
        size = next((i for i, t in enumerate(rest[1:9], 1) if t.pos_ in {"VERB", "AUX"} and t.dep_ != "amod"), 0)
    else:
        return 0
    return size if 0 < size < len(rest) and rest[size].pos_ in {"VERB", "AUX"} else 0


def _root(token: Token) -> Token:
    return next(t for t in token.sent if t.dep_ == "ROOT") if token.sent is not None else token


def _apposed_relation(rest: list[Any]) -> str | None:
    """ "my roommate, is ..." after a name: the relation the apposition names, when a verb follows."""
    if len(rest) < 3 or rest[0].lower_ != "my":
        return None
    relation, size = _relation_words(rest[1:])
    after = rest[1 + size:] if relation else []
    return relation if after and _is_verb(after[0]) else None


# Who a child is among the speaker's children: "our eldest, Tom, ...", "my youngest just started school".
_BIRTH_ORDER = frozenset({"eldest", "oldest", "youngest", "middle one"})
_PEOPLE_WORDS = KIN_WORDS | _BIRTH_ORDER


def _relation_words(rest: list[Any]) -> tuple[str | None, int]:
    """The relation a possessive opens with and how many tokens it takes: "sister" (1), "best
    friend" (2), "brother - in - law" (5, said "brother-in-law"), "eldest" (1)."""
    words = [t.lower_ for t in rest[:5]]
    if len(words) == 5 and words[1:] == ["-", "in", "-", "law"] and words[0] in RELATIVES:
        return f"{words[0]}-in-law", 5
    if " ".join(words[:2]) in _PEOPLE_WORDS:
        return " ".join(words[:2]), 2
    return (words[0], 1) if words and words[0] in _PEOPLE_WORDS else (None, 0)


def _past_aside(name: Token, rest: list[Any]) -> list[Any]:
    """``rest`` without a relative clause set off after a name ("Priyanka, who I share a flat with,
    can't ..."), so the name's own verb follows it."""
    if not rest or rest[0].lower_ not in {"who", "whom", "whose"} or name.i + 1 >= len(name.doc) \
            or name.doc[name.i + 1].text != ",":
        return rest
    clause = next((t for t in name.children if t.dep_ == "relcl"), None)
    if clause is None:
        return rest
    end = clause.right_edge.i
    after = [t for t in rest if t.i > end]
    return after if after and _is_verb(after[0]) else rest


#: Verbs of moving home whose present progressive tells of a move arranged ("we're relocating to Perth").
_MOVES = frozenset({"move", "relocate", "emigrate"})


def _arranged_move(tokens: list[Any]) -> bool:
    """ "I'm moving to Glasgow", "moving in with my sister at the end of the month": a move in the
    present progressive (or with its "I'm" dropped) is one to come; "I was moving", "I've been
    moving boxes all day" are not."""
    for t in tokens:
        if t.tag_ == "VBG" and t.lemma_ in _MOVES and t.dep_ in {"ROOT", "conj"}:
            aux = [a for a in t.children if a.dep_ in {"aux", "auxpass"}]
            if ([a.tag_ for a in aux] in (["VBP"], ["VBZ"]) and aux[0].lemma_ == "be") or (not aux and t.i <= 1):
                return True
    return False


def _joint_subject(core: list[Any]) -> int | None:
    """Where the verb of a subject of several that holds the speaker begins, said in the progressive
    ("my girlfriend, Toby and I are going camping", "me and Jon are driving down"); None when there is
    no such subject ("me and Dan aren't together" is about the two, read whole)."""
    for i, t in enumerate(core[:8]):
        if t.lower_ in {"are", "'re", "were"} and i >= 3 and core[i - 2].lower_ == "and" \
                and (core[i - 1].lower_ == "i" or (core[0].lower_ == "me" and core[1].lower_ == "and")):
            doing = next((v for v in core[i + 1:i + 4] if v.pos_ != "ADV"), None)
            return i if doing is not None and doing.tag_ == "VBG" else None
    return None


def timetabled(tokens: list[Any]) -> bool:
    """The main verb is a beginning or a setting off in the simple present ("I start physio on
    Monday", "we fly out on the 3rd"): what it dates is to come."""
    return any(t.dep_ == "ROOT" and t.tag_ in {"VBP", "VBZ"} and t.lemma_ in TIMETABLED_VERBS for t in tokens)


def _progressive(tokens: list[Any]) -> bool:
    """A present progressive ("we're getting married", "I'm flying"): it speaks of now or what is coming."""
    return any(t.tag_ == "VBG" for t in tokens) and any(t.lemma_ == "be" and t.tag_ in {"VBP", "VBZ"} for t in tokens)


def _without_vocatives(core: list[Any]) -> list[Any]:
    """ "I'm getting there, Caroline." / "Nate, I got ...": a name the speaker addresses is no part of
    what is said."""
    tail = len(core) - 1 if len(core) > 2 and core[-1].is_punct else len(core)
    i = tail
    while i > 0 and core[i - 1].pos_ == "PROPN":
        i -= 1
    if 1 < i < tail and tail - i <= 3 and core[i - 1].text == ",":
        core = core[:i - 1] + core[tail:]
    j = 0
    while j < len(core) and core[j].pos_ == "PROPN":
        j += 1
    if 0 < j <= 3 and j + 1 < len(core) and core[j].text == "," and core[j + 1].pos_ in {"PRON", "SCONJ", "ADP"} \
            and core[j + 1].lower_ not in {"who", "whom", "whose"}:  # "Marta, who I know from choir, ...": no vocative
        core = core[j + 1:]
    return core


def _own_clause(core: list[Any]) -> list[Any]:
    """Cut at a comma after which a new subject has a verb of its own: "I might be allergic to
    penicillin, the doctor wasn't sure" is about penicillin only."""
    for k, token in enumerate(core):
        if token.text != "," or k < 2:
            continue
        rest = core[k + 1:]
        if any(t.dep_ in {"nsubj", "nsubjpass"} and t.head.i > token.i and t.head in rest
               and t.lower_ not in {"who", "which", "that"} for t in rest):
            return core[:k]
    return core


# Third-person verbs the small model sometimes tags as plural nouns ("Mia studies at Oxford").
_VERBISH_LEMMAS = {"loves": "love", "likes": "like", "lives": "live", "works": "work", "studies": "study",
                   "uses": "use", "teaches": "teach", "owns": "own", "prefers": "prefer", "enjoys": "enjoy",
                   "hates": "hate", "plays": "play"}
_VERBISH = frozenset({"studies", "works", "lives", "likes", "loves", "uses", "teaches", "owns", "runs", "prefers",
                      "enjoys", "hates", "moved", "plays", "is", "'s", "has", "does", "was"})


# Verbs whose object is someone the speaker was with: "I met Priya", "we visited Tom".
_MEETING = frozenset({"meet", "see", "visit", "call", "text", "phone", "ring", "message", "email", "hug", "invite",
                      "marry", "date", "help", "join", "bump", "run", "catch", "hang", "chat", "talk"})


def _person_met(core: list[Any]) -> str | None:
    """A named person the speaker was with ("I had lunch with Priya", "bumped into Greg"), whom a
    later "she"/"he" names ("... She works at Deloitte")."""
    for token in core:
        if token.dep_ not in {"pobj", "dobj"}:
            continue
        head = token.head
        if not ((token.dep_ == "pobj" and head.lower_ in {"with", "into"}) or (
                token.dep_ == "dobj" and head.lemma_.lower() in _MEETING)):
            continue
        if not _is_name(token) and token.lower_ in _PEOPLE_WORDS:  # "my old flatmate Chris": the name beside
            after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
            token = next((c for c in token.rights if c.dep_ == "appos"), None) or after
            if token is None or token.dep_ not in {"appos", "npadvmod", "compound"}:
                continue
        if _is_name(token) and token.ent_type_ in {"", "PERSON"}:
            names = [c for c in token.lefts if c.dep_ == "compound" and _is_name(c)]
            return " ".join(t.text for t in [*names, token])
    return None


def _is_name(token: Token) -> bool:
    """A person's name: labelled PERSON, or (without NER) a proper noun no list knows as a place or product."""
    return token.ent_type_ == "PERSON" or (token.pos_ == "PROPN" and not token.ent_type_ and token.lower_ != "i")


def _mistagged_name(token: Token) -> bool:
    """A name opening a sentence that the small tagger took for an adverb or adjective ("Raj is
    based in Dundee": ``Raj/ADV``, "Sven works at Google": ``Sven/ADJ``), right before the verb
    it is the subject of; a real sentence adverb ("Recently", "Honestly") is no name."""
    if _untagged_name(token):
        return True
    if not (token.pos_ in {"ADV", "ADJ"} and token.is_alpha and len(token.text) > 1 and token.text.istitle()
            and not token.is_stop and not token.lower_.endswith("ly") and token.ent_type_ in {"", "PERSON"}
            and token.lower_ not in SENTENCE_ADVERBS and token.lower_ not in _FILLERS
            and (token.i == 0 or token.doc[token.i - 1].is_punct)):
        return False
    following = next((t for t in token.doc[token.i + 1:token.i + 3]
                      if not (t.lower_ in _FILLERS or t.lower_ == "now")), None)  # "Raj now calls Lisbon home"
    return following is not None and following.pos_ in {"AUX", "VERB"} and (
        following.tag_ in {"VBZ", "VBD"} or (following.tag_ == "VBN" and following.dep_ == "ROOT"))  # "Raj moved/VBN"


def _untagged_name(token: Token) -> bool:
    """A name opening a sentence that the small tagger took for a common noun ("Ravi/NN works at
    Infosys", "Sophie/NNS from work is vegan"): a capitalised word no dictionary list holds, before
    its verb or a tag that says who the person is ("from work")."""
    if not (token.pos_ == "NOUN" and token.is_alpha and len(token.text) > 2 and token.text.istitle()
            and not token.is_stop and (token.i == 0 or token.doc[token.i - 1].is_punct)):
        return False
    known = dictionary_words()
    if not known or token.lower_ in known or token.lemma_.lower() in known:
        return False
    rest = list(token.doc[token.i + 1:token.i + 10])
    following = rest[_name_tag(rest)] if rest else None
    return following is not None and following.pos_ in {"AUX", "VERB"} and following.tag_ in {"VBZ", "VBD"}


def _is_verb(token: Token) -> bool:
    return token.pos_ in {"VERB", "AUX"} or token.lower_ in _VERBISH


def _past_as_adjective(rest: list[Any]) -> bool:
    """A verb in the past the tagger took for an adjective after a named relative ("my brother-in-law
    Rafael just qualified as a pilot": ``qualified/JJ``), before the preposition it takes."""
    return len(rest) > 1 and rest[0].tag_ in {"JJ", "VBN"} and rest[0].lower_.endswith("ed") and rest[1].pos_ == "ADP"


_EVENT_VERBS = re.compile(r"^\s+(?:be\s+)?(?:move|moving|start|starting|join|joining|switch|switching|quit|leave|"
                          r"leaving|buy|get|go|change|take|apply|retire|relocate)\b", re.I)


def _followed_by_event(text: str, at: int) -> bool:
    return bool(_EVENT_VERBS.match(text[at:]))
