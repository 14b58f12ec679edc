"""The REST API over real HTTP (httpx) against `kronograph serve` in a subprocess."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from kronograph import UsageError
from kronograph.cli import main

from .conftest import Served

httpx = pytest.importorskip("httpx")


def as_(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def request(server: Served, method: str, path: str, key: str | None = "key-admin", **kwargs: Any) -> httpx.Response:
    return httpx.request(method, server.url + path, headers=as_(key), timeout=60.0, **kwargs)


def test_a_conversation_over_http(server: Served) -> None:
    r = request(server, "POST", "/v1/users/alice/messages", "key-alice",
                json={"content": "I live in Shanghai.", "reference_time": "2026-01-05T10:00:00Z"})
    assert r.status_code == 200, r.text
    r = request(server, "POST", "/v1/users/alice/messages", "key-alice",
                json={"content": [{"role": "user", "content": "I moved from Shanghai to Hangzhou last month.",
                                   "name": "Alice"}], "reference_time": "2026-05-04T10:00:00Z", "run_id": "s1"})
    moved = r.json()
    assert r.status_code == 200 and [f["object"] for f in moved["stored"]] == ["Hangzhou"]
    assert [f["object"] for f in moved["superseded"]] == ["Shanghai"]
    now = request(server, "GET", "/v1/users/alice/facts", "key-alice", params={"predicate": "lives_in"}).json()
    then = request(server, "GET", "/v1/users/alice/facts", "key-alice",
                   params={"predicate": "lives_in", "as_of": "2026-02-01"}).json()
    assert [f["object"] for f in now["facts"]] == ["Hangzhou"] and [f["object"] for f in then["facts"]] == ["Shanghai"]
    history = request(server, "GET", "/v1/users/alice/history", "key-alice").json()
    assert [(f["object"], f["status"]) for f in history["facts"]] == [("Shanghai", "superseded"), ("Hangzhou", "active")]
    hits = request(server, "GET", "/v1/users/alice/search", "key-alice",
                   params={"q": "where does the user live", "k": 5}).json()["hits"]
    assert hits[0]["kind"] == "fact" and hits[0]["fact"]["object"] == "Hangzhou"
    block = request(server, "GET", "/v1/users/alice/context", "key-alice",
                    params={"q": "where does the user live", "max_tokens": 200}).json()["context"]
    # Issue 13: context() shows earlier values only marked as earlier.
    lines = block.splitlines()
    current = lines[:lines.index("Earlier (replaced since):")] if "Earlier (replaced since):" in lines else lines
    assert any("Hangzhou" in line for line in current)
    assert all("Hangzhou" in line for line in current if "Shanghai" in line)


def test_add_fact_forget_and_maintain(server: Served) -> None:
    r = request(server, "POST", "/v1/users/bob/facts", "key-bob",
                json={"subject": "user", "predicate": "phone", "object": "555-0100", "valid_from": "2026-01-01"})
    assert r.status_code == 200, r.text
    fact_id = r.json()["stored"][0]["id"]
    r = request(server, "DELETE", f"/v1/users/bob/facts/{fact_id}", "key-bob", params={"hard": "true"})
    assert r.status_code == 200 and r.json() == {"forgotten": [fact_id], "hard": True}
    assert request(server, "GET", "/v1/users/bob/history", "key-bob").json() == {"facts": []}
    r = request(server, "DELETE", f"/v1/users/bob/facts/{fact_id}", "key-bob")
    assert r.status_code == 404 and fact_id in r.json()["detail"]
    r = request(server, "POST", "/v1/maintain", "key-admin", params={"now": "2026-06-01"})
    assert r.status_code == 200 and set(r.json()) >= {"expired", "archived", "merged", "purged"}


def test_keys_401_and_403_touch_nothing(server: Served) -> None:
    request(server, "POST", "/v1/users/carol/facts", "key-bob",
            json={"subject": "user", "predicate": "lives_in", "object": "Oslo"})
    for key in (None, "wrong-key"):
        assert request(server, "GET", "/v1/users/carol/facts", key).status_code == 401
    assert request(server, "GET", "/healthz", None).status_code == 200
    carol_id = request(server, "GET", "/v1/users/carol/facts", "key-bob").json()["facts"][0]["id"]
    attempts = [("GET", "/v1/users/carol/facts", {}), ("GET", "/v1/users/carol/history", {}),
                ("GET", "/v1/users/carol/search", {"params": {"q": "Oslo"}}),
                ("GET", "/v1/users/carol/context", {"params": {"q": "Oslo"}}),
                ("POST", "/v1/users/carol/messages", {"json": {"content": "I live in Bergen."}}),
                ("POST", "/v1/users/carol/facts", {"json": {"subject": "user", "predicate": "lives_in",
                                                            "object": "Bergen"}}),
                ("DELETE", f"/v1/users/carol/facts/{carol_id}", {"params": {"hard": "true"}}),
                ("POST", "/v1/maintain", {})]
    for method, path, kwargs in attempts:
        r = request(server, method, path, "key-alice", **kwargs)
        assert r.status_code == 403, (method, path, r.text)
    r = request(server, "GET", "/v1/users/carol/history", "key-bob").json()
    assert [(f["object"], f["status"]) for f in r["facts"]] == [("Oslo", "active")]


def test_bad_input_is_422_naming_the_field(server: Served) -> None:
    cases = [
        ("GET", "/v1/users/alice/facts", {"params": {"as_of": "not a date"}}, "as_of"),
        ("GET", "/v1/users/alice/search", {}, "q"),
        ("GET", "/v1/users/alice/search", {"params": {"q": "x", "k": 0}}, "k"),
        ("POST", "/v1/users/alice/messages", {"json": {"text": "wrong field"}}, "content"),
        ("POST", "/v1/users/alice/facts", {"json": {"subject": "user", "predicate": "lives_in", "object": "X",
                                                    "valid_from": "soon"}}, "valid_from"),
        ("POST", "/v1/users/alice/facts", {"json": {"subject": "user", "predicate": "lives_in", "object": "X",
                                                    "confidence": 7}}, "confidence"),
        ("POST", "/v1/users/alice/facts", {"json": {"subject": "user", "predicate": "lives_in", "object": "X",
                                                    "valid_from": "0001-01-01T00:00:00+14:00"}}, "valid_from"),
        ("POST", "/v1/users/alice/messages", {"content": b"{not json", "headers": {"content-type":
                                                                                  "application/json"}}, "body"),
    ]
    for method, path, kwargs, field in cases:
        headers = {**as_("key-alice"), **kwargs.pop("headers", {})}
        r = httpx.request(method, server.url + path, headers=headers, timeout=60.0, **kwargs)
        assert r.status_code == 422, (path, r.text)
        assert field in r.text and "Traceback" not in r.text, (field, r.text)


@pytest.mark.parametrize(("now", "problem"), [
    ("1969-12-31T23:59:59Z", "is before 1970-01-01"),
    ("0001-01-01T00:00:00+14:00", "is outside the years 1-9999 in UTC"),
    ("soon", "is not an ISO-8601 time"),
])
def test_maintain_with_a_time_it_cannot_run_at_is_422_naming_now(server: Served, now: str, problem: str) -> None:
    request(server, "POST", "/v1/users/alice/facts", "key-alice",
            json={"subject": "user", "predicate": "drinks", "object": "tea", "memory_type": "task",
                  "expires_at": "2026-01-02"})
    before = request(server, "GET", "/v1/users/alice/history", "key-alice").json()
    r = request(server, "POST", "/v1/maintain", "key-admin", params={"now": now})
    assert r.status_code == 422, r.text
    (error,) = r.json()["detail"]
    assert error["loc"] == ["now"] and problem in error["msg"] and "Traceback" not in r.text
    assert request(server, "GET", "/v1/users/alice/history", "key-alice").json() == before


def test_percent_escapes_that_are_not_utf8_are_422_naming_the_part(server: Served) -> None:
    """%FF and %FE would both be read as U+FFFD: two user ids naming one memory."""
    for user in ("%FF", "%FE", "%ED%A0%80"):  # the last: a UTF-16 surrogate written as UTF-8
        r = request(server, "POST", f"/v1/users/{user}/messages", json={"content": "I live in Oslo."})
        assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["path"], r.text
        assert "not valid UTF-8" in r.json()["detail"][0]["msg"]
    r = request(server, "DELETE", "/v1/users/alice/facts/x%FF", "key-alice", params={"hard": "true"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["path"], r.text
    for query in ("q=tea%FF", "q=tea&as_of=%C0%AF"):
        r = request(server, "GET", f"/v1/users/alice/search?{query}", "key-alice")
        assert r.status_code == 422 and r.json()["detail"][0]["loc"][0] == "query", r.text
        assert r.json()["detail"][0]["loc"][1] in query.split("&")[-1], r.text
    r = request(server, "GET", "/v1/users/alice/search", "key-alice", params={"q": "thé à Zürich"})
    assert r.status_code == 200, r.text
    everyone = request(server, "GET", "/v1/users/\ufffd/history").json()
    assert everyone == {"facts": []}


def test_bodies_over_the_limit_are_refused(server: Served) -> None:
    r = request(server, "POST", "/v1/users/alice/messages", "key-alice", json={"content": "x" * (2 << 20)})
    assert r.status_code == 413
    docs = request(server, "GET", "/openapi.json", None).json()
    assert "/v1/users/{user_id}/messages" in docs["paths"] and "/v1/maintain" in docs["paths"]


def test_serve_refuses_a_public_address_without_keys(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("KRONOGRAPH_API_KEYS", raising=False)
    result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "x.db"), "--host", "0.0.0.0"])
    assert result.exit_code == 1 and "refusing to bind 0.0.0.0 without API keys" in result.output
    assert not (tmp_path / "x.db").exists()
    (tmp_path / "keys.json").write_text('{"k": "not a list"}')
    result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "x.db"), "--keys", str(tmp_path / "keys.json")])
    assert result.exit_code == 1 and "keys" in result.output
    (tmp_path / "keys.json").write_text("[" * 100_000)
    result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "x.db"), "--keys", str(tmp_path / "keys.json")])
    assert result.exit_code == 1 and result.output.startswith("Error: keys: is JSON nested too deep"), result.output
    assert not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("text", ['{"k\\ud800": ["u1"]}', '{"k": ["u\\udcff"]}'])
def test_a_key_or_user_that_is_not_unicode_text_is_refused_when_keys_are_read(text: str) -> None:
    from kronograph.server.keys import KeyRing

    with pytest.raises(UsageError, match="lone surrogate") as caught:  # else every request would fail on it
        KeyRing.parse(text, "KRONOGRAPH_API_KEYS")
    assert caught.value.field == "KRONOGRAPH_API_KEYS"
