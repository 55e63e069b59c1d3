"""The hash chain of a game's events, and the server's signed receipts.

Chain
    Every stored game event carries ``prev_hash``, the hash of the event
    before it, and a random ``salt``. The hash of an event is the SHA-256 of
    the canonical JSON (sorted keys, no white space, UTF-8) of its record
    line without the ``hash`` field::

        {"version": v, "kind": k, "recorded_at_ms": t, <the kind's fields>,
         "salt": s, "prev_hash": p}

    The first event's ``prev_hash`` is the chain's genesis, derived from the
    game id (:func:`genesis`), so a chain belongs to one game. The salt makes
    hashes useless for guessing hidden data: a seat that holds a receipt (a
    chain head) cannot try card ids until one hashes to it.

Receipts
    Each write (creation, accepted command, dispute, import) is acknowledged
    with a :class:`Receipt`: game id, the version range written, and the
    chain head after it, signed with the server's Ed25519 key
    (:class:`ServerKey`). Ed25519 signatures are deterministic, so the
    receipt of a stored event can be issued again, byte for byte, e.g. when
    the game is exported.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import secrets
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

log = logging.getLogger(__name__)

GENESIS_PREFIX = b"judge-chain/1\x00"
RECEIPT_FORMAT = "judge-receipt/1"
SEAL_FORMAT = "judge-seal/1"
ALGORITHM = "Ed25519"


def canonical_bytes(data: Any) -> bytes:
    """Sorted keys, no white space, UTF-8: equal data gives equal bytes.

    ``judge.rules.engine.canonical_json`` with ``allow_nan=False``: what is
    hashed or signed must be plain JSON (an imported record may carry
    ``NaN``, which ``json.loads`` accepts), so it is refused here."""
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def genesis(game_id: str) -> str:
    """The ``prev_hash`` of a game's first event."""
    return hashlib.sha256(GENESIS_PREFIX + str(game_id).encode("utf-8")).hexdigest()


def new_salt() -> str:
    """A fresh random salt for one event (128 bits, hex)."""
    return secrets.token_hex(16)


def chain_line(
    version: int, kind: str, recorded_at_ms: int, data: Mapping[str, Any], salt: str, prev_hash: str
) -> dict[str, Any]:
    """The record line of an event, without its ``hash``."""
    return {"version": version, "kind": kind, "recorded_at_ms": recorded_at_ms, **data,
            "salt": salt, "prev_hash": prev_hash}


def line_hash(line: Mapping[str, Any]) -> str:
    """The hash of a record line (its ``hash`` field, if any, left out)."""
    return hashlib.sha256(canonical_bytes({k: v for k, v in line.items() if k != "hash"})).hexdigest()


# --------------------------------------------------------------------------- keys


def key_id_of(public_key: bytes) -> str:
    """A short id of a raw Ed25519 public key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(public_key).hexdigest()[:16]


class KeyFileError(Exception):
    """The server key file cannot be used (unreadable, wrong format, too open)."""


class ServerKey:
    """The server's Ed25519 signing key.

    ``ServerKey.load_or_create(path)`` reads a PEM (PKCS#8) key, or creates
    one with mode 0600 if the file does not exist; a key file that group or
    others may read is refused.
    """

    def __init__(self, private_key: Ed25519PrivateKey):
        self._private = private_key
        self.public_key: bytes = private_key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        self.key_id = key_id_of(self.public_key)

    @classmethod
    def generate(cls) -> ServerKey:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def load_or_create(cls, path: str | Path) -> ServerKey:
        file = Path(path)
        if not file.exists():
            key = Ed25519PrivateKey.generate()
            pem = key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
            file.parent.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                return cls.load(file)  # created meanwhile by another process
            with os.fdopen(fd, "wb") as out:
                out.write(pem)
                out.flush()
                os.fsync(out.fileno())
            log.info("created the server key %s", file)
            return cls(key)
        return cls.load(file)

    @classmethod
    def load(cls, path: str | Path) -> ServerKey:
        file = Path(path)
        try:
            mode = file.stat().st_mode
            if mode & (stat.S_IRWXG | stat.S_IRWXO):
                raise KeyFileError(
                    f"the server key {file} may be read by others (mode {stat.S_IMODE(mode):04o});"
                    f" run: chmod 600 {file}"
                )
            data = file.read_bytes()
        except OSError as e:
            raise KeyFileError(f"cannot read the server key {file}: {e.strerror or e}") from e
        try:
            key = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError) as e:
            raise KeyFileError(f"{file} is not a PEM private key: {e}") from e
        if not isinstance(key, Ed25519PrivateKey):
            raise KeyFileError(f"{file} holds a {type(key).__name__}, not an Ed25519 key")
        return cls(key)

    def sign(self, message: bytes) -> bytes:
        return self._private.sign(message)

    def derive(self, purpose: str) -> bytes:
        """A 32-byte secret key for ``purpose``, derived from this private key
        with HKDF-SHA256 (judge/domain/sealing.py: the credentials' MAC key
        and the seed encryption key). Another purpose gives an unrelated key."""
        raw = self._private.private_bytes(
            serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption())
        return HKDF(algorithm=hashes.SHA256(), length=32, salt=b"judge-server-key/1",
                    info=purpose.encode("utf-8")).derive(raw)

    def receipt(self, game_id: str, from_version: int, to_version: int, chain_head: str) -> Receipt:
        """The signed receipt of a write."""
        unsigned = Receipt(str(game_id), from_version, to_version, chain_head, self.key_id, b"")
        return unsigned.with_signature(self.sign(unsigned.message()))

    def seal(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A signature over ``body`` (canonical JSON) with this key."""
        message = canonical_bytes({"format": SEAL_FORMAT, **body})
        return {**body, "key_id": self.key_id, "signature": _b64(self.sign(message))}


def verify_signature(public_key: bytes, signature: bytes, message: bytes) -> bool:
    """True if ``signature`` is the Ed25519 signature of ``message`` by ``public_key``."""
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def verify_seal(public_key: bytes, seal: Mapping[str, Any]) -> bool:
    """True if a seal made by :meth:`ServerKey.seal` is intact."""
    body = {k: v for k, v in seal.items() if k not in ("key_id", "signature")}
    try:
        signature = _unb64(seal.get("signature"))
    except ValueError:
        return False
    if seal.get("key_id") != key_id_of(public_key):
        return False
    return verify_signature(public_key, signature, canonical_bytes({"format": SEAL_FORMAT, **body}))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any) -> bytes:
    if not isinstance(text, str):
        raise ValueError("expected base64 text")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError) as e:
        raise ValueError(f"not base64: {e}") from e
    if _b64(raw) != text:
        raise ValueError("not in canonical base64")
    return raw


# --------------------------------------------------------------------------- receipts


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
                "key_id": self.key_id, "signature": _b64(self.signature)}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Receipt:
        """Parse a receipt; ``ValueError`` names the field that is wrong."""
        for name, kind in (("game_id", str), ("from_version", int), ("to_version", int),
                           ("chain_head", str), ("key_id", str), ("signature", str)):
            value = data.get(name)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ValueError(f"{name}: expected {'a string' if kind is str else 'an integer'}")
        return Receipt(data["game_id"], data["from_version"], data["to_version"],
                       data["chain_head"], data["key_id"], _unb64(data["signature"]))


def public_key_from_text(text: str) -> bytes:
    """A raw Ed25519 public key from hex (64 digits) or base64 text."""
    value = text.strip()
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raw = _unb64(value)
    if len(raw) != 32:
        raise ValueError("an Ed25519 public key has 32 bytes")
    return raw
