"""One search over facts and episodes: the memory's answer to "what do I know about this?".

Five searches propose candidates (BM25 and embeddings over the user's facts and over their
episodes, and the facts about entities the query names). Facts pass the recall filters
(active, valid at ``as_of``, believed at ``known_at``, in scope); episodes are visible from
their ``reference_time`` and recorded by ``known_at``. Each survivor gets a relevance (the
weighted, normalised BM25, cosine and entity match of :class:`FusionConfig`, plus for an
episode the BM25 of the turns said next to it: an answer often shares no word with the
question its neighbour asked), scaled by its lifecycle components, and these rules make the
newer statement win:

- an episode whose facts are all no longer valid at ``as_of`` (superseded, ended, retracted)
  is *outdated* and loses ``stale_penalty`` of its score; asked ``as_of`` a time inside the
  old interval, its facts are valid and nothing is lost;
- two differing episodes of one speaker about the same topic (embedding cosine >=
  ``update_similarity``; lower when the later one says that something changed or replaces a
  number or name, lower still when it does both): the earlier is *updated by* the later and
  loses ``update_penalty``; asked how things are now, two relevant ones on the topic the
  question names are an update when the later one states another value of any kind (a
  lowercase word too: "painted yellow" / "sage green after all");
- asked how things are now, of the few relevant episodes nearest the question in meaning, a
  later one that says something else replaces an earlier one although they share no word
  ("I bank with Lloyds" / "my salary lands in a Starling account"); so does the later episode
  most like one of them, however far from the question, when it replaces a number or name
  (a spelled-out number or a colour too), and the one most like it and the question together
  when it says that something changed; and a later episode that is the earlier one's nearest
  later episode while it is that one's nearest earlier (a mutual pair on one topic), when it
  changes a value or says that something changed;
- asked how things are now, a relevant message is revised by the later message of its speaker
  most like it when each is the other's nearest by a clear margin over everything else the
  speaker said and the later one says that something changed or gives another value of the same
  kind (a revision link: chosen by how the two stand out, not by any word of the topic);
- asked how things are now about a topic family the question names (a drink, a diet, a pet's
  name: ``topic_families``), a later message that states another value of the family, or names
  it and another name, replaces an earlier one on it ("coffee is my go-to" / "switched to green
  tea lately"); the family's values also find such messages as candidates;
- what another person's value says ("my sister moved to Dundee", a fact of the same predicate
  for another subject and no slot in common) replaces nothing the user said ("I live in Glasgow");
- of a replaced message that said several things, only the part that changed goes (facts the
  store ended, or whose slot the replacement gave another value; failing both, the slot nearest
  the replacement in meaning): asked about a part left true, the message is not replaced, and a
  fact is replaced only with its part; a replaced hit never ranks above the hit that replaced it.

A hit below the relevance floor is not returned; only returned facts are reinforced.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timedelta

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..graph.store import FactQuery
from ..graph.text_search import STOPWORDS
from ..model import Episode, Fact, MemoryType, Status, trusted
from ..policy.consolidation import summary_label
from ..policy.dedup import stem
from ..temporal.decay import decayed
from ..temporal.timeline import object_key
from ..write.redaction import says_nothing
from .config import (
    ASKED_KINDS,
    LAST_TIMES,
    OUTCOME_VERBS,
    PAST_MARKERS,
    PAST_PARTICIPLES,
    PLACING_VERBS,
    SAYING_VERBS,
    FusionConfig,
    RecallConfig,
)
from .departures import names_a_successor
from .recall import RecallEngine, access_score, entity_keys
from .summary_sources import lead_with_matching_source
from .tool_versions import in_scope, prefer_version
from .topic_families import alternation, asked_families, family_members, names_family, search_words
from .value_kinds import SPEAKER_LEAD, TITLES, asked_value_kind, gives_another, typed_values

#: Lifecycle components of a hit, in the order explain() prints them.
LIFECYCLE = ("importance", "confidence", "freshness", "access")
#: Relevance components, likewise.
RELEVANCE = ("bm25", "dense", "graph", "context")


class Hit(BaseModel):
    """One search result: a fact or an episode, its score and what the score was built from."""

    model_config = ConfigDict(frozen=True)

    kind: str = Field(description='"fact" or "episode".')
    fact: Fact | None = Field(default=None, description="The fact, for a fact hit.")
    episode: Episode | None = Field(default=None, description="The episode, for an episode hit.")
    score: float = Field(description="Relevance scaled by the lifecycle, less any stale penalty.")
    components: dict[str, float] = Field(
        description="bm25, dense, graph, context (relevance parts; context is the best BM25 of the "
                    "turns said next to an episode), relevance, importance, "
                    "confidence, freshness, access (lifecycle, each in [0, 1]) and stale (0 or 1).")
    matched_by: tuple[str, ...] = Field(default=(), description="Which searches proposed it: text, vector, graph.")
    similarity: float | None = Field(default=None, description="Raw embedding cosine with the query.")
    text_score: float | None = Field(default=None, description="Raw BM25 score (the user's own statistics).")
    updated_by: str | None = Field(
        default=None, description="Id of the later episode or fact that replaces what this hit says, if any.")
    valid_from: datetime | None = Field(default=None, description="When what it says became true (or was said).")
    valid_until: datetime | None = Field(default=None, description="When it stopped being true, if known.")

    @property
    def id(self) -> str:
        """The fact's or the episode's id."""
        item = self.fact if self.fact is not None else self.episode
        assert item is not None
        return item.id

    @property
    def text(self) -> str:
        """What the hit says: the fact's text or the episode's content."""
        if self.fact is not None:
            return self.fact.text
        assert self.episode is not None
        return self.episode.content

    @property
    def episode_ids(self) -> list[str]:
        """The episodes behind the hit: a fact's sources, an episode itself."""
        if self.fact is not None:
            return list(self.fact.source_episode_ids)
        assert self.episode is not None
        return [self.episode.id]

    @property
    def label(self) -> str:
        """``[summary of 4 sources, 2026-03 to 2026-05]`` for a summary, else ``""``: a summary
        is never to be read as one statement."""
        return summary_label(self.fact) if self.fact is not None else ""

    @property
    def outdated(self) -> bool:
        """True when a later statement replaced what this hit says (at the time searched)."""
        return self.components.get("stale", 0.0) > 0.0

    def explain(self) -> str:
        """One line: the relevance parts, the lifecycle factor and any stale penalty."""
        c = self.components
        relevance = " + ".join(f"{name} {c[name]:.2f}" for name in RELEVANCE)
        lifecycle = ", ".join(f"{name} {c[name]:.2f}" for name in LIFECYCLE)
        stale = f"; outdated by {self.updated_by}" if self.outdated else ""
        found = ", ".join(self.matched_by) or "-"
        kind = f"{self.kind} {self.label}" if self.label else self.kind
        return (f"{self.score:.3f} = {kind} relevance {c['relevance']:.3f} ({relevance}) "
                f"x lifecycle ({lifecycle}){stale}  (found by: {found})")


class _Found:
    """Raw candidate scores of one kind (facts or episodes), by id."""

    def __init__(self) -> None:
        self.bm25: dict[str, float] = {}
        self.cosine: dict[str, float] = {}
        self.graph: set[str] = set()
        self.from_vectors: set[str] = set()
        self.near: dict[str, list[str]] = {}  # episode -> the BM25 candidates said next to it
        self.context: dict[str, float] = {}  # episode -> best BM25 score of a visible neighbour
        self.topical: set[str] = set()  # episodes stating a value of a topic family the question names

    def ids(self) -> list[str]:
        return list(dict.fromkeys([*self.bm25, *self.cosine, *self.graph, *self.near, *self.topical]))


