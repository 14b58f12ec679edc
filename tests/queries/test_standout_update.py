"""Asked how things are now, the one later message on the topic of the episode nearest the
question replaces it, though it shares no word, says no "now" or "switched" and changes no
number or name; an unrelated later message replaces nothing, and asked as of a time before the
new message the earlier one still answers."""

from __future__ import annotations

from kronograph import Memory

CHATTER = ["The weather was lovely on the walk today.", "Lunch was a quick sandwich.",
           "I watched a documentary about whales.", "We had pizza with friends."]
EARLIER = "My hobby is knitting scarves."
LATER = "Evenings go on throwing pots at the ceramics studio."
QUESTION = "What is my hobby?"


def _said(rmem: Memory, later: list[str]) -> tuple[str, list[str]]:
    for day, text in enumerate(CHATTER, start=1):
        rmem.add(text, user_id="u1", reference_time=f"2026-02-0{day}")
    earlier = rmem.add(EARLIER, user_id="u1", reference_time="2026-03-10").episode_id
    return earlier, [rmem.add(text, user_id="u1", reference_time=f"2026-04-1{n}").episode_id
                     for n, text in enumerate(later)]


def test_the_one_later_message_on_the_topic_replaces_the_earlier_one(rmem: Memory) -> None:
    earlier, (later,) = _said(rmem, [LATER])
    hits = rmem.search(QUESTION, user_id="u1")
    assert hits[0].episode_ids == [later]
    replaced = next(h for h in hits if h.episode is not None and h.episode.id == earlier)
    assert replaced.outdated and replaced.updated_by == later


def test_an_unrelated_later_message_leaves_the_earlier_one_first_and_current(rmem: Memory) -> None:
    earlier, _ = _said(rmem, ["My sister adopted a kitten."])
    hits = rmem.search(QUESTION, user_id="u1")
    assert hits[0].episode_ids == [earlier]
    assert not any(h.outdated for h in hits)


def test_asked_as_of_before_the_later_message_the_earlier_one_answers(rmem: Memory) -> None:
    earlier, _ = _said(rmem, [LATER])
    hits = rmem.search(QUESTION, user_id="u1", as_of="2026-04-01")
    assert hits[0].episode_ids == [earlier]
    assert not hits[0].outdated
