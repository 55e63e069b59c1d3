"""The table of pending deadlines (a Munchkin interference window): which game
has one and when it passes, for every game of the store, kept up to date from
the saves of this process and the notification log of all of them.

``Deadlines`` takes the ``GameStore``: it is told of every game this process
saves (``GameStore.when_saved``) and reads the log for the others.
"""

from __future__ import annotations

import logging
import threading

from judge.app.game_store import GameStore
from judge.app.topics import GAME_TOPICS
from judge.domain.game import Game

log = logging.getLogger(__name__)


class Deadlines:
    """Game id -> when its pending deadline passes."""

    def __init__(self, store: GameStore):
        self.store = store
        self._follow_lock = threading.Lock()  # one reader of the notification log at a time
        self._lock = threading.Lock()  # guards the two tables below
        self._deadlines: dict[str, int] = {}
        self._versions: dict[str, int] = {}  # game id -> version _deadlines reflects
        self._position = 0  # notifications up to here are followed (read lazily)
        self._caught_up = False  # the log was read to its end once
        store.when_saved(self.note)

    def note(self, game: Game) -> None:
        """Record the pending deadline of ``game`` (its ruleset's
        ``pending_deadline_ms``, e.g. a Munchkin interference window) as of its version,
        unless the table already reflects that version or a later one."""
        try:
            deadline = game.pending_deadline_ms()
        except Exception:  # noqa: BLE001 - a saved command must not fail here
            self._forget(game.game_id)
            return
        with self._lock:
            if game.version <= self._versions.get(game.game_id, 0):
                return
            self._versions[game.game_id] = game.version
            if deadline is None:
                self._deadlines.pop(game.game_id, None)
            else:
                self._deadlines[game.game_id] = deadline

    def _forget(self, game_id: str) -> None:
        """Drop a game whose deadline cannot be read (one unreadable game must
        not stop the others); a newer event of it makes the follower retry."""
        log.exception("cannot follow the pending deadline of game %s", game_id)
        with self._lock:
            self._deadlines.pop(game_id, None)

    def _follow(self) -> None:
        """Bring the deadline table up to date with the notification log
        (every game event stored by any process since the last call). A game
        is loaded only if the log holds a version newer than the table's
        (games saved by this process were noted when they were saved). Once the
        log has been read to its end, a sole writer (``GameStore.sole_writer``:
        every later save is its own, and noted) reads it no more: the window
        closer asks every few milliseconds."""
        if self._caught_up and self.store.sole_writer:
            return
        with self._follow_lock:
            touched: dict[str, int] = {}
            for batch in self.store.notifications(self._position, GAME_TOPICS):
                self._position = batch[-1].id
                for n in batch:
                    game_id = str(n.originator_id)
                    touched[game_id] = max(touched.get(game_id, 0), n.originator_version)
            for game_id, version in touched.items():
                with self._lock:
                    if version <= self._versions.get(game_id, 0):
                        continue
                try:
                    game = self.store.game(game_id)
                except Exception:  # noqa: BLE001
                    self._forget(game_id)
                    continue
                self.note(game)
            self._caught_up = True

    def pending_deadlines(self) -> dict[str, int]:
        """Game id -> when its pending deadline passes (ms since the epoch),
        for every game with one."""
        self._follow()
        with self._lock:
            return dict(self._deadlines)
