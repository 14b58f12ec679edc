"""Where the speaker's things are kept or held: "We keep the boat in Falmouth", then "The boat's
moored in Plymouth now". Both are read into one slot keyed by the thing (``current_place_boat``,
of the user, as colours are), so the later place supersedes the earlier one and search demotes
the earlier message for questions about now. A place said of another thing is another slot; a
person's home is ``lives_in`` and not read here.
"""

from __future__ import annotations

import re

from ..candidates import CandidateFact, Operation
from ..model import EntityType
from .rules_lexicon import RELATIVES
from .rules_updates import thing_key

#: The slot of a thing's place: ``current_place_`` and the thing (``current_place_book_club``).
PREFIX = "current_place_"

# A place: a name (one capitalised word at least: "Falmouth", "the Crown pub", "a lodge in
# Keswick", "Hollybrook Barn"), up to the end of its phrase.
_NAME = r"(?-i:[A-Z][\w'&-]*(?:\s+(?:of\s+|on\s+|upon\s+|and\s+(?:the\s+)?|&\s+)?[A-Z][\w'&-]*)*)"  # capitalised whatever the flags
_KIND = (r"(?:\s+(?:pub|inn|arms|hotel|barn|library|office|offices|hall|centre|center|club|park|marina|harbour|"
         r"harbor|cafe|café|studio|gym|venue|site|lodge|campus|building|garage|depot|warehouse|yard|church|school))?")
_PLACE = (rf"(?P<place>(?:(?:the|a|an)\s+)?(?:[a-z]+\s+){{0,2}}?(?:(?:in|at|near)\s+)?{_NAME}{_KIND})"
          r"(?=\s*(?:[,.;!]|$)|\s+(?:now|these|this|last|since|from|instead|for|after|and|but|because|as|so|until)\b)")
_OWNER = r"(?:(?:my|our|the|his|her|their)\s+|(?<![\s\S])|(?<=[.!?]\s))"
_WORD = (r"(?!(?:the|a|an|my|our|his|her|their|its|is|are|was|were|be|been|will|has|have|had|got|get|gets|and|or|"
         r"but|new|all)\b)[a-z][\w-]*")
_THING = rf"(?P<thing>(?:{_WORD}(?:'s|s')?\s+){{0,2}}?{_WORD})"
_KEPT = (r"(?:based|located|kept|moored|parked|stored|held|hosted|housed|docked|garaged|stabled|run|happening|"
         r"taking\s+place)")
