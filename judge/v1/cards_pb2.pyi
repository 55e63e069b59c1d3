from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListCardsRequest(_message.Message):
    __slots__ = ("ruleset", "search", "kind", "set")
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SEARCH_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SET_FIELD_NUMBER: _ClassVar[int]
    ruleset: str
    search: str
    kind: str
    set: str
    def __init__(self, ruleset: _Optional[str] = ..., search: _Optional[str] = ..., kind: _Optional[str] = ..., set: _Optional[str] = ...) -> None: ...

class ListCardsResponse(_message.Message):
    __slots__ = ("cards", "ruleset", "suggestions")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SUGGESTIONS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[CardInfo]
    ruleset: str
    suggestions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[_Union[CardInfo, _Mapping]]] = ..., ruleset: _Optional[str] = ..., suggestions: _Optional[_Iterable[str]] = ...) -> None: ...

class CardInfo(_message.Message):
    __slots__ = ("id", "name", "kind", "set", "deck", "text", "level", "bonus", "treasures", "levels", "value", "currency", "slot", "big", "complex", "undead", "level_gain")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SET_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    TREASURES_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    BIG_FIELD_NUMBER: _ClassVar[int]
    COMPLEX_FIELD_NUMBER: _ClassVar[int]
    UNDEAD_FIELD_NUMBER: _ClassVar[int]
    LEVEL_GAIN_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    kind: str
    set: str
    deck: str
    text: str
    level: int
    bonus: int
    treasures: int
    levels: int
    value: int
    currency: str
    slot: str
    big: bool
    complex: bool
    undead: bool
    level_gain: int
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., kind: _Optional[str] = ..., set: _Optional[str] = ..., deck: _Optional[str] = ..., text: _Optional[str] = ..., level: _Optional[int] = ..., bonus: _Optional[int] = ..., treasures: _Optional[int] = ..., levels: _Optional[int] = ..., value: _Optional[int] = ..., currency: _Optional[str] = ..., slot: _Optional[str] = ..., big: _Optional[bool] = ..., complex: _Optional[bool] = ..., undead: _Optional[bool] = ..., level_gain: _Optional[int] = ...) -> None: ...
