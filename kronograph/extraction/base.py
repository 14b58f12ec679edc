"""The extraction contract: text in, candidate facts out. Extractors propose; the
MemoryPolicy and the temporal engine decide what is stored.

Both the offline extractor (spaCy + rules) and the LLM extractor implement
:class:`Extractor`; ``Memory.add`` does not care which one runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from ..candidates import CandidateFact, Operation, ResolutionHint
from ..model import Episode, Fact, Scope


class Turn(BaseModel):
    """One message of a conversation. Only ``user`` turns yield facts about the user."""

    model_config = ConfigDict(frozen=True)

    role: str = Field(default="user", description="user, assistant or system.")
    content: str
    name: str | None = Field(default=None, description="The speaker's name, as in the OpenAI message format.")


class EpisodeInput(BaseModel):
    """What ``Memory.add`` hands an extractor: the turns, when they were said, and whose they are."""

    model_config = ConfigDict(frozen=True)

    turns: list[Turn]
    reference_time: datetime = Field(description="Relative times ('last month') resolve against this.")
    scope: Scope

    @property
    def text(self) -> str:
        """The episode's stored text: the turns one per line, each led by its speaker (``name:``
        for a named turn, ``role:`` when there is more than one), so search finds who said it."""
        return "\n".join(_speaker(self.turns, t) + t.content for t in self.turns)


def _speaker(turns: Sequence[Turn], turn: Turn) -> str:
    """What leads ``turn``'s line in the episode text (see :attr:`EpisodeInput.text`)."""
    if len(turns) == 1:
        return f"{turn.name}: " if turn.name else ""
    return f"{turn.name or turn.role}: "


def content_start(turns: Sequence[Turn], index: int) -> int:
    """Where the content of ``turns[index]`` begins in the episode text the turns make."""
    before = sum(len(_speaker(turns, t)) + len(t.content) + 1 for t in turns[:index])
    return before + len(_speaker(turns, turns[index]))


class Extraction(BaseModel):
    """An extractor's answer for one episode, with its cost."""

    facts: list[CandidateFact] = Field(default_factory=list)
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    fallback: str | None = Field(default=None, description="Why an LLM extractor fell back to offline rules.")
    decisions: dict[int, ResolutionHint] = Field(
        default_factory=dict,
        description="Optional per-fact resolution proposed by an LLM (index -> hint; the text form "
                    "'duplicate:<id>', 'supersedes:<id>', ... is accepted).",
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


def unique_candidates(facts: list[CandidateFact]) -> list[CandidateFact]:
    """One candidate per statement: a message that says the same thing twice proposes it once;
    a guess confirmed later in the message ("I might be allergic to latex. ... the allergist
    confirmed it") is proposed as the certain statement, and a value corrected later in it is
    not proposed at all."""
    seen: dict[tuple[object, ...], int] = {}
    out: list[CandidateFact] = []
    for f in facts:
        key = (f.subject, f.predicate, f.object.casefold(), f.operation, f.negated, f.replaces)
        if key not in seen:
            seen[key] = len(out)
            out.append(f)
        elif out[seen[key]].hedged and not f.hedged:
            out[seen[key]] = f
    # "I live in Graz." ... "Sorry, I meant Linz.": the value taken back in the same message is not proposed
    taken_back = {(f.subject, f.predicate, f.replaces.casefold()) for f in out
                  if f.operation is Operation.correct and f.replaces}
    out = [f for f in out if f.operation is not Operation.add or f.negated
           or (f.subject, f.predicate, f.object.casefold()) not in taken_back]
    return _counts_put_right(out)


def _counts_put_right(facts: list[CandidateFact]) -> list[CandidateFact]:
    """ "I've got three dogs." ... "make that four dogs": a correction of "three dogs" is one of the count's
    quantity slot (``quantity_dogs`` four, replacing three), and the count taken back is not proposed."""
    counts = {(f.subject, _counted(f)): f for f in facts
              if f.operation is Operation.add and not f.negated and f.predicate.startswith("quantity_")}
    out: list[CandidateFact] = []
    taken: set[int] = set()
    for f in facts:
        held = counts.get((f.subject, (f.replaces or "").casefold())) if f.operation is Operation.correct else None
        noun = _slot_noun(held) if held is not None else ""
        figure = f.object[:-len(noun)].split() if noun and f.object.casefold().endswith(" " + noun) else []
        if held is not None and figure:
            f = f.model_copy(update={"predicate": held.predicate, "object": figure[0], "replaces": held.object})
            taken.add(id(held))
        out.append(f)
    return [f for f in out if id(f) not in taken]


def _slot_noun(fact: CandidateFact) -> str:
    """What a quantity slot counts ("dogs" for ``quantity_dogs``)."""
    return fact.predicate.removeprefix("quantity_").replace("_", " ").casefold()


def _counted(fact: CandidateFact) -> str:
    """A quantity said as its figure and the noun of its slot ("three" in ``quantity_dogs`` -> "three dogs")."""
    return f"{fact.object} {_slot_noun(fact)}".casefold()


__all__ = ["CandidateFact", "EpisodeInput", "ExistingLookup", "Extraction", "Extractor", "Operation", "ResolutionHint",
           "Turn", "unique_candidates"]
