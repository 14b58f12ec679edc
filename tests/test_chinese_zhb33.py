"""Chinese forget requests named by a record pointed at, a person or one condition; a not-liking that
turned; dated events told of the home, of an occasion or of a festival's day; the names of pets and
children: wordings written for this file (round 33, room zhb), with controls that must store nothing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.zh.timeexpr import find_times
from kronograph.model import MemoryType, Scope

from .conftest import Clock

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday
_EXTRACTOR = OfflineExtractor()


def facts(text: str) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                           scope=Scope(user_id="u1"))).facts


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory


# -- forget requests ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "named"), [
    ("身份证号那个删一下，填错了。", "身份证"),          # a record pointed at by 那个, the reason after it
    ("电话那条也删了，换号了。", "电话"),
    ("我的月薪那条删了吧。", "月薪"),                    # a field keeps the user's word
    ("我前男友的事都从记忆里删了吧。", "前男友"),          # where from, before the verb
    ("上回提到我失眠的事，能不能删掉？", "失眠"),          # a polite ask before the verb
    ("之前聊到我离婚的事，请不要保存。", "离婚"),          # the ask after a comma
    ("我房东叫啥这个别记了。", "房东"),                  # a person's name: what was said about the person
    ("关于我哮喘的记录全部清掉。", "哮喘"),              # one condition, not all health
])
def test_a_forget_request_names_what_it_asks_to_forget(text: str, named: str) -> None:
    found = [f for f in facts(text) if f.operation is Operation.forget]
    assert found and all(named in f.object + f.text for f in found), found


@pytest.mark.parametrize("text", [
    "我怎么把微信聊天记录删了？",      # a question about what happened
    "为啥我的照片全被删了？",
    "删掉的照片还能恢复吗？",
    "那个文件删了，没用。",            # a file, no memory
])
def test_what_only_mentions_deleting_forgets_nothing(text: str) -> None:
    assert not [f for f in facts(text) if f.operation is Operation.forget], facts(text)


def test_a_field_pointed_at_by_its_record_is_deleted_and_the_rest_kept(mem: Memory) -> None:
    mem.add("我月薪两万。", user_id="u1", reference_time=REFERENCE)
    mem.add("我喜欢跑步。", user_id="u1", reference_time=REFERENCE)
    assert mem.add("我的月薪那条删了吧。", user_id="u1", reference_time=REFERENCE).forgotten
    assert [(f.predicate, f.object) for f in mem.history(user_id="u1")] == [("likes", "跑步")]


# -- a not-liking that turned -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("小时候讨厌吃胡萝卜，现在反而挺爱吃的。", "胡萝卜"),
    ("以前特别反感健身，这半年反而上瘾了。", "健身"),
    ("原来最烦下雨天，如今倒挺享受的。", "下雨天"),
])
def test_a_not_liking_said_before_a_liking_now_ends_negated(text: str, thing: str) -> None:
    found = facts(text)
    assert any(f.predicate == "likes" and thing in f.object and f.operation is Operation.add and not f.negated for f in found)
    old = [f for f in found if f.predicate == "dislikes"]
    assert old and all(f.operation is Operation.end and f.negated for f in old), found


def test_a_dislike_said_alone_ends_as_it_did() -> None:
    found = facts("以前讨厌香菜。")
    assert [(f.predicate, f.operation, f.negated) for f in found] == [("dislikes", Operation.end, False)]


# -- dated events -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "word", "day"), [
    ("前天夜里小区停电了，冰箱全化了。", "停电", "2026-05-04"),      # the night after the day word; the home
    ("昨天半夜家里进了只老鼠。", "老鼠", "2026-05-05"),
    ("上周五单位年会我抽中了一台扫地机。", "扫地机", "2026-05-01"),  # an occasion, then what the user did at it
    ("上周六同学聚会我们喝到了半夜。", "同学聚会", "2026-05-02"),
    ("清明节那天回老家上坟了。", "上坟", "2026-04-05"),            # a festival is its own day
    ("去年圣诞节跟男朋友去了哈尔滨。", "哈尔滨", "2025-12-25"),
])
def test_a_dated_event_is_read_with_its_day(text: str, word: str, day: str) -> None:
    found = [f for f in facts(text) if word in f.object]
    assert found and found[0].valid_from is not None and found[0].valid_from.date().isoformat() == day, facts(text)


@pytest.mark.parametrize("text", [
    "昨天老板说我做得不错。",          # a saying, no occasion
    "昨天小区里的狗叫了一晚上。",
    "上周六公司团建我没去。",          # nothing done
])
def test_what_only_looks_like_a_dated_event_stores_no_event(text: str) -> None:
    assert not [f for f in facts(text) if f.memory_type is MemoryType.episodic], facts(text)


@pytest.mark.parametrize(("text", "day", "until"), [
    ("春节那天在外婆家", "2026-02-17", "2026-02-18"),   # a lunar festival's day, by its year
    ("春节的时候回了趟老家", "2026-01-20", "2026-02-25"),  # the holiday around it, said without 那天
    ("端午节去划龙舟了", "2025-05-31", "2025-06-01"),     # in May 2026 the last one was 2025's
    ("国庆假期去了西藏", "2025-10-01", "2025-10-08"),
])
def test_a_festival_named_alone_or_with_its_day_is_that_day(text: str, day: str, until: str) -> None:
    span = find_times(text, REFERENCE, prefer="past")[0]
    assert span.start is not None and span.end is not None
    assert (span.start.date().isoformat(), span.end.date().isoformat()) == (day, until)


# -- the names of pets and children ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name"), [
    ("我养了两只兔子，一只叫布丁一只叫奶昔。", "奶昔"),
    ("上个月捡了一只小橘猫，起名叫招财。", "招财"),
    ("我们家团团是只比熊，特别粘人。", "团团"),
    ("我家狗狗叫 Coco，五岁了。", "Coco"),
    ("有个七岁的儿子，小名叫豆豆。", "豆豆"),
])
def test_the_name_of_a_pet_or_child_is_kept(text: str, name: str) -> None:
    assert any(name in f.object and f.subject == "user" for f in facts(text)), facts(text)


@pytest.mark.parametrize("text", [
    "你觉得猫叫什么名字好听？",
    "隔壁那只狗叫了一晚上。",
    "我同事养了只猫叫咪咪。",            # someone else's pet is no pet of the user's
])
def test_a_name_not_of_the_users_pet_is_not_the_users(text: str) -> None:
    assert not [f for f in facts(text) if f.subject == "user" and f.predicate.startswith("has")], facts(text)


# -- a liking switched to, or taken over -------------------------------------------------------------

@pytest.mark.parametrize(("text", "new", "old"), [
    ("以前天天喝奶茶，后来改喝美式了。", "美式", "奶茶"),
    ("过去爱听摇滚，这两年换口味听爵士了。", "爵士", "摇滚"),
    ("以前总吃外卖，体检完以后改吃轻食了。", "轻食", None),
    ("啤酒喝了好些年，今年被精酿取代了。", "精酿", "啤酒"),
])
def test_a_liking_switched_to_or_taken_over_replaces_the_one_before(text: str, new: str, old: str | None) -> None:
    liked = [f for f in facts(text) if new in f.object and f.operation is Operation.add]
    assert liked and (old is None or old in (liked[0].replaces or "")), facts(text)


def test_a_place_taken_over_by_someone_is_no_liking() -> None:
    assert not [f for f in facts("他的位置被新来的同事取代了。") if f.predicate == "likes"]
