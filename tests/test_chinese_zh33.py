"""Chinese corrections of a value said of any topic beside a denial, reminders asked for as tasks,
consequence clauses that state nothing, pastimes and gigs dropped with the thing named first, paid
plans switched off, and strong guesses about an act kept hedged: wordings written for this file
(round 33, room zha), with controls that must store nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday
_EXTRACTOR = OfflineExtractor()


def facts(*turns: str) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=t) for t in turns], reference_time=REFERENCE,
                                           scope=Scope(user_id="u1"))).facts


# -- corrections: "(topic) 是/叫/在 V，不是/不叫/不在 W" (correction.stated_detail) ---------------------

@pytest.mark.parametrize(("text", "right", "wrong"), [
    ("说错了，我妈是属猴的，不是属鸡。", "猴", None),
    ("口误哈，我们家兔子叫团团，不叫圆圆。", "团团", "圆圆"),
    ("更正：我的邮编是 518057，不是 518075。", "518057", None),
    ("记错了，我闺女是十二月生的，不是十一月。", "十二月", None),
    ("不对不对，我们办公室在漕河泾，不在张江。", "漕河泾", "张江"),
    ("打错字了，我的昵称是小鹿乱撞，不是小鹿快跑。", "小鹿乱撞", None),
])
def test_a_value_said_of_a_topic_beside_a_denial_is_the_corrected_value(text: str, right: str, wrong: str | None) -> None:
    found = facts(text)
    hit = [f for f in found if right in f.object and f.operation is Operation.correct]
    assert hit, found
    if wrong is not None:
        assert hit[0].replaces == wrong, found
    assert all(not f.object.startswith("属") or right in f.object for f in found), found  # the denied value is no fact


def test_a_pet_named_in_a_correction_is_the_pets_name() -> None:
    found = facts("口误，我家狗叫旺财，不叫来福。")
    assert [(f.subject, f.predicate, f.object) for f in found] == [("user's 狗", "name", "旺财")], found


@pytest.mark.parametrize("text", [
    "我是属马的，今年应该三十六，前面说三十五是算错了。",  # the age is corrected; the zodiac is only said
    "哦我说反了，我喜欢的是狗，怕的是猫。",  # a feeling's cleft, no topic's value
    "刚才说错了，不好意思。",
    "我觉得是这样，不是你想的那样。",
])
def test_a_topic_value_without_a_denial_beside_it_or_of_a_feeling_is_not_read_as_a_detail(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate in ("detail", "zodiac")], facts(text)


# -- tasks: a reminder asked for; a consequence clause -------------------------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("提醒我明天去拿干洗的衣服。", "衣服"),
    ("记得提醒我明天给物业交停车费。", "停车费"),
    ("别忘了提醒我明天还图书馆的书。", "书"),
    ("明天提醒我去缴燃气费。", "燃气费"),
])
def test_a_reminder_asked_for_is_a_task_of_that_day(text: str, word: str) -> None:
    tasks = [f for f in facts(text) if f.predicate == "has_task" and word in f.object]
    assert tasks and tasks[0].memory_type is MemoryType.task, facts(text)
    assert tasks[0].task_until is not None and tasks[0].task_until.date().isoformat() == "2026-05-08", tasks


def test_a_reminder_of_something_said_is_no_task() -> None:
    assert facts("提醒我一下你刚才说的那个网站。") == []


@pytest.mark.parametrize(("text", "word"), [
    ("今天得把体检预约了，不然又要排到下个月。", "体检"),
    ("明天要去续签证，否则下周走不了。", "签证"),
    ("这周得把车险续上，要不然就脱保了。", "车险"),
    ("今晚得把材料交了，免得明天又被催。", "材料"),
])
def test_a_consequence_clause_states_nothing_and_corrects_nothing(text: str, word: str) -> None:
    found = facts(text)
    assert [f.object for f in found if f.predicate == "has_task" and word in f.object], found
    assert all(f.operation is not Operation.correct and not f.replaces for f in found), found
    assert all(word in f.object for f in found), found  # nothing read from the consequence


# -- endings: "X 我不 V 了" with the verb as data; paid plans switched off -------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("羽毛球我不打了，肩膀疼。", "羽毛球"),
    ("夜跑团我不跑了，太晚回家。", "夜跑团"),
    ("网约车我不开了，平台抽成太狠。", "网约车"),
    ("拉丁舞我已经不跳了，膝盖不行。", "拉丁舞"),
    ("那个自动续费我关掉了，省得忘。", "自动续费"),
    ("我不再兼职做翻译了，太占时间。", "翻译"),
])
def test_a_thing_named_before_the_verb_that_stops_it_ends(text: str, word: str) -> None:
    assert any(word in f.object and f.operation is Operation.end for f in facts(text)), facts(text)


@pytest.mark.parametrize("text", [
    "今天羽毛球不打了，下雨。",
    "今晚健身房不去了，太累。",
    "明天的瑜伽课不上了，有事。",
])
def test_a_thing_skipped_on_one_day_ends_nothing(text: str) -> None:
    assert not [f for f in facts(text) if f.operation is Operation.end], facts(text)


# -- hedges: a strong guess about an act (guesses.guessed_act) ------------------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("说不定暑假不回老家了，机票太贵。", "老家"),
    ("搞不好要把摩托车卖了，没地方停。", "摩托车"),
    ("maybe 换个 iPad 吧，旧的太卡了。", "iPad"),
    ("没准年底去考个教师资格证。", "教师资格证"),
])
def test_a_strongly_hedged_act_is_kept_as_a_hedged_plan(text: str, word: str) -> None:
    found = [f for f in facts(text) if word in f.object]
    assert found and all(f.hedged and f.memory_type is MemoryType.hypothesis for f in found), facts(text)


@pytest.mark.parametrize("text", [
    "说不定吧，看情况。",
    "可能是我想多了。",
    "也许明天会下雨。",
    "说不定他会来。",
])
def test_a_hedge_with_no_act_of_the_users_stores_nothing(text: str) -> None:
    assert facts(text) == []


# -- a relative's level out of range, guessed; work with 把 on a day to come ---------------------

@pytest.mark.parametrize(("text", "who", "word"), [
    ("我爸好像血脂有点高，得让他少吃肥肉。", "user's father", "血脂"),
    ("我妈估计尿酸偏高，脚老疼。", "user's mother", "尿酸"),
])
def test_a_relatives_level_said_to_be_high_is_a_hedged_health_detail_of_theirs(text: str, who: str, word: str) -> None:
    found = [f for f in facts(text) if word in f.object]
    assert found and found[0].subject == who and found[0].hedged and found[0].sensitive_kind == "health", facts(text)


def test_a_level_said_to_be_steady_is_no_health_detail() -> None:
    assert not [f for f in facts("我血压一直挺平稳的。") if f.sensitive_kind == "health"]


@pytest.mark.parametrize(("text", "word"), [
    ("明天把报销单交给财务。", "报销单"),
    ("后天把车开去保养。", "保养"),
])
def test_work_with_ba_on_a_day_to_come_is_a_task(text: str, word: str) -> None:
    assert [f for f in facts(text) if f.predicate == "has_task" and word in f.object], facts(text)


def test_work_with_ba_done_yesterday_is_no_task() -> None:
    assert not [f for f in facts("昨天把报销单交给财务了。") if f.predicate == "has_task"]


@pytest.mark.parametrize(("text", "word"), [
    ("大夫让我把安眠药停了。", "安眠药"),
    ("复查结果不错，医生同意我把激素停掉了。", "激素"),
    ("健身房的 membership 到期了，没续。", "membership"),
])
def test_a_medicine_stopped_on_a_doctors_word_or_a_membership_let_lapse_ends(text: str, word: str) -> None:
    assert any(word in f.object and f.operation is Operation.end for f in facts(text)), facts(text)


def test_someone_elses_word_to_stop_a_plan_is_no_ending_of_the_users() -> None:
    assert not [f for f in facts("领导让我把方案停了。") if f.operation is Operation.end]
