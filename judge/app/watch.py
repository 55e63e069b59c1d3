"""Watch: a game's events as they are stored, by this process or any other
sharing the database, with the view after each.

``Watch`` takes the ``GameStore`` (the notification log, the signal of local
saves), ``Access`` (a stream ends when its token is rotated out) and
``Views`` (each event and view as the viewer may see them).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import Any, cast

from judge.app.access import Access
from judge.app.game_store import GameStore
from judge.app.topics import GAME_TOPICS, ROTATION_TOPIC
from judge.app.types import EventRecord
from judge.app.told import LazyFold, reader_key, told_key
from judge.app.views import EVERY_LANGUAGE, Views, context_before, seat_names
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
        steps = self.watch_steps(game_id, viewer, after_version, stop, poll_interval, token, folded=with_views)
        view_of = self.views.view_of
        return ((event, view_of(folded, viewer) if folded is not None else {}) for event, folded, _ in steps)

    def watch_steps(
        self,
        game_id: str,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float = 0.05,
        token: str | None = None,
        *,
        folded: bool = True,
        told: Sequence[str] = EVERY_LANGUAGE,
    ) -> Iterator[tuple[EventRecord | None, Game | None, bool]]:
        """The steps of :meth:`watch_marked` with the game right after each (``folded``; else None)
        instead of its view, and whether more events are already waiting behind it (a stored one of
        the history, or a live one of the same read of the log): a caller that sends batches sends
        what it holds when nothing more is waiting, so live events are never held back. The game is
        folded in place: read it before asking for the next step. The summaries are told in the
        languages ``told`` (none: no summaries); without ``folded`` nor ``told`` the stored history is
        not folded through the rules (redaction needs no state). The marker, ``(None, game, False)``,
        comes as in ``watch_marked``.
        """
        # The game now, for reading only (a kept one where the store holds nothing newer).
        game = self.store.current(game_id)
        if not 0 <= after_version <= game.version:
            raise InvalidArgument(
                "after_version", said(N_("the game has versions 1 to {version}, not {after_version}"),
                                      version=game.version, after_version=after_version)
            )
        return self._watch(game, viewer, after_version, stop, poll_interval, token, folded, told)

    def _watch(
        self,
        game: Game,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float,
        token: str | None,
        with_game: bool,
        told: Sequence[str],
    ) -> Iterator[tuple[EventRecord | None, Game | None, bool]]:
        uid = game.id
        credentials_uid = credentials_id(game.game_id)
        store = self.store
        topics = GAME_TOPICS + (ROTATION_TOPIC,) if token is not None else GAME_TOPICS
        position = store.recorder.max_notification_id() or 0
        # The table is folded where a step needs it: for a view, to tell an event not told before, or
        # for what is void after an event stored since ``game`` was loaded.
        fold = LazyFold(lambda version: store.game(game.game_id, version=version), after_version)
        kept, reader = store.told_cache, reader_key(game.game_id, game.rules_version, viewer)
        # ``game`` is kept, never changed (``GameStore.current``): its names are read once.
        names = self.views.card_names(game) if told else None
        seats = seat_names(game)
        last = after_version
        for e in store.events.get(uid, gt=last):
            version = e.originator_version
            key = told_key(reader, e)
            telling = kept.get(key)
            untold = bool(told) and (telling is None or telling.told is None)
            context: dict[str, Any] | None = None
            if with_game or version > game.version or untold:
                before = fold.before(e)
                context = context_before(before) if untold else None
                fold.step(e)
            else:
                fold.skip(e)
            last = version
            kept_game = last <= game.version
            yield (self.views.event_record(game if kept_game else cast(Game, fold.game), e, viewer,
                                           context, told=told, key=key, telling=telling,
                                           names=names if kept_game else None, seats=seats),
                   fold.game if with_game else None, True)
        folded = fold.at(last) if with_game else fold.game
        yield None, folded if with_game else None, False  # with the game, the fold is current
        while not stop.is_set() and not store.closing_down:
            with store.saved:
                seen = store.saves
            for batch in store.notifications(position, topics):
                position = batch[-1].id
                # What this read of the log holds for the stream, in order: a rotation, or this game's next events.
                mine = [n for n in batch if (n.originator_id == credentials_uid and token is not None)
                        or (n.originator_id == uid and n.originator_version > last)]
                for i, n in enumerate(mine):
                    if n.originator_id == credentials_uid:
                        assert token is not None
                        self.access.check_still_valid(game.game_id, token, viewer)
                        continue
                    if n.originator_version <= last:
                        continue
                    if n.originator_version > last + 1:
                        gap = list(store.events.get(uid, gt=last, lte=n.originator_version - 1))
                    else:
                        gap = []
                    # More waits behind this notification's last event if the next one of this read is an event.
                    behind = i + 1 < len(mine) and mine[i + 1].originator_id == uid
                    events = [*gap, store.mapper.to_domain_event(n)]
                    for j, e in enumerate(events):
                        before = fold.before(e)  # the history may not have been folded
                        context = context_before(before) if told else None
                        folded = cast(Game, fold.step(e))
                        last = e.originator_version
                        key = told_key(reader, e)
                        yield (self.views.event_record(folded, e, viewer, context, told=told, key=key),
                               folded if with_game else None, j + 1 < len(events) or behind)
                        if stop.is_set():
                            return
                if stop.is_set():
                    return
            with store.saved:
                if store.saves == seen and not stop.is_set() and not store.closing_down:
                    store.saved.wait(timeout=poll_interval)
