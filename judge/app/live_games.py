"""Live games kept in memory for the judge's writes.

Without it every command re-loads its game from the store: the newest
snapshot plus up to a snapshot interval of trailing events, each folded
through the rules. ``LiveGames`` keeps the ``Game`` a write last saved, so
the next write of that game starts from it.

Correctness does not rest on the cache being current:

* only the judge's write path uses it, under the game's lock (``GameStore.write``, judge/app/game_store.py);
* an entry is replaced only by a game that has just been saved (so it is the
  stored head as this process wrote it), and dropped whenever a write fails in
  any way (a rejection after events were triggered, a full store, a conflict),
  so a half-applied game is never reused;
* another writer sharing the database (a second replica on PostgreSQL) that
  appended first makes the save fail on the store's unique version constraint:
  the entry is dropped and the game re-loaded from the store, exactly as
  before (optimistic concurrency, nothing acknowledged that is not on disk).

A write never changes the cached object itself: it works on ``fork(game)``,
a copy sharing the (never mutated, only replaced) rules state, so a caller
still reading the game a previous write returned sees it unchanged.

The cache holds at most ``capacity`` games (``JUDGE_LIVE_GAMES``, default
1024), the least recently written dropped first.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from typing import Any, Generic, TypeVar

G = TypeVar("G")

DEFAULT_LIVE_GAMES = 1024


def fork(game: Any) -> Any:
    """A copy of a saved game that a write may change without touching the
    original: the containers its events change in place are copied, the
    rules state (which folding replaces, never mutates) and the set-up are
    shared."""
    twin = copy.copy(game)
    twin.disputes = list(game.disputes)
    twin.voided = list(game.voided)
    twin._pending_events = []
    return twin


class LiveGames(Generic[G]):
    """A bounded, thread-safe map of game id to the game last saved."""

    def __init__(self, capacity: int = DEFAULT_LIVE_GAMES):
        if capacity < 0:
            raise ValueError("the live game capacity must not be negative")
        self.capacity = capacity
        self._games: OrderedDict[str, G] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> G | None:
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
            return game

    def saved(self, game_id: str, game: G) -> None:
        """``game`` is what the store now holds for ``game_id``."""
        if self.capacity == 0:
            return
        with self._lock:
            self._games[game_id] = game
            self._games.move_to_end(game_id)
            while len(self._games) > self.capacity:
                self._games.popitem(last=False)

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._games.pop(game_id, None)

    def __len__(self) -> int:
        with self._lock:
            return len(self._games)
