"""Colours of things the speaker has: "My bike is matte black", then "Had the bike resprayed
teal". Both are read into one slot keyed by the thing (``current_colour_bike``, of the user as
quantities are), so the later colour supersedes the earlier one and search demotes the earlier
message for questions about now. A colour said of a different thing is another slot.
"""

from __future__ import annotations

import re

from ..candidates import CandidateFact
from ..model import EntityType

#: The slot of a thing's colour: ``current_colour_`` and the thing (``current_colour_front_door``).
PREFIX = "current_colour_"

_BASE = (r"(?:red|blue|green|yellow|orange|purple|pink|brown|black|white|gr[ae]y|silver|gold|navy|teal|turquoise|"
         r"sage|plum|terracotta|burgundy|maroon|mustard|charcoal|olive|coral|lilac|lavender|cream|ivory|beige|tan|"
         r"camel|emerald|peach|mint|rust|ginger|platinum|blonde|copper|scarlet|crimson|magenta|violet|indigo|"
         r"khaki|aqua|cyan|lime|amber|oxblood|berry|champagne|duck-egg(?:\s+blue)?|salt-and-pepper|tortoiseshell|"
         r"sunflower\s+yellow|cornflower\s+blue)")
_SHADE = (r"(?:(?:light|dark|pale|deep|bright|soft|warm|cool|matte|matt|metallic|neon|racing|forest|bottle|royal|"
          r"midnight|sky|baby|pastel|jet|hot|electric|dusty|sunny|lemon|ocean|burnt|blush|powder|natural|"
          r"plain|glossy|rose|sea|lime|olive|mustard|sage|navy)\s+)*")
_ONE = rf"(?:{_SHADE}|[a-z]+-)?{_BASE}"  # "bottle-green" as "bottle green"
COLOUR = rf"(?P<colour>{_ONE}(?:\s+(?:and\s+)?{_BASE})?)(?![\w-])"
# what a colour may be followed by and still be the thing's colour ("tan leather", "grey tartan")
_STUFF = (r"(?:\s+(?:velvet|leather|suede|tartan|stripes?|striped|check|corduroy|linen|wool|silicone|plastic|"
          r"gloss|paint|canvas|cotton|nylon|metal|wood|one|with\s+[a-z]+\s+trim)){0,2}")
_OWNER = r"(?:my|our|the|his|her|their|its)\s+"
# a thing: one to three words, a possessive 's joining two of them ("the dog's collar")
_WORD = r"(?!(?:the|a|an|my|our|his|her|their|its|is|are|new)\b)[a-z][\w-]*"
_THING = rf"(?P<thing>(?:{_WORD}(?:'s|s')?\s+){{0,2}}?{_WORD})"
_WORK = (r"(?:painted|repainted|dyed|stained|sprayed|resprayed|powder-coated|wrapped|varnished|redone|re-done|"
         r"done|reupholstered|re-trimmed|recovered|tinted|coloured|colored)")
_NOW = r"(?:\s+(?:now|these\s+days|at\s+the\s+moment|currently))?"
# a thing named without a determiner only where a sentence starts ("Front door's teal now")
_LEAD = r"(?:(?<![\s\S])|(?<=[.!?]\s))"
# what may name the colour chosen ("a lilac one", "a grey stain"), and where the phrase must end
_FINISH = r"(?:\s+(?:one|ones|finish|shade|colour|color|stain|paint|wrap|coat|tone))?"
_ENDS = (r"(?=\s*(?:[,.;!]|$)|\s+(?:now|this|last|in|after|since|instead|at|over|and|yesterday|today|finally|"
         r"for|then|because|as)\b)")
