"""Credentials of a game: SHA-256 hashes of its tokens, in their own aggregate.

Every game has one secret token per seat, one for the organizer and a
read-only one for spectators. Tokens are shown once, at creation (or import,
or when the organizer rotates one); only their hashes are stored, in a
``Credentials`` aggregate whose id is derived from the game id, so neither
tokens nor hashes ever appear in a game's events, views or exports.

A dealt game's secret seed lives here too, never in the game's events: the
game commits to its SHA-256 at creation and the rules reveal it when the
game ends.

Both are protected with the server key (judge/domain/sealing.py): every
stored hash carries a MAC over game id, role, seat and hash, checked on every
use (a hash without a valid MAC matches no token), and the seed is stored
encrypted. Credentials stored before this carry no MACs and a plain seed
(``secret_seed``); ``seal`` adds both once (``judge serve --seal-credentials``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

from judge.domain.sealing import CredentialSeal, SealError
from judge.rules.engine import ORGANIZER, SPECTATOR, Viewer

ROLES = ("seat", "organizer", "spectator")

# Namespace of the credentials ids: uuid5(CREDENTIALS_NAMESPACE, game id).
CREDENTIALS_NAMESPACE = UUID("0c1f6f55-43b6-4f0e-9a57-6a3c59b5c2de")


def credentials_id(game_id: str) -> UUID:
    """The id of a game's credentials aggregate."""
    return uuid5(CREDENTIALS_NAMESPACE, str(game_id))


