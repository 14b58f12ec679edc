"""One slot name per measured thing, whatever the wording: "my pay", "my salary" and "I earn"
all land on ``quantity_earnings``, "my monthly rent" and "I pay ... in rent" on ``quantity_rent``,
so a later value supersedes the earlier one instead of sitting beside it."""

from __future__ import annotations

# a whole measure phrase that names the same thing as another
_SAME = {"pay": "earnings", "wage": "earnings", "wages": "earnings", "income": "earnings", "salary": "earnings",
         "paycheck": "earnings", "base salary": "earnings", "take-home pay": "earnings", "hourly pay": "earnings",
         "body weight": "weight", "bodyweight": "weight", "sleeping": "sleep", "sleep time": "sleep",
         "hours of sleep": "sleep", "sleep hours": "sleep", "rent payment": "rent", "house payment": "mortgage",
         "mortgage payment": "mortgage", "monthly rent": "rent"}
# leading words that say when or how the thing is measured, not what it is
_LEADING = frozenset({"monthly", "weekly", "yearly", "annual", "current", "new", "usual", "average", "total",
                      "daily", "nightly"})
# what one pays "in": the thing paid for is the measure ("I pay $1,650 in rent")
PAID_IN = frozenset({"rent", "tax", "taxes", "mortgage", "fees", "tuition", "bills", "utilities", "interest"})


def canonical(measure: str) -> str:
    """The measure phrase as one slot name: synonyms merged, leading time adjectives dropped."""
    words = measure.lower().split()
    while len(words) > 1 and words[0] in _LEADING and " ".join(words) not in {"monthly active users"}:
        words = words[1:]
    phrase = " ".join(words)
    return _SAME.get(phrase, phrase)
