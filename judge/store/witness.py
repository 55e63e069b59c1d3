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

Besides the heads, three kinds of sealed lines (``ServerKey.seal``, field
``witness``):

* ``game``: written *before* the transaction that stores a new game commits,
  so that every stored game has a line even after a crash right after the
  commit. A stored game with no line at all was removed from the witness with
  its events' evidence: the check names it (judge/app/integrity.py);
* ``credentials``: the version a game's credentials reached (a token
  rotation), so that deleting a rotation, which would bring the old token
  back, is caught like a game cut short;
* ``accepted``: an operator's deliberate acceptance of games the witness did
  not see (``--accept-missing-witness``, or ``--init`` setting an old witness
  aside), with the reason, the games and the time; kept by every compaction.
  A witness begun on an empty record starts with one (reason ``new``, no
  games), so it is never empty afterwards.

On PostgreSQL each replica keeps its own file (``--witness``): the heads it
wrote and those it saw (a game another replica wrote, read before writing
it); there a game without a line is no finding (``covers_every_game``).

``judge witness export`` writes a copy in the same format (the heads of every
game, signed) for an organizer to keep elsewhere; ``judge check --witness
FILE`` compares the record with such a copy.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from judge.domain.chain import Receipt, ServerKey, verify_seal

GAME, CREDENTIALS, ACCEPTED = "game", "credentials", "accepted"
"""The kinds of sealed lines (field ``witness``)."""


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
    """The append-only file of signed game heads (``write=False``: a copy
    that is only read, e.g. by ``judge check``)."""

    def __init__(self, path: str | Path, key: ServerKey, *, write: bool = True):
        self.path = Path(path)
        self.existed = self.path.exists() and self.path.stat().st_size > 0
        """Whether the file held anything when it was opened (a missing witness is an alarm)."""
        self.covers_every_game = True
        """Whether every stored game must have a line (False for a replica on a shared database,
        whose witness holds only the games it wrote and saw)."""
        self.verified: Verified | None = None
        self.games: set[str] = set()
        """Every game the file names (a head or a ``game`` line), as the last read found."""
        self.credentials: dict[str, int] = {}
        """The newest version of each game's credentials the file saw, as the last read found."""
        self.acceptances: list[str] = []
        """The ``accepted`` lines, as the last read found."""
        self._key = key
        self._noted: dict[str, int] = {}  # the newest version noted of each game by this process
        self._lock = threading.Lock()
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600) if write else -1

    @property
    def writable(self) -> bool:
        return self._fd >= 0

    def _append(self, line: str) -> None:
        with self._lock:
            if self._fd < 0:
                raise WitnessError(f"the witness {self.path} is open for reading only")
            os.write(self._fd, line.encode("ascii"))

    def _sealed(self, body: dict[str, object]) -> str:
        return json.dumps(self._key.seal(body), separators=(",", ":"), sort_keys=True) + "\n"

    def saw(self, game_id: str, version: int, chain_head: str, from_version: int | None = None) -> None:
        """Note that ``game_id`` now ends at ``version`` with ``chain_head``: a receipt of the
        versions a write added (``from_version`` to ``version``; the write's answer carries the
        same receipt, so it is signed once), or of ``version`` alone."""
        self._append(head_line(self._key, game_id, version, chain_head, from_version) + "\n")
        self._noted[str(game_id)] = max(version, self._noted.get(str(game_id), 0))

    def seen(self, game_id: str, version: int, chain_head: str) -> None:
        """Note a head read from the store (another replica wrote it), unless a newer one was noted."""
        if version > self._noted.get(str(game_id), 0):
            self.saw(game_id, version, chain_head)

    def new_game(self, game_id: str) -> None:
        """Note, before its first events are committed, that ``game_id`` is being stored."""
        self._append(self._sealed({"witness": GAME, "game_id": str(game_id)}))

    def saw_credentials(self, game_id: str, version: int) -> None:
        """Note that the credentials of ``game_id`` now end at ``version``."""
        self._append(self._sealed({"witness": CREDENTIALS, "game_id": str(game_id), "version": int(version)}))

    def accepted(self, reason: str, games: list[str], at_ms: int) -> None:
        """Record that the operator accepted ``games`` the witness did not see (``reason``: the option)."""
        self._append(self._sealed({"witness": ACCEPTED, "reason": reason, "games": sorted(games), "at_ms": at_ms}))

    def heads(self, verified: Verified | None = None) -> dict[str, Head]:
        """The newest head of every game the witness saw. Raises
        ``WitnessError`` naming the line that cannot be read or verified.
        With ``verified`` (from a checkpoint MAC'd with the server key,
        judge/app/checkpoint.py) the lines of a start of the file that still
        hashes to it are not verified again. Notes what was read and verified
        in ``self.verified``, and the other lines in ``games``,
        ``credentials`` and ``acceptances``."""
        heads: dict[str, Head] = {}
        games: set[str] = set()
        credentials: dict[str, int] = {}
        acceptances: list[str] = []
        try:
            text = self.path.read_text(encoding="ascii") if self.path.exists() or self._fd >= 0 else ""
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
                data = json.loads(line)
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                sealed = "witness" in data
                receipt = None if sealed else Receipt.from_dict(data)
            except (ValueError, TypeError, AttributeError) as e:
                raise WitnessError(f"the witness {self.path} line {number} is not a signed head ({e})") from e
            try:
                signed = verify_seal(self._key.public_key, data) if sealed else \
                    receipt is not None and receipt.verify(self._key.public_key)
            except (ValueError, TypeError):
                signed = False
            if offset > trusted and not signed:
                raise WitnessError(f"the witness {self.path} line {number} is not signed by this judge's key")
            if receipt is not None:
                seen = heads.get(receipt.game_id)
                if seen is None or receipt.to_version > seen.version:
                    heads[receipt.game_id] = Head(receipt.to_version, receipt.chain_head, line)
                continue
            kind, game_id = data.get("witness"), str(data.get("game_id", ""))
            if kind == GAME:
                games.add(game_id)
            elif kind == CREDENTIALS:
                credentials[game_id] = max(credentials.get(game_id, 0), int(data.get("version", 0)))
            elif kind == ACCEPTED:
                acceptances.append(line)
        self.verified = Verified.of(text)
        self.games = games | set(heads)
        self.credentials = credentials
        self.acceptances = acceptances
        return heads

    def compact(self, heads: dict[str, Head]) -> None:
        """Rewrite the file with one line per game (after a clean check): its
        head, or its ``game`` line while it has none; the newest version of
        each game's credentials; and every ``accepted`` line."""
        temporary = self.path.with_name(self.path.name + ".tmp")
        lines = [h.line + "\n" for h in heads.values()]
        lines += [self._sealed({"witness": GAME, "game_id": g}) for g in sorted(self.games - set(heads))]
        lines += [self._sealed({"witness": CREDENTIALS, "game_id": g, "version": v})
                  for g, v in sorted(self.credentials.items())]
        lines += [line + "\n" for line in self.acceptances]
        text = "".join(lines)
        with self._lock:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                os.write(fd, text.encode("ascii"))
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, self.path)
            self.verified = Verified.of(text)  # lines that were verified when read, or written now
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1


def head_line(key: ServerKey, game_id: str, version: int, chain_head: str,
              from_version: int | None = None) -> str:
    """The witness line of a game's head: its receipt signed with ``key``, of the versions
    ``from_version`` to ``version`` that a write added (the receipt its answer carries), or of
    ``version`` alone. The check reads only its end (``to_version``, ``chain_head``)."""
    receipt = key.receipt(game_id, from_version or version, version, chain_head)
    return json.dumps(receipt.to_dict(), separators=(",", ":"), sort_keys=True)


def write_copy(path: str | Path, key: ServerKey, heads: dict[str, tuple[int, str]],
                credentials: dict[str, int]) -> None:
    """Write a witness copy (``judge witness export``): the signed head of
    every game in ``heads`` (game id -> version, chain head) and the version
    of each game's credentials, in the witness file's format."""
    copy = Witness(path, key, write=False)
    copy.games, copy.credentials, copy.acceptances = set(), dict(credentials), []
    copy.compact({g: Head(v, h, head_line(key, g, v, h)) for g, (v, h) in sorted(heads.items())})
