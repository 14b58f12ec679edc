"""LoCoMo evidence recall: kronograph's search against raw-turn baselines, per category.

Every turn of a LoCoMo conversation becomes one episode (``Memory.add_many``, offline
extractor, the session's date as reference time) in one memory per conversation (user id
``<conversation>``), as a message with the speaker's name (``{"role": "user", "name":
"Caroline", ...}``), so the stored episode reads ``Caroline: ...``. Each method ranks turns:

- search: ``Memory.search`` (facts and episodes in one ranking; a fact points at the turns it
  came from, an episode is its turn);
- recall: ``Memory.recall`` (facts only), each fact's source turns;
- recall+episodes: the turns of recall's three best facts, then ``Memory.recall_episodes``;
- bm25: SQLite FTS5 BM25 over the raw turns ``"speaker: text"`` of the conversation;
- embedding: all-MiniLM-L6-v2 cosine over the same raw turns (the model kronograph uses).

Metric: evidence recall@k, the share of a question's evidence turns among the first k turns.
Search's weights were tuned on conversations 1-5 (``--tune``); figures are reported for
1-5 (tuned on) and 6-10 (held out) apart.

    python evals/locomo.py                       # all 10 conversations, the table and JSON
    python evals/locomo.py --tune                # grid over the fusion weights, conversations 1-5 only
    python evals/locomo.py --methods search,bm25 --split reported --workdir DIR   # faster: two methods

Writes JSON to evals/results/locomo.json. The data is read from
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
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from kronograph import CachedEmbedder, Memory, MiniLMEmbedder, RecallConfig
from kronograph.graph.text_search import fts_phrase, search_terms
from kronograph.queries.config import DEFAULT_RECALL

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
KS = (5, 10)
TUNE = range(0, 5)      # conversations 1-5: weights are chosen here
REPORT = range(5, 10)   # conversations 6-10: reported, never tuned on
#: Evaluation must not change what it measures: no reinforcement.
EVAL_RECALL = DEFAULT_RECALL.model_copy(update={"reinforce": False})
METHODS = ("search", "recall", "recall+episodes", "bm25", "embedding")


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


def evidence_of(qa: dict[str, Any]) -> list[str]:
    return [e.strip() for e in qa["evidence"] for e in e.split(";")]


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


def dedup(turns: list[str | None]) -> list[str]:
    return [t for t in dict.fromkeys(turns) if t is not None]


def search_turns(mem: Memory, question: str, user: str, episode_turn: dict[str, str], k: int,
                 config: RecallConfig) -> list[str]:
    hits = mem.search(question, user_id=user, k=k, config=config)
    return dedup([episode_turn.get(eid) for hit in hits for eid in hit.episode_ids])


def recall_turns(mem: Memory, question: str, user: str, episode_turn: dict[str, str], k: int) -> list[str]:
    hits = mem.recall(question, user_id=user, k=k, config=EVAL_RECALL)
    return dedup([episode_turn.get(eid) for hit in hits for eid in hit.fact.source_episode_ids])


def recall_episode_turns(mem: Memory, question: str, user: str, episode_turn: dict[str, str], k: int) -> list[str]:
    first = recall_turns(mem, question, user, episode_turn, k)[:3]
    said = [episode_turn.get(h.episode.id) for h in mem.recall_episodes(question, user_id=user, k=2 * k)]
    return dedup([*first, *said])


class Conversation:
    """One LoCoMo conversation loaded into a memory, with its baselines."""

    def __init__(self, mem: Memory, sample: dict[str, Any], embedder: Any,
                 saved: Path | None = None) -> None:
        self.sample_id = sample["sample_id"]
        self.user = str(self.sample_id)
        turns = turns_of(sample)
        if saved is not None and saved.exists():  # ingested by an earlier run into the same --workdir
            state = json.loads(saved.read_text())
            self.episode_turn, self.facts, self.turns_with_facts = state["episode_turn"], state["facts"], \
                state["turns_with_facts"]
            self.ingest_s, self.embed_s, self.embedded = state["ingest_s"], state["embed_s"], state["embedded"]
        else:
            started = time.perf_counter()
            results = mem.add_many([{"messages": [{"role": "user", "name": t["speaker"], "content": t["text"]}],
                                     "reference_time": t["time"]} for t in turns], user_id=self.user,
                                   batch_size=128)
            self.episode_turn = {r.episode_id: t["dia_id"] for t, r in zip(turns, results) if r.episode_id}
            self.facts = sum(1 for r in results for f in r.facts if f is not None)
            self.turns_with_facts = sum(1 for r in results if r.facts)
            self.ingest_s = time.perf_counter() - started
            started = time.perf_counter()
            self.embedded = mem.embed_pending(user_id=self.user)
            self.embed_s = time.perf_counter() - started
            if saved is not None:
                saved.write_text(json.dumps({
                    "episode_turn": self.episode_turn, "facts": self.facts, "turns_with_facts": self.turns_with_facts,
                    "ingest_s": self.ingest_s, "embed_s": self.embed_s, "embedded": self.embedded}))
        self.turns = len(turns)
        self.baseline = TurnIndex(turns, embedder.embed([f"{t['speaker']}: {t['text']}" for t in turns]))
        self.questions = [q for q in sample["qa"] if q.get("evidence")]
        self.question_vectors = embedder.embed([q["question"] for q in self.questions])


def score_methods(mem: Memory, conv: Conversation, methods: dict[str, Callable[..., list[str]]],
                  scores: dict[str, dict[int, dict[int, list[float]]]], timings: list[float]) -> None:
    k = max(KS)
    for qa, qvec in zip(conv.questions, conv.question_vectors):
        evidence = evidence_of(qa)
        for name, method in methods.items():
            started = time.perf_counter()
            ranked = method(qa["question"], qvec, k)
            if name == "search":
                timings.append((time.perf_counter() - started) * 1000)
            for cut in KS:
                scores[name][qa["category"]][cut].append(evidence_recall(ranked, evidence, cut))


def table_of(scores: dict[int, dict[int, list[float]]]) -> dict[str, dict[str, float]]:
    out = {CATEGORIES[c]: {f"R@{k}": statistics.fmean(scores[c][k]) if scores[c][k] else 0.0 for k in KS}
           for c in sorted(CATEGORIES)}
    out["all"] = {f"R@{k}": statistics.fmean([v for c in scores.values() for v in c[k]] or [0.0]) for k in KS}
    return out


def new_scores() -> dict[str, dict[int, dict[int, list[float]]]]:
    return {m: defaultdict(lambda: defaultdict(list)) for m in METHODS}


def methods_for(mem: Memory, conv: Conversation, config: RecallConfig) -> dict[str, Callable[..., list[str]]]:
    turn = conv.episode_turn
    return {
        "search": lambda q, v, k: search_turns(mem, q, conv.user, turn, k, config),
        "recall": lambda q, v, k: recall_turns(mem, q, conv.user, turn, k),
        "recall+episodes": lambda q, v, k: recall_episode_turns(mem, q, conv.user, turn, k),
        "bm25": lambda q, v, k: conv.baseline.bm25(q, k),
        "embedding": lambda q, v, k: conv.baseline.embedding(v, k),
    }


def tune(mem: Memory, convs: list[Conversation]) -> list[dict[str, Any]]:
    """Search's R@10 on the tuning conversations over a grid of fusion weights: first the
    relevance mix (BM25, dense, neighbour context) and the fact weight, then the lifecycle
    share and the update penalty on the best."""
    def run(update: dict[str, float]) -> dict[str, Any]:
        config = EVAL_RECALL.model_copy(update={"fusion": EVAL_RECALL.fusion.model_copy(update=update)})
        values = [evidence_recall(search_turns(mem, qa["question"], conv.user, conv.episode_turn, 10, config),
                                  evidence_of(qa), 10) for conv in convs for qa in conv.questions]
        row = {**update, "R@10": statistics.fmean(values)}
        print(json.dumps(row), file=sys.stderr)
        return row

    grid = [run({"bm25": bm25, "dense": dense, "graph": 0.1, "context": context, "fact_weight": fw})
            for bm25 in (0.5, 0.6) for dense in (0.3, 0.4) for context in (0.2, 0.3, 0.4) for fw in (0.3, 0.5)]
    best = max(grid, key=lambda r: r["R@10"])
    base = {key: value for key, value in best.items() if key != "R@10"}
    grid += [run({**base, "lifecycle_share": share, "update_penalty": penalty})
             for share in (0.0, 0.2) for penalty in (0.0, 0.2)]
    return sorted(grid, key=lambda r: -r["R@10"])


def print_table(title: str, tables: dict[str, dict[str, dict[str, float]]]) -> None:
    print(title)
    print(f"{'method':<17}" + "".join(f"{name[:11]:>14}" for name in [*CATEGORIES.values(), "all"]))
    print(f"{'':<17}" + "".join(f"{'R@5  R@10':>14}" for _ in range(len(CATEGORIES) + 1)))
    for method, table in tables.items():
        print(f"{method:<17}" + "".join(f"{row['R@5']:>8.3f}{row['R@10']:>6.3f}" for row in table.values()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--tune", action="store_true", help="grid-search the fusion weights on conversations 1-5")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="keep the store here and reuse what an earlier run ingested (default: a temp dir)")
    parser.add_argument("--ingest-only", action="store_true", help="load the conversations and stop")
    parser.add_argument("--split", choices=("both", "tuned", "reported"), default="both",
                        help="which conversations to evaluate")
    parser.add_argument("--conversations", type=int, default=10, help="only the first N (a quick look)")
    parser.add_argument("--methods", default=",".join(METHODS),
                        help=f"comma-separated, of: {', '.join(METHODS)} (default: all)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "locomo.json")
    parser.add_argument("--embedder", choices=["minilm", "use"], default="minilm",
                        help="minilm (default) or the multilingual USE (kronograph.queries.multilingual)")
    args = parser.parse_args(argv)
    methods = [name.strip() for name in args.methods.split(",")]
    if unknown := set(methods) - set(METHODS):
        parser.error(f"--methods: unknown {', '.join(sorted(unknown))}")
    if "bm25" not in methods:
        methods.append("bm25")  # the baseline every figure is compared with
    if not args.data.exists():
        print(f"LoCoMo data not found at {args.data}; skipping", file=sys.stderr)
        return 0
    samples = json.loads(args.data.read_text())
    if args.embedder == "use":
        from kronograph.queries.multilingual import MultilingualEmbedder

        embedder: Any = MultilingualEmbedder()
    else:
        embedder = MiniLMEmbedder()
    splits = {"tuned (conversations 1-5)": list(TUNE), "reported (conversations 6-10)": list(REPORT)}
    if args.tune or args.split == "tuned":
        splits = {"tuned (conversations 1-5)": list(TUNE)}
    elif args.split == "reported":
        splits = {"reported (conversations 6-10)": list(REPORT)}
    splits = {name: [i for i in indexes if i < args.conversations] for name, indexes in splits.items()}
    splits = {name: indexes for name, indexes in splits.items() if indexes}
    result: dict[str, Any] = {"config": EVAL_RECALL.fusion.model_dump(), "splits": {}}
    with tempfile.TemporaryDirectory() as tmp, \
            Memory((args.workdir or Path(tmp)) / "locomo.db", embedder=CachedEmbedder(embedder)) as mem:
        for split, indexes in splits.items():
            convs = []
            for i in indexes:
                saved = args.workdir / f"{samples[i]['sample_id']}.json" if args.workdir else None
                convs.append(Conversation(mem, samples[i], embedder, saved))
                print(f"{convs[-1].sample_id}: {convs[-1].turns} turns, {len(convs[-1].questions)} questions, "
                      f"ingest {convs[-1].ingest_s:.0f} s, embed {convs[-1].embedded} in {convs[-1].embed_s:.1f} s",
                      file=sys.stderr)
            if args.ingest_only:
                continue
            if args.tune:
                grid = tune(mem, convs)
                print(json.dumps(grid[:10], indent=1))
                return 0
            scores = new_scores()
            timings: list[float] = []
            for conv in convs:
                score_methods(mem, conv, {name: method for name, method in methods_for(mem, conv, EVAL_RECALL).items()
                                          if name in methods}, scores, timings)
            tables = {m: table_of(scores[m]) for m in METHODS if m in methods}
            counts = {CATEGORIES[c]: len(scores["bm25"][c][10]) for c in sorted(CATEGORIES)}
            result["splits"][split] = {
                "conversations": [c.sample_id for c in convs], "questions_per_category": counts,
                "turns": sum(c.turns for c in convs), "facts": sum(c.facts for c in convs),
                "turns_with_facts": sum(c.turns_with_facts for c in convs),
                "ingest_s": sum(c.ingest_s for c in convs), "embed_s": sum(c.embed_s for c in convs),
                "embedded": sum(c.embedded for c in convs),
                "search_p50_ms": float(np.median(timings)), "search_p95_ms": float(np.percentile(timings, 95)),
                "evidence_recall": tables,
            }
            print_table(f"{split}: {sum(counts.values())} questions", tables)
    if not args.ingest_only:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