_MOVED = r"(?:moved|relocated|shifted|switched|transferred|migrated|gone|going|heading|headed)"
_PATTERNS = [re.compile(p, re.I) for p in (
    # "Our office is in Shoreditch", "The boat's moored in Plymouth now", "the offsite is being held at Hollybrook Barn"
    rf"\b{_OWNER}{_THING}(?:\s+(?:is|are)|'s|'re)\s+(?:now\s+|currently\s+|still\s+)?(?:being\s+)?(?:{_KEPT}\s+)?"
    rf"(?:now\s+)?(?:in|at|out\s+of)\s+{_PLACE}",
    # "The office moved to Canary Wharf", "Book club has moved to the Riverside library"
    rf"\b{_OWNER}{_THING}(?:\s+(?:has|have|had|got|was|were|is|are)|'s|'ve)?\s+(?:now\s+|just\s+|finally\s+)?"
    rf"(?:been\s+|being\s+)?{_MOVED}\s+"
    rf"(?:over\s+|out\s+)?(?:to|into)\s+{_PLACE}",
    # "The book club meets at the Crown pub", "the market runs out of Hyde Park"
    rf"\b{_OWNER}{_THING}\s+(?:now\s+)?(?:meets|sits|lives|stays|happens|runs|takes\s+place)\s+(?:now\s+)?"
    rf"(?:in|at|out\s+of|from)\s+{_PLACE}",
    # "We keep the boat in Falmouth", "we're hosting the offsite at a lodge in Keswick",
    # "moved our savings to Monzo", "switched venue for the reception to Hollybrook Barn"
    r"\b(?:keep|keeps|kept|keeping|store|stores|stored|storing|park|parks|parked|moor|moors|moored|house|housed|"
    r"host|hosts|hosted|hosting|hold|holds|holding|held|move|moved|moving|relocate|relocated|relocating|"
    r"migrate|migrated|migrating|transfer|transferred|transferring|shift|shifted|"
    r"switch(?:ed|ing)?\s+venue\s+for|chang(?:e|ed|ing)\s+(?:the\s+)?venue\s+(?:for|of))\s+"
    rf"(?:all\s+)?(?:{_OWNER}){_THING}\s+(?:now\s+)?(?:over\s+)?(?:in|at|to|into)\s+{_PLACE}",
)]
# Cheap gate: a message names no thing's place without one of these words.
_GATE = re.compile(r"\b(?:in|at|to|into|of)\s+(?:(?:the|a|an)\s+)?[A-Z]")
# Things that are people (their place is where they live, read elsewhere), times and states.
_NOT_THINGS = frozenset({
    "i", "we", "you", "he", "she", "they", "it", "mine", "ours", "yours", "theirs", "mum", "mom", "dad", "parent", "sister", "brother", "friend", "partner",
    "wife", "husband", "son", "daughter", "boss", "kid", "child", "grandma", "grandpa", "nan", "aunt", "uncle",
    "cousin", "family", "boyfriend", "girlfriend", "flatmate", "roommate", "colleague", "neighbour", "neighbor",
    "team", "head", "heart", "mind", "money", "life", "time", "day", "week", "weekend", "morning", "evening",
    "everyone", "everybody", "someone", "nobody", "people", "guy", "girl", "man", "woman", "baby",
    # where one lives is lives_in ("I think our flat's in Leith")
    "flat", "house", "home", "apartment", "place", "cottage", "bungalow", "condo",
} | {word for word in RELATIVES if " " not in word})
# A capitalised word that is a time, not a place ("the party is on Saturday", "held in June").
_TIMES = frozenset({
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
    "april", "may", "june", "july", "august", "september", "october", "november", "december", "christmas",
    "easter", "i", "i'm",
})
_QUESTION = re.compile(r"[^.!?\n]*\?")
_UNSAID = re.compile(r"\b(?:if|whether|unless|wish|maybe|might|could|would|not\s+sure|n't|not|forget|erase|delete|"
                     r"remove|wipe|ignore|disregard|never\s+mind|imagine|pretend|dreamt|dreamed|thinking\s+of|"
                     r"considering)\W*(?:\w+\W+){0,3}$", re.I)


def place_facts(content: str, turn: int = 0, within: tuple[int, int] | None = None) -> list[CandidateFact]:
    """The places of the speaker's things that a user message states, one per thing; with
    ``within``, only those said in that [start, end) span of the message."""
    start, end = within or (0, len(content))
    if _GATE.search(content, start, end) is None:
        return []
    found: dict[str, CandidateFact] = {}
    questions = [q.span() for q in _QUESTION.finditer(content)]
    for pattern in _PATTERNS:
        for m in pattern.finditer(content, start, end):
            if any(a <= m.start() < b for a, b in questions) or _UNSAID.search(content[max(0, m.start() - 30):m.start()]):
                continue  # "Is the boat in Falmouth?", "if the office moved to Leeds", "not sure the van is at Tom's"
            said = m["thing"].casefold().split()
            if said[-1].removesuffix("s") in _NOT_THINGS or said[-1] in _NOT_THINGS or _named(m):
                continue
            thing = _slot_thing(m["thing"])
            place = m["place"].strip()
            named = [w for w in re.findall(r"[\w'&-]+", place) if w[:1].isupper()]
            if thing is None or thing in found or not named or named[0].casefold() in _TIMES:
                continue
            found[thing] = CandidateFact(
                predicate=(PREFIX + re.sub(r"[^a-z0-9]+", "_", thing))[:64].rstrip("_"), object=place,
                text=f"user's {thing} is at {place}", object_type=EntityType.place, source_turn=turn,
                span=(m.start(), m.end()))
    return list(found.values())


