"""The Game aggregate: one game's event stream.

Plain methods validate and judge; the private, past-tense ``@event`` methods
only change state. Their bodies run again on every replay, so they never read
a clock, never roll a die and never validate: everything that came from
outside (the server clock, dice, the state restored by an upheld dispute) is
an argument of the event and so part of the record.

Events and their data (aggregate version = public event version; the
creation is version 1):

===================  ========================================================
``GameCreated``      ``setup`` (``GameSetup.to_dict()``), ``rules_version``
                     (``"name@version"``), ``created_at_ms``
``GameImported``     as ``GameCreated``, plus ``source_game_id`` and
                     ``imported_at_ms`` (the first event of an imported game)
``CommandAccepted``  ``command_id``, ``seat``, ``action`` (``Action.to_dict()``),
                     ``context`` (``Context.to_dict()``), ``effects``
``DisputeOpened``    ``dispute_id``, ``seat``, ``event_version``, ``reason``,
                     ``recheck`` (see ``Judgement.to_dict``), ``recorded_at_ms``
``DisputeResolved``  ``dispute_id``, ``upheld``, ``note``, ``restored_state``
                     (``ruleset.to_dict`` of the state before the disputed
                     event, or None), ``voided_from``, ``voided_to``,
                     ``reopened_deadline_ms`` (the fresh deadline of a
                     restored window that had elapsed, or None),
                     ``recorded_at_ms``
``GameStopped``      ``reason`` (``"time called"``: an event's round ended),
                     ``places`` (groups of seats, best first, as the ruleset's
                     ``table_places`` ranked the recorded state), ``scores``
                     (each seat's final score), ``seed`` (a dealt game's secret
                     seed revealed, hex, as the game's end reveals it; else
                     None), ``recorded_at_ms``; nothing is judged after it
===================  ========================================================

All event data is JSON (lists, not tuples), so an event in memory equals the
same event read back from the store, and a snapshot of the aggregate holds
only JSON plus the ruleset state (which has its own transcoding, see
judge/domain/persistence.py).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.domain import Aggregate, event

from judge.domain.chain import genesis
from judge.domain.rules import COPY_FOLD, JudgeRuleset, Judgement, fold_in_place, jsonable, ruleset_for
from judge.domain.stored import (  # noqa: F401 (the game's stored events: re-exported for their readers)
    CREATION_KINDS,
    EVENT_KINDS,
    chain_data,
    chain_fields,
    check_storable,
    event_data,
    event_hash,
    event_kind,
    recorded_at_ms,
    redacted_data,
)
from judge.common.errors import CorruptRecord, DisputeNotFound, InvalidArgument
from judge.common.i18n import N_, said
from judge.rules.definitions import CORRECT_CARD, correction_effect, definitions_effect
from judge.rules.engine import Command, Context, Effect, GameSetup, apply_all

MAX_COMMAND_ID = 128
"""Longest client-chosen command id (the application and the record reader
enforce it)."""
MAX_REASON = 1000
MAX_NOTE = 1000

OPEN = "open"
UPHELD = "upheld"
DISMISSED = "dismissed"


TIME_CALLED = "time called"
"""The reason of a ``GameStopped`` event when an event's round ends (judge/app/tournaments.py)."""
STOP_REASONS = (TIME_CALLED,)


@functools.lru_cache(maxsize=4096)  # every step names its game: format each id once
def _text_of(game_id: UUID) -> str:
    return str(game_id)


