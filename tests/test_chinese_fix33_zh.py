"""Review fixes of round 33's Chinese readers (room zh): the reviewer's sentences and controls of our own."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.zh.timeexpr import find_times
from kronograph.model import Scope

from .conftest import Clock

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
_EXTRACTOR = OfflineExtractor()


def facts(text: str, reference: datetime = REFERENCE) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=reference,
                                           scope=Scope(user_id="u1"))).facts


def triples(text: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in facts(text)}


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory


# -- festivals out of the table keep the holiday's span ----------------------------------------------

@pytest.mark.parametrize("text", ["中秋回家", "端午回家", "中秋节我们回老家"])
def test_a_lunar_festival_in_a_year_not_listed_is_no_single_day(text: str) -> None:
    spans = find_times(text, datetime(2030, 11, 1, tzinfo=UTC), "future")
    assert spans and all((s.end - s.start).days > 1 for s in spans)


@pytest.mark.parametrize(("text", "day"), [("中秋回家", (9, 25)), ("端午回家", (6, 19)), ("过年回家", None)])
def test_a_lunar_festival_in_a_listed_year_keeps_its_day(text: str, day: tuple[int, int] | None) -> None:
    span = find_times(text, REFERENCE, "future")[0]
    if day is None:
        assert (span.end - span.start).days > 1  # 过年 is the season
    else:
        assert (span.start.month, span.start.day) == day


# -- 只敢 is fear, no new liking ----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["以前怕狗，后来只敢远远看着", "小时候怕水，现在只敢在浅水区站着", "以前怕蛇，后来只敢隔着玻璃看",
                                  "以前怕高，现在只敢坐二楼"])
def test_only_daring_stores_no_liking(text: str) -> None:
    assert not any(f.predicate == "likes" for f in facts(text))


# -- a not-liking turned only by a liking of the same thing ------------------------------------------

@pytest.mark.parametrize("text", ["我不再讨厌下雨天了，我喜欢猫", "我不再讨厌加班了，我喜欢喝咖啡", "以前讨厌香菜，现在我喜欢吃辣"])
def test_a_liking_of_another_thing_negates_no_ended_dislike(text: str) -> None:
    assert not any(f.predicate == "dislikes" and f.negated for f in facts(text))


@pytest.mark.parametrize("text", ["以前讨厌香菜，现在爱吃", "我不再讨厌香菜了，我喜欢香菜"])
def test_a_liking_of_the_same_thing_negates_the_ended_dislike(text: str) -> None:
    assert any(f.predicate == "dislikes" and f.negated for f in facts(text))
