"""A new value said in a chat construction the readers had no verb for ("went with a Pixel",
"moved over to Octopus Energy", "Monzo is my new bank", "Linux now, not Windows anymore",
"these days I cycle to work") is read as a change of its slot; a person gone with or a thing
binned that is no named value ("went with my mum", "binned the leftovers") is not. Through the
real extractor and a real SQLite store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.extraction.offline import OfflineExtractor

from .reading import REF, facts


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def _read(extractor: OfflineExtractor, text: str) -> list[tuple[str, str, str | None]]:
    return [(f.predicate, f.object, f.replaces) for f in facts(extractor, text) if f.operation.value == "add"]


@pytest.mark.parametrize(("text", "value"), [
    ("went with a Pixel in the end, the camera sold me", "Pixel"),
    ("ended up going with Three for my sim", "Three"),
    ("So we went with Octopus for the electric.", "Octopus"),
    ("I've gone with Starling, the app is lovely", "Starling"),
    ("moved over to Bitwarden after the breach", "Bitwarden"),
    ("Finally plumped for a Garmin.", "Garmin"),
])
def test_a_named_value_chosen_is_the_new_value(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert value in [o for _, o, _ in _read(extractor, text)], facts(extractor, text)


@pytest.mark.parametrize(("text", "value", "old"), [
    ("binned the iPhone and went with a Pixel 9", "Pixel 9", "iPhone"),
    ("Chucked my Fitbit and went with a Garmin.", "Garmin", "Fitbit"),
    ("I ditched Chrome and went over to Firefox.", "Firefox", "Chrome"),
    ("I switched from Vodafone to Three.", "Three", "Vodafone"),
    ("Linux now, not Windows anymore", "Linux", "Windows"),
    ("it's Firefox these days, not Chrome", "Firefox", "Chrome"),
    ("Tidal now, not Spotify any more.", "Tidal", "Spotify"),
])
def test_the_thing_given_up_is_the_value_replaced(extractor: OfflineExtractor, text: str, value: str, old: str) -> None:
    got = [(o, r) for _, o, r in _read(extractor, text)]
    assert (value, old) in got, facts(extractor, text)


@pytest.mark.parametrize(("text", "value"), [
    ("Monzo is my new bank, the old one was a nightmare", "Monzo"),
    ("a Pixel 8 is my new phone", "Pixel 8"),
    ("Leeds is my new home", "Leeds"),
])
def test_x_is_my_new_y_names_the_slot(extractor: OfflineExtractor, text: str, value: str) -> None:
    assert value in [o for _, o, _ in _read(extractor, text)], facts(extractor, text)


@pytest.mark.parametrize(("text", "mode"), [
    ("these days I walk to work", "foot"),
    ("I cycle to work now, 20 minutes along the river", "bike"),
    ("Nowadays I get the train to work instead of driving.", "train"),
    ("we mostly drive to work since the bus got cut", "car"),
    ("These days I take the bus to the office.", "bus"),
])
def test_a_way_to_work_is_the_commute(extractor: OfflineExtractor, text: str, mode: str) -> None:
    assert [o for p, o, _ in _read(extractor, text) if p == "commutes_by"] == [mode], facts(extractor, text)


@pytest.mark.parametrize("text", [
    "went with my mum to the market",
    "binned the leftovers, they'd gone off",
    "went with the flow and it worked out",
    "we went with friends to the coast",
    "I walked to work yesterday in the rain",
    "I'm at the shop now, want anything?",
])
def test_no_named_value_is_no_change(extractor: OfflineExtractor, text: str) -> None:
    got = facts(extractor, text)
    assert not [f for f in got if f.predicate in {"uses", "commutes_by", "works_at"}
                or (f.operation.value == "end" and f.predicate == "uses")], got


def test_the_subjectless_way_of_working_dates_from_the_time_said(extractor: OfflineExtractor) -> None:
    [status] = [f for f in facts(extractor, "gone part-time since the baby arrived") if f.predicate == "employment_status"]
    assert status.object == "part-time" and status.valid_from is not None and status.valid_from.date() == REF.date()


def test_the_thing_chosen_supersedes_the_one_binned(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with Memory(tmp_path / "m.db", embedder=None) as mem:
        mem.add("I switched to an iPhone.", user_id="u", reference_time=datetime(2025, 6, 1, tzinfo=UTC))
        mem.add("binned the iPhone and went with a Pixel 9 last month", user_id="u",
                reference_time=datetime(2026, 3, 18, tzinfo=UTC))
        now = [f.object for f in mem.facts(user_id="u", predicate="uses")]
        assert now == ["Pixel 9"], now
        [pixel] = mem.facts(user_id="u", predicate="uses")
        assert pixel.valid_from == datetime(2026, 2, 1, tzinfo=UTC)
        [old] = mem.facts(user_id="u", predicate="uses", as_of=datetime(2025, 12, 1, tzinfo=UTC))
        assert old.object == "iPhone"


@pytest.mark.parametrize(("text", "firm"), [
    ("I changed jobs in February, I'm at Monzo now.", "Monzo"),
    ("I left Capgemini and I'm at Atos now.", "Atos"),
    ("quit the agency in May, I'm at Deliveroo now", "Deliveroo"),
    ("handed my notice in at the council and I'm at Ocado now", "Ocado"),
    ("got made redundant in the spring but I'm at Sainsbury's now", "Sainsbury"),
])
def test_at_a_named_firm_after_a_word_of_work_is_the_employer(extractor: OfflineExtractor, text: str, firm: str) -> None:
    assert firm in [o for p, o, _ in _read(extractor, text) if p == "works_at"], facts(extractor, text)


@pytest.mark.parametrize("text", [
    "I left my bag at home and I'm at Tesco now.",
    "I'm at Heathrow now, boarding soon",
    "my job today is boring, I'm at the shop now",
])
def test_at_a_place_now_is_no_employer(extractor: OfflineExtractor, text: str) -> None:
    assert not [f for f in facts(extractor, text) if f.predicate == "works_at"], facts(extractor, text)
