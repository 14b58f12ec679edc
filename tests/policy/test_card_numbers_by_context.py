"""A long number is a card number by what it is called and by its checksum: every payment card
number passes the Luhn check, so a number that fails it is refused as a card only where the words
around it make it a payment secret (a payment network, "credit/debit card", an expiry or security
code beside it: a typo of a real card is still a secret). A plain or non-payment "card" with a
failing number, and a number named as an order or parcel reference, is not a card number: it may
be an order, membership or tracking number that the user wants remembered."""

from __future__ import annotations

import pytest

from kronograph.sensitive import CARD_NUMBER, find_sensitive, luhn_valid


def cards(text: str) -> list[str]:
    return [text[f.start:f.end] for f in find_sensitive(text, {CARD_NUMBER})]


@pytest.mark.parametrize(("text", "value"), [
    ("my card number is 4539 1488 0343 6467", "4539 1488 0343 6467"),        # named + checksum passes
    ("card's 4111111111111111, keep it safe", "4111111111111111"),
    ("Charge it to 5500-0000-0000-0004 please.", "5500-0000-0000-0004"),    # checksum alone, nothing else said
    ("my credit card is 1234 5678 9012 3456", "1234 5678 9012 3456"),        # fails, but a payment card by name
    ("Visa 4532 7153 3790 4467", "4532 7153 3790 4467"),
    ("card number 1234 5678 9012 3456, exp 04/27", "1234 5678 9012 3456"),   # fails, but an expiry travels with it
    ("the card is 1234 5678 9012 3456 and the CVV is 321", "1234 5678 9012 3456"),
])
def test_a_payment_card_number_is_refused(text: str, value: str) -> None:
    assert value in cards(text)


@pytest.mark.parametrize("text", [
    "my card number is 1234 5678 9012 3456",                   # fails Luhn, nothing says payment
    "The tracking number on the card is 1234567890123.",
    "my loyalty card number is 6345 1234 5678 9012",
    "Library card: 2938 4756 1029 3847",
    "my order number is 4111 1111 1111 1111",                  # passes by chance, named as an order
    "tracking no. 5105 1051 0510 5100 for the parcel",
])
def test_a_number_that_is_no_payment_card_is_not_refused_as_one(text: str) -> None:
    assert cards(text) == []


def test_the_examples_fail_or_pass_the_checksum_as_the_tests_assume() -> None:
    assert not luhn_valid("1234567890123456") and not luhn_valid("6345123456789012")
    assert luhn_valid("4539148803436467") and luhn_valid("4111111111111111")
