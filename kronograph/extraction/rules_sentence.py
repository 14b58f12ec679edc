"""Combining the drafts of one sentence: a denial followed by the right value is a correction,
an ended value followed by a new one is a change, a past state closes where the next begins.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..candidates import Operation
from ..model import EntityType, MemoryType
from ..temporal.predicates import is_preference
from .rules_change import named_after, taken_in_place
from .rules_contrast import holds_word, swap_word
from .rules_draft import Draft
from .rules_lexicon import OPERATING_SYSTEMS, PROGRAMMING_LANGUAGES


def _same_slot(a: Draft, b: Draft) -> bool:
    if a.subject != b.subject:
        return False
    if a.predicate == b.predicate:
        return True
    return is_preference(a.predicate) and is_preference(b.predicate)


def _fill_object(old: str, new: str) -> str:
    """ "Android app" corrected by "iOS" -> "iOS app": keep the head noun the new value lacks."""
    old_words, new_words = old.split(), new.split()
    if len(new_words) == 1 and len(old_words) > 1 and new_words[0].lower() not in (w.lower() for w in old_words):
        return " ".join([new, *old_words[1:]])
    return new


_TYPE_SLOTS = {EntityType.place: "lives_in", EntityType.organization: "works_at"}


def _mentions(value: str, word: str) -> bool:
    """ "Android app" mentions "Android": a denied bare word points at the fact that holds it."""
    return word.lower() in value.lower().split() or value.lower() == word.lower()


def _taste(d: Draft) -> bool:
    """A liking or a kind of person: "a morning person, not a night owl" contrasts two tastes
    and takes nothing back unless a slip is owned up to."""
    return d.memory_type is MemoryType.preference or is_preference(d.predicate)


def _slot_for(d: Draft) -> str | None:
    """The slot a bare corrected value most likely fills when nothing was said before it."""
    if d.object.lower() in OPERATING_SYSTEMS:
        return "uses_os"
    if d.object.lower() in PROGRAMMING_LANGUAGES:
        return "uses"
    return _TYPE_SLOTS.get(d.object_type) if d.object_type else None


_UNCONFIRMABLE = ("planned_", "plans_to", "has_task")
# what one has: "no car, I've got a bike" states both, it takes nothing back
_HELD_SIDE_BY_SIDE = frozenset({"has", "owns"})


def _affirmed(d: Draft, context: Sequence[Draft]) -> list[Draft]:
    """What a "yes" or a confirmation makes certain: the statements the other side just made
    about the speaker ("Do you work at Deloitte?" - "Yes, I do."), else, for an explicit
    confirmation ("the doctor confirmed it"), the speaker's own last guess."""
    heard: list[Draft] = []
    for p in reversed(context):
        if "heard" not in p.flags:
            break
        heard.append(p)
    if not heard and "confirmed" in d.flags:
        heard = next(([p] for p in reversed(context) if p.hedge is not None and not p.context_only), [])
    return [replace(p, context_only=False, hedge=None, flags=p.flags - {"heard", "hedge_strong", "hedge_mild"})
            for p in reversed(heard)
            if p.predicate and p.subject == "user" and p.operation is Operation.add and not p.negated
            and not p.predicate.startswith(_UNCONFIRMABLE) and not p.flags & {"generic", "plan", "task", "event"}]


