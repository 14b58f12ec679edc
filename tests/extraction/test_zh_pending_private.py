"""Chinese addresses with the building after the street number, errands to places on a named day,
and matters settled, ended, hedged, corrected or forgotten in new wordings. Real jieba; every
sentence is written for this file (none is an evaluation row)."""

from __future__ import annotations

import pytest

from kronograph.model import MemoryType
from kronograph.sensitive import find_sensitive, redact

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
