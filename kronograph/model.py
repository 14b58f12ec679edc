"""The vocabulary of kronograph: facts on bi-temporal edges, entities, episodes, results.

Models are frozen values; change them with ``model_copy(update=...)``. Every time is an
aware UTC datetime.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterable
from datetime import datetime
from enum import Enum
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field


class MemoryType(str, Enum):
    """What kind of memory a fact is; decides its decay and expiry."""

    fact = "fact"
    preference = "preference"
    task = "task"
    episodic = "episodic"
    procedural = "procedural"
    hypothesis = "hypothesis"
    summary = "summary"


class Status(str, Enum):
    """The fact as known now. ``superseded`` is derived: a newer record closed it."""

    active = "active"
    superseded = "superseded"
    corrected = "corrected"
    expired = "expired"
    archived = "archived"


class Sensitivity(str, Enum):
    """How private a fact's content is; ``sensitive`` facts are refused or encrypted."""

    none = "none"
    personal = "personal"
    sensitive = "sensitive"


_id_lock = threading.Lock()
_last_id_micros = 0


def new_id() -> str:
    """A fresh id: 32 hex characters, increasing in creation order within a process
    (so records stated at the same instant keep the order in which they were written)."""
    global _last_id_micros
    with _id_lock:
        _last_id_micros = max(time.time_ns() // 1000, _last_id_micros + 1)
        stamp = _last_id_micros
    return f"{stamp:014x}{secrets.token_hex(9)}"


def new_ids(count: int) -> list[str]:
    """``count`` fresh ids at once, as :func:`new_id` would make them one by one (one
    random draw for all: bulk loads make millions)."""
    global _last_id_micros
    with _id_lock:
        first = max(time.time_ns() // 1000, _last_id_micros + 1)
        _last_id_micros = first + count - 1
    noise = secrets.token_hex(9 * count)
    return [f"{first + i:014x}{noise[18 * i:18 * i + 18]}" for i in range(count)]


M = TypeVar("M", bound=BaseModel)
_DEFAULTS: dict[type[BaseModel], dict[str, tuple[Any, Any]]] = {}


def trusted(cls: type[M], values: dict[str, Any]) -> M:
    """Build a model from values that are already valid, skipping validation: for rows read
    back from our own store and facts built by the writer, where pydantic's per-field work
    dominated bulk loads. Fields missing from ``values`` take their defaults. Never use it on
    caller input."""
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {
            name: (field.default_factory, field.default) for name, field in cls.model_fields.items()
        }
    if len(values) != len(defaults):
        for name, (factory, default) in defaults.items():
            if name not in values:
                values[name] = factory() if factory is not None else default
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", values)
    object.__setattr__(obj, "__pydantic_fields_set__", set(values))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, use_enum_values=False, extra="forbid")

    @classmethod
    def trusted(cls, values: dict[str, Any]) -> Any:
        """See :func:`trusted`."""
        return trusted(cls, values)

    def evolve(self, **changes: Any) -> Any:
        """A shallow copy with ``changes`` applied, unvalidated: ``model_copy(update=...)``
        without its overhead, for values the core computed itself."""
        values = dict(self.__dict__)
        values.update(changes)
        return trusted(type(self), values)


class Scope(_Frozen):
    """Who a memory belongs to. ``user_id`` is required; the rest narrow it."""

    user_id: str = Field(description="The person the memory is about and belongs to.")
    agent_id: str | None = Field(default=None, description="The agent that recorded it.")
    app_id: str | None = Field(default=None, description="The application it belongs to.")
    run_id: str | None = Field(default=None, description="A task/session it is bound to.")


class SourceSpan(_Frozen):
    """Characters ``[start, end)`` of an episode's stored content that a fact was read from."""

    episode_id: str
    start: int = Field(ge=0)
    end: int = Field(gt=0)


class Fact(_Frozen):
    """A statement ``subject -[predicate]-> object`` on a bi-temporal edge."""

    id: str = Field(description="Logical fact id; stays the same across versions of the record.")
    user_id: str
    agent_id: str | None = None
    app_id: str | None = None
    run_id: str | None = None
    subject: str = Field(description="Subject entity name as first stated.")
    predicate: str = Field(description="Relation name, snake_case (lives_in, likes, ...).")
    object: str = Field(description="Object: an entity name or a literal value.")
    text: str = Field(description="The fact as a natural-language sentence.")
    memory_type: MemoryType = MemoryType.fact
    status: Status = Status.active
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    importance: float = Field(default=0.5, ge=0.0, le=1.0)
    access_count: int = Field(default=0, ge=0)
    last_accessed_at: datetime | None = None
    valid_from: datetime = Field(description="When it became true in the world.")
    valid_until: datetime | None = Field(
        default=None, description="When it stopped being true (None: still true)."
    )
    stated_until: datetime | None = Field(
        default=None,
        description="The end that was stated for it; valid_until may be earlier when a newer record closed it.",
    )
    recorded_at: datetime = Field(description="When the memory first learned it.")
    retracted_at: datetime | None = Field(
        default=None, description="When the memory stopped believing it (a correction)."
    )
    expires_at: datetime | None = Field(default=None, description="When the memory lapses (TTL).")
    superseded_by: str | None = Field(default=None, description="The fact that closed this one.")
    source_episode_ids: list[str] = Field(default_factory=list)
    source_spans: list[SourceSpan] = Field(
        default_factory=list, description="Where in those episodes' stored text it was read (read-only: set by "
                                          "extraction; a hard delete cuts these spans first).")
    sensitivity: Sensitivity = Sensitivity.none
    subject_entity_id: str | None = None
    object_entity_id: str | None = None
    version_from: datetime | None = Field(
        default=None, description="Transaction time at which this version of the record was written."
    )
    version_until: datetime | None = Field(
        default=None, description="Transaction time at which a newer version replaced it (None: current)."
    )
    # -- fields some memory types use (summaries, procedures, tool knowledge) ---------------
    source_fact_ids: list[str] = Field(
        default_factory=list, description="A summary's sources: the memories it was derived from.")
    summary_level: int = Field(
        default=0, ge=0, le=2, description="0: not a summary; 1: a summary of facts; 2: a summary of summaries.")
    sources_until: datetime | None = Field(
        default=None, description="A summary's span of dates ends here (its valid_from is where it begins).")
    stale: bool = Field(
        default=False, description="A summary one of whose sources changed; it is derived again at the next maintenance.")
    last_verified_at: datetime | None = Field(
        default=None, description="When the memory was last restated or confirmed (or, for a summary, its sources).")
    success_count: int = Field(default=0, ge=0, description="Outcomes recorded as a success (procedural memories).")
    failure_count: int = Field(default=0, ge=0, description="Outcomes recorded as a failure (procedural memories).")
    tool: str | None = Field(default=None, description="The tool this memory is about (docker-compose, ...).")
    tool_version: str | None = Field(default=None, description="The version of the tool it holds for (2.29, ...).")

    @property
    def is_current(self) -> bool:
        """True for the latest version of the record."""
        return self.version_until is None

    @property
    def is_summary(self) -> bool:
        """True for a summary memory (it keeps its sources in ``source_fact_ids``)."""
        return self.summary_level > 0

    @property
    def trials(self) -> int:
        """How many outcomes were recorded for it (``record_outcome``)."""
        return self.success_count + self.failure_count

    @property
    def success_rate(self) -> float | None:
        """The share of recorded outcomes that succeeded; None before the first."""
        return self.success_count / self.trials if self.trials else None


class EntityType(str, Enum):
    """Coarse entity kinds; the Neo4j store uses them as labels."""

    person = "person"
    place = "place"
    organization = "organization"
    product = "product"
    date = "date"
    concept = "concept"
    other = "other"


class Entity(_Frozen):
    """A node: a person, place, organisation, product, ... named in a user's memory."""

    id: str
    user_id: str
    name: str
    type: EntityType = EntityType.other
    created_at: datetime


class Episode(_Frozen):
    """One raw input (a message or a conversation chunk), after redaction, with provenance."""

    id: str
    user_id: str
    agent_id: str | None = None
    app_id: str | None = None
    run_id: str | None = None
    content: str = Field(description="The raw text after sensitive spans were redacted.")
    reference_time: datetime = Field(description="When it was said; relative times resolve against it.")
    recorded_at: datetime
    fact_ids: list[str] = Field(default_factory=list, description="Facts this episode produced or confirmed.")
    archived_at: datetime | None = Field(
        default=None, description="When a conversation summary took its place (its thread was summarised).")
    language: str = Field(default="en", description="Language of the text (kronograph.language): en, zh.")


class Tombstone(_Frozen):
    """What a hard delete leaves: no content, only that something was deleted, when and why."""

    fact_id: str
    user_id: str
    deleted_at: datetime
    reason: str = ""


class AuditEntry(_Frozen):
    """One change to the store. Holds ids, field names and times, never fact content."""

    id: int
    at: datetime
    action: str
    user_id: str
    fact_id: str | None = None
    detail: dict[str, Any] = Field(default_factory=dict)


class Forgotten(list[str]):
    """What ``Memory.forget`` returns: the ids forgotten (it is a list of them), and for a hard
    delete whether the deleted text has already left every file of the store.

    ``durable`` is False only when the store could not yet rewrite its files (another process
    was reading the SQLite write-ahead log); ``pending`` then says why, and the store finishes
    the purge at its next write or close. It is never True on a guess.
    """

    durable: bool
    pending: str | None

    def __init__(self, ids: Iterable[str] = (), *, pending: str | None = None) -> None:
        super().__init__(ids)
        self.pending = pending
        self.durable = pending is None


class AddResult(BaseModel):
    """What a write did: created or reinforced facts, and what it closed, retracted or refused."""

    fact: Fact | None = Field(default=None, description="The fact written or reinforced (add_fact).")
    created: bool = Field(default=False, description="True when a new record was created.")
    facts: list[Fact] = Field(default_factory=list, description="Facts created or reinforced.")
    superseded: list[Fact] = Field(default_factory=list, description="Records closed by this write.")
    corrected: list[Fact] = Field(default_factory=list, description="Records retracted as wrong.")
    ended: list[Fact] = Field(default_factory=list, description="Records whose validity ended.")
    rejected: list[tuple[str, str]] = Field(
        default_factory=list, description="(text, reason) for statements not stored."
    )
    forgotten: list[str] = Field(default_factory=list, description="Ids of facts hard-deleted by a forget request.")
    forgotten_spans: list[SourceSpan] = Field(
        default_factory=list, description="Spans a forget request cut from earlier episodes: the statements "
                                          "that held refused private data it names (as they were before the cut).")
    episode_id: str | None = None
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    fallback: str | None = Field(default=None, description="Why the LLM path fell back to offline extraction.")
