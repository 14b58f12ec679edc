"""Chinese review bugs and forget coverage (round 26): verbs read as words, reported speech, collectives,
durations, longings, a relative's diagnosis, forget requests by topic and "当我没说".
Every sentence here is written for this file (none is an evaluation row)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.candidates import FORGET_LAST_MESSAGE, CandidateFact
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.zh.extractor import ChineseExtractor
from kronograph.model import Scope

from .reading import zh_facts as _facts
from .reading import zh_read as _read

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday




@pytest.mark.parametrize(("text", "place"), [
    ("在厦门已经住了四年了。", "厦门"),
    ("我在洛阳一直住了一年半。", "洛阳"),
    ("住在临平快两年了。", "临平"),
])
def test_how_long_one_has_lived_somewhere_is_no_part_of_the_place(text: str, place: str) -> None:
    assert _read(text) == [("user", "lives_in", place)]


@pytest.mark.parametrize("text", ["在三亚住了五天，天天看海。", "住在这边快八年了。"])
def test_a_stay_of_days_or_a_duration_alone_is_no_home(text: str) -> None:
    assert not any(p == "lives_in" for _, p, _ in _read(text))


@pytest.mark.parametrize("text", [
    "我外婆住院了，在人民医院。",  # 住 of 住院 makes no "在…" a home
    "今晚又要加班，烦死了。",  # 加 of 加班 joins nothing
    "鞋子退货了，尺码不对。",  # 退 of 退货 leaves nothing
])
def test_a_verb_inside_a_longer_word_is_not_that_verb(text: str) -> None:
    assert not any(p in ("lives_in", "member_of") for _, p, _ in _read(text))


def test_the_short_verb_as_a_word_of_its_own_still_reads() -> None:
    assert _read("加了个摄影群。") == [("user", "member_of", "摄影群")]
    assert _read("搬家了，在九堡。") == [("user", "lives_in", "九堡")]


@pytest.mark.parametrize("text", [
    "奶奶说我三岁前住在外婆家。",
    "听说楼下那家店要搬到城西。",
    "室友跟我说他要搬去成都。",
    "小刘讲他下个月要去深圳上班。",
])
def test_someone_elses_words_are_not_the_users(text: str) -> None:
    assert _read(text) == []


@pytest.mark.parametrize("text", ["我们单位搬到了高新区。", "我们项目组下个月要迁到苏州。"])
def test_a_workplace_moving_is_no_move_of_the_user(text: str) -> None:
    assert not any(p in ("lives_in", "planned_lives_in") for _, p, _ in _read(text))


def test_a_collective_says_where_the_user_works_or_studies_and_a_family_where_they_live() -> None:
    assert _read("我们组在深圳。") == [("user", "works_at", "深圳")]
    assert _read("我们学校在湛江。") == [("user", "studies_at", "湛江")]
    assert _read("我们一家搬到了佛山。") == [("user", "lives_in", "佛山")]


@pytest.mark.parametrize("text", ["太想跳槽了。", "好想辞职啊。", "真甜，不喜欢。", "挺烦的，又加班。"])
def test_a_comment_opened_by_a_degree_word_states_nothing(text: str) -> None:
    assert _read(text) == []


def test_the_diagnosis_of_a_named_relative_is_theirs_and_kept_as_health() -> None:
    (fact,) = _facts("我岳父查出了冠心病。")
    assert (fact.subject, fact.predicate, fact.sensitive_kind) == ("user's father-in-law", "medical_condition", "health")
    (own,) = _facts("我确诊了鼻炎。")
    assert (own.subject, own.sensitive_kind) == ("user", "health")


@pytest.mark.parametrize(("text", "topic"), [
    ("关于我前妻的事都别记了。", "前妻"),
    ("麻烦帮我把有关我表哥的内容删掉。", "表哥"),
    ("我家狗狗的那些信息，统统清掉。", "狗狗"),
    ("忘掉我说过我有偏头痛。", "偏头痛"),  # a diagnosis named to be forgotten is no diagnosis told
])
def test_a_forget_request_by_topic_names_the_topic_never_everything(text: str, topic: str) -> None:
    (fact,) = _facts(text)
    assert (fact.operation.value, fact.predicate, fact.object) == ("forget", "*", topic)


@pytest.mark.parametrize(("text", "predicate"), [
    ("删除我所有的信息。", "*"),
    ("我的邮箱地址不用记，删了就行。", "email"),
    ("我报过的护照号，麻烦从记录里抹掉。", "identity_number"),
])
def test_a_forget_request_by_field_or_for_everything_keeps_its_slot(text: str, predicate: str) -> None:
    (fact,) = _facts(text)
    assert (fact.operation.value, fact.predicate, fact.object) == ("forget", predicate, "")


@pytest.mark.parametrize("text", ["就当我没说过。", "刚才那段作废。", "我收回刚刚那句话。", "忽略我刚才发的。"])
def test_taking_back_the_last_message(text: str) -> None:
    (fact,) = _facts(text)
    assert (fact.operation.value, fact.predicate) == ("forget", FORGET_LAST_MESSAGE)


@pytest.mark.parametrize("text", ["这双鞋不算贵。", "我刚才去了趟超市。"])
def test_no_take_back_without_one(text: str) -> None:
    assert not any(f.operation.value == "forget" for f in _facts(text))


def _turns(*texts: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=t) for t in texts], reference_time=REFERENCE, scope=Scope(user_id="u"))
    return ChineseExtractor().extract(episode).facts


@pytest.mark.parametrize(("first", "then", "subject", "predicate", "new", "old"), [
    ("我在携程上班。", "说错了，是同程。", "user", "works_at", "同程", "携程"),
    ("我住在嘉兴。", "不对，是湖州。", "user", "lives_in", "湖州", "嘉兴"),
    ("我儿子在读初一。", "不对不对，是初二。", "user's son", "current_education", "初二", "初一"),
])
def test_a_correction_naming_only_the_new_value_corrects_the_value_said_before(
        first: str, then: str, subject: str, predicate: str, new: str, old: str) -> None:
    corrected = [f for f in _turns(first, then) if f.operation.value == "correct"]
    assert [(f.subject, f.predicate, f.object, f.replaces) for f in corrected] == [(subject, predicate, new, old)]


def test_a_bare_value_without_a_correction_cue_corrects_nothing() -> None:
    assert not any(f.operation.value == "correct" for f in _turns("我在携程上班。", "是同程的客户。"))


@pytest.mark.parametrize(("text", "job"), [("那份保洁我不干了。", "保洁"), ("超市那份兼职我已经辞了。", "超市")])
def test_a_job_named_by_what_it_is_ends(text: str, job: str) -> None:
    (fact,) = _facts(text)
    assert (fact.predicate, fact.object, fact.operation.value) == ("job_title", job, "end")


@pytest.mark.parametrize("text", ["把这行代码删掉。", "帮我把第二段删了。", "删掉上面那句。", "帮我润色一下这段。"])
def test_edit_requests_store_nothing(text: str) -> None:
    assert _facts(text) == []


def test_a_reminder_request_is_the_users_task_as_in_english() -> None:
    # "Remind me to pay the water bill on Friday" is a task in English; the errand asked to be reminded of is the user's
    assert [(f.predicate, f.object) for f in _facts("提醒我周五交水费。")] == [("has_task", "交水费")]


@pytest.mark.parametrize(("text", "who"), [("我和小雨分手了。", "小雨"), ("跟Kevin分手快一年了。", "Kevin"), ("我和周宁分手了。", "周宁")])
def test_a_breakup_with_a_named_partner_ends_that_partner(text: str, who: str) -> None:
    (fact,) = _facts(text)
    assert (fact.predicate, fact.object, fact.operation.value) == ("partner", who, "end")


def test_a_breakup_with_an_unnamed_partner_is_single_and_a_flatmate_split_nothing() -> None:
    # the partner named by the word for one ends too (zh dev6, test15, test16 label it so)
    assert _read("我跟男朋友分开了。") == [("user", "partner", "男朋友"), ("user", "relationship_status", "single")]
    assert _read("和舍友分了。") == []


@pytest.mark.parametrize(("text", "condition"), [
    ("结果出来了，确实是胆结石。", "胆结石"),
    ("复查完，确定是荨麻疹。", "荨麻疹"),
    ("大夫说就是肩周炎。", "肩周炎"),
])
def test_a_confirmed_finding_is_a_health_detail(text: str, condition: str) -> None:
    (fact,) = _facts(text)
    assert (fact.object, fact.sensitive_kind, fact.hedged) == (condition, "health", False)


@pytest.mark.parametrize("text", ["确实是这家店的面好吃。", "我确定是下周走。"])
def test_a_confirmation_without_a_condition_is_no_health_detail(text: str) -> None:
    assert not any(f.sensitive_kind == "health" for f in _facts(text))


@pytest.mark.parametrize(("text", "subject", "act"), [
    ("我姥爷每天去河边钓鱼。", "user's grandfather", "河边钓鱼"),
    ("我姐每周末都去练攀岩。", "user's sister", "练攀岩"),
])
def test_a_relatives_routine_is_theirs(text: str, subject: str, act: str) -> None:
    assert (subject, "activity", act) in _read(text)


@pytest.mark.parametrize("text", ["我每天吃药。", "我哥每天都不想上班。", "我妈每天都很忙。"])
def test_no_routine_from_the_users_own_chores_a_denial_or_a_state(text: str) -> None:
    assert not any(p == "activity" for _, p, _ in _read(text))


@pytest.mark.parametrize(("text", "liked"), [("臭豆腐真香。", "臭豆腐"), ("香菜我现在是真香了。", "香菜")])
def test_zhen_xiang_is_a_liking_won_over(text: str, liked: str) -> None:
    assert _read(text) == [("user", "likes", liked)]


def test_a_weight_change_is_no_weight_but_a_weight_reached_is() -> None:
    assert _read("过年胖了三斤。") == []
    assert _read("我瘦到六十公斤了。") == [("user", "weighs", "六十公斤")]


@pytest.mark.parametrize(("text", "condition"), [("我可能得了肩周炎。", "肩周炎"), ("感觉有点近视了。", "近视")])
def test_a_condition_caught_is_a_health_detail_kept_uncertain_when_hedged(text: str, condition: str) -> None:
    (fact,) = _facts(text)
    assert (fact.object, fact.sensitive_kind, fact.hedged) == (condition, "health", True)
