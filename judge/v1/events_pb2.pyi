from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CreateEventRequest(_message.Message):
    __slots__ = ("name", "ruleset", "variants", "options_json", "mode", "smallest_table", "largest_table", "place_points", "bye_points", "tie_breaks", "rounds", "final_table_size", "custom_cards_json")
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    SMALLEST_TABLE_FIELD_NUMBER: _ClassVar[int]
    LARGEST_TABLE_FIELD_NUMBER: _ClassVar[int]
    PLACE_POINTS_FIELD_NUMBER: _ClassVar[int]
    BYE_POINTS_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAKS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    FINAL_TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CARDS_JSON_FIELD_NUMBER: _ClassVar[int]
    name: str
    ruleset: str
    variants: _containers.RepeatedScalarFieldContainer[str]
    options_json: str
    mode: str
    smallest_table: int
    largest_table: int
    place_points: _containers.RepeatedScalarFieldContainer[int]
    bye_points: int
    tie_breaks: _containers.RepeatedScalarFieldContainer[str]
    rounds: int
    final_table_size: int
    custom_cards_json: str
    def __init__(self, name: _Optional[str] = ..., ruleset: _Optional[str] = ..., variants: _Optional[_Iterable[str]] = ..., options_json: _Optional[str] = ..., mode: _Optional[str] = ..., smallest_table: _Optional[int] = ..., largest_table: _Optional[int] = ..., place_points: _Optional[_Iterable[int]] = ..., bye_points: _Optional[int] = ..., tie_breaks: _Optional[_Iterable[str]] = ..., rounds: _Optional[int] = ..., final_table_size: _Optional[int] = ..., custom_cards_json: _Optional[str] = ...) -> None: ...

class CreateEventResponse(_message.Message):
    __slots__ = ("event_id", "organizer_token", "spectator_token", "seed_sha256")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    ORGANIZER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEED_SHA256_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    organizer_token: str
    spectator_token: str
    seed_sha256: str
    def __init__(self, event_id: _Optional[str] = ..., organizer_token: _Optional[str] = ..., spectator_token: _Optional[str] = ..., seed_sha256: _Optional[str] = ...) -> None: ...

class RegisterPlayerRequest(_message.Message):
    __slots__ = ("event_id", "player", "traits_json")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    TRAITS_JSON_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    player: str
    traits_json: str
    def __init__(self, event_id: _Optional[str] = ..., player: _Optional[str] = ..., traits_json: _Optional[str] = ...) -> None: ...

class RegisterPlayerResponse(_message.Message):
    __slots__ = ("player_token",)
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    player_token: str
    def __init__(self, player_token: _Optional[str] = ...) -> None: ...

class DropPlayerRequest(_message.Message):
    __slots__ = ("event_id", "player")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    player: str
    def __init__(self, event_id: _Optional[str] = ..., player: _Optional[str] = ...) -> None: ...

class DropPlayerResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class StartRoundRequest(_message.Message):
    __slots__ = ("event_id", "final")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    FINAL_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    final: bool
    def __init__(self, event_id: _Optional[str] = ..., final: _Optional[bool] = ...) -> None: ...

class StartRoundResponse(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: Round
    def __init__(self, round: _Optional[_Union[Round, _Mapping]] = ...) -> None: ...

class EventTable(_message.Message):
    __slots__ = ("table", "game_id", "players")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    table: int
    game_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, table: _Optional[int] = ..., game_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ...) -> None: ...

class Round(_message.Message):
    __slots__ = ("number", "final", "tables", "byes", "time_called")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    FINAL_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    BYES_FIELD_NUMBER: _ClassVar[int]
    TIME_CALLED_FIELD_NUMBER: _ClassVar[int]
    number: int
    final: bool
    tables: _containers.RepeatedCompositeFieldContainer[EventTable]
    byes: _containers.RepeatedScalarFieldContainer[str]
    time_called: bool
    def __init__(self, number: _Optional[int] = ..., final: _Optional[bool] = ..., tables: _Optional[_Iterable[_Union[EventTable, _Mapping]]] = ..., byes: _Optional[_Iterable[str]] = ..., time_called: _Optional[bool] = ...) -> None: ...

class CallTimeRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class CallTimeResponse(_message.Message):
    __slots__ = ("round", "results")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    round: Round
    results: _containers.RepeatedCompositeFieldContainer[TableResult]
    def __init__(self, round: _Optional[_Union[Round, _Mapping]] = ..., results: _Optional[_Iterable[_Union[TableResult, _Mapping]]] = ...) -> None: ...

class RecordResultsRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class RecordResultsResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[TableResult]
    def __init__(self, results: _Optional[_Iterable[_Union[TableResult, _Mapping]]] = ...) -> None: ...