# What settles a guess or a pending matter, said as done: a finding ("the scan came back", "turns
# out", "diagnosed"), an official word ("it's official", "confirmed", "approved") or a deal closed
# ("signed the lease", "accepted the offer").
_SETTLED = re.compile(
    r"\b(?:confirm(?:ed|s)|it'?s\s+(?:now\s+)?(?:official|confirmed|final|definite|certain)|"
    r"(?:it\s+)?turn(?:s|ed)\s+out\s+(?:that\s+)?(?=i\b|i'm\b|my\b|we\b|we're\b|it'?s\b|it\s+(?:was|is)\b)|"
    r"(?:results?|tests?|scans?|bloods?|biopsy|x-?rays?|mri|ultrasound|swabs?|screening|labs?|bloodwork)\s+(?:\w+\s+){0,2}came\s+back|"
    r"came\s+back\s+(?:positive|negative|clear|normal)|(?:results?|tests?|scans?)\s+(?:are|is|were)\s+(?:in|back)|diagnosed|"
    r"got\s+(?:the|my|our)\s+(?:results?|diagnosis|official\s+word|confirmation|green\s+light)|"
    r"(?:was|were|got|been|is|are)\s+approved|signed\s+(?:the|our|my)\s+(?:contract|lease|papers|deal|offer)|"
    # a finding reported by whoever would know: "the MRI showed", "doctor says it's", "gave me a firm answer"
    r"(?:scans?|tests?|results?|bloods?|mri|x-?rays?|biopsy|ultrasound|bloodwork|doctor|doc|gp|consultant|specialist|clinic|"
    r"allergist|dermatologist|surgeon|physio|nurse|hospital)\s+(?:\w+\s+){0,2}?(?:showed|shows|revealed|reveals|found|"
    r"picked\s+up|proved|says|said|told\s+me)(?=\s+(?:that\s+)?(?:i\b|i'm\b|i've\b|it'?s\b|it\s+is\b|a\b|an\b))"
    r"(?![^.;!?]{0,25}\b(?:probably|possibly|maybe|might|may|could|likely|perhaps)\b)|"
    r"gave\s+me\s+(?:a|an|the)\s+(?:\w+\s+)?(?:answer|diagnosis|verdict)|heard\s+back\s+from|"
    r"accepted\s+(?:the|their|an?)\s+(?:offer|job|position|role|place)|(?:offer|bid|application)\s+(?:[\w'-]+\s+){0,6}"
    r"(?:was|were|has\s+been|got)\s+accepted|settled\s+it|i\s+was\s+right)\b", re.I)
# An official word, which settles a plan too ("it's confirmed, we got the house"); "turns out" may not.
_OFFICIAL = re.compile(r"\b(?:confirm(?:ed|s)|official|definite|final|approved|signed|accepted|booked)\b", re.I)
# A finding that rules the guess out: "the test came back negative", "all clear", "not coeliac after all".
_CLEARED = re.compile(r"\b(?:came\s+back\s+(?:negative|clear|normal|fine)|(?:were|was|is|are)\s+(?:negative|clear|normal)|"
                      r"all\s+clear|ruled\s+(?:it\s+)?out|negative\s+for|not\s+(?:\w+\s+){1,2}after\s+all)\b", re.I)
# ... unless it is still pending or denied: "not confirmed yet", "once it's official", "it should be
# approved", "hoping it turns out fine"
_PENDING_BEFORE = re.compile(r"(?:\b(?:not|never|no)\s+|n't\s+)(?:\w+\s+){0,2}$|\b(?:might|may|could|should|will|would|"
                             r"going\s+to|gonna)\s+(?:\w+\s+){0,2}$|'ll\s+(?:\w+\s+){0,2}$|\b(?:if|once|until|unless|when|"
                             r"whether|hope|hoping|waiting|wait|before|after)\b[^,.;:!?]*$", re.I)
_PENDING_AFTER = re.compile(r"^\W*(?:\w+\s+)?(?:yet|soon|tomorrow|next)\b|\?", re.I)


def settles(sentence: str) -> bool:
    """Whether a sentence says a guess or pending matter is now settled ("the doctor confirmed it",
    "it's official, I got the job"), as opposed to still awaited ("once it's confirmed")."""
    m = _SETTLED.search(sentence)
    return m is not None and not _PENDING_BEFORE.search(sentence, 0, m.start()) \
        and not _PENDING_AFTER.search(sentence[m.end():])


# Words that say a value firmly when it is said bare ("yep, definitely Leeds", "Crete it is", "turns
# out it is coeliac", "lactose intolerant for sure"), and the fillers around them.
_FIRM_WORDS = frozenset({"definitely", "certainly", "sure", "certain", "100%", "confirmed", "official", "officially",
                         "is", "yes", "yep", "yeah", "yup", "deffo", "defo", "def", "absolutely", "out", "100"})
