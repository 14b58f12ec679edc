"""Chinese statements by category, in wordings of our own: trips to come, amounts with their measure
word, what relatives are doing, changes of a value; and what must store nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
_EXTRACTOR = OfflineExtractor()


def facts(text: str) -> list[tuple[str, str, str, str]]:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    return [(f.subject, f.predicate, f.object, f.operation.value) for f in found]


# -- a trip to a named place on a coming day is a plan ---------------------------------------

@pytest.mark.parametrize(("text", "place"), [
    ("后天去重庆出差。", "重庆"),
    ("我大后天飞大阪。", "大阪"),
    ("明天回老家陪爸妈。", "老家"),
    ("这周五去苏州见个客户。", "苏州"),
])
def test_a_trip_to_a_place_soon_is_a_plan(text: str, place: str) -> None:
    assert any(p == "plans_to" and place in o for _, p, o, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["明天得去医院拿化验单。", "后天下午要去银行办卡。"])
def test_an_errand_in_town_soon_stays_a_task(text: str) -> None:
    assert [p for _, p, _, _ in facts(text)] == ["has_task"], facts(text)


@pytest.mark.parametrize("text", ["后天去不去重庆？", "要是明天去成都就好了。", "如果下周飞大阪，要带什么？"])
def test_a_trip_asked_or_supposed_stores_nothing(text: str) -> None:
    assert facts(text) == []
