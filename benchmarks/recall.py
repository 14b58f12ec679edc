"""Benchmark search and recall: latency for one user with as many facts as episodes (10k+10k,
100k+100k) and over 1,000 users (1M+1M), query embedding included, the memory it takes, and
the recall-ready ingest rate (texts written and embedded per second).

Facts come from templates over a vocabulary; their texts (and the episodes', which name the
speaker) are drawn from a pool of a few thousand distinct sentences, embedded once with the
real MiniLM (a cache in front of it), so building a 1M-fact store does not take hours of CPU.
Every query is embedded for real, every time. Facts are written through ``Memory.add_facts``,
episodes through the store's ``add_episode`` in one transaction per user. The ingest figure
embeds distinct texts for real (no cache).

    python benchmarks/recall.py                              # every scenario
    python benchmarks/recall.py --scenarios 10k --runs 3     # quick

Prints a table and writes JSON to benchmarks/results/recall.json. Reported p50/p95 are the
medians over ``--runs`` rounds of ``--queries`` recalls each.
"""

from __future__ import annotations

import os

# One BLAS thread: a matrix-vector product is memory-bound, and on a shared 2-core machine a
# second spinning BLAS thread only adds contention (set before numpy is imported).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from kronograph import CachedEmbedder, Episode, Memory, MiniLMEmbedder
from kronograph.queries.onnx_minilm import VARIANTS

