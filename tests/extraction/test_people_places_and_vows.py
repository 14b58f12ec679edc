"""Round-29 defects of people, places and vows, through the public API (a real SQLite Memory and the
offline extractors): a named person's home is on that person (a name the tagger misreads included),
a home left and a town loved after it is a move, a place slot of a group is keyed by its kind, and
engaged/married fill the same slots in English and Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.offline import OfflineExtractor

from .reading import facts, zh_read


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.fixture()
def mem(tmp_path: Path) -> Memory:
    return Memory(str(tmp_path / "m.db"))


def _current(mem: Memory, predicate: str, subject: str | None = None) -> list[str]:
    return sorted(f.object for f in mem.facts(user_id="u", predicate=predicate, subject=subject))


@pytest.mark.parametrize(("text", "who", "town"), [
    ("Raj is based in Dundee", "Raj", "Dundee"),
    ("Raj has settled in Leeds", "Raj", "Leeds"),
    ("Priya now calls Lisbon home", "Priya", "Lisbon"),
    ("Kenji calls Osaka home these days", "Kenji", "Osaka"),
    ("My sister Ana is out in Denver", "Ana", "Denver"),
    ("Lena is out in Vancouver for good now", "Lena", "Vancouver"),
    ("Raj is now living in Dundee", "Raj", "Dundee"),
    ("Raj relocated to Dundee", "Raj", "Dundee"),
    ("Sven has just moved to Oslo", "Sven", "Oslo"),
    ("Raj is down in Brighton now", "Raj", "Brighton"),
    ("my brother Raj is out in Denver now", "Raj", "Denver"),
])
def test_a_named_persons_home_is_on_that_person(extractor: OfflineExtractor, text: str, who: str, town: str) -> None:
    got = [(f.subject, f.predicate, f.object) for f in facts(extractor, text)]
    assert (who, "lives_in", town) in got, got
    assert not [p for _, p, _ in got if p.startswith("current_place_")], got


@pytest.mark.parametrize("text", [
    "I'm out in the garden",
    "Honestly is fine",
    "I'm over in Dublin this week",
    "Recently is when it got busy",
])
def test_no_home_from_a_step_outside_a_visit_or_an_adverb(extractor: OfflineExtractor, text: str) -> None:
    got = [(f.subject, f.predicate) for f in facts(extractor, text)]
    assert not [g for g in got if g[1] == "lives_in" and g[0] != "user"], got
    assert ("user", "lives_in") not in got, got


def test_a_named_persons_new_home_supersedes_the_old_on_that_person(mem: Memory) -> None:
    mem.add("Raj is based in Dundee", user_id="u", reference_time="2026-01-05")
    mem.add("Raj has settled in Glasgow now", user_id="u", reference_time="2026-03-05")
    assert _current(mem, "lives_in", "Raj") == ["Glasgow"]
    assert _current(mem, "lives_in") == ["Glasgow"]  # nothing filed under the speaker or a thing's slot
    assert [f.object for f in mem.facts(user_id="u", predicate="lives_in", as_of="2026-02-01")] == ["Dundee"]


@pytest.mark.parametrize("text", [
    "moved out of Leeds and I'm loving Sheffield",
    "I moved out of Leeds, loving Sheffield so far",
    "Moved out of Leeds last week, really enjoying Sheffield",
    "we moved away from Leeds and we love Sheffield",
])
def test_a_home_left_and_a_town_loved_after_it_is_a_move(mem: Memory, text: str) -> None:
    mem.add("I live in Leeds", user_id="u", reference_time="2026-01-05")
    mem.add(text, user_id="u", reference_time="2026-03-05")
    assert _current(mem, "lives_in") == ["Sheffield"]
    (sheffield,) = mem.facts(user_id="u", predicate="lives_in")
    assert sheffield.valid_from.year == 2026 and sheffield.valid_from.month in {2, 3}
    assert [f.object for f in mem.facts(user_id="u", predicate="lives_in", as_of="2026-02-01")] == ["Leeds"]


@pytest.mark.parametrize("text", [
    "I moved out of Leeds but I still love Leeds",
    "I moved out of my flat and I love cooking",
])
def test_a_liking_after_a_move_out_that_names_no_new_town_moves_nowhere(extractor: OfflineExtractor, text: str) -> None:
    got = [(f.predicate, f.operation.value) for f in facts(extractor, text)]
    assert ("lives_in", "add") not in got, got


@pytest.mark.parametrize(("first", "second", "left", "kept"), [
    ("I joined a book club", "I joined a golf club", "I left the book club", "golf club"),
    ("I'm in a chess club", "also joined a running club", "quit the chess club", "running club"),
    ("I joined a choir", "I joined a rowing club", "i dropped out of the choir", "rowing club"),
])
def test_two_memberships_of_one_kind_are_two_and_the_one_left_ends(
        mem: Memory, first: str, second: str, left: str, kept: str) -> None:
    mem.add(first, user_id="u", reference_time="2026-01-05")
    mem.add(second, user_id="u", reference_time="2026-02-05")
    assert len(_current(mem, "member_of")) == 2
    mem.add(left, user_id="u", reference_time="2026-03-05")
    assert _current(mem, "member_of") == [kept]


@pytest.mark.parametrize(("first", "second"), [
    ("The book club meets at the Crown pub", "The golf club is based in St Andrews"),
    ("Our pottery class is held at St Mary's Hall", "The yoga class has moved to the Old Mill"),
    ("the running club meets at the Red Lion", "our walking group meets at Hyde Park"),
])
def test_the_places_of_two_groups_sharing_a_head_word_are_two_slots(mem: Memory, first: str, second: str) -> None:
    mem.add(first, user_id="u", reference_time="2026-01-05")
    mem.add(second, user_id="u", reference_time="2026-02-05")
    places = [f for f in mem.facts(user_id="u") if f.predicate.startswith("current_place_")]
    assert len(places) == 2 and len({f.predicate for f in places}) == 2, [(f.predicate, f.object) for f in places]


def test_a_groups_new_place_still_supersedes_its_old_one(mem: Memory) -> None:
    mem.add("The book club meets at the Crown pub", user_id="u", reference_time="2026-01-05")
    mem.add("The golf club is based in St Andrews", user_id="u", reference_time="2026-01-06")
    mem.add("Book club has moved to the Riverside library", user_id="u", reference_time="2026-03-05")
    assert _current(mem, "current_place_book_club") == ["the Riverside library"]
    assert _current(mem, "current_place_golf_club") == ["St Andrews"]


@pytest.mark.parametrize(("text", "status", "slot", "who"), [
    ("I got engaged to Priya", "engaged", "partner", "Priya"),
    ("I got engaged to Priya last weekend!!", "engaged", "partner", "Priya"),
    ("I'm engaged to Priya", "engaged", "partner", "Priya"),
    ("I married Sam", "married", "married_to", "Sam"),
    ("I married Sam last June", "married", "married_to", "Sam"),
    ("I just married my girlfriend Sam", "married", "married_to", "Sam"),
    ("I got married to Sam", "married", "married_to", "Sam"),
    ("我和Priya订婚了", "engaged", "partner", "Priya"),
    ("我终于和Priya订婚啦", "engaged", "partner", "Priya"),
    ("我和Sam结婚了", "married", "married_to", "Sam"),
    ("我上个月和Sam结婚了", "married", "married_to", "Sam"),
    ("我跟小王领证了", "married", "married_to", "小王"),
])
def test_engaged_and_married_fill_the_same_slots_in_both_languages(
        mem: Memory, text: str, status: str, slot: str, who: str) -> None:
    mem.add(text, user_id="u", reference_time="2026-03-05")
    assert _current(mem, "relationship_status") == [status]
    assert _current(mem, slot) == [who]
    assert all(f.valid_from.year == 2025 or f.valid_from.year == 2026 for f in mem.history(user_id="u")), \
        [(f.predicate, f.valid_from) for f in mem.history(user_id="u")]  # no partner closed since 1970


@pytest.mark.parametrize(("engaged", "married"), [
    ("I got engaged to Priya", "I married Priya"),
    ("我和Priya订婚了", "我和Priya结婚了"),
    ("I got engaged to Priya", "我和Priya结婚了"),
])
def test_married_after_engaged_supersedes_the_status_alike_in_both_languages(
        mem: Memory, engaged: str, married: str) -> None:
    mem.add(engaged, user_id="u", reference_time="2026-01-05")
    mem.add(married, user_id="u", reference_time="2026-06-05")
    assert _current(mem, "relationship_status") == ["married"]
    assert _current(mem, "married_to") == ["Priya"] and _current(mem, "partner") == ["Priya"]
    assert [f.object for f in mem.facts(user_id="u", predicate="relationship_status", as_of="2026-03-01")] == ["engaged"]


@pytest.mark.parametrize("text", ["我们订婚了", "我跟女朋友订婚了", "我结婚了"])
def test_a_chinese_vow_without_a_name_sets_only_the_status(text: str) -> None:
    got = zh_read(text)
    assert [p for _, p, _ in got] == ["relationship_status"], got