def token_hash(token: str) -> str:
    """The stored form of a token: hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Tokens:
    """Freshly issued tokens of a game (never stored)."""

    seats: list[str]
    organizer: str
    spectator: str

    @staticmethod
    def issue(seat_count: int) -> Tokens:
        """New random tokens: ``secrets.token_urlsafe(32)`` each."""
        return Tokens(
            seats=[secrets.token_urlsafe(32) for _ in range(seat_count)],
            organizer=secrets.token_urlsafe(32),
            spectator=secrets.token_urlsafe(32),
        )


class Credentials(Aggregate):
    """The token hashes of one game, each with its MAC (see the module docstring)."""

    @staticmethod
    def create_id(game_id: str) -> UUID:
        return credentials_id(game_id)

    @event("CredentialsIssued")
    def __init__(
        self,
        game_id: str,
        seat_hashes: list[str],
        organizer_hash: str,
        spectator_hash: str,
        secret_seed: str | None = None,
        seat_macs: list[str] | None = None,
        organizer_mac: str | None = None,
        spectator_mac: str | None = None,
        sealed_seed: str | None = None,
    ) -> None:
        self.game_id = game_id
        self.seat_hashes = seat_hashes
        self.organizer_hash = organizer_hash
        self.spectator_hash = spectator_hash
        self.secret_seed = secret_seed  # only in credentials stored before seeds were sealed
        self.seat_macs: list[str | None] = list(seat_macs) if seat_macs is not None else [None] * len(seat_hashes)
        self.organizer_mac = organizer_mac
        self.spectator_mac = spectator_mac
        self.sealed_seed = sealed_seed

    @classmethod
    def issue(cls, game_id: str, tokens: Tokens, secret_seed: bytes | None, seal: CredentialSeal) -> Credentials:
        """The credentials aggregate for freshly issued tokens (and, for a
        dealt game, its secret seed), sealed with ``seal``."""
        game_id = str(game_id)
        seat_hashes = [token_hash(t) for t in tokens.seats]
        organizer_hash, spectator_hash = token_hash(tokens.organizer), token_hash(tokens.spectator)
        return cls(
            game_id=game_id,
            seat_hashes=seat_hashes,
            organizer_hash=organizer_hash,
            spectator_hash=spectator_hash,
            seat_macs=[seal.mac(game_id, "seat", n, h) for n, h in enumerate(seat_hashes)],
            organizer_mac=seal.mac(game_id, "organizer", None, organizer_hash),
            spectator_mac=seal.mac(game_id, "spectator", None, spectator_hash),
            sealed_seed=seal.seal_seed(game_id, secret_seed) if secret_seed is not None else None,
        )

    def entries(self) -> list[tuple[str, int | None, str, str | None]]:
        """Every stored token hash: (role, seat, hash, MAC)."""
        found: list[tuple[str, int | None, str, str | None]] = [
            ("seat", n, h, self.seat_macs[n] if n < len(self.seat_macs) else None)
            for n, h in enumerate(self.seat_hashes)]
        found.append(("organizer", None, self.organizer_hash, self.organizer_mac))
        found.append(("spectator", None, self.spectator_hash, self.spectator_mac))
        return found

    @property
    def sealed(self) -> bool:
        """Whether these credentials were stored with MACs (not before sealing)."""
        return self.organizer_mac is not None

    def seed(self, seal: CredentialSeal) -> bytes | None:
        """The dealt game's secret seed, if it has one (``SealError`` if the
        stored one does not open with this server key)."""
        if self.sealed_seed is not None:
            return seal.open_seed(self.game_id, self.sealed_seed)
        return bytes.fromhex(self.secret_seed) if self.secret_seed else None

    def problems(self, seal: CredentialSeal, unsealed_ok: bool = False) -> list[str]:
        """What does not hold with this server key: each hash whose MAC is
        wrong or (unless ``unsealed_ok``) missing, and a sealed seed that
        does not open (or, unless ``unsealed_ok``, a plain one)."""
        found = []
        for role, seat, digest, mac in self.entries():
            who = f"seat {seat}" if role == "seat" else f"the {role}"
            if mac is None:
                if unsealed_ok:
                    continue
                found.append(f"the token hash of {who} carries no MAC (stored before credentials "
                             "were sealed)")
            elif not seal.holds(self.game_id, role, seat, digest, mac):
                found.append(f"the token hash of {who} was replaced (its MAC does not verify with "
                             "the server key)")
        if self.sealed_seed is not None:
            try:
                seal.open_seed(self.game_id, self.sealed_seed)
            except SealError as e:
                found.append(f"the secret seed: {e}")
        elif self.secret_seed and not unsealed_ok:
            found.append("the secret seed is stored in plain text (stored before seeds were sealed)")
        return found

    def seal(self, seal: CredentialSeal) -> None:
        """Seal credentials stored before sealing: MACs for the hashes they
        hold now and the seed encrypted (their older event keeps the plain
        seed it was stored with)."""
        seed = bytes.fromhex(self.secret_seed) if self.secret_seed else None
        self._sealed(
            seat_macs=[seal.mac(self.game_id, "seat", n, h) for n, h in enumerate(self.seat_hashes)],
            organizer_mac=seal.mac(self.game_id, "organizer", None, self.organizer_hash),
            spectator_mac=seal.mac(self.game_id, "spectator", None, self.spectator_hash),
            sealed_seed=seal.seal_seed(self.game_id, seed) if seed is not None else None,
        )

    @event("CredentialsSealed")
    def _sealed(self, seat_macs: list[str], organizer_mac: str, spectator_mac: str,
                sealed_seed: str | None) -> None:
        self.seat_macs = list(seat_macs)
        self.organizer_mac = organizer_mac
        self.spectator_mac = spectator_mac
        if sealed_seed is not None:
            self.sealed_seed = sealed_seed
            self.secret_seed = None

    def rotate(self, role: str, seat: int | None, seal: CredentialSeal) -> str:
        """Replace the token of ``role`` (and ``seat``) with a fresh one and
        return it; the old token stops working."""
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}")
        if role == "seat":
            if seat is None or not 0 <= seat < len(self.seat_hashes):
                raise ValueError(f"no seat {seat}")
        else:
            seat = None
        token = secrets.token_urlsafe(32)
        digest = token_hash(token)
        self._token_rotated(role=role, seat=seat, token_hash=digest,
                            mac=seal.mac(self.game_id, role, seat, digest))
        return token

    @event("TokenRotated")
    def _token_rotated(self, role: str, seat: int | None, token_hash: str, mac: str | None = None) -> None:
        if role == "seat":
            assert seat is not None
            hashes = list(self.seat_hashes)
            hashes[seat] = token_hash
            self.seat_hashes = hashes
            macs = list(self.seat_macs) + [None] * (len(hashes) - len(self.seat_macs))
            macs[seat] = mac
            self.seat_macs = macs
        elif role == "organizer":
            self.organizer_hash = token_hash
            self.organizer_mac = mac
        else:
            self.spectator_hash = token_hash
            self.spectator_mac = mac

    def identify(self, token: str, seal: CredentialSeal) -> Viewer | None:
        """The viewer a token belongs to, or None.

        Compares the token's hash with every stored hash in constant time
        and without stopping at a match, so the time taken does not tell
        which role (if any) a token belongs to. A stored hash whose MAC does
        not verify with the server key matches nothing: whoever replaced it
        in the database cannot act with a token of their own.
        """
        digest = token_hash(token)
        found: Viewer | None = None
        for role, seat, stored, mac in self.entries():
            if hmac.compare_digest(digest, stored) and seal.holds(self.game_id, role, seat, stored, mac):
                found = Viewer("seat", seat) if role == "seat" else ORGANIZER if role == "organizer" else SPECTATOR
        return found


def owner_of(aggregate_id: object, game_ids: Iterable[object], version: int | None = None,
             stored_state: bytes | None = None) -> str:
    """Credentials named as a person reads them: ``game <id>`` whose credentials they are (found
    among ``game_ids``), the credentials' ``version`` and, where the stored bytes still say it,
    whose token the event set (``the token of seat 1``); ``aggregate <id>`` when no game of
    ``game_ids`` owns them."""
    owner = next((f"game {g}" for g in game_ids if credentials_id(str(g)) == aggregate_id), None)
    if owner is None:
        return f"aggregate {aggregate_id}" + (f" version {version}" if version is not None else "")
    where = f"{owner}: its credentials" + (f" (version {version}" if version is not None else "")
    whose = _whose(stored_state) if stored_state is not None else None
    if version is not None:
        where += f", {whose})" if whose else ")"
    elif whose:
        where += f" ({whose})"
    return where


def _whose(stored_state: bytes) -> str | None:
    """``the token of seat N`` / ``the organizer's token`` from a credentials event's stored JSON, if readable."""
    try:
        data = json.loads(stored_state)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    role, seat = data.get("role"), data.get("seat")
    if role == "seat" and isinstance(seat, int):
        return f"the token of seat {seat}"
    if isinstance(role, str) and role:
        return f"the {role}'s token"
    return None
