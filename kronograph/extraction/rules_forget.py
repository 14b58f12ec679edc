"""Forget requests named by what was said rather than by a slot (issue 11).

    "Scratch that." / "Ignore what I just said."         -> the last message       (FORGET_LAST_MESSAGE)
    "Delete what I said about my ex."                       -> what mentions "my ex"  (``*`` + object)
    "Please forget which café I like." / "my dog's name"    -> what those words name  (``*`` + object)
    "Erase my PIN." / "forget the alarm code"               -> a credential            (refused when said)

A bare "never mind", "forget it" or "ignore that" is not read as one: it more often drops a
question than takes back a statement, and a hard delete cannot be undone. For the same reason
the verbs of everyday chores ("cancel my gym membership", "delete the old branch", "drop the
kids at school") name something to forget only when they say it was said ("delete what I told
you about ..."); "forget", "erase" and "don't remember" do so on their own. The offline extractor asks
:func:`read_request` first; what it does not read falls to the
slot-named requests ("forget my address", "forget where I live") and "forget that <clause>".
Which records and statements the words reach is decided at write time (policy and ingest).
"""

from __future__ import annotations

import re

from ..candidates import FORGET_LAST_MESSAGE, CandidateFact, Operation
from ..sensitive import CODE_NAMES
from .forget_words import ASK as _ASK
from .forget_words import (
    EPISODE_OF,
    FORGET_SYNONYMS,
    FORGET_TARGETS,
    FROM_STORE,
    KEPT,
    PRONOUN,
    REMOVE,
    REMOVED,
    SAID_ABOUT,
    SLIP,
    SLOT_NAMED,
    TAIL,
)
from .forget_words import KEEP_NOT as _KEEP_NOT
from .forget_words import LEAD as _LEAD

#: Verbs that ask the memory itself to let something go.
_FORGET_VERB = r"(?:forget|erase|disregard|" + _KEEP_NOT + ")"
#: Any verb of removal: a request only when what follows says it was said.
_VERB = (_FORGET_VERB[:-1] + r"|delete|remove|wipe|drop|discard|clear|purge|scrub|scratch|scrap|ditch|bin|nuke|toss|strike|"
         r"ignore|undo|cancel|never\s*mind|get\s+rid\s+of)")
#: Verbs of removing data: "can you delete my favourite restaurant?" asks the memory, when asked.
_DATA_VERB = r"(?:delete|remove)"
_SAID = (r"(?:i(?:'ve|\s+have)?\s+(?:just\s+)?(?:said|told\s+you|mentioned|shared|wrote|typed|sent|pasted|gave\s+you|put\s+in|brought\s+up)"
         r"(?:\s+(?:you|earlier|before|just\s+now))?|"
         # what the memory holds rather than what was said: "anything you know about my sister"
         r"(?P<held>you)(?:'ve|\s+have)?\s+(?:know|got|remember|stored|saved|kept|noted|recorded|have\s+(?:stored|saved|on\s+file))"
         r"(?:\s+(?:on|of)\s+(?:me|file))?)")
#: One optional ", please", then any trailing spaces and punctuation (a single run: no nested
#: optional spaces for a long run of blanks to be split every way).
_END = (FROM_STORE + r"(?:\s+(?:now|anymore|any\s+more|too|as\s+well|for\s+good|for\s+me))?(?:\s*,?\s*(?:please|pls))?(?:\s*[,;-]\s*(?:(?:just\s+)?(?:forget|ignore|drop|scrap)\s+(?:it|that)|thanks|thank\s+you|ta|"
        r"cheers|(?:it\s+)?(?:doesn't|does\s+not)\s+matter|not\s+important|" + SLIP + r"))?[\s.!?]*$")

_LAST = re.compile(
    _LEAD + r"(?:scratch|disregard)\s+that" + _END
    + "|" + _LEAD + _ASK + _FORGET_VERB + r"\s+(?:that|this|all\s+that)" + _END
    + "|" + _LEAD + _ASK + _VERB + r"\s+(?:what\s+" + _SAID
    + r"|(?:my|the|that)\s+(?:last|previous)\s+(?:message|sentence|comment|thing\s+i\s+said|bit|part|line)|the\s+last\s+thing\s+i\s+said)"
    + _END, re.I)
