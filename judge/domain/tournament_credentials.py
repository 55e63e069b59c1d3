"""The secrets of an event, in their own aggregate beside the event's record.

An event has an organizer token (every write), a spectator token (the board) and one token per
player that always opens the player's current table. Only their SHA-256 hashes are stored, each
with a MAC under the server key (judge/domain/sealing.py), as a game's credentials are.

Two secrets must be read back, so they are stored encrypted (sealed) with the server key, the
event's id and what they belong to as associated data:

- the event's secret seed, whose SHA-256 the event committed to at its creation and which it
  reveals when it finishes;
- per round, the seat token of each player's table game (what a player's event token opens), and
  the organizer token of every table's game (what the event uses to call time at that table).

None of these appear in the event's public events (judge/domain/tournament.py).
"""

from __future__ import annotations

import hmac
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

from judge.domain.credentials import token_hash
from judge.domain.sealing import CredentialSeal

TOURNAMENT_CREDENTIALS_NAMESPACE = UUID("5b0f3d4e-2c8a-4f61-9d7e-3a1c2b4d6e8f")

ORGANIZER_ROLE = "event-organizer"
SPECTATOR_ROLE = "event-spectator"
PLAYER_ROLE = "event-player"


def tournament_credentials_id(event_id: str) -> UUID:
    """The id of an event's credentials: uuid5 of the event id."""
    return uuid5(TOURNAMENT_CREDENTIALS_NAMESPACE, str(event_id))


class TournamentCredentials(Aggregate):
    """Token hashes (with MACs) and sealed secrets of one event."""

    @staticmethod
    def create_id(event_id: str) -> UUID:
        return tournament_credentials_id(event_id)

    @event("TournamentCredentialsIssued")
    def __init__(self, event_id: str, organizer_hash: str, organizer_mac: str, spectator_hash: str,
                 spectator_mac: str, sealed_seed: str) -> None:
        self.event_id = event_id
        self.organizer_hash = organizer_hash
        self.organizer_mac = organizer_mac
        self.spectator_hash = spectator_hash
        self.spectator_mac = spectator_mac
        self.sealed_seed = sealed_seed
        self.players: dict[str, list[str]] = {}  # player -> [hash, mac]
        self.seats: dict[str, dict[str, dict[str, Any]]] = {}  # round -> player -> {game_id, seat, sealed}
        self.games: dict[str, str] = {}  # game id -> its organizer token, sealed

    @classmethod
    def issue(cls, event_id: str, organizer: str, spectator: str, seed: bytes,
              seal: CredentialSeal) -> TournamentCredentials:
        event_id = str(event_id)
        organizer_hash, spectator_hash = token_hash(organizer), token_hash(spectator)
        return cls(event_id=event_id, organizer_hash=organizer_hash,
                   organizer_mac=seal.mac(event_id, ORGANIZER_ROLE, None, organizer_hash),
                   spectator_hash=spectator_hash,
                   spectator_mac=seal.mac(event_id, SPECTATOR_ROLE, None, spectator_hash),
                   sealed_seed=seal.seal_seed(event_id, seed))

    # ------------------------------------------------------------------ queries

    def seed(self, seal: CredentialSeal) -> bytes:
        return seal.open_seed(self.event_id, self.sealed_seed)

    def _holds(self, seal: CredentialSeal, role: str, token: str, stored: str, mac: str) -> bool:
        digest = token_hash(token)
        return hmac.compare_digest(digest, stored) and seal.holds(self.event_id, role, None, stored, mac)

    def is_organizer(self, token: str, seal: CredentialSeal) -> bool:
        return self._holds(seal, ORGANIZER_ROLE, token, self.organizer_hash, self.organizer_mac)

    def is_spectator(self, token: str, seal: CredentialSeal) -> bool:
        """The spectator token (the organizer's token may watch too)."""
        return self._holds(seal, SPECTATOR_ROLE, token, self.spectator_hash, self.spectator_mac) \
            or self.is_organizer(token, seal)

    def player_of(self, token: str, seal: CredentialSeal) -> str | None:
        """The player a token belongs to, or None (every stored hash compared, in constant time)."""
        found = None
        digest = token_hash(token)
        for player, (stored, mac) in self.players.items():
            if hmac.compare_digest(digest, stored) and seal.holds(self.event_id, f"{PLAYER_ROLE}:{player}",
                                                                  None, stored, mac):
                found = player
        return found

    def seat_of(self, round_number: int, player: str, seal: CredentialSeal) -> tuple[str, int, str] | None:
        """The game id, seat and seat token of the player's table in ``round_number``."""
        kept = self.seats.get(str(round_number), {}).get(player)
        if kept is None:
            return None
        token = seal.open_seed(self._seat_ad(round_number, player), kept["sealed"]).decode("utf-8")
        return str(kept["game_id"]), int(kept["seat"]), token

    def game_organizer_token(self, game_id: str, seal: CredentialSeal) -> str:
        return seal.open_seed(self._game_ad(game_id), self.games[game_id]).decode("utf-8")

    def _seat_ad(self, round_number: int, player: str) -> str:
        return f"{self.event_id}/round/{round_number}/{player}"

    def _game_ad(self, game_id: str) -> str:
        return f"{self.event_id}/game/{game_id}"

    # ------------------------------------------------------------------ commands

    def add_player(self, player: str, token: str, seal: CredentialSeal) -> None:
        digest = token_hash(token)
        self._player_added(player=player, token_hash=digest,
                           mac=seal.mac(self.event_id, f"{PLAYER_ROLE}:{player}", None, digest))

    def keep_round(self, round_number: int, seats: dict[str, tuple[str, int, str]],
                   game_organizers: dict[str, str], seal: CredentialSeal) -> None:
        """Keep, sealed, each player's seat (game id, seat, seat token) and each game's organizer token."""
        self._round_kept(
            round=round_number,
            seats={p: {"game_id": g, "seat": s, "sealed": seal.seal_seed(self._seat_ad(round_number, p),
                                                                        t.encode("utf-8"))}
                   for p, (g, s, t) in seats.items()},
            games={g: seal.seal_seed(self._game_ad(g), t.encode("utf-8")) for g, t in game_organizers.items()})

    @event("PlayerTokenIssued")
    def _player_added(self, player: str, token_hash: str, mac: str) -> None:
        self.players = {**self.players, player: [token_hash, mac]}

    @event("RoundSeatsKept")
    def _round_kept(self, round: int, seats: dict[str, dict[str, Any]],  # noqa: A002
                    games: dict[str, str]) -> None:
        self.seats = {**self.seats, str(round): seats}
        self.games = {**self.games, **games}
