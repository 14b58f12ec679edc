"""Which names of an earlier message a later message says are gone.

An update often names the old value to retire it: "my GP is Dr Okafor" / "Okafor moved practices,
so a Dr Lindqvist looks after me now"; "the swimming lessons are at Eastgate baths" / "Eastgate
shut for repairs and the classes moved to the lido". The later message restates the old name, so
it does not "replace a value" (each side stating one the other lacks), and a restated name is
otherwise news about it ("Rex turned 5"). What tells them apart is what the name does: it is the
subject of a departure (retired, moved practices, shut, went off on leave, drifted apart). A
departure names the same thing as the earlier statement, by its name, so it links the two
messages without any word of the topic (``queries/search.py``, retired names).

The lexicon is data: phrases a name is followed by when it leaves a role, a place or a tie, with
only an auxiliary, an adverb or a surname between ("Mrs Daley has just retired", "Hannah and I
drifted apart"), not followed by an object ("Barclays closed the branch" is something else closing),
in a statement of the speaker's (not "has Fiona quit?", "if Fiona quit", a quotation). Bare
"left" and "moved" are left out (a person leaves early and a pet moves to the sofa); they count
with what they leave ("left the practice", "moved jobs").
"""

from __future__ import annotations

import functools
import re

from .topic_families import alternation
from .value_kinds import SPEAKER_LEAD, typed_values

#: What a name is said to do when it stops being the value: people leaving a role or a tie, places
#: and businesses closing. Matched after the name, case-insensitive, as whole words.
DEPARTURES: tuple[str, ...] = (
    # leaving a job or a role
    "retired", "has retired", "is retiring", "resigned", "has resigned", "quit", "has quit", "stepped down",
    "stood down", "stepped back", "took a post elsewhere", "took a job elsewhere", "took another job",
    "got a job elsewhere", "got another job", "found another job", "went elsewhere", "was fired", "got fired",
    "was sacked", "got sacked", "was let go", "got let go",
    "was made redundant", "got made redundant", "handed in her notice", "handed in his notice",
    "handed in their notice", "handed her notice in", "handed his notice in", "is no longer", "isn't my",
    "is not my", "no longer works", "doesn't work there", "does not work there",
    "went off on", "went on leave", "is on leave", "is off on", "is away on", "went on maternity",
    "went on paternity", "is on maternity", "is on paternity", "went on sabbatical", "is on sabbatical",
    # leaving a place
    "moved away", "moved abroad", "moved on", "moved out", "moved practices", "moved practice",
    "moved jobs", "moved job", "moved schools", "moved school", "moved clubs", "moved teams", "moved firms",
    "moved companies", "moved house", "moved to another", "transferred to another", "emigrated", "relocated",
    "left the practice", "left the surgery", "left the school", "left the company", "left the firm",
    "left the team", "left the club", "left the band", "left the group", "left the country", "left town",
    "left the area", "left the business", "left the job", "left her job", "left his job", "left their job",
    "left for good",
    # a tie ending
    "drifted apart", "split up", "broke up", "separated", "divorced", "passed away", "died",
    # a place or a business closing
    "shut", "shut down", "shut its doors", "closed", "closed down", "closed its doors", "went bust",
    "went under", "went out of business", "folded", "was sold", "got sold", "sold up", "was knocked down",
    "was demolished", "got demolished", "burned down", "burnt down", "is closing", "is shutting",
    "stopped running", "stopped doing", "stopped offering", "pulled out", "dropped out", "was cancelled",
    "got cancelled", "was axed", "got axed",
)
#: Words that may stand between a name and its departure: an auxiliary or an adverb, "and I" (a tie
#: ending), or a capitalised word (a surname: "Jess Moore quit"). Any other word means the name is
#: not what departs ("Fiona's husband passed away", "Fiona might quit").
_GAP = (r"(?:\s+(?:(?i:has|have|had|just|finally|recently|suddenly|actually|apparently|sadly|officially"
        r"|unexpectedly|then|and\s+i|and\s+me)|[A-Z][\w-]*)){0,2}")
#: Words before a name that make it something other than the subject of its departure ("the cafe
#: near Eastgate closed") or the departure something not said to be so ("if Fiona quit").
_NOT_SAID = frozenset(("near", "by", "at", "in", "from", "to", "of", "with", "beside", "behind", "opposite",
                       "if", "unless", "whether", "maybe", "perhaps", "hope", "wish", "imagine", "suppose"))
#: What after a departure phrase makes it something else: an object or a verb in -ing ("quit
#: smoking"), a time of day ("shut early", "closed for a private party", "for lunch"), a role ("stepped
#: down as chair"), a cause ("over Christmas"). Not "for repairs" or "for good", which do say it is gone.
_NOT_GONE = (r"early|late|today|tonight|as|over|for\s+(?:a|an|the|lunch|today|tonight|christmas|easter|holidays?)"
             r"|(?!during\b|morning\b|evening\b)\w+ing")
_WORD = re.compile(r"[\w'-]+")


@functools.cache
def _departure(name: str, phrases: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?i:\b" + re.escape(name) + r")\b(?!')" + _GAP + r"\s+(?i:" + alternation(phrases) + r")\b"
                      r"(?!\s+(?i:the|a|an|this|that|these|those|some|all|one|" + _NOT_GONE + r")\b)")


def _said_so(text: str, match: re.Match[str]) -> bool:
    """Whether a departure is stated by the speaker: its sentence is not a question nor inside a
    quotation, and the words just before the name are no preposition, condition or wish."""
    opening = re.split(r"[.!?]\s", text[:match.start()])[-1]
    if sum(opening.count(mark) for mark in '"\u201c\u201d') % 2:
        return False
    before = _WORD.findall(text[:match.start()])[-3:]
    if any(word.casefold() in _NOT_SAID for word in before):
        return False
    if len(before) >= 2 and before[-1].casefold() == "and" and before[-2][:1].isupper():
        return False  # the second of two others ("Mark and Julie split up"): their tie, not one gone
    end = re.search(r"[.!?]", text[match.end():])
    return end is None or end.group(0) != "?"


def retired_names(earlier: str, later: str, phrases: tuple[str, ...] = DEPARTURES) -> frozenset[str]:
    """The names ``earlier`` states (lower case) that ``later`` says are gone: each followed in
    ``later`` by one of ``phrases`` ("Okafor moved practices"), in a statement."""
    names = typed_values(earlier).get("name", frozenset())
    text = SPEAKER_LEAD.sub("", later, count=1)
    return frozenset(name for name in names
                     if any(_said_so(text, m) for m in _departure(name, phrases).finditer(text)))


def names_a_successor(earlier: str, later: str, phrases: tuple[str, ...] = DEPARTURES) -> bool:
    """Whether ``later`` retires a name of ``earlier`` and gives another name in its place (one
    ``earlier`` does not state): "Mrs Daley took a post elsewhere, and the school is now led by
    Mr Asante". Without a successor a departure is news about the name ("Hannah retired from
    teaching" leaves her my best friend)."""
    retired = retired_names(earlier, later, phrases)
    if not retired:
        return False
    old = typed_values(earlier)
    new = typed_values(later)
    return bool(new.get("name", frozenset()) - old.get("name", frozenset()) - retired)
