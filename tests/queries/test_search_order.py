"""Speed work on search must not move its answers: on a fixed corpus in a real SQLite store,
with the real MiniLM, every query returns the hits, order, outdated marks and scores recorded
in ``search_order.json`` (written by the search of commit 7b02a8b, before the hot path's
vectorised update marks, unvalidated hits and one-statement neighbour lookups).

An intended ranking change rewrites the record, and says so in its commit:

    PYTHONPATH=. python tests/queries/test_search_order.py
"""

from __future__ import annotations

import json
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from kronograph import Episode, Fact, Memory
from kronograph.queries.config import RecallConfig
from kronograph.queries.embedding import MiniLMEmbedder
from kronograph.queries.search import Hit

RECORD = Path(__file__).parent / "data" / "search_order.json"
START = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)
NOW = START + timedelta(days=400)
SPEAKERS = ("Ada", "Bruno", "Chen")
#: (day, speaker, what was said first, day, what was said later): updates of every kind the
#: update marks tell apart (a number, a name, a cue, a lowercase value) and a repeat.
UPDATES = [
    (20, "Ada", "My gym membership costs $30 a month.", 200, "My gym membership went up to $45 a month."),
    (25, "Bruno", "I drive a blue Honda to work.", 230, "I switched to a red Tesla for work."),
    (40, "Chen", "We painted the kitchen yellow.", 260, "The kitchen is sage green now, we repainted it."),
    (60, "Ada", "My manager is called Priya.", 280, "My new manager is called Tomasz."),
    (80, "Bruno", "I run 5 km every morning.", 300, "These days I run 10 km every morning."),
    (90, "Chen", "My favourite band is Queen.", 310, "My favourite band is Queen."),
    (100, "Ada", "We are planning a trip to Japan in spring.", 320,
     "The Japan trip fell through, we are going to Peru instead."),
    (110, "Chen", "I am learning the violin.", 330, "I gave up the violin and started the cello."),
]
#: Facts behind some of those messages: the later one supersedes the earlier (its episode goes stale).
SLOTS = [("Ada", "lives_in", ("Lisbon", 15, "I live in Lisbon."), ("Porto", 190, "I moved to Porto last month.")),
         ("Bruno", "works_at", ("Acme", 30, "I work at Acme."), ("Globex", 210, "I started a new job at Globex."))]
FILLER = [
    "We watched a documentary about octopuses.", "The weather was lovely at the beach.",
    "I baked sourdough bread this weekend.", "Did you see the football match yesterday?",
    "Yes, it was a great game, we won 3-1.", "I am reading a novel about a lighthouse keeper.",
    "My sister visited us with her two kids.", "The garden needs weeding again.",
    "We tried a new Thai restaurant downtown.", "I have a dentist appointment on Friday.",
    "The concert tickets sold out in minutes.", "I fixed the leaking tap in the bathroom.",
    "Our cat knocked a plant off the shelf.", "I started a pottery class on Tuesdays.",
    "The train was late again this morning.", "We are thinking of adopting a dog.",
]
QUERIES = [
    "how much does Ada pay for the gym?", "what car does Bruno drive?", "what colour is the kitchen?",
    "who is Ada's manager?", "how far does Bruno run?", "what is Chen's favourite band?",
    "where is Ada travelling?", "which instrument does Chen play?", "where does Ada live?",
    "where does Bruno work?", "what did Chen paint?", "what car did Bruno drive before?",
    "tell me about the football match", "what happened at the dentist?", "octopus documentary",
    "does anyone have pets?", "what are Chen's hobbies?",
]


def build(path: Path, embedder: MiniLMEmbedder) -> Memory:
    """The fixed corpus: filler turns (some in two-turn exchanges minutes apart, so the
    neighbour context counts), the update pairs, and facts linked to their messages."""
    rng = random.Random(5)
    mem = Memory(path, embedder=embedder, clock=lambda: NOW)
    said: list[tuple[str, datetime, str]] = []
    for day in range(0, 360, 2):
        speaker = SPEAKERS[rng.randrange(len(SPEAKERS))]
        said.append((f"f{day}", START + timedelta(days=day), f"{speaker}: {rng.choice(FILLER)}"))
        if day % 6 == 0:
            other = SPEAKERS[(SPEAKERS.index(speaker) + 1) % len(SPEAKERS)]
            said.append((f"f{day}r", START + timedelta(days=day, minutes=4), f"{other}: {rng.choice(FILLER)}"))
    for n, (day, speaker, before, later, after) in enumerate(UPDATES):
        said.append((f"u{n}a", START + timedelta(days=day, hours=3), f"{speaker}: {before}"))
        said.append((f"u{n}b", START + timedelta(days=later, hours=3), f"{speaker}: {after}"))
    for n, (speaker, _, *values) in enumerate(SLOTS):
        for side, (_, day, text) in zip("ab", values, strict=True):
            said.append((f"s{n}{side}", START + timedelta(days=day, hours=5), f"{speaker}: {text}"))
    with mem.store.transaction():
        for eid, at, text in said:
            mem.store.add_episode(Episode(id=eid, user_id="u1", content=text, reference_time=at, recorded_at=at))
    items: list[dict[str, Any]] = []
    for n, (speaker, predicate, *values) in enumerate(SLOTS):
        for side, (value, day, _) in zip("ab", values, strict=True):
            items.append({"subject": speaker, "predicate": predicate, "object": value, "user_id": "u1",
                          "valid_from": START + timedelta(days=day, hours=5), "episode_id": f"s{n}{side}",
                          "text": f"{speaker} {predicate.replace('_', ' ')} {value}"})
    mem.add_facts(items)
    mem.embed_pending()
    return mem


