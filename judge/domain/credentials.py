"""Credentials of a game: SHA-256 hashes of its tokens, in their own aggregate.

Every game has one secret token per seat, one for the organizer and a
read-only one for spectators. Tokens are shown once, at creation (or import);
only their hashes are stored, in a ``Credentials`` aggregate whose id is
derived from the game id, so neither tokens nor hashes ever appear in a
game's events, views or exports.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

from judge.rules.engine import ORGANIZER, SPECTATOR, Viewer

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
        self, game_id: str, seat_hashes: list[str], organizer_hash: str, spectator_hash: str
    ) -> None:
        self.game_id = game_id
        self.seat_hashes = seat_hashes
        self.organizer_hash = organizer_hash
        self.spectator_hash = spectator_hash

    @classmethod
    def issue(cls, game_id: str, tokens: Tokens) -> Credentials:
        """The credentials aggregate for freshly issued tokens."""
        return cls(
            game_id=str(game_id),
            seat_hashes=[token_hash(t) for t in tokens.seats],
            organizer_hash=token_hash(tokens.organizer),
            spectator_hash=token_hash(tokens.spectator),
        )

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
