"""Sensitive-value hints: what the extractor flags before the policy decides."""

from __future__ import annotations

import pytest

from kronograph.extraction.rules_sensitive import sensitive_hints


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("My ID number is 110101199003074515.", "identity_number", "110101199003074515"),
        ("My SSN is 123-45-6789.", "identity_number", "123-45-6789"),
        ("My passport number is X12345678.", "identity_number", "X12345678"),
        ("my card is 4111 1111 1111 1111", "card_number", "4111 1111 1111 1111"),
        ("My IBAN is DE89 3704 0044 0532 0130 00.", "bank_account", "DE89 3704 0044 0532 0130 00"),
        ("Here's my key sk-proj-abcdefghijklmnopqrstuvwx", "credential", "sk-proj-abcdefghijklmnopqrstuvwx"),
        ("My password for Gmail is Tr0ub4dor&3", "credential", "Tr0ub4dor&3"),
        ("I live at 221B Baker Street, London.", "address", "221B Baker Street, London"),
        ("I was diagnosed with type 2 diabetes.", "health", "type 2 diabetes"),
        ("My card is [redacted:card_number].", "card_number", "[redacted:card_number]"),
        # issue 11: a phone number or e-mail address is private unless the user opted into the slot
        ("Call me on +1 415 555 0199.", "phone_number", "+1 415 555 0199"),
        ("Mail me at zoe@protonmail.ch", "email", "zoe@protonmail.ch"),
    ],
)
def test_value_is_found_with_its_kind(text: str, kind: str, value: str) -> None:
    (hint,) = sensitive_hints(text)
    assert (hint.kind, hint.value) == (kind, value)
    assert text[hint.start:hint.end].strip() == value


def test_digits_that_fail_the_luhn_check_are_not_a_card() -> None:
    assert sensitive_hints("my order number is 4111 1111 1111 1112") == []


@pytest.mark.parametrize("text", [
    "I moved to Berlin in 2019.", "I'm allergic to penicillin.",
    "I take metformin.", "I have two kids.", "We live on a quiet street.",
])
def test_ordinary_statements_carry_no_hint(text: str) -> None:
    assert sensitive_hints(text) == []


def test_two_values_in_one_sentence_are_both_found_left_to_right() -> None:
    hints = sensitive_hints("My ID number is 110101199003074515 and my card is 4111 1111 1111 1111.")
    assert [h.kind for h in hints] == ["identity_number", "card_number"]


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("I had cancer two years ago.", "health", "cancer"),
    ("I'm depressed.", "health", "depressed"),
    ("I was battling leukemia last year.", "health", "leukemia"),
    ("My pwd is correcthorsebatterystaple.", "credential", "correcthorsebatterystaple"),
])
def test_every_value_the_policy_finds_is_hinted(text: str, kind: str, value: str) -> None:
    (hint,) = sensitive_hints(text)
    assert (hint.kind, hint.value) == (kind, value)
