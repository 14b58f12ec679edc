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


@pytest.mark.parametrize(("text", "act"), [("我准备好好学日语。", "学日语"), ("辞职以后准备专心考公。", "考公")])
def test_a_plan_with_an_adverb_before_its_act(text: str, act: str) -> None:
    assert any(p == "plans_to" and act in o for _, p, o, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["明天得去医院拿化验单。", "后天下午要去银行办卡。"])
def test_an_errand_in_town_soon_stays_a_task(text: str) -> None:
    assert [p for _, p, _, _ in facts(text)] == ["has_task"], facts(text)


@pytest.mark.parametrize("text", ["后天去不去重庆？", "要是明天去成都就好了。", "如果下周飞大阪，要带什么？"])
def test_a_trip_asked_or_supposed_stores_nothing(text: str) -> None:
    assert facts(text) == []


# -- an amount with its measure word, in any position ----------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("年薪涨到四十万了。", "quantity_income", "四十万"),              # a new value said as a change
    ("房租从两千八涨到了三千二。", "quantity_rent", "三千二"),
    ("体重从八十公斤掉到了七十二公斤。", "weighs", "七十二公斤"),
    ("地下室里有三辆自行车。", "has", "三辆自行车"),                  # where it is kept, then the count
    ("窗台上养了五盆绿萝。", "has", "五盆绿萝"),
    ("我已经攒了三十多本画册。", "has", "三十多本画册"),
    ("考驾照到现在已经十年了。", "driving_experience", "十年"),
    ("一个星期得喝掉三提可乐。", "drinks", "三提可乐/周"),             # a container, then what it holds
    ("每个月单是打车就要花一千多。", "quantity_spending", "一千多/月"),
    ("每天上班单程要五十分钟。", "quantity_commute", "五十分钟/天"),
])
def test_an_amount_is_read_by_what_it_measures(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and value in o for _, p, o, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["你家车库里有几辆车？", "要是年薪涨到五十万就好了。", "如果房租涨到四千，我就搬走。",
                                  "路上有好多车。"])
def test_an_amount_asked_supposed_or_uncounted_stores_nothing(text: str) -> None:
    assert facts(text) == []


# -- what a relative is doing these days, filed under them -----------------------------------

@pytest.mark.parametrize(("text", "subject", "value"), [
    ("我小姨在做母婴代购。", "user's aunt", "母婴代购"),
    ("我弟正在备考雅思。", "user's brother", "雅思"),
    ("我外公现在在家带孙女。", "user's grandfather", "带孙女"),
    ("我闺女刚学会了系鞋带。", "user's daughter", "系鞋带"),
    ("我同学阿伟在跑网约车。", "阿伟", "网约车"),
    ("我室友小陈每天晚上都在背单词。", "小陈", "背单词"),
])
def test_what_a_relative_is_doing_is_theirs(text: str, subject: str, value: str) -> None:
    found = facts(text)
    assert any(s == subject and value in o for s, _, o, _ in found), found
    assert not any(s == "user" and value in o for s, _, o, _ in found), found


@pytest.mark.parametrize("text", ["我妈问我在干嘛。", "我哥说他在忙。", "你姐在干嘛？", "要是我弟在学日语就好了。",
                                  "我姐在吗？"])
def test_a_relative_asked_about_or_reported_stores_nothing(text: str) -> None:
    assert facts(text) == []


# -- a new value replacing an old, of the kind both values are --------------------------------

def replaced(text: str) -> list[tuple[str, str, str | None]]:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    return [(f.predicate, f.object, f.replaces) for f in found]


@pytest.mark.parametrize(("text", "expected"), [
    ("后端从 PHP 迁到了 Go。", ("uses", "Go", "PHP")),                        # a tool
    ("我们组把数据库从 MySQL 换成 PostgreSQL 了。", ("uses", "PostgreSQL", "MySQL")),
    ("我从 Windows 切到 macOS 了。", ("uses_os", "macOS", "Windows")),      # an operating system
    ("我从会计转去做审计了。", ("job_title", "审计", "会计")),                 # a role
    ("从客服升成了客服主管。", ("job_title", "客服主管", "客服")),
    ("以前做测试，后来转了开发。", ("job_title", "开发", "测试")),
])
def test_a_replaced_value_is_read_by_its_kind(text: str, expected: tuple[str, str, str | None]) -> None:
    assert expected in replaced(text), replaced(text)


