"""Chinese addresses with the building after the street number, errands to places on a named day,
and matters settled, ended, hedged, corrected or forgotten in new wordings. Real jieba; every
sentence is written for this file (none is an evaluation row)."""

from __future__ import annotations

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.zh.extractor import ChineseExtractor
from kronograph.model import MemoryType, Scope
from kronograph.sensitive import find_sensitive, redact

from .reading import ZH_REF
from .reading import zh_facts as _facts


@pytest.mark.parametrize(("text", "address"), [
    ("收件地址：南京市鼓楼区中山北路 200 号金鹰大厦 A 座 1808", "南京市鼓楼区中山北路 200 号金鹰大厦 A 座 1808"),
    ("我住杭州市西湖区文三路 90 号东部软件园5号楼302", "杭州市西湖区文三路 90 号东部软件园5号楼302"),
    ("快递寄到深圳市南山区高新南七道 18 号滨海大厦B座12楼", "深圳市南山区高新南七道 18 号滨海大厦B座12楼"),
    ("我家在上海市浦东新区张杨路 500 号时代广场 3 栋 2 单元 1201", "上海市浦东新区张杨路 500 号时代广场 3 栋 2 单元 1201"),
    ("寄到武汉市洪山区珞喻路 1037 号华中科大东十二楼 305 室吧", "武汉市洪山区珞喻路 1037 号华中科大东十二楼 305 室"),
    ("地址是北京市朝阳区建国路88号SOHO现代城C座2105", "北京市朝阳区建国路88号SOHO现代城C座2105"),
])
def test_the_building_and_room_after_the_street_number_belong_to_the_address(text: str, address: str) -> None:
    found = [f for f in find_sensitive(text) if f.kind == "address"]
    assert [text[f.start:f.end] for f in found][:1] == [address]
    assert address not in redact(text)[0]


@pytest.mark.parametrize("text", ["会议在 2 号楼 3 层开", "这件衣服 299 元，买了 3 件", "订单号 20260506 已经发货了",
                                  "A 座电梯坏了", "我们在 3 号楼碰头"])
def test_a_building_without_a_room_or_plain_numbers_are_no_address(text: str) -> None:
    assert [f.kind for f in find_sensitive(text) if f.kind == "address"] == []


@pytest.mark.parametrize(("text", "words"), [
    ("今天要去银行把卡挂失了", "挂失"),
    ("今晚得去超市把菜买了", "超市"),
    ("今天得去趟医院把药拿了", "药"),
    ("明天去车管所换证", "车管所"),
    ("明早去4S店取车", "取车"),
    ("下午去邮局寄个快递", "快递"),
])
def test_a_place_to_go_to_on_a_named_day_is_an_errand(text: str, words: str) -> None:
    tasks = [f for f in _facts(text) if f.predicate == "has_task"]
    assert tasks and words in tasks[0].object and tasks[0].memory_type is MemoryType.task
    assert not any(f.predicate == "visited" for f in _facts(text))


@pytest.mark.parametrize("text", ["今天去了趟银行", "昨天去医院复查了", "明天去北京"])
def test_a_trip_done_or_without_an_errand_is_no_task(text: str) -> None:
    assert not any(f.predicate == "has_task" for f in _facts(text))


@pytest.mark.parametrize(("text", "member"), [
    ("网易云的黑胶会员到期后就没续了", "黑胶会员"),
    ("健身卡到期了我就没再续", "健身卡"),
    ("把 ChatGPT Plus 停了", "ChatGPT Plus"),
    ("Spotify 的订阅我取消了", "Spotify"),
    ("瑜伽馆的年卡已经停了", "年卡"),
])
def test_a_membership_let_lapse_or_cancelled_ends(text: str, member: str) -> None:
    ends = [f for f in _facts(text) if f.operation.value == "end"]
    assert [f.predicate for f in ends] == ["member_of"] and member in ends[0].object


@pytest.mark.parametrize("text", ["会员卡还没到期", "订阅我还没续", "我刚续了一年的会员"])
def test_a_membership_still_running_does_not_end(text: str) -> None:
    assert not any(f.operation.value == "end" for f in _facts(text))


@pytest.mark.parametrize("text", ["羽毛球馆我不去了，以后不去了", "篮球我不打了，跑不动了", "那个社团我退了，时间总是对不上"])
def test_a_time_word_or_an_inability_is_no_thing_ended(text: str) -> None:
    objects = [f.object for f in _facts(text) if f.operation.value == "end"]
    assert objects and not any(o in ("以后", "跑不动", "时间总是对") or "不" in o for o in objects)