class SearchEngine:
    """Runs :meth:`Memory.search` over a :class:`RecallEngine`'s store, index and embedder."""

    def __init__(self, engine: RecallEngine) -> None:
        self.engine = engine

    def search(
        self, query: str, *, user_id: str, k: int, now: datetime, as_of: datetime | None,
        known_at: datetime | None, run_id: str | None = None, agent_id: str | None = None,
        app_id: str | None = None, include_archived: bool = False, config: RecallConfig | None = None,
        tool: str | None = None, tool_version: str | None = None, current_facts: bool = False,
    ) -> list[Hit]:
        """The ``k`` best facts and episodes for ``query`` above the relevance floor, best
        first; for ``tool`` at ``tool_version``, that version's own records first (swapped in
        before the cut, so the record returned is the one reinforced), and each summary hit
        pointing at the sources that answer ``query``. ``current_facts`` (for context blocks,
        which state what holds now): the current facts said by a message that replaced a
        relevant hit are relevant too, although they may share no word with ``query`` (in a
        plain search that message itself stands for them, and they would take its place twice)."""
        engine = self.engine
        cfg = config or engine.config
        fusion = cfg.fusion
        engine.backfill(user_id)
        engine.backfill_episodes(user_id)
        embedded = engine.embed_query(query)
        at, believed = as_of or now, known_at or now
        index, store = engine.index, engine.store
        facts, episodes = _Found(), _Found()
        facts.bm25 = dict(index.search_text(user_id, query, limit=max(cfg.text_candidates, k)))
        if cfg.graph_candidates:
            facts.graph = set(index.entity_fact_ids(user_id, entity_keys(query), limit=cfg.graph_candidates))
        episodes.bm25 = dict(index.search_episodes(user_id, query, limit=max(fusion.episode_candidates, k)))
        if fusion.context > 0 and episodes.bm25:
            seeds = sorted(episodes.bm25, key=lambda eid: -episodes.bm25[eid])[:fusion.context_candidates]
            gap = timedelta(minutes=fusion.context_gap_minutes)
            for seed, near in index.episode_neighbours(user_id, seeds, max_gap=gap,
                                                       reach=fusion.context_reach).items():
                for eid in near:
                    episodes.near.setdefault(eid, []).append(seed)
        if _asks_now(query):
            # A new value of the topic asked about may share no word with the question nor be near it in
            # meaning ("which blooms do I adore?" / "peonies brighten my desk"): its family's values find it.
            for family in asked_families(query, fusion.topic_families):
                for words in search_words(family):
                    episodes.topical.update(eid for eid, _ in index.search_episodes(
                        user_id, words, limit=fusion.episode_candidates))
        vector = embedded.result()
        model = engine.embedder.model if engine.embedder is not None else None
        if vector is not None and model is not None:
            facts.cosine = dict(index.vector_search(user_id, vector, limit=max(cfg.vector_candidates, 2 * k),
                                                    model=model))
            episodes.cosine = dict(index.episode_vector_search(
                user_id, vector, limit=max(fusion.episode_candidates, k), model=model))
            facts.from_vectors, episodes.from_vectors = set(facts.cosine), set(episodes.cosine)
            _fill_cosines(facts, index.embeddings(user_id, _missing(facts), model=model), vector)
            _fill_cosines(episodes, index.episode_embeddings(user_id, _missing(episodes), model=model), vector)
        lifecycles = {Status.active} | ({Status.archived} if include_archived else set())
        base = FactQuery(user_id=user_id, known_at=believed, as_of=at, agent_id=agent_id, app_id=app_id,
                         run_id=run_id, lifecycles=frozenset(lifecycles))
        allowed_facts = store.query(replace(base, fact_ids=tuple(facts.ids()))) if facts.ids() else []
        visible = [ep for ep in store.get_episodes(episodes.ids()).values()
                   if _visible(ep, user_id=user_id, at=at, known_at=believed, run_id=run_id, agent_id=agent_id,
                               app_id=app_id) and (include_archived or ep.archived_at is None)]
        seen = {ep.id for ep in visible}
        episodes.context = {eid: max((episodes.bm25[s] for s in seeds if s in seen), default=0.0)
                            for eid, seeds in episodes.near.items()}
        best = (max(_best(facts.bm25), _best(episodes.bm25)), max(_best(facts.cosine), _best(episodes.cosine)))
        hits = [*self._score_facts(allowed_facts, facts, best, at=at, cfg=cfg),
                *self._score_episodes(visible, episodes, best, at=at, cfg=cfg)]
        top = max((h.components["relevance"] for h in hits), default=0.0)
        relevant = {h.id for h in hits if _passes_floor(
            h, fusion, top, context_bm25=episodes.context.get(h.id, 0.0) if h.episode is not None else 0.0)}
        hits = self._mark_updates(hits, user_id=user_id, at=at, vector_model=model, query_vector=vector,
                                  fusion=fusion, query=query,
                                  now_relevant=relevant if _asks_now(query) else set())
        # What replaced a relevant hit is relevant, even when it shares no word with the query,
        # and for a context block so are the current facts that statement said ("user lives in Hangzhou").
        replacers = {h.updated_by for h in hits if h.updated_by is not None and h.id in relevant}
        relevant |= replacers
        if current_facts:
            relevant |= {h.id for h in hits if h.fact is not None and not h.outdated
                         and not replacers.isdisjoint(h.fact.source_episode_ids)}
        ranked = _newer_first(sorted((h for h in hits if h.id in relevant), key=lambda h: (-h.score, h.kind, h.id)))
        ranked = prefer_version(store, ranked, tool=tool, tool_version=tool_version,
                                admits=in_scope(known_at=believed, run_id=run_id, agent_id=agent_id,
                                                app_id=app_id))[:k]
        ranked = lead_with_matching_source(store, ranked, query=query, user_id=user_id, model=model,
                                           query_vector=vector)
        if cfg.reinforce and as_of is None and known_at is None:
            touched = [h.fact.id for h in ranked if h.fact is not None]
            if touched:
                store.touch(touched, now)
        return ranked

    # -- scoring --------------------------------------------------------------------------
    def _score_facts(self, facts: list[Fact], found: _Found, best: tuple[float, float], *, at: datetime,
                     cfg: RecallConfig) -> list[Hit]:
        fusion = cfg.fusion
        best_bm25, best_cos = best
        out = []
        for fact in facts:
            relevance = _relevance(found, fact.id, best_bm25, best_cos, fusion) * fusion.fact_weight
            lifecycle = {
                "importance": fact.importance,
                "confidence": fact.confidence,
                "freshness": decayed((at - max(fact.recorded_at, fact.valid_from)).total_seconds(),
                                     cfg.decay.half_life_days(fact.memory_type, fact.access_count)),
                "access": access_score(fact.access_count, cfg.access_saturation),
            }
            out.append(_hit("fact", fact, None, found, relevance, lifecycle, best_bm25, best_cos, fusion,
                            valid_from=fact.valid_from, valid_until=fact.valid_until))
        return out

    def _score_episodes(self, episodes: list[Episode], found: _Found, best: tuple[float, float], *,
                        at: datetime, cfg: RecallConfig) -> list[Hit]:
        fusion = cfg.fusion
        best_bm25, best_cos = best
        half_life = cfg.decay.half_life_days(MemoryType.episodic)
        out = []
        for episode in episodes:
            relevance = _relevance(found, episode.id, best_bm25, best_cos, fusion)
            lifecycle = {
                "importance": 0.5, "confidence": 1.0,
                "freshness": decayed((at - episode.reference_time).total_seconds(), half_life),
                "access": 0.0,
            }
            out.append(_hit("episode", None, episode, found, relevance, lifecycle, best_bm25, best_cos, fusion,
                            valid_from=episode.reference_time, valid_until=None))
        return out

    # -- newer beats older ----------------------------------------------------------------
    def _mark_updates(self, hits: list[Hit], *, user_id: str, at: datetime, vector_model: str | None,
                      query_vector: np.ndarray | None, fusion: FusionConfig, query: str,
                      now_relevant: set[str]) -> list[Hit]:
        """Mark what a later statement replaced: episodes whose facts all ended before ``at``,
        earlier near-duplicates of a later episode, and facts whose every source was replaced.
        ``now_relevant``: the hits relevant to a question about how things are (not what
        happened; empty otherwise): of two of them, a later message that says something else
        about a topic both name and the question asks about (``query``) replaces the earlier
        one too."""
        query_topics = _topic_words(query)
        store, index = self.engine.store, self.engine.index
        episode_hits = {h.id: h for h in hits if h.episode is not None}
        updated: dict[str, tuple[str, datetime | None, float]] = {}  # hit id -> (replacing id, until, penalty)
        linked = sorted({fid for h in episode_hits.values() for fid in h.episode.fact_ids})  # type: ignore[union-attr]
        records = {f.id: f for f in store.current(user_id, fact_ids=linked)} if linked else {}
        successors = sorted({f.superseded_by for f in records.values() if f.superseded_by} - set(records))
        records.update({f.id: f for f in store.current(user_id, fact_ids=successors)} if successors else {})
        # Asked what happened ("what colour did we paint the shed before"), an ended fact is history,
        # not a replaced answer.
        for hit in episode_hits.values() if _asks_now(query) else ():
            assert hit.episode is not None
            own = [records[fid] for fid in hit.episode.fact_ids if fid in records]
            ended = [f for f in own if _ended(f, at)]
            if own and len(ended) == len(own):
                last = max(ended, key=lambda f: f.valid_until or at)
                by = last.superseded_by or last.id
                successor = records.get(by)
                # Point at the episode that said the new value when it is among the hits.
                said = [eid for eid in (successor.source_episode_ids if successor else []) if eid in episode_hits]
                updated[hit.id] = (said[0] if said else by, last.valid_until, fusion.stale_penalty)
        said_by_store = set(updated)
        kind_words = _asked_kind(query, fusion.asked_kinds)
        if vector_model is not None and len(episode_hits) > 1:
            ids = list(episode_hits)
            vectors = index.episode_embeddings(user_id, ids, model=vector_model)
            have = [eid for eid in ids if eid in vectors]
            if len(have) > 1:
                matrix = np.stack([vectors[eid] for eid in have])
                similar = matrix @ matrix.T
                times = [episode_hits[eid].episode.reference_time for eid in have]  # type: ignore[union-attr]
                texts = [episode_hits[eid].text for eid in have]
                cued = np.array([_cued(text, fusion.update_cues) for text in texts])
                cued_forms = np.array([_cued(text, fusion.update_cues, True) for text in texts])
                stamps = np.array([t.timestamp() for t in times])
                later_ = stamps[None, :] > stamps[:, None]
                plain = [" ".join(text.casefold().split()) for text in texts]
                said_as = {text: n for n, text in enumerate(dict.fromkeys(plain))}
                same_words = np.array([said_as[text] for text in plain])
                speakers = [_speaker(text) for text in texts]
                speaker_of = {name: n for n, name in enumerate(dict.fromkeys(speakers))}
                who = np.array([speaker_of[name] for name in speakers])
                # later[i, j]: j was said after i, by the same speaker (what someone else said later
                # does not replace what this speaker said), and is not a verbatim repeat of it.
                later_ &= (same_words[:, None] != same_words[None, :]) & (who[:, None] == who[None, :])
                # A speaker's name dominates MiniLM's cosine of a named message: two unrelated lines of
                # one speaker score ~0.5, so named pairs (later_ pairs one speaker) must be that much closer.
                named = np.array([name is not None for name in speakers])
                similar = similar - fusion.named_similarity_offset * named[:, None]
                # close[i, j]: the later episode j says something about i's topic
                close = later_ & (similar >= min(fusion.update_similarity, fusion.cued_update_similarity,
                                                 fusion.changed_update_similarity, fusion.topic_update_similarity))
                # Which later episode replaces an earlier one, in tiers: very similar, or similar with
                # a change cue, replaces outright; similar, or related with a cue, only when a value
                # changed (a number or a name each side lacks); and, for a question about now, related
                # with a cue or a value of another kind changed on the topic the question names.
                cue = cued[None, :]
                outright = (similar >= fusion.update_similarity) | ((similar >= fusion.cued_update_similarity) & cue)
                if_changed = ~outright & ((similar >= fusion.cued_update_similarity)
                                          | ((similar >= fusion.changed_update_similarity) & cue))
                # (a change said in any form of a cue: "renaming", "switching")
                topical_tier = (~outright & (similar >= fusion.cued_update_similarity)) \
                    | ((similar >= fusion.topic_update_similarity) & cued_forms[None, :])
                close &= outright | if_changed | (topical_tier if now_relevant else False)
                # Per earlier episode: the latest (then the most similar) later one that replaces it
                # outright or with a number or name; failing that, the most similar one that says
                # something else about the topic the question asks about (marked, penalised less).
                pending = close.any(axis=1) & np.array([eid not in updated for eid in have])
                if pending.any() or now_relevant:
                    value_changed, topic_changed, says_more = _changes([_values(t) for t in texts],
                                                                       [_topic_words(t) for t in texts])
                if pending.any():
                    decisive = close & (outright | (if_changed & value_changed)) & pending[:, None]
                    relevant_now = np.array([eid in now_relevant for eid in have])
                    asked = [words & query_topics for words in map(_topic_words, texts)]
                    topical = (close & topical_tier & relevant_now[:, None] & relevant_now[None, :]
                               & (value_changed | topic_changed) & (_overlaps(asked) > 0)
                               & pending[:, None] & ~decisive.any(axis=1, keepdims=True))
                    stamp_of = np.broadcast_to(stamps[None, :], similar.shape)
                    for tier, first, then, penalty in (
                            (decisive, stamp_of, similar, fusion.update_penalty),
                            (topical, similar, stamp_of, fusion.topic_update_penalty)):
                        for i, j in _best_of(tier, first, then):
                            updated[have[i]] = (have[j], times[j], penalty)
                if now_relevant:
                    # Only unnamed messages: in "Chen: ..." MiniLM's cosine is dominated by the name (an
                    # unrelated line of the same speaker, or a question naming them, scores 0.45-0.55),
                    # so meaning alone cannot tell a topic there.
                    position = {eid: n for n, eid in enumerate(have)}
                    topic_hits = _nearest_to_query([episode_hits[eid] for eid, name in zip(have, speakers, strict=True)
                                                    if eid in now_relevant and name is None], fusion)
                    nearest = {position[h.id]: h.similarity or 0.0 for h in topic_hits}
                    adds = np.array([_cued(text, fusion.additive_cues) for text in texts])
                    # Here a spelled-out number or a colour is a value too ("four cups" / "one
                    # espresso"): a change of one, however worded, on the topic asked about now.
                    value_words = frozenset(fusion.value_words)
                    any_value_changed = _replaces_value([_values(t, value_words) for t in texts])
                    asked_cosine = np.array([episode_hits[eid].similarity or 0.0 for eid in have])
                    replacing = later_ & ~adds[None, :]
                    unnamed = np.array([name is None for name in speakers])
                    # A clear revision (a mutual nearest pair standing out from the speaker's other messages)
                    # comes first: the looser tiers below may otherwise take a line of chatter for it.
                    relevant_unnamed = [int(i) for i in np.flatnonzero(unnamed) if have[i] in now_relevant]
                    # A later message that says the earlier one's name is gone and names a successor
                    # ("Okafor moved practices, so Dr Lindqvist sees me now") replaces it, however worded.
                    for i, j in _retired_names(relevant_unnamed, replacing & unnamed[None, :], texts, stamps, fusion):
                        updated.setdefault(have[i], (have[j], times[j], fusion.topic_update_penalty))
                    for i, j, margin in _revision_links(relevant_unnamed, replacing & unnamed[None, :], similar,
                                                        texts, cued_forms, fusion):
                        if self._stands_out(have[i], have[j], float(similar[i, j]), margin, vectors,
                                            user_id=user_id, at=at, model=vector_model, fusion=fusion):
                            updated.setdefault(have[i], (have[j], times[j], fusion.topic_update_penalty))
                    asked_kind = asked_value_kind(query, fusion.asked_value_kinds)
                    if asked_kind:  # only a question asking for a kind of value has typed revisions to find
                        changes = np.array([_cued(text, fusion.typed_revision_cues, True) for text in texts])
                        for i, j in _typed_revisions(relevant_unnamed, replacing & unnamed[None, :], changes,
                                                     similar, texts, asked_kind, fusion):
                            updated.setdefault(have[i], (have[j], times[j], fusion.topic_update_penalty))
                    for i, j in [*_query_topic_updates(nearest, replacing, similar, any_value_changed, says_more,
                                                       stamps, cued_forms, asked_cosine, fusion),
                                 *_mutual_updates(list(nearest), replacing, similar, any_value_changed,
                                                  says_more, cued_forms, asked_cosine, fusion)]:
                        updated.setdefault(have[i], (have[j], times[j], fusion.topic_update_penalty))
                    for i, j in _family_updates(query, texts, np.array([eid in now_relevant for eid in have]) & unnamed,
                                                replacing & unnamed[None, :], value_changed,
                                                similar + asked_cosine[None, :], stamps, fusion):
                        updated.setdefault(have[i], (have[j], times[j], fusion.topic_update_penalty))
        # Asked for a number or a time, a later message that states none and says nothing changed
        # is not the new answer ("the book club chose a thriller" for "when does the club meet?").
        if kind_words is not None:
            for eid, (by, _, _) in list(updated.items()):
                if eid not in said_by_store and by in episode_hits and not _states_kind(episode_hits[by].text, kind_words) \
                        and not _cued(episode_hits[by].text, fusion.update_cues, True):
                    del updated[eid]
        # Another person's value for a slot the earlier message filled for someone else ("my sister
        # moved to Dundee" / "I live in Glasgow") is their news, not an update.
        for eid, (by, _, _) in list(updated.items()):
            if by in episode_hits and _anothers_news(_said_by(eid, episode_hits, records),
                                                     _said_by(by, episode_hits, records)):
                del updated[eid]
        # A message that said several things, replaced by one that changed a part of them: asked
        # about a part it left true, it is not replaced; and only the facts of the changed part go
        # with it ("I quit the bank" leaves "user is vegetarian" true).
        parts, fact_vectors = self._changed_parts(updated, episode_hits, records, user_id=user_id, at=at,
                                                  vector_model=vector_model)
        if query_vector is not None:
            for eid, (changed, kept) in parts.items():
                if kept and _best_cosine(kept, fact_vectors, query_vector) \
                        > _best_cosine(changed, fact_vectors, query_vector):
                    del updated[eid]
        for hit in hits:
            fact = hit.fact
            if fact is not None and fact.source_episode_ids \
                    and all(eid in updated and eid in episode_hits for eid in fact.source_episode_ids) \
                    and all(eid not in parts or any(f.id == fact.id or _same_slot(fact, f) for f in parts[eid][0])
                            for eid in fact.source_episode_ids):
                updated[hit.id] = max((updated[eid] for eid in fact.source_episode_ids),
                                      key=lambda entry: entry[1] or at)
        out = []
        for hit in hits:
            if hit.id not in updated:
                out.append(hit)
                continue
            by, until, penalty = updated[hit.id]
            components = {**hit.components, "stale": 1.0}
            out.append(trusted(Hit, {**hit.__dict__, "score": hit.score * (1.0 - penalty), "components": components,
                                     "updated_by": by, "valid_until": hit.valid_until or until}))
        return out

    def _stands_out(self, earlier: str, later: str, similarity: float, margin: float,
                    vectors: dict[str, np.ndarray], *, user_id: str, at: datetime, model: str,
                    fusion: FusionConfig) -> bool:
        """Whether a revision pair found among the candidates also stands out among everything the
        speaker said: no other message of theirs after ``earlier`` (up to ``at``) comes within
        ``margin`` of its cosine to ``later``, and none before ``later`` within it of
        ``later``'s cosine to ``earlier`` (the candidates are only what the question found)."""
        index, store = self.engine.index, self.engine.store
        limit = fusion.revision_neighbours
        near = {side: dict(index.episode_vector_search(user_id, vectors[side], limit=limit, model=model))
                for side in (earlier, later)}
        rivals = {eid for scores in near.values() for eid in scores} - {earlier, later}
        said = store.get_episodes([earlier, later, *sorted(rivals)])
        first, then = said.get(earlier), said.get(later)
        if first is None or then is None:
            return False
        for side, other, after in ((earlier, later, True), (later, earlier, False)):
            for eid, cosine in near[side].items():
                rival = said.get(eid)
                if eid in (earlier, later) or rival is None or rival.user_id != user_id \
                        or _speaker(rival.content) is not None or rival.content == said[other].content:
                    continue
                when = rival.reference_time
                placed = first.reference_time < when <= at if after else when < then.reference_time
                if placed and cosine > similarity - margin:
                    return False
        return True

    def _changed_parts(self, updated: dict[str, tuple[str, datetime | None, float]], episode_hits: dict[str, Hit],
                       records: dict[str, Fact], *, user_id: str, at: datetime, vector_model: str | None,
                       ) -> tuple[dict[str, tuple[list[Fact], list[Fact]]], dict[str, np.ndarray]]:
        """For each replaced message that said facts: those its replacement changed, and those of
        other slots it left true; and the facts' vectors. Changed: ended by ``at``, or given
        another value by a fact the replacement said; when neither shows which, all of a message
        about one slot, and of a message about several the slot nearest the replacement in meaning."""
        parts: dict[str, tuple[list[Fact], list[Fact]]] = {}
        unsure: dict[str, list[Fact]] = {}
        for eid, (by, _, _) in updated.items():
            own, later_said = _said_by(eid, episode_hits, records), _said_by(by, episode_hits, records)
            changed = [f for f in own if _ended(f, at) or any(_same_slot(f, o) and _other_value(f, o)
                                                               for o in later_said)]
            if own and not changed and any(not _same_slot(own[0], f) for f in own):
                unsure[eid] = own
            elif own:
                parts[eid] = (changed or own, [f for f in own if not any(_same_slot(f, c) for c in changed or own)])
        if vector_model is None:
            return {**parts, **{eid: (own, []) for eid, own in unsure.items()}}, {}
        index = self.engine.index
        fact_vectors = index.embeddings(user_id, sorted({f.id for pair in parts.values() for part in pair
                                                         for f in part} | {f.id for own in unsure.values()
                                                                           for f in own}), model=vector_model)
        replacers = {updated[eid][0] for eid in unsure}
        replacer_vectors = {**index.episode_embeddings(user_id, sorted(replacers & set(episode_hits)), model=vector_model),
                            **index.embeddings(user_id, sorted(replacers - set(episode_hits)), model=vector_model)}
        for eid, own in unsure.items():
            replacer = replacer_vectors.get(updated[eid][0])
            known = [f for f in own if f.id in fact_vectors]
            if replacer is None or not known:
                parts[eid] = (own, [])
                continue
            nearest = max(known, key=lambda f: float(fact_vectors[f.id] @ replacer))
            parts[eid] = ([f for f in own if _same_slot(f, nearest)], [f for f in own if not _same_slot(f, nearest)])
        return {eid: _one_part_together(changed, kept) for eid, (changed, kept) in parts.items()}, fact_vectors