#: What was said, named as a piece of the talk: "the bit", "my earlier comment", "the conversation".
_PIECE = (r"(?:the|that|this|my|our|any|all\s+the)\s+(?:whole\s+|previous\s+|last\s+|earlier\s+|little\s+)?(?:bit|part|stuff|thing|comment|"
          r"remark|message|convo|conversation|chat|note|point|story|rant|info|information|detail)s?")
_WHAT_OF = r"\s+(?:(?:all|everything|anything|things|stuff|whatever|" + _PIECE + r")\s+)?"
_ON = r"(?:about|regarding|concerning|on\s+the\s+subject\s+of|(?:to\s+do|that\s+has\s+to\s+do)\s+with|related\s+to|relating\s+to)\s+(?P<what>.+?)"
_ABOUT = re.compile(
    _LEAD + _ASK + _FORGET_VERB + _WHAT_OF + r"(?:(?:that\s+|what\s+)?" + _SAID + r"\s+)?" + _ON + _END, re.I)
_ABOUT_SAID = re.compile(_LEAD + _ASK + _VERB + r"\s+(?:(?:all|everything|anything|whatever)\s+)?(?:(?:that\s+|what\s+)?" + _SAID
                         + r"\s+|" + _PIECE + r"\s+)" + _ON + _END, re.I)
# "wipe everything about my therapy", "drop anything about my ex": all of it is what was said
_ALL_ABOUT = re.compile(_LEAD + _ASK + _VERB + r"\s+(?P<all>everything|anything)\s+" + _ON + _END, re.I)
# "remove any mention of my rehab", "erase all trace of the flat": every mention is what was said
_MENTIONS = re.compile(_LEAD + _ASK + _VERB + r"\s+(?P<all>all|any|every)\s+(?:mentions?|records?|traces?|references?|notes?)\s+"
                       r"(?:of|to|about)\s+(?P<what>.+?)" + _END, re.I)
_WHICH = re.compile(_LEAD + _ASK + _FORGET_VERB + r"\s+(?P<what>(?:which|who|what|where|when)\s+.+?)" + _END, re.I)
# "the ..." is the memory's only after a verb of remembering: "don't save the file yet" is a chore
_NAMED = re.compile(_LEAD + _ASK + r"(?:(?:forget|erase|disregard)\s+(?P<what_the>(?:my|the|our)\s+.+?)|"
                    + _KEEP_NOT + r"\s+(?P<what_my>(?:my|our)\s+.+?))" + _END, re.I)
_NAMED_ASKED = re.compile(_LEAD + _ASK.removesuffix("?") + _DATA_VERB + r"\s+(?P<what>my\s+.+?)" + _END, re.I)

#: A comma and a clause of its own after what a request names: a reason said after it, not part of the name.
_NEXT_CLAUSE = re.compile(r"[,;]\s*(?:i|i'd|i'm|i've|it|it's|it\s+was|that's|that\s+was|we|we're|they|they're|he|she|"
                          r"there's|this\s+is)\b|\s+(?:it's|i'm|i've|i'd|that's|we're|they're|he's|she's|there's)\s", re.I)
#: A clause of time or cause after what a request names: it dates the thing, it does not name it.
_WHEN_CLAUSE = re.compile(r"(?<=\w)\s+(?:when|while|after|before|because|since|back\s+when|the\s+time)\s+"
                          r"(?:i|i'm|i\s+was|we|we\s+were|he|she|they|my)\b.*$", re.I | re.S)
#: An episode named by a clause ("when I was in hospital", "the night we got drunk"): its words after the verb name it.
_EPISODE_CLAUSE = re.compile(
    r"^(?:when\s+|the\s+(?:time|night|day|week|weekend|evening|morning|summer|year|month)\s+(?:that\s+|when\s+)?)"
    r"(?:i|we|my\s+[\w'-]+|he|she|they)\s+(?:(?:was|were|got|had|did|went|had\s+to)\s+)?(?:(?:in|at|on|to|into|through)\s+)?"
    r"(?P<rest>\w.*)$", re.I | re.S)