_FILLER_WORDS = frozenset({"it", "it's", "its", "so", "well", "ok", "okay", "then", "totally", "and", "the", "a", "an",
                           "now", "for", "turns", "turned", "%", "percent", "per", "cent", "a hundred", "hundred",
                           "just", "oh", "right"}) | _FIRM_WORDS


def firmly_named(sentence: str, value: str) -> bool:
    """Whether ``sentence`` names ``value`` (or a name inside it) bare and firmly: one comma-piece holds
    the value and only firm words and fillers beside it ("yep, definitely Leeds", "Octopus Energy it is"),
    not a doubt or a denial ("definitely not Leeds", "maybe Crete, maybe Rhodes")."""
    names = _said_values(value)
    for piece in re.split(r"[,;:.!?\u2013\u2014]+|\s-\s", sentence):
        for name in names:
            m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", piece, re.I)
            if m is None:
                continue
            rest = re.findall(r"[\w%']+", (piece[:m.start()] + " " + piece[m.end():]).lower())
            if rest and all(w in _FILLER_WORDS for w in rest) and any(w in _FIRM_WORDS for w in rest):
                return True
    return False


def _said_values(value: str) -> list[str]:
    """The value, and the names inside a longer one ("go with Octopus Energy for the flat" -> "Octopus Energy")."""
    names = re.findall(r"\b[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)*", value) if len(value.split()) > 2 else []
    return [value, *names]


def names_guess(sentence: str, context: Sequence[Draft]) -> bool:
    """Whether ``sentence`` settles the speaker's last guess by naming its value firmly (:func:`firmly_named`)."""
    guess = _last_guess(context)
    return guess is not None and firmly_named(sentence, guess.object)


def _last_guess(context: Sequence[Draft]) -> Draft | None:
    return next((p for p in reversed(context) if p.hedge is not None and p.predicate and not p.context_only
                 and p.operation is Operation.add and not p.negated and "heard" not in p.flags), None)


def _settled(out: list[Draft], context: Sequence[Draft], sentence: str) -> list[Draft]:
    """A settling sentence makes certain its own guesses ("I thought I might be allergic to it and the
    doctor confirmed it") and the speaker's last guess before it, when it names that guess's value or
    states no other fact ("I think I got the job at IKEA." - "It's official, I got the job!")."""
    cleared = _CLEARED.search(sentence) is not None
    out = [replace(d, hedge=None, flags=d.flags - {"hedge_strong", "hedge_mild"})
           if d.hedge and d.predicate and not d.negated and not cleared else d for d in out]
    guess = _last_guess(context)
    if guess is None or guess.predicate is None \
            or any(d.predicate == guess.predicate and d.object.lower() == guess.object.lower() for d in out):
        return out
    own = [d for d in out if d.predicate and not d.context_only and "event" not in d.flags
           and d.memory_type is not MemoryType.episodic]
    named = holds_word(sentence, guess.object) or firmly_named(sentence, guess.object)
    # a hedged plan ("we may be moving to Limerick") settled is a firm plan of the same slot
    confirmable = not guess.predicate.startswith(_UNCONFIRMABLE) or (
        guess.predicate.startswith("planned_") and _OFFICIAL.search(sentence) is not None)
    if named or (not own and confirmable):
        # a finding that clears the guess ("the test came back negative") denies it, firmly; the value
        # said bare beside it ("got the results back, it's penicillin") is the guess's, not a slot of its own
        out = [d for d in out if d.object.lower() != guess.object.lower() or d.predicate == guess.predicate]
        out.append(replace(guess, hedge=None, negated=cleared, flags=guess.flags - {"hedge_strong", "hedge_mild"}))
    return out


