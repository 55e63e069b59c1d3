"""Who may do what: credentials and tokens, the secret seed of a dealt game,
receipts, and the permission checks every use case runs.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from judge.domain.chain import Receipt
from judge.domain.credentials import ROLES, Credentials, credentials_id, token_hash
from judge.domain.sealing import SealError
from judge.domain.game import Game, chain_data, event_hash
from judge.domain.rules import JudgeRuleset
from judge.common.errors import (
    CorruptRecord,
    GameNotFound,
    InvalidArgument,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
)
from judge.rules.engine import ORGANIZER, Command, Context, Viewer
from judge.app.base import AppBase
from judge.app.base import MAX_WRITE_ATTEMPTS


class Access(AppBase):
    """Credentials, tokens, seeds, receipts and permissions."""

    def now_ms(self) -> int:
        """The server clock (what a quick ruling on a position is judged at)."""
        return self._clock()

    def ruleset_of(self, game_id: str) -> JudgeRuleset:
        """The ruleset a game is judged by (``GameNotFound`` for an unknown game)."""
        with self._count_lock:
            known = self._rulesets_of_games.get(game_id)
        if known is None:
            known = self._game(game_id).ruleset
            with self._count_lock:
                self._rulesets_of_games[game_id] = known
        return known

    def _credentials(self, game_id: str) -> Credentials:
        """The game's credentials, for reading only: those kept in memory when
        the store holds no later event of them (one indexed query: a token
        rotated by another replica is noticed at once), else loaded and kept.
        Kept credentials are never changed: ``_credentials_to_change`` loads
        a copy of its own for a change."""
        kept = self._live_credentials.get(game_id)
        if kept is not None and not self.recorder.select_events(kept.id, gt=kept.version, limit=1):
            return kept
        credentials = self._credentials_to_change(game_id)
        self._live_credentials.saved(game_id, credentials)
        return credentials

    def _credentials_to_change(self, game_id: str) -> Credentials:
        """The game's credentials loaded from the store, for a change to save."""
        try:
            credentials: object = self.repository.get(credentials_id(str(self._uuid(game_id))))
        except AggregateNotFoundError:
            raise GameNotFound(str(game_id)) from None
        if not isinstance(credentials, Credentials):
            raise GameNotFound(str(game_id))
        return credentials

    def is_admin(self, token: str) -> bool:
        """True if ``token`` is the server's admin token."""
        return bool(self._admin_hash and token) and \
            secrets.compare_digest(token_hash(token), self._admin_hash or "")

    def authenticate(self, game_id: str, token: str) -> Viewer:
        """The viewer a token stands for in a game (the admin token is the
        organizer of every game)."""
        credentials = self._credentials(game_id)
        if not token:
            raise Unauthenticated("a token is required")
        viewer = credentials.identify(token, self.seal)
        if viewer is None and self.is_admin(token):
            viewer = ORGANIZER
        if viewer is None:
            raise Unauthenticated("the token is not valid for this game")
        if viewer.role == "seat" and viewer.seat is not None:
            viewer = replace(viewer, also=self._same_person(game_id, viewer.seat))
        return viewer

    def _same_person(self, game_id: str, seat: int) -> tuple[int, ...]:
        """The other seats the person playing ``seat`` plays (Munchkin for two players: the alter ego,
        001 "MUNCHKIN FÜR ZWEI SPIELER"); its token acts and sees for them too."""
        with self._count_lock:
            known = self._people.get((game_id, seat))
        if known is None:
            person = getattr(self.ruleset_of(game_id), "person_seats", None)
            seats = person(self._current(game_id).state, seat) if person is not None else (seat,)
            known = tuple(s for s in seats if s != seat)
            with self._count_lock:
                self._people[(game_id, seat)] = known
        return known

    def authenticate_admin(self, token: str) -> None:
        """Raise unless ``token`` is the server's admin token."""
        if not token:
            raise Unauthenticated("a token is required")
        if not self._admin_hash:
            raise PermissionDenied("this server has no admin token: start it with one to allow this")
        if not self.is_admin(token):
            raise PermissionDenied("only the server's admin token may do this")

    def rotate_token(self, game_id: str, role: str, seat: int | None, viewer: Viewer) -> str:
        """Replace a token of the game with a fresh one (organizer only) and
        return it; the old token stops working at once."""
        game = self._game(game_id)
        self._require_organizer(viewer, "rotate tokens")
        if role not in ROLES:
            raise InvalidArgument("role", f"one of {', '.join(ROLES)}")
        if role == "seat" and (seat is None or not 0 <= seat < game.seat_count):
            raise InvalidArgument("seat", f"the game has no seat {seat}")
        for attempt in range(MAX_WRITE_ATTEMPTS):
            if attempt:
                self.back_off(attempt)  # outside the lock, as in _write
            with self._lock_for(game_id):
                credentials = self._credentials_to_change(game_id)
                token = credentials.rotate(role, seat if role == "seat" else None, self.seal)
                try:
                    self.save(credentials)
                except IntegrityError:
                    continue
                return token
        raise ResourceExhausted("the credentials are being changed concurrently; try again")

    def _seed(self, game: Game) -> bytes | None:
        """The secret seed of a dealt game (None for other games)."""
        if game.setup.get("mode") != "dealt":
            return None
        if game.game_id not in self._seeds:
            try:
                self._seeds[game.game_id] = self._credentials(game.game_id).seed(self.seal)
            except SealError as e:
                raise CorruptRecord(f"game {game.game_id}: {e}") from e
        return self._seeds[game.game_id]

    def _context(self, game: Game) -> Context:
        """The context the rules judge with now: the server clock and, for a
        dealt game, its secret seed."""
        return Context(now_ms=self._clock(), secret_seed=self._seed(game))

    def _receipt(self, game: Game, first: int, last: int, head: str | None = None) -> Receipt:
        return self.key.receipt(game.game_id, first, last, head if head is not None else game.chain_head)

    @staticmethod
    def _hash_of(domain_event: Any) -> str:
        """The chain hash of a stored game event (recomputed, not trusted)."""
        return event_hash(domain_event, chain_data(domain_event)["prev_hash"])

    @staticmethod
    def _require_actor(viewer: Viewer, command: Command) -> None:
        """A seat acts only for itself; the organizer only for the judge
        (commands without a seat); spectators never."""
        if viewer.role == "seat":
            if not viewer.is_seat(command.seat):
                raise PermissionDenied(f"seat {viewer.seat} may only act for itself")
        elif viewer.role == "organizer":
            if command.seat is not None:
                raise PermissionDenied("the organizer may not act for a seat")
        else:
            raise PermissionDenied("spectators may not submit commands")

    @staticmethod
    def _require_observer(viewer: Viewer, seat: int | None) -> None:
        """Questions about a seat (ask, legal actions) reveal its hand: only
        the seat itself and the organizer may ask them."""
        if viewer.sees_everything:
            return
        if not viewer.is_seat(seat):
            raise PermissionDenied("only the seat itself and the organizer may ask about a seat")

    @staticmethod
    def _require_organizer(viewer: Viewer, what: str) -> None:
        if not viewer.sees_everything:
            raise PermissionDenied(f"only the organizer may {what}")
