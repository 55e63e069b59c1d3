"""Plain result types of the events service (judge/app/tournaments.py); the server converts them
to judge.v1 events messages (judge/server/events.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from judge.tournament.scoring import TIE_BREAKS

DEFAULT_PLACE_POINTS = (5, 3, 2, 1)


@dataclass(frozen=True)
class EventSetup:
    """What an event is created with. ``table_sizes`` defaults to the ruleset's seat range;
    ``final_table_size`` 0 means no final table."""

    name: str
    ruleset: str
    variants: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    mode: str = "reported"
    table_sizes: tuple[int, int] | None = None
    place_points: tuple[int, ...] = DEFAULT_PLACE_POINTS
    bye_points: int = 0
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    rounds: int = 3
    final_table_size: int = 0
    custom_cards: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class EventCreated:
    event_id: str
    organizer_token: str
    spectator_token: str
    seed_sha256: str


@dataclass(frozen=True)
class SeatedTable:
    table: int
    game_id: str
    players: list[str]


@dataclass(frozen=True)
class RoundInfo:
    round: int
    final: bool
    tables: list[SeatedTable]
    byes: list[str]
    time_called: bool = False


@dataclass(frozen=True)
class TableOutcome:
    """A table's recorded result: its places (groups of players, best first) and scores."""

    round: int
    table: int
    places: list[list[str]]
    scores: dict[str, int]
    time_called: bool


@dataclass(frozen=True)
class StandingLine:
    rank: int
    player: str
    points: Fraction
    score: int
    opponents: Fraction
    head_to_head: int
    tables: int
    dropped: bool = False


@dataclass(frozen=True)
class EventInfo:
    event_id: str
    name: str
    ruleset: str
    variants: list[str]
    mode: str
    table_sizes: tuple[int, int]
    place_points: list[int]
    bye_points: int
    tie_breaks: list[str]
    rounds: int
    final_table_size: int
    seed_sha256: str
    seed: str
    players: list[str]
    dropped: list[str]
    round_list: list[RoundInfo]
    results: list[TableOutcome]
    finished: bool
    version: int
    created_at_ms: int


@dataclass(frozen=True)
class MyTable:
    event_id: str
    round: int
    table: int
    game_id: str
    seat: int
    seat_token: str
    player: str


@dataclass(frozen=True)
class BoardTable:
    """One table on the board: who sits there, whose turn, who leads, open disputes, the running
    interference window (ms since the epoch, 0: none) and whether it is done."""

    round: int
    table: int
    game_id: str
    players: list[str]
    version: int
    turn_player: str
    leaders: list[str]
    open_disputes: int
    window_closes_at_ms: int
    done: bool
    stopped: bool
    scores: dict[str, int] = field(default_factory=dict)
    """Each player's score now (the ruleset's ``table_places``: Munchkin a level, monkic life points)."""


@dataclass(frozen=True)
class Board:
    event_id: str
    round: int
    time_called: bool
    tables: list[BoardTable]
    finished: bool
    event_version: int = 0
    """The event's own version: it changes with every change of its record (players, rounds,
    results), so a board knows when to read the event and its standings again."""


@dataclass(frozen=True)
class EventDispute:
    """A dispute at one of the event's tables, as the organizer's queue shows it."""

    round: int
    table: int
    game_id: str
    dispute_id: int
    opened_by: str
    event_version: int
    reason: str
    status: str
    recheck_legal: bool
    recheck_rule_id: str
    recheck_summary: str
    note: str
    event_summaries: dict[str, str] = field(default_factory=dict)
    """The disputed event told in every language the judge speaks (judge/app/narration.py), by language."""


@dataclass(frozen=True)
class EventExport:
    """The event's record and the record of every table's game (game id -> record)."""

    record: str
    games: dict[str, str]
