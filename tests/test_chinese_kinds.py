"""Chinese readings held by kind: a field named alone, a stop said of a thing pointed at, a forgotten chore."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.extraction.offline import OfflineExtractor

from .conftest import Clock, file_bytes


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory



@pytest.mark.parametrize(("said", "asked", "secret"), [
    ("我的生日是三月五号。", "生日那条抹掉吧。", "三月五号"),
    ("我在拼多多上班。", "工作地点那条删了。", "拼多多"),
    ("我对青霉素过敏。", "过敏那个记录清除掉。", "青霉素"),
    ("我在网易上班。", "把我上班的地方从记录里删掉。", "网易"),
])
def test_a_field_named_alone_is_forgotten_with_its_text(mem: Memory, db_path: Path, clock: Clock,
                                                        said: str, asked: str, secret: str) -> None:
    mem.add("我喜欢爬山。", user_id="u1")
    mem.add(said, user_id="u1")
    clock.advance(minutes=1)
    assert mem.add(asked, user_id="u1").forgotten
    assert [(f.predicate, f.object) for f in mem.facts(user_id="u1")] == [("likes", "爬山")]
    mem.close()
    assert secret.encode() not in file_bytes(db_path)


@pytest.mark.parametrize(("before", "text", "obj"), [
    ("我养金毛。", "那条金毛我不养了。", "金毛"),
    ("我在美团上班。", "美团那份工作我不干了。", "美团"),
    ("我在百度工作。", "百度的工作我已经辞了。", "百度"),
])
def test_a_stop_said_of_a_thing_named_first_ends_it(mem: Memory, clock: Clock, before: str, text: str, obj: str) -> None:
    mem.add(before, user_id="u1")
    clock.advance(minutes=1)
    assert [f.object for f in mem.add(text, user_id="u1").ended] == [obj]
    assert mem.facts(user_id="u1") == []


@pytest.mark.parametrize("text", ["那只猫我特别喜欢。", "这个我不要了。", "那家店我去过。"])
def test_a_thing_pointed_at_without_a_stop_ends_nothing(mem: Memory, text: str) -> None:
    mem.add("我养猫。", user_id="u1")
    assert mem.add(text, user_id="u1").ended == []
    assert "猫" in [f.object for f in mem.facts(user_id="u1")]


@pytest.mark.parametrize("text", ["今天早上忘了锁门。", "我又忘了带伞。", "昨晚忘记关空调了。", "上周差点忘了交房租。"])
def test_forgetting_to_do_a_chore_stores_and_deletes_nothing(mem: Memory, text: str) -> None:
    mem.add("我住在成都。", user_id="u1")
    result = mem.add(text, user_id="u1")
    assert result.facts == [] and result.forgotten == []
    assert [f.object for f in mem.facts(user_id="u1")] == ["成都"]
