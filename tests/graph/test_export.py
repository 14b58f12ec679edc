"""Copying a whole memory between stores keeps every version, time field, episode, tombstone
and audit entry: embedded -> embedded here, embedded -> Neo4j -> embedded where Neo4j answers."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from kronograph import Memory, UsageError
from kronograph.cli import main
from kronograph.graph.export import copy_store
from kronograph.graph.sqlite import SQLiteStore
from kronograph.graph.store import GraphStore, StoreDump
from kronograph.model import Episode, SourceSpan, new_id
from tests.conftest import Clock
from tests.graph.conftest import BACKENDS, open_backend


def fill(mem: Memory, clock: Clock) -> None:
    """A memory with every kind of change: supersede, correct, end, archive, hard delete, episodes."""
    store = mem.store
    episode = Episode(id=new_id(), user_id="u1", content="I moved to Hangzhou, my card is 4111.",
                      reference_time=clock.now, recorded_at=clock.now)
    store.add_episode(episode)
    mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01")
    clock.advance(days=1)
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01", episode_id=episode.id)
    card = mem.add_fact("user", "card", "4111", user_id="u1", episode_id=episode.id).fact
    mem.add_fact("user", "uses_os", "Android", user_id="u1", agent_id="a1")
    clock.advance(hours=3)
    mem.add_fact("user", "uses_os", "iOS", user_id="u1", agent_id="a1", correction=True)
    mem.add_fact("user", "likes", "minimalism", user_id="u1")
    mem.add_fact("user", "current_project", "docker fixes", user_id="u1", memory_type="task",
                 expires_at=clock.now + timedelta(days=7), run_id="r1")
    clock.advance(days=2)
    mem.end_fact("user", "likes", "minimalism", user_id="u1")
    mem.forget(user_id="u1", predicate="current_project")
    assert card is not None
    mem.forget(user_id="u1", fact_id=card.id, hard=True, reason="card number")
    mem.add_fact("Ada", "age", "41", user_id="u2")
    mem.add_fact("Ada", "age", "41", user_id="u2")  # reinforced


def comparable(dump: StoreDump) -> dict[str, Any]:
    """A dump with every list in a backend-independent order."""
    return {
        "entities": sorted(dump.entities, key=lambda e: e.id),
        "versions": sorted(dump.versions, key=lambda f: (f.id, f.version_from)),
        "episodes": sorted(dump.episodes, key=lambda e: e.id),
        "tombstones": sorted(dump.tombstones, key=lambda t: t.fact_id),
        "audit": dump.audit,
    }


@pytest.fixture
def source(tmp_path: Path, clock: Clock) -> Any:
    with Memory(tmp_path / "source.db", clock=clock, embedder=None) as mem:
        fill(mem, clock)
        yield mem.store


def test_an_embedded_store_copies_into_another_exactly(source: GraphStore, tmp_path: Path) -> None:
    target = SQLiteStore(tmp_path / "copy.db")
    try:
        report = copy_store(source, target)
        copied = target.dump()
    finally:
        target.close()
    original = source.dump()
    assert comparable(copied) == comparable(original)
    assert (report.records, report.tombstones, report.episodes) == (7, 1, 1)
    assert report.versions == len(original.versions) > report.records
    assert report.audit_entries == len(original.audit)


def test_the_copy_answers_every_question_as_the_original(source: GraphStore, tmp_path: Path, clock: Clock) -> None:
    target = SQLiteStore(tmp_path / "copy.db")
    copy_store(source, target)
    with Memory(store=source, clock=clock, embedder=None) as before, \
            Memory(store=target, clock=clock, embedder=None) as after:
        for user in ("u1", "u2"):
            for as_of, known_at in ((None, None), ("2025-01-01", None), (None, clock.now - timedelta(days=2))):
                assert after.facts(user_id=user, as_of=as_of, known_at=known_at) == \
                    before.facts(user_id=user, as_of=as_of, known_at=known_at)
            assert after.history(user_id=user) == before.history(user_id=user)
            assert after.tombstones(user_id=user) == before.tombstones(user_id=user)


def test_copying_into_a_store_that_holds_data_is_refused_and_changes_nothing(source: GraphStore,
                                                                             tmp_path: Path) -> None:
    target = SQLiteStore(tmp_path / "copy.db")
    copy_store(source, target)
    before = comparable(target.dump())
    with pytest.raises(UsageError, match="not empty"):
        copy_store(source, target)
    assert comparable(target.dump()) == before
    target.close()


def test_the_cli_exports_to_and_from_a_store(source: GraphStore, tmp_path: Path) -> None:
    assert isinstance(source, SQLiteStore) and source.path is not None
    source.checkpoint()
    runner = CliRunner()
    out = runner.invoke(main, ["export", "--db", str(source.path), "--to", str(tmp_path / "out.db")])
    assert out.exit_code == 0, out.output
    assert out.output.startswith("copied 7 facts (")
    back = runner.invoke(main, ["export", "--db", str(tmp_path / "back.db"), "--from", str(tmp_path / "out.db"),
                                "--json"])
    assert back.exit_code == 0, back.output
    assert '"records": 7' in back.output
    again = runner.invoke(main, ["export", "--db", str(source.path), "--to", str(tmp_path / "out.db")])
    assert again.exit_code == 1
    assert "Error: target: the target store is not empty" in again.output


def test_the_cli_wants_exactly_one_direction(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["export", "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 1
    assert "give exactly one of --to and --from" in result.output


@pytest.mark.parametrize("leg", BACKENDS[1:])  # the id names the server: [neo4j] or [bolt-stand-in]
def test_a_memory_round_trips_through_neo4j(source: GraphStore, tmp_path: Path, leg: str,
                                            request: pytest.FixtureRequest) -> None:
    neo4j = open_backend(leg, request, tmp_path)
    back = SQLiteStore(tmp_path / "back.db")
    try:
        copy_store(source, neo4j)
        assert comparable(neo4j.dump()) == comparable(source.dump())
        copy_store(neo4j, back)
        assert comparable(back.dump()) == comparable(source.dump())
    finally:
        neo4j.close()
        back.close()


@pytest.mark.parametrize(("field", "broken"), [
    ("valid_until", lambda f: {"valid_until": f.valid_from - timedelta(days=1)}),
    ("version_until", lambda f: {"version_until": f.version_from - timedelta(seconds=1)}),
    ("source_spans[0]", lambda f: {"source_spans": [SourceSpan(episode_id=f.source_episode_ids[0], start=9, end=4)]}),
    ("version_from", lambda f: {"version_from": None}),
])
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_dump_that_ends_before_it_starts_is_refused_naming_the_field_and_nothing_is_written(
        source: GraphStore, tmp_path: Path, backend: str, field: str, broken: Any,
        request: pytest.FixtureRequest) -> None:
    dump = source.dump()
    (i, fact) = next((i, f) for i, f in enumerate(dump.versions) if f.source_episode_ids and f.version_until is None)
    bad = StoreDump(entities=dump.entities, versions=[*dump.versions[:i], fact.model_copy(update=broken(fact)),
                                                      *dump.versions[i + 1:]],
                    episodes=dump.episodes, tombstones=dump.tombstones, audit=dump.audit)
    target = open_backend(backend, request, tmp_path / "restored.db")
    try:
        with pytest.raises(UsageError) as raised:
            target.load(bad)
        assert raised.value.field == f"versions[{i}].{field}" and fact.id in raised.value.problem
        assert target.is_empty()
        target.load(dump)  # the sound dump still restores whole
        assert comparable(target.dump()) == comparable(source.dump())
    finally:
        target.close()