def _missing(found: _Found) -> list[str]:
    return [rid for rid in found.ids() if rid not in found.cosine]


def _fill_cosines(found: _Found, vectors: dict[str, np.ndarray], query: np.ndarray) -> None:
    for rid, vec in vectors.items():
        found.cosine[rid] = float(vec @ query)


def _best(scores: dict[str, float]) -> float:
    return max((s for s in scores.values() if s > 0), default=0.0)


def _relevance(found: _Found, rid: str, best_bm25: float, best_cos: float, fusion: FusionConfig) -> float:
    bm25 = found.bm25.get(rid, 0.0)
    cos = max(found.cosine.get(rid, 0.0), 0.0)
    parts = (
        fusion.bm25 * (bm25 / best_bm25 if best_bm25 > 0 else 0.0),
        fusion.dense * (cos / best_cos if best_cos > 0 else 0.0),
        fusion.graph * (1.0 if rid in found.graph else 0.0),
        fusion.context * (found.context.get(rid, 0.0) / best_bm25 if best_bm25 > 0 else 0.0),
    )
    return sum(parts)


def _hit(kind: str, fact: Fact | None, episode: Episode | None, found: _Found, relevance: float,
         lifecycle: dict[str, float], best_bm25: float, best_cos: float, fusion: FusionConfig, *,
         valid_from: datetime | None, valid_until: datetime | None) -> Hit:
    rid = fact.id if fact is not None else episode.id  # type: ignore[union-attr]
    bm25, cos = found.bm25.get(rid), found.cosine.get(rid)
    components = {
        "bm25": bm25 / best_bm25 if bm25 is not None and best_bm25 > 0 else 0.0,
        "dense": max(cos or 0.0, 0.0) / best_cos if best_cos > 0 else 0.0,
        "graph": 1.0 if rid in found.graph else 0.0,
        "context": found.context.get(rid, 0.0) / best_bm25 if best_bm25 > 0 else 0.0,
        "relevance": relevance,
        **lifecycle,
        "stale": 0.0,
    }
    factor = 1.0 - fusion.lifecycle_share + fusion.lifecycle_share * (
        sum(lifecycle[name] for name in LIFECYCLE) / len(LIFECYCLE))
    matched = tuple(name for name, hit in (("text", bm25 is not None), ("vector", rid in found.from_vectors),
                                           ("graph", rid in found.graph)) if hit)
    # Values the search computed itself: unvalidated (a search scores many more candidates than
    # it returns; docs/benchmarks.md has the cost).
    return trusted(Hit, {"kind": kind, "fact": fact, "episode": episode, "score": relevance * factor,
                         "components": components, "matched_by": matched, "similarity": cos, "text_score": bm25,
                         "updated_by": None, "valid_from": valid_from, "valid_until": valid_until})


