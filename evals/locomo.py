"""LoCoMo evidence recall: kronograph's recall against two raw-turn baselines, per category.

Every turn of every LoCoMo conversation becomes one episode (``Memory.add_many``, offline
extractor, the session's date as reference time) in the memory of its speaker (user id
``<conversation>:<speaker>``), so "I" means the speaker. For each question, both speakers'
memories are recalled (k=10 each, merged by score); each recalled fact points to the turns it
came from (``source_episode_ids`` -> ``dia_id``), giving a ranked list of turns.

Computed in the same run on the same turns:
- bm25: SQLite FTS5 BM25 over the raw turns of the conversation;
- embedding: all-MiniLM-L6-v2 cosine over the raw turns (the model kronograph uses);
- kronograph+episodes: the turns of kronograph's three best facts first, then the episodes
  ``Memory.recall_episodes`` finds (BM25 over the stored, redacted episodes of both speakers).

Metric: evidence recall@k, the share of a question's evidence turns among the first k turns.

    python evals/locomo.py                      # all 10 conversations, 1,986 questions
    python evals/locomo.py --conversations 2    # quick

Prints a table and writes JSON to evals/results/locomo.json. The data is read from
``../shared/data/locomo/locomo10.json`` relative to the repository root (CC BY-NC 4.0,
evaluation use only; never copied into the repository).
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from kronograph import Memory, MiniLMEmbedder, RecallConfig
from kronograph.graph.text_search import fts_phrase, search_terms

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10)
#: Evaluation must not change what it measures: no reinforcement on recall.
EVAL_RECALL = RecallConfig(reinforce=False)


def session_time(text: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` -> an aware datetime."""
    return datetime.strptime(re.sub(r"\s+", " ", text.strip()), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turns_of(sample: dict[str, Any]) -> list[dict[str, Any]]:
    conv = sample["conversation"]
    out = []
    for key in sorted((k for k in conv if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k.split("_")[1])):
        when = session_time(conv[f"{key}_date_time"])
        for turn in conv[key]:
            text = turn.get("text", "")
            if turn.get("blip_caption"):
                text += f" [shares a photo: {turn['blip_caption']}]"
            out.append({"dia_id": turn["dia_id"], "speaker": turn["speaker"], "text": text, "time": when})
    return out


def evidence_recall(ranked: list[str], evidence: list[str], k: int) -> float:
    wanted = set(evidence)
    return len(wanted & set(ranked[:k])) / len(wanted) if wanted else 0.0


class TurnIndex:
    """The two baselines over one conversation's raw turns."""

    def __init__(self, turns: list[dict[str, Any]], vectors: np.ndarray) -> None:
        self.ids = [t["dia_id"] for t in turns]
        self.vectors = vectors
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE turns USING fts5(text, tokenize='porter unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO turns (rowid, text) VALUES (?, ?)",
                            [(i, f"{t['speaker']}: {t['text']}") for i, t in enumerate(turns)])

    def bm25(self, question: str, k: int) -> list[str]:
        terms = search_terms(question)
        if not terms:
            return []
        rows = self.db.execute("SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY rank LIMIT ?",
                               (" OR ".join(fts_phrase(t) for t in terms), k)).fetchall()
        return [self.ids[r[0]] for r in rows]

    def embedding(self, question_vector: np.ndarray, k: int) -> list[str]:
        scores = self.vectors @ question_vector
        return [self.ids[i] for i in np.argsort(-scores)[:k]]


def kronograph_turns(mem: Memory, question: str, users: list[str], episode_turn: dict[str, str], k: int) -> list[str]:
    hits = [h for user in users for h in mem.recall(question, user_id=user, k=k, config=EVAL_RECALL)]
    hits.sort(key=lambda h: -h.score)
    ranked: list[str] = []
    for hit in hits:
        for episode_id in hit.fact.source_episode_ids:
            turn = episode_turn.get(episode_id)
            if turn is not None and turn not in ranked:
                ranked.append(turn)
    return ranked


def episode_turns(mem: Memory, question: str, users: list[str], episode_turn: dict[str, str], k: int) -> list[str]:
    hits = [h for user in users for h in mem.recall_episodes(question, user_id=user, k=k)]
    hits.sort(key=lambda h: -h.score)
    return [episode_turn[h.episode.id] for h in hits if h.episode.id in episode_turn]


def fill(first: list[str], then: list[str]) -> list[str]:
    return first + [t for t in then if t not in first]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=10)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "locomo.json")
    parser.add_argument("--embedder", choices=["minilm", "use"], default="minilm",
                        help="minilm (default) or the multilingual USE (kronograph.queries.multilingual)")
    args = parser.parse_args(argv)
    samples = json.loads(args.data.read_text())[: args.conversations]
    if args.embedder == "use":
        from kronograph.queries.multilingual import MultilingualEmbedder

        embedder: Any = MultilingualEmbedder()
    else:
        embedder = MiniLMEmbedder()
    methods = ("kronograph", "bm25", "embedding", "kronograph+episodes")
    scores: dict[str, dict[int, dict[int, list[float]]]] = {m: defaultdict(lambda: defaultdict(list)) for m in methods}
    stats: dict[str, Any] = {"turns": 0, "facts": 0, "turns_with_facts": 0, "questions": 0,
                             "ingest_s": 0.0, "recall_ms": []}
    with tempfile.TemporaryDirectory() as tmp, Memory(Path(tmp) / "locomo.db", embedder=embedder) as mem:
        for sample in samples:
            turns = turns_of(sample)
            started = time.perf_counter()
            episode_turn: dict[str, str] = {}
            users = []
            for speaker in dict.fromkeys(t["speaker"] for t in turns):
                user = f"{sample['sample_id']}:{speaker}"
                users.append(user)
                mine = [t for t in turns if t["speaker"] == speaker]
                results = mem.add_many([{"content": t["text"], "reference_time": t["time"]} for t in mine],
                                       user_id=user, batch_size=128)
                for turn, result in zip(mine, results):
                    if result.episode_id:
                        episode_turn[result.episode_id] = turn["dia_id"]
                    stats["facts"] += sum(1 for f in result.facts if f is not None)
                    stats["turns_with_facts"] += bool(result.facts)
                mem.embed_pending(user_id=user)
            stats["ingest_s"] += time.perf_counter() - started
            stats["turns"] += len(turns)
            vectors = embedder.embed([f"{t['speaker']}: {t['text']}" for t in turns])
            index = TurnIndex(turns, vectors)
            questions = [q for q in sample["qa"] if q.get("evidence")]
            qvectors = embedder.embed([q["question"] for q in questions])
            for qa, qvec in zip(questions, qvectors):
                started = time.perf_counter()
                ours = kronograph_turns(mem, qa["question"], users, episode_turn, max(KS))
                stats["recall_ms"].append((time.perf_counter() - started) * 1000)
                said = episode_turns(mem, qa["question"], users, episode_turn, max(KS) * 2)
                ranked = {"kronograph": ours, "bm25": index.bm25(qa["question"], max(KS)),
                          "embedding": index.embedding(qvec, max(KS)), "kronograph+episodes": fill(ours[:3], said)}
                evidence = [e.strip() for e in qa["evidence"] for e in e.split(";")]
                for method, turns_ranked in ranked.items():
                    for k in KS:
                        scores[method][qa["category"]][k].append(evidence_recall(turns_ranked, evidence, k))
                stats["questions"] += 1
            print(f"{sample['sample_id']}: {len(turns)} turns, {len(questions)} questions", file=sys.stderr)
    table: dict[str, dict[str, dict[str, float]]] = {}
    for method in methods:
        table[method] = {}
        for cat in sorted(CATEGORIES):
            values = scores[method][cat]
            table[method][CATEGORIES[cat]] = {f"R@{k}": statistics.fmean(values[k]) if values[k] else 0.0 for k in KS}
        every = [v for cat in scores[method].values() for v in cat[10]]
        every5 = [v for cat in scores[method].values() for v in cat[5]]
        table[method]["all"] = {"R@5": statistics.fmean(every5), "R@10": statistics.fmean(every)}
    counts = {CATEGORIES[c]: len(scores["bm25"][c][10]) for c in sorted(CATEGORIES)}
    result = {
        "conversations": len(samples), "questions": stats["questions"], "questions_per_category": counts,
        "turns": stats["turns"], "facts": stats["facts"], "turns_with_facts": stats["turns_with_facts"],
        "ingest_s": stats["ingest_s"], "recall_p50_ms": float(np.median(stats["recall_ms"])),
        "evidence_recall": table,
    }
    header = f"{'method':<17}" + "".join(f"{name[:11]:>14}" for name in [*CATEGORIES.values(), "all"])
    print(header)
    print(f"{'':<17}" + "".join(f"{'R@5  R@10':>14}" for _ in range(len(CATEGORIES) + 1)))
    for method in methods:
        cells = "".join(f"{row['R@5']:>8.3f}{row['R@10']:>6.3f}" for row in table[method].values())
        print(f"{method:<17}{cells}")
    print(f"turns {stats['turns']}, with facts {stats['turns_with_facts']}, facts {stats['facts']}, "
          f"ingest {stats['ingest_s']:.0f} s, recall p50 {result['recall_p50_ms']:.1f} ms (two users per question)")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
