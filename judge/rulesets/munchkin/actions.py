"""The actions of the Munchkin family. Each mirrors a message of the
``Command.action`` oneof in protos/judge/v1/judge.proto (same name, same fields)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from judge.rules.engine import Action


@dataclass(frozen=True)
class MunchkinAction(Action, family="munchkin"):
    """Base of the Munchkin family's actions."""


@dataclass(frozen=True)
class KickDoor(MunchkinAction):
    """Phase 1: turn the top door card face up (reported: name it)."""

    kind: ClassVar[str] = "kick_door"
    card: str = ""


@dataclass(frozen=True)
class KickTwoDoors(MunchkinAction):
    """The Epic kick (001 "1. Alternatives Türöffnen für Epische Munchkins"): two door
    cards face up (reported: name both; dealt: the judge draws them)."""

    kind: ClassVar[str] = "kick_two_doors"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class LookForTrouble(MunchkinAction):
    """Phase 2: fight a monster from the hand."""

    kind: ClassVar[str] = "look_for_trouble"
    card: str = ""


@dataclass(frozen=True)
class LootRoom(MunchkinAction):
    """Phase 3: draw one door card face down."""

    kind: ClassVar[str] = "loot_room"


@dataclass(frozen=True)
class PlayCard(MunchkinAction):
    """Play a card from the hand (or a one-shot item carried on the table).

    ``from_table``: the card is a one-shot item the player carries, not a hand card."""

    kind: ClassVar[str] = "play_card"
    card: str = ""
    target_seat: int | None = None
    monster_index: int | None = None
    side: str = ""  # "" | "players" | "monsters"
    with_card: str = ""
    from_table: bool = False


@dataclass(frozen=True)
class ClaimVictory(MunchkinAction):
    """The fighter claims the win; the interference window opens."""

    kind: ClassVar[str] = "claim_victory"


@dataclass(frozen=True)
class ResolveCombat(MunchkinAction):
    """Resolve the combat once the interference window has elapsed."""

    kind: ClassVar[str] = "resolve_combat"


@dataclass(frozen=True)
class GiveUp(MunchkinAction):
    """Concede the combat: run away from every monster."""

    kind: ClassVar[str] = "give_up"


@dataclass(frozen=True)
class RunAway(MunchkinAction):
    """One run-away roll against one monster."""

    kind: ClassVar[str] = "run_away"
    monster_index: int = 0
    die: int = 0


@dataclass(frozen=True)
class SufferBadStuff(MunchkinAction):
    """Take the bad stuff of a monster that caught you."""

    kind: ClassVar[str] = "suffer_bad_stuff"
    monster_index: int = 0
    item: str = ""


@dataclass(frozen=True)
class SetItemInUse(MunchkinAction):
    """Use an item, or put it in the backpack."""

    kind: ClassVar[str] = "set_item_in_use"
    card: str = ""
    in_use: bool = True
    to_backpack: tuple[str, ...] = ()  # items in use that make room (when using an item)


@dataclass(frozen=True)
class GiveItem(MunchkinAction):
    """Give a carried item to another seat without a trade (a bribe)."""

    kind: ClassVar[str] = "give_item"
    card: str = ""
    to_seat: int = 0


@dataclass(frozen=True)
class DiscardCard(MunchkinAction):
    """Discard a card from the hand or from the table."""

    kind: ClassVar[str] = "discard_card"
    card: str = ""
    from_table: bool = False


@dataclass(frozen=True)
class SellItems(MunchkinAction):
    """Sell items for levels (1,000 gold per level, no change)."""

    kind: ClassVar[str] = "sell_items"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProposeTrade(MunchkinAction):
    """Offer items in play for items in play of another seat."""

    kind: ClassVar[str] = "propose_trade"
    with_seat: int = 0
    give: tuple[str, ...] = ()
    receive: tuple[str, ...] = ()


@dataclass(frozen=True)
class AcceptTrade(MunchkinAction):
    """Accept the trade offered to you."""

    kind: ClassVar[str] = "accept_trade"


@dataclass(frozen=True)
class CancelTrade(MunchkinAction):
    """Withdraw or decline the open trade."""

    kind: ClassVar[str] = "cancel_trade"


@dataclass(frozen=True)
class CharityGift:
    """Cards handed to one seat during charity."""

    to_seat: int
    cards: tuple[str, ...] = ()
    unknown: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"to_seat": self.to_seat, "cards": list(self.cards), "unknown": self.unknown}


