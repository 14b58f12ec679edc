"""Chinese amounts read wherever a clause puts them after what they measure, ways of working and
services switched, duties put off with 回头 or hurried with 抓紧 kept as tasks, a clause saying what
a task is needed for kept out of plans, and "上个月起" as the start of what follows: wordings written
for this file (round 34, room zha), with controls that must store nothing of the kind."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.timeexpr import TimeKind
from kronograph.extraction.zh.timeexpr import find_times
from kronograph.model import MemoryType, Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday
_EXTRACTOR = OfflineExtractor()


def facts(*turns: str) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=t) for t in turns], reference_time=REFERENCE,
                                           scope=Scope(user_id="u1"))).facts


# -- amounts after what they measure (measures.measured_amount) ------------------------------------

@pytest.mark.parametrize(("text", "predicate", "amount"), [
    ("孩子一学期学费三万二，压力不小。", "quantity_tuition", "三万二/学期"),
    ("房子首付付了 120 万，掏空了六个钱包。", "quantity_down_payment", "120万"),
    ("上班路上单程要耗九十分钟，一天光通勤就三小时。", "quantity_commute", "九十分钟"),
    ("从顺义到望京上班单程要一个半小时", "quantity_commute", "一个半小时"),
    ("微信步数每天基本都在两万步以上", "quantity_steps", "两万步/天"),
    ("我家离公司骑车二十分钟", "quantity_commute", "二十分钟"),
    ("我们 startup 上上下下一共就 23 个人。", "quantity_team_size", "23人"),
    ("组里加起来也就十来个人", "quantity_team_size", "十来人"),
    ("我在这家公司干了整整八年了。", "quantity_years_worked", "八年"),
    ("量了一下，净身高 178 厘米", "height", "178厘米"),
    ("家里每个月网费一百二", "quantity_internet_bill", "一百二/月"),
])
def test_an_amount_after_what_it_measures_is_read_with_its_measure(text: str, predicate: str, amount: str) -> None:
    found = facts(text)
    assert [(f.predicate, f.object) for f in found if f.predicate == predicate] == [(predicate, amount)], found


def test_a_second_amount_of_the_same_measure_in_a_sentence_is_no_second_fact() -> None:
    found = facts("单程要四十分钟，一天光通勤就一个半小时。")
    assert [f.object for f in found if f.predicate == "quantity_commute"] == ["四十分钟"], found


@pytest.mark.parametrize("text", [
    "北京房租一个月要六千多，太贵了。",  # a place's price
    "听说上海通勤单程平均要一个小时。",
    "我同事说他工资一个月才五千。",
    "你知道现在深圳房价多少吗？",
    "如果学费涨到五万，我们就不读了。",
    "新闻说全国平均工资涨了百分之五。",
    "希望明年年薪能到五十万。",
    "三个臭皮匠顶个诸葛亮。",
    "客户那边说要三天才能回复。",
    "他们公司一共三百多个人。",
    "帮我算算房贷每个月还多少",
    "这部电影评分 9.2 分，值得一看。",
    "演唱会门票 1280 一张，抢不到。",
    "小说里主角身高一米九。",
    "目标是体重降到六十公斤。",
    "要是通勤能缩短到半小时就好了。",
    "我觉得步数这个功能挺鸡肋的。",
    "之前在网易待了三年。",  # a tenure that ended: no amount now
    "一寸光阴一寸金。",
    "老板让我们一共招 5 个人。",
])
def test_amounts_of_others_asked_wished_or_in_general_store_no_quantity(text: str) -> None:
    found = facts(text)
    assert not [f for f in found if f.predicate and (f.predicate.startswith("quantity_") or f.predicate in ("height", "weighs"))], found


# -- ways of working and services switched (changes) ------------------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("从今年开始我改成远程办公了", "work_arrangement", "远程办公"),
    ("上个月起改居家办公了，一周只去公司打一次卡", "work_arrangement", "居家办公"),
    ("我们组这个月开始改大小周了", "work_arrangement", "大小周"),
    ("以前每天骑电驴上班，现在改坐地铁了。", "commutes_by", "地铁"),
    ("上个月起改成骑自行车上班了", "commutes_by", "自行车"),
    ("家里宽带从联通换成移动了，网速快了不少。", "uses", "移动"),
    ("手机号换成电信的了", "uses", "电信"),
    ("套餐从 129 的换成了 59 的", "uses", "59"),
])
def test_a_new_way_of_working_or_service_is_read_as_the_value_now(text: str, predicate: str, value: str) -> None:
    found = facts(text)
    assert [f for f in found if f.predicate == predicate and value in f.object], found


@pytest.mark.parametrize("text", [
    "要不要改成远程办公呢？",
    "如果能改成居家办公就好了。",
    "他们公司改大小周了。",
    "帮我把这段改成英文",
    "换成英文再说一遍",
])
def test_a_way_of_working_asked_wished_or_of_others_is_not_the_users(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate in ("work_arrangement", "commutes_by") and f.subject == "user"], facts(text)


# -- tasks: 回头 + a duty, 抓紧, a reason clause ------------------------------------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("回头得陪外婆去配副老花镜。", "老花镜"),
    ("回头要去社区医院给我爸拿降糖药。", "降糖药"),
    ("回头得带我妈去医院复查一下眼睛", "复查"),
    ("回头要给车换个雨刮器", "雨刮器"),
    ("回头得把借同学的相机还回去", "相机"),
    ("要抓紧把毕业设计的代码写完，答辩就在下周。", "毕业设计"),
    ("得抓紧时间把签证材料准备好", "签证材料"),
])
def test_a_duty_put_off_or_hurried_is_a_task_not_a_plan(text: str, word: str) -> None:
    found = facts(text)
    assert [f for f in found if f.predicate == "has_task" and word in f.object and f.memory_type is MemoryType.task], found
    assert not [f for f in found if f.predicate == "plans_to" and word in f.object], found


@pytest.mark.parametrize("text", ["我先去吃饭了，回头聊。", "好嘞，回头见", "回头再说吧", "回头你提醒我一下？"])
def test_a_parting_word_with_huitou_stores_nothing(text: str) -> None:
    assert facts(text) == [], facts(text)


@pytest.mark.parametrize("text", [
    "得赶紧把社保转移手续办了，下个月入职要用。",
    "得抓紧把护照续了，下个月出国要用。",
    "今晚得把户口本复印好，周五办证要用到。",
])
def test_a_clause_saying_what_a_task_is_needed_for_is_no_plan_or_employer(text: str) -> None:
    found = facts(text)
    assert [f for f in found if f.predicate == "has_task"], found
    assert not [f for f in found if f.predicate in ("plans_to", "planned_works_at", "works_at")], found


# -- "上个月起": the start of what follows ------------------------------------------------------------

def test_a_period_followed_by_qi_is_a_start_and_a_coming_one_or_getting_up_is_not() -> None:
    assert [s.kind for s in find_times("上个月起改居家办公了", reference=REFERENCE)] == [TimeKind.since]
    assert [s.kind for s in find_times("今年起不加班了", reference=REFERENCE)] == [TimeKind.since]
    assert [s.kind for s in find_times("下个月起每天跑步", reference=REFERENCE)] == [TimeKind.point]
    assert [s.kind for s in find_times("明天起床要早", reference=REFERENCE)] == [TimeKind.point]


@pytest.mark.parametrize(("text", "reference", "until"), [
    ("记得周末之前交物业费，不然要收滞纳金。", datetime(2025, 10, 24, 4, 10, tzinfo=UTC), "2025-10-25"),
    ("周末前得把家里大扫除一下", REFERENCE, "2026-05-09"),
    ("周末之前要把车险续上", REFERENCE, "2026-05-09"),
])
def test_a_task_due_before_the_weekend_ends_when_the_weekend_begins(text: str, reference: datetime, until: str) -> None:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=reference,
                                            scope=Scope(user_id="u1"))).facts
    assert [f.task_until.date().isoformat() for f in found if f.predicate == "has_task"] == [until], found


def test_a_task_on_the_weekend_still_lasts_the_weekend() -> None:
    assert [f.task_until.date().isoformat() for f in facts("周末要带我妈去体检。") if f.predicate == "has_task"] == ["2026-05-11"]


@pytest.mark.parametrize("text", ["哈哈好的，下周再说吧", "行，到时候再聊", "那明天再商量"])
def test_putting_a_talk_off_is_no_plan(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "plans_to"], facts(text)


# -- a bare weekday with an outing and no 了: the coming one (rules.read) ---------------------------

@pytest.mark.parametrize(("text", "word", "day"), [
    ("周六跟朋友去爬香山", "香山", "2026-05-09"),
    ("周日上午带儿子去科技馆。", "科技馆", "2026-05-10"),
    ("周五晚上跟同事去 livehouse 看乐队", "livehouse", "2026-05-08"),
    ("星期六去宜家买书架，顺便吃个肉丸。", "书架", "2026-05-09"),
    ("周四参加公司年会", "年会", "2026-05-07"),
])
def test_a_bare_weekday_outing_without_le_is_the_coming_day(text: str, word: str, day: str) -> None:
    found = [f for f in facts(text) if word in f.object]
    assert found and all(f.predicate in ("has_task", "plans_to") and day in f.text for f in found), facts(text)


@pytest.mark.parametrize(("text", "day"), [
    ("周六去爬了香山", "2026-05-02"),
    ("上周六去爬香山了", "2026-05-02"),
])
def test_a_weekday_outing_done_is_the_past_day(text: str, day: str) -> None:
    found = [f for f in facts(text) if "香山" in f.object]
    assert found and all(f.predicate == "visited" and f.valid_from.date().isoformat() == day for f in found), found


@pytest.mark.parametrize("text", ["周末都去公园遛弯", "每周六去奶奶家吃饭", "周六一般去打球"])
def test_a_weekday_habit_is_no_outing_to_come(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate in ("has_task", "plans_to", "visited")], facts(text)


# -- 不用 + an act: needn't do, no thing used (extractor._an_act) ----------------------------------

@pytest.mark.parametrize("text", [
    "从销售转岗到 HR 了，终于不用天天陪客户喝酒。",
    "搬到公司附近了，再也不用挤地铁了",
    "不用每天早起送孩子了，轻松多了",
    "换了组以后不用老是改需求了",
    "总算不用挤公交了",
])
def test_needing_no_longer_to_do_an_act_is_no_thing_used(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "uses"], facts(text)


@pytest.mark.parametrize(("text", "tool"), [("我已经不用钉钉了", "钉钉"), ("现在不用 Windows 了", "Windows"),
                                            ("不用支付宝了，改用微信支付", "微信支付"), ("我不用微信，只用QQ", "QQ")])
def test_a_tool_no_longer_used_is_still_read(text: str, tool: str) -> None:
    assert [f for f in facts(text) if f.predicate in ("uses", "uses_os") and f.object == tool], facts(text)


# -- 往后就/以后就/从此就: the value from now on ---------------------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("考上公务员了，往后就在区税务局上班。", "works_at", "区税务局"),
    ("以后就在税务局上班了", "works_at", "税务局"),
    ("从此就住在杭州了", "lives_in", "杭州"),
    ("我以后就用 Mac 了", "uses_os", "macOS"),
    ("今后就在苏州定居了", "lives_in", "苏州"),
])
def test_a_value_said_from_now_on_is_read(text: str, predicate: str, value: str) -> None:
    assert [f for f in facts(text) if f.predicate == predicate and f.object == value], facts(text)


@pytest.mark.parametrize("text", ["以后要是在上海上班就好了", "你以后就在这儿等我吧", "他以后就在北京上班了"])
def test_from_now_on_wished_asked_or_of_others_is_not_the_users(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate in ("works_at", "lives_in") and f.subject == "user"], facts(text)
