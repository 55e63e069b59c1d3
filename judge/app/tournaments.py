"""Events: many tables of one game played as one tournament (docs/events.md).

The service keeps an event's record (the ``Tournament`` aggregate, judge/domain/tournament.py) in
the judge's event store, beside the games its tables play, and its secrets (tokens, the seed, the
seat tokens its players' tokens open) in ``TournamentCredentials``. Its dependencies are explicit:
the ``GameStore`` (the event's own aggregates, the seal, the server key), ``Access`` (the admin
token, a table's organizer), ``Games`` (creating a round's tables), ``Stopping`` (time called, a
table's status), ``Disputes`` (a table's disputes) and ``Records`` (a table's record), and a clock.

Who may do what: anyone may create an event (its organizer token is returned once); the organizer
token (or the server's admin token) writes; the spectator token (or the organizer's) reads the
board, the standings and the event; a player's event token opens the player's current table.

Limits (so that an event cannot exhaust the server): ``MAX_PLAYERS`` players, ``MAX_ROUNDS``
rounds, ``MAX_TABLES`` tables a round (``ResourceExhausted`` naming the limit); every game a table
plays also counts against the judge's ``max_games``.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import replace
from collections.abc import Callable
from typing import Any, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from judge.app.access import Access
from judge.app.disputes import Disputes
from judge.app.game_store import GameStore
from judge.app.games import Games
from judge.app.records import Records
from judge.app.stopping import Stopping, TableStatus
from judge.app.tournament_types import (
    Board, BoardTable, EventCreated, EventDispute, EventExport, EventInfo, EventSetup, MyTable, RoundInfo,
    SeatedTable, StandingLine, TableOutcome,
)
from judge.common.errors import (
    GameNotFound, InvalidArgument, PermissionDenied, ResourceExhausted, Unauthenticated, WriteContention,
)
from judge.common.i18n import N_, said
from judge.domain.game import TIME_CALLED
from judge.domain.tournament import Tournament
from judge.domain.tournament_credentials import TournamentCredentials, tournament_credentials_id
from judge.record.event_record import write_event_record
from judge.rules import registry
from judge.rules.chance import commitment
from judge.rules.engine import GameSetup, SeatSetup, Viewer
from judge.tournament.rounds import EventRules, draw_round, event_standings, result_of
from judge.tournament.scoring import Scoring, ScoringError
from judge.tournament.seating import SeatingError, TableSizes

MAX_PLAYERS = 256
"""The most players an event registers."""
MAX_ROUNDS = 15
"""The most rounds an event has (the final table not counted)."""
MAX_TABLES = 64
"""The most tables one round seats."""
MAX_PLACE_POINTS = 16
"""The longest list of points by place, and ``MAX_POINTS`` the most points a place gives."""
MAX_POINTS = 1000
MAX_WRITE_ATTEMPTS = 8

Clock = Callable[[], int]


class EventNotFound(GameNotFound):
    """No event with this id (NOT_FOUND, as a game that does not exist)."""

    def __init__(self, event_id: str):
        super().__init__(event_id)
        self.args = (f"no event with id {event_id!r}",)


class Tournaments:
    """The events use cases (see the module docstring)."""

    def __init__(self, store: GameStore, access: Access, games: Games, stopping: Stopping, disputes: Disputes,
                 records: Records, clock: Clock | None = None, seeds: Callable[[], bytes] | None = None):
        self.store = store
        self.access = access
        self.games = games
        self.stopping = stopping
        self.game_disputes = disputes
        self.records = records
        self._clock: Clock = clock or store.now_ms
        self._new_seed = seeds or (lambda: secrets.token_bytes(32))
        self._locks: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()

    # ------------------------------------------------------------------ loading and access

    def _lock(self, event_id: str) -> threading.Lock:
        with self._locks_lock:
            return self._locks.setdefault(event_id, threading.Lock())

    def _load(self, event_id: str) -> tuple[Tournament, TournamentCredentials]:
        try:
            uid = UUID(str(event_id))
        except ValueError:
            raise EventNotFound(str(event_id)) from None
        if str(uid) != event_id:
            raise EventNotFound(str(event_id))
        try:
            found: object = self.store.repository.get(uid)
            held: object = self.store.repository.get(tournament_credentials_id(event_id))
        except AggregateNotFoundError:
            raise EventNotFound(event_id) from None
        if not isinstance(found, Tournament) or not isinstance(held, TournamentCredentials):
            raise EventNotFound(event_id)
        return found, held

    def _organizer(self, held: TournamentCredentials, token: str) -> None:
        if not token:
            raise Unauthenticated(said(N_("a token is required")))
        if not (held.is_organizer(token, self.store.seal) or self.access.is_admin(token)):
            if held.is_spectator(token, self.store.seal) or held.player_of(token, self.store.seal) is not None:
                raise PermissionDenied(said(N_("only the event's organizer may do this")))
            raise Unauthenticated(said(N_("the token is not valid for this event")))

    def _watcher(self, held: TournamentCredentials, token: str) -> None:
        if not token:
            raise Unauthenticated(said(N_("a token is required")))
        if not (held.is_spectator(token, self.store.seal) or self.access.is_admin(token)):
            if held.player_of(token, self.store.seal) is not None:
                raise PermissionDenied(said(N_("a player's token opens the player's table; the board needs the "
                                                "spectator or the organizer token")))
            raise Unauthenticated(said(N_("the token is not valid for this event")))

    def _write(self, event_id: str, token: str, step: Callable[[Tournament, TournamentCredentials], Any],
               retry: bool = True) -> Any:
        """Load, check the organizer, run ``step`` and save both aggregates; reload and retry if
        another writer (a replica) appended first. A step that creates games is not retried (its
        games would be created twice): the organizer is told to look at the event and try again."""
        with self._lock(event_id):
            for _ in range(MAX_WRITE_ATTEMPTS if retry else 1):
                tournament, held = self._load(event_id)
                self._organizer(held, token)
                result = step(tournament, held)
                try:
                    self.store.save(tournament, held)
                except IntegrityError:
                    continue
                return result
        raise WriteContention(MAX_WRITE_ATTEMPTS if retry else 1, tournament.version, "event")

    # ------------------------------------------------------------------ creating and registering

    def create_event(self, setup: EventSetup) -> EventCreated:
        """A new event with a fresh secret seed (committed to in its first event)."""
        ruleset = registry.get(setup.ruleset)
        low, high = setup.table_sizes or (ruleset.min_seats, ruleset.max_seats)
        if not ruleset.min_seats <= low <= high <= ruleset.max_seats:
            raise InvalidArgument("table_sizes", said(N_("{ruleset} seats {min_seats} to {max_seats} players at a "
                                                          "table, not {low} to {high}"),
                                                      ruleset=setup.ruleset, min_seats=ruleset.min_seats,
                                                      max_seats=ruleset.max_seats, low=low, high=high))
        if setup.rounds < 1:
            raise InvalidArgument("rounds", said(N_("an event has at least one round")))
        if setup.rounds > MAX_ROUNDS:
            raise ResourceExhausted(said(N_("an event has at most {max_rounds} rounds (MAX_ROUNDS)"),
                                         max_rounds=MAX_ROUNDS))
        if setup.final_table_size and not ruleset.min_seats <= setup.final_table_size <= ruleset.max_seats:
            raise InvalidArgument("final_table_size", said(N_("a final table of {ruleset} seats {min_seats} to "
                                                               "{max_seats} players (0: no final)"),
                                                           ruleset=setup.ruleset, min_seats=ruleset.min_seats,
                                                           max_seats=ruleset.max_seats))
        if setup.mode not in ruleset.modes:
            raise InvalidArgument("mode", said(N_("{ruleset} is played {values}"),
                                               ruleset=setup.ruleset, values=', '.join(ruleset.modes)))
        if len(setup.place_points) > MAX_PLACE_POINTS or any(p > MAX_POINTS for p in setup.place_points) \
                or setup.bye_points > MAX_POINTS:
            raise InvalidArgument("place_points", said(N_("at most {max_place_points} places of at most "
                                                           "{max_points} points"),
                                                       max_place_points=MAX_PLACE_POINTS, max_points=MAX_POINTS))
        try:
            scoring = Scoring(tuple(setup.place_points), setup.bye_points, tuple(setup.tie_breaks))
        except ScoringError as e:
            raise InvalidArgument("place_points" if "points" in str(e) else "tie_breaks", str(e)) from None
        _check_tables(ruleset, setup, low)
        seed = self._new_seed()
        tournament = Tournament.create(
            name=setup.name, ruleset=ruleset.name, variants=list(setup.variants), options=dict(setup.options),
            mode=setup.mode, table_sizes=[low, high],
            scoring={"place_points": list(scoring.place_points), "bye_points": scoring.bye_points,
                     "tie_breaks": list(scoring.tie_breaks)},
            rounds=setup.rounds, final_table_size=setup.final_table_size, seed_sha256=commitment(seed),
            created_at_ms=self._clock(), custom_cards=[dict(c) for c in setup.custom_cards])
        organizer, spectator = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        self.store.save(tournament, TournamentCredentials.issue(tournament.event_id, organizer, spectator, seed,
                                                              self.store.seal))
        return EventCreated(tournament.event_id, organizer, spectator, tournament.seed_sha256)

    def register_player(self, event_id: str, token: str, player: str, traits: dict[str, Any] | None = None) -> str:
        """Register a player (between rounds); returns the player's event token (shown once)."""
        player_token = secrets.token_urlsafe(32)

        def step(t: Tournament, held: TournamentCredentials) -> str:
            if len(t.players) >= MAX_PLAYERS:
                raise ResourceExhausted(said(N_("an event registers at most {max_players} players (MAX_PLAYERS)"),
                                             max_players=MAX_PLAYERS))
            _check_player(t, player, dict(traits or {}))
            t.register(player, dict(traits or {}), self._clock())
            held.add_player(player, player_token, self.store.seal)
            return player_token

        return cast(str, self._write(event_id, token, step))

    def drop_player(self, event_id: str, token: str, player: str) -> None:
        """Drop a player between rounds: the player is seated no more; results stay."""
        self._write(event_id, token, lambda t, _held: t.drop(player, self._clock()))

    # ------------------------------------------------------------------ rounds

    def start_round(self, event_id: str, token: str, final: bool = False) -> RoundInfo:
        """Draw the next round (or the final table) from the event's seed and create its games."""

        def step(t: Tournament, held: TournamentCredentials) -> RoundInfo:
            self._collect(t, held)
            number = t.check_round_may_start(final)
            rules = EventRules.from_created(_created_data(t))
            try:
                drawn, byes = draw_round(held.seed(self.store.seal), rules, number, final, t.active_players,
                                         t.round_list, [result_of(r) for r in t.results.values()])
            except SeatingError as e:
                raise InvalidArgument("players", str(e)) from None
            if len(drawn) > MAX_TABLES:
                raise ResourceExhausted(said(N_("a round seats at most {max_tables} tables (MAX_TABLES)"),
                                             max_tables=MAX_TABLES))
            if not drawn:
                raise InvalidArgument("players", said(N_("no table can be seated")))
            setups = [_table_setup(t, players) for players in drawn]
            ruleset = registry.get(t.ruleset)
            for setup in setups:  # all tables checked before any game is created
                committed = {"seed_sha256": "0" * 64} if setup.mode == "dealt" else {}  # create_game commits
                ruleset.validate_setup(replace(setup, options={**setup.options, **committed}))
            tables: list[dict[str, Any]] = []
            seats: dict[str, tuple[str, int, str]] = {}
            organizers: dict[str, str] = {}
            for n, (players, setup) in enumerate(zip(drawn, setups), start=1):
                created = self.games.create_game(setup)
                tables.append({"table": n, "game_id": created.game_id, "players": players})
                organizers[created.game_id] = created.organizer_token
                for seat, player in enumerate(players):
                    seats[player] = (created.game_id, seat, created.seat_tokens[seat])
            t.start_round(number, final, tables, byes, self._clock())
            held.keep_round(number, seats, organizers, self.store.seal)
            return _round_info(t.round_list[-1])

        return cast(RoundInfo, self._write(event_id, token, step, retry=False))

    def call_time(self, event_id: str, token: str) -> RoundInfo:
        """Time is up for the round: every table not yet done is stopped at its recorded state
        (a ``GameStopped`` event in its game) and every table's result recorded."""

        def step(t: Tournament, held: TournamentCredentials) -> RoundInfo:
            current = t.current_round
            if current is None:
                raise InvalidArgument("round", said(N_("no round has started")))
            t.call_time(current["round"], self._clock())
            for table in current["tables"]:
                if t.result(current["round"], table["table"]) is not None:
                    continue
                viewer = self._game_organizer(held, table["game_id"])
                if not self.stopping.table_status(table["game_id"], viewer).done:
                    self.stopping.stop_game(table["game_id"], TIME_CALLED, viewer)
            self._collect(t, held)
            return _round_info(t.round_list[-1])

        return cast(RoundInfo, self._write(event_id, token, step))

    def record_results(self, event_id: str, token: str) -> list[TableOutcome]:
        """Record the result of every table of the round that is done (won, or stopped)."""
        return cast(list[TableOutcome], self._write(event_id, token, self._collect))

    def _collect(self, t: Tournament, held: TournamentCredentials) -> list[TableOutcome]:
        current = t.current_round
        if current is None:
            return []
        for table in current["tables"]:
            if t.result(current["round"], table["table"]) is not None:
                continue
            status = self.stopping.table_status(table["game_id"], self._game_organizer(held, table["game_id"]))
            if status.done:
                names = table["players"]
                t.record_result(current["round"], table["table"], [[names[s] for s in g] for g in status.places],
                                {names[s]: status.scores[s] for s in range(len(names))}, status.stopped,
                                self._clock())
        return [_outcome(r) for r in t.results.values()]

    def _game_organizer(self, held: TournamentCredentials, game_id: str) -> Viewer:
        return self.access.authenticate(game_id, held.game_organizer_token(game_id, self.store.seal))

    def finish(self, event_id: str, token: str) -> str:
        """End the event (between rounds) and reveal its seed; returns the seed (hex)."""

        def step(t: Tournament, held: TournamentCredentials) -> str:
            self._collect(t, held)
            seed = held.seed(self.store.seal).hex()
            t.finish(seed, self._clock())
            return seed

        return cast(str, self._write(event_id, token, step))

    # ------------------------------------------------------------------ queries

    def event(self, event_id: str, token: str) -> EventInfo:
        t, held = self._load(event_id)
        self._watcher(held, token)
        return EventInfo(
            event_id=t.event_id, name=t.name, ruleset=t.ruleset, variants=list(t.variants), mode=t.mode,
            table_sizes=(t.table_sizes[0], t.table_sizes[1]), place_points=list(t.scoring["place_points"]),
            bye_points=int(t.scoring["bye_points"]), tie_breaks=list(t.scoring["tie_breaks"]),
            rounds=t.rounds, final_table_size=t.final_table_size, seed_sha256=t.seed_sha256, seed=t.seed or "",
            players=list(t.players), dropped=list(t.dropped), round_list=[_round_info(r) for r in t.round_list],
            results=[_outcome(r) for r in t.results.values()], finished=t.finished, version=t.version,
            created_at_ms=t.created_at_ms)

    def standings(self, event_id: str, token: str) -> list[StandingLine]:
        """The standings after the results recorded (the final table not counted: docs/events.md)."""
        t, held = self._load(event_id)
        self._watcher(held, token)
        rules = EventRules.from_created(_created_data(t))
        lines = event_standings(t.players, t.round_list, [result_of(r) for r in t.results.values()], rules.scoring)
        return [StandingLine(s.rank, s.player, s.points, s.score, s.opponents, s.head_to_head, s.tables,
                             s.player in t.dropped) for s in lines]

    def my_table(self, event_id: str, player_token: str) -> MyTable:
        """The current table of the player whose event token this is: its game, seat and seat token."""
        t, held = self._load(event_id)
        player = held.player_of(player_token, self.store.seal) if player_token else None
        if player is None:
            raise Unauthenticated(said(N_("the token is not a player's token of this event")))
        for entry in reversed(t.round_list):
            seat = held.seat_of(entry["round"], player, self.store.seal)
            if seat is not None:
                game_id, number, seat_token = seat
                table = next(x["table"] for x in entry["tables"] if x["game_id"] == game_id)
                return MyTable(t.event_id, entry["round"], table, game_id, number, seat_token, player)
        raise InvalidArgument("round", said(N_("{player} has no table yet"), player=player))

    def board(self, event_id: str, token: str) -> Board:
        """Every table of the current round at a glance."""
        t, held = self._load(event_id)
        self._watcher(held, token)
        current = t.current_round
        if current is None:
            return Board(t.event_id, 0, False, [], t.finished, t.version)
        tables = []
        for table in current["tables"]:
            status = self.stopping.table_status(table["game_id"], self._game_organizer(held, table["game_id"]))
            tables.append(_board_table(current["round"], table, status))
        return Board(t.event_id, current["round"], bool(current["time_called"]), tables, t.finished, t.version)

    def disputes(self, event_id: str, token: str, open_only: bool = True) -> list[EventDispute]:
        """The organizer's dispute queue across every table of the event (open ones only, unless
        ``open_only`` is False), by round and table."""
        t, held = self._load(event_id)
        self._organizer(held, token)
        found: list[EventDispute] = []
        for entry in t.round_list:
            for table in entry["tables"]:
                viewer = self._game_organizer(held, table["game_id"])
                for d in self.game_disputes.list_disputes(table["game_id"], viewer):
                    if open_only and d.status != "open":
                        continue
                    names = table["players"]
                    found.append(EventDispute(
                        int(entry["round"]), int(table["table"]), str(table["game_id"]), d.dispute_id,
                        names[d.opened_by] if 0 <= d.opened_by < len(names) else str(d.opened_by),
                        d.event_version, d.reason, d.status, d.recheck_legal,
                        d.recheck_ruling.rule_id if d.recheck_ruling is not None else "", d.recheck_summary,
                        d.resolution_note,
                        self.game_disputes.disputed_event_told(table["game_id"], d.event_version, viewer)))
        return found

    def resolve_dispute(self, event_id: str, token: str, game_id: str, dispute_id: int, uphold: bool,
                        note: str) -> EventDispute:
        """The organizer resolves a dispute at one of the event's tables (from the board), as the
        table's organizer would (judge/app/disputes.py)."""
        t, held = self._load(event_id)
        self._organizer(held, token)
        where = next(((e, x) for e in t.round_list for x in e["tables"] if x["game_id"] == game_id), None)
        if where is None:
            raise InvalidArgument("game_id", said(N_("game {game_id} is no table of this event"), game_id=game_id))
        self.game_disputes.resolve_dispute(game_id, dispute_id, uphold, note, self._game_organizer(held, game_id))
        return next(d for d in self.disputes(event_id, token, open_only=False)
                    if d.game_id == game_id and d.dispute_id == dispute_id)

    def export_event(self, event_id: str, token: str) -> EventExport:
        """The event's record (docs/events.md, "The record") and the record of every table's game."""
        t, held = self._load(event_id)
        self._organizer(held, token)
        stored = list(self.store.events.get(t.id))
        record = write_event_record(t.event_id, stored, self._clock(), self.store.key)
        games = {}
        for entry in t.round_list:
            for table in entry["tables"]:
                games[table["game_id"]] = self.records.export_game(
                    table["game_id"], self._game_organizer(held, table["game_id"]))
        return EventExport(record, games)