def _passes_floor(hit: Hit, fusion: FusionConfig, top: float, *, context_bm25: float) -> bool:
    """Relevant enough to return (and so to reinforce): a fact about an entity the query names,
    or close to the best hit with a real cosine or a real BM25 match, its own or
    ``context_bm25`` (the best raw BM25 of the turns said next to it). MiniLM's cosines alone do
    not separate an unrelated text from a loosely related one, so the floor is mostly relative."""
    if hit.components["graph"] > 0:  # a fact about an entity the query names is relevant by itself
        return True
    if hit.components["relevance"] < fusion.relative_floor * top:
        return False
    return ((hit.similarity is not None and hit.similarity >= fusion.min_similarity)
            or (hit.text_score is not None and hit.text_score >= fusion.min_bm25)
            or context_bm25 >= fusion.min_bm25)


def _visible(episode: Episode, *, user_id: str, at: datetime, known_at: datetime, run_id: str | None,
             agent_id: str | None, app_id: str | None) -> bool:
    return (episode.user_id == user_id and episode.reference_time <= at and episode.recorded_at <= known_at
            and not says_nothing(episode.content)
            and (run_id is None or episode.run_id == run_id) and (agent_id is None or episode.agent_id == agent_id)
            and (app_id is None or episode.app_id == app_id))