class Game(Aggregate):
    """One game: set-up, pinned rules version, the ruleset's state, and the
    book-keeping of the record (disputes, voided version ranges).

    Attributes (all part of snapshots):

    - ``setup``: the set-up as recorded (``GameSetup.to_dict()``)
    - ``rules_version``: ``"name@version"`` the game is judged by
    - ``created_at_ms``: creation time (server clock)
    - ``state``: the ruleset's state object
    - ``disputes``: one dict per dispute, in id order (id = index + 1)
    - ``voided``: ``[from, to]`` version ranges voided by upheld disputes
    - ``imported_from``: ``{"game_id", "imported_at_ms"}`` for an imported game
    - ``chain_head``: the hash of the newest event (see judge/domain/chain.py)
    - ``stopped``: ``{"reason", "places", "scores", "version"}`` once the game
      was stopped (time called), else None

    Every event carries a random ``salt``, and every event after the first
    the ``prev_hash`` of the event before it. Applying an event whose
    ``prev_hash`` is not the game's chain head (a stream altered in the
    database) raises ``CorruptRecord`` naming the game and the version.

    Which command ids the game has recorded is not part of its state, so a
    game's state and snapshots do not grow with the number of its commands:
    the record keeps that index beside the events (judge/domain/command_index.py).
    Snapshots of class version 1 held it as ``commands``; they still load
    (``upcast_v1_v2`` drops it).
    """

    class_version = 2
    stopped: dict[str, Any] | None = None
    """The default for a snapshot taken before games could be stopped (set in ``__init__``)."""

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """A snapshot taken while the game kept its command ids itself."""
        state.pop("commands", None)

    class Event(Aggregate.Event):
        """Base of the game's events: keeps the hash chain while applying."""

        def mutate(self, aggregate: Any) -> Any:
            version = self.originator_version
            if aggregate is None:
                prev = genesis(str(self.originator_id))
            else:
                prev = getattr(self, "prev_hash", "")
                if prev != getattr(aggregate, "chain_head", None):
                    raise CorruptRecord(
                        f"game {self.originator_id} version {version}: the event does not follow "
                        f"the one before it (its prev_hash {prev[:16]!r}... is not the hash of "
                        f"version {version - 1}); the stored stream was altered"
                    )
            computed = event_hash(self, prev)
            if getattr(self, "hash", computed) != computed:
                raise CorruptRecord(
                    f"game {self.originator_id} version {version}: the stored event was altered "
                    "(its content does not hash to its recorded hash)"
                )
            result: Any = super().mutate(aggregate)
            result.chain_head = computed
            return result

    class GameImported(Aggregate.Created):
        """The first event of a game imported from a record."""

        setup: dict[str, Any]
        rules_version: str
        created_at_ms: int
        source_game_id: str
        imported_at_ms: int
        salt: str
        hash: str

        def apply(self, aggregate: Any) -> None:
            aggregate.imported_from = {
                "game_id": self.source_game_id,
                "imported_at_ms": self.imported_at_ms,
            }

    @event("GameCreated")
    def __init__(
        self,
        setup: dict[str, Any],
        rules_version: str,
        created_at_ms: int,
        salt: str = "",
        hash: str = "",  # noqa: A002 - the record's field name
    ) -> None:
        self.chain_head = ""  # set when the event has been applied (Game.Event.mutate)
        self.setup = setup
        self.rules_version = rules_version
        self.created_at_ms = created_at_ms
        self.state: Any = ruleset_for(rules_version).initial_state(GameSetup.from_dict(setup))
        self.disputes: list[dict[str, Any]] = []
        self.voided: list[list[int]] = []
        self.imported_from: dict[str, Any] | None = None
        self.stopped: dict[str, Any] | None = None

    # ------------------------------------------------------------------ creation

    @classmethod
    def create(cls, setup: GameSetup, rules_version: str, created_at_ms: int) -> Game:
        """A new game. The set-up must already be validated by the ruleset."""
        game_id = uuid4()
        data = {"setup": jsonable(setup.to_dict()), "rules_version": rules_version,
                "created_at_ms": created_at_ms}
        chain = chain_fields(1, "GameCreated", data, genesis(str(game_id)))
        del chain["prev_hash"]
        return cls._create(cls.GameCreated, id=game_id, **data, **chain)  # type: ignore[attr-defined]

    @classmethod
    def imported(
        cls,
        setup: dict[str, Any],
        rules_version: str,
        created_at_ms: int,
        source_game_id: str,
        imported_at_ms: int,
    ) -> Game:
        """A new game that continues the record of another one (import)."""
        game_id = uuid4()
        data = {"setup": jsonable(setup), "rules_version": rules_version,
                "created_at_ms": created_at_ms, "source_game_id": source_game_id,
                "imported_at_ms": imported_at_ms}
        chain = chain_fields(1, "GameImported", data, genesis(str(game_id)))
        del chain["prev_hash"]
        game = cls._create(cls.GameImported, id=game_id, **data, **chain)
        return game

    # ------------------------------------------------------------------ queries

    @property
    def game_id(self) -> str:
        """The game id as clients see it (the aggregate's UUID as a string)."""
        return _text_of(self.id)

    @property
    def ruleset(self) -> JudgeRuleset:
        """The ruleset the game is pinned to."""
        return ruleset_for(self.rules_version)

    @property
    def seat_count(self) -> int:
        return len(self.setup.get("seats", ()))

    def is_voided(self, version: int) -> bool:
        """True if an upheld dispute voided the event at ``version``."""
        return any(lo <= version <= hi for lo, hi in self.voided)

    @property
    def voided_ranges(self) -> list[str]:
        """The voided ranges as ``"from-to"`` strings, oldest first."""
        return [f"{lo}-{hi}" for lo, hi in self.voided]

    @property
    def open_dispute_count(self) -> int:
        return sum(1 for d in self.disputes if d["status"] == OPEN)

    def dispute(self, dispute_id: int) -> dict[str, Any]:
        """The dispute with this id; ``DisputeNotFound`` if there is none."""
        if isinstance(dispute_id, bool) or not isinstance(dispute_id, int) \
                or not 1 <= dispute_id <= len(self.disputes):
            raise DisputeNotFound(self.game_id, dispute_id)
        return self.disputes[dispute_id - 1]

    def pending_deadline_ms(self) -> int | None:
        """When the game's open interference window closes, if one is open
        (a stopped game has none: nothing is judged after it)."""
        if self.stopped is not None:
            return None
        return self.ruleset.pending_deadline_ms(self.state)

    # ------------------------------------------------------------------ commands

    def accept(self, command_id: str, command: Command, context: Context,
               defines: Sequence[object] = ()) -> list[Effect]:
        """Judge ``command`` against the current state and record it.

        ``defines``: definitions of cards the command names that the game does not know yet
        (judge/rules/definitions.py); checked like custom cards, they are the first effect of the
        command's event (``CardsDefined``), so the action is judged with them known.

        Raises ``Rejected`` (a rule forbids it) or ``Malformed``; records
        nothing then. Exactly-once handling (a known ``command_id``) is the
        caller's job (the record's index refuses a second event with the id).
        A stopped game judges nothing more (``InvalidArgument``).
        """
        self._check_running()
        state = self.state
        defined = jsonable(definitions_effect(self.ruleset, state, defines)) if defines else None
        if defined is not None:
            state = self.ruleset.evolve(state, defined)  # a copy: the cards are known to the decision
        folding = getattr(self.ruleset, "decide_folded", None)
        if folding is not None:
            # The decision's own working copy is the next state: its effects are applied once.
            decided, folded = folding(state, command, context)
            effects = jsonable(decided)
            self._folded = folded
        else:
            effects = jsonable(self.ruleset.decide(state, command, context))
            self._folded = COPY_FOLD  # the state may be shared with a kept game: fold onto a copy
        if defined is not None:
            effects = [defined, *effects]
        try:
            self._command_accepted(**self._chained(
                "CommandAccepted",
                command_id=command_id,
                seat=command.seat,
                action=jsonable(command.action.to_dict()),
                context=jsonable(context.to_dict()),
                effects=effects,
            ))
        finally:
            self.__dict__.pop("_folded", None)  # never left for a later event to pick up
        return list(effects)

    def correct_card(self, command_id: str, card: object, context: Context,
                     hidden_from: tuple[int, ...] = ()) -> Effect:
        """Record the organizer's correction of a card the game defined (a misread number): a command of
        the table (no seat, action ``correct_card``) whose one effect, ``CardCorrected``, holds the old
        and the new definition. Rulings recorded before stand as they were made; later ones use the
        corrected card. ``Malformed`` naming ``card.<field>`` for a definition the game would refuse.
        ``hidden_from``: the seats that never saw the card's definition (it was defined face down): they
        and spectators see only that a hidden card was corrected (judge/domain/stored.py)."""
        self._check_running()
        effect = jsonable(correction_effect(self.ruleset, self.state, card))
        self._folded = COPY_FOLD
        try:
            self._command_accepted(**self._chained(
                "CommandAccepted",
                command_id=command_id,
                seat=None,
                action={"kind": CORRECT_CARD, "card": effect["card"],
                        **({"hidden_from": sorted(hidden_from)} if hidden_from else {})},
                context=jsonable(context.to_dict()),
                effects=[effect],
            ))
        finally:
            self.__dict__.pop("_folded", None)
        return dict(effect)

    def _check_running(self) -> None:
        if self.stopped is not None:
            raise InvalidArgument("game_id", said(N_("the game was stopped ({reason}) at version {version}; nothing "
                                                      "more is judged"),
                                                  reason=self.stopped['reason'], version=self.stopped['version']))

    def check_disputable(self, seat: int, event_version: int, reason: str, kind: str) -> None:
        """Raise ``InvalidArgument`` unless ``seat`` may dispute the event at
        ``event_version`` (of kind ``kind``, read from the record by the
        caller) for ``reason``: it must be an accepted command (not the
        creation, not a dispute event), not voided, and not already under an
        open dispute."""
        if not 0 <= seat < self.seat_count:
            raise InvalidArgument("seat", said(N_("the game has no seat {seat}"), seat=seat))
        if not reason.strip():
            raise InvalidArgument("reason", said(N_("a dispute needs a reason")))
        if len(reason) > MAX_REASON:
            raise InvalidArgument("reason", said(N_("at most {n} characters"), n=MAX_REASON))
        if not 1 <= event_version <= self.version:
            raise InvalidArgument(
                "event_version", said(N_("the game has no event {event_version} (version {version})"),
                                      event_version=event_version, version=self.version)
            )
        if kind != "CommandAccepted":
            raise InvalidArgument(
                "event_version",
                said(N_("event {event_version} is not an accepted command; only commands can be disputed"),
                     event_version=event_version),
            )
        if self.is_voided(event_version):
            raise InvalidArgument("event_version", said(N_("event {event_version} is already void"),
                                                        event_version=event_version))
        for d in self.disputes:
            if d["event_version"] == event_version and d["status"] == OPEN:
                raise InvalidArgument(
                    "event_version",
                    said(N_("dispute {dispute_id} about event {event_version} is still open"),
                         dispute_id=d['dispute_id'], event_version=event_version),
                )

    def open_dispute(
        self, seat: int, event_version: int, reason: str, recheck: Judgement, now_ms: int, kind: str
    ) -> int:
        """Record a dispute with its automatic re-check of the event at
        ``event_version`` (of kind ``kind``); returns its id."""
        self.check_disputable(seat, event_version, reason, kind)
        dispute_id = len(self.disputes) + 1
        self._dispute_opened(**self._chained(
            "DisputeOpened",
            dispute_id=dispute_id,
            seat=seat,
            event_version=event_version,
            reason=reason,
            recheck=jsonable(recheck.to_dict()),
            recorded_at_ms=now_ms,
        ))
        return dispute_id

    def check_resolvable(self, dispute_id: int, uphold: bool, note: str) -> int:
        """Raise unless the dispute can be resolved this way; returns the
        version of the disputed event."""
        d = self.dispute(dispute_id)
        if d["status"] != OPEN:
            raise InvalidArgument("dispute_id", said(N_("dispute {dispute_id} is already {status}"),
                                                     dispute_id=dispute_id, status=said(d['status'])))
        if len(note) > MAX_NOTE:
            raise InvalidArgument("note", said(N_("at most {n} characters"), n=MAX_NOTE))
        version = int(d["event_version"])
        if uphold and self.is_voided(version):
            raise InvalidArgument(
                "uphold", said(N_("event {version} is already void; the dispute can only be dismissed"),
                               version=version)
            )
        return version

    def resolve_dispute(
        self,
        dispute_id: int,
        uphold: bool,
        note: str,
        restored_state: dict[str, Any] | None,
        now_ms: int,
    ) -> None:
        """Uphold or dismiss an open dispute.

        Upholding restores ``restored_state`` (the ruleset state as it was
        before the disputed event, computed by the caller from the stream) and
        voids the disputed event and every event after it up to this one.
        """
        version = self.check_resolvable(dispute_id, uphold, note)
        if uphold and restored_state is None:
            raise InvalidArgument("uphold", said(N_("upholding needs the state before the disputed event")))
        # A restored window that had already elapsed would be closed again at
        # once by the judge; it reopens for a whole window from now instead.
        reopen = getattr(self.ruleset, "reopened_deadline_ms", None)  # optional: a game may have no window
        reopened = (reopen(self.ruleset.from_dict(restored_state), now_ms)
                    if reopen is not None and uphold and restored_state is not None else None)
        self._dispute_resolved(**self._chained(
            "DisputeResolved",
            dispute_id=dispute_id,
            upheld=uphold,
            note=note,
            restored_state=jsonable(restored_state) if uphold else None,
            voided_from=version if uphold else None,
            voided_to=self.version if uphold else None,
            reopened_deadline_ms=reopened,
            recorded_at_ms=now_ms,
        ))

    def stop(self, reason: str, places: list[list[int]], scores: list[int], seed: str | None, now_ms: int) -> None:
        """End the game at its recorded state (``reason``: ``TIME_CALLED``),
        with the places and scores the ruleset's ``table_places`` gives for it
        (the caller computes them, judge/app/stopping.py)."""
        if self.stopped is not None:
            raise InvalidArgument("game_id", said(N_("the game was stopped already")))
        if reason not in STOP_REASONS:
            raise InvalidArgument("reason", said(N_("unknown reason {reason} (known: {values})"),
                                                 reason=repr(reason), values=', '.join(STOP_REASONS)))
        seats = sorted(s for group in places for s in group)
        if seats != list(range(self.seat_count)) or len(scores) != self.seat_count:
            raise InvalidArgument("places", said(N_("the places must name every seat once, with a score for each")))
        self._game_stopped(**self._chained(
            "GameStopped", reason=reason, places=[[int(s) for s in g] for g in places],
            scores=[int(x) for x in scores], seed=seed, recorded_at_ms=now_ms))

    def restore(self, kind: str, data: dict[str, Any]) -> None:
        """Append an event taken verbatim from an audited record (import).

        Only the import uses this, after ``audit_record`` found the record
        clean; ``data`` holds the fields of the event ``kind``.
        """
        if kind == "CommandAccepted":
            self._command_accepted(**self._chained(
                "CommandAccepted",
                command_id=data["command_id"], seat=data["seat"], action=data["action"],
                context=data["context"], effects=data["effects"],
            ))
        elif kind == "DisputeOpened":
            self._dispute_opened(**self._chained(
                "DisputeOpened",
                dispute_id=data["dispute_id"], seat=data["seat"],
                event_version=data["event_version"], reason=data["reason"],
                recheck=data["recheck"], recorded_at_ms=data["recorded_at_ms"],
            ))
        elif kind == "DisputeResolved":
            self._dispute_resolved(**self._chained(
                "DisputeResolved",
                dispute_id=data["dispute_id"], upheld=data["upheld"], note=data["note"],
                restored_state=data["restored_state"], voided_from=data["voided_from"],
                voided_to=data["voided_to"], reopened_deadline_ms=data["reopened_deadline_ms"],
                recorded_at_ms=data["recorded_at_ms"],
            ))
        elif kind == "GameStopped":
            self._game_stopped(**self._chained(
                "GameStopped", reason=data["reason"], places=data["places"], scores=data["scores"],
                seed=data["seed"], recorded_at_ms=data["recorded_at_ms"]))
        else:
            raise InvalidArgument("kind", said(N_("cannot append a {kind} event to a game"), kind=repr(kind)))

    # ------------------------------------------------------------------ events

    def _chained(self, kind: str, **data: Any) -> dict[str, Any]:
        """``data`` plus the chain fields of the next event: a fresh salt,
        the current chain head and the event's own hash."""
        return {**data, **chain_fields(self.version + 1, kind, data, self.chain_head)}

    @event("CommandAccepted")
    def _command_accepted(
        self,
        command_id: str,
        seat: int | None,
        action: dict[str, Any],
        context: dict[str, Any],
        effects: list[dict[str, Any]],
        salt: str = "",
        prev_hash: str = "",
        hash: str = "",  # noqa: A002 - the record's field name
    ) -> None:
        folded = self.__dict__.pop("_folded", None)  # set by accept: the state the decision led to
        if folded is None:
            # Read back from the store: the state was made for this game alone (at its creation,
            # from a snapshot or a restored state) and nothing else holds it yet, so the events
            # fold onto it in place; no copy of the whole state per event.
            self.state = fold_in_place(self.ruleset, self.state, effects)
        elif folded is COPY_FOLD:
            self.state = apply_all(self.ruleset, self.state, effects)
        else:
            self.state = folded

    @event("DisputeOpened")
    def _dispute_opened(
        self,
        dispute_id: int,
        seat: int,
        event_version: int,
        reason: str,
        recheck: dict[str, Any],
        recorded_at_ms: int,
        salt: str = "",
        prev_hash: str = "",
        hash: str = "",  # noqa: A002 - the record's field name
    ) -> None:
        self.disputes.append({
            "dispute_id": dispute_id,
            "seat": seat,
            "event_version": event_version,
            "reason": reason,
            "recheck": recheck,
            "status": OPEN,
            "note": "",
            "opened_at_version": self.version + 1,
            "resolved_at_version": 0,
        })

    @event("DisputeResolved")
    def _dispute_resolved(
        self,
        dispute_id: int,
        upheld: bool,
        note: str,
        restored_state: dict[str, Any] | None,
        voided_from: int | None,
        voided_to: int | None,
        recorded_at_ms: int,
        reopened_deadline_ms: int | None = None,
        salt: str = "",
        prev_hash: str = "",
        hash: str = "",  # noqa: A002 - the record's field name
    ) -> None:
        dispute = dict(self.disputes[dispute_id - 1])
        dispute.update(
            status=UPHELD if upheld else DISMISSED,
            note=note,
            resolved_at_version=self.version + 1,
        )
        self.disputes[dispute_id - 1] = dispute
        if restored_state is not None:
            self.state = self.ruleset.from_dict(restored_state)
            if reopened_deadline_ms is not None:
                self.state = self.ruleset.with_deadline_ms(self.state, reopened_deadline_ms)
        if voided_from is not None and voided_to is not None:
            self.voided.append([voided_from, voided_to])


    @event("GameStopped")
    def _game_stopped(
        self,
        reason: str,
        places: list[list[int]],
        scores: list[int],
        seed: str | None,
        recorded_at_ms: int,
        salt: str = "",
        prev_hash: str = "",
        hash: str = "",  # noqa: A002 - the record's field name
    ) -> None:
        self.stopped = {"reason": reason, "places": places, "scores": scores, "version": self.version + 1}
