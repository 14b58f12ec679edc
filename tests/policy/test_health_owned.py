"""A health detail is a condition named as the speaker's whatever verb carries it ("my psoriasis
has flared up", "my blood pressure is dangerously high", "my HIV test came back positive"),
chronic conditions of the skin, gut, glands and heart included; a reading said to be fine, or a
condition only asked about, is no health detail."""

from __future__ import annotations

import pytest

from kronograph.sensitive import HEALTH, find_sensitive


def health(text: str) -> list[str]:
    return [text[f.start:f.end].lower() for f in find_sensitive(text, {HEALTH})]


@pytest.mark.parametrize(("text", "value"), [
    ("my psoriasis has flared up again, it's all over my elbows", "psoriasis"),
    ("ugh my IBS is playing up today", "ibs"),
    ("I was diagnosed with endometriosis in my twenties", "endometriosis"),
    ("the doctor says my blood pressure is dangerously high", "blood pressure is dangerously high"),
    ("my cholesterol was through the roof at the check-up", "cholesterol was through the roof"),
    ("my HIV test came back positive last month", "hiv test came back positive"),
    ("I've been living with fibromyalgia for years.", "fibromyalgia"),
    ("she's recovering from a stroke", "a stroke"),
])
def test_an_owned_condition_or_reading_is_a_health_detail(text: str, value: str) -> None:
    assert value in health(text)


@pytest.mark.parametrize("text", ["my blood pressure is fine", "I have no idea what IBS is",
                                  "the stroke of midnight", "my test came back negative"])
def test_a_fine_reading_or_a_mere_mention_is_not(text: str) -> None:
    assert health(text) == []