def _said_by(rid: str, episode_hits: dict[str, Hit], records: dict[str, Fact]) -> list[Fact]:
    """The current records an episode hit said, or the record ``rid`` itself."""
    ids = episode_hits[rid].episode.fact_ids if rid in episode_hits else [rid]  # type: ignore[union-attr]
    return [records[fid] for fid in ids if fid in records]


def _anothers_news(earlier: list[Fact], later: list[Fact]) -> bool:
    """Whether ``later`` gives a predicate of ``earlier`` a value only for other subjects and
    shares no slot with it: someone else's news, not a change of what ``earlier`` said."""
    slots = {(object_key(f.subject), f.predicate) for f in earlier}
    said = {(object_key(f.subject), f.predicate) for f in later}
    return any(predicate in {p for _, p in slots} for _, predicate in said) and slots.isdisjoint(said)


def _one_part_together(changed: list[Fact], kept: list[Fact]) -> tuple[list[Fact], list[Fact]]:
    """A replaced message's changed and kept facts, with every kept fact that says something the
    changed ones say (a content word of its text besides its subject: "user plans to study
    architecture" under another predicate) moved to the changed part: one part of the message,
    said twice, is replaced as a whole; a fact of another part ("user is vegetarian") stays true."""
    said = {word for fact in changed for word in _fact_words(fact)}
    moved = [fact for fact in kept if not said.isdisjoint(_fact_words(fact))]
    return changed + moved, [fact for fact in kept if fact not in moved]


def _fact_words(fact: Fact) -> frozenset[str]:
    """The content words of a fact's text without its subject's."""
    return _topic_words(fact.text) - _topic_words(fact.subject)


def _best_cosine(facts: list[Fact], vectors: dict[str, np.ndarray], to: np.ndarray) -> float:
    """The highest cosine of one of ``facts`` (those with a vector) to ``to``; -1 for none."""
    return max((float(vectors[f.id] @ to) for f in facts if f.id in vectors), default=-1.0)


def _same_slot(fact: Fact, other: Fact) -> bool:
    """Whether ``other`` is about ``fact``'s slot (its subject and predicate)."""
    return other.predicate == fact.predicate and object_key(other.subject) == object_key(fact.subject)


def _other_value(fact: Fact, other: Fact) -> bool:
    """Whether ``other`` states another value than ``fact`` (a slot's other object)."""
    return object_key(other.object) != object_key(fact.object)


def _ended(fact: Fact, at: datetime) -> bool:
    """No longer true at ``at``: closed before it, retracted as wrong, or expired (task context)."""
    return (fact.retracted_at is not None or fact.status is Status.expired
            or (fact.valid_until is not None and fact.valid_until <= at)
            or (fact.expires_at is not None and fact.expires_at <= at))


@functools.lru_cache(maxsize=1 << 16)
def _cued(text: str, cues: tuple[str, ...], forms: bool = False) -> bool:
    """Whether ``text`` says that something changed (one of ``cues``; with ``forms``, a cue's
    first word in any regular form too)."""
    return _cue_pattern(cues, forms).search(text) is not None


@functools.cache
def _cue_pattern(cues: tuple[str, ...], forms: bool) -> re.Pattern[str]:
    """One case-insensitive pattern matching any cue as whole words; with ``forms``, its first
    word in any regular form ("rename": renames, renamed, renaming)."""
    def inflected(word: str) -> str:
        if not forms:
            return re.escape(word)
        stem = word[:-1] if word.endswith("e") else word
        return re.escape(stem) + ("(?:e|es|ed|ing)" if stem != word else "(?:s|es|d|ed|ing)?")

    def phrase(cue: str) -> str:
        first, *rest = cue.split()
        return r"\s+".join([inflected(first), *map(re.escape, rest)])

    words = sorted(cues, key=len, reverse=True)
    return re.compile(r"\b(?:" + ("|".join(map(phrase, words)) or "(?!)") + r")\b", re.IGNORECASE)


_WORDS = re.compile(r"[\w'$€£%-]+|[.!?]")


def _speaker(text: str) -> str | None:
    """The name leading a named message (stored as ``Caroline: ...``), or None."""
    match = SPEAKER_LEAD.match(text)
    return match.group(0)[:-2] if match else None


@functools.lru_cache(maxsize=1 << 16)
def _values(text: str, words: frozenset[str] = frozenset()) -> frozenset[str]:
    """The values a message states: numbers, capitalised words inside a sentence (names,
    places, dates) and any of ``words`` (lower case: "four", "navy"), without the speaker's
    name that leads a named message."""
    out = set()
    start, previous = True, ""
    for word in _WORDS.findall(SPEAKER_LEAD.sub("", text, count=1)):
        if word in ".!?":  # a sentence ends, unless after an abbreviated title ("Dr.", "Mrs.", "St.")
            start = start or previous not in TITLES
            continue
        previous = word
        if any(ch.isdigit() for ch in word) or (not start and word[0].isupper() and word not in ("I", "I'm")) \
                or word.casefold() in words:
            out.add(word.casefold())
        start = False
    return frozenset(out)


