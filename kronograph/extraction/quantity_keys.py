"""One slot name per measured thing, whatever the wording: "my pay", "my salary" and "I earn"
all land on ``quantity_salary_earnings`` (both words, so a question in either finds it), "my
monthly rent" and "I pay ... in rent" on ``quantity_rent``, so a later value supersedes the
earlier one instead of sitting beside it."""

from __future__ import annotations

_PAY = "salary earnings"
# a whole measure phrase that names the same thing as another
_SAME = {"pay": _PAY, "wage": _PAY, "wages": _PAY, "income": _PAY, "salary": _PAY, "earnings": _PAY, "paycheck": _PAY,
         "base salary": _PAY, "take-home pay": _PAY, "hourly pay": _PAY,
         "body weight": "weight", "bodyweight": "weight", "sleeping": "sleep", "sleep time": "sleep",
         "hours of sleep": "sleep", "sleep hours": "sleep", "rent payment": "rent", "house payment": "mortgage",
         "mortgage payment": "mortgage"}
# leading words that say how often a sum is paid, not what it is ("my monthly rent"); dropped only
# before a sum, since elsewhere they name the thing ("nightly backup", "monthly active users")
_LEADING = frozenset({"monthly", "weekly", "yearly", "annual", "current", "new", "usual", "total"})
_SUMS = frozenset({*_SAME, "rent", "mortgage", "budget", "allowance", "rate", "hourly rate"})
# what one pays "in": the thing paid for is the measure ("I pay $1,650 in rent")
PAID_IN = frozenset({"rent", "tax", "taxes", "mortgage", "fees", "tuition", "bills", "utilities", "interest"})


_PERIODS = {"hourly": "an hour", "daily": "a day", "weekly": "a week", "monthly": "a month", "yearly": "a year",
            "annual": "a year"}


def period_of(measure: str) -> str | None:
    """How often a sum named with its frequency is paid ("my weekly pay": "a week"), so the value
    keeps it once :func:`canonical` has merged "weekly pay" with "salary"; not for counts
    ("monthly active users")."""
    words = measure.lower().split()
    return _PERIODS.get(words[0]) if len(words) > 1 and " ".join(words[1:]) in _SUMS else None


def canonical(measure: str) -> str:
    """The measure phrase as one slot name: synonyms merged, a sum's frequency word dropped."""
    words = measure.lower().split()
    if len(words) > 1 and words[0] in _LEADING and " ".join(words[1:]) in _SUMS:
        words = words[1:]
    phrase = " ".join(words)
    return _SAME.get(phrase, phrase)