def _table_setup(t: Tournament, players: list[str]) -> GameSetup:
    """The set-up of the game a table of ``players`` (in seat order) plays."""
    return GameSetup(ruleset=t.ruleset, variants=tuple(t.variants),
                     seats=tuple(SeatSetup(p, dict(t.traits.get(p, {}))) for p in players),
                     options=dict(t.options), mode=t.mode, custom_cards=tuple(t.custom_cards))


def _check_tables(ruleset: Any, setup: EventSetup, seats: int) -> None:
    """What every table's game will be created with (variants, options, mode, custom cards), judged by
    the ruleset now, at a table of ``seats`` placeholder players with its traits' first values, so a bad
    set-up is refused when the event is created, not when its first round is drawn."""
    traits = {t.name: t.values[0] for t in getattr(ruleset, "seat_traits", ()) if t.values}
    game = GameSetup(ruleset=ruleset.name, variants=tuple(setup.variants),
                     seats=tuple(SeatSetup(f"{n}", dict(traits)) for n in range(1, seats + 1)),
                     options=dict(setup.options), mode=setup.mode, custom_cards=tuple(setup.custom_cards))
    committed = {"seed_sha256": "0" * 64} if setup.mode == "dealt" else {}  # create_game commits
    ruleset.validate_setup(replace(game, options={**game.options, **committed}))


