"""Consolidation decisions are pure: grouping, summary text, staleness, verification,
procedures and conversation threads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np

from kronograph import Episode, Fact, MemoryType, Status
from kronograph.policy.consolidation import (
    ConsolidationPolicy,
    fragment_groups,
    procedure_half_life_factor,
    procedure_should_retire,
    sound_sources,
    summary_confidence,
    summary_groups,
    summary_is_stale,
    summary_text,
    summary_verified,
    thread_summary_text,
    threads_to_summarise,
    unsupported_names,
    verified,
)

T0 = datetime(2026, 3, 2, tzinfo=UTC)
#: The article's example: one summary for a relation's four values (the defaults, tuned on
#: LoCoMo's development split, make smaller summaries: see test_many_values_make_several_summaries).
ARTICLE = ConsolidationPolicy(min_group_size=3, max_group_size=8, max_listed=8)
NOW = datetime(2026, 6, 1, tzinfo=UTC)


def fact(fid: str, obj: str, predicate: str = "asks_about", days: int = 0, **update: object) -> Fact:
    base = Fact(id=fid, user_id="u1", subject="user", predicate=predicate, object=obj,
                text=f"user {predicate.replace('_', ' ')} {obj}", valid_from=T0 + timedelta(days=days),
                recorded_at=T0 + timedelta(days=days), source_episode_ids=[f"e-{fid}"])
    return base.model_copy(update=update)


def unit(*values: float) -> np.ndarray:
    v = np.array(values, dtype=np.float32)
    return v / np.linalg.norm(v)


ASKS = [fact("a", "Spring Boot"), fact("b", "MyBatis", days=20), fact("c", "RabbitMQ", days=50),
        fact("d", "OpenSearch", days=70)]


def test_values_of_one_subject_and_relation_form_a_group_with_an_honest_extractive_summary() -> None:
    groups = fragment_groups(ASKS, {}, now=NOW, policy=ARTICLE)
    assert [(g.label, [m.id for m in g.members]) for g in groups] == [("asks_about", ["a", "b", "c", "d"])]
    assert summary_text(groups[0], ARTICLE) == (
        "user asks about: Spring Boot, MyBatis, RabbitMQ, OpenSearch (4 mentions, 2026-03 to 2026-05)")


def test_a_group_needs_the_configured_number_of_distinct_values() -> None:
    assert fragment_groups(ASKS[:2], {}, now=NOW, policy=ARTICLE) == []
    assert fragment_groups(ASKS, {}, now=NOW, policy=ConsolidationPolicy(min_group_size=5, max_group_size=8)) == []
    assert len(fragment_groups(ASKS[:2], {}, now=NOW, policy=ConsolidationPolicy(min_group_size=2))) == 1


def test_many_values_make_several_summaries_of_at_most_max_group_size_by_date() -> None:
    groups = fragment_groups([*ASKS, fact("e", "Kafka", days=80), fact("f", "Redis", days=90),
                              fact("g", "Flink", days=95)], {}, now=NOW)
    assert [[m.id for m in g.members] for g in groups] == [["a", "b", "c"], ["d", "e", "f"]]


def test_groups_never_mix_scopes_types_or_take_inactive_sensitive_or_ended_records() -> None:
    mixed = [ASKS[0], ASKS[1].model_copy(update={"run_id": "r1"}),
             ASKS[2].model_copy(update={"memory_type": MemoryType.preference}),
             ASKS[3].model_copy(update={"status": Status.archived}),
             fact("e", "Kafka", valid_until=NOW - timedelta(days=1)),
             fact("f", "Redis", retracted_at=T0), fact("g", "Elastic", memory_type=MemoryType.task)]
    assert fragment_groups(mixed, {}, now=NOW, policy=ConsolidationPolicy(min_group_size=2)) == []


def test_facts_of_different_relations_group_by_topic_when_their_embeddings_are_close() -> None:
    music = [fact("m1", "jazz", "likes"), fact("m2", "saxophone", "plays", days=3),
             fact("m3", "blues concerts", "attends", days=9), fact("x", "tax law", "studies")]
    vectors = {"m1": unit(1, 0.1, 0), "m2": unit(1, 0.2, 0), "m3": unit(0.9, 0.1, 0.1), "x": unit(0, 0, 1)}
    groups = fragment_groups(music, vectors, now=NOW, policy=ARTICLE)
    assert [(g.label, [m.id for m in g.members]) for g in groups] == [("topic: likes, plays, attends",
                                                                       ["m1", "m2", "m3"])]
    assert summary_text(groups[0]) == (
        "user: likes jazz; plays saxophone; attends blues concerts (3 mentions, 2026-03)")
    held = {("u1", None, None, None, "user", "topic: likes, plays, attends")}
    relabelled = fragment_groups(music, vectors, now=NOW, policy=ARTICLE, held_labels={k: k[-1] for k in held})
    assert relabelled[0].label == "topic: likes, plays, attends (2)"
    assert fragment_groups(music, {}, now=NOW, policy=ARTICLE) == []


def test_a_summary_is_never_more_certain_than_its_least_certain_source() -> None:
    members = [ASKS[0].model_copy(update={"confidence": 0.6}), *ASKS[1:]]
    assert summary_confidence(members) == 0.6


def test_long_lists_are_counted_not_listed() -> None:
    many = [fact(str(i), f"lib{i}", days=i) for i in range(11)]
    policy = ConsolidationPolicy(max_listed=3, max_group_size=20)
    text = summary_text(fragment_groups(many, {}, now=NOW, policy=policy)[0], policy)
    assert text == "user asks about: lib0, lib1, lib2 and 8 more (11 mentions, 2026-03)"


def test_summaries_of_one_subject_are_summarised_again_at_level_two() -> None:
    summaries = [fact(f"s{i}", f"label{i}", "summarizes", summary_level=1, memory_type=MemoryType.summary,
                      source_fact_ids=["a", "b", "c"], text=f"user likes: x{i}, y{i}, z{i} (3 mentions, 2026-03)")
                 for i in range(3)]
    groups = summary_groups(summaries)
    assert [(g.level, len(g.members)) for g in groups] == [(2, 3)]
    assert summary_text(groups[0]) == (
        "user: likes: x0, y0, z0; likes: x1, y1, z1; likes: x2, y2, z2 (9 mentions, 2026-03)")
    assert summary_groups(summaries[:2]) == []


def test_an_abstract_sentence_may_name_only_what_its_sources_name() -> None:
    assert unsupported_names("Mainly works on Spring Boot and RabbitMQ back ends.", ASKS) == []
    assert unsupported_names("Works with Kafka and Spring Boot since 2019.", ASKS) == ["Kafka", "2019"]


def test_a_summary_is_stale_once_a_source_is_superseded_corrected_expired_or_deleted() -> None:
    summary = fact("s", "asks_about", "summarizes", summary_level=1, source_fact_ids=["a", "b", "c", "d"])
    archived = {f.id: f.model_copy(update={"status": Status.archived}) for f in ASKS}
    assert not summary_is_stale(summary, archived, now=NOW)
    for change in ({"superseded_by": "z", "valid_until": NOW - timedelta(days=1)},
                   {"retracted_at": NOW, "status": Status.corrected},
                   {"expires_at": NOW - timedelta(hours=1)}):
        changed = dict(archived, b=archived["b"].model_copy(update=change))
        assert summary_is_stale(summary, changed, now=NOW)
        assert [f.id for f in sound_sources(summary, changed, now=NOW)] == ["a", "c", "d"]
    deleted = {k: v for k, v in archived.items() if k != "c"}
    assert summary_is_stale(summary, deleted, now=NOW)


def test_verification_raises_confidence_and_importance_within_bounds_and_moves_last_verified() -> None:
    once = verified(ASKS[0].model_copy(update={"confidence": 0.7, "importance": 0.5}), now=NOW)
    assert (round(once.confidence, 6), round(once.importance, 6), once.last_verified_at) == (0.75, 0.53, NOW)
    capped = ASKS[0]
    for _ in range(50):
        capped = verified(capped, now=NOW)
    assert capped.confidence == 1.0  # already above the cap: never lowered
    assert capped.importance == 0.9
    low = ASKS[0].model_copy(update={"confidence": 0.5})
    for _ in range(50):
        low = verified(low, now=NOW)
    assert low.confidence == 0.99


def test_a_summary_is_verified_when_its_sources_were_reconfirmed_after_it() -> None:
    summary = fact("s", "x", "summarizes", summary_level=1, last_verified_at=T0 + timedelta(days=5))
    later = ASKS[0].model_copy(update={"last_verified_at": NOW})
    assert summary_verified(summary, [later, ASKS[1]]) == NOW
    assert summary_verified(summary, [ASKS[1]]) is None


def test_a_procedure_retires_below_its_success_threshold_only_after_enough_trials() -> None:
    proc = fact("p", "shell command first", "wants", memory_type=MemoryType.procedural)
    assert not procedure_should_retire(proc.model_copy(update={"success_count": 0, "failure_count": 4}))
    assert procedure_should_retire(proc.model_copy(update={"success_count": 1, "failure_count": 4}))
    assert not procedure_should_retire(proc.model_copy(update={"success_count": 2, "failure_count": 3}))
    assert procedure_half_life_factor(proc) == 1.0
    good = procedure_half_life_factor(proc.model_copy(update={"success_count": 20}))
    fair = procedure_half_life_factor(proc.model_copy(update={"success_count": 10, "failure_count": 10}))
    assert good > fair > 1.0
    assert procedure_half_life_factor(ASKS[0].model_copy(update={"success_count": 9})) == 1.0


def episode(eid: str, run: str | None, days: int, content: str) -> Episode:
    when = T0 + timedelta(days=days)
    return Episode(id=eid, user_id="u1", run_id=run, content=content, reference_time=when, recorded_at=when)


def test_old_run_scoped_episodes_are_summarised_per_run_extractively() -> None:
    eps = [episode("1", "r1", 0, "The build fails on ARM. It worked yesterday."),
           episode("2", "r1", 1, "I pinned the base image."), episode("3", "r2", 2, "Lone message."),
           episode("4", None, 0, "No run."), episode("5", "r1", 89, "Too recent to summarise.")]
    threads = threads_to_summarise(eps, now=NOW, archived=set())
    assert {run: [e.id for e in group] for run, group in threads.items()} == {"r1": ["1", "2"]}
    assert threads_to_summarise(eps, now=NOW, archived={"1"}) == {}
    assert thread_summary_text("r1", threads["r1"]) == (
        "conversation r1: The build fails on ARM. | I pinned the base image. (2 messages, 2026-03)")
    long = [episode(str(i), "r", i, "word " * 40 + ".") for i in range(20)]
    text = thread_summary_text("r", long, ConsolidationPolicy(thread_max_chars=600))
    assert len(text) <= 600 and "more" in text and text.endswith("(20 messages, 2026-03)")
