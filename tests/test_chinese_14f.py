"""Chinese preferences said through habit and choice, a phone system replaced, and numbers of
chatter that are not private: wordings written before the rules (round 29, room 14f)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
_EXTRACTOR = OfflineExtractor()


def facts(text: str) -> list[tuple[str, str, str, str, bool]]:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    return [(f.subject, f.predicate, f.object, f.operation.value, bool(f.sensitive_kind)) for f in found]


# -- a liking said through a verb of habit or choice -------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("我早上常喝美式。", "美式"),
    ("去麦当劳我总点麦辣鸡腿堡。", "麦辣鸡腿堡"),
    ("洗发水我只用海飞丝。", "海飞丝"),
    ("这款面霜我已经回购三次了。", "面霜"),
    ("出门旅行首选高铁。", "高铁"),
    ("每次去海底捞必点虾滑。", "虾滑"),
    ("我天天听周杰伦的歌。", "周杰伦"),
    ("我平时总喝乌龙茶", "乌龙茶"),
    ("夜宵我老是点烧烤～", "烧烤"),
    ("周末经常看悬疑片。", "悬疑片"),
    ("我一直回购这个牌子的牙膏，好用。", "牙膏"),
])
def test_habit_or_choice_is_a_liking(text: str, value: str) -> None:
    assert any(p in {"likes", "preferred_drink", "preferred_food"} and value in o and op == "add"
               for _, p, o, op, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我天天喝中药调理。", "我经常点外卖，懒得做饭。", "我总吃降压药。", "我常听老板唠叨。",
                                  "我经常看心理医生，焦虑两年了。", "我总是看牙，牙周炎反反复复。"])
def test_habit_of_a_chore_or_medicine_is_no_liking(text: str) -> None:
    assert not any(p == "likes" for _, p, *_ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我密码一直用生日。", "银行卡我只用招行那张，卡号 6225880212345678。",
                                  "我常用的手机号是 13812345678。", "验证码我总是填错。"])
def test_habit_about_a_secret_is_no_liking(text: str) -> None:
    assert not any(p == "likes" for _, p, *_ in facts(text)), facts(text)


# -- a comparison names the one preferred ---------------------------------------------------

@pytest.mark.parametrize(("text", "value", "other"), [
    ("可乐没有雪碧好喝。", "雪碧", "可乐"),
    ("我觉得川菜比粤菜好吃。", "川菜", "粤菜"),
    ("安卓没有苹果好用。", "苹果", "安卓"),
    ("猫比狗好养多了。", "猫", "狗"),
])
def test_comparison_names_the_preferred(text: str, value: str, other: str) -> None:
    found = facts(text)
    assert any(p in {"likes", "preferred_drink", "preferred_food"} and o == value for _, p, o, *_ in found), found
    assert not any(p == "likes" and other in o and op == "add" for _, p, o, op, _ in found), found


# -- a phone system replaced, and a name changed is no tool ----------------------------------

@pytest.mark.parametrize("text", ["我换了苹果手机。", "最近换成 iPhone 了", "换了个华为，现在用鸿蒙。"])
def test_new_phone_names_the_system(text: str) -> None:
    assert any(p == "uses_os" for _, p, *_ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我把微信名改成了真名。", "昵称我改成小鱼了。"])
def test_renamed_account_is_no_tool(text: str) -> None:
    assert not any(p == "uses" for _, p, *_ in facts(text)), facts(text)


# -- numbers of chatter that are not private ------------------------------------------------

@pytest.mark.parametrize("text", [
    "我的订单号是 2026051012345678。",
    "快递单号 SF1234567890123 麻烦帮我查一下。",
    "这件衣服花了 399 元。",
    "我住的酒店房间是 1208，挺安静的。",
    "我2019年毕业的。",
    "我们公司在 8 号楼 1203 室开会。",
    "明天下午去 3 栋 402 室面试。",
    "我的会员积分有 123456 了。",
    "快递单号是 YT8888123456789。",
])
def test_chatter_numbers_are_not_private(text: str) -> None:
    assert not any(sensitive for *_, sensitive in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["验证码是 384920，别告诉别人。", "我家在 8 号楼 1203 室。"])
def test_named_code_or_home_stays_private(text: str) -> None:
    assert any(sensitive for *_, sensitive in facts(text)), facts(text)


# -- a correction of an attribute's date or number ----------------------------------------------

@pytest.mark.parametrize(("text", "slot", "value"), [
    ("婚礼是10月18号，不是8号。", "wedding_date", "18"),
    ("手滑了，车牌尾号是 7，不是 1。", "license_plate", "7"),
    ("我的航班是 CA1234，不是 CA1243。", "flight", "CA1234"),
    ("预产期是 6 月 3 号，不是 5 号。", "due_date", "3"),
    ("我住的房间是 1208，不是 1280。", "room_number", "1208"),
    ("打错了，婚期定在 9 月 9 号，不是 9 月 19 号。", "wedding_date", "9月9"),
])
def test_attribute_corrected(text: str, slot: str, value: str) -> None:
    assert any(p == slot and value in o and op == "correct" for _, p, o, op, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我学的是会计，不是金融。", "婚礼在 5 月 20 号办。"])
def test_no_attribute_slot_without_the_attribute_in_a_contrast(text: str) -> None:
    assert not any(p in {"wedding_date", "license_plate", "room_number"} for _, p, *_ in facts(text)), facts(text)
