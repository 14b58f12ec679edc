"""A matter settled, said of the thing rather than of the speaker: "Flights to Boston are booked",
"visa approved!!", "our offer on the house was accepted", "planning permission's been granted for
the extension", "the Kyoto trip is locked in". The parse names the thing as the passive subject of
a verb of settling; the speaker now firmly holds it, so it is stored as theirs, unhedged. A thing
only hoped or awaited ("once the visa is approved", "the flights aren't booked yet", "hopefully it
gets approved") settles nothing.
"""

from __future__ import annotations

from typing import Any

from .rules_clause import ReadClause
from .rules_draft import Draft

# verbs of settling (lemma -> the predicate the settled thing is stored under); data, not sentences
SETTLING_VERBS: dict[str, str] = {
    "approve": "got_approved", "grant": "got_granted", "accept": "got_accepted", "book": "booked", "sign": "signed",
    "confirm": "confirmed", "pay": "paid", "finalise": "finalised", "finalize": "finalised", "lock": "locked_in",
    "seal": "sealed", "secure": "secured", "reserve": "reserved",
}
# the particle a verb needs to settle anything ("locked in"), where it needs one
_PARTICLES: dict[str, frozenset[str]] = {"lock": frozenset({"in"})}
# a particle that turns the verb into something else: "booked up", "signed off sick"
_OTHER_SENSES = frozenset({"up", "out", "off", "solid"})
# auxiliaries of something only hoped, asked or awaited ("will be approved", "should get signed")
_NOT_YET_AUX = frozenset({"will", "would", "should", "could", "might", "may", "must", "ca", "can", "'ll", "shall"})
# a passive "get" in the present is awaited ("gets approved next week"), in the past it is done
_DONE_AUX_TAGS = frozenset({"VBD", "VBN", "VBP", "VBZ"})
# verbs whose clause is only hoped for, wondered about or expected ("I hope the loan is approved")
_AWAITING = frozenset({"hope", "wish", "pray", "wait", "wonder", "expect", "think", "doubt", "need", "want", "ask",
                       "check", "know", "see", "find", "bet", "assume", "guess", "suppose", "imagine", "fear", "worry"})
# what the settled thing is said "for" or "on": "permission granted for the extension"
_ABOUT = frozenset({"for", "on", "to"})


def _subject(verb: Any) -> Any:
    """The thing settled: the verb's passive subject ("flights ... are booked"), or its plain
    subject when the parser took a bare participle for a past tense ("visa approved")."""
    passive = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    if passive is not None:
        return passive
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is not None and verb.tag_ == "VBN" and any(c.tag_ == "POS" for c in subject.children):
        return subject  # "the contract's signed": the parser took "'s" for a possessive
    if verb.tag_ == "VBD" and not any(c.dep_ in {"dobj", "ccomp", "xcomp"} for c in verb.children):
        return subject
    return None


def _awaited(verb: Any, read: ReadClause) -> bool:
    """Whether the verb tells of something not (yet) settled: denied, asked, supposed, hoped."""
    if read.hedge is not None or "neg" in read.flags or read.text.rstrip().endswith("?"):
        return True
    for c in verb.children:
        if c.dep_ == "neg" or (c.dep_ == "mark" and c.lower_ != "that") or c.lower_ in _NOT_YET_AUX \
                or c.lower_ in {"yet", "hopefully"}:
            return True
        if c.dep_ in {"aux", "auxpass"} and c.lemma_ == "get" and c.tag_ not in {"VBD", "VBN"}:
            return True  # "it gets approved next week"
        if c.dep_ == "auxpass" and c.tag_ not in _DONE_AUX_TAGS:
            return True
    if verb.dep_ in {"ccomp", "acl"}:
        # "I hope the visa's approved"; a clause the parser hung on a word beside it stands ("our offer
        # was accepted, solicitors are on it", "Great news: our mortgage was approved")
        return verb.head.i < verb.i and verb.head.lemma_ in _AWAITING
    return verb.dep_ in {"advcl", "xcomp", "relcl", "pcomp"}


def read_settled(read: ReadClause) -> list[Draft]:
    """The things a clause says are now settled, each the speaker's firm fact ("flights to Boston"
    under ``booked``)."""
    if read.speaker != "user":
        return []
    core = {t.i for t in read.tokens}
    out: list[Draft] = []
    for verb in read.doc:
        lemma = verb.lemma_.lower()
        if lemma not in SETTLING_VERBS or verb.tag_ not in {"VBN", "VBD"} or verb.i not in core:
            continue
        particles = {c.lower_ for c in verb.children if c.dep_ == "prt"}
        if particles & _OTHER_SENSES and not particles & _PARTICLES.get(lemma, frozenset()):
            continue
        if lemma in _PARTICLES and not particles & _PARTICLES[lemma]:
            continue
        thing = _subject(verb)
        if thing is None or thing.pos_ not in {"NOUN", "PROPN"} or _awaited(verb, read):
            continue
        whose = [c for c in thing.children if c.dep_ == "poss" and c.lower_ not in {"my", "our"}]
        if whose:  # "my sister's visa was approved": someone else's, not the speaker's
            continue
        words = [t for t in thing.subtree if t.tag_ != "POS" and (t.dep_ != "poss" or t.lower_ not in {"my", "our"})]
        about = [t for c in verb.children if c.dep_ == "prep" and c.lower_ in _ABOUT for t in c.subtree]
        text = " ".join(t.text for t in [*words, *about]).replace(" 's", "'s").strip()
        if text:
            out.append(Draft(predicate=SETTLING_VERBS[lemma], object=text, flags={"settled"}))
    return out
