from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BreakdownTerm(_message.Message):
    __slots__ = ("label", "amount", "card", "rule", "owner", "card_name")
    LABEL_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    CARD_NAME_FIELD_NUMBER: _ClassVar[int]
    label: str
    amount: int
    card: str
    rule: str
    owner: str
    card_name: str
    def __init__(self, label: _Optional[str] = ..., amount: _Optional[int] = ..., card: _Optional[str] = ..., rule: _Optional[str] = ..., owner: _Optional[str] = ..., card_name: _Optional[str] = ...) -> None: ...

class Breakdown(_message.Message):
    __slots__ = ("subject", "context", "total", "terms")
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    TERMS_FIELD_NUMBER: _ClassVar[int]
    subject: str
    context: str
    total: int
    terms: _containers.RepeatedCompositeFieldContainer[BreakdownTerm]
    def __init__(self, subject: _Optional[str] = ..., context: _Optional[str] = ..., total: _Optional[int] = ..., terms: _Optional[_Iterable[_Union[BreakdownTerm, _Mapping]]] = ...) -> None: ...

class RunForecast(_message.Message):
    __slots__ = ("seat", "monster", "card", "pursues", "pursuit_limit", "target", "modifier", "needs", "escape_sixths", "rule", "terms")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MONSTER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    PURSUES_FIELD_NUMBER: _ClassVar[int]
    PURSUIT_LIMIT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    MODIFIER_FIELD_NUMBER: _ClassVar[int]
    NEEDS_FIELD_NUMBER: _ClassVar[int]
    ESCAPE_SIXTHS_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    TERMS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    monster: int
    card: str
    pursues: bool
    pursuit_limit: int
    target: int
    modifier: int
    needs: int
    escape_sixths: int
    rule: str
    terms: _containers.RepeatedCompositeFieldContainer[BreakdownTerm]
    def __init__(self, seat: _Optional[int] = ..., monster: _Optional[int] = ..., card: _Optional[str] = ..., pursues: _Optional[bool] = ..., pursuit_limit: _Optional[int] = ..., target: _Optional[int] = ..., modifier: _Optional[int] = ..., needs: _Optional[int] = ..., escape_sixths: _Optional[int] = ..., rule: _Optional[str] = ..., terms: _Optional[_Iterable[_Union[BreakdownTerm, _Mapping]]] = ...) -> None: ...

class CombatForecast(_message.Message):
    __slots__ = ("winner", "players", "monsters", "margin", "ties_to_players", "rule", "runs", "treasures", "levels", "players_need")
    WINNER_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MONSTERS_FIELD_NUMBER: _ClassVar[int]
    MARGIN_FIELD_NUMBER: _ClassVar[int]
    TIES_TO_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    RULE_FIELD_NUMBER: _ClassVar[int]
    RUNS_FIELD_NUMBER: _ClassVar[int]
    TREASURES_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_NEED_FIELD_NUMBER: _ClassVar[int]
    winner: str
    players: int
    monsters: int
    margin: int
    ties_to_players: bool
    rule: str
    runs: _containers.RepeatedCompositeFieldContainer[RunForecast]
    treasures: Breakdown
    levels: int
    players_need: int
    def __init__(self, winner: _Optional[str] = ..., players: _Optional[int] = ..., monsters: _Optional[int] = ..., margin: _Optional[int] = ..., ties_to_players: _Optional[bool] = ..., rule: _Optional[str] = ..., runs: _Optional[_Iterable[_Union[RunForecast, _Mapping]]] = ..., treasures: _Optional[_Union[Breakdown, _Mapping]] = ..., levels: _Optional[int] = ..., players_need: _Optional[int] = ...) -> None: ...

class Analysis(_message.Message):
    __slots__ = ("breakdowns", "forecast")
    BREAKDOWNS_FIELD_NUMBER: _ClassVar[int]
    FORECAST_FIELD_NUMBER: _ClassVar[int]
    breakdowns: _containers.RepeatedCompositeFieldContainer[Breakdown]
    forecast: CombatForecast
    def __init__(self, breakdowns: _Optional[_Iterable[_Union[Breakdown, _Mapping]]] = ..., forecast: _Optional[_Union[CombatForecast, _Mapping]] = ...) -> None: ...
