"""A breakup that names nobody ("we split up", "I'm single again", "it's over between us") ends the
partner held now, the latest begun, and leaves earlier partners still open, exes and other
relations alone; through ``Memory.add`` on a real store and the real spaCy model."""

from __future__ import annotations

from pathlib import Path

import pytest

from kronograph import Memory


def _held(mem: Memory, user: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in mem.facts(user_id=user)}


@pytest.mark.parametrize("breakup", [
    "We split up.",
    "I'm single again, honestly it's a relief.",
    "It's over between us.",
    "we broke up last night",
])
def test_a_nameless_breakup_ends_the_current_partner_only(tmp_path: Path, breakup: str) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add_fact("user", "partner", "Tom", user_id="u", valid_from="2024-01-01T00:00:00+00:00")
        mem.add("My ex Jo still texts me.", user_id="u", reference_time="2025-02-01T10:00:00+00:00")
        mem.add("My sister is dating Ravi.", user_id="u", reference_time="2025-02-02T10:00:00+00:00")
        mem.add("I've been dating Maya since March.", user_id="u", reference_time="2025-04-01T10:00:00+00:00")
        before = _held(mem, "u")
        assert ("user", "partner", "Maya") in before, before
        mem.add(breakup, user_id="u", reference_time="2025-06-01T10:00:00+00:00")
        after = _held(mem, "u")
        assert ("user", "partner", "Maya") not in after, after
        assert ("user", "partner", "Tom") in after, after
        assert before - {("user", "partner", "Maya"), ("user", "relationship_status", "in a relationship")} <= after
        then = {(f.subject, f.predicate, f.object) for f in mem.facts(user_id="u", as_of="2025-05-01")}
        assert ("user", "partner", "Maya") in then, then


def test_a_breakup_with_no_partner_held_ends_nothing(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("My ex Jo still texts me.", user_id="u", reference_time="2025-02-01T10:00:00+00:00")
        result = mem.add("We split up.", user_id="u", reference_time="2025-06-01T10:00:00+00:00")
        assert not result.ended and not result.facts
        assert ("user", "has_ex", "Jo") in _held(mem, "u")


def test_the_movie_being_over_ends_no_partner(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I've been dating Maya since March.", user_id="u", reference_time="2025-04-01T10:00:00+00:00")
        mem.add("The movie is over, heading home.", user_id="u", reference_time="2025-06-01T10:00:00+00:00")
        assert ("user", "partner", "Maya") in _held(mem, "u")