def _check_player(t: Tournament, player: str, traits: dict[str, Any]) -> None:
    """The player's traits judged by the ruleset now, as a seat of the event's smallest table would be
    (``InvalidArgument`` naming the trait), so a wrong trait is refused at registration, not when a
    round is drawn."""
    ruleset = registry.get(t.ruleset)
    defaults = {x.name: x.values[0] for x in getattr(ruleset, "seat_traits", ()) if x.values}
    others = tuple(SeatSetup(f"{n}", dict(defaults)) for n in range(2, int(t.table_sizes[0]) + 1))
    game = replace(_table_setup(t, []), seats=(SeatSetup(player or "?", traits), *others))
    committed = {"seed_sha256": "0" * 64} if game.mode == "dealt" else {}
    try:
        ruleset.validate_setup(replace(game, options={**game.options, **committed}))
    except InvalidArgument as e:
        for own in ("seats[0].traits", "seats[0]"):  # the player's own traits: named as the request gives them
            if e.field.startswith(own):
                raise InvalidArgument("traits_json" + e.field[len(own):], e.message) from None
        raise


def _created_data(t: Tournament) -> dict[str, Any]:
    return {"table_sizes": t.table_sizes, "scoring": t.scoring, "rounds": t.rounds,
            "final_table_size": t.final_table_size}


