"""Encryption of opted-in sensitive facts (Fernet: AES-128-CBC + HMAC-SHA256).

How a sealed fact is stored: ``text`` holds the Fernet token of ``{"object", "text"}``;
``object`` holds ``sealed:<digest>``, a keyed HMAC of the value's canonical form, so a
repeat of the same value is recognised as a duplicate without decrypting anything, and
nothing about the value can be read without the key; ``sensitivity`` is ``sensitive`` and
``expires_at`` is short. Only :meth:`Vault.open` (behind ``Memory.reveal``, which audits
every call) turns it back into plain text. A hard delete removes the rows, and with them
the ciphertext.

    vault = Vault.from_key(Fernet.generate_key())
    placeholder, token = vault.seal("42 Baker Street", "user lives at 42 Baker Street")
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os

from ..errors import MissingDependencyError, UsageError
from ..policy.dedup import canonical

ENV_KEY = "KRONOGRAPH_ENCRYPTION_KEY"
PLACEHOLDER_PREFIX = "sealed:"


class Vault:
    """Seals and opens sensitive values with one Fernet key."""

    def __init__(self, key: bytes) -> None:
        try:
            from cryptography.fernet import Fernet
        except ImportError as exc:  # pragma: no cover - cryptography is a core dependency
            raise MissingDependencyError("encrypted sensitive facts", "all", str(exc)) from exc
        try:
            self._fernet = Fernet(key)
        except (ValueError, TypeError):
            raise UsageError("encryption_key", "is not a valid Fernet key (32 url-safe base64-encoded bytes)") from None
        self._mac_key = hashlib.sha256(b"kronograph-placeholder:" + base64.urlsafe_b64decode(key)).digest()

    @classmethod
    def from_key(cls, key: str | bytes | None) -> Vault:
        """A vault for ``key``, or for ``$KRONOGRAPH_ENCRYPTION_KEY`` when ``key`` is None."""
        raw = key if key is not None else os.environ.get(ENV_KEY)
        if not raw:
            raise UsageError("encryption_key", f"is not set: pass PolicyConfig(encryption_key=...) or set ${ENV_KEY}")
        return cls(raw.encode() if isinstance(raw, str) else raw)

    def placeholder(self, value: str) -> str:
        """``sealed:<digest>``: equal for paraphrases of one value, meaningless without the key."""
        digest = hmac.new(self._mac_key, canonical(value).encode(), hashlib.sha256).hexdigest()[:24]
        return PLACEHOLDER_PREFIX + digest

    def seal(self, value: str, text: str) -> tuple[str, str]:
        """(placeholder object, ciphertext text) for a sensitive value and its sentence."""
        token = self._fernet.encrypt(json.dumps({"object": value, "text": text}).encode())
        return self.placeholder(value), token.decode()

    def open(self, token: str) -> tuple[str, str]:
        """The (object, text) sealed in ``token``."""
        from cryptography.fernet import InvalidToken

        try:
            data = json.loads(self._fernet.decrypt(token.encode()))
        except InvalidToken:
            raise UsageError("encryption_key", "does not open this fact (a different key sealed it)") from None
        return str(data["object"]), str(data["text"])


def is_sealed(obj: str) -> bool:
    """True for the object of a sealed fact."""
    return obj.startswith(PLACEHOLDER_PREFIX)
