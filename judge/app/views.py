"""Views of a game and its events: GetView, the event list, Replay and Watch,
with what each viewer may see.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, cast

from judge.app.types import EventRecord
from judge.domain.credentials import credentials_id
from judge.domain.game import Game, event_data, event_kind, recorded_at_ms, redacted_data
from judge.app.positions import analysis_of, position_of
from judge.domain.rules import jsonable
from judge.common.errors import InvalidArgument, Unauthenticated
from judge.rules.engine import ORGANIZER, Viewer, canonical_json
from judge.app import narration
from judge.app.access import Access
from judge.app.view_cache import view_key


HIDDEN = "(hidden)"


def hidden_recheck(recheck: dict[str, Any]) -> dict[str, Any]:
    """A dispute's re-check for a viewer who may not see the disputed
    command: the outcome and the rule, without details or texts that could
    name hidden cards."""
    ruling = recheck.get("ruling")
    shown = None
    if ruling:
        shown = {k: ruling.get(k, "") for k in ("rule_id", "source", "section", "quote")}
        shown.update(explanation_de=HIDDEN, explanation_en=HIDDEN, legal_when_de="",
                     legal_when_en="", details={})
    return {"legal": recheck.get("legal"), "outcome": recheck.get("outcome"),
            "summary": f"{HIDDEN}: the re-check concerns cards only the command's seat may see",
            "ruling": shown}


class Views(Access):
    """Views of a game and its events, as each viewer may see them."""

    def view(self, game_id: str, viewer: Viewer, at_version: int | None = None) -> dict[str, Any]:
        """The game as ``viewer`` may see it, now or at a past version
        (``at_version`` None or 0: now)."""
        if not at_version:
            return self._view(self._current(game_id), viewer)
        # Asked for a version after the newest, the store gives the newest.
        game = self._game(game_id, version=at_version if at_version > 0 else None)
        if game.version != at_version:
            raise InvalidArgument(
                "at_version", f"the game has versions 1 to {game.version}, not {at_version}"
            )
        return self._view(game, viewer)

    def _view(self, game: Game, viewer: Viewer) -> dict[str, Any]:
        """The view of ``game`` for ``viewer``, built once per version of the
        game and viewer (judge/app/view_cache.py): a copy, so callers may change it."""
        key = view_key(game, viewer, self._seed(game))
        cached = self._views.get(key)
        if cached is None:
            cached = self._views.put(key, self._fresh_view(game, viewer))
        return dict(cached)

    def _fresh_view(self, game: Game, viewer: Viewer) -> dict[str, Any]:
        """The view of ``game`` for ``viewer``, computed from its state."""
        view = dict(jsonable(game.ruleset.view(game.state, viewer)))
        view.update(
            game_id=game.game_id,
            family=game.ruleset.family,
            version=game.version,
            voided=game.voided_ranges,
            open_disputes=game.open_dispute_count,
        )
        # The position and the numbers behind it (judge/app/positions.py), as this viewer may see them.
        position = position_of(game.ruleset, game.state, viewer, self._seed(game))
        if position is not None:
            view["position_json"] = canonical_json(position)
        view["analysis"] = analysis_of(game.ruleset, game.state, viewer)
        waiting = view.get("waiting_for")
        if waiting:  # for people: in each language, with names (the ruleset's words, judge/app/narration.py)
            view["waiting_for_told"] = narration.waiting_told(game.ruleset, str(waiting), self._seat_names(game),
                                                              self._card_names(game))
        view["state_json"] = canonical_json(view)
        return view

    @staticmethod
    def _seat_names(game: Game) -> list[str]:
        return [str(s.get("name", "")) for s in game.setup.get("seats", ())]

    def _card_names(self, game: Game) -> dict[str, str]:
        """The printed names of the cards ``game`` names (by id), built once per version of the game."""
        key = view_key(game, ORGANIZER, None)
        names = self._names.get(key)
        if names is None:
            names = self._names.put(key, narration.card_names(game.ruleset, game.state))
        return dict(names)

    def card_names_of(self, game_id: str) -> dict[str, str]:
        """The printed names of the cards the game names, by id (for describing its actions)."""
        return self._card_names(self._current(game_id))

    def _event_record(self, game: Game, domain_event: Any, viewer: Viewer,
                      context: dict[str, Any] | None = None) -> EventRecord:
        """A stored event as ``viewer`` sees it; ``game`` says what is void; ``context`` is what telling
        it needs from the table before it (judge/app/narration.py), where the caller knows it."""
        return self._record_of(
            game, domain_event.originator_version, event_kind(domain_event),
            event_data(domain_event), viewer, context,
        )

    def _record_of(
        self, game: Game, version: int, kind: str, data: dict[str, Any], viewer: Viewer,
        context: dict[str, Any] | None = None,
    ) -> EventRecord:
        ruleset = game.ruleset
        payload = self._shown(game, kind, data, viewer)
        seat: int | None = None
        command_id = action = ""
        if kind == "CommandAccepted":
            seat = payload["seat"]
            command_id = payload["command_id"]
            action = str(payload["action"].get("kind", ""))
        told = narration.summaries(ruleset, kind, payload, seat, action, self._seat_names(game),
                                   self._card_names(game), context)
        return EventRecord(
            version=version,
            kind=kind,
            recorded_at_ms=recorded_at_ms(kind, data),
            payload=payload,
            seat=seat,
            command_id=command_id,
            action=action,
            voided=game.is_voided(version),
            summary=told["en"],
            summaries=told,
        )

    def _range(
        self, game: Game, from_version: int, to_version: int | None
    ) -> tuple[int, int]:
        last = game.version if not to_version else to_version
        if from_version < 1:
            raise InvalidArgument("from_version", "versions start at 1")
        if last > game.version:
            raise InvalidArgument(
                "to_version", f"the game has versions 1 to {game.version}, not {last}"
            )
        if from_version > last:
            raise InvalidArgument("from_version", f"{from_version} is after {last}")
        return from_version, last

    def event_records(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None
    ) -> list[EventRecord]:
        """The stored events of a version range (``to_version`` None or 0:
        the newest), redacted for ``viewer``. Also callable as
        ``app.events(game_id, viewer, from_version, to_version)``."""
        game = self._game(game_id)
        first, last = self._range(game, from_version, to_version)
        stored = self.events.get(game.id, gt=first - 1, lte=last)
        return [self._event_record(game, e, viewer) for e in stored]

    def replay(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        """Each stored event of a range with the view right after it.

        Loads the state before ``from_version`` once (from a snapshot where
        there is one) and folds forward. Argument errors are raised at once.
        """
        game = self._game(game_id)
        first, last = self._range(game, from_version, to_version)
        return self._replay(game, viewer, first, last)

    def _replay(
        self, game: Game, viewer: Viewer, first: int, last: int
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        folded: Game | None = self._game(game.game_id, version=first - 1) if first > 1 else None
        for e in self.events.get(game.id, gt=first - 1, lte=last):
            context = self._context_before(folded)
            folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
            yield self._event_record(game, e, viewer, context), self._view(folded, viewer)

    @staticmethod
    def _context_before(game: Game | None) -> dict[str, Any]:
        """What telling the next event needs from ``game`` as it is before it (judge/app/narration.py)."""
        return narration.narration_context(game.ruleset, game.state) if game is not None else {}

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
    ) -> Iterator[tuple[EventRecord | None, dict[str, Any]]]:
        """The events after ``after_version`` with the view after each: first
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
        game = self._game(game_id)
        if not 0 <= after_version <= game.version:
            raise InvalidArgument(
                "after_version", f"the game has versions 1 to {game.version}, not {after_version}"
            )
        return self._watch(game, viewer, after_version, stop, poll_interval, token)

    def _watch(
        self,
        game: Game,
        viewer: Viewer,
        after_version: int,
        stop: threading.Event,
        poll_interval: float,
        token: str | None = None,
    ) -> Iterator[tuple[EventRecord | None, dict[str, Any]]]:
        uid = game.id
        credentials_uid = credentials_id(game.game_id)
        topics = self._game_topics + (self._rotation_topic,) if token is not None else self._game_topics
        position = self.recorder.max_notification_id() or 0
        folded: Game | None = (
            self._game(game.game_id, version=after_version) if after_version else None
        )
        last = after_version
        # ``game`` (loaded by ``watch``) says which stored events are void;
        # for events stored since, the fold so far does.
        for e in self.events.get(uid, gt=last):
            context = self._context_before(folded)
            folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
            last = e.originator_version
            yield self._event_record(game if last <= game.version else folded, e, viewer, context), \
                self._view(folded, viewer)
        yield None, self._view(cast(Game, folded), viewer)
        while not stop.is_set() and not self._closing:
            with self._saved:
                seen = self._saves
            for batch in self._notification_batches(position, topics):
                position = batch[-1].id
                for n in batch:
                    if n.originator_id == credentials_uid and token is not None:
                        self._still_valid(game.game_id, token, viewer)
                        continue
                    if n.originator_id != uid or n.originator_version <= last:
                        continue
                    if n.originator_version > last + 1:
                        gap = list(self.events.get(uid, gt=last, lte=n.originator_version - 1))
                    else:
                        gap = []
                    for e in [*gap, self.mapper.to_domain_event(n)]:
                        context = self._context_before(folded)
                        folded = cast(Game, e.mutate(folded))  # type: ignore[attr-defined]
                        last = e.originator_version
                        yield self._event_record(folded, e, viewer, context), self._view(folded, viewer)
                        if stop.is_set():
                            return
                if stop.is_set():
                    return
            with self._saved:
                if self._saves == seen and not stop.is_set() and not self._closing:
                    self._saved.wait(timeout=poll_interval)

    def _still_valid(self, game_id: str, token: str, viewer: Viewer) -> None:
        """Raise ``Unauthenticated`` unless ``token`` still stands for ``viewer``."""
        credentials = self._credentials(game_id)
        now = credentials.identify(token, self.seal)
        if now is None and self.is_admin(token):
            now = ORGANIZER
        if now is None or replace(now, also=viewer.also) != viewer:
            raise Unauthenticated("the token this stream was opened with was rotated out; open it with the new one")

    def _shown(self, game: Game, kind: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Event data as ``viewer`` may see it (see ``redacted_data``; a
        dispute's re-check is hidden from seats that may not see the
        disputed command)."""
        shown = redacted_data(game.ruleset, kind, data, viewer)
        if kind == "DisputeOpened" and not self._sees_disputed(game, int(data["event_version"]), viewer):
            shown = {**shown, "recheck": hidden_recheck(shown["recheck"])}
        return shown

    def _actor(self, game: Game, version: int) -> int | None:
        """The seat that sent the command stored at ``version`` (None if it
        is not a command). Stored events never change, so it is read once."""
        key = (game.game_id, version)
        if key not in self._actors:
            stored = list(self.events.get(game.id, gt=version - 1, lte=version))
            seat = None
            if stored and event_kind(stored[0]) == "CommandAccepted":
                seat = event_data(stored[0])["seat"]
            if len(self._actors) > 65536:
                self._actors.clear()
            self._actors[key] = seat
        return self._actors[key]

    def _sees_disputed(self, game: Game, event_version: int, viewer: Viewer) -> bool:
        """Whether ``viewer`` may see the re-check of a disputed command in
        full: its rulings and summaries can name cards only the command's
        seat (and the organizer) may see."""
        return viewer.sees_everything or (
            viewer.is_seat(self._actor(game, event_version)))
