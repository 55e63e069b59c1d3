"""Who may do what: credentials and tokens, the secret seed of a dealt game,
receipts, and the permission checks every use case runs.

``Access`` takes the ``GameStore`` (judge/app/game_store.py) and the hash of
the server's admin token; the permission checks that need nothing but the
viewer are plain functions (``require_actor``, ``require_observer``,
``require_organizer``).
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import replace
from typing import Any

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from judge.app.game_store import MAX_WRITE_ATTEMPTS, GameStore
from judge.app.live_games import LiveGames
from judge.common.i18n import N_, said
from judge.common.errors import (
    CorruptRecord,
    GameNotFound,
    InvalidArgument,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
)
from judge.domain.chain import Receipt
from judge.domain.credentials import ROLES, Credentials, credentials_id, token_hash
from judge.domain.game import Game, chain_data, event_hash
from judge.domain.rules import JudgeRuleset
from judge.domain.sealing import SealError
from judge.rules.engine import ORGANIZER, Command, Context, Viewer


class Access:
    """Credentials, tokens, seeds, receipts and permissions."""

    IDENTIFIED = 4096
    """How many tokens ``authenticate`` keeps who they were (all are forgotten when it is full)."""

    def __init__(self, store: GameStore, admin_token_hash: str | None = None):
        self.store = store
        self._admin_hash = admin_token_hash
        self._lock = threading.Lock()  # guards the three tables below
        self._rulesets_of_games: dict[str, JudgeRuleset] = {}  # a game never changes its ruleset
        self._people: dict[tuple[str, int], tuple[int, ...]] = {}  # nor the seats one person plays
        self._seeds: dict[str, bytes | None] = {}
        # Who a token was in a game, with the credentials that said so (``authenticate``).
        self._identified: dict[tuple[str, str], tuple[Credentials, Viewer]] = {}
        # The games' credentials, read by every call's authentication (``credentials``).
        self.live_credentials: LiveGames[Credentials] = LiveGames(store.live.capacity)
        self._credential_saves = 0  # credentials this process saved (a rotation, a sealing): see ``credentials``
        store.when_credentials_saved(self._credentials_saved)

    def ruleset_of(self, game_id: str) -> JudgeRuleset:
        """The ruleset a game is judged by (``GameNotFound`` for an unknown game)."""
        with self._lock:
            known = self._rulesets_of_games.get(game_id)
        if known is None:
            known = self.store.game(game_id).ruleset
            with self._lock:
                self._rulesets_of_games[game_id] = known
        return known

    def credentials(self, game_id: str) -> Credentials:
        """The game's credentials, for reading only: those kept in memory, else
        loaded and kept. A rotation is an event of the credentials: one this
        process saves drops the kept ones at once (``when_credentials_saved``).
        Where other processes may append (PostgreSQL replicas; a store not held
        by ``hold_database``) the kept ones serve only while the store holds no
        later event of them (one indexed query: a token rotated by another
        replica is noticed at once); where this process is the database's sole
        writer (``GameStore.sole_writer``) no query is needed. Kept credentials
        are never changed: ``credentials_to_change`` loads a copy of its own for
        a change."""
        kept = self.live_credentials.get(game_id)
        if kept is not None and (self.store.sole_writer or not self.store.recorder.select_events(
                kept.id, gt=kept.version, limit=1)):
            return kept
        with self._lock:
            saves = self._credential_saves
        credentials = self.credentials_to_change(game_id)
        with self._lock:
            if saves == self._credential_saves:  # else a save may have come after this load: keep nothing
                self.live_credentials.saved(game_id, credentials)
        return credentials

    @property
    def credential_saves(self) -> int:
        """How many credentials this process has saved (each rotation is one): a change of it is the
        cue to check a stream's token again."""
        with self._lock:
            return self._credential_saves

    def _credentials_saved(self, credentials: Credentials) -> None:
        with self._lock:
            self._credential_saves += 1
            self.live_credentials.drop(str(credentials.game_id))

    def credentials_to_change(self, game_id: str) -> Credentials:
        """The game's credentials loaded from the store, for a change to save."""
        try:
            credentials: object = self.store.repository.get(credentials_id(str(self.store.uuid(game_id))))
        except AggregateNotFoundError:
            raise GameNotFound(str(game_id)) from None
        if not isinstance(credentials, Credentials):
            raise GameNotFound(str(game_id))
        return credentials

    def seat_count(self, game_id: str) -> int:
        """How many seats a game has (one token each)."""
        return len(self.credentials(game_id).seat_hashes)

    def is_admin(self, token: str) -> bool:
        """True if ``token`` is the server's admin token."""
        return bool(self._admin_hash and token) and \
            secrets.compare_digest(token_hash(token), self._admin_hash or "")

    def authenticate(self, game_id: str, token: str) -> Viewer:
        """The viewer a token stands for in a game (the admin token is the
        organizer of every game)."""
        credentials = self.credentials(game_id)
        if not token:
            raise Unauthenticated(said(N_("a token is required")))
        known = self._identified.get((game_id, token))
        if known is not None and known[0] is credentials:
            return known[1]
        viewer = credentials.identify(token, self.store.seal)
        if viewer is None and self.is_admin(token):
            viewer = ORGANIZER
        if viewer is None:
            raise Unauthenticated(said(N_("the token is not valid for this game")))
        if viewer.role == "seat" and viewer.seat is not None:
            viewer = replace(viewer, also=self._same_person(game_id, viewer.seat))
        # Kept with the credentials that identified it, which are never changed (a rotation loads new
        # ones): while the game's credentials are these, the token is who it was.
        with self._lock:
            if len(self._identified) >= self.IDENTIFIED:
                self._identified.clear()
            self._identified[(game_id, token)] = (credentials, viewer)
        return viewer

    def check_still_valid(self, game_id: str, token: str, viewer: Viewer) -> None:
        """Raise ``Unauthenticated`` unless ``token`` still stands for ``viewer``
        (a Watch opened with a token that was rotated out since)."""
        credentials = self.credentials(game_id)
        now = credentials.identify(token, self.store.seal)
        if now is None and self.is_admin(token):
            now = ORGANIZER
        if now is None or replace(now, also=viewer.also) != viewer:
            raise Unauthenticated(
                said(N_("the token this stream was opened with was rotated out; open it with the new one")))

    def _same_person(self, game_id: str, seat: int) -> tuple[int, ...]:
        """The other seats the person playing ``seat`` plays (Munchkin for two players: the alter ego,
        001 "MUNCHKIN FÜR ZWEI SPIELER"); its token acts and sees for them too."""
        with self._lock:
            known = self._people.get((game_id, seat))
        if known is None:
            person = getattr(self.ruleset_of(game_id), "person_seats", None)
            seats = person(self.store.current(game_id).state, seat) if person is not None else (seat,)
            known = tuple(s for s in seats if s != seat)
            with self._lock:
                self._people[(game_id, seat)] = known
        return known

    def authenticate_admin(self, token: str) -> None:
        """Raise unless ``token`` is the server's admin token."""
        if not token:
            raise Unauthenticated(said(N_("a token is required")))
        if not self._admin_hash:
            raise PermissionDenied(said(N_("this server has no admin token: start it with one to allow this")))
        if not self.is_admin(token):
            raise PermissionDenied(said(N_("only the server's admin token may do this")))

    def rotate_token(self, game_id: str, role: str, seat: int | None, viewer: Viewer) -> str:
        """Replace a token of the game with a fresh one (organizer only) and
        return it; the old token stops working at once."""
        game = self.store.game(game_id)
        require_organizer(viewer, N_("rotate tokens"))
        if role not in ROLES:
            raise InvalidArgument("role", said(N_("one of {values}"), values=', '.join(ROLES)))
        if role == "seat" and (seat is None or not 0 <= seat < game.seat_count):
            raise InvalidArgument("seat", said(N_("the game has no seat {seat}"), seat=seat))
        for attempt in range(MAX_WRITE_ATTEMPTS):
            if attempt:
                self.store.back_off(attempt)  # outside the lock, as in GameStore.write
            with self.store.lock_for(game_id):
                credentials = self.credentials_to_change(game_id)
                token = credentials.rotate(role, seat if role == "seat" else None, self.store.seal)
                try:
                    self.store.save(credentials)
                except IntegrityError:
                    continue
                return token
        raise ResourceExhausted(said(N_("the credentials are being changed concurrently; try again")))

    def seed(self, game: Game) -> bytes | None:
        """The secret seed of a dealt game (None for other games)."""
        if game.setup.get("mode") != "dealt":
            return None
        with self._lock:
            if game.game_id in self._seeds:
                return self._seeds[game.game_id]
        try:
            seed = self.credentials(game.game_id).seed(self.store.seal)
        except SealError as e:
            raise CorruptRecord(f"game {game.game_id}: {e}") from e
        with self._lock:
            self._seeds[game.game_id] = seed
        return seed

    def remember_seed(self, game_id: str, seed: bytes | None) -> None:
        """Keep the seed a new game's credentials were just issued with."""
        with self._lock:
            self._seeds[game_id] = seed

    def forget_seed(self, game_id: str) -> None:
        """Read the game's seed from its credentials again (they were sealed)."""
        with self._lock:
            self._seeds.pop(game_id, None)

    def context(self, game: Game) -> Context:
        """The context the rules judge with now: the server clock and, for a
        dealt game, its secret seed."""
        return Context(now_ms=self.store.now_ms(), secret_seed=self.seed(game))

    def receipt(self, game: Game, first: int, last: int, head: str | None = None) -> Receipt:
        """The server's signed receipt for versions ``first`` to ``last`` of ``game``."""
        return self.store.key.receipt(game.game_id, first, last, head if head is not None else game.chain_head)


