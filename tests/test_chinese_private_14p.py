"""Chinese private data by category (identifiers, contacts, cards, secrets, addresses, health), forget
requests pointing at a line of the conversation, and corrections that name the value meant; the refuse,
redact and forget paths through a real memory on a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope
from kronograph.sensitive import find_sensitive

from .conftest import Clock, file_bytes

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory


def found(text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start:f.end]) for f in find_sensitive(text)]


def facts_of(*turns: str) -> list[tuple[str, str, str]]:
    episode = EpisodeInput(turns=[Turn(content=t) for t in turns], reference_time=REFERENCE, scope=Scope(user_id="u1"))
    return [(f.predicate, f.object, f.operation.value) for f in OfflineExtractor().extract(episode).facts]


# -- private data: each kind in chat wordings ------------------------------------------------------

@pytest.mark.parametrize(("text", "kind", "value"), [
    ("社保号是 3301 0619 8805 1234", "identity_number", "3301 0619 8805 1234"),   # spaced, named by its paper
    ("学号2021301456，帮我记一下", "identity_number", "2021301456"),
    ("我的工号是A08231", "identity_number", "A08231"),
    ("我车牌号浙A·8K9T2", "identity_number", "浙A·8K9T2"),
    ("身份证后四位是1237", "identity_number", "1237"),                              # the last digits alone
    ("手机尾号是5678", "phone_number", "5678"),
    ("工作邮箱是chen.li@company.cn", "email", "chen.li@company.cn"),              # right after a Han character
    ("招行卡 6225 8801 2345 6789 记一下", "card_number", "6225 8801 2345 6789"),   # a card named, Luhn or not
    ("银行卡尾号是8832", "card_number", "8832"),
    ("我支付密码一般用135790", "credential", "135790"),
    ("邮箱密码我改成了Sun#2026", "credential", "Sun#2026"),
    ("我所有账号密码都是 lily1990", "credential", "lily1990"),
    ("门禁口令是芝麻开门2026", "credential", "芝麻开门2026"),                        # a passphrase opening with words
    ("GitHub token：ghp_a1b2c3d4e5f6g7h8", "credential", "ghp_a1b2c3d4e5f6g7h8"),  # Chinese by its punctuation only
    ("我家在朝阳区望京街道花家地南里7号楼3单元502", "address", "朝阳区望京街道花家地南里7号楼3单元502"),
    ("我有双相，一直在吃药", "health", "双相"),
    ("我做过心脏搭桥手术", "health", "心脏搭桥手术"),
    ("E12345678是我的护照号", "identity_number", "E12345678"),                    # the value first, named after
    ("abc12345是我QQ的密码", "credential", "abc12345"),
    ("我老家地址：湖北省黄冈市浠水县清泉镇团结村3组", "address", "湖北省黄冈市浠水县清泉镇团结村3组"),  # a village's group
    ("我去年流产过一次", "health", "流产"),                                          # an event that tells a condition
    ("我一直在做透析", "health", "透析"),
    ("我有PTSD", "health", "PTSD"),
    ("我是三级残疾", "health", "残疾"),
])
def test_private_values_are_found_whole_in_new_wordings(text: str, kind: str, value: str) -> None:
    assert (kind, value) in found(text)


@pytest.mark.parametrize("text", [
    "我的工号还没发下来",            # a paper named, no number
    "京A开头的车在北京很常见",
    "密码用bcrypt加密就行",          # a use of a word, no secret given
    "今天尾号限行是5和0",            # a plate rule, nobody's number
    "这个验证码一般用6位数字",
    "我的信用卡额度是50000",         # an amount on a card
    "会议在3楼305室开",
    "我的航班是CA1831，明天早上八点",
    "订单号是20260506001，什么时候发货",
    "我做了个小手术的决定很难",
    "CA1831是我的航班",
    "3000是我的工资",
    "我们村3组有一百多户",
    "这个项目流产了",                # a plan lost, no pregnancy
    "残疾人专用通道在左边",
    "我在研究化疗药物",
])
def test_what_only_looks_private_is_not_refused(text: str) -> None:
    assert found(text) == []


def test_a_private_value_inside_an_ordinary_sentence_leaves_no_fact_holding_it(mem: Memory, db_path: Path) -> None:
    result = mem.add("我家在朝阳区望京街道花家地南里7号楼3单元502，离公司挺近", user_id="u1", reference_time=REFERENCE)
    assert all("花家地" not in f.object + f.text and "望京" not in f.object for f in result.facts)
    mem.add("我所有账号密码都是 lily1990", user_id="u1", reference_time=REFERENCE)
    mem.close()
    stored = file_bytes(db_path)
    assert "花家地".encode() not in stored and b"lily1990" not in stored


# -- forget: a line of the conversation pointed at ---------------------------------------------------

@pytest.mark.parametrize(("text", "named"), [
    ("撤回", [("last_message", "", "forget")]),
    ("撤回上一条", [("last_message", "", "forget")]),
    ("把上一条删了", [("last_message", "", "forget")]),
    ("我刚发的那条撤回一下", [("last_message", "", "forget")]),
    ("上面那句你当没看见", [("last_message", "", "forget")]),
    ("这条记录作废吧", [("last_message", "", "forget")]),
    ("手机号那条抹了吧", [("phone", "", "forget")]),             # a verb that only ends a request
    ("以后别再记我的体重", [("weighs", "", "forget")]),
    ("我老家在哪这个别记了", [("hometown", "", "forget")]),       # 老家 is no address
    ("刚刚说的那些都删了吧", [("*", "", "forget")]),
    ("麻烦把我身份证那条清一下", [("identity_number", "", "forget")]),  # 清 after a record named
    ("刚才那个卡号当我没发", [("card_number", "", "forget")]),
    ("删掉我关于减肥的那些话", [("*", "减肥", "forget")]),
])
def test_forget_requests_in_new_wordings(text: str, named: list[tuple[str, str, str]]) -> None:
    assert facts_of(text) == named


@pytest.mark.parametrize("text", ["删了的照片还能恢复吗？", "那条新闻删了吗", "删除这条微博", "抹了点药膏",
                                  "把桌子清一下"])
def test_what_only_looks_like_a_forget_request_forgets_nothing(text: str) -> None:
    assert all(op != "forget" for _, _, op in facts_of(text))


def test_deleting_this_line_deletes_what_it_said_from_the_file(mem: Memory, db_path: Path) -> None:
    mem.add("我喜欢爬山。", user_id="u1", reference_time=REFERENCE)
    mem.add("我在宁波上班。", user_id="u1", reference_time=REFERENCE)
    assert mem.add("删掉这条", user_id="u1", reference_time=REFERENCE).forgotten
    assert [f.object for f in mem.facts(user_id="u1")] == ["爬山"]
    mem.close()
    assert "宁波".encode() not in file_bytes(db_path)


# -- corrections naming the value meant ----------------------------------------------------------------

@pytest.mark.parametrize(("turns", "fact"), [
    (("我住在北京。", "我是说上海，不是北京"), ("lives_in", "上海", "correct")),
    (("我住在北京。", "应该是上海，不是北京"), ("lives_in", "上海", "correct")),
    (("我在阿里上班。", "我说的是腾讯，不是阿里"), ("works_at", "腾讯", "correct")),
    (("我30岁。", "我指的是31，不是30"), ("age", "31", "correct")),
])
def test_the_value_meant_corrects_the_one_said(turns: tuple[str, ...], fact: tuple[str, str, str]) -> None:
    assert fact in facts_of(*turns)


def test_saying_one_means_it_corrects_nothing() -> None:
    assert facts_of("我是说真的，我很喜欢猫") == [("likes", "猫", "add")]


@pytest.mark.parametrize(("turns", "fact"), [
    (("我在深圳工作。", "哦不对，我是在广州工作"), ("works_at", "广州", "深圳")),   # a whole statement corrects
    (("我33岁。", "我记错了，我今年34"), ("age", "34", "33")),
    (("我住在杭州。", "说错了，苏州"), ("lives_in", "苏州", "杭州")),             # a value alone after the remark
    (("我用安卓。", "不对，iOS"), ("uses_os", "iOS", "安卓")),
])
def test_a_correction_replaces_the_value_said_last_of_its_slot(turns: tuple[str, ...], fact: tuple[str, str, str]) -> None:
    episode = EpisodeInput(turns=[Turn(content=t) for t in turns], reference_time=REFERENCE, scope=Scope(user_id="u1"))
    facts = OfflineExtractor().extract(episode).facts
    assert [(f.predicate, f.object, f.replaces) for f in facts] == [fact]


@pytest.mark.parametrize("turns", [("我住在杭州。", "说错了，抱歉"), ("我住在杭州。", "杭州挺好的，不对，我说错了")])
def test_a_remark_without_a_value_corrects_nothing(turns: tuple[str, ...]) -> None:
    assert all(op != "correct" for _, _, op in facts_of(*turns))