def _remark(value: str) -> bool:
    """A phrase said after a denied value that is no value: lowercase and long ("completely different
    side of London", "easy mistake to make honestly"), where a value put right is a name or a few words."""
    words = value.split()
    return len(words) > 3 and value[:1].islower() and not any(w[:1].isupper() or w[:1].isdigit() for w in words[:2])


# Last words of a remark said after a denial ("I don't drink, it's a personal choice", "never learned to
# swim, it's a bit embarrassing"): a comment on the denial, no value that puts it right.
_REMARK_WORDS = frozenset({"thing", "choice", "shame", "pity", "joke", "nightmare", "pain", "problem", "issue", "relief",
                           "habit", "rule", "story", "mystery", "deal", "decision", "phase", "embarrassing", "awkward",
                           "weird", "sad", "funny", "fine", "hassle", "struggle", "faff", "preference", "principle"})


def _comment(value: str) -> bool:
    """A phrase that comments on a denial ("a family thing", "bit embarrassing") rather than naming a value."""
    words = value.lower().split()
    return bool(words) and value[:1].islower() and (words[-1] in _REMARK_WORDS or words[0] in {"bit", "kind", "sort"})


def finish(drafts: Sequence[Draft], context: Sequence[Draft], *, settling: str | None = None) -> list[Draft]:
    """Combine one sentence's drafts: denials + new values -> corrections, ended + new -> changes;
    ``settling``: the sentence, when it settles a guess (:func:`settles`)."""
    denied_objects = [d for d in drafts if d.predicate is None and d.negated]
    out: list[Draft] = []
    for d in drafts:
        if d in denied_objects:
            continue
        if "affirm" in d.flags:
            out.extend(_affirmed(d, context))
            continue
        if d.operation is Operation.end and (d.predicate is None or "needs_object" in d.flags):
            # "Not anymore." / "I left last month.": what ends is what was just talked about
            ended = next((p for p in reversed([*context, *out]) if p.predicate and p.operation is Operation.add
                          and not p.negated and "relation" not in p.flags
                          and (d.predicate is None or p.predicate == d.predicate)), None)
            named = next((p for p in drafts if p.predicate is None and not p.negated and p.object[:1].isupper()
                          and len(p.object.split()) <= 2), None) if d.predicate == "partner" else None
            if ended is None and named is not None:  # "Dan and I broke up": the partner named beside "I"
                out.append(replace(d, object=named.object, object_type=EntityType.person, flags=d.flags - {"needs_object"}))
            elif ended is not None:
                out.append(replace(d, predicate=ended.predicate, object=ended.object, subject=ended.subject,
                                   object_type=ended.object_type, flags=d.flags - {"needs_object"}))
            elif (d.predicate == "partner" or "whoever" in d.flags) and not any(
                    p.predicate == d.predicate and p.operation is Operation.end and p is not d for p in drafts):
                # "We broke up last month", "I handed in my notice": whoever it was, whatever the job
                out.append(replace(d, flags=d.flags - {"needs_object", "whoever"}))
            continue
        if d.predicate is None:  # an object alone: "it's iOS", "Lyon, not Paris", an answer
            denied = next((p for p in reversed(out) if p.negated and p.predicate), None) or next(
                (p for p in reversed(out) if "said_before" in p.flags and p.predicate), None)
            anchor = denied or next((p for p in reversed([*context, *out]) if p.predicate and not p.negated
                                     and p.operation is Operation.add and "relation" not in p.flags
                                     and (not denied_objects or _mentions(p.object, denied_objects[0].object))),
                                    None)
            if not (d.flags & {"correction", "denial"} or denied or denied_objects):
                continue
            if denied_objects and not denied and _remark(d.object):
                continue  # "..., not Luton, completely different side of London": a remark on the slip, no value
            if denied and not denied_objects and not d.flags & {"correction"} and _comment(d.object):
                continue  # "I don't eat pork, it's a family thing": the denial stands, the rest comments on it
            predicate = anchor.predicate if anchor else _slot_for(d) or next(
                (slot for slot in map(_slot_for, denied_objects) if slot), None)
            if predicate is None and denied_objects and d.object[:1].isupper() and denied_objects[0].object[:1].isupper():
                # "I meant Trondheim, not Bergen": two names no list knows; a place is likeliest, and
                # the policy moves the correction to whichever slot holds "Bergen".
                predicate = "lives_in"
            if predicate is None:
                continue
            old = anchor.object if anchor else denied_objects[0].object if denied_objects else None
            wrong = denied_objects[0].object if denied_objects else None
            if old and wrong and old.lower() != wrong.lower() and _mentions(old, wrong):
                # "it's York, not Leeds" after "the Leeds half marathon": the wrong word swapped inside
                new = swap_word(old, wrong, d.object)
            else:
                new = _fill_object(old, d.object) if old else d.object
            fixed = replace(d, predicate=predicate, object=new,
                            operation=Operation.correct, replaces=old, subject=anchor.subject if anchor else d.subject,
                            negated=False, flags=set(d.flags))
            if denied:
                denied.context_only = True
                fixed.valid_from = denied.valid_from
            out.append(fixed)
            continue
        ended = next((p for p in reversed(out) if p.operation is Operation.end and p.predicate and p.subject == d.subject), None)
        if ended is not None and d.object[:1].isupper() and (("change" in d.flags and (d.predicate or "").startswith(
                "preferred_")) or (d.predicate == "lives_in" and ended.predicate == "works_at"
                                   and d.object_type is not EntityType.place)):
            d.predicate = ended.predicate  # "I used to work at Barclays, then I switched to HSBC": the ended slot
        earlier = next((p for p in reversed(out) if p.predicate and not p.context_only and _same_slot(p, d)
                        and p.object.lower() != d.object.lower()), None)
        if d.negated or d.operation is not Operation.add or ("relation" in d.flags and not d.object[:1].isupper()):
            out.append(d)  # "my partner's name is Sam, not Sean": the name is corrected, not "in a relationship"
            continue
        prior = next((p for p in reversed(context) if p.predicate == d.predicate and p.subject == d.subject
                      and p.object.lower() != d.object.lower()), None)
        if earlier is not None and earlier.negated and earlier.operation is Operation.add and "generic" not in d.flags \
                and d.predicate not in _HELD_SIDE_BY_SIDE:
            # "I'm not 40, I'm 41" corrects; "I don't drive, I cycle" states two habits
            earlier.context_only = True
            d.operation, d.replaces = Operation.correct, earlier.object
        elif earlier is not None and earlier.operation is Operation.end:
            if earlier.predicate != d.predicate and earlier.predicate == "style_preference":
                d.predicate = earlier.predicate  # "used to love neon outfits, now I prefer earthy tones"
            if earlier.predicate == d.predicate:  # one slot: the new value replaces the ended one
                d.replaces = earlier.object
                earlier.context_only = True
        elif d.flags & {"correction", "denial"} or (denied_objects and not _taste(d)):
            d.operation = Operation.correct
            after = next((p for p in drafts if p is not d and p.negated and p.predicate == d.predicate
                          and p.subject == d.subject and p.operation is Operation.add), None)
            if after is not None and not d.replaces and not denied_objects:
                after.context_only = True  # "Actually, I'm vegan now, not vegetarian": the denied value is the wrong one
            d.replaces = d.replaces or (denied_objects[0].object if denied_objects else after.object if after
                                        else prior.object if prior else None)
        elif "now" in d.flags or "change" in d.flags:
            d.replaces = d.replaces or (prior.object if prior else None)
        out.append(d)
    # what the speaker once said stays unstated unless a correction in the sentence took it back
    out = [d for d in out if "said_before" not in d.flags or d.context_only]
    for d in out:  # "I moved to Hangzhou last month; before that I lived in Shanghai"
        if "closed" in d.flags:
            later = [p.valid_from for p in out if p.predicate == d.predicate and p is not d and p.valid_from
                     and "closed" not in p.flags and p.operation is not Operation.end]
            if later and (d.valid_until is None or min(later) < d.valid_until):
                d.valid_until = min(later)
            if d.valid_from is None:  # no start known: it can only end a record the memory holds
                d.operation = Operation.end
    out.extend(_new_home_liked(out))
    _ending_echoes(out)
    named_after(out)
    taken_in_place(out)
    if settling is not None:
        out = _settled(out, context, settling)
    _denied_from_now(out)
    return [*out, *_likes_denied(out)]


