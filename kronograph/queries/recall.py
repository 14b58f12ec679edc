"""Hybrid recall over the valid subgraph, with scores that explain themselves.

Three searches propose candidates: the nearest embeddings (a per-user vector index), BM25
over the fact texts, and the facts touching entities the query names. The store's filters
then keep only what recall may return (status active, not expired, valid at ``as_of``,
believed at ``known_at``, in scope), and each survivor is scored::

    recall_score = 0.40*semantic + 0.20*importance + 0.15*confidence + 0.15*freshness + 0.10*access

(weights from :class:`~kronograph.queries.config.RecallConfig`). When too few candidates pass
the filters (a history full of superseded records), the vector search widens and tries again.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..graph.search_index import SearchIndex
from ..graph.store import FactQuery, GraphStore
from ..graph.text_search import STOPWORDS
from ..graph.vector_index import unit
from ..model import AddResult, Episode, Fact, Status
from ..temporal.decay import freshness
from ..temporal.timeline import object_key
from .config import COMPONENTS, DEFAULT_RECALL, RecallConfig
from .embedding import Embedder, is_ready
from .summary_sources import lead_with_matching_source
from .tool_versions import in_scope, prefer_version

_WORDS = re.compile(r"\w+(?:[-']\w+)*", re.UNICODE)
_POSSESSIVE = re.compile(r"['’]s\b")
_MAX_NGRAM = 4
#: Texts embedded per backfill batch (the embedder sorts a batch by length, so bigger batches pad less).
_BACKFILL_BATCH = 1024


class Recalled(BaseModel):
    """One recalled fact with its score and the components the score was built from."""

    model_config = ConfigDict(frozen=True)

    fact: Fact
    score: float = Field(description="The weighted sum of the components.")
    components: dict[str, float] = Field(
        description="semantic, importance, confidence, freshness, access; each in [0, 1]."
    )
    weights: dict[str, float] = Field(description="The weight of each component in the score.")
    matched_by: tuple[str, ...] = Field(default=(), description="Which searches proposed it: vector, text, graph.")
    similarity: float | None = Field(default=None, description="Raw embedding cosine with the query.")
    text_score: float | None = Field(default=None, description="Raw BM25 score (higher is better).")

    def explain(self) -> str:
        """One line: how each component contributed to the score."""
        parts = " + ".join(
            f"{self.weights[name]:.2f}*{name} {self.components[name]:.2f}" for name in COMPONENTS
        )
        found = ", ".join(self.matched_by) or "-"
        return f"{self.score:.3f} = {parts}  (found by: {found})"


class RecalledEpisode(BaseModel):
    """One raw episode found by :meth:`RecallEngine.recall_episodes`, with its BM25 score."""

    model_config = ConfigDict(frozen=True)

    episode: Episode
    score: float = Field(description="BM25 score (higher is better); comparable within one query only.")


@dataclass
class _Candidates:
    cosine: dict[str, float]
    bm25: dict[str, float]
    graph: set[str]
    vector_exhausted: bool

    def ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys([*self.cosine, *self.bm25, *self.graph]))


def entity_keys(query: str) -> list[str]:
    """Name keys the query could be naming: its word n-grams (up to four words) that are not
    made only of stop words."""
    words = _WORDS.findall(_POSSESSIVE.sub("", query))
    keys: dict[str, None] = {}
    for size in range(1, _MAX_NGRAM + 1):
        for start in range(len(words) - size + 1):
            gram = words[start:start + size]
            if all(w.casefold() in STOPWORDS for w in gram):
                continue
            keys[object_key(" ".join(gram))] = None
    return list(keys)


def access_score(count: int, saturation: int) -> float:
    """``ln(1 + n) / ln(1 + saturation)``, capped at 1."""
    return min(1.0, math.log1p(max(count, 0)) / math.log1p(saturation))


class RecallEngine:
    """Embeds facts for a store and answers recall queries against it."""

    def __init__(self, store: GraphStore, embedder: Embedder | None, config: RecallConfig = DEFAULT_RECALL,
                 index: SearchIndex | None = None) -> None:
        self.store = store
        #: Where candidates come from; the store itself unless another index is given.
        self.index: SearchIndex = index if index is not None else store
        self.embedder = embedder
        self.config = config
        # One long-lived thread embeds queries (starting a thread per recall cost ~1 ms).
        self._embedding = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kronograph-query-embedding")

    def close(self) -> None:
        """Stop the query-embedding thread (a recall after this is an error)."""
        self._embedding.shutdown(wait=True)

    # -- embeddings -------------------------------------------------------------------------
    def embed_facts(self, facts: Sequence[tuple[str, str]]) -> int:
        """Embed ``(fact_id, text)`` pairs in one batch and store the vectors."""
        if self.embedder is None or not facts:
            return 0
        vectors = self.embedder.embed([text for _, text in facts])
        return self.index.put_embeddings(
            [(fid, vec) for (fid, _), vec in zip(facts, vectors)], model=self.embedder.model
        )

    def embed_episodes(self, episodes: Sequence[tuple[str, str]]) -> int:
        """Embed ``(episode_id, content)`` pairs in one batch and store the vectors."""
        if self.embedder is None or not episodes:
            return 0
        vectors = self.embedder.embed([text for _, text in episodes])
        return self.index.put_episode_embeddings(
            [(eid, vec) for (eid, _), vec in zip(episodes, vectors)], model=self.embedder.model)

    def index_written(self, results: Sequence[AddResult]) -> None:
        """Embed the facts a write created, in one batch, when the embedder is ready; otherwise
        they wait in the store's queue for the next recall (backfill)."""
        if is_ready(self.embedder):
            created = {r.fact.id: r.fact.text for r in results if r.created and r.fact is not None}
            created.update({f.id: f.text for r in results if r.created for f in r.facts})
            self.embed_facts(list(created.items()))

    def backfill(self, user_id: str | None) -> int:
        """Embed every record (of one user, or all) that has no vector yet."""
        return self._drain(lambda: self.index.pending_embeddings(user_id, limit=_BACKFILL_BATCH, model=self._model()),
                           self.embed_facts)

    def backfill_episodes(self, user_id: str | None) -> int:
        """Embed every episode (of one user, or all) that has no vector yet."""
        return self._drain(lambda: self.index.pending_episode_embeddings(user_id, limit=_BACKFILL_BATCH,
                                                                         model=self._model()), self.embed_episodes)

    def _model(self) -> str | None:
        """The embedder's vector space, if any."""
        return self.embedder.model if self.embedder is not None else None

    def _drain(self, pending: Callable[[], list[tuple[str, str]]],
               embed: Callable[[Sequence[tuple[str, str]]], int]) -> int:
        if self.embedder is None:
            return 0
        done = 0
        while batch := pending():
            stored = embed(batch)
            done += stored
            if stored == 0:
                break
        return done

    def embed_query(self, query: str) -> Future[np.ndarray | None]:
        """The query's unit vector (None without an embedder), computed on the embedding thread
        while the caller runs the text and graph searches."""
        return self._embedding.submit(self.query_vector, query)

    # -- recall -----------------------------------------------------------------------------
    def recall(
        self, query: str, *, user_id: str, k: int, now: datetime, as_of: datetime | None,
        known_at: datetime | None, run_id: str | None = None, agent_id: str | None = None,
        app_id: str | None = None, include_archived: bool = False, config: RecallConfig | None = None,
        tool: str | None = None, tool_version: str | None = None,
    ) -> list[Recalled]:
        """The ``k`` best facts for ``query`` among those the filters allow, best first; for
        ``tool`` at ``tool_version``, that version's own records first (swapped in before the
        cut, so the record returned is the one counted as used), and each summary pointing at
        the sources that answer ``query``."""
        cfg = config or self.config
        self.backfill(user_id)
        # The query is embedded on a second thread while SQLite runs the text and graph
        # searches and fetches their candidates (all release the GIL), so on two cores their
        # latencies overlap; only the vector search and its new candidates wait for it.
        embedded = self._embedding.submit(self.query_vector, query)
        lifecycles = {Status.active} | ({Status.archived} if include_archived else set())
        base = FactQuery(
            user_id=user_id, known_at=known_at or now, as_of=as_of or now, agent_id=agent_id, app_id=app_id,
            run_id=run_id, lifecycles=frozenset(lifecycles),
        )
        budget = max(cfg.vector_candidates, 2 * k)
        text_hits = dict(self.index.search_text(user_id, query, limit=max(cfg.text_candidates, k)))
        graph_hits = set(self.index.entity_fact_ids(user_id, entity_keys(query), limit=cfg.graph_candidates)) \
            if cfg.graph_candidates else set()
        allowed: dict[str, Fact] = {}  # candidates that pass the filters, by id
        looked_up: set[str] = set()

        def fetch(ids: Sequence[str]) -> None:
            new = tuple(fid for fid in dict.fromkeys(ids) if fid not in looked_up)
            if new:
                allowed.update((f.id, f) for f in self.store.query(replace(base, fact_ids=new)))
                looked_up.update(new)

        fetch([*text_hits, *graph_hits])
        vector = embedded.result()
        while True:
            candidates = _Candidates(self._nearest(user_id, vector, budget), text_hits, graph_hits, False)
            candidates.vector_exhausted = len(candidates.cosine) < budget
            fetch(list(candidates.cosine))
            facts = [allowed[fid] for fid in candidates.ids() if fid in allowed]
            if len(facts) >= k or candidates.vector_exhausted or vector is None:
                break
            budget *= 4
        hits = self._score(facts, candidates, vector, user_id=user_id, at=as_of or now, cfg=cfg)
        hits = prefer_version(self.store, hits, tool=tool, tool_version=tool_version,
                              admits=in_scope(known_at=known_at or now, run_id=run_id, agent_id=agent_id,
                                              app_id=app_id))[:k]
        hits = lead_with_matching_source(self.store, hits, query=query, user_id=user_id, query_vector=vector,
                                         model=self._model())
        # Only what is returned and relevant by itself counts as used: an unrelated query's
        # leftovers must not gain rank from having been shown.
        floor = cfg.fusion
        used = [h.fact.id for h in hits if (h.similarity is not None and h.similarity >= floor.min_similarity)
                or (h.text_score is not None and h.text_score >= floor.min_bm25) or "graph" in h.matched_by]
        if cfg.reinforce and as_of is None and known_at is None and used:
            self.store.touch(used, now)
        return hits

    def recall_episodes(self, query: str, *, user_id: str, k: int, as_of: datetime | None,
                        known_at: datetime | None) -> list[RecalledEpisode]:
        """The ``k`` raw episodes that best match ``query`` (BM25), said by ``as_of`` and
        recorded by ``known_at``: what was said, where no fact was extracted."""
        out: list[RecalledEpisode] = []
        found = self.index.search_episodes(user_id, query, limit=3 * k)
        episodes = self.store.get_episodes([episode_id for episode_id, _ in found])
        for episode_id, score in found:
            episode = episodes.get(episode_id)
            if episode is None or (as_of is not None and episode.reference_time > as_of) \
                    or (known_at is not None and episode.recorded_at > known_at):
                continue
            out.append(RecalledEpisode(episode=episode, score=score))
            if len(out) == k:
                break
        return out

    def query_vector(self, query: str) -> np.ndarray | None:
        """The query's unit vector (None without an embedder)."""
        if self.embedder is None:
            return None
        return unit(self.embedder.embed([query])[0])

    def _nearest(self, user_id: str, vector: np.ndarray | None, limit: int) -> dict[str, float]:
        if vector is None or self.embedder is None:
            return {}
        return dict(self.index.vector_search(user_id, vector, limit=limit, model=self.embedder.model))

    def _score(self, facts: list[Fact], found: _Candidates, vector: np.ndarray | None, *, user_id: str,
               at: datetime, cfg: RecallConfig) -> list[Recalled]:
        if not facts:
            return []
        cosine = dict(found.cosine)
        if vector is not None and self.embedder is not None:
            missing = [f.id for f in facts if f.id not in cosine]
            for fid, vec in self.index.embeddings(user_id, missing, model=self.embedder.model).items():
                cosine[fid] = float(vec @ vector)
        best_bm25 = max(found.bm25.values(), default=0.0)
        lexical, graph = cfg.lexical_share, cfg.graph_share
        dense = 1.0 - lexical - graph
        if vector is None:  # no embedder: relevance is lexical and graph only
            lexical, graph, dense = (lexical / (lexical + graph), graph / (lexical + graph), 0.0) \
                if lexical + graph > 0 else (1.0, 0.0, 0.0)
        weights = cfg.weights.as_dict()
        out: list[Recalled] = []
        for fact in facts:
            cos = cosine.get(fact.id)
            bm25 = found.bm25.get(fact.id)
            semantic = (dense * max(cos or 0.0, 0.0)
                        + lexical * (bm25 / (best_bm25 + 1.0) if bm25 is not None and bm25 > 0 else 0.0)
                        + graph * (1.0 if fact.id in found.graph else 0.0))
            components = {
                "semantic": min(1.0, max(0.0, semantic)),
                "importance": fact.importance,
                "confidence": fact.confidence,
                "freshness": freshness(fact, at=at, config=cfg.decay),
                "access": access_score(fact.access_count, cfg.access_saturation),
            }
            score = sum(weights[name] * components[name] for name in COMPONENTS)
            matched = tuple(name for name, hit in (("vector", fact.id in found.cosine), ("text", bm25 is not None),
                                                   ("graph", fact.id in found.graph)) if hit)
            # Every field is built here from validated parts: skip re-validating the fact.
            out.append(Recalled.model_construct(fact=fact, score=score, components=components, weights=weights,
                                                matched_by=matched, similarity=cos, text_score=bm25))
        out.sort(key=lambda r: (-r.score, r.fact.id))
        return out
