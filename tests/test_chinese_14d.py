"""Chinese statements in wordings the core rules missed: named third persons, endings said casually,
plans still weighed, hedges asked as questions, employers named in another clause."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
_EXTRACTOR = OfflineExtractor()


def facts(text: str) -> list[tuple[str, str, str, str, bool]]:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    return [(f.subject, f.predicate, f.object, f.operation.value, bool(f.hedged)) for f in found]


@pytest.mark.parametrize("text", ["好的", "继续", "这个可以", "好的，谢谢"])
def test_chatter_stores_nothing(text: str) -> None:
    assert facts(text) == []


# -- a third person named after the relation -------------------------------------------------

@pytest.mark.parametrize(("text", "name", "value"), [
    ("我好朋友 Tom 在美团上班。", "Tom", "美团"),     # 好 before the relation, a space before the name
    ("同事小周刚从广州调到深圳。", "小周", "深圳"),     # the relation with a name, and no 我
    ("我大学室友阿明在学法语。", "阿明", "法语"),
])
def test_named_person_is_the_subject(text: str, name: str, value: str) -> None:
    assert any(s == name and value in o for s, _, o, _, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我哥小时候很胖。", "同事说明天下雨。"])
def test_no_name_read_from_a_plain_word(text: str) -> None:
    assert not any(s in ("小时", "说明") for s, *_ in facts(text)), facts(text)


# -- a plan weighed is no ending -------------------------------------------------------------

@pytest.mark.parametrize("text", ["我最近在考虑离职。", "我打算辞职。", "我可能会辞职。"])
def test_quitting_weighed_is_a_plan(text: str) -> None:
    found = facts(text)
    assert found and all(p == "plans_to" and op != "end" for _, p, _, op, _ in found), found


def test_quitting_done_still_ends_the_job() -> None:
    assert [(p, op) for _, p, _, op, _ in facts("上个月我离职了。")] == [("works_at", "end")]