@pytest.mark.parametrize(("text", "value"), [
    ("我觉得自己对猫毛有点过敏，不太确定", "猫毛"),
    ("下半年应该调去西安分公司，目前还在谈", "西安"),
    ("我对头孢过敏，不过还没去查", "头孢"),
])
def test_a_doubt_said_after_the_statement_hedges_it(text: str, value: str) -> None:
    found = [f for f in _facts(text) if value in f.object]
    assert found and all(f.hedged for f in found)
    assert not any(f.object == "谈" or "查" in f.object for f in _facts(text))


@pytest.mark.parametrize(("text", "city"), [
    ("说不定过两年搬去别的城市，像成都", "成都"),
    ("我可能会搬到我爸妈那边，在绍兴", "绍兴"),
    ("也许过几年换个地方生活，比如大理", "大理"),
])
def test_a_place_named_after_a_home_left_unnamed_is_the_home_meant(text: str, city: str) -> None:
    homes = [f for f in _facts(text) if f.predicate in ("lives_in", "planned_lives_in")]
    assert [f.object for f in homes] == [city] and homes[0].hedged


def test_an_example_that_is_no_place_names_no_home() -> None:
    assert not any(f.object == "吃饭很方便" for f in _facts("我可能搬去公司那边，比如说吃饭很方便"))


def _reply(question: str, answer: str, before: str | None = None) -> list:
    turns = ([Turn(role="user", content=before)] if before else []) + [
        Turn(role="assistant", content=question), Turn(role="user", content=answer)]
    return ChineseExtractor().extract(EpisodeInput(turns=turns, reference_time=ZH_REF, scope=Scope(user_id="u"))).facts


@pytest.mark.parametrize(("question", "answer", "predicate", "value", "wrong"), [
    ("你在京东工作吗？", "不是，是美团。", "works_at", "美团", "京东"),
    ("你是在合肥上班对吧？", "弄错了，是在芜湖。", "works_at", "芜湖", "合肥"),
    ("你老家是四川的吧？", "不是四川，是重庆。", "hometown", "重庆", "四川"),
    ("你是做测试的吧？", "不对，我是做运维的。", "job_title", "运维", "测试"),
])
def test_a_no_to_the_assistants_restatement_corrects_the_slot_it_named(
        question: str, answer: str, predicate: str, value: str, wrong: str) -> None:
    (fact,) = [f for f in _reply(question, answer) if f.operation.value == "correct"]
    assert (fact.predicate, fact.object, fact.replaces, fact.slot_named) == (predicate, value, wrong, True)


@pytest.mark.parametrize("answer", ["是的。", "对，没错。", "嗯，一直在那边。"])
def test_a_yes_to_the_assistants_restatement_corrects_nothing(answer: str) -> None:
    assert not any(f.operation.value == "correct" for f in _reply("你在京东工作吗？", answer))


def test_a_correction_of_the_slot_asked_about_leaves_the_home_held() -> None:
    memory = Memory()
    memory.add("我住在嘉兴。", user_id="u", reference_time="2026-05-01T10:00:00+00:00")
    memory.add([{"role": "assistant", "content": "你是在嘉兴上班对吧？"}, {"role": "user", "content": "不对，是在湖州。"}],
               user_id="u", reference_time="2026-05-06T10:00:00+00:00")
    held = {(f.predicate, f.object) for f in memory.facts(user_id="u") if f.status.value == "active"}
    assert held == {("lives_in", "嘉兴"), ("works_at", "湖州")}


@pytest.mark.parametrize(("text", "predicate", "topic"), [
    ("那条关于我前同事的就别留着了", "*", "前同事"),
    ("以后别再提我欠债的事，也别记着", "*", "欠债"),
    ("那段关于我前公司的记录别留了", "works_at", ""),
    ("那条我在顺丰上班的删掉", "works_at", "顺丰"),
])
def test_a_forget_request_that_points_at_a_record_names_what_it_holds(text: str, predicate: str, topic: str) -> None:
    (fact,) = _facts(text)
    assert (fact.operation.value, fact.predicate, fact.object) == ("forget", predicate, topic)


@pytest.mark.parametrize("text", ["这条不对，删掉", "那条路我不走了", "以后别再提这个了"])
def test_a_record_pointed_at_without_a_topic_or_no_request_forgets_no_topic(text: str) -> None:
    assert not [f for f in _facts(text) if f.operation.value == "forget" and f.object]


