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


@pytest.mark.parametrize(("said", "asked", "gone"), [
    ("I live in Whitby.", "Get rid of where I live, please.", "Whitby"),
    ("I take metformin every morning.", "I'd rather you didn't keep my medication.", "metformin"),
    ("I work at Brambleworth Foods.", "I don't want you storing where I work.", "Brambleworth"),
    ("I work at Quillon Labs.", "Stop remembering who I work for.", "Quillon"),
    ("My birthday is on 14 May.", "No need to remember my date of birth.", "14 May"),
    ("I'm allergic to hazelnuts.", "Ditch what you know about my allergies.", "hazelnuts"),
])
def test_a_request_not_to_keep_something_deletes_it_in_any_wording(mem: Memory, said: str, asked: str,
                                                                   gone: str) -> None:
    mem.add(said + " I enjoy chess.", user_id="u1")
    assert mem.add(asked, user_id="u1").forgotten
    assert gone not in " ".join(f.object for f in mem.facts(user_id="u1"))
    assert "chess" in " ".join(f.object for f in mem.facts(user_id="u1"))


@pytest.mark.parametrize("text", [
    "You don't need to remember this, just help me with the email.", "Don't save the file yet.",
    "Don't keep me waiting!", "Never store passwords in plain text, right?", "I'd rather you didn't bring up my ex.",
])
def test_a_sentence_that_only_sounds_like_not_keeping_forgets_nothing(mem: Memory, text: str) -> None:
    mem.add("My email is kit.marlow@example.org. The file is my thesis draft.", user_id="u1")
    before = [(f.predicate, f.object) for f in mem.facts(user_id="u1")]
    assert mem.add(text, user_id="u1").forgotten == []
    assert [(f.predicate, f.object) for f in mem.facts(user_id="u1")] == before


def test_forgetting_where_i_live_takes_the_exact_address_too(mem: Memory) -> None:
    mem.add("I live in Leeds. My address is 14 Harcourt Road, Leeds LS6 2AB.", user_id="u1")
    assert {f.predicate for f in mem.facts(user_id="u1")} >= {"lives_in"}
    mem.add("You don't have to remember where I live.", user_id="u1")
    assert not [f for f in mem.facts(user_id="u1") if "Leeds" in f.object or "Harcourt" in f.object]
    assert "Harcourt" not in " ".join(e.content for e in mem.episodes(user_id="u1"))
