"""Sensitive-data detection and redaction: checksums separate secrets from ordinary numbers."""

from __future__ import annotations

import pytest

from kronograph.sensitive import find_sensitive, iban_valid, luhn_valid, redact, redacted_kinds


@pytest.mark.parametrize(
    ("text", "kind", "secret"),
    [
        ("My ID number is 110101199003074515.", "identity_number", "110101199003074515"),
        ("it's 110101199003074514 on the form", "identity_number", "110101199003074514"),  # valid checksum
        ("the clerk typed 110101199003074515 wrong", "identity_number", "110101199003074515"),  # birth date
        ("身份证 11010519491231002X", "identity_number", "11010519491231002X"),
        ("my ssn is 123-45-6789", "identity_number", "123-45-6789"),
        ("Passport number: E12345678", "identity_number", "12345678"),
        ("my card is 4111 1111 1111 1111", "card_number", "4111 1111 1111 1111"),
        ("pay with 5500-0000-0000-0004 please", "card_number", "5500-0000-0000-0004"),
        ("amex 378282246310005 expires soon", "card_number", "378282246310005"),
        ("IBAN: DE89 3704 0044 0532 0130 00", "bank_account", "DE89 3704 0044 0532 0130 00"),
        ("wire it to GB82WEST12345698765432", "bank_account", "GB82WEST12345698765432"),
        ("my bank account number is 12345678", "bank_account", "12345678"),
        ("my api key is sk-abcdefghijklmnopqrstuvwx", "credential", "sk-abcdefghijklmnopqrstuvwx"),
        ("use AKIAIOSFODNN7EXAMPLE for s3", "credential", "AKIAIOSFODNN7EXAMPLE"),
        ("the password for my laptop is hunter2.", "credential", "hunter2"),
        ("my PIN is 4921", "credential", "4921"),
        ("token: ghp_abcdefghijklmnopqrstuvwxyz0123456789", "credential", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
        ("I live at 42 Baker Street, London", "address", "42 Baker Street"),
        ("Ship it to 1600 Pennsylvania Avenue NW", "address", "1600 Pennsylvania Avenue"),
        ("send mail to 7 elm street apt 4", "address", "elm street"),
        ("our flat is on Wensan Road No. 88", "address", "Wensan Road No. 88"),
        ("I live at 12 rue de Rivoli in Paris", "address", "12 rue de Rivoli"),
        ("I was diagnosed with type 2 diabetes last year", "health", "type 2 diabetes"),
        ("She is struggling with depression", "health", "depression"),
        ("I'm HIV-positive", "health", "HIV-positive"),
        # issue 11: phone numbers and e-mail addresses are private unless opted into
        ("call me at 555-123-4567", "phone_number", "555-123-4567"),
        ("WhatsApp me on +49 151 23456789.", "phone_number", "+49 151 23456789"),
        ("my mobile is 07700 900123", "phone_number", "07700 900123"),
        ("write to ana.lopez@example.com", "email", "ana.lopez@example.com"),
        # credentials in natural phrasing
        ("My password for the work VPN is hunter2.", "credential", "hunter2"),
        ("the wifi password is bluebird, all lower case", "credential", "bluebird"),
        ("the key code to my office is 5512", "credential", "5512"),
        ("Door code's 2580", "credential", "2580"),
        ("use Tr0ub4dor&3 as the password", "credential", "Tr0ub4dor&3"),
        ("the safe's combination is 08 15 42", "credential", "08 15 42"),
        ("CVV 123", "card_number", "123"),
    ],
)
def test_each_kind_of_secret_is_found_and_cut_out(text: str, kind: str, secret: str) -> None:
    redacted, findings = redact(text)
    assert [f.kind for f in findings] == [kind]
    assert secret not in redacted
    assert f"[redacted:{kind}]" in redacted


@pytest.mark.parametrize(
    "text",
    [
        "I moved here in 2019 and paid 1200 dollars",
        "my order number is 4111 1111 1111 1112",   # fails Luhn
        "the number 110101199913374511 is no ID",  # no birth date, no checksum, no Luhn
        "My secret is that I love cats",
        "I have a meeting at 3pm and 2 dogs",
        "I'm allergic to penicillin",                 # safety-critical, kept by the policy
        "I live in Hangzhou",
        "The password is strong",
        "I have 2 kids and a dog way too much energy",
        "I'm studying unit 3 of the course",
        "We walked 5 miles down the road",
        "I noticed a spiderman pin on your purse. Is Spider-Man your favorite superhero?",
        "The password is on a sticky note",
        "The code is a mess and the code is 200 lines long",
        "My order ID is 112-7734521-9981234",
        "The meeting ID is 845 2291 0034",
        "My bank transferred 1500000 won to the landlord",
        "Follow me @mira_codes",
        "We met on 12/05/2019 and he was born on 1985-06-12",
        # a long reference number in groups: no phone number inside it
        "Tracking: 9400 1000 0000 0000 0000 00",
        "parcel ref 0123 4567 8901 2345 67 still says in transit",
        "the invoice is 2024 0001 0345 0007, due Friday",
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert find_sensitive(text) == []
    assert redact(text)[0] == text


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("My address is 12 Elm Street, Apt 4B, Somerville, MA 02144.", "12 Elm Street, Apt 4B, Somerville, MA 02144"),
        ("Send it to 1600 Pennsylvania Avenue NW, Washington, DC 20500, USA.",
         "1600 Pennsylvania Avenue NW, Washington, DC 20500, USA"),
        ("I live at 221B Baker Street, London NW1 6XE, United Kingdom.", "221B Baker Street, London NW1 6XE, United Kingdom"),
        ("i live at 57 willow way, apt 2, portland, or 97205", "57 willow way, apt 2, portland, or 97205"),
        ("Rua Augusta 45, 1100-048 Lisboa, Portugal", "Rua Augusta 45, 1100-048 Lisboa, Portugal"),
    ],
)
def test_a_full_postal_address_is_cut_out_with_its_tail(text: str, address: str) -> None:
    redacted, findings = redact(text)
    assert [f.kind for f in findings] == ["address"]
    assert text[findings[0].start:findings[0].end] == address
    for part in address.replace(",", " ").split():
        assert part not in redacted.replace("[redacted:address]", ""), part


def test_an_address_tail_stops_at_the_next_clause() -> None:
    text = "I'm at 742 Evergreen Terrace, Springfield, OR 97477 most evenings, which is nice."
    assert redact(text)[0] == "I'm at [redacted:address] most evenings, which is nice."


def test_the_example_message_loses_both_numbers() -> None:
    text = "My ID number is 110101199003074515 and my card is 4111 1111 1111 1111."
    redacted, findings = redact(text)
    assert redacted == "My ID number is [redacted:identity_number] and my card is [redacted:card_number]."
    assert [f.kind for f in findings] == ["identity_number", "card_number"]


def test_only_the_kinds_asked_for_are_redacted() -> None:
    text = "my card is 4111 1111 1111 1111 and I live at 42 Baker Street"
    redacted, findings = redact(text, kinds={"card_number"})
    assert "42 Baker Street" in redacted
    assert [f.kind for f in findings] == ["card_number"]


def test_findings_keep_positions_not_values() -> None:
    text = "card 4111111111111111"
    (finding,) = find_sensitive(text)
    assert text[finding.start:finding.end] == "4111111111111111"
    assert "4111" not in repr(finding)


def test_checksums() -> None:
    assert luhn_valid("4111111111111111")
    assert not luhn_valid("4111111111111112")
    assert iban_valid("DE89 3704 0044 0532 0130 00")
    assert not iban_valid("DE88 3704 0044 0532 0130 00")


def test_markers_already_in_text_are_read_back() -> None:
    assert redacted_kinds("id [redacted:identity_number], card [redacted:card_number]") == [
        "identity_number", "card_number"]


def test_a_text_without_digits_skips_only_detectors_that_cannot_match_it() -> None:
    from kronograph.sensitive import _DIGIT_KINDS, DETECTORS

    texts = ["my bank account is at Chase", "IBAN: DE and sort code soon", "Passport number: E, ssn pending",
             "I live at Baker Street, apt B", "my card is the blue one", "the tax id is on file",
             "I was diagnosed with asthma", "my password is hunter-two!", "sk-proj-abcdefghijklmnopqrstuvwxyz",
             "flat 4b on rue de Rivoli", "Unit A, Suite B, Floor C", "no number here at all"]
    for text in texts:
        if not any(c.isdigit() for c in text):
            assert not any(list(DETECTORS[kind](text)) for kind in _DIGIT_KINDS), text
    assert [f.kind for f in find_sensitive("I was diagnosed with asthma")] == ["health"]
    assert [f.kind for f in find_sensitive("my password is hunter-two!")] == ["credential"]
    assert [f.kind for f in find_sensitive("sk-proj-abcdefghijklmnopqrstuvwxyz")] == ["credential"]
    assert [f.kind for f in find_sensitive("flat 4b, 12 rue de Rivoli")] == ["address"]