@pytest.mark.parametrize(("text", "predicate", "words"), [
    ("我们的婚礼日子终于定下来了，明年五一", "plans_to", "婚礼"),
    ("喜酒的日期已经敲定了", "plans_to", "婚礼"),
    ("新家的钥匙拿到了", "obtained", "新家"),
    ("房子定下来了，就是江北那套", "obtained", "江北那套"),
    ("公积金贷款获批了", "obtained", "公积金贷款"),
    ("调令下来了", "obtained", "调令"),
])
def test_a_matter_named_as_settled_is_a_certain_fact(text: str, predicate: str, words: str) -> None:
    found = [f for f in _facts(text) if f.predicate == predicate and words in f.object]
    assert found and not found[0].hedged and (found[0].confidence or 0) > 0.9


@pytest.mark.parametrize("text", ["婚期还没定", "房子可能定下来了", "快递到了", "贷款还没批"])
def test_a_matter_still_pending_or_no_matter_is_not_settled(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate in ("obtained", "plans_to") and not f.hedged]


def test_a_settled_matter_beside_the_move_it_settles_only_confirms_it() -> None:
    assert [(f.predicate, f.object, f.hedged) for f in _facts("房子签好了，下个月搬去嘉定")] == [
        ("planned_lives_in", "嘉定", False)]


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("offer 收到了，是小米", "planned_works_at", "小米"),
    ("劳动合同签好了，是比亚迪", "planned_works_at", "比亚迪"),
    ("录取通知书下来了，是川大", "studies_at", "川大"),
])
def test_the_name_after_an_offer_or_admission_is_the_employer_or_school(text: str, predicate: str, value: str) -> None:
    assert [(f.predicate, f.object, f.hedged) for f in _facts(text)] == [(predicate, value, False)]


@pytest.mark.parametrize("text", ["租房合同签了，是浦东的", "offer 收到了，是吗", "通知书到了，是什么专业还不知道"])
def test_a_lease_or_a_question_after_a_grant_names_no_employer(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate in ("planned_works_at", "studies_at")]


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("储蓄卡密码六位数：802413", "credential", "802413"),
    ("网银 PIN 码 4 位的：7391", "credential", "7391"),
    ("建行卡 6217000012345678 帮我存一下", "card_number", "6217000012345678"),  # a card named in words is a card (room 14p)
])
def test_private_data_behind_a_qualifier_or_a_banks_card_name_is_found(text: str, kind: str, value: str) -> None:
    assert (kind, value) in [(f.kind, text[f.start:f.end]) for f in find_sensitive(text)]


@pytest.mark.parametrize("text", ["信用卡还了 3000", "密码六位数", "工行卡丢了"])
def test_a_card_or_password_without_its_number_is_not_private(text: str) -> None:
    assert find_sensitive(text) == []


def test_a_drug_taken_beside_a_diagnosis_is_not_stored_apart() -> None:
    found = _facts("去年确诊了焦虑症，现在每天吃帕罗西汀。")
    assert [f.sensitive_kind for f in found] == ["health"]
    assert [f.predicate for f in _facts("我每天吃降压药")] == ["takes_medication"]


@pytest.mark.parametrize("text", ["下班前得把周报发给领导", "放学前要把家长签字的表交上去", "开会前必须把数据核对一遍"])
def test_a_task_due_before_an_hour_of_today_expires_with_today(text: str) -> None:
    (task,) = [f for f in _facts(text) if f.predicate == "has_task"]
    assert task.task_until is not None and task.task_until.date().isoformat() == "2026-05-07"


def test_an_act_done_before_a_meal_is_no_task() -> None:
    assert not [f for f in _facts("吃饭前我洗了手") if f.predicate == "has_task"]


@pytest.mark.parametrize(("text", "value", "wrong"), [("我刚才说在上海，其实是苏州", "苏州", "上海"),
                                                      ("我刚说在南京，其实是镇江", "镇江", "南京")])
def test_the_value_said_just_before_is_the_one_corrected(text: str, value: str, wrong: str) -> None:
    assert [(f.object, f.replaces) for f in _facts(text) if f.operation.value == "correct"] == [(value, wrong)]


def test_a_hearsay_about_a_place_is_no_home() -> None:
    assert not [f for f in _facts("听说在上海房价很高") if f.predicate == "lives_in"]
