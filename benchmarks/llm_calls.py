"""LLM calls, tokens and time per episode on LoCoMo, next to Graphiti's call pattern (issue 6).

Replays LoCoMo conversations (``../shared/data/locomo/locomo10.json`` from the repo root),
one turn per episode and one user per speaker, through ``Memory.add`` with an
``LLMExtractor`` pointed at a local OpenAI-compatible server (tests/llm_server.py). The
server plays the model: it answers each extraction request with the offline extractor's
output in the LLM schema, and each resolution request by simple rules, so the whole
pipeline runs as it would with a model. Reported per episode: LLM calls and prompt tokens
(mean, p95; tokens as the server counts them, about four characters each), and the wall
time spent outside the LLM, against the same episodes through the offline extractor
(measured in the same run) and Graphiti's 3 + E calls (E = facts extracted).

    python benchmarks/llm_calls.py                      # first conversation, 3 runs
    python benchmarks/llm_calls.py --conversations 3
    python benchmarks/llm_calls.py --all --runs 1       # all 10 conversations (5,882 turns)

Prints a table and writes JSON to benchmarks/results/llm_calls.json.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kronograph import Memory  # noqa: E402
from kronograph.extraction import prompts  # noqa: E402
from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn  # noqa: E402
from kronograph.extraction.llm import LLMExtractor  # noqa: E402
from kronograph.extraction.offline import OfflineExtractor  # noqa: E402
from kronograph.model import Scope  # noqa: E402
from kronograph.temporal.predicates import PredicateSchema  # noqa: E402
from kronograph.temporal.timeline import object_key  # noqa: E402
from tests.llm_server import Recorded, Reply, ScriptedLLMServer, estimate_tokens  # noqa: E402

LOCOMO = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
RESULTS = ROOT / "benchmarks" / "results" / "llm_calls.json"
TURN_GAP = timedelta(seconds=30)


@dataclass(frozen=True)
class Message:
    user_id: str
    text: str
    at: datetime


def session_time(text: str) -> datetime:
    """LoCoMo's '1:56 pm on 8 May, 2023' as an aware datetime."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def conversations(limit: int | None) -> Iterator[list[Message]]:
    """Each conversation's turns in order, one user per speaker."""
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    for index, sample in enumerate(data[:limit]):
        conv = sample["conversation"]
        sessions = sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))
        messages: list[Message] = []
        for number in sessions:
            start = session_time(conv[f"session_{number}_date_time"])
            for i, turn in enumerate(conv[f"session_{number}"]):
                messages.append(Message(f"locomo{index}-{turn['speaker']}", turn["text"], start + i * TURN_GAP))
        yield messages


# -- the simulated model --------------------------------------------------------------------
def as_llm_fact(fact: CandidateFact) -> dict[str, Any]:
    """An offline candidate in the extraction answer's schema."""
    def iso(value: datetime | None) -> str | None:
        return value.isoformat() if value is not None else None

    return {"subject": fact.subject, "predicate": fact.predicate, "object": fact.object, "text": fact.text,
            "operation": fact.operation.value, "replaces": fact.replaces, "valid_from": iso(fact.valid_from),
            "valid_until": iso(fact.valid_until), "memory_type": fact.memory_type.value if fact.memory_type else "fact",
            "hedged": fact.hedged,
            "confidence": 1.0 if fact.confidence is None else fact.confidence, "negated": fact.negated,
            "sensitive_kind": fact.sensitive_kind, "task_until": iso(fact.task_until),
            "source_turn": fact.source_turn}


