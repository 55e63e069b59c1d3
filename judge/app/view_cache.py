"""The views the judge has built, kept per version of a game and viewer.

A view is a function of the game's events up to its version (its state, the
voided ranges and disputes they record), of the viewer and of the game's
seed (for the position of a dealt game): the rules are pure, so the same
events give the same view. The key therefore names the version by its chain
head, the hash of every event up to it (judge/domain/chain.py), together with
the game id, version, pinned rules, voided ranges, open disputes, viewer and
seed, so a game restored or replaced with other events can never be answered
from a view of the old ones. GetView, Submit, Replay and Watch of the same
version and viewer then build it once (``tests/app/test_view_cache.py``
holds cached answers equal to freshly computed ones).

The cache is bounded (least recently used views go first), so it adds at most
``size`` views to the judge's memory whatever the number of games (a Munchkin
view late in a game is about 25 KB: 512 views about 13 MB).

What a caller makes of a kept view (the server's ``GameView`` message, which
costs a tenth of a millisecond to build) can be kept beside it (``made``) and
goes when the view goes: the phones at a table poll GetView at one version.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Hashable, TypeVar

from judge.domain.game import Game
from judge.rules.engine import Viewer

DEFAULT_SIZE = 512
"""Views kept. A Replay longer than this, read front to back, finds none of
its views kept from the Replay before it (the oldest go first)."""

T = TypeVar("T")

LEGAL_KEPT = 256
"""Seats' legal actions kept, with the messages made of them (a few KB each)."""

MADE_KEPT = 16
"""Things made of one kept view kept beside it (``made``); more are made but not kept."""

NAMES_KEPT = 64
"""Card-name tables kept, in a cache of their own (one per version read)."""


def view_key(game: Game, viewer: Viewer, seed: bytes | None) -> Hashable:
    """What a view of ``game`` for ``viewer`` depends on."""
    return (game.game_id, game.version, game.chain_head, game.rules_version,
            tuple(game.voided_ranges), game.open_dispute_count, viewer, seed)


class ViewCache:
    """A bounded, thread-safe map from :func:`view_key` to a built view.
    The views kept are never changed: readers copy them."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._views: OrderedDict[Hashable, dict[str, Any]] = OrderedDict()
        self._made: dict[Hashable, dict[str, Any]] = {}  # key -> what -> made of the view kept under key
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> dict[str, Any] | None:
        with self._lock:
            view = self._views.get(key)
            if view is not None:
                self._views.move_to_end(key)
            return view

    def put(self, key: Hashable, view: dict[str, Any]) -> dict[str, Any]:
        """Keep ``view`` under ``key``; returns it."""
        if self.size <= 0:
            return view
        with self._lock:
            if self._views.get(key) is not view:
                self._made.pop(key, None)
            self._views[key] = view
            self._views.move_to_end(key)
            while len(self._views) > self.size:
                gone, _ = self._views.popitem(last=False)
                self._made.pop(gone, None)
        return view

    def made(self, key: Hashable, what: str, make: Callable[[dict[str, Any]], T]) -> T | None:
        """``make(view)`` of the view kept under ``key``, made once while the view is kept and
        named ``what`` (callers must not change it); None when no view is kept under ``key``."""
        with self._lock:
            view = self._views.get(key)
            if view is None:
                return None
            kept = self._made.get(key, {}).get(what)
        if kept is not None:
            return kept  # type: ignore[no-any-return]
        made = make(view)
        with self._lock:
            if self._views.get(key) is view:
                kept_here = self._made.setdefault(key, {})
                if len(kept_here) < MADE_KEPT:  # (a read mask names what is made; a client may send any)
                    kept_here[what] = made
        return made

    def clear(self) -> None:
        with self._lock:
            self._views.clear()
            self._made.clear()
