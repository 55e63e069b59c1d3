"""An override a set layer composes in: Halb-Blut (Super Munchkin) with a
single race (class) gives "alle Vorteile, aber keine der Nachteile".

The base game (000 "Rassen / Klassen") makes such a character half that race
and half human, so a monster's bonus against the race still applies. Munchkin
Babys (003 "Rassen / Klassen") and Star Munchkin (004 "Rassen / Klassen") say
otherwise: a monster's bonus against that race (class) does not see the
character; its penalty still does. A set whose text says so lists
``LoneCardHidesDisadvantages`` before its base class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import Player
    from judge.rulesets.munchkin.tx import _Tx


class LoneCardHidesDisadvantages:
    """Overrides the ``traits_seen_by_monster`` hook (judge/rulesets/munchkin/hooks.py)."""

    def traits_seen_by_monster(self: MunchkinHost, tx: _Tx, p: Player, amount: int) -> set[str]:
        """A monster's bonus (``amount`` > 0) does not see a lone race (class)
        held beside Halb-Blut (Super Munchkin), nor what that card counts as;
        a penalty sees everything."""
        traits = super().traits_seen_by_monster(tx, p, amount)  # type: ignore[safe-super]
        if amount <= 0:
            return traits
        for place, held, enabler in (("race", p.races, "half_breed"), ("class", p.classes, "super_munchkin")):
            if len(held) == 1 and self.cards_of_kind(tx, p, enabler):
                hidden = {f"{place}:{held[0]}"}
                if held[0] in tx.cards:
                    hidden |= {t for t in tx.cards[held[0]].counts_as if t.startswith(place + ":")}
                traits -= hidden
        return traits