@dataclass
class OfflineModel:
    """Answers like a model would, from the offline extractor; counts the facts it extracts."""

    offline: OfflineExtractor
    schema: PredicateSchema = field(default_factory=PredicateSchema)
    extracted: list[int] = field(default_factory=list)

    def __call__(self, request: Recorded) -> Reply:
        prompt = request.messages[-1]["content"]
        if request.task == "extract_facts":
            return self.extract(prompt)
        if request.task == "resolve_facts":
            return self.resolve(prompt)
        return Reply.error(400, f"unknown task {request.task!r}")

    def extract(self, prompt: str) -> Reply:
        when = datetime.fromisoformat(re.search(r"Reference time: (\S+)", prompt).group(1))  # type: ignore[union-attr]
        turns: list[Turn] = []
        for line in prompt.split("\nEpisode:\n", 1)[1].splitlines():
            found = re.match(r"\[(\d+)\] (\w+): (.*)", line)
            if found:
                turns.append(Turn(role=found.group(2), content=found.group(3)))
            elif turns:
                turns[-1] = Turn(role=turns[-1].role, content=f"{turns[-1].content}\n{line}")
        episode = EpisodeInput(turns=turns, reference_time=when, scope=Scope(user_id="model"))
        facts = self.offline.extract(episode).facts
        self.extracted.append(len(facts))
        return Reply.answer({"entities": [], "facts": [as_llm_fact(f) for f in facts]})

    def resolve(self, prompt: str) -> Reply:
        stored: list[tuple[str, str, str, str]] = []
        resolutions = []
        section = ""
        for line in prompt.splitlines():
            if line in ("Stored facts:", "New facts:"):
                section = line
            elif section == "Stored facts:" and (m := re.match(r"(S\d+): (.*?) \| (.*?) \| (.*?) \|", line)):
                stored.append((m.group(1), object_key(m.group(2)), m.group(3), object_key(m.group(4))))
            elif section == "New facts:" and (m := re.match(r"\[(\d+)\] (.*?) \| (.*?) \| (.*?) \| (\w+)", line)):
                index, subject, predicate, obj, operation = (int(m.group(1)), object_key(m.group(2)), m.group(3),
                                                              object_key(m.group(4)), m.group(5))
                slot = [s for s in stored if s[1] == subject and s[2] == predicate]
                same = [s for s in slot if s[3] == obj]
                verdict, target = "new", None
                if same and operation == "add":
                    verdict, target = "duplicate", same[0][0]
                elif slot and operation == "correct":
                    verdict, target = "corrects", slot[-1][0]
                elif same and operation == "end":
                    verdict, target = "ends", same[0][0]
                elif slot and operation == "add" and self.schema.is_single_valued(predicate):
                    verdict, target = "supersedes", slot[-1][0]
                resolutions.append({"fact": index, "verdict": verdict, "stored_id": target})
        return Reply.answer({"resolutions": resolutions})


# -- measuring ------------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


@dataclass
class Run:
    calls: list[int] = field(default_factory=list)
    prompt_tokens: list[int] = field(default_factory=list)
    completion_tokens: list[int] = field(default_factory=list)
    graphiti_calls: list[int] = field(default_factory=list)
    outside_llm: list[float] = field(default_factory=list)
    offline_wall: list[float] = field(default_factory=list)
    fallbacks: int = 0


