"""High card's chance at a dealt table, checked from the record alone (docs/record-format.md, "Chance at
a dealt table"; the walk's base is judge/rules/chance_walk.py).

A drawn ``CardRevealed`` names its ``position`` (the n-th card the game drew) and the ``card``: the card
must be position ``n % 52`` of the header's ``opening_decks["deck"]`` shuffled by the seed under
``deck:<n // 52>``, the positions must follow one another from 0, and the value must be the card's rank.
"""

from __future__ import annotations

from typing import Any

from judge.rules.chance_walk import ChanceWalk

SUITS = ("c", "d", "h", "s")
DECK: tuple[str, ...] = tuple(f"{suit}{rank}" for suit in SUITS for rank in range(1, 14))
"""The 52 cards by id (suit letter and rank, ``h12`` the queen of hearts), in their order before a shuffle."""


def draw_label(n: int) -> str:
    """The shuffle label of the n-th card drawn (the deck is shuffled afresh every 52 cards)."""
    return f"deck:{n // len(DECK)}"


class HighCardChance(ChanceWalk):
    """Follows the draws of a dealt game of high card."""

    def __init__(self, opening: Any) -> None:
        super().__init__(opening)
        self.next_position = 0

    def start(self, seed: bytes) -> None:
        super().start(seed)
        self.next_position = 0

    def effect(self, effect: dict[str, Any], scratch: dict[str, Any]) -> str:
        if effect.get("type") != "CardRevealed" or "position" not in effect:
            return ""
        position, card = effect.get("position"), effect.get("card")
        if position != self.next_position:
            return f"draw {position!r} is out of turn: the next card drawn is number {self.next_position}"
        deck = self.opening.get("deck", [])
        if not deck:
            return "the header's opening_decks has no deck"
        self.next_position += 1
        drawn = self.order(draw_label(position), list(deck))[position % len(deck)]
        if drawn != card:
            return f"draw {position} shows {card!r}, the seed draws {drawn!r}"
        if effect.get("value") != int(drawn[1:]):
            return f"draw {position} gives the value {effect.get('value')!r}, the card {drawn!r} has another"
        return ""
