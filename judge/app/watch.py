"""Watch: a game's events as they are stored, by this process or any other
sharing the database, with the view after each.

``Watch`` takes the ``GameStore`` (the notification log, the signal of local
saves), ``Access`` (a stream ends when its token is rotated out) and
``Views`` (each event and view as the viewer may see them).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any, cast

from judge.app.access import Access
from judge.app.game_store import GAME_TOPICS, ROTATION_TOPIC, GameStore
from judge.app.types import EventRecord
from judge.app.views import Views, context_before
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.domain.credentials import credentials_id
from judge.domain.game import Game
from judge.rules.engine import Viewer


class Watch:
    """Following a game's events as they are stored."""

    def __init__(self, store: GameStore, access: Access, views: Views):
        self.store = store
        self.access = access
        self.views = views

    def watch(
        self,
        game_id: str,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float = 0.05,
        token: str | None = None,
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        """The events of :meth:`watch_marked`, without its caught-up marker."""
        marked = self.watch_marked(game_id, viewer, after_version, stop, poll_interval, token)
        return ((event, view) for event, view in marked if event is not None)

    def watch_marked(
        self,
        game_id: str,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float = 0.05,
        token: str | None = None,
        *,
        with_views: bool = True,
    ) -> Iterator[tuple[EventRecord | None, dict[str, Any]]]:
        """The events after ``after_version`` with the view after each (an empty dict without
        ``with_views``: none is built): first
        those stored, then new ones as they are stored (by this process or any
        other sharing the database), until ``stop`` is set.

        Follows the application's notification log, filtered to this game;
        a local save wakes the poll early. Argument errors are raised at once.
        With the ``token`` the stream was opened with, the stream ends with
        ``Unauthenticated`` as soon as that token is rotated out (here or on
        another replica), so a replaced token sees nothing more.

        Between the stored events and the live ones comes exactly one marker,
        ``(None, view)``: everything stored when the stream was served has
        been sent, and ``view`` is the state at that point.
        """
        game = self.store.game(game_id)
        if not 0 <= after_version <= game.version:
            raise InvalidArgument(
                "after_version", said(N_("the game has versions 1 to {version}, not {after_version}"),
                                      version=game.version, after_version=after_version)
            )
        return self._watch(game, viewer, after_version, stop, poll_interval, token, with_views)

    def _watch(
        self,
        game: Game,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float,
        token: str | None = None,
        with_views: bool = True,
    ) -> Iterator[tuple[EventRecord | None, dict[str, Any]]]:
        uid = game.id
        view_of = self.views.view_of if with_views else (lambda _game, _viewer: {})
        credentials_uid = credentials_id(game.game_id)
        store = self.store
        topics = GAME_TOPICS + (ROTATION_TOPIC,) if token is not None else GAME_TOPICS
        position = store.recorder.max_notification_id() or 0
        folded: Game | None = (
            store.game(game.game_id, version=after_version) if after_version else None
        )
        last = after_version
        # ``game`` (loaded by ``watch``) says which stored events are void;
        # for events stored since, the fold so far does.
        for e in store.events.get(uid, gt=last):
            context = context_before(folded)
            folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
            last = e.originator_version
            yield self.views.event_record(game if last <= game.version else folded, e, viewer, context), \
                view_of(folded, viewer)
        yield None, view_of(cast(Game, folded), viewer)
        while not stop.is_set() and not store.closing_down:
            with store.saved:
                seen = store.saves
            for batch in store.notifications(position, topics):
                position = batch[-1].id
                for n in batch:
                    if n.originator_id == credentials_uid and token is not None:
                        self.access.check_still_valid(game.game_id, token, viewer)
                        continue
                    if n.originator_id != uid or n.originator_version <= last:
                        continue
                    if n.originator_version > last + 1:
                        gap = list(store.events.get(uid, gt=last, lte=n.originator_version - 1))
                    else:
                        gap = []
                    for e in [*gap, store.mapper.to_domain_event(n)]:
                        context = context_before(folded)
                        folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
                        last = e.originator_version
                        yield self.views.event_record(folded, e, viewer, context), view_of(folded, viewer)
                        if stop.is_set():
                            return
                if stop.is_set():
                    return
            with store.saved:
                if store.saves == seen and not stop.is_set() and not store.closing_down:
                    store.saved.wait(timeout=poll_interval)