_ADVERB = re.compile(r"\w+ly\Z")


@functools.lru_cache(maxsize=1 << 16)
def _leading_names(text: str) -> frozenset[str]:
    """The capitalised words opening a sentence that are not function, chat or -ly words: in a
    message about a person's role ("Raj is my boss now", "Mel coaches me on Tuesdays") the name
    that opens it, which ``_values`` cannot tell from any capitalised first word."""
    out = set()
    start = True
    for word in _WORDS.findall(SPEAKER_LEAD.sub("", text, count=1)):
        if word in ".!?":
            start = True
            continue
        plain = word.casefold()
        if start and word[0].isupper() and word.isalpha() and word not in ("I", "I'm") \
                and plain not in STOPWORDS and plain not in _CHAT_WORDS and not _ADVERB.match(plain):
            out.add(plain)
        start = False
    return frozenset(out)


#: Words of chat that name no topic and no value ("really", "going", "thanks"), on top of
#: BM25's stop words: they neither tie two messages to one topic nor count as a value.
_CHAT_TEXT = """
    just really very also much more most some been being have having going gonna want wanted think thought
    know knew like liked love loved good great nice awesome amazing cool thanks thank yeah yes wow make made
    get got take took still even ever always never lot lots thing things something anything everything time
    times one ones now new well sure glad feel felt look looks looking see saw seen said say says tell told
    way ways back over onto those these there here then them they their your yours mine ours i'm i've i'll
    it's that's we're we've we'll you're don't didn't can't after all instead lately these days anymore since
    """
_CHAT_WORDS = frozenset(_CHAT_TEXT.split())


@functools.lru_cache(maxsize=1 << 16)
def _topic_words(text: str) -> frozenset[str]:
    """The content words of a message (lower case, crudely stemmed), without the
    speaker's name, stop words and chat words: what it is about and the values it states."""
    out = set()
    for word in _WORDS.findall(SPEAKER_LEAD.sub("", text, count=1).casefold()):
        word = word.removesuffix("'s").strip("'-")
        if len(word) < 3 or word in STOPWORDS or word in _CHAT_WORDS or not word[0].isalnum():
            continue
        out.add(stem(word))
    return frozenset(out)


