"""The Tournament aggregate: the record of an event (many tables of one game played as one).

The API calls it an *event*; here it is a tournament, so as not to be read as one of the record's
events. It is stored in the judge's event store beside the games, as its own stream, with the same
hash chain as a game's (judge/domain/chain.py; its genesis from the tournament's id). Plain methods
validate; the private ``@event`` methods only change state, and read neither clock nor dice: the
time and the drawn tables are arguments of the events.

Events and their data (version 1 is the creation):

=======================  ================================================================
``TournamentCreated``    ``name``, ``ruleset``, ``variants``, ``options``, ``mode``,
                         ``table_sizes`` ([smallest, largest]), ``scoring``
                         (``place_points``, ``bye_points``, ``tie_breaks``), ``rounds``,
                         ``final_table_size`` (0: no final), ``seed_sha256`` (the
                         commitment of the event's secret seed), ``created_at_ms``,
                         ``custom_cards`` (every table's, as a game's set-up)
``PlayerRegistered``     ``player``, ``traits`` (the player's seat traits at every
                         table, e.g. Munchkin's ``sex``), ``recorded_at_ms``
``PlayerDropped``        ``player``, ``recorded_at_ms``
``RoundStarted``         ``round``, ``final`` (the final table), ``tables`` (each
                         ``{"table", "game_id", "players"}``, players in seat order),
                         ``byes``, ``recorded_at_ms``
``TableFinished``        ``round``, ``table``, ``places`` (groups of players, best
                         first), ``scores`` (player -> final score), ``time_called``,
                         ``recorded_at_ms``
``TimeCalled``           ``round``, ``recorded_at_ms``
``TournamentFinished``   ``seed`` (the secret seed revealed, hex), ``recorded_at_ms``
=======================  ================================================================

No token, token hash or sealed secret appears in these events: the tokens of the event (the
organizer's, the spectators', one per player) and the seat tokens of every table's game that a
player's token opens live in ``TournamentCredentials`` (judge/domain/tournament_credentials.py).
"""

from __future__ import annotations

from typing import Any
from uuid import uuid4

from eventsourcing.domain import Aggregate, event

from judge.common.errors import CorruptRecord, InvalidArgument
from judge.common.i18n import N_, nsaid, said
from judge.domain.chain import chain_line, genesis, line_hash, new_salt

EVENT_KINDS = ("TournamentCreated", "PlayerRegistered", "PlayerDropped", "RoundStarted",
               "TableFinished", "TimeCalled", "TournamentFinished")

DATA_FIELDS: dict[str, tuple[str, ...]] = {
    "TournamentCreated": ("name", "ruleset", "variants", "options", "mode", "table_sizes", "scoring",
                          "rounds", "final_table_size", "seed_sha256", "created_at_ms", "custom_cards"),
    "PlayerRegistered": ("player", "traits", "recorded_at_ms"),
    "PlayerDropped": ("player", "recorded_at_ms"),
    "RoundStarted": ("round", "final", "tables", "byes", "recorded_at_ms"),
    "TableFinished": ("round", "table", "places", "scores", "time_called", "recorded_at_ms"),
    "TimeCalled": ("round", "recorded_at_ms"),
    "TournamentFinished": ("seed", "recorded_at_ms"),
}
"""The fields of each kind of event, in record order."""

MAX_NAME = 200
"""The longest name of an event or of a player."""


