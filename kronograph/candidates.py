"""Candidate facts and resolution hints: what an extractor proposes and the policy judges.

Shared vocabulary below extraction and policy, so that neither imports the other.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .model import EntityType, MemoryType


class Operation(str, Enum):
    """What a statement does to memory."""

    add = "add"            # a state, preference, plan, task ... (may supersede by the temporal rules)
    correct = "correct"    # the memory was wrong: "I'm not X, I'm Y"
    end = "end"            # it is no longer so: "I no longer like X"
    forget = "forget"      # the user asks to delete: "forget my address"


#: The predicate of a forget request for the speaker's last message ("scratch that").
FORGET_LAST_MESSAGE = "last_message"


#: The predicate of a date taken back on its own ("Thursday, not Tuesday"); never stored as such:
#: the policy moves the correction onto the held fact whose date it names.
DATE_FIX = "stated_date"


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
    slot_named: bool = Field(
        default=False, description="The slot was named to the user (an assistant's question): a correction stays in it.")
    source_turn: int = Field(default=0, description="Index of the turn it came from.")
    span: tuple[int, int] | None = Field(
        default=None, description="Character offsets [start, end) in that turn's content the fact was read from.")


class ResolutionKind(str, Enum):
    """What an extractor says a new fact does to a stored fact of its slot."""

    new = "new"                # none of the below: the temporal rules decide
    duplicate = "duplicate"    # same meaning as the stored fact (also a paraphrase)
    supersedes = "supersedes"  # the world changed: it replaces the stored fact from its valid_from on
    corrects = "corrects"      # the stored fact was wrong all along
    ends = "ends"              # the stored fact stopped being true; nothing replaces it


class ResolutionHint(BaseModel):
    """An extractor's proposed resolution of one candidate against a stored fact.

    Its text form, ``"<kind>:<fact id>"`` (or ``"new"``), is accepted wherever a hint is given,
    and a hint compares equal to it, so extractors and callers may keep writing strings.
    """

    model_config = ConfigDict(frozen=True)

    kind: ResolutionKind
    fact_id: str | None = Field(default=None, description="The stored fact it names; None for new.")

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            return cls.text_fields(value)
        return value

    @staticmethod
    def text_fields(text: str) -> dict[str, Any]:
        """The fields of the text form; an unknown kind reads as ``new``."""
        kind, _, fact_id = text.strip().partition(":")
        if kind not in ResolutionKind.__members__ or kind == "new":
            return {"kind": ResolutionKind.new, "fact_id": None}
        return {"kind": ResolutionKind(kind), "fact_id": fact_id.strip() or None}

    @classmethod
    def of(cls, value: ResolutionHint | str | None) -> ResolutionHint | None:
        """A hint from its model or text form (None stays None)."""
        if value is None or isinstance(value, ResolutionHint):
            return value
        return cls.model_validate(value)

    def __str__(self) -> str:
        return self.kind.value if self.fact_id is None else f"{self.kind.value}:{self.fact_id}"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str(self) == other
        if isinstance(other, ResolutionHint):
            return (self.kind, self.fact_id) == (other.kind, other.fact_id)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))
