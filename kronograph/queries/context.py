"""A compact block of what search found, to paste into a prompt, within a token budget.

    Known about u1 (valid 2026-05-06; uncertain facts are marked):
    - Ada lives in Rome (since 2024-01-01)
    - [uncertain] Ada is allergic to penicillin (since 2026-05-01)
    Said:
    - [2026-03-04] I raised my snack budget to $75.
    Earlier (replaced since):
    - [earlier: 2026-01-02 until 2026-03-04] My snack budget is $50 a month.

Current facts come first, then current episodes with the date they were said, then whatever a
later statement replaced, marked as earlier with its dates, so an agent never reads an old
value as the current one. Within each part hits keep search's order; a line that would exceed
the budget is left out, and so is every later one. Tokens are estimated at four characters
each (close to GPT/BPE counts for English), so no tokenizer is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime

from ..model import Fact, MemoryType
from ..policy.consolidation import summary_label
from ..temporal.instants import UNKNOWN_START
from .search import Hit

#: Below this confidence a fact is presented as uncertain, whatever its type.
UNCERTAIN_BELOW = 0.6
SAID = "Said:"
EARLIER = "Earlier (replaced since):"


def estimate_tokens(text: str) -> int:
    """Roughly how many tokens ``text`` costs in a prompt."""
    return math.ceil(len(text) / 4) if text else 0


def is_uncertain(fact: Fact) -> bool:
    """Hypotheses and low-confidence facts must never be stated as certain."""
    return fact.memory_type is MemoryType.hypothesis or fact.confidence < UNCERTAIN_BELOW


def fact_line(fact: Fact) -> str:
    """``- [uncertain] <text> (since YYYY-MM-DD[, until YYYY-MM-DD])``."""
    marker = "[uncertain] " if is_uncertain(fact) else ""
    if fact.is_summary:
        marker += summary_label(fact) + " "
    if fact.valid_from == UNKNOWN_START:  # "I no longer like jazz": since when is unknown
        period = f"until {fact.valid_until.date().isoformat()}" if fact.valid_until else "since an unknown time"
    else:
        period = f"since {fact.valid_from.date().isoformat()}"
        if fact.valid_until is not None:
            period += f", until {fact.valid_until.date().isoformat()}"
    return f"- {marker}{fact.text} ({period})"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def episode_line(hit: Hit) -> str:
    """``- [YYYY-MM-DD] <content>`` (a multi-line episode joined on one line)."""
    assert hit.episode is not None
    return f"- [{hit.episode.reference_time.date().isoformat()}] {_one_line(hit.episode.content)}"


def earlier_line(hit: Hit) -> str:
    """``- [earlier: FROM until UNTIL] <text>``: what a later statement replaced, with its dates
    (an unknown start is ``?``; an end that is not after the start is left out)."""
    start = hit.valid_from if hit.valid_from != UNKNOWN_START else None
    end = hit.valid_until if hit.valid_until is not None and (start is None or hit.valid_until > start) else None
    since = start.date().isoformat() if start is not None else "?"
    until = f" until {end.date().isoformat()}" if end is not None else ""
    return f"- [earlier: {since}{until}] {_one_line(hit.text)}"


def build_context(hits: Sequence[Hit], *, user_id: str, at: datetime, max_tokens: int) -> str:
    """The prompt block for ``hits`` (best first), at most ``max_tokens`` tokens; empty when
    nothing (not even the header and one line) fits or nothing was found."""
    if not hits:
        return ""
    # (two records of one statement, under two predicates, make one line)
    facts = list(dict.fromkeys(fact_line(h.fact) for h in hits if h.fact is not None and not h.outdated))
    said = [episode_line(h) for h in hits if h.episode is not None and not h.outdated]
    earlier = list(dict.fromkeys(earlier_line(h) for h in hits if h.outdated))
    header = f"Known about {user_id} (valid {at.date().isoformat()}; uncertain facts are marked):"
    lines = [header]
    used = estimate_tokens(header)
    if used > max_tokens:
        return ""
    for title, part in ((None, facts), (SAID, said), (EARLIER, earlier)):
        if not part:
            continue
        block = ([title] if title else []) + part
        first_cost = sum(estimate_tokens("\n" + line) for line in block[:2 if title else 1])
        if used + first_cost > max_tokens:
            break
        full = True
        for line in block:
            cost = estimate_tokens("\n" + line)
            if used + cost > max_tokens:
                full = False
                break
            lines.append(line)
            used += cost
        if not full:
            break
    return "\n".join(lines) if len(lines) > 1 else ""