class Tournament(Aggregate):
    """One event: its set-up, players, rounds and the results of their tables.

    Attributes: the creation's fields, plus ``players`` (registration order), ``traits`` (player ->
    seat traits), ``dropped``,
    ``round_list`` (one dict per round started: ``round``, ``final``, ``tables``, ``byes``,
    ``time_called``), ``results`` (``"<round>:<table>"`` -> the ``TableFinished`` data),
    ``seed`` (hex, once revealed) and ``chain_head``.
    """

    class Event(Aggregate.Event):
        """Base of the tournament's events: keeps the hash chain while applying."""

        def mutate(self, aggregate: Any) -> Any:
            version = self.originator_version
            prev = genesis(str(self.originator_id)) if aggregate is None else getattr(self, "prev_hash", "")
            if aggregate is not None and prev != getattr(aggregate, "chain_head", None):
                raise CorruptRecord(f"event {self.originator_id} version {version}: the stored event does "
                                    "not follow the one before it; the stored stream was altered")
            computed = tournament_event_hash(self, prev)
            if getattr(self, "hash", computed) != computed:
                raise CorruptRecord(f"event {self.originator_id} version {version}: the stored event was "
                                    "altered (its content does not hash to its recorded hash)")
            result: Any = super().mutate(aggregate)
            result.chain_head = computed
            return result

    @event("TournamentCreated")
    def __init__(self, name: str, ruleset: str, variants: list[str], options: dict[str, Any], mode: str,
                 table_sizes: list[int], scoring: dict[str, Any], rounds: int, final_table_size: int,
                 seed_sha256: str, created_at_ms: int, custom_cards: list[dict[str, Any]] | None = None,
                 salt: str = "", hash: str = "") -> None:  # noqa: A002 - the record's field name
        self.chain_head = ""
        self.name = name
        self.ruleset = ruleset
        self.variants = list(variants)
        self.options = dict(options)
        self.mode = mode
        self.table_sizes = list(table_sizes)
        self.scoring = dict(scoring)
        self.rounds = rounds
        self.final_table_size = final_table_size
        self.seed_sha256 = seed_sha256
        self.created_at_ms = created_at_ms
        self.custom_cards = list(custom_cards or [])
        self.players: list[str] = []
        self.traits: dict[str, dict[str, Any]] = {}
        self.dropped: list[str] = []
        self.round_list: list[dict[str, Any]] = []
        self.results: dict[str, dict[str, Any]] = {}
        self.seed: str | None = None

    @classmethod
    def create(cls, *, name: str, ruleset: str, variants: list[str], options: dict[str, Any], mode: str,
               table_sizes: list[int], scoring: dict[str, Any], rounds: int, final_table_size: int,
               seed_sha256: str, created_at_ms: int, custom_cards: list[dict[str, Any]] | None = None) -> Tournament:
        """A new event (its set-up validated by the caller, judge/app/tournaments.py)."""
        if not name.strip() or len(name) > MAX_NAME:
            raise InvalidArgument("name", said(N_("an event needs a name of 1 to {max_name} characters"),
                                               max_name=MAX_NAME))
        tournament_id = uuid4()
        data = {"name": name, "ruleset": ruleset, "variants": list(variants), "options": dict(options),
                "mode": mode, "table_sizes": list(table_sizes), "scoring": dict(scoring), "rounds": rounds,
                "final_table_size": final_table_size, "seed_sha256": seed_sha256,
                "created_at_ms": created_at_ms, "custom_cards": list(custom_cards or [])}
        chain = _chain_fields(1, "TournamentCreated", data, genesis(str(tournament_id)))
        del chain["prev_hash"]
        return cls._create(cls.TournamentCreated, id=tournament_id, **data, **chain)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ queries

    @property
    def event_id(self) -> str:
        return str(self.id)

    @property
    def active_players(self) -> list[str]:
        """The registered players not dropped, in registration order."""
        return [p for p in self.players if p not in self.dropped]

    @property
    def current_round(self) -> dict[str, Any] | None:
        return self.round_list[-1] if self.round_list else None

    @property
    def finished(self) -> bool:
        return self.seed is not None

    def result(self, round_number: int, table: int) -> dict[str, Any] | None:
        return self.results.get(f"{round_number}:{table}")

    def round_done(self, entry: dict[str, Any]) -> bool:
        """Whether every table of the round has its result."""
        return all(self.result(entry["round"], t["table"]) is not None for t in entry["tables"])

    def table_of(self, round_number: int, table: int) -> dict[str, Any]:
        for entry in self.round_list:
            if entry["round"] == round_number:
                for t in entry["tables"]:
                    if t["table"] == table:
                        return dict(t)
        raise InvalidArgument("table", said(N_("round {round_number} has no table {table}"),
                                            round_number=round_number, table=table))

    def _check_open(self) -> None:
        if self.finished:
            raise InvalidArgument("event_id", said(N_("the event is finished")))

    def _check_between_rounds(self, what: str) -> None:
        current = self.current_round
        if current is not None and not self.round_done(current):
            raise InvalidArgument("round", said(N_("round {round} is still being played; {what} between rounds"),
                                                round=current['round'], what=said(what)))

    # ------------------------------------------------------------------ commands

    def register(self, player: str, traits: dict[str, Any], now_ms: int) -> None:
        self._check_open()
        if not player.strip() or len(player) > MAX_NAME:
            raise InvalidArgument("player", said(N_("a player needs a name of 1 to {max_name} characters"),
                                                 max_name=MAX_NAME))
        if player in self.players:
            raise InvalidArgument("player", said(N_("{player} is registered already"), player=repr(player)))
        self._check_between_rounds(N_("players register"))
        self._trigger("PlayerRegistered", player=player, traits=dict(traits), recorded_at_ms=now_ms)

    def drop(self, player: str, now_ms: int) -> None:
        self._check_open()
        if player not in self.active_players:
            raise InvalidArgument("player", said(N_("{player} is not a registered player of the event"),
                                                 player=repr(player)))
        self._check_between_rounds(N_("players are dropped"))
        self._trigger("PlayerDropped", player=player, recorded_at_ms=now_ms)

    def check_round_may_start(self, final: bool) -> int:
        """The number of the next round; ``InvalidArgument`` unless it may start now."""
        self._check_open()
        self._check_between_rounds(N_("a round starts"))
        played = [r for r in self.round_list if not r["final"]]
        if final:
            if not self.final_table_size:
                raise InvalidArgument("final", said(N_("the event has no final table")))
            if len(played) < self.rounds:
                raise InvalidArgument("final", said(N_("the final follows round {rounds}"), rounds=self.rounds))
            if any(r["final"] for r in self.round_list):
                raise InvalidArgument("final", said(N_("the final table was played already")))
        elif len(played) >= self.rounds:
            raise InvalidArgument("round", nsaid(N_("the event has {n} round, all started"),
                                                 N_("the event has {n} rounds, all started"), self.rounds))
        return len(self.round_list) + 1

    def start_round(self, round_number: int, final: bool, tables: list[dict[str, Any]], byes: list[str],
                    now_ms: int) -> None:
        """Record a round's tables (drawn by the caller from the seed, their games created)."""
        if round_number != self.check_round_may_start(final):
            raise InvalidArgument("round", said(N_("the next round is {value}"), value=len(self.round_list) + 1))
        self._trigger("RoundStarted", round=round_number, final=final,
                      tables=[{"table": int(t["table"]), "game_id": str(t["game_id"]),
                               "players": [str(p) for p in t["players"]]} for t in tables],
                      byes=list(byes), recorded_at_ms=now_ms)

    def record_result(self, round_number: int, table: int, places: list[list[str]], scores: dict[str, int],
                      time_called: bool, now_ms: int) -> None:
        self._check_open()
        seated = self.table_of(round_number, table)["players"]
        if self.result(round_number, table) is not None:
            raise InvalidArgument("table", said(N_("table {table} of round {round_number} has its result already"),
                                                table=table, round_number=round_number))
        placed = [p for group in places for p in group]
        if sorted(placed) != sorted(seated) or any(not g for g in places):
            raise InvalidArgument("places", said(N_("the places must name every player of the table once")))
        self._trigger("TableFinished", round=round_number, table=table,
                      places=[list(g) for g in places], scores={p: int(scores.get(p, 0)) for p in seated},
                      time_called=bool(time_called), recorded_at_ms=now_ms)

    def call_time(self, round_number: int, now_ms: int) -> None:
        self._check_open()
        current = self.current_round
        if current is None or current["round"] != round_number:
            raise InvalidArgument("round", said(N_("round {round_number} is not the round being played"),
                                                round_number=round_number))
        if current["time_called"]:
            raise InvalidArgument("round", said(N_("time was called for round {round_number} already"),
                                                round_number=round_number))
        self._trigger("TimeCalled", round=round_number, recorded_at_ms=now_ms)

    def finish(self, seed_hex: str, now_ms: int) -> None:
        self._check_open()
        self._check_between_rounds(N_("the event finishes"))
        self._trigger("TournamentFinished", seed=seed_hex, recorded_at_ms=now_ms)

    # ------------------------------------------------------------------ events

    def _trigger(self, kind: str, **data: Any) -> None:
        chained = {**data, **_chain_fields(self.version + 1, kind, data, self.chain_head)}
        getattr(self, "_" + _snake(kind))(**chained)

    @event("PlayerRegistered")
    def _player_registered(self, player: str, traits: dict[str, Any], recorded_at_ms: int, salt: str = "",
                           prev_hash: str = "", hash: str = "") -> None:  # noqa: A002
        self.players = [*self.players, player]
        self.traits = {**self.traits, player: traits}

    @event("PlayerDropped")
    def _player_dropped(self, player: str, recorded_at_ms: int, salt: str = "", prev_hash: str = "",
                        hash: str = "") -> None:  # noqa: A002
        self.dropped = [*self.dropped, player]

    @event("RoundStarted")
    def _round_started(self, round: int, final: bool, tables: list[dict[str, Any]],  # noqa: A002
                       byes: list[str], recorded_at_ms: int, salt: str = "", prev_hash: str = "",
                       hash: str = "") -> None:  # noqa: A002
        self.round_list = [*self.round_list, {"round": round, "final": final, "tables": tables,
                                              "byes": list(byes), "time_called": False}]

    @event("TableFinished")
    def _table_finished(self, round: int, table: int, places: list[list[str]],  # noqa: A002
                        scores: dict[str, int], time_called: bool, recorded_at_ms: int, salt: str = "",
                        prev_hash: str = "", hash: str = "") -> None:  # noqa: A002
        self.results = {**self.results, f"{round}:{table}": {
            "round": round, "table": table, "places": places, "scores": scores, "time_called": time_called}}

    @event("TimeCalled")
    def _time_called(self, round: int, recorded_at_ms: int, salt: str = "",  # noqa: A002
                     prev_hash: str = "", hash: str = "") -> None:  # noqa: A002
        self.round_list = [*self.round_list[:-1], {**self.round_list[-1], "time_called": True}]

    @event("TournamentFinished")
    def _tournament_finished(self, seed: str, recorded_at_ms: int, salt: str = "", prev_hash: str = "",
                             hash: str = "") -> None:  # noqa: A002
        self.seed = seed


