"""Forget requests said in conversation act as hard deletes, so what only sounds like one
(a chore, a filler, a question whether it happened) must delete nothing."""

from __future__ import annotations

import pytest

from kronograph import Memory


@pytest.mark.parametrize("text", [
    "Cancel my gym membership.", "Undo the last commit.", "Delete the old branch, please.",
    "Drop the kids at school.", "Wipe the table.", "Ignore the noise.", "Never mind that.", "Ignore that.",
])
def test_a_chore_or_a_filler_forgets_nothing(mem: Memory, text: str) -> None:
    mem.add("My gym membership costs $40 a month. My kids go to Larkspur school.", user_id="u1")
    before = [(f.predicate, f.object) for f in mem.facts(user_id="u1")]
    result = mem.add(text, user_id="u1")
    assert result.forgotten == [] and result.forgotten_spans == []
    assert [(f.predicate, f.object) for f in mem.facts(user_id="u1")] == before
    assert "gym membership costs" in " ".join(e.content for e in mem.episodes(user_id="u1"))


@pytest.mark.parametrize("text", ["Delete what I told you about my gym.", "Forget my gym membership."])
def test_a_request_that_says_it_was_said_still_forgets(mem: Memory, text: str) -> None:
    mem.add("My gym membership costs $40 a month.", user_id="u1")
    assert mem.add(text, user_id="u1").forgotten_spans
    assert "gym" not in " ".join(e.content for e in mem.episodes(user_id="u1"))


@pytest.mark.parametrize("text", ["你把所有都删了吗？", "你删掉我的地址了吗？"])
def test_asking_whether_something_was_deleted_deletes_nothing(mem: Memory, text: str) -> None:
    mem.add("我住在杭州，在网易工作。", user_id="u1")
    assert mem.add(text, user_id="u1").forgotten == []
    assert sorted(f.object for f in mem.facts(user_id="u1")) == ["杭州", "网易"]


@pytest.mark.parametrize(("said", "asked"), [
    ("My gate combo is 4417.", "Forget my gate combo."),
    ("My PIN number is 8812.", "Please erase my PIN number."),
    ("The alarm code is 5521.", "Forget the alarm code."),
])
def test_a_code_named_by_any_name_the_detector_knows_is_answered_as_refused(mem: Memory, said: str,
                                                                            asked: str) -> None:
    mem.add(said + " I live in Leeds.", user_id="u1")
    assert "[redacted:credential]" in " ".join(e.content for e in mem.episodes(user_id="u1"))
    result = mem.add(asked, user_id="u1")
    assert any("never stored" in why for _, why in result.rejected)
    held = " ".join(e.content for e in mem.episodes(user_id="u1"))
    assert "[redacted:credential]" not in held and "I live in Leeds." in held
