"""A statement ends the held value it contradicts in a neighbouring slot: a liking ends the dislike
and the denied liking of the same thing, a dislike ends the liking, having a thing ends having
none; through ``Memory.add`` on a real store and the real spaCy model."""

from __future__ import annotations

from pathlib import Path

import pytest

from kronograph import Memory


def _held(mem: Memory, user: str) -> set[tuple[str, str]]:
    return {(f.predicate, f.object.lower()) for f in mem.facts(user_id=user)}


@pytest.mark.parametrize(("before", "after", "now", "gone"), [
    ("I'm not into sci-fi at all.", "These days I really enjoy sci-fi.", ("likes", "sci-fi"),
     {("dislikes", "sci-fi"), ("not_likes", "sci-fi")}),
    ("I adore olives.", "These days I hate olives.", ("dislikes", "olives"), {("likes", "olives")}),
    ("No car for me.", "I've got a car now.", ("has", "car"), {("not_has", "car")}),
])
def test_a_later_statement_ends_its_contrary(tmp_path: Path, before: str, after: str, now: tuple[str, str],
                                             gone: set[tuple[str, str]]) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add(before, user_id="u", reference_time="2026-01-05T10:00:00+00:00")
        mem.add(after, user_id="u", reference_time="2026-03-05T10:00:00+00:00")
        held = _held(mem, "u")
        assert now in held and not gone & held, held
        earlier = {(f.predicate, f.object.lower()) for f in mem.facts(user_id="u", as_of="2026-02-01")}
        assert gone <= earlier, earlier


def test_likings_of_different_things_or_people_stay(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I hate jazz.", user_id="u", reference_time="2026-01-05T10:00:00+00:00")
        mem.add("My brother loves jazz.", user_id="u", reference_time="2026-02-05T10:00:00+00:00")
        mem.add("I love blues.", user_id="u", reference_time="2026-03-05T10:00:00+00:00")
        assert ("dislikes", "jazz") in _held(mem, "u")