#: Words that make what follows "about" a clause to read ("about the fact that I ..."), not a name.
_CLAUSE = re.compile(r"\b(?:i|i'm|i've|is|are|was|were|am|the\s+fact)\b", re.I)
#: Credentials a request names that the slot table does not: they were refused when said.
_CREDENTIAL = re.compile(r"\b(?:" + CODE_NAMES + r")\b", re.I)
#: Slot names the older rules read better ("forget my address", "forget my phone number").
_SLOT_WORDS = re.compile("|".join(p for p, predicate in FORGET_TARGETS if predicate in SLOT_NAMED)
                         + r"|\b(?:me|myself|all)\b", re.I)
# where one lives or works, however asked: the slot reads it ("which town I live in", "the name of my employer")
_PLACE_OR_EMPLOYER = re.compile(r"^where\s+i\s+(?:live|work)\b|^who\s+i\s+work\s+for\b|"
                                r"^(?:which|what)\s+(?:town|city|village|country|area)\s+i\s+live\b|\bmy\s+employer\b", re.I)
#: Someone else's slot ("my kid's birthday", "Tom's address"): searched by its words, never the user's own.
_OTHERS = re.compile(r"^(?:(?:my|our|the)\s+(?:[\w-]+\s+)?)?[\w-]+(?:'s|s')\s+\w", re.I)
_WH_CLAUSE = re.compile(r"^(?:which|who|what|where|when)\s+", re.I)
#: "about it", "about that, no harm done": a pronoun alone names nothing said.
_NEVER_MIND = re.compile(r"^(?:it|that|this|all\s+that)\s*(?:[,;.!-].*)?$", re.I | re.S)


#: A word that takes the clause after it as its own ("how I'm feeling", "the fact that I'm ..."): nothing to cut.
_JOINS_ON = re.compile(r"(?:^|\s)(?:how|what|why|where|when|whether|that|which|who|if|because|since|and|but|so|or)$", re.I)
_AFTERWORDS = re.compile(r"(?:\s+(?:now|anymore|any\s+more|too|as\s+well|for\s+good|please|pls))+\s*$", re.I)


def _named_part(what: str) -> str:
    """What a request names, without a clause of its own said after it ("my old job, that's ancient
    history", "my licence number it's expired"): a reason, not part of the name."""
    cut = _NEXT_CLAUSE.search(what)
    if cut is None or _JOINS_ON.search(what, 0, cut.start()):
        return what  # "about how I'm feeling": the clause is what it names
    return _AFTERWORDS.sub("", what[:cut.start()])


def _forget(predicate: str, what: str, text: str, turn: int, span: tuple[int, int]) -> list[CandidateFact]:
    return [CandidateFact(predicate=predicate, object=what, text=text, operation=Operation.forget,
                          source_turn=turn, span=span)]


def read_request(sentence: str, turn: int, span: tuple[int, int]) -> list[CandidateFact] | None:
    """The forget facts of a request that names what was said, or None when it is not one."""
    if _LAST.match(sentence):
        return _forget(FORGET_LAST_MESSAGE, "", "user asked to forget what they just said", turn, span)
    m = _ABOUT.match(sentence) or _ABOUT_SAID.match(sentence) or _ALL_ABOUT.match(sentence) or _MENTIONS.match(sentence)
    if m and _NEVER_MIND.match(m["what"]):
        return None  # "forget about it, doesn't matter": a "never mind", like a bare "forget it"
    named = _named_part(m["what"]) if m else ""
    if m and (m.groupdict().get("held") or m.groupdict().get("all")) and _SLOT_WORDS.search(named):
        return None  # "ditch what you know about my allergies": the slot, read by the slot-named rules
    about = _WHEN_CLAUSE.sub("", named)  # "the roses when I was drunk": the roses
    told = _EPISODE_CLAUSE.match(about)
    about = told["rest"] if told else about  # "about the time I was arrested": what was done, "arrested"
    if m and not _CLAUSE.search(about) and not re.fullmatch(r"(?:me|myself|us)", about.strip(), re.I):
        what = about.strip()
        return _forget("*", what, f"user asked to forget what they said about {what}", turn, span)
    m = _WHICH.match(sentence) or _NAMED.match(sentence) or _NAMED_ASKED.match(sentence)
    if m is None:
        return None
    what = _named_part(next(v for k, v in m.groupdict().items() if k.startswith("what") and v)).strip()
    if re.search(r"[,;]", what):
        return None  # "my kid's birthday, my ex handles that": read again without what follows the comma
    code = _CREDENTIAL.search(what)
    if code and not re.search(r"\bpassword\b", what, re.I):
        return _forget("credential", code[0], "user asked to forget a code they gave", turn, span)
    if (_SLOT_WORDS.search(what) and not _WH_CLAUSE.match(what) and not _OTHERS.match(what)) \
            or _PLACE_OR_EMPLOYER.search(what):
        return None
    what = _WH_CLAUSE.sub("", what)
    return _forget("*", what, f"user asked to forget {what}", turn, span)


