"""Chinese past acts told topic first, confirmations said in a later sentence, breakups and stops
named first, ages reached, values before a change, retirements as a time, corrections of a detail,
budgets and bonuses, fields studied: wordings written before the rules (round 31, room zh)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday
_EXTRACTOR = OfflineExtractor()


def facts(*turns: str) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=t) for t in turns], reference_time=REFERENCE,
                                           scope=Scope(user_id="u1"))).facts


# -- a past act told topic first (topic-comment order) is a dated event -----------------------

@pytest.mark.parametrize(("text", "word", "day"), [
    ("昨晚家里停电了。", "停电", "2026-05-05"),
    ("三天前我手机摔坏了。", "手机", "2026-05-03"),
    ("上周五公司团建去了趟莫干山。", "莫干山", "2026-05-01"),
    ("上周三我家猫生了四只小猫！", "小猫", "2026-04-29"),
    ("去年我一个人骑完了环海南岛。", "海南", "2025-01-01"),
    ("上周三钱包在地铁上丢了。", "钱包", "2026-04-29"),
    ("前天车在小区门口被刮了。", "刮", "2026-05-04"),
])
def test_a_past_act_told_topic_first_is_an_event_of_its_day(text: str, word: str, day: str) -> None:
    found = facts(text)
    assert any(word in f.object and f.valid_from and f.valid_from.date().isoformat() == day for f in found), found


@pytest.mark.parametrize("text", ["昨天天气突然变冷了。", "我本来打算昨天去爬山，结果下雨了。", "上周末我家狗走丢了一天，吓死我了。"])
def test_weather_an_outcome_or_a_reaction_is_no_event(text: str) -> None:
    assert not any(f.object in ("下雨", "变冷") or "吓死" in f.object for f in facts(text)), facts(text)


# -- a later sentence that only confirms firms the guess before it ----------------------------

@pytest.mark.parametrize(("turns", "word"), [
    (("我好像对头孢过敏。", "查过了，确实过敏。"), "头孢"),
    (("我好像对花生有点过敏。", "去医院测了，确实过敏。"), "花生"),
    (("我们也许下个月搬到苏州。", "板上钉钉了，六月搬。"), "苏州"),
    (("我可能对酒精过敏。", "检查结果出来了，没错。"), "酒精"),
    (("下个月可能调去广州分公司。", "调令下来了，定了。"), "广州"),
])
def test_a_confirming_sentence_firms_the_guess_before_it(turns: tuple[str, ...], word: str) -> None:
    found = [f for f in facts(*turns) if word in f.object]
    assert found and all(not f.hedged for f in found), found


@pytest.mark.parametrize("turns", [("我好像对芒果过敏。", "还没去查，不确定。"), ("也许下个月去成都出差。", "还没定下来。")])
def test_a_doubt_or_a_matter_not_settled_confirms_nothing(turns: tuple[str, ...]) -> None:
    assert all(f.hedged for f in facts(*turns)), facts(*turns)


# -- endings -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("我跟男朋友分手了。", "男朋友"), ("上周和女朋友分了。", "女朋友"), ("前阵子和对象分手了。", "对象"),
    ("上个月我跟男友分手了，心情很差。", "男友"), ("我和男朋友分手了。", "男朋友"),
])
def test_a_breakup_ends_the_partner_named_by_the_word_for_one(text: str, word: str) -> None:
    found = facts(text)
    assert any(f.predicate == "partner" and f.object == word and f.operation.value == "end" for f in found), found


def test_a_breakup_with_a_flatmate_ends_no_partner() -> None:
    assert not any(f.predicate == "partner" for f in facts("我和室友分了。"))


@pytest.mark.parametrize(("text", "word"), [
    ("吉他我不学了，手指太疼。", "吉他"), ("网约车我不开了，跑不动了。", "网约车"), ("二胡我不拉了，邻居嫌吵。", "二胡"),
    ("电动车我不骑了，现在坐地铁。", "电动车"), ("我不学吉他了。", "吉他"), ("安眠药医生让我停了。", "安眠药"),
])
def test_a_thing_stopped_named_first_or_after_is_ended(text: str, word: str) -> None:
    found = facts(text)
    assert any(word in f.object and f.operation.value == "end" for f in found), found


@pytest.mark.parametrize("text", ["我不用担心了。", "不用麻烦了。", "这车我不开了。", "妈妈让我停了。", "雨停了，我们出门吧。"])
def test_no_need_a_thing_pointed_at_or_someone_elses_word_ends_nothing(text: str) -> None:
    assert not any(f.operation.value == "end" for f in facts(text)), facts(text)


# -- ages, changes, retirements ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "subject", "age"), [
    ("我 35 了，熬夜熬不动了。", "user", "35"), ("我都40了，还在租房。", "user", "40"),
    ("我妈都七十了，还天天跳舞。", "user's mother", "70"), ("我老公都四十了。", "user's husband", "40"),
])
def test_a_number_reached_is_an_age(text: str, subject: str, age: str) -> None:
    assert any(f.predicate == "age" and f.subject == subject and f.object == age for f in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我们俩都30了还没买房。", "我5了。", "我买了35个了。"])
def test_a_count_or_a_couple_is_no_age(text: str) -> None:
    assert not any(f.predicate == "age" for f in facts(text)), facts(text)


@pytest.mark.parametrize(("text", "new", "old"), [
    ("去年还在深圳，现在在东莞了。", "东莞", "深圳"), ("前年我还在长沙，现在在武汉了。", "武汉", "长沙"),
    ("上个月还在用安卓，现在换苹果了。", "苹果", "安卓"),
])
def test_a_dated_value_said_with_still_is_the_one_replaced(text: str, new: str, old: str) -> None:
    assert any(new in f.object and f.replaces == old for f in facts(text)), facts(text)


@pytest.mark.parametrize(("text", "subject", "word"), [
    ("我爸退休以后迷上了钓鱼。", "user's father", "钓鱼"), ("我爸退休后迷上了钓鱼，天天往水库跑。", "user's father", "钓鱼"),
    ("我婆婆退休之后开始学画画。", "user's mother-in-law", "画画"),
])
def test_a_retirement_said_as_a_time_ends_no_job(text: str, subject: str, word: str) -> None:
    found = facts(text)
    assert any(f.subject == subject and word in f.object for f in found), found
    assert not any(f.predicate == "works_at" for f in found), found


def test_a_retirement_said_alone_still_ends_the_job() -> None:
    assert any(f.predicate == "works_at" and f.operation.value == "end" for f in facts("我爸退休了。"))


def test_a_retirement_to_come_before_a_plan_is_no_status() -> None:
    found = facts("我退休以后打算去海南住。")
    assert not any(f.predicate in ("employment_status", "works_at") for f in found), found


# -- corrections of a detail ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "predicate", "word", "replaced"), [
    ("刚才讲错了，会议是周四下午三点，不是周三。", "meeting_date", "周四", None),
    ("我弄错了，体检约的是协和，不是北医三院。", "checkup", "协和", "北医三院"),
    ("口误，我家猫是布偶，不是英短。", "cat", "布偶", "英短"),
    ("不对，是下周四出发，不是周三。", "departure_date", "周四", None),
    ("我说错了，手术是下周二，不是周一。", "surgery_date", "周二", None),
    ("搞错了，聚餐定的是周六晚上，不是周五。", "gathering_date", "周六", None),
])
def test_a_detail_corrected_is_keyed_by_its_attribute(text: str, predicate: str, word: str, replaced: str | None) -> None:
    found = facts(text)
    assert any(f.predicate == predicate and word in f.object and f.operation.value == "correct"
               and (replaced is None or f.replaces == replaced) for f in found), found


def test_a_meeting_is_no_will() -> None:
    assert all("议是" not in f.object and not f.object.startswith("议") for f in facts("会议是周四下午三点，不是周三。"))


# -- amounts and fields -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("房租涨到了每月五千。", "quantity_rent", "五千/月"), ("这次装修预算二十万。", "quantity_budget", "二十万（装修）"),
    ("旅游预算一个人五千。", "quantity_budget", "五千（旅游）"), ("婚礼预算控制在十万以内。", "quantity_budget", "十万（婚礼）"),
    ("年终奖拿了三个月。", "quantity_bonus", "三个月工资"), ("今年年终奖发了两个月。", "quantity_bonus", "两个月工资"),
])
def test_an_amount_by_its_measure(text: str, predicate: str, value: str) -> None:
    assert any(f.predicate == predicate and f.object == value for f in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["预算不够了。", "我的预算是多少？"])
def test_a_budget_without_an_amount_is_nothing(text: str) -> None:
    assert not any(f.predicate == "quantity_budget" for f in facts(text))


@pytest.mark.parametrize(("text", "subject", "field"), [
    ("我弟在杭州读大三，学的土木。", "user's brother", "土木"), ("我表妹在南京读研，学的是法律。", "user's cousin", "法律"),
    ("我在复旦读大二，学的金融。", "user", "金融"), ("我女儿在北京读研，学的是临床医学。", "user's daughter", "临床医学"),
])
def test_a_field_studied_after_a_school_clause(text: str, subject: str, field: str) -> None:
    assert any(f.predicate == "studies" and f.subject == subject and f.object == field for f in facts(text)), facts(text)


def test_things_learnt_are_no_field() -> None:
    assert not any(f.predicate == "studies" for f in facts("学的东西太多了，记不住。"))


@pytest.mark.parametrize("text", ["结果出来了，我考上了公务员。", "考上公务员了。", "我去年考上了事业编。"])
def test_a_post_won_by_examination_is_a_job(text: str) -> None:
    found = facts(text)
    assert any(f.predicate == "job_title" for f in found) and not any(f.predicate == "studies_at" for f in found), found


def test_a_certainty_said_first_confirms_what_follows() -> None:
    found = facts("板上钉钉了，我被调到成都分公司。")
    assert any("成都" in f.object and f.confidence == 0.95 for f in found), found


@pytest.mark.parametrize(("text", "subject", "surname"), [
    ("我老板姓张。", "user's boss", "张"), ("我们部门经理姓刘，是个工作狂。", "user's manager", "刘"),
    ("我老婆姓林。", "user's wife", "林"), ("我主管姓陈，人挺好的。", "user's supervisor", "陈"), ("我室友姓赵。", "user's roommate", "赵"),
])
def test_a_surname_said_of_someone_of_the_users(text: str, subject: str, surname: str) -> None:
    assert any(f.subject == subject and f.predicate == "surname" and f.object == surname for f in facts(text)), facts(text)


def test_the_users_own_surname_and_a_manager_by_trade_are_no_relative() -> None:
    assert not any(f.predicate == "surname" for f in facts("我姓王。"))
    assert any(f.subject == "user" and f.object == "产品经理" for f in facts("我在腾讯做产品经理。"))


@pytest.mark.parametrize("text", ["我戒指丢了。", "会议取消了。", "我已经不在乎了。", "订单我取消了。", "电梯停了。", "今天的课停了。",
                                  "航班取消了，改签到明天。"])
def test_other_uses_of_the_words_of_stopping_end_nothing(text: str) -> None:
    assert not any(f.operation.value == "end" for f in facts(text)), facts(text)


@pytest.mark.parametrize(("text", "word"), [("瑜伽课我停了。", "瑜伽课"), ("我已经戒烟了。", "烟"), ("我已经不在百度了。", "百度")])
def test_a_habit_class_or_job_stopped_is_still_ended(text: str, word: str) -> None:
    assert any(word in f.object and f.operation.value == "end" for f in facts(text)), facts(text)


def test_a_tool_given_up_is_still_ended() -> None:
    assert any(f.object == "钉钉" and f.operation.value == "end" for f in facts("我们改用飞书了，不用钉钉了。"))