_PATTERNS = [re.compile(p, re.I) for p in (
    # "My bike is matte black", "The units are sage now", "Our front door is painted yellow"
    rf"(?:\b{_OWNER}|{_LEAD})(?:new\s+)?{_THING}(?:\s+(?:is|are)|'s|'re)\s+(?:now\s+|currently\s+|still\s+)?"
    rf"(?:(?:been\s+)?{_WORK}\s+)?(?:in\s+)?(?:(?:a|an|all)\s+)?{COLOUR}{_STUFF}{_NOW}\s*(?:[,.;!]|$|\s+(?:now|after|since|these))",
    # "New settee arrived: bottle-green velvet", "new kit: all navy with gold trim"
    rf"\b(?:(?:my|our|the)\s+)?new\s+{_THING}(?:\s+(?:arrived|came|is\s+in))?\s*:\s*(?:(?:a|an|all)\s+)?{COLOUR}{_STUFF}\s*(?:[,.;!]|$)",
    # "Had the frame resprayed a bright teal", "We painted the bedroom a soft grey", "redid the shed in navy"
    rf"\b(?:had|got|have|'ve|get|getting)\s+{_OWNER}{_THING}\s+{_WORK}\s+(?:in\s+)?(?:(?:a|an)\s+)?{COLOUR}",
    rf"\b(?:painted|repainted|sprayed|resprayed|dyed|redid|redone|reupholstered|stained)\s+{_OWNER}{_THING}"
    rf"\s+(?:in\s+)?(?:(?:a|an)\s+)?{COLOUR}",
    # "The shed's been given a coat of charcoal grey", "gave the shed a coat of sage"
    rf"\b{_OWNER}{_THING}(?:(?:\s+has|'s)\s+been\s+given|\s+got)\s+a\s+(?:fresh\s+)?coat\s+of\s+{COLOUR}",
    rf"\bgave\s+{_OWNER}{_THING}\s+a\s+(?:fresh\s+)?coat\s+of\s+{COLOUR}",
    # "the logo went midnight blue", "The beard's gone salt-and-pepper"
    rf"\b{_OWNER}{_THING}(?:\s+(?:went|has\s+gone|turned|has\s+turned)|'s\s+(?:gone|turned))\s+{COLOUR}",
    # a colour chosen for a thing: "switched the fence to a pale grey stain", "swapped my phone
    # case for a lilac one", "changed my nails to dark navy", "went with sea green for the kayak"
    rf"\b(?:switch|swap|change|turn)(?:ed|ped|d)?\s+{_OWNER}{_THING}\s+(?:over\s+)?(?:to|for)\s+(?:(?:a|an)\s+)?{COLOUR}"
    rf"{_STUFF}{_FINISH}{_ENDS}",
    rf"\b(?:went|gone|go|going|opted|settled)\s+(?:with|for)\s+(?:(?:a|an)\s+)?{COLOUR}{_STUFF}{_FINISH}"
    rf"\s+for\s+{_OWNER}{_THING}{_ENDS}",
)]
# Words in front of the thing that do not tell things apart, and things that are not possessions.
_DROP = frozenset({"new", "old", "current", "whole", "own", "favourite", "favorite", "little", "big"})
_WHICH_ONE = frozenset({"front", "back", "side", "garage", "rear", "top", "bottom", "left", "right", "inner", "outer", "kitchen",
                        "bedroom", "bathroom", "living", "lounge", "hall", "spare", "guest", "downstairs", "upstairs",
                        "winter", "summer", "rain", "running", "work", "wedding", "dog", "cat", "baby", "kid", "children",
                        "kids", "child"})
# Other names of one possession, and the part a colour is given to ("the frame" of a bike).
_SAME_THING = {name: thing for thing, names in {
    "bike": ("bicycle", "frame", "bike frame"), "front door": ("entrance", "entry door"),
    "sofa": ("couch", "settee"), "team kit": ("kit", "team strip", "strip"), "kitchen cabinet": ("cabinet", "unit", "kitchen unit", "cupboard", "kitchen cupboard"),
    "campervan": ("van", "camper", "motorhome"), "running shoe": ("trainer", "sneaker", "running trainer"),
    "nail": ("manicure", "nail varnish", "varnish", "nail polish", "polish"), "glass": ("spec",),
    "car": ("hatchback", "motor", "saloon", "estate"), "winter coat": ("parka", "coat"),
    "wellie": ("welly", "rain boot", "wellington"), "hair": ("fringe",),
}.items() for name in (thing, *names)}
_THEIRS = frozenset({"kid", "kids", "children", "child"})  # "the kids' beds" are the beds
_NOT_THINGS = frozenset({"sky", "weather", "light", "mood", "traffic", "it", "one", "colour", "color", "theme",
                         "result", "results", "answer", "plan", "day", "week", "food", "water", "eye", "eyes",
                         "mind", "way", "lights", "setting", "settings", "mode"})


