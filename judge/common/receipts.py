"""Canonical JSON and the server's signed receipts, checked without the server.

A receipt acknowledges a write: in game ``game_id`` the events
``from_version``..``to_version`` are stored and the chain head (the hash of
event ``to_version``) is ``chain_head``. It is signed with the server's Ed25519
key; the signed bytes are the canonical JSON (:func:`canonical_bytes`) of::

    {"format": "judge-receipt/1", "game_id": g, "from_version": f,
     "to_version": t, "chain_head": h, "key_id": k}

``key_id`` is the first 16 hex digits of the SHA-256 of the raw 32-byte public
key. docs/record-format.md describes the same bytes for any language.

The server (judge/domain/chain.py) signs with these definitions, so the client
and the server cannot disagree on what is signed.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


RECEIPT_FORMAT = "judge-receipt/1"
ALGORITHM = "Ed25519"


def canonical_bytes(data: Any) -> bytes:
    """Sorted keys, no white space, UTF-8: equal data gives equal bytes.

    ``allow_nan=False``: what is hashed or signed must be plain JSON (an
    imported record may carry ``NaN``, which ``json.loads`` accepts), so it is
    refused here.

    >>> canonical_bytes({"b": 1, "a": [True, None, "Tür"]}).decode()
    '{"a":[true,null,"Tür"],"b":1}'
    """
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def key_id_of(public_key: bytes) -> str:
    """A short id of a raw Ed25519 public key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(public_key).hexdigest()[:16]


def verify_signature(public_key: bytes, signature: bytes, message: bytes) -> bool:
    """True if ``signature`` is the Ed25519 signature of ``message`` by ``public_key``."""
    from cryptography.exceptions import InvalidSignature  # loaded when a receipt is first checked
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def b64(data: bytes) -> str:
    """Standard base64 with padding."""
    return base64.b64encode(data).decode("ascii")


def unb64(text: Any) -> bytes:
    """Bytes from canonical standard base64; ``ValueError`` for anything else."""
    if not isinstance(text, str):
        raise ValueError("expected base64 text")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError) as e:
        raise ValueError(f"not base64: {e}") from e
    if b64(raw) != text:
        raise ValueError("not in canonical base64")
    return raw


@dataclass(frozen=True)
class Receipt:
    """The server's signed acknowledgement of a write: in game ``game_id``
    the events ``from_version``..``to_version`` are stored, and the chain
    head (the hash of event ``to_version``) is ``chain_head``."""

    game_id: str
    from_version: int
    to_version: int
    chain_head: str
    key_id: str
    signature: bytes

    def message(self) -> bytes:
        """The bytes that are signed."""
        return canonical_bytes({
            "format": RECEIPT_FORMAT, "game_id": self.game_id, "from_version": self.from_version,
            "to_version": self.to_version, "chain_head": self.chain_head, "key_id": self.key_id,
        })

    def with_signature(self, signature: bytes) -> Receipt:
        return Receipt(self.game_id, self.from_version, self.to_version, self.chain_head,
                       self.key_id, signature)

    def verify(self, public_key: bytes) -> bool:
        """True if this receipt was signed by ``public_key``."""
        return self.key_id == key_id_of(public_key) and \
            verify_signature(public_key, self.signature, self.message())

    def to_dict(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "from_version": self.from_version,
                "to_version": self.to_version, "chain_head": self.chain_head,
                "key_id": self.key_id, "signature": b64(self.signature)}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Receipt:
        """Parse a receipt; ``ValueError`` names the field that is wrong."""
        for name, kind in (("game_id", str), ("from_version", int), ("to_version", int),
                           ("chain_head", str), ("key_id", str), ("signature", str)):
            value = data.get(name)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ValueError(f"{name}: expected {'a string' if kind is str else 'an integer'}")
        return Receipt(data["game_id"], data["from_version"], data["to_version"],
                       data["chain_head"], data["key_id"], unb64(data["signature"]))


def public_key_from_text(text: str) -> bytes:
    """A raw Ed25519 public key from hex (64 digits) or base64 text."""
    value = text.strip()
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raw = unb64(value)
    if len(raw) != 32:
        raise ValueError("an Ed25519 public key has 32 bytes")
    return raw
