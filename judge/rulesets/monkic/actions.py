"""The actions of monkic (002).

Cards in play are named by their instance id (``"c12"``), which the view
lists for every card; a card is named by its catalogue id (``"drache"``)
only when it first comes into play at a reported table. Dice: at a reported
table the players report them in the fields named ``dice``; at a dealt table
the judge rolls and those fields stay empty.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from judge.rules.engine import Action


@dataclass(frozen=True)
class MonkicAction(Action, family="monkic"):
    """Base of the monkic actions."""

    @classmethod
    def _build(cls, kwargs: dict[str, Any]) -> Action:
        # A field given as None (an optional API field left unset, e.g. a
        # ``place``) takes the action's default.
        return super()._build({k: v for k, v in kwargs.items() if v is not None})


@dataclass(frozen=True)
class ReportOpening(MonkicAction):
    """Report the cards dealt onto your table (reported table).

    The 7 cards, and the XXL card in the Extra variant (002 Vorbereitung)."""

    kind: ClassVar[str] = "report_opening"
    cards: tuple[str, ...] = ()
    xxl: str = ""


@dataclass(frozen=True)
class Draw(MonkicAction):
    """Draw one card from the stack onto the table.

    Once per turn (002 Erste Runde). Reported table: name the card."""

    kind: ClassVar[str] = "draw"
    #: The card is what the player drew (reported), not a card the action is about: its description
    #: names no card (judge/app/narration.py ``describe_action``).
    card_reported: ClassVar[bool] = True
    card: str = ""


@dataclass(frozen=True)
class TakeToHand(MonkicAction):
    """Move one table card to the hand (002 Erste Runde)."""

    kind: ClassVar[str] = "take_to_hand"
    card: str = ""


@dataclass(frozen=True)
class Protect(MonkicAction):
    """Lay a joker, Kobold or SuperPower under a hand card as its protection.

    ``guard`` goes under ``card``. ``sacrifice_guard`` (SuperPower only):
    when the protected card loses, SuperPower dies instead (true) or the
    card dies and SuperPower survives."""

    kind: ClassVar[str] = "protect"
    guard: str = ""
    card: str = ""
    sacrifice_guard: bool = True


@dataclass(frozen=True)
class Attack(MonkicAction):
    """Attack with a hand card.

    ``targets``: the opponent's hand cards attacked
    (one; up to three for Elemente's Blitz); empty: the life points.
    ``dice``: the attacker's dice; ``defence_dice``: the defender's dice, one
    group per target in order, the Dornenfalle's two dice first if it is used.
    ``sacrifice``: jokers the Minotaurus sacrifices. ``extra``: the hand card
    Elemente's Feuer destroys on a win. ``place``: where a card won (Reaper)
    goes, ``hand`` or ``table``. The defender's choices, reported at a
    reported table (a dealt table asks the defender, see ``Resolve``):
    ``trap``, the activated Dornenfalle the defender uses against this attack
    (empty: none); ``defence_sacrifice``, the jokers a defending Minotaurus
    sacrifices, one per attacked Minotaurus in target order."""

    kind: ClassVar[str] = "attack"
    card: str = ""
    targets: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    defence_dice: tuple[int, ...] = ()
    sacrifice: tuple[str, ...] = ()
    extra: str = ""
    place: str = "hand"
    trap: str = ""
    defence_sacrifice: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayCurse(MonkicAction):
    """Play a curse from your table.

    ``sacrifice``: jokers given with it; ``targets``: the cards it picks
    (Familie vereint, Psycho, Erdbeben, Reborn); ``place``: where taken
    cards go."""

    kind: ClassVar[str] = "play_curse"
    card: str = ""
    sacrifice: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    place: str = "hand"


@dataclass(frozen=True)
class ActivateTrap(MonkicAction):
    """Say that your Dornenfalle is active (002 Flüche, Dornenfalle)."""

    kind: ClassVar[str] = "activate_trap"
    card: str = ""


@dataclass(frozen=True)
class DestroyTrap(MonkicAction):
    """Sacrifice two jokers to destroy the opponent's Dornenfalle."""

    kind: ClassVar[str] = "destroy_trap"
    card: str = ""
    sacrifice: tuple[str, ...] = ()


@dataclass(frozen=True)
class SearchJoker(MonkicAction):
    """Search the stack for a joker with Joker in Hand.

    ``joker``: which one (joker, joker-kind, joker-dame)."""

    kind: ClassVar[str] = "search_joker"
    card: str = ""
    joker: str = "joker"
    place: str = "hand"


@dataclass(frozen=True)
class Exchange(MonkicAction):
    """Exchange SuperPower or Elemente for an XXL card (Extra).

    Reported table: name the XXL card."""

    kind: ClassVar[str] = "exchange"
    card: str = ""
    xxl: str = ""


@dataclass(frozen=True)
class Resolve(MonkicAction):
    """Answer what the game waits for.

    Report dice (reported table), name a drawn card (reported table), say
    where a card goes. Asked as the defender before a fight at a dealt table
    (pending ``defence``): ``trap``, the activated Dornenfalle used against
    this attack (empty: none), and ``sacrifice``, the jokers a defending
    Minotaurus sacrifices."""

    kind: ClassVar[str] = "resolve"
    card_reported: ClassVar[bool] = True
    dice: tuple[int, ...] = ()
    card: str = ""
    place: str = "hand"
    trap: str = ""
    sacrifice: tuple[str, ...] = ()


@dataclass(frozen=True)
class EndTurn(MonkicAction):
    """End your turn."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Deal(MonkicAction):
    """Deal the opening cards (dealt table; the judge sends it without a seat)."""

    kind: ClassVar[str] = "deal"