def hash_of(domain_event: Any) -> str:
    """The chain hash of a stored game event (recomputed, not trusted)."""
    return event_hash(domain_event, chain_data(domain_event)["prev_hash"])


def require_actor(viewer: Viewer, command: Command) -> None:
    """A seat acts only for itself; the organizer only for the judge
    (commands without a seat); spectators never."""
    if viewer.role == "seat":
        if not viewer.is_seat(command.seat):
            raise PermissionDenied(said(N_("seat {seat} may only act for itself"), seat=viewer.seat))
    elif viewer.role == "organizer":
        if command.seat is not None:
            raise PermissionDenied(said(N_("the organizer may not act for a seat")))
    else:
        raise PermissionDenied(said(N_("spectators may not submit commands")))


def require_observer(viewer: Viewer, seat: int | None) -> None:
    """Questions about a seat (ask, legal actions) reveal its hand: only
    the seat itself and the organizer may ask them."""
    if viewer.sees_everything:
        return
    if not viewer.is_seat(seat):
        raise PermissionDenied(said(N_("only the seat itself and the organizer may ask about a seat")))


def require_organizer(viewer: Viewer, what: str) -> None:
    if not viewer.sees_everything:
        raise PermissionDenied(said(N_("only the organizer may {what}"), what=said(what)))