def _round_info(entry: dict[str, Any]) -> RoundInfo:
    return RoundInfo(int(entry["round"]), bool(entry["final"]),
                     [SeatedTable(int(x["table"]), str(x["game_id"]), list(x["players"])) for x in entry["tables"]],
                     list(entry["byes"]), bool(entry["time_called"]))


def _outcome(r: dict[str, Any]) -> TableOutcome:
    return TableOutcome(int(r["round"]), int(r["table"]), [list(g) for g in r["places"]], dict(r["scores"]),
                        bool(r["time_called"]))


def _board_table(round_number: int, table: dict[str, Any], status: TableStatus) -> BoardTable:
    names = list(table["players"])
    turn = names[status.active_seat] if status.active_seat is not None and 0 <= status.active_seat < len(names) else ""
    leaders = [names[s] for s in status.places[0]] if status.places else []
    scores = {name: status.scores[s] for s, name in enumerate(names) if s < len(status.scores)}
    return BoardTable(round_number, int(table["table"]), str(table["game_id"]), names, status.version, turn, leaders,
                      status.open_disputes, status.window_closes_at_ms, status.done, status.stopped, scores)


__all__ = ["MAX_PLAYERS", "MAX_ROUNDS", "MAX_TABLES", "EventNotFound", "Tournaments", "EventSetup", "TableSizes"]
