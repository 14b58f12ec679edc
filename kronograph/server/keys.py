"""API keys for the REST server: each key holds a set of user ids (``"*"``: every user).

    KRONOGRAPH_API_KEYS='{"k-support": ["u1", "u2"], "k-admin": ["*"]}' kronograph serve
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import os
from pathlib import Path

from ..errors import UsageError
from ..write.statement import valid_unicode

ENV_VAR = "KRONOGRAPH_API_KEYS"
EVERY_USER = "*"


class KeyRing:
    """Which users each key may act for."""

    def __init__(self, grants: dict[str, frozenset[str]]) -> None:
        self._grants = grants

    @classmethod
    def parse(cls, text: str, source: str) -> KeyRing:
        """Keys from their JSON form; ``source`` names where the text came from in errors."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(source, f"is not valid JSON ({exc.msg})") from None
        except RecursionError:
            raise UsageError(source, "is JSON nested too deep to read") from None
        if not isinstance(data, dict) or not data:
            raise UsageError(source, 'expected a non-empty object {"<key>": ["<user_id>", ...]}')
        grants: dict[str, frozenset[str]] = {}
        for key, users in data.items():
            if users == EVERY_USER:
                users = [EVERY_USER]
            if not key.strip() or not isinstance(users, list) or not all(isinstance(u, str) and u for u in users):
                raise UsageError(source, f'key {key[:4]}...: expected a list of user ids or "*"')
            for text in (key, *users):  # a "\ud800" escape could never be matched by a request
                valid_unicode(text, source)
            grants[key] = frozenset(users)
        return cls(grants)

    @classmethod
    def load(cls, keys_file: str | None) -> KeyRing | None:
        """Keys from ``keys_file`` (JSON), else ``$KRONOGRAPH_API_KEYS``; ``None`` when neither is set."""
        if keys_file is not None:
            try:
                text = Path(keys_file).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise UsageError("keys", f"cannot read {keys_file}: {exc}") from None
            return cls.parse(text, "keys")
        text = os.environ.get(ENV_VAR, "").strip()
        return cls.parse(text, ENV_VAR) if text else None

    def users_for(self, key: str) -> frozenset[str] | None:
        """The users ``key`` holds, or ``None`` for an unknown key (compared in constant time)."""
        found = None
        for known, users in self._grants.items():
            if hmac.compare_digest(known.encode(), key.encode()):
                found = users
        return found

    @staticmethod
    def allows(users: frozenset[str], user_id: str | None) -> bool:
        """Whether a key holding ``users`` may act for ``user_id`` (``None``: every user at once)."""
        return EVERY_USER in users or (user_id is not None and user_id in users)


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server on this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
