"""Private data in chat constructions the detector missed: a lock's code said without "is", a
network's key, an injury of a body part, a clinical reading, mental-health care and what one
deals with or recovers from; and the ordinary codes, keys and words that stay public."""

from __future__ import annotations

import pytest

from kronograph.sensitive import find_sensitive


def found(text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start:f.end]) for f in find_sensitive(text)]


@pytest.mark.parametrize(("text", "secret"), [
    ("key safe by the back door, code 4471, let yourselves in", "4471"),
    ("There's a lockbox on the gate, code 2290, the spare key's inside.", "2290"),
    ("padlock on the shed: combination 0412", "0412"),
    ("The garage keypad takes code 5530 and then the hash key.", "5530"),
    ("alarm panel's in the hall, code 8812, you've got 30 seconds", "8812"),
])
def test_a_locks_code_said_without_is_is_a_credential(text: str, secret: str) -> None:
    assert ("credential", secret) in found(text)


@pytest.mark.parametrize(("text", "secret"), [
    ("Wifi's called Hutch5G and the key is tangerine-otter-42.", "tangerine-otter-42"),
    ("the network is BT-Hub-77 and the key is purple-walrus-19", "purple-walrus-19"),
    ("router's in the hall, wifi key is 8f3kd92mx0", "8f3kd92mx0"),
    ("Hotspot's called Jimbo, key: banana-split-9.", "banana-split-9"),
    ("The wireless passkey is Gr33n-Tea!", "Gr33n-Tea"),
])
def test_a_networks_key_is_a_credential(text: str, secret: str) -> None:
    assert ("credential", secret) in found(text)


@pytest.mark.parametrize("text", [
    "Error code 404 keeps popping up on the site, so annoying.",
    "Use discount code SPRING20 at checkout and you get 20% off.",
    "The key is to keep the router away from the microwave.",
    "My area code is 0161, I'm in Manchester.",
    "The dress code is smart casual for Saturday.",
    "Room 4471 is on the fourth floor, the lift is by reception.",
    "the door was painted with code 2 primer",
    "Our postcode is the same as the school's, handy for the catchment.",
    "my zip-code 90210 is on the sign by the front door",
])
def test_ordinary_codes_and_keys_stay_public(text: str) -> None:
    assert not [k for k, _ in found(text) if k == "credential"]


@pytest.mark.parametrize(("text", "detail"), [
    ("There was a time I couldn't even walk my dogs because my knee was injured.", "knee"),
    ("I've got a knee injury from football and I'm doing physio twice a week.", "knee injury"),
    ("My son's ankle is healing, but it's still sore after the fall.", "ankle"),
    ("my left wrist's still swollen after the fall", "left wrist"),
    ("I tore a ligament in my knee last spring and it still aches.", "ligament"),
    ("Since losing mom I've been seeing a grief counsellor every Thursday.", "counsellor"),
    ("my therapist says I'm finally making progress", "therapist"),
    ("We've been going to couples therapy since March.", "couples therapy"),
    ("I've been dealing with anxiety since the divorce.", "anxiety"),
    ("I've been in recovery from an eating disorder for three years now.", "an eating disorder"),
    ("The doctor says my cholesterol is finally coming down.", "cholesterol"),
    ("hearing that, my own blood pressure shot up", "blood pressure"),
    ("I had a health scare last week, out of nowhere.", "a health scare"),
    ("She's been coping with panic attacks at work.", "panic attacks"),
])
def test_health_details_in_narrative_wordings(text: str, detail: str) -> None:
    assert ("health", detail) in found(text)


@pytest.mark.parametrize("text", [
    "I'm a therapist at a clinic in Leeds.",
    "I'm a bit anxious about the interview tomorrow.",
    "The knee pads for skating arrived today.",
    "I'm a big believer in therapy for everyone.",
    "I'm still recovering from that party on Saturday, what a night.",
    "The injury time in the match was ridiculous.",
    "My sister is training to be a counsellor.",
    "I hurt my back lifting boxes? no, I'm fine",
])
def test_words_near_health_are_not_health(text: str) -> None:
    assert not [k for k, _ in found(text) if k == "health"]


@pytest.mark.parametrize(("text", "condition"), [
    ("The panic attacks are back, the breathing exercises help a bit.", "panic attacks"),
    ("my type 2 diabetes got worse over the winter", "type 2 diabetes"),
    ("Had a proper health scare last week, it really rattled me.", "a proper health scare"),
    ("Her arthritis is bad again.", "arthritis"),
    ("my migraines have been awful this week", "migraines"),
    ("I'm seeing a physio for my neck.", "physio"),
])
def test_a_condition_said_as_the_subject_or_graded_is_a_health_detail(text: str, condition: str) -> None:
    assert ("health", condition) in found(text)


@pytest.mark.parametrize("text", [
    "I had a stroke of luck at the auction.", "my anxiety meds ran out", "the cancer charity run was fun",
])
def test_a_condition_word_that_names_no_condition_of_anyone_is_not_one(text: str) -> None:
    assert not [kind for kind, _ in found(text) if kind == "health"]


@pytest.mark.parametrize("text", [
    "Call the dentist on 0161 496 0000 to rebook.", "Ring the vet on 01632 960 441 if Biscuit gets worse.",
    "the pizza place's number is 0161 555 0192, they deliver till midnight", "the hotel number is 020 7946 0018",
    "The gym membership number is 55120034.", "Our room number is 4127, meet us at the lift.",
])
def test_a_business_number_or_a_number_named_as_something_else_is_no_phone(text: str) -> None:
    assert not [kind for kind, _ in found(text) if kind == "phone_number"]


@pytest.mark.parametrize("text", [
    "my new mobile is 07700 900 318, the old one's dead", "You can reach my sister on 07700 900 772.",
    "you can call me at the office on 020 7946 0018", "You can reach our office at +44 20 7946 0958.",
    "my number is 07700 900 123",
])
def test_a_persons_own_number_is_still_a_phone(text: str) -> None:
    assert [kind for kind, _ in found(text) if kind == "phone_number"]


def test_a_code_after_a_long_run_of_word_characters_is_still_read() -> None:
    """The word before "code" is looked for just before it: a pasted blob in front changes nothing."""
    blob = "x" * 20_000
    assert [k for k, _ in found(f"{blob} key safe by the back door, code 4471")] == ["credential"]
    assert not found(f"{blob} my area code is 0161")