def key(hit: Hit) -> str:
    """A hit's name across stores: an episode's id, a fact's text and start (fact ids are drawn anew)."""
    return key_of_fact(hit.fact) if hit.fact is not None else hit.id


def key_of_fact(fact: Fact) -> str:
    return f"fact {fact.text} from {fact.valid_from.date()}"


def answers(mem: Memory) -> dict[str, list[list[Any]]]:
    """Each query's hits (now, and as of day 150), in order: name, score, outdated, replaced by."""
    config = RecallConfig(reinforce=False)
    facts = {fact.id: key_of_fact(fact) for fact in mem.store.current("u1")}
    out = {}
    for as_of in (None, START + timedelta(days=150)):
        for query in QUERIES:
            hits = mem.search(query, user_id="u1", k=10, as_of=as_of, config=config)
            out[f"{query} @ {as_of.date() if as_of else 'now'}"] = [
                [key(h), round(h.score, 5), h.outdated, facts.get(h.updated_by or "", h.updated_by)] for h in hits]
    return out


@pytest.fixture(scope="module")
def float32_answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[Any]]]:
    """The corpus embedded in float32 throughout, as the record was (no bfloat16 bulk batches)."""
    with build(tmp_path_factory.mktemp("order") / "order.db", MiniLMEmbedder(bulk="float32")) as mem:
        return answers(mem)


def test_search_returns_the_recorded_order_on_a_fixed_corpus(float32_answers: dict[str, list[list[Any]]]) -> None:
    recorded = json.loads(RECORD.read_text())
    now = float32_answers
    assert now.keys() == recorded.keys()
    marked = sum(row[2] for rows in now.values() for row in rows)
    assert marked >= 5  # the corpus exercises the update marks
    for query, rows in now.items():
        expected = recorded[query]
        assert [(r[0], r[2], r[3]) for r in rows] == [(r[0], r[2], r[3]) for r in expected], query
        assert all(abs(a[1] - b[1]) <= 1e-4 for a, b in zip(rows, expected, strict=True)), query


def test_bfloat16_bulk_vectors_move_scores_by_little_and_swap_only_near_ties(
        tmp_path: Path, float32_answers: dict[str, list[list[Any]]]) -> None:
    """The store embedded in bfloat16 batches (queries stay float32): the same first hits and
    outdated marks, scores within 2e-3; two hits trade places, or one crosses the last place or
    the floor, only where float32 scored them within 2e-3."""
    embedder = MiniLMEmbedder(bulk="bf16")
    with build(tmp_path / "bf16.db", embedder) as mem:
        now = answers(mem)
    assert embedder._model._bf16 is not None  # the corpus did go through bfloat16 batches
    same_order = 0
    for query, rows in now.items():
        exact = {r[0]: r for r in float32_answers[query]}
        fast = {r[0]: r for r in rows}
        assert rows[0][0] == float32_answers[query][0][0], query
        for name in exact.keys() & fast.keys():
            assert abs(exact[name][1] - fast[name][1]) <= 2e-3 and exact[name][2] == fast[name][2], (query, name)
        lowest = min(r[1] for r in float32_answers[query])
        assert all(exact[name][1] <= lowest + 2e-3 for name in exact.keys() - fast.keys()), query
        both = [r[0] for r in rows if r[0] in exact]
        place = {r[0]: i for i, r in enumerate(float32_answers[query])}
        for i, first in enumerate(both):  # every pair the two orders disagree on is a near-tie
            for second in both[i + 1:]:
                if place[first] > place[second]:
                    assert abs(exact[first][1] - exact[second][1]) <= 2e-3, (query, first, second)
        same_order += [r[0] for r in rows] == [r[0] for r in float32_answers[query]]
    assert same_order >= len(now) * 2 // 3  # 25 of 34 when measured


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp, build(Path(tmp) / "order.db", MiniLMEmbedder(bulk="float32")) as memory:
        RECORD.parent.mkdir(exist_ok=True)
        RECORD.write_text(json.dumps(answers(memory), indent=1) + "\n")
    print(f"wrote {RECORD}", file=sys.stderr)
