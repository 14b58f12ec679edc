"""Provenance down to the span (issue 11): each extracted fact records which characters of which
episode it was read from; a hard delete cuts exactly those first, and the other facts' spans
keep pointing at their own words in the rewritten text. Real spaCy extraction, real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from kronograph import Memory, SourceSpan
from kronograph.graph.sqlite.migrations import V_FORGET_SOURCE_SPANS
from kronograph.model import Fact

from .conftest import store_before


def said(mem: Memory, fact: Fact, user: str = "u") -> list[str]:
    texts = {e.id: e.content for e in mem.episodes(user_id=user)}
    return [texts[s.episode_id][s.start:s.end] for s in fact.source_spans]


def store_bytes(db: Path) -> bytes:
    return b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))


@pytest.mark.parametrize(("message", "rewritten", "gone"), [
    # "a novel that Ozzlethorp wrote" is stored as "novel": no form of the object holds the name
    ("I'm reading a novel that Ozzlethorp wrote.", "novel", [b"Ozzlethorp", b"reading a"]),
    # "cello" is stored; "My kids are learning" is not in the object
    ("My kids are learning to play the cello.", "cello", [b"My kids are learning", b"cello"]),
])
def test_a_span_cut_removes_the_words_the_extractor_rewrote(tmp_path: Path, message: str, rewritten: str,
                                                           gone: list[bytes]) -> None:
    db = tmp_path / "m.db"
    with Memory(db, embedder=None) as mem:
        result = mem.add(message + " I live in Leeds.", user_id="u")
        (fact,) = [f for f in result.facts if f.object == rewritten]
        assert said(mem, fact) == [message]
        assert fact.source_spans == mem.get_fact(fact.id, user_id="u").source_spans
        assert all(word in store_bytes(db) for word in gone)
        forgotten = mem.forget(user_id="u", fact_id=fact.id, hard=True)
        assert forgotten.durable
        (episode,) = mem.episodes(user_id="u")
        assert episode.content == "[forgotten] I live in Leeds."
        raw = store_bytes(db)  # while the Memory is still open
        assert [word for word in gone if word in raw] == []
        (leeds,) = mem.facts(user_id="u", predicate="lives_in")
        assert said(mem, leeds) == ["I live in Leeds."]


def test_the_other_facts_spans_follow_every_rewrite_of_their_episode(tmp_path: Path) -> None:
    message = ("I live in Leeds. I'm reading a book by Ozzlethorp. My sister Yelvanna works at Brimble Labs. "
               "I like green tea. Yelvanna also writes poems.")
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add(message, user_id="u")
        before = {f.id: said(mem, f) for f in mem.history(user_id="u")}
        assert len(before) >= 4 and all(len(words) == 1 for words in before.values())
        book = next(f for f in mem.history(user_id="u") if f.object.startswith("book"))
        mem.forget(user_id="u", fact_id=book.id, hard=True)
        for fact in mem.history(user_id="u"):
            assert said(mem, fact) == before[fact.id], fact.predicate
        tea = next(f for f in mem.history(user_id="u") if f.object == "green tea")
        mem.forget(user_id="u", fact_id=tea.id, hard=True)
        (episode,) = mem.episodes(user_id="u")
        assert "Ozzlethorp" not in episode.content.split("Yelvanna")[0] and "green tea" not in episode.content
        for fact in mem.history(user_id="u"):
            assert said(mem, fact) == before[fact.id], fact.predicate


def test_a_span_is_placed_in_the_stored_text_of_a_conversation_with_a_redaction(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        result = mem.add([{"role": "user", "content": "Hi. I work at Tesla and my PIN is 4411."},
                          {"role": "assistant", "content": "Noted."},
                          {"role": "user", "content": "I adopted a cat named Quibbleton."}], user_id="u")
        (episode,) = mem.episodes(user_id="u")
        assert "4411" not in episode.content
        spans = {f.predicate: said(mem, f) for f in result.facts}
        assert spans["works_at"] == ["I work at Tesla"]
        assert spans["adopts"] == ["I adopted a cat named Quibbleton."]
        cat = next(f for f in result.facts if f.predicate == "adopts")
        (span,) = cat.source_spans
        assert episode.content[span.start:span.end] == "I adopted a cat named Quibbleton."
        assert isinstance(span, SourceSpan) and span.episode_id == episode.id


def test_a_restatement_adds_the_span_of_its_own_episode(tmp_path: Path) -> None:
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        first = mem.add("I live in Leeds.", user_id="u", reference_time="2026-01-01T10:00Z")
        again = mem.add("Honestly, I still live in Leeds these days.", user_id="u", reference_time="2026-02-01T10:00Z")
        (fact,) = mem.facts(user_id="u", predicate="lives_in")
        assert {s.episode_id for s in fact.source_spans} == {first.episode_id, again.episode_id}
        mem.forget(user_id="u", fact_id=fact.id, hard=True)
        assert [e.content for e in mem.episodes(user_id="u")] == ["[forgotten]", "[forgotten]"]  # each statement whole


def test_a_store_from_before_spans_opens_and_records_them(tmp_path: Path) -> None:
    path = tmp_path / "before.db"
    store_before(path, V_FORGET_SOURCE_SPANS).close()
    with Memory(path, embedder=None) as mem:
        (fact,) = mem.add("I live in Leeds.", user_id="u").facts
        assert said(mem, fact) == ["I live in Leeds."]
