"""Where a thing is kept or held, said again later: the two messages fill one slot
(``current_place_`` and the thing), so the later place closes the earlier, search puts the
later message first and context() shows the earlier place only as earlier. A real Memory:
SQLite file, the offline extractor, MiniLM."""

from __future__ import annotations

import pytest

from kronograph import Memory

from .test_search import current_lines, said_then_updated


def place_facts(mem: Memory, thing: str) -> list[tuple[str, str]]:
    return [(f.object, f.status.value) for f in mem.history(user_id="u1", predicate="current_place_" + thing)]


@pytest.mark.parametrize(("original", "update", "thing", "old", "new", "question"), [
    ("We keep the dinghy at Brancaster Staithe.", "The dinghy's moored in Wells-next-the-Sea now.", "dinghy",
     "Brancaster Staithe", "Wells-next-the-Sea", "Where is our little sailing boat?"),
    ("Our running club meets at the Red Lion.", "The running club has moved to the Fox and Hounds.", "running_club",
     "the Red Lion", "the Fox and Hounds", "Where does the running club gather?"),
    ("The company archive is stored at Hayes Park.", "We relocated the archive to Iron Mountain in Slough.",
     "archive", "Hayes Park", "Iron Mountain", "Where are the old company records kept?"),
])
def test_a_later_place_of_the_same_thing_closes_the_earlier_and_ranks_first(
        rmem: Memory, original: str, update: str, thing: str, old: str, new: str, question: str) -> None:
    first, later = said_then_updated(rmem, original, update)
    facts = place_facts(rmem, thing)
    assert [status for _, status in facts] == ["superseded", "active"] and facts[0][0] == old
    assert new in facts[1][0]
    ids = [h.id for h in rmem.search(question, user_id="u1", k=5)]
    assert later.episode_id in ids
    assert first.episode_id not in ids or ids.index(later.episode_id) < ids.index(first.episode_id)
    assert all(old not in line for line in current_lines(rmem.context(question, user_id="u1")))


def test_a_place_of_another_thing_or_a_question_does_not_close_it(rmem: Memory) -> None:
    said_then_updated(rmem, "We keep the dinghy at Brancaster Staithe.", "Our caravan is kept in Hunstanton.")
    rmem.add("Is the dinghy still at Brancaster Staithe?", user_id="u1", reference_time="2026-03-05")
    rmem.add("If the dinghy moved to Blakeney we'd sail more.", user_id="u1", reference_time="2026-03-06")
    rmem.add("My brother's dinghy is at Burnham Overy.", user_id="u1", reference_time="2026-03-07")
    rmem.add("The dinghy race is on Saturday.", user_id="u1", reference_time="2026-03-08")
    assert place_facts(rmem, "dinghy") == [("Brancaster Staithe", "active")]
    assert place_facts(rmem, "caravan") == [("Hunstanton", "active")]
