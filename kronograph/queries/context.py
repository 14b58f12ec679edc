"""A compact block of recalled facts to paste into a prompt, within a token budget.

    Known about u1 (valid 2026-05-06; uncertain facts are marked):
    - Ada lives in Rome (since 2024-01-01)
    - [uncertain] Ada is allergic to penicillin (since 2026-05-01)

Facts come best first; a line that would exceed the budget is left out, and so is every
worse one after it. Tokens are estimated at four characters each (close to GPT/BPE counts
for English), so no tokenizer is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime

from ..model import Fact, MemoryType
from ..policy.consolidation import summary_label
from .recall import Recalled

#: Below this confidence a fact is presented as uncertain, whatever its type.
UNCERTAIN_BELOW = 0.6


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
    period = f"since {fact.valid_from.date().isoformat()}"
    if fact.valid_until is not None:
        period += f", until {fact.valid_until.date().isoformat()}"
    return f"- {marker}{fact.text} ({period})"


def build_context(hits: Sequence[Recalled], *, user_id: str, at: datetime, max_tokens: int) -> str:
    """The prompt block for ``hits`` (best first), at most ``max_tokens`` tokens; empty when
    nothing (not even the header) fits or nothing was recalled."""
    if not hits:
        return ""
    header = f"Known about {user_id} (valid {at.date().isoformat()}; uncertain facts are marked):"
    lines = [header]
    used = estimate_tokens(header)
    if used > max_tokens:
        return ""
    for hit in hits:
        line = fact_line(hit.fact)
        cost = estimate_tokens("\n" + line)
        if used + cost > max_tokens:
            break
        lines.append(line)
        used += cost
    return "\n".join(lines) if len(lines) > 1 else ""
