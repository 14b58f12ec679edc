"""Private data is never stored (issue 11): for each sentence, the private value is in no file
of the store after ``add`` (database, -wal, -shm, caches), while the ordinary fact said in the
same sentence is still stored."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from kronograph import Memory

#: (sentence, the private strings, the ordinary fact it also states: (predicate, object))
SENTENCES: list[tuple[str, tuple[str, ...], tuple[str, str]]] = [
    # credentials
    ("I work at Hoopla Labs and my VPN password is Blue!Heron42.", ("Blue!Heron42",), ("works_at", "Hoopla Labs")),
    ("I like jazz; the wifi password at home is marigold77.", ("marigold77",), ("likes", "jazz")),
    ("I live in Leeds and the door code is 9182.", ("9182",), ("lives_in", "Leeds")),
    ("I work at Quorra and my PIN is 6604.", ("6604",), ("works_at", "Quorra")),
    ("I like chess. My Steam password is knightmove.", ("knightmove",), ("likes", "chess")),
    ("I live in Bergen, and the alarm code for the flat is 3390.", ("3390",), ("lives_in", "Bergen")),
    ("I work at Fennel Corp; our API key is sk-test-abcdef1234567890XYZ.", ("sk-test-abcdef1234567890XYZ",),
     ("works_at", "Fennel Corp")),
    ("I like tennis and the gate code to the club is 5150.", ("5150",), ("likes", "tennis")),
    ("I live in Turin. My banking passcode is 771204.", ("771204",), ("lives_in", "Turin")),
    ("I work at Zenbit, and the token for the deploy bot is ghp_Zx81Kq02Lm93Np04Ob15Pc26Qd37Re48Sf59.",
     ("ghp_Zx81Kq02Lm93Np04Ob15Pc26Qd37Re48Sf59",), ("works_at", "Zenbit")),
    ("I like sushi, and my locker combination is 21-07-33.", ("21-07-33",), ("likes", "sushi")),
    # addresses
    ("I work at Acme Robotics and I live at 14 Crane Street, Apt 2C, Cambridge, MA 02139.",
     ("14 Crane Street", "Apt 2C", "02139"), ("works_at", "Acme Robotics")),
    ("I like hiking. My address is 90 Hillside Avenue, Boulder, CO 80302.",
     ("90 Hillside Avenue", "80302"), ("likes", "hiking")),
    ("I work at Mintel; send the parcel to 3 Orchard Lane, Bath BA1 2QT, United Kingdom.",
     ("3 Orchard Lane", "BA1 2QT"), ("works_at", "Mintel")),
    ("I like cycling and my new flat is at 61 rue Oberkampf, 75011 Paris, France.",
     ("61 rue Oberkampf", "75011"), ("likes", "cycling")),
    ("I work at Bluefin. Mail it to 800 Harbor Blvd, Suite 12, San Diego, CA 92101.",
     ("800 Harbor Blvd", "Suite 12", "92101"), ("works_at", "Bluefin")),
    ("I like pottery; I live at 22 Pine Close, Exeter EX4 6PX.", ("22 Pine Close", "EX4 6PX"), ("likes", "pottery")),
    ("I work at Nordlys and our office is 5 Storgata, 0155 Oslo, Norway.", ("5 Storgata", "0155"),
     ("works_at", "Nordlys")),
    ("I like baking. Ship it to 417 Maple Drive, Unit 5, Madison, WI 53703.",
     ("417 Maple Drive", "Unit 5", "53703"), ("likes", "baking")),
    # identity numbers
    ("I work at Castor Bank and my SSN is 219-09-9999.", ("219-09-9999",), ("works_at", "Castor Bank")),
    ("I like opera. My passport number is 498761234.", ("498761234",), ("likes", "opera")),
    ("I live in Derby and my national insurance number is AB123456C.", ("AB123456C",), ("lives_in", "Derby")),
    ("I work at Lumen; my ID number is 310115197802038823.", ("310115197802038823",), ("works_at", "Lumen")),
    ("I like rowing, and my NHS number is 485 777 3456.", ("485 777 3456",), ("likes", "rowing")),
    ("I live in Calgary. My SIN is 130 692 544.", ("130 692 544",), ("lives_in", "Calgary")),
    # cards
    ("I work at Pixelwise and my card number is 4111 1111 1111 1111.", ("4111 1111 1111 1111",),
     ("works_at", "Pixelwise")),
    ("I like surfing; charge 5555-5555-5555-4444 for the lesson.", ("5555-5555-5555-4444",), ("likes", "surfing")),
    ("I live in Porto, and my Amex is 378734493671000.", ("378734493671000",), ("lives_in", "Porto")),
    ("I work at Gridline. Visa 4012888888881881, CVV 321.", ("4012888888881881", "321"), ("works_at", "Gridline")),
    ("I like karaoke and my debit card is 6011 0009 9013 9424.", ("6011 0009 9013 9424",), ("likes", "karaoke")),
    # bank
    ("I work at Tidewater; my IBAN is GB33 BUKB 2020 1555 5555 55.", ("GB33 BUKB 2020 1555 5555 55",),
     ("works_at", "Tidewater")),
    ("I like gardening. Pay into DE44 5001 0517 5407 3249 31.", ("DE44 5001 0517 5407 3249 31",),
     ("likes", "gardening")),
    ("I live in York and my account number is 40308669 with sort code 20-32-06.", ("40308669", "20-32-06"),
     ("lives_in", "York")),
    ("I work at Orbis; routing number 026009593, account 99381204.", ("026009593", "99381204"),
     ("works_at", "Orbis")),
    ("I like fishing, and my savings account is 0071234567.", ("0071234567",), ("likes", "fishing")),
    # phones
    ("I work at Hexa and my number is +1 312 555 0187.", ("+1 312 555 0187", "312 555 0187"), ("works_at", "Hexa")),
    ("I like salsa; call me on 07911 123456.", ("07911 123456",), ("likes", "salsa")),
    ("I live in Lyon. My mobile is +33 6 98 76 54 32.", ("+33 6 98 76 54 32", "98 76 54 32"), ("lives_in", "Lyon")),
    ("I work at Brightwater and my cell is (415) 555-0123.", ("(415) 555-0123", "555-0123"),
     ("works_at", "Brightwater")),
    ("I like poetry. Text me at 646.555.0142.", ("646.555.0142",), ("likes", "poetry")),
    ("I live in Sydney, ring me on 0412 555 019.", ("0412 555 019",), ("lives_in", "Sydney")),
    # e-mail addresses
    ("I work at Kestrel and my email is m.ortega@kestrel.io.", ("m.ortega@kestrel.io",), ("works_at", "Kestrel")),
    ("I like knitting; reach me at knit.queen+shop@gmail.com.", ("knit.queen+shop@gmail.com",), ("likes", "knitting")),
    ("I live in Graz. My email address is f.huber@univie.ac.at.", ("f.huber@univie.ac.at",), ("lives_in", "Graz")),
    ("I work at Sable, write to ops-team@sable.dev for access.", ("ops-team@sable.dev",), ("works_at", "Sable")),
    # health
    ("I work at Vireo and I was diagnosed with epilepsy last year.", ("epilepsy",), ("works_at", "Vireo")),
    ("I like swimming; I'm being treated for depression.", ("depression",), ("likes", "swimming")),
    ("I live in Malmo and I'm HIV-positive.", ("HIV-positive",), ("lives_in", "Malmo")),
    # several in one sentence
    ("I work at Ardent; my SSN is 078-05-1120 and my phone is 202-555-0173.", ("078-05-1120", "202-555-0173"),
     ("works_at", "Ardent")),
    ("I like rugby, my email is sam.k@rugbyclub.org and my PIN is 2468.", ("sam.k@rugbyclub.org", "2468"),
     ("likes", "rugby")),
    ("I live in Cork; card 4242 4242 4242 4242, address 7 Bridge Street, Cork T12 X70A, Ireland.",
     ("4242 4242 4242 4242", "7 Bridge Street", "T12 X70A"), ("lives_in", "Cork")),
    ("I work at Polaris and the password for the staging box is hunter22.", ("hunter22",), ("works_at", "Polaris")),
]


def test_the_suite_is_large_enough() -> None:
    assert len(SENTENCES) >= 50


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Memory]]:
    folder = tmp_path_factory.mktemp("privacy")
    with Memory(folder / "m.db") as mem:  # checked while open: nothing waits for close()
        for i, (sentence, _, _) in enumerate(SENTENCES):
            mem.add(sentence, user_id=f"u{i}")
        yield folder, mem


def occurs(value: str, raw: bytes) -> bool:
    """``value`` in the raw bytes, case-insensitively; a value that starts or ends with a hex
    digit must not touch another one there (ids are hex: '9182' inside an id is not the PIN)."""
    edge_before = r"(?<![0-9a-f])" if value[:1].lower() in "0123456789abcdef" else ""
    edge_after = r"(?![0-9a-f])" if value[-1:].lower() in "0123456789abcdef" else ""
    return re.search((edge_before + re.escape(value.lower()) + edge_after).encode(), raw.lower()) is not None


@pytest.mark.parametrize(("index", "case"), list(enumerate(SENTENCES)), ids=[s[0][:40] for s in SENTENCES])
def test_no_private_string_reaches_any_file(stored, index: int, case) -> None:
    folder, mem = stored
    sentence, private, (predicate, obj) = case
    raw = b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file())  # db, -wal, -shm, caches
    for value in private:
        assert not occurs(value, raw), f"{value!r} of {sentence!r} is in a store file"
    held = [(f.predicate, f.object) for f in mem.facts(user_id=f"u{index}")]
    assert (predicate, obj) in held, (sentence, held)
