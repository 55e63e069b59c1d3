"""A character: its traits (race, class, sex and what its cards count as),
its level and the limits on it, its hand limit and its combat strength
(000 "Stufen", "Rassen / Klassen", "KAMPF").

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from judge.rulesets.munchkin.variants import active_variants

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import Player
    from judge.rulesets.munchkin.tx import _Tx


class CharacterRules:
    """Character rules, mixed into the Munchkin ruleset."""

    def traits(self: MunchkinHost, tx: _Tx, p: Player) -> set[str]:
        """A hook: what ``p`` counts as: race, class and sex, what the cards in front of it ``counts_as``,
        human without a race (000 "Rassen / Klassen"). Every rule asks this (or ``has_trait``), never a card id."""
        out = {f"race:{r}" for r in p.races} | {f"class:{c}" for c in p.classes} | {f"sex:{p.sex}"}
        # What the cards in front of the player count as (an Elfling is an elf: 003 "Babys und Munchkin").
        for cid in p.races + p.classes + p.table:
            if cid in tx.cards:
                out.update(tx.cards[cid].counts_as)
        # 000 Halb-Blut: "Du bist dann zur Hälfte diese Rasse und zur Hälfte Mensch. Spielt du eine zweite
        # Rasse aus, gehörst du nun diesen beiden Rassen an." Half human counts as human for whatever
        # names humans (a monster's bonus, an item's restriction), as well as the race.
        half_breed = any(t in tx.cards and tx.cards[t].kind == "half_breed" for t in p.table)
        if not p.races or (len(p.races) == 1 and half_breed):
            out.add("race:human")
        return out

    def has_trait(self: MunchkinHost, tx: _Tx, p: Player, trait: str) -> bool:
        """Does ``p`` have ``trait`` ("race:elf", "class:cleric", "sex:female")?
        Every rule, bonus and restriction asks this, never a card id."""
        return trait in self.traits(tx, p)

    def can_use(self: MunchkinHost, tx: _Tx, card: Card, p: Player) -> bool:
        """A hook: may ``p`` use ``card`` (its ``usable_by`` / ``not_usable_by`` against ``traits``)? 000
        "Gegenstände": "Andere Charaktere können solche Gegenstände zwar auch tragen, aber sie können ihre
        Fähigkeit nicht nutzen"."""
        t = self.traits(tx, p)
        if card.usable_by and not any(u in t for u in card.usable_by):
            return False
        return not any(u in t for u in card.not_usable_by)

    def power(self: MunchkinHost, tx: _Tx, seat: int) -> int:
        """A player's combat strength: level plus items in use plus lasting
        curses, the sum of ``power_terms`` (analysis.py), which says why."""
        return sum(t.amount for t in self.power_terms(tx, seat))

    def change_level(self: MunchkinHost, tx: _Tx, seat: int, delta: int, reason: str, *, by_kill: bool = False,
                      can_reach_ten: bool = False) -> None:
        p = tx.state.players[seat]
        new = p.level + delta
        cap = self.max_level(tx) if (by_kill or can_reach_ten) else self.max_level(tx) - 1
        if delta > 0:
            new = min(new, max(cap, p.level))
        new = max(new, self.level_floor_of(tx, seat))
        new = min(new, self.max_level(tx))
        if new != p.level:
            tx.emit("LevelChanged", seat=seat, level=new, delta=new - p.level, reason=reason)

    def _check_winners(self: MunchkinHost, tx: _Tx, also: Iterable[int] = ()) -> None:
        """Everyone at level 10 wins, together (000 SPIELENDE); ``also`` are seats
        that win with them (the helper, under the shared-victory variant)."""
        winners = [i for i, p in enumerate(tx.state.players) if p.level >= self.max_level(tx)]
        also = [*also, *(seat for v in active_variants(self, tx) for seat in v.co_winners(self, tx, winners))]
        if winners and not tx.state.finished:
            tx.emit("GameWon", winners=sorted(set(winners) | set(also)))