def run_once(convs: list[list[Message]], offline: OfflineExtractor) -> Run:
    run = Run()
    model = OfflineModel(offline)
    with ScriptedLLMServer(responder=model) as server, tempfile.TemporaryDirectory() as tmp:
        for index, messages in enumerate(convs):
            extractor = LLMExtractor(base_url=server.url, model="offline-as-llm", timeout=30, max_retries=0)
            with Memory(Path(tmp) / f"llm-{index}.db", extractor=extractor) as mem:
                for message in messages:
                    llm_before, extracted_before = extractor.usage.seconds, len(model.extracted)
                    started = time.perf_counter()
                    result = mem.add(message.text, user_id=message.user_id, reference_time=message.at)
                    wall = time.perf_counter() - started
                    run.outside_llm.append(wall - (extractor.usage.seconds - llm_before))
                    run.calls.append(result.llm_calls)
                    run.prompt_tokens.append(result.prompt_tokens)
                    run.completion_tokens.append(result.completion_tokens)
                    run.fallbacks += result.fallback is not None
                    edges = sum(model.extracted[extracted_before:])
                    run.graphiti_calls.append(3 + edges)
            with Memory(Path(tmp) / f"offline-{index}.db", extractor=offline) as mem:
                for message in messages:
                    started = time.perf_counter()
                    mem.add(message.text, user_id=message.user_id, reference_time=message.at)
                    run.offline_wall.append(time.perf_counter() - started)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=1, help="how many LoCoMo conversations (default 1)")
    parser.add_argument("--all", action="store_true", help="all 10 conversations")
    parser.add_argument("--runs", type=int, default=3, help="timed runs; times are medians over runs (default 3)")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    convs = list(conversations(None if args.all else args.conversations))
    offline = OfflineExtractor()
    runs = [run_once(convs, offline) for _ in range(args.runs)]
    first = runs[0]
    episodes = len(first.calls)

    def median_over_runs(pick: Any, stat: Any) -> float:
        return statistics.median(stat(pick(r)) for r in runs)

    ms = 1000.0
    outside_mean = median_over_runs(lambda r: r.outside_llm, statistics.mean) * ms
    outside_p95 = median_over_runs(lambda r: r.outside_llm, lambda v: percentile(v, 0.95)) * ms
    offline_mean = median_over_runs(lambda r: r.offline_wall, statistics.mean) * ms
    offline_p95 = median_over_runs(lambda r: r.offline_wall, lambda v: percentile(v, 0.95)) * ms
    report = {
        "conversations": len(convs), "episodes": episodes, "runs": args.runs,
        "kronograph": {
            "llm_calls_mean": statistics.mean(first.calls), "llm_calls_p95": percentile(first.calls, 0.95),
            "llm_calls_max": max(first.calls),
            "prompt_tokens_mean": statistics.mean(first.prompt_tokens),
            "prompt_tokens_p95": percentile(first.prompt_tokens, 0.95),
            "completion_tokens_mean": statistics.mean(first.completion_tokens),
            "outside_llm_ms_mean": outside_mean, "outside_llm_ms_p95": outside_p95,
            "fallbacks": first.fallbacks,
        },
        "graphiti_pattern": {
            "llm_calls_mean": statistics.mean(first.graphiti_calls),
            "llm_calls_p95": percentile(first.graphiti_calls, 0.95),
        },
        "offline_baseline": {"wall_ms_mean": offline_mean, "wall_ms_p95": offline_p95},
        "schema_tokens_per_call": {  # sent as response_format, not counted in prompt_tokens above
            task: estimate_tokens(json.dumps(prompts.response_format(task, answer)))
            for task, answer in (("extract_facts", prompts.ExtractionAnswer),
                                 ("resolve_facts", prompts.ResolutionAnswer))},
        "ratios": {
            "calls_vs_graphiti": statistics.mean(first.calls) / statistics.mean(first.graphiti_calls),
            "outside_llm_vs_offline_wall": outside_mean / offline_mean if offline_mean else None,
        },
        "notes": "tokens are the server's estimate (ceil(chars/4)) of the messages sent; times are medians over runs",
    }
    k, g = report["kronograph"], report["graphiti_pattern"]
    print(f"LoCoMo: {len(convs)} conversation(s), {episodes} episodes (one turn each), {args.runs} run(s)\n")
    rows = [
        ("LLM calls / episode", f"{k['llm_calls_mean']:.2f}", f"{k['llm_calls_p95']:.0f}",
         f"{g['llm_calls_mean']:.2f} / p95 {g['llm_calls_p95']:.0f}"),
        ("prompt tokens / episode", f"{k['prompt_tokens_mean']:.0f}", f"{k['prompt_tokens_p95']:.0f}", "-"),
        ("completion tokens / episode", f"{k['completion_tokens_mean']:.0f}", "-", "-"),
        ("ms outside the LLM / episode", f"{outside_mean:.1f}", f"{outside_p95:.1f}",
         f"offline path {offline_mean:.1f} / p95 {offline_p95:.1f}"),
    ]
    widths = [max(len(r[i]) for r in [("metric", "mean", "p95", "baseline"), *rows]) for i in range(4)]
    for row in [("metric", "mean", "p95", "baseline (same episodes)"), *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)))
    schema = report["schema_tokens_per_call"]
    print(f"\nresponse_format schemas (not in prompt tokens): ~{schema['extract_facts']} tokens per extraction call, "
          f"~{schema['resolve_facts']} per resolution call")
    print(f"calls vs Graphiti's 3 + E: {report['ratios']['calls_vs_graphiti']:.2f}x; max calls in one episode: "
          f"{k['llm_calls_max']}; fallbacks: {k['fallbacks']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
