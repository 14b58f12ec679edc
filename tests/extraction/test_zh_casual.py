"""Chinese said casually: idioms of liking, quantities of things with no slot of their own,
confirmations said as news. Real jieba; every sentence is written for this file (none is an
evaluation row)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.zh.extractor import ChineseExtractor
from kronograph.model import Scope

from .reading import zh_facts as _facts
from .reading import zh_read as _read


@pytest.mark.parametrize(("text", "liked"), [
    ("纪录片我基本一部不落。", "纪录片"),
    ("《请回答1988》真是百看不厌。", "《请回答1988》"),
    ("相声我是每期必听。", "相声"),
    ("郭德纲的专场我场场不落。", "郭德纲的专场"),
    ("动漫我一集都没落下过。", "动漫"),
])
def test_never_tiring_of_a_thing_is_a_liking(text: str, liked: str) -> None:
    assert ("user", "likes", liked) in _read(text)


@pytest.mark.parametrize("text", ["这首歌百听不厌。", "上周的课我一节没落下，作业还没写。", "钥匙落在公司了。",
                                  "什么剧能百看不厌？"])
def test_no_liking_from_a_thing_pointed_at_a_missed_class_or_a_question(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "likes"]


@pytest.mark.parametrize(("text", "predicate", "amount"), [
    ("我的小红书有八千多粉丝了。", "quantity_xiaohongshu_followers", "八千多"),
    ("知乎粉丝终于破万了。", "quantity_zhihu_followers", "万"),
    ("我们小程序的月活已经到 3万 了。", "quantity_monthly_active_users", "3万"),
    ("卡里余额还剩两百块。", "quantity_balance", "两百块"),
    ("工作室的员工一共有十二个人。", "quantity_employees", "十二"),
])
def test_a_count_is_keyed_by_what_it_counts(text: str, predicate: str, amount: str) -> None:
    found = [f for f in _facts(text) if f.predicate == predicate]
    assert found and amount in found[0].object, _read(text)


@pytest.mark.parametrize("text", ["我想把粉丝做到一万。", "我姐的抖音有十万粉丝。", "有多少粉丝？", "粉丝都是买的。"])
def test_no_count_from_a_wish_someone_elses_count_or_a_question(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate.startswith("quantity_") and f.subject == "user"]


@pytest.mark.parametrize(("text", "fact"), [
    ("护照总算办下来了。", ("user", "obtained", "护照")),
    ("拿到 Shopee 的 offer 了。", ("user", "obtained", "Shopee的offer")),
    ("录取通知书寄到了，南大化学系！", ("user", "studies_at", "南大化学系")),
    ("保研上岸中科大了。", ("user", "studies_at", "中科大")),
    ("我户口总算迁到苏州了。", ("user", "household_registration", "苏州")),
    ("试用期终于满了。", ("user", "employment_status", "转正")),
    ("我顺利转正啦。", ("user", "employment_status", "转正")),
    ("稿子被《读者》录用了！", ("user", "obtained", "《读者》稿子录用")),
    ("上周我成了美团的正式员工。", ("user", "works_at", "美团")),
])
def test_news_of_a_thing_settled_is_stored_unhedged(text: str, fact: tuple[str, str, str]) -> None:
    found = [f for f in _facts(text) if (f.subject, f.predicate, f.object) == fact]
    assert found and not found[0].hedged, _read(text)


@pytest.mark.parametrize("text", ["我同事转正了。", "什么时候能转正？", "快递到了，一箱苹果。", "签证还没下来。", "我想把户口迁到苏州。"])
def test_no_settled_news_from_someone_else_a_question_a_parcel_or_a_wait(text: str) -> None:
    assert not [f for f in _facts(text) if f.subject == "user" and f.predicate in
                ("obtained", "studies_at", "household_registration", "employment_status")]


def test_a_bare_grant_beside_a_plan_is_only_its_confirmation() -> None:
    read = _read("签证也批下来了，八月就搬去悉尼。")
    assert ("user", "planned_lives_in", "悉尼") in read
    assert ("user", "obtained", "签证") not in read


@pytest.mark.parametrize(("text", "fact"), [
    ("教书的，小学美术。", ("user", "job_title", "小学美术老师")),
    ("我在镇上的中学教化学。", ("user", "job_title", "化学老师")),
    ("我是带钢琴课的。", ("user", "job_title", "钢琴老师")),
    ("大二狗一只。", ("user", "current_education", "大二")),
    ("硕士在读。", ("user", "current_education", "硕士")),
    ("博三，主要做蛋白质折叠。", ("user", "studies", "蛋白质折叠")),
    ("我的课题方向是储能材料。", ("user", "studies", "储能材料")),
    ("我目前是自由职业。", ("user", "employment_status", "自由职业")),
    ("平时接点插画的单子。", ("user", "job_title", "插画")),
])
def test_a_role_said_casually(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _read(text)


@pytest.mark.parametrize("text", ["我妈教我包饺子。", "我想去教英语。", "大三，选什么方向好？", "这个方向是对的。",
                                  "他是教物理的。"])
def test_no_role_from_being_taught_a_wish_a_question_or_someone_else(text: str) -> None:
    assert not [f for f in _facts(text) if f.subject == "user" and f.predicate in ("job_title", "studies", "current_education")]


@pytest.mark.parametrize(("text", "place", "start"), [
    ("这个寒假说不定陪我妈去趟哈尔滨。", "哈尔滨", "2027-01-15"),
    ("国庆也许和朋友去桂林玩几天。", "桂林", "2026-10-01"),
])
def test_a_hedged_trip_is_an_uncertain_plan_for_its_period(text: str, place: str, start: str) -> None:
    (fact,) = [f for f in _facts(text) if f.predicate.startswith("plan")]
    assert place in fact.object and fact.hedged and start in fact.text


@pytest.mark.parametrize("text", ["去年国庆可能去过桂林。", "上周可能去桂林见了客户。"])
def test_a_hedged_trip_in_the_past_is_no_plan(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate.startswith("plan")]


def test_a_hedged_trip_in_the_period_under_way_is_still_a_plan() -> None:
    episode = EpisodeInput(turns=[Turn(content="这个寒假或许带孩子去趟长白山。")], scope=Scope(user_id="u"),
                           reference_time=datetime(2027, 1, 20, 9, 0, tzinfo=UTC))
    (fact,) = ChineseExtractor().extract(episode).facts
    assert fact.predicate == "plans_to" and "长白山" in fact.object and fact.hedged
