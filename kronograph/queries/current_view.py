"""For a context block about now, no older message on the asked topic is stated as current.

Search marks an update only when the two messages resemble each other enough; a context block
must be safer than that: of the few episodes nearest a question about now, an earlier one is
shown under "Earlier" (with its dates) when a later one is nearly as near the question and says
something it does not. Both stay in the block, so nothing is lost when the two are unrelated,
but the older one is never presented as the current answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import search as _search  # search applies this; the module, not its names, avoids the cycle
from .config import FusionConfig

if TYPE_CHECKING:
    from .search import Hit


def demote_earlier_on_topic(hits: Sequence[Hit], *, query: str, fusion: FusionConfig) -> list[Hit]:
    """``hits`` with each earlier episode on a now-question's topic marked as replaced by the
    latest one (order kept)."""
    out = list(hits)
    if not _search._asks_now(query):
        return out
    near = _search._nearest_to_query([h for h in out if h.episode is not None and not h.outdated], fusion)
    if len(near) < 2:
        return out
    latest = max(near, key=lambda h: (h.episode.reference_time, h.id))  # type: ignore[union-attr]
    assert latest.episode is not None
    latest_words = _search._topic_words(latest.text)
    replaced: dict[str, Hit] = {}
    for hit in near:
        assert hit.episode is not None
        if hit is latest or hit.episode.reference_time >= latest.episode.reference_time:
            continue
        if (latest.similarity or 0.0) >= fusion.query_topic_ratio * (hit.similarity or 0.0) \
                and latest_words - _search._topic_words(hit.text):
            replaced[hit.id] = hit.model_copy(update={
                "components": {**hit.components, "stale": 1.0}, "updated_by": latest.id,
                "valid_from": hit.valid_from or hit.episode.reference_time,
                "valid_until": latest.episode.reference_time})
    return [replaced.get(h.id, h) for h in out]