# "My number, please delete it", "the stuff about my ex, scrap it": the thing named first, the verb on a pronoun
_DISLOCATED = re.compile(
    r"^(?P<topic>.+?)\s*[,;:\u2013\u2014-]+\s*(?:(?:so|and|just|ok(?:ay)?)\s+)*(?:please\s+)?" + _ASK
    + r"(?:" + REMOVE + r"|" + _KEEP_NOT + r")\s+" + PRONOUN + r"(?:\s+(?:out|away))?" + FROM_STORE + TAIL, re.I)
# "My birthday, I'd like it deleted" / "..., I'd rather that wasn't kept" / "My address shouldn't be in your memory"
_WISHED_GONE = re.compile(
    r"^(?P<topic>.+?)\s*[,;:\u2013\u2014-]+\s*(?:please\s+)?(?:i(?:'d|\s+would)\s+(?:like|love|prefer|want)\s+" + PRONOUN
    + r"\s+" + REMOVED + FROM_STORE + r"|i(?:'d|\s+would)\s+(?:rather|prefer)\s+(?:if\s+)?" + PRONOUN
    + r"\s+(?:wasn't|weren't|was\s+not|isn't|is\s+not|not\s+be|wasn't\s+being)\s+" + KEPT + r")" + TAIL, re.I)
_NOT_KEPT = re.compile(r"^(?P<topic>(?:my|our)\s.+?)\s+(?:shouldn't|should\s+not|mustn't|doesn't\s+need\s+to)\s+be\s+"
                       + KEPT + r"\b.*$", re.I)
# "Can my phone number be wiped?", "could the stuff about my debts be deleted?"
_PASSIVE = re.compile(_LEAD + r"(?:can|could|would|will)\s+(?P<topic>(?:my|our)\s.+?|" + SAID_ABOUT + r".+?|"
                      r"(?:the|that|this|those)\s.+?\s(?:i|you)(?:'ve)?\s+(?:said|mentioned|told\s+you|gave\s+you|shared|know|have|got))"
                      r"\s+(?:please\s+)?be\s+"
                      + REMOVED + FROM_STORE + TAIL, re.I)
# "take my email off your records", "take the bit about my therapy off the record"
_TAKE_OFF = re.compile(_LEAD + _ASK + r"take\s+(?P<topic>.+?)\s+(?:off|out\s+of|from)\s+(?:(?:your|the)\s+)?"
                       r"(?:memory|memories|records?|notes|files?|system|database|list|head|brain|logs?)" + TAIL, re.I)
# "forget I said I live in Hull" -> "forget that I live in Hull"; "forget I mentioned the divorce" -> about it
_FORGET_SAID = re.compile(_LEAD + _ASK + r"(?P<verb>forget|erase|disregard)\s+(?:that\s+)?i\s+(?:ever\s+|even\s+)?"
                          r"(?:said|mentioned|told\s+you|brought\s+up|talked\s+about)(?:\s+(?:to\s+you|that))*\s+(?P<rest>.+)$", re.I)
_OWN_CLAUSE = re.compile(r"(?:i|i'm|i've|i'd|i'll|we|we're|we've|my\s+\S+\s+(?:is|was|are|were|has|had))\b", re.I)
# "keep my debts out of your notes", "leave the stuff about Tom out of it"
_KEEP_OUT = re.compile(_LEAD + _ASK + r"(?:keep|leave)\s+(?P<topic>(?:my|our)\s.+?|" + SAID_ABOUT + r".+?)\s+out\s+of\s+"
                       r"(?:(?:your|the)\s+)?(?:memory|memories|records?|notes|files?|system|database|head|brain|logs?|it|this|things)"
                       + TAIL, re.I)
