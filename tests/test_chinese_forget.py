"""Chinese forget requests and corrections, through a real memory on a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope
from kronograph.policy.rules import words_in
from kronograph.topics import speaks_of

from .conftest import Clock, file_bytes

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory



def held(mem: Memory) -> str:
    return " ".join([f.object + f.text for f in mem.history(user_id="u1")] + [e.content for e in mem.episodes(user_id="u1")])


# -- a topic is matched by words ---------------------------------------------------------------

@pytest.mark.parametrize(("topic", "text", "meant"), [
    ("狗", "我家那只小狗叫旺财", True),        # a kind of dog
    ("狗", "中午吃了个热狗", False),           # a hot dog is no dog
    ("猫", "去成都看了大熊猫", False),          # nor a panda a cat
    ("抽烟", "我以前每天抽香烟", True),        # an activity reaches its object's kinds
    ("抽烟", "烟台是我老家", False),           # not a word that starts with it
    ("前女友", "我前女友在苏州读研", True),
])
def test_a_chinese_topic_word_is_matched_by_the_words_of_a_text(topic: str, text: str, meant: bool) -> None:
    assert words_in(frozenset({topic}), text, speaks_of) is meant


@pytest.mark.parametrize(("topic", "text", "meant"), [
    ("马", "去年夏天去了趟罗马", False),         # a place named with the character is no kind of it
    ("海", "下周去上海出差", False),
    ("马", "周末去马场骑了一匹白马", True),      # a kind of horse still is one
])
def test_a_place_name_is_no_kind_of_its_last_character(topic: str, text: str, meant: bool) -> None:
    assert words_in(frozenset({topic}), text, speaks_of) is meant


def test_forgetting_a_topic_spares_a_place_named_like_it(mem: Memory) -> None:
    mem.add("我去过罗马。", user_id="u1", reference_time=REFERENCE)
    mem.add("我喜欢骑马。", user_id="u1", reference_time=REFERENCE)
    assert mem.add("忘掉关于马的事。", user_id="u1", reference_time=REFERENCE).forgotten
    assert "罗马" in held(mem) and "骑马" not in held(mem)


def test_english_words_are_still_matched_as_whole_words() -> None:
    assert words_in(frozenset({"cat"}), "my cat is called Tibbles")
    assert not words_in(frozenset({"cat"}), "I work in a category team")


def test_forgetting_a_topic_reaches_its_kinds_and_spares_look_alikes(mem: Memory, db_path: Path) -> None:
    mem.add("我特别喜欢喝黄酒。", user_id="u1", reference_time=REFERENCE)
    mem.add("我在一家酒店做前台。", user_id="u1", reference_time=REFERENCE)
    result = mem.add("喝酒的事你就别记了。", user_id="u1", reference_time=REFERENCE)
    assert result.forgotten
    assert "黄酒" not in held(mem)
    assert "酒店" in held(mem)  # a hotel is not a drink
    mem.close()
    assert "黄酒".encode() not in file_bytes(db_path)


# -- forget requests in more wordings -----------------------------------------------------------

def forget_of(text: str) -> list[tuple[str, str]]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REFERENCE, scope=Scope(user_id="u1"))
    return [(f.predicate, f.object) for f in OfflineExtractor().extract(episode).facts if f.operation.value == "forget"]


@pytest.mark.parametrize(("text", "named"), [
    ("住址那条作废吧。", [("address", "")]),                         # 作废 after what is voided
    ("这句作废。", [("last_message", "")]),                          # the last message voided
    ("我的微信你忘了吧，不想留底。", [("phone", "")]),                # a reason after the request
    ("身高那些记录全删干净。", [("height", "")]),
    ("上次那个座机号你就当没看见。", [("phone", "")]),
    ("之前说到的那个前男友，有关的都清空吧。", [("*", "前男友")]),
    ("工资就别保留了，谢谢。", [("quantity_income", "")]),             # thanks after the request
])
def test_chinese_forget_requests_in_new_wordings(text: str, named: list[tuple[str, str]]) -> None:
    assert forget_of(text) == named


@pytest.mark.parametrize("text", [
    "那份合同作废了。",                     # a contract voided in the world, no memory
    "之前那个方案不算了。",                 # a plan dropped, no record voided
    "上回的考试成绩不算。",
    "这条裙子不算贵。",
    "我忘了带钥匙，不想回去拿。",           # "I forgot", and a wish that is no reason to forget
    "上次那个电影你看过吗？",
])
def test_what_only_looks_like_a_chinese_forget_request_forgets_nothing(text: str) -> None:
    assert forget_of(text) == []


def test_a_field_taken_back_after_a_comma_is_deleted_everywhere(mem: Memory, db_path: Path) -> None:
    mem.add("我住在嘉兴。", user_id="u1", reference_time=REFERENCE)
    mem.add("我喜欢打羽毛球。", user_id="u1", reference_time=REFERENCE)
    result = mem.add("我住哪的那个，你就当没听过吧。", user_id="u1", reference_time=REFERENCE)
    assert result.forgotten
    assert "嘉兴" not in held(mem) and "羽毛球" in held(mem)
    mem.close()
    assert "嘉兴".encode() not in file_bytes(db_path)


def test_a_voided_contract_forgets_nothing(mem: Memory) -> None:
    mem.add("我住在嘉兴。", user_id="u1", reference_time=REFERENCE)
    result = mem.add("那份合同作废了。", user_id="u1", reference_time=REFERENCE)
    assert not result.forgotten and "嘉兴" in held(mem)


def sentences_of(text: str) -> list[str]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REFERENCE, scope=Scope(user_id="u1"))
    return [f.text for f in OfflineExtractor().extract(episode).facts]


def test_a_forgotten_field_is_named_by_the_users_own_word() -> None:
    assert sentences_of("上回给你的护照号码，你删了吧。") == ["用户要求忘掉护照号码"]
    assert sentences_of("我月薪多少那个，别记了。") == ["用户要求忘掉月薪"]
    # asked by a question word, the field keeps its name
    assert sentences_of("我在哪儿住你就别记了。") == ["用户要求忘掉住在哪里"]


# -- corrections said in a contrast --------------------------------------------------------------

def facts_of(text: str) -> list[tuple[str, str, str, str | None]]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REFERENCE, scope=Scope(user_id="u1"))
    return [(f.predicate, f.object, f.operation.value, f.replaces) for f in OfflineExtractor().extract(episode).facts]


@pytest.mark.parametrize(("text", "fact"), [
    ("我修的是统计，不是数学。", ("studies", "统计", "correct", "数学")),
    ("让我过敏的其实是虾，不是蟹。", ("allergic_to", "虾", "correct", "蟹")),
    ("我电脑用的是 Ubuntu，而不是 Windows。", ("uses_os", "Ubuntu", "correct", "Windows")),
])
def test_a_value_stated_beside_the_one_denied_corrects_it(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in facts_of(text)


def test_a_relatives_name_or_surname_said_against_another_corrects_it() -> None:
    assert ("name", "安安", "correct", "宁宁") in facts_of("搞错了，我侄子叫安安，不叫宁宁。")
    assert ("surname", "周", "correct", "吴") in facts_of("我婆婆姓周，不姓吴。")


def test_the_same_forms_said_plainly_correct_nothing() -> None:
    assert not [f for f in facts_of("我修的是统计。") if f[2] == "correct"]
    assert facts_of("他叫什么来着？") == []


def test_a_contrast_correction_retracts_the_wrong_value_and_records_the_right_one(mem: Memory, clock: Clock) -> None:
    mem.add("我在学金融。", user_id="u1", reference_time=REFERENCE)
    before = clock.advance(hours=1)
    clock.advance(hours=1)
    mem.add("记混了，我学的是会计，不是金融。", user_id="u1", reference_time=clock.now)
    wrong = next(f for f in mem.history(user_id="u1") if f.object == "金融")
    assert wrong.status.value == "corrected" and wrong.retracted_at == clock.now
    assert [f.object for f in mem.facts(user_id="u1")] == ["会计"]
    assert [f.object for f in mem.facts(user_id="u1", known_at=before)] == ["金融"]  # what was believed then


@pytest.mark.parametrize(("text", "fact"), [
    ("我住在无锡，刚才写成常州了。", ("lives_in", "无锡", "correct", "常州")),          # the wrong value said before
    ("我开的是理想，前面写的蔚来不对。", ("drives", "理想", "correct", "蔚来")),
    ("我不是前台，我是做财务的。", ("job_title", "财务", "correct", "前台")),            # a job said as 做…的
    ("更正一下，我们单位叫蓝鲸网络，不叫蓝海网络。", ("works_at", "蓝鲸网络", "correct", "蓝海网络")),
    ("搞错了，我今年二十九，不是二十八。", ("age", "29", "correct", "28")),            # the age replaced as a number
    ("我的车是领克 03，不是领克 01。", ("drives", "领克03", "correct", "领克01")),
])
def test_the_wrong_value_is_named_however_the_correction_says_it(text: str, fact: tuple[str, str, str, str]) -> None:
    assert fact in facts_of(text)


@pytest.mark.parametrize("text", ["这道题我算错了。", "我是做 App 的。", "我们公司叫什么来着？", "我上的是夜班，不是白班。"])
def test_no_correction_without_a_value_corrected(text: str) -> None:
    assert not [f for f in facts_of(text) if f[2] == "correct"]


def test_a_date_typed_with_spaces_is_a_date_and_a_corrected_birthday_keeps_it() -> None:
    from kronograph.extraction.zh.timeexpr import find_times

    (when,) = find_times("我 2024 年 11 月 2 号入职的", reference=REFERENCE)
    assert when.start is not None and when.start.date().isoformat() == "2024-11-02"
    assert find_times("这 12 个人都到了", reference=REFERENCE) == []
    assert ("birthday", "2月14号", "correct", None) in facts_of("更正一下，我生日是 2 月 14 号。")


def conversation_facts(messages: list[dict[str, str]]) -> list[tuple[str, str, str, str | None]]:
    episode = EpisodeInput(turns=[Turn(**m) for m in messages], reference_time=REFERENCE, scope=Scope(user_id="u1"))
    return [(f.predicate, f.object, f.operation.value, f.replaces) for f in OfflineExtractor().extract(episode).facts]


def test_a_correction_of_what_the_assistant_restated_replaces_that_value() -> None:
    said = conversation_facts([{"role": "assistant", "content": "你住在厦门，是吗？"},
                               {"role": "user", "content": "说错了，是泉州。"}])
    assert ("lives_in", "泉州", "correct", "厦门") in said


def test_an_assistants_question_is_never_stored_as_the_users_fact() -> None:
    said = conversation_facts([{"role": "assistant", "content": "你住在厦门，是吗？"},
                               {"role": "user", "content": "好的，谢谢。"}])
    assert said == []


def test_a_bare_corrected_name_is_the_name_said_before_and_never_the_users() -> None:
    said = conversation_facts([{"role": "user", "content": "我外甥女叫糖糖。"},
                               {"role": "user", "content": "写错了，叫果果。"}])
    assert ("name", "果果", "correct", "糖糖") in said
    assert not [f for f in conversation_facts([{"role": "user", "content": "我在无锡上班。"},
                                               {"role": "user", "content": "不对，叫果果。"}]) if f[0] == "name"]


def test_the_work_city_and_the_pet_said_in_a_correction() -> None:
    assert ("works_in", "苏州", "correct", None) in facts_of("刚才说错了，工作的城市是苏州。")
    assert ("has_pet", "金毛", "correct", "拉布拉多") in facts_of("我家这条狗是金毛，不是拉布拉多。")
    assert facts_of("工作的城市是苏州吗？") == []


def test_a_statement_denied_whole_is_replaced_by_the_value_after_it() -> None:
    assert ("has", "四条鱼", "correct", "三条鱼") in facts_of("不是养了三条鱼，是四条。")
    assert ("lives_in", "南山", "correct", "福田") in facts_of("不是住在福田，是南山。")
    assert facts_of("不是很想去，算了吧。") == []


def test_a_bare_place_corrects_the_place_slot_the_assistant_restated_not_the_home() -> None:
    said = conversation_facts([{"role": "assistant", "content": "你是在无锡上班，对吧？"},
                               {"role": "user", "content": "不对，是常州。"}])
    assert [(p, o, op, r) for p, o, op, r in said if o == "常州"] == [("works_at", "常州", "correct", "无锡")], said


def test_a_bare_place_after_a_restated_home_still_corrects_the_home() -> None:
    said = conversation_facts([{"role": "assistant", "content": "你是住在无锡，对吧？"},
                               {"role": "user", "content": "不对，是常州。"}])
    assert ("lives_in", "常州", "correct", "无锡") in said
