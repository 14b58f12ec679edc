"""The LLM prompts: one pure function per task returning the message list, with the
pydantic model its answer must fit beside it.

Field descriptions double as instructions: they travel in the JSON schema sent as the
response format (or, for servers without structured output, inside the prompt). Nothing
here does I/O; golden files in ``tests/extraction/golden`` pin what is rendered.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypedDict

from pydantic import BaseModel, ConfigDict, Field

from ..candidates import ResolutionKind
from ..model import EntityType, Episode, Fact, MemoryType
from .base import CandidateFact, EpisodeInput, Operation

#: Characters of each earlier episode shown as context; older talk matters less than cost.
RECENT_EPISODE_CHARS = 600


class Message(TypedDict):
    """One chat message as the OpenAI API takes it."""

    role: str
    content: str


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- task 1: extraction -------------------------------------------------------------------
class ExtractedEntity(_Answer):
    """An entity named in the episode."""

    name: str = Field(description="The name as written; 'user' for the speaker of user turns.")
    type: EntityType = Field(description="The kind of entity.")


class ExtractedFact(_Answer):
    """One fact the episode states about the user or an entity."""

    subject: str = Field(
        description="'user' for the speaker of user turns, else the entity's name. Resolve pronouns "
                    "(she, he, they, it) to the name they refer to, using the earlier episodes.")
    predicate: str = Field(
        description="snake_case relation: lives_in, works_at, job_title, likes, dislikes, allergic_to, "
                    "uses_os, plans_to, knows, owns ... Reuse a stored predicate for the same relation.")
    object: str = Field(description="The entity name or literal value; '' only for a forget request about a whole topic.")
    text: str = Field(description="The fact as one short third-person sentence.")
    operation: Operation = Field(
        description="add: a state, preference, plan or event (also a change of state); correct: the "
                    "memory was wrong ('I'm not X, I'm Y'); end: it is no longer so ('I no longer like X'); "
                    "forget: the user asks to delete it.")
    replaces: str | None = Field(description="For a change or correction: the old or wrong object it replaces, else null.")
    valid_from: str | None = Field(
        description="When it became true, absolute ISO-8601 (YYYY-MM-DD or YYYY-MM-DDTHH:MM) resolved "
                    "against the reference time ('last May', 'two weeks ago'); null when not said.")
    valid_until: str | None = Field(description="When it stops or stopped being true, absolute ISO-8601; null when open.")
    memory_type: MemoryType = Field(
        description="fact (a state), preference (likes, style), task (temporary work for a period), "
                    "episodic (a one-off event), procedural (how the user wants things done), "
                    "hypothesis (the speaker was unsure).")
    hedged: bool = Field(description="True when the speaker was unsure: might, maybe, I think, probably.")
    confidence: float = Field(description="How sure the speaker was, 0 to 1; 1 for a plain statement.")
    negated: bool = Field(description="True when the statement denies the relation.")
    sensitive_kind: str | None = Field(
        description="identity_number, card_number, credential, address, health or another kind when the "
                    "fact carries sensitive personal data; else null.")
    task_until: str | None = Field(description="For a task: the end of the stated period, absolute ISO-8601; else null.")
    source_turn: int = Field(description="The [n] of the turn the fact comes from.")


class ExtractionAnswer(_Answer):
    """Everything the episode says that is worth remembering."""

    entities: list[ExtractedEntity] = Field(description="Entities named in the facts.")
    facts: list[ExtractedFact] = Field(description="Facts stated in this episode; none from earlier episodes.")


_EXTRACT_SYSTEM = """Task: extract_facts.
You turn a conversation episode into facts for a long-term memory about the user.
- Only what this episode states; earlier episodes are context for names, pronouns and times.
- Facts about the user come from user turns; assistant turns are context.
- Resolve every relative time against the reference time and give absolute dates.
- One fact per relation; skip greetings, questions and small talk.
- A change of state ('I moved to X') is an add with replaces = the old value when said.
- Predicates are English snake_case in every language; objects, names and quotes stay as written
  (Chinese stays Chinese: '我住在杭州' -> lives_in 杭州)."""


def _turn_lines(episode: EpisodeInput) -> str:
    return "\n".join(f"[{i}] {t.role}: {t.content}" for i, t in enumerate(episode.turns))


def _when(value: datetime | None) -> str:
    return value.isoformat() if value is not None else "null"


def extract_facts(*, episode: EpisodeInput, recent: Sequence[Episode] = ()) -> list[Message]:
    """The extraction call: the episode's turns, its reference time and the earlier episodes."""
    parts = [f"Reference time: {episode.reference_time.isoformat()} ({episode.reference_time:%A})"]
    if recent:
        parts.append("Earlier episodes (context only):")
        for past in sorted(recent, key=lambda e: e.reference_time):
            content = past.content if len(past.content) <= RECENT_EPISODE_CHARS \
                else past.content[:RECENT_EPISODE_CHARS] + " ..."
            parts.append(f"- {past.reference_time.isoformat()}: {content}")
    parts.append("Episode:")
    parts.append(_turn_lines(episode))
    return [Message(role="system", content=_EXTRACT_SYSTEM), Message(role="user", content="\n".join(parts))]


