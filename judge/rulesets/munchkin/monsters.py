"""Monsters in a combat and the cards played on them (000 "Weitere Aktionen im
Kampf", 001 "WANN KANN MAN NUN WELCHE KARTE SPIELEN?"): the Kumpel, which
brings a copy of a monster whose modifiers count for both; monster enhancers
with their printed floor ("mindestens Stufe 1") and treasure changes; and
monster-enhancer enhancers, which need an enhancer already on the monster
(and, with ``doubles_enhancer``, make the enhancer they lie on count twice).

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import Combat, Monster
    from judge.rulesets.munchkin.tx import _Tx


class MonsterRules:
    """Monster strength, treasures and the cards that change them."""

    # ------------------------------------------------------------------ numbers

    @staticmethod
    def _modifiers_of(c: Combat, m: Monster) -> tuple[int, int, int]:
        """(bonus, extra treasures, floor) of a monster: its own, plus, for a
        Kumpel, those of the monster it copies (000: "gelten auch für einen
        eventuellen Kumpel")."""
        bonus, extra, floor = m.bonus, m.extra_treasures, m.floor
        if m.mate_of is not None:
            o = c.monsters[m.mate_of]
            bonus, extra, floor = bonus + o.bonus, extra + o.extra_treasures, max(floor, o.floor)
        return bonus, extra, floor

    def monster_level(self: MunchkinHost, tx: _Tx, index: int) -> int:
        """The monster's level with every modifier, never below the floor its
        enhancers print (Baby: "-5 auf die Stufe des Monsters (mindestens Stufe 1)")."""
        c = tx.state.combat
        assert c is not None
        m = c.monsters[index]
        bonus, _, floor = MonsterRules._modifiers_of(c, m)
        return max(tx.cards[m.card].level + bonus, floor)

    def monster_treasures(self: MunchkinHost, tx: _Tx, index: int) -> int:
        """Printed treasures plus those the cards played on it add or take
        (000 "Gewonnen!": "zuzüglich eventueller Extraschätze"), never below 0."""
        c = tx.state.combat
        assert c is not None
        m = c.monsters[index]
        _, extra, _ = MonsterRules._modifiers_of(c, m)
        return max(0, tx.cards[m.card].treasures + extra)

    # ------------------------------------------------------------------ targets

    def modified_monster(self: MunchkinHost, tx: _Tx, index: int | None) -> int:
        """The monster a modifier is played on. A monster and its Kumpel are one
        target (the modifier counts for both); only with two or more different
        monsters must the player name one (000: "Sollten jedoch schon 2 oder
        mehr unterschiedliche Monster im Spiel sein ...")."""
        c = tx.state.combat
        assert c is not None

        def root(i: int) -> int:
            mate_of = c.monsters[i].mate_of
            return i if mate_of is None else mate_of

        live = [i for i, m in enumerate(c.monsters) if not m.eliminated]
        if index is None:
            groups = sorted({root(i) for i in live})
            if len(groups) > 1:
                raise reject("munchkin.combat.choose-monster")
            return groups[0]
        if index not in live:
            raise reject("munchkin.combat.monster-index", index=index)
        return root(index)

    # ------------------------------------------------------------------ cards

    def _play_mate(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """Kumpel: another monster joins the combat, a copy of the one it is
        played on; both must be beaten (000 "Weitere Aktionen im Kampf")."""
        c = self.require_combat(tx)
        self.require_fighting(c)
        index = self.modified_monster(tx, a.monster_index)
        self.take_played_card(tx, seat, card, a)
        self.withdraw_claim(tx)
        tx.emit("MonsterAdded", seat=seat, card=c.monsters[index].card, via=card.id, mate_of=index,
                mods=[card.id])

    def _play_monster_enhancer(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        c = self.require_combat(tx)
        self.require_fighting(c)
        index = self.modified_monster(tx, a.monster_index)
        self.take_played_card(tx, seat, card, a)
        self.withdraw_claim(tx)
        tx.emit("MonsterModified", seat=seat, index=index, card=card.id, bonus=card.bonus,
                extra_treasures=card.extra_treasures, floor=card.min_monster_level)

    def _play_monster_enhancer_enhancer(self: MunchkinHost, tx: _Tx, seat: int, card: Card,
                                        a: A.PlayCard) -> None:
        """001: "Ein Monsterverstärkerverstärker darf nur gespielt werden, wenn
        bereits ein Monsterverstärker liegt." """
        c = self.require_combat(tx)
        self.require_fighting(c)
        index = self.modified_monster(tx, a.monster_index)
        if not any(tx.cards[x].kind == "monster_enhancer" for x in c.monsters[index].mods if x in tx.cards):
            raise reject("munchkin.enhancer.needs-enhancer", card=card.id)
        if not card.doubles_enhancer:
            self._play_monster_enhancer(tx, seat, card, a)
            return
        # It lies on the enhancer played last on the monster, which then counts twice: its bonus and its
        # extra treasures once more, besides what the card prints itself.
        doubled = tx.cards[doubled_enhancer(tx.cards, c.monsters[index].mods) or ""]
        self.take_played_card(tx, seat, card, a)
        self.withdraw_claim(tx)
        tx.emit("MonsterModified", seat=seat, index=index, card=card.id, bonus=card.bonus + doubled.bonus,
                extra_treasures=card.extra_treasures + doubled.extra_treasures, floor=card.min_monster_level,
                doubles=doubled.id)


def doubled_enhancer(cards: Mapping[str, Card], mods: list[str]) -> str | None:
    """The monster enhancer a doubling card laid after ``mods`` lies on: the last enhancer among them
    (001 timing table: "Ein Monsterverstärkerverstärker darf nur gespielt werden, wenn bereits ein
    Monsterverstärker liegt")."""
    for label in reversed(mods):
        cid = label.removeprefix("spent:")
        if cid in cards and cards[cid].kind == "monster_enhancer":
            return cid
    return None
