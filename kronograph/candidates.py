"""Candidate facts: what an extractor proposes and the policy judges.

Shared vocabulary below extraction and policy, so that neither imports the other.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum

from pydantic import BaseModel, Field

from .model import EntityType, MemoryType


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
    span: tuple[int, int] | None = Field(
        default=None, description="Character offsets [start, end) in that turn's content the fact was read from.")