@pytest.mark.parametrize("text", ["要是从 Java 转 Go 就好了。", "从 Vue 换成 React 怎么样？", "如果我从会计转去做审计呢？"])
def test_a_replacement_asked_or_supposed_stores_nothing(text: str) -> None:
    assert facts(text) == []


def dated(text: str) -> list[tuple[str, str, str | None]]:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    return [(f.predicate, f.object, f.valid_from.date().isoformat() if f.valid_from else None) for f in found]


@pytest.mark.parametrize(("text", "expected"), [
    ("前年离开了武汉，在长沙安了家。", ("lives_in", "长沙", "2024-01-01")),        # the day of the move, said first
    ("上周刚搬完家，新家在余杭。", ("lives_in", "余杭", "2026-04-27")),
    ("三月份从网易辞职了，现在在米哈游。", ("works_at", "米哈游", "2026-03-01")),
    ("今年一月开始在海关上班了。", ("works_at", "海关", "2026-01-01")),            # a new state begun, with 了
    ("二月份开始去一家律所实习了。", ("works_at", "律所", "2026-02-01")),
])
def test_the_new_home_or_job_holds_from_the_day_of_the_move(text: str, expected: tuple[str, str, str | None]) -> None:
    assert expected in dated(text), dated(text)


def test_a_job_to_begin_is_a_plan_not_a_job() -> None:
    assert [p.startswith("plan") for p, _, _ in dated("下周一开始去顺丰上班。")] == [True]


# -- a liking named with a filler or a preposition around it ----------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("香菜这玩意儿我是真受不了。", ("dislikes", "香菜")),
    ("最近对陶艺上瘾了。", ("likes", "陶艺")),
    ("我对腾讯会议这东西有点反感。", None),
])
def test_a_liking_is_of_the_thing_not_its_filler(text: str, expected: tuple[str, str] | None) -> None:
    found = [(p, o) for _, p, o, _ in facts(text)]
    if expected is not None:
        assert expected in found, found
    assert not any("这玩意" in o or "这东西" in o or o.startswith("对") for _, o in found), found


# -- an act finished on a past day is an event of that day ------------------------------------

@pytest.mark.parametrize(("text", "act", "day"), [
    ("上周六刚考完教资。", "教资", "2026-05-02"),
    ("昨天终于写完毕业论文了。", "毕业论文", "2026-05-05"),
    ("前天搬完家，累得不想动。", "搬家", "2026-05-04"),
])
def test_an_act_finished_on_a_past_day_is_dated(text: str, act: str, day: str) -> None:
    assert any(act in o and d == day for _, o, d in dated(text)), dated(text)


@pytest.mark.parametrize("text", ["明天考完试就放假。", "你昨天考完了吗？", "要是昨天写完就好了。"])
def test_a_finish_to_come_asked_or_supposed_is_no_event(text: str) -> None:
    assert not any(d for _, _, d in dated(text)), dated(text)


@pytest.mark.parametrize("text", ["我妈一直在打胰岛素。", "我爸最近在做化疗。", "我哥在看心理医生。"])
def test_care_a_relative_is_under_is_no_pastime(text: str) -> None:
    assert not any(p == "activity" for _, p, _, _ in facts(text)), facts(text)


# -- 他/她 after a person introduced by name and relation is that person ----------------------

@pytest.mark.parametrize(("text", "name", "value"), [
    ("阿杰是我好朋友，他住在杭州。", "阿杰", "杭州"),
    ("我有个表姐叫小雨，她在做跨境电商。", "小雨", "跨境电商"),
    ("陈静是我大学室友，她下个月去伦敦读研。", "陈静", "伦敦"),
])
def test_a_pronoun_is_the_person_introduced(text: str, name: str, value: str) -> None:
    found = facts(text)
    assert any(s == name and value in o for s, _, o, _ in found), found
    assert not any(s == "user" and value in o for s, _, o, _ in found), found


@pytest.mark.parametrize("text", ["这是我同事，他在杭州开民宿。", "他在杭州开民宿。"])
def test_a_pronoun_with_nobody_named_is_not_the_user(text: str) -> None:
    assert not any(s == "user" for s, _, _, _ in facts(text)), facts(text)
