"""Chinese constructions read by mechanism (round 30, room zh2): a workplace that moved, a trade given up,
a pregnancy said of the woman, a daily treat ordered by the cup, and the place of a planned move named in
the next clause. Real jieba; every sentence is written for this file, with controls that must stay unread."""

from __future__ import annotations

import pytest

from kronograph.candidates import Operation

from .reading import zh_facts as _facts
from .reading import zh_read as _read


@pytest.mark.parametrize(("text", "place", "before"), [
    ("公司从西二旗搬到了回龙观，通勤近了不少。", "回龙观", "西二旗"),
    ("我们公司今年从福田搬到了南山。", "南山", "福田"),
    ("单位搬到新区去了，班车都改线了", "新区", None),
    ("办公室终于从陆家嘴搬到前滩了！", "前滩", "陆家嘴"),
    ("我们单位上个月搬去了高新区。", "高新区", None),
])
def test_a_workplace_that_moved_is_where_the_user_works_now(text: str, place: str, before: str | None) -> None:
    moved = [f for f in _facts(text) if f.predicate == "works_at"]
    assert moved and place in moved[0].object and moved[0].replaces == before
    assert not any(f.predicate == "lives_in" for f in _facts(text))


@pytest.mark.parametrize("text", ["公司在招人，忙死了。", "公司要搬到亦庄。", "我从海淀搬到了昌平。"])
def test_a_workplace_not_moved_or_a_home_moved_is_no_new_workplace(text: str) -> None:
    assert not any(f.predicate == "works_at" for f in _facts(text))


@pytest.mark.parametrize(("text", "trade"), [
    ("我不再送快递了，腰受不了。", "快递"),
    ("我已经不跑滴滴了。", "滴滴"),
    ("我现在不摆地摊了。", "地摊"),
    ("我早就不卖二手车了。", "二手车"),
    ("我不开网约车了，回老家种地。", "网约车"),
])
def test_a_trade_given_up_ends_that_work(text: str, trade: str) -> None:
    assert any(f.predicate == "job_title" and trade in f.object and f.operation is Operation.end for f in _facts(text))


@pytest.mark.parametrize("text", ["我不再送他回家了。", "我不开车了。", "我不卖房子了。", "我在送外卖。"])
def test_stopping_an_act_that_is_no_trade_ends_no_job(text: str) -> None:
    assert not any(f.predicate == "job_title" and f.operation is Operation.end for f in _facts(text))


@pytest.mark.parametrize(("text", "who"), [
    ("我姐怀孕啦！", "user's sister"),
    ("我老婆已经怀孕七个月了。", "user's wife"),
    ("我妹妹怀孕三周了，还没告诉爸妈。", "user's sister"),
    ("我嫂子怀孕了。", "user's sister-in-law"),
    ("我妻子怀孕了，我们要当爸妈了。", "user's wife"),
])
def test_a_pregnancy_said_of_a_relative_is_hers(text: str, who: str) -> None:
    assert any(s == who and "怀孕" in o for s, _, o in _read(text))


@pytest.mark.parametrize("text", ["怀孕了要多休息。", "我还没怀孕。", "同事怀孕了。", "怀孕的时候别喝咖啡。"])
def test_a_pregnancy_advised_on_denied_or_of_someone_unnamed_stores_none(text: str) -> None:
    assert not any("怀孕" in o for _, _, o in _read(text))


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("我每天早上都要来一杯拿铁。", "preferred_drink", "拿铁"),
    ("奶茶我每天必来一杯。", "preferred_drink", "奶茶"),
    ("每晚都得来一罐啤酒才舒服。", "preferred_drink", "啤酒"),
    ("天天都要来一杯冰美式", "preferred_drink", "冰美式"),
    ("我每天中午都要来一碗螺蛳粉。", "likes", "螺蛳粉"),
])
def test_a_daily_treat_by_the_cup_is_a_liking(text: str, predicate: str, thing: str) -> None:
    assert any(p == predicate and thing in o for _, p, o in _read(text))


@pytest.mark.parametrize("text", ["服务员，来一杯热水。", "来一杯美式。", "今天来了一杯拿铁。"])
def test_an_order_not_made_daily_is_no_liking(text: str) -> None:
    assert not any(p in ("preferred_drink", "likes") for _, p, _ in _read(text))


@pytest.mark.parametrize(("text", "place"), [
    ("下周搬家，目的地是青岛。", "青岛"),
    ("下周末搬家，搬去杭州。", "杭州"),
    ("打算年后搬家，新家在通州。", "通州"),
    ("准备下个月搬家，地点选在了无锡。", "无锡"),
    ("明年要搬家了，去深圳。", "深圳"),
])
def test_a_planned_move_takes_the_place_named_in_the_next_clause(text: str, place: str) -> None:
    assert any(p == "planned_lives_in" and place in o for _, p, o in _read(text))


@pytest.mark.parametrize("text", ["下周搬家，累死了。", "下个月搬家，好麻烦。"])
def test_a_planned_move_followed_by_a_remark_names_no_place(text: str) -> None:
    assert not any(p in ("planned_lives_in", "lives_in") for _, p, _ in _read(text))


@pytest.mark.parametrize(("text", "thing"), [
    ("现在吃粗粮的多。", "粗粮"),
    ("这两年喝绿茶多了。", "绿茶"),
    ("最近听相声多了，通勤路上听。", "相声"),
    ("如今穿裙子比较多", "裙子"),
    ("后来玩桌游多了。", "桌游"),
])
def test_a_habit_that_grew_is_liked_now(text: str, thing: str) -> None:
    assert any(p in ("likes", "preferred_drink") and thing in o for _, p, o in _read(text))


@pytest.mark.parametrize("text", ["我吃得多。", "现在人多了。", "现在吃饭多了。", "我吃辣多。"])
def test_eating_a_lot_or_a_crowd_is_no_liking(text: str) -> None:
    assert not any(p in ("likes", "preferred_drink") for _, p, _ in _read(text))


def test_a_comparison_said_with_more_is_no_liking() -> None:
    assert not any(p == "likes" for _, p, _ in _read("搬家以后吃饭方便多了。"))
