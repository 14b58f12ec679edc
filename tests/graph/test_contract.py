"""The GraphStore contract, written once and run against every backend (see conftest.py).

Memory-level tests check the temporal behaviour users see; store-level tests check the
contract methods directly. Both run on the embedded store and, where a server answers, on Neo4j.
The recall part of the contract (text, vectors, neighbourhoods) is in test_recall_indexes.py,
on the same fixture.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from kronograph import Memory, NotFoundError, Status, StoreError
from kronograph.graph.store import ChangeSet, FactQuery, GraphStore
from kronograph.model import EntityType, Episode, Fact, new_id
from kronograph.temporal.predicates import PredicateSchema
from kronograph.write.statement import Statement
from kronograph.write.writer import write_statements
from tests.conftest import Clock

T0 = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)


@pytest.fixture
def mem(store: GraphStore, clock: Clock) -> Iterator[Memory]:
    with Memory(store=store, clock=clock, embedder=None) as memory:
        yield memory


def objects(facts: list[Fact]) -> list[str]:
    return [f.object for f in facts]


# -- supersede, correct, end --------------------------------------------------------------------
def test_a_new_value_supersedes_the_old_one_without_erasing_it(mem: Memory, clock: Clock) -> None:
    old = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01").fact
    clock.advance(days=1)
    new = mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01").fact
    assert old is not None and new is not None
    assert objects(mem.facts(user_id="u1")) == ["Hangzhou"]
    assert objects(mem.facts(user_id="u1", as_of="2025-06-01")) == ["Shanghai"]
    closed = mem.get_fact(old.id, user_id="u1")
    assert closed.status is Status.superseded
    assert closed.superseded_by == new.id
    assert closed.valid_until == datetime(2026, 4, 1, tzinfo=UTC)
    assert closed.retracted_at is None


def test_a_correction_retracts_the_wrong_record_but_known_at_still_sees_it(mem: Memory, clock: Clock) -> None:
    wrong = mem.add_fact("user", "uses_os", "Android", user_id="u1", valid_from="2025-01-01").fact
    before_correction = clock.now
    clock.advance(hours=2)
    right = mem.add_fact("user", "uses_os", "iOS", user_id="u1", correction=True).fact
    assert wrong is not None and right is not None
    assert objects(mem.facts(user_id="u1", as_of="2025-06-01")) == ["iOS"]
    assert right.valid_from == datetime(2025, 1, 1, tzinfo=UTC)
    assert objects(mem.facts(user_id="u1", as_of="2025-06-01", known_at=before_correction)) == ["Android"]
    retracted = mem.get_fact(wrong.id, user_id="u1")
    assert retracted.status is Status.corrected
    assert retracted.retracted_at == clock.now


def test_ending_a_fact_closes_its_valid_time_without_a_new_record(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "likes", "minimalism", user_id="u1", valid_from="2025-01-01")
    clock.advance(days=3)
    ended = mem.end_fact("user", "likes", "minimalism", user_id="u1")
    assert [f.valid_until for f in ended] == [clock.now]
    assert mem.facts(user_id="u1") == []
    assert objects(mem.facts(user_id="u1", as_of="2025-06-01")) == ["minimalism"]
    assert len(mem.history(user_id="u1")) == 1


def test_a_late_statement_is_closed_by_the_newer_fact(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")
    clock.advance(minutes=5)
    late = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01").fact
    assert late is not None
    assert late.valid_until == datetime(2026, 4, 1, tzinfo=UTC)
    assert objects(mem.facts(user_id="u1")) == ["Hangzhou"]
    assert objects(mem.facts(user_id="u1", as_of="2025-01-01")) == ["Shanghai"]


def test_a_repeated_statement_reinforces_instead_of_duplicating(mem: Memory, clock: Clock) -> None:
    first = mem.add_fact("user", "likes", "tea", user_id="u1")
    clock.advance(hours=1)
    again = mem.add_fact("user", "likes", "tea", user_id="u1")
    assert first.created and not again.created
    assert again.fact is not None and first.fact is not None and again.fact.id == first.fact.id
    (stored,) = mem.history(user_id="u1")
    assert stored.access_count == 1
    assert stored.last_accessed_at == clock.now


# -- the transaction-time axis ------------------------------------------------------------------
def test_known_at_reproduces_exactly_what_was_believed_then(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01")
    believed_then = clock.now
    clock.advance(days=30)
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")
    (then,) = mem.facts(user_id="u1", as_of=clock.now, known_at=believed_then)
    assert (then.object, then.valid_until, then.status) == ("Shanghai", None, Status.active)
    assert mem.facts(user_id="u1", known_at=believed_then - timedelta(seconds=1)) == []


def test_versions_list_every_belief_change_of_one_record(mem: Memory, clock: Clock) -> None:
    shanghai = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01").fact
    first_write = clock.now
    clock.advance(days=1)
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")
    assert shanghai is not None
    versions = mem.versions(shanghai.id, user_id="u1")
    assert [(v.version_from, v.version_until) for v in versions] == [(first_write, clock.now), (clock.now, None)]
    assert [v.valid_until for v in versions] == [None, datetime(2026, 4, 1, tzinfo=UTC)]
    with pytest.raises(NotFoundError):
        mem.versions(shanghai.id, user_id="someone else")


def test_versions_of_many_records_are_read_at_once_by_id(mem: Memory, store: GraphStore, clock: Clock) -> None:
    shanghai = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01").fact
    tea = mem.add_fact("user", "likes", "tea", user_id="u1").fact
    clock.advance(days=1)
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")
    assert shanghai is not None and tea is not None
    found = store.versions_many([tea.id, "no-such-id", shanghai.id, tea.id])
    assert set(found) == {tea.id, shanghai.id}
    assert found[shanghai.id] == store.versions(shanghai.id) and len(found[shanghai.id]) == 2
    assert [v.version_from for v in found[shanghai.id]] == sorted(v.version_from for v in found[shanghai.id])
    assert found[tea.id] == store.versions(tea.id) and len(found[tea.id]) == 1
    assert store.versions("no-such-id") == [] and store.versions_many([]) == {}


def test_only_a_user_who_has_a_summary_may_hold_summaries(store: GraphStore, mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "likes", "tea", user_id="plain")
    clock.advance(days=1)
    mem.add_fact("user", "likes", "tea", user_id="plain")  # restated: verified, so it keeps memory fields
    mem.add_fact("user", "uses", "docker-compose", user_id="plain", tool="docker-compose", tool_version="2.29")
    assert [f.last_verified_at for f in mem.facts(user_id="plain", predicate="likes")] == [clock.now]
    summary = Fact(id=new_id(), user_id="summed", subject="user", predicate="summarizes", object="asks_about",
                   text="user asks about: A, B, C", valid_from=T0, recorded_at=T0, source_fact_ids=["f1", "f2"],
                   summary_level=1)
    with store.transaction():
        store.write(ChangeSet(now=clock.now, created=[summary]))
    assert {user: store.may_hold_summaries(user) for user in ("plain", "summed", "nobody")} == {
        "plain": False, "summed": True, "nobody": False}


def test_a_revision_in_the_same_instant_replaces_the_version_instead_of_adding_one(mem: Memory) -> None:
    mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01")
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")  # clock did not move
    shanghai = next(f for f in mem.history(user_id="u1") if f.object == "Shanghai")
    assert len(mem.versions(shanghai.id, user_id="u1")) == 1


# -- hard delete ------------------------------------------------------------------------------
def test_hard_delete_reopens_what_the_deleted_record_had_closed(mem: Memory, clock: Clock) -> None:
    shanghai = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01").fact
    clock.advance(days=1)
    hangzhou = mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01").fact
    clock.advance(days=1)
    assert shanghai is not None and hangzhou is not None
    assert mem.forget(user_id="u1", fact_id=hangzhou.id, hard=True, reason="asked") == [hangzhou.id]
    reopened = mem.get_fact(shanghai.id, user_id="u1")
    assert (reopened.status, reopened.valid_until, reopened.superseded_by) == (Status.active, None, None)
    assert objects(mem.facts(user_id="u1")) == ["Shanghai"]
    assert mem.store.versions(hangzhou.id) == []
    with pytest.raises(NotFoundError):
        mem.get_fact(hangzhou.id, user_id="u1")


def test_hard_delete_leaves_a_content_free_tombstone_and_no_orphan_entity(mem: Memory, clock: Clock) -> None:
    mem.add_fact("Ada", "knows", "Grace Hopper", user_id="u1")
    fact = mem.add_fact("Ada", "knows", "Alan Turing", user_id="u1").fact
    assert fact is not None
    assert {e.name for e in mem.entities(user_id="u1")} == {"Ada", "Grace Hopper", "Alan Turing"}
    clock.advance(minutes=1)
    mem.forget(user_id="u1", fact_id=fact.id, hard=True, reason="user asked")
    (stone,) = mem.tombstones(user_id="u1")
    assert (stone.fact_id, stone.deleted_at, stone.reason) == (fact.id, clock.now, "user asked")
    assert {e.name for e in mem.entities(user_id="u1")} == {"Ada", "Grace Hopper"}
    entries = mem.audit_log(fact_id=fact.id)
    assert [e.action for e in entries] == ["hard_delete"]
    assert "Alan" not in repr(mem.audit_log())


def test_hard_delete_cuts_the_fact_out_of_its_episode_text(store: GraphStore, mem: Memory, clock: Clock) -> None:
    episode = Episode(id=new_id(), user_id="u1", content="My address is 12 Elm Street, I like tea.",
                      reference_time=T0, recorded_at=T0)
    store.add_episode(episode)
    address = mem.add_fact("user", "address", "12 Elm Street", user_id="u1", episode_id=episode.id).fact
    tea = mem.add_fact("user", "likes", "tea", user_id="u1", episode_id=episode.id).fact
    assert address is not None and tea is not None
    assert store.get_episode(episode.id) == episode.model_copy(update={"fact_ids": sorted([address.id, tea.id])})
    clock.advance(minutes=1)
    mem.forget(user_id="u1", fact_id=address.id, hard=True)
    kept = store.get_episode(episode.id)
    assert kept is not None
    assert "Elm" not in kept.content and "tea" in kept.content
    assert kept.fact_ids == [tea.id]


def test_spans_persist_and_a_hard_delete_cuts_its_own_and_moves_the_others(store: GraphStore, mem: Memory,
                                                                          clock: Clock) -> None:
    text = "I live in Leeds. I like Quorvish tea for my breakfast. My sister is Yelvanna."
    episode = Episode(id=new_id(), user_id="u1", content=text, reference_time=T0, recorded_at=T0)
    store.add_episode(episode)
    facts = {obj: mem.add_fact("user", pred, obj, user_id="u1", episode_id=episode.id).fact
             for pred, obj in [("lives_in", "Leeds"), ("likes", "a breakfast drink"), ("sister", "Yelvanna")]}
    spans = {"Leeds": (0, 16), "a breakfast drink": (17, 54), "Yelvanna": (55, len(text))}
    store.write(ChangeSet(now=clock.now, spans=[(facts[o].id, episode.id, *spans[o]) for o in facts]))  # type: ignore[union-attr]
    read = {f.object: f for f in mem.history(user_id="u1")}
    assert [(s.episode_id, text[s.start:s.end]) for s in read["a breakfast drink"].source_spans] == [
        (episode.id, "I like Quorvish tea for my breakfast.")]
    assert sorted(r[2:] for r in store.episode_spans([episode.id, "missing"])[episode.id]) == sorted(spans.values())
    clock.advance(minutes=1)
    mem.forget(user_id="u1", fact_id=read["a breakfast drink"].id, hard=True)
    kept = store.get_episode(episode.id)
    assert kept is not None
    # The stored object never said "Quorvish": only the span took it out.
    assert kept.content == "I live in Leeds. [forgotten] My sister is Yelvanna."
    after = {f.object: [kept.content[s.start:s.end] for s in f.source_spans] for f in mem.history(user_id="u1")}
    assert after == {"Leeds": ["I live in Leeds."], "Yelvanna": ["My sister is Yelvanna."]}
    assert {r[0] for r in store.episode_spans([episode.id])[episode.id]} == {facts["Leeds"].id,  # type: ignore[union-attr]
                                                                             facts["Yelvanna"].id}  # type: ignore[union-attr]


def test_the_writer_stores_each_statements_span_with_its_fact(store: GraphStore, clock: Clock) -> None:
    first = Episode(id=new_id(), user_id="u1", content="Hi! I live in Leeds.", reference_time=T0, recorded_at=T0)
    again = Episode(id=new_id(), user_id="u1", content="As I said, I live in Leeds now.", reference_time=T0,
                    recorded_at=T0)
    store.add_episode(first)
    store.add_episode(again)
    schema = PredicateSchema()

    def said(episode: Episode, words: str) -> Statement:
        start = episode.content.index(words)
        return replace(Statement.build("user", "lives_in", "Leeds", user_id="u1", episode_id=episode.id),
                       span=(start, start + len(words)))

    (created,) = write_statements(store, [said(first, "I live in Leeds.")], schema=schema, clock=clock)
    clock.advance(minutes=1)
    (repeated,) = write_statements(store, [said(again, "I live in Leeds now.")], schema=schema, clock=clock)
    assert created.fact is not None and repeated.fact is not None
    assert created.created and not repeated.created and repeated.fact.id == created.fact.id  # reinforced
    (stored,) = store.current("u1")
    texts = {first.id: first.content, again.id: again.content}
    assert [texts[s.episode_id][s.start:s.end] for s in stored.source_spans] == ["I live in Leeds.",
                                                                                 "I live in Leeds now."]
    assert repeated.fact.source_spans == stored.source_spans
    assert store.episode_spans([first.id])[first.id] == [(stored.id, first.id, 4, 20)]


def test_predicates_named_like_internal_links_are_ordinary_facts(store: GraphStore, mem: Memory,
                                                                  clock: Clock) -> None:
    episode = Episode(id=new_id(), user_id="u1", content="Ada mentions Grace.", reference_time=T0, recorded_at=T0)
    store.add_episode(episode)
    kept = mem.add_fact("Ada", "mentions", "Grace", user_id="u1", episode_id=episode.id).fact
    gone = mem.add_fact("Ada", "produced", "a compiler", user_id="u1", episode_id=episode.id).fact
    assert kept is not None and gone is not None
    clock.advance(minutes=1)
    mem.forget(user_id="u1", fact_id=gone.id, hard=True)
    assert [(f.predicate, f.object) for f in mem.facts(user_id="u1")] == [("mentions", "Grace")]
    assert {e.name for e in mem.entities(user_id="u1")} == {"Ada", "Grace"}
    assert store.get_episode(episode.id).fact_ids == [kept.id]  # type: ignore[union-attr]


# -- scope, episodes, provenance, audit ----------------------------------------------------------
def test_one_users_memory_is_invisible_to_another(mem: Memory) -> None:
    mem.add_fact("user", "lives_in", "Paris", user_id="u1", agent_id="a1")
    mem.add_fact("user", "lives_in", "Rome", user_id="u2")
    assert objects(mem.facts(user_id="u1")) == ["Paris"]
    assert objects(mem.facts(user_id="u2")) == ["Rome"]
    assert objects(mem.facts(user_id="u1", agent_id="a1")) == ["Paris"]
    assert mem.facts(user_id="u1", agent_id="a2") == []
    assert {e.name for e in mem.entities(user_id="u2")} == {"user", "Rome"}
    assert mem.store.user_ids() == ["u1", "u2"]


def test_episodes_keep_provenance_both_ways(store: GraphStore, mem: Memory, clock: Clock) -> None:
    older = Episode(id=new_id(), user_id="u1", content="I live in Paris.", reference_time=T0, recorded_at=T0)
    newer = Episode(id=new_id(), user_id="u1", content="Still in Paris!", reference_time=T0 + timedelta(days=1),
                    recorded_at=T0)
    store.add_episode(older)
    store.add_episode(newer)
    fact = mem.add_fact("user", "lives_in", "Paris", user_id="u1", episode_id=older.id).fact
    clock.advance(hours=1)
    mem.add_fact("user", "lives_in", "Paris", user_id="u1", episode_id=newer.id)
    assert fact is not None
    (stored,) = mem.history(user_id="u1")
    assert stored.source_episode_ids == sorted([older.id, newer.id])
    assert [e.id for e in mem.episodes(user_id="u1")] == [newer.id, older.id]
    assert [e.id for e in mem.episodes(user_id="u1", limit=1)] == [newer.id]
    assert store.get_episode(newer.id) == newer.model_copy(update={"fact_ids": [fact.id]})
    assert store.get_episode("missing") is None
    assert store.get_episodes([newer.id, "missing", older.id, newer.id]) == {
        newer.id: store.get_episode(newer.id), older.id: store.get_episode(older.id)}
    assert store.get_episodes([]) == {}
    assert mem.episodes(user_id="u2") == []


def test_the_audit_log_records_each_change_without_content(mem: Memory, clock: Clock) -> None:
    first = mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01").fact
    clock.advance(days=1)
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")
    assert first is not None
    entries = mem.audit_log(user_id="u1")
    assert [e.action for e in entries] == ["create", "create", "revise"]
    assert [e.id for e in entries] == sorted(e.id for e in entries)
    assert entries[2].fact_id == first.id
    assert entries[2].detail["valid_until"] == "2026-04-01T00:00:00+00:00"
    assert "Shanghai" not in repr(entries) and "Hangzhou" not in repr(entries)
    assert [e.action for e in mem.audit_log(user_id="u1", limit=1)] == ["create"]
    assert mem.audit_log(user_id="u2") == []


def test_archived_and_expired_facts_are_hidden_unless_asked_for(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "current_project", "docker fixes", user_id="u1", memory_type="task",
                 expires_at=clock.now + timedelta(days=7))
    mem.add_fact("user", "likes", "jazz", user_id="u1")
    mem.forget(user_id="u1", predicate="likes")
    clock.advance(days=8)
    assert mem.facts(user_id="u1") == []
    assert objects(mem.facts(user_id="u1", include_archived=True)) == ["jazz"]
    assert objects(mem.facts(user_id="u1", include_expired=True)) == ["docker fixes"]


# -- store-level contract ----------------------------------------------------------------------
def _fact(entities: dict[str, str], obj: str, *, at: datetime, user_id: str = "u1") -> Fact:
    return Fact(id=new_id(), user_id=user_id, subject="Ada", predicate="likes", object=obj,
                text=f"Ada likes {obj}", valid_from=at, recorded_at=at, subject_entity_id=entities["ada"],
                object_entity_id=entities.get(obj.lower()), version_from=at)


def test_entities_are_found_or_created_by_name_key(store: GraphStore) -> None:
    made = store.ensure_entities("u1", [("Ada", EntityType.person), ("Paris", EntityType.place)], T0)
    again = store.ensure_entities("u1", [("  ada ", EntityType.other)], T0 + timedelta(days=1))
    assert again["ada"].id == made["ada"].id
    assert (again["ada"].name, again["ada"].type, again["ada"].created_at) == ("Ada", EntityType.person, T0)
    assert [e.name for e in store.entities("u1")] == ["Ada", "Paris"]
    assert store.entities("u2") == []


def test_a_failed_transaction_writes_nothing(store: GraphStore) -> None:
    entities = {k: e.id for k, e in store.ensure_entities("u1", [("Ada", EntityType.person)], T0).items()}
    with pytest.raises(RuntimeError), store.transaction():
        store.write(ChangeSet(now=T0, created=[_fact(entities, "tea", at=T0)]))
        raise RuntimeError("abort")
    assert store.current("u1") == []
    assert store.audit_log() == []


def test_reads_inside_a_transaction_see_its_writes(store: GraphStore) -> None:
    entities = {k: e.id for k, e in store.ensure_entities("u1", [("Ada", EntityType.person)], T0).items()}
    fact = _fact(entities, "tea", at=T0)
    with store.transaction():
        store.write(ChangeSet(now=T0, created=[fact]))
        assert [f.id for f in store.slot_records("u1", "ada", "likes")] == [fact.id]
    assert [f.id for f in store.current("u1", fact_ids=[fact.id])] == [fact.id]


def test_query_applies_the_clocks_scope_and_limit(store: GraphStore) -> None:
    entities = {k: e.id for k, e in store.ensure_entities("u1", [("Ada", EntityType.person)], T0).items()}
    tea = _fact(entities, "tea", at=T0)
    jazz = _fact(entities, "jazz", at=T0 + timedelta(days=1))
    store.write(ChangeSet(now=T0, created=[tea]))
    store.write(ChangeSet(now=T0 + timedelta(days=1), created=[jazz]))
    later = T0 + timedelta(days=2)
    assert [f.object for f in store.query(FactQuery(user_id="u1", known_at=later))] == ["tea", "jazz"]
    assert [f.object for f in store.query(FactQuery(user_id="u1", known_at=T0))] == ["tea"]
    assert [f.object for f in store.query(FactQuery(user_id="u1", known_at=later, as_of=T0))] == ["tea"]
    assert [f.object for f in store.query(FactQuery(user_id="u1", known_at=later, limit=1))] == ["tea"]
    assert [f.object for f in store.query(FactQuery(user_id="u1", known_at=later, fact_ids=(jazz.id,)))] == ["jazz"]
    assert [f.object for f in store.query(FactQuery(user_id="u1", known_at=later, object_key="jazz",
                                                    predicate="likes", subject_key="ada"))] == ["jazz"]
    assert store.query(FactQuery(user_id="u2", known_at=later)) == []


def test_touch_reinforces_the_current_version_only(store: GraphStore) -> None:
    entities = {k: e.id for k, e in store.ensure_entities("u1", [("Ada", EntityType.person)], T0).items()}
    fact = _fact(entities, "tea", at=T0)
    store.write(ChangeSet(now=T0, created=[fact]))
    later = T0 + timedelta(hours=1)
    store.touch([fact.id, fact.id], later)
    (current,) = store.current("u1")
    assert (current.access_count, current.last_accessed_at) == (2, later)
    assert len(store.versions(fact.id)) == 1


def test_revising_a_record_that_does_not_exist_is_a_store_error(store: GraphStore) -> None:
    entities = {k: e.id for k, e in store.ensure_entities("u1", [("Ada", EntityType.person)], T0).items()}
    ghost = _fact(entities, "tea", at=T0)
    with pytest.raises(StoreError):
        store.write(ChangeSet(now=T0, revised=[ghost]))


def test_every_version_of_every_record_can_be_listed_for_export(mem: Memory, clock: Clock) -> None:
    mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01")
    clock.advance(days=1)
    mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1", valid_from="2026-04-01")
    mem.add_fact("user", "age", "41", user_id="u2")
    everything = list(mem.store.iter_all_versions())
    assert sorted(f.object for f in everything) == ["41", "Hangzhou", "Shanghai", "Shanghai"]
    per_record = [v for u in ("u1", "u2") for f in mem.history(user_id=u) for v in mem.store.versions(f.id)]
    assert sorted(everything, key=lambda f: (f.id, f.version_from)) == sorted(
        per_record, key=lambda f: (f.id, f.version_from))



def test_a_user_with_only_episodes_is_not_lost_by_an_export(store: GraphStore) -> None:
    episode = Episode(id=new_id(), user_id="quiet", content="[redacted:card_number]", reference_time=T0,
                      recorded_at=T0)
    store.add_episode(episode)
    assert not store.is_empty() and store.user_ids() == ["quiet"]
    assert [e.id for e in store.dump().episodes] == [episode.id]


def test_summary_procedure_and_tool_fields_round_trip_on_every_version(store: GraphStore) -> None:
    fields = {"source_fact_ids": ["f1", "f2", "f3"], "summary_level": 2, "sources_until": T0 + timedelta(days=40),
              "stale": True, "last_verified_at": T0 + timedelta(days=41), "success_count": 7, "failure_count": 2,
              "tool": "docker-compose", "tool_version": "2.29"}
    summary = Fact(id=new_id(), user_id="u1", subject="user", predicate="summarizes", object="asks_about",
                   text="user asks about: A, B, C", valid_from=T0, recorded_at=T0, **fields)
    plain = Fact(id=new_id(), user_id="u1", subject="user", predicate="likes", object="tea", text="user likes tea",
                 valid_from=T0, recorded_at=T0)
    with store.transaction():
        store.write(ChangeSet(now=T0, created=[summary, plain]))
    later = T0 + timedelta(days=50)
    with store.transaction():
        store.write(ChangeSet(now=later, revised=[summary.model_copy(update={"stale": False, "success_count": 8})]))
    by_id = {f.id: f for f in store.current("u1")}
    assert {name: getattr(by_id[summary.id], name) for name in fields} == {**fields, "stale": False, "success_count": 8}
    assert by_id[plain.id].source_fact_ids == [] and by_id[plain.id].summary_level == 0
    first = store.versions(summary.id)[0]
    assert (first.stale, first.success_count, first.tool_version) == (True, 7, "2.29")


def test_archived_episodes_keep_their_text_and_first_archive_time(store: GraphStore) -> None:
    episode = Episode(id=new_id(), user_id="u1", run_id="r1", content="we fixed the build", reference_time=T0,
                      recorded_at=T0)
    store.add_episode(episode)
    store.archive_episodes([episode.id], at=T0 + timedelta(days=8))
    store.archive_episodes([episode.id], at=T0 + timedelta(days=9))
    found = store.get_episode(episode.id)
    assert found is not None
    assert (found.content, found.archived_at) == ("we fixed the build", T0 + timedelta(days=8))

def test_an_episode_keeps_its_language(store: GraphStore) -> None:
    chinese = Episode(id=new_id(), user_id="u1", content="我住在杭州。", reference_time=T0, recorded_at=T0,
                      language="zh")
    english = Episode(id=new_id(), user_id="u1", content="I live in Paris.", reference_time=T0, recorded_at=T0)
    store.add_episode(chinese)
    store.add_episode(english)
    assert store.get_episode(chinese.id) == chinese and store.get_episode(english.id) == english
    assert {e.id: e.language for e in store.dump().episodes} == {chinese.id: "zh", english.id: "en"}
