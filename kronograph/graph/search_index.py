"""The search-index contract: what recall asks of a backend, over facts and episodes alike.

queries/ depends on this interface only, never on how a backend indexes: the embedded store
keeps per-user BM25 and vector indexes in memory beside SQLite, the Neo4j store uses its
full-text and vector indexes. Indexes hold candidate ids and scores; the clocks, lifecycle
and scope filters are applied afterwards through :meth:`GraphStore.query` (facts) and the
episodes' own fields, so one index entry per record serves every ``as_of``/``known_at``.

Every text entering BM25 (documents and queries) goes through
:func:`kronograph.language.search_text`, so all indexes agree on tokens.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import timedelta

import numpy as np

#: An id and a score, higher is better.
Scored = list[tuple[str, float]]


class SearchIndex(ABC):
    """Candidate search over one user's facts and episodes: BM25, embeddings, entities."""

    # -- facts ----------------------------------------------------------------------------
    @abstractmethod
    def search_text(self, user_id: str, query: str, *, limit: int) -> Scored:
        """BM25 over a user's records: ``(fact_id, score)``, best first; term statistics are the user's own.

        ``query`` is free text (the backend quotes it); an empty result when nothing matches.
        """

    @abstractmethod
    def put_embeddings(self, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]], *, model: str) -> int:
        """Store one embedding per record id (replacing any); ids no longer stored are skipped.
        Returns how many were stored."""

    @abstractmethod
    def pending_embeddings(self, user_id: str | None, *, limit: int, model: str | None = None) -> list[tuple[str, str]]:
        """``(fact_id, text)`` of records (of one user, or any) that have no embedding yet, or,
        when ``model`` is given, only an embedding of another model."""

    @abstractmethod
    def vector_search(self, user_id: str, vector: np.ndarray, *, limit: int, model: str) -> Scored:
        """The user's records nearest to ``vector`` (unit length) by cosine: ``(fact_id, similarity)``,
        best first. Must not scan other users' vectors."""

    @abstractmethod
    def embeddings(self, user_id: str, fact_ids: Sequence[str], *, model: str) -> dict[str, np.ndarray]:
        """Stored unit-length embeddings of these records (missing ones are left out)."""

    @abstractmethod
    def entity_fact_ids(self, user_id: str, name_keys: Sequence[str], *, limit: int) -> list[str]:
        """Ids of records whose subject or object entity has one of these name keys
        (:func:`~kronograph.temporal.timeline.object_key`), newest first, at most ``limit``."""

    # -- episodes -------------------------------------------------------------------------
    @abstractmethod
    def search_episodes(self, user_id: str, query: str, *, limit: int) -> Scored:
        """BM25 over a user's episodes (their content, speaker names included):
        ``(episode_id, score)``, best first; term statistics are the user's own episodes'."""

    @abstractmethod
    def put_episode_embeddings(self, vectors: Sequence[tuple[str, Sequence[float] | np.ndarray]], *,
                               model: str) -> int:
        """Store one embedding per episode id (replacing any); unknown ids are skipped."""

    @abstractmethod
    def pending_episode_embeddings(self, user_id: str | None, *, limit: int,
                                   model: str | None = None) -> list[tuple[str, str]]:
        """``(episode_id, content)`` of episodes (of one user, or any) that have no embedding
        yet, or, when ``model`` is given, only an embedding of another model."""

    @abstractmethod
    def episode_vector_search(self, user_id: str, vector: np.ndarray, *, limit: int, model: str) -> Scored:
        """The user's episodes nearest to ``vector`` by cosine, best first (this user's only)."""

    @abstractmethod
    def episode_embeddings(self, user_id: str, episode_ids: Sequence[str], *, model: str) -> dict[str, np.ndarray]:
        """Stored unit-length embeddings of these episodes (missing ones are left out)."""

    @abstractmethod
    def episode_neighbours(self, user_id: str, episode_ids: Sequence[str], *, max_gap: timedelta,
                           reach: int = 1) -> dict[str, list[str]]:
        """For each of the user's ``episode_ids``: the ``reach`` episodes said just before and
        the ``reach`` just after it in the same conversation (same run, at most ``max_gap`` apart
        in reference time), in the order said. Conversation order is reference time, then the
        order recorded."""

    # -- cleanup --------------------------------------------------------------------------
    @abstractmethod
    def forget_indexed(self, user_id: str, *, episode_ids: Sequence[str] = ()) -> None:
        """Drop everything derived from text that was deleted or rewritten (redacted): the
        embeddings of ``episode_ids`` (re-queued when the episode still exists, so its new text
        is embedded again) and every in-memory index of the user (rebuilt from the stored text
        on the next search). Call it after deleting or rewriting episodes outside the store's
        own hard delete, which does this itself."""
