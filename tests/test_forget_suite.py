"""Forget means forget (issue 11): after ``forget(hard=True)`` returns, a deleted value is in no
file of the store, while the Memory is still open (database, -wal, -shm, caches), and in no
result of any read.

Each case puts a unique marker in another syntactic place (object, subject, inside a phrase,
a later message that only mentions it, an assistant turn, a superseded value) and forgets it
three ways: by fact id, by slot, and by a request in conversation. The reads checked:
episodes, recall_episodes, recall, search, context, history, audit_log, entities, tombstones.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kronograph import Memory
from kronograph.model import Fact


@dataclass(frozen=True)
class Case:
    name: str
    marker: str
    messages: tuple[Any, ...]
    requests: str | tuple[str, ...]


CASES = [
    Case("object", "Gravlax", ("I work at Gravlax Industries as an engineer.",),
         "Forget that I work at Gravlax Industries."),
    Case("subject", "Zorvexa", ("My friend Zorvexa lives in Paris.",),
         ("Forget that my friend Zorvexa lives in Paris.", "Forget that I have a friend called Zorvexa.")),
    Case("inside a phrase", "Trundlewort", ("I prefer Trundlewort tea in the morning.",),
         "Forget that I prefer Trundlewort tea."),
    Case("later mention", "Vornish", ("I drive a Vornish car these days.", "The Vornish dealer called me again today."),
         "Please forget that I drive a Vornish car."),
    Case("assistant turn", "Snorkelwax",
         ([{"role": "user", "content": "My favourite band is Snorkelwax."},
           {"role": "assistant", "content": "Snorkelwax is a great choice, their last album was great."}],),
         "Forget that my favourite band is Snorkelwax."),
    Case("rewritten by the extractor", "Flumpistyle", ("I like black-and-white Flumpistyle for my wardrobe.",),
         "Forget that I like black-and-white Flumpistyle for my wardrobe."),
    Case("after a noun", "Quibbleton", ("I adopted a cat named Quibbleton.",),
         "Forget that I adopted a cat named Quibbleton."),
    Case("end of a prepositional phrase", "Ozzlethorp", ("I'm reading a book by Ozzlethorp.",),
         "Forget that I'm reading a book by Ozzlethorp."),
    Case("a superseded value", "Brankford", ("I live in Brankford.", "I moved from Brankford to Lisbon."),
         "Forget that I used to live in Brankford."),
    Case("a request repeating it", "Plimwick", ("I work at Plimwick Labs.", "Plimwick Labs is hiring again."),
         "Forget that I work at Plimwick Labs."),
]


def files_holding(marker: str, db: Path, cache: Path) -> list[str]:
    """Every store file (and cache file) whose raw bytes contain the marker, in any case."""
    needles = {marker.encode(), marker.lower().encode(), marker.upper().encode()}
    paths = [p for p in db.parent.glob(db.name + "*")] + [p for p in cache.rglob("*") if p.is_file()]
    return [p.name for p in paths if any(n in p.read_bytes() for n in needles)]


def reads_holding(mem: Memory, marker: str) -> list[str]:
    """Every read whose result mentions the marker."""
    found = []
    results: dict[str, Any] = {
        "episodes": [e.model_dump(mode="json") for e in mem.episodes(user_id="u")],
        "recall_episodes": [h.episode.model_dump(mode="json") for h in mem.recall_episodes(marker, user_id="u")],
        "recall": [h.fact.model_dump(mode="json") for h in mem.recall(marker, user_id="u")],
        "search": [h.model_dump(mode="json") for h in mem.search(marker, user_id="u")],
        "context": mem.context(marker, user_id="u"),
        "history": [f.model_dump(mode="json") for f in mem.history(user_id="u")],
        "audit_log": [a.model_dump(mode="json") for a in mem.audit_log(user_id="u")],
        "entities": [e.model_dump(mode="json") for e in mem.entities(user_id="u")],
        "tombstones": [t.model_dump(mode="json") for t in mem.tombstones(user_id="u")],
    }
    for name, value in results.items():
        if marker.casefold() in json.dumps(value, ensure_ascii=False).casefold():
            found.append(name)
    return found


def holding(mem: Memory, marker: str) -> list[Fact]:
    """The facts that hold the marker, in their content or in the text they were read from
    (their source spans): what the user would expect forgetting to reach."""
    said = {e.id: e.content for e in mem.episodes(user_id="u")}
    return [f for f in mem.history(user_id="u")
            if marker.casefold() in (f.subject + " " + f.object + " " + f.text).casefold()
            or any(marker.casefold() in said.get(s.episode_id, "")[s.start:s.end].casefold() for s in f.source_spans)]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir()
    monkeypatch.setenv("KRONOGRAPH_CACHE_DIR", str(folder))
    return folder


def told(mem: Memory, case: Case) -> None:
    for i, message in enumerate(case.messages):
        mem.add(message, user_id="u", reference_time=f"2026-0{i + 1}-01T10:00:00Z")
    mem.add("I like green tea.", user_id="u", reference_time="2026-04-01T10:00:00Z")  # unrelated: must stay
    assert holding(mem, case.marker), f"{case.name}: the extractor stored nothing holding {case.marker}"
    assert files_holding(case.marker, mem.store.path, Path(os.environ["KRONOGRAPH_CACHE_DIR"]))


def assert_forgotten(mem: Memory, case: Case, cache: Path) -> None:
    assert holding(mem, case.marker) == []
    assert files_holding(case.marker, mem.store.path, cache) == [], case.name
    assert reads_holding(mem, case.marker) == [], case.name
    assert [f.object for f in mem.facts(user_id="u", predicate="likes")] == ["green tea"]


PARAMS = [pytest.param(c, id=c.name) for c in CASES]

@pytest.mark.parametrize("case", PARAMS)
def test_forget_by_fact_id_leaves_the_marker_nowhere(tmp_path: Path, cache: Path, case: Case) -> None:
    with Memory(tmp_path / "m.db") as mem:
        told(mem, case)
        for fact in holding(mem, case.marker):
            forgotten = mem.forget(user_id="u", fact_id=fact.id, hard=True)
            assert forgotten == [fact.id] and forgotten.durable
        assert_forgotten(mem, case, cache)


@pytest.mark.parametrize("case", PARAMS)
def test_forget_by_slot_leaves_the_marker_nowhere(tmp_path: Path, cache: Path, case: Case) -> None:
    with Memory(tmp_path / "m.db") as mem:
        told(mem, case)
        for subject, predicate in {(f.subject, f.predicate) for f in holding(mem, case.marker)}:
            assert mem.forget(user_id="u", subject=subject, predicate=predicate, hard=True).durable
        assert_forgotten(mem, case, cache)


@pytest.mark.parametrize("case", PARAMS)
def test_a_forget_request_in_conversation_leaves_the_marker_nowhere(tmp_path: Path, cache: Path,
                                                                    case: Case) -> None:
    with Memory(tmp_path / "m.db") as mem:
        told(mem, case)
        requests = (case.requests,) if isinstance(case.requests, str) else case.requests
        for i, request in enumerate(requests):
            result = mem.add(request, user_id="u", reference_time=f"2026-05-0{i + 1}T10:00:00Z")
            assert result.forgotten, result
        assert_forgotten(mem, case, cache)


def test_a_hard_delete_is_not_claimed_durable_while_another_process_reads(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory(db) as mem:
        mem.add_fact("user", "likes", "Wobblethorn pie", user_id="u")
        reader = subprocess.Popen(
            [sys.executable, "-c", "import sqlite3, sys\n"
             f"c = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
             "c.execute('BEGIN'); c.execute('SELECT count(*) FROM facts').fetchall()\n"
             "print('reading', flush=True); sys.stdin.readline(); c.execute('ROLLBACK')"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert reader.stdout is not None and reader.stdout.readline().strip() == "reading"
            forgotten = mem.forget(user_id="u", predicate="likes", hard=True)
            assert len(forgotten) == 1 and not forgotten.durable
            assert forgotten.pending is not None and "another connection" in forgotten.pending
            assert b"Wobblethorn" in db.with_name(db.name + "-wal").read_bytes()
        finally:
            assert reader.stdin is not None
            reader.stdin.write("\n")
            reader.stdin.flush()
            reader.wait(timeout=60)
        assert mem.store.flush_deletions() is None  # the reader is gone: the purge finishes
        assert not any(b"Wobblethorn" in p.read_bytes() for p in tmp_path.glob("m.db*"))


# -- issue 11, defect 3: private data and the requests that name it ----------------------------
def test_a_password_and_a_whole_address_never_reach_the_store(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        mem.add("My password for the work VPN is hunter2.", user_id="u")
        mem.add("My address is 12 Elm Street, Apt 4B, Somerville, MA 02144.", user_id="u")
        contents = [e.content for e in mem.episodes(user_id="u")]
        assert contents == ["My address is [redacted:address].", "My password for the work VPN is [redacted:credential]."]
        raw = b"".join(p.read_bytes() for p in tmp_path.glob("m.db*"))
        for value in (b"hunter2", b"Somerville", b"02144", b"Elm Street", b"Apt 4B"):
            assert value not in raw


def test_a_request_to_forget_refused_data_says_it_was_never_stored(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        said = mem.add("My address is 12 Elm Street, Apt 4B, Somerville, MA 02144.", user_id="u")
        result = mem.add("Forget the address I just told you.", user_id="u")
        assert result.forgotten == []
        (reason,) = [why for _, why in result.rejected]
        assert said.episode_id in reason and "never stored" in reason
        other = mem.add("Forget the address I just told you.", user_id="someone-else")
        assert [why for _, why in other.rejected] == ["nothing held matches the forget request"]


def test_forgetting_everything_about_someone_forgets_only_them(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        mem.add("My friend Zorvexa lives in Paris.", user_id="u")
        mem.add("I like green tea.", user_id="u")
        result = mem.add("Forget everything about Zorvexa.", user_id="u")
        assert len(result.forgotten) == 2
        assert [(f.predicate, f.object) for f in mem.history(user_id="u")] == [("likes", "green tea")]
        assert "Zorvexa" not in " ".join(e.content for e in mem.episodes(user_id="u"))


def test_a_request_for_refused_data_names_the_episode_said_last_whatever_order_it_arrived_in(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db") as mem:
        mem.add("My address is 3 Low Road, Leeds LS1 4AB.", user_id="u", reference_time="2026-01-01")
        latest = mem.add("My address is 12 Elm Street, Apt 4B, Somerville, MA 02144.", user_id="u",
                         reference_time="2026-03-01")
        earliest = mem.add("My address is 9 High Street, York YO1 7HH.", user_id="u", reference_time="2025-06-01")
        result = mem.add("Forget the address I told you.", user_id="u", reference_time="2026-04-01")
        (reason,) = [why for _, why in result.rejected]
        assert latest.episode_id in reason and earliest.episode_id not in reason
        contents = {e.id: e.content for e in mem.episodes(user_id="u")}
        assert "[redacted:address]" not in contents[latest.episode_id]
        assert "[redacted:address]" in contents[earliest.episode_id]


def test_a_request_for_one_refused_condition_cuts_the_statement_whose_words_it_repeats(tmp_path: Path) -> None:
    # The conditions were never stored, so the words around them tell which statement a request means;
    # the later statement that matches no better stays (it once lost its text instead of the named one).
    with Memory(tmp_path / "m.db") as mem:
        named = mem.add("I have asthma.", user_id="u", reference_time="2026-01-01")
        other = mem.add("I was diagnosed with diabetes last year.", user_id="u", reference_time="2026-02-01")
        kept = mem.add("I love hiking in the Alps.", user_id="u", reference_time="2026-03-01")
        result = mem.add("Please forget that I have asthma.", user_id="u", reference_time="2026-04-01")
        assert any(named.episode_id in why for _, why in result.rejected)
        contents = {e.id: e.content for e in mem.episodes(user_id="u")}
        assert "[redacted:health]" not in contents[named.episode_id]
        assert contents[other.episode_id] == "I was diagnosed with [redacted:health] last year."
        assert contents[kept.episode_id] == "I love hiking in the Alps."
        mem.add("Also forget that I was diagnosed with diabetes.", user_id="u", reference_time="2026-05-01")
        contents = {e.id: e.content for e in mem.episodes(user_id="u")}
        assert "[redacted:health]" not in contents[other.episode_id]
