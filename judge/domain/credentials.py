"""Credentials of a game: SHA-256 hashes of its tokens, in their own aggregate.

Every game has one secret token per seat, one for the organizer and a
read-only one for spectators. Tokens are shown once, at creation (or import,
or when the organizer rotates one); only their hashes are stored, in a
``Credentials`` aggregate whose id is derived from the game id, so neither
tokens nor hashes ever appear in a game's events, views or exports.

A dealt game's secret seed lives here too (hex), never in the game's events:
the game commits to its SHA-256 at creation and the rules reveal it when the
game ends.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

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
    """The token hashes of one game."""

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
    ) -> None:
        self.game_id = game_id
        self.seat_hashes = seat_hashes
        self.organizer_hash = organizer_hash
        self.spectator_hash = spectator_hash
        self.secret_seed = secret_seed

    @classmethod
    def issue(cls, game_id: str, tokens: Tokens, secret_seed: bytes | None = None) -> Credentials:
        """The credentials aggregate for freshly issued tokens (and, for a
        dealt game, its secret seed)."""
        return cls(
            game_id=str(game_id),
            seat_hashes=[token_hash(t) for t in tokens.seats],
            organizer_hash=token_hash(tokens.organizer),
            spectator_hash=token_hash(tokens.spectator),
            secret_seed=secret_seed.hex() if secret_seed is not None else None,
        )

    @property
    def seed(self) -> bytes | None:
        """The dealt game's secret seed, if it has one."""
        return bytes.fromhex(self.secret_seed) if self.secret_seed else None

    def rotate(self, role: str, seat: int | None = None) -> str:
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
        self._token_rotated(role=role, seat=seat, token_hash=token_hash(token))
        return token

    @event("TokenRotated")
    def _token_rotated(self, role: str, seat: int | None, token_hash: str) -> None:
        if role == "seat":
            assert seat is not None
            hashes = list(self.seat_hashes)
            hashes[seat] = token_hash
            self.seat_hashes = hashes
        elif role == "organizer":
            self.organizer_hash = token_hash
        else:
            self.spectator_hash = token_hash

    def identify(self, token: str) -> Viewer | None:
        """The viewer a token belongs to, or None.

        Compares the token's hash with every stored hash in constant time
        and without stopping at a match, so the time taken does not tell
        which role (if any) a token belongs to.
        """
        digest = token_hash(token)
        found: Viewer | None = None
        for seat, stored in enumerate(self.seat_hashes):
            if hmac.compare_digest(digest, stored):
                found = Viewer("seat", seat)
        if hmac.compare_digest(digest, self.organizer_hash):
            found = ORGANIZER
        if hmac.compare_digest(digest, self.spectator_hash):
            found = SPECTATOR
        return found
