"""The Munchkin family's chance at a dealt table, checked from the record alone (docs/record-format.md,
"Chance at a dealt table"; the walk's base is judge/rules/chance_walk.py).

- ``DieCast``: its value is the seed's die of that number;
- the piles: ``PileDrawn`` takes the next cards of the pile's order (the seed's shuffle of the opening deck,
  or of the discards a ``PileShuffled`` names), and the cards it took are the ones the same command's
  ``CardsDrawn`` (hidden), ``DoorKicked`` and ``TreasuresRevealed`` show, in that order; an upheld dispute
  restores the piles it names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.common.i18n import N_
from judge.rules.chance_walk import ChanceWalk
from judge.rulesets.munchkin.sentences import nsaid_in_munchkin
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said

DRAWN_BY = {"DoorKicked": "door", "TreasuresRevealed": "treasure"}
"""Effects that show cards drawn from a pile at a dealt table, and the pile (``CardsDrawn`` names its own
``deck``)."""


@dataclass
class _Pile:
    base: list[str]
    shuffles: int = 0
    taken: int = 0


class MunchkinChance(ChanceWalk):
    """Follows the door and treasure piles and the dice of a dealt Munchkin game."""

    def __init__(self, opening: Any) -> None:
        super().__init__(opening)
        self.piles: dict[str, _Pile] = {}
        for label, cards in self.opening.items():
            deck, _, shuffles = label.rpartition(":")
            if deck and shuffles.isdigit():
                self.piles[deck] = _Pile(list(cards), int(shuffles))

    def event(self, event: dict[str, Any]) -> str:
        if event.get("kind") == "DisputeResolved":
            restored = event.get("restored_state")
            piles = restored.get("piles") if isinstance(restored, dict) else None
            if isinstance(piles, dict):
                for deck, pile in piles.items():
                    if isinstance(pile, dict):
                        self.piles[deck] = _Pile(list(pile.get("base", [])), int(pile.get("shuffles", 0)),
                                                 int(pile.get("taken", 0)))
                        self.orders = {}
            return ""
        return super().event(event)

    def finish(self, drawn: dict[str, Any]) -> str:
        left = {deck: cards for deck, cards in drawn.items() if cards}
        if left:
            deck = sorted(left)[0]
            return nsaid_in_munchkin(N_("{n} card drawn from the {deck} pile is not shown where it went"),
                                     N_("{n} cards drawn from the {deck} pile are not shown where they went"),
                                     len(left[deck]), deck=deck)
        return ""

    def effect(self, effect: dict[str, Any], drawn: dict[str, Any]) -> str:
        t = effect.get("type")
        if t == "DieCast":
            return self.die(effect.get("number"), effect.get("value"))
        if t == "PileShuffled":
            deck, cards = str(effect.get("deck")), effect.get("cards")
            pile = self.piles.get(deck)
            if pile is None or effect.get("shuffle") != pile.shuffles + 1 or pile.taken < len(pile.base):
                return _said(N_("the {deck} pile was shuffled out of turn"), deck=deck)
            if not isinstance(cards, list) or cards != sorted(cards):
                return _said(N_("the {deck} pile's discards are not listed in id order"), deck=deck)
            self.piles[deck] = _Pile(list(cards), pile.shuffles + 1)
        elif t == "PileDrawn":
            deck, count = str(effect.get("deck")), effect.get("count")
            pile = self.piles.get(deck)
            if pile is None or not isinstance(count, int) or count < 1 or pile.taken + count > len(pile.base):
                return _said(N_("{count} card(s) drawn from the {deck} pile, which does not hold them"),
                             count=repr(count), deck=deck)
            order = self.order(f"{deck}:{pile.shuffles}", pile.base)
            drawn.setdefault(deck, []).extend(order[pile.taken:pile.taken + count])
            pile.taken += count
        elif t in DRAWN_BY or (t == "CardsDrawn" and effect.get("hidden") is True):
            deck = DRAWN_BY.get(str(t)) or str(effect.get("deck"))
            shown = [effect.get("card")] if t == "DoorKicked" else effect.get("cards")
            if not isinstance(shown, list):
                return _said(N_("{effect} names no cards"), effect=t)
            queue = drawn.get(deck, [])
            if shown != queue[:len(shown)]:
                return _said(N_("{effect} shows {shown}, the seed's {deck} pile gives {seeded}"), effect=t,
                             shown=", ".join(map(str, shown)), deck=deck, seeded=", ".join(queue[:len(shown)]))
            drawn[deck] = queue[len(shown):]
        return ""
