"""monkic's chance at a dealt table, checked from the record alone (docs/record-format.md, "Chance at a
dealt table"; the walk's base is judge/rules/chance_walk.py).

``DieCast``: its value is the seed's die of that number; a
``CardsCreated`` from the stack or the XXL reserve names the positions it took, and each holds the card
the effect names.
"""

from __future__ import annotations

from typing import Any

from judge.common.i18n import N_
from judge.rules.chance_walk import ChanceWalk
from judge.rulesets.monkic.cards import said_in_monkic as _said


class MonkicChance(ChanceWalk):
    """Follows the dice and the stack of a dealt monkic game."""

    def effect(self, effect: dict[str, Any], scratch: dict[str, Any]) -> str:
        t = effect.get("type")
        if t == "DieCast":
            return self.die(effect.get("number"), effect.get("value"))
        if t == "CardsCreated" and effect.get("source") in ("stack", "xxl"):
            source, positions, cards = str(effect.get("source")), effect.get("positions"), effect.get("cards")
            if positions is None:
                return ""
            order = self.order(source, self.opening.get(source, []))
            if not isinstance(positions, list) or not isinstance(cards, list) or len(positions) != len(cards):
                return _said(N_("CardsCreated: positions and cards do not match"))
            for position, card in zip(positions, cards):
                named = card[1] if isinstance(card, list) and len(card) == 2 else None
                if not isinstance(position, int) or not 0 <= position < len(order) or order[position] != named:
                    return _said(N_("position {position} of the {source} holds another card than {card}"),
                                 position=repr(position), source=source, card=repr(named))
        return ""
