"""A date taken back on its own, in a later message: "Thursday, not Tuesday", "sorry, it's on the
14th, not the 12th", "oops I meant Friday". The message names no plan or event, only the day said
and the day meant, so it is read as a correction of a stated date (:data:`DATE_FIX`); the policy
finds the held fact whose date falls on the day taken back and corrects that date.
"""

from __future__ import annotations

import re

from ..candidates import DATE_FIX, CandidateFact, Operation
from ..temporal.said_days import parse_day

_WEEKDAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|sday)?"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*"
_ORDINAL = r"\d{1,2}(?:st|nd|rd|th)?"
_DAY = (rf"(?:{_WEEKDAY}(?:\s+the\s+{_ORDINAL})?|(?:the\s+)?{_ORDINAL}(?:\s+of\s+{_MONTH})?|{_MONTH}\s+{_ORDINAL}|"
        rf"{_ORDINAL}\s+{_MONTH})")
_LEAD = (r"(?:(?:sorry|oops|whoops|my\s+bad|correction|actually|wait|no|nope|ah|er|erm|um|ugh|typo|scratch\s+that|"
         r"i\s+mean|i\s+meant|i\s+meant\s+to\s+say)[\s,!.:;-]+)*")
_VERB = r"(?:(?:it'?s|it\s+is|that'?s|that\s+is|make\s+that|should\s+be|it\s+should\s+be|it'?s\s+actually|it\s+was)\s+)?"
_NEW_THEN_OLD = re.compile(
    rf"^{_LEAD}{_VERB}(?:on\s+)?(?P<new>{_DAY})(?:\s+actually)?\s*[,;-]?\s*(?:not|rather\s+than|instead\s+of)\s+"
    rf"(?:on\s+)?(?P<old>{_DAY})$")
_OLD_THEN_NEW = re.compile(
    rf"^{_LEAD}(?:it'?s\s+|it\s+is\s+)?not\s+(?:on\s+)?(?P<old>{_DAY})\s*[,;-]?\s*(?:but\s+|it'?s\s+|it\s+is\s+)?"
    rf"(?:on\s+)?(?P<new>{_DAY})$")


def date_fix(content: str, turn: int) -> CandidateFact | None:
    """The correction of a stated date that a whole message makes, or None."""
    said = re.sub(r"\s+", " ", content.casefold().replace("’", "'")).strip(" .!?~)(:")
    m = _NEW_THEN_OLD.match(said) or _OLD_THEN_NEW.match(said)
    if m is None:
        return None
    new, old = parse_day(m["new"]), parse_day(m["old"])
    if new is None or old is None or new == old:
        return None
    return CandidateFact(predicate=DATE_FIX, object=m["new"], replaces=m["old"], operation=Operation.correct,
                         text=f"the date is {m['new']}, not {m['old']}", source_turn=turn, span=(0, len(content)))
