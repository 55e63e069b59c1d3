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

import hashlib
import logging
import os
import secrets
import stat
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

# Canonical JSON, key ids and receipts are defined in the client package (which
# the server depends on), so what the server signs is what a client checks.
from judge.common.receipts import (  # noqa: F401 (re-exported)
    ALGORITHM,
    RECEIPT_FORMAT,
    Receipt,
    canonical_bytes,
    key_id_of,
    public_key_from_text,
    verify_signature,
)
from judge.common.receipts import b64 as _b64
from judge.common.receipts import unb64 as _unb64

log = logging.getLogger(__name__)

GENESIS_PREFIX = b"judge-chain/1\x00"
SEAL_FORMAT = "judge-seal/1"


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


class KeyFileError(Exception):
    """The server key file cannot be used (unreadable, wrong format, too open)."""


class ServerKey:
    """The server's Ed25519 signing key.

    ``ServerKey.load_or_create(path)`` reads a PEM (PKCS#8) key, or creates
    one with mode 0600 if the file does not exist; a key file that group or
    others may read is refused.
    """

    RECENT_RECEIPTS = 256
    """Receipts kept after signing: the witness and the answer of a write ask for the same one."""

    def __init__(self, private_key: Ed25519PrivateKey):
        self._private = private_key
        self._recent: OrderedDict[tuple[str, int, int, str], Receipt] = OrderedDict()
        self._recent_lock = threading.Lock()
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
        """The signed receipt of a write. The same receipt asked for again soon (the witness's line
        of a write, then the write's answer) is signed once: Ed25519 signatures are deterministic,
        so the kept one is the very signature signing again would give."""
        asked = (str(game_id), from_version, to_version, chain_head)
        with self._recent_lock:
            kept = self._recent.get(asked)
        if kept is not None:
            return kept
        unsigned = Receipt(str(game_id), from_version, to_version, chain_head, self.key_id, b"")
        signed = unsigned.with_signature(self.sign(unsigned.message()))
        with self._recent_lock:
            self._recent[asked] = signed
            while len(self._recent) > self.RECENT_RECEIPTS:
                self._recent.popitem(last=False)
        return signed

    def seal(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A signature over ``body`` (canonical JSON) with this key."""
        message = canonical_bytes({"format": SEAL_FORMAT, **body})
        return {**body, "key_id": self.key_id, "signature": _b64(self.sign(message))}


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
