from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListCardsRequest(_message.Message):
    __slots__ = ("ruleset", "search", "kind", "set", "collection")
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SEARCH_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SET_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    ruleset: str
    search: str
    kind: str
    set: str
    collection: str
    def __init__(self, ruleset: _Optional[str] = ..., search: _Optional[str] = ..., kind: _Optional[str] = ..., set: _Optional[str] = ..., collection: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("id", "name", "kind", "set", "deck", "text", "level", "bonus", "treasures", "levels", "value", "currency", "slot", "big", "complex", "undead", "level_gain", "from_library", "attack", "shield")
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
    FROM_LIBRARY_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    SHIELD_FIELD_NUMBER: _ClassVar[int]
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
    from_library: bool
    attack: int
    shield: int
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., kind: _Optional[str] = ..., set: _Optional[str] = ..., deck: _Optional[str] = ..., text: _Optional[str] = ..., level: _Optional[int] = ..., bonus: _Optional[int] = ..., treasures: _Optional[int] = ..., levels: _Optional[int] = ..., value: _Optional[int] = ..., currency: _Optional[str] = ..., slot: _Optional[str] = ..., big: _Optional[bool] = ..., complex: _Optional[bool] = ..., undead: _Optional[bool] = ..., level_gain: _Optional[int] = ..., from_library: _Optional[bool] = ..., attack: _Optional[int] = ..., shield: _Optional[int] = ...) -> None: ...

class LibraryTarget(_message.Message):
    __slots__ = ("collection", "ruleset", "game_id")
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    collection: str
    ruleset: str
    game_id: str
    def __init__(self, collection: _Optional[str] = ..., ruleset: _Optional[str] = ..., game_id: _Optional[str] = ...) -> None: ...

class AddCardRequest(_message.Message):
    __slots__ = ("target", "card_json")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    CARD_JSON_FIELD_NUMBER: _ClassVar[int]
    target: LibraryTarget
    card_json: str
    def __init__(self, target: _Optional[_Union[LibraryTarget, _Mapping]] = ..., card_json: _Optional[str] = ...) -> None: ...

class AddCardResponse(_message.Message):
    __slots__ = ("card_id", "added", "collection", "family")
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    ADDED_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    card_id: str
    added: bool
    collection: str
    family: str
    def __init__(self, card_id: _Optional[str] = ..., added: _Optional[bool] = ..., collection: _Optional[str] = ..., family: _Optional[str] = ...) -> None: ...

class EditCardRequest(_message.Message):
    __slots__ = ("target", "card_json")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    CARD_JSON_FIELD_NUMBER: _ClassVar[int]
    target: LibraryTarget
    card_json: str
    def __init__(self, target: _Optional[_Union[LibraryTarget, _Mapping]] = ..., card_json: _Optional[str] = ...) -> None: ...

class EditCardResponse(_message.Message):
    __slots__ = ("card_id", "before_json")
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    BEFORE_JSON_FIELD_NUMBER: _ClassVar[int]
    card_id: str
    before_json: str
    def __init__(self, card_id: _Optional[str] = ..., before_json: _Optional[str] = ...) -> None: ...

class RemoveCardRequest(_message.Message):
    __slots__ = ("target", "card_id")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    target: LibraryTarget
    card_id: str
    def __init__(self, target: _Optional[_Union[LibraryTarget, _Mapping]] = ..., card_id: _Optional[str] = ...) -> None: ...

class RemoveCardResponse(_message.Message):
    __slots__ = ("card_id",)
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    card_id: str
    def __init__(self, card_id: _Optional[str] = ...) -> None: ...

class ImportCardsRequest(_message.Message):
    __slots__ = ("target", "text", "format")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    target: LibraryTarget
    text: str
    format: str
    def __init__(self, target: _Optional[_Union[LibraryTarget, _Mapping]] = ..., text: _Optional[str] = ..., format: _Optional[str] = ...) -> None: ...

class ImportCardsResponse(_message.Message):
    __slots__ = ("added", "unchanged")
    ADDED_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    added: _containers.RepeatedScalarFieldContainer[str]
    unchanged: int
    def __init__(self, added: _Optional[_Iterable[str]] = ..., unchanged: _Optional[int] = ...) -> None: ...

class ExportCardsRequest(_message.Message):
    __slots__ = ("collection", "ruleset")
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    collection: str
    ruleset: str
    def __init__(self, collection: _Optional[str] = ..., ruleset: _Optional[str] = ...) -> None: ...

class ExportCardsResponse(_message.Message):
    __slots__ = ("toml", "count")
    TOML_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    toml: str
    count: int
    def __init__(self, toml: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
