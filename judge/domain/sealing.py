"""Stored credentials and secret seeds, protected with the server key.

A game's credentials (the SHA-256 hashes of its tokens, judge/domain/
credentials.py) live outside the game's hash chain. So that whoever can
write the database cannot put in the hash of a token of their own and act as
a seat, every stored token hash carries a MAC: HMAC-SHA256 over the game id,
the role, the seat and the hash, with a key derived from the server's
Ed25519 key (``ServerKey.derive``). A hash whose MAC does not verify matches
no token, and the start-up check names the game, role and seat.

A dealt game's secret seed decides every later shuffle, draw and roll. It is
stored encrypted with AES-256-GCM under another key derived from the server
key, with the game id as associated data (a sealed seed copied to another
game does not open), so a copy of the database alone cannot predict draws.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from judge.domain.chain import ServerKey, canonical_bytes

MAC_PURPOSE = "judge-credential-mac/1"
SEED_PURPOSE = "judge-seed-encryption/1"
MAC_FORMAT = "judge-credential/1"
SEALED_SEED_PREFIX = "aesgcm1:"
NONCE_BYTES = 12


class SealError(Exception):
    """A sealed seed that does not open with this server key (altered, or
    written with another key)."""


class CredentialSeal:
    """MACs of stored token hashes and encryption of secret seeds, both
    with keys derived from the server key."""

    HELD_KEPT = 65_536
    """Stored entries whose MAC held, kept so that a token's every call does not compute it again."""

    def __init__(self, key: ServerKey):
        self._mac_key = key.derive(MAC_PURPOSE)
        self._aead = AESGCM(key.derive(SEED_PURPOSE))
        self._held: dict[tuple[str, str, int | None, str, str], bool] = {}

    def mac(self, game_id: str, role: str, seat: int | None, token_hash: str) -> str:
        """The hex MAC of one stored token hash."""
        message = canonical_bytes({"format": MAC_FORMAT, "game_id": str(game_id), "role": role,
                                   "seat": seat, "token_hash": token_hash})
        return hmac.new(self._mac_key, message, hashlib.sha256).hexdigest()

    def holds(self, game_id: str, role: str, seat: int | None, token_hash: str, mac: str | None) -> bool:
        """True if ``mac`` is the MAC of this token hash (constant time)."""
        if not isinstance(mac, str):
            return False
        entry = (str(game_id), role, seat, token_hash, mac)
        if entry in self._held:  # this very entry (hash and MAC) held before: it holds now
            return True
        held = hmac.compare_digest(self.mac(game_id, role, seat, token_hash), mac)
        if held:
            if len(self._held) >= self.HELD_KEPT:
                self._held.clear()
            self._held[entry] = True
        return held

    def seal_seed(self, game_id: str, seed: bytes) -> str:
        """The seed encrypted for storage: ``aesgcm1:`` + hex(nonce + ciphertext)."""
        nonce = secrets.token_bytes(NONCE_BYTES)
        return SEALED_SEED_PREFIX + (nonce + self._aead.encrypt(nonce, seed, str(game_id).encode("utf-8"))).hex()

    def open_seed(self, game_id: str, sealed: str) -> bytes:
        """The seed a ``seal_seed`` text holds; ``SealError`` if it does not open."""
        if not isinstance(sealed, str) or not sealed.startswith(SEALED_SEED_PREFIX):
            raise SealError("not a sealed seed")
        try:
            raw = bytes.fromhex(sealed[len(SEALED_SEED_PREFIX):])
            return self._aead.decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], str(game_id).encode("utf-8"))
        except (ValueError, InvalidTag) as e:
            raise SealError("the sealed seed does not open with this server key (altered, or another key)") from e


__all__ = ["CredentialSeal", "SealError"]
