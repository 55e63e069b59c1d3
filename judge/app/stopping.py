"""Stopping a game at its recorded state ("time called", an event's round is over), and a
table's status as an event sees it (over or not, its places so far, open disputes, the running
window), both through the ruleset's ``table_over``/``table_places`` hooks (judge/rules/places.py).

``Stopping`` takes the ``GameStore`` (the write path) and ``Access`` (seeds, receipts, permissions).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.app.access import Access, require_organizer
from judge.app.game_store import GameStore
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.domain.chain import Receipt
from judge.domain.game import Game
from judge.rules.engine import Viewer
from judge.rules.places import is_over, places_of


@dataclass(frozen=True)
class TableStatus:
    """A game as an event's table: ``over`` (won by its own rules), ``stopped`` (time called),
    the places and scores now (final once over or stopped), its version, the active seat, open
    disputes and the close of the running window (ms since the epoch, 0: none)."""

    game_id: str
    version: int
    over: bool
    stopped: bool
    places: list[list[int]]
    scores: list[int]
    active_seat: int | None
    open_disputes: int
    window_closes_at_ms: int
    receipt: Receipt | None = None

    @property
    def done(self) -> bool:
        return self.over or self.stopped


class Stopping:
    """``stop_game`` and ``table_status``."""

    def __init__(self, store: GameStore, access: Access):
        self.store = store
        self.access = access

    def stop_game(self, game_id: str, reason: str, viewer: Viewer) -> TableStatus:
        """The organizer ends the game at its recorded state with ``reason`` (``"time called"``):
        a ``GameStopped`` event with the places and scores the ruleset's ``table_places`` gives
        (and a dealt game's seed revealed), after which nothing is judged. A game already over by its own rules is not stopped
        (``InvalidArgument``): its places are its result."""

        def step(game: Game) -> None:
            require_organizer(viewer, "stop a game")
            if is_over(game.ruleset, game.state):
                raise InvalidArgument("game_id", said(N_("the game is over already; its places are its result")))
            found = places_of(game.ruleset, game.state, game.seat_count)
            seed = self.access.seed(game)  # a dealt game's seed: revealed, as the end of a game reveals it
            game.stop(reason, found.places, found.scores, seed.hex() if seed is not None else None, self.store.now_ms())

        game, _, _ = self.store.write(game_id, step)
        return self._status(game, self.access.receipt(game, game.version, game.version))

    def table_status(self, game_id: str, viewer: Viewer) -> TableStatus:
        """The game as an event's table (any viewer of the game may ask)."""
        del viewer  # authenticated by the caller; the status holds nothing hidden
        return self._status(self.store.current(game_id))

    @staticmethod
    def _status(game: Game, receipt: Receipt | None = None) -> TableStatus:
        if game.stopped is not None:
            places, scores = game.stopped["places"], game.stopped["scores"]
        else:
            found = places_of(game.ruleset, game.state, game.seat_count)
            places, scores = found.places, found.scores
        state = game.state
        active = getattr(state, "active", None)
        return TableStatus(
            game_id=game.game_id, version=game.version, over=is_over(game.ruleset, state),
            stopped=game.stopped is not None, places=[list(g) for g in places], scores=list(scores),
            active_seat=active if isinstance(active, int) else None,
            open_disputes=game.open_dispute_count,
            window_closes_at_ms=game.pending_deadline_ms() or 0, receipt=receipt)