def _new_home_liked(out: list[Draft]) -> list[Draft]:
    """A home left and a town liked after it ("moved out of Leeds and I'm loving Sheffield",
    "left Leeds, enjoying Sheffield so far"): the town liked is the new home, a change from the
    one left; the liking stays as said."""
    homes = []
    for i, d in enumerate(out):
        left = next((p for p in reversed(out[:i]) if p.operation is Operation.end and p.predicate == "lives_in"
                     and p.subject == d.subject and not p.context_only), None)
        town = d.object_type is EntityType.place or (d.object_type is None and d.object[:1].isupper()
                                                     and len(d.object.split()) <= 3)  # the tagger labels few towns
        if left is None or d.predicate not in _LIKING or not town or d.negated \
                or d.context_only or d.operation is not Operation.add or d.object.lower() == left.object.lower():
            continue
        left.context_only = True
        homes.append(replace(d, predicate="lives_in", replaces=left.object, flags=d.flags | {"change"}))
    return homes


_LIKING = frozenset({"likes", "loves", "enjoys"})
# Deeds that carry out an ending said beside them ("Left the book club, handed my copy back", "done with
# Instagram, deleted the app"): the verb (a predicate's first word) of each.
_ENDING_DEEDS = frozenset({"deletes", "hands", "gives", "returns", "cancels", "closes", "sells", "quits", "leaves",
                           "stops", "drops", "retires", "uninstalls", "unsubscribes", "bins", "ditches", "dumps",
                           "finishes", "clears", "packs", "moves"})
