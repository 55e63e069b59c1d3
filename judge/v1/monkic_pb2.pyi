from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MonkicPlace(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MONKIC_PLACE_UNSPECIFIED: _ClassVar[MonkicPlace]
    MONKIC_PLACE_HAND: _ClassVar[MonkicPlace]
    MONKIC_PLACE_TABLE: _ClassVar[MonkicPlace]
MONKIC_PLACE_UNSPECIFIED: MonkicPlace
MONKIC_PLACE_HAND: MonkicPlace
MONKIC_PLACE_TABLE: MonkicPlace

class MonkicAction(_message.Message):
    __slots__ = ("report_opening", "draw", "take_to_hand", "protect", "attack", "play_curse", "activate_trap", "destroy_trap", "search_joker", "exchange", "resolve", "end_turn", "deal")
    REPORT_OPENING_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    TAKE_TO_HAND_FIELD_NUMBER: _ClassVar[int]
    PROTECT_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    PLAY_CURSE_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_TRAP_FIELD_NUMBER: _ClassVar[int]
    DESTROY_TRAP_FIELD_NUMBER: _ClassVar[int]
    SEARCH_JOKER_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_FIELD_NUMBER: _ClassVar[int]
    RESOLVE_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    report_opening: MonkicReportOpening
    draw: MonkicDraw
    take_to_hand: MonkicTakeToHand
    protect: MonkicProtect
    attack: MonkicAttack
    play_curse: MonkicPlayCurse
    activate_trap: MonkicActivateTrap
    destroy_trap: MonkicDestroyTrap
    search_joker: MonkicSearchJoker
    exchange: MonkicExchange
    resolve: MonkicResolve
    end_turn: MonkicEndTurn
    deal: MonkicDeal
    def __init__(self, report_opening: _Optional[_Union[MonkicReportOpening, _Mapping]] = ..., draw: _Optional[_Union[MonkicDraw, _Mapping]] = ..., take_to_hand: _Optional[_Union[MonkicTakeToHand, _Mapping]] = ..., protect: _Optional[_Union[MonkicProtect, _Mapping]] = ..., attack: _Optional[_Union[MonkicAttack, _Mapping]] = ..., play_curse: _Optional[_Union[MonkicPlayCurse, _Mapping]] = ..., activate_trap: _Optional[_Union[MonkicActivateTrap, _Mapping]] = ..., destroy_trap: _Optional[_Union[MonkicDestroyTrap, _Mapping]] = ..., search_joker: _Optional[_Union[MonkicSearchJoker, _Mapping]] = ..., exchange: _Optional[_Union[MonkicExchange, _Mapping]] = ..., resolve: _Optional[_Union[MonkicResolve, _Mapping]] = ..., end_turn: _Optional[_Union[MonkicEndTurn, _Mapping]] = ..., deal: _Optional[_Union[MonkicDeal, _Mapping]] = ...) -> None: ...

class MonkicReportOpening(_message.Message):
    __slots__ = ("cards", "xxl")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    XXL_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    xxl: str
    def __init__(self, cards: _Optional[_Iterable[str]] = ..., xxl: _Optional[str] = ...) -> None: ...

class MonkicDraw(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class MonkicTakeToHand(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class MonkicProtect(_message.Message):
    __slots__ = ("guard", "card", "sacrifice_guard")
    GUARD_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    SACRIFICE_GUARD_FIELD_NUMBER: _ClassVar[int]
    guard: str
    card: str
    sacrifice_guard: bool
    def __init__(self, guard: _Optional[str] = ..., card: _Optional[str] = ..., sacrifice_guard: _Optional[bool] = ...) -> None: ...

class MonkicAttack(_message.Message):
    __slots__ = ("card", "targets", "dice", "defence_dice", "sacrifice", "extra", "place", "trap", "defence_sacrifice")
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    DEFENCE_DICE_FIELD_NUMBER: _ClassVar[int]
    SACRIFICE_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TRAP_FIELD_NUMBER: _ClassVar[int]
    DEFENCE_SACRIFICE_FIELD_NUMBER: _ClassVar[int]
    card: str
    targets: _containers.RepeatedScalarFieldContainer[str]
    dice: _containers.RepeatedScalarFieldContainer[int]
    defence_dice: _containers.RepeatedScalarFieldContainer[int]
    sacrifice: _containers.RepeatedScalarFieldContainer[str]
    extra: str
    place: MonkicPlace
    trap: str
    defence_sacrifice: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card: _Optional[str] = ..., targets: _Optional[_Iterable[str]] = ..., dice: _Optional[_Iterable[int]] = ..., defence_dice: _Optional[_Iterable[int]] = ..., sacrifice: _Optional[_Iterable[str]] = ..., extra: _Optional[str] = ..., place: _Optional[_Union[MonkicPlace, str]] = ..., trap: _Optional[str] = ..., defence_sacrifice: _Optional[_Iterable[str]] = ...) -> None: ...

class MonkicPlayCurse(_message.Message):
    __slots__ = ("card", "sacrifice", "targets", "place")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SACRIFICE_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    card: str
    sacrifice: _containers.RepeatedScalarFieldContainer[str]
    targets: _containers.RepeatedScalarFieldContainer[str]
    place: MonkicPlace
    def __init__(self, card: _Optional[str] = ..., sacrifice: _Optional[_Iterable[str]] = ..., targets: _Optional[_Iterable[str]] = ..., place: _Optional[_Union[MonkicPlace, str]] = ...) -> None: ...

class MonkicActivateTrap(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class MonkicDestroyTrap(_message.Message):
    __slots__ = ("card", "sacrifice")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SACRIFICE_FIELD_NUMBER: _ClassVar[int]
    card: str
    sacrifice: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card: _Optional[str] = ..., sacrifice: _Optional[_Iterable[str]] = ...) -> None: ...

class MonkicSearchJoker(_message.Message):
    __slots__ = ("card", "joker", "place")
    CARD_FIELD_NUMBER: _ClassVar[int]
    JOKER_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    card: str
    joker: str
    place: MonkicPlace
    def __init__(self, card: _Optional[str] = ..., joker: _Optional[str] = ..., place: _Optional[_Union[MonkicPlace, str]] = ...) -> None: ...

class MonkicExchange(_message.Message):
    __slots__ = ("card", "xxl")
    CARD_FIELD_NUMBER: _ClassVar[int]
    XXL_FIELD_NUMBER: _ClassVar[int]
    card: str
    xxl: str
    def __init__(self, card: _Optional[str] = ..., xxl: _Optional[str] = ...) -> None: ...

class MonkicResolve(_message.Message):
    __slots__ = ("dice", "card", "place", "trap", "sacrifice")
    DICE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    TRAP_FIELD_NUMBER: _ClassVar[int]
    SACRIFICE_FIELD_NUMBER: _ClassVar[int]
    dice: _containers.RepeatedScalarFieldContainer[int]
    card: str
    place: MonkicPlace
    trap: str
    sacrifice: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, dice: _Optional[_Iterable[int]] = ..., card: _Optional[str] = ..., place: _Optional[_Union[MonkicPlace, str]] = ..., trap: _Optional[str] = ..., sacrifice: _Optional[_Iterable[str]] = ...) -> None: ...

class MonkicEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MonkicDeal(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MonkicView(_message.Message):
    __slots__ = ("round", "drew", "took", "seats", "attacks", "activated_traps", "traps_used", "abilities_used", "barred", "borrowed", "pending", "stack_left", "xxl_left")
    class AttacksEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class BorrowedEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DREW_FIELD_NUMBER: _ClassVar[int]
    TOOK_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    ATTACKS_FIELD_NUMBER: _ClassVar[int]
    ACTIVATED_TRAPS_FIELD_NUMBER: _ClassVar[int]
    TRAPS_USED_FIELD_NUMBER: _ClassVar[int]
    ABILITIES_USED_FIELD_NUMBER: _ClassVar[int]
    BARRED_FIELD_NUMBER: _ClassVar[int]
    BORROWED_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    STACK_LEFT_FIELD_NUMBER: _ClassVar[int]
    XXL_LEFT_FIELD_NUMBER: _ClassVar[int]
    round: int
    drew: bool
    took: bool
    seats: _containers.RepeatedCompositeFieldContainer[MonkicSeatView]
    attacks: _containers.ScalarMap[str, int]
    activated_traps: _containers.RepeatedScalarFieldContainer[str]
    traps_used: _containers.RepeatedScalarFieldContainer[str]
    abilities_used: _containers.RepeatedScalarFieldContainer[str]
    barred: _containers.RepeatedCompositeFieldContainer[MonkicBar]
    borrowed: _containers.ScalarMap[str, int]
    pending: _containers.RepeatedCompositeFieldContainer[MonkicPending]
    stack_left: int
    xxl_left: int
    def __init__(self, round: _Optional[int] = ..., drew: _Optional[bool] = ..., took: _Optional[bool] = ..., seats: _Optional[_Iterable[_Union[MonkicSeatView, _Mapping]]] = ..., attacks: _Optional[_Mapping[str, int]] = ..., activated_traps: _Optional[_Iterable[str]] = ..., traps_used: _Optional[_Iterable[str]] = ..., abilities_used: _Optional[_Iterable[str]] = ..., barred: _Optional[_Iterable[_Union[MonkicBar, _Mapping]]] = ..., borrowed: _Optional[_Mapping[str, int]] = ..., pending: _Optional[_Iterable[_Union[MonkicPending, _Mapping]]] = ..., stack_left: _Optional[int] = ..., xxl_left: _Optional[int] = ...) -> None: ...

class MonkicSeatView(_message.Message):
    __slots__ = ("seat", "life", "hand", "table", "graveyard", "graveyard_top")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LIFE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    GRAVEYARD_FIELD_NUMBER: _ClassVar[int]
    GRAVEYARD_TOP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    life: int
    hand: _containers.RepeatedCompositeFieldContainer[MonkicCard]
    table: _containers.RepeatedCompositeFieldContainer[MonkicCard]
    graveyard: _containers.RepeatedCompositeFieldContainer[MonkicCard]
    graveyard_top: str
    def __init__(self, seat: _Optional[int] = ..., life: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[MonkicCard, _Mapping]]] = ..., table: _Optional[_Iterable[_Union[MonkicCard, _Mapping]]] = ..., graveyard: _Optional[_Iterable[_Union[MonkicCard, _Mapping]]] = ..., graveyard_top: _Optional[str] = ...) -> None: ...

class MonkicCard(_message.Message):
    __slots__ = ("id", "card", "guard", "guard_survives")
    ID_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    GUARD_FIELD_NUMBER: _ClassVar[int]
    GUARD_SURVIVES_FIELD_NUMBER: _ClassVar[int]
    id: str
    card: str
    guard: MonkicCard
    guard_survives: bool
    def __init__(self, id: _Optional[str] = ..., card: _Optional[str] = ..., guard: _Optional[_Union[MonkicCard, _Mapping]] = ..., guard_survives: _Optional[bool] = ...) -> None: ...

class MonkicBar(_message.Message):
    __slots__ = ("seat", "turn", "what", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    WHAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    turn: int
    what: str
    reason: str
    def __init__(self, seat: _Optional[int] = ..., turn: _Optional[int] = ..., what: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class MonkicPending(_message.Message):
    __slots__ = ("seat", "kind", "card", "dice", "place", "draw", "rolled")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    ROLLED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: str
    card: str
    dice: int
    place: bool
    draw: bool
    rolled: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[str] = ..., card: _Optional[str] = ..., dice: _Optional[int] = ..., place: _Optional[bool] = ..., draw: _Optional[bool] = ..., rolled: _Optional[_Iterable[int]] = ...) -> None: ...