class TableResult(_message.Message):
    __slots__ = ("round", "table", "places", "scores", "time_called")
    class ScoresEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TIME_CALLED_FIELD_NUMBER: _ClassVar[int]
    round: int
    table: int
    places: _containers.RepeatedCompositeFieldContainer[Place]
    scores: _containers.ScalarMap[str, int]
    time_called: bool
    def __init__(self, round: _Optional[int] = ..., table: _Optional[int] = ..., places: _Optional[_Iterable[_Union[Place, _Mapping]]] = ..., scores: _Optional[_Mapping[str, int]] = ..., time_called: _Optional[bool] = ...) -> None: ...

class Place(_message.Message):
    __slots__ = ("players",)
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    players: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, players: _Optional[_Iterable[str]] = ...) -> None: ...

class FinishEventRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class FinishEventResponse(_message.Message):
    __slots__ = ("seed",)
    SEED_FIELD_NUMBER: _ClassVar[int]
    seed: str
    def __init__(self, seed: _Optional[str] = ...) -> None: ...

class GetStandingsRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class GetStandingsResponse(_message.Message):
    __slots__ = ("lines",)
    LINES_FIELD_NUMBER: _ClassVar[int]
    lines: _containers.RepeatedCompositeFieldContainer[StandingLine]
    def __init__(self, lines: _Optional[_Iterable[_Union[StandingLine, _Mapping]]] = ...) -> None: ...

class StandingLine(_message.Message):
    __slots__ = ("rank", "player", "points", "score", "opponents", "head_to_head", "tables", "dropped")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    OPPONENTS_FIELD_NUMBER: _ClassVar[int]
    HEAD_TO_HEAD_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    DROPPED_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    points: str
    score: int
    opponents: str
    head_to_head: int
    tables: int
    dropped: bool
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., points: _Optional[str] = ..., score: _Optional[int] = ..., opponents: _Optional[str] = ..., head_to_head: _Optional[int] = ..., tables: _Optional[int] = ..., dropped: _Optional[bool] = ...) -> None: ...

class GetEventRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class GetEventResponse(_message.Message):
    __slots__ = ("event_id", "name", "ruleset", "variants", "mode", "smallest_table", "largest_table", "place_points", "bye_points", "tie_breaks", "rounds", "final_table_size", "seed_sha256", "seed", "players", "dropped", "round_list", "results", "finished", "version")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    SMALLEST_TABLE_FIELD_NUMBER: _ClassVar[int]
    LARGEST_TABLE_FIELD_NUMBER: _ClassVar[int]
    PLACE_POINTS_FIELD_NUMBER: _ClassVar[int]
    BYE_POINTS_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAKS_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    FINAL_TABLE_SIZE_FIELD_NUMBER: _ClassVar[int]
    SEED_SHA256_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DROPPED_FIELD_NUMBER: _ClassVar[int]
    ROUND_LIST_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    name: str
    ruleset: str
    variants: _containers.RepeatedScalarFieldContainer[str]
    mode: str
    smallest_table: int
    largest_table: int
    place_points: _containers.RepeatedScalarFieldContainer[int]
    bye_points: int
    tie_breaks: _containers.RepeatedScalarFieldContainer[str]
    rounds: int
    final_table_size: int
    seed_sha256: str
    seed: str
    players: _containers.RepeatedScalarFieldContainer[str]
    dropped: _containers.RepeatedScalarFieldContainer[str]
    round_list: _containers.RepeatedCompositeFieldContainer[Round]
    results: _containers.RepeatedCompositeFieldContainer[TableResult]
    finished: bool
    version: int
    def __init__(self, event_id: _Optional[str] = ..., name: _Optional[str] = ..., ruleset: _Optional[str] = ..., variants: _Optional[_Iterable[str]] = ..., mode: _Optional[str] = ..., smallest_table: _Optional[int] = ..., largest_table: _Optional[int] = ..., place_points: _Optional[_Iterable[int]] = ..., bye_points: _Optional[int] = ..., tie_breaks: _Optional[_Iterable[str]] = ..., rounds: _Optional[int] = ..., final_table_size: _Optional[int] = ..., seed_sha256: _Optional[str] = ..., seed: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., dropped: _Optional[_Iterable[str]] = ..., round_list: _Optional[_Iterable[_Union[Round, _Mapping]]] = ..., results: _Optional[_Iterable[_Union[TableResult, _Mapping]]] = ..., finished: _Optional[bool] = ..., version: _Optional[int] = ...) -> None: ...

class MyTableRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class MyTableResponse(_message.Message):
    __slots__ = ("round", "table", "game_id", "seat", "seat_token", "player")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    round: int
    table: int
    game_id: str
    seat: int
    seat_token: str
    player: str
    def __init__(self, round: _Optional[int] = ..., table: _Optional[int] = ..., game_id: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., player: _Optional[str] = ...) -> None: ...

class BoardStreamRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class BoardStreamResponse(_message.Message):
    __slots__ = ("round", "time_called", "tables", "finished", "event_version")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TIME_CALLED_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    EVENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    round: int
    time_called: bool
    tables: _containers.RepeatedCompositeFieldContainer[BoardTable]
    finished: bool
    event_version: int
    def __init__(self, round: _Optional[int] = ..., time_called: _Optional[bool] = ..., tables: _Optional[_Iterable[_Union[BoardTable, _Mapping]]] = ..., finished: _Optional[bool] = ..., event_version: _Optional[int] = ...) -> None: ...

class BoardTable(_message.Message):
    __slots__ = ("table", "game_id", "players", "version", "turn_player", "leaders", "open_disputes", "window_closes_at_ms", "done", "stopped", "scores")
    class ScoresEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TURN_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LEADERS_FIELD_NUMBER: _ClassVar[int]
    OPEN_DISPUTES_FIELD_NUMBER: _ClassVar[int]
    WINDOW_CLOSES_AT_MS_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    STOPPED_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    table: int
    game_id: str
    players: _containers.RepeatedScalarFieldContainer[str]
    version: int
    turn_player: str
    leaders: _containers.RepeatedScalarFieldContainer[str]
    open_disputes: int
    window_closes_at_ms: int
    done: bool
    stopped: bool
    scores: _containers.ScalarMap[str, int]
    def __init__(self, table: _Optional[int] = ..., game_id: _Optional[str] = ..., players: _Optional[_Iterable[str]] = ..., version: _Optional[int] = ..., turn_player: _Optional[str] = ..., leaders: _Optional[_Iterable[str]] = ..., open_disputes: _Optional[int] = ..., window_closes_at_ms: _Optional[int] = ..., done: _Optional[bool] = ..., stopped: _Optional[bool] = ..., scores: _Optional[_Mapping[str, int]] = ...) -> None: ...

class ExportEventRequest(_message.Message):
    __slots__ = ("event_id",)
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    def __init__(self, event_id: _Optional[str] = ...) -> None: ...

class ExportEventResponse(_message.Message):
    __slots__ = ("record", "games")
    class GamesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    RECORD_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    record: str
    games: _containers.ScalarMap[str, str]
    def __init__(self, record: _Optional[str] = ..., games: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ListEventDisputesRequest(_message.Message):
    __slots__ = ("event_id", "include_resolved")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    include_resolved: bool
    def __init__(self, event_id: _Optional[str] = ..., include_resolved: _Optional[bool] = ...) -> None: ...

class ListEventDisputesResponse(_message.Message):
    __slots__ = ("disputes",)
    DISPUTES_FIELD_NUMBER: _ClassVar[int]
    disputes: _containers.RepeatedCompositeFieldContainer[EventDispute]
    def __init__(self, disputes: _Optional[_Iterable[_Union[EventDispute, _Mapping]]] = ...) -> None: ...

class EventDispute(_message.Message):
    __slots__ = ("round", "table", "game_id", "dispute_id", "opened_by", "event_version", "reason", "status", "recheck_legal", "recheck_rule_id", "recheck_summary", "note", "event_summary")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DISPUTE_ID_FIELD_NUMBER: _ClassVar[int]
    OPENED_BY_FIELD_NUMBER: _ClassVar[int]
    EVENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    RECHECK_LEGAL_FIELD_NUMBER: _ClassVar[int]
    RECHECK_RULE_ID_FIELD_NUMBER: _ClassVar[int]
    RECHECK_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    EVENT_SUMMARY_FIELD_NUMBER: _ClassVar[int]
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
    event_summary: str
    def __init__(self, round: _Optional[int] = ..., table: _Optional[int] = ..., game_id: _Optional[str] = ..., dispute_id: _Optional[int] = ..., opened_by: _Optional[str] = ..., event_version: _Optional[int] = ..., reason: _Optional[str] = ..., status: _Optional[str] = ..., recheck_legal: _Optional[bool] = ..., recheck_rule_id: _Optional[str] = ..., recheck_summary: _Optional[str] = ..., note: _Optional[str] = ..., event_summary: _Optional[str] = ...) -> None: ...

class ResolveTableDisputeRequest(_message.Message):
    __slots__ = ("event_id", "game_id", "dispute_id", "uphold", "note")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DISPUTE_ID_FIELD_NUMBER: _ClassVar[int]
    UPHOLD_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    game_id: str
    dispute_id: int
    uphold: bool
    note: str
    def __init__(self, event_id: _Optional[str] = ..., game_id: _Optional[str] = ..., dispute_id: _Optional[int] = ..., uphold: _Optional[bool] = ..., note: _Optional[str] = ...) -> None: ...

class ResolveTableDisputeResponse(_message.Message):
    __slots__ = ("dispute",)
    DISPUTE_FIELD_NUMBER: _ClassVar[int]
    dispute: EventDispute
    def __init__(self, dispute: _Optional[_Union[EventDispute, _Mapping]] = ...) -> None: ...