NAMES = ["Ada", "Bob", "Chen", "Dara", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemal", "Lena",
         "Mateo", "Nia", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara"]
TEMPLATES = [
    ("likes", "{s} likes {o}", ["jazz", "hiking", "sushi", "chess", "opera", "cycling", "tea", "gardening",
                                "sci-fi novels", "board games", "pottery", "surfing", "baking bread", "yoga"]),
    ("visited", "{s} visited {o} last year", ["Lisbon", "Kyoto", "Nairobi", "Oslo", "Lima", "Hanoi", "Boston",
                                              "Prague", "Cairo", "Seoul", "Dublin", "Quito"]),
    ("knows", "{s} has known {o} since school", ["Mia", "Noah", "Liam", "Emma", "Olivia", "Lucas", "Zoe", "Leo"]),
    ("owns", "{s} owns a {o}", ["red bicycle", "sailing boat", "vintage camera", "grand piano", "electric car",
                                "golden retriever", "telescope", "espresso machine"]),
    ("studies", "{s} is studying {o}", ["marine biology", "Japanese", "economics", "astrophysics",
                                        "medieval history", "machine learning", "architecture"]),
    ("allergic_to", "{s} is allergic to {o}", ["peanuts", "penicillin", "cats", "pollen", "shellfish"]),
    ("plays", "{s} plays the {o} in a band", ["cello", "drums", "violin", "bass guitar", "saxophone"]),
    ("works_on", "{s} works on {o} at the office", ["the billing system", "a search engine", "payroll",
                                                    "the mobile app", "a data pipeline", "customer support"]),
]
SURNAMES = [f"{a}{b}" for a in ("Ber", "Cas", "Dor", "Fal", "Gor", "Hal", "Kel", "Lor", "Mar", "Nor")
            for b in ("ley", "sen", "ton", "dahl", "ova", "ez", "ini", "ström", "ak", "well")]
QUERIES = [
    "what music does {s} like", "where did {s} travel", "who are {s}'s old friends", "does {s} have a pet",
    "what is {s} studying", "is {s} allergic to anything", "which instrument does {s} play",
    "what project is {s} working on", "{s}'s hobbies", "food {s} enjoys", "what car does {s} drive",
    "tell me about {s}", "places {s} has been to", "medicine {s} should avoid",
]


def sentence_pool() -> list[tuple[str, str, str]]:
    """Every (predicate, object word, sentence template) combination, as distinct sentences."""
    return [(pred, obj, text.replace("{o}", obj)) for pred, text, objects in TEMPLATES for obj in objects]


def fact_items(user: str, count: int, seed: int) -> Iterator[dict[str, Any]]:
    """``count`` distinct facts (unique objects, so none is a duplicate of another)."""
    rng = random.Random(seed)
    pool = sentence_pool()
    for i in range(count):
        pred, obj, text = pool[rng.randrange(len(pool))]
        name = NAMES[rng.randrange(len(NAMES))]
        # 2,000 people, so a slot holds tens of records, not thousands; texts name the first
        # name only, so the distinct sentences stay few enough to embed once.
        subject = f"{name} {SURNAMES[rng.randrange(len(SURNAMES))]}"
        yield {"subject": subject, "predicate": pred, "object": f"{obj} #{i}", "user_id": user,
               "text": text.format(s=name), "importance": rng.choice((0.3, 0.5, 0.7, 0.9))}


def episodes_of(user: str, count: int, seed: int, now: datetime) -> Iterator[Episode]:
    """``count`` episodes, one turn each, led by the speaker's name (as ``Memory.add`` stores them)."""
    rng = random.Random(seed + 1_000_003)
    pool = sentence_pool()
    for i in range(count):
        _, _, text = pool[rng.randrange(len(pool))]
        name = NAMES[rng.randrange(len(NAMES))]
        yield Episode(id=f"{user}-e{i}", user_id=user, content=f"{name}: " + text.format(s="I"),
                      reference_time=now - timedelta(days=count - i), recorded_at=now)


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def build(path: Path, embedder: CachedEmbedder, users: int, per_user: int, deadline: float) -> dict[str, float]:
    """Add users' facts until all are in or ``deadline`` (perf_counter) passes; resumable: users
    already in the store (each user is one transaction) are skipped."""
    started = time.perf_counter()
    with Memory(path, embedder=embedder, synchronous="NORMAL") as mem:
        present = set(mem.store.user_ids())
        for u in range(users):
            user = f"user-{u:04d}"
            if user in present:
                continue
            if time.perf_counter() > deadline:
                break
            mem.add_facts(fact_items(user, per_user, seed=u), batch_size=5_000)
            with mem.store.transaction():
                for episode in episodes_of(user, per_user, seed=u, now=datetime.now(UTC)):
                    mem.store.add_episode(episode)
        mem.embed_pending()
        loaded = len(mem.store.user_ids())
    return {"build_s": time.perf_counter() - started, "users_loaded": loaded, "db_mib": sum(
        p.stat().st_size for p in path.parent.iterdir() if p.name.startswith(path.name)) / 2**20}


def measure(path: Path, embedder: MiniLMEmbedder, users: int, queries: int, runs: int) -> dict[str, Any]:
    rng = random.Random(7)
    rounds: list[dict[str, float]] = []
    # Caches that hold every user's indexes (vectors 1.6 KiB and BM25 ~0.4 KiB a fact): the
    # defaults (1 GiB, 256 MiB) keep ~650 users of the 1M store each; this measures a service
    # whose users are all in memory (cold loads are measured apart, below).
    with Memory(path, embedder=embedder, vector_cache_bytes=2 << 30, text_cache_bytes=1 << 30) as mem:
        rss_before = current_rss_mib()
        # A process's first recall of a user loads that user's in-memory indexes (vectors and
        # BM25): each user's first recall is timed apart ("cold"), not mixed into the rounds.
        cold: list[float] = []
        for u in range(users):
            started = time.perf_counter()
            mem.search(rng.choice(QUERIES).format(s=rng.choice(NAMES)), user_id=f"user-{u:04d}", k=10)
            cold.append((time.perf_counter() - started) * 1000)
        for _ in range(runs):
            times: list[float] = []
            cpu: list[float] = []
            recall_times: list[float] = []
            for _ in range(queries):
                user = f"user-{rng.randrange(users):04d}"
                query = rng.choice(QUERIES).format(s=rng.choice(NAMES))
                started, started_cpu = time.perf_counter(), time.process_time()
                hits = mem.search(query, user_id=user, k=10)
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
                assert hits, f"no hits for {query!r}"
                started = time.perf_counter()
                mem.recall(query, user_id=user, k=10)
                recall_times.append((time.perf_counter() - started) * 1000)
            rounds.append({"p50": percentile(times, 0.50), "p95": percentile(times, 0.95),
                           "cpu_p50": percentile(cpu, 0.50), "cpu_p95": percentile(cpu, 0.95),
                           "recall_p50": percentile(recall_times, 0.50),
                           "recall_p95": percentile(recall_times, 0.95)})
        store = mem.store
        cache_mib = (store.vector_cache.nbytes + store.episode_vector_cache.nbytes) / 2**20  # type: ignore[attr-defined]
        text_index_mib = (store.text_indexes.nbytes  # type: ignore[attr-defined]
                          + store.episode_text_indexes.nbytes) / 2**20  # type: ignore[attr-defined]
        embed_times = []
        for _ in range(queries):
            started = time.perf_counter()
            embedder.embed([rng.choice(QUERIES).format(s=rng.choice(NAMES))])
            embed_times.append((time.perf_counter() - started) * 1000)
        rss_after = current_rss_mib()
    return {
        "p50_ms": statistics.median(r["p50"] for r in rounds),
        "p95_ms": statistics.median(r["p95"] for r in rounds),
        "recall_p50_ms": statistics.median(r["recall_p50"] for r in rounds),
        "recall_p95_ms": statistics.median(r["recall_p95"] for r in rounds),
        # CPU time of the process (both threads) per recall: steadier than wall time on a
        # shared machine, where other jobs' load moves the latencies by tens of percent.
        "cpu_p50_ms": statistics.median(r["cpu_p50"] for r in rounds),
        "cpu_p95_ms": statistics.median(r["cpu_p95"] for r in rounds),
        "rounds": rounds,
        "query_embedding_p50_ms": percentile(embed_times, 0.5),
        "cold_p50_ms": percentile(cold, 0.50),
        "cold_p95_ms": percentile(cold, 0.95),
        "text_index_mib": text_index_mib,
        "vector_cache_mib": cache_mib,
        "rss_growth_mib": rss_after - rss_before,
        "rss_mib": rss_after,
    }


#: users, facts (and as many episodes) per user
SCENARIOS = {"10k": (1, 10_000), "100k": (1, 100_000), "1M": (1_000, 1_000)}


LOCOMO = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "locomo" / "locomo10.json"


def ingest_texts(count: int) -> tuple[list[str], list[str], str]:
    """``count`` texts, half facts and half episodes: LoCoMo turns (the fact is the turn's text,
    the episode ``speaker: text``) when the data set is there, else generated sentences."""
    if LOCOMO.exists():
        samples = json.loads(LOCOMO.read_text())
        turns = [(turn["speaker"], turn["text"]) for sample in samples for key, session in sample["conversation"].items()
                 if key.startswith("session_") and isinstance(session, list) for turn in session]
        source = f"LoCoMo turns ({LOCOMO.name})"
    else:
        rng = random.Random(11)
        words = [obj for _, _, objects in TEMPLATES for obj in objects] + SURNAMES
        turns = [(NAMES[i % len(NAMES)], f"I mentioned {' '.join(rng.choice(words) for _ in range(rng.randrange(3, 14)))}")
                 for i in range(count)]
        source = "generated sentences"
    picked = [turns[i % len(turns)] for i in range(count)]
    half = count // 2
    return [text for _, text in picked[:half]], [f"{who}: {text}" for who, text in picked[half:]], source


def recall_ready_ingest(count: int, rounds: int, variants: list[str] | None = None) -> dict[str, Any]:
    """Write ``count`` texts (half facts through ``add_facts``, half episodes) and embed them all
    (``embed_pending``): the raw write rate and the recall-ready rate (written and embedded,
    so searchable by meaning), medians of ``rounds``. The baseline in the same rounds embeds the
    same texts with every batch in float32 on ONNX Runtime (``MiniLMEmbedder(bulk="float32")``,
    main's path before bfloat16 bulk batches); each of ``variants`` (other MiniLM graphs, e.g.
    ``int8``) is one more row, in the same rounds."""
    facts, episodes, source = ingest_texts(count)
    now = datetime.now(UTC)
    items = [{"subject": f"speaker {i % 50}", "predicate": "said", "object": f"turn {i}", "user_id": "ingest",
              "text": text} for i, text in enumerate(facts)]
    embedders = {"default": MiniLMEmbedder(), "float32": MiniLMEmbedder(bulk="float32"),
                 **{f"variant {v}": MiniLMEmbedder(variant=v) for v in variants or []}}
    for embedder in embedders.values():
        embedder.embed(["warm up"] * 64)  # loads the bulk path too
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in embedders}
    for _ in range(rounds):
        for name, embedder in embedders.items():
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "ingest.db"
                with Memory(path, embedder=None) as writer:
                    started = time.perf_counter()
                    writer.add_facts(items)
                    with writer.store.transaction():
                        for i, text in enumerate(episodes):
                            writer.store.add_episode(Episode(id=f"ingest-e{i}", user_id="ingest", content=text,
                                                             reference_time=now, recorded_at=now))
                    write_s = time.perf_counter() - started
                with Memory(path, embedder=embedder) as mem:
                    started, started_cpu = time.perf_counter(), time.process_time()
                    embedded = mem.embed_pending()
                    embed_s, embed_cpu = time.perf_counter() - started, time.process_time() - started_cpu
            runs[name].append({"write_per_s": count / write_s, "embedded": embedded, "embed_per_s": embedded / embed_s,
                               "embed_per_cpu_s": embedded / embed_cpu, "recall_ready_per_s": count / (write_s + embed_s)})

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    keys = ("write_per_s", "embed_per_s", "embed_per_cpu_s", "recall_ready_per_s")
    return {"texts": count, "facts": len(facts), "episodes": len(episodes), "source": source, "rounds": rounds,
            **{key: median("default", key) for key in keys},
            "bulk": getattr(embedders["default"]._model, "bulk", "float32"),  # the torch backend has none
            "baseline_float32": {key: median("float32", key) for key in keys},
            # Per round (same load for both), then the median: steadier than a ratio of medians.
            "ratio_over_float32": {key: statistics.median(a[key] / b[key] for a, b in zip(runs["default"], runs["float32"]))
                                   for key in keys},
            "variant": embedders["default"].variant,
            "variants": {v: {key: median(f"variant {v}", key) for key in keys} for v in variants or []},
            "runs": runs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", nargs="*", default=list(SCENARIOS), choices=list(SCENARIOS))
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workdir", type=Path, default=None,
                        help="Keep the stores here and reuse them on the next run (default: a temp dir).")
    parser.add_argument("--build-budget-s", type=float, default=3_600,
                        help="Stop adding users after this long (the run reports how many it has).")
    parser.add_argument("--ingest-texts", type=int, default=10_000, help="Texts for the recall-ready ingest figure.")
    parser.add_argument("--ingest-rounds", type=int, default=3)
    parser.add_argument("--ingest-variants", nargs="*", default=[], choices=[v for v in VARIANTS if v != "float32"],
                        help="MiniLM graph variants measured as extra recall-ready rows (e.g. int8 int8-ffn)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "recall.json")
    args = parser.parse_args(argv)
    minilm = MiniLMEmbedder()
    # Each distinct sentence is embedded once, when a build first needs it (none when the stores
    # in --workdir are complete).
    cached = CachedEmbedder(minilm, max_items=50_000)
    results: dict[str, Any] = {"stores": "template sentences, each distinct one embedded once by the real MiniLM; "
                                         "every query embedded for real", "scenarios": {}}
    results["ingest"] = recall_ready_ingest(args.ingest_texts, args.ingest_rounds, args.ingest_variants) if args.ingest_texts else None
    print(f"ingest: {results['ingest'] and {k: v for k, v in results['ingest'].items() if k != 'runs'}}",
          file=sys.stderr)
    deadline = time.perf_counter() + args.build_budget_s
    with tempfile.TemporaryDirectory() as tmp:
        paths = {name: (args.workdir or Path(tmp)) / f"recall-{name}.db" for name in args.scenarios}
        built: dict[str, dict[str, float]] = {}
        for name, path in paths.items():
            users, per_user = SCENARIOS[name]
            built[name] = build(path, cached, users, per_user, deadline)
            print(f"{name}: {built[name]['users_loaded']:.0f} users x {per_user:,} facts "
                  f"({built[name]['build_s']:.0f} s this run)", file=sys.stderr)
        for name, path in paths.items():
            users = int(built[name]["users_loaded"])
            per_user = SCENARIOS[name][1]
            timing = measure(path, minilm, users, args.queries, args.runs)
            print(f"{name}: p50 {timing['p50_ms']:.1f} ms, p95 {timing['p95_ms']:.1f} ms", file=sys.stderr)
            results["scenarios"][name] = {"users": users, "facts_per_user": per_user, "facts": users * per_user,
                                          "episodes": users * per_user,
                                          **built[name], **timing}
    results["max_rss_mib"] = rss_mib()
    results["load_average_1m"] = os.getloadavg()[0]
    results["cpus"] = os.cpu_count()
    scen = results["scenarios"]
    if "100k" in scen and "1M" in scen:
        results["ratio_1M_over_100k_p95"] = scen["1M"]["p95_ms"] / scen["100k"]["p95_ms"]
    ingest = results["ingest"]
    if ingest:
        print(f"recall-ready ingest of {ingest['texts']:,} texts ({ingest['facts']:,} facts + {ingest['episodes']:,} "
              f"episodes, {ingest['source']}), medians of {ingest['rounds']} rounds, load average {os.getloadavg()[0]:.1f}:")
        print(f"{'':<34} {'write/s':>9} {'embedded/s':>11} {'per CPU s':>10} {'recall-ready/s':>15}")
        rows = {f"default (bulk {ingest['bulk']})": ingest, "baseline: bulk float32 (main)": ingest["baseline_float32"],
                "ratio (median of per-round ratios)": ingest["ratio_over_float32"],
                **{f"variant {v} (same rounds)": row for v, row in ingest["variants"].items()}}
        for label, row in rows.items():
            ratio = label.startswith("ratio")
            print(f"{label:<34} " + " ".join(f"{row[key]:>{width},.{2 if ratio else 0}f}{'x' if ratio else ''}"
                                            for key, width in (("write_per_s", 9), ("embed_per_s", 11),
                                                               ("embed_per_cpu_s", 10), ("recall_ready_per_s", 15))))
    print("stores: template sentences over a vocabulary, each distinct sentence embedded once by the real MiniLM "
          "(vectors reused); every query embedded for real")
    print("search (facts + episodes):")
    print(f"{'scenario':<9} {'facts':>9} {'users':>6} {'p50 ms':>8} {'p95 ms':>8} {'cpu p50/p95':>12} {'embed ms':>9} "
          f"{'cold p50/p95 ms':>16} {'vectors MiB':>12} {'BM25 MiB':>9} {'RSS +MiB':>9} {'db MiB':>8} {'build s':>8}")
    for name, r in scen.items():
        print(f"{name:<9} {r['facts']:>9,} {r['users']:>6} {r['p50_ms']:>8.1f} {r['p95_ms']:>8.1f} "
              f"{r['cpu_p50_ms']:>5.1f} / {r['cpu_p95_ms']:>4.1f} "
              f"{r['query_embedding_p50_ms']:>9.1f} {r['cold_p50_ms']:>7.0f} / {r['cold_p95_ms']:>6.0f} "
              f"{r['vector_cache_mib']:>12.1f} {r['text_index_mib']:>9.1f} {r['rss_growth_mib']:>9.0f} {r['db_mib']:>8.0f} "
              f"{r['build_s']:>8.0f}")
    if "ratio_1M_over_100k_p95" in results:
        print(f"p95 at 1M over 1,000 users / p95 at 100k for one user: {results['ratio_1M_over_100k_p95']:.2f}x")
    print(f"max RSS {results['max_rss_mib']:.0f} MiB")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2))
    print(json.dumps({k: v for k, v in results.items() if k != "scenarios"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