# -- task 2: resolution -------------------------------------------------------------------
class Resolution(_Answer):
    """The verdict for one new fact."""

    fact: int = Field(description="The [n] of the new fact.")
    verdict: ResolutionKind = Field(
        description="duplicate: same meaning as a stored fact (also a paraphrase); supersedes: the world "
                    "changed and it replaces a stored fact from its valid_from on; corrects: the stored fact "
                    "was wrong all along; ends: the stored fact stopped being true and nothing replaces it; "
                    "new: none of these.")
    stored_id: str | None = Field(description="The id (S1, S2 ...) of the stored fact; null for new.")


class ResolutionAnswer(_Answer):
    """One verdict per new fact."""

    resolutions: list[Resolution] = Field(description="One entry per new fact, in order.")


_RESOLVE_SYSTEM = """Task: resolve_facts.
You compare new facts with the facts a memory already stores for the same subjects and relations.
- Use only the stored ids listed; never invent one.
- A paraphrase of a stored fact is a duplicate; a different value of a one-value relation supersedes.
- corrects only when the speaker says the stored fact was wrong; ends only when it stopped being true."""


def _fact_line(fact: CandidateFact) -> str:
    line = f"{fact.subject} | {fact.predicate} | {fact.object} | {fact.operation.value}"
    if fact.replaces:
        line += f" replaces {fact.replaces}"
    return f"{line} | from {_when(fact.valid_from)} | \"{fact.text}\""


def _stored_line(alias: str, fact: Fact) -> str:
    return (f"{alias}: {fact.subject} | {fact.predicate} | {fact.object} | valid {_when(fact.valid_from)} .. "
            f"{_when(fact.valid_until)} | \"{fact.text}\"")


def resolve_facts(*, new_facts: Sequence[CandidateFact], stored: Sequence[Fact], reference_time: datetime) -> list[Message]:
    """The resolution call: new facts against stored ones, named ``S1``, ``S2`` ... in order."""
    lines = [f"Reference time: {reference_time.isoformat()}", "Stored facts:"]
    lines += [_stored_line(f"S{i + 1}", f) for i, f in enumerate(stored)]
    lines.append("New facts:")
    lines += [f"[{i}] {_fact_line(f)}" for i, f in enumerate(new_facts)]
    return [Message(role="system", content=_RESOLVE_SYSTEM), Message(role="user", content="\n".join(lines))]


# -- task 3: a summary of related memories ---------------------------------------------------
class SummaryAnswer(_Answer):
    """One sentence that states what the sources share."""

    sentence: str = Field(
        description="One short sentence stating the common ground of the sources, naming only people, places, "
                    "products and numbers that a source names; no dates.")


_SUMMARIZE_SYSTEM = """Task: summarize_sources.
You write one sentence that a memory keeps in place of several related memories of one subject.
- State what the sources have in common, in plain words, in the third person.
- Name only what a source names: never add a person, place, product, number or date.
- Do not say how many sources there are or when: that is added for you."""


def summarize_sources(*, subject: str, sentences: Sequence[str]) -> list[Message]:
    """The summary call: the subject and its related memories, numbered."""
    lines = [f"Subject: {subject}", "Sources:"] + [f"[{i}] {text}" for i, text in enumerate(sentences)]
    return [Message(role="system", content=_SUMMARIZE_SYSTEM), Message(role="user", content="\n".join(lines))]


# -- structured output --------------------------------------------------------------------
def strict_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema in the strict form OpenAI's structured outputs accept: every
    property required (optional ones are nullable), no extra properties, no defaults."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})

    def tighten(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and len(node) > 1:  # siblings of $ref are ignored: inline it
                del node["$ref"]
                node.update({k: v for k, v in defs[ref.rsplit("/", 1)[-1]].items() if k not in node})
            node.pop("default", None)
            node.pop("title", None)
            if node.get("type") == "object" and "properties" in node:
                node["required"] = list(node["properties"])
                node["additionalProperties"] = False
            for value in node.values():
                tighten(value)
        elif isinstance(node, list):
            for value in node:
                tighten(value)

    tighten(schema)
    text = json.dumps({k: v for k, v in schema.items() if k != "$defs"}) + json.dumps(defs)
    for name in [n for n in defs if f'"#/$defs/{n}"' not in text]:
        del defs[name]
    if not defs:
        schema.pop("$defs", None)
    return schema


def response_format(name: str, model: type[BaseModel]) -> dict[str, Any]:
    """The ``response_format`` for servers with JSON-schema structured output."""
    return {"type": "json_schema", "json_schema": {"name": name, "strict": True, "schema": strict_schema(model)}}


def with_schema_in_prompt(messages: Sequence[Message], model: type[BaseModel]) -> list[Message]:
    """The messages for servers without structured output: the schema goes into the system message."""
    schema = json.dumps(strict_schema(model), separators=(",", ":"))
    first, *rest = messages
    content = f"{first['content']}\nAnswer with one JSON object, nothing else, matching this JSON schema:\n{schema}"
    return [Message(role=first["role"], content=content), *rest]
