"""A quantity slot stored under the name an earlier build gave it (``quantity_tesla_s_range``) is
superseded by a new value under today's name, on a real SQLite file reopened in between."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from kronograph import Memory
from kronograph.model import Status
from kronograph.write.former_keys import other_predicates

from .conftest import Clock

_JAN = datetime(2026, 1, 10, tzinfo=UTC)
_MAR = datetime(2026, 3, 10, tzinfo=UTC)


def _old_store(path: Path, clock: Clock, predicate: str, value: str) -> None:
    clock.set(_JAN)
    with Memory(path, clock=clock) as mem:  # what round 25's extractor wrote
        mem.add_fact("user", predicate, value, user_id="ana", valid_from=_JAN)


def test_new_name_supersedes_the_old_names_record(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "old.db"
    _old_store(path, clock, "quantity_kindle_s_battery_life", "4 weeks")
    clock.set(_MAR)
    with Memory(path, clock=clock) as mem:
        mem.add("My Kindle's battery life is about 6 weeks.", user_id="ana", reference_time=_MAR)
    with Memory(path, clock=clock) as mem:
        now = [f for f in mem.facts(user_id="ana") if "battery" in f.predicate]
        assert [(f.predicate, f.object) for f in now] == [("quantity_kindle_battery_life", "6 weeks")]
        old = mem.history(user_id="ana", predicate="quantity_kindle_s_battery_life")
        assert len(old) == 1 and old[0].status is Status.superseded and old[0].valid_until == _MAR
        assert old[0].superseded_by == now[0].id
        then = mem.facts(user_id="ana", as_of=datetime(2026, 2, 1, tzinfo=UTC))
        assert [(f.predicate, f.object) for f in then if "battery" in f.predicate] == [
            ("quantity_kindle_s_battery_life", "4 weeks")]


def test_an_end_reaches_the_old_names_record(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "old.db"
    _old_store(path, clock, "quantity_gym_s_monthly_fee", "£40")
    clock.set(_MAR)
    with Memory(path, clock=clock) as mem:
        mem.end_fact("user", "quantity_gym_monthly_fee", user_id="ana", at=_MAR)
        assert not [f for f in mem.facts(user_id="ana") if "gym" in f.predicate]


def test_other_slots_and_other_predicates_are_left_alone(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "old.db"
    _old_store(path, clock, "quantity_camper_s_fuel_tank", "60 litres")
    with Memory(path, clock=clock) as mem:
        mem.add_fact("user", "lives_in", "Porto", user_id="ana", valid_from=_JAN)
    clock.set(_MAR)
    with Memory(path, clock=clock) as mem:
        mem.add_fact("user", "quantity_camper_water_tank", "100 litres", user_id="ana", valid_from=_MAR)
        mem.add_fact("user", "quantity_fuel_tank", "50 litres", user_id="ana", valid_from=_MAR)
        mem.add_fact("user", "lives_in", "Braga", user_id="ana", valid_from=_MAR)
        now = {f.predicate: f.object for f in mem.facts(user_id="ana")}
    assert now["quantity_camper_s_fuel_tank"] == "60 litres"
    assert now["quantity_camper_water_tank"] == "100 litres" and now["quantity_fuel_tank"] == "50 litres"
    assert now["lives_in"] == "Braga"


def test_the_names_of_one_slot() -> None:
    assert other_predicates("quantity_tesla_range") == ["quantity_tesla_s_range"]
    assert other_predicates("quantity_tesla_s_range") == ["quantity_tesla_range"]
    assert set(other_predicates("quantity_team_velocity_points")) == {
        "quantity_team_s_velocity_points", "quantity_team_velocity_s_points"}
    assert other_predicates("quantity_weight") == [] and other_predicates("lives_in") == []


def test_bulk_adds_supersede_the_old_names_record_too(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "old.db"
    _old_store(path, clock, "quantity_allotment_s_plot_size", "120 square metres")
    clock.set(_MAR)
    with Memory(path, clock=clock) as mem:
        mem.add_facts([{"subject": "user", "predicate": "quantity_allotment_plot_size", "object": "250 square metres",
                        "user_id": "ana", "valid_from": _MAR}])
        now = {f.predicate: f.object for f in mem.facts(user_id="ana")}
    assert now == {"quantity_allotment_plot_size": "250 square metres"}
