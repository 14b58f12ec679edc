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
from .forget_words import FORGET_TARGETS, SLOT_NAMED
from .forget_words import KEEP_NOT as _KEEP_NOT
from .forget_words import LEAD as _LEAD

#: Verbs that ask the memory itself to let something go.
_FORGET_VERB = r"(?:forget|erase|disregard|" + _KEEP_NOT + ")"
#: Any verb of removal: a request only when what follows says it was said.
_VERB = (_FORGET_VERB[:-1] + r"|delete|remove|wipe|drop|discard|clear|purge|scrub|scratch|scrap|ditch|bin|nuke|toss|strike|"
         r"ignore|undo|cancel|never\s*mind|get\s+rid\s+of)")
#: Verbs of removing data: "can you delete my favourite restaurant?" asks the memory, when asked.
_DATA_VERB = r"(?:delete|remove)"
_SAID = (r"(?:i(?:'ve|\s+have)?\s+(?:just\s+)?(?:said|told\s+you|mentioned|shared|wrote|typed|sent)(?:\s+(?:you|earlier|before|just\s+now))?|"
         # what the memory holds rather than what was said: "anything you know about my sister"
         r"(?P<held>you)(?:'ve|\s+have)?\s+(?:know|got|remember|stored|saved|kept|noted|recorded|have\s+(?:stored|saved|on\s+file))"
         r"(?:\s+(?:on|of)\s+(?:me|file))?)")
#: One optional ", please", then any trailing spaces and punctuation (a single run: no nested
#: optional spaces for a long run of blanks to be split every way).
_END = (r"(?:\s*,?\s*please)?(?:\s*[,;-]\s*(?:(?:just\s+)?(?:forget|ignore|drop|scrap)\s+(?:it|that)|thanks|thank\s+you|ta|"
        r"cheers|(?:it\s+)?(?:doesn't|does\s+not)\s+matter|not\s+important))?[\s.!?]*$")

_LAST = re.compile(
    _LEAD + r"(?:scratch|disregard)\s+that" + _END
    + "|" + _LEAD + _ASK + _FORGET_VERB + r"\s+(?:that|this|all\s+that)" + _END
    + "|" + _LEAD + _ASK + _VERB + r"\s+(?:what\s+" + _SAID
    + r"|(?:my|the)\s+(?:last|previous)\s+(?:message|sentence|comment|thing\s+i\s+said|bit)|the\s+last\s+thing\s+i\s+said)"
    + _END, re.I)
_WHAT_OF = r"\s+(?:(?:all|everything|anything|things|stuff|whatever|the\s+(?:bit|part|stuff|thing)s?)\s+)?"
_ON = r"(?:about|regarding|concerning|on\s+the\s+subject\s+of)\s+(?P<what>.+?)"
_ABOUT = re.compile(
    _LEAD + _ASK + _FORGET_VERB + _WHAT_OF + r"(?:(?:that\s+|what\s+)?" + _SAID + r"\s+)?" + _ON + _END, re.I)
_ABOUT_SAID = re.compile(_LEAD + _ASK + _VERB + r"\s+(?:(?:all|everything|anything)\s+)?(?:(?:that\s+|what\s+)?" + _SAID
                         + r"\s+|the\s+(?:bit|part|stuff|thing)s?\s+)" + _ON + _END, re.I)
_WHICH = re.compile(_LEAD + _ASK + _FORGET_VERB + r"\s+(?P<what>(?:which|who|what|where|when)\s+.+?)" + _END, re.I)
# "the ..." is the memory's only after a verb of remembering: "don't save the file yet" is a chore
_NAMED = re.compile(_LEAD + _ASK + r"(?:(?:forget|erase|disregard)\s+(?P<what_the>(?:my|the|our)\s+.+?)|"
                    + _KEEP_NOT + r"\s+(?P<what_my>(?:my|our)\s+.+?))" + _END, re.I)
_NAMED_ASKED = re.compile(_LEAD + _ASK.removesuffix("?") + _DATA_VERB + r"\s+(?P<what>my\s+.+?)" + _END, re.I)

#: Words that make what follows "about" a clause to read ("about the fact that I ..."), not a name.
_CLAUSE = re.compile(r"\b(?:i|i'm|i've|is|are|was|were|am|the\s+fact)\b", re.I)
#: Credentials a request names that the slot table does not: they were refused when said.
_CREDENTIAL = re.compile(r"\b(?:" + CODE_NAMES + r")\b", re.I)
#: Slot names the older rules read better ("forget my address", "forget my phone number").
_SLOT_WORDS = re.compile("|".join(p for p, predicate in FORGET_TARGETS if predicate in SLOT_NAMED)
                         + r"|\b(?:me|myself|all)\b", re.I)
_WH_CLAUSE = re.compile(r"^(?:which|who|what|where|when)\s+", re.I)
#: "about it", "about that, no harm done": a pronoun alone names nothing said.
_NEVER_MIND = re.compile(r"^(?:it|that|this|all\s+that)\s*(?:[,;.!-].*)?$", re.I | re.S)


def _forget(predicate: str, what: str, text: str, turn: int, span: tuple[int, int]) -> list[CandidateFact]:
    return [CandidateFact(predicate=predicate, object=what, text=text, operation=Operation.forget,
                          source_turn=turn, span=span)]


def read_request(sentence: str, turn: int, span: tuple[int, int]) -> list[CandidateFact] | None:
    """The forget facts of a request that names what was said, or None when it is not one."""
    if _LAST.match(sentence):
        return _forget(FORGET_LAST_MESSAGE, "", "user asked to forget what they just said", turn, span)
    m = _ABOUT.match(sentence) or _ABOUT_SAID.match(sentence)
    if m and _NEVER_MIND.match(m["what"]):
        return None  # "forget about it, doesn't matter": a "never mind", like a bare "forget it"
    if m and m["held"] and _SLOT_WORDS.search(m["what"]):
        return None  # "ditch what you know about my allergies": the slot, read by the slot-named rules
    if m and not _CLAUSE.search(m["what"]) and not re.fullmatch(r"(?:me|myself|us)", m["what"].strip(), re.I):
        what = m["what"].strip()
        return _forget("*", what, f"user asked to forget what they said about {what}", turn, span)
    m = _WHICH.match(sentence) or _NAMED.match(sentence) or _NAMED_ASKED.match(sentence)
    if m is None:
        return None
    what = next(v for k, v in m.groupdict().items() if k.startswith("what") and v).strip()
    if _CREDENTIAL.search(what) and not re.search(r"\bpassword\b", what, re.I):
        return _forget("credential", "", "user asked to forget a code they gave", turn, span)
    if (_SLOT_WORDS.search(what) and not _WH_CLAUSE.match(what)) or re.match(r"where\s+i\s+(?:live|work)\b|who\s+i\s+work\s+for\b", what, re.I):
        return None
    what = _WH_CLAUSE.sub("", what)
    return _forget("*", what, f"user asked to forget {what}", turn, span)
