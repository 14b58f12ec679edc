"""Benchmark the REST server under concurrent clients (issue 15): ``kronograph serve`` in a
subprocess on a free loopback port, 8 clients x 200 mixed requests each against one store.

After a warm-up (the first message loads spaCy, the first search the query encoder; both
timed and reported apart as ``cold_start_ms``), the mix per client (its own user, with a key that holds it): 20% messages through
``POST /messages`` (offline extraction), 10% ``POST /facts``, 25% ``GET /facts`` (half of them
``as_of``), 10% ``GET /history``, 25% ``GET /search``, 10% ``GET /context``. Every response must
be 200; any other status or a transport error counts as an error.

    python benchmarks/rest.py                       # 8 clients x 200 requests
    python benchmarks/rest.py --clients 4 --requests 50 --runs 3

Prints a table and writes JSON to benchmarks/results/rest.json. Latencies are per request as
the client sees them (HTTP round trip on loopback); p50/p95 are medians over ``--runs`` rounds,
next to one client alone (the same requests, no queueing) measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "benchmarks" / "results" / "rest.json"
MESSAGES = ["I live in {city}.", "I moved to {city} last month.", "I like {thing}.", "I work at {org}.",
            "This week I'm fixing the {thing} build.", "I might be allergic to {thing}."]
CITIES = ["Lisbon", "Kyoto", "Oslo", "Lima", "Hanoi", "Boston", "Prague", "Seoul"]
THINGS = ["jazz", "sushi", "chess", "opera", "tea", "pollen", "docker", "pottery"]
ORGS = ["Acme", "Globex", "Initech", "Umbrella"]
QUERIES = ["where does the user live", "what does the user like", "where does the user work", "what is the user doing"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(db: Path, keys: dict[str, list[str]]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO), "KRONOGRAPH_API_KEYS": json.dumps(keys)}
    process = subprocess.Popen([sys.executable, "-m", "kronograph", "serve", "--db", str(db), "--port", str(port)],
                               env=env, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        if process.poll() is not None:
            raise SystemExit(f"server exited: {process.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(url + "/healthz", timeout=1.0).status_code == 200:
                return process, url
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("server did not start")


def one_request(client: httpx.Client, user: str, rng: random.Random) -> tuple[str, httpx.Response]:
    roll = rng.random()
    base = f"/v1/users/{user}"
    if roll < 0.20:
        text = rng.choice(MESSAGES).format(city=rng.choice(CITIES), thing=rng.choice(THINGS), org=rng.choice(ORGS))
        return "message", client.post(base + "/messages", json={"content": text})
    if roll < 0.30:
        return "add_fact", client.post(base + "/facts", json={"subject": "user", "predicate": "likes",
                                                             "object": rng.choice(THINGS)})
    if roll < 0.55:
        params = {"as_of": "2026-01-01"} if rng.random() < 0.5 else {}
        return "facts", client.get(base + "/facts", params=params)
    if roll < 0.65:
        return "history", client.get(base + "/history")
    if roll < 0.90:
        return "search", client.get(base + "/search", params={"q": rng.choice(QUERIES), "k": 5})
    return "context", client.get(base + "/context", params={"q": rng.choice(QUERIES), "max_tokens": 300})


def run_round(url: str, clients: int, requests: int, seed: int) -> dict[str, Any]:
    latencies: dict[str, list[float]] = {}
    errors: list[str] = []
    lock = threading.Lock()

    def client_loop(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        user = f"client-{index}"
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer key-{index}"}, timeout=120.0) as client:
            for _ in range(requests):
                started = time.perf_counter()
                try:
                    kind, response = one_request(client, user, rng)
                    ok = response.status_code == 200
                    detail = f"{kind}: {response.status_code} {response.text[:200]}"
                except httpx.HTTPError as exc:
                    kind, ok, detail = "transport", False, repr(exc)
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    latencies.setdefault(kind, []).append(elapsed)
                    if not ok:
                        errors.append(detail)

    started = time.perf_counter()
    threads = [threading.Thread(target=client_loop, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started
    every = sorted(v for values in latencies.values() for v in values)
    return {"requests": len(every), "errors": len(errors), "error_samples": errors[:5], "wall_s": wall,
            "throughput_rps": len(every) / wall, "p50_ms": percentile(every, 50), "p95_ms": percentile(every, 95),
            "p95_by_kind_ms": {k: percentile(sorted(v), 95) for k, v in sorted(latencies.items())},
            "count_by_kind": {k: len(v) for k, v in sorted(latencies.items())}}


def warm_up(url: str) -> dict[str, float]:
    """The first message loads spaCy and the first search the query encoder: timed apart,
    outside the measured rounds."""
    cold: dict[str, float] = {}
    with httpx.Client(base_url=url, headers={"Authorization": "Bearer key-warm"}, timeout=300.0) as client:
        for kind, call in (("message", lambda: client.post("/v1/users/warm-up/messages", json={"content": "I like tea."})),
                           ("search", lambda: client.get("/v1/users/warm-up/search", params={"q": "tea"}))):
            started = time.perf_counter()
            call().raise_for_status()
            cold[kind] = (time.perf_counter() - started) * 1000
    return cold


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, round(q / 100 * (len(sorted_values) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=200, help="Requests per client per round.")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()

    keys = {f"key-{i}": [f"client-{i}"] for i in range(args.clients)} | {"key-warm": ["warm-up"]}
    rounds = []
    with tempfile.TemporaryDirectory() as tmp:
        process, url = start(Path(tmp) / "rest.db", keys)
        try:
            cold = warm_up(url)
            baseline = run_round(url, 1, args.requests, seed=999)   # one client alone: no queueing
            for run in range(args.runs):
                rounds.append(run_round(url, args.clients, args.requests, seed=run))
        finally:
            process.terminate()
            process.wait(timeout=30)
    summary = {
        "clients": args.clients, "requests_per_client": args.requests, "runs": args.runs,
        "errors": sum(r["errors"] for r in rounds),
        "p50_ms": statistics.median(r["p50_ms"] for r in rounds),
        "p95_ms": statistics.median(r["p95_ms"] for r in rounds),
        "throughput_rps": statistics.median(r["throughput_rps"] for r in rounds),
        "baseline_one_client": {k: baseline[k] for k in ("requests", "errors", "p50_ms", "p95_ms", "throughput_rps")},
        "p95_vs_one_client": statistics.median(r["p95_ms"] for r in rounds) / baseline["p95_ms"],
        "cold_start_ms": cold, "load_average": os.getloadavg(), "cpus": os.cpu_count(), "rounds": rounds,
    }
    print(f"{'kind':<10} {'count':>6} {'p95 ms':>8}")
    last = rounds[-1]
    for kind, p95 in last["p95_by_kind_ms"].items():
        print(f"{kind:<10} {last['count_by_kind'][kind]:>6} {p95:>8.1f}")
    print(f"\n{args.clients} clients x {args.requests} requests x {args.runs} run(s): errors {summary['errors']}, "
          f"p50 {summary['p50_ms']:.1f} ms, p95 {summary['p95_ms']:.1f} ms, {summary['throughput_rps']:.1f} req/s "
          f"(load average {summary['load_average'][0]:.1f} on {summary['cpus']} cores)")
    print(f"one client alone: p50 {baseline['p50_ms']:.1f} ms, p95 {baseline['p95_ms']:.1f} ms, "
          f"{baseline['throughput_rps']:.1f} req/s; p95 ratio {summary['p95_vs_one_client']:.2f}x")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
