"""Sealing sensitive values: ciphertext and a keyed placeholder, opened only with the key."""

from __future__ import annotations

import pytest
from cryptography.fernet import Fernet

from kronograph import UsageError
from kronograph.write.vault import ENV_KEY, Vault, is_sealed


def test_a_sealed_value_opens_only_with_its_key() -> None:
    vault = Vault.from_key(Fernet.generate_key())
    placeholder, token = vault.seal("42 Baker Street", "user lives at 42 Baker Street")
    assert is_sealed(placeholder)
    assert "Baker" not in placeholder and "Baker" not in token
    assert vault.open(token) == ("42 Baker Street", "user lives at 42 Baker Street")
    with pytest.raises(UsageError, match="encryption_key"):
        Vault.from_key(Fernet.generate_key()).open(token)


def test_placeholders_match_for_paraphrases_and_differ_across_keys() -> None:
    key = Fernet.generate_key()
    vault = Vault.from_key(key)
    assert vault.placeholder("42 Baker Street") == vault.placeholder("42 baker street.")
    assert vault.placeholder("42 Baker Street") != vault.placeholder("43 Baker Street")
    assert Vault.from_key(Fernet.generate_key()).placeholder("42 Baker Street") != vault.placeholder("42 Baker Street")


def test_the_key_comes_from_the_environment_when_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    key = Fernet.generate_key()
    monkeypatch.setenv(ENV_KEY, key.decode())
    _, token = Vault.from_key(key).seal("x", "y")
    assert Vault.from_key(None).open(token) == ("x", "y")


def test_a_missing_or_bad_key_is_a_usage_error_naming_the_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_KEY, raising=False)
    with pytest.raises(UsageError, match="encryption_key: is not set"):
        Vault.from_key(None)
    with pytest.raises(UsageError, match="encryption_key: is not a valid Fernet key"):
        Vault.from_key("not-a-key")