# "I'd like my phone number deleted", "I don't want my address in here anymore": the thing wished out of the memory
_WANT_GONE = re.compile(
    _LEAD + r"i(?:'d|\s+would)?\s+(?:like|love|prefer|want|need)\s+(?P<topic>(?:my|our)\s.+?|" + SAID_ABOUT + r".+?)\s+(?:to\s+be\s+)?"
    r"(?:deleted|erased|forgotten|wiped|purged|scrubbed|cleared)" + FROM_STORE + TAIL
    + r"|" + _LEAD + r"i\s+(?:don't|do\s+not)\s+want\s+(?P<unwanted>(?:my|our)\s.+?|" + SAID_ABOUT + r".+?)\s+"
    r"(?:in\s+(?:here|there)|" + KEPT + r"|(?:in|on)\s+(?:your|the)\s+(?:memory|records?|notes|files?|system|database|logs?))" + TAIL,
    re.I)
# "let's pretend I never told you about the fight", "act like I didn't say that": what was said, taken back
_PRETEND = re.compile(_LEAD + r"(?:let's\s+|can\s+we\s+)?(?:just\s+)?(?:pretend|act\s+like|act\s+as\s+if|imagine)\s+(?:that\s+)?i\s+"
                      r"(?:never|didn't|did\s+not|haven't|have\s+not)\s+(?:ever\s+)?(?:said|say|told\s+you|tell\s+you|mentioned|"
                      r"mention|brought\s+up|bring\s+up|talked\s+about|talk\s+about)\s*(?P<rest>.*)$", re.I | re.S)
_PRETEND_THAT = re.compile(r"^(?:that|this|it|anything)(?P<after>\s*(?:[,;\u2013\u2014-].*)?[.!?]*)$", re.I | re.S)
_ASKED_NOT = re.compile(r"\b(?:can|could|would|will)\s+you\s+not\s+(?=(?:remember|keep|stor|sav|retain|record|log|hold|hang|note|track))", re.I)
_ASKS = re.compile(_LEAD + _ASK + _VERB + r"\b", re.I)
_ABOUT_LEAD = re.compile(r"^(?:about|regarding|re|as\s+for|as\s+to|on\s+the\s+subject\s+of)\s+|^" + SAID_ABOUT + "|^" + EPISODE_OF, re.I)


def _forget_topic(topic: str) -> str:
    """A request for ``topic`` in the words the readers know: "about my ex" -> "forget everything about my ex"."""
    topic = topic.strip()
    about = _ABOUT_LEAD.match(topic)
    return f"forget everything about {topic[about.end():]}" if about else f"forget {topic}"


def canonical_request(sentence: str) -> str:
    """A forget request said in a construction the readers do not know, rewritten into one they do
    (the sentence unchanged when it is none): a thing named first and then removed by pronoun
    ("My number, please don't keep it"), wished gone ("..., I'd like that deleted"), asked in the
    passive ("can my address be wiped?"), taken off the record, un-remembered, or "forget I said ..."."""
    sentence = re.sub(FORGET_SYNONYMS, "forget", sentence, flags=re.I)
    sentence = _ASKED_NOT.sub("please don't ", sentence)
    pretend = _PRETEND.match(sentence)
    if pretend:
        rest = pretend["rest"]
        said = _PRETEND_THAT.match(rest)
        if said:
            return "scratch that" + said["after"]
        if _ABOUT_LEAD.match(rest):
            return _forget_topic(rest)
        return f"forget that {rest}" if _OWN_CLAUSE.match(rest) else sentence
    wanted = _WANT_GONE.match(sentence)
    if wanted:
        return _forget_topic(wanted["topic"] or wanted["unwanted"])
    for pattern in (_DISLOCATED, _WISHED_GONE, _NOT_KEPT, _PASSIVE, _TAKE_OFF, _KEEP_OUT):
        m = pattern.match(sentence)
        if m and not _ASKS.match(m["topic"]):  # "please don't keep X, delete it": the request is the head
            return _forget_topic(m["topic"])
    m = _FORGET_SAID.match(sentence)
    if m:
        rest = m["rest"]
        return f"forget that {rest}" if _OWN_CLAUSE.match(rest) else f"forget what I said about {rest}"
    return re.sub(r"\b(?:the|that|this)\s+(?:stuff|bit|part|thing|things)\s+(?:that\s+)?i\s+(?:said|told\s+you|mentioned)"
                  r"(?:\s+to\s+you)?\s+about\b", "everything I told you about", sentence, flags=re.I)
