"""The pure temporal decisions: no store, just facts in and decisions out."""

from __future__ import annotations

from datetime import UTC, datetime

from kronograph.model import Fact, Status, new_id
from kronograph.temporal.decisions import decide, to_end
from kronograph.temporal.slot import SlotAction as Action
from kronograph.temporal.timeline import settle

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def d(year: int, month: int = 1) -> datetime:
    return datetime(year, month, 1, tzinfo=UTC)


def record(obj: str, start: datetime, end: datetime | None = None, *, recorded: datetime = T0) -> Fact:
    return Fact(id=new_id(), user_id="u", subject="user", predicate="lives_in", object=obj, text=obj,
                valid_from=start, valid_until=end, stated_until=end, recorded_at=recorded)


def settled(*records: Fact, single: bool = True) -> list[Fact]:
    changed = {f.id: f for f in settle(list(records), single_valued=single)}
    return [changed.get(r.id, r) for r in records]


def test_same_value_valid_at_the_new_start_is_a_duplicate() -> None:
    paris = record("Paris", d(2020))
    decision = decide(obj="paris ", valid_from=d(2022), stated_until=None, records=[paris], single_valued=True)
    assert decision.action is Action.duplicate and decision.duplicate_of == paris


def test_new_value_of_a_single_valued_slot_supersedes_the_current_one() -> None:
    paris = record("Paris", d(2020))
    decision = decide(obj="Rome", valid_from=d(2022), stated_until=None, records=[paris], single_valued=True)
    assert decision.action is Action.create and decision.valid_from == d(2022)
    rome = record("Rome", d(2022))
    old, new = settled(paris, rome)
    assert old.valid_until == d(2022) and old.superseded_by == rome.id and old.status is Status.superseded
    assert new.valid_until is None and new.status is Status.active


def test_late_statement_is_closed_by_the_newer_fact() -> None:
    rome = record("Rome", d(2022))
    decision = decide(obj="Paris", valid_from=d(2018), stated_until=None, records=[rome], single_valued=True)
    assert decision.action is Action.create and decision.stated_until is None
    paris = record("Paris", d(2018), recorded=datetime(2026, 2, 1, tzinfo=UTC))
    late, newer = settled(rome, paris)[::-1]
    assert late.valid_until == d(2022) and late.superseded_by == rome.id
    assert newer.valid_until is None and newer.status is Status.active


def test_late_statement_inside_a_record_closes_it_there_and_runs_to_its_old_end() -> None:
    paris = record("Paris", d(2018), d(2022))
    rome = record("Rome", d(2022))
    decision = decide(obj="Oslo", valid_from=d(2020), stated_until=None, records=settled(paris, rome),
                      single_valued=True)
    assert decision.stated_until == d(2022)
    oslo = record("Oslo", d(2020), d(2022))
    p, r, o = settled(paris, rome, oslo)
    assert p.valid_until == d(2020) and p.superseded_by == oslo.id
    assert o.valid_until == d(2022) and r.valid_until is None


def test_an_earlier_stretch_of_the_same_value_is_a_new_record_up_to_the_known_one() -> None:
    paris = record("Paris", d(2020))
    decision = decide(obj="Paris", valid_from=d(2015), stated_until=None, records=[paris], single_valued=True)
    assert decision.action is Action.create
    early = record("Paris", d(2015))
    first, known = settled(early, paris)
    assert first.valid_until == d(2020) and first.superseded_by is None and first.status is Status.active
    assert known.valid_until is None


def test_a_correction_retracts_the_wrong_record_and_takes_over_its_interval() -> None:
    android = record("Android", d(2025), d(2027))
    decision = decide(obj="iOS", valid_from=d(2026), stated_until=None, records=[android], single_valued=True,
                      correction=True)
    assert decision.retract == [android]
    assert decision.valid_from == d(2025) and decision.stated_until == d(2027)


def test_a_correction_with_its_own_interval_keeps_it() -> None:
    android = record("Android", d(2025))
    decision = decide(obj="iOS", valid_from=d(2026), stated_until=None, records=[android], single_valued=True,
                      correction=True, interval_given=True)
    assert decision.valid_from == d(2026) and decision.retract == [android]


def test_correcting_to_the_value_already_held_is_a_confirmation() -> None:
    ios = record("iOS", d(2025))
    decision = decide(obj="iOS", valid_from=d(2026), stated_until=None, records=[ios], single_valued=True,
                      correction=True)
    assert decision.action is Action.duplicate


def test_multi_valued_values_do_not_close_each_other() -> None:
    jazz = record("jazz", d(2020))
    decision = decide(obj="rock", valid_from=d(2022), stated_until=None, records=[jazz], single_valued=False)
    rock = record("rock", d(2022))
    assert decision.action is Action.create
    assert settle([jazz, rock], single_valued=False) == []


def test_end_closes_only_what_is_valid_then() -> None:
    jazz, rock = record("jazz", d(2020)), record("rock", d(2021))
    assert to_end([jazz, rock], at=d(2022), obj="rock") == [rock]
    assert to_end([jazz, rock], at=d(2019), obj=None) == []


def test_removing_the_record_that_closed_another_reopens_it() -> None:
    paris = record("Paris", d(2020))
    rome = record("Rome", d(2022))
    closed, _ = settled(paris, rome)
    assert closed.valid_until == d(2022)
    (reopened,) = settle([closed], single_valued=True)
    assert reopened.valid_until is None and reopened.superseded_by is None and reopened.status is Status.active


def test_a_stated_end_is_kept_when_nothing_cuts_it() -> None:
    paris = record("Paris", d(2020), d(2021))
    rome = record("Rome", d(2022))
    p, _ = settled(paris, rome)
    assert p.valid_until == d(2021) and p.superseded_by is None and p.status is Status.active
