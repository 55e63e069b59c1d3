from google.protobuf import field_mask_pb2 as _field_mask_pb2
from judge.v1 import babys_pb2 as _babys_pb2
from judge.v1 import cards_pb2 as _cards_pb2
from judge.v1 import monkic_pb2 as _monkic_pb2
from judge.v1 import position_pb2 as _position_pb2
from judge.v1 import rulesets_pb2 as _rulesets_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TokenRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOKEN_ROLE_UNSPECIFIED: _ClassVar[TokenRole]
    TOKEN_ROLE_SEAT: _ClassVar[TokenRole]
    TOKEN_ROLE_ORGANIZER: _ClassVar[TokenRole]
    TOKEN_ROLE_SPECTATOR: _ClassVar[TokenRole]

class TableMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_MODE_UNSPECIFIED: _ClassVar[TableMode]
    TABLE_MODE_REPORTED: _ClassVar[TableMode]
    TABLE_MODE_DEALT: _ClassVar[TableMode]

class Sex(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEX_UNSPECIFIED: _ClassVar[Sex]
    SEX_MALE: _ClassVar[Sex]
    SEX_FEMALE: _ClassVar[Sex]

class Side(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SIDE_UNSPECIFIED: _ClassVar[Side]
    SIDE_PLAYERS: _ClassVar[Side]
    SIDE_MONSTERS: _ClassVar[Side]

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_ACTIVE: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]

class DisputeStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DISPUTE_STATUS_UNSPECIFIED: _ClassVar[DisputeStatus]
    DISPUTE_STATUS_OPEN: _ClassVar[DisputeStatus]
    DISPUTE_STATUS_UPHELD: _ClassVar[DisputeStatus]
    DISPUTE_STATUS_DISMISSED: _ClassVar[DisputeStatus]
TOKEN_ROLE_UNSPECIFIED: TokenRole
TOKEN_ROLE_SEAT: TokenRole
TOKEN_ROLE_ORGANIZER: TokenRole
TOKEN_ROLE_SPECTATOR: TokenRole
TABLE_MODE_UNSPECIFIED: TableMode
TABLE_MODE_REPORTED: TableMode
TABLE_MODE_DEALT: TableMode
SEX_UNSPECIFIED: Sex
SEX_MALE: Sex
SEX_FEMALE: Sex
SIDE_UNSPECIFIED: Side
SIDE_PLAYERS: Side
SIDE_MONSTERS: Side
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_ACTIVE: GameStatus
GAME_STATUS_FINISHED: GameStatus
DISPUTE_STATUS_UNSPECIFIED: DisputeStatus
DISPUTE_STATUS_OPEN: DisputeStatus
DISPUTE_STATUS_UPHELD: DisputeStatus
DISPUTE_STATUS_DISMISSED: DisputeStatus

class Receipt(_message.Message):
    __slots__ = ("game_id", "from_version", "to_version", "chain_head", "key_id", "signature")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    CHAIN_HEAD_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    SIGNATURE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    to_version: int
    chain_head: str
    key_id: str
    signature: bytes
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., to_version: _Optional[int] = ..., chain_head: _Optional[str] = ..., key_id: _Optional[str] = ..., signature: _Optional[bytes] = ...) -> None: ...

class RotateTokenRequest(_message.Message):
    __slots__ = ("game_id", "role", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    role: TokenRole
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., role: _Optional[_Union[TokenRole, str]] = ..., seat: _Optional[int] = ...) -> None: ...