_QUESTION = re.compile(r"[^.!?\n]*\?")
_UNSAID = re.compile(r"\b(?:if|whether|unless|wish|maybe|not\s+sure|n't|not|forget|erase|delete|remove|wipe|scratch|"
                     r"ignore|disregard|never\s+mind|imagine|pretend|dreamt|dreamed)\W*(?:\w+\W+){0,2}$", re.I)


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x)es$", word):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "'s")) and len(word) > 3:
        return word[:-1]
    return word


def thing_key(thing: str) -> str | None:
    """``"kitchen cabinets"`` -> ``"kitchen cabinet"``; ``"dog's collar"`` -> ``"dog collar"``; None
    for what is no possession ("the sky is grey")."""
    said = thing.casefold().split()
    if any(w.endswith(("'s", "s'")) and w.removesuffix("'s").removesuffix("'") not in _WHICH_ONE for w in said):
        return None  # "my sister's car is red": someone else's thing
    words = [w.removesuffix("'s").removesuffix("'") for w in said if w not in _DROP]
    if not words or words[-1] in _NOT_THINGS:
        return None
    # "garden shed" and "shed" are one thing; "front door" and "back door" are two
    kept = [w for w in words[:-1] if w in _WHICH_ONE and w not in _THEIRS][-1:]
    key = " ".join([*kept, _singular(words[-1])])
    return _SAME_THING.get(key, key)


def colour_facts(content: str, turn: int = 0, within: tuple[int, int] | None = None) -> list[CandidateFact]:
    """The colours of the speaker's things that a user message states, one per thing; with ``within``,
    only those said in that [start, end) span of the message (a sentence the extractor keeps)."""
    found: dict[str, CandidateFact] = {}
    # (a question mark is rare, and the scan for the questions is slow on long messages)
    questions = [q.span() for q in _QUESTION.finditer(content)] if "?" in content else []
    start, end = within or (0, len(content))
    for pattern in _PATTERNS:
        for m in pattern.finditer(content, start, end):
            if any(a <= m.start() < b for a, b in questions) or _UNSAID.search(content[max(0, m.start() - 30):m.start()]):
                continue  # "Is my bike red?", "if the door were red", "not sure the car is silver"
            thing = thing_key(m["thing"])
            if thing is None or thing in found:
                continue
            colour = m["colour"].lower()
            found[thing] = CandidateFact(
                predicate=(PREFIX + re.sub(r"[^a-z0-9]+", "_", thing))[:64].rstrip("_"), object=colour,
                text=f"user's {thing} is {colour}", object_type=EntityType.concept, source_turn=turn,
                span=(m.start(), m.end()))
    return list(found.values())


def with_colours(facts: list[CandidateFact], colours: list[CandidateFact]) -> list[CandidateFact]:
    """``facts`` and ``colours`` together, less the misreadings of a colour as something else
    ("My bike is matte black" -> ``has_bike: matte``): they would keep the message current
    after the colour was replaced."""
    said = {(c.source_turn, c.object.casefold()) for c in colours}
    kept = [f for f in facts if not any(turn == f.source_turn and f.object and _part_of(f.object.casefold(), colour)
                                        for turn, colour in said)]
    return kept + colours


def _part_of(value: str, colour: str) -> bool:
    """Whether ``value`` is the colour or holds it as whole words ("matte" of "matte black"; not
    "tan" in "Istanbul" or "red" in "shredder")."""
    words = value.split()
    return value == colour or set(words) <= set(colour.split()) or \
        re.search(rf"(?<![\w-]){re.escape(colour)}(?![\w-])", value) is not None
