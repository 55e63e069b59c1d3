"""The actions of the Munchkin family. Each mirrors a message of the
``Command.action`` oneof in protos/judge/v1/judge.proto (same name, same fields)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.rules.engine import Action


@dataclass(frozen=True)
class KickDoor(Action):
    """Phase 1: turn the top door card face up (reported: name it)."""

    kind = "kick_door"
    card: str = ""


@dataclass(frozen=True)
class LookForTrouble(Action):
    """Phase 2: fight a monster from the hand."""

    kind = "look_for_trouble"
    card: str = ""


@dataclass(frozen=True)
class LootRoom(Action):
    """Phase 3: draw one door card face down."""

    kind = "loot_room"


@dataclass(frozen=True)
class PlayCard(Action):
    """Play a card from the hand (or a carried one-shot with from_table)."""

    kind = "play_card"
    card: str = ""
    target_seat: int | None = None
    monster_index: int | None = None
    side: str = ""  # "" | "players" | "monsters"
    with_card: str = ""
    from_table: bool = False


@dataclass(frozen=True)
class ClaimVictory(Action):
    """The fighter claims the win; the interference window opens."""

    kind = "claim_victory"


@dataclass(frozen=True)
class ResolveCombat(Action):
    """Resolve the combat once the interference window has elapsed."""

    kind = "resolve_combat"


@dataclass(frozen=True)
class GiveUp(Action):
    """Concede the combat: run away from every monster."""

    kind = "give_up"


@dataclass(frozen=True)
class RunAway(Action):
    """One run-away roll against one monster."""

    kind = "run_away"
    monster_index: int = 0
    die: int = 0


@dataclass(frozen=True)
class SufferBadStuff(Action):
    """Take the bad stuff of a monster that caught you."""

    kind = "suffer_bad_stuff"
    monster_index: int = 0
    item: str = ""


@dataclass(frozen=True)
class SetItemInUse(Action):
    """Use an item, or put it in the backpack."""

    kind = "set_item_in_use"
    card: str = ""
    in_use: bool = True
    to_backpack: tuple[str, ...] = ()  # items in use that make room (when using an item)


@dataclass(frozen=True)
class GiveItem(Action):
    """Give a carried item to another seat without a trade (a bribe)."""

    kind = "give_item"
    card: str = ""
    to_seat: int = 0


@dataclass(frozen=True)
class DiscardCard(Action):
    """Discard a card from the hand or from the table."""

    kind = "discard_card"
    card: str = ""
    from_table: bool = False


@dataclass(frozen=True)
class SellItems(Action):
    """Sell items for levels (1,000 gold per level, no change)."""

    kind = "sell_items"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProposeTrade(Action):
    """Offer items in play for items in play of another seat."""

    kind = "propose_trade"
    with_seat: int = 0
    give: tuple[str, ...] = ()
    receive: tuple[str, ...] = ()


@dataclass(frozen=True)
class AcceptTrade(Action):
    """Accept the trade offered to you."""

    kind = "accept_trade"


@dataclass(frozen=True)
class CancelTrade(Action):
    """Withdraw or decline the open trade."""

    kind = "cancel_trade"


@dataclass(frozen=True)
class CharityGift:
    """Cards handed to one seat during charity."""

    to_seat: int
    cards: tuple[str, ...] = ()
    unknown: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"to_seat": self.to_seat, "cards": list(self.cards), "unknown": self.unknown}


@dataclass(frozen=True)
class EndTurn(Action):
    """Phase 4: charity, then the next seat's turn."""

    kind = "end_turn"
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
class RevealCard(Action):
    """Name an unknown card of your hand (or report a face-up draw)."""

    kind = "reveal_card"
    card: str = ""


@dataclass(frozen=True)
class ChooseCard(Action):
    """Resolve a pending choice (item lost to a curse or bad stuff ...)."""

    kind = "choose_card"
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
class AskForHelp(Action):
    """Ask another seat to help in your combat, with an optional bribe."""

    kind = "ask_for_help"
    helper: int = 0
    bribe: Bribe = Bribe()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "helper": self.helper, "bribe": self.bribe.to_dict()}

    @classmethod
    def _build(cls, kwargs: dict[str, Any]) -> Action:
        return cls(helper=int(kwargs.get("helper", 0)), bribe=Bribe.of(kwargs.get("bribe")))


@dataclass(frozen=True)
class AnswerHelp(Action):
    """Accept or decline a request for help."""

    kind = "answer_help"
    accept: bool = False


@dataclass(frozen=True)
class DrawTreasures(Action):
    """Report the treasures drawn face up after a combat won with help."""

    kind = "draw_treasures"
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class PickTreasure(Action):
    """Take one of the treasures drawn face up, in the agreed order."""

    kind = "pick_treasure"
    card: str = ""


@dataclass(frozen=True)
class UseAbility(Action):
    """Use a race or class ability, paying with discarded cards."""

    kind = "use_ability"
    ability: str = ""
    discard: tuple[str, ...] = ()
    discard_unknown: int = 0
    discard_from_table: tuple[str, ...] = ()
    target_seat: int | None = None
    monster_index: int | None = None
    item: str = ""
    die: int = 0


@dataclass(frozen=True)
class LootCorpse(Action):
    """Take one card from a dead character, in the looting order."""

    kind = "loot_corpse"
    card: str = ""


@dataclass(frozen=True)
class RollDie(Action):
    """Report a die roll the rules ask for (e.g. a looting roll-off)."""

    kind = "roll_die"
    die: int = 0


@dataclass(frozen=True)
class RecordAdjustment(Action):
    """Record a table adjustment for an effect the engine does not model."""

    kind = "record_adjustment"
    reason: str = ""
    card: str = ""
    target_seat: int = 0
    set_level: int = 0
    add_to_hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    unknown_delta: int = 0


@dataclass(frozen=True)
class ConfirmAdjustment(Action):
    """Agree to (or refuse) the open adjustment proposal."""

    kind = "confirm_adjustment"
    accept: bool = False


@dataclass(frozen=True)
class Deal(Action):
    """Deal the opening hands at a dealt table (the judge also does it by
    itself before the first other action)."""

    kind = "deal"
