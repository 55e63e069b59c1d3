"""Views of a game and its events: GetView, the event list and Replay, with
what each viewer may see (Watch follows in judge/app/watch.py).

``Views`` takes the ``GameStore`` (where games are loaded and views kept) and
``Access`` (a dealt game's seed, which a view of its position depends on).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Hashable, TypeVar, cast

from judge.app.types import EventRecord
from judge.domain.game import Game, event_data, event_kind, recorded_at_ms, redacted_data
from judge.app.positions import analysis_of, position_text
from judge.domain.rules import jsonable
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.rules.engine import ORGANIZER, Viewer, canonical_json
from judge.app import narration
from judge.app.access import Access
from judge.app.game_store import GameStore
from judge.app.topics import ROTATION_TOPIC
from judge.domain.credentials import credentials_id
from judge.app.view_cache import view_key
from judge.app.told import LazyFold, Telling, reader_key, told_key
from judge.rules.narration import tell_event

T = TypeVar("T")

WHOLE = "view with its JSON copies"
"""What the view with ``position_json`` and ``state_json`` is kept as, beside the view without them."""
LEAN = " (without the JSON copies)"
"""Added to the name of what a caller makes of a view without its JSON copies (``view_made``)."""


HIDDEN = "(hidden)"
HIDDEN_RECHECK = N_("(hidden): the re-check concerns cards only the command's seat may see")
"""A hidden re-check's summary (said in the reader's language where it is read, judge/app/disputes.py)."""


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
            "summary": HIDDEN_RECHECK,
            "ruling": shown, "hidden": True}


class Views:
    """Views of a game and its events, as each viewer may see them."""

    def __init__(self, store: GameStore, access: Access):
        self.store = store
        self.access = access
        self._actors: dict[tuple[str, int], int | None] = {}  # see ``actor``

    def view(self, game_id: str, viewer: Viewer, at_version: int | None = None) -> dict[str, Any]:
        """The game as ``viewer`` may see it, now or at a past version
        (``at_version`` None or 0: now)."""
        return self.view_of(self._game_at(game_id, at_version), viewer)

    def _game_at(self, game_id: str, at_version: int | None) -> Game:
        if not at_version:
            return self.store.current(game_id)
        # Asked for a version after the newest, the store gives the newest.
        game = self.store.game(game_id, version=at_version if at_version > 0 else None)
        if game.version != at_version:
            raise InvalidArgument(
                "at_version", said(N_("the game has versions 1 to {version}, not {at_version}"),
                                   version=game.version, at_version=at_version)
            )
        return game

    def view_made(self, game_id: str, viewer: Viewer, what: str, make: Callable[[dict[str, Any]], T],
                  at_version: int | None = None, *, json: bool = True) -> T:
        """``make(view)`` of ``view(game_id, viewer, at_version)``, made once per kept view
        (``ViewCache.made``, e.g. the server's message of it); callers must not change it. ``json``: as
        ``view_of``; what is made without them is kept apart from what is made with them."""
        game = self._game_at(game_id, at_version)
        key, core = self._kept(game, viewer)
        if not json:
            what = f"{what}{LEAN}"
        made = self.store.view_cache.made(key, what, lambda kept: make(self._whole(key, game, viewer, kept)
                                                                       if json else kept))
        if made is None:  # nothing is kept (a cache of size 0, or the view went meanwhile)
            made = make(self._whole(key, game, viewer, core) if json else core)
        return made

    def view_of(self, game: Game, viewer: Viewer, *, json: bool = True) -> dict[str, Any]:
        """The view of ``game`` for ``viewer``, built once per version of the game and viewer
        (judge/app/view_cache.py): a copy, so callers may change it. Without ``json``, the view without
        its two JSON copies (``position_json`` and ``state_json``), for a caller that reads neither (the
        table page): they are written only when first read (writing the position and the whole view as
        canonical JSON is about half of what building a view costs)."""
        key, core = self._kept(game, viewer)
        return dict(self._whole(key, game, viewer, core) if json else core)

    def fresh_view(self, game: Game, viewer: Viewer) -> dict[str, Any]:
        """The view of ``game`` for ``viewer``, computed from its state."""
        return self._with_json(game, viewer, self._core(game, viewer))

    def _kept(self, game: Game, viewer: Viewer) -> tuple[Hashable, dict[str, Any]]:
        """The key and the kept view without its JSON copies (built now if none is kept)."""
        key = view_key(game, viewer, self.access.seed(game))
        core = self.store.view_cache.get(key)
        if core is None:
            core = self.store.view_cache.put(key, self._core(game, viewer))
        return key, core

    def _whole(self, key: Hashable, game: Game, viewer: Viewer, core: dict[str, Any]) -> dict[str, Any]:
        """The kept view ``core`` with its JSON copies, written once while it is kept."""
        whole = self.store.view_cache.made(key, WHOLE, lambda kept: self._with_json(game, viewer, kept))
        return whole if whole is not None else self._with_json(game, viewer, core)

    def _core(self, game: Game, viewer: Viewer) -> dict[str, Any]:
        """The view of ``game`` for ``viewer`` without its JSON copies."""
        view = dict(jsonable(game.ruleset.view(game.state, viewer)))
        view.update(
            game_id=game.game_id,
            family=game.ruleset.family,
            version=game.version,
            voided=game.voided_ranges,
            open_disputes=game.open_dispute_count,
        )
        if game.stopped is not None and "status" in view:
            # Stopped (time called at an event's table): over, and nothing more is waited for.
            view.update(status="GAME_STATUS_FINISHED", waiting_for="")
        view["analysis"] = self._analysis(game, viewer)
        waiting = view.get("waiting_for")
        if waiting:  # for people: in each language, with names (the ruleset's words, judge/app/narration.py)
            view["waiting_for_told"] = narration.waiting_told(game.ruleset, str(waiting), seat_names(game),
                                                              self._card_names(game))
        phase = narration.phase_told(game.ruleset, str(view.get("phase", "")), seat_names(game),
                                     self._card_names(game))
        if phase is not None:  # a game whose phases are its own words (judge/rules/narration.py tell_phase)
            view["phase_told"] = phase
        return view

    def _with_json(self, game: Game, viewer: Viewer, core: dict[str, Any]) -> dict[str, Any]:
        """``core`` with the position as this viewer may see it (judge/app/positions.py) and the whole view
        as canonical JSON."""
        view = dict(core)
        position = position_text(game.ruleset, game.state, viewer, self.access.seed(game))
        if position is not None:
            view["position_json"] = position
        view["state_json"] = canonical_json(view)
        return view

    def _analysis(self, game: Game, viewer: Viewer) -> dict[str, Any]:
        """The ruleset's analysis for ``viewer``: built once per version of the game where it is the
        same for every viewer (``analysis_for_every_viewer``, judge/rules/analysis.py)."""
        if not getattr(game.ruleset, "analysis_for_every_viewer", False):
            return analysis_of(game.ruleset, game.state, viewer)
        key = view_key(game, ORGANIZER, None)
        kept = self.store.analysis_cache.get(key)
        if kept is None:
            kept = self.store.analysis_cache.put(key, analysis_of(game.ruleset, game.state, viewer))
        return kept

    def _card_names(self, game: Game) -> Mapping[str, str]:
        """The printed names of the cards ``game`` names (by id), built once per version of the game
        (read only: every reader of the version shares them)."""
        key = view_key(game, ORGANIZER, None)
        names = self.store.name_cache.get(key)
        if names is None:
            names = self.store.name_cache.put(key, narration.card_names(game.ruleset, game.state))
        return MappingProxyType(names)

    def card_names(self, game: Game) -> Mapping[str, str]:
        """The printed names of the cards ``game`` names, by id (kept per version, read only)."""
        return self._card_names(game)

    def card_names_of(self, game_id: str) -> Mapping[str, str]:
        """The printed names of the cards the game names, by id (for describing its actions)."""
        return self._card_names(self.store.current(game_id))

    def event_record(self, game: Game, domain_event: Any, viewer: Viewer,
                      context: dict[str, Any] | None = None, *,
                      told: Sequence[str] = narration.LANGUAGES, key: Hashable | None = None,
                      telling: Telling | None = None, names: Mapping[str, str] | None = None,
                      seats: Sequence[str] | None = None) -> EventRecord:
        """A stored event as ``viewer`` sees it; ``game`` says what is void; ``context`` is what telling
        it needs from the table before it (judge/app/narration.py), where the caller knows it. ``told``:
        the languages its summary is told in (``summaries``; ``summary`` is the English one where English
        is among them); none for a caller that reads no summary. Redaction does not depend on it.
        ``telling``: the event told before for ``viewer`` (judge/app/told.py), where the caller has it;
        else, with its ``key`` (``told_key``), the event told now from ``context`` is kept. ``names`` and
        ``seats``: ``game``'s printed names of cards and seats' names, where the caller has them."""
        return self.record_of(
            game, domain_event.originator_version, event_kind(domain_event),
            event_data(domain_event), viewer, context, told=told, key=key, telling=telling, names=names,
            seats=seats,
        )

    def record_of(
        self, game: Game, version: int, kind: str, data: dict[str, Any], viewer: Viewer,
        context: dict[str, Any] | None = None, *, told: Sequence[str] = narration.LANGUAGES,
        key: Hashable | None = None, telling: Telling | None = None, names: Mapping[str, str] | None = None,
        seats: Sequence[str] | None = None,
    ) -> EventRecord:
        ruleset = game.ruleset
        payload = self.shown(game, kind, data, viewer)
        seat: int | None = None
        command_id = action = ""
        if kind == "CommandAccepted":
            seat = payload["seat"]
            command_id = payload["command_id"]
            action = str(payload["action"].get("kind", ""))
        summaries: dict[str, str] = {}
        if telling is None and key is not None:
            telling = self.store.told_cache.put(key, Telling())
        if told and telling is None:
            summaries = narration.summaries(ruleset, kind, payload, seat, action, seat_names(game),
                                            self._card_names(game), context, told)
        elif told and telling is not None:
            if telling.told is None:  # told now from ``context``, the table before it, and kept
                telling.tell(tell_event(ruleset, kind, payload, seat, action, dict(context or {})))
            summaries = telling.in_every(told, seat_names(game) if seats is None else seats,
                                         self._card_names(game) if names is None else names)
        payload_json = ""
        if telling is not None:
            if not telling.payload_json:
                telling.payload_json = canonical_json(payload)
            payload_json = telling.payload_json
        return EventRecord(
            version=version,
            kind=kind,
            recorded_at_ms=recorded_at_ms(kind, data),
            payload=payload,
            seat=seat,
            command_id=command_id,
            action=action,
            voided=game.is_voided(version),
            summary=summaries.get("en", ""),
            summaries=summaries,
            payload_json=payload_json,
        )

    @staticmethod
    def version_range(game: Game, from_version: int, to_version: int | None) -> tuple[int, int]:
        """The versions ``from_version`` to ``to_version`` (None or 0: the newest) of ``game``,
        checked (``InvalidArgument`` naming the field)."""
        last = game.version if not to_version else to_version
        if from_version < 1:
            raise InvalidArgument("from_version", said(N_("versions start at 1")))
        if last > game.version:
            raise InvalidArgument(
                "to_version", said(N_("the game has versions 1 to {version}, not {last}"),
                                   version=game.version, last=last)
            )
        if from_version > last:
            raise InvalidArgument("from_version", said(N_("{from_version} is after {last}"),
                                                       from_version=from_version, last=last))
        return from_version, last

    def event_records(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None
    ) -> list[EventRecord]:
        """The stored events of a version range (``to_version`` None or 0:
        the newest), redacted for ``viewer``. Also callable as
        ``app.events(game_id, viewer, from_version, to_version)``."""
        game = self.store.game(game_id)
        first, last = self.version_range(game, from_version, to_version)
        stored = self.store.events.get(game.id, gt=first - 1, lte=last)
        return [self.event_record(game, e, viewer) for e in stored]

    def replay(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None,
        token: str | None = None, *, with_views: bool = True,
    ) -> Iterator[tuple[EventRecord, dict[str, Any]]]:
        """Each stored event of a range with the view right after it (an empty dict without
        ``with_views``: the views are the dearest part of a step, so a caller that does not
        read them has none built).

        Loads the state before ``from_version`` once (from a snapshot where
        there is one) and folds forward. Argument errors are raised at once.
        With the ``token`` the stream was opened with, it ends with
        ``Unauthenticated`` before the next event once that token is rotated
        out (here or on another replica), as a ``watch`` does.
        """
        steps = self.replay_steps(game_id, viewer, from_version, to_version, token, folded=with_views)
        return ((event, self.view_of(folded, viewer) if folded is not None else {}) for event, folded in steps)

    def replay_steps(
        self, game_id: str, viewer: Viewer, from_version: int = 1, to_version: int | None = None,
        token: str | None = None, *, folded: bool = True, told: Sequence[str] = narration.LANGUAGES,
    ) -> Iterator[tuple[EventRecord, Game | None]]:
        """Each stored event of a range with the game right after it (``folded``; else None), for a
        caller that builds views only where it sends them (after a batch's last event). The game is
        folded in place: read it before asking for the next step. The events' summaries are told in
        the languages ``told`` (none: no summaries), and without ``folded`` nor ``told`` nothing is
        folded through the rules at all: the events are read, redacted for ``viewer`` (which needs no
        state) and passed on; nor is an event told before for the same viewer (judge/app/told.py).
        Argument errors are raised at once; the ``token`` as in ``replay``."""
        # The game now, for reading only (a kept one where the store holds nothing newer).
        game = self.store.current(game_id)
        first, last = self.version_range(game, from_version, to_version)
        return self._replay(game, viewer, first, last, token, folded, told)

    def _replay(
        self, game: Game, viewer: Viewer, first: int, last: int, token: str | None, with_game: bool,
        told: Sequence[str],
    ) -> Iterator[tuple[EventRecord, Game | None]]:
        position = self._rotation_position() if token is not None else 0
        # The table is folded where a step needs it: for a view, or to tell an event not told before.
        fold = LazyFold(lambda version: self.store.game(game.game_id, version=version), first - 1)
        kept, reader = self.store.told_cache, reader_key(game.game_id, game.rules_version, viewer)
        # The game read is kept, never changed (``GameStore.current``): its names are read once.
        names = self._card_names(game) if told else None
        seats = seat_names(game)
        for e in self.store.events.get(game.id, gt=first - 1, lte=last):
            key = told_key(reader, e)
            telling = kept.get(key)
            untold = bool(told) and (telling is None or telling.told is None)
            context: dict[str, Any] | None = None
            if with_game or untold:
                before = fold.before(e)
                context = context_before(before) if untold else None
                fold.step(e)
            else:
                fold.skip(e)
            if token is not None:
                position = self._rotations_after(position, game.game_id, token, viewer)
            yield (self.event_record(game, e, viewer, context, told=told, key=key, telling=telling,
                                     names=names, seats=seats),
                   fold.game if with_game else None)

    def _rotation_position(self) -> int:
        """Where ``_rotations_after`` starts: the count of credentials this process has saved where it is
        the database's sole writer (every rotation is one of them), else the store's log position."""
        if self.store.sole_writer:
            return self.access.credential_saves
        return self.store.recorder.max_notification_id() or 0

    def _rotations_after(self, position: int, game_id: str, token: str, viewer: Viewer) -> int:
        """``check_still_valid`` if a token of ``game_id`` was rotated after ``position`` (of
        ``_rotation_position``); the position read up to. A sole writer asks its own count of saved
        credentials (no query per streamed event); otherwise the store's log is read."""
        if self.store.sole_writer:
            saves = self.access.credential_saves
            if saves != position:
                self.access.check_still_valid(game_id, token, viewer)
            return saves
        credentials_uid = credentials_id(game_id)
        for batch in self.store.notifications(position, (ROTATION_TOPIC,)):
            position = batch[-1].id
            if any(n.originator_id == credentials_uid for n in batch):
                self.access.check_still_valid(game_id, token, viewer)
        return position

    def shown(self, game: Game, kind: str, data: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Event data as ``viewer`` may see it (see ``redacted_data``; a
        dispute's re-check is hidden from seats that may not see the
        disputed command)."""
        shown = redacted_data(game.ruleset, kind, data, viewer)
        if kind == "DisputeOpened" and not self.sees_disputed(game, int(data["event_version"]), viewer):
            shown = {**shown, "recheck": hidden_recheck(shown["recheck"])}
        return shown

    def actor(self, game: Game, version: int) -> int | None:
        """The seat that sent the command stored at ``version`` (None if it
        is not a command). Stored events never change, so it is read once."""
        key = (game.game_id, version)
        if key not in self._actors:
            stored = list(self.store.events.get(game.id, gt=version - 1, lte=version))
            seat = None
            if stored and event_kind(stored[0]) == "CommandAccepted":
                seat = event_data(stored[0])["seat"]
            if len(self._actors) > 65536:
                self._actors.clear()
            self._actors[key] = seat
        return self._actors[key]

    def note_actor(self, game_id: str, version: int, seat: int | None) -> None:
        """The seat that sent the command stored at ``version`` (read where it is at hand)."""
        self._actors[(game_id, version)] = seat

    def sees_disputed(self, game: Game, event_version: int, viewer: Viewer) -> bool:
        """Whether ``viewer`` may see the re-check of a disputed command in
        full: its rulings and summaries can name cards only the command's
        seat (and the organizer) may see."""
        return viewer.sees_everything or (
            viewer.is_seat(self.actor(game, event_version)))


EVERY_LANGUAGE: tuple[str, ...] = tuple(narration.LANGUAGES)
"""The languages a stored event is told in unless its reader names fewer (``told``)."""


def seat_names(game: Game) -> list[str]:
    """The names of the game's seats, in seat order."""
    return [str(s.get("name", "")) for s in game.setup.get("seats", ())]


def context_before(game: Game | None) -> dict[str, Any]:
    """What telling the next event needs from ``game`` as it is before it (judge/app/narration.py)."""
    return narration.narration_context(game.ruleset, game.state) if game is not None else {}
