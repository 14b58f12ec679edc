"""Chinese grants named as approved, test findings after a report, names said after a relation, slips
owned up to beside a private value, and forget requests of a topic "全部": wordings written for this file
(round 34, room zhb), with controls that must store nothing of the kind."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

from .conftest import Clock

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
_EXTRACTOR = OfflineExtractor()


def facts(text: str) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                           scope=Scope(user_id="u1"))).facts


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory


# -- grants ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("转正批下来了", "转正"),
    ("我的调岗申请通过了。", "调岗"),                          # anything asked for by 申请
    ("出国交流的名额批下来了！", "名额"),
    ("专利授权下来了", "专利"),
    ("奖学金终于评下来了。", "奖学金"),
    ("移民申请批下来了，九月就能登陆加拿大。", "移民"),          # the grant, not a move read from 移民
    ("房子的贷款审批通过了，下周就能签合同。", "贷款"),          # a grant of its own stays beside a plan
    ("年假终于批了", "年假"),
    ("房子过户手续办完了。", "过户"),
])
def test_a_grant_named_as_approved_is_a_firm_fact(text: str, thing: str) -> None:
    found = [f for f in facts(text) if f.predicate == "obtained" and thing in f.object]
    assert found and not found[0].hedged and found[0].subject == "user", facts(text)


@pytest.mark.parametrize(("text", "employer"), [
    ("腾讯的 offer 到了，六月一号入职。", "腾讯"),
    ("正式拿到 Google 的 offer 了，下个月入职。", "Google"),
])
def test_an_offer_of_an_employer_is_the_planned_start_it_confirms(text: str, employer: str) -> None:
    assert [(f.predicate, f.object, f.hedged) for f in facts(text)] == [("planned_works_at", employer, False)], facts(text)


@pytest.mark.parametrize("text", [
    "新闻说那家公司的上市申请被驳回了。",      # news, denied
    "签证还没批下来，急死了。",               # not yet
    "如果签证下来的话我就去日本玩。",           # a hypothetical
    "他的申请通过了。",                      # someone else's
    "项目申请通过了吗？",                    # a question
    "快递到了。",                           # no grant
    "天黑下来了。",
    "入职手续办好了，我下周一去字节上班。",      # a step: the job is the fact
    "签证下来了，下个月去东京。",              # a bare grant only confirms the plan
    "年假批了，下周去云南。",
    "调令下来了，下个月去广州。",
])
def test_what_is_no_grant_of_the_users_obtains_nothing(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "obtained" and f.subject == "user"], facts(text)


def test_a_grant_is_kept_as_a_firm_fact(mem: Memory) -> None:
    mem.add("转正申请批下来了。", user_id="u1", reference_time=REFERENCE)
    assert [(f.predicate, f.object) for f in mem.history(user_id="u1")] == [("obtained", "转正")]


# -- findings -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "finding", "subject"), [
    ("穿刺结果出来了，是良性的，放心了。", "良性", "user"),
    ("化验单出来了，甲流阳性，难怪烧成这样。", "甲流阳性", "user"),
    ("复查结果出来了，肺上那个结节确定是良性。", "结节良性", "user"),
    ("活检报告出来了，良性", "良性", "user"),
    ("核酸结果出来了，阴性。", "阴性", "user"),
    ("我爸的病理报告出来了，是良性的", "良性", "user's father"),
])
def test_the_finding_a_report_told_is_a_firm_health_detail(text: str, finding: str, subject: str) -> None:
    found = [f for f in facts(text) if f.predicate == "test_result"]
    assert [(f.object, f.subject, f.sensitive_kind, f.hedged) for f in found] == [(finding, subject, "health", False)], facts(text)


@pytest.mark.parametrize("text", [
    "医生说可能是良性的。",                   # a guess, no report
    "这个股票是良性调整。",
    "他说是阳性的吗？",
    "结果还没出来，等着吧。",
    "病理结果出来，是个良性的纤维瘤。",         # the diagnosis named is the fact
    "是良性的。",                            # no report before it
])
def test_what_is_no_reported_finding_stores_none(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "test_result"], facts(text)


# -- names after a relation -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name", "word"), [
    ("我儿子豆豆今年上幼儿园大班了", "豆豆", "大班"),
    ("我闺蜜阿May下个月结婚，我给她当伴娘。", "阿May", "结婚"),
    ("我女儿朵朵喜欢画画", "朵朵", "画画"),
    ("我同事 阿 Ken 在微软上班", "阿Ken", "微软"),
    ("我室友阿杰在读博，研究机器人", "阿杰", "机器人"),       # the clause after it is about the roommate too
])
def test_a_name_after_a_relation_is_who_the_fact_is_of(text: str, name: str, word: str) -> None:
    found = facts(text)
    assert any(f.subject == name and word in f.object for f in found), found
    assert not [f for f in found if f.subject == "user" and word in f.object], found


@pytest.mark.parametrize(("text", "subject"), [
    ("我儿子天天玩游戏", "user's son"),                    # a doubled adverb is no name
    ("我妈妈喜欢跳舞", "user's mother"),
    ("我室友在读博，研究机器人", "user's roommate"),
])
def test_a_doubled_word_after_a_relation_is_no_name(text: str, subject: str) -> None:
    assert facts(text) and all(f.subject == subject for f in facts(text)), facts(text)


# -- slips owned up to ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "sorry 刚才手滑，我的邮箱应该是 wang.lei@qq.com",
    "刚给的邮箱少打了个点，正确的是 zhou.min@example.com。",
    "sorry 我邮箱写错了一个字母，应该是 lin.yue@163.com",
])
def test_a_private_value_given_beside_a_slip_corrects(text: str) -> None:
    assert [f.operation for f in facts(text) if f.sensitive_kind == "email"] == [Operation.correct], facts(text)


@pytest.mark.parametrize("text", [
    "我的邮箱是 wang.lei@qq.com",
    "手滑点了个赞，尴尬",
    "我经常手滑买东西",
    "正确的做法是先备份",
])
def test_no_slip_owned_up_to_corrects_nothing(text: str) -> None:
    assert not [f for f in facts(text) if f.operation is Operation.correct], facts(text)


def test_a_time_given_in_a_correction_corrects_the_time_said_before() -> None:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content="我生日是 11 月 3 号。"),
                                                   Turn(role="user", content="啊手滑了，是 11 月 13 号。")],
                                            reference_time=REFERENCE, scope=Scope(user_id="u1"))).facts
    assert [(f.predicate, f.object, f.operation, f.replaces) for f in found if f.operation is Operation.correct] == [
        ("birthday", "11月13号", Operation.correct, "11月3号")], found


def test_a_time_in_a_correction_corrects_no_value_that_was_no_time() -> None:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content="我喜欢猫。"),
                                                   Turn(role="user", content="说错了，是周四。")],
                                            reference_time=REFERENCE, scope=Scope(user_id="u1"))).facts
    assert not [f for f in found if f.operation is Operation.correct], found


# -- forget requests ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "topic"), [
    ("麻烦把我前男友的事全部清除", "前男友"),
    ("把我家孩子的信息全部删掉", "孩子"),
    ("我前任的事都删了吧", "前任"),
])
def test_all_of_a_topic_forgets_that_topic_only(text: str, topic: str) -> None:
    assert [(f.predicate, f.object) for f in facts(text) if f.operation is Operation.forget] == [("*", topic)], facts(text)


@pytest.mark.parametrize("text", ["我老是忘记带钥匙，烦死了。", "今天堵车堵了一小时，烦透了！", "天天加班，累死了"])
def test_how_much_a_feeling_is_felt_names_no_dislike(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "dislikes"], facts(text)


@pytest.mark.parametrize("text", [
    "你能忘掉一件事吗？我很好奇 AI 怎么遗忘的。",
    "忘掉一些事，人才能往前走。",
    "我老是忘记带钥匙。",
    "电影《忘掉》挺好看的。",
])
def test_forgetting_nothing_named_is_no_request(text: str) -> None:
    assert not [f for f in facts(text) if f.operation is Operation.forget], facts(text)


@pytest.mark.parametrize(("text", "field"), [
    ("学校名字别记了", "studies_at"),                       # the name of a school is the field it fills
    ("公司名字别存了，怕泄露。", "works_at"),
    ("我在哪家医院上班，这条请删除。", "works_at"),           # 这条 and 请 before the verb
    ("把我在哪工作的信息删了，单位要求保密。", "works_at"),     # the reason after it
    ("我在哪所大学读书，这个别存了", "studies_at"),
    ("微信密码那些都删掉", "credential"),                    # fields, then the verb, with no comma
])
def test_a_field_named_in_a_forget_request_is_forgotten(text: str, field: str) -> None:
    assert [f.predicate for f in facts(text) if f.operation is Operation.forget] == [field], facts(text)


def test_not_bringing_a_topic_up_and_not_keeping_it_forgets_the_topic() -> None:
    found = facts("我和前女友的那些事，以后别提也别记。")
    assert [(f.predicate, f.object) for f in found if f.operation is Operation.forget] == [("*", "前女友")], found


@pytest.mark.parametrize("text", ["密码都删了", "我把手机号删了", "手机里的照片都删了", "照片都删了吧", "以后别提这事了", "别提了，烦"])
def test_a_deletion_told_or_a_topic_dropped_is_no_request(text: str) -> None:
    assert not [f for f in facts(text) if f.operation is Operation.forget], facts(text)


@pytest.mark.parametrize(("text", "subject", "word"), [
    ("我妹妹这人不爱运动。", "user's sister", "运动"),
    ("我老公这个人挺喜欢安静的。", "user's husband", "安静"),
    ("我哥这人呢，就是爱喝酒", "user's brother", "酒"),
])
def test_a_relative_said_with_zhe_ren_is_who_the_rule_is_of(text: str, subject: str, word: str) -> None:
    assert any(f.subject == subject and word in f.object for f in facts(text)), facts(text)
