"""What a speaker says without holding it: a joke taken back ("lol jk"), someone else's words in
quotes, a counterfactual ("if I won the lottery I'd move to Bali"), a wish ("I wish I lived by
the sea"), a near-miss ("I almost quit"), an intention that fell through ("I was going to sell
it, but ...") and a remark on one's own slip ("I always mix those two up"). These read like
statements, so the rules would store them; this module is the one place that decides them, and
they are dropped from the text before it is parsed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .rules_lexicon import PAST_LEMMAS

# A retraction at the end of a sentence, or as a sentence of its own ("Just kidding!").
_TAKEN_BACK = re.compile(
    r"(?:^|(?<=\W))(?P<m>(?:(?:lol|haha+|hehe+|lmao)\W+)?(?:j/?k|jking|(?:(?:i'?m|i\s+am|i\s+was)\s+)?"
    r"(?:just\s+|only\s+)?(?:kidding|joking))|(?:lol|haha+|hehe+|lmao)\W+(?:not\s+really|nope))[\W]*$", re.I)
# "I'm not kidding", "are you kidding": said in earnest.
_EARNEST = frozenset({"not", "no", "you", "you're", "youre", "are", "were", "aren't"})

# Words that report speech; what follows in quotes is the other person's, not the speaker's.
_SPEECH = (r"(?:said|says|say|told|tells|goes|went|asked|asks|texted|wrote|writes|shouted|yelled|replied|"
           r"messaged|announced|screamed|whispered|insisted|was\s+like|is\s+like|'s\s+like|were\s+like|are\s+like)")
_QUOTED_AFTER = re.compile(r"(?P<lead>\b" + _SPEECH + r"(?:\s+(?:me|us|him|her|them|everyone))?)\s*[:,]?\s*"
                                     r"(?:\"[^\"]*\"?|'(?:[^']|'(?=[a-z]))+?(?:'(?![a-z])|$))", re.I)
_QUOTED_BEFORE = re.compile(r"^\s*(?:\"[^\"]+\"|'[^']+?'(?![a-z]))\s*,?\s*(?=(?P<who>(?:[\w']+\s+){0,3})" + _SPEECH + r"\b)", re.I)
# The speaker quoting themselves ('"I'm moving to Leeds," I told my mum'): their own words, kept.
_SELF = re.compile(r"\b(?:i|we)\s+$", re.I)

# A counterfactual: "if" with a past or "were", and a "would"/"'d" result; a "would have" past, and
# a "must have" guess about the past ("must have taken a lot of work").
_IF_PAST = re.compile(r"\bif\s+(?:only\s+)?(?:i|we)(?:'d\b|\s+(?P<verb>[a-z]+))", re.I)
_WOULD = re.compile(r"\b(?:would|could|might)\b|'d\b", re.I)
# "If I had to pick, I'd say I prefer tea": a way of giving an answer, which stays the speaker's.
_SAY_FRAME = re.compile(r"(?:\bwould|'d)\s+(?:have\s+to\s+)?(?:say|guess|go\s+(?:with|for))\b", re.I)
# "must have my coffee", "should have a word with him": a need or a plan, not a guess about the past.
_WOULD_HAVE = re.compile(r"\b(?:would|could|should|must)(?:n't|\s+not)?\s*(?:have|'ve|of)\s+"
                         r"(?!(?:to|a|an|the|my|our|your|his|her|their|some|this|that|it|one|no)\b)\w+", re.I)

# A wish or an impression, not a state: "if I could/had/were ...", "I wish", "would have",
# "it feels like I'm stepping into the books".
_WISHED = re.compile(r"\bif\s+(?:only\s+)?(?:i|we)\s+(?:could|had|were|was|would)\b|\bi\s+wish\b|\bwould\s+have\b|"
                     r"\b(?:feels?|felt|seems?|seemed)\s+like\s+(?=i\b|i'm\b|we\b|we're\b)", re.I)

# A remark on the speaker's own slip beside a correction ("I mix those two up", "got my cities
# muddled", "wrong name earlier", "I misread the ticket"): the corrected value is said elsewhere.
_SLIP = re.compile(r"\b(?:mix(?:es|ed|ing)?\s+(?:(?:those|these|them|the|my|our|\w+)\s+){0,3}up|mix-?ups?|muddled?|"
                   r"mis(?:read|typed|heard|spelt|spelled|remembered)|got\s+(?:(?:my|the|our|that|those|it|\w+)\s+){0,4}"
                   r"(?:wrong|muddled|mixed\s+up|backwards)|wrong\s+(?:name|date|city|town|place|number|day|year)\s+"
                   r"(?:earlier|before))\b", re.I)  # "I typed 2 kids earlier" names the old value: kept

# "I always forget where I parked", "can't remember what the code was": what is forgotten is not said
_FORGOTTEN = re.compile(r"\b(?:forget|forgets|forgot|forgotten|forgetting|(?:can't|cannot|couldn't|can\s+never|could\s+never|"
                        r"don't|didn't|never)\s+remember|lost\s+track\s+of)\s+(?:where|what|which|who|whether|if|when|how\s+to)\b",
                        re.I)

# "I almost quit", "we nearly bought it": the thing did not happen ("narrowly won" did).
_NEAR = re.compile(r"\b(?:almost|nearly)\s+(?P<verb>[a-z]+)\b", re.I)
_NEAR_PAST = frozenset(PAST_LEMMAS) | {"quit", "lost", "fell", "broke", "died", "cried", "threw", "hit", "cut", "set",
                                       "let", "put", "shut", "split", "missed", "forgot", "ended"}
_NOT_A_MISS = frozenset({"need", "used", "tired"})   # "nearly tired" is not a thing that nearly happened

# "I was going to sell my car, but ...": an intention that fell through.
_FELL_THROUGH = re.compile(
    r"\b(?:(?:was|were|had\s+been|'d\s+been)\s+(?:going\s+to|gonna|about\s+to|planning\s+(?:to|on)|supposed\s+to|"
    r"meant\s+to|hoping\s+to)|(?:had|'d)?\s*(?:planned|hoped|meant|intended)\s+to)\b(?=.*\b(?:but|instead|until)\b)",
    re.I | re.S)


# Someone else's advice ("my mum said I should see a doctor"): their view, not the speaker's plan.
_ADVICE = re.compile(r"(?<!\bi\s)(?<!\bwe\s)\b(?:says|said|thinks|thought|reckons|reckoned|suggested|suggests|feels|felt|"
                     r"told\s+me|tells\s+me)\s+(?:that\s+)?(?:i|we)\s+(?:should|ought\s+to|could)\b", re.I)


def taken_back(sentence: str) -> bool:
    """The sentence ends by taking itself back ("I own a yacht haha not really", "lol jk")."""
    m = _TAKEN_BACK.search(sentence)
    if m is None:
        return False
    head = sentence[:m.start("m")]
    if re.match(r"(?:kidding|joking)", m["m"], re.I) and re.search(r"\w\s*$", head):
        return False  # "my cousin, who loves kidding", "he is always joking": said of someone, not taken back
    before = head.split()
    return not before or before[-1].lower().strip(",.!") not in _EARNEST


def without_quotes(sentence: str) -> str:
    """The sentence less the quoted words of someone else ('my boss said "I'm leaving"')."""
    if '"' not in sentence and "'" not in sentence:
        return sentence
    sentence = _QUOTED_BEFORE.sub(lambda m: _unquoted(m[0]) if _SELF.search(m["who"]) else "", sentence)
    return _QUOTED_AFTER.sub(lambda m: _unquoted(m[0]) if _SELF.search(m.string, 0, m.start()) else m["lead"],
                             sentence).strip()


def _unquoted(words: str) -> str:
    """The speaker's own quoted words as said, the quote marks dropped (an apostrophe inside stays)."""
    return re.sub(r"\"|(?<![a-z])'|'(?![a-z])", "", words, flags=re.I)


def counterfactual(sentence: str) -> bool:
    """ "If I won the lottery I'd move to Bali", "if we had a garden we would ...": nothing
    happened ("if I'm honest, I'd say ..." and "if I get it, I'll ..." are not counterfactual)."""
    m = _IF_PAST.search(sentence)
    if m is None or not _WOULD.search(sentence) or _SAY_FRAME.search(sentence):
        return False
    verb = (m["verb"] or "had").lower()
    return verb in {"were", "was", "had", "could", "did"} or verb.endswith("ed") or verb in _NEAR_PAST


def without_counterfactual(sentence: str) -> str:
    """The sentence less a counterfactual: all of it, or only its tail when a statement of its
    own comes first ("I moved to Leeds last year, and if I wanted I could move back")."""
    if not counterfactual(sentence):
        return sentence
    m = _IF_PAST.search(sentence)
    assert m is not None  # counterfactual() found it
    head = _JOINED.search(sentence, 0, m.start())
    return head["head"] if head and not _WOULD.search(head["head"]) else ""


_JOINED = re.compile(r"^(?P<head>.*\w.*?)(?:\s*[,;]\s*(?:and|but|so)?|\s+(?:and|but|so))\s*$", re.I | re.S)


def unmeant_clause(clause: str, sentence: str) -> bool:
    """A clause that did not happen: a wish, a near-miss, a "would have" or a "must have" guess,
    an intention that fell through, someone else's advice; or a remark on the speaker's own slip
    or on what they forget ("I always forget where I parked")."""
    if _WISHED.search(clause) or _WOULD_HAVE.search(clause) or _ADVICE.search(clause) or _SLIP.search(clause) \
            or _FORGOTTEN.search(clause):
        return True
    for m in _NEAR.finditer(clause):
        verb = m["verb"].lower()
        if verb not in _NOT_A_MISS and (verb.endswith("ed") or verb in _NEAR_PAST):
            return True
    intent = _FELL_THROUGH.search(sentence)
    return intent is not None and intent[0].strip().lower() in clause.lower()


def meant_sentences(sentences: list[tuple[str, tuple[int, int]]]) -> Iterator[tuple[int, str, tuple[int, int]]]:
    """(index, sentence, span) of the sentences the speaker holds, quotes of others cut out: a
    sentence taken back goes, and a retraction on its own ("Just kidding!") takes the one before."""
    kept: list[tuple[int, str, tuple[int, int]]] = []
    for s, (sentence, span) in enumerate(sentences):
        if taken_back(sentence):
            if not _TAKEN_BACK.sub("", sentence).strip(" ,.!?") and kept and kept[-1][0] == s - 1:
                kept.pop()
            continue
        text = without_quotes(without_counterfactual(sentence))
        if text:
            kept.append((s, text, span))
    yield from kept
