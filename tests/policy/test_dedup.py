"""Paraphrase matching: cheap rules that fold wording, not meaning."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.model import Fact
from kronograph.policy.dedup import canonical, find_narrower_or_wider, find_paraphrase


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("black-and-white minimalism", "Black and White Minimalism"),
        ("retro colours", "retro color"),
        ("the relaxed outfits", "relaxed outfit"),
        ("my favourite films", "favorite movies"),
        ("hiking and jazz", "jazz and hiking"),
        ("Hangzhou", "hangzhou."),
        ("hiking in the mountains", "mountain hikes"),
        ("relaxed outfits", "relaxing outfit"),
    ],
)
def test_paraphrases_share_a_canonical_form(a: str, b: str) -> None:
    assert canonical(a) == canonical(b)


@pytest.mark.parametrize(("a", "b"), [("jazz", "rock"), ("New York", "York"), ("black minimalism", "minimalism"),
                                      ("hiking", "biking"), ("20mg of lisinopril", "lisinopril")])
def test_different_values_stay_different(a: str, b: str) -> None:
    assert canonical(a) != canonical(b)


def test_the_matching_record_is_found() -> None:
    t = datetime(2026, 1, 1, tzinfo=UTC)
    records = [Fact(id=str(i), user_id="u", subject="user", predicate="likes", object=o, text=o, valid_from=t,
                    recorded_at=t) for i, o in enumerate(["jazz", "Retro Colours"])]
    found = find_paraphrase("retro colors", records)
    assert found is not None and found.id == "1"
    assert find_paraphrase("techno", records) is None


def test_a_narrower_or_wider_value_is_found_when_no_paraphrase_is() -> None:
    t = datetime(2026, 1, 1, tzinfo=UTC)
    records = [Fact(id=str(i), user_id="u", subject="user", predicate="takes_medication", object=o, text=o,
                    valid_from=t, recorded_at=t) for i, o in enumerate(["20mg of lisinopril", "aspirin"])]
    assert [r.id for r in find_narrower_or_wider("lisinopril", records)] == ["0"]
    assert find_narrower_or_wider("ibuprofen", records) == []