def _slot_thing(said: str) -> str | None:
    """The thing a place slot is keyed by: its head word ("the reception" is "the wedding
    reception"), with the word before it for a kind of group or class, whose kind is in that word
    ("book club" and "golf club" are two memberships, "pottery class" and "yoga class" two classes)."""
    key = thing_key(said)
    if not key:
        return None
    head = key.split()[-1]
    words = [w.removesuffix("'s") for w in said.casefold().split() if w not in _OWNERS]
    if head in _KIND_HEADS and len(words) > 1 and words[-2].isalpha() and words[-2] not in _OWNERS:
        return f"{words[-2]} {head}"
    return head


# Heads whose word before names which one ("book club", "running club", "pottery class").
_KIND_HEADS = frozenset({"club", "class", "group", "team", "society", "league", "course", "circle", "choir", "band",
                         "meetup", "session", "lesson"})
_OWNERS = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "new", "old", "current", "whole", "own",
                     "favourite", "favorite", "little", "big", "local", "weekly", "monthly"})


def _named(m: re.Match[str]) -> bool:
    """Whether the thing is someone or something named ("my sister Anna lives in Berlin", "Tom is
    based in Leeds", "the Tesco is in Kingston"): a capital past a sentence's first word (one that
    opens a sentence, "Choir has moved to ...", cannot be told from a name here)."""
    opens = m.start("thing") == 0 or re.search(r"[.!?]\s+$", m.string[:m.start("thing")]) is not None
    return any(w[:1].isupper() and (i > 0 or not opens) for i, w in enumerate(m["thing"].split()))


def with_places(facts: list[CandidateFact], places: list[CandidateFact]) -> list[CandidateFact]:
    """``facts`` and ``places`` together, less what a place statement's verb made of the thing
    itself ("We keep the boat in Falmouth" -> ``keeps: the boat``): it would keep the message
    current after the place was replaced."""
    people = {(f.source_turn, _last_word(f.subject)) for f in facts if f.subject and f.subject != "user"}
    places = [p for p in places if (p.source_turn, p.predicate.removeprefix(PREFIX)) not in people]  # "Nadia just moved to Glasgow"
    things = {(p.source_turn, p.predicate.removeprefix(PREFIX).rsplit("_", 1)[-1]) for p in places}  # "book_club": club
    kept = [f for f in facts if not (f.subject == "user" and f.object and f.predicate not in _KEPT_PREDICATES
                                     and (f.source_turn, _last_word(f.object)) in things)]
    # "the wedding's in Cork, not Galway": the correction takes the thing's place slot, once
    fixed = {(p.source_turn, _bare_place(p.object)): p.predicate for p in places}
    kept = [f.model_copy(update={"predicate": fixed[key]})
            if f.operation is Operation.correct and f.subject == "user" and (key := (f.source_turn, _bare_place(f.object))) in fixed
            else f for f in kept]
    corrected = {(f.source_turn, f.predicate) for f in kept if f.operation is Operation.correct}
    return kept + [p for p in places if (p.source_turn, p.predicate) not in corrected]


def _bare_place(value: str) -> str:
    return re.sub(r"^the\s+", "", value.strip(), flags=re.I).casefold()


# What the user does with the thing that stays true when it moves ("owns the boat").
_KEPT_PREDICATES = frozenset({"has", "owns", "likes", "loves"})


def _last_word(value: str) -> str:
    words = re.findall(r"[a-z]+", value.casefold())
    last = words[-1] if words else ""
    return last[:-1] if last.endswith("s") and len(last) > 3 and not last.endswith("ss") else last
