"""Consolidation through the public API on a real SQLite file: summaries that keep their
sources, fragments soft-forgotten but still in as_of and history, summaries following their
sources (superseded, corrected, expired, hard-deleted), procedures and conversation threads."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from kronograph import LifecyclePolicy, Memory, MemoryType, MiniLMEmbedder, Status, UsageError
from kronograph.policy.consolidation import ConsolidationPolicy, FragmentTreatment

from .conftest import Clock

LIBRARIES = ["Spring Boot", "MyBatis", "RabbitMQ", "OpenSearch"]


#: The article's example: a relation's four values make one summary (the defaults make
#: summaries of at most 3 fragments: see test_the_defaults_make_small_summaries_by_date).
ARTICLE = LifecyclePolicy(consolidation=ConsolidationPolicy(min_group_size=3, max_group_size=8))


@pytest.fixture
def omem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    """Offline: no embedder, so only same-relation groups form."""
    with Memory(db_path, clock=clock, embedder=None, lifecycle=ARTICLE) as memory:
        yield memory


def ask_about(mem: Memory, clock: Clock, names: list[str], user: str = "u1") -> list[str]:
    ids = []
    for i, name in enumerate(names):
        fact = mem.add_fact("user", "asks_about", name, user_id=user, valid_from=f"2026-0{3 + (i >= 2)}-{i + 1:02d}",
                            confidence=0.9 - 0.1 * (i == 2)).fact
        assert fact is not None
        ids.append(fact.id)
        clock.advance(minutes=1)
    return ids


def summaries(mem: Memory, user: str = "u1") -> list:
    return [f for f in mem.facts(user_id=user) if f.memory_type is MemoryType.summary]


def test_fragments_become_one_summary_that_keeps_its_sources(omem: Memory, clock: Clock) -> None:
    ids = ask_about(omem, clock, LIBRARIES)
    made = omem.consolidate(user_id="u1")
    assert len(made) == 1
    summary = made[0]
    assert summary.memory_type is MemoryType.summary and summary.summary_level == 1
    assert summary.text == "user asks about: Spring Boot, MyBatis, RabbitMQ, OpenSearch (4 mentions, 2026-03 to 2026-04)"
    assert summary.source_fact_ids == ids
    assert summary.confidence == pytest.approx(0.8)  # never above the least certain source
    assert summary.last_verified_at is not None
    assert summaries(omem) == [omem.get_fact(summary.id, user_id="u1")]
    # the fragments are archived, not deleted: history and as_of (on request) still answer
    assert [f.object for f in omem.facts(user_id="u1")] == [summary.object]
    archived = omem.facts(user_id="u1", include_archived=True, as_of="2026-04-20")
    assert {f.object for f in archived} >= set(LIBRARIES)
    assert {f.status for f in omem.history(user_id="u1", predicate="asks_about")} == {Status.archived}
    assert omem.consolidate(user_id="u1") == []  # nothing new: nothing written


def test_maintain_consolidates_and_reports_it(omem: Memory, clock: Clock) -> None:
    ids = ask_about(omem, clock, LIBRARIES)
    omem.add_fact("user", "likes", "tea", user_id="u1", importance=0.9)
    report = omem.maintain()
    assert len(report.summaries) == 1 and sorted(report.consolidated) == sorted(ids)
    assert len(omem.facts(user_id="u1")) == 2


def test_groups_below_the_configured_size_stay_fragments(db_path: Path, clock: Clock) -> None:
    policy = LifecyclePolicy(consolidation=ConsolidationPolicy(min_group_size=5))
    with Memory(db_path, clock=clock, embedder=None, lifecycle=policy) as mem:
        ask_about(mem, clock, LIBRARIES)
        assert mem.consolidate(user_id="u1") == []
        assert len(mem.facts(user_id="u1")) == 4


def test_down_weighted_fragments_stay_active_with_less_importance(db_path: Path, clock: Clock) -> None:
    policy = LifecyclePolicy(consolidation=ConsolidationPolicy(fragments=FragmentTreatment.down_weight,
                                                               max_group_size=8))
    with Memory(db_path, clock=clock, embedder=None, lifecycle=policy) as mem:
        ask_about(mem, clock, LIBRARIES)
        mem.consolidate(user_id="u1")
        fragments = mem.facts(user_id="u1", predicate="asks_about")
        assert len(fragments) == 4 and {f.importance for f in fragments} == {0.25}


#: The article's libraries are alike to a person, not to MiniLM (cosines 0.28-0.44, under the
#: default ``value_similarity``): grouping them with an embedder needs the similarity switched off.
BY_DATE = LifecyclePolicy(consolidation=ConsolidationPolicy(value_similarity=0.0))


@pytest.fixture
def dmem(db_path: Path, clock: Clock, minilm: MiniLMEmbedder) -> Iterator[Memory]:
    """The real embedder, values of a relation grouped by date."""
    with Memory(db_path, clock=clock, embedder=minilm, lifecycle=BY_DATE) as memory:
        yield memory


def test_recall_and_context_find_the_summary_labelled_with_its_span_and_sources(
    dmem: Memory, clock: Clock
) -> None:
    rmem = dmem
    ask_about(rmem, clock, LIBRARIES)
    rmem.consolidate(user_id="u1")
    hits = rmem.recall("which message queue does the user ask about?", user_id="u1", k=3)
    assert hits and hits[0].fact.memory_type is MemoryType.summary
    block = rmem.context("message queues", user_id="u1")
    assert "[summary of 3 sources, 2026-03 to 2026-04]" in block and "RabbitMQ" in block


def test_search_labels_a_summary_with_its_span_and_source_count(dmem: Memory, clock: Clock) -> None:
    rmem = dmem
    ask_about(rmem, clock, LIBRARIES)
    rmem.consolidate(user_id="u1")
    hits = rmem.search("which message queue does the user ask about?", user_id="u1", k=5)
    summary = next(h for h in hits if h.fact is not None and h.fact.is_summary)
    assert summary.label == "[summary of 3 sources, 2026-03 to 2026-04]"
    assert summary.label in summary.explain()
    assert all(h.label == "" for h in hits if h is not summary)


def test_with_an_embedder_alike_values_of_a_relation_share_a_summary(rmem: Memory, clock: Clock) -> None:
    said = {}
    for text, day in [("I love pottery.", "2026-03-01"), ("I love Bach.", "2026-03-02"),
                      ("I love painting.", "2026-03-03"), ("I love Mozart.", "2026-03-04")]:
        result = rmem.add(text, user_id="u1", reference_time=day)
        (fact,) = result.facts
        said[fact.object] = (fact.id, result.episode_id)
        clock.advance(minutes=1)
    made = rmem.consolidate(user_id="u1")
    # by date they would be (pottery, Bach, painting) and Mozart; by what they are about:
    assert sorted(sorted(rmem.get_fact(i, user_id="u1").object for i in s.source_fact_ids) for s in made) == \
        [["Bach", "Mozart"], ["painting", "pottery"]]
    assert rmem.facts(user_id="u1", predicate="likes") == []
    # a recalled summary's evidence is the source that answers the question (the stored summary keeps all)
    for question, wanted in (("does the user like Mozart?", "Mozart"), ("does the user like Bach?", "Bach"),
                             ("what about pottery?", "pottery"), ("is painting something they enjoy?", "painting")):
        hits = rmem.recall(question, user_id="u1", k=2)
        summary = next(h.fact for h in hits if wanted in h.fact.text)
        assert summary.is_summary and summary.source_episode_ids[0] == said[wanted][1], question
        stored = rmem.get_fact(summary.id, user_id="u1")
        assert set(summary.source_episode_ids) <= set(stored.source_episode_ids) and len(stored.source_episode_ids) == 2
        assert summary.source_fact_ids == stored.source_fact_ids
        hit = next(h for h in rmem.search(question, user_id="u1", k=5) if h.fact is not None and h.fact.is_summary
                   and wanted in h.fact.text)
        assert hit.episode_ids[0] == said[wanted][1], question


def test_a_topic_summary_keeps_its_fragments_own_words() -> None:
    from datetime import UTC, datetime

    from kronograph import Fact
    from kronograph.policy.consolidation import Group, summary_text

    def fact(predicate: str, obj: str, text: str, day: int) -> Fact:
        return Fact(id=f"f{day}", user_id="u1", subject="Melanie", predicate=predicate, object=obj, text=text,
                    valid_from=datetime(2026, 3, day, tzinfo=UTC), recorded_at=datetime(2026, 3, day, tzinfo=UTC))

    group = Group(subject="Melanie", label="topic: started, ran", memory_type=MemoryType.fact, members=(
        fact("started", "counseling", "Melanie started looking into counseling as a career", 1),
        fact("ran", "charity race", "Melanie ran a charity race for mental health", 2)))
    assert summary_text(group) == ("Melanie: started looking into counseling as a career; ran a charity race for "
                                   "mental health (2 mentions, 2026-03)")


def test_the_defaults_make_small_summaries_by_date(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock, embedder=None) as mem:
        ids = ask_about(mem, clock, [*LIBRARIES, "Kafka", "Redis", "Flink"])
        made = mem.consolidate(user_id="u1")
        assert [s.source_fact_ids for s in made] == [ids[:3], ids[3:6]]
        assert [f.object for f in mem.facts(user_id="u1", predicate="asks_about")] == ["Flink"]


def test_a_superseded_source_makes_the_summary_stale_and_it_is_derived_again(omem: Memory, clock: Clock) -> None:
    ids = ask_about(omem, clock, [*LIBRARIES, "Kafka"])
    omem.consolidate(user_id="u1")
    omem.end_fact("user", "asks_about", "MyBatis", user_id="u1")
    clock.advance(days=1)
    again = omem.consolidate(user_id="u1")
    assert len(again) == 1 and again[0].source_fact_ids == [i for i in ids if i != ids[1]]
    assert "MyBatis" not in again[0].text and "(4 mentions" in again[0].text
    versions = omem.versions(again[0].id, user_id="u1")
    assert "MyBatis" in versions[0].text  # known_at before still reproduces what the summary said


def test_a_corrected_source_leaves_too_few_and_the_fragments_return(omem: Memory, clock: Clock) -> None:
    ids = ask_about(omem, clock, LIBRARIES[:3])
    made = omem.consolidate(user_id="u1")
    omem.retract(ids[0], user_id="u1")
    clock.advance(minutes=1)
    assert omem.consolidate(user_id="u1") == []
    assert omem.get_fact(made[0].id, user_id="u1").status is Status.archived
    assert sorted(f.object for f in omem.facts(user_id="u1")) == ["MyBatis", "RabbitMQ"]


def test_new_fragments_join_the_summary_of_their_relation(omem: Memory, clock: Clock) -> None:
    ask_about(omem, clock, LIBRARIES)
    first = omem.consolidate(user_id="u1")[0]
    ask_about(omem, clock, ["Kafka", "Redis", "Flink"])
    joined = omem.consolidate(user_id="u1")
    assert [s.id for s in joined] == [first.id] and len(joined[0].source_fact_ids) == 7
    assert len(summaries(omem)) == 1


def test_an_expired_source_makes_its_summary_stale(omem: Memory, clock: Clock) -> None:
    for name in ["Docker", "Podman", "Buildah"]:
        omem.add_fact("user", "tries", name, user_id="u1", expires_at=clock.now + timedelta(days=3))
    for name in ["Nix", "Guix", "Bazel"]:
        omem.add_fact("user", "tries", name, user_id="u1")
    summary = omem.consolidate(user_id="u1")[0]
    assert len(summary.source_fact_ids) == 6
    clock.advance(days=4)
    omem.maintain()
    current = omem.get_fact(summary.id, user_id="u1")
    assert len(current.source_fact_ids) == 3 and "Docker" not in current.text


def test_summaries_of_one_subject_are_summarised_again_at_level_two(db_path: Path, clock: Clock) -> None:
    policy = LifecyclePolicy(consolidation=ConsolidationPolicy(summarize_summaries=True, min_group_size=3))
    with Memory(db_path, clock=clock, embedder=None, lifecycle=policy) as mem:
        for predicate in ("asks_about", "uses", "reads_about"):
            for name in ["Java", "Go", "Rust"]:
                mem.add_fact("user", predicate, f"{name} {predicate}", user_id="u1")
        made = mem.consolidate(user_id="u1")
        top = [s for s in made if s.summary_level == 2]
        assert len(top) == 1 and len(top[0].source_fact_ids) == 3
        assert "(9 mentions" in top[0].text
        assert [f.id for f in mem.facts(user_id="u1")] == [top[0].id]


# -- hard delete: deleted content never survives inside a summary ---------------------------
MARKER = "Zorblaxify"


def files_of(db: Path) -> list[Path]:
    return [p for p in (db, Path(f"{db}-wal"), Path(f"{db}-shm")) if p.exists()]


def test_a_hard_deleted_source_leaves_no_byte_of_it_in_any_summary_or_file(omem: Memory, db_path: Path,
                                                                           clock: Clock) -> None:
    ids = ask_about(omem, clock, [*LIBRARIES, MARKER])
    summary = omem.consolidate(user_id="u1")[0]
    assert MARKER in summary.text
    clock.advance(days=1)
    omem.forget(user_id="u1", fact_id=ids[-1], hard=True)
    rebuilt = summaries(omem)
    assert len(rebuilt) == 1 and rebuilt[0].id != summary.id
    assert rebuilt[0].source_fact_ids == ids[:-1] and MARKER not in rebuilt[0].text
    assert {t.fact_id for t in omem.tombstones(user_id="u1")} == {ids[-1], summary.id}
    for record in omem.history(user_id="u1"):
        assert all(MARKER not in v.text for v in omem.versions(record.id, user_id="u1"))
    # The Memory is still open. Until forget(hard=True) itself is durable at return (issue 11),
    # the WAL is copied into the file first; the summary's part is what this test pins.
    omem.store.checkpoint()  # type: ignore[attr-defined]
    for path in files_of(db_path):
        assert MARKER.encode() not in path.read_bytes(), path.name


def test_a_summary_left_too_thin_by_a_hard_delete_is_deleted_and_its_fragments_return(
    omem: Memory, clock: Clock
) -> None:
    ids = ask_about(omem, clock, LIBRARIES[:3])
    summary = omem.consolidate(user_id="u1")[0]
    omem.forget(user_id="u1", fact_id=ids[0], hard=True)
    assert summaries(omem) == []
    assert summary.id in {t.fact_id for t in omem.tombstones(user_id="u1")}
    assert sorted(f.object for f in omem.facts(user_id="u1")) == ["MyBatis", "RabbitMQ"]


def test_forgetting_a_summary_brings_its_fragments_back(omem: Memory, clock: Clock) -> None:
    ask_about(omem, clock, LIBRARIES)
    summary = omem.consolidate(user_id="u1")[0]
    omem.forget(user_id="u1", fact_id=summary.id, hard=True)
    assert sorted(f.object for f in omem.facts(user_id="u1")) == sorted(LIBRARIES)


# -- procedures -------------------------------------------------------------------------------
def test_record_outcome_counts_successes_and_a_failing_procedure_retires(omem: Memory, clock: Clock) -> None:
    proc = omem.add_fact("user", "deploys_with", "the blue-green script", user_id="u1",
                         memory_type="procedural").fact
    assert proc is not None
    for success in (True, False, False, False):
        omem.record_outcome(proc.id, user_id="u1", success=success)
    held = omem.get_fact(proc.id, user_id="u1")
    assert (held.success_count, held.failure_count, held.success_rate) == (1, 3, 0.25)
    assert omem.maintain().retired == []  # 4 trials: not enough to judge
    omem.record_outcome(proc.id, user_id="u1", success=False)
    assert omem.maintain().retired == [proc.id]
    assert omem.get_fact(proc.id, user_id="u1").status is Status.archived


def test_a_procedure_that_keeps_succeeding_fades_slower(omem: Memory, clock: Clock) -> None:
    kept = omem.add_fact("user", "wants", "the shell command first", user_id="u1", memory_type="procedural",
                         importance=0.2).fact
    idle = omem.add_fact("user", "wants", "answers in French", user_id="u1", memory_type="procedural",
                         importance=0.2).fact
    assert kept is not None and idle is not None
    for _ in range(10):
        omem.record_outcome(kept.id, user_id="u1", success=True)
    clock.advance(days=800)
    report = omem.maintain()
    assert idle.id in report.archived and kept.id not in report.archived


def test_record_outcome_refuses_what_is_not_a_procedure(omem: Memory) -> None:
    fact = omem.add_fact("user", "likes", "tea", user_id="u1").fact
    assert fact is not None
    with pytest.raises(UsageError, match="fact_id"):
        omem.record_outcome(fact.id, user_id="u1", success=True)
    with pytest.raises(UsageError, match="success"):
        omem.record_outcome(fact.id, user_id="u1", success="yes")  # type: ignore[arg-type]


# -- conversation threads ----------------------------------------------------------------------
def test_old_threads_are_summarised_per_run_and_recall_by_run_still_finds_them(rmem: Memory, clock: Clock) -> None:
    rmem.add("The staging build fails on ARM runners.", user_id="u1", run_id="ci-7",
             reference_time=clock.now - timedelta(days=10))
    rmem.add("Pinning the base image to bookworm fixed it.", user_id="u1", run_id="ci-7",
             reference_time=clock.now - timedelta(days=9))
    rmem.add("Fresh message in the same thread.", user_id="u1", run_id="ci-7", reference_time=clock.now)
    report = rmem.maintain()
    assert len(report.threads) == 1
    thread = rmem.get_fact(report.threads[0], user_id="u1")
    assert thread.text.startswith("conversation ci-7: The staging build fails on ARM runners. | Pinning")
    assert len(thread.source_episode_ids) == 2 and thread.run_id == "ci-7"
    archived = {e.id: e.archived_at for e in rmem.episodes(user_id="u1")}
    assert sorted(v is not None for v in archived.values()) == [False, True, True]
    hits = rmem.recall("ARM build failure", user_id="u1", run_id="ci-7")
    assert thread.id in [h.fact.id for h in hits]
    assert rmem.maintain().threads == []


# -- reinforcement by verification -------------------------------------------------------------
def test_a_restated_memory_gains_bounded_belief_and_moves_last_verified(omem: Memory, clock: Clock) -> None:
    first = omem.add_fact("user", "likes", "green tea", user_id="u1", confidence=0.7, importance=0.5).fact
    assert first is not None and first.last_verified_at is None
    for _ in range(3):
        clock.advance(days=1)
        again = omem.add_fact("user", "likes", "green tea", user_id="u1", confidence=0.6).fact
    assert again is not None and again.id == first.id
    held = omem.get_fact(first.id, user_id="u1")
    assert held.confidence == pytest.approx(0.85) and held.importance == pytest.approx(0.59)
    assert held.last_verified_at == clock.now
    for _ in range(40):
        omem.add_fact("user", "likes", "green tea", user_id="u1", confidence=0.6)
    assert omem.get_fact(first.id, user_id="u1").confidence == pytest.approx(0.99)


def test_bulk_restatements_verify_like_single_ones(omem: Memory, clock: Clock) -> None:
    omem.add_facts([{"subject": "user", "predicate": "likes", "object": "oolong", "user_id": "u1",
                     "confidence": 0.7}])
    clock.advance(days=1)
    omem.add_facts([{"subject": "user", "predicate": "likes", "object": "oolong", "user_id": "u1",
                     "confidence": 0.6}])
    (held,) = omem.facts(user_id="u1")
    assert held.confidence == pytest.approx(0.75) and held.last_verified_at == clock.now


def test_a_summary_is_verified_when_its_sources_are_restated(omem: Memory, clock: Clock) -> None:
    ask_about(omem, clock, LIBRARIES)
    summary = omem.consolidate(user_id="u1")[0]
    clock.advance(days=3)
    omem.add_fact("user", "asks_about", "RabbitMQ", user_id="u1", valid_from="2026-04-03")
    omem.consolidate(user_id="u1")
    assert omem.get_fact(summary.id, user_id="u1").last_verified_at == clock.now


# -- with an LLM extractor: one call per group, validated against the sources ------------------
def test_an_llm_writes_one_sentence_per_group_and_one_naming_what_no_source_names_is_refused(
    db_path: Path, clock: Clock
) -> None:
    from kronograph.extraction.llm import LLMExtractor
    from tests.llm_server import Reply, ScriptedLLMServer

    with ScriptedLLMServer() as server:
        server.on("summarize_sources", Reply.answer({"sentence": "Mostly asks about back-end tools: Spring Boot, "
                                                                 "MyBatis and RabbitMQ."}), contains="MyBatis")
        server.on("summarize_sources", Reply.answer({"sentence": "Reads about Kubernetes and Kafka."}),
                  contains="Dune")
        extractor = LLMExtractor(base_url=server.url, model="test-model", timeout=2, max_retries=0, fallback=None)
        with Memory(db_path, clock=clock, embedder=None, extractor=extractor, lifecycle=ARTICLE) as mem:
            ask_about(mem, clock, LIBRARIES[:3])
            for title in ("Dune", "Emma", "Ulysses"):
                mem.add_fact("user", "reads", title, user_id="u1")
            made = {s.object: s.text for s in mem.consolidate(user_id="u1")}
        assert len(server.calls("summarize_sources")) == 2
    assert made["summary of asks_about"] == (
        "Mostly asks about back-end tools: Spring Boot, MyBatis and RabbitMQ. (3 mentions, 2026-03 to 2026-04)")
    assert made["summary of reads"] == "user reads: Dune, Emma, Ulysses (3 mentions, 2026-05)"


# -- the CLI mirrors the methods --------------------------------------------------------------
def test_the_consolidate_and_record_outcome_commands(db_path: Path, clock: Clock) -> None:
    import json

    from click.testing import CliRunner

    from kronograph.cli import main

    with Memory(db_path, embedder=None) as mem:
        for name in ("Spring Boot", "MyBatis", "RabbitMQ"):
            mem.add_fact("user", "asks_about", name, user_id="u1", valid_from="2026-03-01")
        proc = mem.add_fact("user", "deploys_with", "the blue-green script", user_id="u1",
                            memory_type="procedural").fact
    assert proc is not None
    result = CliRunner().invoke(main, ["consolidate", "--user", "u1", "--json", "--db", str(db_path)])
    assert result.exit_code == 0, result.output
    (summary,) = json.loads(result.output)
    assert summary["memory_type"] == "summary" and len(summary["source_fact_ids"]) == 3
    result = CliRunner().invoke(main, ["record-outcome", proc.id, "--user", "u1", "--failure", "--json",
                                       "--db", str(db_path)])
    assert result.exit_code == 0, result.output
    (held,) = json.loads(result.output)
    assert (held["success_count"], held["failure_count"]) == (0, 1)
