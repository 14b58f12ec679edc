"""A correction read from the two values a sentence contrasts, when no clause rule read it.

People put a slip right by naming the right value beside the wrong one, in many shapes: "the dog
is a springer spaniel, not a cocker", "not Tuesday, my class is on Thursdays", "I said Python
before but the project is all in Go", "did I say Wednesday? it's Thursday", "our anniversary is
22 June, I typed 12 June before". The pair (right value, wrong value) is found from the words
(owned-up slips, reports of one's own words, values of one kind: :mod:`.correction_wordings`),
then the slot it corrects, in this order: the one fact the sentence states (or the one holding the
right value), a fact of the sentence or an earlier statement of the episode holding the wrong value
(the value swapped inside it), else the topic the sentence names ("my daughter is eight, not
nine" -> ``daughter``). The policy moves a correction to whichever stored fact holds the wrong
value, so a correction across episodes finds its slot there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..candidates import DATE_FIX, Operation
from .correction_wordings import (
    HOME_NOUNS,
    NOT_A_VALUE,
    OWNED_MISTAKE,
    OWNED_SLIP,
    REPAIR_BREAK,
    REPAIR_CLAUSE,
    REPAIR_FILLERS,
    REPAIR_WORDS,
    SAID_BEFORE,
    SLIP_NOUNS,
    SLIP_REMARK_VERBS,
    TIME_UNITS,
    VALUE_KINDS,
    VALUE_STOPS,
)
from .rules_draft import Draft
from .rules_lexicon import RELATIVES

_SLIP = re.compile(OWNED_SLIP, re.I)
_MISTAKE = re.compile(OWNED_MISTAKE, re.I)
_SAID = re.compile(SAID_BEFORE, re.I)
_KINDS = [(kind, re.compile(pattern, re.I)) for kind, pattern in VALUE_KINDS]
_KIND_PATTERNS = dict(_KINDS)
# where a value said bare ends: a clause boundary
_END = r"(?=\s*(?:[,;:.!?()\u2013\u2014]|\s-\s|\bbut\b|\bI\b|$))"
# "..., not (with) Y", "... rather than Y", "... instead of Y": the wrong value after the contrast, a
# few words up to the clause's end (read only beside an owned-up slip)
_NOT = re.compile(r"(?:,\s*|\s+)(?:not|rather\s+than|instead\s+of)\s+(?:with\s+|in\s+|on\s+|at\s+|to\s+|for\s+|from\s+)?"
                  rf"(?P<old>[^,;:.!?()\u2013\u2014]+?){_END}", re.I)
# "my son's not eight but nine", "it's not Tuesday but Thursday": the wrong value, then the right one
_NOT_BUT = re.compile(r"\bnot\s+(?P<old>[^,;:.!?]+?)\s*,?\s+but\s+(?:rather\s+|actually\s+)?(?P<new>[^,;:.!?]+?)(?=\s*(?:[,;:.!?]|$))",
                      re.I)
# "Not Tuesday, my yoga class is on Thursdays": the wrong value first
_NOT_FIRST = re.compile(r"^\W*(?:(?:oh|ah|no|nope|sorry|wait|oops|hmm|actually|um+|err+)\W+)*not\s+"
                        r"(?P<old>[^,;:.!?]+?)\s*[,;:\u2013\u2014-]+\s*(?P<rest>.+)$", re.I)
_BOUNDARY = re.compile(r"[,;:!?()\u2013\u2014]|\.(?!\d)|\s-\s|\bbut\b", re.I)
_CAPS = re.compile(r"\b[A-Z][\w&.-]*(?:'s\b)?(?:\s+[A-Z][\w&.-]*)*")
# "my daughter is ...", "the dog's name is ...", "the wedding's in ...": what the value is of
_TOPIC = re.compile(r"\b(?:my|our|the)\s+(?P<topic>[a-z][a-z-]*(?:'s\s+[a-z]+)?(?:\s+(?!is\b|are\b|was\b|were\b)[a-z]+)?)"
                    r"(?:'s|'re|\s+(?:is|are|was|were|has\s+been|have\s+been)\b)", re.I)
# else the first thing the speaker owns that the sentence names ("our flight leaves at 7am")
_OWNED = re.compile(r"\b(?:my|our)\s+(?P<topic>[a-z][a-z-]*(?:\s+(?!is\b|are\b|was\b|were\b)[a-z]+)?)\b(?=\s+[a-z]+(?:s|ed)\b)", re.I)
# "I got my own partner's name wrong", "mixed up my niece's age": whose value the slip was about
_NAMED_WRONG = re.compile(r"\b(?:my|our)\s+(?:own\s+)?(?P<topic>[a-z]+)'s\s+(?:name|age|birthday|surname|job)\b", re.I)
_LEAD_WORDS = re.compile(r"^(?:(?:before|earlier|previously|then|and|but|no|nope|sorry|oops|actually|my\s+bad|it\s+was|it'?s)\b\W*)+",
                         re.I)
_TRAIL_WORDS = re.compile(r"(?:\W+\b(?:before|earlier|previously|then|too|lol|haha|one)\b)+\W*$", re.I)


def contrasted(out: list[Draft], context: Sequence[Draft], sentence: str, earlier: Sequence[str] = ()) -> list[Draft]:
    """``out`` (a sentence's drafts) with the correction its contrast states, when the rules
    read none; ``context``: what the episode said before it; ``earlier``: the speaker's earlier
    turns, where a topic the correction leaves unsaid is looked for ("my flight lands at 9pm").
    A correction is stored once: the same value added beside it is dropped."""
    return _once(_contrasted(out, context, sentence, earlier))


def _contrasted(out: list[Draft], context: Sequence[Draft], sentence: str, earlier: Sequence[str]) -> list[Draft]:
    pair = contrast(sentence)
    across = pair is None and (pair := put_right_later(sentence, earlier)) is not None
    if pair is not None or _MISTAKE.search(sentence) or any(d.operation is Operation.correct for d in out):
        # "I gave you the wrong date", "I typed Miami": the remark on the slip states nothing, and a
        # correction the rules tied to a clause that holds neither value is that clause's plain statement
        out = [_unattached(d, pair, sentence) for d in out if not _slip_remark(d, pair[1] if pair else None)
               and not _states_the_wrong_value(d, pair) and not _holds_the_repair(d, pair)]
    if (named_wrong := _NAMED_WRONG.search(sentence)) is not None:
        # "Siobhan, not Sinead, I got my partner's name wrong": the remark says whose value it is, over
        # the slot a bare name's kind guessed
        out = [replace(d, predicate=_slot(named_wrong["topic"].lower(), d.replaces or ""))
               if d.operation is Operation.correct and d.predicate in _GUESSED_SLOTS and not d.context_only else d
               for d in out]
    if across and pair is not None:
        # a bare value the clause rules tied to the last fact said ("it was April" -> the gym) put
        # right some other slot: the value of the same kind said before is the wrong one
        out = [d for d in out if not (d.operation is Operation.correct and holds_word(d.object, pair[0])
                                      and not holds_word(d.replaces or "", pair[1]))]
    if pair is None or any(d.operation is Operation.correct and not d.context_only for d in out):
        return out
    new, old, topic = pair
    if topic is None and named_wrong is not None:
        topic = named_wrong["topic"].lower()
    if topic is None:
        topic = next((t for text in reversed(earlier) for said in re.split(r"(?<=[.!?])\s+", text)
                      if holds_word(said, old) and (t := _topic(said)) is not None), None)
    own = [d for d in out if d.predicate and not d.context_only and d.operation is Operation.add and not d.negated]
    holder = next((d for d in own if holds_word(d.object, new)), None)
    # a repair breaks off after the wrong value, so the one fact holding neither value is not its slot
    repaired = pair == self_repair(sentence)
    if holder is None and len(own) == 1 and not holds_word(own[0].object, old) and not across and not repaired \
            and _ASIDE not in own[0].flags \
            and not _said_after(own[0].object, old, sentence):
        holder = own[0]  # the sentence's one fact (a value put right later says no fact of its own beside it)
    if holder is not None:  # the sentence states the right value in a slot the rules know
        holder.operation, holder.replaces = Operation.correct, old
        return out
    held = next((d for d in own if holds_word(d.object, old)), None) or next(
        (p for p in reversed(context) if p.predicate and not p.negated and p.operation is Operation.add
         and holds_word(p.object, old)), None)
    if held is None and across and _kind(old) is None and (other := _held_name(context, earlier, new)) is not None:
        held, old = other  # "Sorry, I meant Spanish." after "I'm learning Italian on Duolingo": the name a fact holds
    if held is not None:  # "it's Brighton, not Manchester" after "the Manchester marathon"
        fixed = replace(held, object=swap_word(held.object, old, new), operation=Operation.correct, replaces=held.object,
                        context_only=False, negated=False, flags=held.flags - {"said_before", "heard"})
        return [*(d for d in out if d is not held), fixed]
    if repaired and topic is not None and topic in RELATIVES:
        return out  # "My sister is 12, sorry, 13": the sister's age, which no slot named "sister" holds
    if topic is None and new[:1].isupper() and old[:1].isupper() and not (_kind(new) or _kind(old)) and not repaired \
            and (not across or any(re.search(rf"\b(?:live[sd]?|living|based|moved?)\s+(?:in|to)\s+{re.escape(old)}\b", t)
                                   for t in earlier)):
        # (a name put right later is a place only when said as one's home: "you live in Denver" - "No, Boulder")
        topic = "place"  # two names no list knows: a place is likeliest (as rules_sentence reads "I meant X, not Y")
    if across and _kind(old) is None and topic is None:
        return out  # a name put right later corrects only a fact that holds it, or the topic said with it
    if topic is None and (across or repaired) and _kind(old) in _DAY_KINDS and not _spelled_ordinal(old):
        # "We drove out to the Rockies in May." - "Sorry, it was June.": a stated date taken back; the
        # policy finds the held fact whose date falls on it (as rules_date_fix)
        return [*out, Draft(predicate=DATE_FIX, object=new, operation=Operation.correct, replaces=old,
                            flags={"correction", "contrast"})]
    if topic is None:
        counted = _counted(new, old, sentence, earlier, [*context, *own])
        return out if counted is None else [*out, Draft(predicate=counted, object=new, operation=Operation.correct,
                                                          replaces=old, flags={"correction", "contrast"})]
    return [*out, Draft(predicate=_slot(topic, old), object=new, operation=Operation.correct, replaces=old,
                        flags={"correction", "contrast"})]


def _holds_the_repair(draft: Draft, pair: tuple[str, str, str | None] | None) -> bool:
    """A fact whose value runs on into the words taking it back ("We met in 2015, no wait, 2016" read as
    meeting "Wait, no, 2016"): the repair misread as a value."""
    return pair is not None and not draft.context_only and holds_word(draft.object, pair[0]) \
        and re.search(rf"\b{REPAIR_WORDS}\b", draft.object, re.I) is not None


def _spelled_ordinal(value: str) -> bool:
    """ "second", "third": a place in a race or a floor as often as a day, so no date put right."""
    return _kind(value) == "ordinal" and not value[:1].isdigit()


def _held_name(context: Sequence[Draft], earlier: Sequence[str], new: str) -> tuple[Draft, str] | None:
    """The latest fact said before that holds a name of the speaker's latest turn naming any, and that
    name: the slot a bare name put right later corrects."""
    olds = next((found for text in reversed(earlier) if (found := _names(text))), [])
    for at, name in enumerate(reversed(olds)):
        name = name.rstrip(".")
        if at and not (_TONGUE.search(name) and _TONGUE.search(new)):
            # "I work at Google in London" - "Sorry, I meant Paris.": the last name said is the one put right;
            # one said before it only when both name a language ("learning Italian on Duolingo" - "I meant Spanish")
            continue
        held = next((p for p in reversed(context) if p.predicate and not p.negated and p.operation is Operation.add
                     and not p.context_only and holds_word(p.object, name)), None)
        if held is not None and name.lower() != new.lower():
            return held, name
    return None


# a language or nationality ("Italian", "Spanish", "Japanese", "Dutch")
_TONGUE = re.compile(r"^[A-Z][a-z]+(?:ian|ish|ese|ch|ic|ek|an|i)$")
# slots a bare corrected name is put in by its kind alone (rules_sentence)
_GUESSED_SLOTS = frozenset({"lives_in", "works_at"})
# the flag of a clause said beside a correction, which it is not the slot of
_ASIDE = "aside"


def _slip_remark(draft: Draft, old: str | None) -> bool:
    """Whether ``draft`` is the speaker's remark on the slip ("made a mistake", "gave the wrong date",
    "typed Miami"), not a statement."""
    verb = (draft.predicate or "").split("_")[0]
    if not ({verb[:-1], verb[:-2]} & SLIP_REMARK_VERBS) or draft.context_only:
        return False
    words = {w.removesuffix("'s") for w in re.findall(r"[a-z']+", draft.object.lower())}
    return bool(words & SLIP_NOUNS) or (old is not None and holds_word(draft.object, old))


def _unattached(draft: Draft, pair: tuple[str, str, str | None] | None, sentence: str) -> Draft:
    """A correction the clause rules put on a clause said after the contrast ("it's Brighton, not
    Manchester, I've entered too many races"), made a plain statement; a date put right may live in
    the clause's time, not its object ("married in 2016 not 2015")."""
    if pair is None or draft.operation is not Operation.correct or draft.context_only or draft.predicate == DATE_FIX:
        return draft
    new, old, _ = pair
    if holds_word(draft.object, new) or holds_word(draft.object, old) or _kind(old) in _DATED_KINDS \
            or not _said_after(draft.object, old, sentence):
        return draft
    return replace(draft, operation=Operation.add, replaces=None, flags=draft.flags | {_ASIDE})


def _states_the_wrong_value(draft: Draft, pair: tuple[str, str, str | None] | None) -> bool:
    """A correction whose value is the one it takes back ("I work for Accenture now, not KPMG" read as
    switching from KPMG): the denial read as a statement."""
    return pair is not None and draft.operation is Operation.correct and not draft.context_only \
        and _article_less(draft.object) == _article_less(pair[1])


def _said_after(value: str, old: str, sentence: str) -> bool:
    """Whether ``value`` is said in a clause of its own after the wrong value is denied ("..., not
    Manchester, I've entered too many races"); not in "Not Scala, I write Clojure", which leads with it."""
    wrong = re.search(rf"\bnot\s+(?:\w+\s+){{0,2}}?{re.escape(old)}(?!\w)", sentence, re.I)
    said = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", sentence, re.I)
    return wrong is not None and said is not None and not _NOT_FIRST.match(sentence) and said.start() >= wrong.end() \
        and _BOUNDARY.search(sentence, wrong.end(), said.start()) is not None


def _once(out: list[Draft]) -> list[Draft]:
    """``out`` without a plain statement of a value a correction beside it states."""
    corrected = {(d.subject, _article_less(d.object)) for d in out
                 if d.operation is Operation.correct and not d.context_only}
    return [d for d in out if d.operation is not Operation.add or d.negated or d.context_only
            or (d.subject, _article_less(d.object)) not in corrected]


def _article_less(value: str) -> str:
    return re.sub(r"^(?:the|a|an|my|our)\s+", "", value.strip(), flags=re.I).casefold()


def _counted(new: str, old: str, sentence: str, earlier: Sequence[str], context: Sequence[Draft]) -> str | None:
    """The slot of a figure put right with nothing else naming it, from the noun the figure counts:
    "it's 3 kids not 2" -> ``quantity_kids``, "two, not three" after "Three moggies live with us" ->
    ``quantity_moggies``; a time unit makes it how long the speaker's last statement has held ("four
    years, not three" after "I've been at Deloitte for three years" -> ``quantity_works_at_duration``)."""
    if _kind(old) != "number" or _kind(new) != "number":
        return None
    noun = _noun_after(new, sentence) or next((n for text in reversed(earlier) if (n := _noun_after(old, text))), None)
    if noun is None:
        return None
    if noun in TIME_UNITS:
        last = next((d for d in reversed(context) if d.predicate and not d.context_only and d.operation is Operation.add
                     and not d.negated and not d.predicate.startswith("quantity_")), None)
        return f"quantity_{last.predicate}_duration" if last is not None else None
    return f"quantity_{noun}"


def _noun_after(figure: str, text: str) -> str | None:
    """The word a figure counts in ``text`` ("3 kids", "Three moggies"), not an age ("2 years old")."""
    m = re.search(rf"(?<!\w){re.escape(figure)}\s+(?:more\s+|whole\s+)?([a-z]+)\b(?!\s+old\b)", text, re.I)
    noun = m[1].lower() if m else None
    return noun if noun is not None and noun not in VALUE_STOPS and noun not in NOT_A_VALUE else None


# kinds of value (VALUE_KINDS) that put a stated date right
_DAY_KINDS = frozenset({"weekday", "month", "ordinal"})
# and those a clause may hold in its time rather than its object
_DATED_KINDS = _DAY_KINDS | {"year", "time"}
# a message that opens by owning up to a slip and then only names a value: "Sorry, it was June.",
# "Hang on, it's 8pm, I misread the booking", "Ugh no, Wednesday.", "nope, she's 36"
_PUT_RIGHT = re.compile(
    r"^\W*(?P<lead>(?:(?:oh|ah|ugh|argh|oops|whoops|sorry|soz|wait|hang\s+on|hold\s+on|no|nope|nah|my\s+bad|my\s+mistake|"
    r"correction|actually|er+m*|um+|typo|scratch\s+that|i\s+mean[t]?(?:\s+to\s+say)?)\b\W*)+)"
    r"(?P<copula>(?:it|that|he|she|they|we)(?:'s|'re|\s+is|\s+was|\s+are|\s+were)\s+|make\s+(?:it|that)\s+|(?:it\s+)?should\s+be\s+|"
    r"(?:his|her|its|their)\s+name(?:'s|\s+is|\s+was)\s+|(?:he|she|it)(?:'s|\s+is|\s+was)\s+called\s+)?"
    r"(?:(?:actually|really|only|just)\s+)?(?:(?:on|at|in|for)\s+)?(?:the\s+)?(?P<value>[^,;:.!?\u2013\u2014]+?)\s*(?:[,;:.!?\u2013\u2014]|$)", re.I)
# "my sister Sarah", "a Vaillant", "our vet Dr Patel": the words before a name that say what it names
_WHAT_IT_IS = re.compile(r"^(?:(?:a|an|my|our|his|her|their)\s+)(?:[a-z]+\s+){0,2}?(?=[A-Z])")
# the words of that lead that own up to a slip, where "sorry" alone may only apologise ("Sorry, Mark!")
_OWNED_SLIP_LEAD = re.compile(r"\b(?:no|nope|nah|oops|whoops|typo|meant|correction|scratch|bad|mistake)\b", re.I)


def put_right_later(sentence: str, earlier: Sequence[str]) -> tuple[str, str, str | None] | None:
    """(right value, wrong value, None) when ``sentence`` owns up to a slip and names only a value of
    one kind (a date, a time, a sum, a figure) and the speaker's latest earlier turn that names a
    value of that kind said the wrong one; ``earlier``: the speaker's earlier turns, oldest first."""
    m = _PUT_RIGHT.match(sentence)
    value = m["value"].strip() if m else ""
    if m is None or not value:
        return None
    if _kind(value) is None:
        # "ah no, I meant my sister Sarah", "no it's a Vaillant": the name after the words that say what it is
        what = _WHAT_IT_IS.match(value)
        value = value[what.end():] if what else value
        # a name said bare after a slip owned up to ("No sorry, Sainsbury's", "Typo, it's Anna"), not after an
        # apology alone ("Sorry, Mark!"): the last name said before is the wrong one
        name = _names(value)
        if len(name) != 1 or name[0] != value.removesuffix("'s") or len(value.split()) > 3 \
                or not (m["copula"] or _OWNED_SLIP_LEAD.search(m["lead"])):
            return None
        olds = next((found for text in reversed(earlier) if (found := _names(text))), [])
        old = olds[-1].rstrip(".") if olds else ""
        kind = what[0].split()[1:] if what else []  # "my sister Sarah": the name said after "sister" before
        if kind and (same := re.search(rf"\b{re.escape(kind[-1])}\s+({_CAPS.pattern})", " ".join(earlier))) is not None:
            old = _names(same[1])[0] if _names(same[1]) else old
        elif kind:
            return None  # "I meant my cousin Jo" with no cousin named before: which value it puts right is unknown
        return (value, old, None) if old and old.lower() != name[0].lower() else None
    for text in reversed(earlier):
        # the first kind both name ("June 5th" after "June 3rd": the day, not the month)
        for _, pattern in _KINDS:
            news, olds = [h.group() for h in pattern.finditer(value)], [h.group() for h in pattern.finditer(text)]
            if news and olds and news[0].lower() != olds[-1].lower():
                return news[0], olds[-1], None
        if any(pattern.search(text) for _, pattern in _KINDS):
            return None
    return None


# "<said> ..., no, hang on, he's 8, ...": what was said, the words taking it back, then the repair up to
# its clause's end (or "<said>, well, Phuket actually": a value owned as the right one after "well")
_SEP = r"[\s,;:.!\u2013\u2014\u2026-]*"
_REPAIR = re.compile(rf"{REPAIR_BREAK}(?:(?P<lead>(?:{REPAIR_FILLERS}{_SEP}\b)*?{REPAIR_WORDS}\b(?:{_SEP}(?:{REPAIR_WORDS}|{REPAIR_FILLERS})\b)*)"
                     rf"{_SEP}(?P<repair>[^,;:.!?\u2013\u2014\u2026]+)|(?:well|or)\b{_SEP}(?P<owned>[^,;:.!?\u2013\u2014\u2026]+?)\s+actually\b)",
                     re.I)
_REPAIR_CLAUSE = re.compile(rf"^{REPAIR_CLAUSE}", re.I)
_TAKES_BACK = re.compile(r"\b(?:no|nope|nah|wait|hang\s+on|hold\s+on|mean|meant|rather|make|scratch|correction|bad|mistake|correct|rephrase)\b",
                         re.I)
# a repair that asks or adds rather than puts right ("..., no, and ...", "sorry, I mean it")
_NOT_A_REPAIR = re.compile(r"^(?:and|also|plus|but|or|too|as\s+well|I\s+mean\s+it|what|why|how|who|where|when)\b", re.I)


def self_repair(sentence: str) -> tuple[str, str, str | None] | None:
    """(right value, wrong value, topic) of a sentence that breaks off after a value and says the right
    one ("Max is 7, I think... no, hang on, he's 8", "my tour with Drake... sorry, I mean Frank Ocean",
    "the fourth floor, actually no, fifth floor"): the repair's value is of the kind of one said before the
    break (a figure, a date, an ordinal, a name), and that one, the last of its kind, is the wrong one."""
    for m in _REPAIR.finditer(sentence):
        repair = (m["repair"] if m["repair"] is not None else m["owned"]).strip()
        if _NOT_A_REPAIR.match(repair):
            continue
        said = sentence[:m.start()]
        if not re.search(r"\w", said):
            continue
        bare = _REPAIR_CLAUSE.sub("", repair) if m["repair"] is not None else repair
        # a name after an apology alone may be the one spoken to ("I'm in Leeds, sorry, Mark, ..."): a name
        # is a repair when a clause says it ("it was Italy") or the lead takes the last word back
        named = m["repair"] is None or bare != repair or _TAKES_BACK.search(m["lead"]) is not None
        pair = _same_kind_pair(said, bare, clause=bare != repair) or (_same_name_pair(said, bare) if named else None)
        if pair is not None:
            return (*pair, _topic(said))
    return None


def _same_kind_pair(said: str, bare: str, *, clause: bool = False) -> tuple[str, str] | None:
    """The figure or date that opens the repair and the last of its kind said before, when they differ;
    ``clause``: the repair opened on a clause of its own ("it actually dropped on the 11th"), which may
    hold one verb before its value. A repair that goes on to something new ("no, I don't want 30 candles",
    "sorry, I have to go in 5 minutes") puts nothing right."""
    for _, pattern in _KINDS:
        news, olds = list(pattern.finditer(bare)), [h.group() for h in pattern.finditer(said)]
        if news and olds:
            lead = [w for w in re.findall(r"[\w']+", bare[:news[0].start()].lower()) if w not in _LEADS_INTO_VALUE]
            if len(lead) > (1 if clause else 0) or any(w in _NEGATIONS or w.endswith("n't") for w in lead):
                return None
            new = news[0].group()
            return (new, olds[-1]) if new.lower() != olds[-1].lower() else None
    return None


# words a repair may say before its value ("no, the 5th", "sorry, make it about 40")
_LEADS_INTO_VALUE = frozenset({"the", "a", "an", "on", "at", "in", "for", "about", "around", "roughly", "actually",
                               "really", "only", "just", "more", "like", "maybe", "probably", "by", "until", "till",
                               "from", "to", "be", "is", "was", "it's", "its", "that's", "should"})
_NEGATIONS = frozenset({"not", "no", "never", "nothing", "cannot"})


def _same_name_pair(said: str, bare: str) -> tuple[str, str] | None:
    """A name that opens the repair ("Italy", "Frank Ocean") and the last name said before it."""
    news, olds = _names(bare), _names(said)
    if not news or not olds or not bare.lower().lstrip("the ").startswith(news[0].lower()[:3]):
        return None
    new, old = news[0], olds[-1]
    rest = bare[bare.find(new) + len(new):].lower().split()
    if any(w not in _AFTER_A_NAME for w in rest):
        return None  # "no, Mark was there too", "I mean London is ok too": a new clause, not a name put right
    return (new, old) if new.lower() != old.lower() and old not in {"I", "I'm"} else None


# words a name put right may end on ("it's Daniel now", "Lisbon actually")
_AFTER_A_NAME = frozenset({"now", "actually", "instead", "then", "sorry", "lol", "haha", "obviously", "mate", "though"})


def contrast(sentence: str) -> tuple[str, str, str | None] | None:
    """(right value, wrong value, the topic named or None) of a correcting sentence, or None."""
    first = _not_first(sentence)  # "Not Tuesday, ...": leading with the wrong value owns up to it
    if first is not None:
        return first
    but = _not_but(sentence)
    if but is not None:
        return but
    if _SLIP.search(sentence) is None and _SAID.search(sentence) is None:
        return self_repair(sentence)
    pair = _not_after(sentence)
    if pair is None and (said := _SAID.search(sentence)) is not None:
        pair = _reported(sentence, said)
    return pair or self_repair(sentence)


def _not_but(sentence: str) -> tuple[str, str, str | None] | None:
    """ "my son's not eight but nine": the wrong value, then the right one; two figures or dates of one
    kind put a value right, other values only beside a slip owned up to ("not a paralegal but a legal
    secretary" may describe a job)."""
    m = _NOT_BUT.search(sentence)
    if m is None or (old := _clean(m["old"])) is None or (new := _clean(m["new"])) is None or new.lower() == old.lower():
        return None
    kind = _kind(old)
    if (kind is None or kind != _kind(new)) and _SLIP.search(sentence) is None:
        return None
    return new, old, _topic(sentence[:m.start()])


def _not_first(sentence: str) -> tuple[str, str, str | None] | None:
    m = _NOT_FIRST.match(sentence)
    if m is None or (old := _clean(m["old"])) is None:
        return None
    rest = _LEAD_WORDS.sub("", m["rest"])
    new = _of_kind(old, rest, last=False) or (None if _kind(old) else _bare(_BOUNDARY.split(rest, maxsplit=1)[0]))
    return (new, old, _topic(m["rest"])) if new and new.lower() != old.lower() else None


def _not_after(sentence: str) -> tuple[str, str, str | None] | None:
    for m in _NOT.finditer(sentence):
        old = _clean(m["old"])
        if old is None or (not m.group().strip(", ").lower().startswith("not") and _MISTAKE.search(sentence) is None):
            continue  # "rather than" / "instead of" put right only beside a mistake owned up to
        before = sentence[:m.start()]
        side = _BOUNDARY.split(before)[-1] if _kind(old) is None else before
        new = _of_kind(old, side, last=True) or (None if _kind(old) else _bare(side))
        if new and new.lower() != old.lower():
            return new, old, _topic(before)
    return None


def _reported(sentence: str, said: re.Match[str]) -> tuple[str, str, str | None] | None:
    """ "I said X before but it's Y", "did I say X? Y", "it's Y, I typed X before"."""
    after = sentence[said.end():]
    cut = _BOUNDARY.search(after)
    told = _TRAIL_WORDS.sub("", after[:cut.start()] if cut else after).strip(" \"'")
    rest = _LEAD_WORDS.sub("", after[cut.end():].strip(" ,.!?") if cut else "").strip()
    if not rest or re.match(r"^(?:that|this)\s+(?:was|is)\b", rest, re.I):
        rest = sentence[:said.start()]  # "Our anniversary is 22 June, I typed 12 June before."
    if not told or not rest:
        return None
    topic = _topic(told) or _topic(rest)
    sides = [rest, sentence[:said.start()]] if rest != sentence[:said.start()] else [rest]
    for side in sides:  # the right value after the report, else before it ("my son is 9, I said 6, typo")
        for _, pattern in _KINDS:
            olds = [m.group() for m in pattern.finditer(told)]
            news = [m.group() for m in pattern.finditer(side) if olds and m.group().lower() != olds[-1].lower()]
            if olds and news:
                return news[0], olds[-1], topic
        olds = _names(told)
        news = [n for n in _names(side) if olds and n.lower() != olds[-1].lower()]
        if olds and news:
            return news[0], olds[-1], topic
    if len(told.split()) <= 3 and (old := _clean(told)) is not None:
        new = _bare(_BOUNDARY.split(rest, maxsplit=1)[0])
        if new and new.lower() != old.lower():
            return new, old, topic
    return None


def _clean(value: str) -> str | None:
    """The wrong value as said after "not", without its article; None when "not" only negates."""
    words = value.split()
    if not words or len(words) > 4 or words[0].lower() in NOT_A_VALUE:
        return None
    while words and words[0].lower() in VALUE_STOPS:
        words = words[1:]
    while len(words) > 1 and words[-1].lower() in {"one", "ones", "thing", "lol", "haha", "tbh", "though"}:
        words = words[:-1]
    return " ".join(words) or None


def _kind(value: str) -> str | None:
    for kind, pattern in _KINDS:
        m = pattern.match(value)
        if m is not None and len(value[m.end():].split()) <= 1:
            return kind
    return None


def _of_kind(old: str, side: str, *, last: bool) -> str | None:
    """The value of the wrong value's kind in ``side`` (a figure for a figure, a day for a day)."""
    kind = _kind(old)
    if kind is None:
        return None
    pattern = _KIND_PATTERNS[kind]
    found = [m.group() for m in pattern.finditer(side) if m.group().lower() != old.lower()]
    return (found[-1] if last else found[0]) if found else None


# time words a clause may end on after its value
_TRAILING_TIME = frozenset({"now", "nowadays", "today", "anymore", "these", "days"})


def _bare(side: str) -> str | None:
    """The value a clause ends on: "it's a golden retriever" -> "golden retriever"."""
    words = re.findall(r"[\w£$€&.'-]+", side.strip(" .!?"))
    while words and words[-1].lower() in _TRAILING_TIME:
        words.pop()  # "I work for Accenture now": the value is before the time word
    value: list[str] = []
    for word in reversed(words):
        if word.lower() in VALUE_STOPS or word.lower().endswith("'s") or len(value) == 4:
            break
        value.insert(0, word)
    return " ".join(value).strip(".") or None


def _names(text: str) -> list[str]:
    """Capitalised runs that name something ("Chelsea", "Oak Street"), not a sentence's first word."""
    out = []
    for m in _CAPS.finditer(text):
        words = [w for w in m.group().split() if w.lower().removesuffix("'s") not in VALUE_STOPS]
        if words:
            out.append(" ".join(words).removesuffix("'s"))
    return out


def _topic(text: str) -> str | None:
    m = _TOPIC.search(text) or _OWNED.search(text)
    return m["topic"].lower() if m else None


def _slot(topic: str, old: str) -> str:
    """The predicate a topic names: where one lives for a home, else the topic's words, and for a
    date or a time put right, its date or time ("dentist" -> ``dentist_date``)."""
    words = topic.replace("'s", "").split()
    if words[-1] in HOME_NOUNS or topic == "place":
        return "lives_in"
    kind = _kind(old)
    suffix = {"time": ["time"], "weekday": ["date"], "ordinal": ["date"], "month": ["date"], "year": ["year"]}
    return "_".join([*words, *suffix.get(kind or "", [])])


def holds_word(value: str, part: str) -> bool:
    """Whether ``value`` holds ``part`` as whole words, in any case ("the Leeds half" holds "leeds")."""
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", value, re.I) is not None


def swap_word(value: str, old: str, new: str) -> str:
    """``value`` with its first whole-word ``old`` (any case) put as ``new``, taken literally."""
    return re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", lambda _: new, value, count=1, flags=re.I)
