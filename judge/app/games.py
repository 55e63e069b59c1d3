"""Creating games and judging commands: create, submit, ask, legal actions,
closing windows whose deadline passed, and the list of stored games.

``Games`` takes the ``GameStore`` (the write path), ``Access`` (permissions,
seeds, receipts), ``Views`` (the answers' events and views) and
``Deadlines`` (which games have a deadline that passed).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

from judge.app.access import Access, hash_of, require_actor, require_observer
from judge.app.deadlines import Deadlines
from judge.app.library import CardLibraries
from judge.app.game_store import GameStore
from judge.app.topics import CREATION_TOPICS
from judge.app.types import AskResult, Created, GameSummary, SubmitResult
from judge.app.view_cache import view_key
from judge.app.views import Views, context_before
from judge.common.errors import GameNotFound, InvalidArgument, PermissionDenied, VersionConflict
from judge.common.i18n import N_, said
from judge.domain.credentials import Credentials, Tokens
from judge.domain.game import MAX_COMMAND_ID, Game, event_data, event_kind, recorded_at_ms, redacted_data
from judge.domain.rules import JudgeRuleset, jsonable, rules_version_of
from judge.rules import registry
from judge.rules.chance import commitment
from judge.rules.engine import ORGANIZER, SPECTATOR, Action, Command, Context, GameSetup, Viewer
from judge.rules.definitions import CARDS_DEFINED, MAX_DEFINITIONS, definitions_effect
from judge.rules.ruling import Malformed, Rejected, UnknownCard

T = TypeVar("T")

logger = logging.getLogger(__name__)

DEADLINE_PREFIX = "judge:deadline:"
"""The command ids of the commands the judge submits itself at a deadline (``close_elapsed_windows``)."""


class Games:
    """Creating games and judging commands."""

    def __init__(self, store: GameStore, access: Access, views: Views, deadlines: Deadlines,
                 library: CardLibraries | None = None):
        self.store = store
        self.access = access
        self.views = views
        self.deadlines = deadlines
        self.library = library

    def create_game(self, setup: GameSetup) -> Created:
        """Create a game pinned to the current rules version of its ruleset.

        A dealt game gets a fresh 32-byte secret seed; the set-up commits to
        it (``options["seed_sha256"]``) before the ruleset sees it, and the
        seed itself is kept with the credentials. The cards of the game's
        collection's library are pinned into its ``custom_cards``."""
        ruleset = cast(JudgeRuleset, registry.get(setup.ruleset))
        setup = replace(setup, ruleset=ruleset.name)
        if self.library is not None:
            setup = self.library.pin(setup)
        seed: bytes | None = None
        if setup.mode == "dealt":
            seed = self.store.new_seed()
            setup = replace(setup, options={**setup.options, "seed_sha256": commitment(seed)})
        ruleset.validate_setup(setup)
        game = Game.create(setup, rules_version_of(ruleset), self.store.now_ms())
        created = self.issue(game, seed)
        opening_of = getattr(ruleset, "opening_command", None)  # optional: a game may open with no command
        opening = opening_of(game.state) if opening_of is not None else None
        if opening is not None:
            # The judge opens the game itself (a dealt table: the opening
            # hands), so every seat sees the result right away.
            opened = self.submit(created.game_id, f"judge:{opening.action.kind}", opening, 1, ORGANIZER)
            created = replace(created, view=opened.view if opened.view is not None else created.view)
        return created

    def issue(self, game: Game, seed: bytes | None = None, *also: Any) -> Created:
        """Save a new game (created or imported) with fresh credentials (and
        ``also``, e.g. the idempotency key of an import), counted against
        ``max_games``; the answer carries its tokens."""
        tokens = Tokens.issue(game.seat_count)
        with self.store.admitting_a_game():
            # (An imported record longer than max_events_per_game was refused before its audit.)
            self.store.save(game, Credentials.issue(game.game_id, tokens, seed, self.store.seal), *also)
        self.access.remember_seed(game.game_id, seed)
        return Created(
            game_id=game.game_id,
            seat_tokens=list(tokens.seats),
            organizer_token=tokens.organizer,
            spectator_token=tokens.spectator,
            rules_version=game.rules_version,
            view=self.views.view_of(game, ORGANIZER),
            receipt=self.store.key.receipt(game.game_id, 1, game.version, game.chain_head),
        )

    def submit(
        self,
        game_id: str,
        command_id: str,
        command: Command,
        expected_version: int | None,
        viewer: Viewer,
        *,
        with_view: bool = True,
        view_json: bool = True,
        defines: Sequence[object] = (),
    ) -> SubmitResult:
        """Judge a command and record it if the rules allow it (the answer without a
        view when not ``with_view``: building none is the caller's saving; without the view's
        JSON copies when not ``view_json``, ``Views.view_of``).

        Checks, in order: the game exists; the viewer may act for the
        command's seat; a stale ``expected_version`` raises ``VersionConflict``;
        then the rules decide (``Rejected``/``Malformed``) and the events are
        saved. A known command id returns the first result (``duplicate=True``,
        the same events, the game's current version and view): the index is
        asked only when the database's key refused the id, or the game
        refused the command, so a new command costs no lookup.

        ``defines``: definitions of cards the command names that the game does not know
        (judge/rules/definitions.py). A card the game does not know but its collection's library does
        is defined from the library, recorded the same way; every card a command defines is added to
        the library (one the library defines otherwise stays as it is there, and is logged).
        """

        def step(game: Game) -> int | None:
            nonlocal command
            # The organizer acts for the table itself (e.g. recording an agreed
            # adjustment): such actions carry no seat, whatever the request said.
            if viewer.role == "organizer" and command.action.kind in getattr(
                    game.ruleset, "organizer_actions", frozenset()):
                command = Command(None, command.action)
            require_actor(viewer, command)
            if not isinstance(command_id, str) or not 1 <= len(command_id) <= MAX_COMMAND_ID:
                raise InvalidArgument("command.command_id", said(N_("1 to {max_command_id} characters"),
                                                                 max_command_id=MAX_COMMAND_ID))
            if expected_version is not None and expected_version < 1:
                raise InvalidArgument("command.expected_version", said(N_("versions start at 1")))
            attempts.append(1)
            if len(attempts) > 1:  # the database's key refused the command id: is it a retry?
                first = self.store.command_index.command_version(game.game_id, command_id)
                if first is not None:
                    return first
            if expected_version is not None and expected_version != game.version:
                raise VersionConflict(expected_version, game.version)
            told_before.append(context_before(game))
            self._accept(game, command_id, command, list(defines))
            return None

        told_before: list[dict[str, Any]] = []  # the table before the command, for its summary
        attempts: list[int] = []  # the command id is looked up only when a save was refused

        try:
            game, saved, first = self.store.write(game_id, step)
        except (Rejected, Malformed, VersionConflict) as refusal:
            # A retried command id whose command the game no longer allows: answered from the record.
            current = self.store.current(game_id)
            first = self.store.command_index.command_version(current.game_id, command_id)
            if first is not None:
                return self._duplicate(current, first, command, command_id, viewer, with_view, view_json)
            if isinstance(refusal, Malformed):
                raise
            done = self._carried_out_by_the_judge(game_id, command, expected_version, viewer)
            if done is None:
                raise
            return done
        if first is not None:
            # The game as stored now, which says what is void: the copy this replica keeps may
            # predate what another replica stored since (judge/app/live_games.py).
            return self._duplicate(self.store.current(game_id), first, command, command_id, viewer, with_view,
                                   view_json)
        context = told_before[-1] if told_before else None
        self._learn(game, saved[0])
        return SubmitResult(
            events=[self.views.event_record(game, e, viewer, context if i == 0 else None)
                    for i, e in enumerate(saved)],
            version=game.version,
            duplicate=False,
            view=self.views.view_of(game, viewer, json=view_json) if with_view else None,
            receipt=self.access.receipt(game, saved[0].originator_version, game.version),
        )

    def _accept(self, game: Game, command_id: str, command: Command, defines: list[object]) -> None:
        """Judge and record ``command`` with ``defines``; a card it names that the game does not know
        but its collection's library does is defined from the library and judged again."""
        learned: list[str] = []
        while True:
            try:
                game.accept(command_id, command, self.access.context(game), [*defines])
                return
            except UnknownCard as unknown:
                found = self.library.lookup(game.setup, game.ruleset, unknown.card) \
                    if self.library is not None and unknown.card not in learned \
                    and len(learned) < MAX_DEFINITIONS else None
                if found is None:
                    raise
                learned.append(unknown.card)
                defines.append(found)

    def _learn(self, game: Game, stored: Any) -> None:
        """Add the cards a stored command defined to the game's collection's library: those every seat may
        see (the library is read without a token: a face-down card's definition stays in its game)."""
        if self.library is None or event_kind(stored) != "CommandAccepted":
            return
        seen = redacted_data(game.ruleset, "CommandAccepted", event_data(stored), SPECTATOR)
        cards = [c for e in seen["effects"] if e.get("type") == CARDS_DEFINED for c in e["cards"]]
        if not cards:
            return
        for note in self.library.learn(game.setup, game.ruleset, cards, f"game {game.game_id}"):
            logger.info("game %s: %s", game.game_id, note)

    def correct_card(self, game_id: str, command_id: str, card: object, viewer: Viewer,
                     expected_version: int | None = None) -> SubmitResult:
        """The organizer's correction of a card the game defined (judge/rules/definitions.py): recorded
        as a command of the table; the collection's library follows where it held the old definition."""
        if viewer.role != "organizer":
            raise PermissionDenied(said(N_("only the organizer corrects a card's definition")))
        if not isinstance(command_id, str) or not 1 <= len(command_id) <= MAX_COMMAND_ID:
            raise InvalidArgument("command_id", said(N_("1 to {max_command_id} characters"),
                                                     max_command_id=MAX_COMMAND_ID))
        corrected: list[dict[str, Any]] = []

        def step(game: Game) -> None:
            if expected_version is not None and expected_version != game.version:
                raise VersionConflict(expected_version, game.version)
            corrected.append(game.correct_card(command_id, card, self.access.context(game),
                                               self._unseen_by(game, card)))

        game, saved, _ = self.store.write(game_id, step)
        if self.library is not None and corrected:
            effect = corrected[0]
            self.library.follow_correction(game.setup, game.ruleset, effect["before"], effect["after"],
                                           f"organizer of game {game.game_id}")
        return SubmitResult(
            events=[self.views.event_record(game, e, viewer) for e in saved],
            version=game.version,
            duplicate=False,
            view=self.views.view_of(game, viewer),
            receipt=self.access.receipt(game, saved[0].originator_version, game.version),
        )

    def _unseen_by(self, game: Game, card: object) -> tuple[int, ...]:
        """The seats that never saw the definition of ``card`` (a corrected definition; its id names the
        card): where the game defined it face down for them. A card the game was created with, or one
        each seat saw defined, is seen by all."""
        key = _key_of(game.ruleset, card)
        if not key:
            return ()  # the correction itself says what is wrong with the definition
        for stored in self.store.events.get(game.id):
            if event_kind(stored) != "CommandAccepted":
                continue
            data = event_data(stored)
            defined = [e for e in data.get("effects", ()) if e.get("type") == CARDS_DEFINED]
            if not any(key == _key_of(game.ruleset, c) for e in defined for c in e.get("cards", ())):
                continue
            unseen = []
            for seat in range(game.seat_count):
                shown = redacted_data(game.ruleset, "CommandAccepted", data, Viewer("seat", seat))
                kept = [c for e in shown["effects"] if e.get("type") == CARDS_DEFINED for c in e.get("cards", ())]
                if not any(key == _key_of(game.ruleset, c) for c in kept):
                    unseen.append(seat)
            return tuple(unseen)
        return ()

    def _duplicate(self, game: Game, first: int, command: Command, command_id: str, viewer: Viewer,
                   with_view: bool = True, view_json: bool = True) -> SubmitResult:
        """The answer to a retried command id, recorded at version ``first``, from the record."""
        [stored] = list(self.store.events.get(game.id, gt=first - 1, lte=first))
        recorded = event_data(stored)
        if (recorded["seat"], recorded["action"]) != (command.seat, jsonable(command.action.to_dict())):
            raise InvalidArgument(
                "command.command_id",
                said(N_("{command_id} was already used for a different command (version {first}); a retry must send "
                         "the same command"), command_id=repr(command_id), first=first))
        return SubmitResult(
            events=[self.views.event_record(game, stored, viewer)],
            version=first,
            duplicate=True,
            view=(self.views.view_of(self.store.game(game.game_id, version=first), viewer, json=view_json)
                  if with_view else None),
            receipt=self.access.receipt(game, first, first, hash_of(stored)),
        )

    def _carried_out_by_the_judge(self, game_id: str, command: Command, expected_version: int | None,
                                  viewer: Viewer) -> SubmitResult | None:
        """A command the rules refuse now because the judge has carried it out by itself at a deadline
        (the combat resolved when the interference window closed) answers with the judge's result, as a
        duplicate: the judge's own command of the same action recorded after ``expected_version``, or,
        without one, after the last command of the command's seat (its sender has not acted since)."""
        require_actor(viewer, command)
        game = self.store.current(game_id)
        action = jsonable(command.action.to_dict())
        found: Any = None
        for stored in self.store.events.get(game.id, gt=expected_version or 0):
            if event_kind(stored) != "CommandAccepted":
                continue
            data = event_data(stored)
            if command.seat is not None and data["seat"] == command.seat and expected_version is None:
                found = None  # the seat acted after the judge: its command is no late twin
            elif data["seat"] is None and str(data["command_id"]).startswith(DEADLINE_PREFIX) \
                    and data["action"] == action:
                found = stored
        if found is None:
            return None
        version = found.originator_version
        return SubmitResult(
            events=[self.views.event_record(game, found, viewer)],
            version=version,
            duplicate=True,
            view=self.views.view_of(self.store.game(game_id, version=version), viewer),
            receipt=self.access.receipt(game, version, version, hash_of(found)),
        )

    def ask(self, game_id: str, command: Command, viewer: Viewer, defines: Sequence[object] = ()) -> AskResult:
        """Judge a hypothetical command against the current state (with the cards ``defines`` defines,
        judge/rules/definitions.py); records nothing. ``Malformed`` is raised; a rule violation is an
        answer."""
        game = self.store.current(game_id)
        require_observer(viewer, command.seat)
        context = self.access.context(game)
        defined = jsonable(definitions_effect(game.ruleset, game.state, defines)) if defines else None
        state = game.ruleset.evolve(game.state, defined) if defined is not None else game.state
        try:
            effects = ([defined] if defined is not None else []) + \
                jsonable(game.ruleset.decide(state, command, context))
        except Rejected as e:
            return AskResult(allowed=False, ruling=e.ruling, events=[])
        if context.secret_seed is not None:
            # What a dealt game's seed would draw or roll must not be seen
            # before it is committed: the answer is yes or no only.
            return AskResult(allowed=True, ruling=None, events=[])
        data = {
            "command_id": "",
            "seat": command.seat,
            "action": jsonable(command.action.to_dict()),
            "context": jsonable(context.to_dict()),
            "effects": effects,
        }
        record = self.views.record_of(game, game.version + 1, "CommandAccepted", data, viewer,
                                      context_before(game))
        return AskResult(allowed=True, ruling=None, events=[record])

    def legal_actions(self, game_id: str, seat: int, viewer: Viewer) -> tuple[list[Action], int]:
        """The actions ``seat`` may take now, and the version they are for."""
        return self._legal_actions(self.store.current(game_id), seat, viewer)

    def _legal_actions(self, game: Game, seat: int, viewer: Viewer) -> tuple[list[Action], int]:
        if not 0 <= seat < game.seat_count:
            raise InvalidArgument("seat", said(N_("the game has no seat {seat}"), seat=seat))
        require_observer(viewer, seat)
        if game.stopped is not None:  # time called: nothing more is judged at this table
            return [], game.version
        actions = game.ruleset.legal_actions(game.state, seat, self.access.context(game))
        return list(actions), game.version

    def legal_offers(self, game_id: str, seat: int, viewer: Viewer) -> tuple[list[Action], dict[str, str], int]:
        """``legal_actions`` with the ruleset's open choices (``open_choices``, judge/rules/engine.py):
        the cards the actions name as examples of any card of a domain (card id -> domain)."""
        offers = self.legal_offers_made(game_id, seat, viewer, "offers", lambda kept: kept)
        return list(offers["actions"]), dict(offers["offered"]), offers["version"]

    def legal_offers_made(self, game_id: str, seat: int, viewer: Viewer, what: str,
                          make: Callable[[dict[str, Any]], T]) -> T:
        """``make`` of the seat's offers now (``{"actions", "offered", "version"}``, shared: read only), made
        once per version of the game, seat and side of its pending deadline where the ruleset's legal
        actions depend on the clock only through that deadline (``legal_actions_clock``,
        judge/rules/engine.py): the phones at a table ask after every event, and the server keeps its
        message (``what``) beside them. Otherwise decided afresh at every call."""
        game = self.store.current(game_id)
        if not 0 <= seat < game.seat_count:
            raise InvalidArgument("seat", said(N_("the game has no seat {seat}"), seat=seat))
        require_observer(viewer, seat)
        context = self.access.context(game)
        key: Hashable | None = None
        if getattr(game.ruleset, "legal_actions_clock", None) == "deadline":
            deadline = game.pending_deadline_ms()
            key = (view_key(game, ORGANIZER, context.secret_seed), seat,
                   deadline is None or context.now_ms < deadline)
            made = self.store.legal_cache.made(key, what, make)
            if made is not None:
                return made
        offers = self._offers(game, seat, context)
        if key is None:
            return make(offers)
        self.store.legal_cache.put(key, offers)
        made = self.store.legal_cache.made(key, what, make)
        return made if made is not None else make(offers)

    def _offers(self, game: Game, seat: int, context: Context) -> dict[str, Any]:
        if game.stopped is not None:  # time called: nothing more is judged at this table
            return {"actions": (), "offered": {}, "version": game.version}
        actions = tuple(game.ruleset.legal_actions(game.state, seat, context))
        hook = getattr(game.ruleset, "open_choices", None)
        offered = dict(hook(game.state, seat)) if hook is not None and actions else {}
        return {"actions": actions, "offered": offered, "version": game.version}

    def close_elapsed_windows(self) -> int:
        """Submit, as the judge (no seat), the ruleset's deadline command of
        every game whose deadline (e.g. an interference window) has passed.
        Returns how many this call closed; a deadline met meanwhile by a
        player or another replica is skipped."""
        now = self.store.now_ms()
        closed = 0
        for game_id, deadline in sorted(self.deadlines.pending_deadlines().items()):
            if deadline > now:
                continue
            try:
                game = self.store.game(game_id)
                current = game.pending_deadline_ms()
                if current is None or current > now:
                    continue
                deadline_of = getattr(game.ruleset, "deadline_command", None)
                command = deadline_of(game.state) if deadline_of is not None else None
                if command is None:
                    continue
                result = self.submit(
                    game_id,
                    f"{DEADLINE_PREFIX}{game_id}:{game.version}",
                    command,
                    expected_version=game.version,
                    viewer=ORGANIZER,
                )
            except (Rejected, Malformed, VersionConflict, GameNotFound):
                continue
            if not result.duplicate:
                closed += 1
        return closed

    def list_games(self, after: int = 0, limit: int = 100) -> tuple[list[GameSummary], int]:
        """Up to ``limit`` games in the order they were created or imported,
        after the position ``after`` of the store's log; with the position to
        continue from (0 when there are no more)."""
        found: list[GameSummary] = []
        position = after
        for batch in self.store.notifications(after, CREATION_TOPICS):
            for n in batch:
                if len(found) == limit:
                    return found, position
                first = self.store.mapper.to_domain_event(n)
                data = event_data(first)
                setup = data["setup"]
                found.append(GameSummary(
                    game_id=str(n.originator_id), ruleset=str(setup.get("ruleset", "")),
                    rules_version=str(data["rules_version"]), created_at_ms=recorded_at_ms(event_kind(first), data),
                    seats=[str(seat.get("name", "")) for seat in setup.get("seats", [])],
                    imported_from=str(data.get("source_game_id", "")),
                ))
                position = n.id
        return found, 0


def _key_of(ruleset: JudgeRuleset, definition: object) -> str:
    """A definition's card id as the family keys it ("" where it cannot)."""
    entry = getattr(ruleset, "library_entry", None)
    if entry is None:
        return ""
    try:
        return str(entry(definition))
    except (InvalidArgument, Malformed, TypeError, ValueError, AttributeError):
        return ""