@dataclass(frozen=True)
class EndTurn(MunchkinAction):
    """Phase 4: charity, then the next seat's turn."""

    kind: ClassVar[str] = "end_turn"
    gifts: tuple[CharityGift, ...] = ()
    discard: tuple[str, ...] = ()
    discard_unknown: int = 0

    @classmethod
    def _build(cls, kwargs: dict[str, Any]) -> Action:
        gifts = tuple(
            g if isinstance(g, CharityGift) else CharityGift(
                int(g["to_seat"]), tuple(g.get("cards", ())), int(g.get("unknown", 0))
            )
            for g in kwargs.get("gifts", ())
        )
        return cls(
            gifts=gifts,
            discard=tuple(kwargs.get("discard", ())),
            discard_unknown=int(kwargs.get("discard_unknown", 0)),
        )


@dataclass(frozen=True)
class RevealCard(MunchkinAction):
    """Name an unknown card of your hand (or report a face-up draw)."""

    kind: ClassVar[str] = "reveal_card"
    card: str = ""


@dataclass(frozen=True)
class ChooseCard(MunchkinAction):
    """Resolve a pending choice (item lost to a curse or bad stuff ...)."""

    kind: ClassVar[str] = "choose_card"
    card: str = ""


@dataclass(frozen=True)
class Bribe:
    """What a fighter offers a helper."""

    items: tuple[str, ...] = ()
    treasures: int = 0
    helper_picks_first: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"items": list(self.items), "treasures": self.treasures,
                "helper_picks_first": self.helper_picks_first}

    @staticmethod
    def of(data: Any) -> Bribe:
        if data is None:
            return Bribe()
        if isinstance(data, Bribe):
            return data
        return Bribe(tuple(data.get("items", ())), int(data.get("treasures", 0)),
                     bool(data.get("helper_picks_first", False)))


@dataclass(frozen=True)
class AskForHelp(MunchkinAction):
    """Ask another seat to help in your combat, with an optional bribe."""

    kind: ClassVar[str] = "ask_for_help"
    helper: int = 0
    bribe: Bribe = Bribe()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "helper": self.helper, "bribe": self.bribe.to_dict()}

    @classmethod
    def _build(cls, kwargs: dict[str, Any]) -> Action:
        return cls(helper=int(kwargs.get("helper", 0)), bribe=Bribe.of(kwargs.get("bribe")))


@dataclass(frozen=True)
class AnswerHelp(MunchkinAction):
    """Accept or decline a request for help."""

    kind: ClassVar[str] = "answer_help"
    accept: bool = False


@dataclass(frozen=True)
class DrawTreasures(MunchkinAction):
    """Report the treasures drawn face up after a combat won with help."""

    kind: ClassVar[str] = "draw_treasures"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class PickTreasure(MunchkinAction):
    """Take one of the treasures drawn face up, in the agreed order."""

    kind: ClassVar[str] = "pick_treasure"
    card: str = ""


@dataclass(frozen=True)
class UseAbility(MunchkinAction):
    """Use a race or class ability, paying with discarded cards."""

    kind: ClassVar[str] = "use_ability"
    ability: str = ""
    discard: tuple[str, ...] = ()
    discard_unknown: int = 0
    discard_from_table: tuple[str, ...] = ()
    target_seat: int | None = None
    monster_index: int | None = None
    item: str = ""
    die: int = 0


@dataclass(frozen=True)
class LootCorpse(MunchkinAction):
    """Take one card from a dead character, in the looting order."""

    kind: ClassVar[str] = "loot_corpse"
    card: str = ""


@dataclass(frozen=True)
class RollDie(MunchkinAction):
    """Report a die roll the rules ask for (e.g. a looting roll-off)."""

    kind: ClassVar[str] = "roll_die"
    die: int = 0


@dataclass(frozen=True)
class AnswerCurse(MunchkinAction):
    """Answer the curse turned up on the door: a counter card, or none to take it."""

    kind: ClassVar[str] = "answer_curse"
    card: str = ""


@dataclass(frozen=True)
class PassInRound(MunchkinAction):
    """Let a chance that goes round the table in turn go on to the next player."""

    kind: ClassVar[str] = "pass_in_round"


@dataclass(frozen=True)
class RecordAdjustment(MunchkinAction):
    """Record a table adjustment for an effect the engine does not model."""

    kind: ClassVar[str] = "record_adjustment"
    reason: str = ""
    card: str = ""
    target_seat: int = 0
    set_level: int = 0
    add_to_hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    unknown_delta: int = 0


@dataclass(frozen=True)
class ConfirmAdjustment(MunchkinAction):
    """Agree to (or refuse) the open adjustment proposal."""

    kind: ClassVar[str] = "confirm_adjustment"
    accept: bool = False


@dataclass(frozen=True)
class Deal(MunchkinAction):
    """Deal the opening hands at a dealt table (the judge also does it by
    itself before the first other action); at a table with physical cards,
    draw the new hand of a character that died, as its turn starts."""

    kind: ClassVar[str] = "deal"
