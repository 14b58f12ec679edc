"""Chinese changes, states and other people's facts by mechanism, in wordings of our own: kin named the
way chat names them, a thing swapped for another, a state said with 了, a job left for the next one;
and what must store nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
_EXTRACTOR = OfflineExtractor()


def facts(text: str) -> list[tuple[str, str, str, str, str | None]]:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    return [(f.subject, f.predicate, f.object, f.operation.value, f.replaces) for f in found]


# -- kin by the names chat uses, with or without 我 -------------------------------------------

@pytest.mark.parametrize(("text", "subject", "predicate", "value"), [
    ("我发小在杭州开了家面馆。", "user's friend", "owns", "面馆"),
    ("我家那位在税务局上班。", "user's spouse", "works_at", "税务局"),
    ("哥们儿跳槽去了网易。", "user's friend", "works_at", "网易"),
    ("我死党住在五道口。", "user's friend", "lives_in", "五道口"),
    ("老公最近迷上了飞盘。", "user's husband", "likes", "飞盘"),
    ("老婆讨厌榴莲。", "user's wife", "dislikes", "榴莲"),
    ("女朋友对芒果过敏。", "user's girlfriend", "allergic_to", "芒果"),
    ("闺蜜搬去厦门了。", "user's friend", "lives_in", "厦门"),
    ("儿子在学围棋。", "user's son", "studies", "围棋"),
])
def test_kin_named_as_chat_names_them(text: str, subject: str, predicate: str, value: str) -> None:
    found = facts(text)
    assert any(s == subject and p == predicate and value in o for s, p, o, _, _ in found), found
    assert not any(s == "user" and value in o for s, _, o, _, _ in found), found


@pytest.mark.parametrize("text", ["老公说我最近瘦了。", "老公，帮我订张电影票。", "姐妹们，今天累死了。",
                                  "你老公在哪儿上班？", "要是我老婆也爱爬山就好了。", "兄弟们冲啊！"])
def test_kin_addressed_reported_or_supposed_store_nothing(text: str) -> None:
    assert facts(text) == []


# -- a thing swapped for another -----------------------------------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("手机换成了荣耀 Magic6。", "uses", "荣耀 Magic6"),
    ("我的笔记本换成了 ThinkPad。", "uses", "ThinkPad"),
    ("车换成了小鹏P7。", "drives", "小鹏P7"),
    ("把车换成了一辆电车。", "drives", "电车"),
    ("现在改用 Logseq 做笔记了。", "uses", "Logseq"),
    ("我改用钉钉开会了。", "uses", "钉钉"),
])
def test_a_thing_swapped_is_the_one_used_now(text: str, predicate: str, value: str) -> None:
    found = facts(text)
    assert any(p == predicate and o == value for _, p, o, _, _ in found), found
    assert not any(r in ("手机", "笔记本", "车") for *_, r in found), found  # the kind is no old value


def test_a_phone_make_said_after_the_old_system() -> None:
    found = facts("之前一直用安卓，如今换华为了。")
    assert ("user", "uses", "华为", "add", None) in found, found


@pytest.mark.parametrize("text", ["头像换成了一只猫。", "时间改成了下午三点。", "要是手机换成苹果，会不会好用点？"])
def test_a_swap_of_no_thing_used_stores_no_tool(text: str) -> None:
    assert not any(p in ("uses", "drives") for _, p, _, _, _ in facts(text)), facts(text)


# -- a state said with the 了 of a new situation ----------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("我在顺丰上班了。", "顺丰"),
    ("从上个月开始在携程工作了。", "携程"),
    ("从今年三月起我在一家律所实习了。", "律所"),
])
def test_a_job_said_with_le_holds_now(text: str, value: str) -> None:
    assert any(p == "works_at" and value in o and op == "add" for _, p, o, op, _ in facts(text)), facts(text)


def test_a_job_with_how_long_keeps_its_length() -> None:
    found = facts("我在网易工作了五年。")
    assert any(p == "works_at" and o == "网易" for _, p, o, _, _ in found), found


# -- a job left, then the next one (and the role said after it) -------------------------------------

@pytest.mark.parametrize(("text", "new", "old", "role"), [
    ("离开了百度，去了滴滴。", "滴滴", "百度", None),
    ("我从报社辞职后去了一家公关公司当编辑。", "公关公司", "报社", "编辑"),
    ("跳槽去了蔚来做测试。", "蔚来", None, "测试"),
])
def test_a_job_left_for_the_next(text: str, new: str, old: str | None, role: str | None) -> None:
    found = facts(text)
    assert any(p == "works_at" and o == new and op == "add" and r == old for _, p, o, op, r in found), found
    if role:
        assert any(p == "job_title" and o == role for _, p, o, _, _ in found), found


def test_a_home_left_is_no_job() -> None:
    assert not any(p == "works_at" for _, p, _, _, _ in facts("离开了家，去了学校。")), facts("离开了家，去了学校。")


def test_a_role_said_instead_of_the_old_one() -> None:
    found = facts("我已经不当会计了，而是转做审计。")
    assert any(p == "job_title" and o == "审计" and r == "会计" for _, p, o, _, r in found), found


# -- states: the 呢 of a state going on, a trade, a partner -------------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("我在京东实习呢。", "works_at", "京东"),
    ("我姐在医院上班呢。", "works_at", "医院"),
    ("我做建材批发的。", "job_title", "建材批发"),
    ("坐标成都，干装修的。", "job_title", "装修"),
    ("这两年一直在做跨境电商。", "job_title", "跨境电商"),
    ("我有男票了。", "relationship_status", "in a relationship"),
    ("上个月终于脱单了！", "relationship_status", "in a relationship"),
])
def test_a_state_in_everyday_words(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and value in o for _, p, o, _, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["你在哪儿上班呢？", "周末去哪儿玩呢", "我到底该不该辞职呢", "那我搬去苏州呢",
                                  "我还在纠结换不换手机呢", "我没有对象。", "你有女朋友吗？", "我在做饭呢。"])
def test_asked_denied_or_busy_stores_no_state(text: str) -> None:
    assert facts(text) == [], facts(text)


# -- a liking said in chat words, and a name jieba cuts in three --------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("最近入坑了冷萃咖啡。", "冷萃咖啡"),
    ("入坑桨板一个月了。", "桨板"),
    ("我爱死了小龙虾。", "小龙虾"),
    ("我姐最近入坑了陶艺。", "陶艺"),
])
def test_a_liking_in_chat_words(text: str, value: str) -> None:
    assert any(p == "likes" and o == value for _, p, o, _, _ in facts(text)), facts(text)


def test_a_vague_partner_word_says_no_relationship_status() -> None:
    found = facts("我家那口子是做会计的。")
    assert any(s == "user's spouse" and p == "job_title" for s, p, _, _, _ in found), found
    assert not any(p == "relationship_status" for _, p, _, _, _ in found), found


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("我租房住在回龙观。", "lives_in", "回龙观"),
    ("现在在滨江合租住。", "lives_in", "滨江"),
    ("我一个人住在大理。", "lives_in", "大理"),
    ("我每天开一辆二手思域上班。", "drives", "二手思域"),
    ("平时开蔚来通勤。", "drives", "蔚来"),
])
def test_how_one_lives_or_gets_to_work_then_where_or_what(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and o == value for _, p, o, _, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我一个人住。", "我每天开车上班。", "今天开会开到很晚。"])
def test_no_place_or_car_named_stores_none(text: str) -> None:
    assert not any(p in ("lives_in", "drives") for _, p, _, _, _ in facts(text)), facts(text)


@pytest.mark.parametrize(("text", "subject"), [("我在学校当老师。", "user"), ("我媳妇儿在学院做行政。", "user's wife")])
def test_a_school_after_zai_is_a_place_not_an_act(text: str, subject: str) -> None:
    found = facts(text)
    assert any(s == subject and p == "works_at" for s, p, _, _, _ in found), found
    assert not any(p == "studies" for _, p, _, _, _ in found), found


def test_a_thing_swapped_with_ba_keeps_its_old_value() -> None:
    assert ("user", "uses", "Pixel 9", "add", "三星手机") in facts("我把三星手机换成了 Pixel 9。")