# Renewals and returns denied beside an ending ("we didn't renew", "not going back"): the ending said again.
_NOT_AGAIN = frozenset({"renew", "re-sign", "resign", "go back", "look back", "return"})


def _ending_echoes(out: list[Draft]) -> None:
    """Beside an ending of the speaker's, a deed that carries it out ("handed the keys back",
    "deleted the app", "returned the fob") or a renewal denied ("didn't renew") says the ending
    again: kept as context, not stored as a fact of its own."""
    if not any(d.operation is Operation.end and d.predicate and not d.context_only and d.subject == "user" for d in out):
        return
    for d in out:
        verb = (d.predicate or "").split("_")[0]
        echo = d.memory_type is MemoryType.episodic and verb in _ENDING_DEEDS and d.operation is Operation.add
        denied = d.negated and d.predicate == "activity" and d.object.lower() in _NOT_AGAIN
        if d.subject == "user" and (echo or denied):
            d.context_only = True


def _denied_from_now(out: list[Draft]) -> None:
    """An ending said as a denial ("I don't eat pork anymore", "no longer on Facebook") is negated
    too: it ends what was held or, with nothing held, is kept as the denial (the policy decides).
    Set last, so the sentence's own rules still see a plain ending."""
    for d in out:
        if "denied_now" in d.flags:
            d.flags.discard("denied_now")
            d.negated = d.operation is Operation.end and not d.context_only


def _likes_denied(out: list[Draft]) -> list[Draft]:
    """A dislike ("I don't like dogs", "can't stand kale", "jazz does nothing for me") is kept as a
    dislike and as the liking negated, which ends a liking held before; added last, so no contrast
    in the sentence reads the denial as the value a correction replaces."""
    held = {(d.subject, d.object.lower()) for d in out if d.predicate == "likes" and d.negated}
    return [replace(d, predicate="likes", negated=True, flags=set(d.flags))
            for d in out if d.predicate == "dislikes" and not d.context_only
            and d.operation is Operation.add and not d.negated and (d.subject, d.object.lower()) not in held]
