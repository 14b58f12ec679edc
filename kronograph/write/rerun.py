"""Ingest a JSONL file you can run again: bad lines are reported by number and skipped, and
messages the store already holds are not stored twice.

    screened = screen_lines(path.read_bytes().splitlines(), seen=held, kinds=ALL_KINDS, default_time=None)
    memory.add_many(screened.items, user_id="u1")    # then report screened.duplicates, .rejected

A message is *seen* when the file gave the same ``id`` on an earlier line, or when the store
already holds an episode of the same user with the same text (as it would be stored, private
data redacted) and the same reference time (a line without a time: the same text).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..errors import UsageError
from ..model import Episode
from ..sensitive import redact
from ..temporal.instants import optional_instant
from .ingest import _TIME_KEYS, normalise_turns
from .jsonl import json_line


@dataclass
class Screened:
    """The lines to store, and what was left out: duplicates (by line number) and rejected lines."""

    items: list[Any] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    duplicates: list[int] = field(default_factory=list)
    rejected: list[tuple[int, str]] = field(default_factory=list)


def stored_text(value: object, field_name: str, kinds: Iterable[str]) -> str:
    """The text an episode of ``value`` is stored with (turns validated, private data redacted)."""
    turns = normalise_turns(value, field_name)
    wanted = frozenset(kinds)
    redacted = [t.model_copy(update={"content": redact(t.content, wanted)[0]}) for t in turns]
    if len(redacted) == 1:  # as EpisodeInput.text joins them
        return redacted[0].content
    return "\n".join(f"{t.role}: {t.content}" for t in redacted)


def held_keys(episodes: Iterable[Episode]) -> tuple[set[tuple[str, datetime]], set[str]]:
    """What the store already holds: (text, reference time) pairs, and the texts alone."""
    pairs = {(e.content, e.reference_time) for e in episodes}
    return pairs, {text for text, _ in pairs}


def screen_lines(lines: Iterable[bytes], *, held: tuple[set[tuple[str, datetime]], set[str]],
                 kinds: Iterable[str], default_time: object, strict: bool = False, source: str = "line") -> Screened:
    """Parse and check each line; ``strict``: the first bad line raises instead of being skipped."""
    pairs, texts = held
    wanted = frozenset(kinds)
    ids: set[str] = set()
    out = Screened()
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            item = json_line(raw, f"{source}:{number}")
            text = stored_text(item, f"{source}:{number}", wanted)
            when = default_time
            if isinstance(item, Mapping):
                when = next((item[k] for k in _TIME_KEYS if item.get(k) is not None), default_time)
            at = optional_instant(when, f"{source}:{number}.reference_time")
            message_id = item.get("id") if isinstance(item, Mapping) else None
        except UsageError as exc:
            if strict:
                raise
            out.rejected.append((number, str(exc)))
            continue
        key_id = str(message_id) if message_id is not None else None
        if (key_id is not None and key_id in ids) or (at is not None and (text, at) in pairs) or \
                (at is None and text in texts):
            out.duplicates.append(number)
            continue
        if key_id is not None:
            ids.add(key_id)
        if at is not None:
            pairs.add((text, at))
        texts.add(text)
        out.items.append(item)
        out.lines.append(number)
    return out
