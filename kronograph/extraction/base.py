"""The extraction contract: text in, candidate facts out. Extractors propose; the
MemoryPolicy and the temporal engine decide what is stored.

Both the offline extractor (spaCy + rules) and the LLM extractor implement
:class:`Extractor`; ``Memory.add`` does not care which one runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from enum import Enum
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from ..model import EntityType, Episode, Fact, MemoryType, Scope


class Turn(BaseModel):
    """One message of a conversation. Only ``user`` turns yield facts about the user."""

    model_config = ConfigDict(frozen=True)

    role: str = Field(default="user", description="user, assistant or system.")
    content: str


class EpisodeInput(BaseModel):
    """What ``Memory.add`` hands an extractor: the turns, when they were said, and whose they are."""

    model_config = ConfigDict(frozen=True)

    turns: list[Turn]
    reference_time: datetime = Field(description="Relative times ('last month') resolve against this.")
    scope: Scope

    @property
    def text(self) -> str:
        """The turns joined one per line, ``role: content`` when there is more than one."""
        if len(self.turns) == 1:
            return self.turns[0].content
        return "\n".join(f"{t.role}: {t.content}" for t in self.turns)


class Operation(str, Enum):
    """What a statement does to memory."""

    add = "add"            # a state, preference, plan, task ... (may supersede by the temporal rules)
    correct = "correct"    # the memory was wrong: "I'm not X, I'm Y"
    end = "end"            # it is no longer so: "I no longer like X"
    forget = "forget"      # the user asks to delete: "forget my address"


class CandidateFact(BaseModel):
    """A fact an extractor proposes, with the hints the policy needs to judge it."""

    subject: str = Field(default="user", description="'user' for the speaker, else an entity name.")
    predicate: str = Field(description="snake_case relation: lives_in, works_at, likes, allergic_to ...")
    object: str = Field(default="", description="Entity name or literal value; empty for forget requests without one.")
    text: str = Field(description="The fact as a short sentence in the third person.")
    operation: Operation = Operation.add
    replaces: str | None = Field(default=None, description="The old/wrong object a change or correction replaces.")
    valid_from: datetime | None = Field(default=None, description="When it became true (absolute).")
    valid_until: datetime | None = Field(default=None, description="When it stops being true (absolute).")
    memory_type: MemoryType | None = Field(default=None, description="Hint; the policy decides.")
    hedged: bool = Field(default=False, description="The speaker was unsure (might, maybe, I think).")
    confidence: float | None = Field(default=None, ge=0, le=1, description="Hint; the policy decides.")
    negated: bool = Field(default=False, description="The statement denies the relation.")
    task_until: datetime | None = Field(default=None, description="End of the stated period of a temporary task.")
    sensitive_kind: str | None = Field(default=None, description="identity_number, card_number, credential, address, health ...")
    subject_type: EntityType = EntityType.person
    object_type: EntityType | None = None
    source_turn: int = Field(default=0, description="Index of the turn it came from.")


class Extraction(BaseModel):
    """An extractor's answer for one episode, with its cost."""

    facts: list[CandidateFact] = Field(default_factory=list)
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    fallback: str | None = Field(default=None, description="Why an LLM extractor fell back to offline rules.")
    decisions: dict[int, str] = Field(
        default_factory=dict,
        description="Optional per-fact resolution proposed by an LLM (index -> 'duplicate:<id>', 'supersedes:<id>', ...).",
    )


#: Given candidates, the store returns the facts it already holds for the same slots.
ExistingLookup = Callable[[Sequence[CandidateFact]], list[Fact]]


@runtime_checkable
class Extractor(Protocol):
    """Turns episodes into candidate facts. ``existing`` and ``recent`` give context an LLM
    can use (stored facts of the same slots, the last few episodes); rules may ignore them."""

    name: str

    def extract(self, episode: EpisodeInput, *, existing: ExistingLookup | None = None,
                recent: Sequence[Episode] = ()) -> Extraction:
        """Extract one episode."""
        ...

    def extract_many(self, episodes: Sequence[EpisodeInput]) -> list[Extraction]:
        """Extract many episodes (batched where the extractor can)."""
        ...
