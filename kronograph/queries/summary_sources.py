"""A recalled summary points first to the source that answers the question.

A summary stands for several fragments and keeps their episodes as its evidence. Stored, they
are in date order; in a recall or search result, the episodes of the source closest to the
query come first (the same ids, reordered), so a summary answers "when did she go to the
pottery workshop?" with the pottery turn before the others it stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, cast

import numpy as np

from ..graph.store import GraphStore
from ..graph.text_search import search_terms
from ..model import Fact


class _Ranked(Protocol):
    @property
    def fact(self) -> Fact | None: ...

    @property
    def similarity(self) -> float | None: ...

    def model_copy(self, *, update: dict[str, object] | None = None, deep: bool = False) -> _Ranked: ...


R = TypeVar("R", bound=_Ranked)

#: Without vectors, a source supports a summary hit when its share of the query's words is within
#: this of the best source's: 0, the best and its ties (on LoCoMo's development split, wider
#: margins let siblings' turns crowd the evidence out).
EVIDENCE_MARGIN = 0.0


def _matching_sources(query: str, sources: Sequence[Fact], vectors: dict[str, np.ndarray],
                      query_vector: np.ndarray | None, margin: float, floor: float | None) -> list[Fact]:
    """The sources that answer ``query``, best match first. With vectors: the best source and
    every other whose cosine to the query reaches ``floor`` (the weakest hit's: it would have
    been a hit on its own); otherwise those within ``margin`` of the best (cosine, or offline
    the share of the query's words the source's text holds). Ties keep date order."""
    by_vector = query_vector is not None and all(s.id in vectors for s in sources)
    if by_vector:
        assert query_vector is not None
        scores = [float(vectors[s.id] @ query_vector) for s in sources]
    else:
        terms = set(search_terms(query))
        scores = [len(terms & set(search_terms(s.text))) / (len(terms) or 1) for s in sources]
    ranked = sorted(range(len(sources)), key=lambda i: -scores[i])
    cut = scores[ranked[0]] - margin
    if by_vector and floor is not None:
        cut = min(cut, floor)
    return [sources[i] for i in ranked if scores[i] >= cut]


def lead_with_matching_source(store: GraphStore, ranked: Sequence[R], *, query: str, user_id: str,
                              model: str | None, query_vector: np.ndarray | None) -> list[R]:
    """``ranked`` (what a recall or search returns) with each summary hit's
    ``source_episode_ids`` narrowed to its evidence for ``query``: the episodes of the sources
    that match it as well as the weakest returned hit does (or, without vectors, within
    :data:`EVIDENCE_MARGIN` of the best), best first. ``query_vector`` is the one the engine
    already embedded (``model``'s). The stored summary keeps them all (``get_fact``,
    ``source_fact_ids``)."""
    summaries = {r.fact.id: r.fact for r in ranked if r.fact is not None and r.fact.is_summary
                 and len(r.fact.source_fact_ids) > 1 and len(r.fact.source_episode_ids) > 1}
    if not summaries:
        return list(ranked)
    wanted = list(dict.fromkeys(fid for s in summaries.values() for fid in s.source_fact_ids))
    sources = {f.id: f for f in store.current(user_id, fact_ids=wanted)}
    vectors: dict[str, np.ndarray] = {}
    if model is not None and query_vector is not None:
        vectors = store.embeddings(user_id, list(sources), model=model)
    if not vectors:
        query_vector = None
    floor = min((r.similarity for r in ranked if r.similarity is not None), default=None)
    out: list[R] = []
    for item in ranked:
        fact = item.fact
        if fact is not None and fact.id in summaries:
            held = [sources[fid] for fid in fact.source_fact_ids if fid in sources]
            if not held:
                out.append(item)
                continue
            order = _matching_sources(query, held, vectors, query_vector, EVIDENCE_MARGIN, floor)
            episodes = list(dict.fromkeys(e for s in order for e in s.source_episode_ids
                                          if e in fact.source_episode_ids))
            if episodes != fact.source_episode_ids:
                item = cast(R, item.model_copy(update={"fact": fact.evolve(source_episode_ids=episodes)}))
        out.append(item)
    return out
