"""Numbers written in Chinese characters or Arabic digits ("二十五", "两", "25", "一百零八")."""

from __future__ import annotations

import re

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}

#: A number as a regex fragment: Arabic digits or Chinese numerals.
NUMBER = r"(?:\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)"
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def to_int(text: str) -> int | None:
    """The value of ``text`` ("十二" -> 12, "两" -> 2, "2025" -> 2025), None when it is no number."""
    text = text.translate(_FULL_WIDTH).strip()
    if len(text) > 24:
        return None  # no count, age or year is that long (and int() refuses 4,300+ digits)
    if re.fullmatch(r"\d+", text):
        return int(text)
    if not text or any(c not in _DIGITS and c not in _UNITS for c in text):
        return None
    if all(c in _DIGITS for c in text) and len(text) > 1:  # "二〇二五": digit by digit
        return int("".join(str(_DIGITS[c]) for c in text))
    total, section, digit = 0, 0, None
    for char in text:
        if char in _DIGITS:
            digit = _DIGITS[char]
            continue
        unit = _UNITS[char]
        if unit == 10000:
            total += (section + (digit or 0)) * unit
            section, digit = 0, None
        else:
            section += (1 if digit is None else digit) * unit
            digit = None
    return total + section + (digit or 0)