class RotateTokenResponse(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class GetServerKeyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServerKeyResponse(_message.Message):
    __slots__ = ("algorithm", "public_key", "key_id")
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    KEY_ID_FIELD_NUMBER: _ClassVar[int]
    algorithm: str
    public_key: bytes
    key_id: str
    def __init__(self, algorithm: _Optional[str] = ..., public_key: _Optional[bytes] = ..., key_id: _Optional[str] = ...) -> None: ...

class SeatSpec(_message.Message):
    __slots__ = ("name", "sex", "traits")
    class TraitsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEX_FIELD_NUMBER: _ClassVar[int]
    TRAITS_FIELD_NUMBER: _ClassVar[int]
    name: str
    sex: Sex
    traits: _containers.ScalarMap[str, str]
    def __init__(self, name: _Optional[str] = ..., sex: _Optional[_Union[Sex, str]] = ..., traits: _Optional[_Mapping[str, str]] = ...) -> None: ...

class GameOptions(_message.Message):
    __slots__ = ("interference_window_ms", "first_seat", "values")
    class ValuesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    INTERFERENCE_WINDOW_MS_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    interference_window_ms: int
    first_seat: int
    values: _containers.ScalarMap[str, str]
    def __init__(self, interference_window_ms: _Optional[int] = ..., first_seat: _Optional[int] = ..., values: _Optional[_Mapping[str, str]] = ...) -> None: ...

class CardDefinition(_message.Message):
    __slots__ = ("json",)
    JSON_FIELD_NUMBER: _ClassVar[int]
    json: str
    def __init__(self, json: _Optional[str] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("ruleset", "variants", "seats", "options", "mode", "custom_cards", "collection")
    RULESET_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CARDS_FIELD_NUMBER: _ClassVar[int]
    COLLECTION_FIELD_NUMBER: _ClassVar[int]
    ruleset: str
    variants: _containers.RepeatedScalarFieldContainer[str]
    seats: _containers.RepeatedCompositeFieldContainer[SeatSpec]
    options: GameOptions
    mode: TableMode
    custom_cards: _containers.RepeatedCompositeFieldContainer[CardDefinition]
    collection: str
    def __init__(self, ruleset: _Optional[str] = ..., variants: _Optional[_Iterable[str]] = ..., seats: _Optional[_Iterable[_Union[SeatSpec, _Mapping]]] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., mode: _Optional[_Union[TableMode, str]] = ..., custom_cards: _Optional[_Iterable[_Union[CardDefinition, _Mapping]]] = ..., collection: _Optional[str] = ...) -> None: ...

class SeatToken(_message.Message):
    __slots__ = ("seat", "token")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    token: str
    def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "seat_tokens", "organizer_token", "spectator_token", "rules_version", "view", "receipt")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    ORGANIZER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_TOKEN_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    RECEIPT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat_tokens: _containers.RepeatedCompositeFieldContainer[SeatToken]
    organizer_token: str
    spectator_token: str
    rules_version: str
    view: GameView
    receipt: Receipt
    def __init__(self, game_id: _Optional[str] = ..., seat_tokens: _Optional[_Iterable[_Union[SeatToken, _Mapping]]] = ..., organizer_token: _Optional[str] = ..., spectator_token: _Optional[str] = ..., rules_version: _Optional[str] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., receipt: _Optional[_Union[Receipt, _Mapping]] = ...) -> None: ...

class KickDoor(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class KickTwoDoors(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class LookForTrouble(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class LootRoom(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PlayCard(_message.Message):
    __slots__ = ("card", "target_seat", "monster_index", "side", "with_card", "from_table")
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    MONSTER_INDEX_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    WITH_CARD_FIELD_NUMBER: _ClassVar[int]
    FROM_TABLE_FIELD_NUMBER: _ClassVar[int]
    card: str
    target_seat: int
    monster_index: int
    side: Side
    with_card: str
    from_table: bool
    def __init__(self, card: _Optional[str] = ..., target_seat: _Optional[int] = ..., monster_index: _Optional[int] = ..., side: _Optional[_Union[Side, str]] = ..., with_card: _Optional[str] = ..., from_table: _Optional[bool] = ...) -> None: ...

class ClaimVictory(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ResolveCombat(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GiveUp(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RunAway(_message.Message):
    __slots__ = ("monster_index", "die")
    MONSTER_INDEX_FIELD_NUMBER: _ClassVar[int]
    DIE_FIELD_NUMBER: _ClassVar[int]
    monster_index: int
    die: int
    def __init__(self, monster_index: _Optional[int] = ..., die: _Optional[int] = ...) -> None: ...

class SufferBadStuff(_message.Message):
    __slots__ = ("monster_index", "item")
    MONSTER_INDEX_FIELD_NUMBER: _ClassVar[int]
    ITEM_FIELD_NUMBER: _ClassVar[int]
    monster_index: int
    item: str
    def __init__(self, monster_index: _Optional[int] = ..., item: _Optional[str] = ...) -> None: ...

class SetItemInUse(_message.Message):
    __slots__ = ("card", "in_use", "to_backpack")
    CARD_FIELD_NUMBER: _ClassVar[int]
    IN_USE_FIELD_NUMBER: _ClassVar[int]
    TO_BACKPACK_FIELD_NUMBER: _ClassVar[int]
    card: str
    in_use: bool
    to_backpack: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card: _Optional[str] = ..., in_use: _Optional[bool] = ..., to_backpack: _Optional[_Iterable[str]] = ...) -> None: ...

class GiveItem(_message.Message):
    __slots__ = ("card", "to_seat")
    CARD_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    card: str
    to_seat: int
    def __init__(self, card: _Optional[str] = ..., to_seat: _Optional[int] = ...) -> None: ...

class DiscardCard(_message.Message):
    __slots__ = ("card", "from_table")
    CARD_FIELD_NUMBER: _ClassVar[int]
    FROM_TABLE_FIELD_NUMBER: _ClassVar[int]
    card: str
    from_table: bool
    def __init__(self, card: _Optional[str] = ..., from_table: _Optional[bool] = ...) -> None: ...

class SellItems(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class ProposeTrade(_message.Message):
    __slots__ = ("with_seat", "give", "receive")
    WITH_SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    RECEIVE_FIELD_NUMBER: _ClassVar[int]
    with_seat: int
    give: _containers.RepeatedScalarFieldContainer[str]
    receive: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, with_seat: _Optional[int] = ..., give: _Optional[_Iterable[str]] = ..., receive: _Optional[_Iterable[str]] = ...) -> None: ...

class AcceptTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CancelTrade(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CharityGift(_message.Message):
    __slots__ = ("to_seat", "cards", "unknown")
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_FIELD_NUMBER: _ClassVar[int]
    to_seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    unknown: int
    def __init__(self, to_seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., unknown: _Optional[int] = ...) -> None: ...

class EndTurn(_message.Message):
    __slots__ = ("gifts", "discard", "discard_unknown")
    GIFTS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_UNKNOWN_FIELD_NUMBER: _ClassVar[int]
    gifts: _containers.RepeatedCompositeFieldContainer[CharityGift]
    discard: _containers.RepeatedScalarFieldContainer[str]
    discard_unknown: int
    def __init__(self, gifts: _Optional[_Iterable[_Union[CharityGift, _Mapping]]] = ..., discard: _Optional[_Iterable[str]] = ..., discard_unknown: _Optional[int] = ...) -> None: ...

class RevealCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class ChooseCard(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class Bribe(_message.Message):
    __slots__ = ("items", "treasures", "helper_picks_first")
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    TREASURES_FIELD_NUMBER: _ClassVar[int]
    HELPER_PICKS_FIRST_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedScalarFieldContainer[str]
    treasures: int
    helper_picks_first: bool
    def __init__(self, items: _Optional[_Iterable[str]] = ..., treasures: _Optional[int] = ..., helper_picks_first: _Optional[bool] = ...) -> None: ...

class AskForHelp(_message.Message):
    __slots__ = ("helper", "bribe")
    HELPER_FIELD_NUMBER: _ClassVar[int]
    BRIBE_FIELD_NUMBER: _ClassVar[int]
    helper: int
    bribe: Bribe
    def __init__(self, helper: _Optional[int] = ..., bribe: _Optional[_Union[Bribe, _Mapping]] = ...) -> None: ...

class AnswerHelp(_message.Message):
    __slots__ = ("accept",)
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    accept: bool
    def __init__(self, accept: _Optional[bool] = ...) -> None: ...

class DrawTreasures(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PickTreasure(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class UseAbility(_message.Message):
    __slots__ = ("ability", "discard", "discard_unknown", "discard_from_table", "target_seat", "monster_index", "item", "die")
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_UNKNOWN_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FROM_TABLE_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    MONSTER_INDEX_FIELD_NUMBER: _ClassVar[int]
    ITEM_FIELD_NUMBER: _ClassVar[int]
    DIE_FIELD_NUMBER: _ClassVar[int]
    ability: str
    discard: _containers.RepeatedScalarFieldContainer[str]
    discard_unknown: int
    discard_from_table: _containers.RepeatedScalarFieldContainer[str]
    target_seat: int
    monster_index: int
    item: str
    die: int
    def __init__(self, ability: _Optional[str] = ..., discard: _Optional[_Iterable[str]] = ..., discard_unknown: _Optional[int] = ..., discard_from_table: _Optional[_Iterable[str]] = ..., target_seat: _Optional[int] = ..., monster_index: _Optional[int] = ..., item: _Optional[str] = ..., die: _Optional[int] = ...) -> None: ...

class LootCorpse(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class RollDie(_message.Message):
    __slots__ = ("die",)
    DIE_FIELD_NUMBER: _ClassVar[int]
    die: int
    def __init__(self, die: _Optional[int] = ...) -> None: ...

class AnswerCurse(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class PassInRound(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RecordAdjustment(_message.Message):
    __slots__ = ("reason", "card", "target_seat", "set_level", "add_to_hand", "discard", "unknown_delta")
    REASON_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    SET_LEVEL_FIELD_NUMBER: _ClassVar[int]
    ADD_TO_HAND_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_DELTA_FIELD_NUMBER: _ClassVar[int]
    reason: str
    card: str
    target_seat: int
    set_level: int
    add_to_hand: _containers.RepeatedScalarFieldContainer[str]
    discard: _containers.RepeatedScalarFieldContainer[str]
    unknown_delta: int
    def __init__(self, reason: _Optional[str] = ..., card: _Optional[str] = ..., target_seat: _Optional[int] = ..., set_level: _Optional[int] = ..., add_to_hand: _Optional[_Iterable[str]] = ..., discard: _Optional[_Iterable[str]] = ..., unknown_delta: _Optional[int] = ...) -> None: ...

class ConfirmAdjustment(_message.Message):
    __slots__ = ("accept",)
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    accept: bool
    def __init__(self, accept: _Optional[bool] = ...) -> None: ...

class Deal(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Command(_message.Message):
    __slots__ = ("command_id", "seat", "expected_version", "kick_door", "look_for_trouble", "loot_room", "play_card", "claim_victory", "resolve_combat", "give_up", "run_away", "suffer_bad_stuff", "set_item_in_use", "discard_card", "sell_items", "propose_trade", "accept_trade", "cancel_trade", "end_turn", "reveal_card", "choose_card", "ask_for_help", "answer_help", "draw_treasures", "pick_treasure", "use_ability", "loot_corpse", "roll_die", "record_adjustment", "confirm_adjustment", "deal", "answer_curse", "give_item", "pass_in_round", "kick_two_doors", "family_action", "monkic")
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    KICK_DOOR_FIELD_NUMBER: _ClassVar[int]
    LOOK_FOR_TROUBLE_FIELD_NUMBER: _ClassVar[int]
    LOOT_ROOM_FIELD_NUMBER: _ClassVar[int]
    PLAY_CARD_FIELD_NUMBER: _ClassVar[int]
    CLAIM_VICTORY_FIELD_NUMBER: _ClassVar[int]
    RESOLVE_COMBAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_UP_FIELD_NUMBER: _ClassVar[int]
    RUN_AWAY_FIELD_NUMBER: _ClassVar[int]
    SUFFER_BAD_STUFF_FIELD_NUMBER: _ClassVar[int]
    SET_ITEM_IN_USE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_CARD_FIELD_NUMBER: _ClassVar[int]
    SELL_ITEMS_FIELD_NUMBER: _ClassVar[int]
    PROPOSE_TRADE_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_TRADE_FIELD_NUMBER: _ClassVar[int]
    CANCEL_TRADE_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    REVEAL_CARD_FIELD_NUMBER: _ClassVar[int]
    CHOOSE_CARD_FIELD_NUMBER: _ClassVar[int]
    ASK_FOR_HELP_FIELD_NUMBER: _ClassVar[int]
    ANSWER_HELP_FIELD_NUMBER: _ClassVar[int]
    DRAW_TREASURES_FIELD_NUMBER: _ClassVar[int]
    PICK_TREASURE_FIELD_NUMBER: _ClassVar[int]
    USE_ABILITY_FIELD_NUMBER: _ClassVar[int]
    LOOT_CORPSE_FIELD_NUMBER: _ClassVar[int]
    ROLL_DIE_FIELD_NUMBER: _ClassVar[int]
    RECORD_ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    CONFIRM_ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ANSWER_CURSE_FIELD_NUMBER: _ClassVar[int]
    GIVE_ITEM_FIELD_NUMBER: _ClassVar[int]
    PASS_IN_ROUND_FIELD_NUMBER: _ClassVar[int]
    KICK_TWO_DOORS_FIELD_NUMBER: _ClassVar[int]
    FAMILY_ACTION_FIELD_NUMBER: _ClassVar[int]
    MONKIC_FIELD_NUMBER: _ClassVar[int]
    command_id: str
    seat: int
    expected_version: int
    kick_door: KickDoor
    look_for_trouble: LookForTrouble
    loot_room: LootRoom
    play_card: PlayCard
    claim_victory: ClaimVictory
    resolve_combat: ResolveCombat
    give_up: GiveUp
    run_away: RunAway
    suffer_bad_stuff: SufferBadStuff
    set_item_in_use: SetItemInUse
    discard_card: DiscardCard
    sell_items: SellItems
    propose_trade: ProposeTrade
    accept_trade: AcceptTrade
    cancel_trade: CancelTrade
    end_turn: EndTurn
    reveal_card: RevealCard
    choose_card: ChooseCard
    ask_for_help: AskForHelp
    answer_help: AnswerHelp
    draw_treasures: DrawTreasures
    pick_treasure: PickTreasure
    use_ability: UseAbility
    loot_corpse: LootCorpse
    roll_die: RollDie
    record_adjustment: RecordAdjustment
    confirm_adjustment: ConfirmAdjustment
    deal: Deal
    answer_curse: AnswerCurse
    give_item: GiveItem
    pass_in_round: PassInRound
    kick_two_doors: KickTwoDoors
    family_action: FamilyAction
    monkic: _monkic_pb2.MonkicAction
    def __init__(self, command_id: _Optional[str] = ..., seat: _Optional[int] = ..., expected_version: _Optional[int] = ..., kick_door: _Optional[_Union[KickDoor, _Mapping]] = ..., look_for_trouble: _Optional[_Union[LookForTrouble, _Mapping]] = ..., loot_room: _Optional[_Union[LootRoom, _Mapping]] = ..., play_card: _Optional[_Union[PlayCard, _Mapping]] = ..., claim_victory: _Optional[_Union[ClaimVictory, _Mapping]] = ..., resolve_combat: _Optional[_Union[ResolveCombat, _Mapping]] = ..., give_up: _Optional[_Union[GiveUp, _Mapping]] = ..., run_away: _Optional[_Union[RunAway, _Mapping]] = ..., suffer_bad_stuff: _Optional[_Union[SufferBadStuff, _Mapping]] = ..., set_item_in_use: _Optional[_Union[SetItemInUse, _Mapping]] = ..., discard_card: _Optional[_Union[DiscardCard, _Mapping]] = ..., sell_items: _Optional[_Union[SellItems, _Mapping]] = ..., propose_trade: _Optional[_Union[ProposeTrade, _Mapping]] = ..., accept_trade: _Optional[_Union[AcceptTrade, _Mapping]] = ..., cancel_trade: _Optional[_Union[CancelTrade, _Mapping]] = ..., end_turn: _Optional[_Union[EndTurn, _Mapping]] = ..., reveal_card: _Optional[_Union[RevealCard, _Mapping]] = ..., choose_card: _Optional[_Union[ChooseCard, _Mapping]] = ..., ask_for_help: _Optional[_Union[AskForHelp, _Mapping]] = ..., answer_help: _Optional[_Union[AnswerHelp, _Mapping]] = ..., draw_treasures: _Optional[_Union[DrawTreasures, _Mapping]] = ..., pick_treasure: _Optional[_Union[PickTreasure, _Mapping]] = ..., use_ability: _Optional[_Union[UseAbility, _Mapping]] = ..., loot_corpse: _Optional[_Union[LootCorpse, _Mapping]] = ..., roll_die: _Optional[_Union[RollDie, _Mapping]] = ..., record_adjustment: _Optional[_Union[RecordAdjustment, _Mapping]] = ..., confirm_adjustment: _Optional[_Union[ConfirmAdjustment, _Mapping]] = ..., deal: _Optional[_Union[Deal, _Mapping]] = ..., answer_curse: _Optional[_Union[AnswerCurse, _Mapping]] = ..., give_item: _Optional[_Union[GiveItem, _Mapping]] = ..., pass_in_round: _Optional[_Union[PassInRound, _Mapping]] = ..., kick_two_doors: _Optional[_Union[KickTwoDoors, _Mapping]] = ..., family_action: _Optional[_Union[FamilyAction, _Mapping]] = ..., monkic: _Optional[_Union[_monkic_pb2.MonkicAction, _Mapping]] = ...) -> None: ...

class FamilyAction(_message.Message):
    __slots__ = ("kind", "fields_json")
    KIND_FIELD_NUMBER: _ClassVar[int]
    FIELDS_JSON_FIELD_NUMBER: _ClassVar[int]
    kind: str
    fields_json: str
    def __init__(self, kind: _Optional[str] = ..., fields_json: _Optional[str] = ...) -> None: ...

class SubmitRequest(_message.Message):
    __slots__ = ("game_id", "command", "read_mask", "define")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    READ_MASK_FIELD_NUMBER: _ClassVar[int]
    DEFINE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    command: Command
    read_mask: _field_mask_pb2.FieldMask
    define: _containers.RepeatedCompositeFieldContainer[CardDefinition]
    def __init__(self, game_id: _Optional[str] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., read_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ..., define: _Optional[_Iterable[_Union[CardDefinition, _Mapping]]] = ...) -> None: ...

class CorrectCardRequest(_message.Message):
    __slots__ = ("game_id", "command_id", "card_json", "expected_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    CARD_JSON_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    command_id: str
    card_json: str
    expected_version: int
    def __init__(self, game_id: _Optional[str] = ..., command_id: _Optional[str] = ..., card_json: _Optional[str] = ..., expected_version: _Optional[int] = ...) -> None: ...

class CorrectCardResponse(_message.Message):
    __slots__ = ("events", "version", "view", "receipt")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    RECEIPT_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    version: int
    view: GameView
    receipt: Receipt
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., version: _Optional[int] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., receipt: _Optional[_Union[Receipt, _Mapping]] = ...) -> None: ...

class SubmitResponse(_message.Message):
    __slots__ = ("events", "version", "duplicate", "view", "receipt")
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    RECEIPT_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    version: int
    duplicate: bool
    view: GameView
    receipt: Receipt
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., version: _Optional[int] = ..., duplicate: _Optional[bool] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., receipt: _Optional[_Union[Receipt, _Mapping]] = ...) -> None: ...

class Ruling(_message.Message):
    __slots__ = ("rule_id", "source", "section", "quote", "explanation", "explanation_de", "explanation_en", "legal_when")
    RULE_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    QUOTE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_DE_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_EN_FIELD_NUMBER: _ClassVar[int]
    LEGAL_WHEN_FIELD_NUMBER: _ClassVar[int]
    rule_id: str
    source: str
    section: str
    quote: str
    explanation: str
    explanation_de: str
    explanation_en: str
    legal_when: str
    def __init__(self, rule_id: _Optional[str] = ..., source: _Optional[str] = ..., section: _Optional[str] = ..., quote: _Optional[str] = ..., explanation: _Optional[str] = ..., explanation_de: _Optional[str] = ..., explanation_en: _Optional[str] = ..., legal_when: _Optional[str] = ...) -> None: ...

class AskRequest(_message.Message):
    __slots__ = ("game_id", "command", "define")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    DEFINE_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    command: Command
    define: _containers.RepeatedCompositeFieldContainer[CardDefinition]
    def __init__(self, game_id: _Optional[str] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., define: _Optional[_Iterable[_Union[CardDefinition, _Mapping]]] = ...) -> None: ...

class AskResponse(_message.Message):
    __slots__ = ("allowed", "ruling", "events")
    ALLOWED_FIELD_NUMBER: _ClassVar[int]
    RULING_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    allowed: bool
    ruling: Ruling
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, allowed: _Optional[bool] = ..., ruling: _Optional[_Union[Ruling, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class LegalActionsRequest(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("kind", "command", "description", "open")
    KIND_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    kind: str
    command: Command
    description: str
    open: _containers.RepeatedCompositeFieldContainer[OpenChoice]
    def __init__(self, kind: _Optional[str] = ..., command: _Optional[_Union[Command, _Mapping]] = ..., description: _Optional[str] = ..., open: _Optional[_Iterable[_Union[OpenChoice, _Mapping]]] = ...) -> None: ...

class OpenChoice(_message.Message):
    __slots__ = ("field", "domain", "example")
    FIELD_FIELD_NUMBER: _ClassVar[int]
    DOMAIN_FIELD_NUMBER: _ClassVar[int]
    EXAMPLE_FIELD_NUMBER: _ClassVar[int]
    field: str
    domain: str
    example: str
    def __init__(self, field: _Optional[str] = ..., domain: _Optional[str] = ..., example: _Optional[str] = ...) -> None: ...

class LegalActionsResponse(_message.Message):
    __slots__ = ("actions", "version")
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    version: int
    def __init__(self, actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., version: _Optional[int] = ...) -> None: ...

class ItemView(_message.Message):
    __slots__ = ("card", "in_use")
    CARD_FIELD_NUMBER: _ClassVar[int]
    IN_USE_FIELD_NUMBER: _ClassVar[int]
    card: str
    in_use: bool
    def __init__(self, card: _Optional[str] = ..., in_use: _Optional[bool] = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ("seat", "name", "sex", "level", "races", "classes", "items", "other_cards", "hand_size", "hand", "hand_unknown", "dead", "strength", "breakdown")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEX_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    RACES_FIELD_NUMBER: _ClassVar[int]
    CLASSES_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    OTHER_CARDS_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_UNKNOWN_FIELD_NUMBER: _ClassVar[int]
    DEAD_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    name: str
    sex: Sex
    level: int
    races: _containers.RepeatedScalarFieldContainer[str]
    classes: _containers.RepeatedScalarFieldContainer[str]
    items: _containers.RepeatedCompositeFieldContainer[ItemView]
    other_cards: _containers.RepeatedScalarFieldContainer[str]
    hand_size: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    hand_unknown: int
    dead: bool
    strength: int
    breakdown: _position_pb2.Breakdown
    def __init__(self, seat: _Optional[int] = ..., name: _Optional[str] = ..., sex: _Optional[_Union[Sex, str]] = ..., level: _Optional[int] = ..., races: _Optional[_Iterable[str]] = ..., classes: _Optional[_Iterable[str]] = ..., items: _Optional[_Iterable[_Union[ItemView, _Mapping]]] = ..., other_cards: _Optional[_Iterable[str]] = ..., hand_size: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., hand_unknown: _Optional[int] = ..., dead: _Optional[bool] = ..., strength: _Optional[int] = ..., breakdown: _Optional[_Union[_position_pb2.Breakdown, _Mapping]] = ...) -> None: ...

class MonsterView(_message.Message):
    __slots__ = ("card", "level", "strength", "modifiers", "eliminated", "mate_of", "breakdown")
    CARD_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    MODIFIERS_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_FIELD_NUMBER: _ClassVar[int]
    MATE_OF_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    card: str
    level: int
    strength: int
    modifiers: _containers.RepeatedScalarFieldContainer[str]
    eliminated: bool
    mate_of: int
    breakdown: _position_pb2.Breakdown
    def __init__(self, card: _Optional[str] = ..., level: _Optional[int] = ..., strength: _Optional[int] = ..., modifiers: _Optional[_Iterable[str]] = ..., eliminated: _Optional[bool] = ..., mate_of: _Optional[int] = ..., breakdown: _Optional[_Union[_position_pb2.Breakdown, _Mapping]] = ...) -> None: ...

class CombatView(_message.Message):
    __slots__ = ("fighter", "helper", "monsters", "players_strength", "monsters_strength", "stage", "window_closes_at_ms", "asked_seat", "drawn_treasures", "next_picker", "helper_share", "players_breakdown", "monsters_breakdown")
    FIGHTER_FIELD_NUMBER: _ClassVar[int]
    HELPER_FIELD_NUMBER: _ClassVar[int]
    MONSTERS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    MONSTERS_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    WINDOW_CLOSES_AT_MS_FIELD_NUMBER: _ClassVar[int]
    ASKED_SEAT_FIELD_NUMBER: _ClassVar[int]
    DRAWN_TREASURES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PICKER_FIELD_NUMBER: _ClassVar[int]
    HELPER_SHARE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    MONSTERS_BREAKDOWN_FIELD_NUMBER: _ClassVar[int]
    fighter: int
    helper: int
    monsters: _containers.RepeatedCompositeFieldContainer[MonsterView]
    players_strength: int
    monsters_strength: int
    stage: str
    window_closes_at_ms: int
    asked_seat: int
    drawn_treasures: _containers.RepeatedScalarFieldContainer[str]
    next_picker: int
    helper_share: int
    players_breakdown: _position_pb2.Breakdown
    monsters_breakdown: _position_pb2.Breakdown
    def __init__(self, fighter: _Optional[int] = ..., helper: _Optional[int] = ..., monsters: _Optional[_Iterable[_Union[MonsterView, _Mapping]]] = ..., players_strength: _Optional[int] = ..., monsters_strength: _Optional[int] = ..., stage: _Optional[str] = ..., window_closes_at_ms: _Optional[int] = ..., asked_seat: _Optional[int] = ..., drawn_treasures: _Optional[_Iterable[str]] = ..., next_picker: _Optional[int] = ..., helper_share: _Optional[int] = ..., players_breakdown: _Optional[_Union[_position_pb2.Breakdown, _Mapping]] = ..., monsters_breakdown: _Optional[_Union[_position_pb2.Breakdown, _Mapping]] = ...) -> None: ...

class LootingView(_message.Message):
    __slots__ = ("dead_seat", "cards", "unknown", "next_looter", "must_roll")
    DEAD_SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_FIELD_NUMBER: _ClassVar[int]
    NEXT_LOOTER_FIELD_NUMBER: _ClassVar[int]
    MUST_ROLL_FIELD_NUMBER: _ClassVar[int]
    dead_seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    unknown: int
    next_looter: int
    must_roll: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, dead_seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., unknown: _Optional[int] = ..., next_looter: _Optional[int] = ..., must_roll: _Optional[_Iterable[int]] = ...) -> None: ...

class PendingCurseView(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class AdjustmentView(_message.Message):
    __slots__ = ("proposer", "reason", "approvals")
    PROPOSER_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    APPROVALS_FIELD_NUMBER: _ClassVar[int]
    proposer: int
    reason: str
    approvals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, proposer: _Optional[int] = ..., reason: _Optional[str] = ..., approvals: _Optional[_Iterable[int]] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("game_id", "version", "ruleset", "variants", "rules_version", "status", "mode", "seats", "active_seat", "turn", "phase", "combat", "winners", "waiting_for", "voided", "state_json", "open_disputes", "looting", "adjustment", "must_play", "seed_sha256", "seed", "draw_piles", "family", "pending_curse", "lingering_bad_stuff", "epic_kick_cards", "alter_egos", "position_json", "analysis", "monkic", "family_view_json", "waiting_for_told", "phase_told")
    class DrawPilesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class WaitingForToldEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class PhaseToldEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    VARIANTS_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    COMBAT_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_FIELD_NUMBER: _ClassVar[int]
    VOIDED_FIELD_NUMBER: _ClassVar[int]
    STATE_JSON_FIELD_NUMBER: _ClassVar[int]
    OPEN_DISPUTES_FIELD_NUMBER: _ClassVar[int]
    LOOTING_FIELD_NUMBER: _ClassVar[int]
    ADJUSTMENT_FIELD_NUMBER: _ClassVar[int]
    MUST_PLAY_FIELD_NUMBER: _ClassVar[int]
    SEED_SHA256_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    DRAW_PILES_FIELD_NUMBER: _ClassVar[int]
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    PENDING_CURSE_FIELD_NUMBER: _ClassVar[int]
    LINGERING_BAD_STUFF_FIELD_NUMBER: _ClassVar[int]
    EPIC_KICK_CARDS_FIELD_NUMBER: _ClassVar[int]
    ALTER_EGOS_FIELD_NUMBER: _ClassVar[int]
    POSITION_JSON_FIELD_NUMBER: _ClassVar[int]
    ANALYSIS_FIELD_NUMBER: _ClassVar[int]
    MONKIC_FIELD_NUMBER: _ClassVar[int]
    FAMILY_VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    WAITING_FOR_TOLD_FIELD_NUMBER: _ClassVar[int]
    PHASE_TOLD_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    version: int
    ruleset: str
    variants: _containers.RepeatedScalarFieldContainer[str]
    rules_version: str
    status: GameStatus
    mode: TableMode
    seats: _containers.RepeatedCompositeFieldContainer[SeatView]
    active_seat: int
    turn: int
    phase: str
    combat: CombatView
    winners: _containers.RepeatedScalarFieldContainer[int]
    waiting_for: str
    voided: _containers.RepeatedScalarFieldContainer[str]
    state_json: str
    open_disputes: int
    looting: LootingView
    adjustment: AdjustmentView
    must_play: _containers.RepeatedScalarFieldContainer[str]
    seed_sha256: str
    seed: str
    draw_piles: _containers.ScalarMap[str, int]
    family: str
    pending_curse: PendingCurseView
    lingering_bad_stuff: _containers.RepeatedCompositeFieldContainer[_babys_pb2.LingeringBadStuff]
    epic_kick_cards: _containers.RepeatedScalarFieldContainer[str]
    alter_egos: _containers.RepeatedScalarFieldContainer[int]
    position_json: str
    analysis: _position_pb2.Analysis
    monkic: _monkic_pb2.MonkicView
    family_view_json: str
    waiting_for_told: _containers.ScalarMap[str, str]
    phase_told: _containers.ScalarMap[str, str]
    def __init__(self, game_id: _Optional[str] = ..., version: _Optional[int] = ..., ruleset: _Optional[str] = ..., variants: _Optional[_Iterable[str]] = ..., rules_version: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., mode: _Optional[_Union[TableMode, str]] = ..., seats: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ..., active_seat: _Optional[int] = ..., turn: _Optional[int] = ..., phase: _Optional[str] = ..., combat: _Optional[_Union[CombatView, _Mapping]] = ..., winners: _Optional[_Iterable[int]] = ..., waiting_for: _Optional[str] = ..., voided: _Optional[_Iterable[str]] = ..., state_json: _Optional[str] = ..., open_disputes: _Optional[int] = ..., looting: _Optional[_Union[LootingView, _Mapping]] = ..., adjustment: _Optional[_Union[AdjustmentView, _Mapping]] = ..., must_play: _Optional[_Iterable[str]] = ..., seed_sha256: _Optional[str] = ..., seed: _Optional[str] = ..., draw_piles: _Optional[_Mapping[str, int]] = ..., family: _Optional[str] = ..., pending_curse: _Optional[_Union[PendingCurseView, _Mapping]] = ..., lingering_bad_stuff: _Optional[_Iterable[_Union[_babys_pb2.LingeringBadStuff, _Mapping]]] = ..., epic_kick_cards: _Optional[_Iterable[str]] = ..., alter_egos: _Optional[_Iterable[int]] = ..., position_json: _Optional[str] = ..., analysis: _Optional[_Union[_position_pb2.Analysis, _Mapping]] = ..., monkic: _Optional[_Union[_monkic_pb2.MonkicView, _Mapping]] = ..., family_view_json: _Optional[str] = ..., waiting_for_told: _Optional[_Mapping[str, str]] = ..., phase_told: _Optional[_Mapping[str, str]] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id", "at_version", "read_mask")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    READ_MASK_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    at_version: int
    read_mask: _field_mask_pb2.FieldMask
    def __init__(self, game_id: _Optional[str] = ..., at_version: _Optional[int] = ..., read_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("version", "kind", "seat", "command_id", "action", "recorded_at_ms", "payload_json", "voided", "summary")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    PAYLOAD_JSON_FIELD_NUMBER: _ClassVar[int]
    VOIDED_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    version: int
    kind: str
    seat: int
    command_id: str
    action: str
    recorded_at_ms: int
    payload_json: str
    voided: bool
    summary: str
    def __init__(self, version: _Optional[int] = ..., kind: _Optional[str] = ..., seat: _Optional[int] = ..., command_id: _Optional[str] = ..., action: _Optional[str] = ..., recorded_at_ms: _Optional[int] = ..., payload_json: _Optional[str] = ..., voided: _Optional[bool] = ..., summary: _Optional[str] = ...) -> None: ...

class ReplayRequest(_message.Message):
    __slots__ = ("game_id", "from_version", "to_version", "read_mask", "max_batch")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    TO_VERSION_FIELD_NUMBER: _ClassVar[int]
    READ_MASK_FIELD_NUMBER: _ClassVar[int]
    MAX_BATCH_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    to_version: int
    read_mask: _field_mask_pb2.FieldMask
    max_batch: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ..., to_version: _Optional[int] = ..., read_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ..., max_batch: _Optional[int] = ...) -> None: ...

class ReplayResponse(_message.Message):
    __slots__ = ("event", "view", "events")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    event: Event
    view: GameView
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class WatchRequest(_message.Message):
    __slots__ = ("game_id", "after_version", "read_mask", "max_batch")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    READ_MASK_FIELD_NUMBER: _ClassVar[int]
    MAX_BATCH_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_version: int
    read_mask: _field_mask_pb2.FieldMask
    max_batch: int
    def __init__(self, game_id: _Optional[str] = ..., after_version: _Optional[int] = ..., read_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ..., max_batch: _Optional[int] = ...) -> None: ...

class WatchResponse(_message.Message):
    __slots__ = ("event", "view", "caught_up", "events")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    CAUGHT_UP_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    event: Event
    view: GameView
    caught_up: bool
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, event: _Optional[_Union[Event, _Mapping]] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., caught_up: _Optional[bool] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class Dispute(_message.Message):
    __slots__ = ("dispute_id", "opened_by", "event_version", "reason", "status", "recheck_legal", "recheck_ruling", "recheck_summary", "resolution_note", "opened_at_version", "resolved_at_version")
    DISPUTE_ID_FIELD_NUMBER: _ClassVar[int]
    OPENED_BY_FIELD_NUMBER: _ClassVar[int]
    EVENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    RECHECK_LEGAL_FIELD_NUMBER: _ClassVar[int]
    RECHECK_RULING_FIELD_NUMBER: _ClassVar[int]
    RECHECK_SUMMARY_FIELD_NUMBER: _ClassVar[int]
    RESOLUTION_NOTE_FIELD_NUMBER: _ClassVar[int]
    OPENED_AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    dispute_id: int
    opened_by: int
    event_version: int
    reason: str
    status: DisputeStatus
    recheck_legal: bool
    recheck_ruling: Ruling
    recheck_summary: str
    resolution_note: str
    opened_at_version: int
    resolved_at_version: int
    def __init__(self, dispute_id: _Optional[int] = ..., opened_by: _Optional[int] = ..., event_version: _Optional[int] = ..., reason: _Optional[str] = ..., status: _Optional[_Union[DisputeStatus, str]] = ..., recheck_legal: _Optional[bool] = ..., recheck_ruling: _Optional[_Union[Ruling, _Mapping]] = ..., recheck_summary: _Optional[str] = ..., resolution_note: _Optional[str] = ..., opened_at_version: _Optional[int] = ..., resolved_at_version: _Optional[int] = ...) -> None: ...

class OpenDisputeRequest(_message.Message):
    __slots__ = ("game_id", "seat", "event_version", "reason")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EVENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    event_version: int
    reason: str
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ..., event_version: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class OpenDisputeResponse(_message.Message):
    __slots__ = ("dispute", "receipt")
    DISPUTE_FIELD_NUMBER: _ClassVar[int]
    RECEIPT_FIELD_NUMBER: _ClassVar[int]
    dispute: Dispute
    receipt: Receipt
    def __init__(self, dispute: _Optional[_Union[Dispute, _Mapping]] = ..., receipt: _Optional[_Union[Receipt, _Mapping]] = ...) -> None: ...

class ResolveDisputeRequest(_message.Message):
    __slots__ = ("game_id", "dispute_id", "uphold", "note", "request_id")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DISPUTE_ID_FIELD_NUMBER: _ClassVar[int]
    UPHOLD_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    dispute_id: int
    uphold: bool
    note: str
    request_id: str
    def __init__(self, game_id: _Optional[str] = ..., dispute_id: _Optional[int] = ..., uphold: _Optional[bool] = ..., note: _Optional[str] = ..., request_id: _Optional[str] = ...) -> None: ...

class ResolveDisputeResponse(_message.Message):
    __slots__ = ("dispute", "view", "receipt")
    DISPUTE_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    RECEIPT_FIELD_NUMBER: _ClassVar[int]
    dispute: Dispute
    view: GameView
    receipt: Receipt
    def __init__(self, dispute: _Optional[_Union[Dispute, _Mapping]] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., receipt: _Optional[_Union[Receipt, _Mapping]] = ...) -> None: ...

class ListDisputesRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ListDisputesResponse(_message.Message):
    __slots__ = ("disputes",)
    DISPUTES_FIELD_NUMBER: _ClassVar[int]
    disputes: _containers.RepeatedCompositeFieldContainer[Dispute]
    def __init__(self, disputes: _Optional[_Iterable[_Union[Dispute, _Mapping]]] = ...) -> None: ...

class ExportGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ExportGameResponse(_message.Message):
    __slots__ = ("record",)
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: str
    def __init__(self, record: _Optional[str] = ...) -> None: ...

class ImportGameRequest(_message.Message):
    __slots__ = ("record", "request_id")
    RECORD_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    record: str
    request_id: str
    def __init__(self, record: _Optional[str] = ..., request_id: _Optional[str] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GameSummary(_message.Message):
    __slots__ = ("game_id", "ruleset", "rules_version", "created_at_ms", "seats", "imported_from")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_MS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    IMPORTED_FROM_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    ruleset: str
    rules_version: str
    created_at_ms: int
    seats: _containers.RepeatedScalarFieldContainer[str]
    imported_from: str
    def __init__(self, game_id: _Optional[str] = ..., ruleset: _Optional[str] = ..., rules_version: _Optional[str] = ..., created_at_ms: _Optional[int] = ..., seats: _Optional[_Iterable[str]] = ..., imported_from: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameSummary]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[GameSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class ImportGameResponse(_message.Message):
    __slots__ = ("game", "audit")
    GAME_FIELD_NUMBER: _ClassVar[int]
    AUDIT_FIELD_NUMBER: _ClassVar[int]
    game: CreateGameResponse
    audit: AuditResponse
    def __init__(self, game: _Optional[_Union[CreateGameResponse, _Mapping]] = ..., audit: _Optional[_Union[AuditResponse, _Mapping]] = ...) -> None: ...

class AuditRequest(_message.Message):
    __slots__ = ("game_id", "current_rules")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    CURRENT_RULES_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    current_rules: bool
    def __init__(self, game_id: _Optional[str] = ..., current_rules: _Optional[bool] = ...) -> None: ...

class Discrepancy(_message.Message):
    __slots__ = ("version", "kind", "ruling", "detail")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    RULING_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    version: int
    kind: str
    ruling: Ruling
    detail: str
    def __init__(self, version: _Optional[int] = ..., kind: _Optional[str] = ..., ruling: _Optional[_Union[Ruling, _Mapping]] = ..., detail: _Optional[str] = ...) -> None: ...

class AuditResponse(_message.Message):
    __slots__ = ("clean", "events_checked", "rules_version", "discrepancies")
    CLEAN_FIELD_NUMBER: _ClassVar[int]
    EVENTS_CHECKED_FIELD_NUMBER: _ClassVar[int]
    RULES_VERSION_FIELD_NUMBER: _ClassVar[int]
    DISCREPANCIES_FIELD_NUMBER: _ClassVar[int]
    clean: bool
    events_checked: int
    rules_version: str
    discrepancies: _containers.RepeatedCompositeFieldContainer[Discrepancy]
    def __init__(self, clean: _Optional[bool] = ..., events_checked: _Optional[int] = ..., rules_version: _Optional[str] = ..., discrepancies: _Optional[_Iterable[_Union[Discrepancy, _Mapping]]] = ...) -> None: ...

class CreateGameFromPositionRequest(_message.Message):
    __slots__ = ("position_json",)
    POSITION_JSON_FIELD_NUMBER: _ClassVar[int]
    position_json: str
    def __init__(self, position_json: _Optional[str] = ...) -> None: ...

class CreateGameFromPositionResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: CreateGameResponse
    def __init__(self, game: _Optional[_Union[CreateGameResponse, _Mapping]] = ...) -> None: ...

class AskPositionRequest(_message.Message):
    __slots__ = ("position_json", "command")
    POSITION_JSON_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    position_json: str
    command: Command
    def __init__(self, position_json: _Optional[str] = ..., command: _Optional[_Union[Command, _Mapping]] = ...) -> None: ...

class AskPositionResponse(_message.Message):
    __slots__ = ("allowed", "ruling", "events", "position_after_json", "analysis")
    ALLOWED_FIELD_NUMBER: _ClassVar[int]
    RULING_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    POSITION_AFTER_JSON_FIELD_NUMBER: _ClassVar[int]
    ANALYSIS_FIELD_NUMBER: _ClassVar[int]
    allowed: bool
    ruling: Ruling
    events: _containers.RepeatedCompositeFieldContainer[Event]
    position_after_json: str
    analysis: _position_pb2.Analysis
    def __init__(self, allowed: _Optional[bool] = ..., ruling: _Optional[_Union[Ruling, _Mapping]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., position_after_json: _Optional[str] = ..., analysis: _Optional[_Union[_position_pb2.Analysis, _Mapping]] = ...) -> None: ...
