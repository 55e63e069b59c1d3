"""A witness of every game's head, kept outside the event table.

The hash chain catches an event altered in the database, but not the newest
events deleted with it: the shorter chain is still a valid chain. So after
each append the judge also writes the game's new head to a file beside the
database (``<db>.witness``): one line per append, a receipt signed with the
server key (game id, version, chain head; see ``judge.domain.chain``). At
start-up the check compares the database with the latest head the witness
saw of each game: a game whose newest events are gone, or whose witnessed
event was replaced, stops the start, naming the game and the versions.

The witness is written after the database transaction commits, so after a
crash it may lag behind the database (never the other way round); a lagging
witness is fine. Each line is signed, so lines cannot be forged; a line that
does not verify stops the start as well. After a clean check the file is
rewritten with one line per game. The start-up checkpoint (judge/app/
checkpoint.py) records the length and SHA-256 of the part of the file whose
lines were verified, under its MAC; while the file still starts with exactly
that part, its lines are read without verifying their signatures again. The clients' receipts remain the witness
an operator cannot rewrite (``judge verify --receipts``).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from judge.domain.chain import Receipt, ServerKey


class WitnessError(Exception):
    """The witness file cannot be read or holds a line that does not verify."""


@dataclass(frozen=True)
class Head:
    """The newest version of a game the witness saw, and its chain head."""

    version: int
    chain_head: str
    line: str


@dataclass(frozen=True)
class Verified:
    """A start of the witness file whose every line was verified: its
    length (characters, ASCII) and its SHA-256."""

    length: int
    sha256: str

    @classmethod
    def of(cls, text: str) -> Verified:
        return cls(len(text), hashlib.sha256(text.encode("ascii")).hexdigest())


class Witness:
    """The append-only file of signed game heads."""

    def __init__(self, path: str | Path, key: ServerKey):
        self.path = Path(path)
        self.verified: Verified | None = None
        self._key = key
        self._lock = threading.Lock()
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def saw(self, game_id: str, version: int, chain_head: str, from_version: int | None = None) -> None:
        """Note that ``game_id`` now ends at ``version`` with ``chain_head``: a receipt of the
        versions a write added (``from_version`` to ``version``; the write's answer carries the
        same receipt, so it is signed once), or of ``version`` alone."""
        receipt = self._key.receipt(game_id, from_version or version, version, chain_head)
        line = json.dumps(receipt.to_dict(), separators=(",", ":"), sort_keys=True) + "\n"
        with self._lock:
            os.write(self._fd, line.encode("ascii"))

    def heads(self, verified: Verified | None = None) -> dict[str, Head]:
        """The newest head of every game the witness saw. Raises
        ``WitnessError`` naming the line that cannot be read or verified.
        With ``verified`` (from a checkpoint MAC'd with the server key,
        judge/app/checkpoint.py) the lines of a start of the file that still
        hashes to it are not verified again. Notes what was read and verified
        in ``self.verified``."""
        heads: dict[str, Head] = {}
        try:
            text = self.path.read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError) as e:
            raise WitnessError(f"the witness {self.path} cannot be read: {e}") from e
        trusted = 0
        if verified is not None and verified.length <= len(text) and \
                hashlib.sha256(text[:verified.length].encode("ascii")).hexdigest() == verified.sha256:
            trusted = verified.length
        offset = 0
        for number, line in enumerate(text.splitlines(keepends=True), start=1):
            offset += len(line)
            line = line.rstrip("\r\n")
            if not line.strip():
                continue
            try:
                receipt = Receipt.from_dict(json.loads(line))
            except (ValueError, TypeError, AttributeError) as e:
                raise WitnessError(f"the witness {self.path} line {number} is not a signed head ({e})") from e
            if offset > trusted and not receipt.verify(self._key.public_key):
                raise WitnessError(f"the witness {self.path} line {number} is not signed by this judge's key")
            seen = heads.get(receipt.game_id)
            if seen is None or receipt.to_version > seen.version:
                heads[receipt.game_id] = Head(receipt.to_version, receipt.chain_head, line)
        self.verified = Verified.of(text)
        return heads

    def compact(self, heads: dict[str, Head]) -> None:
        """Rewrite the file with one line per game (after a clean check)."""
        temporary = self.path.with_name(self.path.name + ".tmp")
        text = "".join(h.line + "\n" for h in heads.values())
        with self._lock:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(fd, text.encode("ascii"))
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, self.path)
            self.verified = Verified.of(text)  # lines that were verified when read
            os.close(self._fd)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