def _snake(kind: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in kind).lstrip("_")


def tournament_event_kind(domain_event: object) -> str:
    return type(domain_event).__name__


def tournament_event_data(domain_event: Any) -> dict[str, Any]:
    """The data of a stored tournament event as in its record line."""
    kind = tournament_event_kind(domain_event)
    if kind not in DATA_FIELDS:
        raise TypeError(f"not an event's event: {kind}")
    return {name: getattr(domain_event, name) for name in DATA_FIELDS[kind]}


def recorded_at(kind: str, data: dict[str, Any]) -> int:
    return int(data["created_at_ms"] if kind == "TournamentCreated" else data["recorded_at_ms"])


def tournament_line_hash(version: int, kind: str, data: dict[str, Any], salt: str, prev_hash: str) -> str:
    """The chain hash of a tournament event (the record line as judge/domain/chain.py hashes it)."""
    return line_hash(chain_line(version, kind, recorded_at(kind, data), data, salt, prev_hash))


def tournament_event_hash(domain_event: Any, prev_hash: str) -> str:
    return tournament_line_hash(domain_event.originator_version, tournament_event_kind(domain_event),
                                tournament_event_data(domain_event), str(getattr(domain_event, "salt", "")),
                                prev_hash)


def _chain_fields(version: int, kind: str, data: dict[str, Any], prev_hash: str) -> dict[str, Any]:
    salt = new_salt()
    return {"salt": salt, "prev_hash": prev_hash,
            "hash": tournament_line_hash(version, kind, data, salt, prev_hash)}
