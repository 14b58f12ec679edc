"""Controls for the round-34 Chinese review (fix34-zh): a pet's or child's body, a change by an amount
and another's amount are not the user's measure; an outing said with how it went is past; a wished
arrangement, an act one need not do, a suggestion with 以后就…吧, a plan's bare price and advice to
rest with 抓紧 store nothing of the kind. The reviewer's sentences first, then ours."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REFERENCE = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)  # a Monday
_EXTRACTOR = OfflineExtractor()


def facts(*turns: str) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=t) for t in turns], reference_time=REFERENCE,
                                           scope=Scope(user_id="u1"))).facts


def _pairs(text: str) -> list[tuple[str | None, str]]:
    return [(f.predicate, f.object) for f in facts(text)]


# 1. a body measure after a pet or a child
@pytest.mark.parametrize("text", ["我家猫体重5公斤", "我家狗体重30斤", "我家狗狗体重十公斤", "宝宝体重8公斤了",
                                  "我家兔子体重2公斤", "孩子体重15公斤了", "我们家猫咪体重六斤"])
def test_a_pets_or_childs_weight_is_not_the_users(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate in ("weighs", "height") and f.subject == "user"], facts(text)


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("我体重60公斤", "weighs", "60公斤"), ("我现在体重70公斤", "weighs", "70公斤"), ("我的身高175厘米", "height", "175厘米")])
def test_the_users_own_body_measure_is_still_read(text: str, predicate: str, value: str) -> None:
    assert (predicate, value) in _pairs(text)


# 2. a change by an amount
@pytest.mark.parametrize("text", ["房租又涨了五百", "工资降了两千", "学费涨了两千", "我们这次预算超了一万",
                                  "房租涨了三百", "奖金少了五千", "电费又多了两百", "体重掉了五斤"])
def test_a_change_by_an_amount_is_no_value(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate and (f.predicate.startswith("quantity_") or f.predicate == "weighs")], \
        facts(text)


# 3. another owner's amount
@pytest.mark.parametrize("text", ["老板的车首付二十万", "小区门口那家店的房租一个月两万", "隔壁公司一共200个人",
                                  "我朋友的房租一个月五千", "同事的工资两万", "对面那家公司一共五十个人", "邻居家的首付一百万"])
def test_another_owners_amount_is_not_the_users(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate and f.predicate.startswith("quantity_") and f.subject == "user"], \
        facts(text)


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("我的预算一万", "quantity_budget", "一万"), ("每个月的房租三千", "quantity_rent", "三千/月"),
    ("我月薪两万", "quantity_income", "两万/月")])
def test_the_users_own_amount_is_still_read(text: str, predicate: str, value: str) -> None:
    assert (predicate, value) in _pairs(text)


# 6. a bare-weekday outing said with how it went
@pytest.mark.parametrize("text", ["周六去爬香山，累死了", "周日带儿子去科技馆，他玩得特别开心",
                                  "周六去爬长城，累坏了", "周日陪老婆去逛街，玩得挺开心", "周六去看展，特别过瘾"])
def test_an_outing_said_with_how_it_went_is_no_task(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "has_task"], facts(text)


def test_an_outing_said_with_how_it_went_is_a_visit() -> None:
    assert ("visited", "香山") in _pairs("周六去爬香山，累死了")


def test_a_bare_weekday_outing_alone_is_still_a_task() -> None:
    assert [f for f in facts("周六跟朋友去爬香山") if f.predicate == "has_task"]


# 7. a way of working wished for
@pytest.mark.parametrize("text", ["我不想改成单休", "要是改成大小周就好了", "我希望改成远程办公", "我们打算改成双休"])
def test_a_way_of_working_wished_for_is_none(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate and "work_arrangement" in f.predicate], facts(text)


def test_a_way_of_working_changed_is_still_read() -> None:
    assert ("work_arrangement", "大小周") in _pairs("公司改大小周了")


# 8. an act one need not do
@pytest.mark.parametrize("text", ["终于不用天天挤地铁了", "不用带伞了，雨停了", "再也不用加班了", "终于不用每天早起送孩子了",
                                  "不用天天陪客户喝酒了"])
def test_an_act_one_need_not_do_stores_nothing(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate in ("activity", "uses")], facts(text)


@pytest.mark.parametrize(("text", "tool"), [("我不用微信了", "微信"), ("我不用抖音了", "抖音")])
def test_a_tool_no_longer_used_still_ends(text: str, tool: str) -> None:
    assert [f for f in facts(text) if f.predicate == "uses" and f.object == tool and f.operation is Operation.end]


# 9. 以后就 before a pointing word or in a suggestion
@pytest.mark.parametrize("text", ["以后就在这儿住了", "以后就用微信联系吧", "以后就住这边了", "往后就在那里发展吧",
                                  "以后就用支付宝付吧", "从此就住那边了"])
def test_from_now_on_pointing_or_suggested_is_nothing(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate in ("lives_in", "uses")], facts(text)


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("以后就住公司宿舍了", "lives_in", "公司宿舍"), ("以后就做全职妈妈了", "job_title", "全职妈妈")])
def test_from_now_on_a_named_value_is_still_read(text: str, predicate: str, value: str) -> None:
    assert (predicate, value) in _pairs(text)


# 10. a plan switched to a bare price
@pytest.mark.parametrize(("text", "value"), [("套餐换成了199的", "199元套餐"), ("手机套餐换成了59块的", "59元套餐")])
def test_a_plan_switched_to_a_price_keeps_the_plan_word(text: str, value: str) -> None:
    uses = [f.object for f in facts(text) if f.predicate == "uses"]
    assert uses == [value], uses


@pytest.mark.parametrize("text", ["手机号换成了138的", "宽带换成了200的"])
def test_another_thing_switched_to_a_bare_number_is_nothing(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "uses"], facts(text)


def test_a_service_switched_to_a_provider_is_still_read() -> None:
    assert ("uses", "电信") in _pairs("宽带换成了电信的")


# 11. 抓紧 in advice to rest
@pytest.mark.parametrize("text", ["抓紧时间休息一下吧", "抓紧睡一会儿", "抓紧时间去吃饭吧", "抓紧歇会儿"])
def test_advice_with_zhuajin_is_no_task(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "has_task"], facts(text)


@pytest.mark.parametrize(("text", "word"), [("抓紧把报告交了", "报告"), ("我得抓紧时间把护照办了", "护照"), ("抓紧时间复习", "复习")])
def test_a_hurried_duty_is_still_a_task(text: str, word: str) -> None:
    assert [f for f in facts(text) if f.predicate == "has_task" and word in f.object], facts(text)