def _changes(values: list[frozenset[str]],
             topics: list[frozenset[str]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every (earlier ``i``, later ``j``) pair of messages, given each one's values and topic
    words: whether ``j`` replaces a number or a name of ``i`` (each states one the other does
    not); whether, about a topic both name (a content word in common), ``j`` says something
    ``i`` does not: a value of any other kind ("painted yellow" / "sage green for the kitchen
    walls", "a cabin in Maine" / "the Maine cabin fell through, a houseboat in Oregon"); and
    whether ``j`` has a topic word ``i`` lacks, shared topic or not."""
    shared_topics = _overlaps(topics)
    topic_count = np.array([len(t) for t in topics])
    says_more = topic_count[None, :] > shared_topics
    return _replaces_value(values), (shared_topics > 0) & says_more, says_more


def _replaces_value(values: list[frozenset[str]]) -> np.ndarray:
    """For every pair of messages, given each one's values: whether each states one the other does not."""
    shared = _overlaps(values)
    count = np.array([len(v) for v in values])
    return (count[:, None] > shared) & (count[None, :] > shared)


def _overlaps(sets: list[frozenset[str]]) -> np.ndarray:
    """How many members each pair of ``sets`` has in common (a square matrix)."""
    column: dict[str, int] = {}
    rows = [i for i, members in enumerate(sets) for _ in members]
    cols = [column.setdefault(word, len(column)) for members in sets for word in members]
    incidence = np.zeros((len(sets), len(column)), dtype=np.float32)
    incidence[rows, cols] = 1.0
    return (incidence @ incidence.T).astype(np.int64)


def _best_of(candidates: np.ndarray, first: np.ndarray, then: np.ndarray) -> list[tuple[int, int]]:
    """For each row with a candidate: the candidate column with the highest ``first``, then the
    highest ``then``, then the lowest column, as ``(row, column)`` pairs."""
    rows = np.flatnonzero(candidates.any(axis=1))
    if not len(rows):
        return []
    chosen = candidates[rows]
    for key in (first[rows], then[rows]):
        masked = np.where(chosen, key, -np.inf)
        chosen &= masked == masked.max(axis=1, keepdims=True)
    return list(zip(rows.tolist(), chosen.argmax(axis=1).tolist(), strict=True))


def _nearest_to_query(hits: list[Hit], fusion: FusionConfig) -> list[Hit]:
    """The few episodes nearest a question in meaning (``query_topic_episodes``, each at least
    ``query_topic_similarity``): what the question is about, whatever their words."""
    near = sorted((h for h in hits if (h.similarity or 0.0) >= fusion.query_topic_similarity),
                  key=lambda h: (-(h.similarity or 0.0), h.id))
    return near[:fusion.query_topic_episodes]


def _query_topic_updates(query_cosine: dict[int, float], later: np.ndarray, similar: np.ndarray,
                         value_changed: np.ndarray, says_more: np.ndarray, stamps: np.ndarray,
                         cued: np.ndarray, asked: np.ndarray, fusion: FusionConfig) -> list[tuple[int, int]]:
    """(earlier, later) pairs among the episodes nearest a question about now (``query_cosine``:
    index to cosine): the later one, related to the earlier (cosine
    ``query_topic_pair_similarity``), nearly as near the question (``query_topic_ratio`` of its
    cosine) and saying something it does not, replaces it although they share no word ("I bank
    with Lloyds" / "my salary now lands in a Starling account", asked "who holds my current
    account?"). Of several, the one most like the earlier message and the question together wins
    (then the latest): a later aside that merely shares the question's words ("any good history
    books?") must not stand in for the real replacement ("audiobooks are how I get through
    novels"); a chain still ends at its last value, each step replacing the one before.
    ``later`` already leaves out messages that add rather than replace."""
    out = []
    for i in query_cosine:
        newer = [j for j in query_cosine if later[i, j] and similar[i, j] >= fusion.query_topic_pair_similarity
                 and query_cosine[j] >= fusion.query_topic_ratio * query_cosine[i]
                 and (value_changed[i, j] or says_more[i, j])]
        if newer:
            out.append((i, max(newer, key=lambda j: (similar[i, j] + query_cosine[j], stamps[j]))))
            continue
        # Worded far from the question ("the watch reads 58 at rest" for "what's my pulse when
        # I'm relaxed?"): the later message most like the earlier one, when it replaces a number
        # or a name or says that something changed; or the one most like the earlier one and the
        # question together (a second hop: "our gardener is called Pete" -> "mowing and hedges
        # are Dylan's job since spring" for "who looks after our garden?"), when it says that
        # something changed (a replaced name alone is too weak there: "I have a sister called Mia").
        after = np.flatnonzero(later[i])
        if after.size:
            for j in dict.fromkeys((int(after[np.argmax(similar[i, after])]),
                                    int(after[np.argmax(similar[i, after] + asked[after])]))):
                if (similar[i, j] >= fusion.query_topic_far_similarity and (cued[j] or value_changed[i, j])) \
                        or (similar[i, j] + asked[j] >= fusion.query_topic_hop_similarity and cued[j]):
                    out.append((i, j))
                    break
    return out



def _family_updates(query: str, texts: list[str], earlier: np.ndarray, later: np.ndarray, value_changed: np.ndarray,
                    closeness: np.ndarray, stamps: np.ndarray, fusion: FusionConfig) -> list[tuple[int, int]]:
    """(earlier, later) pairs on a topic family the question about now names (``fusion.topic_families``):
    an earlier message that names the family (``earlier``: relevant and unnamed) is replaced by a later
    one (``later[i, j]``) that states a member of it the earlier one did not ("coffee is my go-to" /
    "switched to green tea lately", asked "what do I drink?"), or names the family and replaces a
    number or a name (``value_changed``: "our dentist is Dr Lewis" / "we registered with Dr Ahmed at
    the new practice"), when it is near enough the earlier message and the question together
    (``closeness``, ``family_update_closeness``); of several, the nearest wins, then the latest."""
    out: dict[int, int] = {}
    for _, heads, members in asked_families(query, fusion.topic_families):
        stated = [family_members(text, members) for text in texts]
        names = [names_family(text, heads, members) for text in texts]
        changed = value_changed if members else _replaces_value(  # people: "Raj is my boss now" names its value first
            [_values(text) | _leading_names(text) if named else _values(text) for text, named in zip(texts, names, strict=True)])
        for i in np.flatnonzero(earlier):
            if int(i) in out or not names[i]:
                continue
            newer = [j for j in np.flatnonzero(later[i])
                     if (closeness[i, j] >= fusion.family_update_closeness
                         and (stated[j] - stated[i] or (names[j] and changed[i, j])))
                     or (not members and names[j] and changed[i, j]
                         and closeness[i, j] >= fusion.people_update_closeness)]
            if newer:
                out[int(i)] = int(max(newer, key=lambda j: (closeness[i, j], stamps[j])))
    return list(out.items())


def _mutual_updates(earlier: list[int], later: np.ndarray, similar: np.ndarray, value_changed: np.ndarray,
                    says_more: np.ndarray, cued: np.ndarray, asked: np.ndarray,
                    fusion: FusionConfig) -> list[tuple[int, int]]:
    """(earlier, later) pairs that are each other's nearest: an episode on a now-question's topic
    (``earlier``) and the later episode most like it, when it is in turn the earlier episode most
    like that one and they are at least ``mutual_update_similarity`` alike: one topic said twice,
    however worded. The later one replaces the earlier when it changes a number, name or value
    word and keeps ``mutual_query_ratio`` of its cosine to the question (``asked``: "our quiz
    team sits 7th" / "three wins have lifted us to 2nd in the table"), or, however far from the
    question, when it says that something changed and says something the earlier does not
    ("I drink oat milk in my tea" / "switched to semi-skimmed, the oat stuff was too sweet")."""
    out = []
    for i in earlier:
        after = np.flatnonzero(later[i])
        if not after.size:
            continue
        j = int(after[np.argmax(similar[i, after])])
        before = np.flatnonzero(later[:, j])
        if int(before[np.argmax(similar[before, j])]) != i or similar[i, j] < fusion.mutual_update_similarity:
            continue
        if (value_changed[i, j] and asked[j] >= fusion.mutual_query_ratio * asked[i]) \
                or (cued[j] and (value_changed[i, j] or says_more[i, j])):
            out.append((i, j))
    return out


def _revision_links(earlier: list[int], later: np.ndarray, similar: np.ndarray, texts: list[str],
                    cued: np.ndarray, fusion: FusionConfig) -> list[tuple[int, int, float]]:
    """(earlier, later, margin) triples where the later message revises the earlier one, chosen relatively:
    of a relevant message (``earlier``), the later message of its speaker most like it, when the
    earlier one is in turn that message's most like it among what the speaker said before, each
    by ``revision_margin`` over the runner-up (``revision_value_margin`` when it says nothing
    changed and only states another value), and the later one revises it (``_revises``). A pair
    that stands out from everything else the speaker said is one topic said twice, whatever its
    words; chatter has near-twins on both sides and no margin (docs/recall.md, "Revision links").
    ``later`` leaves out messages that add rather than replace ("we also adopted a kitten")."""
    value_words = frozenset(fusion.value_words)
    out = []
    for i in earlier:
        after = np.flatnonzero(later[i])
        if not after.size:
            continue
        ranked = after[np.argsort(-similar[i, after], kind="stable")]
        j = int(ranked[0])
        best = similar[i, j]
        if best < fusion.revision_similarity or not _revises(texts[i], texts[j], value_words, bool(cued[j])):
            continue
        margin = fusion.revision_margin if cued[j] else fusion.revision_value_margin
        rivals = np.flatnonzero(later[:, j])
        rivals = rivals[rivals != i]
        if (ranked.size > 1 and best - similar[i, ranked[1]] < margin) \
                or (rivals.size and best - similar[rivals, j].max() < margin):
            continue
        out.append((i, j, margin))
    return out


def _retired_names(earlier: list[int], later: np.ndarray, texts: list[str], stamps: np.ndarray,
                   fusion: FusionConfig) -> list[tuple[int, int]]:
    """(earlier, later) pairs where the later message says a name of the earlier one is gone (a
    ``departures`` phrase after it: "Mrs Daley took a post elsewhere") and names another in its
    place; of several, the latest. The name itself links the two messages, so no cosine is needed."""
    if not fusion.departures:
        return []
    out = []
    for i in earlier:
        names = typed_values(texts[i]).get("name", frozenset())
        successors = [int(j) for j in np.flatnonzero(later[i])
                      if any(name in texts[j].casefold() for name in names)
                      and names_a_successor(texts[i], texts[j], fusion.departures)]
        if successors:
            out.append((i, max(successors, key=lambda j: stamps[j])))
    return out


def _typed_revisions(earlier: list[int], later: np.ndarray, cued: np.ndarray, similar: np.ndarray, texts: list[str],
                     kind: str, fusion: FusionConfig) -> list[tuple[int, int]]:
    """(earlier, later) pairs where the later message gives another value of the kind the question
    asks for (``value_kinds``: a date for "when", a colour, a name for "who" or "where"): of a
    relevant message that states a value of that kind (``earlier``), the later message of its
    speaker nearest it in meaning among those that say something changed (``cued``) and state
    another value of the kind, when their cosine is at least ``typed_revision_similarity`` ("the
    quarterly review is on 20 January" / "the performance chat slipped to 3 February", asked
    "when's my appraisal?"). Chatter rarely states a date, a colour or a name, so the nearest
    such message is the revision, however far its words; without a change said, an unrelated
    later date is as near ("my sister's wedding is on 12 August"), so one is required. ``later``
    leaves out messages that add rather than replace."""
    values = [typed_values(text) for text in texts]
    out = []
    for i in earlier:
        if kind not in values[i]:
            continue
        topic = _topic_words(texts[i])
        newer = [int(j) for j in np.flatnonzero(later[i])
                 if (cued[j] or _changes_its_object(texts[j], topic, fusion.typed_revision_object_cues))
                 and gives_another(values[i], values[j], kind)]
        if not newer:
            continue
        j = max(newer, key=lambda j: similar[i, j])
        if similar[i, j] >= fusion.typed_revision_similarity:
            out.append((i, j))
    return out


#: Where the object of a change verb ends: a preposition, a conjunction or a clause break ("cancel
#: my dentist appointment | at 2pm", "by bank transfer | for the tickets").
_OBJECT_END = re.compile(r"[.,;:!?()]|\b(?:at|on|in|to|for|by|from|with|until|till|because|so|and|but|as|of|after"
                         r"|before|since|due|which|who|when|while|if|cos|coz)\b", re.IGNORECASE)
#: Objects that stand for what was said before ("had to cancel it").
_BACK_REFERENCE = frozenset(("it", "them"))


def _changes_its_object(later: str, topic: frozenset[str], verbs: tuple[str, ...]) -> bool:
    """Whether ``later`` uses one of ``verbs`` (in any regular form) on something the earlier
    message is about (``topic``, its topic words): its object (the words after it up to a preposition or a clause break) is "it" or "them"
    or shares a topic word with ``earlier`` ("postponed the review" after "the review is on 20
    January"; not "cancel my own dentist appointment" after "the swimming lesson is at 4pm")."""
    if not verbs:
        return False
    for match in _cue_pattern(verbs, True).finditer(later):
        rest = later[match.end():]
        end = _OBJECT_END.search(rest)
        words = _WORDS.findall((rest[:end.start()] if end else rest).casefold())[:6]
        if _BACK_REFERENCE.intersection(words) or _topic_words(" ".join(words)) & topic:
            return True
    return False


def _revises(earlier: str, later: str, value_words: frozenset[str], cued: bool) -> bool:
    """Whether ``later`` gives another value for what ``earlier`` said, rather than going on about
    it: it does not restate every value of the earlier one ("we have a dog called Rex" / "Rex
    turned 5 last week" is news about Rex), and it says that something changed or states a value
    of a kind the earlier one had and lost, a number for a number, a name or a colour for a
    name or a colour ("60 grams" / "45 grams", "Leeds" / "Bristol"; not "Rex" / "5")."""
    old, new = _values(earlier, value_words), _values(later, value_words)
    said = {word.casefold() for word in _WORDS.findall(later)}
    if old and old <= said:
        return False
    if cued:
        return True
    lost, gained = old - new, new - old
    return any(_is_number(a) == _is_number(b) for a in lost for b in gained)


#: Spelled-out numbers: the value words of the kind "how many" asks for.
_NUMBER_WORDS = frozenset(word for kind, _, words in ASKED_KINDS if kind == "number" for word in words)


def _is_number(value: str) -> bool:
    """Whether a value is a number (a digit, or a spelled-out number)."""
    return any(ch.isdigit() for ch in value) or value in _NUMBER_WORDS


_QUESTION_WORD = re.compile(r"\b(?:what|which|who|whom|whose|where|when|how|why)\b", re.IGNORECASE)


def _asked_kind(query: str, kinds: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]) -> frozenset[str] | None:
    """The value words of the kind of value ``query`` asks for by its question word (a number for
    "how many", a time for "when"), or None when it asks for none of them. Only the first question
    word counts: "what colour do I wear when it's cold?" asks for a colour, not a time."""
    asks = _QUESTION_WORD.search(query)
    if asks is None:
        return None
    for _, phrases, words in kinds:
        if _cue_pattern(phrases, False).match(query, asks.start()):
            return frozenset(words)
    return None


def _states_kind(text: str, words: frozenset[str]) -> bool:
    """Whether ``text`` states a value of a kind: a digit, or one of its ``words``."""
    return any(ch.isdigit() for ch in text) or not words.isdisjoint(_WORDS.findall(text.casefold()))


#: A question about what happened or what was, not how things are now ("what did she paint",
#: "where has he camped", "how long ago was it", "what would Melanie do", "what was my job before").
_ASKS_HISTORY = re.compile(
    r"\b(?:did|was|were|ago|ever|used to|previously|earlier|originally|would(?!\s+(?:i|we|you)\b)"
    r"|last\s+(?:" + alternation(LAST_TIMES) + r")"
    r"|(?:has|have|had)(?:\s+\w+){0,4}?\s+(?:\w{3,}ed|been|done|gone|made|seen|taken|given|written|met|won|read"
    r"|got|gotten|had|bought|built|found|heard|kept|left|lost|run|taught|thought|told|felt|sent|spent|went))\b",
    re.IGNORECASE)
#: "before" dates a question about the past ("my job before the reorg?") unless the question is in the
#: present or future tense and what follows names no past ("what am I doing before my flight?", not
#: "what is the puppy he got before August 11, 2023 called?").
_BEFORE = re.compile(r"\bbefore\b(?P<then>.*)", re.IGNORECASE)
_PAST_VERB = re.compile(r"\b(?:\w{3,}ed|was|were|had|did)\b", re.IGNORECASE)
_PRESENT_TENSE = re.compile(r"\b(?:is|are|am|do|does|will|shall|can|should|must|need|needs|going)\b|'(?:s|re|m|ll)\b",
                            re.IGNORECASE)
#: A question in the past or perfect tense whose answer still holds (``OUTCOME_VERBS`` and the lists
#: beside it): asked by what, which, where, who or how much/many/far, or as a yes-or-no question;
#: "why", "when" and "how did" ask about the event, "decided to" and "went for a" about an act. A
#: measure so far is a passive or a progressive perfect ("how far has my car been driven?", "how many
#: days in a row have I been running?"): an active one counts events over the history ("how many
#: tournaments has Nate won?"), and "how long" is answered by when it began ("how long has John been
#: surfing?"), where the earlier messages are the answer.
_OPENING = (r"^\W*(?:(?:so|and|ok|okay|hey|remind me|quick question)\W+)*"
            r"(?:(?:what|which|where|who|whom|whose|how\s+(?:many|much|far|short|long))\b(?:\s+[\w'-]+){0,4}?\s+)?")
_SUBJECT = r"(?:[\w'-]+\s+){0,4}?"
_PARTICIPLE = r"(?:\w{3,}ed|" + alternation(PAST_PARTICIPLES) + r")"
_ASKS_OUTCOME = re.compile(
    _OPENING + r"(?:(?:did|have|has)\s+" + _SUBJECT + r"(?:" + alternation(OUTCOME_VERBS) + r")(?!\s+(?:an?|to)\b)"
    r"|did\s+(?:i|we)\s+(?:" + alternation(SAYING_VERBS) + r")"
    r"|(?:did|have|has)\s+" + _SUBJECT + r"(?:get|got|gotten|have|had)\s+(?:(?:my|our|your|his|her|their|the)\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+)?\s+" + _PARTICIPLE
    + r"|(?:have|has)\s+" + _SUBJECT + r"got)\b"
    r"|^\W*where\s+(?:did|have|has)\s+" + _SUBJECT + r"(?:" + alternation(PLACING_VERBS) + r")\b", re.IGNORECASE)
_ASKS_SO_FAR = re.compile(
    r"^\W*how\s+(?:many|much|far)\b(?:\s+[\w'-]+){0,4}?\s+(?:has|have)\s+" + _SUBJECT
    + r"been\s+(?:\w+ing|" + _PARTICIPLE + r")\b", re.IGNORECASE)
_DATED = (r"(?:19|20)\d\d|january|february|march|april|june|july|august|september|october|november|december"
          r"|\d+\s+may|may\s+\d+")
_NAMES_PAST = re.compile(r"\b(?:" + alternation(PAST_MARKERS) + "|" + _DATED + r")\b", re.IGNORECASE)
_NAMES_DATE = re.compile(r"\b(?:" + _DATED + r")\b", re.IGNORECASE)


def _asks_now(query: str) -> bool:
    """Whether ``query`` asks how things are now: present tense with no past or history marker, or a
    choice, a saying, a placing or a measure so far whose answer still holds, with no time gone by named."""
    if (_ASKS_OUTCOME.search(query) or _ASKS_SO_FAR.search(query)) and not _NAMES_PAST.search(query):
        return True
    before = _BEFORE.search(query)
    if before and not (_PRESENT_TENSE.search(query) and not _PAST_VERB.search(before["then"])
                       and not _NAMES_DATE.search(before["then"])):
        return False
    return _ASKS_HISTORY.search(query) is None


def _newer_first(ranked: Sequence[Hit]) -> list[Hit]:
    """Move what replaced a hit to just above it (stable otherwise): the replacing hit, and the
    current facts its episode said, so a stale episode never outranks the value that replaced it."""
    order = list(ranked)
    if all(hit.updated_by is None for hit in order):
        return order
    ids = [h.id for h in order]  # kept in step with order (positions by id: Hit equality is slow)
    said: dict[str, set[str]] = {}  # an id -> the hits that are it or current facts it said
    for h in order:
        said.setdefault(h.id, set()).add(h.id)
        if h.fact is not None and not h.outdated:
            for eid in h.fact.source_episode_ids:
                said.setdefault(eid, set()).add(h.id)
    for hit in list(order):
        by = hit.updated_by
        if by is None:
            continue
        replacers = sorted(said.get(by, ()), key=ids.index)
        old = ids.index(hit.id)
        for newer in replacers:
            at = ids.index(newer)
            if at > old:
                order.insert(old, order.pop(at))
                ids.insert(old, ids.pop(at))
                old += 1
    return order
