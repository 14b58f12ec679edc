"""The pure text side of a hard delete (write/redaction.py): span cuts and where other spans
go, and the fast form matcher against the one-pattern definition it replaces."""

from __future__ import annotations

import random

import pytest

from kronograph.write.redaction import FORGOTTEN, FormMatcher, cut, cut_ranges, forms_pattern, moved, statement_ranges

WORDS = ["Flumpistyle", "black-and-white", "tea", "Dr.", "Fennimore", "123", "x", "grandma's", "São", "Paulo",
         "naïve", "ßtraße", "STRASSE", "直播", "K", "o'brien", "café"]


@pytest.mark.parametrize("seed", range(6))
def test_the_matcher_finds_exactly_what_the_single_pattern_finds(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        forms = sorted({" ".join(rng.sample(WORDS, rng.randint(1, 2))) for _ in range(rng.randint(1, 5))},
                       key=lambda f: (-len(f), f))
        text = " ".join(rng.choice([*WORDS, "and", "the", ",", ".", "-", "_"]) + rng.choice(["", "s", "'s", "ing", "ed"])
                        for _ in range(rng.randint(0, 14)))
        pattern = forms_pattern(forms)
        assert pattern is not None
        assert FormMatcher(forms).ranges(text) == [m.span() for m in pattern.finditer(text)], (forms, text)


ZH_WORDS = ["直播", "直播间", "杭州", "杭州市", "Java", "java", "王小明", "小明", "iPhone手机", "手机", "13800138000"]


@pytest.mark.parametrize("seed", range(4))
def test_the_scan_finds_what_the_pattern_finds_in_chinese_and_mixed_text(seed: int) -> None:
    """Unspaced forms are scanned, not compiled per message: the same spans as the one pattern."""
    rng = random.Random(seed)
    for _ in range(400):
        forms = sorted(set(rng.sample(ZH_WORDS, rng.randint(1, 4))), key=lambda f: (-len(f), f))
        text = "".join(rng.choice([*ZH_WORDS, "我", "在", "，", " ", "的", "s"]) for _ in range(rng.randint(0, 16)))
        pattern = forms_pattern(forms)
        assert pattern is not None
        assert FormMatcher(forms).ranges(text) == [m.span() for m in pattern.finditer(text)], (forms, text)


@pytest.mark.parametrize("seed", range(4))
def test_a_span_moved_past_cuts_still_holds_its_own_words(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(500):
        n = rng.randint(2, 40)
        text = "".join(rng.choice("ab .") for _ in range(n))
        spans = [sorted(rng.sample(range(n + 1), 2)) for _ in range(rng.randint(0, 3))]
        ranges = cut_ranges(text, [(lo, hi) for lo, hi in spans], None)
        after = cut(text, ranges)
        assert len(after) == len(text) + sum(len(FORGOTTEN) - (b - a) for a, b in ranges)
        a, b = sorted(rng.sample(range(n + 1), 2))
        where = moved((a, b), ranges)
        if any(lo <= a and b <= hi for lo, hi in ranges):
            assert where is None
        elif not any(lo < b and a < hi for lo, hi in ranges):
            assert where is not None and after[where[0]:where[1]] == text[a:b]
        else:  # it overlaps a cut: it keeps the marker in its place
            assert where is not None and FORGOTTEN in after[where[0]:where[1]]


def test_statements_are_sentences_without_the_speaker_lead() -> None:
    text = "user: Hi. My doctor is Dr. Fennimore!\nassistant: Noted."
    assert [text[a:b] for a, b in statement_ranges(text)] == ["Hi.", "My doctor is Dr. Fennimore!", "Noted."]
